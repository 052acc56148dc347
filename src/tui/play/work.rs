//! The play screen's questions, each run on a worker thread: the
//! computer's reply (with the coach's review of the person's move), a tip,
//! the values overlay, and the move that decided a finished game.

use std::sync::Arc;
use std::time::Duration;

use crate::engine::{Budget, Solver};
use crate::games::Family;
use crate::session::review::judge_game;
use crate::session::{Job, Judgement, Poll, Session, Turn, decided_at, move_values, tip_words};

use super::super::boards::{BoardView, MoveOf, Values};
use super::Playing;

enum Answer<M: std::hash::Hash + Eq> {
    Reply(Turn<M>),
    Hint(String),
    Values(Values<M>),
    Decided(Option<usize>),
    Judged(Vec<Judgement<String>>),
    /// A tip at a step of the review.
    StepTip(usize, String),
    Start(bool),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Task {
    Reply,
    /// The coach's look at the person's move, with no reply to find (the
    /// move ended the game).
    Review,
    Hint,
    Values,
    Decided,
    Start,
    /// Every move of the finished game judged, for the review.
    Judge,
    /// The best move at a step of the review.
    StepTip,
}

/// A question being worked on, and the position it is about.
pub(super) struct Work<F: Family> {
    task: Task,
    job: Job<Answer<MoveOf<F>>>,
    at: F::Game,
    moves: usize,
}

impl<F: Family> Work<F> {
    fn new(session: &Session<F>, task: Task, job: Job<Answer<MoveOf<F>>>) -> Self {
        Self {
            task,
            job,
            at: session.position().clone(),
            moves: session.moves().len(),
        }
    }

    pub(super) fn is_reply(&self) -> bool {
        self.task == Task::Reply
    }

    /// The computer's reply asked to come now: its searches stop and it
    /// plays the best they found (never a move they proved lost where
    /// another is not). Whether there was a reply to hurry.
    pub(super) fn hurry(&self) -> bool {
        let reply = self.is_reply();
        if reply {
            self.job.budget().cancel();
        }
        reply
    }

    /// How long it has run, and the budget it has.
    pub(super) fn progress(&self) -> (Duration, Option<Duration>) {
        let left = self.job.budget().remaining();
        (self.job.elapsed(), left.map(|l| l + self.job.elapsed()))
    }

    /// What the screen says while it runs.
    pub(super) fn doing(&self) -> &'static str {
        match self.task {
            Task::Reply => "The computer is thinking",
            Task::Review => "Looking over your move",
            Task::Hint => "Working out a tip",
            Task::Values => "Working out every move's result",
            Task::Decided => "Looking back over the game",
            Task::Start => "Checking whether this game is proven",
            Task::Judge => "Judging every move of the game",
            Task::StepTip => "Working out the best move here",
        }
    }

    /// The computer's turn; `reviewed` is the person's move just played
    /// (and the position it was played from), for the coach.
    pub(super) fn reply(session: &mut Session<F>, reviewed: Option<(F::Game, MoveOf<F>)>) -> Self {
        let ask = session.ask_turn(reviewed);
        let task = if ask.replies() {
            Task::Reply
        } else {
            Task::Review
        };
        let job = Job::spawn(session.budget(), move |budget| {
            Answer::Reply(ask.answer(budget))
        });
        Self::new(session, task, job)
    }

    pub(super) fn hint(session: &mut Session<F>) -> Self {
        let solver = Arc::clone(session.solver());
        let pos = session.position().clone();
        let job = Job::spawn(session.budget(), move |budget| {
            Answer::Hint(tip_words(&*solver, &pos, budget))
        });
        Self::new(session, Task::Hint, job)
    }

    pub(super) fn values(session: &Session<F>) -> Self {
        let solver = Arc::clone(session.solver());
        let pos = session.position().clone();
        let job = Job::spawn(session.budget(), move |budget| {
            Answer::Values(Values::new(&move_values(&*solver, &pos, budget)))
        });
        Self::new(session, Task::Values, job)
    }

    pub(super) fn decided(session: &Session<F>) -> Self {
        let solver = Arc::clone(session.solver());
        let positions = session.positions().to_vec();
        let job = Job::spawn(session.budget(), move |budget| {
            Answer::Decided(decided_at(&*solver, &positions, budget))
        });
        Self::new(session, Task::Decided, job)
    }
}

