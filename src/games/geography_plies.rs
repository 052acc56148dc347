//! Exact plies in undirected vertex geography: how long the game lasts when
//! the winner wins as fast as it can and the loser holds out as long as it
//! can. The matching theorem ([`super::geography::move_results`]) says who wins but not
//! how fast, so this is a search: iterative deepening over "the mover wins
//! (or loses) within d plies", with a table of positions (a position is the
//! set of unvisited vertices and the token's vertex) and the theorem pruning
//! it: where enough depth is left, one matching of the unvisited vertices
//! names the mover's winning moves, so a winning node tries only those and a
//! losing node that has one fails at once.
//!
//! The search runs on the token's component, relabelled to at most
//! [`MAX_VERTICES`] vertices, and visits at most [`NODES`] positions a call
//! (and stops when the budget does): past either the plies stay unknown.
//!
//! The moves are deepened in lockstep (every move at depth d before any at
//! d + 2), so a winning move whose plies stay unknown takes at least as long
//! as every winning move whose plies are known: the fastest known win is the
//! position's fastest win.

use rustc_hash::FxHashMap as HashMap;

use crate::engine::{Budget, Outcome, Value};
use crate::games::matching::{Graph, missable_within};

/// The most vertices the token's component may have for the search.
pub const MAX_VERTICES: usize = 256;
/// The most positions one call visits: a bound on the time a move takes
/// (at most about 60 ms in a release build), whatever the budget.
pub const NODES: u64 = 40_000;
/// From this many plies left, a node asks the matching which moves win:
/// a matching costs more than the few nodes below it.
const MATCHING_DEPTH: u16 = 6;

/// A set of the component's vertices.
type Set = [u64; MAX_VERTICES / 64];

const EMPTY: Set = [0; MAX_VERTICES / 64];

fn without(mut s: Set, v: usize) -> Set {
    s[v / 64] &= !(1 << (v % 64));
    s
}

fn and(a: &Set, b: &Set) -> Set {
    std::array::from_fn(|i| a[i] & b[i])
}

fn count(s: &Set) -> u32 {
    s.iter().map(|w| w.count_ones()).sum()
}

fn members(s: Set) -> impl Iterator<Item = usize> {
    (0..s.len()).flat_map(move |i| {
        let mut w = s[i];
        std::iter::from_fn(move || {
            (w != 0).then(|| {
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                i * 64 + b
            })
        })
    })
}

/// What is proven about one position, for the mover winning and losing:
/// `within` the least depth proven to suffice (`u16::MAX`: none), `not` one
/// more than the greatest depth proven not to (0: none; `u16::MAX`: never).
#[derive(Clone, Copy)]
struct Bounds {
    within: u16,
    not: u16,
}

const NOTHING: Bounds = Bounds {
    within: u16::MAX,
    not: 0,
};

#[derive(Clone, Copy)]
enum Goal {
    Win,
    Loss,
}

struct Search<'b> {
    adj: Vec<Set>,
    budget: &'b Budget,
    nodes: u64,
    table: HashMap<(Set, u16, bool), Bounds>,
    missable: HashMap<Set, Set>,
}

