//! m,n,k games: agreement with the reference solver on every position of
//! small boards, symmetry, tic-tac-toe against every line, unproven play.

use std::sync::Arc;

use unbeatable::engine::{
    Budget, Game, Level, Outcome, Player, ReferenceSolver, Solver, best_moves, choose,
};
use unbeatable::games::Family;
use unbeatable::games::mnk::{Geometry, Mnk, MnkGame, MnkSolver, Rules};
use unbeatable::session::rng_for;

use crate::support::{
    Plies, agree, beats_random_opponents, choices_with_no_time, computer_keeps_value,
    every_position, promised, rules, unlimited,
};

/// The position after `moves` (in notation, space-separated) from the
/// start of `rules`.
pub fn play(rules: &Rules, moves: &str) -> MnkGame {
    let mut pos = Mnk::start(rules);
    for m in moves.split_whitespace() {
        let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
        assert!(pos.is_legal(mv), "{m}");
        pos = pos.after(mv);
    }
    pos
}

fn mnk(width: usize, height: usize, k: usize) -> Rules {
    rules::<Mnk>(&format!("width = {width}\nheight = {height}\nk = {k}\n"))
}

#[test]
fn tic_tac_toe_is_a_draw() {
    let rules = mnk(3, 3, 3);
    let v = rules.solver.value(&Mnk::start(&rules), &unlimited());
    assert_eq!(v.outcome, Outcome::Draw);
    assert!(v.is_proven());
}

/// The fast solver agrees with the reference solver on every position
/// reachable on the board of `rules` (`label` names it in a failure).
pub fn agrees_on_every_position(rules: &Rules, label: &str) {
    let reference = ReferenceSolver::new();
    let positions = every_position(&Mnk::start(rules), |p| (p.x, p.o));
    assert!(positions.len() > 10, "{label}");
    for pos in &positions {
        agree(&*rules.solver, &reference, pos, Plies::Always, label);
    }
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
        agrees_on_every_position(&mnk(w, h, k), &format!("{w}x{h} k={k}"));
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
        let solver = MnkSolver::without_book(&geo);
        let v = solver.value(&MnkGame::new(geo), &unlimited());
        assert_eq!(v.outcome, want, "{w}x{h} k={k}");
        assert!(v.is_proven());
    }
}

#[test]
fn symmetric_positions_get_symmetric_answers() {
    let mut rng = rng_for(Some(11));
    for (w, h, k) in [(4, 4, 3), (5, 4, 4), (4, 4, 4)] {
        let rules = mnk(w, h, k);
        for _ in 0..25 {
            let mut pos = Mnk::start(&rules);
            for _ in 0..5 {
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                pos.play_unchecked(mv);
            }
            let b = unlimited();
            let results = rules.solver.move_results(&pos, &b);
            for s in 0..rules.geo.symmetries.len() {
                let image = pos.transformed(s);
                assert_eq!(
                    rules.solver.value(&image, &b),
                    rules.solver.value(&pos, &b),
                    "{w}x{h}, symmetry {s}"
                );
                let image_results = rules.solver.move_results(&image, &b);
                for (mv, v) in &results.listed {
                    let moved = rules.geo.symmetries[s][*mv];
                    assert_eq!(
                        image_results.get(moved),
                        Some(*v),
                        "{w}x{h}, symmetry {s}, move {mv}"
                    );
                }
            }
        }
    }
}

#[test]
fn computer_never_loses_tic_tac_toe_against_every_line() {
    let rules = mnk(3, 3, 3);
    let start = Mnk::start(&rules);
    for computer in [Player::First, Player::Second] {
        let promise = promised(&*rules.solver, &start, computer);
        assert_eq!(promise, Outcome::Draw);
        computer_keeps_value(&*rules.solver, &start, computer, promise);
    }
}

#[test]
fn computer_takes_the_fastest_win_offered() {
    // X: a1 b1, O: a2 b2, X to move: c1 wins at once (c2 would only block).
    let rules = mnk(3, 3, 3);
    let mut pos = Mnk::start(&rules);
    for mv in ["a1", "a2", "b1", "b2"] {
        pos = pos.clone().play(pos.parse_move(mv).unwrap()).unwrap();
    }
    let best: Vec<String> = best_moves(&*rules.solver, &pos, &unlimited())
        .into_iter()
        .map(|(m, _)| pos.format_move(m))
        .collect();
    assert_eq!(best, vec!["c1".to_string()]);
}

#[test]
fn computer_holds_larger_boards_against_random_opponents() {
    for (w, h, k) in [(4, 4, 3), (4, 4, 4), (5, 4, 4)] {
        let rules = mnk(w, h, k);
        beats_random_opponents(&*rules.solver, &Mnk::start(&rules), 12);
    }
}

#[test]
fn a_board_too_large_to_prove_is_playable_and_says_so() {
    let geo = Arc::new(Geometry::new(8, 8, 5));
    let solver = MnkSolver::without_book(&geo);
    let start = MnkGame::new(geo);
    let budget = || Budget::of(std::time::Duration::from_millis(200));
    let v = solver.value(&start, &budget());
    assert!(!v.is_proven());
    assert_eq!(v.plies, None);
    let mut rng = rng_for(Some(1));
    let choice = choose(&solver, &start, Level::Perfect, &mut rng, &budget()).unwrap();
    assert!(start.is_legal(choice.mv));
    assert!(!choice.value.is_proven());
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
        let fresh = MnkSolver::without_book(&geo);
        let check = book::generate(&geo, 2, |x, o| shipped.get(&geo, x, o), |_, _| {});
        let mut checked = 0;
        for (x, o, score) in check.entries() {
            let pos = MnkGame::from_bits(Arc::clone(&geo), x, o);
            assert_eq!(
                fresh.exact(&pos, &unlimited()),
                Some(score),
                "{w}x{h}: {pos:?}"
            );
            checked += 1;
        }
        assert!(checked > 20);
    }
}

