//! What each subcommand does, at the binary's edge (errors through anyhow).

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result};
use unbeatable::analysis;
use unbeatable::cli::{PlayOptions, Think};
use unbeatable::collection::Collection;
use unbeatable::engine::{Budget, Level, Player};
use unbeatable::history::GameRecord;
use unbeatable::plain::{self, End};
use unbeatable::rules::{self, Origin};
use unbeatable::session::{AnySession, DEFAULT_THINK, Setup};
use unbeatable::text::{Visible, clip, visible, visible_lines};
use unbeatable::tui::{App, Start};
use unbeatable::{practice, puzzle_run};

/// Standard output as the commands write it: every control character that
/// came from a file or from input made visible.
fn out() -> Visible<io::StdoutLock<'static>> {
    Visible::new(io::stdout().lock())
}

/// A warning on standard error, made safe for the terminal.
fn warn(text: &str) {
    eprintln!("warning: {}", visible_lines(text));
}

/// The budget of one question: the command line's, else the config file's,
/// else the default.
fn think(given: Option<Think>) -> Result<Option<Duration>> {
    if let Some(Think(t)) = given {
        return Ok(t);
    }
    let config = unbeatable::config::load().map_err(anyhow::Error::msg)?;
    Ok(config.think.unwrap_or(Some(DEFAULT_THINK)))
}

