//! Makes a book of moves proven lost (see `losses`): in a position, each
//! move's child searched by `analyze`'s searches within a time, and where
//! they leave a child open, the opponent's likeliest replies there, each
//! followed by the same searches of every move after it; on as many
//! threads as asked, and handed over after each result to be written,
//! so that a stopped build goes on where it was.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::engine::{Budget, Outcome, Solver as _};
use crate::games::mnk::beyond::strength;
use crate::games::mnk::book::choices::ranked_in;
use crate::games::mnk::book::losses::{Losses, Proof, after};
use crate::games::mnk::book::make::run_each;
use crate::games::mnk::{Geometry, MnkGame, MnkSolver};

/// What `make_line` is asked for.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// The time each child's searches have.
    pub think: Duration,
    /// Where a child is left open, this many of the opponent's replies
    /// there (see `replies_to_try`) are tried, each with
    /// every move after it searched in turn.
    pub replies: usize,
    /// How deep moves left open are followed so (1: the position's own).
    pub levels: usize,
    /// Children searched at once, each with its own solver.
    pub threads: usize,
    /// Whether the moves of the position built that the book holds open
    /// are searched again (with a longer `think` than the build that left
    /// them): a resumed build otherwise takes them as they were.
    pub again: bool,
}

/// The plies the playing search looks ahead to rank the replies tried.
const REPLY_DEPTH: i32 = 8;

/// The share of a child's time for the win by threats, searched first.
const THREATS_SHARE: f64 = 0.2;

/// Whether the side to move in `pos` is proven to win by the searches of
/// `analyze` within `budget`: a win by threats (as play and the tip find
/// it), or the position's value a win — its searches end once they prove
/// it, so that the time a book records is the proof's — or else a move's
/// win listed. The threats come first: the value gives the exact search
/// 70 % of its time before them, and on 8×8 the threats prove most moves
/// in milliseconds where the exact search proves none within that (after
/// `d5 g7 e4 d6 d4 c5 d3`, at 30 s a move: 56 moves proven lost in 387 ms
/// of search in all, where value first took 114 s, most moves 10.5 s).
#[must_use]
pub fn proven_won(solver: &MnkSolver, pos: &MnkGame, budget: &Budget) -> bool {
    strength::win_by_deep_threats(&mut pos.board(), &budget.share(THREATS_SHARE)).is_some()
        || solver.value(pos, &budget.share(0.5)).outcome == Outcome::Win
        || solver
            .move_results(pos, budget)
            .listed
            .iter()
            .any(|(_, v)| v.outcome == Outcome::Win)
}

/// The empty cells of the canonical position `key`, in classes of those
/// whose children are the same position up to symmetry, each class led
/// by its first cell.
fn classes(geo: &Geometry, key: (u64, u64)) -> Vec<Vec<usize>> {
    let mut by_child: BTreeMap<(u64, u64), Vec<usize>> = BTreeMap::new();
    let taken = key.0 | key.1;
    for c in (0..geo.cells()).filter(|&c| taken >> c & 1 == 0) {
        let (x, o) = after(key.0, key.1, c);
        by_child.entry(geo.canonical(x, o).0).or_default().push(c);
    }
    let mut all: Vec<Vec<usize>> = by_child.into_values().collect();
    all.sort_unstable();
    all
}

/// The cell `cell` of the child of `key` after `from` as it lies in the
/// child after `to`, the same position up to symmetry.
fn carried(geo: &Geometry, key: (u64, u64), from: usize, to: usize, cell: usize) -> Option<usize> {
    let (fx, fo) = after(key.0, key.1, from);
    let (tx, to_o) = after(key.0, key.1, to);
    let (_, s_from) = geo.canonical(fx, fo);
    let (_, s_to) = geo.canonical(tx, to_o);
    let canonical = *geo.symmetries.get(s_from)?.get(cell)?;
    geo.inverses.get(s_to)?.get(canonical).copied()
}

/// Whether the side to move wins a position, proven within a budget.
type Prover<'a> = &'a (dyn Fn(&MnkSolver, &MnkGame, &Budget) -> bool + Sync);

/// The book's builder: its solvers, one a thread, and the plan.
struct Builder<'a, E> {
    geo: &'a Arc<Geometry>,
    plan: &'a Plan,
    solvers: Vec<MnkSolver>,
    prove: Prover<'a>,
    save: &'a mut dyn FnMut(&Losses) -> Result<(), E>,
    progress: &'a mut dyn FnMut(&str),
}

