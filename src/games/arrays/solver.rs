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
//! the player to move wins iff n is even. Exact plies (the winner's
//! fastest, the loser's slowest line) come from a search over the multiset
//! where it has at most `XOR_STATES` positions; beyond, they are left out.

use std::collections::HashMap;

use crate::engine::{Budget, Game, MoveResults, Outcome, Solver, Value};
use crate::text::counted;

/// The most multisets the "xor" plies search may meet: the product of
/// (copies + 1) over the distinct values.
pub const XOR_STATES: u64 = 200_000;

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
            Which::Xor => {
                let win = pos.values.len().is_multiple_of(2);
                let outcome = if win { Outcome::Win } else { Outcome::Loss };
                match xor_plies(&pos.values) {
                    Some(plies) => Value::exact(outcome, Some(plies)),
                    None => Value::outcome_only(outcome),
                }
            }
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

/// The exact plies of an "xor" position with a non-zero XOR (fastest win,
/// slowest loss), `None` where the multiset has too many sub-multisets.
fn xor_plies(values: &[u64]) -> Option<u64> {
    let mut states = 1u64;
    for run in values.chunk_by(|a, b| a == b) {
        states = states.saturating_mul(run.len() as u64 + 1);
    }
    if states > XOR_STATES {
        return None;
    }
    Some(xor_search(values, &mut HashMap::new()).1)
}

/// Whether the player to move wins, and in how many plies: a removal that
/// zeroes the XOR (or empties the array) loses at once.
fn xor_search(values: &[u64], memo: &mut HashMap<Vec<u64>, (bool, u64)>) -> (bool, u64) {
    if let Some(&known) = memo.get(values) {
        return known;
    }
    let mut best: Option<(bool, u64)> = None;
    for (i, _) in values
        .iter()
        .enumerate()
        .filter(|(i, v)| *i == 0 || values[i - 1] != **v)
    {
        let mut rest = values.to_vec();
        rest.remove(i);
        let mine = if rest.iter().fold(0, |x, v| x ^ v) == 0 {
            (false, 1)
        } else {
            let (w, p) = xor_search(&rest, memo);
            (!w, p + 1)
        };
        best = Some(match best {
            None => mine,
            Some(b) => match (b.0, mine.0) {
                (false, true) => mine,
                (true, true) if mine.1 < b.1 => mine,
                (false, false) if mine.1 > b.1 => mine,
                _ => b,
            },
        });
    }
    let best = best.unwrap_or((false, 0));
    memo.insert(values.to_vec(), best);
    best
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
        // The reason follows the move ("play 1>2 — …"): it says what the
        // move does in words rather than naming it again.
        let turning = |into: u64| format!("turning every {} into {into}", mv.take);
        Some(match (pos.which, mv.into) {
            (Which::Replace, Some(into)) => match next.distinct().len() {
                1 => format!(
                    "{} leaves 1 distinct value: the game is over",
                    turning(into)
                ),
                d => format!(
                    "{} leaves {}: {} more, whatever is played",
                    turning(into),
                    counted(d, "distinct value"),
                    counted(d - 1, "move")
                ),
            },
            (Which::Replace, None) => return None,
            (Which::Xor, _) if next.xor() == 0 => {
                format!("removing {} leaves an XOR of 0, which loses", mv.take)
            }
            (Which::Xor, _) => format!(
                "removing {} leaves {} with a non-zero XOR",
                mv.take,
                counted(next.values.len(), "element")
            ),
        })
    }
}
