//! The stones a kept result was found on, so that it is read again only
//! on a board of the same game further on: what play keeps from one
//! move to the next (the search's table, `search.rs`; the wins proven,
//! `kept_wins.rs`) is keyed by zobrist hashes, whose keys depend on the
//! number of cells only, so another board's entries would be read as
//! this one's.

use crate::games::mnk::beyond::lines::Lines;

/// A board's size, line and stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SameGame {
    board: (usize, usize, usize),
    cells: Vec<u8>,
}

impl SameGame {
    #[must_use]
    pub fn of(lines: &Lines) -> Self {
        Self {
            board: (lines.width, lines.height, lines.k),
            cells: lines.cell.clone(),
        }
    }

    /// Whether this board leads to `lines`: the same size and line, and
    /// every stone still where it was.
    #[must_use]
    pub fn leads_to(&self, lines: &Lines) -> bool {
        self.board == (lines.width, lines.height, lines.k)
            && self.cells.len() == lines.cell.len()
            && self
                .cells
                .iter()
                .zip(&lines.cell)
                .all(|(&was, &is)| was == 0 || was == is)
    }
}
