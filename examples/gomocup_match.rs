//! A match of `unbeatable gomocup` against any engine that speaks the
//! Gomocup protocol: random two-stone openings near the centre, each played
//! once with each side, equal time a move, the engines moving in turn (one
//! thinks at a time; `INFO thread_num 1` asks each for one thread). Prints
//! the score with its 95% error bar, by side, the slowest reply of ours
//! against `timeout_turn`, every lost game as a move list, and every game
//! whose result belied what ours called proven (`MESSAGE proven: …`),
//! and each side's games won by the kind of opening (where O's first
//! stone stands from X's: beside it along a line, diagonally, …), and
//! the depth ours' search said it reached (`MESSAGE search: depth …`),
//! by phase of the game.
//! With `MATCH_REVIEW` set to a number of seconds, each lost game is then
//! judged by the program's review (`unbeatable review`) with that budget a
//! move of the losing side past the opening (whose stones no side chose):
//! from which ply every move of that side was proven lost, and which of
//! its moves were proven lost where the position was not — a loss the
//! program could have seen. Where that position's value was unknown, it
//! is looked at again with four times the budget: a proof that every move
//! loses there can need more than the first look had, and then the game
//! was lost before the move.
//! Run: `cargo build --release && cargo run --release --example
//! gomocup_match -- ENGINE [OPENINGS] [MS] [SIZE] [SEED] [SIDES] [OURS]`
//! (ENGINE: the engine's program; its own folder is its working folder;
//! SIDES: `x` or `o` plays only our games on that side, `both` by default;
//! OURS: the program that plays our side, `unbeatable` beside this one by
//! default — the engine itself there measures what the engine scores
//! against itself from the same openings, the reference for ours). With
//! `MATCH_OPENINGS` set to `touching`, `line`, `diagonal` or `knight`,
//! only the openings where O's stone touches X's (along a row or a
//! column, or diagonally, for the second and third) or stands a knight's
//! move from it are drawn: most games lost as X begin so, and a match of
//! them alone tells two versions apart in a fraction of the games. With
//! `MATCH_MOVES` set, every game's moves follow its result (`moves N
//! won as X: h8 h9 …`), so that the games of a match can be laid side
//! by side, opening by opening, where they part (`match_tree`). With
//! `MATCH_FROM` set to move lists in the family's notation, separated by
//! commas (`d5 g7 e4 d6, d5 g7 e4 c6`), those openings are played, each
//! once with each side asked for, in place of drawn ones (OPENINGS and
//! SEED then unused): the replies to one position, side by side. With
//! `MATCH_LOG` set, every line sent and read goes to stderr.
//! Before its games, each opening is analysed by the program with the
//! match's time a move; a game lost from an opening proven lost for our
//! side before our first move (on 8×8, `d5 g7` is, for O) is marked so
//! and counted apart: no player could have held it.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use unbeatable::cli::{Think, parse_think};
use unbeatable::engine::{Budget, Level, Outcome, Player, Status};
use unbeatable::gomocup::xy_of;
use unbeatable::rules::Ruleset;
use unbeatable::session::{AnySession, Setup};
use unbeatable::text::visible;

/// One engine process.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// What the engine said it proved (`MESSAGE proven: …`, as ours
    /// says), since it was last asked.
    proven: Vec<String>,
    /// The depth ours said its search reached (`MESSAGE search: depth
    /// D, …`), since it was last asked.
    depth: Option<u32>,
}

impl Engine {
    fn start(program: &Path) -> std::io::Result<Self> {
        // Absolute, as the engine runs in its own folder.
        let program = &std::fs::canonicalize(program)?;
        let mut cmd = Command::new(program);
        if program.file_name().is_some_and(|n| n == "unbeatable") {
            cmd.arg("gomocup");
        }
        if let Some(dir) = program.parent().filter(|d| !d.as_os_str().is_empty()) {
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let input = child.stdin.take().ok_or(std::io::ErrorKind::BrokenPipe)?;
        let output = BufReader::new(child.stdout.take().ok_or(std::io::ErrorKind::BrokenPipe)?);
        Ok(Self {
            child,
            input,
            output,
            proven: Vec::new(),
            depth: None,
        })
    }

    fn send(&mut self, line: &str) -> std::io::Result<()> {
        if std::env::var_os("MATCH_LOG").is_some() {
            eprintln!("{} < {line}", self.child.id());
        }
        writeln!(self.input, "{line}")?;
        self.input.flush()
    }

    /// The next line that is not a message or debug output.
    fn reply(&mut self) -> std::io::Result<String> {
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            let line = line.trim();
            if std::env::var_os("MATCH_LOG").is_some() {
                eprintln!("{} > {line}", self.child.id());
            }
            let upper = line.to_ascii_uppercase();
            if let Some(claim) = line.strip_prefix("MESSAGE proven: ") {
                self.proven.push(claim.to_string());
            }
            if let Some(said) = line.strip_prefix("MESSAGE search: depth ") {
                self.depth = said.split(',').next().and_then(|d| d.parse().ok());
            }
            if !line.is_empty() && !upper.starts_with("MESSAGE") && !upper.starts_with("DEBUG") {
                return Ok(line.to_string());
            }
        }
    }

