//! A board of any size as an array of cells with, for every window of k
//! cells in a row, how many stones of each side it holds, kept up to date
//! move by move. The threat search and the playing search read threats
//! and their evaluation from these counts; the exact search, for boards
//! of up to 64 cells, uses bitboards instead.

use super::window_set::WindowSet;

/// Every window of k cells in a row, column or diagonal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Windows {
    pub width: usize,
    pub height: usize,
    pub k: usize,
    /// The cells of each window.
    pub cells: Vec<Vec<u16>>,
    /// For each cell, the windows through it.
    pub through: Vec<Vec<u32>>,
    /// For each cell, the cells at most two steps away in any direction.
    pub near: Vec<Vec<u16>>,
}

impl Windows {
    #[must_use]
    pub fn new(width: usize, height: usize, k: usize) -> Self {
        let mut cells: Vec<Vec<u16>> = Vec::new();
        let directions: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
        for (i, (dx, dy)) in directions.into_iter().enumerate() {
            // k = 1 makes the four directions the same windows.
            if k == 1 && i > 0 {
                break;
            }
            for y in 0..height as isize {
                for x in 0..width as isize {
                    let (ex, ey) = (x + dx * (k as isize - 1), y + dy * (k as isize - 1));
                    if ex < 0 || ex >= width as isize || ey < 0 || ey >= height as isize {
                        continue;
                    }
                    cells.push(
                        (0..k as isize)
                            .map(|j| ((y + dy * j) as usize * width + (x + dx * j) as usize) as u16)
                            .collect(),
                    );
                }
            }
        }
        let mut through = vec![Vec::new(); width * height];
        for (w, window) in cells.iter().enumerate() {
            for &c in window {
                through[usize::from(c)].push(w as u32);
            }
        }
        let near = (0..width * height)
            .map(|c| {
                let (x, y) = ((c % width) as isize, (c / width) as isize);
                let mut around = Vec::new();
                for ny in y - 2..=y + 2 {
                    for nx in x - 2..=x + 2 {
                        if (nx, ny) != (x, y)
                            && (0..width as isize).contains(&nx)
                            && (0..height as isize).contains(&ny)
                        {
                            around.push((ny as usize * width + nx as usize) as u16);
                        }
                    }
                }
                around
            })
            .collect();
        Self {
            width,
            height,
            k,
            cells,
            through,
            near,
        }
    }
}

/// What a window is worth to each side: nothing once both have a stone in
/// it, and more the fuller it is (a window of k - 1 is a threat to win).
fn worth(weights: &[i64], count: [u8; 2]) -> [i64; 2] {
    match count {
        [0, 0] => [0, 0],
        [a, 0] => [weights[usize::from(a)], 0],
        [0, b] => [0, weights[usize::from(b)]],
        _ => [0, 0],
    }
}

/// A position: cells (0 empty, 1 X, 2 O), window counts, and what the
/// searches read off them.
#[derive(Clone)]
pub struct Board<'a> {
    pub windows: &'a Windows,
    zobrist: &'a [Vec<u64>; 2],
    pub cell: Vec<u8>,
    count: Vec<[u8; 2]>,
    /// For each side, the windows that need one more of its stones to be
    /// a line (and hold none of the other's).
    one_short: [WindowSet; 2],
    /// For each side, the windows that need two more.
    two_short: [WindowSet; 2],
    /// For each side, its windows' worth.
    pub score: [i64; 2],
    /// How many stones lie within two steps of each cell.
    near: Vec<u8>,
    pub history: Vec<usize>,
    pub stones: usize,
    pub hash: u64,
    /// Set once a side has k in a row.
    pub winner: Option<usize>,
    weights: Vec<i64>,
}

impl<'a> Board<'a> {
    /// The board with stones of X on `x` and of O on `o`.
    #[must_use]
    pub fn new(
        windows: &'a Windows,
        zobrist: &'a [Vec<u64>; 2],
        x: impl IntoIterator<Item = usize>,
        o: impl IntoIterator<Item = usize>,
    ) -> Self {
        let k = windows.k;
        // Each stone more in a window is worth eight times as much.
        let weights = (0..=k + 1)
            .map(|n| if n == 0 { 0 } else { 8i64.pow(n as u32 - 1) })
            .collect();
        let cells = windows.width * windows.height;
        // A window is short of a line by k stones of either side.
        let short_by = |n: usize| {
            let mut set = WindowSet::new(windows.cells.len());
            if k == n {
                for w in 0..windows.cells.len() {
                    set.set(w as u32, true);
                }
            }
            [set.clone(), set]
        };
        let mut board = Self {
            windows,
            zobrist,
            cell: vec![0; cells],
            count: vec![[0, 0]; windows.cells.len()],
            one_short: short_by(1),
            two_short: short_by(2),
            score: [0, 0],
            near: vec![0; cells],
            history: Vec::new(),
            stones: 0,
            hash: 0,
            winner: None,
            weights,
        };
        for c in x {
            board.play(c, 0);
        }
        for c in o {
            board.play(c, 1);
        }
        board.history.clear();
        board
    }

