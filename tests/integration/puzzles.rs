//! Puzzles made by the solver are right: every answer, and only the
//! answers, keep the position's value, as the reference solver proves on
//! small rulesets of every family (and a fresh exact solver on larger
//! boards); none is repeated; the `puzzles` command prints them.

use std::collections::HashSet;
use std::fmt::Debug;

use rand::SeedableRng;
use rand::rngs::StdRng;
use unbeatable::engine::{Budget, Game, ReferenceSolver, Solver, Value};
use unbeatable::games::{Family, coins, divisors, flags, mnk, nim, words};
use unbeatable::session::puzzles::{MAX_ANSWERS, generate};

use crate::support::rules;

/// The moves of `pos` that keep `value` by `solver`'s results.
fn keepers<G: Game, S: Solver<G>>(solver: &S, pos: &G, value: Value) -> HashSet<G::Move> {
    solver
        .move_results(pos, &Budget::unlimited())
        .listed
        .into_iter()
        .filter(|(_, v)| v.outcome == value.outcome && v.score == value.score)
        .map(|(m, _)| m)
        .collect()
}

/// Makes `count` puzzles of the family's `body` and checks each; at least
/// `min` must come.
fn checked<F: Family>(body: &str, count: usize, min: usize, seed: u64, name: &str)
where
    F::Game: Debug,
{
    let rules = &rules::<F>(body);
    let fast = F::solver(rules);
    let reference = ReferenceSolver::<F::Game>::new();
    let start = F::start(rules);
    let mut rng = StdRng::seed_from_u64(seed);
    let made = generate(&*fast, &start, count, &mut rng, &Budget::unlimited(), None);
    let mut seen = HashSet::new();
    for p in &made {
        let mut pos = start.clone();
        for &mv in &p.line {
            pos = pos.after(mv);
        }
        assert!(seen.insert(pos.clone()), "{name}: {pos:?} twice");
        let value = reference.value(&pos, &Budget::unlimited());
        assert_eq!(value.outcome, p.value.outcome, "{name}: {pos:?}");
        let answers: HashSet<_> = p.answers.iter().copied().collect();
        assert_eq!(answers, keepers(&reference, &pos, value), "{name}: {pos:?}");
        assert!((1..=MAX_ANSWERS).contains(&answers.len()), "{name}: {p:?}");
        assert!((answers.len() as u128) < p.legal, "{name}: {p:?}");
        assert_eq!(p.legal, pos.move_count(), "{name}: {p:?}");
        assert!((1..=10).contains(&p.difficulty), "{name}: {p:?}");
    }
    assert!(made.len() >= min, "{name} gave {}", made.len());
}

#[test]
fn puzzles_are_proven_by_the_reference_on_every_family() {
    checked::<flags::Flags>(
        "start = 21\ntake = [1, 2, 3]\nlose_at = 1",
        8,
        5,
        1,
        "flags",
    );
    checked::<nim::Nim>("piles = [3, 4, 5]\ntake = \"any\"", 8, 5, 2, "nim");
    checked::<divisors::Divisors>("min = 1\nmax = 14", 8, 3, 3, "divisors");
    checked::<mnk::Mnk>("width = 3\nheight = 3\nk = 3", 8, 5, 4, "tic-tac-toe");
    checked::<mnk::Mnk>(
        "width = 4\nheight = 4\nk = 3\ngravity = true",
        6,
        3,
        5,
        "gravity",
    );
    checked::<coins::Coins>("values = [3, 9, 1, 2, 8, 4, 7]", 6, 1, 6, "coins");
    let words = "words = [\"ab\", \"ac\", \"b\", \"bad\", \"cab\"]\nrounds = 3";
    checked::<words::Words>(words, 6, 1, 7, "words");
}

