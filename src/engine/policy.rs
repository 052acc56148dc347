//! The computer's choice (DESIGN.md §2): win fastest, else keep the draw,
//! else make the person's win as hard as possible.

use std::cmp::Reverse;

use rand::RngExt;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use super::{Game, Level, Outcome, Solver, Value};

/// The moves a perfect player may choose from `pos`: all equally good under
/// the policy, so the computer picks one of them at random.
pub fn perfect_moves<G: Game, S: Solver<G> + ?Sized>(solver: &S, pos: &G) -> Vec<G::Move> {
    let results = solver.results_for_choice(pos);
    let Some(best) = results.iter().map(|(_, v)| rank(v.outcome)).max() else {
        return Vec::new();
    };
    let candidates: Vec<(G::Move, Value)> = results
        .into_iter()
        .filter(|(_, v)| rank(v.outcome) == best)
        .collect();
    match candidates[0].1.outcome {
        Outcome::Win => best_by(pos, candidates, |pos, (mv, v)| {
            // Fastest win, then the fewest replies for the person.
            (v.plies.unwrap_or(u64::MAX), replies(pos, *mv))
        }),
        // Keep the draw, preferring where the solver sees chances.
        Outcome::Draw => best_by(pos, candidates, |pos, (mv, _)| {
            Reverse(solver.preference(pos, *mv))
        }),
        Outcome::Loss => {
            // Hold out longest; among those, leave the person the fewest
            // winning replies (counted only for the longest, as it costs).
            let longest = candidates
                .iter()
                .map(|(_, v)| v.plies.unwrap_or(0))
                .max()
                .unwrap_or(0);
            let longest: Vec<_> = candidates
                .into_iter()
                .filter(|(_, v)| v.plies.unwrap_or(0) == longest)
                .collect();
            best_by(pos, longest, |pos, (mv, _)| {
                let mut child = pos.clone();
                child.play_unchecked(*mv);
                solver.winning_moves_count(&child)
            })
        }
    }
}

fn rank(outcome: Outcome) -> u8 {
    match outcome {
        Outcome::Win => 2,
        Outcome::Draw => 1,
        Outcome::Loss => 0,
    }
}

fn replies<G: Game>(pos: &G, mv: G::Move) -> usize {
    let mut child = pos.clone();
    child.play_unchecked(mv);
    child.legal_moves().len()
}

fn best_by<G: Game, K: Ord>(
    pos: &G,
    candidates: Vec<(G::Move, Value)>,
    key: impl Fn(&G, &(G::Move, Value)) -> K,
) -> Vec<G::Move> {
    let keyed: Vec<(K, G::Move)> = candidates.iter().map(|c| (key(pos, c), c.0)).collect();
    let Some(min) = keyed.iter().map(|(k, _)| k).min() else {
        return Vec::new();
    };
    keyed
        .iter()
        .filter(|(k, _)| k == min)
        .map(|(_, mv)| *mv)
        .collect()
}

/// The computer's move at `level`: a random legal move at the level's rate,
/// otherwise a random one of the perfect moves. `None` when the game is over.
pub fn choose_move<G: Game, S: Solver<G> + ?Sized>(
    solver: &S,
    pos: &G,
    level: Level,
    rng: &mut StdRng,
) -> Option<G::Move> {
    if pos.status().is_over() {
        return None;
    }
    if level.mistake_rate() > 0.0 && rng.random_bool(level.mistake_rate()) {
        return pos.legal_moves().choose(rng).copied();
    }
    perfect_moves(solver, pos).choose(rng).copied()
}
