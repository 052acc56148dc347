//! The book of moves proven lost as the exact search reads it at every
//! node, as a table of endings: each position the book proves won or
//! lost for the player to move, under every symmetry of the board, so a
//! node looks it up without finding its canonical image. Why: a game
//! reaches the book's positions by other orders of the same stones,
//! where the book has no entry for the positions before them (on 8×8
//! k=5, `d5 g7 e4 d6 d4 c6 f4 c4 d2 c5 c3 e7 d3 d1` is the book's line
//! with X's c3 before d3; O's e7 there lost a match to Rapfi, while the
//! search, reading the book, proves it lost in a few nodes: X's four on
//! d3, O's block on d1, and the book's position).

use std::sync::OnceLock;

use rustc_hash::FxHashMap;

use super::losses::{self, Losses, after};
use crate::games::mnk::Geometry;

/// Positions proven won (`true`) or lost for the player to move.
#[derive(Clone, Debug, Default)]
pub struct Endings {
    won: FxHashMap<(u64, u64), bool>,
    /// The fewest and the most stones of any position held.
    stones: (u32, u32),
}

impl Endings {
    /// The book's proofs: after each move proven lost, the position is
    /// won for the opponent, to move there; a position with every move
    /// proven lost is lost. `None` if the book says both of a position,
    /// which a sound book never does: a broken book is never trusted.
    #[must_use]
    pub fn of(geo: &Geometry, book: &Losses) -> Option<Self> {
        let mut endings = Self {
            won: FxHashMap::default(),
            stones: (u32::MAX, 0),
        };
        for ((x, o), entry) in book.entries() {
            if book.all_lost(geo, (x, o)) {
                endings.insert(geo, (x, o), false)?;
            }
            for &c in entry.lost.keys() {
                endings.insert(geo, after(x, o, c), true)?;
            }
        }
        Some(endings)
    }

    /// Holds `won` for the position and its every image.
    fn insert(&mut self, geo: &Geometry, (x, o): (u64, u64), won: bool) -> Option<()> {
        for s in 0..geo.symmetries.len() {
            let image = (geo.transform(s, x), geo.transform(s, o));
            if *self.won.entry(image).or_insert(won) != won {
                return None;
            }
        }
        let n = (x | o).count_ones();
        self.stones = (self.stones.0.min(n), self.stones.1.max(n));
        Some(())
    }

    /// Whether the player to move wins (`Some(true)`) or loses the
    /// position `(x, o)` by the book; `None` where it does not say.
    #[must_use]
    pub fn get(&self, x: u64, o: u64) -> Option<bool> {
        let n = (x | o).count_ones();
        if n < self.stones.0 || n > self.stones.1 {
            return None;
        }
        self.won.get(&(x, o)).copied()
    }

    /// Whether the player to move in `(x, o)` has a move into a position
    /// held lost for the opponent (`full`: the board's cells): a win one
    /// ply above the endings, which a search may not reach in time where
    /// the move is no four (see `MnkSolver::by_endings`).
    #[must_use]
    pub fn wins_by_a_move(&self, full: u64, x: u64, o: u64) -> bool {
        let n = (x | o).count_ones() + 1;
        if n < self.stones.0 || n > self.stones.1 {
            return false;
        }
        let x_to_move = n % 2 == 1;
        let mut empty = full & !(x | o);
        while empty != 0 {
            let bit = empty & empty.wrapping_neg();
            empty &= empty - 1;
            let child = if x_to_move {
                (x | bit, o)
            } else {
                (x, o | bit)
            };
            if self.won.get(&child) == Some(&false) {
                return true;
            }
        }
        false
    }

    /// Whether a search from a position of `stones` stones may reach a
    /// position held: none has fewer stones than its root.
    #[must_use]
    pub const fn may_reach(&self, stones: u32) -> bool {
        stones <= self.stones.1
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.won.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.won.is_empty()
    }
}

/// The endings of the built-in book of moves proven lost of the board
/// `width × height`, `k` (see `losses::builtin`), made once.
#[must_use]
pub fn builtin(width: usize, height: usize, k: usize) -> Option<&'static Endings> {
    type Boards = Vec<((usize, usize, usize), Endings)>;
    static MADE: OnceLock<Boards> = OnceLock::new();
    MADE.get_or_init(|| {
        losses::BUILTIN_LOSSES
            .iter()
            .filter_map(|text| {
                let geo = super::choices::board_of(text, "losses")?;
                let (geo, book) = losses::builtin(geo.width, geo.height, geo.k)?;
                Some(((geo.width, geo.height, geo.k), Endings::of(geo, book)?))
            })
            .collect()
    })
    .iter()
    .find(|(board, _)| *board == (width, height, k))
    .map(|(_, endings)| endings)
}

