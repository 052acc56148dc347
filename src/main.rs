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
        // A reader that went away (`| head -1`) is no failure: the output
        // simply ends, as with any Unix tool.
        Err(e)
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!(
                "error: {}",
                unbeatable::text::visible_lines(&format!("{e:#}"))
            );
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<ExitCode> {
    // Written before a subcommand, the game options apply to `play` (its
    // own override them) and to nothing else: never silently dropped.
    let other = match &cli.command {
        None | Some(Command::Play { .. }) => None,
        Some(Command::List) => Some("list"),
        Some(Command::Check { .. }) => Some("check"),
        Some(Command::Book { .. }) => Some("book"),
        Some(Command::Analyze { .. }) => Some("analyze"),
        Some(Command::Review { .. }) => Some("review"),
        Some(Command::Puzzles { .. }) => Some("puzzles"),
    };
    if let (Some(name), Some(flag)) = (other, cli.options.first_given()) {
        anyhow::bail!(
            "{flag} before a command is only for `play` (and the menu): `{name}` would not use it; \
             its own options go after its name (`unbeatable {name} --help`)"
        );
    }
    match cli.command {
        None => commands::home(cli.options),
        Some(Command::List) => commands::list(),
        Some(Command::Check { files }) => commands::check(&files),
        Some(Command::Analyze {
            ruleset,
            moves,
            board: true,
            think,
            ..
        }) => commands::board(&ruleset, &moves, think),
        Some(Command::Analyze {
            ruleset,
            moves,
            json,
            think,
            ..
        }) => commands::analyze(&ruleset, &moves, json, think),
        Some(Command::Book { args }) => commands::book(&args),
        Some(Command::Review {
            ruleset,
            moves,
            json,
            think,
        }) => commands::review(ruleset.as_deref(), moves.as_deref(), json, think),
        Some(Command::Puzzles {
            ruleset,
            count,
            seed,
            run,
            think,
            ..
        }) if run => commands::puzzle_run(&ruleset, count as usize, seed, think),
        Some(Command::Puzzles {
            ruleset,
            count,
            seed,
            json,
            think,
            ..
        }) => commands::puzzles(&ruleset, count as usize, seed, json, think),
        Some(Command::Play {
            ruleset,
            plain,
            moves,
            options,
        }) => commands::play(&ruleset, plain, &moves, options.or(cli.options)),
    }
}
