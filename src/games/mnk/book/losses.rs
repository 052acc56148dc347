//! Books of moves proven lost: on boards within 64 cells that the exact
//! search cannot prove from the start (8×8 with k = 5), positions where
//! a move play's search chooses takes minutes to prove lost, with every
//! move proven so offline by `unbeatable book --losses`: each child's
//! win for the opponent proven by the searches `analyze` runs, or,
//! where they leave it open, by a reply of the opponent's after which
//! every move is proven lost in turn (its position in the book too).
//! Play sets those moves aside while another move is not proven lost,
//! and `analyze` lists them lost; the exact search reads what the book
//! proves at every node (`losses_endings`), so a game that reaches its
//! positions by another order of stones is known too. Why: docs/mnk.md,
//! "A book of moves proven lost".

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::sync::OnceLock;

use crate::games::mnk::Geometry;

/// How a move of a position in the book is proven lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The opponent's win after it, proven by the searches of `analyze`
    /// in this many milliseconds (a test proves the quick ones again).
    Searched(u64),
    /// The opponent's reply on this cell, after which every move is
    /// proven lost: that position is in the book too.
    Reply(usize),
}

/// A position's moves: those proven lost, and those the build left open
/// (searched within its time and not proven), in the canonical
/// position's cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    pub lost: BTreeMap<usize, Proof>,
    pub open: BTreeSet<usize>,
}

/// Moves proven lost, by canonical `(x, o)` bitboards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Losses {
    entries: HashMap<(u64, u64), Entry>,
}

/// The stones of the player to move: X moves first.
fn mover_and_other(x: u64, o: u64) -> (bool, u64, u64) {
    let x_moves = x.count_ones() == o.count_ones();
    if x_moves { (true, x, o) } else { (false, o, x) }
}

/// The position after `cell` is played in `(x, o)` by the side to move.
#[must_use]
pub fn after(x: u64, o: u64, cell: usize) -> (u64, u64) {
    let (x_moves, _, _) = mover_and_other(x, o);
    if x_moves {
        (x | 1 << cell, o)
    } else {
        (x, o | 1 << cell)
    }
}

impl Losses {
    /// The entry of the canonical position `key`, if the book has it.
    #[must_use]
    pub fn entry(&self, key: (u64, u64)) -> Option<&Entry> {
        self.entries.get(&key)
    }

