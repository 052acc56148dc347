//! Positions and moves of coins in a row.

use std::fmt;
use std::sync::Arc;

use crate::engine::{Game, MoveError, Player, Status};
use crate::text::counted;

/// Which end of the row a move takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum End {
    #[default]
    Left,
    Right,
}

impl End {
    #[must_use]
    pub const fn letter(self) -> &'static str {
        match self {
            Self::Left => "l",
            Self::Right => "r",
        }
    }

    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Left => "left",
            Self::Right => "right",
        }
    }
}

/// The coins still in the row (`lo..hi` of the ruleset's row), what each
/// player has taken, and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoinsGame {
    values: Arc<[u64]>,
    lo: usize,
    hi: usize,
    /// The places (in the whole row) of the coins each player took, in the
    /// order taken: the first player's, then the second's.
    piles: [Vec<usize>; 2],
    totals: [u64; 2],
    to_move: Player,
}

const fn index(p: Player) -> usize {
    match p {
        Player::First => 0,
        Player::Second => 1,
    }
}

impl CoinsGame {
    #[must_use]
    pub fn new(values: Arc<[u64]>, to_move: Player) -> Self {
        let hi = values.len();
        Self {
            values,
            lo: 0,
            hi,
            piles: [Vec::new(), Vec::new()],
            totals: [0, 0],
            to_move,
        }
    }

    /// The whole row as the ruleset gave it.
    #[must_use]
    pub fn row(&self) -> &[u64] {
        &self.values
    }

    /// The places (in the whole row) of the coins still in it.
    #[must_use]
    pub const fn left_in_row(&self) -> std::ops::Range<usize> {
        self.lo..self.hi
    }

    /// The values of the coins still in the row.
    #[must_use]
    pub fn remaining(&self) -> &[u64] {
        &self.values[self.lo..self.hi]
    }

    /// The coins a player has taken (their places in the whole row).
    #[must_use]
    pub fn pile(&self, p: Player) -> &[usize] {
        &self.piles[index(p)]
    }

    #[must_use]
    pub const fn total(&self, p: Player) -> u64 {
        self.totals[index(p)]
    }

    /// The player to move's total minus the opponent's, so far.
    #[must_use]
    pub fn lead(&self) -> i64 {
        let me = self.total(self.to_move);
        let them = self.total(self.to_move.opponent());
        // Totals are at most 1000 coins of 10^9 each: far inside i64.
        me as i64 - them as i64
    }

    /// The place (in the whole row) of the coin a move takes.
    #[must_use]
    pub const fn place(&self, end: End) -> Option<usize> {
        if self.lo == self.hi {
            return None;
        }
        Some(match end {
            End::Left => self.lo,
            End::Right => self.hi - 1,
        })
    }

    /// The value of the coin a move takes.
    #[must_use]
    pub fn coin(&self, end: End) -> Option<u64> {
        self.place(end).map(|i| self.values[i])
    }
}

impl Game for CoinsGame {
    type Move = End;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn moves(&self) -> impl Iterator<Item = End> + '_ {
        // The last coin is both ends: one move takes it.
        let n = self.hi - self.lo;
        [End::Left, End::Right].into_iter().take(n.min(2))
    }

    fn play_unchecked(&mut self, end: End) {
        let Some(i) = self.place(end) else { return };
        match end {
            End::Left => self.lo += 1,
            End::Right => self.hi -= 1,
        }
        let p = index(self.to_move);
        self.piles[p].push(i);
        self.totals[p] += self.values[i];
        self.to_move = self.to_move.opponent();
    }

    fn status(&self) -> Status {
        if self.lo < self.hi {
            return Status::Ongoing;
        }
        let (a, b) = (self.totals[0], self.totals[1]);
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Status::Won(Player::First),
            std::cmp::Ordering::Less => Status::Won(Player::Second),
            std::cmp::Ordering::Equal => Status::Draw,
        }
    }

    fn final_score(&self) -> Option<i64> {
        self.status().is_over().then(|| self.lead())
    }

    fn parse_move(&self, text: &str) -> Result<End, MoveError> {
        let end = match text.trim().to_ascii_lowercase().as_str() {
            "l" | "left" => End::Left,
            "r" | "right" => End::Right,
            other => {
                return Err(MoveError(format!(
                    "'{other}' is not a move: type l to take the left end or r to take the right end"
                )));
            }
        };
        // With one coin left both ends name it: the move is the one listed.
        Ok(if self.hi - self.lo == 1 {
            End::Left
        } else {
            end
        })
    }

    fn format_move(&self, end: End) -> String {
        end.letter().to_string()
    }

    fn explain_illegal(&self, _end: End) -> String {
        "the row is empty".to_string()
    }
}

/// Coin values in a sum: `20 + 30 + 14`, cut short past a dozen.
#[must_use]
pub fn sum_words(values: impl IntoIterator<Item = u64>) -> String {
    const SHOWN: usize = 12;
    let values: Vec<u64> = values.into_iter().collect();
    let total: u64 = values.iter().sum();
    match values.len() {
        0 => "nothing".to_string(),
        1 => total.to_string(),
        n if n <= SHOWN => {
            let parts: Vec<String> = values.iter().map(u64::to_string).collect();
            format!("{} = {total}", parts.join(" + "))
        }
        n => format!("{n} coins worth {total}"),
    }
}

/// The row in one line, the ends marked, long rows cut in the middle.
pub fn row_line(pos: &CoinsGame) -> String {
    const EACH_SIDE: usize = 10;
    let left = pos.remaining();
    let shown = |vs: &[u64]| vs.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    if left.len() <= EACH_SIDE * 2 + 1 {
        shown(left)
    } else {
        format!(
            "{} … {}",
            shown(&left[..EACH_SIDE]),
            shown(&left[left.len() - EACH_SIDE..])
        )
    }
}

impl fmt::Display for CoinsGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.hi - self.lo;
        let sum: u64 = self.remaining().iter().sum();
        if n == 0 {
            writeln!(f, "the row is empty")?;
        } else {
            writeln!(
                f,
                "row: {}   ({} left, worth {sum})",
                row_line(self),
                counted(n, "coin")
            )?;
        }
        for p in [Player::First, Player::Second] {
            let pile = self.pile(p).iter().map(|&i| self.values[i]);
            writeln!(f, "{p} player: {}", sum_words(pile))?;
        }
        match (self.coin(End::Left), self.coin(End::Right), n) {
            (Some(l), _, 1) => write!(f, "take l ({l}), the last coin"),
            (Some(l), Some(r), _) => write!(f, "take l ({l}) or r ({r})"),
            _ => write!(f, "the game is over"),
        }
    }
}
