//! The idea behind a flags position, in sentences: losing counts and period.

use crate::engine::{Game, Outcome};

use super::game::or_list;
use super::{FlagsGame, Rules, Table, WhenStuck};

/// How many counts a list shows before it stops with "…".
const LISTED: usize = 12;

fn counts_with(table: &Table, pos: &FlagsGame, outcome: Outcome) -> (Vec<u64>, bool) {
    let (above, more) = table.counts_with(outcome, pos.above_lose(), LISTED);
    (above.into_iter().map(|m| pos.lose_at + m).collect(), more)
}

fn list(counts: &[u64], more: bool) -> String {
    let words: Vec<String> = counts.iter().map(u64::to_string).collect();
    format!("{}{}", words.join(", "), if more { ", …" } else { "" })
}

pub fn explain(table: &Table, pos: &FlagsGame) -> Vec<String> {
    let mut lines = Vec::new();
    let (losing, more) = counts_with(table, pos, Outcome::Loss);
    lines.push(format!(
        "Losing counts (the player to move loses against perfect play): {}.",
        list(&losing, more)
    ));
    let (drawn, more) = counts_with(table, pos, Outcome::Draw);
    if !drawn.is_empty() {
        lines.push(format!(
            "Drawn counts (the best the player to move can do is a stalemate): {}.",
            list(&drawn, more)
        ));
    }
    if let Some(p) = table.period() {
        let residues: Vec<String> = (p.start..p.start + p.len)
            .filter(|&m| table.outcome(m) == Some(Outcome::Loss))
            .map(|m| ((pos.lose_at + m) % p.len).to_string())
            .collect();
        let start = outcome_period_start(table, p);
        let first = pos.lose_at + start;
        let same = match table.outcome(start) {
            Some(Outcome::Loss) => "lost for the player to move",
            Some(Outcome::Win) => "won by the player to move",
            _ => "a draw",
        };
        let pattern = if residues.is_empty() {
            "with no losing counts".to_string()
        } else {
            format!(
                "a count is losing when it leaves remainder {} on division by {}",
                residues.join(" or "),
                p.len
            )
        };
        lines.push(if p.len == 1 {
            // "repeat every 1 flag" says less than this.
            format!(
                "From {} on, every count is {same}.",
                pos.item.counted(first)
            )
        } else {
            format!(
                "From {} on, the outcomes repeat every {}: {pattern}.",
                pos.item.counted(first),
                pos.item.counted(p.len)
            )
        });
    }
    lines.push(
        "The idea: always leave your opponent a losing count; from a losing count every move hands one back."
            .to_string(),
    );
    if pos.take[0] > 1 {
        lines.push(format!(
            "A player with {} left but fewer than {} above the losing count is stuck: the game is then {}.",
            pos.item.many,
            pos.take[0],
            match pos.when_stuck {
                WhenStuck::Draw => "a draw (a stalemate)",
                WhenStuck::Lose => "lost for the stuck player",
            }
        ));
    }
    lines
}

pub fn reason(table: &Table, pos: &FlagsGame, mv: u64) -> Option<String> {
    if !pos.is_legal(mv) {
        return None;
    }
    let left = pos.count - mv;
    let what = match table.outcome(left - pos.lose_at)? {
        Outcome::Loss => "a losing count for the opponent",
        Outcome::Draw => "a count from which the opponent can do no better than a draw",
        Outcome::Win => "a winning count for the opponent",
        Outcome::Unknown => return None,
    };
    Some(format!("taking {mv} leaves {left}, {what}"))
}

/// The first count from which outcomes (not plies) repeat with the period.
fn outcome_period_start(table: &Table, p: super::Period) -> u64 {
    let mut s = p.start;
    while s > 0 && table.outcome(s - 1) == table.outcome(s - 1 + p.len) {
        s -= 1;
    }
    s
}

/// The rules of a flags ruleset, in words.
pub fn card(rules: &Rules) -> Vec<String> {
    let word = |n: u64| rules.item.word(n);
    let mut lines = vec![
        format!(
            "There are {} {} in a row. On your turn, take {} {}.",
            rules.start,
            word(rules.start),
            or_list(&rules.take),
            word(*rules.take.last().unwrap_or(&2)),
        ),
        if rules.lose_at == 0 {
            format!(
                "Whoever takes the last {} wins: the player who must move with none left loses.",
                rules.item.one
            )
        } else {
            format!(
                "You may not leave fewer than {} {}; whoever must move with exactly {} left loses.",
                rules.lose_at,
                word(rules.lose_at),
                rules.lose_at
            )
        },
    ];
    if rules.take[0] > 1 {
        lines.push(format!(
            "With {} left but fewer than {} more than {}, a player is stuck: {}.",
            rules.item.many,
            rules.take[0],
            rules.lose_at,
            match rules.when_stuck {
                WhenStuck::Draw => "the game is a draw (a stalemate)",
                WhenStuck::Lose => "the stuck player loses",
            }
        ));
    }
    lines
}
