//! The shape of an m,n,k board as bitboards: cells, every line of k cells,
//! the board's symmetries, and Zobrist keys.

use super::cells::Windows;
use super::stones::Stones;

/// A map of a cell's (column, row) onto the board.
type CellMap = dyn Fn(usize, usize) -> (usize, usize);

/// The most cells a board may have: 20 × 20, the Gomocup's board.
pub const MAX_CELLS: usize = 400;

/// The most cells the exact search takes: one bit each in a `u64`.
pub const EXACT_CELLS: usize = 64;

/// Whether a position of `stones` stones on a free board of `cells`
/// cells with lines of `k` is too open for the exact search to settle
/// within a move's time: fewer than a quarter of the cells taken, on a
/// board of 49 to `EXACT_CELLS` cells with k = 5 or more — 7×7 and 8×8
/// among them, whose empty boards it does not settle in a minute
/// (docs/mnk.md, "the proven frontier"); the oblong boards of as many
/// cells (8×7, 9×6 …) are taken by their cells, unmeasured. Against
/// Rapfi at 1 s a move it first proved a draw at ply 17 to 28 on 8×8
/// (never sooner, with half the time or a tenth); on 7×7 at ply 7 to
/// 14, with a tenth. Before that, the time is better spent by the
/// playing search (docs/mnk.md, "The openings of 7×7 and 8×8").
#[must_use]
pub const fn too_open_to_prove(cells: usize, k: usize, stones: usize) -> bool {
    beyond_quick_proof(cells, k) && stones * 4 < cells
}

/// Whether a free board of `cells` cells with lines of `k` is one the
/// exact search takes but leaves many positions open on within a move's
/// time, at any number of stones: 49 to `EXACT_CELLS` cells with k = 5 or
/// more (7×7, 8×8). There a win by threats is searched for too.
#[must_use]
pub const fn beyond_quick_proof(cells: usize, k: usize) -> bool {
    cells >= 49 && cells <= EXACT_CELLS && k >= 5
}

/// Whether the exact search checks the playing search's choices on a free
/// board (the solver's `refute`, with the time the pattern engine leaves
/// it): within `EXACT_CELLS`, once the board is not too open to prove.
/// The pattern engine (`strength::advise`) leaves it that time there, and
/// elsewhere spends it itself.
#[must_use]
pub const fn exact_search_checks(cells: usize, k: usize, stones: usize) -> bool {
    cells <= EXACT_CELLS && !too_open_to_prove(cells, k, stones)
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    pub width: usize,
    pub height: usize,
    pub k: usize,
    /// Stones fall to the lowest empty cell of their column (Connect Four).
    pub gravity: bool,
    /// Every run of k cells in a row, column or diagonal, as a mask.
    pub lines: Vec<u64>,
    /// For each cell, the indices of the lines through it.
    pub lines_of: Vec<Vec<usize>>,
    /// Cell permutations that map the board onto itself (identity first).
    pub symmetries: Vec<Vec<usize>>,
    /// The inverse of each symmetry.
    pub inverses: Vec<Vec<usize>>,
    /// Zobrist keys: `zobrist[colour][cell]`, colour 0 for X, 1 for O.
    pub zobrist: [Vec<u64>; 2],
    pub full: u64,
    /// The windows of k cells, for the threat and playing searches.
    pub windows: Windows,
}

impl Geometry {
    /// A board where a stone may go on any empty cell.
    #[must_use]
    pub fn new(width: usize, height: usize, k: usize) -> Self {
        Self::with_gravity(width, height, k, false)
    }

