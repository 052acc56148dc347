//! One game in progress between a person and the computer: the person's
//! moves with the coach's review, the computer's moves, undo to the
//! person's turn, tips, the ending in words and the seeded random source.
//! Plain play drives it through [`AnySession`] (moves as notation, the
//! edge); the screen holds a typed [`Session`] and asks its questions on a
//! worker thread ([`Job`]).

mod analysis;
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

use crate::engine::{Budget, Game, Level, MoveError, Player, Solver, Status, Value};
use crate::games::Family;

pub use analysis::{Analysis, ReplayError};
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
        Budget::maybe(self.setup.think)
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

    /// Back to the start, for a new game with the same setup.
    pub fn restart(&mut self) {
        self.positions.truncate(1);
        self.moves.clear();
        self.assisted = false;
        self.proven = ProvenPlay::from_start(self.proven.start());
        self.glossary = wording::Glossary::default();
        self.pending = None;
        self.turns.clear();
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
    pub fn puzzles(&self, count: usize, seed: Option<u64>) -> Vec<Puzzle<String>> {
        let mut rng = rng_for(seed);
        let start = &self.positions[0];
        // Each position within one budget, and all of them within a few
        // budgets a puzzle asked for.
        let think = self.setup.think;
        let times = u32::try_from(count.saturating_mul(4)).unwrap_or(u32::MAX);
        let overall = Budget::maybe(think.map(|t| t.saturating_mul(times)));
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

/// The computer's move, in notation, and what is known of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub text: String,
    /// The move's result for the computer: proven, or unknown.
    pub value: Value,
    /// A practice level's random move.
    pub random: bool,
    /// What the computer says as it plays, where its plan would puzzle.
    pub remark: Option<String>,
}

/// A session seen through notation: what plain play and `analyze` use.
pub trait AnySession: Send {
    fn status(&self) -> Status;
    fn to_move(&self) -> Player;
    fn setup(&self) -> Setup;
    fn history(&self) -> Vec<String>;
    /// The value of the starting position, within one budget; whether it
    /// is proven names the level.
    fn prove_start(&mut self) -> Value;
    /// The level as the screen names it, from the proof so far.
    fn level_words(&self) -> String;
    /// The level as the tally keeps it: "perfect" only where play was
    /// proven.
    fn level_name(&self) -> &'static str;
    /// Every turn taken.
    fn turns(&self) -> &[Record];
    /// Every move of the game (of `only` that player's, if given) judged
    /// exactly, each within one budget.
    fn review(&self, only: Option<Player>) -> Vec<Judgement<String>>;
    /// A move typed from the position now, judged and not played.
    ///
    /// # Errors
    /// The reason the text is not a legal move here.
    fn judge_move(&self, text: &str) -> Result<Judgement<String>, MoveError>;
    /// Up to `count` puzzles from random games of these rules.
    fn puzzles(&self, count: usize, seed: Option<u64>) -> Vec<Puzzle<String>>;
    /// The position as plain text.
    fn board_text(&self) -> String;
    /// The legal moves for a prompt, or their number when too many to read.
    fn move_prompt(&self) -> String;
    /// Whether `text` is a legal move here (commands give way to moves).
    fn reads_as_move(&self, text: &str) -> bool;
    /// The person plays a move in notation; the coach's line when the move
    /// threw away a proven win or draw.
    ///
    /// # Errors
    /// The reason the text is not a legal move; nothing changes then.
    fn person_plays(&mut self, text: &str) -> Result<Option<String>, MoveError>;
    /// The computer plays for the side to move (after the person's move,
    /// the reply worked out with the coach's review); its move, `None`
    /// when the game is over.
    fn computer_plays(&mut self) -> Option<Played>;
    fn undo_turn(&mut self) -> usize;
    /// A tip in one sentence.
    fn hint(&mut self) -> String;
    /// Every move's result in words.
    fn move_list(&mut self) -> Vec<String>;
    /// The full analysis of the position, within one budget.
    fn analysis(&self) -> Analysis;
    /// Replays moves in notation.
    ///
    /// # Errors
    /// The first move that is not legal, with its place in the list.
    fn replay(&mut self, moves: &str) -> Result<(), ReplayError>;
}

impl<F: Family> AnySession for Session<F> {
    fn status(&self) -> Status {
        Session::status(self)
    }

    fn to_move(&self) -> Player {
        self.position().to_move()
    }

    fn setup(&self) -> Setup {
        self.setup
    }

    fn history(&self) -> Vec<String> {
        Session::history(self)
    }

    fn prove_start(&mut self) -> Value {
        let value = self.solver.value(&self.positions[0], &self.budget());
        self.set_proven_start(value.is_proven());
        value
    }

    fn level_words(&self) -> String {
        Session::level_words(self)
    }

    fn level_name(&self) -> &'static str {
        self.proven.tally_name(self.setup.level)
    }

    fn turns(&self) -> &[Record] {
        Session::turns(self)
    }

    fn review(&self, only: Option<Player>) -> Vec<Judgement<String>> {
        Session::review(self, only)
    }

    fn judge_move(&self, text: &str) -> Result<Judgement<String>, MoveError> {
        Session::judge_move(self, text)
    }

    fn puzzles(&self, count: usize, seed: Option<u64>) -> Vec<Puzzle<String>> {
        Session::puzzles(self, count, seed)
    }

    fn board_text(&self) -> String {
        self.position().to_string()
    }

    fn move_prompt(&self) -> String {
        let pos = self.position();
        let n = pos.move_count();
        if n <= 20 {
            let all: Vec<String> = pos.moves().map(|m| pos.format_move(m)).collect();
            all.join(", ")
        } else {
            let first = pos
                .nth_move(0)
                .map(|m| pos.format_move(m))
                .unwrap_or_default();
            format!("{n} legal moves, e.g. {first}; type moves to see each one's result")
        }
    }

    fn reads_as_move(&self, text: &str) -> bool {
        self.position().read_move(text).is_ok()
    }

    fn person_plays(&mut self, text: &str) -> Result<Option<String>, MoveError> {
        let before = self.position().clone();
        let mv = before.read_move(text)?;
        self.play(mv)?;
        // The whole turn at once, as the screen works it out; the coach is
        // heard now, the computer's move is played by `computer_plays`.
        let mut turn = self.ask_turn(Some((before, mv))).answer(&self.budget());
        turn.coach = turn.coach.map(|c| self.explain(&c));
        let coach = turn.coach.clone();
        if turn.plan.replies {
            self.pending = Some(turn);
        } else {
            self.take_turn(turn)?;
        }
        Ok(coach)
    }

    fn computer_plays(&mut self) -> Option<Played> {
        let turn = match self.pending.take() {
            Some(turn) => turn,
            // Whoever is to move: a game of the computer against itself
            // (the benchmarks) asks it for both sides.
            None => {
                let over = self.status().is_over();
                self.ask(None, !over).answer(&self.budget())
            }
        };
        let pos = self.position().clone();
        let taken = self.take_turn(turn).ok()?;
        let choice = taken.choice?;
        Some(Played {
            text: pos.format_move(choice.mv),
            value: choice.value,
            random: choice.random,
            remark: taken.remark,
        })
    }

    fn undo_turn(&mut self) -> usize {
        Session::undo_turn(self)
    }

    fn hint(&mut self) -> String {
        self.assisted = true;
        let tip = tip_words(&*self.solver, self.position(), &self.budget());
        self.explain(&tip)
    }

    fn move_list(&mut self) -> Vec<String> {
        self.assisted = true;
        let a = Session::analysis(self, &self.budget());
        let mut out: Vec<String> = a
            .moves
            .iter()
            .map(|(m, v)| format!("{m} {}", wording::result(*v)))
            .collect();
        if let Some(rest) = a.rest {
            out.push(format!(
                "and {} other moves: {}",
                rest.count,
                wording::result(rest.value)
            ));
        }
        out
    }

    fn analysis(&self) -> Analysis {
        Session::analysis(self, &self.budget())
    }

    fn replay(&mut self, moves: &str) -> Result<(), ReplayError> {
        Session::replay(self, moves)
    }
}
