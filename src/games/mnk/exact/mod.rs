//! The exact search for boards of up to 64 cells (without gravity):
//! bitboards, negamax with alpha-beta and a transposition table, the
//! pairing and Erdős–Selfridge bounds, and the distance of a win or loss
//! closed in on by null windows. The solver reaches it through [`Search`].

pub mod distance;
pub mod keeps_win;
mod pairing;
pub mod search;
pub mod tt;

pub use search::Search;
