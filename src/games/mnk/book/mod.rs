//! Opening books: exact values of every position up to a number of stones,
//! up to symmetry, made by `unbeatable book` and shipped in `assets/books/`.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};

pub mod choices;
pub mod layer;
pub mod layer_build;
pub mod losses;
pub mod losses_build;
pub mod losses_endings;
mod make;
pub mod shapes;
mod tree;
pub mod wins;

pub use make::{Coverage, Plan, Progress, make};
pub use tree::{children, generate, next_layer, parents};

use crate::games::mnk::Geometry;
use layer::{Layer, Lazy};

/// Exact scores (relative to the position, see `tt::WIN`) by canonical
/// `(x, o)` bitboards.
#[derive(Clone, Debug, Default)]
pub struct Book {
    /// Positions with at most this many stones are all in the book, or
    /// were proven fast enough to leave out (see `Plan::keep_over`).
    pub depth: u32,
    /// Made by a build that stopped after layer `depth`: some positions of
    /// the next layer may be here too.
    pub partial: bool,
    entries: HashMap<(u64, u64), i32>,
    /// The most stones of any entry: a search looks no deeper.
    deepest: u32,
    /// Layers: every position of one number of stones each (see
    /// `layer`), shared by the solvers of a board.
    layers: Vec<Arc<Lazy>>,
}

impl Book {
    #[must_use]
    pub fn get(&self, geo: &Geometry, x: u64, o: u64) -> Option<i32> {
        let stones = (x | o).count_ones();
        // A layer being built leaves some of its positions to the entries.
        if let Some(score) = self
            .layers
            .iter()
            .find(|l| l.stones == stones)
            .and_then(|l| l.get_now(geo)?.get(geo, x, o))
        {
            return Some(score);
        }
        if self.entries.is_empty() {
            return None;
        }
        self.entries.get(&geo.canonical(x, o).0).copied()
    }

    /// Waits, within `budget`, for the layers that are being read: those of
    /// `stones` stones and of one more (a position's children).
    pub fn wait_for_layers(&self, stones: u32, budget: &crate::engine::Budget) {
        for lazy in self
            .layers
            .iter()
            .filter(|l| l.stones == stones || l.stones == stones + 1)
        {
            lazy.wait(budget);
        }
    }

    /// The book with every position of each of `layers` too.
    #[must_use]
    pub fn with_layers(self, layers: Vec<Arc<Lazy>>) -> Self {
        Self { layers, ..self }
    }

    /// The book without its layers of `stones` stones or more: what a
    /// build of the layer of `stones` may trust.
    #[must_use]
    pub fn below(mut self, stones: u32) -> Self {
        self.layers.retain(|l| l.stones < stones);
        self
    }

    /// The layer of `stones` stones that goes with this book, read now if
    /// it was not.
    #[must_use]
    pub fn layer(&self, geo: &Geometry, stones: u32) -> Option<&Layer> {
        self.layers.iter().find(|l| l.stones == stones)?.get(geo)
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
        self.put(geo.canonical(x, o).0, score);
    }

    /// Inserts an entry already in canonical form.
    fn put(&mut self, (x, o): (u64, u64), score: i32) {
        self.deepest = self.deepest.max((x | o).count_ones());
        self.entries.insert((x, o), score);
    }

    /// Whether positions of this many stones may be in the book (a
    /// partial build leaves some of the layer after `depth`).
    #[must_use]
    pub fn may_hold(&self, stones: u32) -> bool {
        (!self.entries.is_empty() && stones <= self.deepest)
            || self.layers.iter().any(|l| l.stones == stones)
    }

    /// The book as text: a header naming the board, then `x o score` lines.
    #[must_use]
    pub fn to_text(&self, geo: &Geometry) -> String {
        let mut out = format!(
            "# unbeatable mnk opening book\nboard {} {} {}{} depth {}{}\n",
            geo.width,
            geo.height,
            geo.k,
            if geo.gravity { " gravity" } else { "" },
            self.depth,
            if self.partial { " partial" } else { "" }
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
        let mut header: Vec<&str> = lines.next()?.split_whitespace().collect();
        // A gravity board's book says so: the same board without gravity
        // is another game.
        let gravity = header.get(4) == Some(&"gravity");
        if gravity {
            header.remove(4);
        }
        let want = [geo.width, geo.height, geo.k].map(|n| n.to_string());
        if !(6..=7).contains(&header.len())
            || header[0] != "board"
            || header[1..4] != want
            || header[4] != "depth"
            || gravity != geo.gravity
        {
            return None;
        }
        let depth = header[5].parse().ok()?;
        let partial = match header.get(6) {
            None => false,
            Some(&"partial") => true,
            Some(_) => return None,
        };
        let mut book = Self {
            depth,
            partial,
            ..Self::default()
        };
        for line in lines {
            let mut parts = line.split_whitespace();
            let x = u64::from_str_radix(parts.next()?, 16).ok()?;
            let o = u64::from_str_radix(parts.next()?, 16).ok()?;
            let score: i32 = parts.next()?.parse().ok()?;
            book.put((x, o), score);
        }
        Some(book)
    }
}

/// The books compiled into the binary, by board: every opening book in
/// `assets/books/`, listed by `build.rs`.
pub const BUILTIN_BOOKS: &[&str] = include!(concat!(env!("OUT_DIR"), "/books.rs"));

/// The layer books compiled into the binary (see `layer`), by their
/// stones: every layer book in `assets/books/`, listed by `build.rs`.
pub const BUILTIN_LAYERS: &[&str] = include!(concat!(env!("OUT_DIR"), "/layers.rs"));

/// The built-in layers, each read once, when a board that has it first
/// looks in it (see `layer::Lazy`).
static LAYERS: [OnceLock<Arc<Lazy>>; BUILTIN_LAYERS.len()] =
    [const { OnceLock::new() }; BUILTIN_LAYERS.len()];

/// The built-in book for `geo`, with its layers, or an empty one.
#[must_use]
pub fn builtin(geo: &Geometry) -> Book {
    let book = BUILTIN_BOOKS
        .iter()
        .find_map(|text| Book::parse(geo, text))
        .unwrap_or_default();
    // A layer's header names its board and its stones.
    let layers: Vec<_> = BUILTIN_LAYERS
        .iter()
        .zip(&LAYERS)
        .filter_map(|(text, once)| {
            let lazy = Lazy::of(geo, text)?;
            Some(Arc::clone(once.get_or_init(|| Arc::new(lazy))))
        })
        .collect();
    for lazy in &layers {
        lazy.read_soon(geo);
    }
    book.with_layers(layers)
}