    /// The side to move: 0 for X, 1 for O.
    #[must_use]
    pub fn to_move(&self) -> usize {
        self.stones % 2
    }

    #[must_use]
    pub fn is_empty(&self, c: usize) -> bool {
        self.cell[c] == 0
    }

    #[must_use]
    pub fn is_full(&self) -> bool {
        self.stones == self.cell.len()
    }

    /// Whether a stone lies within two steps of `c`.
    #[must_use]
    pub fn is_near(&self, c: usize) -> bool {
        self.near[c] > 0
    }

    /// Adds (or with `add` false takes away) a stone of `side` on `c` in
    /// the counts of the windows through it, their worth and the fours.
    fn recount(&mut self, c: usize, side: usize, add: bool) {
        let k = self.windows.k as u8;
        let windows = self.windows;
        for &w in &windows.through[c] {
            let w = w as usize;
            // The pair of counts as one number: a byte stored at `side`
            // and read back as the pair stalled the CPU (40 % of the time
            // spent here).
            let pair = u16::from_le_bytes(self.count[w]);
            let one = 1u16 << (8 * side);
            let before = pair.to_le_bytes();
            let after = if add { pair + one } else { pair - one }.to_le_bytes();
            let (old, new) = (worth(&self.weights, before), worth(&self.weights, after));
            for s in 0..2 {
                self.score[s] += new[s] - old[s];
                let short = |count: [u8; 2], by: u8| count[1 - s] == 0 && count[s] + by == k;
                for (by, set) in [(1, &mut self.one_short[s]), (2, &mut self.two_short[s])] {
                    if short(before, by) != short(after, by) {
                        set.set(w as u32, short(after, by));
                    }
                }
            }
            if after[side] == k {
                self.winner.get_or_insert(side);
            }
            self.count[w] = after;
        }
        for &n in &windows.near[c] {
            let near = &mut self.near[usize::from(n)];
            *near = if add { *near + 1 } else { *near - 1 };
        }
        self.hash ^= self.zobrist[side][c];
    }

    /// Puts a stone of `side` on `c`, which must be empty.
    pub fn play(&mut self, c: usize, side: usize) {
        self.recount(c, side, true);
        self.cell[c] = side as u8 + 1;
        self.stones += 1;
        self.history.push(c);
    }

    /// Takes back the last stone.
    pub fn undo(&mut self) {
        let Some(c) = self.history.pop() else {
            return;
        };
        let side = usize::from(self.cell[c]) - 1;
        // Play ends at the first line, so the last stone made any there is.
        self.winner = None;
        self.recount(c, side, false);
        self.cell[c] = 0;
        self.stones -= 1;
    }

    /// Each window's stones of X and of O.
    #[must_use]
    pub fn counts(&self) -> &[[u8; 2]] {
        &self.count
    }

    /// Whether `side` has a window one stone short of a line.
    #[must_use]
    pub fn has_four(&self, side: usize) -> bool {
        !self.one_short[side].is_empty()
    }

    /// The cells where `side` would make a line at once: none, one, or two
    /// (there may be more; two already mean the other cannot stop them).
    #[must_use]
    pub fn completions(&self, side: usize) -> Vec<usize> {
        self.completing(side, 2)
    }

    /// Every cell where `side` would make a line at once.
    #[must_use]
    pub fn all_completions(&self, side: usize) -> Vec<usize> {
        let mut all = self.completing(side, usize::MAX);
        all.sort_unstable();
        all
    }

    fn completing(&self, side: usize, most: usize) -> Vec<usize> {
        let mut out = Vec::new();
        if self.one_short[side].is_empty() {
            return out;
        }
        for w in self.one_short[side].sorted() {
            let Some(&c) = self.windows.cells[w as usize]
                .iter()
                .find(|&&c| self.cell[usize::from(c)] == 0)
            else {
                continue;
            };
            let c = usize::from(c);
            if !out.contains(&c) {
                out.push(c);
                if out.len() == most {
                    break;
                }
            }
        }
        out
    }

