//! `unbeatable-book`: the maker of the opening, layer and choice books
//! that the player ships in `assets/books/` (docs/design.md §4; how they
//! were made: docs/connect-four.md, docs/benchmarks.md, docs/mnk.md). A
//! program of its own, as the makers of the books of the Connect Four
//! solvers are: its options live here and nowhere else, and it reaches
//! the m,n,k books directly. `unbeatable book …` runs it.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow, bail};
use clap::Parser;
use unbeatable::engine::Game as _;
use unbeatable::fsutil;
use unbeatable::games::mnk::beyond::search::MAX_DEPTH;
use unbeatable::games::mnk::book::{
    self, Book,
    choices::{self, Choices},
    layer::Layer,
    layer_build,
    losses::Losses,
    losses_build,
    shapes::{self, Shapes},
    wins,
};
use unbeatable::games::mnk::{self, Geometry, MnkGame};
use unbeatable::games::{Visitor, arrays, coins, divisors, flags, graph, nim, sum, words};
use unbeatable::rules;
use unbeatable::text::{visible, visible_lines};

/// The largest book read back to go on from it.
const MAX_BOOK_BYTES: u64 = 256 * 1024 * 1024;

/// How often a build hands its book to be written, so that a stopped
/// build resumes where it was.
const SAVE_EVERY: Duration = Duration::from_secs(60);

