//! The exact m,n,k search, for boards of at most 64 cells: negamax with
//! alpha-beta over bitboards, with
//! - a transposition table folded over the board's symmetries, its bucket
//!   fetched while the node is scanned;
//! - per-line stone counts handed down from parent to child, so a node
//!   reads the lines instead of counting them;
//! - immediate wins, forced blocks and double threats found before search,
//!   and against a double threat the opponent could make, only the moves
//!   that spoil it or threaten first (the others lose in 4 plies);
//! - bounds that need no search: no win before my next turn, dead lines,
//!   and pairing strategies and the Erdős–Selfridge criterion, which prove
//!   a side cannot complete a line (the draw proofs' work horse);
//! - cells on no live line never searched (an extra stone never hurts);
//! - moves ordered by the table's move and the lines they serve.
//!
//! `solve_known` finds the exact value with null windows (`distance::solve_known`).

use crate::engine::Budget;

use crate::games::mnk::Geometry;
use crate::games::mnk::book::Book;
use crate::games::mnk::book::losses_endings::Endings;
use crate::games::mnk::exact::distance::{self, Windowed};
use crate::games::mnk::exact::pairing;
use crate::games::mnk::exact::tt::{INF, Probe, Tt, WIN, to_root};

/// Weights of a line by how many stones of one side (and none of the
/// other) it holds: for ordering moves.
const WEIGHT: [u32; 9] = [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536];

/// How many plies of short wins and losses `solve` looks for before it
/// settles win, draw or loss with one window (measured: a win in 11 on 6×6
/// takes 0.1 s this way, and over 5 s with the window first).
const QUICK_PLIES: i32 = 13;

/// Nodes with this many empty cells or fewer skip the table: near the end
/// a probe (a cache miss) costs more than the search it saves.
const TABLE_EMPTIES: u32 = 3;

/// Stones of X and O on one line.
type Count = [u8; 2];

pub struct Search<'a> {
    pub geo: &'a Geometry,
    pub tt: &'a mut Tt,
    pub book: &'a Book,
    /// The positions the book of moves proven lost proves won or lost,
    /// where this search reads it (see `with_endings`).
    endings: Option<&'a Endings>,
    /// Nodes the endings settled or bounded.
    pub endings_read: u64,
    pub nodes: u64,
    pub budget: &'a Budget,
    pub aborted: bool,
    /// Per-line counts, one row of `lines` entries per ply from the root.
    counts: Vec<Count>,
    /// Scratch for `double_threats`.
    threats_by: [[u64; 64]; 2],
}

/// What a node's lines say, for the player to move.
struct Scan {
    my_threats: u64,
    their_threats: u64,
    my_live: bool,
    their_live: bool,
}

impl<'a> Search<'a> {
    pub fn new(geo: &'a Geometry, tt: &'a mut Tt, book: &'a Book, budget: &'a Budget) -> Self {
        Self {
            geo,
            tt,
            book,
            endings: None,
            endings_read: 0,
            nodes: 0,
            budget,
            aborted: false,
            counts: Vec::new(),
            threats_by: [[0; 64]; 2],
        }
    }

    /// The same search reading the book of moves proven lost at every
    /// node: a position it proves won or lost bounds the node's score
    /// (a win or loss of unknown length, within the empty cells).
    #[must_use]
    pub const fn with_endings(mut self, endings: Option<&'a Endings>) -> Self {
        self.endings = endings;
        self
    }

    fn row(&self, ply: i32) -> &[Count] {
        let n = self.geo.lines.len();
        let start = ply as usize * n;
        &self.counts[start..start + n]
    }

    /// Threats and live lines from the counts of the node at `ply`.
    fn scan(&self, colour: usize, empty: u64, ply: i32) -> Scan {
        let k = self.geo.k as u8;
        let mut s = Scan {
            my_threats: 0,
            their_threats: 0,
            my_live: false,
            their_live: false,
        };
        for (c, &l) in self.row(ply).iter().zip(&self.geo.lines) {
            let (m, o) = (c[colour], c[1 - colour]);
            if o == 0 {
                s.my_live = true;
                if m + 1 == k {
                    s.my_threats |= l & empty;
                }
            }
            if m == 0 {
                s.their_live = true;
                if o + 1 == k {
                    s.their_threats |= l & empty;
                }
            }
        }
        s
    }

