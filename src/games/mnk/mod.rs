//! mnk — tic-tac-toe and larger m,n,k boards (DESIGN.md §1).

pub mod book;
mod explain;
mod game;
mod geometry;
pub mod search;
mod solver;
pub mod tt;

use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::engine::Match;
use crate::rules::{SpanError, in_range};

pub use game::MnkGame;
pub use geometry::{Geometry, MAX_CELLS};
pub use solver::{DEFAULT_BUDGET, MnkSolver, score_value};

/// The `[mnk]` table as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRules {
    width: Spanned<i64>,
    height: Spanned<i64>,
    k: Spanned<i64>,
}

/// A checked m,n,k ruleset with its solver (book loaded).
#[derive(Clone, Debug)]
pub struct Rules {
    pub geo: Arc<Geometry>,
    pub solver: Arc<MnkSolver>,
}

/// Checks the `[mnk]` table.
///
/// # Errors
/// The first value that makes no game.
pub fn validate(raw: &Spanned<RawRules>) -> Result<Rules, SpanError> {
    let r = raw.get_ref();
    let width = in_range(&r.width, "width", 1, 26)? as usize;
    let height = in_range(&r.height, "height", 1, 64)? as usize;
    if width * height > MAX_CELLS {
        return Err(SpanError::new(
            raw.span(),
            format!(
                "the board has {} cells; at most {MAX_CELLS} are allowed",
                width * height
            ),
        ));
    }
    let k = in_range(&r.k, "k", 1, 64)? as usize;
    if k > width.max(height) {
        return Err(SpanError::new(
            r.k.span(),
            format!(
                "k is '{k}', larger than both sides of the {width}×{height} board: no line could ever be made"
            ),
        ));
    }
    let geo = Arc::new(Geometry::new(width, height, k));
    let solver = Arc::new(MnkSolver::new(Arc::clone(&geo), Some(DEFAULT_BUDGET)));
    Ok(Rules { geo, solver })
}

impl Rules {
    #[must_use]
    pub fn start_position(&self) -> MnkGame {
        MnkGame::new(Arc::clone(&self.geo))
    }

    #[must_use]
    pub fn new_match(&self) -> Match<MnkGame, Arc<MnkSolver>> {
        Match::new(self.start_position(), Arc::clone(&self.solver))
    }
}
