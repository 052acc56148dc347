//! Reports for `analyze` (the value of a position and of every move) and
//! `review` (every move of a game judged), as JSON (docs/design.md §4) or
//! as sentences.

use serde::Serialize;

use crate::engine::{Outcome, Status, Value};
use crate::rules::Ruleset;
use crate::session::{Analysis, Judgement, Puzzle, Verdict, wording};

#[derive(Debug, Serialize)]
pub struct Report {
    pub ruleset: String,
    pub kind: String,
    pub to_move: &'static str,
    /// In games of rounds: the round being played, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u64>,
    /// In games of rounds: who started the round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round_starter: Option<&'static str>,
    pub status: &'static str,
    pub value: &'static str,
    pub plies: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i64>,
    pub proven: bool,
    /// The time budget ran out (or Ctrl-C stopped it) before every value
    /// was settled.
    pub cut_short: bool,
    pub moves: Vec<MoveLine>,
    /// Moves not listed one by one (too many), all with one result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub others: Option<Others>,
}

#[derive(Debug, Serialize)]
pub struct MoveLine {
    #[serde(rename = "move")]
    pub mv: String,
    pub result: &'static str,
    pub plies: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i64>,
    pub proven: bool,
}

#[derive(Debug, Serialize)]
pub struct Others {
    /// How many moves are not listed.
    pub count: u128,
    pub result: &'static str,
    pub plies: Option<u64>,
    pub proven: bool,
}

fn line(mv: &str, v: Value) -> MoveLine {
    MoveLine {
        mv: mv.to_string(),
        result: v.outcome.as_str(),
        plies: v.plies,
        score: v.score,
        proven: v.is_proven(),
    }
}

#[must_use]
pub fn report(ruleset: &Ruleset, a: &Analysis) -> Report {
    Report {
        ruleset: ruleset.name.clone(),
        kind: ruleset.kind().to_string(),
        to_move: a.to_move.as_str(),
        round: a.round.map(|(r, _)| r),
        round_starter: a.round.map(|(_, p)| p.as_str()),
        status: a.status.as_str(),
        value: a.value.outcome.as_str(),
        plies: a.value.plies,
        score: a.value.score,
        proven: a.value.is_proven(),
        cut_short: a.cut_short,
        moves: a.moves.iter().map(|(m, v)| line(m, *v)).collect(),
        others: a.rest.map(|r| Others {
            count: r.count,
            result: r.value.outcome.as_str(),
            plies: r.value.plies,
            proven: r.value.is_proven(),
        }),
    }
}

