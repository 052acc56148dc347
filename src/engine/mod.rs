//! The game-independent core: the `Game` trait, values, the exhaustive
//! reference solver, the computer's policy and the type-erased `Match`.

mod game;
mod level;
mod match_;
pub mod period;
mod policy;
mod reference;
mod solver;
mod value;

pub use game::{Game, MoveError, PlayError, Player, Status};
pub use level::Level;
pub use match_::{AnyMatch, Coaching, Match, MoveReport};
pub use policy::{choose_move, perfect_moves};
pub use reference::ReferenceSolver;
pub use solver::Solver;
pub use value::{Outcome, Value};
