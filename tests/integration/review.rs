//! The review of a game judges every move as the reference solver does:
//! random games of small rulesets of every family, each move's verdict,
//! result, best result and best moves compared; and the `review` command.

use std::collections::HashSet;
use std::fmt::Debug;

use rand::SeedableRng;
use rand::rngs::StdRng;
use unbeatable::engine::{Budget, Game, ReferenceSolver};
use unbeatable::games::{Family, coins, divisors, flags, mnk, nim, words};
use unbeatable::session::Verdict;
use unbeatable::session::review::{Judgement, review};

use crate::support::rules;

/// Whether a fast judgement says what the reference's says. Where the fast
/// solver leaves plies out (never guessed), it cannot tell the fastest
/// move from a slower one: its "best" then stands for the reference's
/// "best" or "kept".
fn same<M: Copy + Eq + std::hash::Hash + Debug>(fast: &Judgement<M>, exact: &Judgement<M>) -> bool {
    let plies_left_out = fast.result.plies.is_none() || fast.best.plies.is_none();
    let verdict = fast.verdict == exact.verdict
        || (plies_left_out && fast.verdict == Verdict::Best && exact.verdict == Verdict::Kept);
    let outcome = |a: unbeatable::engine::Value, b: unbeatable::engine::Value| {
        a.outcome == b.outcome && a.score == b.score && (a.plies.is_none() || a.plies == b.plies)
    };
    let best_moves = if plies_left_out {
        // The fast list is the reference's best and kept moves.
        fast.best_moves.len() >= exact.best_moves.len()
    } else {
        fast.best_moves.iter().collect::<HashSet<_>>()
            == exact.best_moves.iter().collect::<HashSet<_>>()
    };
    verdict && outcome(fast.result, exact.result) && outcome(fast.best, exact.best) && best_moves
}

/// Plays `games` random games of `rules` and compares every judgement.
fn agree_on_random_games<F: Family>(rules: &F::Rules, games: usize, seed: u64, name: &str)
where
    F::Game: Debug,
{
    let fast = F::solver(rules);
    let reference = ReferenceSolver::<F::Game>::new();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut verdicts = HashSet::new();
    for game in 0..games {
        let mut positions = vec![F::start(rules)];
        let mut moves = Vec::new();
        while let Some(mv) = positions.last().and_then(|p| p.random_move(&mut rng)) {
            let next = positions[positions.len() - 1].after(mv);
            positions.push(next);
            moves.push(mv);
        }
        let a = review(&*fast, &positions, &moves, None, |_| Budget::unlimited());
        let b = review(&reference, &positions, &moves, None, |_| {
            Budget::unlimited()
        });
        assert_eq!(a.len(), moves.len());
        for (x, y) in a.iter().zip(&b) {
            assert!(
                same(x, y),
                "{name}, game {game}, move {}: fast {x:?}, reference {y:?}",
                x.ply
            );
            verdicts.insert(x.verdict);
        }
    }
    // Random play makes mistakes: a review that never finds one is wrong.
    assert!(verdicts.contains(&Verdict::Mistake), "{name}: {verdicts:?}");
    assert!(
        !verdicts.contains(&Verdict::Unknown),
        "{name}: {verdicts:?}"
    );
}

#[test]
fn verdicts_agree_with_the_reference_on_every_family() {
    for (i, body) in [
        "start = 21\ntake = [1, 2, 3]\nlose_at = 1",
        "start = 17\ntake = [2, 5, 7]\nlose_at = 0\nwhen_stuck = \"lose\"",
    ]
    .iter()
    .enumerate()
    {
        agree_on_random_games::<flags::Flags>(
            &rules::<flags::Flags>(body),
            20,
            1,
            &format!("flags {i}"),
        );
    }
    for (i, body) in [
        "piles = [1, 4, 5]\ntake = \"any\"",
        "piles = [3, 4, 5]\ntake = \"any\"\nmisere = true",
        "piles = [3, 2, 4]\ntake = [1, 2, 3]\npass_once_per_pile = true",
    ]
    .iter()
    .enumerate()
    {
        agree_on_random_games::<nim::Nim>(&rules::<nim::Nim>(body), 20, 2, &format!("nim {i}"));
    }
    agree_on_random_games::<divisors::Divisors>(
        &rules::<divisors::Divisors>("min = 1\nmax = 14"),
        20,
        3,
        "divisors 1..14",
    );
    for (i, body) in [
        "width = 3\nheight = 3\nk = 3",
        "width = 4\nheight = 3\nk = 3",
        "width = 4\nheight = 4\nk = 3\ngravity = true",
    ]
    .iter()
    .enumerate()
    {
        agree_on_random_games::<mnk::Mnk>(&rules::<mnk::Mnk>(body), 12, 4, &format!("mnk {i}"));
    }
    agree_on_random_games::<coins::Coins>(
        &rules::<coins::Coins>("values = [3, 9, 1, 2, 8, 4, 7]"),
        20,
        5,
        "coins",
    );
    agree_on_random_games::<words::Words>(
        &rules::<words::Words>("words = [\"ab\", \"ac\", \"b\", \"bad\", \"cab\"]\nrounds = 3"),
        20,
        6,
        "words",
    );
}

