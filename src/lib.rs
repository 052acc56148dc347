//! `unbeatable`: solved two-player games against a computer that never makes
//! a mistake.
//!
//! ```
//! use unbeatable::rules::Ruleset;
//! use unbeatable::engine::Outcome;
//!
//! let rules = Ruleset::parse(
//!     "21.toml",
//!     "name = \"21 Flags\"\nkind = \"flags\"\n[flags]\nstart = 21\ntake = [1, 2, 3]\nlose_at = 1\n",
//! )?;
//! let game = rules.new_match();
//! assert_eq!(game.value().outcome, Outcome::Loss); // the first player loses
//! # Ok::<(), unbeatable::rules::RulesetError>(())
//! ```

pub mod analysis;
pub mod cli;
pub mod engine;
pub mod fsutil;
pub mod games;
pub mod plain;
pub mod rules;
pub mod tui;