/// The books of what play reaches keep the slow proofs only: a sample of
/// their entries is proven afresh, without the book, each within a short
/// budget; every one proven agrees, and most are.
#[test]
fn play_books_hold_proven_values_in_samples() {
    use unbeatable::games::mnk::book;
    for (w, h, depth) in [(6, 6, 5), (7, 6, 4)] {
        let geo = Arc::new(Geometry::new(w, h, 4));
        let shipped = book::builtin(&geo);
        assert!(
            shipped.depth >= depth,
            "{w}x{h}: a book of depth {}",
            shipped.depth
        );
        let fresh = MnkSolver::without_book(&geo);
        let entries = shipped.entries();
        let step = (entries.len() / 12).max(1);
        let (mut proven, mut tried) = (0, 0);
        for &(x, o, score) in entries.iter().step_by(step) {
            let pos = MnkGame::from_bits(Arc::clone(&geo), x, o);
            let budget = Budget::of(std::time::Duration::from_secs(2));
            tried += 1;
            if let Some(found) = fresh.exact(&pos, &budget) {
                assert_eq!(found, score, "{w}x{h}: {pos:?}");
                proven += 1;
            }
        }
        assert!(proven * 2 >= tried, "{w}x{h}: {proven} of {tried} proven");
    }
}

#[test]
fn the_book_command_writes_a_book_that_reads_back() {
    let dir = crate::support::scratch().join("book");
    let out = dir.join("ttt.book");
    // The folder is not made for the book: a mistyped --out is an error.
    crate::cli::unbeatable()
        .args(["book", "tic-tac-toe", "--depth", "3", "--out"])
        .arg(&out)
        .assert()
        .failure()
        .stderr(predicates::str::contains("does not exist"));
    std::fs::create_dir_all(&dir).unwrap();
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
    // Proven on two threads at once, the book is the same.
    let two = dir.join("two.book");
    crate::cli::unbeatable()
        .args([
            "book",
            "tic-tac-toe",
            "--depth",
            "3",
            "--threads",
            "2",
            "--out",
        ])
        .arg(&two)
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&two).unwrap(), text);
}

/// A build goes on from the book at `--out` (here a finished shallower
/// one, as a stopped build leaves), and never overwrites a file that is
/// not a book of the board.
#[test]
fn the_book_command_resumes_and_keeps_other_files() {
    use predicates::prelude::PredicateBooleanExt as _;
    let dir = crate::support::scratch().join("resume");
    std::fs::create_dir_all(&dir).unwrap();
    let book = |depth: &str, out: &std::path::Path, play: bool| {
        let mut cmd = crate::cli::unbeatable();
        cmd.args(["book", "four-by-four-three", "--depth", depth, "--out"])
            .arg(out);
        if play {
            cmd.arg("--play");
        }
        cmd.assert()
    };
    let geo = Geometry::new(4, 4, 3);
    let read = |path: &std::path::Path| {
        unbeatable::games::mnk::book::Book::parse(&geo, &std::fs::read_to_string(path).unwrap())
            .unwrap()
    };
    let whole = dir.join("whole.book");
    book("3", &whole, false).success();
    let resumed = dir.join("resumed.book");
    book("1", &resumed, false).success();
    book("3", &resumed, false)
        .success()
        .stderr(predicates::str::contains("going on from"));
    assert_eq!(read(&resumed).entries(), read(&whole).entries());
    // What play reaches is a part of every position (the play book goes
    // one stone further along the computer's games: its best moves).
    let play = dir.join("play.book");
    book("3", &play, true).success();
    let whole4 = dir.join("whole4.book");
    book("4", &whole4, false).success();
    let (all, reached) = (read(&whole4), read(&play));
    assert!(reached.len() < all.len());
    for (x, o, score) in reached.entries() {
        assert_eq!(all.get(&geo, x, o), Some(score));
    }
    // Not a book of this board: refused, and the file left as it was.
    let other = dir.join("notes.txt");
    std::fs::write(&other, "my notes\n").unwrap();
    book("2", &other, false)
        .failure()
        .stderr(predicates::str::contains("not a book of the 4x4 k=3 board"))
        .stderr(predicates::str::contains("going on from").not());
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "my notes\n");
    // Its usage names the command as it was typed.
    crate::cli::unbeatable()
        .args(["book", "four-by-four-three"])
        .assert()
        .failure()
        .stderr(predicates::str::contains("Usage: unbeatable book "));
}

