//! Books of choices: on boards within 64 cells that the exact search
//! cannot prove from the start (8×8 with k = 5), the playing search's
//! choice in each opening position, searched offline to a fixed depth —
//! two plies past what a second a move reaches there — by `unbeatable
//! book --choices` and shipped in `assets/books/`; with check depths,
//! the searches that many plies ahead vote too, and a move stands only
//! where more than half of the searches choose it. A choice is not a
//! proof: play checks it against the threats as it checks its own
//! search's (`strength::advise`), and calls it what it is, the search's
//! choice. Why: docs/mnk.md, "A book of the search's
//! choices".

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::engine::Budget;
use crate::games::mnk::Geometry;
use crate::games::mnk::beyond::lines::Lines;
use crate::games::mnk::beyond::search::Search;
use crate::games::mnk::book::make::run_each;

/// Plies the search always finishes at the root (as play's).
pub const MIN_DEPTH: i32 = 2;

/// A position's choice at the book's depth, and at its check depths, in
/// their order, as far as they were searched (see `Choices::complete`).
type Entry = (usize, Vec<usize>);

/// The most check depths a book has: three votes with its depth.
pub const MAX_CHECKS: usize = 2;

/// The move an entry's searches choose most often, and how many choose
/// it (where more than half do, as a vote asks, the move is the only
/// one).
fn leading((cell, checked): &Entry) -> (usize, usize) {
    let votes: Vec<usize> = std::iter::once(*cell)
        .chain(checked.iter().copied())
        .collect();
    let count = |c: usize| votes.iter().filter(|&&v| v == c).count();
    votes
        .iter()
        .map(|&c| (c, count(c)))
        .max_by_key(|&(_, n)| n)
        .unwrap_or((*cell, 0))
}

/// The search's choice, by canonical `(x, o)` bitboards, in the
/// canonical position's cells, and where the book has check depths, the
/// choices at those depths too.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Choices {
    /// The plies each choice's search looked ahead.
    pub depth: i32,
    /// The searches at these depths vote with the book's own, and a move
    /// stands only where more than half of the votes choose it: where
    /// they are split, the search cannot tell the moves apart, and play's
    /// own search decides. One check: the two must agree; two: the move
    /// two of three choose, which need not be the deepest search's
    /// (docs/mnk.md).
    pub checks: Vec<i32>,
    entries: HashMap<(u64, u64), Entry>,
}

impl Choices {
    #[must_use]
    pub fn new(depth: i32, checks: Vec<i32>) -> Self {
        Self {
            depth,
            checks,
            entries: HashMap::new(),
        }
    }

    /// The choice that stands in the position `(x, o)`, in its own cells
    /// (see `checks`).
    #[must_use]
    pub fn get(&self, geo: &Geometry, x: u64, o: u64) -> Option<usize> {
        let (key, s) = geo.canonical(x, o);
        let cell = self.verdict(self.entries.get(&key)?)?;
        geo.inverses.get(s)?.get(cell).copied()
    }

    /// Whether the canonical position `key` has its choice, and as many
    /// of its checks as decide it (see `complete`).
    #[must_use]
    pub fn has(&self, key: (u64, u64)) -> bool {
        self.entries.get(&key).is_some_and(|e| self.complete(e))
    }

    /// How many positions have a choice that stands (see `get`).
    #[must_use]
    pub fn standing(&self) -> usize {
        self.entries
            .values()
            .filter(|entry| self.verdict(entry).is_some())
            .count()
    }

    /// The move more than half of the book's votes (its depth's and its
    /// check depths') choose, if one is.
    fn verdict(&self, entry: &Entry) -> Option<usize> {
        let (cell, votes) = leading(entry);
        (2 * votes > 1 + self.checks.len()).then_some(cell)
    }

