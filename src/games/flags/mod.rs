//! flags — the subtraction game ("21 flags", "N stones"), DESIGN.md §1.

mod explain;
mod game;
mod solver;

use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::engine::{Match, Player};
use crate::rules::{SpanError, in_range, number_set};

pub use game::FlagsGame;
pub use solver::{PERIOD_SEARCH_LIMIT, Period, Table};

/// The largest count of flags a ruleset may start with.
pub const MAX_START: i64 = 1_000_000_000_000_000_000;
/// The largest number of flags one move may take.
pub const MAX_TAKE: i64 = 10_000;
/// The most different move sizes in `take`.
pub const MAX_TAKE_CHOICES: usize = 64;

/// What happens to a player who has flags in front of them but no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum WhenStuck {
    #[default]
    Draw,
    Lose,
}

/// The `[flags]` table as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRules {
    start: Spanned<i64>,
    take: Spanned<Vec<Spanned<i64>>>,
    lose_at: Spanned<i64>,
    #[serde(default)]
    when_stuck: WhenStuck,
}

/// A checked flags ruleset with its solved table.
#[derive(Clone, Debug)]
pub struct Rules {
    pub start: u64,
    pub take: Arc<[u64]>,
    pub lose_at: u64,
    pub when_stuck: WhenStuck,
    pub table: Arc<Table>,
}

/// Checks the `[flags]` table and solves the game's counts.
///
/// # Errors
/// The first value that makes no game, or a period too long to find.
pub fn validate(raw: &Spanned<RawRules>) -> Result<Rules, SpanError> {
    let r = raw.get_ref();
    let start = in_range(&r.start, "start", 1, MAX_START)?;
    let lose_at = in_range(&r.lose_at, "lose_at", 0, MAX_START)?;
    if start <= lose_at {
        return Err(SpanError::new(
            r.start.span(),
            format!(
                "start is '{start}', but it must be more than lose_at ({lose_at}) for a game to be played"
            ),
        ));
    }
    let take = number_set(&r.take, "take", (1, MAX_TAKE), MAX_TAKE_CHOICES)?;
    let table = Table::solve(&take, r.when_stuck, start - lose_at).map_err(|limit| {
        SpanError::new(
            r.take.span(),
            format!(
                "these moves give outcomes with no period within {limit} counts, so a start \
                 of {start} cannot be solved exactly; use a start up to {}",
                lose_at + limit
            ),
        )
    })?;
    Ok(Rules {
        start,
        take: take.into(),
        lose_at,
        when_stuck: r.when_stuck,
        table: Arc::new(table),
    })
}

impl Rules {
    /// The starting position.
    #[must_use]
    pub fn start_position(&self) -> FlagsGame {
        FlagsGame::new(self.start, self, Player::First)
    }

    #[must_use]
    pub fn new_match(&self) -> Match<FlagsGame, Arc<Table>> {
        Match::new(self.start_position(), Arc::clone(&self.table))
    }
}
