//! The binary: parse the command line and dispatch.

use std::process::ExitCode;

use anyhow::Result;
use clap::Parser;
use unbeatable::cli::{Cli, Command};

mod commands;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        None => commands::home(cli.options),
        Some(Command::List) => commands::list(),
        Some(Command::Check { files }) => Ok(commands::check(&files)),
        Some(Command::Analyze {
            ruleset,
            moves,
            json,
            think,
        }) => commands::analyze(&ruleset, &moves, json, think),
        Some(Command::Book {
            ruleset,
            depth,
            out,
            play,
            keep_ms,
        }) => commands::book(&ruleset, depth, play, keep_ms, &out),
        Some(Command::Play {
            ruleset,
            plain,
            options,
        }) => commands::play(&ruleset, plain, options),
    }
}
