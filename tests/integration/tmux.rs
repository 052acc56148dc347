//! End to end: the real binary in a real terminal (tmux), as a person plays:
//! open the menu, start 21 Flags, take 1, see the computer leave 17, quit,
//! and check the terminal came back as it was.

use std::process::Command;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "e2e"])
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "e2e"];
        args.extend_from_slice(keys);
        self.run(&args);
    }

    /// Waits until the screen shows every one of `texts`.
    fn wait_for(&self, texts: &[&str]) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if texts.iter().all(|t| screen.contains(t)) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "waited for {texts:?}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

/// Whether tmux is here; in CI it must be.
fn have_tmux() -> bool {
    if Command::new("tmux").arg("-V").output().is_ok() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI must have tmux: .ci/run installs it"
    );
    eprintln!("skipped: tmux is not installed");
    false
}

/// A tmux session of its own (`name`), 80×24, running the program with
/// `args` in a shell that prints `EXITED <status>` when it ends.
fn start(name: &str, args: &str) -> (Tmux, std::path::PathBuf) {
    let bin = assert_cmd::cargo::cargo_bin("unbeatable");
    let data = crate::support::scratch().join(format!("data-{name}"));
    let tmux = Tmux {
        socket: format!("unbeatable-{name}-{}", std::process::id()),
    };
    tmux.run(&[
        "new-session",
        "-d",
        "-s",
        "e2e",
        "-x",
        "80",
        "-y",
        "24",
        "bash --norc --noprofile",
    ]);
    let line = format!(
        "UNBEATABLE_DATA_DIR='{}' UNBEATABLE_CONFIG_DIR=/nonexistent '{}' {args}; echo EXITED $?",
        data.display(),
        bin.display()
    );
    tmux.keys(&[&line, "Enter"]);
    (tmux, data)
}