#[cfg(test)]
mod tests {
    use super::Endings;
    use crate::engine::Budget;
    use crate::games::mnk::Geometry;
    use crate::games::mnk::book::Book;
    use crate::games::mnk::book::losses::{Losses, Proof};
    use crate::games::mnk::exact::search::Search;
    use crate::games::mnk::exact::tt::Tt;

    #[test]
    fn every_image_of_a_proof_is_held_and_a_contradiction_refused() {
        let geo = Geometry::new(4, 4, 3);
        let mut book = Losses::default();
        // X's corner stone (cell 0); O's cell 1 proven lost.
        let (key, _) = geo.canonical(1, 0);
        book.entry_mut(key).lost.insert(1, Proof::Searched(1));
        let endings = Endings::of(&geo, &book).expect("a sound book");
        // After O's 1, X to move wins, in each of the 8 images: the
        // corner 15 with 14 (turned half round), the corner 3 with 7.
        assert_eq!(endings.get(1, 1 << 1), Some(true));
        assert_eq!(endings.get(1 << 15, 1 << 14), Some(true));
        assert_eq!(endings.get(1 << 3, 1 << 7), Some(true));
        assert_eq!(endings.get(1, 1 << 2), None);
        assert_eq!(endings.get(1, 0), None, "one move open: not lost");
        assert_eq!(endings.len(), 8);
        // Every move of the position after O's 1 lost too would make X
        // to move there lose, where the book says X wins: refused.
        let (x, o) = (1, 1 << 1);
        let (child, _) = geo.canonical(x, o);
        let entry = book.entry_mut(child);
        for c in (0..16).filter(|&c| (child.0 | child.1) >> c & 1 == 0) {
            entry.lost.insert(c, Proof::Searched(1));
        }
        assert!(Endings::of(&geo, &book).is_none());
    }

    /// Tic-tac-toe, a draw, with endings that claim O loses after X's
    /// centre: the search from the empty board reads the claim one ply
    /// down and calls the board won, where it is drawn without it.
    #[test]
    fn the_exact_search_reads_the_endings_below_its_root() {
        let geo = Geometry::new(3, 3, 3);
        let mut book = Losses::default();
        let (key, _) = geo.canonical(1 << 4, 0);
        let entry = book.entry_mut(key);
        for c in (0..9).filter(|&c| c != 4) {
            entry.lost.insert(c, Proof::Searched(1));
        }
        let endings = Endings::of(&geo, &book).expect("a sound book");
        assert_eq!(endings.get(1 << 4, 0), Some(false));
        let budget = Budget::unlimited();
        let empty_book = Book::default();
        let mut tt = Tt::new(12);
        let mut plain = Search::new(&geo, &mut tt, &empty_book, &budget);
        assert_eq!(plain.bounded(0, 0, -1, 1), Some(0));
        assert_eq!(plain.endings_read, 0);
        let mut tt = Tt::new(12);
        let mut reading =
            Search::new(&geo, &mut tt, &empty_book, &budget).with_endings(Some(&endings));
        assert!(reading.bounded(0, 0, -1, 1).is_some_and(|v| v > 0));
        assert!(reading.endings_read > 0);
    }
}

#[cfg(test)]
mod shipped {
    use super::builtin;
    use crate::games::mnk::Geometry;

    #[test]
    fn the_shipped_book_makes_endings() {
        let endings = builtin(8, 8, 5).expect("8×8 k=5 has a book of losses");
        // After `d5 g7 e4 d6 d4 c6 f4 c4 d2 c5 d3 d1 c3 e7` X wins (g4).
        assert_eq!(endings.get(0x8380c0800, 0x500c0404000008), Some(true));
        assert!(endings.len() > 8 * 6000, "{}", endings.len());
    }

    #[test]
    fn a_move_into_a_lost_ending_wins() {
        let geo = Geometry::new(8, 8, 5);
        let endings = builtin(8, 8, 5).expect("8×8 k=5 has a book of losses");
        // `d5 g7`: X's e4 leaves O a position with every move proven
        // lost. With O's a1 for g7, no move of X's reaches the book.
        let (x, o) = (0x8_0000_0000, 0x40_0000_0000_0000);
        assert_eq!(endings.get(x, o), None);
        assert!(endings.wins_by_a_move(geo.full, x, o));
        assert_eq!(endings.get(x, 1), None);
        assert!(!endings.wins_by_a_move(geo.full, x, 1));
    }
}
