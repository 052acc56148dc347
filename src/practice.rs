//! A puzzle run's making and its records, for both front ends (the
//! screen's run and `puzzles --run`): your own puzzles that are due first
//! (each a move of yours that a review proved threw a win or a draw away),
//! then puzzles made by the solver, each with its proven answers; each
//! answer kept in the collection, and the run's best streak at its end.

use std::path::{Path, PathBuf};

use crate::collection::{Collection, Mine, Runs};
use crate::engine::{Budget, Outcome, Player};
use crate::history::{self, GameRecord};
use crate::rules::{Renames, Ruleset};
use crate::session::{Setup, Verdict};

/// One puzzle of a run: where it starts, its proven answers, and
/// whether it is one of yours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// The moves from the start, as `--moves` takes them.
    pub moves: String,
    /// Every move that keeps the position's value.
    pub answers: Vec<String>,
    pub mine: bool,
    /// The player to move, who is to find the answer.
    pub to_move: Player,
    /// What the answers keep ("win" or "draw"; for your own puzzles, the
    /// result your move threw away, where it is known).
    pub keeps: Option<Outcome>,
    /// From 1 to 10, for puzzles made by the solver.
    pub difficulty: Option<u8>,
}

/// A run ready to play: its number among the ruleset's runs, and its
/// puzzles, yours (due) first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prepared {
    pub run: u64,
    pub items: Vec<Item>,
}

/// Where a run keeps what it needs: the kept games (looked through for
/// your mistakes) and the collection.
#[derive(Clone, Debug)]
pub struct Files {
    pub games: PathBuf,
    pub collection: PathBuf,
}

/// Starts a run of up to `count` puzzles: your games since the last run
/// looked through for mistakes (added to the collection), the run counted,
/// your due puzzles taken, and the rest made by the solver (`seed` for
/// repeatable ones), within `within` (cancelling it stops the making).
/// Notes on files that could not be read go to `warn`.
///
/// # Errors
/// A sentence when the collection could not be saved.
pub fn prepare(
    ruleset: &Ruleset,
    setup: Setup,
    count: usize,
    seed: Option<u64>,
    files: &Files,
    within: &Budget,
    warn: &mut dyn FnMut(&str),
) -> Result<Prepared, String> {
    let identity = ruleset.identity();
    // Games and puzzles kept before the identity was the rules' own.
    let renames = Renames::of([ruleset]);
    for taken in [
        history::take_over(&files.games, &renames),
        Collection::take_over_in_file(&files.collection, &renames),
    ] {
        taken.err().iter().for_each(|n| warn(n));
    }
    let (before, note) = Collection::load(&files.collection);
    note.iter().for_each(|n| warn(n));
    let runs_before = before.runs.iter().find(|r| r.identity == identity);
    let scanned = runs_before.map_or(0, |r| r.scanned);
    let next_run = runs_before.map_or(1, |r| r.runs + 1);
    let (games, note) = history::load(&files.games);
    note.iter().for_each(|n| warn(n));
    let fresh: Vec<GameRecord> = games.into_iter().filter(|g| g.at >= scanned).collect();
    let found = mistakes(ruleset, setup, &fresh, next_run);
    let newest = fresh.iter().map(|g| g.at).max().unwrap_or(scanned);
    let collection = Collection::update(&files.collection, |c| {
        for m in found {
            c.add(m);
        }
        let runs = c.runs_of(&identity);
        runs.runs += 1;
        runs.scanned = runs.scanned.max(newest);
    })?;
    let run = collection
        .runs
        .iter()
        .find(|r| r.identity == identity)
        .map_or(1, |r| r.runs);
    let mut items = Vec::new();
    for m in collection.due(&identity, run, count) {
        let mut game = ruleset.session(setup);
        if game.replay(&m.moves).is_ok() {
            items.push(Item {
                to_move: game.to_move(),
                moves: m.moves,
                answers: m.answers,
                mine: true,
                keeps: None,
                difficulty: None,
            });
        }
    }
    let made = ruleset
        .session(setup)
        .puzzles(count.saturating_sub(items.len()), seed, within);
    items.extend(made.into_iter().map(|p| Item {
        moves: p.line.join(" "),
        answers: p.answers,
        mine: false,
        to_move: p.to_move,
        keeps: Some(p.value.outcome),
        difficulty: Some(p.difficulty),
    }));
    Ok(Prepared { run, items })
}

/// Ends a run: its best streak kept; the ruleset's runs as they now stand.
///
/// # Errors
/// A sentence when the collection could not be saved.
pub fn finish(path: &Path, identity: &str, result: RunResult) -> Result<Runs, String> {
    let saved = Collection::update(path, |c| {
        let runs = c.runs_of(identity);
        runs.best_streak = runs.best_streak.max(result.best_streak);
    })?;
    Ok(saved
        .runs
        .into_iter()
        .find(|r| r.identity == identity)
        .unwrap_or_default())
}

/// How a run went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunResult {
    pub tried: u64,
    pub solved: u64,
    pub best_streak: u64,
}

/// Your mistakes in `games` (of this ruleset, newer than `after`) as
/// puzzles due in run `due`: each of your moves a review proves threw a
/// win or a draw away, from the position before it.
#[must_use]
pub fn mistakes(ruleset: &Ruleset, setup: Setup, games: &[GameRecord], due: u64) -> Vec<Mine> {
    let identity = ruleset.identity();
    let mut out = Vec::new();
    for game in games.iter().filter(|g| g.identity == identity) {
        let human = if game.human == "second" {
            Player::Second
        } else {
            Player::First
        };
        let mut session = ruleset.session(setup);
        if session.replay(&game.moves).is_err() {
            continue;
        }
        let moves: Vec<&str> = game.moves.split_whitespace().collect();
        for j in session.review(Some(human)) {
            let thrown = j.verdict == Verdict::Mistake
                && matches!(j.best.outcome, Outcome::Win | Outcome::Draw)
                && j.result.outcome != j.best.outcome;
            if thrown && !j.best_moves.is_empty() {
                out.push(Mine {
                    identity: identity.clone(),
                    moves: moves[..j.ply - 1].join(" "),
                    answers: j.best_moves.clone(),
                    played: j.mv.clone(),
                    due,
                    solved: 0,
                });
            }
        }
    }
    out
}

/// Records one answer in the collection: your puzzle's next showing, and
/// the ruleset's counts.
pub fn record_answer(
    collection: &mut Collection,
    identity: &str,
    run: u64,
    moves: &str,
    mine: bool,
    solved: bool,
) {
    if mine {
        collection.answered(identity, moves, run, solved);
    }
    let runs = collection.runs_of(identity);
    runs.tried += 1;
    runs.solved += u64::from(solved);
}
