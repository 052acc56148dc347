//! The array games in closed form, as the texts prove them.
//!
//! "replace": every move merges two distinct values into one, so a game of
//! d distinct values lasts exactly d − 1 moves whatever is played: the
//! player to move wins iff d − 1 is odd (d even), in exactly d − 1 plies.
//!
//! "xor": with the XOR X ≠ 0 and n elements, a player facing an even n can
//! always remove an element other than X (were every element X, the XOR of
//! an even count of them would be 0), leaving an odd count with XOR ≠ 0;
//! from an odd count every move leaves an even count, or loses at once. So
//! the player to move wins iff n is even. Plies are given where the game
//! ends at once; elsewhere they depend on the values and are left out.

use crate::engine::{Budget, Game, MoveResults, Outcome, Solver, Value};

use super::{ArrayMove, ArraysGame, Which};

#[derive(Debug, Default)]
pub struct ArraysSolver;

impl ArraysSolver {
    /// The value of `pos` for the player to move.
    #[must_use]
    pub fn value_of(pos: &ArraysGame) -> Value {
        if pos.status().is_over() {
            return match pos.status() {
                crate::engine::Status::Won(p) if p == pos.to_move => {
                    Value::exact(Outcome::Win, Some(0))
                }
                _ => Value::exact(Outcome::Loss, Some(0)),
            };
        }
        match pos.which {
            Which::Replace => {
                let moves = pos.distinct().len() as u64 - 1;
                let outcome = if moves % 2 == 1 {
                    Outcome::Win
                } else {
                    Outcome::Loss
                };
                Value::exact(outcome, Some(moves))
            }
            Which::Xor if pos.values.len() == 1 => Value::exact(Outcome::Loss, Some(1)),
            Which::Xor if pos.values.len().is_multiple_of(2) => Value::outcome_only(Outcome::Win),
            Which::Xor => Value::outcome_only(Outcome::Loss),
        }
    }

    fn results(pos: &ArraysGame) -> Vec<(ArrayMove, Value)> {
        pos.moves()
            .map(|mv| {
                let child = Self::value_of(&pos.after(mv));
                (mv, pos.move_value(&pos.after(mv), child))
            })
            .collect()
    }
}

impl Solver<ArraysGame> for ArraysSolver {
    fn value(&self, pos: &ArraysGame, _budget: &Budget) -> Value {
        Self::value_of(pos)
    }

    fn move_results(&self, pos: &ArraysGame, _budget: &Budget) -> MoveResults<ArrayMove> {
        MoveResults::all(Self::results(pos))
    }

    fn explain(&self, pos: &ArraysGame, _budget: &Budget) -> Vec<String> {
        vec![match pos.which {
            Which::Replace => format!(
                "The idea: each move joins two distinct values into one, so the game lasts exactly one move less than the {} distinct values, whatever is played: the player to move wins when that count is odd.",
                pos.distinct().len()
            ),
            Which::Xor => "The idea: facing an even number of elements with a non-zero XOR, a player can always remove an element other than the XOR itself and leave a non-zero XOR; from an odd number every move hands the opponent an even one. So the player to move wins exactly when the count is even.".to_string(),
        }]
    }

    fn reason(&self, pos: &ArraysGame, mv: ArrayMove, _budget: &Budget) -> Option<String> {
        if !pos.is_legal(mv) {
            return None;
        }
        let next = pos.after(mv);
        Some(match pos.which {
            Which::Replace => format!(
                "{} leaves {} distinct values: {} moves remain, whatever is played",
                pos.format_move(mv),
                next.distinct().len(),
                next.distinct().len() - 1
            ),
            Which::Xor if next.xor() == 0 => {
                format!("removing {} leaves an XOR of 0, which loses", mv.take)
            }
            Which::Xor => format!(
                "removing {} leaves {} elements with a non-zero XOR",
                mv.take,
                next.values.len()
            ),
        })
    }
}
