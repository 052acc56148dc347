//! Sprague–Grundy values of one pile, with and without its pass.
//!
//! With a take list every value depends on the `max(take)` values before it,
//! so the sequence of pairs is eventually periodic; the period is proven by
//! [`crate::engine::period::find`] and piles of 10^18 answer at once. With
//! `take = "any"` the values have closed forms: `n` without the pass, and
//! with it `n + 1` for odd `n`, `n - 1` for even `n > 0` (options of an odd
//! `n` are `0..n` and the pass's `n`; of an even `n`, everything below `n`
//! but `n - 1`).

use crate::engine::period::{self, Periodic};

use super::Take;

/// How many pile sizes are searched for a period before giving up.
pub const GRUNDY_SEARCH_LIMIT: usize = 1 << 20;

#[derive(Clone, Debug)]
pub enum Grundy {
    /// `take = "any"`: closed forms.
    Any,
    /// `(without pass, with pass)` for each pile size, with the period.
    List(Periodic<(u16, u16)>),
}

fn mex(options: impl Iterator<Item = u16>) -> u16 {
    let mut seen = [false; 130];
    for g in options {
        if let Some(s) = seen.get_mut(usize::from(g)) {
            *s = true;
        }
    }
    seen.iter().position(|s| !s).map_or(129, |i| i as u16)
}

impl Grundy {
    /// Solves the pile values for `take`, far enough to cover `largest`.
    ///
    /// # Errors
    /// A sentence naming the limit when no period shows within it and a pile
    /// is larger.
    pub fn new(take: &Take, largest: u64) -> Result<Self, String> {
        let Take::List(list) = take else {
            return Ok(Self::Any);
        };
        let window = usize::try_from(list.iter().copied().max().unwrap_or(1)).unwrap_or(usize::MAX);
        let seq = period::find(
            window,
            window,
            GRUNDY_SEARCH_LIMIT,
            |prefix: &[(u16, u16)]| {
                let n = prefix.len();
                let reachable = || {
                    list.iter()
                        .filter_map(|&k| usize::try_from(k).ok())
                        .filter(move |&k| k <= n)
                        .map(move |k| prefix[n - k])
                };
                let plain = mex(reachable().map(|g| g.0));
                let pass = mex(reachable().map(|g| g.1).chain((n > 0).then_some(plain)));
                (plain, pass)
            },
        );
        if seq.period.is_none() && largest >= seq.values.len() as u64 {
            return Err(format!(
                "the Grundy values of this take list show no period within {GRUNDY_SEARCH_LIMIT} \
                 stones, so a pile of {largest} cannot be solved exactly; use piles below {}",
                seq.values.len()
            ));
        }
        Ok(Self::List(seq))
    }

    /// The Grundy value of a pile of `n` stones, its pass unused or not.
    #[must_use]
    pub fn value(&self, n: u64, pass: bool) -> u64 {
        match self {
            Self::Any if !pass || n == 0 => n,
            Self::Any if n % 2 == 1 => n + 1,
            Self::Any => n - 1,
            Self::List(seq) => seq.get(n).map_or(0, |(plain, with_pass)| {
                u64::from(if pass { with_pass } else { plain })
            }),
        }
    }

    /// `(start, length)` of the period, for take lists.
    #[must_use]
    pub fn period(&self) -> Option<(u64, u64)> {
        match self {
            Self::Any => None,
            Self::List(seq) => seq.period,
        }
    }
}