    /// Sends `line` and reads a move `x,y`, with the time it took.
    fn play(&mut self, line: &str) -> std::io::Result<((usize, usize), Duration)> {
        // Some engines (Rapfi) print their move a moment before they are
        // ready for the next command, and drop a command that comes in
        // between; a manager's pace is slower than ours.
        std::thread::sleep(Duration::from_millis(30));
        let t = Instant::now();
        self.send(line)?;
        let reply = self.reply()?;
        let cell = reply
            .split_once(',')
            .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)))
            .ok_or_else(|| std::io::Error::other(format!("not a move: {reply}")))?;
        Ok((cell, t.elapsed()))
    }

    fn new_game(&mut self, size: usize, ms: u64) -> std::io::Result<()> {
        for line in [
            format!("INFO timeout_turn {ms}"),
            "INFO timeout_match 100000000".to_string(),
            "INFO rule 0".to_string(),
            "INFO thread_num 1".to_string(),
            "INFO max_memory 1073741824".to_string(),
        ] {
            self.send(&line)?;
        }
        self.send(&format!("START {size}"))?;
        let ok = self.reply()?;
        if ok.eq_ignore_ascii_case("OK") {
            Ok(())
        } else {
            Err(std::io::Error::other(format!("START answered {ok}")))
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("END");
        let t = Instant::now();
        while t.elapsed() < Duration::from_secs(2) {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether the stone just played at `at` makes five or more in a row.
fn five(board: &[Vec<u8>], at: (usize, usize)) -> bool {
    let size = board.len() as i64;
    let who = board[at.1][at.0];
    [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dx, dy)| {
        let count = |sign: i64| {
            (1..5)
                .take_while(|&i| {
                    let (x, y) = (at.0 as i64 + sign * i * dx, at.1 as i64 + sign * i * dy);
                    (0..size).contains(&x)
                        && (0..size).contains(&y)
                        && board[y as usize][x as usize] == who
                })
                .count()
        };
        1 + count(1) + count(-1) >= 5
    })
}

/// A game's end for the first player: 1 a win, 0 a draw, -1 a loss.
struct Game {
    result: i8,
    moves: Vec<(usize, usize)>,
    ours_slowest: Duration,
    /// Every result ours called proven, with the ply of its move.
    claims: Vec<(usize, String)>,
    /// The depth of ours' search for each move where it searched, with
    /// the ply of the move.
    depths: Vec<(usize, u32)>,
}

fn cell_name((x, y): (usize, usize)) -> String {
    format!("{}{}", char::from(b'a' + x as u8), y + 1)
}

/// One game from `opening` (its stones in the order played, black's
/// first), `players[0]` black.
fn play_game(
    players: &mut [Engine; 2],
    ours: usize,
    opening: &[(usize, usize)],
    size: usize,
    ms: u64,
) -> std::io::Result<Game> {
    for p in players.iter_mut() {
        p.new_game(size, ms)?;
    }
    let mut board = vec![vec![0u8; size]; size];
    let mut moves = opening.to_vec();
    for (i, &(x, y)) in opening.iter().enumerate() {
        board[y][x] = (i % 2) as u8 + 1;
    }
    let mut ours_slowest = Duration::ZERO;
    // The BOARD that tells player `me` (0 black) the stones `stones`,
    // its own marked 1 and the other's 2.
    let board_cmd = |me: usize, stones: &[(usize, usize)]| {
        let mut lines = vec!["BOARD".to_string()];
        for (i, &(x, y)) in stones.iter().enumerate() {
            let who = if i % 2 == me { 1 } else { 2 };
            lines.push(format!("{x},{y},{who}"));
        }
        lines
    };
    // The side to move after the opening moves first, from the whole board.
    let first = opening.len() % 2;
    for l in &board_cmd(first, opening) {
        players[first].send(l)?;
    }
    let (mut claims, mut depths) = (Vec::new(), Vec::new());
    let (mut last, took) = players[first].play("DONE")?;
    if ours == first {
        ours_slowest = ours_slowest.max(took);
        note_said(
            &mut players[first],
            moves.len() + 1,
            &mut claims,
            &mut depths,
        );
    }
    // The other learns the opening when it first moves: BOARD with the
    // first reply.
    let mut first_of_other = true;
    let mut mover = first;
    loop {
        let (x, y) = last;
        if x >= size || y >= size || board[y][x] != 0 {
            // An illegal move loses.
            let result = if mover == 0 { -1 } else { 1 };
            return Ok(Game {
                result,
                moves,
                ours_slowest,
                claims,
                depths,
            });
        }
        board[y][x] = mover as u8 + 1;
        moves.push(last);
        if five(&board, last) {
            let result = if mover == 0 { 1 } else { -1 };
            return Ok(Game {
                result,
                moves,
                ours_slowest,
                claims,
                depths,
            });
        }
        if moves.len() == size * size {
            return Ok(Game {
                result: 0,
                moves,
                ours_slowest,
                claims,
                depths,
            });
        }
        mover = 1 - mover;
        let (next, took) = if mover != first && first_of_other {
            first_of_other = false;
            for l in &board_cmd(mover, &moves) {
                players[mover].send(l)?;
            }
            players[mover].play("DONE")?
        } else {
            players[mover].play(&format!("TURN {x},{y}"))?
        };
        if mover == ours {
            ours_slowest = ours_slowest.max(took);
            note_said(
                &mut players[ours],
                moves.len() + 1,
                &mut claims,
                &mut depths,
            );
        }
        last = next;
    }
}

/// Keeps what `engine` called proven with its move at `ply`, and the
/// depth its search said it reached.
fn note_said(
    engine: &mut Engine,
    ply: usize,
    claims: &mut Vec<(usize, String)>,
    depths: &mut Vec<(usize, u32)>,
) {
    claims.extend(engine.proven.drain(..).map(|said| (ply, said)));
    depths.extend(engine.depth.take().map(|d| (ply, d)));
}

/// The plies the depths of ours' search are told by: the opening, the
/// middle game where most games as X are lost, and the rest.
const DEPTH_PHASES: [(usize, usize); 3] = [(1, 20), (21, 40), (41, usize::MAX)];

/// One line of the depths of ours' search in `depths` (the ply of each
/// move, its depth), by phase of the game: the median, and the tenth
/// and ninetieth percentiles — where the search's time goes, told from
/// the engine's own messages. `None` with no depth said.
fn depth_words(depths: &[(usize, u32)]) -> Option<String> {
    if depths.is_empty() {
        return None;
    }
    let phases: Vec<String> = DEPTH_PHASES
        .iter()
        .filter_map(|&(from, to)| {
            let mut d: Vec<u32> = depths
                .iter()
                .filter(|&&(ply, _)| (from..=to).contains(&ply))
                .map(|&(_, d)| d)
                .collect();
            if d.is_empty() {
                return None;
            }
            d.sort_unstable();
            // The nearest rank.
            let at = |q: usize| d[((d.len() - 1) * q + 5) / 10];
            let plies = if to == usize::MAX {
                format!("{from}+")
            } else {
                format!("{from}-{to}")
            };
            Some(format!(
                "plies {plies}: {} ({}-{}, {} moves)",
                at(5),
                at(1),
                at(9),
                d.len()
            ))
        })
        .collect();
    Some(format!(
        "depth of ours' search, median (10th-90th percentile): {}",
        phases.join("; ")
    ))
}

/// Whether a result called proven was belied by the game's result for
/// the side that called it (1 won, 0 drawn, -1 lost): a win not won, a
/// draw lost. (A loss called proven may still be saved by the
/// opponent's mistake.)
fn belied(claim: &str, result: i8) -> bool {
    (claim.contains(" is a win") && result < 1) || (claim.contains(" is a draw") && result < 0)
}

fn ours_program() -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_default();
    // target/release/examples/gomocup_match → target/release/unbeatable
    exe.parent()
        .and_then(Path::parent)
        .map_or_else(|| PathBuf::from("unbeatable"), |d| d.join("unbeatable"))
}

/// Which openings a match draws (`MATCH_OPENINGS`).
#[derive(Clone, Copy, Debug)]
enum Openings {
    Any,
    /// O's stone in one of the eight cells around X's.
    Touching,
    /// Beside it along a row or a column.
    Line,
    /// Diagonal to it.
    Diagonal,
    /// A knight's move from it.
    Knight,
}

impl Openings {
    fn named(name: &str) -> Option<Self> {
        match name {
            "any" => Some(Self::Any),
            "touching" => Some(Self::Touching),
            "line" => Some(Self::Line),
            "diagonal" => Some(Self::Diagonal),
            "knight" => Some(Self::Knight),
            _ => None,
        }
    }

    /// What the match's first line says of them.
    fn described(self) -> &'static str {
        match self {
            Self::Any => "",
            Self::Touching => ", O's stone touching X's",
            Self::Line => ", O's stone beside X's along a line",
            Self::Diagonal => ", O's stone diagonal to X's",
            Self::Knight => ", O's stone a knight's move from X's",
        }
    }

    /// Whether X's stone on `x` and O's on `o` make such an opening.
    fn admits(self, x: (usize, usize), o: (usize, usize)) -> bool {
        let kind = kind_of(x, o);
        match self {
            Self::Any => true,
            Self::Touching => kind == BESIDE || kind == DIAGONAL,
            Self::Line => kind == BESIDE,
            Self::Diagonal => kind == DIAGONAL,
            Self::Knight => kind == KNIGHT,
        }
    }
}