impl<E> Builder<'_, E> {
    /// Searches every move of the canonical position `key` that the book
    /// does not yet hold (with `again`, nor holds open), the book saved
    /// after each.
    fn search_moves(&mut self, book: &mut Losses, key: (u64, u64), again: bool) -> Result<(), E> {
        let geo = self.geo;
        let known = book.entry(key).cloned().unwrap_or_default();
        let is_known = |c: &usize| known.lost.contains_key(c) || (!again && known.open.contains(c));
        let mut todo = Vec::new();
        for class in classes(geo, key) {
            // A move of a class known (a build stopped within it): the
            // others are the same move up to symmetry.
            match class.iter().find(|c| is_known(c)) {
                Some(&m) => {
                    let entry = book.entry_mut(key);
                    for &c in class.iter().filter(|c| !is_known(c)) {
                        match known.lost.get(&m) {
                            Some(&Proof::Searched(ms)) => {
                                entry.lost.insert(c, Proof::Searched(ms));
                            }
                            Some(&Proof::Reply(r)) => {
                                if let Some(reply) = carried(geo, key, m, c, r) {
                                    entry.lost.insert(c, Proof::Reply(reply));
                                }
                            }
                            None => {
                                entry.open.insert(c);
                            }
                        }
                    }
                }
                None => todo.push(class),
            }
        }
        let total = todo.len();
        let think = self.plan.think;
        let mut failed = None;
        let mut done = 0;
        let (save, progress, prove) = (&mut *self.save, &mut *self.progress, self.prove);
        run_each(
            &self.solvers,
            &todo,
            |solver, class| {
                let (x, o) = after(key.0, key.1, class[0]);
                let child = MnkGame::from_bits(Arc::clone(geo), x, o);
                let started = Instant::now();
                let won = prove(solver, &child, &Budget::of(think));
                (won, started.elapsed().as_millis() as u64)
            },
            |class, (won, ms)| {
                let entry = book.entry_mut(key);
                for &c in class {
                    if won {
                        entry.open.remove(&c);
                        entry.lost.insert(c, Proof::Searched(ms));
                    } else {
                        entry.open.insert(c);
                    }
                }
                done += 1;
                progress(&format!(
                    "{:x} {:x}: {done} of {total} moves searched, {} lost",
                    key.0,
                    key.1,
                    entry.lost.len()
                ));
                if let Err(e) = save(book) {
                    failed = Some(e);
                    return false;
                }
                true
            },
        );
        failed.map_or(Ok(()), Err)
    }

    /// A reply to the child `(cx, co)` after which the book already
    /// holds every move proven lost (a build of that position itself,
    /// or of another that reaches it), the first in cell order.
    fn known_reply(&self, book: &Losses, cx: u64, co: u64) -> Option<usize> {
        let geo = self.geo;
        let empty = geo.full & !(cx | co);
        (0..geo.cells())
            .filter(|&r| empty >> r & 1 == 1)
            .find(|&r| {
                let (gx, go) = after(cx, co, r);
                book.all_lost(geo, geo.canonical(gx, go).0)
            })
    }

    /// Tries the opponent's likeliest replies to the child `(cx, co)`
    /// of `key` (see `replies_to_try`) until one leaves every move proven
    /// lost, and returns it; with `levels` past 1, the moves left open
    /// after a reply are followed so too, `levels - 1` deep.
    fn try_replies(
        &mut self,
        book: &mut Losses,
        key: (u64, u64),
        (c, cx, co): (usize, u64, u64),
        levels: usize,
    ) -> Result<Option<usize>, E> {
        let geo = self.geo;
        for r in replies_to_try(geo, book, key, (cx, co), self.plan.replies) {
            let (gx, go) = after(cx, co, r);
            let grandchild = geo.canonical(gx, go).0;
            (self.progress)(&format!(
                "{:x} {:x}: move {c} open, its reply {r} tried",
                key.0, key.1
            ));
            self.search_moves(book, grandchild, false)?;
            if levels > 1 && !book.all_lost(geo, grandchild) {
                self.follow_open(book, grandchild, levels - 1)?;
            }
            if book.all_lost(geo, grandchild) {
                return Ok(Some(r));
            }
        }
        Ok(None)
    }

    /// Proves lost, through a reply, each move of `key` left open: a
    /// reply the book already proves (see `known_reply`), or else one
    /// found by `try_replies`, the moves taken in the playing search's
    /// order.
    fn follow_open(&mut self, book: &mut Losses, key: (u64, u64), levels: usize) -> Result<(), E> {
        let geo = self.geo;
        let mut open_classes: Vec<Vec<usize>> = classes(geo, key)
            .into_iter()
            .filter(|class| book.entry(key).is_some_and(|e| e.open.contains(&class[0])))
            .collect();
        if self.plan.replies > 0 {
            let order = ranked_in(geo, key.0, key.1, REPLY_DEPTH);
            let rank = |c: &usize| order.iter().position(|m| m == c).unwrap_or(usize::MAX);
            open_classes.sort_by_key(|class| class.iter().map(rank).min());
        }
        for class in open_classes {
            let c = class[0];
            let (cx, co) = after(key.0, key.1, c);
            let reply = match self.known_reply(book, cx, co) {
                Some(r) => Some(r),
                None => self.try_replies(book, key, (c, cx, co), levels)?,
            };
            if let Some(r) = reply {
                let entry = book.entry_mut(key);
                for &other in &class {
                    if let Some(reply) = carried(geo, key, c, other, r) {
                        entry.open.remove(&other);
                        entry.lost.insert(other, Proof::Reply(reply));
                    }
                }
                (self.save)(book)?;
            }
        }
        Ok(())
    }
}

