//! A puzzle run, line by line: your own puzzles that are due first (each
//! a move of yours that a review proved threw a win or a draw away), then
//! puzzles made by the solver; each answer judged exactly, the streak
//! counted, the solution and its idea shown after each, and the results
//! kept per ruleset (`collection`).

use std::io::{self, BufRead, Write};

use crate::collection::{Collection, Mine};
use crate::engine::{Outcome, Player};
use crate::history::GameRecord;
use crate::rules::Ruleset;
use crate::session::{AnySession, Setup, Verdict, wording};

/// One puzzle of a run: where it starts, and whether it is one of yours.
#[derive(Clone, Debug)]
struct Item {
    moves: String,
    mine: bool,
}

/// How a run went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunResult {
    pub tried: u64,
    pub solved: u64,
    pub best_streak: u64,
}

/// Your mistakes in `games` (of this ruleset, newer than `after`) as
/// puzzles due in run `due`: each of your moves a review proves threw a
/// win or a draw away, from the position before it.
#[must_use]
pub fn mistakes(ruleset: &Ruleset, setup: Setup, games: &[GameRecord], due: u64) -> Vec<Mine> {
    let identity = ruleset.identity();
    let mut out = Vec::new();
    for game in games.iter().filter(|g| g.identity == identity) {
        let human = if game.human == "second" {
            Player::Second
        } else {
            Player::First
        };
        let mut session = ruleset.session(setup);
        if session.replay(&game.moves).is_err() {
            continue;
        }
        let moves: Vec<&str> = game.moves.split_whitespace().collect();
        for j in session.review(Some(human)) {
            let thrown = j.verdict == Verdict::Mistake
                && matches!(j.best.outcome, Outcome::Win | Outcome::Draw)
                && j.result.outcome != j.best.outcome;
            if thrown && !j.best_moves.is_empty() {
                out.push(Mine {
                    identity: identity.clone(),
                    moves: moves[..j.ply - 1].join(" "),
                    answers: j.best_moves.clone(),
                    played: j.mv.clone(),
                    due,
                    solved: 0,
                });
            }
        }
    }
    out
}

/// Plays a run of up to `count` puzzles on `input`/`output`: your due
/// puzzles from `collection` (already holding this run's number), then
/// `made` ones (start moves); records each answer with `record`.
///
/// # Errors
/// Errors writing to `output`.
pub fn run(
    ruleset: &Ruleset,
    setup: Setup,
    mine: &[Mine],
    made: &[String],
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    mut record: impl FnMut(&str, bool, bool),
) -> io::Result<RunResult> {
    let items: Vec<Item> = mine
        .iter()
        .map(|m| Item {
            moves: m.moves.clone(),
            mine: true,
        })
        .chain(made.iter().map(|m| Item {
            moves: m.clone(),
            mine: false,
        }))
        .collect();
    writeln!(
        output,
        "{}: a run of {} puzzles ({} of them from your games). Type a move, or quit.",
        ruleset.name,
        items.len(),
        mine.len()
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

/// Records one answer in the collection: your puzzle's next showing, and
/// the ruleset's counts.
pub fn record_answer(
    collection: &mut Collection,
    identity: &str,
    run: u64,
    moves: &str,
    mine: bool,
    solved: bool,
) {
    if mine {
        collection.answered(identity, moves, run, solved);
    }
    let runs = collection.runs_of(identity);
    runs.tried += 1;
    runs.solved += u64::from(solved);
}
