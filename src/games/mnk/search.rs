//! The exact m,n,k search: negamax with alpha-beta over bitboards, a
//! transposition table folded over the board's symmetries, immediate wins
//! and forced blocks found before searching, dead lines pruned, and moves
//! ordered by the table's move and the lines they serve.

use crate::engine::Budget;

use super::Geometry;
use super::book::Book;
use super::tt::{INF, Tt, WIN, to_node, to_root};

/// What one scan of the lines tells about a position, for the player to move.
struct Scan {
    my_threats: u64,
    their_threats: u64,
    my_live: bool,
    their_live: bool,
}

/// Weights of a line by how many stones of one side (and none of the
/// other) it holds: for ordering moves and for the heuristic.
const WEIGHT: [i32; 9] = [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536];

pub struct Search<'a> {
    pub geo: &'a Geometry,
    pub tt: &'a mut Tt,
    pub book: &'a Book,
    pub nodes: u64,
    pub budget: &'a Budget,
    pub aborted: bool,
}

impl<'a> Search<'a> {
    pub fn new(geo: &'a Geometry, tt: &'a mut Tt, book: &'a Book, budget: &'a Budget) -> Self {
        Self {
            geo,
            tt,
            book,
            nodes: 0,
            budget,
            aborted: false,
        }
    }

    fn scan(&self, me: u64, opp: u64) -> Scan {
        let k = self.geo.k as u32;
        let mut s = Scan {
            my_threats: 0,
            their_threats: 0,
            my_live: false,
            their_live: false,
        };
        for &l in &self.geo.lines {
            let (m, o) = ((l & me).count_ones(), (l & opp).count_ones());
            if o == 0 {
                s.my_live = true;
                if m + 1 == k {
                    s.my_threats |= l & !me;
                }
            }
            if m == 0 {
                s.their_live = true;
                if o + 1 == k {
                    s.their_threats |= l & !opp;
                }
            }
        }
        s
    }

