//! Play past the proof on gravity boards: when the exact search does not
//! finish within the budget, each move is scored by an iterative-deepening
//! alpha-beta search whose leaves weigh the threats on the board (a cell
//! where a side would complete k counts more on the rows that side wants:
//! odd rows from the bottom for the first player, even for the second).
//! Its scores are estimates, never values.

use crate::engine::Budget;

use super::gravity::{Shape, Turn};

/// Scores of won and lost positions, beyond every estimate.
const DECIDED: i64 = 1 << 40;

struct Estimator<'a> {
    shape: &'a Shape,
    budget: &'a Budget,
    nodes: u64,
    aborted: bool,
}

impl Estimator<'_> {
    /// The threats of `stones` (first player's when `first`), weighted.
    fn weigh(&self, stones: u64, mask: u64, first: bool) -> i64 {
        let s = self.shape;
        let mut threats = s.threats(stones, mask);
        let mut total = 0;
        while threats != 0 {
            let bit = threats.trailing_zeros() as usize;
            threats &= threats - 1;
            // Rows from the bottom, 1 first: odd rows suit the first player.
            let row = bit % (s.height + 1) + 1;
            total += if (row % 2 == 1) == first { 3 } else { 2 };
        }
        total
    }

    fn negamax(&mut self, cur: u64, mask: u64, depth: u32, mut alpha: i64, beta: i64) -> i64 {
        self.nodes += 1;
        if self.nodes & 0x3FF == 0 && self.budget.exhausted() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let opp = cur ^ mask;
        let stones = i64::from(mask.count_ones());
        let mut moves = match self.shape.turn(cur, mask) {
            Turn::Full => return 0,
            Turn::WinsNow => return DECIDED - stones,
            Turn::Lost => return -(DECIDED - stones),
            Turn::Moves(moves) => moves,
        };
        if depth == 0 {
            let first = mask.count_ones() % 2 == 0;
            return self.weigh(cur, mask, first) - self.weigh(opp, mask, !first);
        }
        let mut best = i64::MIN + 1;
        while moves != 0 {
            let mv = moves & moves.wrapping_neg();
            moves &= moves - 1;
            let score = -self.negamax(opp, mask | mv, depth - 1, -beta, -alpha);
            if self.aborted {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// Each legal move (as a screen cell) with its estimate for the player to
/// move, higher better, from the deepest search the budget finished; `x`
/// and `o` are screen-cell bits.
#[must_use]
pub fn estimate(shape: &Shape, x: u64, o: u64, budget: &Budget) -> Vec<(usize, i64)> {
    let (x, o) = (shape.from_cells(x), shape.from_cells(o));
    let mask = x | o;
    let cur = if mask.count_ones() % 2 == 0 { x } else { o };
    let mut e = Estimator {
        shape,
        budget,
        nodes: 0,
        aborted: false,
    };
    let mut moves = Vec::new();
    let mut bits = shape.playable(mask);
    while bits != 0 {
        let mv = bits & bits.wrapping_neg();
        bits &= bits - 1;
        moves.push(mv);
    }
    let mut found: Vec<(usize, i64)> = Vec::new();
    let empties = (shape.width * shape.height) as u32 - mask.count_ones();
    for depth in 0..empties {
        let mut scores = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let score = if shape.has_line(cur | mv) {
                DECIDED
            } else {
                -e.negamax(cur ^ mask, mask | mv, depth, i64::MIN + 1, i64::MAX)
            };
            if e.aborted {
                break;
            }
            scores.push((shape.cell_of_bit(mv.trailing_zeros() as usize), score));
        }
        if e.aborted {
            break;
        }
        found = scores;
    }
    found
}
