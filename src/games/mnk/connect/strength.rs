//! Play past the proof on gravity boards: when the exact search does not
//! finish within the budget, the moves are scored by an iterative-deepening
//! principal-variation search with its own transposition table, moves
//! ordered as in the exact search (the table's move, then the threats a
//! move makes, centre first). Its leaves weigh the threats on the board (a
//! cell where a side would complete k counts more on the rows that side
//! wants: odd rows from the bottom for the first player, even for the
//! second) and the lines each side can still make. Its scores are
//! estimates, never values.

use crate::engine::Budget;

use crate::games::mnk::bound::Bound;
use crate::games::mnk::connect::{Shape, Turn};

/// Scores of won and lost positions, beyond every estimate.
const DECIDED: i64 = 1 << 40;

/// The depths searched to the end whatever the budget, so that a move
/// that loses within a few plies is never played for want of time.
const SURE_DEPTH: u32 = 3;

/// log2 of the search table's slots (6 MiB, made afresh for each move).
const TABLE_BITS: u32 = 18;

#[derive(Clone, Copy, Default)]
struct Slot {
    /// The position's key plus one (0 marks an empty slot).
    key: u64,
    score: i64,
    depth: u8,
    bound: Bound,
    /// The best move's column.
    best: u8,
}

struct Estimator<'a> {
    shape: &'a Shape,
    budget: &'a Budget,
    nodes: u64,
    /// Whether the budget may cut this depth short.
    may_abort: bool,
    aborted: bool,
    table: Vec<Slot>,
    /// Columns from the centre out.
    order: Vec<usize>,
    /// Every run of k cells on the board, for the leaves.
    windows: Vec<u64>,
    /// The centre column (or two), whose stones take part in most lines.
    centre: u64,
}

impl<'a> Estimator<'a> {
    fn new(shape: &'a Shape, budget: &'a Budget) -> Self {
        let order = shape.columns_from_centre();
        // One middle column, or two on an even width.
        let middle = if shape.width % 2 == 1 { 1 } else { 2 };
        let centre = order[..middle]
            .iter()
            .fold(0, |acc, &c| acc | shape.board_column(c));
        Self {
            shape,
            budget,
            nodes: 0,
            may_abort: false,
            aborted: false,
            table: vec![Slot::default(); 1 << TABLE_BITS],
            order,
            windows: windows(shape),
            centre,
        }
    }

