//! A puzzle run on the screen (`p` in the menu): the puzzles are made
//! beside the screen, then shown one by one on the play screen; each
//! answer is kept in the collection, and the run's streak at its end
//! (docs/design.md §5). The same preparation and records as
//! `unbeatable puzzles --run`.

use std::time::Duration;

use crate::engine::{Budget, Player};
use crate::practice::{self, Files, Item, Prepared, RunResult};
use crate::session::{Job, Setup};

use super::play::PuzzleAsk;

/// How many puzzles a run on the screen has.
pub const RUN_LENGTH: usize = 10;

/// The budget of each question while making puzzles where the screen has
/// no limit: a run must start in seconds, not when the board is solved.
const MAKING_THINK: Duration = Duration::from_secs(2);

/// A run: being made, then under way.
pub struct PuzzleRun {
    /// The menu entry whose ruleset the run is of.
    pub entry: usize,
    identity: String,
    files: Files,
    job: Option<Job<Result<Prepared, String>>>,
    prepared: Option<Prepared>,
    /// The puzzle on screen (an index into the prepared items).
    pub at: usize,
    result: RunResult,
    streak: u64,
}

impl PuzzleRun {
    /// Starts making a run of `ruleset` (menu entry `entry`).
    #[must_use]
    pub fn start(
        entry: usize,
        ruleset: &crate::rules::Ruleset,
        setup: Setup,
        files: Files,
    ) -> Self {
        let setup = Setup {
            think: Some(setup.think.unwrap_or(MAKING_THINK)),
            ..setup
        };
        let (rules, name) = (ruleset.clone(), files.clone());
        let seed = setup.seed;
        // Dropping the job (Esc, or leaving the menu) cancels its budget,
        // which stops the making within a question.
        let job = Job::spawn(Budget::unlimited(), move |within| {
            practice::prepare(&rules, setup, RUN_LENGTH, seed, &name, within, &mut |_| {})
        });
        Self {
            entry,
            identity: ruleset.identity(),
            files,
            job: Some(job),
            prepared: None,
            at: 0,
            result: RunResult::default(),
            streak: 0,
        }
    }

    /// Whether the puzzles are still being made.
    #[must_use]
    pub fn making(&self) -> bool {
        self.job.is_some()
    }

    /// Takes the made puzzles when ready: `Some(Err)` when making failed.
    pub fn collect(&mut self) -> Option<Result<(), String>> {
        let made = Job::take(&mut self.job)?;
        Some(match made {
            Some(Ok(p)) if p.items.is_empty() => {
                Err("no puzzle was found in the time: try again, or a smaller game".into())
            }
            Some(Ok(p)) => {
                self.prepared = Some(p);
                Ok(())
            }
            Some(Err(e)) => Err(e),
            None => Err("making the puzzles stopped unexpectedly".into()),
        })
    }

    /// The puzzle on screen.
    #[must_use]
    pub fn item(&self) -> Option<&Item> {
        self.prepared.as_ref()?.items.get(self.at)
    }

    /// The puzzle on screen as the play screen asks it.
    #[must_use]
    pub fn ask(&self) -> Option<(PuzzleAsk, Player, String)> {
        let item = self.item()?;
        let of = self.prepared.as_ref().map_or(0, |p| p.items.len());
        let ask = PuzzleAsk {
            n: self.at + 1,
            of,
            mine: item.mine,
            answers: item.answers.clone(),
            keeps: item.keeps,
            difficulty: item.difficulty,
            streak: self.streak,
            solved: self.result.solved,
            tried: self.result.tried,
        };
        Some((ask, item.to_move, item.moves.clone()))
    }

    /// The person answered the puzzle on screen: counted, and kept in
    /// the collection (a note when it could not be saved).
    pub fn answered(&mut self, solved: bool) -> Option<String> {
        let (moves, mine) = self.item().map(|i| (i.moves.clone(), i.mine))?;
        self.result.tried += 1;
        if solved {
            self.result.solved += 1;
            self.streak += 1;
            self.result.best_streak = self.result.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        let run = self.prepared.as_ref().map_or(1, |p| p.run);
        let identity = self.identity.clone();
        crate::collection::Collection::update(&self.files.collection, |c| {
            practice::record_answer(c, &identity, run, &moves, mine, solved);
        })
        .err()
    }

    /// Ends the run: its best streak kept; what to tell the person.
    #[must_use]
    pub fn finish(&self) -> String {
        let r = self.result;
        let this = format!(
            "Puzzle run: solved {} of {}, best streak {}.",
            r.solved, r.tried, r.best_streak
        );
        if r.tried == 0 {
            return this;
        }
        match practice::finish(&self.files.collection, &self.identity, r) {
            Ok(all) => format!(
                "{this} All runs here: solved {} of {}, best streak {}.",
                all.solved, all.tried, all.best_streak
            ),
            Err(e) => format!("{this} {e}"),
        }
    }
}
