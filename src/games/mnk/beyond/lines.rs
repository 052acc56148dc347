//! The playing engine's board: for every empty cell, side and line, the
//! pattern a stone there would make (`pattern`), kept up to date as
//! stones are played and taken back — a stone changes the neighbourhood
//! codes of the 8(k - 1) cells on its four lines and nothing else, so no
//! line is ever scanned again. From the patterns: each cell's threat
//! level for each side (five, open four, four-three, …), how many cells
//! of each level a side has, and the evaluation's sums.

use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use super::pattern::{Pattern, Table, WALL, slot, table};
use crate::games::mnk::geometry::zobrist_keys;

/// The four directions of a line: across, down, and the two diagonals.
const DIRECTIONS: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// What a stone of one side on a cell would make, its four lines taken
/// together, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Level {
    None,
    Quiet,
    Flex2,
    Block3,
    Flex3,
    Block4,
    /// Two open threes at once.
    ThreeThree,
    /// A four and an open three at once.
    FourThree,
    /// An open four, or two fours at once: it wins next move.
    Flex4,
    /// A line.
    Five,
}

const LEVELS: usize = Level::Five as usize + 1;

/// What each pattern is worth to the evaluation and the move order, in
/// the engine's units (an open four is worth a few hundred).
pub const WORTH: [i32; 9] = [0, 1, 4, 12, 16, 60, 70, 400, 2000];
/// What a cell's lines together are worth beyond their patterns: an open
/// four or two fours, a four and an open three, two open threes, two
/// open twos (or a closed three with an open two or another closed
/// three) — and, `PLUS_BONUS`, a four or an open three that makes an
/// open two or a closed three on another line: the next threat is
/// built as this one is answered. That last one (2026-11-27) won 68 of
/// 80 games as X against Rapfi where the engine without it won 62 of the
/// same 80 (docs/mnk.md).
pub const FLEX4_BONUS: i32 = 300;
pub const FOUR_THREE_BONUS: i32 = 300;
pub const THREE_THREE_BONUS: i32 = 150;
pub const TWO_TWOS_BONUS: i32 = 20;
pub const PLUS_BONUS: i32 = 40;

/// Whether a `width` × `height` board is open for lines of `k`: a line
/// fits twice across and down with a cell between (11×11 and up for
/// k = 5), so the first player has room to build and the second must stop
/// it early.
#[must_use]
pub fn is_open(width: usize, height: usize, k: usize) -> bool {
    width.min(height) > 2 * k
}

fn worth(p: Pattern) -> i32 {
    WORTH[p as usize]
}

/// The level of four line patterns, and what it is worth beyond them.
fn level_of(lines: [Pattern; 4]) -> (Level, i32) {
    let n = |p: Pattern| lines.iter().filter(|&&q| q == p).count();
    let (fives, flex4, block4, flex3) = (
        n(Pattern::Five),
        n(Pattern::Flex4),
        n(Pattern::Block4),
        n(Pattern::Flex3),
    );
    // Closed threes and open twos: one beside a four or an open three
    // builds (`PLUS_BONUS`); two together are the two-twos bonus.
    let builders = n(Pattern::Block3) + n(Pattern::Flex2);
    let builds = builders > 0;
    let twos = if builders >= 2 { TWO_TWOS_BONUS } else { 0 };
    if fives > 0 {
        (Level::Five, 0)
    } else if flex4 > 0 || block4 >= 2 {
        (Level::Flex4, FLEX4_BONUS)
    } else if block4 == 1 && flex3 > 0 {
        (Level::FourThree, FOUR_THREE_BONUS)
    } else if block4 == 1 {
        (Level::Block4, if builds { PLUS_BONUS } else { 0 })
    } else if flex3 >= 2 {
        (Level::ThreeThree, THREE_THREE_BONUS)
    } else if flex3 == 1 {
        (Level::Flex3, if builds { PLUS_BONUS } else { 0 })
    } else if n(Pattern::Block3) > 0 {
        (Level::Block3, twos)
    } else if n(Pattern::Flex2) > 0 {
        (Level::Flex2, twos)
    } else if lines.iter().any(|&p| p > Pattern::None) {
        (Level::Quiet, 0)
    } else {
        (Level::None, 0)
    }
}

