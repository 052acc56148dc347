//! The exact search of gravity boards (Connect Four): a stone falls to the
//! lowest empty cell of its column. Built on the published techniques of
//! Connect Four solvers (our own code):
//! - column-major bitboards with a spare row on top of each column, so
//!   that a line of k is found by shifts, and a column's next cell is its
//!   lowest empty one (`mask + bottom`);
//! - the cells where each side would complete k (its threats), from the
//!   same shifts; a move under an opponent's threat lets it win, a
//!   playable opponent threat must be blocked, two cannot be;
//! - moves ordered by the threats they make, centre columns first;
//! - a transposition table keyed by the position folded over the mirror,
//!   probed for every child before any is searched (enhanced transposition
//!   cut-offs: a quarter fewer nodes on positions of a few stones);
//! - null windows on the score, short wins looked for first (`solve`).
//!
//! Scores are relative to the search root as in `tt`: a win in `p` plies
//! is `WIN - p`, a loss `p - WIN`, a draw 0.

use crate::engine::Budget;

use crate::games::mnk::Geometry;
use crate::games::mnk::book::Book;
use crate::games::mnk::exact::distance::Windowed;
use crate::games::mnk::exact::tt::{INF, Probe, Tt, WIN, to_root};

use super::shape::{Shape, Turn};

/// A position as the search holds it: the stones of the player to move
/// and all stones, and both mirrored left to right, kept move by move so
/// that the key folded over the mirror costs two additions.
#[derive(Clone, Copy)]
struct Node {
    cur: u64,
    mask: u64,
    mirror_cur: u64,
    mirror_mask: u64,
}

impl Node {
    fn new(shape: &Shape, cur: u64, mask: u64) -> Self {
        Self {
            cur,
            mask,
            mirror_cur: shape.mirror(cur),
            mirror_mask: shape.mirror(mask),
        }
    }

    /// The position after the player to move drops `mv` in column `c`.
    #[inline(always)]
    fn play(self, shape: &Shape, mv: u64, c: usize) -> Self {
        Self {
            cur: self.cur ^ self.mask,
            mask: self.mask | mv,
            mirror_cur: self.mirror_cur ^ self.mirror_mask,
            mirror_mask: self.mirror_mask | shape.mirror_column(mv, c),
        }
    }

    /// The table's key, the same for the mirror image, and whether the
    /// mirror gave it. (`cur + mask` tells positions apart: a column's
    /// sum carries into its spare cell at most, so mirroring commutes
    /// with it.)
    #[inline(always)]
    fn key(self) -> (u64, bool) {
        let key = self.cur + self.mask;
        let mirrored = self.mirror_cur + self.mirror_mask;
        if mirrored < key {
            (mix(mirrored), true)
        } else {
            (mix(key), false)
        }
    }
}

/// The moves of a node being searched and what orders them.
struct Moves {
    moves: u64,
    /// The cells where the player to move would complete a line.
    mine: u64,
    empties: i32,
    /// The table's best column, tried first.
    tt_col: Option<usize>,
}

/// Moves in the order they are searched: (order key, move, child's table
/// key, column), and how many.
type Ordered = ([(u32, u64, u64, usize); 32], usize);

/// A bijective mix of a position's key, so the table's slots spread.
const fn mix(key: u64) -> u64 {
    let mut z = key ^ 0x9E37_79B9_7F4A_7C15;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

pub struct GravitySearch<'a> {
    pub shape: &'a Shape,
    pub geo: &'a Geometry,
    pub tt: &'a mut Tt,
    pub book: &'a Book,
    pub budget: &'a Budget,
    pub nodes: u64,
    pub aborted: bool,
    /// Columns from the centre out: the order ties are broken in.
    order: Vec<usize>,
}

impl<'a> GravitySearch<'a> {
    pub fn new(
        shape: &'a Shape,
        geo: &'a Geometry,
        tt: &'a mut Tt,
        book: &'a Book,
        budget: &'a Budget,
    ) -> Self {
        Self {
            order: shape.columns_from_centre(),
            shape,
            geo,
            tt,
            book,
            budget,
            nodes: 0,
            aborted: false,
        }
    }