    /// How promising `stones` are (the first player's when `first`),
    /// given the other side's stones `other`.
    fn weigh(&self, stones: u64, other: u64, first: bool) -> i64 {
        let s = self.shape;
        let mut threats = s.threats(stones, stones | other);
        let mut total = 0;
        while threats != 0 {
            let bit = threats.trailing_zeros() as usize;
            threats &= threats - 1;
            // Rows from the bottom, 1 first: odd rows suit the first player.
            let row = bit % (s.height + 1) + 1;
            total += if (row % 2 == 1) == first { 12 } else { 8 };
        }
        // Lines still open to this side, more for more stones in them.
        for &w in &self.windows {
            if w & other == 0 {
                total += match (w & stones).count_ones() {
                    0 => 0,
                    1 => 1,
                    _ => 3,
                };
            }
        }
        total + i64::from((stones & self.centre).count_ones())
    }

    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - TABLE_BITS)) as usize
    }

    /// The search's score for the player to move (`cur` its stones, `mask`
    /// all), `depth` plies deep; fail-soft.
    fn negamax(&mut self, cur: u64, mask: u64, depth: u32, mut alpha: i64, beta: i64) -> i64 {
        self.nodes += 1;
        if self.may_abort && self.nodes & 0x3FF == 0 && self.budget.exhausted() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let s = self.shape;
        let opp = cur ^ mask;
        let stones = i64::from(mask.count_ones());
        let moves = match s.turn(cur, mask) {
            Turn::Full => return 0,
            Turn::WinsNow => return DECIDED - (stones + 1),
            Turn::Lost => return -(DECIDED - (stones + 2)),
            Turn::Moves { moves, .. } => moves,
        };
        // The rules the exact search bounds with. An odd threat loses the
        // mover the game within its plies; claimeven either loses it the
        // game (the board full at the latest) or takes its win away: the
        // node is worth a draw at most.
        let theirs = || s.threats(opp, mask);
        let odd = s.odd_threat_of(cur, mask, theirs).or_else(|| {
            s.odd_threat_paired(cur, mask, theirs)
                .map(|(t, w, _)| (t, w))
        });
        if let Some((_, within)) = odd {
            return -(DECIDED - (stones + i64::from(within)));
        }
        let cannot_win = match s
            .follow_up(cur, mask)
            .or_else(|| s.follow_up_paired(cur, mask))
        {
            Some(true) => return -(DECIDED - i64::from(s.cells())),
            Some(false) => true,
            None => false,
        };
        if depth == 0 {
            let first = stones % 2 == 0;
            let leaf = self.weigh(cur, opp, first) - self.weigh(opp, cur, !first);
            return if cannot_win { leaf.min(0) } else { leaf };
        }
        // At most a draw: a window above it is failed low at once, and one
        // across it is narrowed to it.
        let capped = cannot_win && beta > 0;
        if cannot_win && alpha >= 0 {
            return 0;
        }
        let beta = if capped { 0 } else { beta };
        // The key tells the position apart: `mask` with one more bit on
        // each column's top stone for the player to move.
        let key = cur + mask + 1;
        let at = self.slot(key);
        let hit = self.table[at];
        let mut tt_col = None;
        if hit.key == key {
            tt_col = Some(usize::from(hit.best));
            if u32::from(hit.depth) >= depth {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if cut {
                    return hit.score;
                }
            }
        }
        let mut list = [(0u32, 0u64); 32];
        let mut n = 0;
        for &c in &self.order {
            let mv = moves & s.board_column(c);
            if mv == 0 {
                continue;
            }
            let score = if Some(c) == tt_col {
                u32::MAX
            } else {
                s.threats(cur | mv, mask | mv).count_ones()
            };
            let mut i = n;
            while i > 0 && list[i - 1].0 < score {
                list[i] = list[i - 1];
                i -= 1;
            }
            list[i] = (score, mv);
            n += 1;
        }
        let alpha0 = alpha;
        let mut best = i64::MIN + 1;
        let mut best_move = list[0].1;
        for (i, &(_, mv)) in list[..n].iter().enumerate() {
            let score = if i == 0 {
                -self.negamax(opp, mask | mv, depth - 1, -beta, -alpha)
            } else {
                // Principal variation: the others only have to be refuted.
                let probe = -self.negamax(opp, mask | mv, depth - 1, -alpha - 1, -alpha);
                if probe > alpha && probe < beta {
                    -self.negamax(opp, mask | mv, depth - 1, -beta, -probe)
                } else {
                    probe
                }
            };
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = mv;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta && capped {
            // At least the draw the rule caps it at: exactly that.
            best = 0;
            Bound::Exact
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[at] = Slot {
            key,
            score: best,
            depth: u8::try_from(depth).unwrap_or(u8::MAX),
            bound,
            best: u8::try_from(s.column(best_move)).unwrap_or(0),
        };
        best
    }
}

/// Every run of k cells of the board, as column-major bits.
fn windows(shape: &Shape) -> Vec<u64> {
    let (w, h, k) = (shape.width as i64, shape.height as i64, shape.k as i64);
    let mut out = Vec::new();
    for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for x in 0..w {
            for y in 0..h {
                let (ex, ey) = (x + dx * (k - 1), y + dy * (k - 1));
                if !(0..w).contains(&ex) || !(0..h).contains(&ey) {
                    continue;
                }
                out.push((0..k).fold(0u64, |acc, i| {
                    acc | 1 << ((x + dx * i) * (h + 1) + y + dy * i)
                }));
            }
        }
    }
    out
}

/// What the search found of each move of a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Estimates {
    /// Each legal move (as a screen cell) with its estimate for the player
    /// to move, higher better, from the deepest search the budget
    /// finished. The best move's estimate is its score; the others' lie
    /// below it.
    pub scores: Vec<(usize, i64)>,
    /// The best move where the search proved it wins: every line of play
    /// within its horizon ends in the mover's line, or in a position the
    /// rules prove lost for the opponent.
    pub winning: Option<usize>,
    /// The moves the search proved lost the same way.
    pub losing: Vec<usize>,
}

