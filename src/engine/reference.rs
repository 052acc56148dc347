//! The exhaustive reference solver: memoised negamax with draws and distances.
//!
//! It knows nothing but the `Game` trait, so it is the oracle every fast
//! solver is tested against. It is deliberately plain: no pruning, no
//! ordering, every position visited once.

use std::cell::RefCell;
use std::collections::HashMap;

use super::{Game, Outcome, Solver, Status, Value};

/// Solves any finite game by visiting every reachable position.
#[derive(Debug)]
pub struct ReferenceSolver<G: Game> {
    memo: RefCell<HashMap<G, Value>>,
}

impl<G: Game> Default for ReferenceSolver<G> {
    fn default() -> Self {
        Self {
            memo: RefCell::new(HashMap::new()),
        }
    }
}

impl<G: Game> ReferenceSolver<G> {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// How many positions have been solved so far.
    #[must_use]
    pub fn positions(&self) -> usize {
        self.memo.borrow().len()
    }

    fn solve(&self, pos: &G) -> Value {
        if let Some(v) = self.memo.borrow().get(pos) {
            return *v;
        }
        let value = match pos.status() {
            Status::Won(p) if p == pos.to_move() => Value::exact(Outcome::Win, Some(0)),
            Status::Won(_) => Value::exact(Outcome::Loss, Some(0)),
            Status::Draw => Value::outcome_only(Outcome::Draw),
            Status::Ongoing => {
                let children = pos.legal_moves().into_iter().map(|mv| {
                    let mut child = pos.clone();
                    child.play_unchecked(mv);
                    self.solve(&child).for_mover()
                });
                Value::best(children)
            }
        };
        self.memo.borrow_mut().insert(pos.clone(), value);
        value
    }
}

impl<G: Game> Solver<G> for ReferenceSolver<G> {
    fn value(&self, pos: &G) -> Value {
        self.solve(pos)
    }
}
