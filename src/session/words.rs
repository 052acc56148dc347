//! Results in words, written once for plain play, the screen and `analyze`.
//! Every sentence states only what is proven; an unknown value says so.

use crate::engine::{Outcome, Player, Status, Value};

use super::{Coaching, Hint};

fn moves(n: u64) -> String {
    format!("{n} move{}", if n == 1 { "" } else { "s" })
}

/// A move's or position's result in a few words: `win in 5`, `draw`,
/// `loss`, `unknown`, with the score in games of scores.
#[must_use]
pub fn result(v: Value) -> String {
    let mut s = match v.outcome {
        Outcome::Unknown => return "not proven".to_string(),
        o => o.as_str().to_string(),
    };
    if let (Some(score), true) = (v.score, v.outcome != Outcome::Draw) {
        s.push_str(&format!(" by {}", score.abs()));
    }
    if let Some(p) = v.plies {
        s.push_str(&format!(" in {p}"));
    }
    s
}

/// Who wins from here, as a sentence.
#[must_use]
pub fn verdict(to_move: Player, value: Value) -> String {
    let length = value
        .plies
        .map(|p| format!(" in {}", moves(p)))
        .unwrap_or_default();
    let margin = |s: Option<i64>| {
        s.filter(|s| *s != 0)
            .map(|s| format!(" by {}", s.abs()))
            .unwrap_or_default()
    };
    match value.outcome {
        Outcome::Win => format!(
            "The {to_move} player, to move, wins with perfect play{}{length}.",
            margin(value.score)
        ),
        Outcome::Loss => format!(
            "The {to_move} player, to move, loses with perfect play: the {} player wins{}{length}.",
            to_move.opponent(),
            margin(value.score)
        ),
        Outcome::Draw => {
            format!("With perfect play the game is a draw; the {to_move} player is to move.")
        }
        Outcome::Unknown => format!(
            "Not proven: no exact method settled this position within the time budget, so its value is unknown. The {to_move} player is to move."
        ),
    }
}

/// Who has the upper hand before the first move, for the setup screen.
#[must_use]
pub fn upper_hand(value: Value) -> String {
    match value.outcome {
        Outcome::Win => "The first player wins with perfect play.".to_string(),
        Outcome::Loss => "The second player wins with perfect play.".to_string(),
        Outcome::Draw => "With perfect play the game is a draw (a stalemate).".to_string(),
        Outcome::Unknown => {
            "Not proven from the start: this board is too large to solve within the time budget."
                .to_string()
        }
    }
}

/// The end of a game for the person: `you win`, `computer wins` or `draw`.
#[must_use]
pub fn ending(status: Status, human: Player) -> &'static str {
    match status {
        Status::Won(p) if p == human => "you win",
        Status::Won(_) => "computer wins",
        _ => "draw",
    }
}

/// What the coach says about a move that threw a result away.
#[must_use]
pub fn coach_line(c: &Coaching<String>) -> String {
    let offered = match c.offered {
        Outcome::Win => "the win",
        _ => "the draw",
    };
    let left = match c.left {
        Outcome::Draw => "a draw",
        _ => "a loss",
    };
    format!(
        "{} threw away {offered} (it leaves {left}); {} would have kept it",
        c.played, c.better
    )
}

/// A tip in one sentence.
#[must_use]
pub fn hint_line(h: &Hint<String>) -> String {
    let Some((best, v)) = &h.best else {
        return "no move is possible".to_string();
    };
    let why = h
        .reason
        .as_ref()
        .map(|r| format!(": {r}"))
        .unwrap_or_default();
    match (h.value.outcome, v.outcome) {
        (_, Outcome::Win) => format!("you can win: play {best} ({}){why}", result(*v)),
        (_, Outcome::Draw) => format!("the best you can get is a draw: play {best}{why}"),
        (_, Outcome::Loss) => format!(
            "you are lost against perfect play ({}); {best} holds out longest{why}",
            result(*v)
        ),
        (_, Outcome::Unknown) => {
            format!("not proven within the time budget; the search's choice is {best}{why}")
        }
    }
}
