//! Reports for `analyze`: the value of a position and of every move, as JSON
//! (DESIGN.md §4) or as sentences with the idea behind them.

use serde::Serialize;

use crate::engine::{AnyMatch, Outcome, Player, Status, Value};
use crate::rules::Ruleset;

/// A move in `--moves` that could not be played.
#[derive(Debug, thiserror::Error)]
#[error("move {index} '{text}' cannot be played: {reason}")]
pub struct ReplayError {
    pub index: usize,
    pub text: String,
    pub reason: String,
}

/// Plays `moves` (separated by white space) from the start of the ruleset.
///
/// # Errors
/// The first move that is not legal, with its position in the list (from 1).
pub fn replay(ruleset: &Ruleset, moves: &str) -> Result<Box<dyn AnyMatch>, ReplayError> {
    let mut game = ruleset.new_match();
    for (i, text) in moves.split_whitespace().enumerate() {
        game.play(text).map_err(|e| ReplayError {
            index: i + 1,
            text: text.to_string(),
            reason: e.0,
        })?;
    }
    Ok(game)
}

#[derive(Debug, Serialize)]
pub struct Report {
    pub ruleset: String,
    pub kind: String,
    pub to_move: &'static str,
    pub status: &'static str,
    pub value: &'static str,
    pub plies: Option<u64>,
    pub proven: bool,
    pub moves: Vec<MoveLine>,
}

#[derive(Debug, Serialize)]
pub struct MoveLine {
    #[serde(rename = "move")]
    pub mv: String,
    pub result: &'static str,
    pub plies: Option<u64>,
}

#[must_use]
pub fn report(ruleset: &Ruleset, game: &dyn AnyMatch) -> Report {
    let value = game.value();
    Report {
        ruleset: ruleset.name.clone(),
        kind: ruleset.kind().to_string(),
        to_move: game.to_move().as_str(),
        status: game.status().as_str(),
        value: value.outcome.as_str(),
        plies: value.plies,
        proven: value.proven,
        moves: game
            .move_results()
            .into_iter()
            .map(|m| MoveLine {
                mv: m.mv,
                result: m.value.outcome.as_str(),
                plies: m.value.plies,
            })
            .collect(),
    }
}

/// The report as one line of JSON.
#[must_use]
pub fn to_json(report: &Report) -> String {
    serde_json::to_string(report).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// Who wins from here, as a sentence.
#[must_use]
pub fn verdict(to_move: Player, value: Value) -> String {
    let unproven = if value.proven {
        ""
    } else {
        " (not proven: the search was cut short)"
    };
    let length = value
        .plies
        .map(|p| format!(" in {p} move{}", if p == 1 { "" } else { "s" }))
        .unwrap_or_default();
    let sentence = match value.outcome {
        Outcome::Win => format!("The {to_move} player, to move, wins with perfect play{length}"),
        Outcome::Loss => format!(
            "The {to_move} player, to move, loses with perfect play: the {} player wins{length}",
            to_move.opponent()
        ),
        Outcome::Draw => {
            format!("With perfect play the game is a draw; the {to_move} player is to move")
        }
    };
    format!("{sentence}{unproven}.")
}

fn game_over(status: Status) -> String {
    match status {
        Status::Won(p) => format!("The game is over: the {p} player won."),
        Status::Draw => "The game is over: a draw.".to_string(),
        Status::Ongoing => String::new(),
    }
}

/// The report in sentences, with the idea behind the position.
#[must_use]
pub fn to_text(ruleset: &Ruleset, game: &dyn AnyMatch) -> String {
    let mut out = vec![format!("{} ({})", ruleset.name, ruleset.kind())];
    if !ruleset.description.is_empty() {
        out.push(ruleset.description.clone());
    }
    out.push(String::new());
    out.push(game.board_text());
    out.push(String::new());
    let history = game.history();
    if !history.is_empty() {
        out.push(format!("Moves so far: {}", history.join(" ")));
    }
    let status = game.status();
    if status.is_over() {
        out.push(game_over(status));
        return out.join("\n") + "\n";
    }
    out.push(verdict(game.to_move(), game.value()));
    if let Some(best) = game.best_moves().first() {
        let why = game
            .reason(best)
            .map(|r| format!(": {r}"))
            .unwrap_or_default();
        let label = match game.value().outcome {
            Outcome::Win => "Winning move",
            Outcome::Draw => "Move that keeps the draw",
            Outcome::Loss => "Every move loses; the hardest for the opponent",
        };
        out.push(format!("{label}: {best}{why}."));
    }
    out.extend(moves_by_result(&game.move_results()));
    out.push(String::new());
    out.extend(game.explain());
    out.join("\n") + "\n"
}

/// The moves grouped by their result for the mover, long groups cut short.
fn moves_by_result(moves: &[crate::engine::MoveReport]) -> Vec<String> {
    const SHOWN: usize = 24;
    [
        (Outcome::Win, "Winning moves"),
        (Outcome::Draw, "Drawing moves"),
        (Outcome::Loss, "Losing moves"),
    ]
    .into_iter()
    .filter_map(|(outcome, label)| {
        let group: Vec<String> = moves
            .iter()
            .filter(|m| m.value.outcome == outcome)
            .map(|m| match m.value.plies {
                Some(p) => format!("{} (in {p})", m.mv),
                None => m.mv.clone(),
            })
            .collect();
        if group.is_empty() {
            return None;
        }
        let more = group.len().saturating_sub(SHOWN);
        let tail = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        Some(format!(
            "{label}: {}{tail}.",
            group[..group.len().min(SHOWN)].join(", ")
        ))
    })
    .collect()
}
