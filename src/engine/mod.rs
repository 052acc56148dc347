//! The game-independent core: the `Game` trait, values, budgets, the
//! exhaustive reference solver and the computer's policy. The engine knows
//! no game.

mod budget;
mod game;
mod level;
pub mod period;
mod policy;
mod reference;
mod solver;
mod value;

pub use budget::{Budget, Estimate, SearchNote};
pub use game::{Game, MoveError, PlayError, Player, Status, edit_words};
pub use level::Level;
pub use policy::{Choice, best_moves, choose};
pub use reference::ReferenceSolver;
pub use solver::{Judged, MoveResults, Rest, Solver};
pub use value::{Outcome, Value};
