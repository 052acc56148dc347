//! Opening books: exact values of every position up to a number of stones,
//! up to symmetry, made by `unbeatable book` and shipped in `assets/books/`.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use super::Geometry;

/// Exact scores (relative to the position, see `tt::WIN`) by canonical
/// `(x, o)` bitboards.
#[derive(Clone, Debug, Default)]
pub struct Book {
    /// Positions with at most this many stones are all in the book.
    pub depth: u32,
    entries: HashMap<(u64, u64), i32>,
}

impl Book {
    #[must_use]
    pub fn get(&self, geo: &Geometry, x: u64, o: u64) -> Option<i32> {
        if self.entries.is_empty() {
            return None;
        }
        self.entries.get(&geo.canonical(x, o).0).copied()
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every entry as `(x, o, score)`, in a stable order.
    #[must_use]
    pub fn entries(&self) -> Vec<(u64, u64, i32)> {
        let mut all: Vec<_> = self.entries.iter().map(|(&(x, o), &s)| (x, o, s)).collect();
        all.sort_unstable();
        all
    }

    pub fn insert(&mut self, geo: &Geometry, x: u64, o: u64, score: i32) {
        self.entries.insert(geo.canonical(x, o).0, score);
    }

    /// The book as text: a header naming the board, then `x o score` lines.
    #[must_use]
    pub fn to_text(&self, geo: &Geometry) -> String {
        let mut out = format!(
            "# unbeatable mnk opening book\nboard {} {} {} depth {}\n",
            geo.width, geo.height, geo.k, self.depth
        );
        let sorted: BTreeMap<_, _> = self.entries.iter().collect();
        for ((x, o), score) in sorted {
            let _ = writeln!(out, "{x:x} {o:x} {score}");
        }
        out
    }

    /// Reads a book for `geo`; `None` if the text is for another board or
    /// not a book (a broken book is ignored, never trusted).
    #[must_use]
    pub fn parse(geo: &Geometry, text: &str) -> Option<Self> {
        let mut lines = text.lines().filter(|l| !l.starts_with('#'));
        let header: Vec<&str> = lines.next()?.split_whitespace().collect();
        let want = [geo.width, geo.height, geo.k].map(|n| n.to_string());
        if header.len() != 6 || header[0] != "board" || header[1..4] != want || header[4] != "depth"
        {
            return None;
        }
        let depth = header[5].parse().ok()?;
        let mut entries = HashMap::new();
        for line in lines {
            let mut parts = line.split_whitespace();
            let x = u64::from_str_radix(parts.next()?, 16).ok()?;
            let o = u64::from_str_radix(parts.next()?, 16).ok()?;
            let score: i32 = parts.next()?.parse().ok()?;
            entries.insert((x, o), score);
        }
        Some(Self { depth, entries })
    }
}

/// The books compiled into the binary, by board.
pub const BUILTIN_BOOKS: &[&str] = &[
    include_str!("../../../assets/books/5x5k4.book"),
    include_str!("../../../assets/books/5x4k4.book"),
];

/// The built-in book for `geo`, or an empty one.
#[must_use]
pub fn builtin(geo: &Geometry) -> Book {
    BUILTIN_BOOKS
        .iter()
        .find_map(|text| Book::parse(geo, text))
        .unwrap_or_default()
}

/// Makes the book of a board: every position with at most `depth` stones,
/// up to symmetry, proven afresh (no time budget, no old book).
/// `progress` hears each depth as it is finished.
pub fn make(geo: &std::sync::Arc<Geometry>, depth: u32, progress: impl FnMut(u32, usize)) -> Book {
    use crate::engine::Budget;
    let solver = super::MnkSolver::with_book(std::sync::Arc::clone(geo), Book::default());
    let budget = Budget::unlimited();
    generate(
        geo,
        depth,
        |x, o| {
            let mut pos = super::MnkGame::new(std::sync::Arc::clone(geo));
            pos.x = x;
            pos.o = o;
            solver.exact(&pos, &budget)
        },
        progress,
    )
}

/// Solves every position with at most `depth` stones, up to symmetry,
/// that is not over, with `exact`. `progress` hears each depth as it is
/// finished.
pub fn generate(
    geo: &Geometry,
    depth: u32,
    mut exact: impl FnMut(u64, u64) -> Option<i32>,
    mut progress: impl FnMut(u32, usize),
) -> Book {
    use std::collections::BTreeSet;
    let mut book = Book {
        depth,
        entries: HashMap::new(),
    };
    let mut layer: BTreeSet<(u64, u64)> = BTreeSet::from([(0, 0)]);
    for stones in 0..=depth {
        for &(x, o) in &layer {
            let over = geo.has_line(x) || geo.has_line(o) || x | o == geo.full;
            if !over && let Some(score) = exact(x, o) {
                book.entries.insert((x, o), score);
            }
        }
        progress(stones, layer.len());
        let mut next = BTreeSet::new();
        for &(x, o) in &layer {
            if geo.has_line(x) || geo.has_line(o) {
                continue;
            }
            let empty = geo.full & !(x | o);
            let mut cells = empty;
            while cells != 0 {
                let c = cells.trailing_zeros();
                cells &= cells - 1;
                let (nx, no) = if stones % 2 == 0 {
                    (x | 1 << c, o)
                } else {
                    (x, o | 1 << c)
                };
                next.insert(geo.canonical(nx, no).0);
            }
        }
        layer = next;
    }
    book
}
