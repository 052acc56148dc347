//! Helpers shared by the integration tests.

use std::collections::HashMap;

use rand::seq::IndexedRandom;
use unbeatable::engine::{
    Budget, Choice, Game, Level, Outcome, Player, ReferenceSolver, Solver, Status, Value,
    best_moves, choose,
};
use unbeatable::games::Family;
use unbeatable::session::rng_for;

/// This test's own scratch folder, the same for every call within the
/// test and removed when it ends (each test runs on a thread of its own,
/// and the folder goes with the thread): folders named by the process
/// were left behind in the system's temporary folder, a dozen a run.
pub fn scratch() -> std::path::PathBuf {
    thread_local! {
        static SCRATCH: tempfile::TempDir = tempfile::Builder::new()
            .prefix("unbeatable-test-")
            .tempdir()
            .unwrap_or_else(|e| panic!("a scratch folder: {e}"));
    }
    SCRATCH.with(|dir| dir.path().to_path_buf())
}

/// A family's rules from the body of its table, e.g. `start = 9 …`.
pub fn rules<F: Family>(body: &str) -> F::Rules {
    unbeatable::games::rules_from_body::<F>(body).unwrap_or_else(|e| panic!("{e}\n{body}"))
}

pub fn unlimited() -> Budget {
    Budget::unlimited()
}

/// The computer's choice from `pos` at the perfect level, seeded, with
/// `think` to choose.
pub fn perfect_choice<G: Game, S: Solver<G>>(
    solver: &S,
    pos: &G,
    seed: u64,
    think: std::time::Duration,
) -> Choice<G::Move> {
    choose(
        solver,
        pos,
        Level::Perfect,
        &mut rng_for(Some(seed)),
        &Budget::of(think),
    )
    .expect("a move")
}

/// The moves the computer plays from `pos` at the perfect level with no
/// time at all, one for each of `seeds` random seeds, in notation.
pub fn choices_with_no_time<G: Game, S: Solver<G>>(
    solver: &S,
    pos: &G,
    seeds: std::ops::Range<u64>,
) -> Vec<String> {
    seeds
        .map(|seed| {
            pos.format_move(perfect_choice(solver, pos, seed, std::time::Duration::ZERO).mv)
        })
        .collect()
}

/// Whether a fast solver must give plies everywhere, or only where it can.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Plies {
    /// Every decided value carries exact plies.
    Always,
    /// Plies may be left out (null); where given they must be exact.
    WhereGiven,
}

fn same(fast: Value, reference: Value, plies: Plies) -> bool {
    fast.outcome == reference.outcome
        && fast.is_proven()
        && fast.score == reference.score
        && match (plies, fast.plies) {
            (Plies::WhereGiven, None) => true,
            _ => fast.plies == reference.plies,
        }
}

/// Checks a fast solver against the reference solver on `pos`: the value
/// (outcome, proven, plies, score), every move's result and the count of
/// winning moves.
pub fn agree<G, S>(fast: &S, reference: &ReferenceSolver<G>, pos: &G, plies: Plies, context: &str)
where
    G: Game + std::fmt::Debug,
    S: Solver<G>,
{
    let b = unlimited();
    let (f, r) = (fast.value(pos, &b), reference.value(pos, &b));
    assert!(
        same(f, r, plies),
        "value of {pos:?} ({context}): fast {f:?}, reference {r:?}"
    );
    let ref_moves: HashMap<_, _> = reference.move_results(pos, &b).listed.into_iter().collect();
    let fast_moves = fast.move_results(pos, &b);
    assert_eq!(
        fast_moves.total(),
        ref_moves.len() as u128,
        "moves from {pos:?} ({context})"
    );
    for (mv, f) in &fast_moves.listed {
        let r = ref_moves[mv];
        assert!(
            same(*f, r, plies),
            "move {mv:?} from {pos:?} ({context}): fast {f:?}, reference {r:?}"
        );
    }
    if let Some(rest) = fast_moves.rest {
        for (mv, r) in &ref_moves {
            if fast_moves.listed.iter().all(|(m, _)| m != mv) {
                assert!(same(rest.value, *r, plies), "summarised {mv:?} ({context})");
            }
        }
    }
    let winning = ref_moves
        .values()
        .filter(|v| v.outcome == Outcome::Win)
        .count() as u128;
    assert_eq!(
        fast.winning_moves(pos, &b),
        Some(winning),
        "winning moves from {pos:?} ({context})"
    );
    // The computer's choices are the best moves the reference knows: the
    // fastest win, the draw, the longest loss, the best score (lengths
    // only where the fast solver must give them).
    let Some(best) = ref_moves.values().copied().max_by(|a, b| a.compare(*b)) else {
        return;
    };
    for (mv, _) in best_moves(fast, pos, &b) {
        let r = ref_moves[&mv];
        let as_good = match plies {
            Plies::Always => r.compare(best).is_eq(),
            Plies::WhereGiven => r.outcome == best.outcome && r.score == best.score,
        };
        assert!(
            as_good,
            "the computer's choice {mv:?} from {pos:?} ({context}): {r:?}, the best {best:?}"
        );
    }
}