impl<F: Family> Work<F> {
    /// Every move of the game judged, each within one budget, all within
    /// as many.
    pub(super) fn judge(session: &Session<F>) -> Self {
        let solver = Arc::clone(session.solver());
        let positions = session.positions().to_vec();
        let moves = session.moves().to_vec();
        let think = session.setup().think;
        let times = u32::try_from(moves.len()).unwrap_or(u32::MAX);
        let all = Budget::maybe(think.map(|t| t.saturating_mul(times)));
        let job = Job::spawn(all, move |budget| {
            Answer::Judged(judge_game(&*solver, &positions, &moves, None, || {
                think.map_or_else(|| budget.clone(), |t| budget.capped(t))
            }))
        });
        Self::new(session, Task::Judge, job)
    }

    /// The best move and why instead of move `step` (from 1) of the game,
    /// for the review: a tip at the position it was played from.
    pub(super) fn tip_at(session: &Session<F>, step: usize) -> Self {
        let solver = Arc::clone(session.solver());
        let pos = session.positions()[step.saturating_sub(1)].clone();
        let job = Job::spawn(session.budget(), move |budget| {
            Answer::StepTip(step, tip_words(&*solver, &pos, budget))
        });
        Self::new(session, Task::StepTip, job)
    }

    /// Whether the starting position is proven (for the level's name).
    pub(super) fn start(session: &Session<F>) -> Self {
        let solver = Arc::clone(session.solver());
        let start = session.positions()[0].clone();
        let job = Job::spawn(session.budget(), move |budget| {
            Answer::Start(solver.value(&start, budget).is_proven())
        });
        Self::new(session, Task::Start, job)
    }
}

impl<F: Family, V: BoardView<F>> Playing<F, V> {
    /// Takes a finished answer, if any, and applies it to the position it
    /// was worked out for.
    pub(super) fn collect_work(&mut self) {
        let Some(work) = self.work.as_mut() else {
            return;
        };
        // The person's own move stays on screen a moment first.
        if work.is_reply() && self.moved_at.elapsed() < self.pause {
            return;
        }
        let answer = match work.job.poll() {
            Poll::Pending => return,
            Poll::Failed => {
                self.work = None;
                self.stalled = true;
                self.message =
                    Some("the search stopped unexpectedly; u undoes, n starts anew".into());
                return;
            }
            Poll::Done(answer) => answer,
        };
        let Some(work) = self.work.take() else {
            return;
        };
        if let Answer::Start(proven) = answer {
            // About the start: true whatever has been played since.
            self.session.set_proven_start(proven);
            return;
        }
        let current =
            work.moves == self.session.moves().len() && work.at == *self.session.position();
        if !current {
            return;
        }
        match answer {
            Answer::Reply(turn) => self.take_turn(turn),
            Answer::Hint(text) => self.hint = Some(self.session.explain(&text)),
            Answer::Values(values) => self.values = Some(values),
            Answer::Decided(d) => self.decided = Some(d),
            Answer::Judged(j) => self.judged = Some(j),
            Answer::StepTip(step, text) => {
                let text = self.session.explain(&text);
                self.step_tip = Some(super::review::StepTip { step, text });
            }
            Answer::Start(_) => {}
        }
    }
}

impl<F: Family, V: BoardView<F>> Playing<F, V> {
    /// Shows the computer's turn and plays its move.
    fn take_turn(&mut self, turn: Turn<MoveOf<F>>) {
        let taken = match self.session.take_turn(turn) {
            Ok(taken) => taken,
            Err(e) => {
                self.stalled = true;
                self.message = Some(format!("the computer's move failed: {e}"));
                return;
            }
        };
        if taken.coach.is_some() {
            self.coach = taken.coach;
        }
        self.remark = taken.remark;
        self.search = taken.search;
        if self.message.as_deref() == Some(super::WAIT) {
            self.message = None;
        }
        let Some(choice) = taken.choice else {
            return;
        };
        self.last_computer = Some(choice.mv);
        self.arrived = Some((choice.mv, std::time::Instant::now()));
        let typed = std::mem::take(&mut self.typed);
        self.changed();
        // What the person typed meanwhile stays, unless the move ended the
        // game: nothing can be played, and the keys are commands again.
        if !self.session.status().is_over() {
            self.typed = typed;
        }
    }
}