    /// Whether an entry needs no more searches: every check is there, or
    /// the votes there already decide, one way or the other (a move has
    /// more than half of them, or none can have).
    fn complete(&self, entry: &Entry) -> bool {
        let missing = self.checks.len().saturating_sub(entry.1.len());
        let (_, votes) = leading(entry);
        let all = 1 + self.checks.len();
        missing == 0 || 2 * votes > all || 2 * (votes + missing) <= all
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every entry as `(x, o, cell, checked)`, canonical, in a stable
    /// order.
    #[must_use]
    pub fn entries(&self) -> Vec<(u64, u64, usize, Vec<usize>)> {
        let mut all: Vec<_> = self
            .entries
            .iter()
            .map(|(&(x, o), (c, checked))| (x, o, *c, checked.clone()))
            .collect();
        all.sort_unstable();
        all
    }

    /// The book as text: a header naming the board, the depth and the
    /// check depths if any, then `x o cell [checked…]` lines (bitboards
    /// in hexadecimal).
    #[must_use]
    pub fn to_text(&self, geo: &Geometry) -> String {
        let mut out = format!(
            "# unbeatable mnk book of the search's choices\nchoices {} {} {} depth {}",
            geo.width, geo.height, geo.k, self.depth
        );
        if !self.checks.is_empty() {
            out.push_str(" check");
        }
        for c in &self.checks {
            let _ = write!(out, " {c}");
        }
        out.push('\n');
        for (x, o, cell, checked) in self.entries() {
            let _ = write!(out, "{x:x} {o:x} {cell}");
            for c in checked {
                let _ = write!(out, " {c}");
            }
            out.push('\n');
        }
        out
    }

    /// Reads a book of choices for `geo`; `None` if the text is for
    /// another board or not such a book. An entry that is not a canonical
    /// position, or whose cell is not empty there, makes the whole book
    /// refused: a broken book is never trusted.
    #[must_use]
    pub fn parse(geo: &Geometry, text: &str) -> Option<Self> {
        let mut lines = text.lines().filter(|l| !l.starts_with('#'));
        let header: Vec<&str> = lines.next()?.split_whitespace().collect();
        let want = [geo.width, geo.height, geo.k].map(|n| n.to_string());
        if geo.gravity
            || geo.cells() > 64
            || !(header.len() == 6
                || (8..=7 + MAX_CHECKS).contains(&header.len()) && header[6] == "check")
            || header[0] != "choices"
            || header[1..4] != want
            || header[4] != "depth"
        {
            return None;
        }
        let checks = header
            .iter()
            .skip(7)
            .map(|c| c.parse().ok())
            .collect::<Option<Vec<i32>>>()?;
        let mut book = Self::new(header[5].parse().ok()?, checks);
        for line in lines {
            let mut parts = line.split_whitespace();
            let x = u64::from_str_radix(parts.next()?, 16).ok()?;
            let o = u64::from_str_radix(parts.next()?, 16).ok()?;
            let taken = x | o;
            let mut cell = || -> Option<Option<usize>> {
                let Some(part) = parts.next() else {
                    return Some(None);
                };
                let cell: usize = part.parse().ok()?;
                (cell < geo.cells() && taken >> cell & 1 == 0).then_some(Some(cell))
            };
            let choice = cell()??;
            let mut checked = Vec::new();
            while let Some(c) = cell()? {
                checked.push(c);
            }
            if checked.len() > book.checks.len()
                || x & o != 0
                || taken & !geo.full != 0
                || geo.canonical(x, o).0 != (x, o)
            {
                return None;
            }
            book.entries.insert((x, o), (choice, checked));
        }
        Some(book)
    }
}

/// The positions a book of choices covers, canonical, each once, in the
/// order a build takes them: the empty board; X's first stone on any cell
/// one in from the edge or further (the centre); O's reply in the centre
/// too (where the openings of the match runner put the two stones); then
/// X's second stone next to its first, and last next to O's stone only.
/// On 8×8: 1, 6, 165, 780 and 1034 more positions. `None` for a board
/// past 64 cells or with gravity.
#[must_use]
pub fn positions(geo: &Geometry) -> Option<Vec<(u64, u64)>> {
    if geo.gravity || geo.cells() > 64 {
        return None;
    }
    let (w, h) = (geo.width, geo.height);
    let centre: Vec<usize> = (0..geo.cells())
        .filter(|&c| (1..w.saturating_sub(1)).contains(&(c % w)))
        .filter(|&c| (1..h.saturating_sub(1)).contains(&(c / w)))
        .collect();
    let touches = |a: usize, b: usize| {
        let (ax, ay, bx, by) = (a % w, a / w, b % w, b / w);
        a != b && ax.abs_diff(bx) <= 1 && ay.abs_diff(by) <= 1
    };
    let mut seen = std::collections::HashSet::new();
    let mut order = Vec::new();
    let mut add = |x: u64, o: u64| {
        let key = geo.canonical(x, o).0;
        if seen.insert(key) {
            order.push(key);
        }
    };
    add(0, 0);
    for &a in &centre {
        add(1 << a, 0);
    }
    let pairs: Vec<(usize, usize)> = centre
        .iter()
        .flat_map(|&a| centre.iter().map(move |&b| (a, b)))
        .filter(|(a, b)| a != b)
        .collect();
    for &(a, b) in &pairs {
        add(1 << a, 1 << b);
    }
    for near_own in [true, false] {
        for &(a, b) in &pairs {
            for c in (0..geo.cells()).filter(|&c| c != a && c != b) {
                if touches(c, a) == near_own && (touches(c, a) || touches(c, b)) {
                    add(1 << a | 1 << c, 1 << b);
                }
            }
        }
    }
    Some(order)
}

/// Why the board has no book of choices, if it has none.
#[must_use]
pub fn unsupported(geo: &Geometry) -> Option<String> {
    if geo.gravity || geo.cells() > 64 {
        Some("books of choices are for boards of at most 64 cells, without gravity".into())
    } else if Lines::new(geo.width, geo.height, geo.k).is_none() {
        Some(format!(
            "the playing search has no pattern tables for k={}",
            geo.k
        ))
    } else {
        None
    }
}

/// The playing search's choice in `(x, o)` at `depth` plies, with no time
/// limit and a table of its own: the same every time — for this image of
/// the position; the search breaks near ties by cell order, so another
/// image may come out another way (the books search canonical images).
/// `None` where the pattern tables do not cover the board or no move is
/// weighed.
#[must_use]
pub fn choose(geo: &Geometry, x: u64, o: u64, depth: i32) -> Option<usize> {
    ranked_in(geo, x, o, depth).first().copied()
}

/// `ranked` in the position of X's stones `x` and O's `o` (see
/// `choose`): empty where the pattern tables do not cover the board.
#[must_use]
pub fn ranked_in(geo: &Geometry, x: u64, o: u64, depth: i32) -> Vec<usize> {
    let cells: Vec<u8> = (0..geo.cells())
        .map(|c| u8::from(x >> c & 1 == 1) + 2 * u8::from(o >> c & 1 == 1))
        .collect();
    Lines::from_cells(geo.width, geo.height, geo.k, &cells)
        .map(|mut lines| ranked(&mut lines, depth))
        .unwrap_or_default()
}

/// The playing search's moves on `lines` at `depth` plies, best first,
/// with no time limit and a table of its own: the same every time for
/// this image of the position (see `choose`; the book of shapes'
/// searches too).
#[must_use]
pub fn ranked(lines: &mut Lines, depth: i32) -> Vec<usize> {
    let unlimited = Budget::unlimited();
    let mut search = Search::new(lines, &unlimited);
    search.max_depth = depth;
    let moves = search.root_moves();
    search
        .rank(moves, MIN_DEPTH)
        .into_iter()
        .map(|s| s.mv)
        .collect()
}

/// What `make` is asked for.
#[derive(Clone, Debug)]
pub struct Plan {
    pub depth: i32,
    /// The check depths (see `Choices::checks`).
    pub checks: Vec<i32>,
    /// Positions searched at once, each on its own thread.
    pub threads: usize,
    /// The book is handed to `save` at least this often.
    pub save_every: Duration,
    /// At most this many positions of `positions` (the first ones).
    pub limit: usize,
}

/// Searches every position of `positions(geo)` (the first `plan.limit`)
/// that `resume` (an earlier run's, at the same depth) has not, at the
/// book's depth and at its check depths in turn, as far as they decide
/// its vote (`Choices::complete`), handing the book to `save` now and
/// then, so that a stopped build goes on where it was; a book made with
/// fewer checks (the plan's first ones) gets the others by their
/// searches alone. `progress` hears how many of how many are done.
///
/// # Errors
/// Where the board has no such book, or the resumed book was made at
/// another depth or other check depths, a sentence saying so; else the
/// first error `save` returns, where the build stops.
pub fn make(
    geo: &Geometry,
    plan: &Plan,
    resume: Option<Choices>,
    mut save: impl FnMut(&Choices) -> Result<(), String>,
    mut progress: impl FnMut(usize, usize),
) -> Result<Choices, String> {
    if let Some(why) = unsupported(geo) {
        return Err(why);
    }
    let mut all = positions(geo).unwrap_or_default();
    all.truncate(plan.limit);
    let mut book = resume.unwrap_or_else(|| Choices::new(plan.depth, plan.checks.clone()));
    if book.depth != plan.depth {
        return Err(format!(
            "it was made at depth {}, not {}",
            book.depth, plan.depth
        ));
    }
    if !plan.checks.starts_with(&book.checks) {
        let named = |c: &[i32]| match c {
            [] => "none".to_string(),
            _ => c.iter().map(i32::to_string).collect::<Vec<_>>().join(", "),
        };
        return Err(format!(
            "it was made with check depths {}, not {}",
            named(&book.checks),
            named(&plan.checks)
        ));
    }
    book.checks.clone_from(&plan.checks);
    // Each with what it has of its searches.
    let todo: Vec<_> = all
        .iter()
        .filter(|&&k| !book.has(k))
        .map(|&k| (k, book.entries.get(&k).cloned()))
        .collect();
    let total = all.len();
    progress(total - todo.len(), total);
    let workers = vec![(); plan.threads.max(1)];
    // Judges an entry's votes on the threads (the book is this thread's).
    let judge = Choices::new(plan.depth, plan.checks.clone());
    let (mut saved, mut failed) = (Instant::now(), None);
    run_each(
        &workers,
        &todo,
        |(), ((x, o), made)| {
            let mut entry = match made {
                Some(entry) => entry.clone(),
                None => (choose(geo, *x, *o, plan.depth)?, Vec::new()),
            };
            while !judge.complete(&entry) {
                let depth = plan.checks[entry.1.len()];
                entry.1.push(choose(geo, *x, *o, depth)?);
            }
            Some(entry)
        },
        |&(key, _), entry| {
            if let Some(entry) = entry {
                book.entries.insert(key, entry);
            }
            if saved.elapsed() < plan.save_every {
                return true;
            }
            if let Err(e) = save(&book) {
                failed = Some(e);
                return false;
            }
            progress(all.iter().filter(|&&k| book.has(k)).count(), total);
            saved = Instant::now();
            true
        },
    );
    match failed {
        Some(e) => Err(e),
        None => Ok(book),
    }
}

/// The books of choices compiled into the binary: every `.choices` file
/// in `assets/books/`, listed by `build.rs`.
pub const BUILTIN_CHOICES: &[&str] = include!(concat!(env!("OUT_DIR"), "/choices.rs"));

/// The board a shipped book's header names (`kind W H K …`): one of at
/// most 64 cells without gravity, where `k` fits.
pub(super) fn board_of(text: &str, kind: &str) -> Option<Geometry> {
    let header = text.lines().find(|l| !l.starts_with('#'))?;
    let mut words = header.split_whitespace();
    if words.next()? != kind {
        return None;
    }
    let dims: Vec<usize> = words
        .take(3)
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let [w, h, k] = dims[..] else { return None };
    let cells = w.saturating_mul(h);
    if w == 0 || h == 0 || cells > 64 || k == 0 || k > w.max(h) {
        return None;
    }
    Some(Geometry::new(w, h, k))
}

/// The built-in book of choices of the board `width × height`, `k`
/// (without gravity), with the board's geometry; each read once.
#[must_use]
pub fn builtin(width: usize, height: usize, k: usize) -> Option<&'static (Geometry, Choices)> {
    static READ: OnceLock<Vec<(Geometry, Choices)>> = OnceLock::new();
    READ.get_or_init(|| {
        BUILTIN_CHOICES
            .iter()
            .filter_map(|text| {
                let geo = board_of(text, "choices")?;
                let book = Choices::parse(&geo, text)?;
                Some((geo, book))
            })
            .collect()
    })
    .iter()
    .find(|(geo, _)| (geo.width, geo.height, geo.k) == (width, height, k))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{Choices, Plan, choose, make, positions};
    use crate::games::mnk::Geometry;

