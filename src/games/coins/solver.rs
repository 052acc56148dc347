//! The fast exact solver: the interval dynamic program. `best(i, j)` is the
//! most the player to move can finish ahead by on the coins `i..j` alone:
//! the larger of taking the left coin (`v[i] - best(i + 1, j)`) and taking
//! the right one (`v[j - 1] - best(i, j - 1)`). Coins already taken only
//! add their difference, so one table of every stretch of the ruleset's row
//! answers every position of its games.

use crate::engine::{Budget, Solver, Value};

use super::{CoinsGame, End};

/// `best` of every stretch `i..j` of one row.
#[derive(Clone, Debug)]
pub struct Intervals {
    n: usize,
    /// Stretches by length: those of length `len` start at `offset(len)`.
    best: Vec<i64>,
}

impl Intervals {
    /// Solves every stretch of `values`: `n (n + 1) / 2` entries, O(n²).
    #[must_use]
    pub fn solve(values: &[u64]) -> Self {
        let n = values.len();
        let mut best = vec![0i64; n * (n + 1) / 2 + 1];
        let mut this = Self {
            n,
            best: Vec::new(),
        };
        // Length 1: the coin itself.
        for (i, &v) in values.iter().enumerate() {
            best[this.slot(i, i + 1)] = v as i64;
        }
        for len in 2..=n {
            for i in 0..=n - len {
                let j = i + len;
                let left = values[i] as i64 - best[this.slot(i + 1, j)];
                let right = values[j - 1] as i64 - best[this.slot(i, j - 1)];
                best[this.slot(i, j)] = left.max(right);
            }
        }
        this.best = best;
        this
    }

    /// Where the stretch `i..j` sits; the empty stretches share the last slot.
    const fn slot(&self, i: usize, j: usize) -> usize {
        let len = j - i;
        if len == 0 {
            return self.n * (self.n + 1) / 2;
        }
        // Lengths 1..len-1 come first, with n, n-1, …, n-len+2 stretches.
        let before = (len - 1) * (self.n + 1) - (len - 1) * len / 2;
        before + i
    }

    /// The most the player to move can finish ahead by on the coins `i..j`.
    #[must_use]
    pub fn best(&self, i: usize, j: usize) -> i64 {
        self.best[self.slot(i, j)]
    }

    /// The final difference of totals, for the player to move, with best
    /// play from `pos` (coins already taken count).
    #[must_use]
    pub fn score(&self, pos: &CoinsGame) -> i64 {
        let r = pos.left_in_row();
        pos.lead() + self.best(r.start, r.end)
    }

    /// What the player to move ends with, of the coins still in the row,
    /// with best play.
    #[must_use]
    pub fn share(&self, pos: &CoinsGame) -> u64 {
        let r = pos.left_in_row();
        let sum: u64 = pos.remaining().iter().sum();
        // best = mine - theirs and mine + theirs = sum.
        ((sum as i64 + self.best(r.start, r.end)) / 2) as u64
    }
}

impl Solver<CoinsGame> for Intervals {
    fn value(&self, pos: &CoinsGame, _budget: &Budget) -> Value {
        // Every line takes every coin: the game lasts as many plies as coins.
        let plies = pos.remaining().len() as u64;
        Value::scored(self.score(pos), Some(plies))
    }

    fn explain(&self, pos: &CoinsGame, _budget: &Budget) -> Vec<String> {
        super::explain::explain(self, pos)
    }

    fn reason(&self, pos: &CoinsGame, mv: End, _budget: &Budget) -> Option<String> {
        super::explain::reason(self, pos, mv)
    }
}
