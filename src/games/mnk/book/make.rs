//! Making a book: every position of a plan proven afresh on as many
//! threads as asked, the slow proofs kept, saved now and then so that a
//! stopped build resumes.

use std::collections::{BTreeSet, HashMap};
use std::time::{Duration, Instant};

use crate::engine::Game as _;
use crate::games::mnk::Geometry;

use super::Book;
use super::tree::next_layer;

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
    /// With `Coverage::Play`: this many stones more along the computer's
    /// own games past `depth` (see `computer_layer`), so that its move is
    /// in the book wherever book play leads it, on either side.
    pub beyond: u32,
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
        .map(|_| crate::games::mnk::MnkSolver::without_book(geo).with_table_bits(BUILD_TABLE_BITS))
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
        Build {
            solvers: &solvers,
            plan,
            known: &mut known,
            book: &mut book,
            saved: &mut saved,
        }
        .prove_positions(&layer, stones == 0, &mut tally, &mut save, &mut progress)?;
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
    if plan.coverage == Coverage::Play {
        for stones in plan.depth + 1..=plan.depth + plan.beyond {
            let last = stones == plan.depth + plan.beyond;
            let mut build = Build {
                solvers: &solvers,
                plan,
                known: &mut known,
                book: &mut book,
                saved: &mut saved,
            };
            walked = build.computer_layer(&walked, stones, last, &mut save, &mut progress)?;
        }
    }
    book.partial = false;
    Ok(book)
}

/// What a layer of the build works on.
struct Build<'a> {
    solvers: &'a [crate::games::mnk::MnkSolver],
    plan: &'a Plan,
    /// Every score proven in this run, kept or not: the walk needs them.
    known: &'a mut HashMap<(u64, u64), i32>,
    book: &'a mut Book,
    /// When the book was last handed to `save`.
    saved: &'a mut Instant,
}

impl Build<'_> {
    /// Proves the positions of `set` that are neither over nor in the
    /// book already, keeping those play cannot redo quickly (every one
    /// with `keep_all`); `tally` counts them all.
    fn prove_positions<E>(
        &mut self,
        set: &BTreeSet<(u64, u64)>,
        keep_all: bool,
        tally: &mut Progress,
        save: &mut impl FnMut(&Book) -> Result<(), E>,
        progress: &mut impl FnMut(Progress),
    ) -> Result<(), E> {
        let geo = &self.solvers[0].geo;
        let mut todo = Vec::new();
        for &(x, o) in set {
            if geo.is_over(x, o) {
                tally.done += 1;
            } else if let Some(&score) = self.book.entries.get(&(x, o)) {
                self.known.insert((x, o), score);
                tally.done += 1;
            } else {
                todo.push((x, o));
            }
        }
        let mut failed = None;
        let (known, book) = (&mut *self.known, &mut *self.book);
        let (plan, saved) = (self.plan, &mut *self.saved);
        prove_all(self.solvers, &todo, plan.keep_over, |pos, (score, keep)| {
            tally.done += 1;
            if let Some(score) = score {
                known.insert(pos, score);
                if keep_all || keep {
                    book.put(pos, score);
                    tally.kept += 1;
                }
            }
            now_and_then(plan, saved, book, tally, save, progress, &mut failed)
        });
        failed.map_or(Ok(()), Err)
    }

    /// One stone past the full layers along the computer's own games: from
    /// each walked position (of `stones - 1` stones) where the computer
    /// moves, its best move's child, always kept (play then moves at once,
    /// where a search of each move may not find the best in time); from
    /// each where the person moves, unless `last`, every child (positions
    /// where the computer moves next). Returns the positions walked to.
    fn computer_layer<E>(
        &mut self,
        walked: &BTreeSet<Walked>,
        stones: u32,
        last: bool,
        save: &mut impl FnMut(&Book) -> Result<(), E>,
        progress: &mut impl FnMut(Progress),
    ) -> Result<BTreeSet<Walked>, E> {
        let solvers = self.solvers;
        let geo = &solvers[0].geo;
        let mover = ((stones - 1) % 2) as u8;
        let open = |&(x, o): &(u64, u64)| !geo.is_over(x, o);
        let persons: BTreeSet<(u64, u64)> = walked
            .iter()
            .filter(|&&(p, c)| c != mover && open(&p))
            .map(|&(p, _)| p)
            .collect();
        let replies = if last {
            BTreeSet::new()
        } else {
            next_layer(geo, &persons, stones - 1)
        };
        // The computer's positions with their scores, and the best moves
        // already in the book (from an earlier run).
        let mut best: HashMap<(u64, u64), (u64, u64)> = HashMap::new();
        let mut scores: HashMap<(u64, u64), i32> = HashMap::new();
        for &(p, c) in walked {
            if c == mover
                && open(&p)
                && let Some(&score) = self.known.get(&p)
            {
                match self.kept_best(p, score) {
                    Some(child) => {
                        best.insert(p, child);
                    }
                    None => {
                        scores.insert(p, score);
                    }
                }
            }
        }
        let mut tally = Progress {
            stones,
            done: 0,
            positions: replies.len() + best.len() + scores.len(),
            kept: 0,
        };
        tally.done += best.len();
        self.prove_positions(&replies, false, &mut tally, save, progress)?;
        let parents: Vec<(u64, u64)> = scores.keys().copied().collect();
        let unlimited = crate::engine::Budget::unlimited();
        let mut failed = None;
        let (known, book) = (&mut *self.known, &mut *self.book);
        let (plan, saved) = (self.plan, &mut *self.saved);
        run_all(
            solvers,
            &parents,
            |solver, pos| {
                let (x, o) = pos.bits();
                solver.best_move(pos, scores[&(x, o)], &unlimited)
            },
            |p, mv| {
                tally.done += 1;
                if let Some(mv) = mv {
                    let child =
                        crate::games::mnk::MnkGame::from_bits(std::sync::Arc::clone(geo), p.0, p.1)
                            .after(mv);
                    let (x, o) = child.bits();
                    let c = geo.canonical(x, o).0;
                    best.insert(p, c);
                    if open(&c) {
                        let score = crate::games::mnk::solver::child_target(scores[&p]);
                        known.insert(c, score);
                        book.put(c, score);
                        tally.kept += 1;
                    }
                }
                now_and_then(plan, saved, book, &tally, save, progress, &mut failed)
            },
        );
        if let Some(e) = failed {
            return Err(e);
        }
        progress(tally);
        save(book)?;
        *saved = Instant::now();
        let mut next = BTreeSet::new();
        for &(p, c) in walked {
            if c == mover {
                next.extend(best.get(&p).filter(|b| open(b)).map(|&b| (b, c)));
            } else if !last && open(&p) {
                let children = next_layer(geo, &BTreeSet::from([p]), stones - 1);
                next.extend(children.into_iter().filter(open).map(|b| (b, c)));
            }
        }
        Ok(next)
    }

    /// The best move an earlier run kept for `p` (canonical, exact score
    /// `score`): the first child, in the order `best_move` tries them, that
    /// the book holds at a best move's score.
    fn kept_best(&self, p: (u64, u64), score: i32) -> Option<(u64, u64)> {
        let solver = &self.solvers[0];
        let target = crate::games::mnk::solver::child_target(score);
        let pos =
            crate::games::mnk::MnkGame::from_bits(std::sync::Arc::clone(&solver.geo), p.0, p.1);
        solver.moves_to_prove(&pos).into_iter().find_map(|mv| {
            let (x, o) = pos.after(mv).bits();
            let c = solver.geo.canonical(x, o).0;
            (self.book.entries.get(&c) == Some(&target)).then_some(c)
        })
    }
}

