//! Maximum matching in a general graph (Edmonds' blossom algorithm) and the
//! Gallai–Edmonds set D(G): the vertices some maximum matching misses.
//!
//! D(G) is read off one final search: grow alternating trees from every
//! exposed vertex of a maximum matching at once, shrinking blossoms; the
//! even (outer) vertices are exactly D(G). No augmenting path can appear, as
//! the matching is maximum, so every even–even edge closes a blossom inside
//! one tree.

use std::collections::VecDeque;

use crate::engine::Budget;

const NONE: usize = usize::MAX;

/// A graph on vertices `0..n` as adjacency lists.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    pub adj: Vec<Vec<usize>>,
}

impl Graph {
    #[must_use]
    pub fn new(n: usize) -> Self {
        Self {
            adj: vec![Vec::new(); n],
        }
    }

    pub fn add_edge(&mut self, a: usize, b: usize) {
        self.adj[a].push(b);
        self.adj[b].push(a);
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.adj.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.adj.is_empty()
    }
}

/// The state of one alternating-forest search. Only the vertices a search
/// reaches are touched, and only they are reset for the next one: a search
/// costs what it explores, not the size of the graph.
struct Search<'g> {
    g: &'g Graph,
    mate: Vec<usize>,
    parent: Vec<usize>,
    base: Vec<usize>,
    even: Vec<bool>,
    queue: VecDeque<usize>,
    /// Vertices whose parent, base or even flag changed since the last reset.
    touched: Vec<usize>,
    in_touched: Vec<bool>,
    /// Scratch marks: set where equal to `stamp`.
    mark: Vec<u32>,
    stamp: u32,
}

impl<'g> Search<'g> {
    fn new(g: &'g Graph, mate: Vec<usize>) -> Self {
        let n = g.len();
        Self {
            g,
            mate,
            parent: vec![NONE; n],
            base: (0..n).collect(),
            even: vec![false; n],
            queue: VecDeque::new(),
            touched: Vec::new(),
            in_touched: vec![false; n],
            mark: vec![0; n],
            stamp: 0,
        }
    }

    fn touch(&mut self, v: usize) {
        if !self.in_touched[v] {
            self.in_touched[v] = true;
            self.touched.push(v);
        }
    }

    fn reset(&mut self) {
        for &v in &self.touched {
            self.parent[v] = NONE;
            self.even[v] = false;
            self.base[v] = v;
            self.in_touched[v] = false;
        }
        self.touched.clear();
        self.queue.clear();
    }

    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.mark.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    fn add_root(&mut self, r: usize) {
        self.touch(r);
        self.even[r] = true;
        self.queue.push_back(r);
    }

    /// The base of the blossom where the tree paths from `a` and `b` meet.
    fn meeting_base(&mut self, mut a: usize, mut b: usize) -> usize {
        let s = self.next_stamp();
        loop {
            a = self.base[a];
            self.mark[a] = s;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if self.mark[b] == s {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize, s: u32) {
        while self.base[v] != b {
            let (bv, bm) = (self.base[v], self.base[self.mate[v]]);
            self.mark[bv] = s;
            self.mark[bm] = s;
            self.touch(v);
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    fn shrink(&mut self, v: usize, to: usize) {
        let b = self.meeting_base(v, to);
        let s = self.next_stamp();
        self.mark_path(v, b, to, s);
        self.mark_path(to, b, v, s);
        // Every vertex of the blossom is in the tree, so among the touched.
        for i in 0..self.touched.len() {
            let u = self.touched[i];
            if self.mark[self.base[u]] == s {
                self.base[u] = b;
                if !self.even[u] {
                    self.even[u] = true;
                    self.queue.push_back(u);
                }
            }
        }
    }

    /// Grows the forest; returns the exposed end of an augmenting path if
    /// one appears.
    fn grow(&mut self) -> Option<usize> {
        while let Some(v) = self.queue.pop_front() {
            for i in 0..self.g.adj[v].len() {
                let to = self.g.adj[v][i];
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if self.even[to] {
                    self.shrink(v, to);
                } else if self.parent[to] == NONE {
                    self.touch(to);
                    self.parent[to] = v;
                    let m = self.mate[to];
                    if m == NONE {
                        return Some(to);
                    }
                    self.touch(m);
                    self.even[m] = true;
                    self.queue.push_back(m);
                }
            }
        }
        None
    }

    fn augment(&mut self, mut v: usize) {
        while v != NONE {
            let pv = self.parent[v];
            let next = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = next;
        }
    }
}

/// A maximum matching: `mate[v]` is v's partner or `None`.
#[derive(Clone, Debug)]
pub struct Matching {
    pub mate: Vec<Option<usize>>,
}

impl Matching {
    /// The number of matched pairs.
    #[must_use]
    pub fn size(&self) -> usize {
        self.mate.iter().filter(|m| m.is_some()).count() / 2
    }
}

/// A maximum matching of `g`.
#[must_use]
pub fn maximum_matching(g: &Graph) -> Matching {
    maximum_matching_within(g, &Budget::unlimited()).unwrap_or(Matching { mate: Vec::new() })
}

/// A maximum matching of `g`, or `None` when the budget ran out first.
#[must_use]
pub fn maximum_matching_within(g: &Graph, budget: &Budget) -> Option<Matching> {
    Some(Matching {
        mate: raw_matching(g, budget)?
            .into_iter()
            .map(|m| (m != NONE).then_some(m))
            .collect(),
    })
}

fn raw_matching(g: &Graph, budget: &Budget) -> Option<Vec<usize>> {
    let n = g.len();
    // A greedy start leaves few vertices for the blossom searches.
    let mut mate = vec![NONE; n];
    for v in 0..n {
        if mate[v] == NONE
            && let Some(&u) = g.adj[v].iter().find(|&&u| mate[u] == NONE && u != v)
        {
            mate[v] = u;
            mate[u] = v;
        }
    }
    let mut search = Search::new(g, mate);
    // A vertex whose search failed stays unmatchable: later augmentations
    // cannot give it an augmenting path (Edmonds' "dead tree" lemma holds
    // for the root), so each root is tried once.
    for root in 0..n {
        if search.mate[root] != NONE || g.adj[root].is_empty() {
            continue;
        }
        if root % 64 == 0 && budget.exhausted() {
            return None;
        }
        search.reset();
        search.add_root(root);
        if let Some(end) = search.grow() {
            search.augment(end);
        }
    }
    Some(search.mate)
}

/// The Gallai–Edmonds set D(G): `d[v]` is true when some maximum matching
/// of `g` leaves `v` exposed.
#[must_use]
pub fn missable(g: &Graph) -> Vec<bool> {
    missable_within(g, &Budget::unlimited()).unwrap_or_default()
}

/// D(G), or `None` when the budget ran out first.
#[must_use]
pub fn missable_within(g: &Graph, budget: &Budget) -> Option<Vec<bool>> {
    let mate = raw_matching(g, budget)?;
    let mut search = Search::new(g, mate);
    for v in 0..g.len() {
        if search.mate[v] == NONE {
            search.add_root(v);
        }
    }
    let augmenting = search.grow();
    debug_assert!(augmenting.is_none(), "the matching is maximum");
    Some(search.even)
}
