//! Command-line definitions (DESIGN.md §4).

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::engine::{Level, Player};

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
        ruleset: String,
        /// Line-by-line play on stdin/stdout instead of the full screen.
        #[arg(long)]
        plain: bool,
        #[command(flatten)]
        options: PlayOptions,
    },
    /// List the built-in and user rulesets.
    List,
    /// Check ruleset files and report every problem with its line.
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Make the opening book of an m,n,k ruleset (as shipped in assets/books).
    Book {
        ruleset: String,
        /// Solve every position with at most this many stones.
        #[arg(long, default_value_t = 3)]
        depth: u32,
        /// Where to write the book.
        #[arg(long)]
        out: PathBuf,
    },
    /// Report the value of a position and the result of every move.
    Analyze {
        ruleset: String,
        /// Moves to replay from the start, separated by spaces.
        #[arg(long, default_value = "")]
        moves: String,
        /// Print one JSON object instead of sentences.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct PlayOptions {
    /// Which side the person plays: first or second.
    #[arg(long)]
    pub human: Option<Player>,
    /// Practice level: perfect, hard, medium or easy.
    #[arg(long)]
    pub level: Option<Level>,
    /// Seed for the computer's random choices, for repeatable games.
    #[arg(long)]
    pub seed: Option<u64>,
}