/// Where O's first stone stands from X's, the kinds the games as X are
/// lost by (docs/mnk.md: the diagonal openings lose most at 200 ms), in
/// the order the summary lists them.
const KINDS: [&str; 5] = [
    "beside along a line",
    "diagonally beside",
    "a knight's move away",
    "two cells away along a line",
    "farther off",
];

/// Each kind's index into `KINDS`.
const BESIDE: usize = 0;
const DIAGONAL: usize = 1;
const KNIGHT: usize = 2;
const TWO_ALONG: usize = 3;
const FARTHER: usize = 4;

/// The kind (an index into `KINDS`) of an opening of X's stone `x` and
/// O's `o`, two different cells.
fn kind_of(x: (usize, usize), o: (usize, usize)) -> usize {
    let (dx, dy) = (x.0.abs_diff(o.0), x.1.abs_diff(o.1));
    match (dx.min(dy), dx.max(dy)) {
        (0, 1) => BESIDE,
        (1, 1) => DIAGONAL,
        (1, 2) => KNIGHT,
        (0, 2) => TWO_ALONG,
        _ => FARTHER,
    }
}

/// The openings of `MATCH_FROM`: move lists in the family's notation
/// (`d5 g7 e4 d6`), separated by commas, each of two stones or more,
/// replayed by the game on `ruleset`'s board — which refuses what it does
/// not take, a cell off the board or taken — and leaving it on.
fn given_openings(text: &str, ruleset: &Ruleset) -> Result<Vec<Vec<(usize, usize)>>, String> {
    text.split(',')
        .map(|opening| {
            let shown = visible(opening.trim());
            let mut game = game(ruleset, 0, None);
            game.replay(opening).map_err(|e| {
                format!(
                    "'{shown}': move {} ({}): {}",
                    e.index,
                    visible(&e.text),
                    visible(&e.reason)
                )
            })?;
            if game.status() != Status::Ongoing {
                return Err(format!("'{shown}': the game is over after it"));
            }
            let stones: Option<Vec<(usize, usize)>> =
                game.history().iter().map(|cell| xy_of(cell)).collect();
            match stones {
                Some(stones) if stones.len() >= 2 => Ok(stones),
                _ => Err(format!("'{shown}': an opening is two stones or more")),
            }
        })
        .collect()
}