/// The level and value of each four line patterns, indexed by the
/// patterns as digits of base 9: a cell's refresh looks them up.
fn combos() -> &'static [(Level, i32)] {
    static COMBOS: OnceLock<Vec<(Level, i32)>> = OnceLock::new();
    COMBOS.get_or_init(|| {
        let all = Pattern::ALL;
        let mut out = Vec::with_capacity(9 * 9 * 9 * 9);
        for a in all {
            for b in all {
                for c in all {
                    for d in all {
                        let four = [a, b, c, d];
                        let (level, bonus) = level_of(four);
                        out.push((level, bonus + four.iter().map(|&p| worth(p)).sum::<i32>()));
                    }
                }
            }
        }
        out
    })
}

/// A cell's pattern pair along line `d`, of the four kept as one word:
/// the four are read and written whole, in a register (a byte written
/// and the four read back at once stalled the processor's load, a third
/// of the threat search's time).
fn line_of(pairs: [u8; 4], d: usize) -> u8 {
    (u32::from_le_bytes(pairs) >> (8 * d)) as u8
}

/// The four pattern pairs with line `d`'s replaced by `pair` (see
/// `line_of`).
fn with_line(pairs: [u8; 4], d: usize, pair: u8) -> [u8; 4] {
    let shift = 8 * d;
    ((u32::from_le_bytes(pairs) & !(0xff << shift)) | u32::from(pair) << shift).to_le_bytes()
}

/// An empty cell's line pattern and what followed from it, as they were
/// before a stone changed them.
#[derive(Clone, Copy)]
struct Changed {
    cell: u32,
    line: u8,
    pattern: u8,
    level: [Level; 2],
    value: [i32; 2],
}

/// What the board keeps of one cell.
#[derive(Clone, Copy)]
struct Spot {
    /// The neighbourhood code along each line.
    code: [u32; 4],
    /// The patterns a stone here would make along each line, X's in the
    /// low four bits and O's in the high (as `Table::both`): an empty
    /// cell's are kept up to date, a stone's as they were when it was
    /// played.
    pattern: [u8; 4],
    level: [Level; 2],
    value: [i32; 2],
}

impl Spot {
    const EMPTY: Self = Self {
        code: [0; 4],
        pattern: [0; 4],
        level: [Level::None; 2],
        value: [0; 2],
    };

    /// Looks up the empty cell `c`'s patterns along line `d` again, and
    /// its levels and values, and keeps the empty cells' sums (`total`,
    /// `count`) in step. What it was before, if it changed. Inlined into
    /// `mark`: called there, its entry and exit were a tenth of the
    /// board's play and take-back.
    #[inline(always)]
    fn refresh(
        &mut self,
        c: usize,
        d: usize,
        table: &Table,
        combos: &[(Level, i32)],
        total: &mut [i32; 2],
        count: &mut [[u16; LEVELS]; 2],
    ) -> Option<Changed> {
        let pair = table.both[self.code[d] as usize];
        let was = line_of(self.pattern, d);
        if pair == was {
            return None;
        }
        let change = Changed {
            cell: c as u32,
            line: d as u8,
            pattern: was,
            level: self.level,
            value: self.value,
        };
        self.pattern = with_line(self.pattern, d, pair);
        let changed = pair ^ was;
        // Only a side whose pattern changed is looked up again.
        for s in 0..2 {
            if (changed >> (4 * s)) & 15 == 0 {
                continue;
            }
            let (level, value) = combo(combos, self.pattern, s);
            total[s] += value - self.value[s];
            if level != self.level[s] {
                count[s][self.level[s] as usize] -= 1;
                count[s][level as usize] += 1;
            }
            self.level[s] = level;
            self.value[s] = value;
        }
        Some(change)
    }
}

/// The level and value for `side` of a cell's four line patterns (both
/// sides' as `Spot::pattern` keeps them).
fn combo(combos: &[(Level, i32)], pairs: [u8; 4], side: usize) -> (Level, i32) {
    let [a, b, e, f] = pairs.map(|p| usize::from((p >> (4 * side)) & 15));
    combos[((a * 9 + b) * 9 + e) * 9 + f]
}

/// What `undo` needs of a stone beyond its changes: where they start in
/// `Lines::changes`, and the empty cells' sums as the stone found them
/// (put back whole: cheaper than taking each change's share out again).
#[derive(Clone, Copy)]
struct Before {
    changes_from: usize,
    total: [i32; 2],
    count: [[u16; LEVELS]; 2],
}

/// A cell on one of the lines through another, within a line's length of
/// it: which cell, which line, and the bits the other takes in its code.
#[derive(Clone, Copy)]
struct Neighbour {
    cell: u32,
    line: u8,
    at: u8,
}

/// Board sizes whose neighbour lists are kept (see `Neighbours::shared`).
const KNOWN_SIZES: usize = 8;

