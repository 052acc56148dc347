//! The array games: the closed forms agree with the reference solver on
//! every small array, and the published examples hold.

use unbeatable::engine::{Budget, Game, Outcome, ReferenceSolver, Solver};
use unbeatable::games::Family;
use unbeatable::games::arrays::{Arrays, ArraysGame};

use crate::support::{Plies, agree, every_position, rules};

fn game(
    which: &str,
    values: &[u64],
) -> (
    ArraysGame,
    std::sync::Arc<unbeatable::games::arrays::ArraysSolver>,
) {
    let list: Vec<String> = values.iter().map(u64::to_string).collect();
    let r = rules::<Arrays>(&format!(
        "game = \"{which}\"\nvalues = [{}]",
        list.join(", ")
    ));
    (Arrays::start(&r), Arrays::solver(&r))
}

/// Every array of up to six elements from 0..4 (and up to five from
/// 0..6), every position of each, against the reference.
#[test]
fn every_small_array_agrees_with_the_reference() {
    let reference = ReferenceSolver::<ArraysGame>::new();
    for (len, base) in [(6u32, 4u64), (5, 6)] {
        for n in 1..=len {
            for code in 0..base.pow(n) {
                let values: Vec<u64> = (0..n).map(|i| code / base.pow(i) % base).collect();
                if values.windows(2).any(|w| w[0] > w[1]) {
                    continue; // the same multiset once
                }
                for (which, plies) in [("replace", Plies::Always), ("xor", Plies::Always)] {
                    let (start, solver) = game(which, &values);
                    for pos in every_position(&start, Clone::clone) {
                        agree(
                            &*solver,
                            &reference,
                            &pos,
                            plies,
                            &format!("{which} {values:?}"),
                        );
                    }
                }
            }
        }
    }
}

/// The texts' examples: XOR {3, 3, 2}: the second player (Bob) wins;
/// {3, 3}: the XOR is 0 already, the first player (Alice) wins; and a
/// replace game of d distinct values is won by the first player iff d is
/// even.
#[test]
fn the_published_answers_hold() {
    let b = Budget::unlimited();
    let (pos, solver) = game("xor", &[3, 3, 2]);
    assert_eq!(solver.value(&pos, &b).outcome, Outcome::Loss);
    let (pos, _) = game("xor", &[3, 3]);
    assert_eq!(
        pos.status(),
        unbeatable::engine::Status::Won(unbeatable::engine::Player::First)
    );
    for d in 1..=12u64 {
        let values: Vec<u64> = (0..d).chain(0..d).collect();
        let (pos, solver) = game("replace", &values);
        let v = solver.value(&pos, &b);
        let expected = if d % 2 == 0 {
            Outcome::Win
        } else {
            Outcome::Loss
        };
        assert_eq!(v.outcome, expected, "{d} distinct values");
        assert_eq!(v.plies, Some(d - 1));
    }
}

/// The reasons count in good English at the end of a game too: one
/// distinct value left is the end, one move to go is "1 move".
#[test]
fn the_reasons_count_one_in_the_singular() {
    let b = Budget::unlimited();
    let (pos, solver) = game("replace", &[1, 2]);
    let mv = first_move(&pos);
    let said = solver.reason(&pos, mv, &b).unwrap_or_default();
    assert_eq!(
        said, "turning every 1 into 2 leaves 1 distinct value: the game is over",
        "the reason says what the move does, not its name again"
    );
    let (pos, solver) = game("replace", &[1, 2, 3]);
    let mv = first_move(&pos);
    let said = solver.reason(&pos, mv, &b).unwrap_or_default();
    assert!(
        said.contains("leaves 2 distinct values: 1 move more"),
        "{said}"
    );
    assert_eq!(
        pos.after(mv).to_string().lines().last(),
        Some("2 distinct values")
    );
    let (pos, solver) = game("xor", &[1, 2]);
    let mv = first_move(&pos);
    let said = solver.reason(&pos, mv, &b).unwrap_or_default();
    assert!(said.contains("leaves 1 element with"), "{said}");
}

fn first_move(pos: &ArraysGame) -> unbeatable::games::arrays::ArrayMove {
    pos.moves()
        .next()
        .unwrap_or_else(|| panic!("no move in {pos}"))
}
