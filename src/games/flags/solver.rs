//! The fast exact flags solver: dynamic programming over the count, with the
//! period of outcomes *and* ply counts detected so any start answers at once.
//!
//! Entry `m` is the value with `m` flags above the losing count. It depends
//! only on the entries `m - k`, `k` in `take`, and the rule "fastest win,
//! slowest loss" commutes with adding a constant to every ply count. So once
//! every move is available (`m >= max(take)`), if the last `max(take)` entries
//! before `n` equal those before an earlier `n0` up to a constant shift `d` in
//! plies, then entry `n + j` equals entry `n0 + j` plus `d` for every `j`:
//! outcomes are periodic and plies grow by `d` a period, exactly.

use std::collections::HashMap;

use crate::engine::{Budget, Outcome, Solver, Value};

use super::{FlagsGame, WhenStuck};

/// How many counts are searched for a period before giving up.
pub const PERIOD_SEARCH_LIMIT: u64 = 1 << 20;

/// Outcomes (and plies, shifted by `shift`) repeat every `len` counts from
/// `start` flags above the losing count on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    pub start: u64,
    pub len: u64,
    pub shift: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    outcome: Outcome,
    /// Meaningless for draws, kept at 0.
    plies: u64,
}

/// Every count's value up to where the period is proven.
#[derive(Clone, Debug)]
pub struct Table {
    entries: Vec<Entry>,
    period: Option<Period>,
}

const B: u64 = 0x9E37_79B9_7F4A_7C15;
const C: u64 = 0x0000_0100_0000_01B3;

impl Table {
    /// Solves every count up to `need` flags above the losing count.
    ///
    /// # Errors
    /// `Err(limit)` when `need` is beyond the search limit and no period was
    /// found within it.
    pub fn solve(take: &[u64], when_stuck: WhenStuck, need: u64) -> Result<Self, u64> {
        let m = usize::try_from(take.iter().copied().max().unwrap_or(1)).unwrap_or(usize::MAX);
        let mut entries: Vec<Entry> = Vec::new();
        let mut seen: HashMap<u64, Vec<(usize, u64)>> = HashMap::new();
        let mut window = Window::default();
        loop {
            let n = entries.len();
            if n >= m {
                window.advance(&entries, n, m);
                let key = window.key();
                let candidates = seen.entry(key).or_default();
                if let Some(&(n0, r0)) = candidates.iter().find(|&&(n0, r0)| {
                    same_up_to_shift(&entries, n0, n, m, window.min_plies - r0 as i128)
                }) {
                    let shift = (window.min_plies - r0 as i128) as u64;
                    let period = Period {
                        start: n0 as u64,
                        len: (n - n0) as u64,
                        shift,
                    };
                    return Ok(Self {
                        entries,
                        period: Some(period),
                    });
                }
                candidates.push((n, window.min_plies as u64));
            }
            if n as u64 > PERIOD_SEARCH_LIMIT {
                return if need < n as u64 {
                    Ok(Self {
                        entries,
                        period: None,
                    })
                } else {
                    Err(PERIOD_SEARCH_LIMIT)
                };
            }
            entries.push(next_entry(&entries, take, when_stuck));
        }
    }

    #[must_use]
    pub const fn period(&self) -> Option<Period> {
        self.period
    }

    /// The value with `m` flags above the losing count.
    fn entry(&self, m: u64) -> Option<Entry> {
        if let Some(e) = usize::try_from(m).ok().and_then(|i| self.entries.get(i)) {
            return Some(*e);
        }
        let p = self.period?;
        let laps = (m - p.start) / p.len;
        let base = self.entries[usize::try_from(p.start + (m - p.start) % p.len).ok()?];
        Some(Entry {
            outcome: base.outcome,
            plies: base.plies.saturating_add(laps.saturating_mul(p.shift)),
        })
    }

    /// The first counts (flags above the losing count, up to `last`) whose
    /// outcome is `outcome`: at most `most` of them, and whether there are
    /// more. Past the solved entries the period gives them lap by lap, so
    /// this costs what the period costs, not what `last` is.
    #[must_use]
    pub fn counts_with(&self, outcome: Outcome, last: u64, most: usize) -> (Vec<u64>, bool) {
        let mut found = Vec::new();
        let solved = self.entries.len() as u64;
        for (m, e) in (0..=last.min(solved.saturating_sub(1))).zip(&self.entries) {
            if e.outcome == outcome {
                found.push(m);
                if found.len() > most {
                    break;
                }
            }
        }
        if let Some(p) = self.period
            && found.len() <= most
            && last >= solved
        {
            let residues: Vec<u64> = (p.start..p.start + p.len)
                .filter(|&r| self.outcome(r) == Some(outcome))
                .collect();
            // Each lap adds at least one count: at most `most + 1` laps.
            'laps: for lap in 1.. {
                for &r in &residues {
                    let Some(m) = p.len.checked_mul(lap).and_then(|d| d.checked_add(r)) else {
                        break 'laps;
                    };
                    if m > last || found.len() > most {
                        break 'laps;
                    }
                    if m >= solved {
                        found.push(m);
                    }
                }
                if residues.is_empty() {
                    break;
                }
            }
        }
        let more = found.len() > most;
        found.truncate(most);
        (found, more)
    }

    /// The outcome for the player to move with `m` flags above the losing count.
    #[must_use]
    pub fn outcome(&self, m: u64) -> Option<Outcome> {
        self.entry(m).map(|e| e.outcome)
    }

    fn value_at(&self, m: u64) -> Value {
        match self.entry(m) {
            Some(Entry {
                outcome: Outcome::Draw,
                ..
            }) => Value::outcome_only(Outcome::Draw),
            Some(e) => Value::exact(e.outcome, Some(e.plies)),
            // Beyond the solved range: no position of the ruleset lies there.
            None => Value::UNKNOWN,
        }
    }
}

