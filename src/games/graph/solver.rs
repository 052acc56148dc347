//! The geography solver. Undirected graphs: the matching theorem the
//! divisors family uses (`games::geography`), every move's result at once
//! for graphs of any size in reach of a maximum matching. Directed graphs:
//! the game is PSPACE-complete in general, so an exact search of every
//! line with a table of positions, within the budget; what it does not
//! finish is unknown.

use std::collections::HashMap;

use crate::engine::{Budget, Game, Judged, MoveResults, Outcome, Solver, Value};
use crate::games::{geography, matching};

use super::GraphGame;

/// The deepest line the directed search follows (a longer one is left
/// unknown rather than risk the thread's stack).
const MAX_DEPTH: usize = 400;
/// The most bytes of positions the directed search keeps: a position's
/// key is its visited set, one bit a vertex, so large graphs keep fewer.
const TABLE_BYTES: usize = 1 << 26;
/// Nodes between looks at the clock.
const CHECK_EVERY: u64 = 1024;

/// Every answer comes from the position itself; the last position's
/// proven results are kept, as one analysis asks about one position
/// several times.
#[derive(Debug, Default)]
pub struct GraphSolver {
    last: crate::games::geography::LastAnswer<GraphGame, u32>,
}

/// A result for the player to move: a win or a loss in so many plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Score {
    win: bool,
    plies: u64,
}

struct Search<'b> {
    budget: &'b Budget,
    /// The most positions kept (see [`TABLE_BYTES`]).
    most: usize,
    table: HashMap<(Vec<u64>, Option<u32>), Score>,
    nodes: u64,
    out_of_time: bool,
}

impl Search<'_> {
    /// The exact result of `pos` for the player to move, `None` when the
    /// budget (or the depth) ran out first.
    fn solve(&mut self, pos: &GraphGame, depth: usize) -> Option<Score> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) && self.budget.exhausted() {
            self.out_of_time = true;
        }
        if self.out_of_time || depth > MAX_DEPTH {
            return None;
        }
        let key = (pos.visited_bits().to_vec(), pos.at);
        if let Some(&s) = self.table.get(&key) {
            return Some(s);
        }
        let moves: Vec<u32> = pos.moves().collect();
        // Fastest win, else slowest loss.
        let mut best = Score {
            win: false,
            plies: 0,
        };
        for mv in moves {
            let child = self.solve(&pos.after(mv), depth + 1)?;
            let mine = Score {
                win: !child.win,
                plies: child.plies + 1,
            };
            best = match (best.win, mine.win) {
                (false, true) => mine,
                (true, true) if mine.plies < best.plies => mine,
                (false, false) if mine.plies > best.plies => mine,
                _ => best,
            };
        }
        if self.table.len() < self.most {
            self.table.insert(key, best);
        }
        Some(best)
    }
}

fn value_of(s: Option<Score>) -> Value {
    match s {
        Some(Score { win: true, plies }) => Value::exact(Outcome::Win, Some(plies)),
        Some(Score { win: false, plies }) => Value::exact(Outcome::Loss, Some(plies)),
        None => Value::UNKNOWN,
    }
}

impl GraphSolver {
    /// Every move's result within `budget`.
    #[must_use]
    pub fn results_within(&self, pos: &GraphGame, budget: &Budget) -> Vec<(u32, Value)> {
        let moves: Vec<u32> = pos.moves().collect();
        if pos.board.directed {
            return directed(pos, &moves, budget);
        }
        // The graph on the vertices not visited yet.
        let mut index = vec![usize::MAX; pos.board.len()];
        let mut kept = 0;
        for (v, slot) in index.iter_mut().enumerate() {
            if !pos.is_visited(v as u32) {
                *slot = kept;
                kept += 1;
            }
        }
        let mut graph = matching::Graph::new(kept);
        for (v, list) in (0..pos.board.len() as u32).map(|v| (v as usize, pos.board.neighbours(v)))
        {
            for &w in list {
                let (a, b) = (index[v], index[w as usize]);
                if a != usize::MAX && b != usize::MAX && v < w as usize {
                    graph.add_edge(a, b);
                }
            }
        }
        let vertices: Vec<usize> = moves.iter().map(|&m| index[m as usize]).collect();
        match geography::move_results(&graph, &vertices, budget) {
            Some(values) => moves.into_iter().zip(values).collect(),
            None => moves.into_iter().map(|m| (m, Value::UNKNOWN)).collect(),
        }
    }

    /// Every move's result, from the kept answer when it is for `pos`.
    fn cached(&self, pos: &GraphGame, budget: &Budget) -> Vec<(u32, Value)> {
        self.last.get_or(pos, || self.results_within(pos, budget))
    }
}