/// Hands the book to `save` and the tally to `progress` when
/// `plan.save_every` has passed since `saved`; `false` (with the error in
/// `failed`) when saving failed, which stops the build.
fn now_and_then<E>(
    plan: &Plan,
    saved: &mut Instant,
    book: &Book,
    tally: &Progress,
    save: &mut impl FnMut(&Book) -> Result<(), E>,
    progress: &mut impl FnMut(Progress),
    failed: &mut Option<E>,
) -> bool {
    if saved.elapsed() < plan.save_every {
        return true;
    }
    if let Err(e) = save(book) {
        *failed = Some(e);
        return false;
    }
    progress(*tally);
    *saved = Instant::now();
    true
}

/// Proves `todo` on as many threads as there are `solvers`, each with its
/// own, handing each result to `each` on this thread with whether to keep
/// it (see `proven_fresh`); stops early when `each` says `false`.
fn prove_all(
    solvers: &[crate::games::mnk::MnkSolver],
    todo: &[(u64, u64)],
    keep_over: Duration,
    each: impl FnMut((u64, u64), (Option<i32>, bool)) -> bool,
) {
    run_all(
        solvers,
        todo,
        |solver, pos| {
            let started = Instant::now();
            let score = solver.exact(pos, &crate::engine::Budget::unlimited());
            let keep = started.elapsed() >= keep_over || !proven_fresh(pos, keep_over);
            (score, keep)
        },
        each,
    );
}

/// Runs `work` on each of `todo` (as positions) on as many threads as
/// there are `solvers`, each with its own, handing each result to `each`
/// on this thread; stops early when `each` says `false`.
fn run_all<R: Send>(
    solvers: &[crate::games::mnk::MnkSolver],
    todo: &[(u64, u64)],
    work: impl Fn(&crate::games::mnk::MnkSolver, &crate::games::mnk::MnkGame) -> R + Sync,
    mut each: impl FnMut((u64, u64), R) -> bool,
) {
    run_each(
        solvers,
        todo,
        |solver, &(x, o)| {
            work(
                solver,
                &crate::games::mnk::MnkGame::from_bits(std::sync::Arc::clone(&solver.geo), x, o),
            )
        },
        |&pos, result| each(pos, result),
    );
}

