//! The shape of a gravity board as column-major bits: a stone falls to
//! the lowest empty cell of its column, lines of k and threats are found
//! by shifts, and the claimeven and odd-threat rules read off the bits.

/// The bits a gravity board may take: its cells and a spare one on top of
/// each column.
pub const MAX_BITS: usize = 64;

/// Column-major bits: bit `col * (height + 1) + r`, `r` counted from the
/// bottom row; the bit above each column stays empty.
#[derive(Clone, Debug)]
pub struct Shape {
    pub width: usize,
    pub height: usize,
    pub k: usize,
    /// The bottom cell of every column.
    bottom: u64,
    /// Every cell of the board (no spare row).
    pub(super) board: u64,
    /// The cells of the rows whose index from the bottom has the parity of
    /// the height, and of the others (see `follow_up`).
    mover_rows: u64,
    follower_rows: u64,
}

impl Shape {
    /// The bitboard shape of a gravity board, or `None` when its columns
    /// with their spare cell do not fit in 64 bits.
    #[must_use]
    pub fn new(width: usize, height: usize, k: usize) -> Option<Self> {
        if width * (height + 1) > MAX_BITS || width == 0 || height == 0 {
            return None;
        }
        let column = (1u64 << height) - 1;
        let mover_column = (0..height)
            .filter(|r| r % 2 == height % 2)
            .fold(0u64, |acc, r| acc | 1 << r);
        let (mut bottom, mut board, mut mover_rows) = (0, 0, 0);
        for c in 0..width {
            bottom |= 1 << (c * (height + 1));
            board |= column << (c * (height + 1));
            mover_rows |= mover_column << (c * (height + 1));
        }
        Some(Self {
            width,
            height,
            k,
            bottom,
            board,
            mover_rows,
            follower_rows: board & !mover_rows,
        })
    }

    /// The bit of a cell named as on the screen: row 0 at the top.
    #[must_use]
    pub const fn bit_of_cell(&self, cell: usize) -> u64 {
        let (col, row) = (cell % self.width, cell / self.width);
        1 << (col * (self.height + 1) + (self.height - 1 - row))
    }

    /// The screen cell of a bit index.
    #[must_use]
    pub const fn cell_of_bit(&self, bit: usize) -> usize {
        let (col, r) = (bit / (self.height + 1), bit % (self.height + 1));
        (self.height - 1 - r) * self.width + col
    }

