//! One game in progress between a person and the computer: the person's
//! moves with the coach's review, the computer's moves, undo to the
//! person's turn, tips, the ending in words and the seeded random source.
//! Plain play drives it through [`AnySession`] (moves as notation, the
//! edge); the screen holds a typed [`Session`] and asks its questions on a
//! worker thread ([`Job`]).

mod analysis;
mod any;
mod ask;
mod job;
pub mod puzzles;
pub mod review;
pub mod turn;
pub mod wording;

use std::sync::Arc;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::engine::{Budget, Game, Level, MoveError, Player, Status};
use crate::games::Family;

pub use analysis::{Analysis, ReplayError, move_values};
pub use any::{AnySession, Played};
pub use ask::{Coaching, Hint, coach_words, decided_at, hint, review, tip_words};
pub use job::{Job, Poll};
pub use puzzles::Puzzle;
pub use review::{Judgement, Verdict};
pub use turn::{Ask, ProvenPlay, Record, Taken, Turn};

/// The computer's time budget a question, unless the person sets another.
pub const DEFAULT_THINK: Duration = Duration::from_millis(1000);

/// Who plays what, how strong the computer is, and how long it may think.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Setup {
    pub human: Player,
    pub level: Level,
    pub seed: Option<u64>,
    /// The budget of one question; `None` searches until proven.
    pub think: Option<Duration>,
}

impl Default for Setup {
    fn default() -> Self {
        Self {
            human: Player::First,
            level: Level::Perfect,
            seed: None,
            think: Some(DEFAULT_THINK),
        }
    }
}

/// The random source for the computer: seeded when asked, for repeatable games.
#[must_use]
pub fn rng_for(seed: Option<u64>) -> StdRng {
    match seed {
        Some(s) => StdRng::seed_from_u64(s),
        None => StdRng::seed_from_u64(rand::random()),
    }
}

type MoveOf<F> = <<F as Family>::Game as Game>::Move;

/// A game of family `F` in progress.
pub struct Session<F: Family> {
    rules: F::Rules,
    solver: Arc<F::Solver>,
    positions: Vec<F::Game>,
    moves: Vec<MoveOf<F>>,
    setup: Setup,
    rng: StdRng,
    /// Tips, undos or the values overlay were used.
    assisted: bool,
    /// Whether the computer's play is proven, for the level's name.
    proven: ProvenPlay,
    /// Terms already explained in this game's tips and coach.
    glossary: wording::Glossary,
    /// A turn worked out but not yet shown: plain play hears the coach
    /// before it sees the computer's move.
    pending: Option<Turn<MoveOf<F>>>,
    /// Every turn taken, for the tests that compare the front ends.
    turns: Vec<Record>,
    /// The budget's deadline is never passed (see `Budget::firm`).
    firm: bool,
}

impl<F: Family> Session<F> {
    #[must_use]
    pub fn new(rules: &F::Rules, setup: Setup) -> Self {
        Self {
            solver: F::solver(rules),
            positions: vec![F::start(rules)],
            moves: Vec::new(),
            rules: rules.clone(),
            rng: rng_for(setup.seed),
            setup,
            assisted: false,
            proven: ProvenPlay::default(),
            glossary: wording::Glossary::default(),
            pending: None,
            turns: Vec::new(),
            firm: false,
        }
    }

    #[must_use]
    pub const fn rules(&self) -> &F::Rules {
        &self.rules
    }

    #[must_use]
    pub fn solver(&self) -> &Arc<F::Solver> {
        &self.solver
    }

    /// The position now.
    #[must_use]
    pub fn position(&self) -> &F::Game {
        // `positions` always holds the start.
        &self.positions[self.positions.len() - 1]
    }

    /// Every position of the game so far, the start first.
    #[must_use]
    pub fn positions(&self) -> &[F::Game] {
        &self.positions
    }

    /// The moves played so far.
    #[must_use]
    pub fn moves(&self) -> &[MoveOf<F>] {
        &self.moves
    }