    /// The entry of the canonical position `key`, made if missing.
    pub fn entry_mut(&mut self, key: (u64, u64)) -> &mut Entry {
        self.entries.entry(key).or_default()
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every entry, canonical, in a stable order.
    #[must_use]
    pub fn entries(&self) -> Vec<((u64, u64), &Entry)> {
        let mut all: Vec<_> = self.entries.iter().map(|(&k, e)| (k, e)).collect();
        all.sort_unstable_by_key(|&(k, _)| k);
        all
    }

    /// Whether every move of the canonical position `key` is proven lost
    /// (and it has one): the position is lost for the side to move.
    #[must_use]
    pub fn all_lost(&self, geo: &Geometry, key: (u64, u64)) -> bool {
        let empty = geo.full & !(key.0 | key.1);
        self.entries.get(&key).is_some_and(|e| {
            empty != 0 && (0..geo.cells()).all(|c| empty >> c & 1 == 0 || e.lost.contains_key(&c))
        })
    }

    /// The moves of the position `(x, o)` proven lost, in its own cells.
    #[must_use]
    pub fn lost(&self, geo: &Geometry, x: u64, o: u64) -> Vec<usize> {
        let (key, s) = geo.canonical(x, o);
        let Some(entry) = self.entries.get(&key) else {
            return Vec::new();
        };
        entry
            .lost
            .keys()
            .filter_map(|&c| geo.inverses.get(s)?.get(c).copied())
            .collect()
    }

    /// The move that wins the position `(x, o)` by the book: the reply
    /// the book names to the opponent's last stone, wherever that stone
    /// was (every one of the opponent's stones is tried as the last).
    #[must_use]
    pub fn winning(&self, geo: &Geometry, x: u64, o: u64) -> Option<usize> {
        let (_, _, theirs) = mover_and_other(x, o);
        let mut stones = theirs;
        while stones != 0 {
            let last = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            let (px, po) = if theirs == x {
                (x & !(1 << last), o)
            } else {
                (x, o & !(1 << last))
            };
            let (key, s) = geo.canonical(px, po);
            let Some(entry) = self.entries.get(&key) else {
                continue;
            };
            let Some(&canonical_last) = geo.symmetries.get(s).and_then(|p| p.get(last)) else {
                continue;
            };
            if let Some(Proof::Reply(r)) = entry.lost.get(&canonical_last)
                && let Some(&cell) = geo.inverses.get(s).and_then(|p| p.get(*r))
            {
                return Some(cell);
            }
        }
        None
    }

    /// Whether a reply proof holds in the book: after `cell` and `reply`
    /// in the canonical position `key`, the position is won by the reply
    /// or has every move proven lost.
    fn reply_holds(&self, geo: &Geometry, key: (u64, u64), cell: usize, reply: usize) -> bool {
        let (cx, co) = after(key.0, key.1, cell);
        if (cx | co) >> reply & 1 != 0 || reply >= geo.cells() {
            return false;
        }
        let (gx, go) = after(cx, co, reply);
        let (x_moved, _, _) = mover_and_other(cx, co);
        let replier = if x_moved { gx } else { go };
        geo.has_line(replier) || self.all_lost(geo, geo.canonical(gx, go).0)
    }

    /// The book as text: a header naming the board, then one line a
    /// position: `x o` (bitboards in hexadecimal), `lost` and its moves
    /// (`cell/ms` proven by search in that many milliseconds,
    /// `cell:reply` by the reply), `open` and the moves left open.
    #[must_use]
    pub fn to_text(&self, geo: &Geometry) -> String {
        let mut out = format!(
            "# unbeatable mnk book of moves proven lost\nlosses {} {} {}\n",
            geo.width, geo.height, geo.k
        );
        for ((x, o), entry) in self.entries() {
            let _ = write!(out, "{x:x} {o:x} lost");
            for (c, proof) in &entry.lost {
                let _ = match proof {
                    Proof::Searched(ms) => write!(out, " {c}/{ms}"),
                    Proof::Reply(r) => write!(out, " {c}:{r}"),
                };
            }
            out.push_str(" open");
            for c in &entry.open {
                let _ = write!(out, " {c}");
            }
            out.push('\n');
        }
        out
    }

    /// Reads a book of losses for `geo`; `None` if the text is for
    /// another board or not such a book. A position that is not
    /// canonical or over, a move on a taken cell or both lost and open,
    /// or a reply whose position is not proven lost in the book makes
    /// the whole book refused: a broken book is never trusted.
    #[must_use]
    pub fn parse(geo: &Geometry, text: &str) -> Option<Self> {
        let mut lines = text.lines().filter(|l| !l.starts_with('#'));
        let header: Vec<&str> = lines.next()?.split_whitespace().collect();
        let want = [geo.width, geo.height, geo.k].map(|n| n.to_string());
        if geo.gravity || geo.cells() > 64 || header.len() != 4 || header[0] != "losses" {
            return None;
        }
        if header[1..] != want {
            return None;
        }
        let mut book = Self::default();
        for line in lines {
            let mut parts = line.split_whitespace();
            let x = u64::from_str_radix(parts.next()?, 16).ok()?;
            let o = u64::from_str_radix(parts.next()?, 16).ok()?;
            let taken = x | o;
            let counts = (x.count_ones(), o.count_ones());
            if x & o != 0
                || taken & !geo.full != 0
                || !(counts.0 == counts.1 || counts.0 == counts.1 + 1)
                || geo.is_over(x, o)
                || geo.canonical(x, o).0 != (x, o)
                || parts.next()? != "lost"
                || book.entries.contains_key(&(x, o))
            {
                return None;
            }
            let empty = |c: usize| c < geo.cells() && taken >> c & 1 == 0;
            let mut entry = Entry::default();
            let mut open = false;
            for part in parts {
                if part == "open" && !open {
                    open = true;
                    continue;
                }
                if open {
                    let c: usize = part.parse().ok()?;
                    if !empty(c) || entry.lost.contains_key(&c) || !entry.open.insert(c) {
                        return None;
                    }
                    continue;
                }
                let (c, proof) = if let Some((c, ms)) = part.split_once('/') {
                    (c.parse().ok()?, Proof::Searched(ms.parse().ok()?))
                } else {
                    let (c, r) = part.split_once(':')?;
                    (c.parse().ok()?, Proof::Reply(r.parse().ok()?))
                };
                if !empty(c) || entry.lost.insert(c, proof).is_some() {
                    return None;
                }
            }
            if !open {
                return None;
            }
            book.entries.insert((x, o), entry);
        }
        // Each reply proof holds by the book's other entries.
        let holds = book.entries.iter().all(|(&key, entry)| {
            entry.lost.iter().all(|(&c, proof)| match *proof {
                Proof::Searched(_) => true,
                Proof::Reply(r) => book.reply_holds(geo, key, c, r),
            })
        });
        holds.then_some(book)
    }
}

/// The books of moves proven lost compiled into the binary: every
/// `.losses` file in `assets/books/`, listed by `build.rs`.
pub const BUILTIN_LOSSES: &[&str] = include!(concat!(env!("OUT_DIR"), "/losses.rs"));

/// The built-in book of moves proven lost of the board `width × height`,
/// `k` (without gravity), with the board's geometry; each read once.
#[must_use]
pub fn builtin(width: usize, height: usize, k: usize) -> Option<&'static (Geometry, Losses)> {
    static READ: OnceLock<Vec<(Geometry, Losses)>> = OnceLock::new();
    READ.get_or_init(|| {
        BUILTIN_LOSSES
            .iter()
            .filter_map(|text| {
                let geo = super::choices::board_of(text, "losses")?;
                let book = Losses::parse(&geo, text)?;
                Some((geo, book))
            })
            .collect()
    })
    .iter()
    .find(|(geo, _)| (geo.width, geo.height, geo.k) == (width, height, k))
}

