//! Values of positions: win, loss or draw for the player to move.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Loss,
    Draw,
}

impl Outcome {
    /// The same result seen by the other player.
    #[must_use]
    pub const fn flip(self) -> Self {
        match self {
            Self::Win => Self::Loss,
            Self::Loss => Self::Win,
            Self::Draw => Self::Draw,
        }
    }

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Win => "win",
            Self::Loss => "loss",
            Self::Draw => "draw",
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
/// `plies` is the number of moves until the game ends when the winner wins as
/// fast as it can and the loser holds out as long as it can; it is `None` for
/// draws and wherever it was not computed exactly — it is never guessed.
/// `proven` says the value comes from an exact method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    pub outcome: Outcome,
    pub plies: Option<u64>,
    pub proven: bool,
}

impl Value {
    #[must_use]
    pub const fn exact(outcome: Outcome, plies: Option<u64>) -> Self {
        Self {
            outcome,
            plies,
            proven: true,
        }
    }

    /// An exact value without a ply count (an exact draw, or a theorem that
    /// decides the outcome but not the length).
    #[must_use]
    pub const fn outcome_only(outcome: Outcome) -> Self {
        Self::exact(outcome, None)
    }

    /// The negamax choice among the values of the moves, each seen by the mover:
    /// the fastest win, else a draw, else the slowest loss.
    pub fn best(values: impl Iterator<Item = Value>) -> Value {
        let mut best: Option<Value> = None;
        for v in values {
            best = Some(match best {
                None => v,
                Some(b) => better(b, v),
            });
        }
        best.unwrap_or(Value::outcome_only(Outcome::Draw))
    }

    /// The value of the move that led here, for the player who made it.
    #[must_use]
    pub fn for_mover(self) -> Self {
        Self {
            outcome: self.outcome.flip(),
            plies: match self.outcome {
                Outcome::Draw => None,
                _ => self.plies.map(|p| p + 1),
            },
            proven: self.proven,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.outcome)?;
        if let Some(p) = self.plies {
            write!(f, " in {p}")?;
        }
        Ok(())
    }
}

fn better(a: Value, b: Value) -> Value {
    let rank = |v: &Value| match v.outcome {
        Outcome::Win => 2,
        Outcome::Draw => 1,
        Outcome::Loss => 0,
    };
    match rank(&a).cmp(&rank(&b)) {
        std::cmp::Ordering::Greater => a,
        std::cmp::Ordering::Less => b,
        std::cmp::Ordering::Equal => match a.outcome {
            Outcome::Win => {
                if a.plies <= b.plies {
                    a
                } else {
                    b
                }
            }
            Outcome::Loss => {
                if a.plies >= b.plies {
                    a
                } else {
                    b
                }
            }
            Outcome::Draw => a,
        },
    }
}
