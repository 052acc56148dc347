//! `unbeatable`: solved two-player games against a computer that never makes
//! a mistake.
//!
//! ```
//! use unbeatable::engine::{Outcome, Player};
//! use unbeatable::rules::Ruleset;
//! use unbeatable::session::Setup;
//!
//! let rules = Ruleset::parse(
//!     "21.toml",
//!     "name = \"21 Flags\"\nkind = \"flags\"\n[flags]\nstart = 21\ntake = [1, 2, 3]\nlose_at = 1\n",
//! )?;
//! let game = rules.session(Setup::default());
//! let report = game.analysis();
//! assert_eq!(report.to_move, Player::First);
//! assert_eq!(report.value.outcome, Outcome::Loss); // the first player loses
//! # Ok::<(), unbeatable::rules::RulesetError>(())
//! ```

pub mod analysis;
pub mod cli;
pub mod collection;
pub mod config;
pub mod engine;
pub mod families;
pub mod fingerprint;
pub mod fsutil;
pub mod games;
pub mod gomocup;
pub mod history;
pub mod paths;
pub mod plain;
pub mod practice;
pub mod puzzle_run;
pub mod rules;
pub mod schema;
pub mod session;
pub mod text;
pub mod tui;