/// The `count` replies to try to the child `(cx, co)` of the canonical
/// position `key`: first the reply that proved the most other moves of
/// `key` lost, then the playing search's order. A reply that beats many
/// moves of a position often beats the one left: after `d5 g7 e4` on 8×8,
/// X's d4 proved 32 of O's moves lost and then, the reply Rapfi found,
/// e3 in 5 s, where the search's first two (f5 and c6, for e3's mirror
/// c5) left trees an hour did not close.
fn replies_to_try(
    geo: &Geometry,
    book: &Losses,
    key: (u64, u64),
    (cx, co): (u64, u64),
    count: usize,
) -> Vec<usize> {
    if count == 0 {
        // No replies asked: the search that ranks them is not run.
        return Vec::new();
    }
    let empty = geo.full & !(cx | co);
    let mut uses: BTreeMap<usize, usize> = BTreeMap::new();
    for proof in book.entry(key).iter().flat_map(|e| e.lost.values()) {
        if let Proof::Reply(r) = *proof
            && empty >> r & 1 == 1
        {
            *uses.entry(r).or_default() += 1;
        }
    }
    // The most used; among equals the lowest cell, so that builds repeat.
    let sibling = uses
        .iter()
        .max_by_key(|&(&r, &n)| (n, std::cmp::Reverse(r)))
        .map(|(&r, _)| r);
    let mut out = Vec::with_capacity(count);
    for r in sibling
        .into_iter()
        .chain(ranked_in(geo, cx, co, REPLY_DEPTH))
    {
        if out.len() == count {
            break;
        }
        if !out.contains(&r) {
            out.push(r);
        }
    }
    out
}

/// Proves the moves of each position of `line` lost where `plan` can
/// (see the module), going on from `resume`, handing the book to `save`
/// after each result; `progress` hears what is being done. The positions
/// are those after the moves of a game lost by the side to move in each
/// (first to last; one position alone is the usual build), and they are
/// built the last first, so that each builds on the one after it: a move
/// of the game is proven lost through the reply after it wherever the
/// book then proves every move after that reply lost — the way a line
/// the opponent won by is proven back from where its win is short.
///
/// # Errors
/// The first error `save` returns: the build stops there.
pub fn make_line<E>(
    geo: &Arc<Geometry>,
    line: &[(u64, u64)],
    plan: &Plan,
    resume: Losses,
    save: impl FnMut(&Losses) -> Result<(), E>,
    progress: impl FnMut(&str),
) -> Result<Losses, E> {
    make_line_proving(geo, line, plan, resume, &proven_won, save, progress)
}