/// Make the opening book of an m,n,k ruleset (as shipped in assets/books).
#[derive(Debug, Parser)]
#[command(name = "unbeatable book", bin_name = "unbeatable book", version)]
#[command(group(clap::ArgGroup::new("by_shape").args(["shapes", "wins"])))]
#[command(group(clap::ArgGroup::new("proving").args(["losses", "wins"])))]
struct Options {
    /// A built-in ruleset (e.g. connect-four) or the path of a ruleset file.
    ruleset: String,
    /// Solve every position with at most this many stones (with --layer:
    /// exactly this many; with --choices: the plies the search looks ahead).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=64),
          required_unless_present = "losses")]
    depth: Option<u32>,
    /// Where to write the book. If it holds an unfinished book of the
    /// board (from a run that was stopped), the build goes on from there.
    #[arg(long)]
    out: PathBuf,
    /// Cover only what play against the perfect computer reaches (its
    /// best moves and every move of the person, on either side) rather
    /// than every position.
    #[arg(long)]
    play: bool,
    /// Solve every position of exactly --depth stones, and write them as a
    /// layer book: one character a position, none stored.
    #[arg(long, conflicts_with_all = ["play", "keep_ms"])]
    layer: bool,
    /// Make a book of the playing search's choices in the opening
    /// positions of a board of at most 64 cells without gravity (for those
    /// the exact search does not prove from the start, 8×8 with k=5), each
    /// searched --depth plies ahead: not proofs, the moves play makes there.
    #[arg(long, conflicts_with_all = ["play", "keep_ms", "layer"])]
    choices: bool,
    /// Make the book of the playing search's choices by shape, for every
    /// open board of k=5 (11x11 and up; made on a 15x15 ruleset such as
    /// gomoku): X's moves after the openings where O's first stone is
    /// beside X's along a row or a column, each searched --depth plies
    /// ahead, following every reply of O
    /// to X's third stone (and with --stones past 4, the search's first
    /// two replies after that).
    #[arg(long, conflicts_with_all = ["play", "keep_ms", "layer", "choices"])]
    shapes: bool,
    /// Make the book of X's wins proven by threats, by shape, for the same
    /// boards and openings as --shapes: each position's win tried for
    /// --think seconds, by the proof-number search or by a quiet move as
    /// `analyze` proves one, and a proof's positions within X's next two
    /// moves kept with their winning moves; where none is proven,
    /// --x-moves of X's (the book of shapes', the search's --depth plies
    /// ahead) and O's first --replies lead on, up to --stones stones.
    #[arg(long, conflicts_with_all = ["play", "keep_ms", "layer", "choices", "shapes"])]
    wins: bool,
    /// With --shapes: X's choices in the positions of up to this many
    /// stones (4: its fifth stone; deeper, the search's choices there
    /// lost more games than they won, docs/mnk.md). With --wins: the
    /// positions tried.
    #[arg(long, requires = "by_shape", default_value_t = 4,
          value_parser = clap::value_parser!(u32).range(4..=12))]
    stones: u32,
    /// With --choices: search each position this many plies ahead too
    /// (up to two: `--check 12,13`), and let a move stand only where more
    /// than half of the searches choose it (where they are split, the
    /// search cannot tell the moves apart; play decides).
    #[arg(long, requires = "choices", value_delimiter = ',')]
    check: Vec<i32>,
    /// Make a book of moves proven lost in the position after --moves, on
    /// a board of at most 64 cells without gravity: each move searched by
    /// the searches of `analyze` for --think seconds, and with --replies,
    /// where a move is left open, the opponent's likeliest replies to it
    /// tried, each with every move after it searched in turn. A reply
    /// after which the book in --out already proves every move lost is
    /// taken first. Adds to the book in --out, which may hold other
    /// positions.
    #[arg(long, requires = "moves",
          conflicts_with_all = ["play", "keep_ms", "layer", "choices", "shapes", "depth"])]
    losses: bool,
    /// With --losses: the moves that lead to the position, as `analyze`
    /// takes them (`"d5 g7 e4"`).
    #[arg(long, requires = "losses")]
    moves: Option<String>,
    /// With --losses: the seconds each move's searches have; with --wins,
    /// each position's proof.
    #[arg(long, requires = "proving", default_value_t = 60,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    think: u64,
    /// With --losses: how many of the opponent's replies to a move left
    /// open are tried (0: none, at most 8). With --wins: how many of O's
    /// replies are followed in each position past X's third stone (the
    /// search's first; default 2).
    #[arg(long, requires = "proving",
          value_parser = clap::value_parser!(u64).range(0..=16))]
    replies: Option<u64>,
    /// With --wins: how many of X's moves are followed where no win is
    /// proven (the book of shapes' and the search's first).
    #[arg(long, requires = "wins", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=4))]
    x_moves: u64,
    /// With --replies: the moves left open after a reply are followed so
    /// too, this many levels deep in all.
    #[arg(long, requires = "replies", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=4))]
    levels: u64,
    /// With --losses: search again the moves of the position after --moves
    /// that the book in --out holds open (left so by a build with a
    /// shorter --think); a resumed build otherwise takes them as they were.
    #[arg(long, requires = "losses")]
    again: bool,
    /// With --losses: --moves is a game the side to move after them lost,
    /// and the positions after its first PLIES, PLIES + 2, … moves are
    /// built too, the last first: each move of the game is then proven
    /// lost through the reply after it wherever every move after that
    /// reply is (PLIES of the same parity as the number of --moves;
    /// --again then searches anew the open moves of each).
    #[arg(long, requires = "losses", value_name = "PLIES")]
    back_to: Option<usize>,
    /// Keep only positions whose proof took at least this many
    /// milliseconds: play proves the rest within its budget.
    #[arg(long, default_value_t = 0)]
    keep_ms: u64,
    /// Positions proven at once, each on its own thread with its own
    /// table: 2 GiB for an opening book, play's own for a layer (default:
    /// one per core).
    #[arg(long, value_parser = parse_threads)]
    threads: Option<usize>,
    /// With --play: this many stones more past --depth along the
    /// computer's own games (its best move, every reply of the person's;
    /// the last stone only its best moves), so that the computer's move is
    /// in the book wherever book play leads it.
    #[arg(long, default_value_t = 1, requires = "play")]
    beyond: u32,
}

