//! Opening books: exact values of every position up to a number of stones,
//! up to symmetry, made by `unbeatable book` and shipped in `assets/books/`.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use super::Geometry;

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
        !self.entries.is_empty() && stones <= self.deepest
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

/// The books compiled into the binary, by board.
pub const BUILTIN_BOOKS: &[&str] = &[
    include_str!("../../../assets/books/5x5k4.book"),
    include_str!("../../../assets/books/5x4k4.book"),
    include_str!("../../../assets/books/6x6k4.book"),
    include_str!("../../../assets/books/7x6k4.book"),
    include_str!("../../../assets/books/connect-four-7x6.book"),
];

/// The built-in book for `geo`, or an empty one.
#[must_use]
pub fn builtin(geo: &Geometry) -> Book {
    BUILTIN_BOOKS
        .iter()
        .find_map(|text| Book::parse(geo, text))
        .unwrap_or_default()
}

/// Which positions a book covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coverage {
    /// Every position.
    All,
    /// What play against the perfect computer reaches, with it on either
    /// side: the computer's best moves and every move of the person, and
    /// every move's result from each of those positions (for the
    /// computer's choice, the person's hints and the coach).
    Play,
}

/// The build's transposition table: 2^27 entries, 2 GiB. A build runs for
/// hours on boards such as 7×6 Connect Four, where one proof (the empty
/// board's) visits billions of nodes: what a proof leaves in a table this
/// large makes the proofs of the positions after it cheap. Memory is taken
/// only as the table fills, so small boards do not pay for it.
const BUILD_TABLE_BITS: u32 = 27;

/// What `make` is asked for.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Positions with at most this many stones are covered.
    pub depth: u32,
    pub coverage: Coverage,
    /// Only proofs that took at least this long are kept: play proves the
    /// others within its budget, and the shipped book stays small.
    pub keep_over: Duration,
    /// The book is handed to `save` at least this often, and after each
    /// layer, so that a stopped build resumes where it was.
    pub save_every: Duration,
    /// Positions proven at once, each by its own search and table.
    pub threads: usize,
}

/// Where a build has got to, for its progress line.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub stones: u32,
    pub done: usize,
    pub positions: usize,
    pub kept: usize,
}

/// A position being walked, and for `Coverage::Play` which side the
/// computer is on (0 for X, 1 for O).
type Walked = ((u64, u64), u8);

/// Makes the book of a board: the positions of `plan`, up to symmetry,
/// proven afresh (no time budget). `resume` is an unfinished (or
/// shallower) book of the same board from an earlier run: its kept
/// positions are not proven again.
///
/// # Errors
/// The first error `save` returns: the build stops there.
pub fn make<E>(
    geo: &std::sync::Arc<Geometry>,
    plan: &Plan,
    resume: Book,
    mut save: impl FnMut(&Book) -> Result<(), E>,
    mut progress: impl FnMut(Progress),
) -> Result<Book, E> {
    let threads = plan.threads.max(1);
    let solvers: Vec<_> = (0..threads)
        .map(|_| {
            super::MnkSolver::with_book(std::sync::Arc::clone(geo), Book::default())
                .with_table_bits(BUILD_TABLE_BITS)
        })
        .collect();
    let mut book = Book {
        depth: 0,
        partial: true,
        ..resume
    };
    // Every score proven in this run, kept or not: the walk needs them.
    let mut known: HashMap<(u64, u64), i32> = HashMap::new();
    let mut saved = Instant::now();
    let mut walked: BTreeSet<Walked> = BTreeSet::from([((0, 0), 0), ((0, 0), 1)]);
    let mut layer: BTreeSet<(u64, u64)> = BTreeSet::from([(0, 0)]);
    for stones in 0..=plan.depth {
        let mut tally = Progress {
            stones,
            done: 0,
            positions: layer.len(),
            kept: 0,
        };
        let mut todo = Vec::new();
        for &(x, o) in &layer {
            if geo.is_over(x, o) {
                tally.done += 1;
            } else if let Some(&score) = book.entries.get(&(x, o)) {
                known.insert((x, o), score);
                tally.done += 1;
            } else {
                todo.push((x, o));
            }
        }
        let mut failed = None;
        prove_all(
            geo,
            &solvers,
            &todo,
            plan.keep_over,
            |(x, o), score, keep| {
                tally.done += 1;
                if let Some(score) = score {
                    known.insert((x, o), score);
                    if stones == 0 || keep {
                        book.put((x, o), score);
                        tally.kept += 1;
                    }
                }
                if saved.elapsed() >= plan.save_every {
                    if let Err(e) = save(&book) {
                        failed = Some(e);
                        return false;
                    }
                    progress(tally);
                    saved = Instant::now();
                }
                true
            },
        );
        if let Some(e) = failed {
            return Err(e);
        }
        if stones > 0 && plan.coverage == Coverage::Play {
            walked = walk_on(geo, &walked, stones - 1, &known);
        }
        book.depth = stones;
        progress(tally);
        save(&book)?;
        saved = Instant::now();
        if stones < plan.depth {
            layer = match plan.coverage {
                Coverage::All => next_layer(geo, &layer, stones),
                Coverage::Play => {
                    let parents: BTreeSet<_> = walked.iter().map(|&(p, _)| p).collect();
                    next_layer(geo, &parents, stones)
                }
            };
        }
    }
    book.partial = false;
    Ok(book)
}

