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

    /// Whether a stone may go on the empty cell `cell`: always, or with
    /// gravity when the cell below it is taken (or it is on the bottom row).
    #[must_use]
    pub fn lands(&self, cell: usize) -> bool {
        !self.geo.gravity
            || cell + self.geo.width >= self.geo.cells()
            || self.at(cell + self.geo.width).is_some()
    }

    /// With gravity, the cell a stone dropped in `col` lands on.
    #[must_use]
    pub fn landing(&self, col: usize) -> Option<usize> {
        self.geo.landing(col, |c| self.at(c).is_some())
    }

    /// The cells of a k in a row on the board (the one that ended the
    /// game), if there is one.
    #[must_use]
    pub fn winning_line(&self) -> Option<Vec<usize>> {
        self.geo.windows.cells.iter().find_map(|w| {
            let all = |s: &Stones| w.iter().all(|&c| s.has(usize::from(c)));
            (all(&self.x) || all(&self.o)).then(|| w.iter().map(|&c| usize::from(c)).collect())
        })
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

impl MnkGame {
    /// A gravity move: a column letter (`d`), or the cell the stone lands
    /// on (`d1`, rows counted from the bottom); a full column or another
    /// cell is refused with the reason.
    fn parse_drop(&self, t: &str, shown: &str, last_col: char) -> Result<usize, MoveError> {
        let not_column = || {
            MoveError(format!(
                "'{shown}' is not a column: the columns are a to {last_col}, e.g. d"
            ))
        };
        let mut chars = t.chars();
        let col = chars.next().ok_or_else(not_column)?;
        if !col.is_ascii_lowercase() || col > last_col {
            return Err(not_column());
        }
        let col = (col as u8 - b'a') as usize;
        let rest = chars.as_str();
        let landing = self
            .landing(col)
            .ok_or_else(|| MoveError(format!("column {} is full", self.geo.column_name(col))))?;
        if rest.is_empty() {
            return Ok(landing);
        }
        let cell = rest
            .parse::<usize>()
            .ok()
            .and_then(|row| self.geo.cell_at(col, row))
            .ok_or_else(|| {
                MoveError(format!(
                    "'{shown}' is not a cell: the rows are 1 to {} from the bottom",
                    self.geo.height
                ))
            })?;
        if cell != landing {
            return Err(MoveError(format!(
                "a stone in column {} falls to {}, not {shown}",
                self.geo.column_name(col),
                self.geo.cell_name(landing)
            )));
        }
        Ok(cell)
    }
}

impl Game for MnkGame {
    type Move = usize;

    fn to_move(&self) -> Player {
        if self.stones().is_multiple_of(2) {
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
        // Gravity boards list their moves column by column (a, b, c, …).
        let (w, h) = (self.geo.width, self.geo.height);
        let order = move |i: usize| {
            if self.geo.gravity {
                (i % h) * w + i / h
            } else {
                i
            }
        };
        (0..cells)
            .map(order)
            .filter(move |&c| self.at(c).is_none() && self.lands(c))
    }

    fn is_legal(&self, mv: usize) -> bool {
        mv < self.geo.cells() && self.at(mv).is_none() && self.lands(mv) && !self.status().is_over()
    }

    fn edit_help(&self) -> Option<&'static str> {
        Some("x or o then cells to put stones on, - then cells to empty: e.g. x b2 c3 o a1")
    }

    fn edit(&self, _start: &Self, text: &str) -> Result<Self, MoveError> {
        self.edited(text)
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
        if self.geo.gravity {
            return self.parse_drop(&t, text.trim(), last_col);
        }
        self.geo.parse_cell(&t).ok_or_else(bad)
    }

    fn format_move(&self, mv: usize) -> String {
        if self.geo.gravity {
            return self.geo.column_name(mv % self.geo.width);
        }
        self.geo.cell_name(mv)
    }

    fn explain_illegal(&self, mv: usize) -> String {
        if self.geo.gravity && mv < self.geo.cells() {
            let col = mv % self.geo.width;
            return match self.landing(col) {
                None => format!("column {} is full", self.geo.column_name(col)),
                Some(cell) => format!(
                    "a stone in column {} falls to {}, not {}",
                    self.geo.column_name(col),
                    self.geo.cell_name(cell),
                    self.geo.cell_name(mv)
                ),
            };
        }
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
            writeln!(f, "{:>2}{cells}", self.geo.row_number(row))?;
        }
        write!(f, "{} in a row wins; X moves first", self.geo.k)?;
        if self.geo.gravity {
            write!(f, "; a stone falls to the lowest empty cell")?;
        }
        Ok(())
    }
}