/// What the search finds of each legal move of the position of screen-cell
/// bits `x` and `o` within `budget` (see [`Estimates`]).
#[must_use]
pub fn estimate(shape: &Shape, x: u64, o: u64, budget: &Budget) -> Estimates {
    let (x, o) = (shape.from_cells(x), shape.from_cells(o));
    let mask = x | o;
    let cur = if mask.count_ones() % 2 == 0 { x } else { o };
    let mut e = Estimator::new(shape, budget);
    let mut moves: Vec<u64> = Vec::new();
    for &c in &e.order {
        let col = shape.board_column(c);
        let mv = shape.playable(mask) & col;
        if mv != 0 {
            moves.push(mv);
        }
    }
    let mut found: Vec<(u64, i64)> = Vec::new();
    let empties = shape.cells() - mask.count_ones();
    for depth in 0..empties {
        e.may_abort = depth >= SURE_DEPTH;
        let mut scores: Vec<(u64, i64)> = Vec::with_capacity(moves.len());
        let mut best = i64::MIN + 1;
        for &mv in &moves {
            let score = if shape.has_line(cur | mv) {
                DECIDED
            } else if scores.is_empty() {
                -e.negamax(cur ^ mask, mask | mv, depth, i64::MIN + 1, i64::MAX)
            } else {
                let probe = -e.negamax(cur ^ mask, mask | mv, depth, -best - 1, -best);
                if probe > best {
                    -e.negamax(cur ^ mask, mask | mv, depth, i64::MIN + 1, -best)
                } else {
                    // At most the best: below it, so the best stays first.
                    probe.min(best - 1)
                }
            };
            if e.aborted {
                break;
            }
            best = best.max(score);
            scores.push((mv, score));
        }
        if e.aborted {
            break;
        }
        // The next depth looks at the best moves first.
        scores.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        moves = scores.iter().map(|&(mv, _)| mv).collect();
        found = scores;
        // A forced win seen at this depth is the fastest there is.
        if best > DECIDED / 2 {
            break;
        }
    }
    let cell = |mv: u64| shape.cell_of_bit(mv.trailing_zeros() as usize);
    // Only the best move's score is exact (the others were refuted by null
    // windows: upper bounds), and a loss bounded from above is a loss.
    let winning = found
        .first()
        .filter(|&&(_, s)| s > DECIDED / 2)
        .map(|&(mv, _)| cell(mv));
    let losing = found
        .iter()
        .filter(|&&(_, s)| s < -DECIDED / 2)
        .map(|&(mv, _)| cell(mv))
        .collect();
    Estimates {
        scores: found.into_iter().map(|(mv, s)| (cell(mv), s)).collect(),
        winning,
        losing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// The 7×6 board after dropping stones in the columns named, X first;
    /// screen-cell bits of X and O.
    fn after(shape: &Shape, columns: &str) -> (u64, u64) {
        let (mut x, mut o) = (0, 0);
        for (i, ch) in columns.bytes().enumerate() {
            let c = usize::from(ch - b'a');
            let mv = shape.playable(x | o) & shape.board_column(c);
            if i % 2 == 0 { x |= mv } else { o |= mv }
        }
        (shape.to_cells(x), shape.to_cells(o))
    }

    fn best(columns: &str) -> (usize, i64) {
        let shape = Shape::new(7, 6, 4).expect("7x6 fits");
        let (x, o) = after(&shape, columns);
        let found = estimate(&shape, x, o, &Budget::of(Duration::from_millis(200))).scores;
        assert_eq!(found.len(), 7, "every column is open");
        let top = found
            .iter()
            .max_by_key(|&&(_, s)| s)
            .copied()
            .expect("moves");
        assert_eq!(
            found.iter().filter(|&&(_, s)| s == top.1).count(),
            1,
            "one best"
        );
        (top.0 % 7, top.1)
    }

    #[test]
    fn takes_a_win_at_once() {
        assert_eq!(best("ababag"), (0, DECIDED));
    }

    #[test]
    fn blocks_the_win_the_opponent_threatens() {
        let (col, score) = best("abgbab");
        assert_eq!(col, 1);
        assert!(score.abs() < DECIDED / 2, "nothing is decided yet: {score}");
    }

    #[test]
    fn sees_a_win_by_two_threats_on_the_bottom_row() {
        // X on c and d: b or e makes two playable threats.
        let (col, score) = best("ccdd");
        assert!(col == 1 || col == 4, "column {col}");
        assert!(score > DECIDED / 2, "a forced win: {score}");
    }

    #[test]
    fn sees_the_loss_it_cannot_stop() {
        // O to move after X's c d e on the bottom: two threats, b and f.
        let (_, score) = best("cgdge");
        assert!(score < -DECIDED / 2, "a forced loss: {score}");
    }
}
