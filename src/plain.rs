//! Line-by-line play on stdin/stdout, following the protocol of docs/design.md §4:
//! the board as text, `your move …` before each human move, `computer plays
//! MOVE`, `error: …` for bad input (nothing changes), and `game over: …`.
//! The game itself is a session; this is only its stdin/stdout loop.

use std::io::{self, BufRead, Write};

use crate::engine::Status;
use crate::rules::Ruleset;
use crate::session::{AnySession, Setup, wording};

/// How a plain game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The game ended; the moves played, as `--moves` takes them.
    Over(Status, String),
    /// The person quit; the moves played so far.
    Quit(String),
    /// The person resigned (the computer wins); the moves played so far.
    Resigned(String),
    InputEnded,
}

const HELP: &str = "Type a move, or: hint (the best move and why), moves (every move's result), \
undo (take back your last move), resign, help, quit.";

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
    play(ruleset, &mut *game, input, output)
}

/// Plays `game` (set up, its moves so far replayed) to its end or until
/// the person leaves: the loop of [`run`], open to tests that look at the
/// session afterwards.
///
/// # Errors
/// Errors writing to `output`.
pub fn play(
    ruleset: &Ruleset,
    game: &mut dyn AnySession,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<End> {
    let setup = game.setup();
    if ruleset.description.is_empty() {
        writeln!(output, "{}", ruleset.name)?;
    } else {
        writeln!(output, "{} — {}", ruleset.name, ruleset.description)?;
    }
    game.prove_start();
    let mut level = game.level_words();
    writeln!(
        output,
        "You play {}; the computer plays at level {level}.",
        setup.human,
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
            if !computer_turn(game, &mut level, output)? {
                return Ok(End::Quit(game.history().join(" ")));
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
            "resign" => {
                writeln!(output, "you resign")?;
                writeln!(output, "game over: computer wins")?;
                return Ok(End::Resigned(game.history().join(" ")));
            }
            "undo" => match game.undo_turn() {
                0 => writeln!(output, "error: there is no move to take back")?,
                1 => {
                    writeln!(output, "undone: 1 move")?;
                    say_level(game, &mut level, output)?;
                }
                n => {
                    writeln!(output, "undone: {n} moves")?;
                    say_level(game, &mut level, output)?;
                }
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

/// Names the level again when the proof so far changed it (an unproven
/// move of the computer, or one taken back), as the screen's header does.
fn say_level(game: &dyn AnySession, said: &mut String, output: &mut dyn Write) -> io::Result<()> {
    let now = game.level_words();
    if now != *said {
        writeln!(output, "level: now {now}")?;
        *said = now;
    }
    Ok(())
}

/// The computer's move with what it says; `false` when it found none.
fn computer_turn(
    game: &mut dyn AnySession,
    level: &mut String,
    output: &mut dyn Write,
) -> io::Result<bool> {
    let Some(mv) = game.computer_plays() else {
        writeln!(output, "error: the computer found no move")?;
        return Ok(false);
    };
    writeln!(output, "computer plays {}", mv.text)?;
    if let Some(r) = &mv.remark {
        writeln!(output, "computer: {r}")?;
    }
    if !mv.random && !mv.value.is_proven() {
        let reach = mv
            .search
            .as_ref()
            .map(|n| format!("; {}", wording::search_reach(n)))
            .unwrap_or_default();
        writeln!(
            output,
            "note: not proven — no proof fits in the time budget, so this is the search's best move{reach}"
        )?;
    }
    say_level(game, level, output)?;
    Ok(true)
}