/// `make_line`, with `prove` in place of the searches of `analyze`; one
/// set of solvers serves every position of the line.
fn make_line_proving<E>(
    geo: &Arc<Geometry>,
    line: &[(u64, u64)],
    plan: &Plan,
    resume: Losses,
    prove: Prover<'_>,
    mut save: impl FnMut(&Losses) -> Result<(), E>,
    mut progress: impl FnMut(&str),
) -> Result<Losses, E> {
    let mut book = resume;
    let mut builder = Builder {
        geo,
        plan,
        solvers: (0..plan.threads.max(1))
            .map(|_| MnkSolver::new(Arc::clone(geo)).without_losses_book())
            .collect(),
        prove,
        save: &mut save,
        progress: &mut progress,
    };
    for &(x, o) in line.iter().rev() {
        let key = geo.canonical(x, o).0;
        builder.search_moves(&mut book, key, plan.again)?;
        builder.follow_open(&mut book, key, plan.levels)?;
    }
    Ok(book)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use super::{Plan, REPLY_DEPTH, make_line_proving, replies_to_try};
    use crate::engine::{Budget, Outcome, Solver as _};
    use crate::games::mnk::book::choices::ranked_in;
    use crate::games::mnk::book::losses::{Losses, Proof, after};
    use crate::games::mnk::{Geometry, MnkGame, MnkSolver};

    /// A build of a second a move, one level of `replies` replies, on
    /// `threads` threads.
    fn plan(replies: usize, threads: usize) -> Plan {
        Plan {
            think: Duration::from_secs(1),
            replies,
            levels: 1,
            threads,
            again: false,
        }
    }

    /// The position's value by the exact search, no book, no time limit.
    fn exact(pos: &MnkGame) -> Outcome {
        MnkSolver::without_book(&pos.geo)
            .value(pos, &Budget::unlimited())
            .outcome
    }

    /// Checks every move `book` calls lost by the exact search.
    fn every_loss_is_exact(geo: &Arc<Geometry>, book: &Losses) {
        for ((x, o), entry) in book.entries() {
            for &c in entry.lost.keys() {
                let (cx, co) = after(x, o, c);
                let child = MnkGame::from_bits(Arc::clone(geo), cx, co);
                assert_eq!(exact(&child), Outcome::Win, "{x:x} {o:x}: move {c}");
            }
        }
    }

    /// A prover that is the exact search: whether the side to move wins.
    fn by_exact(_: &MnkSolver, pos: &MnkGame, _: &Budget) -> bool {
        exact(pos) == Outcome::Win
    }

    /// On 4×4 with k = 3 (won for X), after X's corner: a prover that
    /// proves nothing of O's moves themselves leaves each open, and the
    /// replies prove them lost through the positions after them, whose
    /// moves it proves by the exact search. Every move the book calls
    /// lost is lost by the exact search, and the book reads back.
    #[test]
    fn moves_left_open_are_proven_lost_through_a_reply() {
        let geo = Arc::new(Geometry::new(4, 4, 3));
        let prove = |_: &MnkSolver, pos: &MnkGame, _: &Budget| {
            pos.x.low().count_ones() + pos.o.low().count_ones() > 2 && exact(pos) == Outcome::Win
        };
        let plan = plan(2, 2);
        let mut saves = 0;
        let start = (1, 0);
        let book = make_line_proving(
            &geo,
            &[start],
            &plan,
            Losses::default(),
            &prove,
            |_| -> Result<(), ()> {
                saves += 1;
                Ok(())
            },
            |_| {},
        )
        .unwrap();
        assert_eq!(Losses::parse(&geo, &book.to_text(&geo)), Some(book.clone()));
        let key = geo.canonical(start.0, start.1).0;
        let entry = book.entry(key).unwrap();
        let replies = entry
            .lost
            .values()
            .filter(|p| matches!(p, Proof::Reply(_)))
            .count();
        assert!(replies > 0, "{entry:?}");
        assert!(entry.lost.values().all(|p| matches!(p, Proof::Reply(_))));
        assert!(saves > entry.lost.len());
        // Every move the book calls lost, the start's and those of the
        // positions after the replies, is lost by the exact search.
        every_loss_is_exact(&geo, &book);
    }

    /// A reply the book already proves is used where the build tries no
    /// replies at all: after a build of one grandchild, a build of the
    /// start whose own searches prove nothing lists the move before it
    /// lost through that reply, and nothing else.
    #[test]
    fn a_reply_the_book_already_proves_is_used() {
        let geo = Arc::new(Geometry::new(4, 4, 3));
        let start = (1u64, 0u64);
        let key = geo.canonical(start.0, start.1).0;
        let empty = |x: u64, o: u64| (0..16).filter(move |&c| (x | o) >> c & 1 == 0);
        // O's first move in the canonical start, and X's winning reply.
        let c = empty(key.0, key.1).next().unwrap();
        let (cx, co) = after(key.0, key.1, c);
        let r = empty(cx, co)
            .find(|&r| {
                let (gx, go) = after(cx, co, r);
                exact(&MnkGame::from_bits(Arc::clone(&geo), gx, go)) == Outcome::Loss
            })
            .unwrap();
        let plan = plan(0, 1);
        let ok = |_: &Losses| -> Result<(), ()> { Ok(()) };
        let grandchild = after(cx, co, r);
        let book = make_line_proving(
            &geo,
            &[grandchild],
            &plan,
            Losses::default(),
            &by_exact,
            ok,
            |_| {},
        )
        .unwrap();
        assert!(book.all_lost(&geo, geo.canonical(grandchild.0, grandchild.1).0));
        let nothing = |_: &MnkSolver, _: &MnkGame, _: &Budget| false;
        let book = make_line_proving(&geo, &[start], &plan, book, &nothing, ok, |_| {}).unwrap();
        let entry = book.entry(key).unwrap();
        assert_eq!(entry.lost.get(&c), Some(&Proof::Reply(r)), "{entry:?}");
        assert!(entry.lost.values().all(|p| matches!(p, Proof::Reply(_))));
        for (&m, p) in &entry.lost {
            let Proof::Reply(reply) = *p else { continue };
            let (mx, mo) = after(key.0, key.1, m);
            let (gx, go) = after(mx, mo, reply);
            assert!(book.all_lost(&geo, geo.canonical(gx, go).0), "move {m}");
        }
        assert_eq!(Losses::parse(&geo, &book.to_text(&geo)), Some(book.clone()));
    }

    /// A resumed build takes the moves left open as they were, and with
    /// `again` searches them anew: on 4×4 with k = 3 after X's corner, a
    /// build whose prover proves nothing leaves every move open, the same
    /// build resumed with the exact search keeps them open, and with
    /// `again` it proves each lost that the exact search loses.
    #[test]
    fn moves_left_open_are_searched_again_when_asked() {
        let geo = Arc::new(Geometry::new(4, 4, 3));
        let start = (1u64, 0u64);
        let key = geo.canonical(start.0, start.1).0;
        let mut plan = plan(0, 2);
        let ok = |_: &Losses| -> Result<(), ()> { Ok(()) };
        let nothing = |_: &MnkSolver, _: &MnkGame, _: &Budget| false;
        let book = make_line_proving(
            &geo,
            &[start],
            &plan,
            Losses::default(),
            &nothing,
            ok,
            |_| {},
        )
        .unwrap();
        let entry = book.entry(key).unwrap().clone();
        assert!(entry.lost.is_empty() && entry.open.len() == 15, "{entry:?}");
        let resumed =
            make_line_proving(&geo, &[start], &plan, book.clone(), &by_exact, ok, |_| {}).unwrap();
        assert_eq!(resumed, book);
        plan.again = true;
        let again = make_line_proving(&geo, &[start], &plan, book, &by_exact, ok, |_| {}).unwrap();
        let entry = again.entry(key).unwrap();
        assert!(!entry.lost.is_empty(), "{entry:?}");
        for c in (0..16).filter(|&c| (key.0 | key.1) >> c & 1 == 0) {
            let (x, o) = after(key.0, key.1, c);
            let lost = exact(&MnkGame::from_bits(Arc::clone(&geo), x, o)) == Outcome::Win;
            assert_eq!(entry.lost.contains_key(&c), lost, "move {c}");
            assert_eq!(entry.open.contains(&c), !lost, "move {c}");
        }
    }
    /// A lost game's line proven back from its end: on 4×4 with k = 3, a
    /// game X wins (O's moves the first empty cells), and a prover blind
    /// to the positions O's moves of the game make (exact elsewhere), so
    /// that each of those moves is lost only through X's reply after it.
    /// Built last first, every position of the line has all its moves
    /// lost, the first included, each so by the exact search; built
    /// first to last, the first keeps its move of the game open.
    #[test]
    fn a_lost_line_is_proven_back_from_its_end() {
        let geo = Arc::new(Geometry::new(4, 4, 3));
        let empty = |x: u64, o: u64| (0..16).filter(move |&c| (x | o) >> c & 1 == 0);
        let (mut x, mut o) = (1u64, 0u64);
        let (mut line, mut blind) = (Vec::new(), Vec::new());
        while !geo.is_over(x, o) {
            line.push((x, o));
            (x, o) = after(x, o, empty(x, o).next().unwrap());
            blind.push(geo.canonical(x, o).0);
            assert!(!geo.is_over(x, o), "O cannot end a game X wins");
            let wins = |r: usize| {
                let (gx, go) = after(x, o, r);
                geo.has_line(gx)
                    || exact(&MnkGame::from_bits(Arc::clone(&geo), gx, go)) == Outcome::Loss
            };
            (x, o) = after(x, o, empty(x, o).find(|&r| wins(r)).unwrap());
            if geo.is_over(x, o) {
                // X's reply ends the game: the move before it is lost by
                // search, as the searches of `analyze` prove it at once.
                blind.pop();
            }
        }
        assert!(geo.has_line(x) && line.len() >= 3, "{line:?}");
        let prove = |_: &MnkSolver, pos: &MnkGame, _: &Budget| {
            let (x, o) = (pos.x.low(), pos.o.low());
            !blind.contains(&geo.canonical(x, o).0) && exact(pos) == Outcome::Win
        };
        let plan = plan(0, 2);
        let ok = |_: &Losses| -> Result<(), ()> { Ok(()) };
        let book =
            make_line_proving(&geo, &line, &plan, Losses::default(), &prove, ok, |_| {}).unwrap();
        for (i, &(x, o)) in line.iter().enumerate() {
            let key = geo.canonical(x, o).0;
            assert!(book.all_lost(&geo, key), "{i}: {:?}", book.entry(key));
            let through = book.entry(key).unwrap().lost.values();
            let replies = through.filter(|p| matches!(p, Proof::Reply(_))).count();
            assert_eq!(replies > 0, i + 1 < line.len(), "{i}: {replies}");
        }
        every_loss_is_exact(&geo, &book);
        let mut forward = Losses::default();
        for &start in &line {
            forward =
                make_line_proving(&geo, &[start], &plan, forward, &prove, ok, |_| {}).unwrap();
        }
        let first = geo.canonical(line[0].0, line[0].1).0;
        assert!(!forward.all_lost(&geo, first), "{:?}", forward.entry(first));
    }

    /// The reply that proved the most other moves of a position lost is
    /// tried first, then the playing search's order: on 4×4 with k = 3
    /// after X's corner, with the search's last choice given as the reply
    /// of two moves and its second as that of one, the first reply tried
    /// to a third move is the search's last choice, then the search's
    /// first; where that cell is taken, the next most used comes first.
    #[test]
    fn the_reply_that_proved_the_most_moves_is_tried_first() {
        let geo = Arc::new(Geometry::new(4, 4, 3));
        let key = geo.canonical(1, 0).0;
        let empty: Vec<usize> = (0..16).filter(|&c| (key.0 | key.1) >> c & 1 == 0).collect();
        let c = empty[0];
        let child = after(key.0, key.1, c);
        let order = ranked_in(&geo, child.0, child.1, REPLY_DEPTH);
        let (last, second) = (order[order.len() - 1], order[1]);
        let others: Vec<usize> = empty
            .iter()
            .copied()
            .filter(|&m| m != c && m != last && m != second)
            .collect();
        let mut book = Losses::default();
        let entry = book.entry_mut(key);
        entry.open.insert(c);
        entry.lost.insert(others[0], Proof::Reply(last));
        entry.lost.insert(others[1], Proof::Reply(last));
        entry.lost.insert(others[2], Proof::Reply(second));
        assert_eq!(
            replies_to_try(&geo, &book, key, child, 2),
            vec![last, order[0]]
        );
        assert_eq!(
            replies_to_try(&geo, &book, key, child, 0),
            Vec::<usize>::new()
        );
        // With the most used reply's cell taken in the child (as if it were
        // the move itself), the next most used, `second`, comes first.
        let taken = (child.0, child.1 | 1 << last);
        let tried = replies_to_try(&geo, &book, key, taken, 2);
        assert_eq!(tried[0], second, "{tried:?}");
        // With no reply in the entry, the search's order alone.
        let bare = Losses::default();
        assert_eq!(
            replies_to_try(&geo, &bare, key, child, 2),
            order[..2].to_vec()
        );
    }
}