/// `book --layer` proves every position of one number of stones of the
/// small Connect Four board, goes on from a half-made layer to the same
/// file, and refuses a layer of another number of stones, leaving it as
/// it was.
#[test]
fn the_book_command_makes_a_layer_and_resumes_it() {
    use unbeatable::games::mnk::book::layer::Layer;
    let dir = crate::support::scratch().join("layer");
    std::fs::create_dir_all(&dir).unwrap();
    let layer = |depth: &str, out: &std::path::Path| {
        crate::cli::unbeatable()
            .args(["book", "connect-four-small", "--layer", "--threads", "2"])
            .args(["--depth", depth, "--out"])
            .arg(out)
            .assert()
    };
    let whole = dir.join("whole.book");
    layer("5", &whole).success();
    let text = std::fs::read_to_string(&whole).unwrap();
    let geo = Arc::new(Geometry::with_gravity(5, 4, 4, true));
    let made = Layer::parse(&geo, &text).unwrap();
    assert_eq!(made.proven(), made.positions().len());
    let fresh = MnkSolver::without_book(&geo);
    for &(x, o) in made.positions() {
        let pos = MnkGame::from_bits(Arc::clone(&geo), x, o);
        assert_eq!(made.get(&geo, x, o), fresh.exact(&pos, &unlimited()));
    }
    // Every other code taken back, as a stopped build leaves it.
    let mut seen = 0;
    let half: String = text
        .lines()
        .map(|line| {
            if line.starts_with('#') || line.starts_with("layer") {
                return format!("{line}\n");
            }
            let codes: String = line
                .chars()
                .map(|c| {
                    seen += 1;
                    if seen % 2 == 0 { '.' } else { c }
                })
                .collect();
            format!("{codes}\n")
        })
        .collect();
    let resumed = dir.join("resumed.book");
    std::fs::write(&resumed, &half).unwrap();
    assert!(Layer::parse(&geo, &half).unwrap().proven() < made.proven());
    layer("5", &resumed)
        .success()
        .stderr(predicates::str::contains("going on from"));
    assert_eq!(std::fs::read_to_string(&resumed).unwrap(), text);
    layer("4", &resumed)
        .failure()
        .stderr(predicates::str::contains("not a layer book of 4 stones"));
    assert_eq!(std::fs::read_to_string(&resumed).unwrap(), text);
    crate::cli::unbeatable()
        .args(["book", "connect-four-small", "--layer", "--play", "--out"])
        .arg(dir.join("no.book"))
        .assert()
        .failure()
        .stderr(predicates::str::contains("cannot be used with"));
}

/// Random positions of larger boards, late enough for the reference solver
/// to visit everything from them: value, plies and every move agree (the
/// search's dead-cell and pairing cuts are held to the plain negamax here).
#[test]
fn fast_solver_agrees_with_reference_on_random_positions_of_larger_boards() {
    let mut rng = rng_for(Some(77));
    for (w, h, k, stones, count) in [
        (4, 4, 3, 6, 40),
        // Threes make double threats everywhere: the defence against them
        // prunes most moves, and must keep every value and distance.
        (5, 4, 3, 12, 40),
        (4, 4, 4, 7, 40),
        (5, 4, 4, 10, 30),
        (5, 5, 4, 14, 20),
        (6, 5, 4, 19, 10),
    ] {
        let rules = mnk(w, h, k);
        let reference = ReferenceSolver::new();
        let mut checked = 0;
        while checked < count {
            let mut pos = Mnk::start(&rules);
            for _ in 0..stones {
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                pos.play_unchecked(mv);
            }
            if pos.status().is_over() {
                continue;
            }
            agree(
                &*rules.solver,
                &reference,
                &pos,
                Plies::Always,
                &format!("{w}x{h} k={k}"),
            );
            checked += 1;
        }
    }
}

/// What the threat search claims is a proof: every win it finds (by fours,
/// or by threats with every reply tried) and every move it calls lost is
/// checked against the exact solver, on random positions of boards small
/// enough to solve.
#[test]
fn threat_search_claims_hold_against_the_exact_solver() {
    use unbeatable::games::mnk::beyond::lines::Lines;
    use unbeatable::games::mnk::beyond::proof_numbers::ProofNumbers;
    use unbeatable::games::mnk::beyond::vct::Threes;
    use unbeatable::games::mnk::beyond::{Threats, strength};
    let mut rng = rng_for(Some(12));
    let mut wins = 0;
    let mut pattern_wins = 0;
    let mut deep_wins = 0;
    let mut losses = 0;
    let mut pattern_losses = 0;
    let mut deep_losses = 0;
    for (w, h, k, stones, count) in [
        (4, 4, 3, 3, 60),
        (5, 4, 4, 5, 60),
        (5, 5, 4, 6, 60),
        (6, 5, 4, 7, 40),
        (6, 6, 5, 9, 30),
    ] {
        let geo = Arc::new(Geometry::new(w, h, k));
        let exact = MnkSolver::without_book(&geo);
        for _ in 0..count {
            let mut pos = MnkGame::new(Arc::clone(&geo));
            while pos.stones() < stones && !pos.status().is_over() {
                let mv = pos.random_move(&mut rng).unwrap();
                pos = pos.after(mv);
            }
            if pos.status().is_over() {
                continue;
            }
            let mut board = pos.board();
            let side = board.to_move();
            let found = Threats::new(&mut board, &unlimited()).vct(side, 1);
            let value = exact.value(&pos, &unlimited());
            if let Some(mv) = found {
                wins += 1;
                assert_eq!(value.outcome, Outcome::Win, "{pos:?}: a win by threats");
                let after = exact.value(&pos.after(mv), &unlimited());
                assert_eq!(
                    after.outcome,
                    Outcome::Loss,
                    "{pos:?}: the winning move {mv}"
                );
            }
            // The same search on the pattern board, a threat deeper.
            let mut lines = Lines::from_cells(w, h, k, &board.cell).expect("k 3 to 6");
            if let Some(mv) = Threes::new(&unlimited()).vct(&mut lines, side, 2) {
                pattern_wins += 1;
                assert_eq!(value.outcome, Outcome::Win, "{pos:?}: a win by threats");
                let after = exact.value(&pos.after(mv), &unlimited());
                assert_eq!(
                    after.outcome,
                    Outcome::Loss,
                    "{pos:?}: the winning move {mv} on the pattern board"
                );
            }
            // By proof numbers, two threats deeper still.
            if let Some(mv) = ProofNumbers::new(&unlimited()).win(&mut lines, side, 4) {
                deep_wins += 1;
                assert_eq!(value.outcome, Outcome::Win, "{pos:?}: a deep win");
                let after = exact.value(&pos.after(mv), &unlimited());
                assert_eq!(
                    after.outcome,
                    Outcome::Loss,
                    "{pos:?}: the winning move {mv} by proof numbers"
                );
            }
            if Threats::new(&mut board, &unlimited()).every_move_loses(side) {
                losses += 1;
                assert_eq!(value.outcome, Outcome::Loss, "{pos:?}: lost to fours");
            }
            if Threes::new(&unlimited()).every_move_loses(&mut lines, side, 2) {
                pattern_losses += 1;
                assert_eq!(value.outcome, Outcome::Loss, "{pos:?}: lost to threats");
            }
            // By proof numbers, the moves outside the win's zone left
            // unsearched, two threats deeper.
            if ProofNumbers::new(&unlimited()).every_move_loses(&mut lines, side, 4) {
                deep_losses += 1;
                assert_eq!(value.outcome, Outcome::Loss, "{pos:?}: lost by the zone");
            }
            let advice = strength::advise(
                &mut board,
                &Budget::of(std::time::Duration::from_millis(100)),
            );
            if let Some(mv) = advice.winning {
                let after = exact.value(&pos.after(mv), &unlimited());
                assert_eq!(after.outcome, Outcome::Loss, "{pos:?}: advised win {mv}");
            }
            for &mv in &advice.losing {
                losses += 1;
                let after = exact.value(&pos.after(mv), &unlimited());
                assert_eq!(after.outcome, Outcome::Win, "{pos:?}: {mv} was called lost");
            }
        }
    }
    // The claims were put to the test, not vacuously true.
    assert!(
        wins > 20
            && pattern_wins > 20
            && deep_wins >= pattern_wins
            && losses > 20
            && pattern_losses > 20
            && deep_losses >= pattern_losses,
        "{wins} wins, {pattern_wins} on the pattern board ({deep_wins} by proof \
         numbers), {losses} losses, {pattern_losses} lost positions on the pattern board \
         ({deep_losses} by proof numbers)"
    );
}

