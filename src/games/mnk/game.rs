//! Positions and moves of m,n,k games: X moves first, k in a row wins.

use std::fmt;
use std::sync::Arc;

use crate::engine::{Game, MoveError, Player, Status};

use super::Geometry;
use super::cells::Board;
use super::stones::Stones;

/// Stones of X (the first player) and O.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct MnkGame {
    pub geo: Arc<Geometry>,
    pub x: Stones,
    pub o: Stones,
}

impl MnkGame {
    #[must_use]
    pub const fn new(geo: Arc<Geometry>) -> Self {
        Self::from_bits(geo, 0, 0)
    }

    /// The position with X's stones on the cells of `x` and O's on `o`,
    /// given as bits (boards of up to 64 cells).
    #[must_use]
    pub const fn from_bits(geo: Arc<Geometry>, x: u64, o: u64) -> Self {
        Self {
            geo,
            x: Stones::from_low(x),
            o: Stones::from_low(o),
        }
    }

    /// X's and O's stones as bits, on boards of up to 64 cells.
    #[must_use]
    pub const fn bits(&self) -> (u64, u64) {
        (self.x.low(), self.o.low())
    }

    /// The position as the threat and playing searches see it.
    #[must_use]
    pub fn board(&self) -> Board<'_> {
        let cells = self.geo.cells();
        Board::new(
            &self.geo.windows,
            &self.geo.zobrist,
            self.x.cells().filter(move |&c| c < cells),
            self.o.cells().filter(move |&c| c < cells),
        )
    }

    /// How many stones are on the board.
    #[must_use]
    pub const fn stones(&self) -> usize {
        (self.x.count() + self.o.count()) as usize
    }

    /// What stands on a cell.
    #[must_use]
    pub const fn at(&self, cell: usize) -> Option<Player> {
        if self.x.has(cell) {
            Some(Player::First)
        } else if self.o.has(cell) {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The same position moved by symmetry `s` of the board.
    #[must_use]
    pub fn transformed(&self, s: usize) -> Self {
        let map = |stones: Stones| {
            stones
                .cells()
                .fold(Stones::default(), |t, c| t.with(self.geo.symmetries[s][c]))
        };
        Self {
            geo: Arc::clone(&self.geo),
            x: map(self.x),
            o: map(self.o),
        }
    }
}

impl Game for MnkGame {
    type Move = usize;

    fn to_move(&self) -> Player {
        if self.stones() % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn moves(&self) -> impl Iterator<Item = usize> + '_ {
        let cells = if self.status().is_over() {
            0
        } else {
            self.geo.cells()
        };
        (0..cells).filter(move |&c| self.at(c).is_none())
    }

    fn is_legal(&self, mv: usize) -> bool {
        mv < self.geo.cells() && self.at(mv).is_none() && !self.status().is_over()
    }

    fn play_unchecked(&mut self, mv: usize) {
        match self.to_move() {
            Player::First => self.x = self.x.with(mv),
            Player::Second => self.o = self.o.with(mv),
        }
    }

    fn status(&self) -> Status {
        if self.geo.has_line_in(&self.x) {
            Status::Won(Player::First)
        } else if self.geo.has_line_in(&self.o) {
            Status::Won(Player::Second)
        } else if self.stones() == self.geo.cells() {
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
            "MnkGame({w}x{h} k={k}, x={:?}, o={:?})",
            self.x
                .cells()
                .map(|c| self.geo.cell_name(c))
                .collect::<Vec<_>>(),
            self.o
                .cells()
                .map(|c| self.geo.cell_name(c))
                .collect::<Vec<_>>()
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
