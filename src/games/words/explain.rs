//! The idea behind the word game, in sentences: what the starter of a round
//! can force, which rounds are worth losing, and the rules in words.

use crate::engine::Game;
use crate::text::counted;

use super::game::{WordsGame, letter_list};
use super::solver::{Aim, Solved};
use super::{Rules, Scoring, Source};

fn yes_no(b: bool) -> &'static str {
    if b { "can" } else { "cannot" }
}

/// The plan of a match decided by majority: every round is worth winning.
fn majority_plan(solved: &Solved, pos: &WordsGame) -> String {
    let rounds = pos.rounds;
    let need = pos.majority();
    if solved.starter_can_win() {
        let result = if rounds % 2 == 1 {
            "so the first player wins the match"
        } else {
            "an even split: the match is a draw"
        };
        format!(
            "Most rounds won decides the match (the first to {need} of {rounds}), so each player wants to win every round. The starter of a round can force a win of it, and its loser starts the next: the rounds alternate between the players, the first player winning rounds 1, 3, 5, …: {result}."
        )
    } else {
        format!(
            "Most rounds won decides the match (the first to {need} of {rounds}), so each player wants to win every round. The starter of a round cannot force a win of it: the other player wins it, and the loser starts again, so the second player wins every round and the match."
        )
    }
}

/// The match's plan, from what the starter of a round can force.
fn plan(solved: &Solved, rounds: u64) -> String {
    let (win, lose) = (solved.starter_can_win(), solved.starter_can_lose());
    if rounds == 1 {
        return format!(
            "One round: the player who starts it {} force a win, so the {} player wins.",
            yes_no(win),
            if win { "first" } else { "second" }
        );
    }
    let who = if solved.starter_wins(1) {
        "first"
    } else {
        "second"
    };
    match (win, lose) {
        (true, true) => format!(
            "The starter of a round can force a win of it and can force a loss of it. So the first player loses every round but the last on purpose (the loser starts the next) and wins the last: the {who} player wins the match."
        ),
        (true, false) => format!(
            "The starter of a round can force a win of it but cannot force a loss, so every round goes to its starter and the starts alternate: the first player starts the last round (round {rounds}) when the number of rounds is odd. So the {who} player wins the match."
        ),
        (false, _) => format!(
            "The starter of a round cannot force a win of it: the other player wins every round, and the loser starts the next, so the first player starts (and loses) every round. So the {who} player wins the match."
        ),
    }
}

pub fn explain(solved: &Solved, pos: &WordsGame) -> Vec<String> {
    let majority = solved.scoring() == Scoring::Majority && pos.rounds > 1;
    let mut lines = vec![if majority {
        majority_plan(solved, pos)
    } else {
        plan(solved, pos.rounds)
    }];
    if pos.status().is_over() {
        return lines;
    }
    let aim = solved.aim(pos.round);
    lines.push(match aim {
        Aim::Win if majority => format!(
            "Round {} of {}: rounds won so far, first {}, second {}; the loser of this round starts the next.",
            pos.round,
            pos.rounds,
            pos.rounds_won(crate::engine::Player::First),
            pos.rounds_won(crate::engine::Player::Second)
        ),
        Aim::Win if pos.round >= pos.rounds => format!(
            "Round {} is the last: whoever wins it wins the match.",
            pos.round
        ),
        Aim::Win => format!(
            "In round {}, both players want to win the round: the starter of round {} cannot make sure of winning it.",
            pos.round,
            pos.round + 1
        ),
        Aim::Lose => format!(
            "In round {}, both players want to lose the round: its loser starts round {}, and whoever starts round {} wins the match.",
            pos.round,
            pos.round + 1,
            pos.round + 1
        ),
    });
    let word = pos.word();
    let shown = if word.is_empty() {
        "the empty word".to_string()
    } else {
        format!("'{word}'")
    };
    const SHOWN: usize = 6;
    let soon = pos.endings(SHOWN + 1);
    if !soon.is_empty() && !word.is_empty() {
        let more = if soon.len() > SHOWN { ", …" } else { "" };
        lines.push(format!(
            "From {shown} the round can end at {}{more}",
            soon[..soon.len().min(SHOWN)].join(", ")
        ));
    }
    let good: Vec<char> = pos
        .moves()
        .filter(|&l| {
            let child = pos.after(l);
            pos.move_value(&child, solved_value(solved, &child)).outcome
                == crate::engine::Outcome::Win
        })
        .map(char::from)
        .collect();
    if !good.is_empty() {
        lines.push(format!(
            "From {shown}, the letters that win the match for the player to move: {}.",
            letter_list(&good)
        ));
    }
    lines.push(
        "The computer solves the tree of prefixes once, from the longest words back: for each prefix, whether the player to move can force a win of the round and whether they can force a loss of it."
            .to_string(),
    );
    lines
}

