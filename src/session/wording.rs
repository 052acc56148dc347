//! Results in words, written once for plain play, the screen and `analyze`.
//! Every sentence states only what is proven; an unknown value says so.

use crate::engine::{Outcome, Player, SearchNote, Status, Value};
use crate::text::counted;

use super::{Coaching, Hint, Judgement, Verdict};

pub use crate::text::plies;

/// A move's or position's result in a few words: `win in 5 plies`, `draw`,
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
        s.push_str(&format!(" in {}", plies(p)));
    }
    s
}

/// How far the playing search looked for a move no proof backs, for a
/// person (the Gomocup front end gives its own, fuller line): a fact
/// about the search, not a claim about the move.
#[must_use]
pub fn search_reach(note: &SearchNote) -> String {
    format!("it looked {} ahead", plies(u64::from(note.depth)))
}

/// Who wins from here, as a sentence.
#[must_use]
pub fn verdict(to_move: Player, value: Value) -> String {
    let length = value
        .plies
        .map(|p| format!(" in {}", plies(p)))
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

/// A finished game in words, naming the side (as `analyze` and the
/// analysis board do, where no one is "you"); `mark` gives a side's stone
/// where it has one: "the first player (X) won". Empty while it goes on.
#[must_use]
pub fn game_over(status: Status, mark: impl Fn(Player) -> Option<&'static str>) -> String {
    match status {
        Status::Won(p) => {
            let mark = mark(p).map(|m| format!(" ({m})")).unwrap_or_default();
            format!("The game is over: the {p} player{mark} won.")
        }
        Status::Draw => "The game is over: a draw.".to_string(),
        Status::Ongoing => String::new(),
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
            "Not proven from the start: this game is too large to solve within the time budget."
                .to_string()
        }
    }
}