    /// The positions of 8×8: the empty board, X's stone in the centre's
    /// 6×6 (6 up to symmetry), O's there too (165), then X's second stone
    /// next to its first (780), then next to O's only (1034); each
    /// canonical, once, in that order.
    #[test]
    fn the_positions_are_the_centre_openings_each_once() {
        let geo = Geometry::new(8, 8, 5);
        let all = positions(&geo).unwrap_or_default();
        let count = |stones| {
            all.iter()
                .filter(|(x, o)| (x | o).count_ones() == stones)
                .count()
        };
        assert_eq!([count(0), count(1), count(2), count(3)], [1, 6, 165, 1814]);
        assert!(all.is_sorted_by_key(|(x, o)| (x | o).count_ones()));
        let distinct: std::collections::HashSet<_> = all.iter().collect();
        assert_eq!(distinct.len(), all.len());
        assert!(all.iter().all(|&(x, o)| geo.canonical(x, o).0 == (x, o)));
        // X's second stone touches its first in the first 780 of three.
        let touching = |a: u64, b: u64| {
            let (a, b) = (a.trailing_zeros(), b.trailing_zeros());
            (a % 8).abs_diff(b % 8) <= 1 && (a / 8).abs_diff(b / 8) <= 1
        };
        let own: Vec<bool> = all[172..]
            .iter()
            .map(|&(x, _)| touching(x & x.wrapping_neg(), x & (x - 1)))
            .collect();
        assert!(own[..780].iter().all(|&t| t));
        assert!(own[780..].iter().all(|&t| !t));
        assert_eq!(positions(&Geometry::with_gravity(7, 6, 4, true)), None);
        assert_eq!(positions(&Geometry::new(9, 9, 5)), None);
    }

