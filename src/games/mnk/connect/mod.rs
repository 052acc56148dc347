//! Gravity boards (Connect Four): column-major bitboards with a spare
//! cell a column, the threat-ordered search with its own table, the
//! claimeven and odd-threat bounds and their explanation in words, and
//! play past the proof from threat counts. The solver reaches it through
//! [`Shape`] and [`GravitySearch`]; its layer books live in `book/`.

pub mod explain;
pub mod search;
pub mod shape;
pub mod strength;

pub use search::GravitySearch;
pub use shape::{MAX_BITS, OddThreat, Shape, Turn};