/// Reads `--threads`: from 1 to the number of cores (each thread holds a
/// table of its own, so more threads than cores only cost memory).
fn parse_threads(text: &str) -> Result<usize, String> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=cores).contains(&n) => Ok(n),
        _ => Err(format!(
            "'{}' is not a number of threads from 1 to {cores} (the cores of this machine)",
            visible(text)
        )),
    }
}

fn main() -> ExitCode {
    let options = Options::parse();
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", visible_lines(&format!("{e:#}")));
            ExitCode::FAILURE
        }
    }
}

fn run(options: &Options) -> Result<()> {
    let (ruleset, _) = rules::find(&options.ruleset)?;
    let out = Output::new(&options.out)?;
    let mut maker = Maker {
        options,
        out: &out,
        made: None,
    };
    ruleset.rules.visit(&mut maker);
    let entries = maker.made.unwrap_or_else(|| {
        Err(anyhow!(
            "opening books are for m,n,k rulesets; '{}' is a {} ruleset",
            visible(&options.ruleset),
            ruleset.kind()
        ))
    })?;
    eprintln!("wrote {entries} positions to {}", out.shown);
    Ok(())
}

/// Where the book goes: its folder must exist, and what is there already
/// is read back to go on from.
struct Output<'a> {
    path: &'a Path,
    shown: String,
    resume: Option<String>,
}

impl<'a> Output<'a> {
    fn new(path: &'a Path) -> Result<Self> {
        let shown = visible(&path.display().to_string()).into_owned();
        let folder = fsutil::folder_of(path);
        if !folder.is_dir() {
            bail!(
                "{shown}: the folder {} does not exist; make it first, or give another --out",
                visible(&folder.display().to_string())
            );
        }
        let resume = match fsutil::read_limited(path, MAX_BOOK_BYTES, "a book") {
            Ok(bytes) => Some(
                String::from_utf8(bytes)
                    .map_err(|_| anyhow!("{shown}: not a book (not UTF-8 text)"))?,
            ),
            Err(e) if e.is_missing() => None,
            Err(e) => bail!("could not read {e}"),
        };
        Ok(Self {
            path,
            shown,
            resume,
        })
    }

    /// The book already in the file read by `parse`, if there is one: a
    /// file that is not `what` is refused, before anything is said of
    /// going on from it.
    fn resumed<T>(&self, parse: impl FnOnce(&str) -> Option<T>, what: &str) -> Result<Option<T>> {
        let Some(text) = &self.resume else {
            return Ok(None);
        };
        let book = parse(text).ok_or_else(|| self.refused(&format!("it is not {what}")))?;
        eprintln!("going on from the book in {}", self.shown);
        Ok(Some(book))
    }

    /// Writes the book as it stands, atomically.
    fn save(&self, text: &str) -> Result<(), String> {
        fsutil::write_atomically(self.path, text.as_bytes())
            .map_err(|e| format!("could not write {}: {e}", self.shown))
    }

    /// An error of the build, with what to do about the file.
    fn refused(&self, why: &str) -> anyhow::Error {
        anyhow!(
            "{}: {why}; give another --out, or remove the file to start afresh",
            self.shown
        )
    }
}

/// Makes the book of the ruleset's family: m,n,k only.
struct Maker<'a> {
    options: &'a Options,
    out: &'a Output<'a>,
    /// The positions written, or why not; `None` for other families.
    made: Option<Result<usize>>,
}

impl Visitor for Maker<'_> {
    fn mnk(&mut self, rules: &mnk::Rules) {
        let geo = &rules.geo;
        self.made = Some(if self.options.layer {
            self.layer(geo)
        } else if self.options.choices {
            self.choices(geo)
        } else if self.options.shapes {
            self.shapes(geo)
        } else if self.options.wins {
            self.wins(geo)
        } else if self.options.losses {
            self.losses(geo)
        } else {
            self.opening(geo)
        });
    }

    fn flags(&mut self, _: &flags::Rules) {}
    fn nim(&mut self, _: &nim::Rules) {}
    fn divisors(&mut self, _: &divisors::Rules) {}
    fn coins(&mut self, _: &coins::Rules) {}
    fn words(&mut self, _: &words::Rules) {}
    fn graph(&mut self, _: &graph::Rules) {}
    fn arrays(&mut self, _: &arrays::Rules) {}
    fn sum(&mut self, _: &sum::Rules) {}
}

