//! A puzzle run, line by line (`puzzles --run`): the puzzles `practice`
//! prepares, each answer judged exactly, the streak counted, the solution
//! and its idea shown after each.

use std::io::{self, BufRead, Write};

use crate::practice::{Item, RunResult};
use crate::rules::Ruleset;
use crate::session::{AnySession, Setup, Verdict, wording};
use crate::text::counted;

/// Plays a run's `items` (from [`prepare`]) on `input`/`output`; records
/// each answer with `record`.
///
/// # Errors
/// Errors writing to `output`.
pub fn run(
    ruleset: &Ruleset,
    setup: Setup,
    items: &[Item],
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    mut record: impl FnMut(&str, bool, bool),
) -> io::Result<RunResult> {
    let mine = items.iter().filter(|i| i.mine).count();
    writeln!(
        output,
        "{}: a run of {} ({} of them from your games). Type a move, help or quit.",
        ruleset.name,
        counted(items.len(), "puzzle"),
        mine
    )?;
    let mut result = RunResult::default();
    let mut streak = 0;
    for (i, item) in items.iter().enumerate() {
        let mut game = ruleset.session(setup);
        if game.replay(&item.moves).is_err() {
            continue;
        }
        let Some(solved) = ask(&mut *game, i + 1, item, input, output)? else {
            break;
        };
        result.tried += 1;
        if solved {
            result.solved += 1;
            streak += 1;
            result.best_streak = result.best_streak.max(streak);
        } else {
            streak = 0;
        }
        writeln!(output, "streak: {streak}")?;
        record(&item.moves, item.mine, solved);
    }
    writeln!(
        output,
        "run over: solved {} of {}; best streak {}",
        result.solved, result.tried, result.best_streak
    )?;
    Ok(result)
}

/// What `help` says in a run.
const HELP: &str = "Type the move that keeps the result: a win where there is one, else a draw. quit ends the run; the answer and the idea behind it follow each move.";

/// The same, as a reminder after a word of play's.
const HELP_SHORT: &str = "type a move, or quit";

/// One puzzle: the position, the question, the answer judged; `None` when
/// the person quits or the input ends.
fn ask(
    game: &mut dyn AnySession,
    n: usize,
    item: &Item,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> io::Result<Option<bool>> {
    let to_move = game.to_move();
    let whose = if item.mine { " (from your game)" } else { "" };
    let after = if item.moves.is_empty() {
        "from the start".to_string()
    } else {
        format!("after {}", item.moves)
    };
    writeln!(
        output,
        "\npuzzle {n}{whose}: {after}, the {to_move} player to move"
    )?;
    writeln!(output, "{}", game.board_text())?;
    loop {
        writeln!(output, "your move ({}):", game.move_prompt())?;
        output.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let text = line.trim();
        if text == "quit" {
            return Ok(None);
        }
        if text.is_empty() {
            continue;
        }
        // Play's words, where they are not moves: a puzzle has no tip, list
        // of results or undo — they would give the answer away.
        if !game.reads_as_move(text) {
            match text {
                "help" | "?" => {
                    writeln!(output, "{HELP}")?;
                    continue;
                }
                "hint" | "moves" | "undo" | "resign" => {
                    writeln!(
                        output,
                        "error: a puzzle has no '{text}': find the move yourself ({HELP_SHORT})"
                    )?;
                    continue;
                }
                _ => {}
            }
        }
        match game.judge_move(text) {
            Err(e) => writeln!(output, "error: {}", e.0)?,
            Ok(j) => {
                let solved = matches!(j.verdict, Verdict::Best | Verdict::Kept);
                let said = wording::judgement_line(&j);
                if solved {
                    writeln!(output, "right: {said}")?;
                } else {
                    writeln!(output, "not it: {said}")?;
                    writeln!(output, "the idea: {}", game.hint())?;
                }
                return Ok(Some(solved));
            }
        }
    }
}