    /// Screen-cell bits (bit `c` for cell `c`) to column-major bits.
    #[must_use]
    pub fn from_cells(&self, cells: u64) -> u64 {
        let mut out = 0;
        let mut bits = cells;
        while bits != 0 {
            out |= self.bit_of_cell(bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
        out
    }

    /// Column-major bits back to screen-cell bits.
    #[must_use]
    pub fn to_cells(&self, bits: u64) -> u64 {
        let mut out = 0;
        let mut b = bits;
        while b != 0 {
            out |= 1 << self.cell_of_bit(b.trailing_zeros() as usize);
            b &= b - 1;
        }
        out
    }

    /// The cells a move may take: the lowest empty cell of each column.
    #[must_use]
    pub const fn playable(&self, mask: u64) -> u64 {
        (mask + self.bottom) & self.board
    }

    /// Every cell of column `c`.
    #[must_use]
    pub const fn board_column(&self, c: usize) -> u64 {
        self.board & ((1u64 << self.height) - 1) << (c * (self.height + 1))
    }

    /// The columns from the centre out: the order moves are tried in.
    #[must_use]
    pub fn columns_from_centre(&self) -> Vec<usize> {
        let w = self.width;
        let mut order: Vec<usize> = (0..w).collect();
        order.sort_by_key(|&c| (2 * c).abs_diff(w - 1));
        order
    }

    /// How many cells the board has.
    #[must_use]
    pub const fn cells(&self) -> u32 {
        (self.width * self.height) as u32
    }

    /// The column of a single-bit move.
    #[must_use]
    pub const fn column(&self, bit: u64) -> usize {
        bit.trailing_zeros() as usize / (self.height + 1)
    }

    /// The shifts of the four directions: up, across, and both diagonals.
    const fn directions(&self) -> [u32; 4] {
        let h = self.height as u32;
        [1, h + 1, h, h + 2]
    }

    /// Whether `stones` hold k in a row.
    #[must_use]
    pub fn has_line(&self, stones: u64) -> bool {
        self.directions().into_iter().any(|d| {
            let mut run = stones;
            for i in 1..self.k as u32 {
                run &= stones.checked_shr(i * d).unwrap_or(0);
            }
            run != 0
        })
    }

    /// The empty cells (anywhere, playable now or not) where `stones`
    /// would complete k in a row: that side's threats.
    #[must_use]
    #[inline(always)]
    pub fn threats(&self, stones: u64, mask: u64) -> u64 {
        // Its shifts stay inside 64 bits up to 19 rows.
        if self.k == 4 && self.height <= 19 {
            return self.threats_of_four(stones) & self.board & !mask;
        }
        self.threats_of_any(stones, mask)
    }

    /// `threats` for any k, by one shift per stone of each line.
    #[inline(never)]
    fn threats_of_any(&self, stones: u64, mask: u64) -> u64 {
        let k = self.k as i64;
        let mut out = 0;
        for d in self.directions() {
            // The empty cell at place j of a line; stones at the others.
            for j in 0..k {
                let mut acc = u64::MAX;
                for i in (0..k).filter(|&i| i != j) {
                    let by = (i - j).unsigned_abs() as u32 * d;
                    acc &= if i > j {
                        stones.checked_shr(by).unwrap_or(0)
                    } else {
                        stones.checked_shl(by).unwrap_or(0)
                    };
                }
                out |= acc;
            }
        }
        out & self.board & !mask
    }

    /// `threats` for k = 4 (Connect Four), by a fixed set of shifts: the
    /// search's hottest code.
    #[inline(always)]
    const fn threats_of_four(&self, s: u64) -> u64 {
        // Up a column only stones below count.
        let mut r = (s << 1) & (s << 2) & (s << 3);
        let h = self.height as u32;
        let dirs = [h + 1, h, h + 2];
        let mut i = 0;
        while i < 3 {
            let d = dirs[i];
            let p = (s << d) & (s << (2 * d));
            r |= p & (s << (3 * d));
            r |= p & (s >> d);
            let p = (s >> d) & (s >> (2 * d));
            r |= p & (s << d);
            r |= p & (s >> (3 * d));
            i += 1;
        }
        r
    }

    /// What the player to move (stones `cur`, all stones `mask`) may do:
    /// win at once, or else only the moves that do not lose at once — a
    /// playable threat of the opponent must be blocked (two cannot be),
    /// and a stone under an opponent's threat lets it win on top.
    #[must_use]
    pub fn turn(&self, cur: u64, mask: u64) -> Turn {
        let possible = self.playable(mask);
        if possible == 0 {
            return Turn::Full;
        }
        let mine = self.threats(cur, mask);
        if mine & possible != 0 {
            return Turn::WinsNow;
        }
        let their = self.threats(cur ^ mask, mask);
        let forced = possible & their;
        if forced & forced.wrapping_sub(1) != 0 {
            return Turn::Lost;
        }
        let moves = if forced != 0 { forced } else { possible } & !(their >> 1);
        if moves == 0 {
            Turn::Lost
        } else {
            Turn::Moves { moves, mine }
        }
    }

    /// Claimeven (Allis): when every column has an even number of empty
    /// cells, the opponent of the player to move can answer every move on
    /// top of it, and so takes every empty cell of the rows of the other
    /// parity than the height's, leaving the player to move the rest. If
    /// the player to move has no line in its stones and those cells, it
    /// cannot win: `Some`, saying whether the follower has a line in its
    /// own stones and cells (then the follower wins). `None` when the
    /// columns are not all even or the player to move has such a line.
    #[must_use]
    #[inline(always)]
    pub fn follow_up(&self, cur: u64, mask: u64) -> Option<bool> {
        // The next free cell of each column (the spare one of a full
        // column, on the height's row) must lie on the mover's rows.
        if (mask + self.bottom) & self.follower_rows != 0 {
            return None;
        }
        let empty = self.board & !mask;
        if self.has_line(cur | (empty & self.mover_rows)) {
            return None;
        }
        Some(self.has_line((cur ^ mask) | (empty & self.follower_rows)))
    }

    /// Claimeven with pairs of odd columns: when two or four columns have
    /// an odd number of empty cells and every other an even number, the
    /// follower pairs them, answers a move in one column of a pair with
    /// the lowest cell of the other, and every other move on top of it;
    /// from then on both are even (claimeven). The mover so gets the cells
    /// of its rows and one of the two lowest cells of each pair, of its
    /// choosing; the follower the rest of its rows. `Some` (whether the
    /// follower wins, whichever cells the mover takes) where the mover has
    /// no line with any choice, as `follow_up`. With four, only where it
    /// has none even with all four lowest cells, and the follower wins
    /// where it has a line without any of them: each pairing's four
    /// choices cost more time than they saved.
    #[must_use]
    #[inline(always)]
    pub fn follow_up_paired(&self, cur: u64, mask: u64) -> Option<bool> {
        let odd = (mask + self.bottom) & self.follower_rows;
        let empty = self.board & !mask;
        let mine = cur | (empty & self.mover_rows);
        let theirs = (cur ^ mask) | (empty & self.follower_rows);
        match odd.count_ones() {
            2 => {
                let (a, b) = (odd & odd.wrapping_neg(), odd & (odd - 1));
                if self.has_line(mine | a) || self.has_line(mine | b) {
                    return None;
                }
                Some(self.has_line(theirs & !a) && self.has_line(theirs & !b))
            }
            4 => {
                if self.has_line(mine | odd) {
                    return None;
                }
                Some(self.has_line(theirs & !odd))
            }
            _ => None,
        }
    }

    /// An odd threat with zugzwang (Allis): when one column `c` has an odd
    /// number of empty cells and every other an even number, and the
    /// player not to move (the follower) has a threat `t` in `c` on the
    /// rows of the height's parity, above the column's next free cell, the
    /// follower answers every move on top of it. The columns other than
    /// `c`, and `c` below the cell under `t`, then fill in pairs, the mover
    /// taking the lower cell of each; then it has to play under `t`, and
    /// the follower wins on `t`. If the mover has no line in its stones,
    /// those cells and the one under `t`, it loses: `Some(plies)` within
    /// which (those cells, and the two of the end). The lowest such `t`
    /// is taken, which leaves the mover the fewest cells. On 7×6 it is the
    /// first player's odd threat, with the second to move. Where three or
    /// five columns are odd, the same with the others paired (see
    /// `odd_threat_paired`).
    #[must_use]
    pub fn odd_threat(&self, cur: u64, mask: u64) -> Option<OddThreat> {
        let theirs = || self.threats(cur ^ mask, mask);
        let (t, within, pairs) = match self.odd_threat_of(cur, mask, theirs) {
            Some((t, within)) => (t, within, Vec::new()),
            None => {
                let (t, within, paired) = self.odd_threat_paired(cur, mask, theirs)?;
                let mut columns = Vec::new();
                let mut rest = paired;
                while rest != 0 {
                    columns.push(self.column(rest & rest.wrapping_neg()));
                    rest &= rest - 1;
                }
                // Neighbours in the columns' order, as the follower pairs them.
                let pairs = columns.chunks(2).map(|p| [p[0], p[1]]).collect();
                (t, within, pairs)
            }
        };
        Some(OddThreat {
            cell: self.cell_of_bit(t.trailing_zeros() as usize),
            within,
            pairs,
        })
    }

    /// `odd_threat` as the search wants it: the threat's bit and the
    /// plies, with the follower's threats computed by `theirs` (only when
    /// one column is odd; the search has them at hand).
    #[inline(always)]
    pub(super) fn odd_threat_of(
        &self,
        cur: u64,
        mask: u64,
        theirs: impl FnOnce() -> u64,
    ) -> Option<(u64, u32)> {
        // The next free cell of each column; on the follower's rows where
        // a column has an odd number of empty cells.
        let odd = (mask + self.bottom) & self.follower_rows;
        if odd == 0 || odd & (odd - 1) != 0 {
            return None;
        }
        self.zugzwang(cur, mask, theirs(), odd, 0)
    }

    /// The odd threat with pairs of odd columns besides the threat's:
    /// where three or five columns have an odd number of empty cells, one
    /// of them with the follower's threat as in `odd_threat`, the follower
    /// pairs the others, answers a move in one column of a pair with the
    /// lowest cell of the other (both are even from then on, as in
    /// `follow_up_paired`), and every other move on top of it. The mover
    /// gets one of the two lowest cells of each pair, of its choosing,
    /// besides what it gets with one odd column; if it has no line either
    /// way (with two pairs: even with all four cells), it loses as there.
    /// The threat's bit, the plies and the paired columns' lowest cells;
    /// of the threats that hold, the one that wins soonest.
    #[inline(always)]
    pub(super) fn odd_threat_paired(
        &self,
        cur: u64,
        mask: u64,
        theirs: impl FnOnce() -> u64,
    ) -> Option<(u64, u32, u64)> {
        let odd = (mask + self.bottom) & self.follower_rows;
        let n = odd.count_ones();
        if n != 3 && n != 5 {
            return None;
        }
        let theirs = theirs();
        let mut rest = odd;
        let mut best: Option<(u64, u32, u64)> = None;
        while rest != 0 {
            let at = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let pair = odd & !at;
            if let Some((t, within)) = self.zugzwang(cur, mask, theirs, at, pair)
                && best.is_none_or(|(_, soonest, _)| within < soonest)
            {
                best = Some((t, within, pair));
            }
        }
        best
    }

    /// The zugzwang of `odd_threat` in the column whose next free cell is
    /// `odd`, with `pair` the next free cells of two or four more odd
    /// columns (see `odd_threat_paired`), or none: the threat's bit and
    /// the plies.
    #[inline(always)]
    fn zugzwang(
        &self,
        cur: u64,
        mask: u64,
        theirs: u64,
        odd: u64,
        pair: u64,
    ) -> Option<(u64, u32)> {
        let column = self.board_column(self.column(odd));
        // Cells of the column above its next free one.
        let above = column & !(odd | (odd - 1));
        let candidates = theirs & above & self.mover_rows;
        if candidates == 0 {
            return None;
        }
        let t = candidates & candidates.wrapping_neg();
        let under = t >> 1;
        let empty = self.board & !mask;
        let below = empty & column & (under - 1);
        let elsewhere = empty & !column;
        let mover_cells =
            cur | (elsewhere & self.mover_rows) | (below & self.follower_rows) | under;
        let lines = if pair == 0 {
            self.has_line(mover_cells)
        } else if pair.count_ones() == 4 {
            // All four at most: each pairing's choices cost more than
            // they cut (as in `follow_up_paired`).
            self.has_line(mover_cells | pair)
        } else {
            let a = pair & pair.wrapping_neg();
            self.has_line(mover_cells | a) || self.has_line(mover_cells | (pair ^ a))
        };
        if lines {
            return None;
        }
        Some((t, elsewhere.count_ones() + below.count_ones() + 2))
    }

    /// Where a move (a screen cell) of the player to move in the position
    /// of screen cells `x` and `o` comes in the search's order: the more
    /// threats it leaves that player, the sooner, then the nearer the
    /// centre. Lower sorts first.
    #[must_use]
    pub fn order_key(&self, x: u64, o: u64, cell: usize) -> (std::cmp::Reverse<u32>, usize) {
        let mover = if (x | o).count_ones().is_multiple_of(2) {
            x
        } else {
            o
        };
        let (cur, mask) = (self.from_cells(mover), self.from_cells(x | o));
        let mv = self.bit_of_cell(cell);
        let made = self.threats(cur | mv, mask | mv).count_ones();
        let col = cell % self.width;
        (std::cmp::Reverse(made), (2 * col).abs_diff(self.width - 1))
    }

    /// Bits of column `c` only, moved to the mirror image's column.
    #[inline(always)]
    pub(super) const fn mirror_column(&self, bits: u64, c: usize) -> u64 {
        let (from, to) = (
            c * (self.height + 1),
            (self.width - 1 - c) * (self.height + 1),
        );
        if to >= from {
            bits << (to - from)
        } else {
            bits >> (from - to)
        }
    }

    /// The position mirrored left to right.
    #[must_use]
    pub fn mirror(&self, bits: u64) -> u64 {
        let col = (1u64 << (self.height + 1)) - 1;
        let mut out = 0;
        for c in 0..self.width {
            let from = c * (self.height + 1);
            let to = (self.width - 1 - c) * (self.height + 1);
            out |= (bits >> from & col) << to;
        }
        out
    }
}

/// An odd threat that wins with zugzwang (see `Shape::odd_threat`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OddThreat {
    /// The follower's threat, as a screen cell.
    pub cell: usize,
    /// The plies within which the player to move loses.
    pub within: u32,
    /// With three or five odd columns: the others, as the follower pairs
    /// them (see `Shape::odd_threat_paired`).
    pub pairs: Vec<[usize; 2]>,
}

/// What a turn holds for the player to move (see `Shape::turn`).
pub enum Turn {
    /// No column is open: a draw.
    Full,
    /// A line can be completed at once.
    WinsNow,
    /// Every move lets the opponent win on its next move.
    Lost,
    /// The moves that do not lose at once (never empty), and the
    /// threats of the player to move (none playable).
    Moves { moves: u64, mine: u64 },
}
