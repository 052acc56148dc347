//! Periods of sequences defined by a window recurrence, as in Grundy values
//! of subtraction games: when every term depends only on the `window` terms
//! before it, two equal windows prove the sequence periodic from there on.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};

/// A sequence computed until its period was proven (or a limit reached).
#[derive(Clone, Debug)]
pub struct Periodic<T> {
    pub values: Vec<T>,
    /// `(start, len)`: `values[n] == values[n - len]` for every `n >= start + len`.
    pub period: Option<(u64, u64)>,
}

impl<T: Copy> Periodic<T> {
    /// The term at `n`, from the table or the period; `None` past a table
    /// whose period was not found.
    #[must_use]
    pub fn get(&self, n: u64) -> Option<T> {
        if let Some(v) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Some(*v);
        }
        let (start, len) = self.period?;
        let i = usize::try_from(start + (n - start) % len).ok()?;
        self.values.get(i).copied()
    }
}

/// Computes terms with `next(prefix)` until two windows of `window` terms,
/// both starting at or after `from`, are equal, or `limit` terms are known.
/// `next` must depend only on the last `window` terms once `len >= from`.
pub fn find<T, F>(window: usize, from: usize, limit: usize, mut next: F) -> Periodic<T>
where
    T: Copy + Eq + Hash,
    F: FnMut(&[T]) -> T,
{
    const B: u64 = 0x9E37_79B9_7F4A_7C15;
    let hasher = std::collections::hash_map::RandomState::new();
    let code = |t: &T| hasher.hash_one(t);
    let b_pow = (0..window).fold(1u64, |acc, _| acc.wrapping_mul(B));
    let start = window.max(from);
    let mut values: Vec<T> = Vec::new();
    let mut seen: HashMap<u64, Vec<usize>> = HashMap::new();
    let mut key = 0u64;
    loop {
        let n = values.len();
        if n >= start {
            // The window of the `window` terms before `n`, hashed by rolling.
            key = if n == start {
                (n - window..n).fold(0u64, |acc, i| {
                    acc.wrapping_mul(B).wrapping_add(code(&values[i]))
                })
            } else {
                key.wrapping_mul(B)
                    .wrapping_add(code(&values[n - 1]))
                    .wrapping_sub(b_pow.wrapping_mul(code(&values[n - 1 - window])))
            };
            let earlier = seen.entry(key).or_default();
            if let Some(&n0) = earlier
                .iter()
                .find(|&&n0| values[n0 - window..n0] == values[n - window..n])
            {
                return Periodic {
                    values,
                    period: Some(((n0 - window) as u64, (n - n0) as u64)),
                };
            }
            earlier.push(n);
        }
        if n >= limit {
            return Periodic {
                values,
                period: None,
            };
        }
        let v = next(&values);
        values.push(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_period_of_a_subtraction_game() {
        // Grundy values of take {1, 2, 3}: 0 1 2 3 0 1 2 3 …
        let p = find(3, 3, 1000, |v: &[u8]| {
            let n = v.len();
            let opts: Vec<u8> = [1, 2, 3]
                .iter()
                .filter(|&&k| k <= n)
                .map(|&k| v[n - k])
                .collect();
            (0..).find(|g| !opts.contains(g)).unwrap_or(0)
        });
        let (start, len) = p.period.unwrap();
        assert_eq!(len, 4);
        assert!(start <= 4);
        for n in 0..100u64 {
            assert_eq!(p.get(n), Some((n % 4) as u8));
        }
        assert_eq!(p.get(1_000_000_000_000_000_000), Some(0));
    }

    #[test]
    fn gives_up_at_the_limit() {
        let p = find(1, 1, 50, |v: &[u64]| v.len() as u64);
        assert!(p.period.is_none());
        assert_eq!(p.get(49), Some(49));
        assert_eq!(p.get(51), None);
    }
}