#[cfg(test)]
mod tests {
    use super::{Losses, Proof};
    use crate::games::mnk::Geometry;

    /// A book of 4×4 k=3 by hand: in the canonical position of X's
    /// corner stone, O's cell 1 lost by a search, and cell 2 by X's reply
    /// 5, after which O's every move is lost.
    fn small() -> (Geometry, Losses) {
        let geo = Geometry::new(4, 4, 3);
        let mut book = Losses::default();
        let (key, _) = geo.canonical(1, 0);
        book.entry_mut(key).lost.insert(1, Proof::Searched(12));
        book.entry_mut(key).open.insert(6);
        (geo, book)
    }

    #[test]
    fn a_book_reads_back_what_it_wrote() {
        let (geo, book) = small();
        let text = book.to_text(&geo);
        assert_eq!(Losses::parse(&geo, &text), Some(book));
        assert!(text.contains(" lost 1/12 open 6\n"), "{text}");
    }

    #[test]
    fn a_reply_proof_needs_its_position_lost_in_the_book() {
        let (geo, mut book) = small();
        let (key, _) = geo.canonical(1, 0);
        book.entry_mut(key).lost.insert(2, Proof::Reply(5));
        let text = book.to_text(&geo);
        assert_eq!(Losses::parse(&geo, &text), None, "{text}");
        // After X's 0, O's 2 and X's 5, every move of O's proven lost.
        let (gx, go) = (1 | 1 << 5, 1 << 2);
        let (gkey, _) = geo.canonical(gx, go);
        let empty: Vec<usize> = (0..16)
            .filter(|&c| (gkey.0 | gkey.1) >> c & 1 == 0)
            .collect();
        for &c in &empty[1..] {
            book.entry_mut(gkey).lost.insert(c, Proof::Searched(1));
        }
        let text = book.to_text(&geo);
        assert_eq!(Losses::parse(&geo, &text), None, "one move open: {text}");
        book.entry_mut(gkey)
            .lost
            .insert(empty[0], Proof::Searched(1));
        let text = book.to_text(&geo);
        let read = Losses::parse(&geo, &text).expect("every move lost: the reply holds");
        // The reply is the winning move in the position after O's 2; the
        // book holds cell 2's mirror image in the diagonal, cell 8, by its
        // own reply, 5 again (on the diagonal).
        assert_eq!(read.winning(&geo, 1, 1 << 2), Some(5));
        assert_eq!(read.winning(&geo, 1, 1 << 8), None);
        assert_eq!(read.winning(&geo, 1, 1 << 1), None);
        book.entry_mut(key).lost.insert(8, Proof::Reply(5));
        let read = Losses::parse(&geo, &book.to_text(&geo)).expect("the mirror image holds too");
        assert_eq!(read.winning(&geo, 1, 1 << 8), Some(5));
        // In the image of the whole position turned half round, X's corner
        // stone on cell 15: O's 13 (2's image) is met on 10 (5's).
        assert_eq!(read.winning(&geo, 1 << 15, 1 << 13), Some(10));
        assert_eq!(read.lost(&geo, 1, 0), vec![1, 2, 8]);
        let mut moved = read.lost(&geo, 1 << 15, 0);
        moved.sort_unstable();
        assert_eq!(moved, vec![7, 13, 14]);
    }

    #[test]
    fn a_broken_book_is_refused() {
        let (geo, book) = small();
        let text = book.to_text(&geo);
        for broken in [
            text.replace("losses 4 4 3", "losses 4 4 4"),
            text.replace(" lost 1/12", " lost 0/12"),
            text.replace(" open 6", " open 1"),
            text.replace(" open 6", ""),
            text.replace("1/12", "1/x"),
            text.replace("1 0 lost", "3 0 lost"),
            format!("{text}{}", text.lines().nth(2).unwrap_or_default()),
        ] {
            assert_eq!(Losses::parse(&geo, &broken), None, "{broken}");
        }
    }
}
