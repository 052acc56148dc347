//! The exact, instant divisors solver. The game is undirected vertex
//! geography on the divisibility graph, so (Fraenkel, Scheinerman and Ullman
//! 1993) a move to `y` wins exactly when some maximum matching of the
//! unplayed numbers misses `y`: `y` is in the Gallai–Edmonds set D(G). One
//! matching and one search give the result of every move at once.

use crate::engine::{Budget, Game, MoveResults, Solver, Value};

use super::{DivisorsGame, explain};
use crate::games::matching::{self, Graph, Matching};

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

    /// As [`NumberGraph::missable`], `None` when the budget runs out first.
    #[must_use]
    pub fn missable_within(&self, budget: &Budget) -> Option<Vec<bool>> {
        matching::missable_within(&self.graph, budget)
    }
}

/// Every answer comes from the position's own graph. The last position's
/// proven results are kept, as one analysis asks about one position
/// several times (its value, its moves, the best move's reason).
#[derive(Debug, Default)]
pub struct DivisorsSolver {
    last: crate::games::geography::LastAnswer<DivisorsGame, u32>,
}

impl DivisorsSolver {
    /// Every move's result: one matching and one search for D(G).
    #[must_use]
    pub fn results(&self, pos: &DivisorsGame) -> Vec<(u32, Value)> {
        self.results_within(pos, &Budget::unlimited())
    }

    /// Every move's result, each unknown when the budget runs out before
    /// the matching is done.
    #[must_use]
    pub fn results_within(&self, pos: &DivisorsGame, budget: &Budget) -> Vec<(u32, Value)> {
        let moves: Vec<u32> = pos.moves().collect();
        if moves.is_empty() {
            return Vec::new();
        }
        if budget.exhausted() {
            return moves.into_iter().map(|y| (y, Value::UNKNOWN)).collect();
        }
        // Every move is to an unplayed number: undirected geography on the
        // divisibility graph of the unplayed numbers.
        let g = NumberGraph::of(pos, None);
        let vertices: Vec<usize> = moves.iter().map(|&y| g.vertex(y).unwrap_or(0)).collect();
        match crate::games::geography::move_results(&g.graph, &vertices, budget) {
            Some(values) => moves.into_iter().zip(values).collect(),
            None => moves.into_iter().map(|y| (y, Value::UNKNOWN)).collect(),
        }
    }
}

impl DivisorsSolver {
    /// Every move's result, from the kept answer when it is for `pos`.
    fn cached(&self, pos: &DivisorsGame, budget: &Budget) -> Vec<(u32, Value)> {
        self.last.get_or(pos, || self.results_within(pos, budget))
    }
}

impl Solver<DivisorsGame> for DivisorsSolver {
    fn value(&self, pos: &DivisorsGame, budget: &Budget) -> Value {
        crate::games::geography::value_from(self.cached(pos, budget))
    }

    fn move_results(&self, pos: &DivisorsGame, budget: &Budget) -> MoveResults<u32> {
        MoveResults::all(self.cached(pos, budget))
    }

    fn explain(&self, pos: &DivisorsGame, budget: &Budget) -> Vec<String> {
        explain::explain(self, pos, budget)
    }

    fn reason(&self, pos: &DivisorsGame, mv: u32, budget: &Budget) -> Option<String> {
        explain::reason(self, pos, mv, budget)
    }
}
