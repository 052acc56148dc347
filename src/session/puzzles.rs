//! Puzzles made by the solver: "find the move" — positions reached by
//! random play where one move, or very few, keeps the position's proven
//! value. Every puzzle is checked before it is given: the value and every
//! move's result proven, so the answers are all the answers.

use std::collections::HashSet;

use rand::RngExt;
use rand::rngs::StdRng;

use crate::engine::{Budget, Game, Outcome, Player, Solver, Value};

/// At most this many moves keep the value in a puzzle.
pub const MAX_ANSWERS: usize = 3;

/// Random games tried for each puzzle asked for before giving up.
const TRIES_PER_PUZZLE: usize = 40;

/// Random games are played this far at most (a game of 10^18 flags would
/// not end).
const MAX_LINE: usize = 400;

/// A position to solve, with every move that solves it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle<M> {
    /// The moves from the ruleset's start to the position.
    pub line: Vec<M>,
    pub to_move: Player,
    /// The position's proven value for the player to move: a win or a draw.
    pub value: Value,
    /// Every move that keeps the value (its outcome and score).
    pub answers: Vec<M>,
    /// How many legal moves there are.
    pub legal: u128,
    /// From 1 to 10: see [`difficulty`].
    pub difficulty: u8,
}

/// How hard a puzzle is, from 1 to 10, from what can be measured: the
/// share of moves that miss (which is how often the `medium` and `easy`
/// levels, playing that share of their random moves, miss it), and how
/// far the win is (a draw counts as a long one).
#[must_use]
pub fn difficulty(legal: u128, answers: usize, value: Value) -> u8 {
    let missing = (legal.saturating_sub(answers as u128)) as f64 / legal.max(1) as f64;
    let depth = match value.outcome {
        Outcome::Win => value.plies.map_or(2.0, |p| (p.min(20) as f64) / 5.0),
        _ => 2.0,
    };
    (1.0 + missing * 5.0 + depth).round().clamp(1.0, 10.0) as u8
}

/// Whether `v` keeps `value`: the same outcome, and the same score in
/// games of scores.
fn keeps(v: Value, value: Value) -> bool {
    v.is_proven() && v.outcome == value.outcome && v.score == value.score
}

/// The puzzle at `pos` (reached by `line`), if it is one: a proven win or
/// draw that at least one and at most [`MAX_ANSWERS`] moves keep, fewer
/// than all of them, every move's result proven within `budget`.
pub fn puzzle_at<G: Game, S: Solver<G> + ?Sized>(
    solver: &S,
    pos: &G,
    line: &[G::Move],
    budget: &Budget,
) -> Option<Puzzle<G::Move>> {
    if pos.status().is_over() {
        return None;
    }
    let results = solver.move_results(pos, budget);
    // Every answer must be listed: a summary hides which moves they are.
    if results.rest.is_some() || results.listed.iter().any(|(_, v)| !v.is_proven()) {
        return None;
    }
    let value = results.best();
    if !matches!(value.outcome, Outcome::Win | Outcome::Draw) {
        return None;
    }
    let answers: Vec<G::Move> = results
        .listed
        .iter()
        .filter(|(_, v)| keeps(*v, value))
        .map(|&(m, _)| m)
        .collect();
    let legal = results.total();
    if answers.is_empty() || answers.len() > MAX_ANSWERS || answers.len() as u128 >= legal {
        return None;
    }
    Some(Puzzle {
        line: line.to_vec(),
        to_move: pos.to_move(),
        value,
        difficulty: difficulty(legal, answers.len(), value),
        answers,
        legal,
    })
}

/// Up to `count` puzzles from random games from `start`, none repeated,
/// each position's results within `each` of `overall`, and no more tried
/// once `overall` is spent (a board where nothing is proven in time gives
/// none, and does not hang).
pub fn generate<G: Game, S: Solver<G> + ?Sized>(
    solver: &S,
    start: &G,
    count: usize,
    rng: &mut StdRng,
    overall: &Budget,
    each: Option<std::time::Duration>,
) -> Vec<Puzzle<G::Move>> {
    let mut out = Vec::new();
    let mut seen: HashSet<G> = HashSet::new();
    let tries = count.saturating_mul(TRIES_PER_PUZZLE);
    for tried in 0..tries {
        if out.len() >= count || overall.exhausted() {
            break;
        }
        // A random game, stopped at a random point of it.
        let mut line = Vec::new();
        let mut pos = start.clone();
        while line.len() < MAX_LINE
            && let Some(mv) = pos.random_move(rng)
        {
            pos = pos.after(mv);
            line.push(mv);
        }
        let stop = rng.random_range(0..=line.len());
        line.truncate(stop);
        let mut pos = start.clone();
        for &mv in &line {
            pos = pos.after(mv);
        }
        if seen.contains(&pos) {
            continue;
        }
        let budget = each.map_or_else(|| overall.clone(), |t| overall.capped(t));
        if let Some(p) = puzzle_at(solver, &pos, &line, &budget) {
            // A win at once is hardly a puzzle: taken only in the second
            // half of the tries, when deeper ones are scarce.
            if p.value.plies == Some(1) && tried < tries / 2 {
                continue;
            }
            seen.insert(pos);
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulty_grows_with_the_moves_that_miss_and_the_depth() {
        let win = |p| Value::exact(Outcome::Win, Some(p));
        assert!(difficulty(2, 1, win(1)) < difficulty(20, 1, win(1)));
        assert!(difficulty(20, 1, win(1)) < difficulty(20, 1, win(15)));
        assert!((1..=10).contains(&difficulty(1000, 1, win(99))));
    }
}