fn next_entry(entries: &[Entry], take: &[u64], when_stuck: WhenStuck) -> Entry {
    let n = entries.len();
    if n == 0 {
        return Entry {
            outcome: Outcome::Loss,
            plies: 0,
        };
    }
    let children: Vec<Entry> = take
        .iter()
        .filter_map(|&k| usize::try_from(k).ok())
        .filter(|&k| k <= n)
        .map(|k| entries[n - k])
        .collect();
    if children.is_empty() {
        return match when_stuck {
            WhenStuck::Draw => Entry {
                outcome: Outcome::Draw,
                plies: 0,
            },
            WhenStuck::Lose => Entry {
                outcome: Outcome::Loss,
                plies: 0,
            },
        };
    }
    let fastest_win = children
        .iter()
        .filter(|c| c.outcome == Outcome::Loss)
        .map(|c| c.plies)
        .min();
    if let Some(p) = fastest_win {
        return Entry {
            outcome: Outcome::Win,
            plies: p + 1,
        };
    }
    if children.iter().any(|c| c.outcome == Outcome::Draw) {
        return Entry {
            outcome: Outcome::Draw,
            plies: 0,
        };
    }
    let slowest = children.iter().map(|c| c.plies).max().unwrap_or(0);
    Entry {
        outcome: Outcome::Loss,
        plies: slowest + 1,
    }
}

/// Whether the `m` entries before `n0` and before `n` agree in outcome, with
/// every ply count before `n` larger by exactly `shift`.
fn same_up_to_shift(entries: &[Entry], n0: usize, n: usize, m: usize, shift: i128) -> bool {
    shift >= 0
        && (1..=m).all(|i| {
            let (a, b) = (entries[n0 - i], entries[n - i]);
            a.outcome == b.outcome
                && (a.outcome == Outcome::Draw
                    || i128::from(b.plies) - i128::from(a.plies) == shift)
        })
}

/// A rolling hash of the last `m` entries that ignores a common shift of
/// their ply counts: `A - C * min_plies * D`, where `A` weighs each entry's
/// outcome and plies and `D` counts the decided (non-draw) entries.
#[derive(Default)]
struct Window {
    a: u64,
    d: u64,
    b_pow_m: u64,
    /// Indices of decided entries whose plies may still be the minimum.
    mins: std::collections::VecDeque<usize>,
    min_plies: i128,
}

fn term(e: Entry) -> (u64, u64) {
    match e.outcome {
        Outcome::Draw | Outcome::Unknown => (3, 0),
        Outcome::Win => (1u64.wrapping_add(C.wrapping_mul(e.plies)), 1),
        Outcome::Loss => (2u64.wrapping_add(C.wrapping_mul(e.plies)), 1),
    }
}

impl Window {
    /// Moves the window to cover entries `n - m .. n`.
    fn advance(&mut self, entries: &[Entry], n: usize, m: usize) {
        if n == m {
            self.b_pow_m = (0..m).fold(1u64, |acc, _| acc.wrapping_mul(B));
            let mut w = 1u64;
            for i in 1..=m {
                w = w.wrapping_mul(B);
                let (t, nd) = term(entries[n - i]);
                self.a = self.a.wrapping_add(w.wrapping_mul(t));
                self.d = self.d.wrapping_add(w.wrapping_mul(nd));
            }
            for j in 0..n {
                self.push_min(entries, j);
            }
        } else {
            let (t_out, nd_out) = term(entries[n - 1 - m]);
            let (t_in, nd_in) = term(entries[n - 1]);
            self.a = B.wrapping_mul(
                self.a
                    .wrapping_sub(self.b_pow_m.wrapping_mul(t_out))
                    .wrapping_add(t_in),
            );
            self.d = B.wrapping_mul(
                self.d
                    .wrapping_sub(self.b_pow_m.wrapping_mul(nd_out))
                    .wrapping_add(nd_in),
            );
            self.push_min(entries, n - 1);
        }
        while self.mins.front().is_some_and(|&j| j + m < n) {
            self.mins.pop_front();
        }
        self.min_plies = self
            .mins
            .front()
            .map_or(0, |&j| i128::from(entries[j].plies));
    }

    fn push_min(&mut self, entries: &[Entry], j: usize) {
        if entries[j].outcome == Outcome::Draw {
            return;
        }
        while self
            .mins
            .back()
            .is_some_and(|&b| entries[b].plies >= entries[j].plies)
        {
            self.mins.pop_back();
        }
        self.mins.push_back(j);
    }

    fn key(&self) -> u64 {
        let r = self.min_plies as u64;
        self.a.wrapping_sub(C.wrapping_mul(r).wrapping_mul(self.d))
    }
}

impl Solver<FlagsGame> for Table {
    fn value(&self, pos: &FlagsGame, _budget: &Budget) -> Value {
        self.value_at(pos.above_lose())
    }

    fn explain(&self, pos: &FlagsGame, _budget: &Budget) -> Vec<String> {
        super::explain::explain(self, pos)
    }

    fn reason(&self, pos: &FlagsGame, mv: u64, _budget: &Budget) -> Option<String> {
        super::explain::reason(self, pos, mv)
    }
}
