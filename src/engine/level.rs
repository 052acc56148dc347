//! Practice levels: how often the computer plays a random move instead of
//! a perfect one.

use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Level {
    #[default]
    Perfect,
    Hard,
    Medium,
    Easy,
}

impl Level {
    pub const ALL: [Self; 4] = [Self::Perfect, Self::Hard, Self::Medium, Self::Easy];

    /// The share of the computer's moves that are random legal moves.
    #[must_use]
    pub const fn mistake_rate(self) -> f64 {
        match self {
            Self::Perfect => 0.0,
            Self::Hard => 0.1,
            Self::Medium => 0.3,
            Self::Easy => 0.6,
        }
    }

    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Perfect => "perfect",
            Self::Hard => "hard",
            Self::Medium => "medium",
            Self::Easy => "easy",
        }
    }

    /// The level and its rate in words, as the screens show it.
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            Self::Perfect => "perfect (never a mistake)".to_string(),
            _ => format!(
                "{} ({}% random moves)",
                self.as_str(),
                (self.mistake_rate() * 100.0).round()
            ),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|l| l.as_str() == s)
            .ok_or_else(|| format!("unknown level '{s}': use perfect, hard, medium or easy"))
    }
}