    /// Moves that make two threats at once, for either side, from the
    /// lines one stone short of a threat (`k - 2` stones of one side, none
    /// of the other): `(mine, defence)`. `mine` is set when the player to
    /// move has such a move (a win in 3 plies, as the opponent has no
    /// threat to answer with). `defence` is `Some(cells)` when the opponent
    /// has one: every move outside `cells` loses in exactly 4 plies (the
    /// opponent makes the double threat, one block, then a win), so only
    /// `cells` need a search. They are the moves that make a threat of
    /// one's own (the opponent must answer) and those that spoil every
    /// double threat: its own cell, or, when it makes exactly two threats,
    /// one of them.
    fn double_threats(&mut self, colour: usize, empty: u64, ply: i32) -> (bool, Option<u64>) {
        let k = self.geo.k as u8;
        if k < 3 {
            return (false, None);
        }
        // threats_by[side][c]: the threat cells side makes by playing c,
        // for the cells in touched[side] (the others hold stale entries:
        // clearing 1 KB a node costs more than this search saves).
        let threats_by = &mut self.threats_by;
        let mut touched = [0u64; 2];
        let n = self.geo.lines.len();
        let row = &self.counts[ply as usize * n..(ply as usize + 1) * n];
        for (c, &l) in row.iter().zip(&self.geo.lines) {
            let side = match (c[0], c[1]) {
                (m, 0) if m + 2 == k => 0,
                (0, o) if o + 2 == k => 1,
                _ => continue,
            };
            let cells = l & empty;
            let a = cells.trailing_zeros() as usize;
            let b = (cells & (cells - 1)).trailing_zeros() as usize;
            for (from, to) in [(a, b), (b, a)] {
                if touched[side] >> from & 1 == 0 {
                    threats_by[side][from] = 0;
                }
                threats_by[side][from] |= 1 << to;
            }
            touched[side] |= cells;
        }
        let mut cells = touched[colour];
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            if threats_by[colour][c].count_ones() >= 2 {
                return (true, None);
            }
        }
        let them = 1 - colour;
        let mut spoil = u64::MAX;
        let mut cells = touched[them];
        while cells != 0 {
            let m = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let made = threats_by[them][m];
            match made.count_ones() {
                0 | 1 => {}
                2 => spoil &= made | 1 << m,
                _ => spoil &= 1 << m,
            }
        }
        if spoil == u64::MAX {
            return (false, None);
        }
        (false, Some(spoil | touched[colour]))
    }

    /// A four of the player to move whose one block leaves a position
    /// the book's endings prove won for them: searched first, it proves
    /// the node in three (the block forced, then the book), where the
    /// order by lines may search other moves for minutes. How a game
    /// reaches the book's positions by another order of its stones.
    fn four_into_endings(&self, me: u64, opp: u64, colour: usize, ply: i32) -> Option<usize> {
        let endings = self.endings?;
        let stones = (me | opp).count_ones() + 2;
        if !endings.may_reach(stones) {
            return None;
        }
        let k = self.geo.k as u8;
        let empty = self.geo.full & !(me | opp);
        for (c, &l) in self.row(ply).iter().zip(&self.geo.lines) {
            if c[colour] + 2 != k || c[1 - colour] != 0 {
                continue;
            }
            let cells = l & empty;
            let a = cells.trailing_zeros() as usize;
            let b = (cells & (cells - 1)).trailing_zeros() as usize;
            for (four, block) in [(a, b), (b, a)] {
                let (mine, theirs) = (me | 1 << four, opp | 1 << block);
                let (x, o) = if colour == 0 {
                    (mine, theirs)
                } else {
                    (theirs, mine)
                };
                if endings.get(x, o) == Some(true) {
                    return Some(four);
                }
            }
        }
        None
    }

    /// The empty cells of the lines `colour` can still complete.
    fn live_lines(&self, colour: usize, empty: u64, ply: i32) -> impl Iterator<Item = u64> + '_ {
        self.row(ply)
            .iter()
            .zip(&self.geo.lines)
            .filter(move |(c, _)| c[1 - colour] == 0)
            .map(move |(_, &l)| l & empty)
    }

    /// Whether `colour` can no longer complete a line against a defender
    /// who plays well (pairing strategy or Erdős–Selfridge).
    fn cannot_win(&self, colour: usize, to_move: bool, empty: u64, ply: i32) -> bool {
        pairing::erdos_selfridge(self.live_lines(colour, empty, ply), to_move)
            || pairing::exists(self.live_lines(colour, empty, ply))
    }

    /// Empty cells worth searching, best first, into `out` (the count comes
    /// back): the table's move, then by the lines through each cell that
    /// either side can still complete. Each entry packs the weight above
    /// the cell. A cell on no live line is a pass: an extra stone never
    /// hurts its owner, so some live cell is at least as good (and one
    /// exists while a line is live), and it is left out.
    fn ordered(
        &self,
        colour: usize,
        empty: u64,
        ply: i32,
        first: Option<usize>,
        out: &mut [u32; 64],
    ) -> usize {
        let mut score = [0u32; 64];
        for (c, &l) in self.row(ply).iter().zip(&self.geo.lines) {
            let (m, o) = (usize::from(c[colour]), usize::from(c[1 - colour]));
            let w = match (m, o) {
                (_, 0) => WEIGHT[m] + 1,
                (0, _) => WEIGHT[o],
                _ => continue,
            };
            let mut cells = l & empty;
            while cells != 0 {
                score[cells.trailing_zeros() as usize] += w;
                cells &= cells - 1;
            }
        }
        let mut n = 0;
        let mut cells = empty;
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            if score[c] == 0 {
                continue;
            }
            let weight = if Some(c) == first {
                u32::MAX >> 8
            } else {
                score[c].min((u32::MAX >> 8) - 1)
            };
            out[n] = weight << 8 | c as u32;
            n += 1;
        }
        out[..n].sort_unstable_by(|a, b| b.cmp(a));
        n
    }

    fn key(&self, hashes: &[u64; 8]) -> (u64, usize) {
        let n = self.geo.symmetries.len();
        (0..n)
            .map(|s| (hashes[s], s))
            .min()
            .unwrap_or((hashes[0], 0))
    }

    /// Zobrist hashes of a position under every symmetry.
    #[must_use]
    pub fn hashes(geo: &Geometry, x: u64, o: u64) -> [u64; 8] {
        let mut h = [0u64; 8];
        for (s, perm) in geo.symmetries.iter().enumerate() {
            for (colour, stones) in [x, o].into_iter().enumerate() {
                let mut bits = stones;
                while bits != 0 {
                    let c = bits.trailing_zeros() as usize;
                    h[s] ^= geo.zobrist[colour][perm[c]];
                    bits &= bits - 1;
                }
            }
        }
        h
    }

    /// The counts of the child after `colour` plays `mv` from `ply`.
    fn push_counts(&mut self, ply: i32, colour: usize, mv: usize) {
        let n = self.geo.lines.len();
        let (from, to) = (ply as usize * n, (ply as usize + 1) * n);
        self.counts.copy_within(from..to, to);
        for &i in &self.geo.lines_of[mv] {
            self.counts[to + i][colour] += 1;
        }
    }

    /// The exact value of the position (`me` to move, playing `colour`),
    /// relative to the search root `ply` plies up; fail-soft within
    /// `alpha..beta`. Meaningless once `aborted` is set.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        me: u64,
        opp: u64,
        colour: usize,
        hashes: &[u64; 8],
        ply: i32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 0xFFF == 0 && self.budget.exhausted() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let empty = self.geo.full & !(me | opp);
        if empty == 0 {
            return 0;
        }
        // The table's answer is needed after the scan: fetch it meanwhile.
        let use_tt = empty.count_ones() > TABLE_EMPTIES;
        let (key, sym) = self.key(hashes);
        if use_tt {
            self.tt.prefetch(key);
        }
        let scan = self.scan(colour, empty, ply);
        if scan.my_threats != 0 {
            return WIN - (ply + 1);
        }
        if scan.their_threats.count_ones() >= 2 {
            return -(WIN - (ply + 2));
        }
        // No win before my next turn; no loss before theirs; none at all
        // along lines that are dead, or that the other side can keep from
        // being completed.
        let mut hi = if scan.my_live { WIN - (ply + 3) } else { 0 };
        let mut lo = if scan.their_live {
            -(WIN - (ply + 2))
        } else {
            0
        };
        if let Some(endings) = self.endings {
            let (x, o) = if colour == 0 { (me, opp) } else { (opp, me) };
            let within = ply + empty.count_ones() as i32;
            if let Some(won) = endings.get(x, o) {
                self.endings_read += 1;
                if won {
                    lo = lo.max(WIN - within);
                } else {
                    hi = hi.min(-(WIN - within));
                }
            }
        }
        if lo < 0 && alpha < 0 && beta > lo && self.cannot_win(1 - colour, false, empty, ply) {
            lo = 0;
        }
        if hi > 0 && beta > 0 && alpha < hi && self.cannot_win(colour, true, empty, ply) {
            hi = 0;
        }
        if lo >= beta || lo >= hi {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);

        let mut tt_move = None;
        if use_tt {
            match self.tt.narrow(key, ply, alpha, beta) {
                Probe::Cut(v) => return v,
                Probe::Search {
                    alpha: a,
                    beta: b,
                    best,
                } => {
                    (alpha, beta) = (a, b);
                    tt_move = best.map(|c| self.geo.inverses[sym][c]);
                }
            }
        }
        let stones = (me | opp).count_ones();
        if self.book.may_hold(stones) {
            let (x, o) = if colour == 0 { (me, opp) } else { (opp, me) };
            if let Some(v) = self.book.get(self.geo, x, o) {
                return to_root(v, ply);
            }
        }

        let (alpha0, beta0) = (alpha, beta);
        let nodes0 = self.nodes;
        let mut moves = [0u32; 64];
        let mut best = -INF;
        let n = if scan.their_threats != 0 {
            moves[0] = scan.their_threats.trailing_zeros();
            1
        } else {
            let (win_in_3, defence) = self.double_threats(colour, empty, ply);
            if win_in_3 {
                return WIN - (ply + 3);
            }
            let mut allowed = empty;
            if let Some(cells) = defence {
                allowed &= cells;
                if allowed != empty {
                    best = -(WIN - (ply + 4));
                    if best >= beta {
                        return best;
                    }
                }
            }
            let first = self.four_into_endings(me, opp, colour, ply).or(tt_move);
            self.ordered(colour, allowed, ply, first, &mut moves)
        };
        let mut best_move = (moves[0] & 0xFF) as usize;
        for &packed in &moves[..n] {
            let mv = (packed & 0xFF) as usize;
            let mut child = *hashes;
            for (s, h) in child.iter_mut().enumerate().take(self.geo.symmetries.len()) {
                *h ^= self.geo.zobrist[colour][self.geo.symmetries[s][mv]];
            }
            self.push_counts(ply, colour, mv);
            let score = -self.negamax(
                opp,
                me | 1 << mv,
                1 - colour,
                &child,
                ply + 1,
                -beta,
                -alpha.max(best),
            );
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = mv;
                if best >= beta {
                    break;
                }
            }
        }
        if !use_tt {
            return best;
        }
        let canonical_move = self.geo.symmetries[sym][best_move];
        self.tt.record(
            key,
            ply,
            (alpha0, beta0),
            best,
            canonical_move,
            self.nodes - nodes0,
        );
        best
    }

    /// The value of a position within `alpha..beta` (fail-soft), relative to
    /// it; `None` when the deadline passed first.
    pub fn bounded(&mut self, x: u64, o: u64, alpha: i32, beta: i32) -> Option<i32> {
        // Many questions may follow a spent budget (a tie-break over every
        // move): none of them starts a search.
        if self.aborted || self.budget.exhausted() {
            self.aborted = true;
            return None;
        }
        let colour = ((x | o).count_ones() % 2) as usize;
        let (me, opp) = if colour == 0 { (x, o) } else { (o, x) };
        let h = Self::hashes(self.geo, x, o);
        // The root's line counts; a row more for each ply below it.
        let lines = self.geo.lines.len();
        let plies = (self.geo.full & !(x | o)).count_ones() as usize + 2;
        self.counts.clear();
        self.counts.resize(plies * lines, [0, 0]);
        for (i, &l) in self.geo.lines.iter().enumerate() {
            self.counts[i] = [(l & x).count_ones() as u8, (l & o).count_ones() as u8];
        }
        let v = self.negamax(me, opp, colour, &h, 0, alpha, beta);
        (!self.aborted).then_some(v)
    }

    /// What the budget settles of a position's value for the player to
    /// move (see `distance::solve_known`).
    pub fn solve_known(&mut self, x: u64, o: u64, prior: distance::Prior) -> distance::Known {
        let empties = (self.geo.full & !(x | o)).count_ones() as i32;
        distance::solve_known(self, (x, o), empties, QUICK_PLIES, prior)
    }

    /// Only a short win or loss (see `distance::quick_known`).
    pub fn quick_known(&mut self, x: u64, o: u64) -> Option<distance::Known> {
        let empties = (self.geo.full & !(x | o)).count_ones() as i32;
        distance::quick_known(self, (x, o), empties, QUICK_PLIES)
    }
}

impl Windowed for Search<'_> {
    fn bounded(&mut self, x: u64, o: u64, alpha: i32, beta: i32) -> Option<i32> {
        Search::bounded(self, x, o, alpha, beta)
    }
}