/// Runs `work` on each item of `todo` on as many threads as there are
/// `workers` (solvers, say), each with its own, handing each result to
/// `each` on this thread; stops early when `each` says `false`.
pub(in crate::games::mnk) fn run_each<W: Sync, T: Sync, R: Send>(
    workers: &[W],
    todo: &[T],
    work: impl Fn(&W, &T) -> R + Sync,
    mut each: impl FnMut(&T, R) -> bool,
) {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::channel();
        for worker in workers {
            let (tx, next, stop, work) = (tx.clone(), &next, &stop, &work);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let Some(item) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    if tx.send((item, work(worker, item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (item, result) in rx {
            if !each(item, result) {
                // The threads finish the work they are in, unheard.
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
fn proven_fresh(pos: &crate::games::mnk::MnkGame, within: Duration) -> bool {
    let cold = crate::games::mnk::MnkSolver::without_book(&pos.geo);
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
                None if geo.has_line(x) || geo.has_line(o) => {
                    Some(-crate::games::mnk::exact::tt::WIN)
                }
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use rand::{RngExt, SeedableRng, rngs::StdRng};

    use super::{Coverage, Plan, make};
    use crate::engine::{Budget, Game, Status};
    use crate::games::mnk::book::Book;
    use crate::games::mnk::solver::child_target;
    use crate::games::mnk::{Geometry, MnkGame, MnkSolver};

    /// A layer answers for its positions; one it has not proven yet (a
    /// build goes on) is still read from the entries.
    #[test]
    fn a_position_the_layer_has_not_proven_is_read_from_the_entries() {
        use crate::games::mnk::book::layer::{Layer, Lazy};
        let geo = Geometry::with_gravity(4, 4, 3, true);
        let mut layer = Layer::unproven(&geo, 2);
        let keys = layer.positions().to_vec();
        assert!(layer.set(keys[0], 0));
        let mut book = Book::default();
        book.insert(&geo, keys[1].0, keys[1].1, -3);
        let book = book.with_layers(vec![Arc::new(Lazy::ready(layer))]);
        assert!(book.may_hold(2) && !book.may_hold(3));
        assert_eq!(book.get(&geo, keys[0].0, keys[0].1), Some(0));
        assert_eq!(book.get(&geo, keys[1].0, keys[1].1), Some(-3));
        assert_eq!(book.get(&geo, keys[2].0, keys[2].1), None);
    }

    /// A play book of the 5×4 gravity board two stones deep and three
    /// more along the computer's games: every entry is the position's
    /// exact value, and in random games against the book's computer (on
    /// either side) each of its positions short of the last layer is in
    /// the book with a best move's child, so that it never searches there.
    #[test]
    fn the_computers_games_past_the_depth_stay_in_the_book() {
        let geo = Arc::new(Geometry::with_gravity(5, 4, 4, true));
        let plan = Plan {
            depth: 2,
            coverage: Coverage::Play,
            keep_over: Duration::ZERO,
            save_every: Duration::from_secs(3600),
            threads: 2,
            beyond: 3,
        };
        let book = make(&geo, &plan, Book::default(), |_| Ok::<(), ()>(()), |_| {})
            .expect("saving cannot fail");
        let fresh = MnkSolver::without_book(&geo);
        let deepest = book
            .entries()
            .iter()
            .map(|&(x, o, _)| (x | o).count_ones())
            .max();
        assert_eq!(deepest, Some(plan.depth + plan.beyond));
        for (x, o, score) in book.entries() {
            let pos = MnkGame::from_bits(Arc::clone(&geo), x, o);
            assert_eq!(
                fresh.exact(&pos, &Budget::unlimited()),
                Some(score),
                "{x:x} {o:x}"
            );
        }
        let in_book = |pos: &MnkGame| {
            let (x, o) = pos.bits();
            book.get(&geo, x, o)
        };
        let mut rng = StdRng::seed_from_u64(5);
        for game in 0..200 {
            let computer = game % 2;
            let mut pos = MnkGame::new(Arc::clone(&geo));
            let mut stones = 0;
            while pos.status() == Status::Ongoing && stones < plan.depth + plan.beyond {
                let mv = if stones % 2 == computer {
                    let score = in_book(&pos).expect("the computer's position is in the book");
                    // The first best move in the order the build tries them.
                    let best = fresh.moves_to_prove(&pos).into_iter().find(|&mv| {
                        let child = pos.after(mv);
                        child.status() != Status::Ongoing
                            || in_book(&child) == Some(child_target(score))
                    });
                    best.expect("a best move's child is in the book")
                } else {
                    let moves: Vec<usize> = pos.moves().collect();
                    moves[rng.random_range(0..moves.len())]
                };
                pos = pos.after(mv);
                stones += 1;
            }
        }
    }
}