/// The report as one line of JSON.
#[must_use]
pub fn to_json(report: &Report) -> String {
    serde_json::to_string(report).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// The report in sentences, with the idea behind the position.
#[must_use]
pub fn to_text(ruleset: &Ruleset, a: &Analysis) -> String {
    let mut out = vec![format!("{} ({})", ruleset.name, ruleset.kind())];
    if !ruleset.description.is_empty() {
        out.push(ruleset.description.clone());
    }
    out.push(String::new());
    out.push(a.board.clone());
    out.push(String::new());
    if !a.history.is_empty() {
        out.push(format!("Moves so far: {}", a.history.join(" ")));
    }
    if a.status.is_over() {
        out.push(wording::game_over(a.status, |_| None));
        return out.join("\n") + "\n";
    }
    out.push(wording::verdict(a.to_move, a.value));
    if let Some((best, v)) = &a.best {
        let why = wording::reason_after_move(a.reason.as_deref());
        // Where every move loses as slowly, none "holds out longest".
        let all_alike = a.rest.is_none()
            && a.moves.len() > 1
            && a.moves.iter().all(|(_, m)| m.compare(*v).is_eq());
        let label = match v.outcome {
            Outcome::Win => "Winning move:".to_string(),
            Outcome::Draw => "Move that keeps the draw:".to_string(),
            Outcome::Loss if a.rest.is_none() && a.moves.len() == 1 => {
                "The only move, which loses:".to_string()
            }
            Outcome::Loss if all_alike && v.plies.is_none() => {
                "Every move loses; for example:".to_string()
            }
            Outcome::Loss if all_alike => "Every move loses as slowly; for example:".to_string(),
            // A loss of unknown length is not proven the longest.
            Outcome::Loss if v.plies.is_none() => {
                "Every move loses; none is proven to hold out longer than".to_string()
            }
            Outcome::Loss => "Every move loses; the one that holds out longest:".to_string(),
            Outcome::Unknown => "The search's choice:".to_string(),
        };
        out.push(format!("{label} {best} ({}){why}.", wording::result(*v)));
    }
    out.extend(moves_by_result(a));
    if a.cut_short && a.stopped {
        out.push(
            "Some values are unknown: the analysis was stopped (Ctrl-C) before they were proven."
                .to_string(),
        );
    } else if a.cut_short {
        out.push(
            "Some values are unknown: the time budget ran out before they were proven (--think sets it; 0 searches until done)."
                .to_string(),
        );
    } else if a.unknown {
        out.push(
            "Some values are unknown: no exact method proves them in this game, even without a time limit."
                .to_string(),
        );
    }
    out.push(String::new());
    out.extend(a.idea.iter().cloned());
    out.join("\n") + "\n"
}

/// The moves grouped by their result for the mover, long groups cut short.
/// Within a group the moves whose length (or margin) is proven come first,
/// each with it; the others after them, said to be without it, so that no
/// length reads as theirs.
fn moves_by_result(a: &Analysis) -> Vec<String> {
    const SHOWN: usize = 24;
    [
        (Outcome::Win, "Winning moves", "how fast"),
        (Outcome::Draw, "Drawing moves", "how long"),
        (Outcome::Loss, "Losing moves", "how slowly"),
        (Outcome::Unknown, "Moves not proven either way", ""),
    ]
    .into_iter()
    .filter_map(|(outcome, label, how)| {
        // A move's proven length, or margin in a game of scores.
        let measure = |v: &Value| match (v.plies, v.score) {
            (_, Some(s)) if outcome != Outcome::Draw => Some(format!("by {}", s.abs())),
            (Some(p), _) => Some(format!("in {}", wording::plies(p))),
            _ => None,
        };
        let group: Vec<&(String, Value)> = a
            .moves
            .iter()
            .filter(|(_, v)| v.outcome == outcome)
            .collect();
        let (mut measured, mut bare) = (Vec::new(), Vec::new());
        for (m, v) in &group {
            match measure(v) {
                Some(how) => measured.push(format!("{m} ({how})")),
                None => bare.push(m.as_str()),
            }
        }
        let others = a
            .rest
            .filter(|r| r.value.outcome == outcome)
            .map_or(0, |r| r.count);
        if group.is_empty() && others == 0 {
            return None;
        }
        let more = group.len().saturating_sub(SHOWN) as u128 + others;
        measured.truncate(SHOWN);
        bare.truncate(SHOWN - measured.len());
        let mut listed = measured.join(", ");
        if !bare.is_empty() {
            let without = bare.join(", ");
            listed = if listed.is_empty() {
                without
            } else {
                // Mixed: say which are without a proven length.
                let scored = group.iter().any(|(_, v)| v.score.is_some());
                let what = if scored && outcome != Outcome::Draw {
                    "by how much"
                } else {
                    how
                };
                format!("{listed}; {without} ({what} not proven)")
            };
        }
        let tail = match (listed.is_empty(), more) {
            (_, 0) => String::new(),
            (true, n) => format!("{n} moves"),
            (false, n) => format!(" and {n} more"),
        };
        Some(format!("{label}: {listed}{tail}."))
    })
    .collect()
}

/// One move of a reviewed game as `review --json` prints it (docs/design.md §4).
#[derive(Debug, Serialize)]
pub struct ReviewLine {
    pub ply: usize,
    #[serde(rename = "move")]
    pub mv: String,
    pub player: &'static str,
    /// What the move leads to for the player who made it.
    pub result: &'static str,
    pub plies: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i64>,
    /// The best result that player had before it.
    pub best: &'static str,
    pub best_plies: Option<u64>,
    pub best_moves: Vec<String>,
    pub verdict: &'static str,
}

/// The review of a game as `review --json` prints it.
#[derive(Debug, Serialize)]
pub struct Review {
    pub ruleset: String,
    pub kind: String,
    pub status: &'static str,
    pub moves: Vec<ReviewLine>,
}

#[must_use]
pub fn review(ruleset: &Ruleset, status: Status, judged: &[Judgement<String>]) -> Review {
    Review {
        ruleset: ruleset.name.clone(),
        kind: ruleset.kind().to_string(),
        status: status.as_str(),
        moves: judged
            .iter()
            .map(|j| ReviewLine {
                ply: j.ply,
                mv: j.mv.clone(),
                player: j.player.as_str(),
                result: j.result.outcome.as_str(),
                plies: j.result.plies,
                score: j.result.score,
                best: j.best.outcome.as_str(),
                best_plies: j.best.plies,
                best_moves: j.best_moves.clone(),
                verdict: j.verdict.as_str(),
            })
            .collect(),
    }
}

/// How many of a review's moves went unjudged, in words that fit the
/// count: "2 of 5 moves not judged", "The move not judged", "None of
/// the 3 moves judged".
fn not_judged(unknown: usize, moves: usize) -> String {
    match (unknown, moves) {
        (1, 1) => "The move not judged".to_string(),
        (u, m) if u == m => format!("None of the {m} moves judged"),
        (u, m) => format!("{u} of {m} moves not judged"),
    }
}

/// The review as one line of JSON.
#[must_use]
pub fn review_json(review: &Review) -> String {
    serde_json::to_string(review).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// The review in sentences: one line a move, then where the game turned.
#[must_use]
pub fn review_text(ruleset: &Ruleset, status: Status, judged: &[Judgement<String>]) -> String {
    let mut out = vec![format!("{} ({}): review", ruleset.name, ruleset.kind())];
    let strip: String = judged.iter().map(|j| j.verdict.mark()).collect();
    out.push(format!(
        "Moves judged: {strip}  (+ best  = kept  - mistake  ? unknown)"
    ));
    out.push(String::new());
    for j in judged {
        out.push(format!(
            "{:>3}. {:<6} {}",
            j.ply,
            j.player.as_str(),
            wording::judgement_line(j)
        ));
    }
    out.push(String::new());
    let mistakes: Vec<String> = judged
        .iter()
        .filter(|j| j.verdict == Verdict::Mistake)
        .map(|j| format!("{} ({}, move {})", j.mv, j.player, j.ply))
        .collect();
    let unknown = judged
        .iter()
        .filter(|j| j.verdict == Verdict::Unknown)
        .count();
    out.push(if mistakes.is_empty() {
        "No move threw a proven result away.".to_string()
    } else {
        format!("Mistakes: {}.", mistakes.join(", "))
    });
    if unknown > 0 {
        out.push(format!(
            "{}: no proof within the time budget.",
            not_judged(unknown, judged.len())
        ));
    }
    if status.is_over() {
        out.push(wording::game_over(status, |_| None));
    }
    out.join("\n") + "\n"
}

/// A puzzle as `puzzles --json` prints it (docs/design.md §4).
#[derive(Debug, Serialize)]
pub struct PuzzleLine {
    /// The moves from the ruleset's start to the position.
    pub moves: String,
    pub to_move: &'static str,
    pub value: &'static str,
    pub plies: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i64>,
    /// Every move that keeps the value.
    pub answers: Vec<String>,
    pub legal: u128,
    pub difficulty: u8,
}

/// The puzzles as one line of JSON: a list.
#[must_use]
pub fn puzzles_json(made: &[Puzzle<String>]) -> String {
    let lines: Vec<PuzzleLine> = made
        .iter()
        .map(|p| PuzzleLine {
            moves: p.line.join(" "),
            to_move: p.to_move.as_str(),
            value: p.value.outcome.as_str(),
            plies: p.value.plies,
            score: p.value.score,
            answers: p.answers.clone(),
            legal: p.legal,
            difficulty: p.difficulty,
        })
        .collect();
    serde_json::to_string(&lines).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// The puzzles in sentences, each with its board (`boards`, in order) and
/// its answers last.
#[must_use]
pub fn puzzles_text(ruleset: &Ruleset, made: &[Puzzle<String>], boards: &[String]) -> String {
    let mut out = vec![format!(
        "{} ({}): {}",
        ruleset.name,
        ruleset.kind(),
        crate::text::counted(made.len(), "puzzle")
    )];
    for (i, (p, board)) in made.iter().zip(boards).enumerate() {
        out.push(String::new());
        let after = if p.line.is_empty() {
            "From the start".to_string()
        } else {
            format!("After {}", p.line.join(" "))
        };
        let aim = match p.value.outcome {
            Outcome::Win => "can win",
            _ => "can hold the draw",
        };
        out.push(format!(
            "Puzzle {} (difficulty {} of 10). {after}, the {} player {aim}: find the move ({} legal).",
            i + 1,
            p.difficulty,
            p.to_move,
            p.legal
        ));
        out.push(board.clone());
        let answers = if p.answers.len() == 1 {
            "Answer"
        } else {
            "Answers"
        };
        out.push(format!(
            "{answers}: {} ({}).",
            p.answers.join(", "),
            wording::result(p.value)
        ));
    }
    if made.is_empty() {
        out.push("No puzzle found: no position reached by random play has few moves that keep a proven win or draw.".to_string());
    }
    out.join("\n") + "\n"
}
