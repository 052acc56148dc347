//! One module per kind of game: its rules, its positions and its fast exact
//! solver. A game knows no screen.

pub mod divisors;
pub mod flags;
pub mod mnk;
pub mod nim;

use std::fmt;

use serde::Deserialize;

use crate::engine::AnyMatch;

/// The game families a ruleset can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Flags,
    Nim,
    Divisors,
    Mnk,
}

impl Kind {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Flags => "flags",
            Self::Nim => "nim",
            Self::Divisors => "divisors",
            Self::Mnk => "mnk",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A checked ruleset's game, one variant per family.
#[derive(Clone, Debug)]
pub enum GameRules {
    Flags(flags::Rules),
    Nim(nim::Rules),
    Divisors(divisors::Rules),
    Mnk(mnk::Rules),
}

impl GameRules {
    #[must_use]
    pub const fn kind(&self) -> Kind {
        match self {
            Self::Flags(_) => Kind::Flags,
            Self::Nim(_) => Kind::Nim,
            Self::Divisors(_) => Kind::Divisors,
            Self::Mnk(_) => Kind::Mnk,
        }
    }

    /// A new game from the starting position, with the family's fast solver.
    #[must_use]
    pub fn new_match(&self) -> Box<dyn AnyMatch> {
        match self {
            Self::Flags(r) => Box::new(r.new_match()),
            Self::Nim(r) => Box::new(r.new_match()),
            Self::Divisors(r) => Box::new(r.new_match()),
            Self::Mnk(r) => Box::new(r.new_match()),
        }
    }
}
