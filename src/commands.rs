//! What each subcommand does, at the binary's edge (errors through anyhow).

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use unbeatable::analysis;
use unbeatable::cli::PlayOptions;
use unbeatable::engine::{Level, Player};
use unbeatable::plain::{self, End, Setup};
use unbeatable::rules::{self, Origin};
use unbeatable::tui::{App, Start};

/// No subcommand: the TUI's menu, or (not on a terminal) the list.
pub fn home(options: PlayOptions) -> Result<ExitCode> {
    if !interactive() {
        list()?;
        println!("\nPlay one line by line: unbeatable play 21-flags --plain");
        return Ok(ExitCode::SUCCESS);
    }
    tui(Start {
        ruleset: None,
        human: options.human,
        level: options.level,
        seed: options.seed,
    })
}

fn interactive() -> bool {
    io::stdout().is_terminal() && io::stdin().is_terminal()
}

fn tui(start: Start) -> Result<ExitCode> {
    let theme = unbeatable::tui::theme::from_env();
    let app = App::new(
        rules::list_all(),
        start,
        unbeatable::tui::tally::default_path(),
        theme,
    );
    unbeatable::tui::run(app).context("the terminal failed")?;
    Ok(ExitCode::SUCCESS)
}

pub fn list() -> Result<ExitCode> {
    let mut out = io::stdout().lock();
    for item in rules::list_all() {
        let origin = match &item.origin {
            Origin::Builtin => "built-in".to_string(),
            Origin::User(p) | Origin::Path(p) => p.display().to_string(),
        };
        match &item.ruleset {
            Ok(r) => writeln!(
                out,
                "{:<26} {:<9} {:<22} {}",
                item.id,
                r.kind().as_str(),
                r.name,
                r.description
            )?,
            Err(e) => eprintln!("warning: skipped {origin}: {e}"),
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn check(files: &[PathBuf]) -> ExitCode {
    let mut failed = false;
    for file in files {
        match rules::load_path(file) {
            Ok(r) => println!("{}: ok — {} ({})", file.display(), r.name, r.kind()),
            Err(e) => {
                eprintln!("{e}");
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

pub fn analyze(name: &str, moves: &str, json: bool) -> Result<ExitCode> {
    let (ruleset, _) = rules::find(name)?;
    let game = analysis::replay(&ruleset, moves)?;
    if json {
        println!(
            "{}",
            analysis::to_json(&analysis::report(&ruleset, game.as_ref()))
        );
    } else {
        print!("{}", analysis::to_text(&ruleset, game.as_ref()));
    }
    Ok(ExitCode::SUCCESS)
}

pub fn play(name: &str, plain: bool, options: PlayOptions) -> Result<ExitCode> {
    let (ruleset, _) = rules::find(name)?;
    if !plain && interactive() {
        let id = std::path::Path::new(name)
            .file_stem()
            .map_or_else(|| name.to_string(), |s| s.to_string_lossy().into_owned());
        return tui(Start {
            ruleset: Some((id, ruleset)),
            human: options.human,
            level: options.level,
            seed: options.seed,
        });
    }
    let setup = Setup {
        human: options.human.unwrap_or(Player::First),
        level: options.level.unwrap_or(Level::Perfect),
        seed: options.seed,
    };
    let end = plain::run(
        &ruleset,
        setup,
        &mut io::stdin().lock(),
        &mut io::stdout().lock(),
    )
    .context("could not write the game")?;
    Ok(match end {
        End::Over(_) | End::Quit => ExitCode::SUCCESS,
        End::InputEnded => ExitCode::FAILURE,
    })
}

pub fn book(name: &str, depth: u32, out: &std::path::Path) -> Result<ExitCode> {
    use std::sync::Arc;
    use unbeatable::games::GameRules;
    use unbeatable::games::mnk::{MnkGame, MnkSolver, book};
    let (ruleset, _) = rules::find(name)?;
    let GameRules::Mnk(r) = &ruleset.rules else {
        anyhow::bail!(
            "opening books are for mnk rulesets; '{name}' is a {} ruleset",
            ruleset.kind()
        );
    };
    // No budget and no old book: every entry is proven afresh.
    let solver = MnkSolver::with_book(Arc::clone(&r.geo), book::Book::default(), None);
    let started = std::time::Instant::now();
    let made = book::generate(
        &r.geo,
        depth,
        |x, o| {
            let mut pos = MnkGame::new(Arc::clone(&r.geo));
            pos.x = x;
            pos.o = o;
            solver.exact(&pos)
        },
        |stones, count| {
            eprintln!(
                "{stones} stones: {count} positions ({:.1} s)",
                started.elapsed().as_secs_f64()
            );
        },
    );
    unbeatable::fsutil::write_atomically(out, made.to_text(&r.geo).as_bytes())
        .with_context(|| format!("could not write {}", out.display()))?;
    eprintln!("wrote {} positions to {}", made.len(), out.display());
    Ok(ExitCode::SUCCESS)
}
