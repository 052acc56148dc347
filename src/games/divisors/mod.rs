//! divisors — the multiples-and-divisors game (Juniper Green), DESIGN.md §1.

mod explain;
mod game;
pub mod matching;
mod solver;

use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::engine::{Match, Player};
use crate::rules::{SpanError, in_range};

pub use game::{Board, DivisorsGame};
pub use solver::{DivisorsSolver, NumberGraph};

/// The largest number on a board.
pub const MAX_NUMBER: i64 = 1_000_000;
/// The most numbers a board may hold.
pub const MAX_BOARD: u64 = 10_000;

/// The `[divisors]` table as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRules {
    min: Spanned<i64>,
    max: Spanned<i64>,
    first_min: Option<Spanned<i64>>,
    first_max: Option<Spanned<i64>>,
    #[serde(default)]
    first_even: bool,
}

/// A checked divisors ruleset.
#[derive(Clone, Debug)]
pub struct Rules {
    pub board: Arc<Board>,
}

/// Checks the `[divisors]` table.
///
/// # Errors
/// The first value that makes no game.
pub fn validate(raw: &Spanned<RawRules>) -> Result<Rules, SpanError> {
    let r = raw.get_ref();
    let min = in_range(&r.min, "min", 1, MAX_NUMBER)?;
    let max = in_range(&r.max, "max", 1, MAX_NUMBER)?;
    if min > max {
        return Err(SpanError::new(
            r.min.span(),
            format!("min is '{min}', more than max ({max}): the board would be empty"),
        ));
    }
    if max - min + 1 > MAX_BOARD {
        return Err(SpanError::new(
            r.max.span(),
            format!(
                "the board {min}..={max} holds {} numbers; at most {MAX_BOARD} are allowed",
                max - min + 1
            ),
        ));
    }
    let within = |v: &Option<Spanned<i64>>, field: &str, default: u64| match v {
        None => Ok(default),
        Some(v) => in_range(v, field, min as i64, max as i64).map_err(|e| {
            SpanError::new(
                e.span,
                format!(
                    "{} (the opening range must lie on the board {min}..={max})",
                    e.message
                ),
            )
        }),
    };
    let first_min = within(&r.first_min, "first_min", min)?;
    let first_max = within(&r.first_max, "first_max", max)?;
    let board = Board {
        min: min as u32,
        max: max as u32,
        first_min: first_min as u32,
        first_max: first_max as u32,
        first_even: r.first_even,
    };
    if board.openings().next().is_none() {
        return Err(SpanError::new(
            raw.span(),
            format!(
                "no number may open the game: the opening range {first_min}..={first_max}{} is empty",
                if r.first_even {
                    " has no even number or"
                } else {
                    ""
                }
            ),
        ));
    }
    Ok(Rules {
        board: Arc::new(board),
    })
}

impl Rules {
    #[must_use]
    pub fn start_position(&self) -> DivisorsGame {
        DivisorsGame::new(Arc::clone(&self.board), Player::First)
    }

    #[must_use]
    pub fn new_match(&self) -> Match<DivisorsGame, DivisorsSolver> {
        Match::new(self.start_position(), DivisorsSolver)
    }
}