/// On Connect Four's small board, each puzzle's answers are re-proven by a
/// fresh exact solver (no table shared with the one that made them).
#[test]
fn connect_four_puzzles_are_re_proven_by_a_fresh_solver() {
    let rules = rules::<mnk::Mnk>("width = 5\nheight = 4\nk = 4\ngravity = true");
    let start = mnk::Mnk::start(&rules);
    let mut rng = StdRng::seed_from_u64(8);
    let made = generate(
        &*mnk::Mnk::solver(&rules),
        &start,
        5,
        &mut rng,
        &Budget::unlimited(),
        None,
    );
    assert!(made.len() >= 3, "{}", made.len());
    let fresh = mnk::MnkSolver::without_book(&rules.geo);
    for p in made {
        let mut pos = start.clone();
        for &mv in &p.line {
            pos = pos.after(mv);
        }
        let answers: HashSet<_> = p.answers.iter().copied().collect();
        assert_eq!(answers, keepers(&fresh, &pos, p.value), "{pos:?}");
    }
}

#[test]
fn the_puzzles_command_prints_checked_puzzles() {
    let made = || {
        let out = crate::cli::unbeatable()
            .args([
                "puzzles",
                "tic-tac-toe",
                "--count",
                "4",
                "--seed",
                "3",
                "--json",
            ])
            .output()
            .unwrap();
        assert!(out.status.success());
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let list = made();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 4);
    for p in list {
        let answers = p["answers"].as_array().unwrap();
        assert!(!answers.is_empty() && (answers.len() as u64) < p["legal"].as_u64().unwrap());
        assert!(["win", "draw"].contains(&p["value"].as_str().unwrap()));
        assert!(["first", "second"].contains(&p["to_move"].as_str().unwrap()));
        // Each answer, played after the moves, leaves what `analyze` says.
        let moves = format!(
            "{} {}",
            p["moves"].as_str().unwrap(),
            answers[0].as_str().unwrap()
        );
        let out = crate::cli::unbeatable()
            .args(["analyze", "tic-tac-toe", "--json", "--moves", moves.trim()])
            .output()
            .unwrap();
        let after: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let expected = if p["value"] == "win" { "loss" } else { "draw" };
        if after["status"] == "ongoing" {
            assert_eq!(after["value"], expected, "{p}");
        }
    }
    // The same seed, the same puzzles.
    assert_eq!(made().as_array().unwrap(), list);
}

