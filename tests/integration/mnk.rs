//! m,n,k games: agreement with the reference solver on every position of
//! small boards, symmetry, tic-tac-toe against every line, unproven play.

use std::collections::HashSet;
use std::sync::Arc;

use unbeatable::engine::{Game, Outcome, Player, ReferenceSolver, Solver};
use unbeatable::games::GameRules;
use unbeatable::games::mnk::{Geometry, MnkGame, MnkSolver, Rules};

use crate::support::{
    Plies, agree, beats_random_opponents, computer_keeps_value, promised, ruleset,
};

fn mnk(width: usize, height: usize, k: usize) -> Rules {
    let text = format!(
        "name = \"t\"\nkind = \"mnk\"\n[mnk]\nwidth = {width}\nheight = {height}\nk = {k}\n"
    );
    match ruleset(&text).rules {
        GameRules::Mnk(r) => r,
        _ => unreachable!("an mnk ruleset"),
    }
}

/// Every position reachable from the empty board.
fn every_position(start: &MnkGame) -> Vec<MnkGame> {
    let mut seen = HashSet::new();
    let mut stack = vec![start.clone()];
    let mut all = Vec::new();
    while let Some(pos) = stack.pop() {
        if !seen.insert((pos.x, pos.o)) {
            continue;
        }
        for mv in pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            stack.push(child);
        }
        all.push(pos);
    }
    all
}

#[test]
fn tic_tac_toe_is_a_draw() {
    let rules = mnk(3, 3, 3);
    let v = rules.solver.value(&rules.start_position());
    assert_eq!(v.outcome, Outcome::Draw);
    assert!(v.proven);
}

#[test]
fn fast_solver_agrees_with_reference_on_every_position_of_small_boards() {
    for (w, h, k) in [
        (3, 3, 2),
        (3, 3, 3),
        (4, 3, 3),
        (3, 4, 3),
        (2, 2, 2),
        (4, 2, 2),
    ] {
        let rules = mnk(w, h, k);
        let reference = ReferenceSolver::new();
        let positions = every_position(&rules.start_position());
        assert!(positions.len() > 10);
        for pos in &positions {
            agree(
                &*rules.solver,
                &reference,
                pos,
                Plies::Always,
                &format!("{w}x{h} k={k}"),
            );
        }
    }
}

#[test]
fn known_values_of_larger_boards() {
    // 4x4 with three in a row: a first-player win; four in a row and 5x4, 5x5: draws.
    let cases = [
        ((4, 4, 3), Outcome::Win),
        ((4, 4, 4), Outcome::Draw),
        ((5, 4, 4), Outcome::Draw),
        ((5, 5, 4), Outcome::Draw),
    ];
    for ((w, h, k), want) in cases {
        let geo = Arc::new(Geometry::new(w, h, k));
        let solver = MnkSolver::with_book(Arc::clone(&geo), Default::default(), None);
        let v = solver.value(&MnkGame::new(geo));
        assert_eq!(v.outcome, want, "{w}x{h} k={k}");
        assert!(v.proven);
    }
}

#[test]
fn symmetric_positions_get_symmetric_answers() {
    use rand::seq::IndexedRandom;
    let mut rng = unbeatable::plain::rng_for(Some(11));
    for (w, h, k) in [(4, 4, 3), (5, 4, 4), (4, 4, 4)] {
        let rules = mnk(w, h, k);
        for _ in 0..25 {
            let mut pos = rules.start_position();
            for _ in 0..5 {
                let Some(&mv) = pos.legal_moves().choose(&mut rng) else {
                    break;
                };
                pos.play_unchecked(mv);
            }
            let results = rules.solver.move_results(&pos);
            for s in 0..rules.geo.symmetries.len() {
                let image = pos.transformed(s);
                assert_eq!(
                    rules.solver.value(&image),
                    rules.solver.value(&pos),
                    "{w}x{h}, symmetry {s}"
                );
                let image_results = rules.solver.move_results(&image);
                for (mv, v) in &results {
                    let moved = rules.geo.symmetries[s][*mv];
                    let (_, iv) = image_results.iter().find(|(m, _)| *m == moved).unwrap();
                    assert_eq!(iv, v, "{w}x{h}, symmetry {s}, move {mv}");
                }
            }
        }
    }
}

