//! The command line, run as a user runs it: exact shapes of `analyze --json`
//! and of the plain-play protocol (docs/design.md §4).

use assert_cmd::Command;
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;
use serde_json::Value as Json;

pub fn unbeatable() -> Command {
    let mut cmd = Command::cargo_bin("unbeatable").expect("the binary is built");
    // Keep the user's own rulesets out of the tests, and the tests' games
    // out of the user's kept games.
    cmd.env("UNBEATABLE_CONFIG_DIR", "/nonexistent-unbeatable-test");
    cmd.env("UNBEATABLE_DATA_DIR", test_data_dir());
    cmd
}

/// A data folder of this test's own.
pub fn test_data_dir() -> std::path::PathBuf {
    crate::support::scratch().join("data")
}

/// What the program writes to standard output, run with `args` and
/// `input` typed on standard input.
pub fn stdout_of(args: &[&str], input: &str) -> String {
    let out = unbeatable()
        .args(args)
        .write_stdin(input.to_string())
        .output()
        .expect("runs");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

pub fn analyze_json(ruleset: &str, moves: &str) -> Json {
    analyze_json_with(ruleset, moves, &[])
}

/// `analyze_json` with more arguments (`--think 5`).
pub fn analyze_json_with(ruleset: &str, moves: &str, more: &[&str]) -> Json {
    let out = unbeatable()
        .args(["analyze", ruleset, "--moves", moves, "--json"])
        .args(more)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// The entry of `analyze --json`'s moves for the move `name`.
pub fn move_in<'a>(j: &'a Json, name: &str) -> &'a Json {
    j["moves"]
        .as_array()
        .and_then(|moves| moves.iter().find(|m| m["move"] == name))
        .unwrap_or_else(|| panic!("{name} is not among the moves: {j}"))
}

#[test]
fn analyze_json_has_the_documented_shape() {
    let j = analyze_json("21-flags", "");
    let keys: Vec<&str> = j.as_object().unwrap().keys().map(String::as_str).collect();
    let mut want = vec![
        "ruleset",
        "kind",
        "to_move",
        "status",
        "value",
        "plies",
        "proven",
        "cut_short",
        "moves",
    ];
    want.sort_unstable();
    let mut got = keys.clone();
    got.sort_unstable();
    assert_eq!(got, want);
    assert_eq!(j["ruleset"], "21 Flags");
    assert_eq!(j["kind"], "flags");
    assert_eq!(j["to_move"], "first");
    assert_eq!(j["status"], "ongoing");
    assert_eq!(j["value"], "loss");
    assert_eq!(j["plies"], 10);
    assert_eq!(j["proven"], true);
    assert_eq!(
        j["moves"][0],
        serde_json::json!({"move": "1", "result": "loss", "plies": 10, "proven": true})
    );
}