/// Directed graphs: each move searched to the end, one table for all.
fn directed(pos: &GraphGame, moves: &[u32], budget: &Budget) -> Vec<(u32, Value)> {
    let key_bytes = 8 * pos.visited_bits().len() + 48;
    let mut search = Search {
        budget,
        most: (TABLE_BYTES / key_bytes).max(1024),
        table: HashMap::new(),
        nodes: 0,
        out_of_time: false,
    };
    // The short lines first, for every move: a move that leaves no reply
    // wins in 1, one with a reply that leaves none loses in 2. On a large
    // graph the full search of the first move may take the whole budget.
    let short: Vec<Option<Score>> = moves
        .iter()
        .map(|&m| {
            if budget.exhausted() {
                return None;
            }
            let taken = [m];
            let mut replies = pos.open_from(m, &taken).peekable();
            if replies.peek().is_none() {
                return Some(Score {
                    win: true,
                    plies: 1,
                });
            }
            let stuck = |r: u32| pos.open_from(r, &[m, r]).next().is_none();
            replies.any(stuck).then_some(Score {
                win: false,
                plies: 2,
            })
        })
        .collect();
    moves
        .iter()
        .zip(short)
        .map(|(&m, short)| {
            let mine = short.or_else(|| {
                search.solve(&pos.after(m), 1).map(|c| Score {
                    win: !c.win,
                    plies: c.plies + 1,
                })
            });
            (m, value_of(mine))
        })
        .collect()
}

impl Solver<GraphGame> for GraphSolver {
    fn value(&self, pos: &GraphGame, budget: &Budget) -> Value {
        crate::games::geography::value_from(self.cached(pos, budget))
    }

    fn move_results(&self, pos: &GraphGame, budget: &Budget) -> MoveResults<u32> {
        MoveResults::all(self.cached(pos, budget))
    }

    /// Past the proof, the estimate is mobility: the fewer moves a move
    /// leaves the opponent, the better (on a word chain, ending on a rare
    /// first letter).
    fn judge(&self, pos: &GraphGame, budget: &Budget) -> Vec<Judged<u32>> {
        self.move_results(pos, budget)
            .listed
            .into_iter()
            .map(|(mv, value)| Judged {
                mv,
                value,
                estimate: (!value.is_proven()).then(|| -(pos.open_from(mv, &[mv]).count() as i64)),
                preferred: false,
                worse: false,
            })
            .collect()
    }

    fn explain(&self, pos: &GraphGame, budget: &Budget) -> Vec<String> {
        let mut lines = vec![if pos.board.directed {
            "The idea: on a directed graph geography has no shortcut (it is PSPACE-complete in general), so every line from here is searched to its end.".to_string()
        } else {
            let t = &pos.board.terms;
            format!(
                "The idea: the player to move wins exactly when every maximum matching of the {places} not visited yet (with the {piece}'s {place}) covers the {piece}'s {place}; a move wins when some maximum matching of the {places} left misses it, and the winner then answers each move with its partner in such a matching.",
                places = t.places,
                place = t.place,
                piece = t.piece
            )
        }];
        let results = self.move_results(pos, budget).listed;
        if results.iter().any(|(_, v)| !v.is_proven()) {
            lines.push(
                "The search did not finish within the time budget, so some results are unknown."
                    .to_string(),
            );
        }
        let winning: Vec<String> = results
            .iter()
            .filter(|(_, v)| v.outcome == Outcome::Win)
            .take(20)
            .map(|(m, _)| pos.format_move(*m))
            .collect();
        if !winning.is_empty() {
            lines.push(format!("Winning moves: {}.", winning.join(", ")));
        } else if results.iter().all(|(_, v)| v.is_proven()) && !results.is_empty() {
            lines.push("Every move loses against best play.".to_string());
        }
        lines
    }

    fn reason(&self, pos: &GraphGame, mv: u32, budget: &Budget) -> Option<String> {
        if !pos.is_legal(mv) {
            return None;
        }
        let result = self.move_results(pos, budget).get(mv)?;
        let name = pos.format_move(mv);
        Some(match (result.outcome, result.plies, pos.board.directed) {
            (Outcome::Win, Some(1), _) => {
                format!("{name} leaves the {} nowhere to go", pos.board.terms.piece)
            }
            (Outcome::Unknown, ..) => return None,
            (Outcome::Win, _, false) => format!(
                "some maximum matching of the {} left misses {name}, so each reply can be answered by its partner",
                pos.board.terms.places
            ),
            (_, _, false) => format!(
                "every maximum matching of the {} left covers {name}: the opponent answers with its partner",
                pos.board.terms.places
            ),
            (Outcome::Win, Some(p), true) => {
                format!(
                    "every line after {name} was searched: it wins in {}",
                    crate::text::plies(p)
                )
            }
            (_, Some(p), true) => {
                format!(
                    "every line after {name} was searched: it loses in {}",
                    crate::text::plies(p)
                )
            }
            _ => return None,
        })
    }
}
