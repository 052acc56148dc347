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

#[test]
fn play_21_flags_in_a_real_terminal() {
    if Command::new("tmux").arg("-V").output().is_err() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have tmux: .ci/run installs it"
        );
        eprintln!("skipped: tmux is not installed");
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin("unbeatable");
    let data = std::env::temp_dir().join(format!("unbeatable-e2e-{}", std::process::id()));
    let tmux = Tmux {
        socket: format!("unbeatable-test-{}", std::process::id()),
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
        "UNBEATABLE_DATA_DIR='{}' UNBEATABLE_CONFIG_DIR=/nonexistent '{}'; echo EXITED $?",
        data.display(),
        bin.display()
    );
    tmux.keys(&[&line, "Enter"]);
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
    tmux.keys(&["q"]);
    tmux.wait_for(&["Enter to play"]);
    tmux.keys(&["q"]);
    tmux.wait_for(&["EXITED 0"]);
    // Back on the normal screen, with the terminal in cooked mode again.
    tmux.keys(&["clear; stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo; echo STTY-DONE", "Enter"]);
    let screen = tmux.wait_for(&["STTY-DONE"]);
    let words: Vec<&str> = screen.split_whitespace().collect();
    assert!(
        words.contains(&"icanon") && words.contains(&"echo"),
        "terminal not restored:\n{screen}"
    );
    assert!(
        !screen.contains("flags left"),
        "the alternate screen was left:\n{screen}"
    );
    let _ = std::fs::remove_dir_all(&data);
}
