//! Positions and moves of the multiples-and-divisors game.

use std::fmt;
use std::sync::Arc;

use crate::engine::{Game, MoveError, Player, Status};

/// The numbers on the board and the allowed openings.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub min: u32,
    pub max: u32,
    pub first_min: u32,
    pub first_max: u32,
    pub first_even: bool,
}

impl Board {
    /// The numbers that may open the game.
    pub fn openings(&self) -> impl Iterator<Item = u32> + '_ {
        (self.first_min..=self.first_max).filter(|n| !self.first_even || n % 2 == 0)
    }

    #[must_use]
    pub const fn len(&self) -> usize {
        (self.max - self.min + 1) as usize
    }

    #[must_use]
    pub const fn is_empty(&self) -> bool {
        false
    }

    #[must_use]
    pub const fn contains(&self, n: u32) -> bool {
        n >= self.min && n <= self.max
    }

    /// The numbers on the board that divide `n` or that `n` divides, but `n`.
    pub fn neighbours(&self, n: u32) -> impl Iterator<Item = u32> + '_ {
        let divisors = (1..)
            .take_while(move |d| d * d <= n)
            .filter(move |d| n.is_multiple_of(*d))
            .flat_map(move |d| [d, n / d]);
        let multiples = (2..)
            .map(move |k| u64::from(n) * k)
            .take_while(|&m| m <= u64::from(self.max))
            .map(|m| m as u32);
        let mut all: Vec<u32> = divisors
            .chain(multiples)
            .filter(|&m| m != n && self.contains(m))
            .collect();
        all.sort_unstable();
        all.dedup();
        all.into_iter()
    }
}

/// The numbers played so far, the last one, and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DivisorsGame {
    pub board: Arc<Board>,
    /// Bit `n - min` is set once `n` has been played.
    played: Vec<u64>,
    /// The number the opponent just played; `None` before the opening.
    pub current: Option<u32>,
    pub to_move: Player,
}

impl DivisorsGame {
    #[must_use]
    pub fn new(board: Arc<Board>, to_move: Player) -> Self {
        let words = board.len().div_ceil(64);
        Self {
            board,
            played: vec![0; words],
            current: None,
            to_move,
        }
    }

    #[must_use]
    pub fn is_played(&self, n: u32) -> bool {
        let i = (n - self.board.min) as usize;
        self.played[i / 64] >> (i % 64) & 1 == 1
    }

    pub(super) fn set_played(&mut self, n: u32) {
        let i = (n - self.board.min) as usize;
        self.played[i / 64] |= 1 << (i % 64);
    }

    pub(super) fn unset_played(&mut self, n: u32) {
        let i = (n - self.board.min) as usize;
        self.played[i / 64] &= !(1 << (i % 64));
    }

    /// Every number still on the board, unplayed.
    pub fn unplayed(&self) -> impl Iterator<Item = u32> + '_ {
        (self.board.min..=self.board.max).filter(|&n| !self.is_played(n))
    }
}

impl Game for DivisorsGame {
    type Move = u32;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn moves(&self) -> impl Iterator<Item = u32> + '_ {
        let (openings, answers) = match self.current {
            None => (Some(self.board.openings()), None),
            Some(c) => (None, Some(self.board.neighbours(c))),
        };
        openings
            .into_iter()
            .flatten()
            .chain(answers.into_iter().flatten())
            .filter(|&n| !self.is_played(n))
    }

    fn is_legal(&self, n: u32) -> bool {
        if !self.board.contains(n) || self.is_played(n) {
            return false;
        }
        match self.current {
            None => {
                n >= self.board.first_min
                    && n <= self.board.first_max
                    && (!self.board.first_even || n.is_multiple_of(2))
            }
            Some(c) => n != c && (n.is_multiple_of(c) || c % n == 0),
        }
    }

    fn edit_help(&self) -> Option<&'static str> {
        Some("x crosses numbers out, - puts them back, at names the last played: e.g. x 4 8 at 8")
    }

    fn edit(&self, _start: &Self, text: &str) -> Result<Self, MoveError> {
        self.edited(text)
    }

    fn play_unchecked(&mut self, mv: u32) {
        self.set_played(mv);
        self.current = Some(mv);
        self.to_move = self.to_move.opponent();
    }

    fn status(&self) -> Status {
        if self.moves().next().is_none() {
            Status::Won(self.to_move.opponent())
        } else {
            Status::Ongoing
        }
    }

    fn parse_move(&self, text: &str) -> Result<u32, MoveError> {
        text.trim().parse::<u32>().map_err(|_| {
            MoveError(format!(
                "'{}' is not a number: type a number from {} to {}",
                text.trim(),
                self.board.min,
                self.board.max
            ))
        })
    }

    fn format_move(&self, mv: u32) -> String {
        mv.to_string()
    }

    fn explain_illegal(&self, mv: u32) -> String {
        if !self.board.contains(mv) {
            return format!(
                "'{mv}' is not on the board, which holds {} to {}",
                self.board.min, self.board.max
            );
        }
        if self.is_played(mv) {
            return format!("'{mv}' has been played already");
        }
        match self.current {
            None if self.board.first_even && mv % 2 == 1 => {
                format!("the opening number must be even, and '{mv}' is odd")
            }
            None => format!(
                "the opening number must be from {} to {}",
                self.board.first_min, self.board.first_max
            ),
            Some(c) => format!("'{mv}' is neither a multiple nor a divisor of {c}"),
        }
    }
}

impl fmt::Display for DivisorsGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let legal: Vec<u32> = self.moves().collect();
        let width = self.board.max.to_string().len();
        let small = self.board.len() <= 400;
        if small {
            for (i, n) in (self.board.min..=self.board.max).enumerate() {
                let cell = if self.is_played(n) {
                    format!("{:>width$}", "·")
                } else {
                    format!("{n:>width$}")
                };
                let mark = if legal.contains(&n) { '*' } else { ' ' };
                write!(f, "{cell}{mark}")?;
                if i % 10 == 9 {
                    writeln!(f)?;
                }
            }
            if !self.board.len().is_multiple_of(10) {
                writeln!(f)?;
            }
        }
        match self.current {
            None => write!(f, "open with a number marked *"),
            Some(c) => write!(
                f,
                "last number: {c}; play a multiple or divisor of it (marked *)"
            ),
        }
    }
}
