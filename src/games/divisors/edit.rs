//! Editing a position of multiples and divisors on the analysis board:
//! numbers crossed out or put back, the last number played, and who is
//! to move.

use crate::engine::{MoveError, edit_words};

use super::game::DivisorsGame;

impl DivisorsGame {
    /// `x 4 8 12` crosses numbers out, `- 8` puts one back, `at 12` makes
    /// 12 the last number played (`at none`: before the opening), and a
    /// closing `first` or `second` names who is to move.
    ///
    /// # Errors
    /// A number off the board, or a last number that is not crossed out.
    pub fn edited(&self, text: &str) -> Result<Self, MoveError> {
        let (words, to_move) = edit_words(text, self.to_move)?;
        let mut next = self.clone();
        next.to_move = to_move;
        let mut doing = None;
        for word in &words {
            match word.as_str() {
                "x" | "-" | "at" => doing = Some(word.clone()),
                "none" if doing.as_deref() == Some("at") => next.current = None,
                number => {
                    let n: u32 = number.parse().map_err(|_| {
                        MoveError(format!(
                            "'{number}' is neither a number nor x, - or at: e.g. x 4 8 or at 8"
                        ))
                    })?;
                    if !self.board.contains(n) {
                        return Err(MoveError(format!(
                            "{n} is not on the board ({} to {})",
                            self.board.min, self.board.max
                        )));
                    }
                    match doing.as_deref() {
                        Some("x") => next.set_played(n),
                        Some("-") => next.unset_played(n),
                        Some("at") => next.current = Some(n),
                        _ => {
                            return Err(MoveError(
                                "start with x (cross out), - (put back) or at (the last number)"
                                    .into(),
                            ));
                        }
                    }
                }
            }
        }
        if let Some(c) = next.current
            && !next.is_played(c)
        {
            return Err(MoveError(format!(
                "the last number played, {c}, must be crossed out"
            )));
        }
        Ok(next)
    }
}