impl Search<'_> {
    fn known(&self, key: &(Set, u16, bool), d: u16) -> Option<bool> {
        let b = self.table.get(key)?;
        if d >= b.within {
            Some(true)
        } else if d < b.not {
            Some(false)
        } else {
            None
        }
    }

    fn record(&mut self, key: (Set, u16, bool), d: u16, holds: bool) -> bool {
        let b = self.table.entry(key).or_insert(NOTHING);
        if holds {
            b.within = b.within.min(d);
        } else {
            b.not = b.not.max(d.saturating_add(1));
        }
        holds
    }

    /// Records that the goal is out of reach at any depth.
    fn never(&mut self, key: (Set, u16, bool)) -> bool {
        self.table.entry(key).or_insert(NOTHING).not = u16::MAX;
        false
    }

    /// Counts a node: `None` once the nodes or the budget are spent.
    fn tick(&mut self) -> Option<()> {
        self.nodes += 1;
        let spent =
            self.nodes > NODES || (self.nodes.is_multiple_of(1024) && self.budget.exhausted());
        (!spent).then_some(())
    }

    /// The vertices of `u` some maximum matching of `u` misses: the moves
    /// into `u` that win.
    fn missable(&mut self, u: &Set) -> Option<Set> {
        if let Some(m) = self.missable.get(u) {
            return Some(*m);
        }
        let vertices: Vec<usize> = members(*u).collect();
        let mut index = [usize::MAX; MAX_VERTICES];
        for (i, &v) in vertices.iter().enumerate() {
            index[v] = i;
        }
        let mut g = Graph::new(vertices.len());
        for (i, &v) in vertices.iter().enumerate() {
            for w in members(and(&self.adj[v], u)) {
                if w > v {
                    g.add_edge(i, index[w]);
                }
            }
        }
        let found = missable_within(&g, self.budget)?;
        let mut m = EMPTY;
        for (i, &v) in vertices.iter().enumerate() {
            if found[i] {
                m[v / 64] |= 1 << (v % 64);
            }
        }
        self.missable.insert(*u, m);
        Some(m)
    }

    /// Whether the mover, on `c` with `u` unvisited, reaches `goal` within
    /// `d` plies against the best defence; `None` when the search is spent.
    fn reaches(&mut self, u: Set, c: usize, d: u16, goal: Goal) -> Option<bool> {
        // A win takes an odd number of plies, a loss an even one.
        let d = match goal {
            Goal::Win if d == 0 => return Some(false),
            Goal::Win if d.is_multiple_of(2) => d - 1,
            Goal::Loss if d % 2 == 1 => d - 1,
            _ => d,
        };
        let key = (u, c as u16, matches!(goal, Goal::Win));
        if let Some(known) = self.known(&key, d) {
            return Some(known);
        }
        self.tick()?;
        let moves = and(&self.adj[c], &u);
        let replies = |adj: &[Set], y: usize| count(&and(&adj[y], &u));
        match goal {
            Goal::Win => {
                if moves == EMPTY {
                    return Some(self.never(key));
                }
                if members(moves).any(|y| replies(&self.adj, y) == 0) {
                    return Some(self.record(key, 1, true));
                }
                if d < 3 {
                    return Some(self.record(key, d, false));
                }
                let mut tries = moves;
                if d >= MATCHING_DEPTH {
                    tries = and(&tries, &self.missable(&u)?);
                }
                if tries == EMPTY {
                    return Some(self.never(key));
                }
                let mut order: Vec<(u32, usize)> =
                    members(tries).map(|y| (replies(&self.adj, y), y)).collect();
                order.sort_unstable();
                for (_, y) in order {
                    if self.reaches(without(u, y), y, d - 1, Goal::Loss)? {
                        return Some(self.record(key, d, true));
                    }
                }
                Some(self.record(key, d, false))
            }
            Goal::Loss => {
                if moves == EMPTY {
                    return Some(self.record(key, 0, true));
                }
                if d == 0 {
                    return Some(self.record(key, 0, false));
                }
                if d >= MATCHING_DEPTH && and(&moves, &self.missable(&u)?) != EMPTY {
                    return Some(self.never(key));
                }
                let mut order: Vec<(u32, usize)> =
                    members(moves).map(|z| (replies(&self.adj, z), z)).collect();
                order.sort_unstable_by(|a, b| b.cmp(a));
                for (_, z) in order {
                    if !self.reaches(without(u, z), z, d - 1, Goal::Win)? {
                        return Some(self.record(key, d, false));
                    }
                }
                Some(self.record(key, d, true))
            }
        }
    }
}

/// Gives the moves of `values` (each move's proven outcome, for the mover,
/// to the vertices `moves` of `unvisited`) their exact plies where the
/// search proves them, leaving the rest as they are.
pub fn refine(unvisited: &Graph, moves: &[usize], values: &mut [Value], budget: &Budget) {
    let Some((component, adj)) = component_of(unvisited, moves) else {
        return;
    };
    let mut search = Search {
        adj,
        budget,
        nodes: 0,
        table: HashMap::default(),
        missable: HashMap::default(),
    };
    let mut all = EMPTY;
    for i in 0..component.len() {
        all[i / 64] |= 1 << (i % 64);
    }
    let local = |v: usize| component.iter().position(|&w| w == v);
    // The child position of each move, the goal of the player moving
    // there, and the depth from which to deepen it.
    let mut open: Vec<(usize, Set, usize, Goal)> = Vec::new();
    for (i, (&y, v)) in moves.iter().zip(values.iter()).enumerate() {
        let Some(y) = local(y) else { continue };
        let goal = match v.outcome {
            // The mover wins: the player at the child loses.
            Outcome::Win => Goal::Loss,
            Outcome::Loss => Goal::Win,
            _ => continue,
        };
        open.push((i, without(all, y), y, goal));
    }
    for d in 0..=component.len() as u16 {
        if open.is_empty() {
            return;
        }
        let mut still = Vec::with_capacity(open.len());
        for (i, u, y, goal) in open {
            let parity_fits = matches!((goal, d % 2), (Goal::Loss, 0) | (Goal::Win, 1));
            if !parity_fits {
                still.push((i, u, y, goal));
                continue;
            }
            match search.reaches(u, y, d, goal) {
                None => return,
                Some(true) => values[i].plies = Some(u64::from(d) + 1),
                Some(false) => still.push((i, u, y, goal)),
            }
        }
        open = still;
    }
}

/// The vertices the token can still reach through `moves` (its
/// component), and their adjacency as sets of local indices; `None` when
/// there are more than [`MAX_VERTICES`].
fn component_of(g: &Graph, moves: &[usize]) -> Option<(Vec<usize>, Vec<Set>)> {
    let mut local = HashMap::default();
    let mut order: Vec<usize> = Vec::new();
    let mut stack: Vec<usize> = moves.to_vec();
    while let Some(v) = stack.pop() {
        if local.contains_key(&v) {
            continue;
        }
        if order.len() == MAX_VERTICES {
            return None;
        }
        local.insert(v, order.len());
        order.push(v);
        stack.extend(g.adj[v].iter().copied());
    }
    let adj = order
        .iter()
        .map(|&v| {
            let mut s = EMPTY;
            for w in &g.adj[v] {
                let i = local[w];
                s[i / 64] |= 1 << (i % 64);
            }
            s
        })
        .collect();
    Some((order, adj))
}