    /// # Panics
    /// Never for a board the ruleset checks accept (at most 64 cells, k ≥ 1).
    #[must_use]
    pub fn with_gravity(width: usize, height: usize, k: usize, gravity: bool) -> Self {
        let cells = width * height;
        let cell = |x: usize, y: usize| y * width + x;
        let mut lines = Vec::new();
        let directions: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
        // Masks only where a line fits in a `u64`: the exact search's boards.
        let exact = cells <= EXACT_CELLS;
        for (dx, dy) in directions.into_iter().filter(|_| exact) {
            for y in 0..height as isize {
                for x in 0..width as isize {
                    let end_x = x + dx * (k as isize - 1);
                    let end_y = y + dy * (k as isize - 1);
                    if end_x < 0 || end_x >= width as isize || end_y < 0 || end_y >= height as isize
                    {
                        continue;
                    }
                    let mask = (0..k as isize).fold(0u64, |m, i| {
                        m | 1 << cell((x + dx * i) as usize, (y + dy * i) as usize)
                    });
                    // k = 1 makes the four directions the same line.
                    if !lines.contains(&mask) {
                        lines.push(mask);
                    }
                }
            }
        }
        let lines_of = (0..cells)
            .map(|c| {
                (0..lines.len())
                    .filter(|&l| lines[l] >> c & 1 == 1)
                    .collect()
            })
            .collect();
        let mut maps: Vec<Box<CellMap>> = vec![
            Box::new(|x, y| (x, y)),
            Box::new(move |x, y| (width - 1 - x, y)),
            Box::new(move |x, y| (x, height - 1 - y)),
            Box::new(move |x, y| (width - 1 - x, height - 1 - y)),
        ];
        if gravity {
            // Only the mirror left to right keeps the bottom at the bottom.
            maps.truncate(2);
        } else if width == height {
            let n = width;
            maps.push(Box::new(|x, y| (y, x)));
            maps.push(Box::new(move |x, y| (n - 1 - y, x)));
            maps.push(Box::new(move |x, y| (y, n - 1 - x)));
            maps.push(Box::new(move |x, y| (n - 1 - y, n - 1 - x)));
        }
        let symmetries: Vec<Vec<usize>> = maps
            .iter()
            .map(|f| {
                (0..cells)
                    .map(|c| {
                        let (x, y) = f(c % width, c / width);
                        cell(x, y)
                    })
                    .collect()
            })
            .collect();
        let inverses = symmetries
            .iter()
            .map(|p| {
                let mut inv = vec![0; cells];
                for (c, &to) in p.iter().enumerate() {
                    inv[to] = c;
                }
                inv
            })
            .collect();
        let zobrist = zobrist_keys(cells);
        let full = if cells >= 64 {
            u64::MAX
        } else {
            (1u64 << cells) - 1
        };
        Self {
            width,
            height,
            k,
            gravity,
            lines,
            lines_of,
            symmetries,
            inverses,
            zobrist,
            full,
            windows: Windows::new(width, height, k),
        }
    }

    #[must_use]
    pub const fn cells(&self) -> usize {
        self.width * self.height
    }

    /// A bitboard moved by symmetry `s`.
    #[must_use]
    pub fn transform(&self, s: usize, board: u64) -> u64 {
        let perm = &self.symmetries[s];
        let mut out = 0;
        let mut bits = board;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            out |= 1 << perm[c];
            bits &= bits - 1;
        }
        out
    }

    /// The smallest of the position's images under the symmetries, and the
    /// symmetry that gives it: the position's name up to symmetry.
    #[must_use]
    pub fn canonical(&self, x: u64, o: u64) -> ((u64, u64), usize) {
        (0..self.symmetries.len())
            .map(|s| ((self.transform(s, x), self.transform(s, o)), s))
            .min()
            .unwrap_or(((x, o), 0))
    }

    /// The cells a stone may go on: every empty cell, or with gravity the
    /// lowest empty cell of each column (row numbers grow downwards).
    #[must_use]
    pub fn playable(&self, occupied: u64) -> u64 {
        if !self.gravity {
            return self.full & !occupied;
        }
        let mut out = 0;
        for col in 0..self.width {
            if let Some(cell) = self.landing(col, |c| occupied >> c & 1 == 1) {
                out |= 1 << cell;
            }
        }
        out
    }

    /// With gravity, the cell a stone dropped in `col` lands on, or `None`
    /// when the column is full (`taken` says which cells are).
    pub fn landing(&self, col: usize, taken: impl Fn(usize) -> bool) -> Option<usize> {
        (0..self.height)
            .rev()
            .map(|row| row * self.width + col)
            .find(|&c| !taken(c))
    }

    /// Whether some line is all `stones`, on a board of any size.
    #[must_use]
    pub fn has_line_in(&self, stones: &Stones) -> bool {
        if self.cells() <= 64 {
            return self.has_line(stones.low());
        }
        self.windows
            .cells
            .iter()
            .any(|w| w.iter().all(|&c| stones.has(usize::from(c))))
    }

    /// Whether some line is all `stones`.
    #[must_use]
    pub fn has_line(&self, stones: u64) -> bool {
        self.lines.iter().any(|&l| l & !stones == 0)
    }

    /// Whether the game is over: a line made, or the board full.
    #[must_use]
    pub fn is_over(&self, x: u64, o: u64) -> bool {
        self.has_line(x) || self.has_line(o) || x | o == self.full
    }

    /// The name of a column: its letter.
    #[must_use]
    pub fn column_name(&self, col: usize) -> String {
        ((b'a' + col as u8) as char).to_string()
    }

    /// The number a row is called by: from the top (`a1` the top-left
    /// cell) on m,n,k boards; from the bottom on gravity boards, where
    /// stones pile up from there and players count rows so (`a1` the
    /// bottom-left cell).
    #[must_use]
    pub const fn row_number(&self, row: usize) -> usize {
        if self.gravity {
            self.height - row
        } else {
            row + 1
        }
    }

    /// The cell called by column `col` and row number `number` (see
    /// [`Geometry::row_number`]), if it is on the board.
    #[must_use]
    pub const fn cell_at(&self, col: usize, number: usize) -> Option<usize> {
        if col >= self.width || number == 0 || number > self.height {
            return None;
        }
        let row = if self.gravity {
            self.height - number
        } else {
            number - 1
        };
        Some(row * self.width + col)
    }

    /// The cell named `name`: a small column letter and a row number
    /// (`b2`, rows counted as [`Geometry::row_number`] does), if it is on
    /// the board — the reverse of [`Geometry::cell_name`].
    #[must_use]
    pub fn parse_cell(&self, name: &str) -> Option<usize> {
        let mut chars = name.chars();
        let col = chars.next().filter(char::is_ascii_lowercase)?;
        let number = chars.as_str().parse().ok()?;
        self.cell_at(usize::from(col as u8 - b'a'), number)
    }

    /// The name of a cell: column letter and row number (`a1`).
    #[must_use]
    pub fn cell_name(&self, cell: usize) -> String {
        let col = (b'a' + (cell % self.width) as u8) as char;
        format!("{col}{}", self.row_number(cell / self.width))
    }
}