    /// Empty cells, best first: the table's move, then by the lines through
    /// each cell that either side can still complete.
    fn ordered(&self, me: u64, opp: u64, first: Option<usize>) -> ([(i32, u8); 64], usize) {
        let empty = self.geo.full & !(me | opp);
        let mut score = [0i32; 64];
        for &l in &self.geo.lines {
            let (m, o) = (
                (l & me).count_ones() as usize,
                (l & opp).count_ones() as usize,
            );
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
        let mut out = [(0i32, 0u8); 64];
        let mut n = 0;
        let mut cells = empty;
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            let bonus = if Some(c) == first { 1 << 30 } else { 0 };
            out[n] = (score[c] + bonus, c as u8);
            n += 1;
            cells &= cells - 1;
        }
        out[..n].sort_unstable_by_key(|a| std::cmp::Reverse(a.0));
        (out, n)
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

    /// The exact value of the position (`me` to move, playing `colour`),
    /// relative to the search root `ply` plies up; fail-soft within
    /// `alpha..beta`. Meaningless once `aborted` is set.
    #[allow(clippy::too_many_arguments)]
    pub fn negamax(
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
        let scan = self.scan(me, opp);
        if scan.my_threats != 0 {
            return WIN - (ply + 1);
        }
        if scan.their_threats.count_ones() >= 2 {
            return -(WIN - (ply + 2));
        }
        // No win before my next turn; no loss before theirs; none at all
        // along lines that are dead.
        let hi = if scan.my_live { WIN - (ply + 3) } else { 0 };
        let lo = if scan.their_live {
            -(WIN - (ply + 2))
        } else {
            0
        };
        if lo >= beta || lo >= hi {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);

        let (key, sym) = self.key(hashes);
        let mut tt_move = None;
        if let Some(hit) = self.tt.probe(key) {
            let (lower, upper) = (to_root(hit.lower, ply), to_root(hit.upper, ply));
            if lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
            if alpha >= beta {
                return alpha;
            }
            tt_move = hit.best.map(|c| self.geo.inverses[sym][c]);
        }
        let stones = (me | opp).count_ones();
        if stones <= self.book.depth {
            let (x, o) = if colour == 0 { (me, opp) } else { (opp, me) };
            if let Some(v) = self.book.get(self.geo, x, o) {
                return to_root(v, ply);
            }
        }

        let (alpha0, beta0) = (alpha, beta);
        let nodes0 = self.nodes;
        let (moves, n) = if scan.their_threats != 0 {
            let mut one = [(0, 0u8); 64];
            one[0].1 = scan.their_threats.trailing_zeros() as u8;
            (one, 1)
        } else {
            self.ordered(me, opp, tt_move)
        };
        let mut best = -INF;
        let mut best_move = usize::from(moves[0].1);
        for &(_, mv) in &moves[..n] {
            let mv = usize::from(mv);
            let mut child = *hashes;
            for (s, h) in child.iter_mut().enumerate().take(self.geo.symmetries.len()) {
                *h ^= self.geo.zobrist[colour][self.geo.symmetries[s][mv]];
            }
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
        let (lower, upper) = if best <= alpha0 {
            (-INF, best)
        } else if best >= beta0 {
            (best, INF)
        } else {
            (best, best)
        };
        let canonical_move = self.geo.symmetries[sym][best_move];
        self.tt.store(
            key,
            to_node(lower, ply),
            to_node(upper, ply),
            Some(canonical_move),
            self.nodes - nodes0,
        );
        best
    }

    /// The value of a position within `alpha..beta` (fail-soft), relative to
    /// it; `None` when the deadline passed first.
    pub fn bounded(&mut self, x: u64, o: u64, alpha: i32, beta: i32) -> Option<i32> {
        let colour = ((x | o).count_ones() % 2) as usize;
        let (me, opp) = if colour == 0 { (x, o) } else { (o, x) };
        let h = Self::hashes(self.geo, x, o);
        let v = self.negamax(me, opp, colour, &h, 0, alpha, beta);
        (!self.aborted).then_some(v)
    }

    /// The exact value of a position for the player to move, relative to it:
    /// first win, draw or loss with a narrow window, then the exact distance.
    /// `None` when the deadline passed first.
    pub fn solve(&mut self, x: u64, o: u64) -> Option<i32> {
        // One narrow window around the draw settles win, draw or loss; then
        // null windows find the distance: the first `d` with a win in `d`
        // plies, or the last with a loss no sooner. Short forced lines make
        // these tests far cheaper than one wide window.
        let empties = (self.geo.full & !(x | o)).count_ones() as i32;
        match self.bounded(x, o, -1, 1)? {
            0 => Some(0),
            v if v > 0 => {
                for d in (1..=empties).step_by(2) {
                    if self.bounded(x, o, WIN - d - 1, WIN - d)? >= WIN - d {
                        return Some(WIN - d);
                    }
                }
                Some(v)
            }
            v => {
                let mut d = 2;
                while d + 2 <= empties
                    && self.bounded(x, o, d + 2 - WIN - 1, d + 2 - WIN)? >= d + 2 - WIN
                {
                    d += 2;
                }
                Some(if v < -WIN / 2 { d - WIN } else { v })
            }
        }
    }

    /// A heuristic value for `me` to move: the lines each side can still
    /// complete, weighed by their stones.
    #[must_use]
    pub fn heuristic(&self, me: u64, opp: u64) -> i32 {
        self.geo
            .lines
            .iter()
            .map(|&l| match ((l & me).count_ones(), (l & opp).count_ones()) {
                (m, 0) => WEIGHT[m as usize],
                (0, o) => -WEIGHT[o as usize],
                _ => 0,
            })
            .sum()
    }

    /// A depth-limited search for boards too large to prove: exact where a
    /// line is completed within `depth`, heuristic at the horizon.
    pub fn estimate(&mut self, me: u64, opp: u64, depth: u32) -> i32 {
        let empty = self.geo.full & !(me | opp);
        let scan = self.scan(me, opp);
        if scan.my_threats != 0 {
            return WIN;
        }
        if scan.their_threats.count_ones() >= 2 {
            return -WIN;
        }
        if empty == 0 || depth == 0 {
            return self.heuristic(me, opp).clamp(-WIN / 2, WIN / 2);
        }
        let (moves, n) = if scan.their_threats != 0 {
            let mut one = [(0, 0u8); 64];
            one[0].1 = scan.their_threats.trailing_zeros() as u8;
            (one, 1)
        } else {
            self.ordered(me, opp, None)
        };
        // Only the most promising cells at depth: enough to see threats.
        let width = if depth > 1 { n.min(12) } else { n };
        moves[..width]
            .iter()
            .map(|&(_, mv)| -self.estimate(opp, me | 1 << mv, depth - 1))
            .max()
            .unwrap_or(0)
    }
}
