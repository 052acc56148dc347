//! Undirected vertex geography, shared by the families that are one of it
//! (multiples and divisors, geography on a graph): a token stands on a
//! vertex, a move carries it along an edge to a vertex not visited before,
//! and who cannot move loses. By Fraenkel, Scheinerman and Ullman (1993), a
//! move to `y` wins exactly when some maximum matching of the graph on the
//! unvisited vertices misses `y` — `y` is in the Gallai–Edmonds set D(G) —
//! so one matching and one search give every move's result at once.

use crate::engine::{Budget, Outcome, Value};

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
    Some(
        moves
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
            .collect(),
    )
}