#[cfg(test)]
impl Geometry {
    /// The cell a player names `name` (`b2`), for tests.
    pub fn cell_named(&self, name: &str) -> usize {
        self.parse_cell(name)
            .unwrap_or_else(|| panic!("{name} is not a cell of the board"))
    }
}

/// Zobrist keys for `cells` cells, `[colour][cell]`: a fixed SplitMix64
/// stream, the same in every run (opening books are keyed by position,
/// and tests compare hashes across boards).
#[must_use]
pub fn zobrist_keys(cells: usize) -> [Vec<u64>; 2] {
    let mut seed = 0x05EE_D0F0_B00C_u64;
    let mut next = || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    [
        (0..cells).map(|_| next()).collect(),
        (0..cells).map(|_| next()).collect(),
    ]
}

#[cfg(test)]
mod tests {
    use super::{exact_search_checks, too_open_to_prove};

    #[test]
    fn only_the_openings_of_7x7_and_8x8_with_k_5_are_too_open_to_prove() {
        // 8×8 k=5: a quarter of the cells is 16 stones.
        assert!(too_open_to_prove(64, 5, 0));
        assert!(too_open_to_prove(64, 5, 15));
        assert!(!too_open_to_prove(64, 5, 16));
        // 7×7 k=5: 12 stones are fewer than a quarter of 49 cells.
        assert!(too_open_to_prove(49, 5, 12));
        assert!(!too_open_to_prove(49, 5, 13));
        // The exact search settles 6×6 k=5 (a draw) and 7×7 k=4 (X wins
        // in 11) from the empty board in under half a second.
        assert!(!too_open_to_prove(36, 5, 0));
        assert!(!too_open_to_prove(49, 4, 0));
        // Past the exact search's cells it plays no part.
        assert!(!too_open_to_prove(225, 5, 0));
    }

    #[test]
    fn the_exact_search_checks_the_choices_on_small_boards_once_not_too_open() {
        // 8×8 k=5: from 16 stones on; 7×7 k=4 and 6×6 k=5 from the start.
        assert!(!exact_search_checks(64, 5, 15));
        assert!(exact_search_checks(64, 5, 16));
        assert!(exact_search_checks(49, 4, 0));
        assert!(exact_search_checks(36, 5, 0));
        // Past its cells, never: 15×15 is the pattern engine's alone.
        assert!(!exact_search_checks(65, 5, 40));
        assert!(!exact_search_checks(225, 5, 100));
    }
}