/// Past the proof, the computer takes a win by fours and stops one.
#[test]
fn past_the_proof_the_computer_takes_and_stops_wins_by_fours() {
    let geo = Arc::new(Geometry::new(8, 8, 5));
    let solver = MnkSolver::without_book(&geo);
    let play = |moves: &str| {
        let mut pos = MnkGame::new(Arc::clone(&geo));
        for m in moves.split_whitespace() {
            pos = pos.after(pos.parse_move(m).unwrap());
        }
        pos
    };
    let budget = || Budget::of(std::time::Duration::from_millis(500));
    // X: c3 d3 e3 and c4, with O scattered: X makes an open four.
    let pos = play("c3 h8 d3 a8 e3 h1 c4 a1");
    let mut rng = rng_for(Some(1));
    let choice = choose(&solver, &pos, Level::Perfect, &mut rng, &budget()).unwrap();
    assert_eq!(choice.value.outcome, Outcome::Win, "{choice:?}");
    // The same shape for X, O to move: O must not let it through.
    let pos = play("c3 h8 d3 a8 e3");
    let choice = choose(&solver, &pos, Level::Perfect, &mut rng, &budget()).unwrap();
    let after = pos.after(choice.mv);
    let threats = {
        use unbeatable::games::mnk::beyond::threats::Threats;
        let mut board = after.board();
        let mut line = Vec::new();
        Threats::new(&mut board, &unlimited()).vcf(0, 24, &mut line)
    };
    assert_eq!(
        threats,
        None,
        "after {} ({choice:?}), X wins by fours",
        geo.cell_name(choice.mv)
    );
}

/// On the boards with a shipped book of what play reaches, everything the
/// computer says in play is proven: its own moves and the person's
/// positions (the tip and the coach), on either side, in games against a
/// person who plays at random. (The budget here is generous, for a busy
/// test machine; `examples/move_times.rs` measures the real times.)
#[test]
fn every_position_reached_in_play_on_booked_boards_is_proven() {
    for (name, w, h) in [("6x6 k=4", 6, 6), ("7x6 k=4", 7, 6)] {
        let rules = mnk(w, h, 4);
        let budget = || Budget::of(std::time::Duration::from_secs(4));
        for seed in 0..6u64 {
            let computer = if seed % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            let mut rng = rng_for(Some(seed));
            let mut pos = Mnk::start(&rules);
            while !pos.status().is_over() {
                let mv = if pos.to_move() == computer {
                    let choice =
                        choose(&*rules.solver, &pos, Level::Perfect, &mut rng, &budget()).unwrap();
                    assert!(choice.value.is_proven(), "{name}: {pos:?}");
                    choice.mv
                } else {
                    let value = rules.solver.value(&pos, &budget());
                    assert!(value.is_proven(), "{name}: {pos:?}");
                    for (_, v) in best_moves(&*rules.solver, &pos, &budget()) {
                        assert!(v.is_proven(), "{name}: tip at {pos:?}");
                    }
                    pos.random_move(&mut rng).unwrap()
                };
                pos = pos.after(mv);
            }
        }
    }
}

/// Boards past 64 cells (up to 20×20) are played by the threat and
/// playing searches alone (their times: `examples/move_times.rs`): legal
/// moves, every value
/// unknown unless a threat search proves it, and a win by fours taken.
#[test]
fn a_nineteen_by_nineteen_board_is_played_within_the_budget() {
    let rules = mnk(19, 19, 5);
    let budget = || Budget::of(std::time::Duration::from_millis(150));
    let mut pos = Mnk::start(&rules);
    assert!(!rules.solver.value(&pos, &budget()).is_proven());
    let mut rng = rng_for(Some(5));
    for _ in 0..6 {
        let choice = choose(&*rules.solver, &pos, Level::Perfect, &mut rng, &budget()).unwrap();
        assert!(pos.is_legal(choice.mv));
        pos = pos.after(choice.mv);
    }
    // X on j10..m10 (an open four), O to move far away: X wins by fours.
    let mut pos = Mnk::start(&rules);
    for m in ["j10", "a1", "k10", "a3", "l10", "s19", "m10"] {
        pos = pos.after(pos.parse_move(m).unwrap());
    }
    assert_eq!(pos.to_move(), Player::Second);
    let value = rules.solver.value(&pos, &budget());
    assert_eq!(value.outcome, Outcome::Loss, "{value:?}");
    // The last cell of the board is a cell like any other.
    assert!(pos.is_legal(pos.parse_move("s18").unwrap()));
    assert_eq!(pos.geo.cell_name(360), "s19");
}