#[test]
fn the_review_command_names_the_thrown_away_win() {
    let out = crate::cli::unbeatable()
        .args(["review", "tic-tac-toe", "--moves", "b2 a2 a1 c3 a3"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("Moves judged: +-++-"), "{text}");
    assert!(
        text.contains("a2 threw away the draw — loss in 6 plies"),
        "{text}"
    );
    assert!(text.contains("a3 threw away the win — draw"), "{text}");
    let out = crate::cli::unbeatable()
        .args(["review", "tic-tac-toe", "--moves", "b2 a2", "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let second = &json["moves"][1];
    assert_eq!(second["ply"], 2);
    assert_eq!(second["move"], "a2");
    assert_eq!(second["player"], "second");
    assert_eq!(second["result"], "loss");
    assert_eq!(second["best"], "draw");
    assert_eq!(second["verdict"], "mistake");
    let best: Vec<&str> = second["best_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(best, ["a1", "c1", "a3", "c3"]);
    // An illegal move is named with its place, as in analyze.
    crate::cli::unbeatable()
        .args(["review", "tic-tac-toe", "--moves", "b2 b2"])
        .assert()
        .failure()
        .stderr(predicates::str::contains("move 2 'b2'"));
}

#[test]
fn the_moves_left_unjudged_are_counted_in_words_that_fit() {
    // Gomoku's first stones are past any proof in a tenth of a second.
    for (moves, said) in [
        ("h8", "The move not judged: no proof"),
        ("h8 h9", "None of the 2 moves judged: no proof"),
    ] {
        let out = crate::cli::unbeatable()
            .args(["review", "gomoku", "--moves", moves, "--think", "0.1"])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{text}");
        assert!(text.contains(said), "{text}");
    }
}

/// The app straight into tic-tac-toe as first, the tally (and the kept
/// games) in `dir`.
fn tic_tac_toe_app(dir: &std::path::Path) -> unbeatable::tui::App {
    use unbeatable::engine::{Level, Player};
    use unbeatable::rules::{self, Ruleset};
    use unbeatable::tui::theme::THEME;
    use unbeatable::tui::{App, Start};

    let text = rules::BUILTIN
        .iter()
        .find(|(i, _)| *i == "tic-tac-toe")
        .map(|(_, t)| *t)
        .unwrap();
    let start = Start {
        ruleset: Some(("tic-tac-toe".into(), Ruleset::parse("t", text).unwrap())),
        human: Some(Player::First),
        level: Some(Level::Perfect),
        seed: Some(1),
        pause: Some(std::time::Duration::ZERO),
        ..Start::default()
    };
    let mut app = App::new(
        rules::builtins(),
        start,
        Some(dir.join("tally.json")),
        &THEME,
    );
    crate::tui::settle(&mut app);
    app
}

/// Plays the free cells in reading order until the game ends: the
/// computer wins, and the review finds where the draw was thrown away.
fn lose(app: &mut unbeatable::tui::App) {
    use ratatui::crossterm::event::KeyCode;

    let cells = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];
    while !app.playing().unwrap().status().is_over() {
        let played = app.playing().unwrap().state().history;
        let free = cells
            .iter()
            .find(|c| !played.iter().any(|p| p == *c))
            .unwrap();
        for c in free.chars() {
            crate::tui::key(app, KeyCode::Char(c));
        }
        crate::tui::key(app, KeyCode::Enter);
    }
}

/// A game finished on the screen is kept beside the tally, and `review`
/// (with no moves) judges it, naming the move that threw the draw away.
#[test]
fn a_finished_game_is_kept_and_reviewed() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = tic_tac_toe_app(dir.path());
    lose(&mut app);
    assert!(app.playing().unwrap().status().is_over());
    let kept = std::fs::read_to_string(dir.path().join("games.jsonl")).unwrap();
    assert_eq!(kept.lines().count(), 1, "{kept}");
    assert!(kept.contains("\"ruleset\":\"tic-tac-toe\""), "{kept}");
    let out = crate::cli::unbeatable()
        .env("UNBEATABLE_DATA_DIR", dir.path())
        .args(["review", "tic-tac-toe"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.starts_with("Your game of "), "{text}");
    assert!(text.contains("threw away the draw"), "{text}");
    assert!(text.contains("Mistakes: "), "{text}");
}

/// A game of a file given by its path is kept under the file's full path:
/// `review` finds it by the path as given from the folder it was played
/// in, and by the full path from any other.
#[test]
fn a_game_of_a_file_is_reviewed_from_any_folder() {
    let data = tempfile::tempdir().unwrap();
    let here = tempfile::tempdir().unwrap();
    let text = "name = \"Row of three\"\ndescription = \"Four wide.\"\nkind = \"mnk\"\n\n[mnk]\nwidth = 4\nheight = 3\nk = 3\n";
    std::fs::create_dir(here.path().join("mine")).unwrap();
    std::fs::write(here.path().join("mine/row.toml"), text).unwrap();
    let out = crate::cli::unbeatable()
        .env("UNBEATABLE_DATA_DIR", data.path())
        .current_dir(here.path())
        .args(["play", "mine/row.toml", "--plain"])
        .write_stdin("b2\na1\nd3\nc1\nb3\nd1\na2\nc3\nd2\n")
        .output()
        .unwrap();
    let played = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(played.contains("game over"), "{played}");
    let full = std::fs::canonicalize(here.path().join("mine/row.toml")).unwrap();
    let kept = std::fs::read_to_string(data.path().join("games.jsonl")).unwrap();
    assert!(
        kept.contains(&format!("\"ruleset\":{:?}", full.display().to_string())),
        "{kept}"
    );
    for (folder, name) in [
        (here.path().to_path_buf(), "mine/row.toml".to_string()),
        (std::env::temp_dir(), full.display().to_string()),
    ] {
        let out = crate::cli::unbeatable()
            .env("UNBEATABLE_DATA_DIR", data.path())
            .current_dir(&folder)
            .args(["review", &name])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{name}: {text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.starts_with("Your game of "), "{name}: {text}");
    }
}

/// "Your games" in the menu lists the kept games, newest first (a
/// resigned one too), and opens each into its review; leaving the review
/// goes back to the list.
#[test]
fn your_games_open_into_their_review() {
    use ratatui::crossterm::event::KeyCode;
    use unbeatable::tui::app::Mode;

    use crate::tui::{key, screen};

    let dir = tempfile::tempdir().unwrap();
    let mut app = tic_tac_toe_app(dir.path());
    lose(&mut app);
    // A second game, resigned after one move.
    for k in [
        KeyCode::Char('n'),
        KeyCode::Char('b'),
        KeyCode::Char('2'),
        KeyCode::Enter,
    ] {
        key(&mut app, k);
    }
    key(&mut app, KeyCode::Char('r'));
    key(&mut app, KeyCode::Char('y'));
    key(&mut app, KeyCode::Char('q'));
    assert!(matches!(app.mode, Mode::Menu));
    key(&mut app, KeyCode::Char('g'));
    let list = screen(&app, 80, 24);
    assert!(list.contains("2 games kept"), "{list}");
    let resigned = list.find("you resigned").expect("the resigned game");
    let lost = list.find("computer wins").expect("the lost game");
    assert!(resigned < lost, "newest first: {list}");
    // The newest: resigned after the computer's answer, reviewed as such.
    key(&mut app, KeyCode::Enter);
    let review = screen(&app, 80, 24);
    assert!(review.contains("Review: move 2 of 2"), "{review}");
    assert!(review.contains("You resigned"), "{review}");
    key(&mut app, KeyCode::Char('q'));
    assert!(matches!(app.mode, Mode::Games(_)));
    // The lost game, by the keys; at 160×50 too.
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Enter);
    crate::tui::settle(&mut app);
    let review = screen(&app, 160, 50);
    assert!(review.contains("Your mistakes: "), "{review}");
    assert!(review.contains("Computer wins"), "{review}");
    // Nothing was counted or kept again.
    let kept = std::fs::read_to_string(dir.path().join("games.jsonl")).unwrap();
    assert_eq!(kept.lines().count(), 2, "{kept}");
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('q'));
    assert!(matches!(app.mode, Mode::Menu));
}

/// The move a review proves threw the draw away comes back as a puzzle:
/// the next run on the screen starts with it, from the position before
/// the mistake, and solving it there counts in the collection.
#[test]
fn a_mistake_comes_back_as_a_puzzle_and_solving_it_counts() {
    use ratatui::crossterm::event::KeyCode;
    use unbeatable::tui::app::Mode;

    use crate::tui::{key, screen, settle};

    let dir = tempfile::tempdir().unwrap();
    let mut app = tic_tac_toe_app(dir.path());
    lose(&mut app);
    let lost = app.playing().unwrap().moves_text();
    key(&mut app, KeyCode::Char('q'));
    assert!(matches!(app.mode, Mode::Menu));
    key(&mut app, KeyCode::Char('p'));
    settle(&mut app);
    let item = app.run.as_ref().unwrap().item().unwrap().clone();
    assert!(item.mine, "{item:?}");
    assert!(lost.starts_with(&item.moves), "{lost} / {}", item.moves);
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("From your game"), "{shown}");
    for c in item.answers[0].chars() {
        key(&mut app, KeyCode::Char(c));
    }
    key(&mut app, KeyCode::Enter);
    assert!(screen(&app, 80, 24).contains("Solved: "));
    key(&mut app, KeyCode::Char('q'));
    let kept = std::fs::read_to_string(dir.path().join("puzzles.json")).unwrap();
    let kept: serde_json::Value = serde_json::from_str(&kept).unwrap();
    assert_eq!(kept["mine"][0]["moves"], item.moves.as_str(), "{kept}");
    assert_eq!(kept["mine"][0]["solved"], 1, "{kept}");
}
