//! The exhaustive reference solver: memoised negamax with draws, distances
//! and scores.
//!
//! It knows nothing but the `Game` trait, so it is the oracle every fast
//! solver is tested against. It is deliberately plain: no pruning, no
//! ordering, no budget, every position visited once.
//!
//! ```
//! use unbeatable::engine::{Budget, Game, MoveError, Outcome, Player, ReferenceSolver, Solver, Status};
//!
//! /// Take 1 or 2 from a pile; whoever takes the last one wins.
//! #[derive(Clone, PartialEq, Eq, Hash)]
//! struct Pile(u8, Player);
//!
//! impl Game for Pile {
//!     type Move = u8;
//!     fn to_move(&self) -> Player { self.1 }
//!     fn moves(&self) -> impl Iterator<Item = u8> + '_ { (1..=2).filter(|&k| k <= self.0) }
//!     fn play_unchecked(&mut self, k: u8) { self.0 -= k; self.1 = self.1.opponent(); }
//!     fn status(&self) -> Status {
//!         if self.0 == 0 { Status::Won(self.1.opponent()) } else { Status::Ongoing }
//!     }
//!     fn parse_move(&self, t: &str) -> Result<u8, MoveError> {
//!         t.parse().map_err(|_| MoveError("a number".into()))
//!     }
//!     fn format_move(&self, k: u8) -> String { k.to_string() }
//! }
//!
//! let reference = ReferenceSolver::new();
//! let budget = Budget::unlimited();
//! // Multiples of 3 are lost for the player to move.
//! assert_eq!(reference.value(&Pile(9, Player::First), &budget).outcome, Outcome::Loss);
//! let v = reference.value(&Pile(7, Player::First), &budget);
//! assert_eq!((v.outcome, v.plies), (Outcome::Win, Some(5)));
//! ```

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use super::{Budget, Game, Outcome, Solver, Status, Value};

/// Solves any finite game by visiting every reachable position.
#[derive(Debug)]
pub struct ReferenceSolver<G: Game> {
    memo: Mutex<HashMap<G, Value>>,
}

impl<G: Game> Default for ReferenceSolver<G> {
    fn default() -> Self {
        Self {
            memo: Mutex::new(HashMap::new()),
        }
    }
}

impl<G: Game> ReferenceSolver<G> {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    fn solve(&self, pos: &G) -> Value {
        let memo = |f: &mut dyn FnMut(&mut HashMap<G, Value>)| {
            f(&mut self.memo.lock().unwrap_or_else(PoisonError::into_inner));
        };
        let mut known = None;
        memo(&mut |m| known = m.get(pos).copied());
        if let Some(v) = known {
            return v;
        }
        let value = match (pos.status(), pos.final_score()) {
            (Status::Ongoing, _) => Value::best(
                pos.moves()
                    .map(|mv| {
                        let child = pos.after(mv);
                        pos.move_value(&child, self.solve(&child))
                    })
                    .collect::<Vec<_>>(),
            ),
            (_, Some(score)) => Value::scored(score, Some(0)),
            (Status::Won(p), None) if p == pos.to_move() => Value::exact(Outcome::Win, Some(0)),
            (Status::Won(_), None) => Value::exact(Outcome::Loss, Some(0)),
            (Status::Draw, None) => Value::outcome_only(Outcome::Draw),
        };
        memo(&mut |m| {
            m.insert(pos.clone(), value);
        });
        value
    }
}

impl<G: Game> Solver<G> for ReferenceSolver<G> {
    fn value(&self, pos: &G, _budget: &Budget) -> Value {
        self.solve(pos)
    }
}