fn solved_value(solved: &Solved, pos: &WordsGame) -> crate::engine::Value {
    crate::engine::Solver::value(solved, pos, &crate::engine::Budget::unlimited())
}

pub fn reason(solved: &Solved, pos: &WordsGame, letter: u8) -> Option<String> {
    if !pos.is_legal(letter) {
        return None;
    }
    let word = format!("{}{}", pos.word(), char::from(letter));
    let child = pos.after(letter);
    if child.round != pos.round || child.status().is_over() {
        let lost = child.ended.map(|e| e.loser)? == pos.to_move();
        return Some(format!(
            "'{word}' ends round {}: the player to move {} it",
            pos.round,
            if lost { "loses" } else { "wins" }
        ));
    }
    let aim = solved.aim(pos.round);
    let wanted = match aim {
        Aim::Win => "winning this round".to_string(),
        Aim::Lose => format!(
            "losing this round, as you want to: its loser starts round {}",
            pos.round + 1
        ),
    };
    // After the letter, the opponent is to move: they must fail at the aim.
    (!solved.gets_aim(aim, child.node))
        .then(|| format!("after '{word}' the opponent cannot keep you from {wanted}"))
}

pub fn remark(solved: &Solved, pos: &WordsGame, _letter: u8) -> Option<String> {
    let aim = solved.aim(pos.round);
    let first_of_round = pos.trie().depth(pos.node) <= 1;
    if aim != Aim::Lose || !first_of_round || !solved.gets_aim(aim, pos.node) {
        return None;
    }
    Some(format!(
        "I lose this round on purpose: the loser starts round {}, and whoever starts it wins it.",
        pos.round + 1
    ))
}

/// The rules of a words ruleset, in words.
pub fn card(rules: &Rules) -> Vec<String> {
    let list = match &rules.source {
        Source::English => format!("the built-in English list of {} words", rules.trie.words()),
        Source::File(path) => format!("the {} words of {path}", rules.trie.words()),
        Source::Listed => {
            let shown = rules.trie.completions(0, 8);
            let more = if rules.trie.words() > shown.len() {
                ", …"
            } else {
                ""
            };
            format!(
                "a list of {}: {}{more}",
                counted(rules.trie.words(), "word"),
                shown.join(", ")
            )
        }
    };
    let mut lines = vec![
        "Players build a word together, starting from nothing: on your turn, add one letter at the end.".to_string(),
        format!("The word must stay the beginning of a word of the list ({list})."),
        "A player who cannot add a letter loses the round.".to_string(),
    ];
    if rules.ghost {
        lines.push(format!(
            "Ghost: whoever completes a listed word of at least {} loses the round at once.",
            crate::text::counted(rules.min_length, "letter")
        ));
    }
    lines.push(match (rules.rounds, rules.scoring) {
        (1, _) => "One round: its winner wins the match.".to_string(),
        (k, Scoring::Last) => format!(
            "A match of {k} rounds: the loser of a round starts the next, and whoever wins the last round wins the match, whatever the rounds before."
        ),
        (k, Scoring::Majority) => format!(
            "Best of {k}: the loser of a round starts the next, and the first to win {} wins the match{}.",
            crate::text::counted(k / 2 + 1, "round"),
            if k % 2 == 0 { " (an even split is a draw)" } else { "" }
        ),
    });
    lines
}
