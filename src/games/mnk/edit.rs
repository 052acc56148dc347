//! Editing an m,n,k position on the analysis board: stones put on or
//! taken off; who is to move follows from the count, as in play.

use crate::engine::{Game, MoveError, Status, edit_words};

use super::game::MnkGame;
use super::stones::Stones;

impl MnkGame {
    /// `x b2 c3` puts X stones on cells, `o a1` O stones, `- b2` empties
    /// cells. The result must be a position play can reach: X has as many
    /// stones as O or one more, at most one side has k in a row, and with
    /// gravity every stone rests on another or on the bottom row.
    ///
    /// # Errors
    /// A cell off the board, or a position play cannot reach.
    pub fn edited(&self, text: &str) -> Result<Self, MoveError> {
        let (words, _) = edit_words(text, self.to_move())?;
        let cells = self.geo.cells();
        let mut x: Vec<bool> = (0..cells).map(|c| self.x.has(c)).collect();
        let mut o: Vec<bool> = (0..cells).map(|c| self.o.has(c)).collect();
        let mut doing = None;
        for word in &words {
            if matches!(word.as_str(), "x" | "o" | "-") {
                doing = Some(word.clone());
                continue;
            }
            let cell = self.edit_cell(word)?;
            match doing.as_deref() {
                Some("x") => (x[cell], o[cell]) = (true, false),
                Some("o") => (x[cell], o[cell]) = (false, true),
                Some("-") => (x[cell], o[cell]) = (false, false),
                _ => {
                    return Err(MoveError(
                        "start with x or o (stones to put on) or - (cells to empty)".into(),
                    ));
                }
            }
        }
        let set = |on: &[bool]| {
            on.iter()
                .enumerate()
                .filter(|(_, s)| **s)
                .fold(Stones::default(), |s, (c, _)| s.with(c))
        };
        let next = Self {
            geo: std::sync::Arc::clone(&self.geo),
            x: set(&x),
            o: set(&o),
        };
        next.reachable()?;
        Ok(next)
    }

    /// A cell named as in play: `b2` (rows from the bottom with gravity).
    fn edit_cell(&self, word: &str) -> Result<usize, MoveError> {
        self.geo.parse_cell(word).ok_or_else(|| {
            MoveError(format!(
                "'{word}' is not a cell of this board: e.g. {}",
                self.geo.cell_name(0)
            ))
        })
    }

    /// Whether play can reach this position, and if not why.
    fn reachable(&self) -> Result<(), MoveError> {
        let (xs, os) = (self.x.count(), self.o.count());
        if xs != os && xs != os + 1 {
            return Err(MoveError(format!(
                "X has {xs} stones and O {os}: X, who starts, has as many as O or one more"
            )));
        }
        if self.geo.has_line_in(&self.x) && self.geo.has_line_in(&self.o) {
            return Err(MoveError(
                "both sides cannot have a line: play stops at the first".into(),
            ));
        }
        let k_in_a_row = matches!(self.status(), Status::Won(_));
        let loser_moved_last = match self.status() {
            Status::Won(p) => self.to_move() == p,
            _ => false,
        };
        if k_in_a_row && loser_moved_last {
            return Err(MoveError(
                "the side with the line must have moved last: play stops at the line".into(),
            ));
        }
        if let Some(cell) = (0..self.geo.cells()).find(|&c| self.at(c).is_some() && !self.lands(c))
        {
            return Err(MoveError(format!(
                "{} floats: with gravity a stone rests on another or on the bottom row",
                self.geo.cell_name(cell)
            )));
        }
        Ok(())
    }
}