/// Every cell is read back from its name, in either case and with spaces
/// around it, on boards from 3×3 to the Gomocup's 20×20; a name off the
/// board, or not a name, is refused with the same message.
#[test]
fn every_cell_is_read_from_its_name_and_nothing_else_is() {
    for (w, h) in [(3, 3), (4, 3), (8, 8), (15, 15), (20, 20)] {
        let pos = Mnk::start(&mnk(w, h, 3));
        for cell in 0..w * h {
            let name = pos.geo.cell_name(cell);
            assert_eq!(pos.parse_move(&name), Ok(cell), "{name}");
            let shouted = format!(" {} ", name.to_ascii_uppercase());
            assert_eq!(pos.parse_move(&shouted), Ok(cell), "{shouted}");
        }
        let last_col = char::from(b'a' + w as u8);
        let off = [
            format!("{last_col}1"),
            format!("a{}", h + 1),
            "a0".to_string(),
            "a".to_string(),
            String::new(),
            "1a".to_string(),
            "é1".to_string(),
            "a1b".to_string(),
        ];
        for name in off {
            let err = pos.parse_move(&name).expect_err(&name);
            assert!(err.0.contains("is not a cell"), "{name}: {err:?}");
        }
    }
}

/// A position its book proves drawn, with no time left to prove any move:
/// the computer must still block the open three (it once chose among the
/// moves left open at random, and lost drawn 7×7 games).
#[test]
fn with_no_time_left_a_drawn_position_still_blocks_the_open_three() {
    let rules = mnk(7, 7, 5);
    // X has c4 d5 e6 on the diagonal, open at both ends: a2, b3 and f7
    // hold the draw, every other move loses (proven here, in seconds).
    let pos = play(&rules, "d3 d4 c4 c3 e5 e2 d5 c5 e6");
    let results = rules.solver.move_results(&pos, &unlimited());
    let drawing: Vec<String> = results
        .listed
        .iter()
        .filter(|(_, v)| v.outcome != Outcome::Loss)
        .map(|&(mv, v)| {
            assert_eq!(v.outcome, Outcome::Draw);
            pos.format_move(mv)
        })
        .collect();
    assert_eq!(drawing, ["a2", "b3", "f7"]);
    let (x, o) = pos.bits();
    let mut book = unbeatable::games::mnk::book::Book::default();
    book.insert(&rules.geo, x, o, 0);
    let solver = MnkSolver::with_book(Arc::clone(&rules.geo), book);
    for (seed, mv) in choices_with_no_time(&solver, &pos, 0..10)
        .iter()
        .enumerate()
    {
        assert!(drawing.contains(mv), "seed {seed}: {mv}");
    }
}

/// On an empty board past the proof the computer opens in the centre: a
/// shallow search rates every inner cell alike and once opened on g6 of
/// 15×15 by the noise at its horizon.
#[test]
fn past_the_proof_the_computer_opens_in_the_centre() {
    for (size, centre) in [(15, "h8"), (19, "j10"), (9, "e5")] {
        let rules = mnk(size, size, 5);
        let pos = Mnk::start(&rules);
        let budget = Budget::of(std::time::Duration::from_millis(200));
        let choice = choose(
            &*rules.solver,
            &pos,
            Level::Perfect,
            &mut rng_for(Some(1)),
            &budget,
        )
        .expect("a move");
        assert_eq!(pos.format_move(choice.mv), centre, "{size}×{size}");
    }
}