/// Which side (0 first) the opening `stones` is proven won for, within
/// `think` of the program's analysis; `None` where it is not proven a
/// win for either (a draw, or unknown).
fn proven_winner(
    ruleset: &Ruleset,
    stones: &[(usize, usize)],
    think: Duration,
) -> Result<Option<usize>, String> {
    let line: Vec<String> = stones.iter().map(|&c| cell_name(c)).collect();
    let mut game = game(ruleset, 0, Some(think));
    game.replay(&line.join(" ")).map_err(|e| e.to_string())?;
    let mover = usize::from(game.to_move() != Player::First);
    Ok(
        match game.analysis_within(&Budget::of(think)).value.outcome {
            Outcome::Win => Some(mover),
            Outcome::Loss => Some(1 - mover),
            _ => None,
        },
    )
}

/// A game on `ruleset`'s board, `side` (0 first) the person's, the
/// computer's moves `think` each (or its default).
fn game(ruleset: &Ruleset, side: usize, think: Option<Duration>) -> Box<dyn AnySession> {
    ruleset.session(Setup {
        human: [Player::First, Player::Second][side],
        level: Level::Perfect,
        seed: None,
        think,
    })
}

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let Some(engine) = args.next().map(PathBuf::from) else {
        eprintln!("usage: gomocup_match ENGINE [OPENINGS] [MS] [SIZE] [SEED] [x|o|both] [OURS]");
        std::process::exit(2);
    };
    let openings: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let size: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(15);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let sides: &[usize] = match args.next().as_deref() {
        Some("x") => &[0],
        Some("o") => &[1],
        _ => &[0, 1],
    };
    let ours = args.next().map_or_else(ours_program, PathBuf::from);
    // Checked before the match, not after it: a bad value must not cost
    // the games' review, nor their lists.
    // Read as `--think` is (0 excepted: a review until proven might not end).
    let review = match std::env::var("MATCH_REVIEW") {
        Ok(text) => match parse_think(&text) {
            Ok(Think(Some(think))) => Some(think),
            Ok(Think(None)) => {
                eprintln!("MATCH_REVIEW: give the seconds a move, above 0");
                std::process::exit(2);
            }
            Err(e) => {
                eprintln!("MATCH_REVIEW: {e}");
                std::process::exit(2);
            }
        },
        Err(_) => None,
    };
    let every_game = std::env::var_os("MATCH_MOVES").is_some();
    let drawn = match std::env::var("MATCH_OPENINGS") {
        Ok(name) => Openings::named(&name).unwrap_or_else(|| {
            eprintln!("MATCH_OPENINGS: any, touching, line, diagonal or knight, not '{name}'");
            std::process::exit(2);
        }),
        Err(_) => Openings::Any,
    };
    // The board of the match, for the openings given, their analysis and
    // the review; checked before any game.
    let ruleset = unbeatable::gomocup::ruleset(size, size).unwrap_or_else(|e| {
        eprintln!("SIZE: {e}");
        std::process::exit(2);
    });
    let given = match std::env::var("MATCH_FROM") {
        Ok(text) => {
            if std::env::var_os("MATCH_OPENINGS").is_some() {
                eprintln!("MATCH_FROM gives the openings; MATCH_OPENINGS draws them: set one");
                std::process::exit(2);
            }
            Some(given_openings(&text, &ruleset).unwrap_or_else(|e| {
                eprintln!("MATCH_FROM: {e}");
                std::process::exit(2);
            }))
        }
        Err(_) => None,
    };
    let openings = given.as_ref().map_or(openings, Vec::len);
    println!(
        "{} against {}: {openings} openings × {} side{}, {ms} ms a move, {size}×{size}, freestyle{}",
        ours.display(),
        engine.display(),
        sides.len(),
        if sides.len() == 1 { "" } else { "s" },
        if given.is_some() {
            ", the openings of MATCH_FROM"
        } else {
            drawn.described()
        },
    );
    let reviewer = review.map(|think| Reviewer {
        ruleset: ruleset.clone(),
        think,
    });
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let centre = size / 2;
    let near = |rng: &mut rand::rngs::StdRng| {
        (
            centre - 2 + rng.random_range(0..5usize),
            centre - 2 + rng.random_range(0..5usize),
        )
    };
    // [as black, as white]: wins, draws, losses; and the same by the
    // opening's kind (`KINDS`).
    let mut tally = [[0u32; 3]; 2];
    let mut by_kind = [[[0u32; 3]; KINDS.len()]; 2];
    let mut slowest = Duration::ZERO;
    // Lost games: our side, the opening's length, and the moves.
    let mut lost: Vec<(usize, usize, Vec<String>)> = Vec::new();
    // Of them, by our side: those whose opening was proven lost for it.
    let mut lost_before = [0u32; 2];
    let mut broken = 0;
    // Games where ours called a win proven, and where a call was belied.
    let mut called_won = 0;
    let mut belied_calls = Vec::new();
    let mut depths: Vec<(usize, u32)> = Vec::new();
    let openings: Vec<Vec<(usize, usize)>> = match given {
        Some(given) => given,
        None => (0..openings)
            .map(|_| {
                let black = near(&mut rng);
                let mut white = near(&mut rng);
                // Drawn again until it fits: with `Any`, the seeds' openings
                // are those of the matches before the choice was there.
                while white == black || !drawn.admits(black, white) {
                    white = near(&mut rng);
                }
                vec![black, white]
            })
            .collect(),
    };
    for (game, opening) in openings.iter().enumerate() {
        // Openings are drawn independently, so a seed may draw one twice
        // (drawing again would change every older seed's later openings);
        // said, so that a reader knows two games are not independent.
        if let Some(first) = openings[..game].iter().position(|o| o == opening) {
            println!(
                "opening {}: the same stones as opening {}, played again",
                game + 1,
                first + 1
            );
        }
        let winner =
            proven_winner(&ruleset, opening, Duration::from_millis(ms)).unwrap_or_else(|e| {
                // Not analysed: its games are played, not marked.
                println!("opening {}: not analysed: {e}", game + 1);
                None
            });
        for &our_side in sides {
            let (a, b) = (Engine::start(&ours)?, Engine::start(&engine)?);
            let mut players = if our_side == 0 { [a, b] } else { [b, a] };
            let side = ["X (first)", "O (second)"][our_side];
            let g = match play_game(&mut players, our_side, opening, size, ms) {
                Ok(g) => g,
                Err(e) => {
                    // Not counted: the engines' exchange broke down.
                    println!("opening {} as {side}: not played to the end: {e}", game + 1);
                    broken += 1;
                    continue;
                }
            };
            slowest = slowest.max(g.ours_slowest);
            depths.extend(&g.depths);
            let ours_result = if our_side == 0 { g.result } else { -g.result };
            let slot = match ours_result {
                1 => 0,
                0 => 1,
                _ => 2,
            };
            tally[our_side][slot] += 1;
            by_kind[our_side][kind_of(opening[0], opening[1])][slot] += 1;
            let line: Vec<String> = g.moves.iter().map(|&c| cell_name(c)).collect();
            let called = g
                .claims
                .first()
                .map(|(ply, said)| format!(" (at ply {ply} it said: {said})"))
                .unwrap_or_default();
            let doomed = winner.is_some_and(|w| w != our_side);
            println!(
                "opening {} as {side}: {} in {} plies{called}{}",
                game + 1,
                ["won", "drawn", "lost"][slot],
                g.moves.len(),
                if doomed {
                    " (the opening proven lost for our side)"
                } else {
                    ""
                }
            );
            if every_game {
                println!(
                    "moves {} {} as {}: {}",
                    game + 1,
                    ["won", "drawn", "lost"][slot],
                    ["X", "O"][our_side],
                    line.join(" ")
                );
            }
            called_won += usize::from(g.claims.iter().any(|(_, said)| said.contains(" is a win")));
            if let Some((ply, said)) = g.claims.iter().find(|(_, said)| belied(said, ours_result)) {
                belied_calls.push(format!(
                    "as {side}, at ply {ply} ({said}): {}",
                    line.join(" ")
                ));
            }
            if ours_result < 0 {
                lost.push((our_side, opening.len(), line));
                lost_before[our_side] += u32::from(doomed);
            }
        }
    }
    let score = |t: &[u32; 3]| {
        let n = f64::from(t.iter().sum::<u32>()).max(1.0);
        let p = (f64::from(t[0]) + f64::from(t[1]) / 2.0) / n;
        (p, 1.96 * (p * (1.0 - p) / n).sqrt(), n)
    };
    let all = [
        tally[0][0] + tally[1][0],
        tally[0][1] + tally[1][1],
        tally[0][2] + tally[1][2],
    ];
    for (name, t) in [("as X", &tally[0]), ("as O", &tally[1]), ("all", &all)] {
        if t.iter().sum::<u32>() == 0 {
            // A side not played.
            continue;
        }
        let (p, e, n) = score(t);
        println!(
            "{name}: {n} games, won {} drawn {} lost {}: score {:.1}% ± {:.1}%",
            t[0],
            t[1],
            t[2],
            100.0 * p,
            100.0 * e
        );
    }
    for (side, kinds) in ["as X", "as O"].iter().zip(&by_kind) {
        let each: Vec<String> = KINDS
            .iter()
            .zip(kinds)
            .filter(|(_, t)| t.iter().sum::<u32>() > 0)
            .map(|(name, t)| {
                let drawn = if t[1] > 0 {
                    format!(" ({} drawn)", t[1])
                } else {
                    String::new()
                };
                format!("{name} {} of {}{drawn}", t[0], t.iter().sum::<u32>())
            })
            .collect();
        if !each.is_empty() {
            println!(
                "{side}, won by where O's first stone stands: {}",
                each.join("; ")
            );
        }
    }
    if lost_before.iter().any(|&n| n > 0) {
        println!(
            "lost from openings proven lost for our side before its first move: as X {}, as O {}",
            lost_before[0], lost_before[1]
        );
    }
    println!(
        "slowest reply of ours: {slowest:.2?} (timeout_turn {ms} ms; overrun {:.0?})",
        slowest.saturating_sub(Duration::from_millis(ms))
    );
    if let Some(words) = depth_words(&depths) {
        println!("{words}");
    }
    if broken > 0 {
        println!("{broken} games not played to the end (not counted)");
    }
    println!(
        "wins called proven by ours: {called_won} games; results called proven and belied: {}",
        belied_calls.len()
    );
    for b in belied_calls {
        println!("BELIED {b}");
    }
    // Lost games with a move proven lost where the position was not; of
    // them, those lost before ply 40.
    let (mut thrown, mut thrown_early) = (0, 0);
    for (side, opened, line) in &lost {
        println!(
            "lost as {}: {}",
            ["X (first)", "O (second)"][*side],
            line.join(" ")
        );
        if let Some(reviewer) = &reviewer {
            // A review that fails is said on its game's line; the other
            // games are still listed and reviewed.
            match reviewer.judge(&line.join(" "), *side, *opened) {
                Ok(r) => {
                    println!("  {}", r.summary());
                    if !r.thrown.is_empty() {
                        thrown += 1;
                        thrown_early += usize::from(line.len() < 40);
                    }
                }
                Err(e) => println!("  review: not made: {e}"),
            }
        }
    }
    if let Some(think) = review {
        println!(
            "reviewed at {} s a move (such a move's position again at {} s), lost games: \
             {}; lost by a move of ours proven lost where the position was not: {} (before \
             ply 40: {})",
            think.as_secs_f64(),
            (think * SECOND_LOOK).as_secs_f64(),
            lost.len(),
            thrown,
            thrown_early
        );
    }
    Ok(())
}

