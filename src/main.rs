//! The binary: parse the command line and dispatch.

use std::process::ExitCode;

use anyhow::Result;
use clap::Parser;
use unbeatable::cli::{Cli, Command};

mod commands;

/// The Gomocup protocol on standard input and output.
fn gomocup() -> Result<ExitCode> {
    unbeatable::gomocup::run(std::io::stdin().lock(), std::io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}

/// Whether the program was started under a name a Gomocup manager looks
/// for (`pbrain-…`): then it speaks the protocol, whatever the arguments.
fn started_as_brain() -> bool {
    std::env::args_os()
        .next()
        .and_then(|a| {
            std::path::Path::new(&a).file_name().map(|n| {
                n.to_string_lossy()
                    .to_ascii_lowercase()
                    .starts_with("pbrain-")
            })
        })
        .unwrap_or(false)
}

fn main() -> ExitCode {
    if started_as_brain() {
        return match gomocup() {
            Ok(code) => code,
            Err(e) => {
                eprintln!(
                    "error: {}",
                    unbeatable::text::visible_lines(&format!("{e:#}"))
                );
                ExitCode::FAILURE
            }
        };
    }
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
        Some(Command::Gomocup) => Some("gomocup"),
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
        Some(Command::Gomocup) => gomocup(),
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