#[test]
fn analyze_replays_moves_and_names_an_illegal_one() {
    let j = analyze_json("21-flags", "1");
    assert_eq!(j["to_move"], "second");
    assert_eq!(j["value"], "win");
    let best: Vec<&Json> = j["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["result"] == "win")
        .collect();
    assert_eq!(best.len(), 1);
    assert_eq!(best[0]["move"], "3");

    unbeatable()
        .args(["analyze", "21-flags", "--moves", "1 2 9"])
        .assert()
        .failure()
        .stderr(contains("move 3 '9'"));
}

#[test]
fn analyze_reports_a_finished_game() {
    let j = analyze_json("flags-2-4", "2 4");
    // 9 - 2 - 4 = 3 flags: the first player takes 2 and leaves 1.
    assert_eq!(j["status"], "ongoing");
    let j = analyze_json("flags-2-4", "2 4 2");
    assert_eq!(j["status"], "first_won");
    assert_eq!(j["moves"].as_array().unwrap().len(), 0);
    let j = analyze_json("flags-2-5-7", "5 2");
    assert_eq!(j["status"], "draw");
}

#[test]
fn analyze_in_sentences_names_the_idea() {
    unbeatable()
        .args(["analyze", "21-flags", "--moves", "1"])
        .assert()
        .success()
        .stdout(contains("Losing counts"))
        .stdout(contains("1, 5, 9, 13, 17"))
        .stdout(contains("repeat every 4"))
        .stdout(contains("Winning move: 3"));
}

#[test]
fn plain_play_follows_the_protocol() {
    let out = unbeatable()
        .args(["play", "21-flags", "--plain", "--seed", "7"])
        .write_stdin("zzz\n1\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let first_prompt = lines
        .iter()
        .position(|l| l.starts_with("your move"))
        .unwrap();
    assert!(lines[first_prompt + 1].starts_with("error:"), "{text}");
    assert!(lines[first_prompt + 2].starts_with("your move"), "{text}");
    assert!(lines.contains(&"computer plays 3"), "{text}");
    assert!(text.contains("17 flags left"), "{text}");
    // Input ran out before the game ended.
    assert!(!out.status.success());
}

#[test]
fn plain_play_ends_with_game_over() {
    // The person plays second on flags-2-4 and the computer wins at once.
    let out = unbeatable()
        .args([
            "play",
            "flags-2-4",
            "--plain",
            "--human",
            "second",
            "--seed",
            "1",
        ])
        .write_stdin("2\n2\n2\n2\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.lines().any(|l| l == "game over: computer wins"),
        "{text}"
    );
    assert!(out.status.success());
    assert!(
        text.lines()
            .filter(|l| l.starts_with("computer plays "))
            .count()
            >= 1
    );
}

#[test]
fn plain_play_is_repeatable_with_a_seed() {
    let run = || {
        unbeatable()
            .args([
                "play",
                "stones-1-3-4",
                "--plain",
                "--human",
                "second",
                "--level",
                "easy",
                "--seed",
                "42",
            ])
            .write_stdin("1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n")
            .output()
            .unwrap()
            .stdout
    };
    assert_eq!(run(), run());
}

#[test]
fn you_win_and_draw_endings() {
    // flags-2-4 from 9: take 2 wins (7 left: 2->5 or 4->3, ...).
    let out = unbeatable()
        .args(["play", "flags-2-4", "--plain", "--seed", "3"])
        // Whatever the computer answers (2 or 4 from 7), 4 or else 2 wins.
        .write_stdin("2\n4\n2\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().any(|l| l == "game over: you win"), "{text}");

    let out = unbeatable()
        .args(["play", "flags-2-5-7", "--plain", "--seed", "3"])
        .write_stdin("5\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().any(|l| l == "game over: draw"), "{text}");
}

#[test]
fn unknown_ruleset_and_bad_options_fail_clearly() {
    unbeatable()
        .args(["analyze", "no-such-game"])
        .assert()
        .failure()
        .stderr(contains("no ruleset 'no-such-game'"))
        .stderr(contains("unbeatable list"));
    // A near miss is answered with the name meant, not the whole list.
    unbeatable()
        .args(["play", "tic-tac-to", "--plain"])
        .assert()
        .failure()
        .stderr(contains("did you mean 'tic-tac-toe'?"))
        .stderr(contains("21-flags").not());
    unbeatable()
        .args(["play", "21-flags", "--plain", "--level", "godlike"])
        .assert()
        .failure()
        .stderr(contains("unknown level 'godlike'"));
}

#[test]
fn list_shows_every_builtin() {
    let assert = unbeatable().arg("list").assert().success();
    let out = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
    for (id, _) in unbeatable::rules::BUILTIN {
        assert!(out.contains(id), "{id} missing from list");
    }
}

/// Built-in games whose start no exact method settles within the budget:
/// their value there is honestly unknown. Every other built-in is proven.
const UNPROVEN_BUILTINS: &[&str] = &["gomoku", "word-chain"];

#[test]
fn analyze_and_plain_play_work_on_every_builtin() {
    for (id, _) in unbeatable::rules::BUILTIN {
        let j = analyze_json(id, "");
        assert_eq!(j["status"], "ongoing", "{id}");
        assert!(!j["moves"].as_array().unwrap().is_empty(), "{id}");
        let proven = !UNPROVEN_BUILTINS.contains(id);
        assert_eq!(j["proven"], proven, "{id}: proven should be {proven}");
        assert_eq!(j["value"] == "unknown", !proven, "{id}: {}", j["value"]);
        unbeatable()
            .args(["analyze", id])
            .assert()
            .success()
            .stdout(contains(if proven { "perfect play" } else { "Not proven" }));
        // The person asks for a tip, plays it, then quits.
        let out = unbeatable()
            .args(["play", id, "--plain", "--seed", "3"])
            .write_stdin("hint\nquit\n")
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{id}: {text}");
        assert!(
            text.lines().any(|l| l.starts_with("your move")),
            "{id}: {text}"
        );
        assert!(
            text.lines().any(|l| l.starts_with("hint: ")),
            "{id}: {text}"
        );
    }
}

/// Piles of 10^18 with take "any", normal and misère: the winning move
/// listed, every other move counted as a loss, and both front ends play it.
#[test]
fn huge_nim_piles_answer_and_play() {
    for file in ["nim-any-huge-piles.toml", "nim-any-huge-misere.toml"] {
        let path = format!("{}/tests/fixtures/valid/{file}", env!("CARGO_MANIFEST_DIR"));
        let j = analyze_json(&path, "");
        assert_eq!(j["value"], "win", "{file}");
        assert_eq!(j["proven"], true, "{file}");
        assert_eq!(
            j["moves"],
            serde_json::json!([{"move": "1:999999000000000004", "result": "win", "plies": null, "proven": true}]),
            "{file}"
        );
        assert_eq!(j["others"]["result"], "loss", "{file}");
        assert_eq!(
            j["others"]["count"].as_f64(),
            Some(1_000_001_000_000_000_001.0),
            "{file}"
        );
        let out = unbeatable()
            .args(["play", &path, "--plain", "--seed", "5"])
            .write_stdin("1:999999000000000004\nquit\n")
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{file}: {text}");
        assert!(
            text.lines().any(|l| l.starts_with("computer plays ")),
            "{file}: {text}"
        );
        assert!(
            !text.contains("coach:"),
            "the winning move is not scolded: {text}"
        );
    }
}

/// A reader that goes away (`| head -1`, a closed pipe) ends the output
/// quietly: no panic, no error.
#[test]
fn a_closed_stdout_ends_quietly() {
    use std::process::{Command, Stdio};
    let bin = assert_cmd::cargo::cargo_bin("unbeatable");
    for args in [
        vec!["analyze", "juniper-green"],
        vec![
            "check",
            "rulesets/21-flags.toml",
            "rulesets/juniper-green.toml",
        ],
        vec!["list"],
    ] {
        let mut child = Command::new(&bin)
            .args(&args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {stderr}");
        assert!(
            !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
            "{args:?}: {stderr}"
        );
    }
}

/// `play --moves` starts from a position, and a game left or finished is
/// printed as the command that takes it up again.
#[test]
fn play_starts_from_moves_and_prints_the_game_to_take_up_again() {
    let out = unbeatable()
        .args([
            "play", "21-flags", "--plain", "--human", "first", "--moves", "1 3",
        ])
        .write_stdin("2\nquit\n")
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("17 flags left"), "{text}");
    assert!(text.contains("you play 2"), "{text}");
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("this game: unbeatable play 21-flags --plain --moves \"1 3 2 "),
        "{last}"
    );
    unbeatable()
        .args(["play", "21-flags", "--plain", "--moves", "1 9"])
        .write_stdin("quit\n")
        .assert()
        .failure()
        .stderr(contains("move 2 '9' cannot be played"));
}

/// A user's file named like a built-in is reported wherever it matters:
/// `check`, `list`, and `play` by that name (which picks the built-in).
#[test]
fn a_user_ruleset_named_like_a_builtin_is_reported() {
    let dir = crate::support::scratch().join("clash");
    let rulesets = dir.join("rulesets");
    std::fs::create_dir_all(&rulesets).unwrap();
    let file = rulesets.join("21-flags.toml");
    // Other rules under a built-in's name.
    let other = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets/flags-2-4.toml"),
    )
    .unwrap();
    std::fs::write(&file, other).unwrap();
    let config = dir.to_str().unwrap();
    unbeatable()
        .env("UNBEATABLE_CONFIG_DIR", config)
        .arg("check")
        .arg(&file)
        .assert()
        .success()
        .stderr(contains("named like the built-in ruleset '21-flags'"));
    unbeatable()
        .env("UNBEATABLE_CONFIG_DIR", config)
        .arg("list")
        .assert()
        .success()
        .stderr(contains("named like the built-in"));
    unbeatable()
        .env("UNBEATABLE_CONFIG_DIR", config)
        .args(["play", "21-flags", "--plain"])
        .write_stdin("quit\n")
        .assert()
        .success()
        .stderr(contains("the name '21-flags' plays the built-in"));
    // The review of a game of the built-in says so once (it said it twice:
    // once finding the game's key, once its rules).
    unbeatable()
        .env("UNBEATABLE_CONFIG_DIR", config)
        .args(["play", "21-flags", "--plain", "--moves", "3 3 3 3 3 3 2"])
        .write_stdin("quit\n")
        .assert()
        .success();
    let out = unbeatable()
        .env("UNBEATABLE_CONFIG_DIR", config)
        .args(["review", "21-flags"])
        .output()
        .unwrap();
    let warned = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{warned}");
    assert_eq!(
        warned.matches("named like the built-in").count(),
        1,
        "{warned}"
    );
}

/// Game options written before `play` are used (those after it win), and
/// before any other command they are refused, never silently dropped.
#[test]
fn game_options_before_the_command_go_with_play_and_are_refused_elsewhere() {
    let side = |args: &[&str]| {
        let out = unbeatable()
            .args(args)
            .write_stdin("quit\n")
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        text.lines()
            .find(|l| l.starts_with("You play "))
            .map(str::to_owned)
            .unwrap_or_else(|| panic!("{text}"))
    };
    let before = side(&["--human", "second", "play", "flags-2-4", "--plain"]);
    assert!(before.starts_with("You play second"), "{before}");
    let both = [
        "--human",
        "second",
        "play",
        "flags-2-4",
        "--plain",
        "--human",
        "first",
    ];
    assert!(side(&both).starts_with("You play first"));

    let out = unbeatable()
        .args(["--think", "2", "analyze", "flags-2-4"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("--think before a command is only for `play`"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

/// In a terminal of 80 columns no line of `list` is wider than 80.
#[test]
fn list_fits_the_terminal() {
    let out = unbeatable()
        .arg("list")
        .env("COLUMNS", "80")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "{line}");
    }
    assert!(text.contains("Take 1 to 3 flags."), "{text}");
}

/// The tip plain play gives first, `play` started with `args`: its
/// `hint: ` line, or "" where there is none.
fn plain_hint(args: &[&str]) -> String {
    let out = unbeatable()
        .arg("play")
        .args(args)
        .arg("--plain")
        .write_stdin("hint\nquit\n")
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let hint = text.lines().find(|l| l.starts_with("hint: "));
    hint.unwrap_or_default().to_string()
}

/// A term's gloss fits every family that uses it: a maximum matching in
/// geography on a king's board pairs squares, not "numbers where one
/// divides the other" (the divisors game's), as it once said.
#[test]
fn a_term_s_gloss_fits_the_family_it_explains() {
    for name in ["kings-walk", "juniper-green"] {
        let hint = plain_hint(&[name]);
        assert!(hint.contains("maximum matching (as many pairs"), "{hint}");
        assert!(!hint.contains("divides"), "{hint}");
    }
}

/// A board's geography speaks of its squares and its piece, and a listed
/// graph of vertices and a token unless it names its own: a king's walk
/// has no vertices, One-way geography has towns and a car.
#[test]
fn a_geography_speaks_of_its_board_s_squares_and_piece() {
    let out = |name: &str| {
        let run = unbeatable()
            .args(["play", name, "--plain", "--think", "1"])
            .write_stdin("hint\nzz\nquit\n")
            .assert()
            .success();
        let output = run.get_output();
        let (out, err) = (&output.stdout, &output.stderr);
        format!(
            "{}{}",
            String::from_utf8_lossy(out),
            String::from_utf8_lossy(err)
        )
    };
    let king = out("kings-walk");
    for said in [
        "(25 squares, 72 edges)",
        "the king is on c3",
        "of the squares left covers",
        "'zz' is not one of this game's squares: type one, e.g. b2",
    ] {
        assert!(king.contains(said), "{said}: {king}");
    }
    assert!(!king.contains("vert") && !king.contains("token"), "{king}");
    // A listed graph speaks of vertices and a token, or of the places and
    // the piece its ruleset names.
    let listed = out(&format!(
        "{}/tests/fixtures/valid/listed-graph.toml",
        env!("CARGO_MANIFEST_DIR")
    ));
    for said in [
        "geography on a list of 3 vertices (3 edges, directed)",
        "the token is on home",
        "'zz' is not one of this game's vertices: type one, e.g. mill",
    ] {
        assert!(listed.contains(said), "{said}: {listed}");
    }
    let towns = out("one-way-geography");
    for said in [
        "geography on a list of 9 towns (15 edges, directed)",
        "the car is on home",
        "'zz' is not one of this game's towns: type one, e.g. mill",
    ] {
        assert!(towns.contains(said), "{said}: {towns}");
    }
    assert!(
        !towns.contains("vert") && !towns.contains("token"),
        "{towns}"
    );
}

/// A move's reason follows it after a dash, in the tip and in `analyze`
/// alike: never "1:1: …" for nim's pile:count moves, nor a second colon
/// after "you can win: play 2 (…)".
#[test]
fn a_move_s_reason_follows_it_after_a_dash() {
    let hint = plain_hint(&["nim-1-4-5"]);
    assert!(hint.contains("every move loses"), "{hint}");
    let example = hint.split("for example ").nth(1).unwrap_or_default();
    let mv = example.split(' ').next().unwrap_or_default();
    assert!(mv.contains(':') && !mv.ends_with(':'), "{hint}");
    assert!(example.contains(" — "), "{hint}");
    let hint = plain_hint(&["flags-2-7"]);
    assert!(
        hint.contains("you can win: play 2 (win in 5 plies) — taking 2 leaves 19"),
        "{hint}"
    );
    unbeatable()
        .args(["analyze", "21-flags", "--moves", "1"])
        .assert()
        .success()
        .stdout(contains(
            "Winning move: 3 (win in 9 plies) — taking 3 leaves 17",
        ));
}

/// `analyze` knows what play knows: on gomoku past the exact search, a win
/// by threats that the tip and the computer find (here l10, found by a
/// threat sequence with threes) is a proven win in `analyze` too, and the
/// tip names the same move.
#[test]
fn analyze_proves_the_threat_win_the_tip_finds() {
    let line = "j10 f8 j9 j11 k9 l9 k10 i10 j8 k12 h9 l13 m14 l11";
    let j = analyze_json("gomoku", line);
    assert_eq!(j["value"], "win", "{j}");
    let won: Vec<&str> = j["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["result"] == "win")
        .filter_map(|m| m["move"].as_str())
        .collect();
    assert!(won.contains(&"l10"), "{won:?}");
    let hint = plain_hint(&["gomoku", "--moves", line]);
    assert!(hint.contains("you can win: play l10"), "{hint}");
}

/// And on the exact search's own boards where it settles little: on 8×8
/// k=5 after `d5 g7 e4 d6 d4 c4 e3 e5` (from a game lost to Rapfi as O),
/// X wins by threats with f3. The value and the choice proved it, while
/// the move list, left to the exact search, said f3 "unknown" even with
/// 600 s; it now names f3 the winning move too, and the tip plays it.
#[test]
fn analyze_lists_the_threat_win_on_eight_by_eight() {
    let ruleset = format!(
        "{}/tests/fixtures/valid/eight-by-eight-five.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let line = "d5 g7 e4 d6 d4 c4 e3 e5";
    let j = analyze_json_with(&ruleset, line, &["--think", "5"]);
    assert_eq!(j["value"], "win", "{j}");
    let f3 = move_in(&j, "f3");
    assert_eq!(f3["result"], "win", "{f3}");
    let hint = plain_hint(&[&ruleset, "--think", "5", "--moves", line]);
    assert!(hint.starts_with("hint: you can win: play f3"), "{hint}");
}

/// A quiet move's win: after `g10 f7 h11 f9 i10 g9 f11 h9 i9` (from a
/// game lost to Rapfi as X), O's g6 makes no four nor three, so no search
/// for a win by threats from here finds it; the position after it is
/// proven lost for X. `analyze` proves it among every move, and the tip,
/// whose search chooses it, says it wins — neither "unknown".
#[test]
fn a_quiet_move_s_win_is_proven_by_analyze_and_by_the_tip() {
    let line = "g10 f7 h11 f9 i10 g9 f11 h9 i9";
    let j = analyze_json_with("gomoku", line, &["--think", "5"]);
    assert_eq!(j["value"], "win", "{j}");
    let g6 = move_in(&j, "g6");
    assert_eq!(g6["result"], "win", "{g6}");
    let args = [
        "gomoku", "--human", "second", "--think", "5", "--moves", line,
    ];
    let hint = plain_hint(&args);
    assert!(hint.starts_with("hint: you can win: play g6"), "{hint}");
}

/// And the loser's side of it: after O's g13, a win eight threats deep
/// that play finds (by proof numbers), X's every move is lost within
/// seven — past the depth-first search's six — and `analyze` proves the
/// position lost and every move with it, not "unknown".
#[test]
fn analyze_proves_lost_what_play_proves_won_deeper() {
    let line = "j10 i10 h9 j9 h11 h10 i11 g11 g10 h12 f9 e8 e9 g9 k11 i12 f12 \
        i8 e12 f11 c12 d12 e10 d11 e11 e13 d10 c9 j12 l10 j14 l11 k10 b10 c11 f8 e7 \
        l8 l9 i7 i6 j8 h14 g13";
    let j = analyze_json_with("gomoku", line, &["--think", "5"]);
    assert_eq!(j["value"], "loss", "{j}");
    let moves = j["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 225 - 44);
    let open: Vec<&Json> = moves.iter().filter(|m| m["result"] != "loss").collect();
    assert!(open.is_empty(), "{open:?}");
    // The tip says so too (its choice's own proof not reached).
    let hint = plain_hint(&["gomoku", "--think", "5", "--moves", line]);
    assert!(
        hint.starts_with("hint: you are lost against perfect play"),
        "{hint}"
    );
    // And O's tip, before g13, names the win its value proves, not "not
    // proven" (the value found it by proof numbers; the choice of the
    // move, asked next, is the same proof).
    let before = line.trim_end_matches(" g13");
    let args = [
        "gomoku", "--human", "second", "--think", "5", "--moves", before,
    ];
    let hint = plain_hint(&args);
    assert!(hint.starts_with("hint: you can win: play g13"), "{hint}");
}

/// Ctrl-C stops an analysis that would search without end (`--think 0`
/// past the exact search, on gomoku) and prints what it proved by then:
/// every other value unknown and `cut_short`, a line on stderr, exit
/// status 130 (docs/design.md). Before, the signal ended it with nothing
/// printed.
#[test]
fn ctrl_c_stops_an_endless_analysis_and_prints_what_it_proved() {
    use std::io::Read;
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("unbeatable"))
        .args(["analyze", "gomoku", "--moves", "h8 i9", "--think", "0"])
        .arg("--json")
        .env("UNBEATABLE_CONFIG_DIR", "/nonexistent-unbeatable-test")
        .env("UNBEATABLE_DATA_DIR", test_data_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let pid = child.id();
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).map(|_| text)
    });
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).map(|_| text)
    });
    // Signalled only once it listens for the signal (its caught signals'
    // mask, in /proc): before, the signal's default would end it.
    let caught = || {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
            .is_some_and(|mask| mask & (1 << (libc::SIGINT - 1)) != 0)
    };
    let start = Instant::now();
    while !caught() {
        assert!(start.elapsed() < Duration::from_secs(60), "never listened");
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(300));
    let pid = i32::try_from(pid).expect("a process id");
    // SAFETY: a signal to the child this test started and still waits for.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    // A bound far above the milliseconds it takes, against a hang.
    let stopped = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        if stopped.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("still running 60 s after Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let out = out.join().expect("reads").expect("stdout");
    let err = err.join().expect("reads").expect("stderr");
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(err.contains("stopped by Ctrl-C"), "{err}");
    let json: Json = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(json["cut_short"], true);
    assert_eq!(json["value"], "unknown");
    let moves = json["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 223);
    // No result is a guess: a move is proven exactly where it is known.
    for m in moves {
        let proven = m["proven"].as_bool().expect("proven");
        assert_eq!(proven, m["result"] != "unknown", "{m}");
    }
}

/// Within a group the moves with a proven length come first, each with it,
/// and the others after them, said to be without one: "2, 52, 68, 70, 74
/// (in 4 plies)" read as if all five lost in 4 plies, where only 74 did.
#[test]
fn a_length_in_the_text_is_only_its_own_moves() {
    for ruleset in ["juniper-green", "multiples-divisors-99"] {
        let j = analyze_json_with(ruleset, "", &["--think", "0"]);
        let losing: Vec<&Json> = j["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["result"] == "loss")
            .collect();
        let name = |m: &Json| m["move"].as_str().unwrap().to_string();
        let (timed, bare): (Vec<&Json>, Vec<&Json>) =
            losing.iter().partition(|m| m["plies"].is_u64());
        assert!(!timed.is_empty() && !bare.is_empty(), "{ruleset}: {j}");
        let out = unbeatable()
            .args(["analyze", ruleset, "--think", "0"])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let line = text
            .lines()
            .find(|l| l.starts_with("Losing moves: "))
            .unwrap_or_else(|| panic!("{text}"));
        let (with, without) = line["Losing moves: ".len()..]
            .split_once("; ")
            .unwrap_or_else(|| panic!("{line}"));
        let want: Vec<String> = timed
            .iter()
            .map(|m| format!("{} (in {} plies)", name(m), m["plies"]))
            .collect();
        assert_eq!(with, want.join(", "), "{ruleset}");
        let (listed, _) = without
            .split_once(" (how slowly not proven)")
            .unwrap_or_else(|| panic!("{line}"));
        let shown: Vec<String> = bare.iter().map(|m| name(m)).take(24 - want.len()).collect();
        assert_eq!(listed, shown.join(", "), "{ruleset}");
    }
}

#[test]
fn plain_play_and_its_tip_say_how_far_the_search_looked_past_the_proof() {
    // 15×15 gomoku: no proof fits the budget, so the computer's reply is
    // the playing search's, and the note names the plies it looked ahead.
    let out = unbeatable()
        .args([
            "play", "gomoku", "--plain", "--human", "first", "--level", "perfect", "--think", "0.3",
        ])
        .write_stdin("h8\nhint\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // The tip, asked past the proof, says the same of its own search.
    let tip = text
        .lines()
        .find(|l| l.starts_with("hint: not proven"))
        .unwrap_or_else(|| panic!("no unproven tip: {text}"));
    assert!(
        crate::support::search_reach(tip).is_some_and(|d| d >= 1),
        "{tip}"
    );
    let note = text
        .lines()
        .find(|l| l.starts_with("note: not proven"))
        .unwrap_or_else(|| panic!("no note on the unproven move: {text}"));
    assert!(
        crate::support::search_reach(note).is_some_and(|d| d >= 1),
        "{note}"
    );
}

/// `check` takes a ruleset by name as play does, and says where it found
/// it; a name that finds none is an error naming the one meant.
#[test]
fn check_takes_names_as_play_does() {
    unbeatable()
        .args(["check", "tic-tac-toe"])
        .assert()
        .success()
        .stdout(contains("tic-tac-toe: ok — Tic-tac-toe (mnk), built-in"))
        .stderr("");
    unbeatable()
        .args(["check", "ghostt"])
        .assert()
        .failure()
        .stderr(contains("did you mean 'ghost'?"));
}

/// A negative --think or --seed is read and refused for what it is (clap
/// took '-1' for an option of its own and advised `-- -1`), and a seed
/// that is not a whole number says what one is.
#[test]
fn negative_numbers_are_refused_as_values() {
    unbeatable()
        .args(["analyze", "21-flags", "--think", "-1"])
        .assert()
        .code(2)
        .stderr(contains("'-1' is out of range: use 0 to 3600 seconds"));
    for seed in ["-3", "1.5"] {
        unbeatable()
            .args(["play", "21-flags", "--plain", "--seed", seed])
            .assert()
            .code(2)
            .stderr(contains(format!(
                "'{seed}' is not a seed: use a whole number"
            )));
    }
    unbeatable()
        .args(["puzzles", "21-flags", "--count", "1", "--seed", "7"])
        .assert()
        .success()
        .stdout(contains("21 Flags (flags): 1 puzzle\n"));
}
