//! A session seen through notation, its family erased: what plain play,
//! `analyze`, `review` and the puzzle runs use.

use crate::engine::{Budget, Game, MoveError, Player, SearchNote, Solver, Status, Value};
use crate::games::Family;

use super::{Analysis, Judgement, Puzzle, Record, ReplayError, Session, Setup, tip_words, wording};

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
    /// What its playing search did, where one searched past the proof.
    pub search: Option<SearchNote>,
}

/// A session seen through notation: what plain play and `analyze` use.
pub trait AnySession: Send {
    fn status(&self) -> Status;
    fn to_move(&self) -> Player;
    fn setup(&self) -> Setup;
    /// The budget of each question from now on (a match's clock changes it
    /// move by move); `firm`: never passed, not even to keep a known win
    /// or draw (a tournament's clock).
    fn set_think(&mut self, think: Option<std::time::Duration>, firm: bool);
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
    /// Up to `count` puzzles from random games of these rules, made within
    /// `within` (cancelling it stops the making).
    fn puzzles(&self, count: usize, seed: Option<u64>, within: &Budget) -> Vec<Puzzle<String>>;
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
    fn analysis(&self) -> Analysis {
        self.analysis_within(&self.question_budget())
    }
    /// The same within `budget`, which the caller may cancel (`analyze`
    /// stops on Ctrl-C and prints what was proven by then).
    fn analysis_within(&self, budget: &Budget) -> Analysis;
    /// A fresh budget for one question, as the session gives its own.
    fn question_budget(&self) -> Budget;
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

    fn set_think(&mut self, think: Option<std::time::Duration>, firm: bool) {
        self.setup.think = think;
        self.firm = firm;
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

    fn puzzles(&self, count: usize, seed: Option<u64>, within: &Budget) -> Vec<Puzzle<String>> {
        Session::puzzles(self, count, seed, within)
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
            search: taken.search,
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

    fn analysis_within(&self, budget: &Budget) -> Analysis {
        Session::analysis(self, budget)
    }

    fn question_budget(&self) -> Budget {
        self.budget()
    }

    fn replay(&mut self, moves: &str) -> Result<(), ReplayError> {
        Session::replay(self, moves)
    }
}
