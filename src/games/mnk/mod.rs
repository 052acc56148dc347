//! mnk — tic-tac-toe and larger m,n,k boards (docs/design.md §1).

pub mod beyond;
pub mod book;
pub mod cells;
pub mod connect;
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

    fn make_book(
        rules: &Rules,
        job: super::BookJob<'_>,
    ) -> Option<Result<super::MadeBook, String>> {
        let geo = &rules.geo;
        if job.layer {
            return Some(make_layer(geo, job));
        }
        let resume = match job.resume {
            None => book::Book::default(),
            Some(text) => match book::Book::parse(geo, text) {
                Some(book) => book,
                None => {
                    return Some(Err(format!(
                        "it is not a book of the {} board",
                        board_name(geo)
                    )));
                }
            },
        };
        let plan = book::Plan {
            depth: job.depth,
            coverage: if job.play {
                book::Coverage::Play
            } else {
                book::Coverage::All
            },
            keep_over: job.keep_over,
            save_every: std::time::Duration::from_secs(60),
            threads: job.threads,
            beyond: job.beyond,
        };
        let started = std::time::Instant::now();
        let progress = job.progress;
        let made = book::make(
            geo,
            &plan,
            resume,
            |b| (job.save)(&b.to_text(geo)),
            |p| {
                progress(format!(
                    "{} stones: {} of {} positions, {} kept ({:.1} s)",
                    p.stones,
                    p.done,
                    p.positions,
                    p.kept,
                    started.elapsed().as_secs_f64()
                ));
            },
        );
        Some(made.map(|made| super::MadeBook {
            text: made.to_text(geo),
            entries: made.len(),
        }))
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

/// `unbeatable book --layer`: every position of `job.depth` stones (see
/// `layer`), going on from `job.resume`.
fn make_layer(geo: &Arc<Geometry>, job: super::BookJob<'_>) -> Result<super::MadeBook, String> {
    let resume = match job.resume {
        None => None,
        Some(text) => match book::layer::Layer::parse(geo, text) {
            Some(l) if l.stones == job.depth => Some(l),
            _ => {
                return Err(format!(
                    "it is not a layer book of {} stones of the {} board",
                    job.depth,
                    board_name(geo)
                ));
            }
        },
    };
    let plan = book::layer_build::Plan {
        stones: job.depth,
        threads: job.threads,
        save_every: std::time::Duration::from_secs(60),
    };
    let started = std::time::Instant::now();
    let progress = job.progress;
    // The layers before this one are proven and tested (each with a
    // sample re-proven with no book): their bounds make the build faster.
    let trusted = book::builtin(geo).below(job.depth);
    let made = book::layer_build::make(
        geo,
        &plan,
        resume,
        &trusted,
        |l| (job.save)(&l.to_text(geo)),
        |done, all| {
            progress(format!(
                "{} stones: {done} of {all} positions proven ({:.1} s)",
                job.depth,
                started.elapsed().as_secs_f64()
            ));
        },
    )?;
    Ok(super::MadeBook {
        text: made.to_text(geo),
        entries: made.proven(),
    })
}

/// The board as error messages name it: `7x6 k=4 gravity`.
fn board_name(geo: &Geometry) -> String {
    format!(
        "{}x{} k={}{}",
        geo.width,
        geo.height,
        geo.k,
        if geo.gravity { " gravity" } else { "" }
    )
}