    /// A book made on two threads, stopped by its `save` and resumed
    /// from one made without a check, holds the search's choice at its
    /// depth and at its first check depth in each position, and at its
    /// second where those two disagree, and answers the move two of the
    /// three choose, where one is; it reads back from its text, and
    /// answers a position's every image under the board's symmetries with
    /// the move's image (or one equal to it).
    #[test]
    fn a_book_holds_the_search_at_its_depths_and_reads_back() {
        let geo = Geometry::new(7, 7, 5);
        let plan = Plan {
            depth: 3,
            checks: vec![2, 1],
            threads: 2,
            save_every: Duration::ZERO,
            limit: 60,
        };
        let mut saves = 0;
        let stopped = make(
            &geo,
            &plan,
            None,
            |_| {
                saves += 1;
                if saves > 5 {
                    Err("stop".to_string())
                } else {
                    Ok(())
                }
            },
            |_, _| {},
        );
        assert_eq!(stopped.err().as_deref(), Some("stop"));
        let mut half = Choices::new(3, Vec::new());
        let all = positions(&geo).unwrap_or_default();
        for &(x, o) in all.iter().take(60).step_by(2) {
            let cell = choose(&geo, x, o, 3).unwrap_or_default();
            half.entries.insert((x, o), (cell, Vec::new()));
        }
        let book = make(&geo, &plan, Some(half), |_| Ok(()), |_, _| {}).unwrap_or_default();
        assert_eq!(book.len(), 60);
        // Standing by the deepest search's move, by the others' against
        // it, not standing.
        let mut stands = [0, 0, 0];
        for (x, o, cell, checked) in book.entries() {
            let search = |d| choose(&geo, x, o, d).unwrap_or(usize::MAX);
            assert_eq!(cell, search(3), "{x:x} {o:x}");
            let (two, one) = (search(2), search(1));
            let want = if two == cell {
                vec![two]
            } else {
                vec![two, one]
            };
            assert_eq!(checked, want, "{x:x} {o:x}");
            let standing = if two == cell || one == cell {
                Some(cell)
            } else {
                (two == one).then_some(two)
            };
            stands[match standing {
                Some(c) if c == cell => 0,
                Some(_) => 1,
                None => 2,
            }] += 1;
            let Some(standing) = standing else {
                assert_eq!(book.get(&geo, x, o), None, "{x:x} {o:x}");
                continue;
            };
            let cell = standing;
            for s in 0..geo.symmetries.len() {
                let (ix, io) = (geo.transform(s, x), geo.transform(s, o));
                let mv = book.get(&geo, ix, io).unwrap_or(usize::MAX);
                assert!(mv < geo.cells() && (ix | io) >> mv & 1 == 0);
                let after = geo.canonical(ix | 1 << mv, io);
                let want = geo.canonical(x | 1 << cell, o);
                let played = if (x | o).count_ones() % 2 == 0 {
                    (after, want)
                } else {
                    (
                        geo.canonical(ix, io | 1 << mv),
                        geo.canonical(x, o | 1 << cell),
                    )
                };
                assert_eq!(played.0.0, played.1.0, "{x:x} {o:x} image {s}");
            }
        }
        assert!(stands.iter().all(|&n| n > 0), "{stands:?}");
        assert_eq!(book.standing(), stands[0] + stands[1]);
        let text = book.to_text(&geo);
        assert_eq!(Choices::parse(&geo, &text), Some(book.clone()));
        // Resumed at another depth or other checks: refused.
        let deeper = Plan {
            depth: 4,
            ..plan.clone()
        };
        assert!(make(&geo, &deeper, Some(book.clone()), |_| Ok(()), |_, _| {}).is_err());
        let other = Plan {
            checks: vec![2],
            ..plan
        };
        assert!(make(&geo, &other, Some(book), |_| Ok(()), |_, _| {}).is_err());
    }