/// Every cell's neighbours on its lines, found once for a board size (a
/// stone's play walks them instead of the geometry).
struct Neighbours {
    list: Vec<Neighbour>,
    /// Where each cell's neighbours start in `list` (one more entry than
    /// cells, for the end).
    from: Vec<u32>,
}

impl Neighbours {
    fn of(width: usize, height: usize, reach: usize) -> Self {
        let r = reach as isize;
        let (w, h) = (width as isize, height as isize);
        let mut list = Vec::new();
        let mut from = vec![0];
        for p in 0..width * height {
            let (x, y) = ((p % width) as isize, (p / width) as isize);
            for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                for t in (-r..=r).filter(|&t| t != 0) {
                    let (nx, ny) = (x + t * dx, y + t * dy);
                    if nx >= 0 && ny >= 0 && nx < w && ny < h {
                        list.push(Neighbour {
                            cell: (ny * w + nx) as u32,
                            line: d as u8,
                            // `p` lies -t steps from the neighbour.
                            at: slot(-t, reach) as u8,
                        });
                    }
                }
            }
            from.push(list.len() as u32);
        }
        Self { list, from }
    }

    /// The neighbours of a board of these dimensions, found on the first
    /// board of them and shared by the rest (a board is built for every
    /// question, and for every move of an analysis: the lists were a third
    /// of building one).
    fn shared(width: usize, height: usize, reach: usize) -> Arc<Self> {
        type Known = Vec<((usize, usize, usize), Arc<Neighbours>)>;
        static KNOWN: Mutex<Known> = Mutex::new(Vec::new());
        let mut known = KNOWN.lock().unwrap_or_else(PoisonError::into_inner);
        let key = (width, height, reach);
        if let Some((_, found)) = known.iter().find(|(k, _)| *k == key) {
            return Arc::clone(found);
        }
        let made = Arc::new(Self::of(width, height, reach));
        // A few sizes are played in one run; the oldest goes first.
        if known.len() >= KNOWN_SIZES {
            known.remove(0);
        }
        known.push((key, Arc::clone(&made)));
        made
    }

    fn of_cell(&self, p: usize) -> std::ops::Range<usize> {
        self.from[p] as usize..self.from[p + 1] as usize
    }
}

/// A position as the playing engine sees it.
#[derive(Clone)]
pub struct Lines {
    pub width: usize,
    pub height: usize,
    pub k: usize,
    table: &'static Table,
    /// The level and value of every four patterns (see `combos`).
    combos: &'static [(Level, i32)],
    /// 0 empty, 1 X, 2 O.
    pub cell: Vec<u8>,
    /// Each cell's codes, patterns, levels and values.
    spot: Vec<Spot>,
    neighbours: Arc<Neighbours>,
    /// The values of the empty cells, summed for each side.
    pub total: [i32; 2],
    /// How many empty cells of each level each side has.
    count: [[u16; LEVELS]; 2],
    /// How many stones lie within two steps of each cell.
    near: Vec<u8>,
    pub stones: usize,
    pub hash: u64,
    keys: Vec<[u64; 2]>,
    pub history: Vec<usize>,
    /// What each play changed, to be put back by `undo` without looking
    /// anything up again, and `before[i]` the rest for the `i`th stone of
    /// `history`.
    changes: Vec<Changed>,
    before: Vec<Before>,
    /// Set once a side has a line.
    pub winner: Option<usize>,
}