/// No subcommand: the TUI's menu, or (not on a terminal) the list.
pub fn home(options: PlayOptions) -> Result<ExitCode> {
    if !interactive() {
        list()?;
        writeln!(
            out(),
            "\nPlay one line by line: unbeatable play 21-flags --plain"
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    tui(Start {
        ruleset: None,
        human: options.human,
        level: options.level,
        seed: options.seed,
        think: think(options.think)?,
        pause: None,
        moves: None,
        review: false,
        analysis: false,
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
    // The last game played, as a command that takes it up again.
    if let Some(line) = unbeatable::tui::run(app).context("the terminal failed")? {
        writeln!(out(), "{line}")?;
    }
    Ok(ExitCode::SUCCESS)
}

pub fn list() -> Result<ExitCode> {
    let mut out = out();
    let all = rules::list_all();
    // Columns as wide as their longest entry, so long names never run on.
    let width = |f: &dyn Fn(&rules::Ruleset, &str) -> usize| {
        all.iter()
            .filter_map(|i| i.ruleset.as_ref().ok().map(|r| f(r, &i.id)))
            .max()
            .unwrap_or(0)
    };
    let id_w = width(&|_, id| id.chars().count());
    let kind_w = width(&|r, _| r.kind().len());
    let name_w = width(&|r, _| r.name.chars().count());
    let columns = line_width();
    for item in &all {
        let origin = match &item.origin {
            Origin::Builtin => "built-in".to_string(),
            Origin::User(p) | Origin::Path(p) => p.display().to_string(),
        };
        match &item.ruleset {
            Ok(r) => {
                let head = format!(
                    "{:<id_w$}  {:<kind_w$}  {:<name_w$}",
                    item.id,
                    r.kind(),
                    r.name
                );
                let line = format!("{head}  {}", r.description);
                match columns {
                    // Too wide for the terminal: the description goes on a
                    // line of its own, cut to fit.
                    Some(w) if line.trim_end().chars().count() > w => {
                        writeln!(out, "{}", clip(head.trim_end(), w))?;
                        if !r.description.is_empty() {
                            writeln!(out, "    {}", clip(&r.description, w.saturating_sub(4)))?;
                        }
                    }
                    _ => writeln!(out, "{}", line.trim_end())?,
                }
            }
            Err(e) => warn(&format!("skipped {origin}: {e}")),
        }
        if let Origin::User(path) = &item.origin
            && let Some(warning) = rules::clash(path)
        {
            warn(&warning);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// How wide a line of `list` may be: the terminal's width, or `COLUMNS`
/// when set; no limit when the output goes to a file or a pipe.
fn line_width() -> Option<usize> {
    if io::stdout().is_terminal()
        && let Ok((w, _)) = ratatui::crossterm::terminal::size()
        && w > 0
    {
        return Some(usize::from(w));
    }
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse().ok())
        .filter(|&w| w > 0)
}

pub fn check(files: &[PathBuf]) -> Result<ExitCode> {
    let mut failed = false;
    let mut out = out();
    for file in files {
        // A name is found as play finds it; a path that is not text, as a path.
        let found = match file.to_str() {
            Some(name) => rules::find(name),
            None => rules::load_path(file).map(|r| (r, Origin::Path(file.clone()))),
        };
        if let Ok((_, Origin::Path(path))) = &found
            && let Some(warning) = rules::clash(path)
        {
            warn(&warning);
        }
        match found {
            Ok((r, origin)) => {
                let whence = match origin {
                    Origin::Builtin => ", built-in",
                    Origin::User(_) => ", in your rulesets folder",
                    Origin::Path(_) => "",
                };
                // `out` makes the path and the name visible.
                writeln!(
                    out,
                    "{}: ok — {} ({}){whence}",
                    file.display(),
                    r.name,
                    r.kind()
                )?;
            }
            Err(e) => {
                let styled =
                    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
                eprintln!("{}", e.report(styled));
                failed = true;
            }
        }
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// `analyze --board`: the position on the analysis board.
pub fn board(name: &str, moves: &str, given: Option<Think>) -> Result<ExitCode> {
    if !interactive() {
        anyhow::bail!(
            "--board needs a terminal: without it, analyze prints the position's analysis"
        );
    }
    let (ruleset, id) = find_keyed(name)?;
    let setup = asking(given)?;
    // The moves are checked before the screen opens.
    ruleset.session(setup).replay(moves)?;
    tui(Start {
        ruleset: Some((id, ruleset)),
        human: Some(Player::First),
        level: Some(Level::Perfect),
        think: setup.think,
        moves: Some(moves.to_string()),
        analysis: true,
        ..Start::default()
    })
}

pub fn analyze(name: &str, moves: &str, json: bool, given: Option<Think>) -> Result<ExitCode> {
    let ruleset = find(name)?;
    let setup = asking(given)?;
    let mut game = ruleset.session(setup);
    game.replay(moves)?;
    // Ctrl-C stops the analysis, which then reports what it proved by
    // then (the rest unknown): `--think 0` can search without end past
    // the exact search, on gomoku say.
    let budget = game.question_budget();
    stop_on_interrupt(&budget)?;
    let report = game.analysis_within(&budget);
    let mut out = out();
    if json {
        writeln!(
            out,
            "{}",
            analysis::to_json(&analysis::report(&ruleset, &report))
        )?;
    } else {
        write!(out, "{}", analysis::to_text(&ruleset, &report))?;
    }
    out.flush()?;
    // As the analysis ended: a Ctrl-C while it prints changes nothing,
    // nor one that came after every value was proven.
    if report.stopped && report.cut_short {
        eprintln!(
            "stopped by Ctrl-C: the results above are those proven before it; the rest are unknown"
        );
        return Ok(ExitCode::from(INTERRUPTED));
    }
    Ok(ExitCode::SUCCESS)
}

/// The exit status of a command stopped by Ctrl-C: 128 + SIGINT, as the
/// shell reports a program the signal ended.
const INTERRUPTED: u8 = 130;

/// Makes Ctrl-C cancel `budget`, so the searches under it stop and the
/// command reports what they proved; a second Ctrl-C ends the program
/// at once (the first arms it: the order of the two matters).
fn stop_on_interrupt(budget: &Budget) -> Result<()> {
    use signal_hook::consts::SIGINT;
    use signal_hook::flag;
    let stop = budget.stop_flag();
    flag::register_conditional_shutdown(SIGINT, i32::from(INTERRUPTED), stop.clone())
        .context("could not listen for Ctrl-C")?;
    flag::register(SIGINT, stop).context("could not listen for Ctrl-C")?;
    Ok(())
}

pub fn review(
    name: Option<&str>,
    moves: Option<&str>,
    json: bool,
    given: Option<Think>,
) -> Result<ExitCode> {
    let (ruleset, moves, kept) = match (name, moves) {
        (Some(name), Some(moves)) => (find(name)?, moves.to_string(), None),
        _ => {
            let (ruleset, game) = last_kept_game(name)?;
            (ruleset, game.moves.clone(), Some(game))
        }
    };
    let setup = asking(given)?;
    let mut game = ruleset.session(setup);
    game.replay(&moves)?;
    // On a terminal, a finished game opens in the screen's review.
    if !json && interactive() && game.status().is_over() {
        let human = match kept.as_ref().map(|k| k.human.as_str()) {
            Some("second") => Player::Second,
            _ => Player::First,
        };
        let id = kept.as_ref().map_or_else(
            || name.unwrap_or_default().to_string(),
            |k| k.ruleset.clone(),
        );
        return tui(Start {
            ruleset: Some((id, ruleset)),
            human: Some(human),
            level: Some(Level::Perfect),
            seed: None,
            think: setup.think,
            pause: None,
            moves: Some(moves),
            review: true,
            analysis: false,
        });
    }
    let judged = game.review(None);
    let mut out = out();
    if json {
        let report = analysis::review(&ruleset, game.status(), &judged);
        writeln!(out, "{}", analysis::review_json(&report))?;
    } else {
        if let Some(kept) = &kept {
            writeln!(
                out,
                "Your game of {}: you played {}, level {}; {}.",
                kept.date, kept.human, kept.level, kept.result
            )?;
        }
        write!(
            out,
            "{}",
            analysis::review_text(&ruleset, game.status(), &judged)
        )?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The newest kept game (of the ruleset named, if any) with its ruleset,
/// which must still have the rules the game was played by.
fn last_kept_game(name: Option<&str>) -> Result<(rules::Ruleset, GameRecord)> {
    let path = unbeatable::history::default_path()
        .context("no data folder to keep games in: give the game with --moves")?;
    let (games, note) = unbeatable::history::load(&path);
    if let Some(note) = note {
        warn(&note);
    }
    // A file's games are kept under its full path (`find_keyed`); those
    // kept before that, under the name as it was given.
    // (Found without the warning of a hidden file: `find` below gives it.)
    let key = name
        .map(|n| rules::find(n).map(|(_, origin)| key_of(n, &origin)))
        .transpose()?;
    let game = match (name, &key) {
        (Some(name), Some(key)) => unbeatable::history::last(&games, Some(key.as_str()))
            .or_else(|| unbeatable::history::last(&games, Some(name))),
        _ => unbeatable::history::last(&games, None),
    };
    let Some(game) = game else {
        let which = name.map_or_else(String::new, |n| format!(" of {}", visible(n)));
        anyhow::bail!(
            "no finished game{which} is kept yet: play one, or give its moves with --moves"
        );
    };
    let ruleset = find(&game.ruleset)?;
    if ruleset.former_identity() == game.identity {
        // Kept before the identity was the rules' own: renamed for good.
        let renames = rules::Renames::of([&ruleset]);
        if let Err(e) = unbeatable::history::take_over(&path, &renames) {
            warn(&e);
        }
    } else if ruleset.identity() != game.identity {
        anyhow::bail!(
            "the rules of {} have changed since the game of {} was played: it cannot be replayed",
            visible(&game.ruleset),
            game.date
        );
    }
    Ok((ruleset, game.clone()))
}

pub fn puzzles(
    name: &str,
    count: usize,
    seed: Option<u64>,
    json: bool,
    given: Option<Think>,
) -> Result<ExitCode> {
    let ruleset = find(name)?;
    let setup = asking(given)?;
    let made =
        ruleset
            .session(setup)
            .puzzles(count, seed, &unbeatable::engine::Budget::unlimited());
    let mut out = out();
    if json {
        writeln!(out, "{}", analysis::puzzles_json(&made))?;
    } else {
        let boards: Vec<String> = made
            .iter()
            .map(|p| {
                let mut game = ruleset.session(setup);
                game.replay(&p.line.join(" "))
                    .map_or_else(|e| e.to_string(), |()| game.board_text())
            })
            .collect();
        write!(out, "{}", analysis::puzzles_text(&ruleset, &made, &boards))?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `puzzles --run`: your due puzzles, then made ones, solved line by line.
pub fn puzzle_run(
    name: &str,
    count: usize,
    seed: Option<u64>,
    given: Option<Think>,
) -> Result<ExitCode> {
    let ruleset = find(name)?;
    let setup = asking(given)?;
    let identity = ruleset.identity();
    let (Some(games), Some(collection)) = (
        unbeatable::history::default_path(),
        unbeatable::collection::default_path(),
    ) else {
        anyhow::bail!("no data folder to keep your puzzles in");
    };
    let files = practice::Files { games, collection };
    let within = unbeatable::engine::Budget::unlimited();
    let prepared = practice::prepare(&ruleset, setup, count, seed, &files, &within, &mut |n| {
        warn(n)
    })
    .map_err(anyhow::Error::msg)?;
    let mut out = out();
    let result = puzzle_run::run(
        &ruleset,
        setup,
        &prepared.items,
        &mut io::stdin().lock(),
        &mut out,
        |moves, is_mine, solved| {
            let saved = Collection::update(&files.collection, |c| {
                practice::record_answer(c, &identity, prepared.run, moves, is_mine, solved);
            });
            if let Err(e) = saved {
                warn(&e);
            }
        },
    )
    .context("could not write the run")?;
    match practice::finish(&files.collection, &identity, result) {
        Ok(r) => writeln!(
            out,
            "all runs of {}: solved {} of {}; best streak {}",
            ruleset.name, r.solved, r.tried, r.best_streak
        )?,
        Err(e) => warn(&e),
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The setup of a command that asks questions of a position (`analyze`,
/// `review`, `puzzles`): the defaults, with the budget asked for.
fn asking(given: Option<Think>) -> Result<Setup> {
    Ok(Setup {
        think: think(given)?,
        ..Setup::default()
    })
}

/// Finds a ruleset by name or path, warning when a user's file of the same
/// name is hidden behind a built-in.
fn find(name: &str) -> Result<rules::Ruleset> {
    find_keyed(name).map(|(ruleset, _)| ruleset)
}

/// The ruleset `name` names, with the name the screen keys it by: a
/// file given by its path is keyed by its full path, so that the line
/// that takes a game up again and the games list find it from any
/// folder (its stem alone named no ruleset, or another one).
fn find_keyed(name: &str) -> Result<(rules::Ruleset, String)> {
    let (ruleset, origin) = rules::find(name)?;
    if origin == Origin::Builtin
        && let Some(warning) = rules::shadowed(name)
    {
        warn(&warning);
    }
    let id = key_of(name, &origin);
    Ok((ruleset, id))
}

/// The name a ruleset found as `name` is keyed by (see `find_keyed`).
fn key_of(name: &str, origin: &Origin) -> String {
    match origin {
        Origin::Path(path) => std::fs::canonicalize(path)
            .map_or_else(|_| name.to_string(), |p| p.to_string_lossy().into_owned()),
        _ => name.to_string(),
    }
}

pub fn play(name: &str, plain: bool, moves: &str, options: PlayOptions) -> Result<ExitCode> {
    let (ruleset, id) = find_keyed(name)?;
    let think = think(options.think)?;
    let setup = Setup {
        human: options.human.unwrap_or(Player::First),
        level: options.level.unwrap_or(Level::Perfect),
        seed: options.seed,
        think,
    };
    // Bad moves are refused before any screen opens.
    ruleset.session(setup).replay(moves)?;
    if !plain && interactive() {
        return tui(Start {
            ruleset: Some((id, ruleset)),
            human: options.human,
            level: options.level,
            seed: options.seed,
            think,
            pause: None,
            moves: (!moves.trim().is_empty()).then(|| moves.to_string()),
            review: false,
            analysis: false,
        });
    }
    let mut out = out();
    let mut game = ruleset.session(setup);
    game.replay(moves)?;
    let end = plain::play(&ruleset, &mut *game, &mut io::stdin().lock(), &mut out)
        .context("could not write the game")?;
    keep_plain_game(&id, &ruleset, &*game, &end);
    if let End::Over(_, line) | End::Quit(line) | End::Resigned(line) = &end
        && !line.is_empty()
    {
        writeln!(
            out,
            "this game: unbeatable play {} --plain --moves \"{line}\"",
            visible(name)
        )?;
    }
    Ok(match end {
        End::Over(..) | End::Quit(_) | End::Resigned(_) => ExitCode::SUCCESS,
        End::InputEnded => ExitCode::FAILURE,
    })
}

/// Keeps a finished plain game for its review (a game quit or cut short
/// is not finished); a failure is a warning, never the game's end.
fn keep_plain_game(name: &str, ruleset: &rules::Ruleset, game: &dyn AnySession, end: &End) {
    let human = game.setup().human;
    let result = match end {
        End::Over(status, _) => unbeatable::session::wording::ending(*status, human),
        End::Resigned(_) => "you resigned",
        End::Quit(_) | End::InputEnded => return,
    };
    let Some(path) = unbeatable::history::default_path() else {
        return;
    };
    let record = GameRecord::now(
        name,
        &ruleset.identity(),
        human.as_str(),
        game.level_name(),
        &game.history().join(" "),
        result,
    );
    if let Err(e) = unbeatable::history::append(&path, &record) {
        warn(&e);
    }
}

/// The book maker's name: a program of its own, installed beside this one.
const BOOK_MAKER: &str = "unbeatable-book";

/// `unbeatable book …`: runs the book maker beside this program with the
/// same arguments, and ends as it ends.
pub fn book(args: &[std::ffi::OsString]) -> Result<ExitCode> {
    let me = std::env::current_exe().context("could not find this program's own file")?;
    let maker = me.with_file_name(format!("{BOOK_MAKER}{}", std::env::consts::EXE_SUFFIX));
    if !maker.is_file() {
        anyhow::bail!(
            "the book maker {BOOK_MAKER} is not beside this program (in {}): build it with \
             `cargo build --release --bin {BOOK_MAKER}`",
            visible(&fsutil_folder(&maker))
        );
    }
    let status = std::process::Command::new(&maker)
        .args(args)
        .status()
        .with_context(|| format!("could not run {}", visible(&maker.display().to_string())))?;
    Ok(match status.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        None => ExitCode::FAILURE,
    })
}

/// The folder of `path`, for messages.
fn fsutil_folder(path: &std::path::Path) -> String {
    unbeatable::fsutil::folder_of(path).display().to_string()
}
