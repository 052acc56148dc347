//! The exact, instant divisors solver. The game is undirected vertex
//! geography on the divisibility graph, so (Fraenkel, Scheinerman and Ullman
//! 1993) a move to `y` wins exactly when some maximum matching of the
//! unplayed numbers misses `y`: `y` is in the Gallai–Edmonds set D(G). One
//! matching and one search give the result of every move at once.

use crate::engine::{Budget, Game, MoveResults, Outcome, Solver, Value};

use super::matching::{self, Graph, Matching};
use super::{DivisorsGame, explain};

/// The divisibility graph on some of the board's numbers.
pub struct NumberGraph {
    pub numbers: Vec<u32>,
    pub graph: Graph,
    /// `index[n - min]`: the vertex of `n`, if it is in the graph.
    index: Vec<Option<usize>>,
    min: u32,
}

impl NumberGraph {
    /// The graph on the unplayed numbers, plus `extra` (the current number).
    #[must_use]
    pub fn of(pos: &DivisorsGame, extra: Option<u32>) -> Self {
        let board = &pos.board;
        let numbers: Vec<u32> = (board.min..=board.max)
            .filter(|&n| !pos.is_played(n) || Some(n) == extra)
            .collect();
        let mut index = vec![None; board.len()];
        for (i, &n) in numbers.iter().enumerate() {
            index[(n - board.min) as usize] = Some(i);
        }
        let mut graph = Graph::new(numbers.len());
        for (i, &a) in numbers.iter().enumerate() {
            let mut m = u64::from(a) * 2;
            while m <= u64::from(board.max) {
                if let Some(j) = index[(m as u32 - board.min) as usize] {
                    graph.add_edge(i, j);
                }
                m += u64::from(a);
            }
        }
        Self {
            numbers,
            graph,
            index,
            min: board.min,
        }
    }

    #[must_use]
    pub fn vertex(&self, n: u32) -> Option<usize> {
        n.checked_sub(self.min)
            .and_then(|i| self.index.get(i as usize).copied().flatten())
    }

    #[must_use]
    pub fn maximum_matching(&self) -> Matching {
        matching::maximum_matching(&self.graph)
    }

    /// Whether some maximum matching misses each number (by vertex).
    #[must_use]
    pub fn missable(&self) -> Vec<bool> {
        matching::missable(&self.graph)
    }
}

/// Stateless: every answer comes from the position's own graph.
#[derive(Clone, Copy, Debug, Default)]
pub struct DivisorsSolver;

impl DivisorsSolver {
    /// Every move's result: one matching and one search for D(G).
    #[must_use]
    pub fn results(&self, pos: &DivisorsGame) -> Vec<(u32, Value)> {
        let moves: Vec<u32> = pos.moves().collect();
        if moves.is_empty() {
            return Vec::new();
        }
        // Every move is to an unplayed number; it wins exactly when some
        // maximum matching of the unplayed numbers misses it.
        let g = NumberGraph::of(pos, None);
        let missable = g.missable();
        moves
            .into_iter()
            .map(|y| {
                let v = g.vertex(y).unwrap_or(0);
                let value = if g.graph.adj[v].is_empty() {
                    // No reply at all: the game ends at once.
                    Value::exact(Outcome::Win, Some(1))
                } else if missable[v] {
                    Value::outcome_only(Outcome::Win)
                } else {
                    Value::outcome_only(Outcome::Loss)
                };
                (y, value)
            })
            .collect()
    }
}

impl Solver<DivisorsGame> for DivisorsSolver {
    fn value(&self, pos: &DivisorsGame, _budget: &Budget) -> Value {
        let results = self.results(pos);
        if results.is_empty() {
            return Value::exact(Outcome::Loss, Some(0));
        }
        if results.iter().any(|(_, v)| v.plies == Some(1)) {
            return Value::exact(Outcome::Win, Some(1));
        }
        let win = results.iter().any(|(_, v)| v.outcome == Outcome::Win);
        Value::outcome_only(if win { Outcome::Win } else { Outcome::Loss })
    }

    fn move_results(&self, pos: &DivisorsGame, _budget: &Budget) -> MoveResults<u32> {
        MoveResults::all(self.results(pos))
    }

    fn explain(&self, pos: &DivisorsGame, _budget: &Budget) -> Vec<String> {
        explain::explain(self, pos)
    }

    fn reason(&self, pos: &DivisorsGame, mv: u32, _budget: &Budget) -> Option<String> {
        explain::reason(self, pos, mv)
    }
}
