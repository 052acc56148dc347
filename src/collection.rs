//! Your puzzles: each move of yours that a review proved threw a win or a
//! draw away becomes a puzzle, shown again in puzzle runs until solved —
//! a simple spaced repetition: solved, it comes back after twice as many
//! runs as last time; missed, in the next run. The runs' results are kept
//! per ruleset. `<data>/puzzles.json`, written like the tally: under a
//! lock, read again, written back whole and atomically.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::fsutil::{lock_beside, read_limited, write_atomically};
use crate::rules::Renames;
use crate::text::visible;

/// The largest collection read.
const MAX_BYTES: u64 = 4 * 1024 * 1024;

/// The most puzzles kept a ruleset: the newest mistakes.
pub const MAX_KEPT: usize = 500;

/// A puzzle from one of your games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mine {
    /// The ruleset's identity (name and the fingerprint of its rules).
    pub identity: String,
    /// The moves from the start to the position, as `--moves` takes them.
    pub moves: String,
    /// Every move that keeps the position's value.
    pub answers: Vec<String>,
    /// The move you played there.
    pub played: String,
    /// The run this puzzle is due in (runs of its ruleset counted from 1).
    pub due: u64,
    /// How many times in a row it was solved.
    pub solved: u32,
}

/// The runs of one ruleset.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Runs {
    pub identity: String,
    /// Runs started.
    pub runs: u64,
    pub tried: u64,
    pub solved: u64,
    pub best_streak: u64,
    /// The newest kept game already looked through for mistakes (`at`).
    pub scanned: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Collection {
    pub mine: Vec<Mine>,
    pub runs: Vec<Runs>,
}

/// Where the collection lives: `<data>/unbeatable/puzzles.json`.
#[must_use]
pub fn default_path() -> Option<PathBuf> {
    crate::paths::data_dir().map(|d| d.join("puzzles.json"))
}

impl Collection {
    /// Reads the collection; a missing file is an empty one, an unreadable
    /// one too, with a note saying so.
    #[must_use]
    pub fn load(path: &Path) -> (Self, Option<String>) {
        match read_limited(path, MAX_BYTES, "your puzzles") {
            Ok(bytes) => match serde_json::from_slice(&bytes) {
                Ok(c) => (c, None),
                Err(e) => (
                    Self::default(),
                    Some(format!(
                        "{} could not be read ({e}); it will be replaced",
                        visible(&path.display().to_string())
                    )),
                ),
            },
            Err(e) if e.is_missing() => (Self::default(), None),
            Err(e) => (Self::default(), Some(format!("could not read {e}"))),
        }
    }

    /// Changes the collection in the file at `path` with `change`, under
    /// the lock: read again, changed, written back whole.
    ///
    /// # Errors
    /// A sentence when it could not be saved (the change is then lost).
    pub fn update(path: &Path, change: impl FnOnce(&mut Self)) -> Result<Self, String> {
        let shown = visible(&path.display().to_string()).into_owned();
        let lock = lock_beside(path).map_err(|e| format!("could not lock {shown}: {e}"))?;
        let (mut collection, _) = Self::load(path);
        change(&mut collection);
        let text = serde_json::to_string_pretty(&collection).map_err(|e| e.to_string())?;
        let written = write_atomically(path, text.as_bytes())
            .map_err(|e| format!("could not save your puzzles in {shown}: {e}"));
        drop(lock);
        written.map(|()| collection)
    }

    /// Renames the puzzles and runs kept under a former identity to the
    /// identity now (`renames`), in the file at `path`, where there is any
    /// to rename.
    ///
    /// # Errors
    /// A sentence when the file could not be written (it is then as it was).
    pub fn take_over_in_file(path: &Path, renames: &Renames) -> Result<(), String> {
        if renames.is_empty() {
            return Ok(());
        }
        let (kept, _) = Self::load(path);
        let identities = kept.mine.iter().map(|m| m.identity.as_str());
        if !renames.any(identities.chain(kept.runs.iter().map(|r| r.identity.as_str()))) {
            return Ok(());
        }
        Self::update(path, |c| {
            c.take_over(renames);
        })
        .map(|_| ())
    }

