//! Helpers shared by the integration tests.

use std::collections::HashMap;

use unbeatable::engine::{AnyMatch, Game, Outcome, Player, ReferenceSolver, Solver, Status};
use unbeatable::rules::Ruleset;

/// Parses a ruleset from text, panicking with the error (tests only).
pub fn ruleset(text: &str) -> Ruleset {
    Ruleset::parse("test.toml", text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Checks a fast solver against the reference solver on `pos`: the value
/// (outcome, plies, proven) and every move's result.
pub fn agree<G, S>(fast: &S, reference: &ReferenceSolver<G>, pos: &G, context: &str)
where
    G: Game + std::fmt::Debug,
    S: Solver<G>,
{
    assert_eq!(
        fast.value(pos),
        reference.value(pos),
        "value of {pos:?} ({context})"
    );
    let fast_moves: HashMap<_, _> = fast.move_results(pos).into_iter().collect();
    let ref_moves: HashMap<_, _> = reference.move_results(pos).into_iter().collect();
    assert_eq!(
        fast_moves, ref_moves,
        "move results from {pos:?} ({context})"
    );
}

/// Plays every line of the opponent against every choice the perfect
/// computer may make, and checks the computer keeps the value it had.
pub fn computer_keeps_value(game: &mut dyn AnyMatch, computer: Player, promised: Outcome) {
    match game.status() {
        Status::Won(p) => {
            assert!(
                p == computer || promised == Outcome::Loss,
                "the computer lost a game it could hold: {:?}",
                game.history()
            );
            if promised == Outcome::Win {
                assert_eq!(
                    p,
                    computer,
                    "the computer missed a win: {:?}",
                    game.history()
                );
            }
            return;
        }
        Status::Draw => {
            assert_ne!(
                promised,
                Outcome::Win,
                "the computer drew a won game: {:?}",
                game.history()
            );
            return;
        }
        Status::Ongoing => {}
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

/// The computer's promised outcome when it plays `computer` from the start.
pub fn promised(game: &dyn AnyMatch, computer: Player) -> Outcome {
    let v = game.value().outcome;
    if game.to_move() == computer {
        v
    } else {
        v.flip()
    }
}