impl Maker<'_> {
    /// `--depth`, which clap asks for in every mode but `--losses`.
    fn depth(&self) -> u32 {
        self.options.depth.unwrap_or_default()
    }

    fn threads(&self) -> usize {
        self.options
            .threads
            .or_else(|| std::thread::available_parallelism().ok().map(usize::from))
            .unwrap_or(1)
    }

    /// An opening book: every position up to `--depth` stones, or what
    /// play reaches.
    fn opening(&self, geo: &Arc<Geometry>) -> Result<usize> {
        let (options, out) = (self.options, self.out);
        let resume = out
            .resumed(
                |text| Book::parse(geo, text),
                &format!("a book of the {} board", board(geo)),
            )?
            .unwrap_or_default();
        let plan = book::Plan {
            depth: self.depth(),
            coverage: if options.play {
                book::Coverage::Play
            } else {
                book::Coverage::All
            },
            keep_over: Duration::from_millis(options.keep_ms),
            save_every: SAVE_EVERY,
            threads: self.threads(),
            beyond: if options.play { options.beyond } else { 0 },
        };
        let started = Instant::now();
        let made = book::make(
            geo,
            &plan,
            resume,
            |b| out.save(&b.to_text(geo)),
            |p| {
                eprintln!(
                    "{} stones: {} of {} positions, {} kept ({:.1} s)",
                    p.stones,
                    p.done,
                    p.positions,
                    p.kept,
                    started.elapsed().as_secs_f64()
                );
            },
        )
        .map_err(|e| out.refused(&e))?;
        out.save(&made.to_text(geo)).map_err(anyhow::Error::msg)?;
        Ok(made.len())
    }

    /// A book of the playing search's choices, `--depth` plies ahead.
    fn choices(&self, geo: &Geometry) -> Result<usize> {
        let out = self.out;
        if let Some(why) = choices::unsupported(geo) {
            bail!("{why}; the {} board is not one", board(geo));
        }
        let resume = out.resumed(
            |text| Choices::parse(geo, text),
            &format!("a book of choices of the {} board", board(geo)),
        )?;
        let depth = i32::try_from(self.depth()).unwrap_or(i32::MAX);
        if !(1..=MAX_DEPTH).contains(&depth) {
            bail!("--depth {depth}: a book of choices searches 1 to {MAX_DEPTH} plies ahead");
        }
        let checks = &self.options.check;
        if let Some(check) = checks.iter().find(|c| !(1..depth).contains(*c)) {
            bail!(
                "--check {check}: the check searches 1 to {} plies ahead, fewer than --depth",
                depth - 1
            );
        }
        if checks.len() > choices::MAX_CHECKS
            || (1..checks.len()).any(|i| checks[..i].contains(&checks[i]))
        {
            bail!("--check: at most {} different depths", choices::MAX_CHECKS);
        }
        let plan = choices::Plan {
            depth,
            checks: checks.clone(),
            threads: self.threads(),
            save_every: SAVE_EVERY,
            limit: usize::MAX,
        };
        let started = Instant::now();
        let made = choices::make(
            geo,
            &plan,
            resume,
            |b| out.save(&b.to_text(geo)),
            |done, all| {
                eprintln!(
                    "{done} of {all} positions searched ({depth} plies ahead{}; {:.1} s)",
                    checks
                        .iter()
                        .map(|c| format!(", and {c}"))
                        .collect::<String>(),
                    started.elapsed().as_secs_f64()
                );
            },
        )
        .map_err(|e| out.refused(&e))?;
        out.save(&made.to_text(geo)).map_err(anyhow::Error::msg)?;
        eprintln!(
            "{} of the {} choices stand (more than half of the searches make them)",
            made.standing(),
            made.len()
        );
        Ok(made.len())
    }

    /// What a book by shape of `kind` starts from: the board checked, the
    /// book in --out read back where there is one, and --depth, the plies
    /// X's moves are searched ahead.
    fn by_shape(&self, geo: &Geometry, kind: shapes::Kind) -> Result<(Option<Shapes>, i32)> {
        let size = shapes::MADE_ON;
        if geo.gravity || (geo.width, geo.height, geo.k) != (size, size, shapes::K) {
            bail!(
                "the books by shape are made on the {size}x{size} k={} board (gomoku), not {}",
                shapes::K,
                board(geo)
            );
        }
        let resume = self.out.resumed(
            |text| Shapes::parse(text).filter(|b| b.kind == kind),
            &format!("a book of {kind}"),
        )?;
        let depth = i32::try_from(self.depth()).unwrap_or(i32::MAX);
        if !(1..=MAX_DEPTH).contains(&depth) {
            bail!("--depth {depth}: X's moves are searched 1 to {MAX_DEPTH} plies ahead");
        }
        Ok((resume, depth))
    }

    /// A book of the search's choices by shape, `--depth` plies ahead.
    fn shapes(&self, geo: &Geometry) -> Result<usize> {
        let out = self.out;
        let (resume, depth) = self.by_shape(geo, shapes::Kind::Choices)?;
        let plan = shapes::Plan {
            depth,
            stones: self.options.stones as usize,
            threads: self.threads(),
            save_every: SAVE_EVERY,
        };
        let started = Instant::now();
        let made = shapes::make(
            &plan,
            resume,
            |b| out.save(&b.to_text()),
            |stones, done, all| {
                eprintln!(
                    "{stones} stones: {done} of {all} positions searched ({depth} plies ahead; {:.1} s)",
                    started.elapsed().as_secs_f64()
                );
            },
        )
        .map_err(|e| out.refused(&e))?;
        out.save(&made.to_text()).map_err(anyhow::Error::msg)?;
        Ok(made.len())
    }

    /// A book of X's wins proven by threats, by shape, each position
    /// given `--think` seconds.
    fn wins(&self, geo: &Geometry) -> Result<usize> {
        let out = self.out;
        let (resume, depth) = self.by_shape(geo, shapes::Kind::Wins)?;
        let plan = wins::Plan {
            think: Duration::from_secs(self.options.think),
            depth,
            stones: self.options.stones as usize,
            replies: usize::try_from(self.options.replies.unwrap_or(2)).unwrap_or(2),
            x_moves: usize::try_from(self.options.x_moves).unwrap_or(1),
            threads: self.threads(),
            save_every: SAVE_EVERY,
        };
        let started = Instant::now();
        let made = wins::make(
            &plan,
            resume,
            |b| out.save(&b.to_text()),
            |stones, done, all, won| {
                eprintln!(
                    "{stones} stones: {done} of {all} positions tried, {won} proven won ({} s each; {:.1} s)",
                    plan.think.as_secs(),
                    started.elapsed().as_secs_f64()
                );
            },
        )
        .map_err(|e| out.refused(&e))?;
        out.save(&made.to_text()).map_err(anyhow::Error::msg)?;
        Ok(made.len())
    }

    /// A book of moves proven lost in the position after `--moves`.
    fn losses(&self, geo: &Arc<Geometry>) -> Result<usize> {
        let out = self.out;
        if geo.gravity || geo.cells() > 64 {
            bail!(
                "a book of moves proven lost is for boards of at most 64 cells without gravity; the {} board is not one",
                board(geo)
            );
        }
        if let Some(replies) = self.options.replies.filter(|&r| r > 8) {
            bail!("--replies {replies}: a book of moves proven lost tries at most 8 replies");
        }
        let resume = out
            .resumed(
                |text| Losses::parse(geo, text),
                &format!("a book of moves proven lost of the {} board", board(geo)),
            )?
            .unwrap_or_default();
        let moves = self.options.moves.as_deref().unwrap_or_default();
        let mut pos = MnkGame::new(Arc::clone(geo));
        let mut line = vec![pos.bits()];
        for (i, word) in moves.split_whitespace().enumerate() {
            let shown = visible(word);
            let mv = pos
                .parse_move(word)
                .map_err(|e| anyhow!("--moves: move {} '{shown}': {e}", i + 1))?;
            if pos.status().is_over() || !pos.moves().any(|m| m == mv) {
                bail!("--moves: move {} '{shown}' cannot be played there", i + 1);
            }
            pos = pos.after(mv);
            line.push(pos.bits());
        }
        if pos.status().is_over() {
            bail!("--moves: the game is over after them; there is no move to prove lost");
        }
        let plies = line.len() - 1;
        let from = self.options.back_to.unwrap_or(plies);
        if from > plies || !(plies - from).is_multiple_of(2) {
            bail!(
                "--back-to {from}: it must be at most the {plies} moves of --moves and differ from them by an even number"
            );
        }
        let line: Vec<(u64, u64)> = line.into_iter().skip(from).step_by(2).collect();
        let plan = losses_build::Plan {
            think: Duration::from_secs(self.options.think),
            replies: usize::try_from(self.options.replies.unwrap_or(0)).unwrap_or(0),
            levels: usize::try_from(self.options.levels).unwrap_or(1),
            threads: self.threads(),
            again: self.options.again,
        };
        let started = Instant::now();
        let made = losses_build::make_line(
            geo,
            &line,
            &plan,
            resume,
            |b| out.save(&b.to_text(geo)),
            |what| eprintln!("{what} ({:.1} s)", started.elapsed().as_secs_f64()),
        )
        .map_err(|e| out.refused(&e))?;
        out.save(&made.to_text(geo)).map_err(anyhow::Error::msg)?;
        for (i, &(x, o)) in line.iter().enumerate() {
            let (lost, open) = made
                .entry(geo.canonical(x, o).0)
                .map_or((0, 0), |e| (e.lost.len(), e.open.len()));
            let at = match from + 2 * i {
                _ if i + 1 == line.len() => "after --moves".to_string(),
                0 => "at the start".to_string(),
                ply => format!("after move {ply}"),
            };
            eprintln!("{at}: {lost} moves proven lost, {open} left open");
        }
        Ok(made.len())
    }

    /// A layer book: every position of exactly `--depth` stones.
    fn layer(&self, geo: &Arc<Geometry>) -> Result<usize> {
        let (stones, out) = (self.depth(), self.out);
        let resume = out.resumed(
            |text| Layer::parse(geo, text).filter(|l| l.stones == stones),
            &format!(
                "a layer book of {stones} stones of the {} board",
                board(geo)
            ),
        )?;
        let plan = layer_build::Plan {
            stones,
            threads: self.threads(),
            save_every: SAVE_EVERY,
        };
        let started = Instant::now();
        // The layers before this one are proven and tested (each with a
        // sample re-proven with no book): their bounds make the build faster.
        let trusted = book::builtin(geo).below(stones);
        let made = layer_build::make(
            geo,
            &plan,
            resume,
            &trusted,
            |l| out.save(&l.to_text(geo)),
            |done, all| {
                eprintln!(
                    "{stones} stones: {done} of {all} positions proven ({:.1} s)",
                    started.elapsed().as_secs_f64()
                );
            },
        )
        .map_err(|e| out.refused(&e))?;
        out.save(&made.to_text(geo)).map_err(anyhow::Error::msg)?;
        Ok(made.proven())
    }
}

/// The board as error messages name it: `7x6 k=4 gravity`.
fn board(geo: &Geometry) -> String {
    format!(
        "{}x{} k={}{}",
        geo.width,
        geo.height,
        geo.k,
        if geo.gravity { " gravity" } else { "" }
    )
}