impl Lines {
    /// An empty `width` × `height` board for lines of `k`; `None` where
    /// the pattern tables are not built for `k`.
    #[must_use]
    pub fn new(width: usize, height: usize, k: usize) -> Option<Self> {
        let table = table(k)?;
        let cells = width * height;
        let reach = table.reach as isize;
        let mut spot = vec![Spot::EMPTY; cells];
        for (c, codes) in spot.iter_mut().map(|s| &mut s.code).enumerate() {
            let (x, y) = ((c % width) as isize, (c / width) as isize);
            for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                for t in (-reach..=reach).filter(|&t| t != 0) {
                    let (nx, ny) = (x + t * dx, y + t * dy);
                    if nx < 0 || ny < 0 || nx >= width as isize || ny >= height as isize {
                        codes[d] |= WALL << slot(t, table.reach);
                    }
                }
            }
        }
        let [x_keys, o_keys] = zobrist_keys(cells);
        let keys = x_keys
            .into_iter()
            .zip(o_keys)
            .map(|(x, o)| [x, o])
            .collect();
        let mut lines = Self {
            width,
            height,
            k,
            table,
            combos: combos(),
            cell: vec![0; cells],
            spot,
            neighbours: Neighbours::shared(width, height, table.reach),
            total: [0; 2],
            count: [[0; LEVELS]; 2],
            near: vec![0; cells],
            stones: 0,
            hash: 0,
            keys,
            history: Vec::new(),
            changes: Vec::new(),
            before: Vec::new(),
            winner: None,
        };
        let Self {
            table,
            combos,
            spot,
            total,
            count,
            ..
        } = &mut lines;
        for (c, spot) in spot.iter_mut().enumerate() {
            count[0][0] += 1;
            count[1][0] += 1;
            for d in 0..4 {
                spot.refresh(c, d, table, combos, total, count);
            }
        }
        Some(lines)
    }

    /// The board of `cells` (0 empty, 1 X, 2 O).
    #[must_use]
    pub fn from_cells(width: usize, height: usize, k: usize, cells: &[u8]) -> Option<Self> {
        let mut lines = Self::new(width, height, k)?;
        for (c, &v) in cells.iter().enumerate() {
            if v != 0 {
                lines.play(c, usize::from(v) - 1);
            }
        }
        lines.history.clear();
        lines.changes.clear();
        lines.before.clear();
        Some(lines)
    }

    pub fn cells(&self) -> usize {
        self.cell.len()
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

    /// What a stone of `side` on the empty cell `c` would make.
    #[must_use]
    pub fn level(&self, c: usize, side: usize) -> Level {
        self.spot[c].level[side]
    }

    /// What a stone of `side` on `c` would make along line `d`.
    #[must_use]
    pub fn pattern(&self, c: usize, side: usize, d: usize) -> Pattern {
        Pattern::ALL[usize::from((self.spot[c].pattern[d] >> (4 * side)) & 15)]
    }

    /// The value of the empty cell `c` to `side`.
    #[must_use]
    pub fn value(&self, c: usize, side: usize) -> i32 {
        self.spot[c].value[side]
    }

    /// How many empty cells where `side` would make at least `level`
    /// there are.
    #[must_use]
    pub fn count_at_least(&self, side: usize, level: Level) -> u32 {
        self.count[side][level as usize..]
            .iter()
            .map(|&n| u32::from(n))
            .sum()
    }

    /// How many empty cells of exactly `level` `side` has.
    #[must_use]
    pub fn count(&self, side: usize, level: Level) -> u32 {
        u32::from(self.count[side][level as usize])
    }

    /// Whether `side` has a cell where a stone makes a four or more.
    #[must_use]
    pub fn makes_any_four(&self, side: usize) -> bool {
        [Level::Block4, Level::FourThree, Level::Flex4, Level::Five]
            .iter()
            .any(|&l| self.count[side][l as usize] > 0)
    }

    /// The empty cells within two steps of a stone, in order.
    pub fn near_empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.cell
            .iter()
            .zip(&self.near)
            .enumerate()
            .filter(|&(_, (&stone, &near))| stone == 0 && near > 0)
            .map(|(c, _)| c)
    }

    /// The empty cells where `side` reaches `level` or more, in order.
    /// Their number is kept (`count`), so the scan ends at the last of
    /// them: none, and it does not begin (the search for fours asks at
    /// every node: the threat searches' instructions 5 % fewer, docs/mnk.md).
    pub fn cells_at_least(&self, side: usize, level: Level) -> impl Iterator<Item = usize> + '_ {
        let found = self.count_at_least(side, level) as usize;
        self.empty_cells_where(move |_, levels| levels[side] >= level)
            .take(found)
    }

    /// The empty cells whose levels (X's, then O's) pass `test`, given
    /// the cell too, in order.
    pub fn empty_cells_where<'a>(
        &'a self,
        test: impl Fn(usize, [Level; 2]) -> bool + 'a,
    ) -> impl Iterator<Item = usize> + 'a {
        self.cell
            .iter()
            .zip(&self.spot)
            .enumerate()
            .filter(move |&(c, (&stone, spot))| stone == 0 && test(c, spot.level))
            .map(|(c, _)| c)
    }

    /// The empty cells on the four lines through `c`, within k - 1 of it.
    pub fn on_lines(&self, c: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.neighbours.list[self.neighbours.of_cell(c)]
            .iter()
            .map(|n| (n.cell as usize, usize::from(n.line)))
            .filter(|&(q, _)| self.cell[q] == 0)
    }

    /// Writes `v` into the neighbourhood codes of the cells on the lines
    /// through `p`, and refreshes the empty ones if `refresh` (`undo` puts
    /// back what they were instead). Leaving the stones' codes alone was
    /// tried twice: no faster (docs/mnk.md).
    fn mark(&mut self, p: usize, v: u32, refresh: bool) {
        let Self {
            table,
            combos,
            cell,
            spot,
            neighbours,
            total,
            count,
            changes,
            ..
        } = self;
        for n in &neighbours.list[neighbours.of_cell(p)] {
            let (q, d, at) = (n.cell as usize, usize::from(n.line), u32::from(n.at));
            let spot = &mut spot[q];
            spot.code[d] = (spot.code[d] & !(3 << at)) | (v << at);
            if refresh
                && cell[q] == 0
                && let Some(change) = spot.refresh(q, d, table, combos, total, count)
            {
                changes.push(change);
            }
        }
    }

    fn touch_near(&mut self, p: usize, add: bool) {
        let (x, y) = (p % self.width, p / self.width);
        let (x0, x1) = (x.saturating_sub(2), (x + 2).min(self.width - 1));
        for ny in y.saturating_sub(2)..=(y + 2).min(self.height - 1) {
            let row = &mut self.near[ny * self.width + x0..=ny * self.width + x1];
            for n in row {
                *n = if add { *n + 1 } else { *n - 1 };
            }
        }
    }

    /// Puts a stone of `side` on the empty cell `p`.
    pub fn play(&mut self, p: usize, side: usize) {
        if self.spot[p].level[side] == Level::Five {
            self.winner.get_or_insert(side);
        }
        self.before.push(Before {
            changes_from: self.changes.len(),
            total: self.total,
            count: self.count,
        });
        // The cell leaves the empty cells' sums.
        for s in 0..2 {
            self.total[s] -= self.spot[p].value[s];
            self.count[s][self.spot[p].level[s] as usize] -= 1;
        }
        self.cell[p] = side as u8 + 1;
        self.mark(p, side as u32 + 1, true);
        self.touch_near(p, true);
        self.hash ^= self.keys[p][side];
        self.stones += 1;
        self.history.push(p);
    }

    /// The hash the board would have with a stone of `side` on `p`.
    #[must_use]
    pub fn hash_after(&self, p: usize, side: usize) -> u64 {
        self.hash ^ self.keys[p][side]
    }

    /// What a stone of `side` on `p` changes the hash by: the hash of a
    /// position some stones from this one, without playing them.
    #[must_use]
    pub fn stone_key(&self, p: usize, side: usize) -> u64 {
        self.keys[p][side]
    }

    /// Takes back the last stone.
    pub fn undo(&mut self) {
        // The two are pushed and taken together.
        let (Some(p), Some(before)) = (self.history.pop(), self.before.pop()) else {
            return;
        };
        let side = usize::from(self.cell[p]) - 1;
        self.cell[p] = 0;
        self.mark(p, 0, false);
        for was in self.changes.drain(before.changes_from..).rev() {
            let spot = &mut self.spot[was.cell as usize];
            spot.pattern = with_line(spot.pattern, usize::from(was.line), was.pattern);
            spot.level = was.level;
            spot.value = was.value;
        }
        // Every empty cell is as it was before the stone (its changes put
        // back; the stone's own cell was never refreshed while it stood),
        // and so are the sums.
        self.total = before.total;
        self.count = before.count;
        self.touch_near(p, false);
        self.hash ^= self.keys[p][side];
        self.stones -= 1;
        // Play stops at the first line, so the last stone made any there is.
        self.winner = None;
    }

    /// Whether cells `a` and `b` lie on one line within a line's length
    /// of each other (`a` itself included).
    #[must_use]
    pub fn on_a_line(&self, a: usize, b: usize) -> bool {
        let (dx, dy) = (
            (a % self.width).abs_diff(b % self.width),
            (a / self.width).abs_diff(b / self.width),
        );
        (dx == 0 || dy == 0 || dx == dy) && dx.max(dy) < self.k
    }

    /// The level `side` would have on the empty cell `f` were the other
    /// side's stone on `c` (another empty cell): one line's pattern looked
    /// up again, without playing.
    #[must_use]
    pub fn level_if_blocked(&self, f: usize, c: usize, side: usize) -> Level {
        let (fx, fy) = ((f % self.width) as isize, (f / self.width) as isize);
        let (dx, dy) = (
            (c % self.width) as isize - fx,
            (c / self.width) as isize - fy,
        );
        let t = if dx == 0 { dy } else { dx };
        let Some(d) = DIRECTIONS
            .iter()
            .position(|&(ux, uy)| (dx, dy) == (t * ux, t * uy))
        else {
            return self.spot[f].level[side];
        };
        if t == 0 || t.unsigned_abs() > self.table.reach {
            return self.spot[f].level[side];
        }
        let at = slot(t, self.table.reach);
        let code = (self.spot[f].code[d] & !(3 << at)) | ((2 - side as u32) << at);
        let pairs = with_line(self.spot[f].pattern, d, self.table.both[code as usize]);
        combo(self.combos, pairs, side).0
    }

    /// The cell where `side` would make a line, on the lines through `c`
    /// (after a four was made there).
    #[must_use]
    pub fn five_near(&self, c: usize, side: usize) -> Option<usize> {
        self.on_lines(c)
            .map(|(q, _)| q)
            .find(|&q| self.spot[q].level[side] == Level::Five)
    }
}

