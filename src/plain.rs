//! Line-by-line play on stdin/stdout, following the protocol of docs/design.md §4:
//! the board as text, `your move …` before each human move, `computer plays
//! MOVE`, `error: …` for bad input (nothing changes), and `game over: …`.
//! The game itself is a session; this is only its stdin/stdout loop.

use std::io::{self, BufRead, Write};

use crate::engine::Status;
use crate::rules::Ruleset;
use crate::session::{Setup, wording};

/// How a plain game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The game ended; the moves played, as `--moves` takes them.
    Over(Status, String),
    /// The person quit; the moves played so far.
    Quit(String),
    InputEnded,
}

const HELP: &str = "Type a move, or: hint (the best move and why), moves (every move's result), \
undo (take back your last move), help, quit.";

/// The longest input line echoed back in an error.
const ECHO_MAX: usize = 40;

/// Plays one game between the person on `input`/`output` and the computer.
///
/// # Errors
/// Errors writing to `output`, and `moves` that cannot be played.
pub fn run(
    ruleset: &Ruleset,
    setup: Setup,
    moves: &str,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<End> {
    let mut game = ruleset.session(setup);
    game.replay(moves)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    if ruleset.description.is_empty() {
        writeln!(output, "{}", ruleset.name)?;
    } else {
        writeln!(output, "{} — {}", ruleset.name, ruleset.description)?;
    }
    let proven = game.start_value().is_proven();
    writeln!(
        output,
        "You play {}; the computer plays at level {}.",
        setup.human,
        setup.level.describe(Some(proven))
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
            writeln!(
                output,
                "game over: {}",
                wording::ending(status, setup.human)
            )?;
            return Ok(End::Over(status, game.history().join(" ")));
        }
        if game.to_move() != setup.human {
            match game.computer_plays() {
                Some(mv) => {
                    writeln!(output, "computer plays {}", mv.text)?;
                    if let Some(r) = &mv.remark {
                        writeln!(output, "computer: {r}")?;
                    }
                    if !mv.random && !mv.value.is_proven() {
                        writeln!(
                            output,
                            "note: not proven — no proof fits in the time budget, so this is the search's best move"
                        )?;
                    }
                }
                None => {
                    writeln!(output, "error: the computer found no move")?;
                    return Ok(End::Quit(game.history().join(" ")));
                }
            }
            continue;
        }
        writeln!(output, "your move ({}):", game.move_prompt())?;
        output.flush()?;
        let mut bytes = Vec::new();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            writeln!(output, "input ended before the game did")?;
            return Ok(End::InputEnded);
        }
        let Ok(line) = String::from_utf8(bytes) else {
            writeln!(output, "error: that line is not UTF-8 text; type a move")?;
            show_board = false;
            continue;
        };
        match line.trim() {
            "" => show_board = false,
            // In the word game "q" is a letter: a move where it is one.
            "quit" | "q" if line.trim() == "quit" || !game.reads_as_move("q") => {
                writeln!(output, "quit: the game is abandoned")?;
                return Ok(End::Quit(game.history().join(" ")));
            }
            "help" | "?" => {
                writeln!(output, "{HELP}")?;
                show_board = false;
            }
            "hint" => {
                writeln!(output, "hint: {}", game.hint())?;
                show_board = false;
            }
            "moves" => {
                writeln!(output, "moves: {}", game.move_list().join(", "))?;
                show_board = false;
            }
            "undo" => match game.undo_turn() {
                0 => writeln!(output, "error: there is no move to take back")?,
                1 => writeln!(output, "undone: 1 move")?,
                n => writeln!(output, "undone: {n} moves")?,
            },
            text => match game.person_plays(text) {
                Ok(coach) => {
                    // Piped input is not echoed by a terminal: the record
                    // shows each move of the person as well.
                    if let Some(mv) = game.history().last() {
                        writeln!(output, "you play {mv}")?;
                    }
                    if let Some(c) = coach {
                        writeln!(output, "coach: {c}")?;
                    }
                }
                Err(e) => {
                    let shown: String = text.chars().take(ECHO_MAX).collect();
                    let error = e.0.replace(text, &shown);
                    writeln!(output, "error: {error}")?;
                    show_board = false;
                }
            },
        }
    }
}
