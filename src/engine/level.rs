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

    /// The level and its rate in words, as the screens show it. Full
    /// strength is called perfect only where the start is proven
    /// (`proven_start`; `None` while that is not known yet).
    #[must_use]
    pub fn describe(self, proven_start: Option<bool>) -> String {
        match (self, proven_start) {
            (Self::Perfect, Some(true)) => "perfect (never a mistake)".to_string(),
            (Self::Perfect, Some(false)) => "strongest — not proven in this game".to_string(),
            (Self::Perfect, None) => "strongest".to_string(),
            _ => format!(
                "{} ({}% random moves)",
                self.as_str(),
                (self.mistake_rate() * 100.0).round()
            ),
        }
    }

    /// The level in a few words, for a header line.
    #[must_use]
    pub fn short(self, proven_start: Option<bool>) -> String {
        match (self, proven_start) {
            (Self::Perfect, Some(false)) => "strongest (not proven here)".to_string(),
            (Self::Perfect, _) => self.describe(proven_start),
            _ => format!(
                "{} ({}% random)",
                self.as_str(),
                (self.mistake_rate() * 100.0).round()
            ),
        }
    }

    /// The name the tally keeps the level under: full strength counts as
    /// "perfect" only in a game proven from the start.
    #[must_use]
    pub fn tally_name(self, proven_start: Option<bool>) -> &'static str {
        match (self, proven_start) {
            (Self::Perfect, Some(true)) => "perfect",
            (Self::Perfect, _) => "strongest",
            _ => self.as_str(),
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
