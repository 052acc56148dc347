//! The idea behind a row of coins, in sentences: the parity guarantee and
//! the optimum, and the rules in words.

use crate::engine::{Game, Player};
use crate::text::counted;

use super::game::{row_line, sum_words};
use super::{CoinsGame, End, Intervals, Rules};

/// The coins at odd and at even places of the row still left (counting
/// from 1 at its left end).
fn by_parity(pos: &CoinsGame) -> (Vec<u64>, Vec<u64>) {
    let left = pos.remaining();
    let odd = left.iter().step_by(2).copied().collect();
    let even = left.iter().skip(1).step_by(2).copied().collect();
    (odd, even)
}

fn margin(score: i64) -> String {
    match score {
        0 => "a draw".to_string(),
        s if s > 0 => format!("a win by {s}"),
        s => format!("a loss by {}", -s),
    }
}

pub fn explain(solved: &Intervals, pos: &CoinsGame) -> Vec<String> {
    let left = pos.remaining();
    if left.is_empty() {
        return Vec::new();
    }
    let sum: u64 = left.iter().sum();
    let lead = pos.lead();
    let share = solved.share(pos);
    let best = solved.score(pos);
    let mut lines = Vec::new();
    if lead != 0 {
        lines.push(format!(
            "So far the player to move is {} {} on the coins already taken.",
            if lead > 0 { "ahead by" } else { "behind by" },
            lead.abs()
        ));
    }
    let (odd, even) = by_parity(pos);
    let (odd_sum, even_sum): (u64, u64) = (odd.iter().sum(), even.iter().sum());
    let optimum = format!(
        "Best play secures {share} of the {sum} left, and the game ends in {}.",
        margin(best)
    );
    if left.len().is_multiple_of(2) {
        let (name, guarantee) = if even_sum > odd_sum {
            ("even", even_sum)
        } else {
            ("odd", odd_sum)
        };
        lines.push(format!(
            "With an even number of coins left, the player to move can take every coin at an odd place of the row ({}) or every coin at an even place ({}): after each of their moves both ends are of the other kind, so the opponent can only open up another coin of the chosen kind.",
            sum_words(odd),
            sum_words(even)
        ));
        lines.push(format!(
            "Taking the {name} places guarantees {guarantee} of the {sum} left, so the player to move never ends behind on these coins."
        ));
        if share > guarantee {
            lines.push(format!(
                "That is not the best play here: best play secures {share} of the {sum} left, not {guarantee}, and the game ends in {}.",
                margin(best)
            ));
        } else {
            lines.push(format!(
                "That is also the best anyone can do here: {}",
                optimum.to_lowercase()
            ));
        }
    } else {
        lines.push(
            "With an odd number of coins left, no parity plan exists: the opponent gets the last coin, and every move opens a coin to them."
                .to_string(),
        );
        lines.push(optimum);
    }
    lines.push(
        "The computer weighs every stretch of the row once: the most the player to move can finish ahead by on coins i..j is the better of the left coin minus the best on i+1..j and the right coin minus the best on i..j-1."
            .to_string(),
    );
    lines
}

pub fn reason(solved: &Intervals, pos: &CoinsGame, end: End) -> Option<String> {
    let coin = pos.coin(end)?;
    let after = pos.after(end);
    let left = after.remaining();
    if left.is_empty() {
        return Some(format!("taking {coin} ends the game"));
    }
    // What the opponent can secure of the rest, with best play.
    let theirs = solved.share(&after);
    let sum: u64 = left.iter().sum();
    Some(format!(
        "taking {coin} from the {} leaves the opponent at most {theirs} of the {sum} still in the row",
        end.word()
    ))
}

/// The rules of a coins ruleset, in words.
pub fn card(rules: &Rules) -> Vec<String> {
    let n = rules.values.len();
    let sum: u64 = rules.values.iter().sum();
    let row = row_line(&CoinsGame::new(rules.values.clone(), Player::First));
    vec![
        format!(
            "A row of {}: {row}.",
            counted(n, "coin")
        ),
        format!("The coins are worth {sum} in all."),
        "On your turn, take the coin at either end of the row: l takes the left end, r the right end."
            .to_string(),
        "When the row is empty, whoever holds more wins; equal totals draw.".to_string(),
        "The margin counts: the computer plays to win by as much as it can, or to lose by as little."
            .to_string(),
    ]
}
