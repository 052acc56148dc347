//! Values of positions: win, loss, draw — or unknown — for the player to move.

use std::cmp::Ordering;
use std::fmt;

/// A result for the player to move (or for the player who makes a move).
/// `Unknown` is a value of its own: no exact method settled it, and it is
/// never shown as a guess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Loss,
    Draw,
    Unknown,
}

impl Outcome {
    /// The same result seen by the other player.
    #[must_use]
    pub const fn flip(self) -> Self {
        match self {
            Self::Win => Self::Loss,
            Self::Loss => Self::Win,
            other => other,
        }
    }

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Win => "win",
            Self::Loss => "loss",
            Self::Draw => "draw",
            Self::Unknown => "unknown",
        }
    }

    /// Whether an exact method settled it.
    #[must_use]
    pub const fn is_known(self) -> bool {
        !matches!(self, Self::Unknown)
    }

    /// `+`, `=`, `-` or `?`: the mark of the values overlay.
    #[must_use]
    pub const fn sign(self) -> char {
        match self {
            Self::Win => '+',
            Self::Draw => '=',
            Self::Loss => '-',
            Self::Unknown => '?',
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A position's value for the player to move.
///
/// `plies` is the number of moves until the game ends when the winner wins
/// as fast as it can and the loser holds out as long as it can; it is `None`
/// for draws and unknown values and wherever it was not computed exactly —
/// it is never guessed. `score` is the final difference of totals for the
/// player to move with best play, in games of scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    pub outcome: Outcome,
    pub plies: Option<u64>,
    pub score: Option<i64>,
}

impl Value {
    /// Not settled by any exact method.
    pub const UNKNOWN: Self = Self {
        outcome: Outcome::Unknown,
        plies: None,
        score: None,
    };

    #[must_use]
    pub const fn exact(outcome: Outcome, plies: Option<u64>) -> Self {
        Self {
            outcome,
            plies,
            score: None,
        }
    }

    /// An exact value without a ply count (an exact draw, or a theorem that
    /// decides the outcome but not the length).
    #[must_use]
    pub const fn outcome_only(outcome: Outcome) -> Self {
        Self::exact(outcome, None)
    }

    /// An exact value of a game of scores: the outcome is the score's sign.
    #[must_use]
    pub const fn scored(score: i64, plies: Option<u64>) -> Self {
        let outcome = if score > 0 {
            Outcome::Win
        } else if score < 0 {
            Outcome::Loss
        } else {
            Outcome::Draw
        };
        Self {
            outcome,
            plies: if score == 0 { None } else { plies },
            score: Some(score),
        }
    }

    /// Whether an exact method settled this value.
    #[must_use]
    pub const fn is_proven(self) -> bool {
        self.outcome.is_known()
    }

    /// The value of the move that led here, for the player who made it.
    #[must_use]
    pub fn for_mover(self) -> Self {
        Self {
            outcome: self.outcome.flip(),
            plies: match self.outcome {
                Outcome::Win | Outcome::Loss => self.plies.map(|p| p + 1),
                _ => None,
            },
            score: self.score.map(|s| -s),
        }
    }

    /// The value of a move for the player who made it when that player
    /// moves again (a round lost in Ghost: its loser starts the next).
    #[must_use]
    pub fn moved_again(self) -> Self {
        Self {
            plies: match self.outcome {
                Outcome::Win | Outcome::Loss => self.plies.map(|p| p + 1),
                _ => None,
            },
            ..self
        }
    }

    /// How two proven values compare for the player who gets them (scores
    /// first, then win, draw, loss; a faster win and a slower loss are better).
    #[must_use]
    pub fn compare(self, other: Self) -> Ordering {
        if let (Some(a), Some(b)) = (self.score, other.score)
            && a != b
        {
            return a.cmp(&b);
        }
        let rank = |v: Self| match v.outcome {
            Outcome::Win => 3,
            Outcome::Draw => 2,
            Outcome::Unknown => 1,
            Outcome::Loss => 0,
        };
        rank(self)
            .cmp(&rank(other))
            .then_with(|| match self.outcome {
                // A length not proven is past every proven one: a win
                // without it ranks after every known win, a loss without
                // it before every known loss (it may hold out longest).
                Outcome::Win => other
                    .plies
                    .unwrap_or(u64::MAX)
                    .cmp(&self.plies.unwrap_or(u64::MAX)),
                Outcome::Loss => self
                    .plies
                    .unwrap_or(u64::MAX)
                    .cmp(&other.plies.unwrap_or(u64::MAX)),
                _ => Ordering::Equal,
            })
    }

    /// The negamax choice among the values of the moves, each seen by the
    /// mover. An unknown move leaves the choice unknown unless a proven win
    /// is among the others (and then its length is not exact). The plies
    /// are exact only when every move of the chosen outcome has them: a win
    /// of unknown length may be the fastest, a loss of unknown length the
    /// slowest.
    pub fn best(values: impl IntoIterator<Item = Value>) -> Value {
        let mut best: Option<Value> = None;
        let mut unknown = false;
        let mut lengthless: Vec<Outcome> = Vec::new();
        for v in values {
            if !v.is_proven() {
                unknown = true;
                continue;
            }
            if v.plies.is_none() && v.score.is_none() {
                lengthless.push(v.outcome);
            }
            best = Some(match best {
                Some(b) if b.compare(v) != Ordering::Less => b,
                _ => v,
            });
        }
        match best {
            None if unknown => Value::UNKNOWN,
            None => Value::outcome_only(Outcome::Draw),
            Some(b) if !unknown && b.score.is_none() && lengthless.contains(&b.outcome) => {
                Value::outcome_only(b.outcome)
            }
            Some(b) if !unknown => b,
            Some(b) if b.outcome == Outcome::Win && b.score.is_none() => {
                Value::outcome_only(Outcome::Win)
            }
            Some(_) => Value::UNKNOWN,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.outcome)?;
        if let Some(s) = self.score {
            write!(f, " by {}", s.abs())?;
        }
        if let Some(p) = self.plies {
            write!(f, " in {p}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_prefers_fast_wins_slow_losses_and_keeps_unknowns_honest() {
        let win = |p| Value::exact(Outcome::Win, Some(p));
        let loss = |p| Value::exact(Outcome::Loss, Some(p));
        let draw = Value::outcome_only(Outcome::Draw);
        assert_eq!(Value::best([win(5), win(3), draw]), win(3));
        assert_eq!(Value::best([loss(2), loss(6)]), loss(6));
        let (won, lost) = (
            Value::outcome_only(Outcome::Win),
            Value::outcome_only(Outcome::Loss),
        );
        assert_eq!(Value::best([win(3), won]), won);
        assert_eq!(Value::best([loss(6), lost]), lost);
        assert_eq!(Value::best([win(3), lost]), win(3));
        assert_eq!(Value::best([loss(2), draw]), draw);
        assert_eq!(Value::best([draw, Value::UNKNOWN]), Value::UNKNOWN);
        assert_eq!(
            Value::best([win(3), Value::UNKNOWN]),
            Value::outcome_only(Outcome::Win)
        );
        assert_eq!(
            Value::best([Value::scored(3, None), Value::scored(-1, None)]).score,
            Some(3)
        );
    }

    #[test]
    fn the_mover_sees_the_other_side() {
        let v = Value::scored(-4, Some(2)).for_mover();
        assert_eq!(
            (v.outcome, v.plies, v.score),
            (Outcome::Win, Some(3), Some(4))
        );
        assert_eq!(Value::UNKNOWN.for_mover(), Value::UNKNOWN);
    }
}