/// Judges lost games by the program's own review (`unbeatable review`,
/// through the library this runner is built from), on the match's board.
struct Reviewer {
    ruleset: Ruleset,
    think: Duration,
}

/// How many times the first look's budget the second look at a position
/// has (see `Reviewer::judge`): of the moves flagged at 5 s in 96 games as
/// O, two were in positions that 20 s prove lost whatever the move, and
/// the game was lost before them (docs/mnk.md).
const SECOND_LOOK: u32 = 4;

/// What the review proves of one lost game, for our moves.
struct Reviewed {
    /// The first ply of ours at which every move was proven lost.
    lost_from: Option<usize>,
    /// Our moves proven lost where the position was not proven lost:
    /// ply, move, and the position's value.
    thrown: Vec<(usize, String, &'static str)>,
}

impl Reviewed {
    fn summary(&self) -> String {
        let from = self.lost_from.map_or_else(
            || "at no move of ours was every move proven lost".to_string(),
            |ply| format!("every move of ours proven lost from ply {ply}"),
        );
        let thrown = if self.thrown.is_empty() {
            "none played proven lost where the position was not".to_string()
        } else {
            let each: Vec<String> = self
                .thrown
                .iter()
                .map(|(ply, mv, best)| format!("ply {ply} {mv} (the position: {best})"))
                .collect();
            format!(
                "played proven lost where the position was not: {}",
                each.join(", ")
            )
        };
        format!("review: {from}; {thrown}")
    }
}

impl Reviewer {
    /// A game of `side` (0 first) as the review sees it, `think` a move.
    fn session(&self, side: usize, think: Duration) -> Box<dyn AnySession> {
        game(&self.ruleset, side, Some(think))
    }

