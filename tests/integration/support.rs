//! Helpers shared by the integration tests.

use std::collections::HashMap;

use unbeatable::engine::{AnyMatch, Game, Outcome, Player, ReferenceSolver, Solver, Status, Value};
use unbeatable::rules::Ruleset;

/// Parses a ruleset from text, panicking with the error (tests only).
pub fn ruleset(text: &str) -> Ruleset {
    Ruleset::parse("test.toml", text).unwrap_or_else(|e| panic!("{e}\n{text}"))
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
        && fast.proven
        && match (plies, fast.plies) {
            (Plies::WhereGiven, None) => true,
            _ => fast.plies == reference.plies,
        }
}

/// Checks a fast solver against the reference solver on `pos`: the value
/// (outcome, proven, plies), every move's result and the count of winning moves.
pub fn agree<G, S>(fast: &S, reference: &ReferenceSolver<G>, pos: &G, plies: Plies, context: &str)
where
    G: Game + std::fmt::Debug,
    S: Solver<G>,
{
    let (f, r) = (fast.value(pos), reference.value(pos));
    assert!(
        same(f, r, plies),
        "value of {pos:?} ({context}): fast {f:?}, reference {r:?}"
    );
    let ref_moves: HashMap<_, _> = reference.move_results(pos).into_iter().collect();
    let fast_moves = fast.move_results(pos);
    assert_eq!(
        fast_moves.len(),
        ref_moves.len(),
        "moves from {pos:?} ({context})"
    );
    for (mv, f) in fast_moves {
        let r = ref_moves[&mv];
        assert!(
            same(f, r, plies),
            "move {mv:?} from {pos:?} ({context}): fast {f:?}, reference {r:?}"
        );
    }
    let winning = ref_moves
        .values()
        .filter(|v| v.outcome == Outcome::Win)
        .count();
    assert_eq!(
        fast.winning_moves_count(pos),
        winning,
        "winning moves from {pos:?} ({context})"
    );
}

/// Plays every line of the opponent against every choice the perfect
/// computer may make, and checks the computer keeps the value it had.
pub fn computer_keeps_value(game: &mut dyn AnyMatch, computer: Player, promised: Outcome) {
    let got = match game.status() {
        Status::Won(p) if p == computer => Some(Outcome::Win),
        Status::Won(_) => Some(Outcome::Loss),
        Status::Draw => Some(Outcome::Draw),
        Status::Ongoing => None,
    };
    if let Some(got) = got {
        assert!(
            rank(got) >= rank(promised),
            "promised {promised:?}, got {got:?}: {:?}",
            game.history()
        );
        return;
    }
    let choices = if game.to_move() == computer {
        game.best_moves()
    } else {
        game.legal_moves()
    };
    for mv in choices {
        game.play(&mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        computer_keeps_value(game, computer, promised);
        game.undo();
    }
}

fn rank(o: Outcome) -> u8 {
    match o {
        Outcome::Loss => 0,
        Outcome::Draw => 1,
        Outcome::Win => 2,
    }
}

/// The computer's promised outcome when it plays `computer` from here.
pub fn promised(game: &dyn AnyMatch, computer: Player) -> Outcome {
    let v = game.value().outcome;
    if game.to_move() == computer {
        v
    } else {
        v.flip()
    }
}

/// Plays the perfect computer against random opponents and checks it never
/// gives ground: its promised outcome at the start is what it gets.
pub fn beats_random_opponents(make: impl Fn() -> Box<dyn AnyMatch>, games: u64) {
    use rand::seq::IndexedRandom;
    for seed in 0..games {
        let mut rng = unbeatable::plain::rng_for(Some(seed));
        let mut game = make();
        let computer = if seed % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let promise = promised(game.as_ref(), computer);
        while !game.status().is_over() {
            let mv = if game.to_move() == computer {
                game.computer_move(unbeatable::engine::Level::Perfect, &mut rng)
            } else {
                game.legal_moves().choose(&mut rng).cloned()
            };
            let mv = mv.expect("a move while the game goes on");
            game.play(&mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
        let got = match game.status() {
            Status::Won(p) if p == computer => Outcome::Win,
            Status::Won(_) => Outcome::Loss,
            _ => Outcome::Draw,
        };
        assert!(
            rank(got) >= rank(promise),
            "seed {seed}: promised {promise:?}, got {got:?}: {:?}",
            game.history()
        );
    }
}
