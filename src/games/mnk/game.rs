//! Positions and moves of m,n,k games: X moves first, k in a row wins.

use std::fmt;
use std::sync::Arc;

use crate::engine::{Game, MoveError, Player, Status};

use super::Geometry;
use super::cells::Board;

/// Stones of X (the first player) and O, as bitboards.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct MnkGame {
    pub geo: Arc<Geometry>,
    pub x: u64,
    pub o: u64,
}

impl MnkGame {
    #[must_use]
    pub const fn new(geo: Arc<Geometry>) -> Self {
        Self { geo, x: 0, o: 0 }
    }

    /// The stones of the player to move and of the other.
    #[must_use]
    pub const fn sides(&self) -> (u64, u64) {
        if (self.x | self.o).count_ones() % 2 == 0 {
            (self.x, self.o)
        } else {
            (self.o, self.x)
        }
    }

    /// The position as the threat and playing searches see it.
    #[must_use]
    pub fn board(&self) -> Board<'_> {
        let cells = self.geo.cells();
        Board::new(
            &self.geo.windows,
            &self.geo.zobrist,
            (0..cells).filter(|&c| self.x >> c & 1 == 1),
            (0..cells).filter(|&c| self.o >> c & 1 == 1),
        )
    }

    /// How many stones are on the board.
    #[must_use]
    pub const fn stones(&self) -> usize {
        (self.x | self.o).count_ones() as usize
    }

    #[must_use]
    pub fn empty(&self) -> u64 {
        self.geo.full & !(self.x | self.o)
    }

    /// What stands on a cell.
    #[must_use]
    pub const fn at(&self, cell: usize) -> Option<Player> {
        if self.x >> cell & 1 == 1 {
            Some(Player::First)
        } else if self.o >> cell & 1 == 1 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The same position moved by symmetry `s` of the board.
    #[must_use]
    pub fn transformed(&self, s: usize) -> Self {
        Self {
            geo: Arc::clone(&self.geo),
            x: self.geo.transform(s, self.x),
            o: self.geo.transform(s, self.o),
        }
    }

    /// Cells where `stones`' owner would complete a line at once.
    #[must_use]
    pub fn threats(&self, stones: u64, other: u64) -> u64 {
        let k = self.geo.k as u32;
        self.geo
            .lines
            .iter()
            .filter(|&&l| l & other == 0 && (l & stones).count_ones() + 1 == k)
            .fold(0, |acc, &l| acc | (l & !stones))
    }
}

impl Game for MnkGame {
    type Move = usize;

    fn to_move(&self) -> Player {
        if (self.x | self.o).count_ones() % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn moves(&self) -> impl Iterator<Item = usize> + '_ {
        let empty = if self.status().is_over() {
            0
        } else {
            self.empty()
        };
        (0..self.geo.cells()).filter(move |&c| empty >> c & 1 == 1)
    }

    fn is_legal(&self, mv: usize) -> bool {
        mv < self.geo.cells() && self.empty() >> mv & 1 == 1 && !self.status().is_over()
    }

    fn play_unchecked(&mut self, mv: usize) {
        match self.to_move() {
            Player::First => self.x |= 1 << mv,
            Player::Second => self.o |= 1 << mv,
        }
    }

    fn status(&self) -> Status {
        if self.geo.has_line(self.x) {
            Status::Won(Player::First)
        } else if self.geo.has_line(self.o) {
            Status::Won(Player::Second)
        } else if self.empty() == 0 {
            Status::Draw
        } else {
            Status::Ongoing
        }
    }

    fn parse_move(&self, text: &str) -> Result<usize, MoveError> {
        let t = text.trim().to_ascii_lowercase();
        let last_col = (b'a' + self.geo.width as u8 - 1) as char;
        let bad = || {
            MoveError(format!(
                "'{}' is not a cell: write a column letter a to {last_col} and a row number 1 to {}, e.g. b2",
                text.trim(),
                self.geo.height
            ))
        };
        let mut chars = t.chars();
        let col = chars.next().ok_or_else(bad)?;
        let row: usize = chars.as_str().parse().map_err(|_| bad())?;
        if !col.is_ascii_lowercase() || col > last_col || row == 0 || row > self.geo.height {
            return Err(bad());
        }
        Ok((row - 1) * self.geo.width + (col as u8 - b'a') as usize)
    }

    fn format_move(&self, mv: usize) -> String {
        self.geo.cell_name(mv)
    }

    fn explain_illegal(&self, mv: usize) -> String {
        if mv < self.geo.cells() && self.at(mv).is_some() {
            format!("'{}' is taken", self.geo.cell_name(mv))
        } else {
            format!("'{}' is not on the board", self.geo.cell_name(mv))
        }
    }
}

impl fmt::Debug for MnkGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, h, k) = (self.geo.width, self.geo.height, self.geo.k);
        write!(
            f,
            "MnkGame({w}x{h} k={k}, x={:#x}, o={:#x})",
            self.x, self.o
        )
    }
}

impl fmt::Display for MnkGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let w = self.geo.width;
        let header: String = (0..w)
            .map(|c| format!(" {}", (b'a' + c as u8) as char))
            .collect();
        writeln!(f, "  {header}")?;
        for row in 0..self.geo.height {
            let cells: String = (0..w)
                .map(|col| match self.at(row * w + col) {
                    Some(Player::First) => " X",
                    Some(Player::Second) => " O",
                    None => " .",
                })
                .collect();
            writeln!(f, "{:>2}{cells}", row + 1)?;
        }
        write!(f, "{} in a row wins; X moves first", self.geo.k)
    }
}