fn rank(o: Outcome) -> u8 {
    match o {
        Outcome::Loss | Outcome::Unknown => 0,
        Outcome::Draw => 1,
        Outcome::Win => 2,
    }
}

fn result_for(pos: &impl Game, computer: Player) -> Option<Outcome> {
    match pos.status() {
        Status::Won(p) if p == computer => Some(Outcome::Win),
        Status::Won(_) => Some(Outcome::Loss),
        Status::Draw => Some(Outcome::Draw),
        Status::Ongoing => None,
    }
}

/// The computer's promised outcome when it plays `computer` from `pos`.
pub fn promised<G: Game, S: Solver<G>>(solver: &S, pos: &G, computer: Player) -> Outcome {
    let v = solver.value(pos, &unlimited()).outcome;
    if pos.to_move() == computer {
        v
    } else {
        v.flip()
    }
}

/// Plays every line of the opponent against every choice the perfect
/// computer may make, and checks the computer keeps the value it had.
pub fn computer_keeps_value<G: Game, S: Solver<G>>(
    solver: &S,
    pos: &G,
    computer: Player,
    promise: Outcome,
) {
    if let Some(got) = result_for(pos, computer) {
        assert!(
            rank(got) >= rank(promise),
            "promised {promise:?}, got {got:?}"
        );
        return;
    }
    let choices: Vec<G::Move> = if pos.to_move() == computer {
        best_moves(solver, pos, &unlimited())
            .into_iter()
            .map(|(m, _)| m)
            .collect()
    } else {
        pos.moves().collect()
    };
    for mv in choices {
        computer_keeps_value(solver, &pos.after(mv), computer, promise);
    }
}

/// Plays the perfect computer against random opponents and checks it never
/// gives ground: its promised outcome at the start is what it gets.
pub fn beats_random_opponents<G: Game + std::fmt::Debug, S: Solver<G>>(
    solver: &S,
    start: &G,
    games: u64,
) {
    for seed in 0..games {
        let mut rng = rng_for(Some(seed));
        let mut pos = start.clone();
        let computer = if seed % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let promise = promised(solver, &pos, computer);
        let mut line = Vec::new();
        while !pos.status().is_over() {
            let mv = if pos.to_move() == computer {
                let c = choose(solver, &pos, Level::Perfect, &mut rng, &unlimited());
                // With no budget every choice is proven, winning or losing.
                assert!(
                    c.is_none_or(|c| c.value.is_proven()),
                    "seed {seed}: an unproven choice {c:?} at {line:?}"
                );
                c.map(|c| c.mv)
            } else {
                let all: Vec<G::Move> = pos.moves().collect();
                all.choose(&mut rng).copied()
            };
            let mv = mv.expect("a move while the game goes on");
            line.push(mv);
            pos = pos.after(mv);
        }
        let got = result_for(&pos, computer).unwrap_or(Outcome::Unknown);
        assert!(
            rank(got) >= rank(promise),
            "seed {seed}: promised {promise:?}, got {got:?}: {line:?}"
        );
    }
}

/// Every position reachable from `start`, each once (told apart by `key`).
pub fn every_position<G: Game, K: std::hash::Hash + Eq>(
    start: &G,
    key: impl Fn(&G) -> K,
) -> Vec<G> {
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![start.clone()];
    let mut all = Vec::new();
    while let Some(pos) = stack.pop() {
        if !seen.insert(key(&pos)) {
            continue;
        }
        for mv in pos.moves() {
            stack.push(pos.after(mv));
        }
        all.push(pos);
    }
    all
}

/// The plies in "it looked N plies ahead", the search's reach as plain
/// play, the tip and the screen name it; `None` where the text names none.
pub fn search_reach(text: &str) -> Option<u32> {
    let rest = text.split("it looked ").nth(1)?;
    let mut words = rest.split(' ');
    let depth = words.next()?.parse().ok()?;
    let unit = words.next()?;
    let ahead = words.next()?;
    (matches!(unit, "ply" | "plies") && ahead.starts_with("ahead")).then_some(depth)
}