    /// The exact value of `node`, relative to the root `ply` plies up;
    /// fail-soft.
    fn negamax(&mut self, node: Node, ply: i32, alpha: i32, beta: i32) -> i32 {
        let (cur, mask) = (node.cur, node.mask);
        self.nodes += 1;
        if self.nodes & 0xFFF == 0 && self.budget.exhausted() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let shape = self.shape;
        let (moves, mine) = match shape.turn(cur, mask) {
            Turn::Full => return 0,
            Turn::WinsNow => return WIN - (ply + 1),
            Turn::Lost => return -(WIN - (ply + 2)),
            Turn::Moves { moves, mine } => (moves, mine),
        };
        let (key, mirrored) = node.key();
        self.tt.prefetch(key);
        let empties = (shape.board & !mask).count_ones() as i32;
        let (alpha, beta) = match Self::window(shape, node, ply, empties, alpha, beta) {
            Ok(window) => window,
            Err(v) => return v,
        };
        let (mut alpha, mut beta) = (alpha, beta);
        let tt_col = match self.tt.narrow(key, ply, alpha, beta) {
            Probe::Cut(v) => return v,
            Probe::Search {
                alpha: a,
                beta: b,
                best,
            } => {
                (alpha, beta) = (a, b);
                best.map(|c| if mirrored { shape.width - 1 - c } else { c })
            }
        };
        if let Some(v) = self.in_book(node, ply) {
            return v;
        }
        let turn = Moves {
            moves,
            mine,
            empties,
            tt_col,
        };
        let (list, n) = match self.ordered(node, ply, beta, &turn) {
            Ok(ordered) => ordered,
            Err(v) => return v,
        };
        // A child the table already knows to be bad enough for the
        // opponent ends the search at once (enhanced transposition
        // cut-offs); near the leaves the probes cost more than they save.
        if empties >= 10 {
            for &(_, _, child_key, _) in &list[..n] {
                if let Some(hit) = self.tt.probe(child_key) {
                    let v = -to_root(hit.upper, ply + 1);
                    if v >= beta && hit.upper < INF {
                        return v;
                    }
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let nodes0 = self.nodes;
        let mut best = -INF;
        let mut best_move = list[0].1;
        for &(_, mv, _, c) in &list[..n] {
            let child = node.play(shape, mv, c);
            let score = -self.negamax(child, ply + 1, -beta, -alpha.max(best));
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
        let col = shape.column(best_move);
        let stored = if mirrored { shape.width - 1 - col } else { col };
        self.tt
            .record(key, ply, (alpha0, beta0), best, stored, self.nodes - nodes0);
        best
    }

    /// The window narrowed by what is known before any search: no win
    /// before my next turn, no loss before theirs after next, a loss at the
    /// latest when the board is full, and claimeven's bound; `Err` with the
    /// value when that settles the node.
    #[inline(always)]
    fn window(
        shape: &Shape,
        node: Node,
        ply: i32,
        empties: i32,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<(i32, i32), i32> {
        let (cur, mask) = (node.cur, node.mask);
        let hi = WIN - (ply + 3);
        let lo = -(WIN - (ply + 4));
        if empties <= 2 {
            // Two cells left and no one wins at once: a draw.
            return Err(0);
        }
        if lo >= beta {
            return Err(lo);
        }
        if hi <= alpha {
            return Err(hi);
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        // Claimeven, with every column even or pairs of odd ones. (Checked
        // a move early too, below, the pair cut no more nodes, for more time.)
        let claimed = shape
            .follow_up(cur, mask)
            .or_else(|| shape.follow_up_paired(cur, mask));
        if let Some(follower_wins) = claimed {
            // No win by claimeven; a loss when the board is full at the
            // latest if the follower has a line of its own.
            let upper = if follower_wins {
                -(WIN - (ply + empties))
            } else {
                0
            };
            if upper <= alpha {
                return Err(upper);
            }
            beta = beta.min(upper);
        }
        Ok((alpha, beta))
    }

    /// The book's value of `node`, where the book holds positions of its
    /// number of stones.
    #[inline(always)]
    fn in_book(&self, node: Node, ply: i32) -> Option<i32> {
        let (cur, mask) = (node.cur, node.mask);
        let stones = mask.count_ones();
        if !self.book.may_hold(stones) {
            return None;
        }
        let opp = cur ^ mask;
        let (x, o) = if stones % 2 == 0 {
            (cur, opp)
        } else {
            (opp, cur)
        };
        let (x, o) = (self.shape.to_cells(x), self.shape.to_cells(o));
        self.book.get(self.geo, x, o).map(|v| to_root(v, ply))
    }

    /// The moves of `node` by the threats they make, the table's move
    /// first, each with its child's table key; `Err` with the value when a
    /// move is proven good enough (claimeven or an odd threat) at once.
    #[inline(always)]
    fn ordered(&mut self, node: Node, ply: i32, beta: i32, turn: &Moves) -> Result<Ordered, i32> {
        let shape = self.shape;
        let (cur, mask, empties) = (node.cur, node.mask, turn.empties);
        // The children's table buckets are fetched while the moves are
        // ordered, so that the cut-offs' probes and then each child's own
        // probe find them in the cache (3% less time).
        let fetch = empties > 6;
        // A stone under one's own threat lets the opponent block it: such
        // moves come after the others that make as many threats.
        let under_mine = turn.mine >> 1;
        let mut list = [(0u32, 0u64, 0u64, 0usize); 32];
        let mut n = 0;
        for &c in &self.order {
            let mv = turn.moves & shape.board_column(c);
            if mv == 0 {
                continue;
            }
            let child = node.play(shape, mv, c);
            let child_key = if fetch {
                let (k, _) = child.key();
                self.tt.prefetch(k);
                k
            } else {
                0
            };
            // The threats the move leaves the player to move: the order's
            // key, and the odd threat's.
            let made = shape.threats(cur | mv, mask | mv);
            // A move that leaves the opponent no win by claimeven is a
            // draw at least, and one that leaves it lost to an odd threat
            // a win: enough, or else tried first.
            let claims = shape
                .odd_threat_of(child.cur, child.mask, || made)
                .map(|(_, within)| WIN - (ply + 1 + within as i32))
                .or_else(|| {
                    shape.follow_up(child.cur, child.mask).map(|follower_wins| {
                        if follower_wins {
                            WIN - (ply + empties)
                        } else {
                            0
                        }
                    })
                });
            if let Some(lower) = claims
                && lower >= beta
            {
                return Err(lower);
            }
            // The odd threat with pairs of odd columns only ends the
            // search: tried first too, it cost time after 12 moves.
            if claims.is_none()
                && let Some((_, within, _)) =
                    shape.odd_threat_paired(child.cur, child.mask, || made)
            {
                let lower = WIN - (ply + 1 + within as i32);
                if lower >= beta {
                    return Err(lower);
                }
            }
            let score = if Some(c) == turn.tt_col {
                u32::MAX
            } else if claims.is_some() {
                u32::MAX - 1
            } else {
                2 * made.count_ones() + u32::from(mv & under_mine == 0)
            };
            // Insertion keeps the centre first among equals.
            let mut i = n;
            while i > 0 && list[i - 1].0 < score {
                list[i] = list[i - 1];
                i -= 1;
            }
            list[i] = (score, mv, child_key, c);
            n += 1;
        }
        Ok((list, n))
    }

    /// The value of a position given by screen-cell bits, within
    /// `alpha..beta` (fail-soft), relative to it; `None` out of time.
    pub fn bounded(&mut self, x: u64, o: u64, alpha: i32, beta: i32) -> Option<i32> {
        if self.aborted || self.budget.exhausted() {
            self.aborted = true;
            return None;
        }
        let (x, o) = (self.shape.from_cells(x), self.shape.from_cells(o));
        let mask = x | o;
        let cur = if mask.count_ones() % 2 == 0 { x } else { o };
        let v = self.negamax(Node::new(self.shape, cur, mask), 0, alpha, beta);
        (!self.aborted).then_some(v)
    }
    /// The column the table holds as best for a position given by
    /// screen-cell bits: the move the last search of it found best (a
    /// hint for ordering, not a proof).
    #[must_use]
    pub fn table_column(&self, x: u64, o: u64) -> Option<usize> {
        let (x, o) = (self.shape.from_cells(x), self.shape.from_cells(o));
        let mask = x | o;
        let cur = if mask.count_ones() % 2 == 0 { x } else { o };
        let (key, mirrored) = Node::new(self.shape, cur, mask).key();
        let col = self.tt.probe(key)?.best?;
        Some(if mirrored {
            self.shape.width - 1 - col
        } else {
            col
        })
    }
}

impl Windowed for GravitySearch<'_> {
    fn bounded(&mut self, x: u64, o: u64, alpha: i32, beta: i32) -> Option<i32> {
        GravitySearch::bounded(self, x, o, alpha, beta)
    }
}

#[cfg(test)]
mod tests {
    use super::{Node, Shape, mix};

    /// Screen-cell bits of the named cells of a 7×6 board (`c6` is the
    /// bottom of column c).
    fn cells(names: &[&str]) -> u64 {
        names.iter().fold(0, |bits, name| {
            let col = usize::from(name.as_bytes()[0] - b'a');
            let row: usize = name[1..].parse().unwrap_or(1) - 1;
            bits | 1 << (row * 7 + col)
        })
    }

    #[test]
    fn the_mirror_kept_move_by_move_is_the_mirror_of_the_position() {
        for (w, h) in [(7, 6), (4, 4), (5, 4), (8, 7), (6, 5)] {
            let shape = Shape::new(w, h, 4).expect("fits");
            let mut node = Node::new(&shape, 0, 0);
            // Columns by a fixed scramble, skipping full ones.
            for i in 0..w * h {
                let c = (0..w)
                    .map(|j| (i * 5 + j * 3 + i / 3) % w)
                    .find(|&c| shape.playable(node.mask) & shape.board_column(c) != 0)
                    .expect("a column is open");
                let mv = shape.playable(node.mask) & shape.board_column(c);
                node = node.play(&shape, mv, c);
                assert_eq!(node.mirror_cur, shape.mirror(node.cur), "{w}x{h} move {i}");
                assert_eq!(
                    node.mirror_mask,
                    shape.mirror(node.mask),
                    "{w}x{h} move {i}"
                );
                let (key, mirrored) = node.key();
                let (plain, flipped) = (node.cur + node.mask, shape.mirror(node.cur + node.mask));
                assert_eq!(key, mix(plain.min(flipped)), "{w}x{h} move {i}");
                assert_eq!(mirrored, flipped < plain, "{w}x{h} move {i}");
            }
        }
    }

    #[test]
    fn moves_that_make_threats_come_first_then_the_centre() {
        let shape = Shape::new(7, 6, 4).expect("7x6 fits");
        // X has b6 and c6, O two stones out of the way: X to move.
        let (x, o) = (cells(&["b6", "c6"]), cells(&["g6", "g5"]));
        let cell = |name: &str| cells(&[name]).trailing_zeros() as usize;
        let mut moves = ["a6", "d6", "e6", "f6", "b5", "c5", "g4"].map(cell);
        moves.sort_by_key(|&c| shape.order_key(x, o, c));
        // d6 leaves two threats (a6 and e6); e6 and a6 one (d6), e6
        // nearer the centre; the others none, by the centre (f6 and b5 tie).
        let want = ["d6", "e6", "a6", "c5", "f6", "b5", "g4"].map(cell);
        assert_eq!(moves, want);
    }
}