    /// A book for another board, or with an entry that is not a canonical
    /// position, whose cell is taken or off the board, is refused whole.
    #[test]
    fn a_broken_book_is_refused() {
        let geo = Geometry::new(7, 7, 5);
        let good = "choices 7 7 5 depth 3\n0 0 24\n";
        assert!(Choices::parse(&geo, good).is_some());
        let checked = "choices 7 7 5 depth 3 check 2\n0 0 24 17\n";
        assert!(Choices::parse(&geo, checked).is_some());
        let twice = "choices 7 7 5 depth 3 check 2 1\n0 0 24 17 3\n0 1 24 24\n";
        assert!(Choices::parse(&geo, twice).is_some());
        for bad in [
            "choices 8 8 5 depth 3\n0 0 24\n",
            "choices 7 7 5 depth three\n0 0 24\n",
            "board 7 7 5 depth 3\n0 0 24\n",
            "choices 7 7 5 depth 3\n0 0 49\n",
            "choices 7 7 5 depth 3\n1000000 0 24\n",
            "choices 7 7 5 depth 3\n1 0 0\n",
            "choices 7 7 5 depth 3\n1 1 3\n",
            "choices 7 7 5 depth 3\n0 0 24 9\n",
            "choices 7 7 5 depth 3\n0 0\n",
            "choices 7 7 5 depth 3\n4000000000000 0 3\n",
            "choices 7 7 5 depth 3 check two\n0 0 24 17\n",
            "choices 7 7 5 depth 3 cheque 2\n0 0 24 17\n",
            "choices 7 7 5 depth 3 check 2\n0 0 24 17 3\n",
            "choices 7 7 5 depth 3 check 2 1\n0 0 24 17 3 4\n",
            "choices 7 7 5 depth 3 check 2 1 0\n0 0 24\n",
            "choices 7 7 5 depth 3 check\n0 0 24\n",
            "choices 7 7 5 depth 3 check 2\n1 0 24 0\n",
            "choices 7 7 5 depth 3 check 2\n0 0 24 x\n",
        ] {
            assert_eq!(Choices::parse(&geo, bad), None, "{bad}");
        }
        let gravity = Geometry::with_gravity(7, 7, 5, true);
        assert_eq!(Choices::parse(&gravity, good), None);
    }
}
