//! What a transposition-table entry says of its score, shared by the
//! playing searches past the proof (free boards and gravity boards).

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bound {
    /// The score itself.
    #[default]
    Exact,
    /// At least the score (the search failed high).
    Lower,
    /// At most the score (it failed low).
    Upper,
}
