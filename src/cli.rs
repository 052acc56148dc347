//! Command-line definitions (docs/design.md §4).

use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, Subcommand};

use crate::engine::{Level, Player};

/// What a RULESET argument may be (README: "RULESET is …").
const RULESET: &str = "A built-in name (`unbeatable list` names them, e.g. 21-flags), the name of a file in your rulesets folder, or a path";

#[derive(Debug, Parser)]
#[command(
    name = "unbeatable",
    version,
    about = "Solved two-player games against a computer that never makes a mistake."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Side, level and seed for games started from the menu.
    #[command(flatten)]
    pub options: PlayOptions,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play a ruleset (a built-in name such as 21-flags, or a path).
    Play {
        #[arg(help = RULESET)]
        ruleset: String,
        /// Line-by-line play on stdin/stdout instead of the full screen.
        #[arg(long)]
        plain: bool,
        /// Start from the position after these moves (as `analyze --moves`
        /// takes them, and as the program prints when a game is left).
        #[arg(long, default_value = "")]
        moves: String,
        #[command(flatten)]
        options: PlayOptions,
    },
    /// List the built-in and user rulesets.
    List,
    /// Speak the Gomocup protocol on standard input and output (freestyle
    /// gomoku for tournament managers; also when started as `pbrain-…`).
    Gomocup,
    /// Check ruleset files and report every problem with its line.
    Check {
        /// The rulesets to check: paths of files, or names as for play.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Make the opening, layer or choice book of an m,n,k ruleset (as
    /// shipped in assets/books): runs the book maker, unbeatable-book, with
    /// these arguments (`unbeatable book --help` lists them).
    #[command(disable_help_flag = true)]
    Book {
        /// RULESET --depth N --out FILE [--play [--beyond B]] [--keep-ms MS]
        /// [--layer | --choices [--check C[,C2]]] [--threads T], or
        /// RULESET --losses --moves "M…" --out FILE [--think S]
        /// [--replies R [--levels L]] [--again] [--back-to P] [--threads T]
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
        args: Vec<std::ffi::OsString>,
    },
    /// Judge every move of a game exactly: best, kept (more slowly), a
    /// mistake that threw a proven result away, or unknown.
    /// Without --moves: your last kept game (of RULESET, if given).
    Review {
        #[arg(help = RULESET)]
        ruleset: Option<String>,
        /// The game's moves from the start, separated by spaces.
        #[arg(long, requires = "ruleset")]
        moves: Option<String>,
        /// Print one JSON object instead of sentences.
        #[arg(long)]
        json: bool,
        /// The time budget of each move's judgement, in seconds (0: until
        /// proven).
        #[arg(long, value_name = "SECONDS", value_parser = parse_think, allow_negative_numbers = true)]
        think: Option<Think>,
    },
    /// Make "find the move" puzzles from random games of a ruleset, each
    /// checked by the exact solver: every move that keeps the value listed.
    Puzzles {
        #[arg(help = RULESET)]
        ruleset: String,
        /// How many puzzles (fewer when the ruleset has fewer to give).
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
        count: u32,
        /// Seeds the random games, for the same puzzles again.
        #[arg(long, allow_negative_numbers = true, value_parser = parse_seed)]
        seed: Option<u64>,
        /// Print one JSON list instead of sentences.
        #[arg(long, conflicts_with = "run")]
        json: bool,
        /// Solve them, line by line: your own puzzles that are due first
        /// (moves of yours that threw a win or a draw away), with the streak
        /// and the results kept.
        #[arg(long)]
        run: bool,
        /// The time budget of each position's check, in seconds (0: until
        /// proven).
        #[arg(long, value_name = "SECONDS", value_parser = parse_think, allow_negative_numbers = true)]
        think: Option<Think>,
    },
    /// Report the value of a position and the result of every move.
    Analyze {
        #[arg(help = RULESET)]
        ruleset: String,
        /// Moves to replay from the start, separated by spaces.
        #[arg(long, default_value = "")]
        moves: String,
        /// Print one JSON object instead of sentences.
        #[arg(long)]
        json: bool,
        /// Open the position on the analysis board (needs a terminal).
        #[arg(long, conflicts_with = "json")]
        board: bool,
        /// The time budget of the whole analysis, in seconds (0: until proven).
        #[arg(long, value_name = "SECONDS", value_parser = parse_think, allow_negative_numbers = true)]
        think: Option<Think>,
    },
}

/// A time budget from the command line: `None` inside means no limit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Think(pub Option<Duration>);

/// Reads `--think`: seconds, fractions allowed; 0 searches until proven.
///
/// # Errors
/// A sentence for anything that is not a number of seconds from 0 to 3600.
pub fn parse_think(text: &str) -> Result<Think, String> {
    let secs: f64 = text.trim().parse().map_err(|_| {
        format!(
            "'{}' is not a number of seconds: use e.g. 1.5 or 0.5",
            crate::text::visible(text)
        )
    })?;
    if !secs.is_finite() || !(0.0..=3600.0).contains(&secs) {
        return Err(format!(
            "'{}' is out of range: use 0 to 3600 seconds (0 searches until proven)",
            crate::text::visible(text)
        ));
    }
    Ok(Think((secs > 0.0).then(|| Duration::from_secs_f64(secs))))
}

/// Reads `--seed`: a whole number that fits 64 bits.
///
/// # Errors
/// A sentence for anything else (a negative number, a fraction, a word).
pub fn parse_seed(text: &str) -> Result<u64, String> {
    text.trim().parse().map_err(|_| {
        format!(
            "'{}' is not a seed: use a whole number from 0 to {}",
            crate::text::visible(text),
            u64::MAX
        )
    })
}

impl PlayOptions {
    /// These options, each one not given taken from `outer` (the options
    /// written before the subcommand).
    #[must_use]
    pub fn or(self, outer: Self) -> Self {
        Self {
            human: self.human.or(outer.human),
            level: self.level.or(outer.level),
            seed: self.seed.or(outer.seed),
            think: self.think.or(outer.think),
        }
    }

    /// The first option given, by its flag: none of them applies to a
    /// command that plays no game.
    #[must_use]
    pub fn first_given(&self) -> Option<&'static str> {
        [
            (self.human.is_some(), "--human"),
            (self.level.is_some(), "--level"),
            (self.seed.is_some(), "--seed"),
            (self.think.is_some(), "--think"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}

#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct PlayOptions {
    /// Which side the person plays: first or second.
    #[arg(long)]
    pub human: Option<Player>,
    /// Practice level: perfect (the strongest: never a mistake where the game
    /// is proven), hard, medium or easy.
    #[arg(long)]
    pub level: Option<Level>,
    /// Seed for the computer's random choices, for repeatable games.
    #[arg(long, allow_negative_numbers = true, value_parser = parse_seed)]
    pub seed: Option<u64>,
    /// The computer's time budget a move, tip or review, in seconds
    /// (fractions allowed; 0 searches until proven).
    #[arg(long, value_name = "SECONDS", value_parser = parse_think, allow_negative_numbers = true)]
    pub think: Option<Think>,
}
