//! mnk — tic-tac-toe and larger m,n,k boards (docs/design.md §1).

pub mod beyond;
pub mod book;
mod bound;
pub mod cells;
pub mod connect;
mod edit;
pub mod exact;
mod explain;
mod game;
mod geometry;
mod solver;
pub mod stones;
mod window_set;

use std::sync::Arc;

use crate::schema::Table;

use super::Family;

pub use game::MnkGame;
pub use geometry::{EXACT_CELLS, Geometry, MAX_CELLS};
pub use solver::{MnkSolver, score_value};
pub use stones::Stones;

/// The family: `kind = "mnk"`.
pub struct Mnk;

/// A checked m,n,k ruleset with its solver (its book is read on first use).
#[derive(Clone, Debug)]
pub struct Rules {
    pub geo: Arc<Geometry>,
    pub solver: Arc<MnkSolver>,
}

impl Rules {
    /// The rules of a `width` × `height` board with `k` in a row.
    #[must_use]
    pub fn new(width: usize, height: usize, k: usize) -> Self {
        Self::with_gravity(width, height, k, false)
    }

    /// The same, and with `gravity` stones fall to the lowest empty cell
    /// of the column (Connect Four).
    #[must_use]
    pub fn with_gravity(width: usize, height: usize, k: usize, gravity: bool) -> Self {
        let geo = Arc::new(Geometry::with_gravity(width, height, k, gravity));
        let solver = Arc::new(MnkSolver::new(Arc::clone(&geo)));
        Self { geo, solver }
    }
}

impl Family for Mnk {
    const KIND: &'static str = "mnk";
    type Rules = Rules;
    type Game = MnkGame;
    type Solver = MnkSolver;

    fn check(t: &mut Table<'_, '_>) -> Option<Rules> {
        let width = t.uint("width", 1..=26);
        let height = t.uint("height", 1..=64);
        let k = t.uint("k", 1..=64);
        let gravity = t.bool_or("gravity", false);
        let (width, height, k_at, gravity) = (width?, height?, k?, gravity?);
        let (w, h, k) = (
            *width.get_ref() as usize,
            *height.get_ref() as usize,
            *k_at.get_ref() as usize,
        );
        let mut ok = true;
        if w * h > MAX_CELLS {
            t.problem(
                t.span(),
                format!(
                    "the board has {} cells; at most {MAX_CELLS} are allowed",
                    w * h
                ),
            );
            ok = false;
        }
        if k > w.max(h) {
            t.problem(
                k_at.span(),
                format!(
                    "k is '{k}', larger than both sides of the {w}×{h} board: no line could ever be made"
                ),
            );
            ok = false;
        }
        if gravity && ok && w * (h + 1) > connect::MAX_BITS {
            t.problem(
                t.span(),
                format!(
                    "a gravity board of {w}×{h} is too large: its columns, each with a spare cell on top, must fit in {} cells (width × (height + 1) is {}); 7×6, 8×7 and 9×6 fit",
                    connect::MAX_BITS,
                    w * (h + 1)
                ),
            );
            ok = false;
        }
        ok.then(|| Rules::with_gravity(w, h, k, gravity))
    }

    fn start(rules: &Rules) -> MnkGame {
        MnkGame::new(Arc::clone(&rules.geo))
    }

    fn solver(rules: &Rules) -> Arc<MnkSolver> {
        Arc::clone(&rules.solver)
    }

    fn card(rules: &Rules) -> Vec<String> {
        let g = &rules.geo;
        vec![
            format!(
                "A board of {} columns (a to {}) and {} rows (1 to {}); row 1 is at the {}.",
                g.width,
                (b'a' + g.width as u8 - 1) as char,
                g.height,
                g.height,
                if g.gravity { "bottom" } else { "top" }
            ),
            if g.gravity {
                "The players take turns to drop a stone into a column that is not full: it falls to the lowest empty cell. X moves first, then O.".to_string()
            } else {
                "The players take turns to put a stone on an empty cell: X moves first, then O."
                    .to_string()
            },
            format!(
                "Whoever first has {} in a row — across, down or diagonally — wins; a full board without one is a draw.",
                g.k
            ),
        ]
    }

    fn visit(rules: &Rules, visitor: &mut dyn super::Visitor) {
        visitor.mnk(rules);
    }

    fn group(rules: &Rules) -> (u8, &'static str) {
        if rules.geo.gravity {
            (1, "Connect Four")
        } else {
            (0, "k in a row")
        }
    }

    /// Boards by their cells: tic-tac-toe before Connect Four.
    fn size(rules: &Rules) -> u128 {
        rules.geo.cells() as u128
    }
}