#[test]
fn computer_never_loses_tic_tac_toe_against_every_line() {
    let rules = mnk(3, 3, 3);
    for computer in [Player::First, Player::Second] {
        let mut game = rules.new_match();
        let promise = promised(&game, computer);
        assert_eq!(promise, Outcome::Draw);
        computer_keeps_value(&mut game, computer, promise);
    }
}

#[test]
fn computer_takes_the_fastest_win_offered() {
    // X: a1 b1, O: a2 b2, X to move: c1 wins at once (c2 would only block).
    let rules = mnk(3, 3, 3);
    let mut game = rules.new_match();
    for mv in ["a1", "a2", "b1", "b2"] {
        unbeatable::engine::AnyMatch::play(&mut game, mv).unwrap();
    }
    assert_eq!(
        unbeatable::engine::AnyMatch::best_moves(&game),
        vec!["c1".to_string()]
    );
}

#[test]
fn computer_holds_larger_boards_against_random_opponents() {
    for (w, h, k) in [(4, 4, 3), (4, 4, 4), (5, 4, 4)] {
        let rules = mnk(w, h, k);
        beats_random_opponents(|| Box::new(rules.new_match()), 12);
    }
}

#[test]
fn a_board_too_large_to_prove_is_playable_and_says_so() {
    let geo = Arc::new(Geometry::new(8, 8, 5));
    let solver = MnkSolver::with_book(
        Arc::clone(&geo),
        Default::default(),
        Some(std::time::Duration::from_millis(200)),
    );
    let start = MnkGame::new(geo);
    let v = solver.value(&start);
    assert!(!v.proven);
    assert_eq!(v.plies, None);
    let mut rng = unbeatable::plain::rng_for(Some(1));
    let mv = unbeatable::engine::choose_move(
        &solver,
        &start,
        unbeatable::engine::Level::Perfect,
        &mut rng,
    )
    .unwrap();
    assert!(start.is_legal(mv));
}

#[test]
fn shipped_books_hold_proven_values() {
    use unbeatable::games::mnk::book;
    for (w, h, k) in [(5, 4, 4), (5, 5, 4)] {
        let geo = Arc::new(Geometry::new(w, h, k));
        let shipped = book::builtin(&geo);
        assert!(
            shipped.depth >= 4,
            "{w}x{h}: a book of depth {}",
            shipped.depth
        );
        // Every position of up to two stones, solved afresh without the book.
        let fresh = MnkSolver::with_book(Arc::clone(&geo), Default::default(), None);
        let check = book::generate(&geo, 2, |x, o| shipped.get(&geo, x, o), |_, _| {});
        let mut checked = 0;
        for (x, o, score) in check.entries() {
            let mut pos = MnkGame::new(Arc::clone(&geo));
            pos.x = x;
            pos.o = o;
            assert_eq!(fresh.exact(&pos), Some(score), "{w}x{h}: {pos:?}");
            checked += 1;
        }
        assert!(checked > 20);
    }
}

#[test]
fn the_book_command_writes_a_book_that_reads_back() {
    let dir = std::env::temp_dir().join(format!("unbeatable-book-{}", std::process::id()));
    let out = dir.join("ttt.book");
    crate::cli::unbeatable()
        .args(["book", "tic-tac-toe", "--depth", "3", "--out"])
        .arg(&out)
        .assert()
        .success();
    let text = std::fs::read_to_string(&out).unwrap();
    let geo = Geometry::new(3, 3, 3);
    let book = unbeatable::games::mnk::book::Book::parse(&geo, &text).unwrap();
    assert_eq!(book.depth, 3);
    assert!(book.len() > 10);
    assert!(book.get(&geo, 0, 0) == Some(0), "tic-tac-toe is a draw");
    std::fs::remove_dir_all(&dir).unwrap();
}
