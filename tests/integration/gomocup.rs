//! The Gomocup protocol, spoken as a tournament manager speaks it: one
//! command a line, one reply a line, the brain started as `unbeatable
//! gomocup` or under a `pbrain-` name.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// A brain process, talked to line by line.
struct Brain {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// The `MESSAGE` lines read since the last reply, as a manager shows
    /// them.
    messages: Vec<String>,
}

impl Brain {
    fn start(program: &std::path::Path, args: &[&str]) -> Self {
        let mut child = Command::new(program)
            .args(args)
            .env("UNBEATABLE_CONFIG_DIR", "/nonexistent-unbeatable-test")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the brain starts");
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        Self {
            child,
            input,
            output,
            messages: Vec::new(),
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the brain reads");
        self.input.flush().expect("flushed");
    }

    /// The reply to `line` (its messages kept apart), and how long it
    /// took.
    fn ask(&mut self, line: &str) -> (String, Duration) {
        let t = Instant::now();
        self.send(line);
        self.messages.clear();
        loop {
            let mut reply = String::new();
            self.output.read_line(&mut reply).expect("a reply");
            let reply = reply.trim().to_string();
            if !reply.starts_with("MESSAGE") {
                return (reply, t.elapsed());
            }
            self.messages.push(reply);
        }
    }

    /// `BOARD` with `stones` (x, y, 1 for the brain's or 2), then `DONE`:
    /// the brain's move.
    fn board(&mut self, stones: &[(usize, usize, u8)]) -> String {
        self.send("BOARD");
        for (x, y, who) in stones {
            self.send(&format!("{x},{y},{who}"));
        }
        self.ask("DONE").0
    }

    /// The messages that claim a proof (`MESSAGE proven: …`), apart from
    /// what the search says it did.
    fn claims(&self) -> Vec<&str> {
        self.messages
            .iter()
            .map(String::as_str)
            .filter(|m| m.starts_with("MESSAGE proven: "))
            .collect()
    }

    /// Checks that the brain's `reply` was `cell`, said to be a proven
    /// win.
    fn assert_proven_win(&self, reply: &str, cell: &str) {
        assert_eq!(reply, cell, "{:?}", self.messages);
        let said = format!("{cell} is a win");
        assert!(
            self.messages.iter().any(|m| m.contains(&said)),
            "{:?}",
            self.messages
        );
    }

    /// Ends the brain and checks it leaves at once and cleanly.
    fn end(mut self) {
        self.send("END");
        let t = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("waited") {
                assert!(status.success(), "{status}");
                return;
            }
            assert!(t.elapsed() < Duration::from_secs(30), "END did not end it");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

fn binary() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("unbeatable")
}

/// A cell `x,y` on a board of `size`.
fn cell(reply: &str, size: usize) -> (usize, usize) {
    let (x, y) = reply
        .split_once(',')
        .unwrap_or_else(|| panic!("not a cell: {reply}"));
    let (x, y) = (x.parse().unwrap(), y.parse().unwrap());
    assert!(x < size && y < size, "{reply} is off the board");
    (x, y)
}

#[test]
fn the_gomocup_protocol_is_spoken() {
    let mut brain = Brain::start(&binary(), &["gomocup"]);
    let (about, _) = brain.ask("ABOUT");
    assert!(about.starts_with("name=\"unbeatable\""), "{about}");
    brain.send("INFO timeout_turn 500");
    brain.send("INFO timeout_match 100000");
    brain.send("INFO max_memory 0");
    brain.send("INFO rule 0");
    assert_eq!(brain.ask("START 15").0, "OK");
    let (first, took) = brain.ask("BEGIN");
    let mut taken = vec![cell(&first, 15)];
    // Nothing is proven on the empty board, and nothing is claimed.
    assert!(brain.claims().is_empty(), "{:?}", brain.messages);
    // Far above the target (500 ms a move): only a hang fails here.
    assert!(took < Duration::from_secs(20), "{took:?}");
    let (reply, _) = brain.ask("TURN 0,0");
    let at = cell(&reply, 15);
    assert!(!taken.contains(&at) && at != (0, 0), "{reply} is taken");
    taken.push(at);
    // Bad commands are answered, and the game goes on.
    assert!(brain.ask("TURN 15,3").0.starts_with("ERROR"));
    assert!(brain.ask("TURN seven").0.starts_with("ERROR"));
    assert!(brain.ask("FLY 1,1").0.starts_with("UNKNOWN"));
    assert!(brain.ask("INFO rule 4").0.starts_with("ERROR"));
    assert!(brain.ask("START 3").0.starts_with("ERROR"));
    // A cell taken is named as the protocol names it, not as the family
    // does (`h8`).
    assert_eq!(
        brain.ask(&format!("TURN {},{}", at.0, at.1)).0,
        format!("ERROR {},{} is taken", at.0, at.1)
    );
    // Taking back the brain's last move, then playing on.
    assert_eq!(brain.ask(&format!("TAKEBACK {},{}", at.0, at.1)).0, "OK");
    assert!(brain.ask("TAKEBACK 14,14").0.starts_with("ERROR"));
    // A whole position: four of the brain's stones in a row, its move —
    // it makes five. A cell given twice is refused by the game, in x,y
    // (the opponent's d4, then b3 twice: the third move).
    assert_eq!(brain.ask("START 20").0, "OK");
    assert_eq!(
        brain.board(&[(1, 2, 1), (3, 3, 2), (1, 2, 2)]),
        "ERROR move 3 (1,2): 1,2 is taken"
    );
    let mine = [(3, 3, 1), (4, 3, 1), (5, 3, 1), (6, 3, 1)];
    let theirs = [(3, 10, 2), (4, 10, 2), (5, 10, 2), (12, 12, 2)];
    let five = brain.board(&[mine, theirs].concat());
    assert!(five == "7,3" || five == "2,3", "{five} does not make five");
    // The win is proven, and said so before the move.
    assert_eq!(
        brain.claims(),
        [format!("MESSAGE proven: {five} is a win in 1 ply")]
    );
    // The opponent's four, closed at one end, must be blocked at the other.
    assert_eq!(brain.ask("RESTART").0, "OK");
    let theirs = [(9, 9, 2), (10, 9, 2), (11, 9, 2), (12, 9, 2)];
    let mine = [(8, 9, 1), (19, 0, 1), (19, 19, 1), (0, 19, 1)];
    assert_eq!(
        brain.board(&[theirs, mine].concat()),
        "13,9",
        "the four is not blocked"
    );
    // A lost position (the brain O, after g8 j8 f7 e6 g6 g7 e8 d9 h7 d10
    // f8 h8 f9 of a game lost to Rapfi): the loss is said, and the move
    // resists by the fight, not in a far corner "not proven to lose".
    assert_eq!(brain.ask("START 15").0, "OK");
    let at = |name: &str| -> (usize, usize) {
        let (x, y) = name.split_at(1);
        let x = usize::from(x.as_bytes()[0] - b'a');
        (x, y.parse::<usize>().unwrap() - 1)
    };
    let stones: Vec<(usize, usize, u8)> = ["g8", "f7", "g6", "e8", "h7", "f8", "f9"]
        .iter()
        .map(|m| (at(m), 2))
        .chain(
            ["j8", "e6", "g7", "d9", "d10", "h8"]
                .iter()
                .map(|m| (at(m), 1)),
        )
        .map(|((x, y), who)| (x, y, who))
        .collect();
    let reply = brain.board(&stones);
    let (x, y) = cell(&reply, 15);
    assert!(
        brain.claims() == [format!("MESSAGE proven: {reply} is a loss")],
        "{:?}",
        brain.messages
    );
    let near = stones
        .iter()
        .any(|&(sx, sy, _)| sx.abs_diff(x) <= 2 && sy.abs_diff(y) <= 2);
    assert!(near, "{reply} is far from the fight");
    brain.end();
}

/// Managers start brains by their file name: `pbrain-…` speaks the
/// protocol without arguments.
#[test]
fn a_brain_named_pbrain_speaks_the_protocol() {
    let dir = tempfile::tempdir().expect("a folder");
    let link = dir.path().join("pbrain-unbeatable");
    std::os::unix::fs::symlink(binary(), &link).expect("a link");
    let mut brain = Brain::start(&link, &[]);
    assert!(brain.ask("ABOUT").0.contains("unbeatable"));
    assert_eq!(brain.ask("START 15").0, "OK");
    brain.send("INFO timeout_turn 300");
    let (reply, _) = brain.ask("TURN 7,7");
    assert_ne!(cell(&reply, 15), (7, 7));
    brain.end();
}

/// Where O's first stone touches X's, X's third is the opening's choice
/// (docs/mnk.md, "The third stone"), on 15×15 and on 20×20: with O
/// beside X along a line, beside O's and diagonal to X's; with O
/// diagonal to X, beside X's and away from O's. The search's own choice
/// in both was a knight's move from X's stone.
#[test]
fn the_third_stone_is_the_openings_choice() {
    let mut brain = Brain::start(&binary(), &["gomocup"]);
    brain.send("INFO timeout_turn 300");
    for (size, x, o, third) in [
        (15, (7, 7), (7, 8), [(6, 8), (8, 8)]),
        (15, (7, 7), (7, 6), [(6, 6), (8, 6)]),
        (20, (9, 9), (10, 9), [(10, 8), (10, 10)]),
        (15, (7, 7), (8, 8), [(7, 6), (6, 7)]),
        (15, (7, 7), (6, 8), [(7, 6), (8, 7)]),
        (20, (9, 9), (10, 10), [(9, 8), (8, 9)]),
    ] {
        assert_eq!(brain.ask(&format!("START {size}")).0, "OK");
        let reply = brain.board(&[(x.0, x.1, 1), (o.0, o.1, 2)]);
        assert!(
            third.contains(&cell(&reply, size)),
            "{reply} after {x:?} {o:?}"
        );
        // A choice, not a proof: nothing is claimed.
        assert!(brain.claims().is_empty(), "{:?}", brain.messages);
    }
    brain.end();
}

#[test]
fn x_s_fifth_stone_after_a_line_opening_is_the_book_of_shapes() {
    use unbeatable::games::mnk::beyond::lines::Lines;
    use unbeatable::games::mnk::book::shapes;
    let book = shapes::builtin().expect("the shipped book reads");
    let mut brain = Brain::start(&binary(), &["gomocup"]);
    brain.send("INFO timeout_turn 300");
    // X's stones, then O's (the brain plays X). The engine before the
    // book answers each elsewhere (i8, h9 and j9 at 300 ms).
    for (size, x, o) in [
        (15, [(7, 7), (6, 8)], [(7, 8), (5, 9)]),
        (15, [(7, 7), (6, 6)], [(6, 7), (5, 5)]),
        (20, [(9, 9), (10, 10)], [(10, 9), (11, 11)]),
    ] {
        let mut lines = Lines::new(size, size, 5).expect("an open board");
        for i in 0..2 {
            lines.play(x[i].1 * size + x[i].0, 0);
            lines.play(o[i].1 * size + o[i].0, 1);
        }
        let want = book.get(&lines).expect("in the book");
        assert_eq!(brain.ask(&format!("START {size}")).0, "OK");
        let stones: Vec<_> = x
            .iter()
            .map(|&(a, b)| (a, b, 1))
            .chain(o.iter().map(|&(a, b)| (a, b, 2)))
            .collect();
        let reply = brain.board(&stones);
        assert_eq!(
            cell(&reply, size),
            (want % size, want / size),
            "{x:?} {o:?}"
        );
        // A choice, not a proof: nothing is claimed.
        assert!(brain.claims().is_empty(), "{:?}", brain.messages);
    }
    brain.end();
}

#[test]
fn the_search_says_what_it_did_before_its_move() {
    // A position past every book and proof (the diagonal opening's main
    // line against Rapfi, X to play its fifth stone): the move comes after
    // one line of what the search did, as managers show an engine's depth
    // and nodes, its score called an estimate.
    let mut brain = Brain::start(&binary(), &["gomocup"]);
    brain.send("INFO timeout_turn 400");
    assert_eq!(brain.ask("START 15").0, "OK");
    let reply = brain.board(&stones_of("h8 i9 h7 h6 g8 i7 g5 g6"));
    cell(&reply, 15);
    assert!(brain.claims().is_empty(), "{:?}", brain.messages);
    let [line] = brain.messages.as_slice() else {
        panic!("one line of the search: {:?}", brain.messages);
    };
    let words = line
        .strip_prefix("MESSAGE search: depth ")
        .unwrap_or_else(|| panic!("{line}"));
    let (depth, rest) = words.split_once(", ").unwrap_or_else(|| panic!("{line}"));
    let (nodes, rest) = rest
        .split_once(" nodes, ")
        .unwrap_or_else(|| panic!("{line}"));
    let depth: u32 = depth.parse().unwrap_or_else(|_| panic!("{line}"));
    let nodes: u64 = nodes.parse().unwrap_or_else(|_| panic!("{line}"));
    // The search always finishes a move and its reply, and looks at
    // more than the moves themselves.
    assert!(depth >= 2 && nodes > 100, "{line}");
    let (estimate, ms) = rest
        .split_once(" (not proven), ")
        .unwrap_or_else(|| panic!("{line}"));
    assert!(
        estimate.starts_with("estimate ") || estimate.ends_with("seen on its lines"),
        "{line}"
    );
    let ms: u64 = ms
        .strip_suffix(" ms")
        .and_then(|m| m.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    // Far above the target: only a hang fails here.
    assert!(ms < 20_000, "{line}");
    brain.end();
}

/// The stones of a game given by cell names (`h8 h9 ...`, X first), as
/// `BOARD` gives them to the side to move (1 its own, 2 the opponent's).
fn stones_of(moves: &str) -> Vec<(usize, usize, u8)> {
    let moves: Vec<&str> = moves.split_whitespace().collect();
    let to_move = moves.len() % 2;
    moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let x = usize::from(m.as_bytes()[0] - b'a');
            let y: usize = m[1..].parse().expect("a row");
            (x, y - 1, if i % 2 == to_move { 1 } else { 2 })
        })
        .collect()
}

/// A brain given the game of `moves` with 10 s a move (a proof of a
/// second or two, with room on a busy machine), checked to answer
/// `cell`, a proven win; then left with 50 ms a move, where the engine
/// before the wins were kept found none of the proof again.
fn proven_then_hurried(moves: &str, cell: &str) -> Brain {
    let mut brain = Brain::start(&binary(), &["gomocup"]);
    assert_eq!(brain.ask("START 15").0, "OK");
    brain.send("INFO timeout_turn 10000");
    let reply = brain.board(&stones_of(moves));
    brain.assert_proven_win(&reply, cell);
    brain.send("INFO timeout_turn 50");
    brain
}

#[test]
fn a_win_proven_once_is_played_a_move_later_with_less_time() {
    // Against Rapfi at 200 ms a move the engine proved h7 won here, and
    // a move later, after O's f7, did not find the win (j11) again in
    // its time, and lost the game. Proven once, it is kept.
    let game = "g7 h6 g8 g6 f6 f8 e5 h8 h5 f5 e4 e6 d7 d5 g10 e8 h9 i8 i10 j9";
    let mut brain = proven_then_hurried(game, "7,6");
    // The engine before answered f10 or i6, even with 200 ms.
    let (reply, _) = brain.ask("TURN 5,6");
    brain.assert_proven_win(&reply, "9,10");
    brain.end();
}

#[test]
fn a_win_proven_by_proof_numbers_is_played_on_with_less_time() {
    // O wins here eight threats deep by g13: past the depth-first threat
    // search's 6, proven by proof numbers with the time it leaves. The
    // proof holds O's next threat after each reply of X's it weighs:
    // kept, it is played as proven at 50 ms, where the engine before
    // played the same cells unproven.
    let game = "j10 i10 h9 j9 h11 h10 i11 g11 g10 h12 f9 e8 e9 g9 k11 i12 f12 i8 e12 f11 \
         c12 d12 e10 d11 e11 e13 d10 c9 j12 l10 j14 l11 k10 b10 c11 f8 e7 l8 l9 i7 \
         i6 j8 h14";
    let mut brain = proven_then_hurried(game, "6,12");
    // X's j11, then c10: the replies the engine as X chooses.
    for (turn, threat) in [("9,10", "9,12"), ("2,9", "5,9")] {
        let (reply, _) = brain.ask(&format!("TURN {turn}"));
        brain.assert_proven_win(&reply, threat);
    }
    brain.end();
}
