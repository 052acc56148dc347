//! Exhaustive search for misère nim where no theorem applies (subtraction
//! sets, passes): memoised negamax over the multiset of piles, iterative so
//! that long games cannot overflow the stack.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::engine::{Outcome, Value};

use super::Take;

/// The most positions the search may have to visit: the product over piles
/// of (size + 1), doubled for each pile with a pass.
pub const MISERE_LIMIT: u64 = 1_000_000;

/// A position up to pile order: the non-empty piles as `(size, pass left)`,
/// sorted. Whose turn it is does not matter: the rules are the same for both.
type Key = Vec<(u64, bool)>;

#[derive(Debug)]
pub struct Exhaustive {
    take: Take,
    memo: Mutex<HashMap<Key, Value>>,
}

/// The size of the search from these piles, or `None` past `u64`.
#[must_use]
pub fn search_size(piles: &[u64], pass: bool) -> Option<u64> {
    piles.iter().try_fold(1u64, |acc, &p| {
        acc.checked_mul(p.checked_add(1)?)?
            .checked_mul(if pass && p > 0 { 2 } else { 1 })
    })
}

#[must_use]
pub fn key(piles: &[u64], passes: &[bool]) -> Key {
    let mut key: Key = piles
        .iter()
        .zip(passes)
        .filter(|(size, _)| **size > 0)
        .map(|(&s, &p)| (s, p))
        .collect();
    key.sort_unstable();
    key
}

impl Exhaustive {
    #[must_use]
    pub fn new(take: Take) -> Self {
        Self {
            take,
            memo: Mutex::new(HashMap::new()),
        }
    }

    /// How many positions are solved so far.
    #[must_use]
    pub fn positions(&self) -> usize {
        self.memo().len()
    }

    fn children(&self, key: &Key) -> Vec<Key> {
        let mut out = Vec::new();
        for (i, &(size, pass)) in key.iter().enumerate() {
            if i > 0 && key[i - 1] == (size, pass) {
                continue; // the same pile again gives the same children
            }
            let mut with = |new: Option<(u64, bool)>| {
                let mut child: Key = key.clone();
                child.remove(i);
                if let Some(pile) = new.filter(|p| p.0 > 0) {
                    let at = child.partition_point(|p| *p < pile);
                    child.insert(at, pile);
                }
                out.push(child);
            };
            if pass {
                with(Some((size, false)));
            }
            match &self.take {
                Take::Any => (1..=size).for_each(|k| with(Some((size - k, pass)))),
                Take::List(list) => list
                    .iter()
                    .filter(|&&k| k <= size)
                    .for_each(|&k| with(Some((size - k, pass)))),
            }
        }
        out
    }

    fn memo(&self) -> MutexGuard<'_, HashMap<Key, Value>> {
        // A panic elsewhere cannot leave a wrong value here: entries are
        // inserted whole, so a poisoned memo is still sound.
        self.memo.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The misère value of a position for the player to move.
    #[must_use]
    pub fn value(&self, root: Key) -> Value {
        let mut memo = self.memo();
        if let Some(v) = memo.get(&root) {
            return *v;
        }
        // Each frame: a position, its children, and how many are done.
        let mut stack: Vec<(Key, Vec<Key>, usize)> = Vec::new();
        let first = self.children(&root);
        stack.push((root.clone(), first, 0));
        while let Some((key, children, done)) = stack.last_mut() {
            if *done < children.len() {
                let child = children[*done].clone();
                if memo.contains_key(&child) {
                    *done += 1;
                } else {
                    let grandchildren = self.children(&child);
                    stack.push((child, grandchildren, 0));
                }
                continue;
            }
            let value = if children.is_empty() {
                // No move: the opponent made the last move and loses.
                Value::exact(Outcome::Win, Some(0))
            } else {
                Value::best(
                    children
                        .iter()
                        .filter_map(|c| memo.get(c))
                        .map(|v| v.for_mover()),
                )
            };
            let key = std::mem::take(key);
            memo.insert(key, value);
            stack.pop();
            if let Some((_, _, done)) = stack.last_mut() {
                *done += 1;
            }
        }
        memo.get(&root).copied().unwrap_or(Value::UNKNOWN)
    }
}