    /// The moves played so far, in notation.
    #[must_use]
    pub fn history(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(mv, pos)| pos.format_move(*mv))
            .collect()
    }

    #[must_use]
    pub fn status(&self) -> Status {
        self.position().status()
    }

    #[must_use]
    pub const fn setup(&self) -> &Setup {
        &self.setup
    }

    #[must_use]
    pub fn human_to_move(&self) -> bool {
        !self.status().is_over() && self.position().to_move() == self.setup.human
    }

    #[must_use]
    pub fn computer_to_move(&self) -> bool {
        !self.status().is_over() && self.position().to_move() != self.setup.human
    }

    /// A fresh budget for one question.
    #[must_use]
    pub fn budget(&self) -> Budget {
        let budget = Budget::maybe(self.setup.think);
        if self.firm { budget.firm() } else { budget }
    }

    /// Plays a move, checked; nothing changes when it is not legal.
    ///
    /// # Errors
    /// The reason the move is not legal.
    pub fn play(&mut self, mv: MoveOf<F>) -> Result<(), MoveError> {
        self.position().check(mv)?;
        let next = self.position().after(mv);
        self.positions.push(next);
        self.moves.push(mv);
        self.proven.moved_on(self.moves.len());
        self.pending = None;
        Ok(())
    }

    /// Reads a move in notation and plays it.
    ///
    /// # Errors
    /// The reason the text is not a legal move; nothing changes then.
    pub fn play_text(&mut self, text: &str) -> Result<MoveOf<F>, MoveError> {
        let mv = self.position().read_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back moves until it is the person's turn again, at least one
    /// of theirs; how many moves were taken back.
    pub fn undo_turn(&mut self) -> usize {
        let mut undone = 0;
        while self.moves.pop().is_some() {
            self.positions.pop();
            undone += 1;
            if self.position().to_move() == self.setup.human {
                break;
            }
        }
        if undone > 0 {
            self.assisted = true;
        }
        self.proven.moved_on(self.moves.len());
        self.pending = None;
        undone
    }

    /// Takes back the last move, whoever made it (the analysis board's
    /// step back): the move taken back.
    pub fn take_back(&mut self) -> Option<MoveOf<F>> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.proven.moved_on(self.moves.len());
        self.pending = None;
        Some(mv)
    }

    /// The person's side and the computer's level from now on (the
    /// analysis board moves for whoever is to move, and plays from here).
    pub const fn set_side_and_level(&mut self, human: Player, level: Level) {
        self.setup.human = human;
        self.setup.level = level;
    }

    /// Starts over from `position` (an edited one): no moves, and the
    /// start's proof to be worked out again.
    pub fn start_from(&mut self, position: F::Game) {
        self.positions = vec![position];
        self.moves.clear();
        self.proven = ProvenPlay::default();
        self.pending = None;
    }

    /// Whether the start is proven, once known (it names the level).
    pub const fn set_proven_start(&mut self, proven: bool) {
        self.proven.set_start(proven);
    }

    /// Whether the computer's play in this game is proven.
    #[must_use]
    pub const fn proven_play(&self) -> &ProvenPlay {
        &self.proven
    }

    /// The level as both front ends name it: "perfect" only where play
    /// is proven.
    #[must_use]
    pub fn level_words(&self) -> String {
        self.proven.describe(self.setup.level)
    }

    /// `text` (a tip or the coach's line) with the terms this game has not
    /// explained yet explained.
    pub fn explain(&mut self, text: &str) -> String {
        self.glossary.explain(text)
    }

    /// The computer's turn, to be answered within one budget of
    /// [`Session::budget`]; `reviewed` is the person's move just played
    /// and the position it was played from, for the coach.
    pub fn ask_turn(&mut self, reviewed: Option<(F::Game, MoveOf<F>)>) -> Ask<F> {
        let replies = self.computer_to_move();
        self.ask(reviewed, replies)
    }

    /// A turn whose move is the computer's whichever side is to move
    /// (`replies`), as `computer_plays` asks for it.
    fn ask(&mut self, reviewed: Option<(F::Game, MoveOf<F>)>, replies: bool) -> Ask<F> {
        let rng = replies.then(|| self.fork_rng());
        Ask::new(
            Arc::clone(&self.solver),
            reviewed,
            self.position().clone(),
            self.setup.level,
            rng,
            self.setup.think,
        )
    }

    /// Applies a turn worked out for the position now: the coach's terms
    /// explained, the computer's move played, the proof kept track of.
    ///
    /// # Errors
    /// The computer's move is not legal here (nothing changes then).
    pub fn take_turn(&mut self, turn: Turn<MoveOf<F>>) -> Result<Taken<MoveOf<F>>, MoveError> {
        if let Some(choice) = &turn.choice {
            self.play(choice.mv)?;
            self.proven.computer_played(choice, self.moves.len());
        }
        let coach = turn.coach.as_deref().map(|c| self.glossary.explain(c));
        self.turns.push(Record {
            moves: self.moves.len(),
            coach: coach.clone(),
            remark: turn.remark.clone(),
            level: self.level_words(),
            plan: turn.plan,
        });
        Ok(Taken {
            coach,
            choice: turn.choice,
            remark: turn.remark,
            search: turn.search,
        })
    }

    /// Every move of the game so far judged exactly (see `review`), each
    /// within a budget of its own; moves in notation.
    #[must_use]
    pub fn review(&self, only: Option<Player>) -> Vec<Judgement<String>> {
        review::judge_game(&*self.solver, &self.positions, &self.moves, only, || {
            self.budget()
        })
    }

    /// A move typed from the position now, judged (and not played).
    ///
    /// # Errors
    /// The reason the text is not a legal move here.
    pub fn judge_move(&self, text: &str) -> Result<Judgement<String>, MoveError> {
        let pos = self.position();
        let mv = pos.read_move(text)?;
        let ply = self.moves.len() + 1;
        Ok(review::in_notation(
            pos,
            review::judge(&*self.solver, pos, mv, ply, &self.budget()),
        ))
    }

    /// Up to `count` puzzles made from random games of these rules, none
    /// repeated, each position's results within one budget; moves in
    /// notation.
    #[must_use]
    pub fn puzzles(&self, count: usize, seed: Option<u64>, within: &Budget) -> Vec<Puzzle<String>> {
        let mut rng = rng_for(seed);
        let start = &self.positions[0];
        // Each position within one budget, and all of them within a few
        // budgets a puzzle asked for, inside `within` (which can stop them).
        let think = self.setup.think;
        let times = u32::try_from(count.saturating_mul(4)).unwrap_or(u32::MAX);
        let overall = think.map_or_else(
            || within.clone(),
            |t| within.capped(t.saturating_mul(times)),
        );
        let made = puzzles::generate(&*self.solver, start, count, &mut rng, &overall, think);
        made.into_iter()
            .map(|p| {
                let mut pos = start.clone();
                let mut line = Vec::new();
                for &mv in &p.line {
                    line.push(pos.format_move(mv));
                    pos = pos.after(mv);
                }
                Puzzle {
                    line,
                    to_move: p.to_move,
                    value: p.value,
                    answers: p.answers.iter().map(|&m| pos.format_move(m)).collect(),
                    legal: p.legal,
                    difficulty: p.difficulty,
                }
            })
            .collect()
    }

    /// Every turn taken in this game.
    #[must_use]
    pub fn turns(&self) -> &[Record] {
        &self.turns
    }

    /// The person used help (a tip, undo, the values overlay).
    pub fn mark_assisted(&mut self) {
        self.assisted = true;
    }

    #[must_use]
    pub const fn assisted(&self) -> bool {
        self.assisted
    }

    /// A random source for one job, drawn from the session's own, so a
    /// seeded game stays repeatable.
    pub fn fork_rng(&mut self) -> StdRng {
        StdRng::seed_from_u64(self.rng.random())
    }

    /// Replays moves in notation, separated by white space.
    ///
    /// # Errors
    /// The first move that is not legal, with its place in the list.
    pub fn replay(&mut self, moves: &str) -> Result<(), ReplayError> {
        for (i, text) in moves.split_whitespace().enumerate() {
            self.play_text(text).map_err(|e| ReplayError {
                index: i + 1,
                text: text.to_string(),
                reason: e.0,
            })?;
        }
        Ok(())
    }
}