#[test]
fn play_21_flags_in_a_real_terminal() {
    if !have_tmux() {
        return;
    }
    let (tmux, _) = start("flags", "");
    tmux.wait_for(&["FLAGS", "21 Flags", "Enter to play"]);
    // Smaller games come first: 21 Flags is the third of its family.
    tmux.keys(&["Down", "Down"]);
    tmux.wait_for(&["flags · 21-flags"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for(&["The second player wins with perfect play", "Practice level"]);
    tmux.keys(&["Enter"]);
    tmux.wait_for(&["21 flags left", "Your move."]);
    tmux.keys(&["1", "Enter"]);
    let screen = tmux.wait_for(&["17 flags left", "The computer took 3."]);
    assert!(screen.contains("1 3"), "the moves are listed:\n{screen}");
    // Leaving a game in progress asks first.
    tmux.keys(&["q"]);
    tmux.wait_for(&["Leave this game for the menu?"]);
    tmux.keys(&["y"]);
    tmux.wait_for(&["Enter to play", "lost 1"]);
    tmux.keys(&["q"]);
    tmux.wait_for(&["EXITED 0"]);
    assert_restored(&tmux, "flags left");
}

/// Back on the normal screen (no `game_text` left on it), with the
/// terminal in cooked mode and the cursor shown.
fn assert_restored(tmux: &Tmux, game_text: &str) {
    tmux.keys(&["clear; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo; echo STTY-DONE", "Enter"]);
    let screen = tmux.wait_for(&["STTY-DONE"]);
    let words: Vec<&str> = screen.split_whitespace().collect();
    assert!(
        words.contains(&"icanon") && words.contains(&"echo"),
        "terminal not restored:\n{screen}"
    );
    assert!(
        !screen.contains(game_text),
        "the alternate screen was left:\n{screen}"
    );
    let cursor = tmux.run(&["display-message", "-p", "-t", "e2e", "#{cursor_flag}"]);
    assert_eq!(cursor.trim(), "1", "the cursor is hidden");
}

/// What no typo, no Esc and no stray key may do: play a move or leave the
/// game. And a termination signal leaves the terminal as it was.
#[test]
fn typos_and_esc_lose_nothing_and_sigterm_restores_the_terminal() {
    if !have_tmux() {
        return;
    }
    let (tmux, _) = start("typos", "play tic-tac-toe --human first --level perfect");
    tmux.wait_for(&["Tic-tac-toe", "Your move."]);
    tmux.keys(&["z", "z", "Enter"]);
    let screen = tmux.wait_for(&["there is no column 'z'", "Backspace or Esc"]);
    assert!(!screen.contains(" X "), "a typo was played:\n{screen}");
    tmux.keys(&["Escape", "Escape"]);
    tmux.keys(&["b", "2", "Enter"]);
    tmux.wait_for(&["The computer played", "Your move."]);
    tmux.keys(&["Escape", "Escape"]);
    tmux.keys(&["n"]);
    tmux.wait_for(&["Start a new game? This one counts as a loss."]);
    tmux.keys(&["Escape"]);
    let screen = tmux.wait_for(&["kept playing"]);
    assert!(
        screen.contains(" X "),
        "the game was thrown away:\n{screen}"
    );
    let shell = tmux.run(&["display-message", "-p", "-t", "e2e", "#{pane_pid}"]);
    let killed = Command::new("pkill")
        .args(["-TERM", "-P", shell.trim()])
        .status()
        .expect("pkill runs");
    assert!(killed.success(), "no program to stop");
    tmux.wait_for(&["EXITED"]);
    assert_restored(&tmux, "Your move");
}

/// On a board too large to prove, the computer thinks beside the screen:
/// the person's X is drawn at once, "thinking" shows while the search
/// runs, help opens meanwhile, and the level does not claim "perfect".
#[test]
fn the_screen_stays_live_while_the_computer_thinks_on_seven_by_seven() {
    if !have_tmux() {
        return;
    }
    let file = format!(
        "{}/tests/fixtures/valid/seven-by-seven-five.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let args = format!("play '{file}' --human first --level perfect --think 4");
    let (tmux, _) = start("seven", &args);
    let screen = tmux.wait_for(&["7×7, 5 in a row", "Your move."]);
    assert!(
        !screen.contains("perfect"),
        "the level reads perfect:\n{screen}"
    );
    tmux.keys(&["d", "4", "Enter"]);
    let screen = tmux.wait_for(&["The computer is thinking"]);
    let row: Vec<&str> = screen
        .lines()
        .find(|l| l.trim_start().starts_with("4 "))
        .unwrap_or_else(|| panic!("no row 4:\n{screen}"))
        .split_whitespace()
        .collect();
    assert_eq!(
        row.get(4),
        Some(&"X"),
        "the X is drawn before the answer:\n{screen}"
    );
    assert!(
        !screen.contains("The computer played"),
        "the computer answered too soon:\n{screen}"
    );
    tmux.keys(&["?"]);
    let screen = tmux.wait_for(&["Help", "? or Esc closes this help"]);
    assert!(
        screen.contains("thinking"),
        "help opened while thinking:\n{screen}"
    );
    tmux.keys(&["Escape"]);
    let screen = tmux.wait_for(&["The computer played", "Your move."]);
    assert!(
        screen.contains("level strongest (not proven here)"),
        "the level names what it is:\n{screen}"
    );
    tmux.keys(&["C-c"]);
    tmux.wait_for(&["EXITED 0"]);
}

/// A whole game of coins in a row, typed and with the arrows: the ends
/// are taken, each pile adds up, and the game ends with the row empty.
#[test]
fn play_a_game_of_coins_to_the_end() {
    if !have_tmux() {
        return;
    }
    let (tmux, _) = start("coins", "play coins-in-a-row --human first --level perfect");
    tmux.wait_for(&["6 coins left, worth 107", "Your move."]);
    // The arrow picks the right end (14); Enter takes it.
    tmux.keys(&["Right", "Enter"]);
    tmux.wait_for(&["4 coins left", "You       14", "Your move."]);
    tmux.keys(&["l", "Enter"]);
    tmux.wait_for(&["2 coins left", "Your move."]);
    tmux.keys(&["r", "Enter"]);
    let screen = tmux.wait_for(&["The row is empty.", "· n new game"]);
    assert!(screen.contains("You       14 + "), "{screen}");
    assert!(screen.contains("Computer  "), "{screen}");
    tmux.keys(&["q"]);
    tmux.wait_for(&["Enter to play"]);
    tmux.keys(&["q"]);
    tmux.wait_for(&["EXITED 0"]);
}

/// A terminal that goes away (its window closed; here tmux killed) ends
/// the program: it neither lingers nor spins on the dead terminal.
#[test]
fn a_closed_terminal_ends_the_program() {
    if !have_tmux() {
        return;
    }
    let seed = std::process::id().to_string();
    let (tmux, _) = start(
        "hangup",
        &format!("play connect-four-small --human first --seed {seed}"),
    );
    tmux.wait_for(&["Connect Four, 5 by 4", "Enter starts the game"]);
    let running = || {
        Command::new("pgrep")
            .args([
                "-f",
                &format!("connect-four-small --human first --seed {seed}"),
            ])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    assert!(running());
    drop(tmux);
    let start = Instant::now();
    while running() {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the program outlived its terminal"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Sends `signal` to the program the session's shell runs.
fn signal_program(tmux: &Tmux, signal: &str) {
    let shell = tmux.run(&["display-message", "-p", "-t", "e2e", "#{pane_pid}"]);
    let sent = Command::new("pkill")
        .args([&format!("-{signal}"), "-P", shell.trim()])
        .status()
        .expect("pkill runs");
    assert!(sent.success(), "no program to signal");
}

/// Every signal that ends the program gives the terminal back.
#[test]
fn sigint_and_sigquit_restore_the_terminal() {
    if !have_tmux() {
        return;
    }
    for signal in ["INT", "QUIT"] {
        let (tmux, _) = start(
            &format!("sig{signal}"),
            "play tic-tac-toe --human first --level perfect",
        );
        tmux.wait_for(&["Tic-tac-toe", "Your move."]);
        signal_program(&tmux, signal);
        tmux.wait_for(&["EXITED"]);
        assert_restored(&tmux, "Your move");
    }
}

/// Ctrl-Z gives the terminal back and stops the program, as in other
/// full-screen programs; `fg` brings the game back, drawn whole, and it
/// goes on where it was. SIGTSTP from outside does the same.
#[test]
fn ctrl_z_suspends_and_fg_resumes() {
    if !have_tmux() {
        return;
    }
    // Job control needs an interactive shell.
    let (tmux, _) = start("suspend", "play tic-tac-toe --human first --level perfect");
    tmux.wait_for(&["Tic-tac-toe", "Your move."]);
    tmux.keys(&["C-z"]);
    tmux.wait_for(&["Stopped"]);
    assert_restored(&tmux, "Your move");
    tmux.keys(&["clear; fg", "Enter"]);
    tmux.wait_for(&["Tic-tac-toe", "Your move."]);
    tmux.keys(&["b", "2", "Enter"]);
    tmux.wait_for(&["The computer played", "Your move."]);
    signal_program(&tmux, "TSTP");
    tmux.wait_for(&["Stopped"]);
    tmux.keys(&["clear; fg", "Enter"]);
    let screen = tmux.wait_for(&["Tic-tac-toe", "Your move."]);
    assert!(screen.contains(" X "), "the game went on:\n{screen}");
    tmux.keys(&["C-c"]);
    // The shell moved on when the job stopped: no EXITED line now.
    tmux.wait_for(&["this game: unbeatable play tic-tac-toe --moves \"b2 "]);
    assert_restored(&tmux, "Your move");
}

/// A lost game, kept, opens in the screen's review with `review`: stepped
/// to the mistake, `t` names the move that kept the draw; the review does
/// not count the game again.
#[test]
fn review_a_lost_game_in_a_real_terminal() {
    if !have_tmux() {
        return;
    }
    // A game where the first player (the person) throws the draw away at
    // move 7 (c1, where a3 kept it) and loses.
    let (tmux, data) = start(
        "review",
        "review tic-tac-toe --moves 'b1 a1 b2 b3 c2 a2 c1 a3'",
    );
    tmux.wait_for(&["Review: move 8 of 8", "Your mistakes: c1"]);
    tmux.keys(&["Home"]);
    tmux.wait_for(&["Review: move 0 of 8"]);
    tmux.keys(&[
        "Right", "Right", "Right", "Right", "Right", "Right", "Right",
    ]);
    tmux.wait_for(&["Review: move 7 of 8", "c1 threw away the draw"]);
    tmux.keys(&["t"]);
    tmux.wait_for(&["Instead of c1", "play a3"]);
    // Onto the analysis board there: back one move, a3 instead of c1.
    tmux.keys(&["a"]);
    tmux.wait_for(&["Analysis board", "| a3"]);
    tmux.keys(&["u"]);
    tmux.wait_for(&["c2 a2 |", "c1 a3"]);
    tmux.keys(&["a", "3", "Enter"]);
    tmux.wait_for(&["Line: b1 a1 b2 b3 c2 a2 a3", "Second (O) to move"]);
    tmux.keys(&["q"]);
    tmux.keys(&["q"]);
    tmux.wait_for(&["EXITED 0"]);
    assert_restored(&tmux, "Analysis board");
    assert!(
        !data.join("games.jsonl").exists(),
        "a review is not kept again"
    );
}

/// A ruleset file with a built-in's stem and rules of its own opens as
/// itself, and the line that takes the game up again names the file: it
/// opened the built-in, and named the stem.
#[test]
fn a_file_with_a_builtins_stem_plays_its_own_rules_and_is_named_by_its_path() {
    if !have_tmux() {
        return;
    }
    let dir = crate::support::scratch().join("own");
    std::fs::create_dir_all(&dir).expect("a folder for the file");
    let file = dir.join("tic-tac-toe.toml");
    let text = "name = \"Tic-tac-toe\"\ndescription = \"Four wide.\"\nkind = \"mnk\"\n\n[mnk]\nwidth = 4\nheight = 3\nk = 3\n";
    std::fs::write(&file, text).expect("the file written");
    let path = std::fs::canonicalize(&file).expect("the file's full path");
    let (tmux, _) = start(
        "own-rules",
        &format!("play '{}' --human first --level perfect", file.display()),
    );
    tmux.wait_for(&["a   b   c   d", "Your move."]);
    tmux.keys(&["d", "3", "Enter"]);
    tmux.wait_for(&["The computer played", "Your move."]);
    tmux.keys(&["C-c"]);
    let screen = tmux.wait_for(&["EXITED 0"]);
    // The line is longer than the screen: its wrapped parts joined.
    let joined = screen.replace('\n', "");
    let wanted = format!(
        "this game: unbeatable play {} --moves \"d3 ",
        path.display()
    );
    assert!(joined.contains(&wanted), "{wanted}\n{screen}");
}