/// Test boards named as players name cells (`Geometry::cell_named`):
/// 15×15 unless a geometry is given, `a1` the corner.
#[cfg(test)]
pub mod named {
    use std::sync::OnceLock;

    use super::Lines;
    use crate::games::mnk::Geometry;

    fn fifteen() -> &'static Geometry {
        static FIFTEEN: OnceLock<Geometry> = OnceLock::new();
        FIFTEEN.get_or_init(|| Geometry::new(15, 15, 5))
    }

    /// The cell named `name` (`h8`) on 15×15.
    pub fn at(name: &str) -> usize {
        fifteen().cell_named(name)
    }

    /// A 15×15 board for lines of 5 with X on `x` and O on `o`.
    pub fn board(x: &[&str], o: &[&str]) -> Lines {
        board_on(fifteen(), x, o)
    }

    /// The board of `geo` with X on `x` and O on `o`.
    pub fn board_on(geo: &Geometry, x: &[&str], o: &[&str]) -> Lines {
        let mut cells = vec![0u8; geo.cells()];
        for c in x {
            cells[geo.cell_named(c)] = 1;
        }
        for c in o {
            cells[geo.cell_named(c)] = 2;
        }
        Lines::from_cells(geo.width, geo.height, geo.k, &cells).unwrap_or_else(|| unreachable!())
    }

    /// 8×8 k = 5, from a game lost to Rapfi as O (e5 c7 d4 d5 e4 e3 f4
    /// c4 f6 c3): X, to move, wins by threats five deep, by g4.
    pub fn lost_on_eight_by_eight() -> (Lines, Geometry) {
        let geo = Geometry::new(8, 8, 5);
        let lines = board_on(
            &geo,
            &["e5", "d4", "e4", "f4", "f6"],
            &["c7", "d5", "e3", "c4", "c3"],
        );
        (lines, geo)
    }

    /// 15×15, 43 plies into a game lost to Rapfi as X (seed 101's
    /// second): O, to move, wins by threats eight deep, by g13, and not
    /// within seven. X's stones, then O's.
    pub fn won_by_o_eight_deep() -> (Vec<&'static str>, Vec<&'static str>) {
        let game = "j10 i10 h9 j9 h11 h10 i11 g11 g10 h12 f9 e8 e9 g9 k11 i12 f12 \
            i8 e12 f11 c12 d12 e10 d11 e11 e13 d10 c9 j12 l10 j14 l11 k10 b10 c11 f8 e7 \
            l8 l9 i7 i6 j8 h14";
        let moves: Vec<&str> = game.split_whitespace().collect();
        let xs = moves.iter().copied().step_by(2).collect();
        let os = moves.iter().copied().skip(1).step_by(2).collect();
        (xs, os)
    }

    /// A small seeded generator: the tests need no more.
    pub fn next(seed: &mut u64) -> usize {
        *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (*seed >> 33) as usize
    }

    /// `count` random crowded boards (`crowded`, `fewest` stones and up
    /// to `spread` - 1 more) that have no line yet, each handed to `each`
    /// with the generator, from which a test draws what it asks of it.
    pub fn each_crowded(
        seed: &mut u64,
        count: usize,
        fewest: usize,
        spread: usize,
        mut each: impl FnMut(&mut Lines, &mut u64),
    ) {
        for _ in 0..count {
            let stones = fewest + next(seed) % spread;
            let mut lines = crowded(seed, stones);
            if lines.winner.is_none() {
                each(&mut lines, seed);
            }
        }
    }

    /// A 15×15 board for lines of 5 with up to `stones` stones dropped at
    /// random on its centre (the 9×9 square from d4), X and O in turn
    /// (a cell taken, or a line made, skips the turn).
    pub fn crowded(seed: &mut u64, stones: usize) -> Lines {
        let mut lines = Lines::new(15, 15, 5).unwrap_or_else(|| unreachable!());
        for i in 0..stones {
            let c = (3 + next(seed) % 9) * 15 + 3 + next(seed) % 9;
            if lines.is_empty(c) && lines.winner.is_none() {
                lines.play(c, i % 2);
            }
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::super::pattern::Pattern;
    use super::super::vcf::makes_four;
    use super::named::{at, next};
    use super::{DIRECTIONS, FOUR_THREE_BONUS, Level, Lines, PLUS_BONUS, TWO_TWOS_BONUS, level_of};

    /// The run of `side` through `c` along `d` on `cells`.
    fn run(lines: &Lines, cells: &[u8], c: usize, d: usize, side: usize) -> usize {
        let (dx, dy) = DIRECTIONS[d];
        let (w, h) = (lines.width as isize, lines.height as isize);
        let mut n = 1;
        for sign in [-1, 1] {
            let (mut x, mut y) = ((c % lines.width) as isize, (c / lines.width) as isize);
            loop {
                x += sign * dx;
                y += sign * dy;
                if x < 0 || y < 0 || x >= w || y >= h {
                    break;
                }
                if cells[(y * w + x) as usize] != side as u8 + 1 {
                    break;
                }
                n += 1;
            }
        }
        n
    }

    /// The pattern by counting on the board: a line, else how many cells
    /// complete one through `c`; `None` below a four.
    fn counted(lines: &Lines, c: usize, d: usize, side: usize) -> Option<Pattern> {
        let mut cells = lines.cell.clone();
        cells[c] = side as u8 + 1;
        if run(lines, &cells, c, d, side) >= lines.k {
            return Some(Pattern::Five);
        }
        let completing = lines
            .on_lines(c)
            .filter(|&(_, dq)| dq == d)
            .filter(|&(q, _)| {
                let mut more = cells.clone();
                more[q] = side as u8 + 1;
                run(lines, &more, c, d, side) >= lines.k
            })
            .count();
        match completing {
            0 => None,
            1 => Some(Pattern::Block4),
            _ => Some(Pattern::Flex4),
        }
    }

    #[test]
    fn random_play_and_undo_agree_with_a_fresh_board_and_with_counting() {
        let mut seed = 7;
        for (w, h, k) in [(15, 15, 5), (9, 7, 4), (6, 6, 3), (11, 11, 6)] {
            for _game in 0..6 {
                let mut lines = Lines::new(w, h, k).unwrap_or_else(|| unreachable!());
                let moves = 10 + next(&mut seed) % (w * h / 2);
                for _ in 0..moves {
                    let empty: Vec<usize> = (0..w * h).filter(|&c| lines.is_empty(c)).collect();
                    if empty.is_empty() || lines.winner.is_some() {
                        break;
                    }
                    let c = empty[next(&mut seed) % empty.len()];
                    lines.play(c, lines.to_move());
                    // Now and then take one or two back.
                    if next(&mut seed).is_multiple_of(5) {
                        lines.undo();
                    }
                }
                let fresh =
                    Lines::from_cells(w, h, k, &lines.cell).unwrap_or_else(|| unreachable!());
                assert_eq!((lines.total, lines.count), (fresh.total, fresh.count));
                // The scan for a level's cells, which ends at the count
                // kept, finds every one.
                for side in 0..2 {
                    for level in [
                        Level::None,
                        Level::Quiet,
                        Level::Flex2,
                        Level::Block3,
                        Level::Flex3,
                        Level::Block4,
                        Level::ThreeThree,
                        Level::FourThree,
                        Level::Flex4,
                        Level::Five,
                    ] {
                        let every: Vec<usize> = (0..w * h)
                            .filter(|&c| lines.is_empty(c) && lines.level(c, side) >= level)
                            .collect();
                        let scanned: Vec<usize> = lines.cells_at_least(side, level).collect();
                        assert_eq!(scanned, every, "{w}x{h} side {side} {level:?}");
                    }
                }
                // A block's effect read without playing it is what playing
                // it does, and never raises a level (the playing search
                // leaves out the defences after which an open four is left).
                let empty: Vec<usize> = (0..w * h).filter(|&c| lines.is_empty(c)).collect();
                for _ in 0..12.min(empty.len()) {
                    let c = empty[next(&mut seed) % empty.len()];
                    for side in 0..2 {
                        let mut blocked = lines.clone();
                        blocked.play(c, 1 - side);
                        for &f in empty.iter().filter(|&&f| f != c) {
                            let level = lines.level_if_blocked(f, c, side);
                            assert_eq!(level, blocked.level(f, side), "{w}x{h} {f} by {c}");
                            assert!(level <= lines.level(f, side));
                        }
                    }
                }
                for c in (0..w * h).filter(|&c| lines.is_empty(c)) {
                    for side in 0..2 {
                        assert_eq!(lines.level(c, side), fresh.level(c, side));
                        assert_eq!(lines.value(c, side), fresh.value(c, side));
                        // The playing search finds the cells where a side
                        // would make a four by their level alone.
                        assert_eq!(
                            makes_four(lines.level(c, side)),
                            (0..4).any(|d| lines.pattern(c, side, d) >= Pattern::Block4)
                        );
                        for d in 0..4 {
                            let p = lines.pattern(c, side, d);
                            assert_eq!(p, fresh.pattern(c, side, d));
                            let at_least_four = (p >= Pattern::Block4).then_some(p);
                            assert_eq!(
                                at_least_four,
                                counted(&lines, c, d, side),
                                "{w}x{h} k={k} cell {c} side {side} line {d}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn cells_on_a_line_within_its_length() {
        let lines = Lines::new(15, 15, 5).unwrap_or_else(|| unreachable!());
        let on = |a: &str, b: &str| lines.on_a_line(at(a), at(b));
        assert!(on("h8", "h8") && on("h8", "l8") && on("h8", "h4") && on("h8", "d12"));
        assert!(on("h8", "l12") && on("l12", "h8"));
        // Five steps away, or off the four lines: not.
        assert!(!on("h8", "m8") && !on("h8", "c13") && !on("h8", "i10") && !on("a1", "o1"));
        // On every pair of cells of empty boards, what the neighbour lists
        // (`on_lines`) say.
        for (w, h, k) in [(15, 15, 5), (9, 7, 4), (6, 6, 3)] {
            let lines = Lines::new(w, h, k).unwrap_or_else(|| unreachable!());
            for a in 0..w * h {
                for b in 0..w * h {
                    let listed = a == b || lines.on_lines(a).any(|(q, _)| q == b);
                    assert_eq!(lines.on_a_line(a, b), listed, "{w}x{h} k={k}: {a} {b}");
                }
            }
        }
    }

    #[test]
    fn levels_follow_play_and_undo() {
        let mut lines = Lines::new(15, 15, 5).unwrap_or_else(|| unreachable!());
        let fresh = (lines.total, lines.count);
        for (i, c) in ["g8", "a1", "h8", "a2", "i8"].iter().enumerate() {
            lines.play(at(c), i % 2);
        }
        assert_eq!(lines.level(at("f8"), 0), Level::Flex4);
        assert_eq!(lines.level(at("j8"), 0), Level::Flex4);
        assert_eq!(lines.level(at("e8"), 0), Level::Block4);
        assert_eq!(lines.count_at_least(0, Level::Flex4), 2);
        lines.play(at("j8"), 1);
        assert_eq!(lines.level(at("f8"), 0), Level::Block4);
        lines.play(at("f8"), 0);
        assert_eq!(lines.five_near(at("f8"), 0), Some(at("e8")));
        lines.play(at("e8"), 0);
        assert_eq!(lines.winner, Some(0));
        for _ in 0..8 {
            lines.undo();
        }
        assert_eq!(lines.stones, 0);
        assert_eq!((lines.total, lines.count), fresh, "undo restores the sums");
        assert_eq!(lines.winner, None);
    }

    #[test]
    fn a_threat_that_builds_on_another_line_is_worth_more() {
        use Pattern::{Block2, Block3, Block4, Flex2, Flex3, None as Empty, One};
        let of = |a, b| level_of([a, b, Empty, Empty]);
        assert_eq!(of(Block4, Flex2), (Level::Block4, PLUS_BONUS));
        assert_eq!(of(Block4, Block3), (Level::Block4, PLUS_BONUS));
        assert_eq!(of(Block4, One), (Level::Block4, 0));
        assert_eq!(of(Flex3, Block3), (Level::Flex3, PLUS_BONUS));
        assert_eq!(of(Flex3, Block2), (Level::Flex3, 0));
        assert_eq!(of(Block3, Block3), (Level::Block3, TWO_TWOS_BONUS));
        assert_eq!(of(Block3, Flex2), (Level::Block3, TWO_TWOS_BONUS));
        assert_eq!(of(Block3, Block2), (Level::Block3, 0));
        // What wins keeps its own level and worth.
        assert_eq!(of(Block4, Flex3), (Level::FourThree, FOUR_THREE_BONUS));
        assert_eq!(of(Flex2, Flex2), (Level::Flex2, TWO_TWOS_BONUS));
        assert_eq!(of(Flex2, Block2), (Level::Flex2, 0));
    }
}
