//! Line-by-line play on stdin/stdout, following the protocol of DESIGN.md §4:
//! the board as text, `your move …` before each human move, `computer plays
//! MOVE`, `error: …` for bad input (nothing changes), and `game over: …`.

use std::io::{self, BufRead, Write};

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::engine::{AnyMatch, Level, Outcome, Player, Status};
use crate::rules::Ruleset;

/// Who plays what in a game against the computer.
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    pub human: Player,
    pub level: Level,
    pub seed: Option<u64>,
}

/// How a plain game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Over(Status),
    Quit,
    InputEnded,
}

/// The random source for the computer: seeded when asked, for repeatable games.
#[must_use]
pub fn rng_for(seed: Option<u64>) -> StdRng {
    match seed {
        Some(s) => StdRng::seed_from_u64(s),
        None => StdRng::seed_from_u64(rand::random()),
    }
}

const HELP: &str = "Type a move, or: hint (the best move and why), moves (every move's result), \
undo (take back your last move), help, quit.";

/// Plays one game between the person on `input`/`output` and the computer.
///
/// # Errors
/// Only errors writing to `output`.
pub fn run(
    ruleset: &Ruleset,
    setup: Setup,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<End> {
    let mut game = ruleset.new_match();
    let mut rng = rng_for(setup.seed);
    writeln!(output, "{} — {}", ruleset.name, ruleset.description)?;
    writeln!(
        output,
        "You play {}; the computer plays at level {}.",
        setup.human,
        setup.level.describe()
    )?;
    writeln!(output, "{HELP}")?;
    let mut show_board = true;
    loop {
        if show_board {
            writeln!(output, "\n{}", game.board_text())?;
        }
        show_board = true;
        let status = game.status();
        if status.is_over() {
            writeln!(output, "game over: {}", ending(status, setup.human))?;
            return Ok(End::Over(status));
        }
        if game.to_move() != setup.human {
            let Some(mv) = game.computer_move(setup.level, &mut rng) else {
                continue;
            };
            if let Err(e) = game.play(&mv) {
                writeln!(output, "error: the computer's move '{mv}' failed: {e}")?;
                return Ok(End::Quit);
            }
            writeln!(output, "computer plays {mv}")?;
            continue;
        }
        writeln!(output, "your move ({}):", legal_list(&game.legal_moves()))?;
        output.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(output, "input ended before the game did")?;
            return Ok(End::InputEnded);
        }
        match line.trim() {
            "" => show_board = false,
            "quit" | "q" => {
                writeln!(output, "quit: the game is abandoned")?;
                return Ok(End::Quit);
            }
            "help" | "?" => {
                writeln!(output, "{HELP}")?;
                show_board = false;
            }
            "hint" => {
                writeln!(output, "hint: {}", hint(game.as_ref()))?;
                show_board = false;
            }
            "moves" => {
                let all: Vec<String> = game
                    .move_results()
                    .iter()
                    .map(|m| format!("{} {}", m.mv, m.value))
                    .collect();
                writeln!(output, "moves: {}", all.join(", "))?;
                show_board = false;
            }
            "undo" => undo_turn(game.as_mut(), setup.human, output)?,
            text => {
                let review = game.review(text);
                match game.play(text) {
                    Ok(_) => {
                        if let Some(c) = review {
                            writeln!(output, "{}", coach_line(&c))?;
                        }
                    }
                    Err(e) => {
                        writeln!(output, "error: {e}")?;
                        show_board = false;
                    }
                }
            }
        }
    }
}

fn undo_turn(game: &mut dyn AnyMatch, human: Player, output: &mut dyn Write) -> io::Result<()> {
    // Take back moves until it is the person's turn again, at least one of theirs.
    let mut undone = 0;
    while game.undo() {
        undone += 1;
        if game.to_move() == human {
            break;
        }
    }
    if undone == 0 {
        writeln!(output, "error: there is no move to take back")?;
    } else {
        writeln!(
            output,
            "undone: {undone} move{}",
            if undone == 1 { "" } else { "s" }
        )?;
    }
    Ok(())
}

/// The ending line's words for the person.
#[must_use]
pub fn ending(status: Status, human: Player) -> &'static str {
    match status {
        Status::Won(p) if p == human => "you win",
        Status::Won(_) => "computer wins",
        _ => "draw",
    }
}

/// The best move and why, in one sentence.
#[must_use]
pub fn hint(game: &dyn AnyMatch) -> String {
    let value = game.value();
    let Some(best) = game.best_moves().first().cloned() else {
        return "no move is possible".to_string();
    };
    let why = game
        .reason(&best)
        .map(|r| format!(" ({r})"))
        .unwrap_or_default();
    let verdict = match value.outcome {
        Outcome::Win => "you can win",
        Outcome::Draw => "the best you can get is a draw",
        Outcome::Loss => "you are lost against perfect play; make it hard",
    };
    format!("{verdict}: play {best}{why}")
}

/// What the coach says about a move that threw a result away.
#[must_use]
pub fn coach_line(c: &crate::engine::Coaching) -> String {
    let offered = match c.offered {
        Outcome::Win => "the win",
        _ => "the draw",
    };
    format!(
        "coach: {} threw away {offered} (it leaves a {}); {} would have kept it",
        c.played,
        match c.left {
            Outcome::Draw => "draw",
            _ => "loss",
        },
        c.better
    )
}

/// The legal moves for the prompt, or their number when too many to read.
fn legal_list(moves: &[String]) -> String {
    if moves.len() <= 20 {
        moves.join(", ")
    } else {
        format!(
            "{} legal moves, e.g. {}; type moves to see each one's result",
            moves.len(),
            moves[0]
        )
    }
}