/// The value of the game from its first move, for the idea behind a game
/// (whoever is to move now).
#[must_use]
pub fn from_start(value: Value) -> String {
    let length = value
        .plies
        .map(|p| format!(", in {}", plies(p)))
        .unwrap_or_default();
    let margin = value
        .score
        .filter(|s| *s != 0)
        .map(|s| format!(" by {}", s.abs()))
        .unwrap_or_default();
    match value.outcome {
        Outcome::Win => {
            format!("From the start, the first player wins with perfect play{margin}{length}.")
        }
        Outcome::Loss => {
            format!("From the start, the second player wins with perfect play{margin}{length}.")
        }
        Outcome::Draw => "From the start, perfect play on both sides ends in a draw.".to_string(),
        Outcome::Unknown => upper_hand(value),
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

/// A judged move in one sentence: what it kept or threw away, proven, or
/// that it is not known. The move is the sentence's subject, with no colon
/// after it: some families' moves have one of their own (nim's `1:3`).
#[must_use]
pub fn judgement_line(j: &Judgement<String>) -> String {
    let others = |moves: &[String]| {
        let shown: Vec<&str> = moves.iter().take(4).map(String::as_str).collect();
        let more = if moves.len() > shown.len() {
            ", …"
        } else {
            ""
        };
        format!("{}{more}", shown.join(", "))
    };
    match j.verdict {
        // The result kept, with a length proven on one side only: "best"
        // would claim the fastest win or the longest loss.
        Verdict::Best if j.result.plies.is_none() != j.best.plies.is_none() => {
            let (how, best, faster) = if j.best.outcome == Outcome::Loss {
                ("how slowly", "the longest", "holds out longer")
            } else {
                ("how fast", "the fastest", "wins faster")
            };
            let why = if j.result.plies.is_none() {
                let shown = if j.best_moves.is_empty() {
                    String::new()
                } else {
                    format!(": {}", others(&j.best_moves))
                };
                format!("{how} not proven; {best}{shown}, {}", result(j.best))
            } else {
                format!("whether another move {faster} is not proven")
            };
            format!(
                "{} kept the {} — {} ({why})",
                j.mv,
                j.best.outcome.as_str(),
                result(j.result)
            )
        }
        Verdict::Best => format!("{} was best — {}", j.mv, result(j.result)),
        Verdict::Kept => format!(
            "{} {} — {} ({} {})",
            j.mv,
            if j.best.outcome == Outcome::Loss {
                "held out less long than it could"
            } else {
                "kept the win, but not the fastest way"
            },
            result(j.result),
            others(&j.best_moves),
            result(j.best)
        ),
        Verdict::Mistake => {
            // Same outcome, a lower score: points given away.
            let offered = match j.best.outcome {
                o if o == j.result.outcome => "gave away points",
                Outcome::Win => "threw away the win",
                Outcome::Draw => "threw away the draw",
                _ => "gave away points",
            };
            let fix = if j.best_moves.is_empty() {
                String::new()
            } else {
                format!(
                    "; {} would have kept it ({})",
                    others(&j.best_moves),
                    result(j.best)
                )
            };
            format!("{} {offered} — {}{fix}", j.mv, result(j.result))
        }
        Verdict::Unknown => format!(
            "{} was not judged — {} (no proof within the time budget)",
            j.mv,
            result(j.result)
        ),
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

/// A move's reason, as it follows the move: after a dash, not a colon —
/// the sentence before the move has one ("you can win: play …"), and some
/// families' moves have their own (nim's `1:3`).
#[must_use]
pub fn reason_after_move(reason: Option<&str>) -> String {
    reason.map(|r| format!(" — {r}")).unwrap_or_default()
}

/// A tip in one sentence.
#[must_use]
pub fn hint_line(h: &Hint<String>) -> String {
    let Some((best, v)) = &h.best else {
        return "no move is possible".to_string();
    };
    let why = reason_after_move(h.reason.as_deref());
    match (h.value.outcome, v.outcome) {
        (_, Outcome::Win) => format!("you can win: play {best} ({}){why}", result(*v)),
        (_, Outcome::Draw) => format!("the best you can get is a draw: play {best}{why}"),
        (_, Outcome::Loss) if h.legal == 1 => format!(
            "you are lost against perfect play{}; {best} is the only move{why}",
            v.plies
                .map(|_| format!(" ({})", result(*v)))
                .unwrap_or_default()
        ),
        (_, Outcome::Loss) if h.equals as u128 >= h.legal && h.legal > 1 => format!(
            "you are lost against perfect play: every move loses{}; for example {best}{why}",
            v.plies
                .map(|p| format!(" in {}", plies(p)))
                .unwrap_or_default()
        ),
        // A loss of unknown length may or may not be the longest.
        (_, Outcome::Loss) if v.plies.is_none() => format!(
            "you are lost against perfect play; no move is proven to hold out longer than {best}{why}"
        ),
        (_, Outcome::Loss) if h.equals > 1 => format!(
            "you are lost against perfect play ({}); {best} and {} hold out longest{why}",
            result(*v),
            counted(h.equals - 1, "other move")
        ),
        (_, Outcome::Loss) => format!(
            "you are lost against perfect play ({}); {best} holds out longest{why}",
            result(*v)
        ),
        (_, Outcome::Unknown) => {
            let reach = h
                .search
                .as_ref()
                .map(|n| format!(" ({})", search_reach(n)))
                .unwrap_or_default();
            format!("not proven within the time budget; the search's choice is {best}{reach}{why}")
        }
    }
}

/// Terms of the explanations, each with what it means in plain words —
/// words true in every family that uses the term (a maximum matching pairs
/// numbers in the divisors game, squares or towns in geography; a
/// Grundy value is a pile's in nim, a whole part's in a sum).
const TERMS: &[(&str, &str)] = &[
    ("plies", "a ply is one move of either player"),
    (
        "nim-sum",
        "write each pile's size in binary and add the columns without carrying",
    ),
    (
        "XOR",
        "adding binary numbers column by column without carrying",
    ),
    (
        "Grundy value",
        "the size of the plain nim pile that a pile or a game plays like",
    ),
    (
        "Sprague–Grundy",
        "the theorem that every such game plays like nim",
    ),
    (
        "maximum matching",
        "as many pairs as possible, each of two that one move joins, with none in two pairs",
    ),
    ("misère", "whoever makes the last move loses"),
    (
        "threat-space search",
        "a search that tries only moves that threaten to win, and every defence against them",
    ),
    (
        "continuous fours",
        "each move threatens to win at once, so every reply is forced",
    ),
];

/// Explains each technical term the first time it appears in what one
/// reader sees (a game's tips, coach and idea): `nim-sum (write each
/// pile's size in binary…)`.
#[derive(Clone, Debug, Default)]
pub struct Glossary {
    explained: Vec<&'static str>,
}

impl Glossary {
    /// `text` with the terms not explained before explained after their
    /// first appearance.
    pub fn explain(&mut self, text: &str) -> String {
        let mut out = text.to_string();
        for &(term, meaning) in TERMS {
            if self.explained.contains(&term) {
                continue;
            }
            let Some(at) = out.to_lowercase().find(&term.to_lowercase()) else {
                continue;
            };
            // Only where the lower-casing kept the byte positions.
            if !out.is_char_boundary(at) || !out.is_char_boundary(at + term.len()) {
                continue;
            }
            let end = at + term.len();
            // After the word the term starts ("Grundy values" too), unless
            // a parenthesis already explains it.
            let word_end = out[end..]
                .find(|c: char| !c.is_alphanumeric())
                .map_or(out.len(), |i| end + i);
            // Inside a parenthesis, the text is itself an explanation.
            let open = out[..at].matches('(').count() > out[..at].matches(')').count();
            if open || out[word_end..].starts_with(" (") {
                self.explained.push(term);
                continue;
            }
            out.insert_str(word_end, &format!(" ({meaning})"));
            self.explained.push(term);
        }
        out
    }
}

#[cfg(test)]
mod glossary_tests {
    use super::Glossary;

    #[test]
    fn a_term_is_explained_once_and_only_where_unexplained() {
        let mut g = Glossary::default();
        let first = g.explain("play so that the nim-sum is 0");
        assert!(
            first.contains("nim-sum (write each pile's size in binary"),
            "{first}"
        );
        assert_eq!(g.explain("the nim-sum is 0"), "the nim-sum is 0");
        let mut g = Glossary::default();
        let already = "Nim-sum (the piles XORed in binary): 3.";
        assert_eq!(g.explain(already), already);
        let plural = Glossary::default().explain("Grundy values of the piles");
        assert!(plural.starts_with("Grundy values (the size"), "{plural}");
    }
}

#[cfg(test)]
mod judgement_tests {
    use super::{Judgement, Verdict, judgement_line};
    use crate::engine::{Outcome, Player, Value};

    fn judged(result: Value, best: Value) -> Judgement<String> {
        Judgement {
            ply: 1,
            mv: "a1".into(),
            player: Player::First,
            result,
            best,
            best_moves: vec!["b2".into()],
            verdict: Verdict::Best,
        }
    }

    /// "best" is said only where the lengths compared are both proven.
    #[test]
    fn a_length_proven_on_one_side_only_is_not_called_best() {
        let loss = |p| Value::exact(Outcome::Loss, Some(p));
        let win = |p| Value::exact(Outcome::Win, Some(p));
        let unsure = judgement_line(&judged(Value::outcome_only(Outcome::Loss), loss(12)));
        assert_eq!(
            unsure,
            "a1 kept the loss — loss (how slowly not proven; the longest: b2, loss in 12 plies)"
        );
        let unsure = judgement_line(&judged(win(7), Value::outcome_only(Outcome::Win)));
        assert_eq!(
            unsure,
            "a1 kept the win — win in 7 plies (whether another move wins faster is not proven)"
        );
        assert_eq!(
            judgement_line(&judged(win(5), win(5))),
            "a1 was best — win in 5 plies"
        );
        let draw = Value::exact(Outcome::Draw, None);
        assert_eq!(judgement_line(&judged(draw, draw)), "a1 was best — draw");
    }

    /// A move named with a colon of its own (nim's) is not followed by a
    /// second one.
    #[test]
    fn a_move_with_a_colon_of_its_own_is_followed_by_no_second() {
        let loss = Value::exact(Outcome::Loss, Some(1));
        let mut j = judged(loss, loss);
        j.mv = "1:1".into();
        assert_eq!(judgement_line(&j), "1:1 was best — loss in 1 ply");
        j.verdict = Verdict::Unknown;
        assert!(judgement_line(&j).starts_with("1:1 was not judged — "));
    }
}