/// Proves `todo` on as many threads as there are `solvers`, each with its
/// own, handing each result to `each` on this thread with whether to keep
/// it (see `worth_keeping`); stops early when `each` says `false`.
fn prove_all(
    geo: &std::sync::Arc<Geometry>,
    solvers: &[super::MnkSolver],
    todo: &[(u64, u64)],
    keep_over: Duration,
    mut each: impl FnMut((u64, u64), Option<i32>, bool) -> bool,
) {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::channel();
        for solver in solvers {
            let (tx, next, stop) = (tx.clone(), &next, &stop);
            scope.spawn(move || {
                let budget = crate::engine::Budget::unlimited();
                while !stop.load(Ordering::Relaxed) {
                    let Some(&(x, o)) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    let pos = super::MnkGame::from_bits(std::sync::Arc::clone(geo), x, o);
                    let started = Instant::now();
                    let score = solver.exact(&pos, &budget);
                    let keep = started.elapsed() >= keep_over || !proven_fresh(&pos, keep_over);
                    if tx.send(((x, o), score, keep)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (pos, score, took) in rx {
            if !each(pos, score, took) {
                // The threads finish the proofs they are in, unheard.
                stop.store(true, Ordering::Relaxed);
                break;
            }
        }
    });
}

/// Whether play, starting cold (no book, an empty table of the size play
/// uses), proves `pos` within `within`. A build's own table is warm with
/// the proofs before: a position it proves at once may still take play
/// minutes, and must then be kept.
fn proven_fresh(pos: &super::MnkGame, within: Duration) -> bool {
    let cold = super::MnkSolver::with_book(std::sync::Arc::clone(&pos.geo), Book::default());
    cold.exact(pos, &crate::engine::Budget::of(within))
        .is_some()
}

/// The positions the walk goes on to, one stone on from `walked` (which
/// have `stones` each): from the computer's turn its best moves only, from
/// the person's turn every move.
fn walk_on(
    geo: &Geometry,
    walked: &BTreeSet<Walked>,
    stones: u32,
    known: &HashMap<(u64, u64), i32>,
) -> BTreeSet<Walked> {
    let mut next = BTreeSet::new();
    let mover = (stones % 2) as u8;
    for &(pos, computer) in walked {
        let children = next_layer(geo, &BTreeSet::from([pos]), stones);
        if computer == mover {
            // Best for the mover: the child worst for the opponent.
            let score = |&(x, o): &(u64, u64)| match known.get(&(x, o)) {
                Some(&s) => Some(s),
                None if geo.has_line(x) || geo.has_line(o) => Some(-super::tt::WIN),
                None => geo.is_over(x, o).then_some(0),
            };
            let best = children.iter().filter_map(score).min();
            next.extend(
                children
                    .iter()
                    .filter(|c| best.is_some() && score(c) == best)
                    .map(|&c| (c, computer)),
            );
        } else {
            next.extend(children.iter().map(|&c| (c, computer)));
        }
    }
    next
}

/// The positions one stone on from `layer` (which has `stones` each), up
/// to symmetry.
fn next_layer(geo: &Geometry, layer: &BTreeSet<(u64, u64)>, stones: u32) -> BTreeSet<(u64, u64)> {
    let mut next = BTreeSet::new();
    for &(x, o) in layer {
        if geo.has_line(x) || geo.has_line(o) {
            continue;
        }
        let mut cells = geo.playable(x | o);
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
    next
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
    let mut book = Book {
        depth,
        ..Book::default()
    };
    let mut layer: BTreeSet<(u64, u64)> = BTreeSet::from([(0, 0)]);
    for stones in 0..=depth {
        for &(x, o) in &layer {
            if !geo.is_over(x, o)
                && let Some(score) = exact(x, o)
            {
                book.put((x, o), score);
            }
        }
        progress(stones, layer.len());
        if stones < depth {
            layer = next_layer(geo, &layer, stones);
        }
    }
    book
}