    /// The two empty cells of each window where `side` has all but two
    /// stones and the other side none: a stone on either makes a four.
    fn two_short(&self, side: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.two_short[side].sorted().into_iter().filter_map(|w| {
            let mut empty = self.windows.cells[w as usize]
                .iter()
                .map(|&c| usize::from(c))
                .filter(|&c| self.cell[c] == 0);
            Some((empty.next()?, empty.next()?))
        })
    }

    /// The cells where `side` would make a window one short of a line:
    /// the moves that threaten to win next.
    #[must_use]
    pub fn four_makers(&self, side: usize) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for (a, b) in self.two_short(side) {
            for c in [a, b] {
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        out
    }

    /// The cells where a stone of `side` would leave two or more cells
    /// that complete a line (an open four, or two fours at once): the
    /// threats its open threes make. With them, the cells that stop them:
    /// each threat cell and the cells its fours would need. Empty when
    /// `side` has none.
    #[must_use]
    pub fn open_threats(&self, side: usize) -> (Vec<usize>, Vec<usize>) {
        // Each four-making cell with the cell its four would need (no
        // threes where k < 3).
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        if self.windows.k >= 3 {
            pairs.extend(self.two_short(side).flat_map(|(a, b)| [(a, b), (b, a)]));
        }
        pairs.sort_unstable();
        pairs.dedup();
        // A cell with two different needs makes two fours at once.
        let threats: Vec<usize> = pairs
            .windows(2)
            .filter(|p| p[0].0 == p[1].0)
            .map(|p| p[0].0)
            .fold(Vec::new(), |mut out, c| {
                if out.last() != Some(&c) {
                    out.push(c);
                }
                out
            });
        let mut stops = threats.clone();
        for &(maker, needs) in &pairs {
            if threats.binary_search(&maker).is_ok() && !stops.contains(&needs) {
                stops.push(needs);
            }
        }
        (threats, stops)
    }

    /// How much a stone of `side` on `c` adds: to its own windows, and by
    /// spoiling the other's.
    #[must_use]
    pub fn gain(&self, c: usize, side: usize) -> i64 {
        let mut gain = 0;
        for &w in &self.windows.through[c] {
            let count = self.count[w as usize];
            let (mine, theirs) = (usize::from(count[side]), usize::from(count[1 - side]));
            if theirs == 0 {
                gain += self.weights[mine + 1] - self.weights[mine];
            }
            if mine == 0 {
                gain += self.weights[theirs];
            }
        }
        gain
    }
}

#[cfg(test)]
impl<'a> Board<'a> {
    /// The board of `geo` with X on the cells named `x` and O on `o`.
    pub fn named(geo: &'a super::Geometry, x: &[&str], o: &[&str]) -> Self {
        let cell = |name: &&str| geo.cell_named(name);
        Self::new(
            &geo.windows,
            &geo.zobrist,
            x.iter().map(cell),
            o.iter().map(cell),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::Geometry;
    use super::Board;

    fn board<'a>(geo: &'a Geometry, x: &[&str], o: &[&str]) -> Board<'a> {
        Board::named(geo, x, o)
    }

    fn names(geo: &Geometry, mut cells: Vec<usize>) -> Vec<String> {
        cells.sort_unstable();
        cells.into_iter().map(|c| geo.cell_name(c)).collect()
    }

    #[test]
    fn an_open_three_threatens_on_both_sides_and_is_stopped_from_four_cells() {
        let geo = Geometry::new(15, 15, 5);
        let b = board(&geo, &["g8", "h8", "i8"], &["a1", "o15"]);
        let (threats, stops) = b.open_threats(0);
        assert_eq!(names(&geo, threats), ["f8", "j8"]);
        assert_eq!(names(&geo, stops), ["e8", "f8", "j8", "k8"]);
        assert!(b.open_threats(1).0.is_empty());
    }

    #[test]
    fn a_three_closed_on_one_side_threatens_nothing() {
        let geo = Geometry::new(15, 15, 5);
        let b = board(&geo, &["g8", "h8", "i8"], &["f8"]);
        assert!(b.open_threats(0).0.is_empty());
        // A broken three with room on both sides still does: its middle
        // makes an open four.
        let b = board(&geo, &["g8", "h8", "j8"], &["a1"]);
        assert_eq!(names(&geo, b.open_threats(0).0), ["i8"]);
    }
}