    /// Judges the moves of `side` (0 first) in the game `moves` it lost,
    /// past the opening's `opened` stones (no side chose them), one at a
    /// time as the game is replayed, up to the first position
    /// where every move is proven lost: past it nothing is left to learn.
    /// A move proven lost where the position's value was unknown is
    /// judged again with `SECOND_LOOK` times the budget, from the same
    /// moves.
    fn judge(&self, moves: &str, side: usize, opened: usize) -> Result<Reviewed, String> {
        let mut game = self.session(side, self.think);
        let mut reviewed = Reviewed {
            lost_from: None,
            thrown: Vec::new(),
        };
        let moves: Vec<&str> = moves.split_whitespace().collect();
        for (i, &mv) in moves.iter().enumerate() {
            if i % 2 == side && i >= opened {
                let j = game.judge_move(mv).map_err(|e| e.to_string())?;
                let mut best = j.best.outcome;
                if j.result.outcome == Outcome::Loss && best == Outcome::Unknown {
                    // The move's loss stays proven; only the position's
                    // value, unknown, is looked for again (a proven win or
                    // draw would stand).
                    let mut again = self.session(side, self.think * SECOND_LOOK);
                    again
                        .replay(&moves[..i].join(" "))
                        .map_err(|e| e.to_string())?;
                    best = again
                        .judge_move(mv)
                        .map_err(|e| e.to_string())?
                        .best
                        .outcome;
                }
                if best == Outcome::Loss {
                    reviewed.lost_from = Some(j.ply);
                    break;
                }
                if j.result.outcome == Outcome::Loss {
                    reviewed.thrown.push((j.ply, j.mv, best.as_str()));
                }
            }
            game.replay(mv).map_err(|e| e.to_string())?;
        }
        Ok(reviewed)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{depth_words, given_openings, proven_winner};
    use unbeatable::rules::Ruleset;

    fn eight_by_eight() -> Ruleset {
        unbeatable::gomocup::ruleset(8, 8).unwrap()
    }

    #[test]
    fn given_openings_are_read_in_the_family_s_notation() {
        assert_eq!(
            given_openings("d5 g7 e4, a1 h8", &eight_by_eight()),
            Ok(vec![vec![(3, 4), (6, 6), (4, 3)], vec![(0, 0), (7, 7)]])
        );
    }

    #[test]
    fn an_opening_proven_lost_is_told_from_one_that_is_not() {
        let board = eight_by_eight();
        let stones = |text: &str| given_openings(text, &board).unwrap().remove(0);
        let within = |secs| Duration::from_secs_f64(secs);
        // The book proves `d5 g7` won for X by e4, and every O move after
        // it lost: whoever is to move, X is the winner.
        assert_eq!(
            proven_winner(&board, &stones("d5 g7"), within(2.0)),
            Ok(Some(0))
        );
        // Turned half round, O to move: the book reads every image.
        assert_eq!(
            proven_winner(&board, &stones("e4 b2 d5"), within(2.0)),
            Ok(Some(0))
        );
        assert_eq!(
            proven_winner(&board, &stones("d4 e5"), within(0.3)),
            Ok(None)
        );
    }

    #[test]
    fn the_search_s_depths_are_told_by_phase() {
        assert_eq!(depth_words(&[]), None);
        // Ply 3 to 20: 11 moves at depths 2 to 12; none from 21 to 40;
        // two past 40.
        let mut depths: Vec<(usize, u32)> = (2..=12).map(|d| (d as usize + 1, d)).collect();
        depths.extend([(41, 7), (60, 5)]);
        assert_eq!(
            depth_words(&depths).as_deref(),
            Some(
                "depth of ours' search, median (10th-90th percentile): \
                 plies 1-20: 7 (3-11, 11 moves); plies 41+: 7 (5-7, 2 moves)"
            )
        );
    }

    #[test]
    fn a_bad_opening_is_refused_by_the_game_and_named() {
        let refused = |text: &str| given_openings(text, &eight_by_eight()).unwrap_err();
        for (text, names) in [
            ("d5 i1", "'d5 i1': move 2 (i1): "),
            ("d5 g7, e4 e4", "'e4 e4': move 2 (e4): "),
            (
                "a1 b1 a2 b2 a3 b3 a4 b4 a5",
                "'a1 b1 a2 b2 a3 b3 a4 b4 a5': the game is over",
            ),
            ("d5", "'d5': an opening is two stones or more"),
            ("d5 \u{1b}[31m", "'d5 \\u{1b}[31m': move 2 (\\u{1b}[31m): "),
        ] {
            let said = refused(text);
            assert!(said.starts_with(names), "{text}: {said}");
        }
    }
}