/// `book --choices` writes the playing search's choice in each opening
/// position of a board within 64 cells, goes on from a stopped build of
/// the same depth, adds the check's choices (`--check`) to a book made
/// without, and a second check's where the first two disagree, and
/// refuses a book of another depth or other checks (leaving it as it
/// was), a check not shallower than the depth, three checks or one twice,
/// a board with gravity and one past 64 cells.
#[test]
fn the_book_command_makes_a_book_of_choices() {
    use unbeatable::games::mnk::book::choices::{self, Choices};
    let dir = crate::support::scratch().join("choices");
    std::fs::create_dir_all(&dir).unwrap();
    let board = |name: &str, size: usize| {
        let path = dir.join(name);
        let text = format!(
            "name = \"B\"\nkind = \"mnk\"\n\n[mnk]\nwidth = {size}\nheight = {size}\nk = 5\n"
        );
        std::fs::write(&path, text).unwrap();
        path
    };
    let seven = board("seven.toml", 7);
    let checked =
        |ruleset: &std::path::Path, depth: &str, check: Option<&str>, out: &std::path::Path| {
            let mut cmd = crate::cli::unbeatable();
            cmd.arg("book")
                .arg(ruleset)
                .args(["--choices", "--depth", depth, "--out"])
                .arg(out);
            if let Some(check) = check {
                cmd.args(["--check", check]);
            }
            cmd.assert()
        };
    let book = |ruleset: &std::path::Path, depth: &str, out: &std::path::Path| {
        checked(ruleset, depth, None, out)
    };
    let out = dir.join("seven.choices");
    book(&seven, "2", &out).success();
    let text = std::fs::read_to_string(&out).unwrap();
    let geo = Geometry::new(7, 7, 5);
    let made = Choices::parse(&geo, &text).unwrap();
    let all = choices::positions(&geo).unwrap();
    assert_eq!(made.len(), all.len());
    for &(x, o) in all.iter().step_by(97) {
        assert_eq!(made.get(&geo, x, o), choices::choose(&geo, x, o, 2));
    }
    // A build stopped after some positions goes on to the same book.
    let part: String = text.lines().take(40).map(|l| format!("{l}\n")).collect();
    std::fs::write(&out, part).unwrap();
    book(&seven, "2", &out)
        .success()
        .stderr(predicates::str::contains("going on from"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    // Another depth: refused, the file kept.
    book(&seven, "3", &out)
        .failure()
        .stderr(predicates::str::contains("made at depth 2, not 3"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    checked(&seven, "2", Some("2"), &out)
        .failure()
        .stderr(predicates::str::contains("fewer than --depth"));
    for many in ["1,1", "1,1,1"] {
        checked(&seven, "3", Some(many), &out)
            .failure()
            .stderr(predicates::str::contains("at most 2 different depths"));
    }
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    // The check added: a choice stands where the search one ply ahead
    // makes it too.
    checked(&seven, "2", Some("1"), &out).success();
    let text = std::fs::read_to_string(&out).unwrap();
    let made = Choices::parse(&geo, &text).unwrap();
    assert_eq!((made.len(), &made.checks[..]), (all.len(), &[1][..]));
    for (x, o, cell, check) in made.entries() {
        assert_eq!(
            check,
            Vec::from_iter(choices::choose(&geo, x, o, 1)),
            "{x:x} {o:x}"
        );
        let stands = made.get(&geo, x, o).is_some();
        assert_eq!(stands, check == [cell], "{x:x} {o:x}");
    }
    assert!(made.standing() < made.len());
    // Without the book's check, or with a check of no depth: refused,
    // the file kept.
    book(&seven, "2", &out)
        .failure()
        .stderr(predicates::str::contains(
            "made with check depths 1, not none",
        ));
    checked(&seven, "2", Some("0"), &out)
        .failure()
        .stderr(predicates::str::contains("fewer than --depth"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    // A second check votes where the first two disagree.
    let slow = board("slow.toml", 6);
    let six = dir.join("six.choices");
    checked(&slow, "3", Some("2"), &six).success();
    checked(&slow, "3", Some("2,1"), &six).success();
    let six_geo = Geometry::new(6, 6, 5);
    let made = Choices::parse(&six_geo, &std::fs::read_to_string(&six).unwrap()).unwrap();
    assert_eq!(&made.checks[..], &[2, 1][..]);
    for (x, o, cell, check) in made.entries() {
        let two = choices::choose(&six_geo, x, o, 2).unwrap();
        let want = if two == cell {
            vec![two]
        } else {
            vec![two, choices::choose(&six_geo, x, o, 1).unwrap()]
        };
        assert_eq!(check, want, "{x:x} {o:x}");
    }
    assert!(
        made.entries().iter().any(|e| e.3.len() == 2),
        "a split vote"
    );
    // The checks in another order: refused, the file kept.
    let text = std::fs::read_to_string(&six).unwrap();
    checked(&slow, "3", Some("1,2"), &six)
        .failure()
        .stderr(predicates::str::contains(
            "made with check depths 2, 1, not 1, 2",
        ));
    assert_eq!(std::fs::read_to_string(&six).unwrap(), text);
    book(
        std::path::Path::new("connect-four"),
        "1",
        &dir.join("c4.choices"),
    )
    .failure()
    .stderr(predicates::str::contains("without gravity"));
    book(&board("nine.toml", 9), "1", &dir.join("nine.choices"))
        .failure()
        .stderr(predicates::str::contains("at most 64 cells"));
    assert!(!dir.join("c4.choices").exists() && !dir.join("nine.choices").exists());
}

/// The shipped book of choices of 8×8 k=5 holds the search's choices at
/// its depth and its check depths in every one of its positions, as many
/// as decide its vote, and a sample of them, searched afresh, comes out
/// the same (each such search takes seconds).
#[test]
fn the_shipped_book_of_choices_is_the_search_at_its_depths() {
    use unbeatable::games::mnk::book::choices;
    let Some((geo, book)) = choices::builtin(8, 8, 5) else {
        panic!("8×8 k=5 ships a book of choices");
    };
    let all = choices::positions(geo).unwrap();
    assert_eq!(book.len(), all.len());
    assert_eq!(&book.checks[..], &[12, 13][..], "the book's check depths");
    let entries = book.entries();
    // Where the book's depth and the first check agree, the vote is
    // decided; elsewhere the second check decides it.
    for (_, _, cell, checked) in &entries {
        match checked[..] {
            [first] => assert_eq!(first, *cell),
            [first, _] => assert_ne!(first, *cell),
            _ => panic!("every entry checked: {checked:?}"),
        }
    }
    let split = entries.iter().filter(|e| e.3.len() == 2);
    // A sample spread over the entries (in the order of their bitboards),
    // and over those the second check decides.
    for (x, o, cell, checked) in entries.iter().step_by(500).chain(split.step_by(200)) {
        let (x, o) = (*x, *o);
        assert_eq!(Some(*cell), choices::choose(geo, x, o, book.depth));
        for (&depth, &c) in book.checks.iter().zip(checked) {
            assert_eq!(
                Some(c),
                choices::choose(geo, x, o, depth),
                "{x:x} {o:x} at {depth}"
            );
        }
    }
}

/// `book --shapes` writes the playing search's choice for X's fifth
/// stone after every near reply to a line opening, goes on from a
/// stopped build of the same depth, and refuses a book of another depth
/// or a file that is not a book of shapes (leaving either as it was),
/// and a board other than 15×15 with k = 5.
#[test]
fn the_book_command_makes_a_book_of_shapes() {
    use unbeatable::games::mnk::book::shapes::{self, Shapes};
    let dir = crate::support::scratch().join("shapes");
    std::fs::create_dir_all(&dir).unwrap();
    let book = |ruleset: &str, depth: &str, out: &std::path::Path| {
        crate::cli::unbeatable()
            .arg("book")
            .arg(ruleset)
            .args(["--shapes", "--depth", depth, "--out"])
            .arg(out)
            .assert()
    };
    let out = dir.join("k5.shapes");
    book("gomoku", "2", &out).success();
    let text = std::fs::read_to_string(&out).unwrap();
    let made = Shapes::parse(&text).unwrap();
    // As many as the shipped book, at another depth.
    let shipped = shapes::builtin().unwrap();
    assert_eq!(made.len(), shipped.len());
    for (shape, mv) in made.entries() {
        assert_eq!(shapes::choose_for(&shape, 2), Some(mv), "{shape:?}");
    }
    // A build stopped after some positions goes on to the same book.
    let part: String = text.lines().take(7).map(|l| format!("{l}\n")).collect();
    std::fs::write(&out, part).unwrap();
    book("gomoku", "2", &out)
        .success()
        .stderr(predicates::str::contains("going on from"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    // Another depth, or not a book: refused, the file as it was.
    book("gomoku", "3", &out)
        .failure()
        .stderr(predicates::str::contains("made at depth 2, not 3"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    let other = dir.join("other.shapes");
    std::fs::write(&other, "not a book\n").unwrap();
    book("gomoku", "2", &other)
        .failure()
        .stderr(predicates::str::contains("not a book of shapes"));
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "not a book\n");
    book("tic-tac-toe", "2", &dir.join("ttt.shapes"))
        .failure()
        .stderr(predicates::str::contains("made on the 15x15 k=5 board"));
}

/// `unbeatable book --losses` on 4×4 with k = 3 after X's corner: every
/// move it calls lost is lost by the exact search, a stopped build goes
/// on to the same book, and a file that is not such a book is refused
/// and kept.
#[test]
fn the_book_command_makes_a_book_of_moves_proven_lost() {
    use unbeatable::games::mnk::book::losses::{Losses, after};
    let dir = crate::support::scratch().join("losses");
    std::fs::create_dir_all(&dir).unwrap();
    let ruleset = dir.join("four.toml");
    std::fs::write(
        &ruleset,
        "name = \"F\"\nkind = \"mnk\"\n\n[mnk]\nwidth = 4\nheight = 4\nk = 3\n",
    )
    .unwrap();
    let out = dir.join("four.losses");
    let book = |moves: &str| {
        let mut cmd = crate::cli::unbeatable();
        cmd.arg("book")
            .arg(&ruleset)
            .args([
                "--losses",
                "--moves",
                moves,
                "--think",
                "1",
                "--replies",
                "1",
            ])
            .arg("--out")
            .arg(&out);
        cmd.assert()
    };
    book("a1").success().stderr(predicates::str::contains(
        "after --moves: 15 moves proven lost",
    ));
    let text = std::fs::read_to_string(&out).unwrap();
    let geo = Arc::new(Geometry::new(4, 4, 3));
    let made = Losses::parse(&geo, &text).unwrap();
    let exact = MnkSolver::without_book(&geo);
    for ((x, o), entry) in made.entries() {
        assert!(entry.open.is_empty(), "{text}");
        for &c in entry.lost.keys() {
            let (cx, co) = after(x, o, c);
            let child = MnkGame::from_bits(Arc::clone(&geo), cx, co);
            let value = exact.value(&child, &Budget::unlimited());
            assert_eq!(value.outcome, Outcome::Win, "{x:x} {o:x} {c}");
        }
    }
    // Stopped after one move was searched (in 777 ms, say): the build
    // keeps it and goes on to every other.
    let cells = |book: &Losses| {
        book.entries()
            .into_iter()
            .map(|(key, e)| (key, e.lost.keys().copied().collect::<Vec<_>>()))
            .collect::<Vec<_>>()
    };
    std::fs::write(&out, "losses 4 4 3\n1 0 lost 1/777 open\n").unwrap();
    book("a1")
        .success()
        .stderr(predicates::str::contains("going on from"));
    let resumed = std::fs::read_to_string(&out).unwrap();
    assert!(resumed.contains(" lost 1/777 "), "{resumed}");
    assert_eq!(cells(&Losses::parse(&geo, &resumed).unwrap()), cells(&made));
    let text = resumed;
    // Another position adds to the book.
    book("a1 b2")
        .success()
        .stderr(predicates::str::contains("moves proven lost"));
    let more = std::fs::read_to_string(&out).unwrap();
    assert!(more.lines().count() > text.lines().count(), "{more}");
    for (moves, why) in [
        ("a1 a1", "cannot be played"),
        ("a1 z9", "move 2 'z9'"),
        ("a1 b1 a2 b2 a3", "the game is over"),
    ] {
        book(moves).failure().stderr(predicates::str::contains(why));
    }
    // A line of play built back from its end; --back-to checked first.
    use predicates::prelude::PredicateBooleanExt as _;
    let line = |back_to: &str| {
        let mut cmd = crate::cli::unbeatable();
        cmd.arg("book")
            .arg(&ruleset)
            .args(["--losses", "--moves", "a1 b1 b2", "--think", "1"])
            .args(["--back-to", back_to, "--out"])
            .arg(&out);
        cmd.assert()
    };
    for wrong in ["2", "5"] {
        line(wrong)
            .failure()
            .stderr(predicates::str::contains(format!(
                "--back-to {wrong}: it must be"
            )));
    }
    line("1").success().stderr(
        predicates::str::contains("after move 1: 15 moves proven lost, 0 left open").and(
            predicates::str::contains("after --moves: 13 moves proven lost"),
        ),
    );
    std::fs::write(&out, "losses 4 4 4\n").unwrap();
    book("a1")
        .failure()
        .stderr(predicates::str::contains("not a book of moves proven lost"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "losses 4 4 4\n");
}

/// The shipped book of moves proven lost of 8×8 k=5 reads (its reply
/// proofs hold by its own entries), `analyze`'s move results list its
/// moves lost at once, and a sample of the moves proven by search in
/// seconds, searched afresh without the book, is proven lost again.
#[test]
fn the_shipped_book_of_moves_proven_lost_is_proven_again_in_samples() {
    use unbeatable::games::mnk::book::losses::{self, Proof, after};
    use unbeatable::games::mnk::book::losses_build::proven_won;
    let Some((geo, book)) = losses::builtin(8, 8, 5) else {
        panic!("8×8 k=5 ships a book of moves proven lost");
    };
    let geo = Arc::new(geo.clone());
    let quick: Vec<((u64, u64), usize, u64)> = book
        .entries()
        .into_iter()
        .flat_map(|(key, entry)| {
            entry
                .lost
                .iter()
                .filter_map(move |(&c, proof)| match *proof {
                    Proof::Searched(ms) if ms <= 3000 => Some((key, c, ms)),
                    _ => None,
                })
        })
        .collect();
    assert!(quick.len() >= 10, "{} moves proven in seconds", quick.len());
    let reading = MnkSolver::new(Arc::clone(&geo));
    for ((x, o), entry) in book.entries().into_iter().take(3) {
        let pos = MnkGame::from_bits(Arc::clone(&geo), x, o);
        let results = reading.move_results(&pos, &Budget::of(std::time::Duration::from_millis(50)));
        for &c in entry.lost.keys() {
            let value = results.get(c).map(|v| v.outcome);
            assert_eq!(value, Some(Outcome::Loss), "{x:x} {o:x}: move {c}");
        }
    }
    let solver = MnkSolver::new(Arc::clone(&geo)).without_losses_book();
    for &((x, o), c, ms) in quick.iter().step_by(quick.len() / 5) {
        let (cx, co) = after(x, o, c);
        let child = MnkGame::from_bits(Arc::clone(&geo), cx, co);
        // Far above the time the build took: a guard against a hang.
        let budget = Budget::of(std::time::Duration::from_millis(20 * ms + 20_000));
        assert!(
            proven_won(&solver, &child, &budget),
            "{x:x} {o:x}: move {c}, proven in {ms} ms when the book was made"
        );
    }
}

/// A position the book has no entry and no ending for, one move of the
/// mover's from a position the book proves lost for the opponent: the
/// value and that move are proven won, through the book's endings.
fn won_through_the_book_s_endings(moves: &str, winning: &str) {
    use unbeatable::games::mnk::book::{losses, losses_endings};
    let rules = mnk(8, 8, 5);
    let pos = play(&rules, moves);
    let (Some((geo, book)), Some(endings)) =
        (losses::builtin(8, 8, 5), losses_endings::builtin(8, 8, 5))
    else {
        panic!("8×8 k=5 ships a book of moves proven lost");
    };
    let (x, o) = pos.bits();
    assert!(book.entry(geo.canonical(x, o).0).is_none(), "{moves}");
    assert_eq!(endings.get(x, o), None, "{moves}");
    let solver = MnkSolver::new(Arc::clone(&rules.geo));
    // Far above the milliseconds it takes: a guard against a hang.
    let budget = Budget::of(std::time::Duration::from_secs(3));
    assert_eq!(solver.value(&pos, &budget).outcome, Outcome::Win, "{moves}");
    let mv = pos.parse_move(winning).unwrap();
    let results = solver.move_results(&pos, &Budget::of(std::time::Duration::from_secs(2)));
    assert_eq!(
        results.get(mv).map(|v| v.outcome),
        Some(Outcome::Win),
        "{moves}"
    );
}

/// A game reaches the book's positions by other orders of its stones:
/// after `d5 g7 e4 d6 d4 c6 f4 c4 d2 c5 c3 e7 b4 b6`, the book's line
/// `… c3 b6 e6 e7 b4` with X's b4 before e6 (a line Rapfi won), X's e6
/// leads to the book's position, every move of O's proven lost there.
/// (The book grew past the positions this test asked of before, `… c3`
/// and then `… c3 e7`: it has to move down with it. The search's reading
/// of the endings below its root is `the_exact_search_reads_the_endings_below_its_root`.)
#[test]
fn a_transposition_of_the_book_s_line_is_proven_through_its_endings() {
    won_through_the_book_s_endings("d5 g7 e4 d6 d4 c6 f4 c4 d2 c5 c3 e7 b4 b6", "e6");
}

/// One move above the book: X's e4 after `d5 g7` leaves O a position
/// with every move proven lost, no four (the window through the endings
/// tries fours first, and other moves by their lines: after `d5 g7 e4 d6`,
/// this test's position before the book proved d6's line lost, it did not
/// reach d4 in 20 s). The opening the 8×8 matches lost as O: all 61 of
/// O's replies to `d5 g7 e4` are lost (c5 and its mirror e3 through X's
/// d4, the reply Rapfi found), so `d5 g7` is a win for X by e4.
#[test]
fn a_move_into_the_book_s_lost_position_is_a_proven_win() {
    won_through_the_book_s_endings("d5 g7", "e4");
}