/// A move of yours that threw the draw away comes back as a puzzle in the
/// next run, solving it counts, and once solved it waits for a later run.
#[test]
fn a_thrown_away_draw_comes_back_as_a_puzzle_and_solving_it_counts() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str], input: &str| {
        let out = crate::cli::unbeatable()
            .env("UNBEATABLE_DATA_DIR", dir.path())
            .args(args)
            .write_stdin(input.to_string())
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    // The free cells in reading order (taken ones are refused and the next
    // line read): the computer wins.
    let played = run(
        &["play", "tic-tac-toe", "--plain", "--seed", "1"],
        &"a1\nb1\nc1\na2\nb2\nc2\na3\nb3\nc3\n".repeat(2),
    );
    assert!(played.contains("game over: computer wins"), "{played}");
    let review: serde_json::Value =
        serde_json::from_str(&run(&["review", "tic-tac-toe", "--json"], "")).unwrap();
    let mistake = review["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["player"] == "first" && m["verdict"] == "mistake")
        .expect("a mistake of the person's")
        .clone();
    let answer = mistake["best_moves"][0].as_str().unwrap().to_string();
    let first = run(
        &[
            "puzzles",
            "tic-tac-toe",
            "--run",
            "--count",
            "1",
            "--seed",
            "1",
        ],
        &format!("{answer}\n"),
    );
    assert!(first.contains("(1 of them from your games)"), "{first}");
    assert!(first.contains("(from your game)"), "{first}");
    assert!(first.contains(&format!("right: {answer}")), "{first}");
    assert!(first.contains("solved 1 of 1"), "{first}");
    // Solved, it is not due in the next run.
    let second = run(
        &[
            "puzzles",
            "tic-tac-toe",
            "--run",
            "--count",
            "1",
            "--seed",
            "1",
        ],
        "quit\n",
    );
    assert!(second.contains("(0 of them from your games)"), "{second}");
}

/// A puzzle run on the screen: `p` in the menu makes the puzzles, each
/// shown on the board; a right answer grows the streak, a wrong one shows
/// the answer and ends it; q ends the run, which the menu sums up and the
/// collection keeps.
#[test]
fn a_puzzle_run_on_the_screen() {
    use ratatui::crossterm::event::KeyCode;
    use unbeatable::tui::app::Mode;
    use unbeatable::tui::theme::THEME;
    use unbeatable::tui::{App, Start};

    use crate::tui::{key, screen, settle};

    let dir = tempfile::tempdir().unwrap();
    let start = Start {
        seed: Some(3),
        pause: Some(std::time::Duration::ZERO),
        ..Start::default()
    };
    let mut app = App::new(
        unbeatable::rules::builtins(),
        start,
        Some(dir.path().join("tally.json")),
        &THEME,
    );
    app.selected = app
        .entries
        .iter()
        .position(|e| e.id == "tic-tac-toe")
        .unwrap();
    key(&mut app, KeyCode::Char('p'));
    settle(&mut app);
    assert!(
        matches!(app.mode, Mode::Playing(_)),
        "{}",
        screen(&app, 80, 24)
    );
    let cells = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];
    let typed = |app: &mut App, text: &str| {
        for c in text.chars() {
            key(app, KeyCode::Char(c));
        }
        key(app, KeyCode::Enter);
    };
    // The first answered right.
    let item = app.run.as_ref().unwrap().item().unwrap().clone();
    let first = screen(&app, 80, 24);
    assert!(first.contains("Puzzle 1 of"), "{first}");
    assert!(first.contains("· puzzle 1 of 10"), "{first}");
    typed(&mut app, &item.answers[0]);
    let solved = screen(&app, 80, 24);
    assert!(solved.contains("Solved: "), "{solved}");
    assert!(solved.contains("Streak 1 · solved 1 of 1"), "{solved}");
    // The second answered wrong: a free cell that is no answer.
    key(&mut app, KeyCode::Enter);
    let item = app.run.as_ref().unwrap().item().unwrap().clone();
    let played: Vec<&str> = item.moves.split_whitespace().collect();
    let wrong = cells
        .iter()
        .find(|c| !played.contains(c) && !item.answers.iter().any(|a| a == *c))
        .expect("a puzzle has fewer answers than moves");
    typed(&mut app, wrong);
    let missed = screen(&app, 160, 50);
    assert!(missed.contains(&format!("Not {wrong}.")), "{missed}");
    assert!(missed.contains("The answer: "), "{missed}");
    assert!(missed.contains("Streak 0 · solved 1 of 2"), "{missed}");
    key(&mut app, KeyCode::Char('q'));
    assert!(matches!(app.mode, Mode::Menu));
    let menu = screen(&app, 80, 24);
    assert!(menu.contains("solved 1 of 2, best streak 1"), "{menu}");
    let kept = std::fs::read_to_string(dir.path().join("puzzles.json")).unwrap();
    let kept: serde_json::Value = serde_json::from_str(&kept).unwrap();
    assert_eq!(kept["runs"][0]["tried"], 2, "{kept}");
    assert_eq!(kept["runs"][0]["best_streak"], 1, "{kept}");
}

/// Play's words in a run: `help` says what to do, `hint`, `moves` and
/// `undo` are refused as giving the answer away, and none is taken for a
/// wrong move (the run ends with nothing tried).
#[test]
fn a_run_answers_plays_words_without_counting_them() {
    let dir = tempfile::tempdir().unwrap();
    let out = crate::cli::unbeatable()
        .env("UNBEATABLE_DATA_DIR", dir.path())
        .args([
            "puzzles", "21-flags", "--run", "--count", "1", "--seed", "3",
        ])
        .write_stdin("help\nhint\nmoves\nundo\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("quit ends the run"), "{text}");
    for word in ["hint", "moves", "undo"] {
        assert!(
            text.contains(&format!("a puzzle has no '{word}'")),
            "{text}"
        );
    }
    assert!(!text.contains("not a number of flags"), "{text}");
    assert!(text.contains("solved 0 of 0"), "{text}");
}
