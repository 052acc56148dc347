//! The wins a game's threat searches proved, kept from one move to the
//! next. A win by threats proven with one move's time holds a win for
//! every reply it tried; the next move may have less time than it took
//! to find (a tournament's `time_left`, a short `--think`), and against
//! Rapfi at 200 ms a move the computer proved a win, then, a move later,
//! did not find it again and lost the game (docs/mnk.md, "A proven win
//! kept"). So every position the threat search proves won is kept, with
//! its winning move, and the next search of the same game begins there.
//! A kept win is a proof, not a guess: it was proven in that very
//! position.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use crate::games::mnk::beyond::lines::Lines;
use crate::games::mnk::beyond::same_game::SameGame;

/// The most wins kept: a long game's proofs stay far below it, and a
/// hostile board cannot grow the table past it.
const MOST: usize = 1 << 18;

/// The key of a position with `attacker` to move, as the threat search
/// keys it.
#[must_use]
pub fn key(lines: &Lines, attacker: usize) -> u64 {
    key_of(lines.hash, attacker)
}

/// The key of the position of `hash` with `attacker` to move.
#[must_use]
pub fn key_of(hash: u64, attacker: usize) -> u64 {
    hash ^ (attacker as u64 + 1).wrapping_mul(0x9FB2_1C65_1E98_DF25)
}

/// Proven wins by key, each with its winning move.
#[derive(Debug, Default)]
pub struct Wins {
    moves: HashMap<u64, usize>,
}

impl Wins {
    /// Notes that the position of `key` is won with `mv`.
    pub fn note(&mut self, key: u64, mv: usize) {
        if self.moves.len() < MOST {
            self.moves.insert(key, mv);
        }
    }

    /// The winning move noted for the position of `key`.
    #[must_use]
    pub fn get(&self, key: u64) -> Option<usize> {
        self.moves.get(&key).copied()
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// The wins kept, and the board they were proven on.
struct Kept {
    game: SameGame,
    wins: Wins,
}

impl Kept {
    fn new(lines: &Lines, wins: Wins) -> Self {
        Self {
            game: SameGame::of(lines),
            wins,
        }
    }

    /// The kept winning move of `attacker` (to move) on `lines`, where
    /// the game goes on from the kept board: an empty cell.
    fn recall(&self, lines: &Lines, attacker: usize) -> Option<usize> {
        if !self.game.leads_to(lines) {
            return None;
        }
        let mv = self.wins.get(key(lines, attacker))?;
        (mv < lines.cells() && lines.is_empty(mv)).then_some(mv)
    }

    /// Adds `wins`, proven on `lines`, where the game goes on from the
    /// kept board; false, adding nothing, where it does not.
    fn add(&mut self, lines: &Lines, wins: Wins) -> bool {
        if !self.game.leads_to(lines) {
            return false;
        }
        for (k, mv) in wins.moves {
            self.wins.note(k, mv);
        }
        self.game = SameGame::of(lines);
        true
    }
}

/// One store for the process, as the search's kept table: a game is
/// played one move at a time.
static KEPT: Mutex<Option<Kept>> = Mutex::new(None);

/// The kept winning move of `attacker` (to move) on `lines`, where the
/// wins kept were proven earlier in the same game: an empty cell.
#[must_use]
pub fn recall(lines: &Lines, attacker: usize) -> Option<usize> {
    let kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    kept.as_ref()?.recall(lines, attacker)
}

/// Keeps `wins`, proven on `lines`, for the game's next searches: added
/// to those kept where the game goes on, in their place where it does
/// not.
pub fn keep(lines: &Lines, wins: Wins) {
    if wins.is_empty() {
        return;
    }
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    match kept.as_mut() {
        Some(earlier) if earlier.game.leads_to(lines) => {
            earlier.add(lines, wins);
        }
        _ => *kept = Some(Kept::new(lines, wins)),
    }
}

#[cfg(test)]
mod tests {
    use super::{Kept, MOST, Wins, key};
    use crate::games::mnk::beyond::lines::Lines;
    use crate::games::mnk::beyond::lines::named::{at, board};

    fn won(lines: &Lines, side: usize, mv: usize) -> Wins {
        let mut wins = Wins::default();
        wins.note(key(lines, side), mv);
        wins
    }

    #[test]
    fn a_kept_win_is_recalled_where_the_game_goes_on_and_nowhere_else() {
        // Keyed by the position and the side to move: X's win noted two
        // moves ahead, after X's h10 and O's j7.
        let now = board(&["h8", "h9"], &["i8", "i9"]);
        let later = board(&["h8", "h9", "h10"], &["i8", "i9", "j7"]);
        let mut kept = Kept::new(&now, won(&later, 0, at("h11")));
        assert_eq!(kept.recall(&later, 0), Some(at("h11")));
        // Not for O, nor in the position before.
        assert_eq!(kept.recall(&later, 1), None);
        assert_eq!(kept.recall(&now, 0), None);
        // Not where a kept stone is gone (a move taken back), nor on
        // another board, whose keys mean other positions.
        assert!(!kept.add(&board(&["h8"], &["i8"]), Wins::default()));
        let other = Lines::new(19, 19, 5).expect("a board");
        assert_eq!(kept.recall(&other, 0), None);
        // Not onto a stone.
        let broken = Kept::new(&now, won(&later, 0, at("h8")));
        assert_eq!(broken.recall(&later, 0), None);
        // Added to as the game goes on; the kept board follows it.
        assert!(kept.add(&later, won(&now, 0, at("h7"))));
        assert_eq!(kept.recall(&later, 0), Some(at("h11")));
        assert!(!kept.add(&now, Wins::default()));
    }

    #[test]
    fn no_more_wins_are_kept_than_the_limit() {
        let mut wins = Wins::default();
        for k in 0..(MOST as u64 + 10) {
            wins.note(k, 0);
        }
        assert_eq!(wins.len(), MOST);
    }
}
