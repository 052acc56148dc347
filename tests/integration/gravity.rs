//! Gravity boards (Connect Four): the fast solver against the reference
//! solver on every position of small boards, the rules of a dropped stone,
//! and the computer against random opponents.

use unbeatable::engine::{Game, Outcome, Solver};
use unbeatable::games::Family;
use unbeatable::games::mnk::{Mnk, MnkGame, Rules};

use crate::mnk::agrees_on_every_position;
use crate::support::{beats_random_opponents, rules, unlimited};

fn gravity(width: usize, height: usize, k: usize) -> Rules {
    rules::<Mnk>(&format!(
        "width = {width}\nheight = {height}\nk = {k}\ngravity = true\n"
    ))
}

fn play(rules: &Rules, moves: &str) -> MnkGame {
    let mut pos = Mnk::start(rules);
    for m in moves.split_whitespace() {
        let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
        assert!(pos.is_legal(mv), "{m}");
        pos = pos.after(mv);
    }
    pos
}

#[test]
fn fast_solver_agrees_with_reference_on_every_position_of_small_gravity_boards() {
    for (w, h, k) in [
        (3, 3, 3),
        (4, 3, 3),
        (3, 4, 3),
        (4, 4, 3),
        (4, 4, 4),
        (5, 3, 3),
        (5, 4, 4),
    ] {
        agrees_on_every_position(&gravity(w, h, k), &format!("{w}x{h} k={k} gravity"));
    }
}

#[test]
fn a_stone_falls_to_the_lowest_empty_cell() {
    let rules = gravity(7, 6, 4);
    let pos = Mnk::start(&rules);
    let d = pos.parse_move("d").unwrap();
    assert_eq!(pos.format_move(d), "d");
    assert_eq!(pos.geo.cell_name(d), "d6");
    assert_eq!(pos.parse_move("D6"), Ok(d));
    let err = pos.parse_move("d3").unwrap_err();
    assert!(err.0.contains("falls to d6"), "{err:?}");
    assert_eq!(pos.moves().count(), 7);
    let pos = play(&rules, "d d d d d d");
    let err = pos.parse_move("d").unwrap_err();
    assert!(err.0.contains("column d is full"), "{err:?}");
    assert_eq!(pos.moves().count(), 6);
    assert!(pos.parse_move("h").is_err());
    // Four in a column wins.
    let pos = play(&rules, "a b a b a b a");
    assert!(pos.status().is_over());
}

/// Connect Four on 5 columns of 4 rows, the built-in small board: a draw,
/// kept by the three middle columns; the outer ones lose on the last
/// stone. Its every position agrees with the reference solver in
/// `fast_solver_agrees_…` terms: here, the values a player sees.
#[test]
fn the_small_built_in_board_is_a_draw_kept_by_the_middle_columns() {
    let rules = gravity(5, 4, 4);
    let start = Mnk::start(&rules);
    let v = rules.solver.value(&start, &unlimited());
    assert_eq!(v.outcome, Outcome::Draw);
    assert!(v.is_proven());
    let results = rules.solver.move_results(&start, &unlimited());
    for (mv, value) in results.listed {
        let (want, plies) = match start.format_move(mv).as_str() {
            "b" | "c" | "d" => (Outcome::Draw, None),
            _ => (Outcome::Loss, Some(20)),
        };
        assert_eq!((value.outcome, value.plies), (want, plies), "{mv}");
    }
}

/// The perfect computer, on either side, never gives ground against
/// random opponents on small gravity boards.
#[test]
fn the_computer_keeps_its_value_against_random_opponents() {
    for (w, h, k, games) in [(4, 4, 3, 200), (5, 4, 4, 400), (6, 5, 4, 10)] {
        let rules = gravity(w, h, k);
        beats_random_opponents(&*rules.solver, &Mnk::start(&rules), games);
    }
}

/// A book of a gravity board holds only positions play can reach (no
/// stone floats over an empty cell), and is never read for the same board
/// without gravity, a different game.
#[test]
fn gravity_books_hold_dropped_positions_and_stay_apart() {
    use std::sync::Arc;
    use unbeatable::engine::Budget;
    use unbeatable::games::mnk::book::{self, Book};
    use unbeatable::games::mnk::{Geometry, MnkSolver};
    let geo = Arc::new(Geometry::with_gravity(5, 4, 4, true));
    let solver = MnkSolver::with_book(Arc::clone(&geo), Book::default());
    let made = book::generate(
        &geo,
        4,
        |x, o| {
            solver.exact(
                &MnkGame::from_bits(Arc::clone(&geo), x, o),
                &Budget::unlimited(),
            )
        },
        |_, _| {},
    );
    assert!(made.len() > 100);
    for (x, o, _) in made.entries() {
        let stones = x | o;
        for cell in 0..geo.cells() - geo.width {
            let below = cell + geo.width;
            assert!(
                stones >> cell & 1 == 0 || stones >> below & 1 == 1,
                "a floating stone at {} in {x:x} {o:x}",
                geo.cell_name(cell)
            );
        }
    }
    let text = made.to_text(&geo);
    assert!(Book::parse(&geo, &text).is_some());
    assert!(Book::parse(&Geometry::new(5, 4, 4), &text).is_none());
}
