//! Undirected vertex geography, shared by the families that are one of it
//! (multiples and divisors, geography on a graph): a token stands on a
//! vertex, a move carries it along an edge to a vertex not visited before,
//! and who cannot move loses. By Fraenkel, Scheinerman and Ullman (1993), a
//! move to `y` wins exactly when some maximum matching of the graph on the
//! unvisited vertices misses `y` — `y` is in the Gallai–Edmonds set D(G) —
//! so one matching and one search give every move's result at once; a
//! bounded search ([`super::geography_plies`]) then proves how long each
//! takes where it can.

use std::sync::{Mutex, PoisonError};

use crate::engine::{Budget, MoveResults, Outcome, Value};

use super::geography_plies as plies;
use super::matching::{Graph, missable_within};

/// The result of each move to a vertex of `moves`, where `unvisited` is
/// the graph on the vertices not visited yet (the token's own vertex is
/// visited, so not in it): `None` when the budget runs out first. A move
/// to a vertex with no unvisited neighbour ends the game at once: a win
/// in one ply.
#[must_use]
pub fn move_results(unvisited: &Graph, moves: &[usize], budget: &Budget) -> Option<Vec<Value>> {
    if moves.is_empty() {
        return Some(Vec::new());
    }
    if budget.exhausted() {
        return None;
    }
    let missable = missable_within(unvisited, budget)?;
    let mut values: Vec<Value> = moves
        .iter()
        .map(|&y| {
            if unvisited.adj[y].is_empty() {
                Value::exact(Outcome::Win, Some(1))
            } else if missable[y] {
                Value::outcome_only(Outcome::Win)
            } else {
                Value::outcome_only(Outcome::Loss)
            }
        })
        .collect();
    plies::refine(unvisited, moves, &mut values, budget);
    Some(values)
}

/// The last position asked about, with every move's result from it, once
/// all are proven: one analysis asks about one position several times (its
/// value, its moves, the best move's reason).
#[derive(Debug)]
pub struct LastAnswer<G, M> {
    last: Mutex<Option<Answer<G, M>>>,
}

/// A position and every move's result from it.
type Answer<G, M> = (G, Vec<(M, Value)>);

impl<G, M> Default for LastAnswer<G, M> {
    fn default() -> Self {
        Self {
            last: Mutex::new(None),
        }
    }
}

impl<G: PartialEq + Clone, M: Clone> LastAnswer<G, M> {
    /// The kept results when they are for `pos`, else `work`'s (kept when
    /// every one is proven).
    pub fn get_or(&self, pos: &G, work: impl FnOnce() -> Vec<(M, Value)>) -> Vec<(M, Value)> {
        let lock = || self.last.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((p, r)) = lock().as_ref()
            && p == pos
        {
            return r.clone();
        }
        let results = work();
        if results.iter().all(|(_, v)| v.is_proven()) {
            *lock() = Some((pos.clone(), results.clone()));
        }
        results
    }
}

/// A geography position's value from every move's result: no move is a
/// loss in no plies. A win takes the fastest known winning move's plies
/// (moves are deepened in lockstep, so an unknown one is no faster); a
/// loss's plies are known only when every move's are.
#[must_use]
pub fn value_from<M: Copy + PartialEq>(results: Vec<(M, Value)>) -> Value {
    if results.is_empty() {
        return Value::exact(Outcome::Loss, Some(0));
    }
    let fastest = results
        .iter()
        .filter(|(_, v)| v.outcome == Outcome::Win)
        .filter_map(|(_, v)| v.plies)
        .min();
    match fastest {
        Some(p) => Value::exact(Outcome::Win, Some(p)),
        None => MoveResults::all(results).best(),
    }
}