    /// Renames the puzzles and runs kept under a former identity; runs
    /// kept under both are added together, a puzzle kept under both is
    /// kept once. Says whether anything was renamed.
    pub fn take_over(&mut self, renames: &Renames) -> bool {
        let mut any = false;
        for m in &mut self.mine {
            any |= renames.apply(&mut m.identity);
        }
        let mut seen = std::collections::HashSet::new();
        self.mine
            .retain(|m| seen.insert((m.identity.clone(), m.moves.clone())));
        let (formers, kept) = std::mem::take(&mut self.runs)
            .into_iter()
            .partition::<Vec<_>, _>(|r| renames.get(&r.identity).is_some());
        self.runs = kept;
        for former in formers {
            let Some(to) = renames.get(&former.identity) else {
                continue;
            };
            any = true;
            let to = to.to_string();
            match self.runs.iter_mut().find(|r| r.identity == to) {
                Some(r) => {
                    r.runs = r.runs.saturating_add(former.runs);
                    r.tried = r.tried.saturating_add(former.tried);
                    r.solved = r.solved.saturating_add(former.solved);
                    r.best_streak = r.best_streak.max(former.best_streak);
                    r.scanned = r.scanned.max(former.scanned);
                }
                None => self.runs.push(Runs {
                    identity: to,
                    ..former
                }),
            }
        }
        any
    }

    /// The runs of a ruleset, made when missing.
    pub fn runs_of(&mut self, identity: &str) -> &mut Runs {
        let at = match self.runs.iter().position(|r| r.identity == identity) {
            Some(at) => at,
            None => {
                self.runs.push(Runs {
                    identity: identity.to_string(),
                    ..Runs::default()
                });
                self.runs.len() - 1
            }
        };
        &mut self.runs[at]
    }

    /// Adds a puzzle from your game, due in the next run, unless the same
    /// position is kept already; the oldest go past [`MAX_KEPT`].
    pub fn add(&mut self, puzzle: Mine) {
        if self
            .mine
            .iter()
            .any(|m| m.identity == puzzle.identity && m.moves == puzzle.moves)
        {
            return;
        }
        self.mine.push(puzzle);
        let identity = self.mine[self.mine.len() - 1].identity.clone();
        let kept = self.mine.iter().filter(|m| m.identity == identity).count();
        if kept > MAX_KEPT
            && let Some(oldest) = self.mine.iter().position(|m| m.identity == identity)
        {
            self.mine.remove(oldest);
        }
    }

    /// Your puzzles of a ruleset due in run `run`, at most `count`.
    #[must_use]
    pub fn due(&self, identity: &str, run: u64, count: usize) -> Vec<Mine> {
        self.mine
            .iter()
            .filter(|m| m.identity == identity && m.due <= run)
            .take(count)
            .cloned()
            .collect()
    }

    /// Records an answer to your puzzle at `moves` in run `run`: solved,
    /// it comes back after 2^solved runs; missed, in the next run.
    pub fn answered(&mut self, identity: &str, moves: &str, run: u64, solved: bool) {
        if let Some(m) = self
            .mine
            .iter_mut()
            .find(|m| m.identity == identity && m.moves == moves)
        {
            if solved {
                m.solved = m.solved.saturating_add(1);
                m.due = run.saturating_add(1u64 << m.solved.min(16));
            } else {
                m.solved = 0;
                m.due = run.saturating_add(1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mine(moves: &str) -> Mine {
        Mine {
            identity: "T #1".into(),
            moves: moves.into(),
            answers: vec!["b2".into()],
            played: "a2".into(),
            due: 1,
            solved: 0,
        }
    }

    #[test]
    fn a_solved_puzzle_comes_back_later_and_a_missed_one_at_once() {
        let mut c = Collection::default();
        c.add(mine("a1"));
        c.add(mine("a1"));
        assert_eq!(c.mine.len(), 1, "the same position is kept once");
        assert_eq!(c.due("T #1", 1, 10).len(), 1);
        c.answered("T #1", "a1", 1, true);
        assert!(c.due("T #1", 2, 10).is_empty());
        assert_eq!(c.due("T #1", 3, 10).len(), 1);
        c.answered("T #1", "a1", 3, false);
        assert_eq!(c.due("T #1", 4, 10).len(), 1);
    }

    #[test]
    fn the_collection_is_saved_under_its_lock() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("puzzles.json");
        Collection::update(&path, |c| c.add(mine("a1"))).expect("saved");
        let saved = Collection::update(&path, |c| c.runs_of("T #1").runs += 1).expect("saved");
        assert_eq!(saved.mine.len(), 1);
        assert_eq!(Collection::load(&path).0.runs[0].runs, 1);
    }
}
