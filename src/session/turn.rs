//! The computer's turn, written once for both front ends (plain play and
//! the screen): the coach's look at the person's move, then the computer's
//! choice and what it says as it plays, all within one question's budget,
//! of which the coach may use [`COACH_SHARE`]. And what the turns leave
//! behind: whether the computer's play in this game is proven, which names
//! the level ([`ProvenPlay`]).

use std::sync::Arc;
use std::time::Duration;

use rand::rngs::StdRng;

use crate::engine::{Budget, Choice, Game, Level, SearchNote, Solver, choose};
use crate::games::Family;

use super::ask::coach_words;

/// The part of a turn's budget the coach may use; the computer's reply
/// has the rest, and at least what the coach left.
pub const COACH_SHARE: f64 = 0.4;

type MoveOf<F> = <<F as Family>::Game as Game>::Move;

/// How a turn's time is split: what both front ends must agree on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The whole turn's budget; `None` searches until proven.
    pub think: Option<Duration>,
    /// Whether the coach reviews a move; it may use [`COACH_SHARE`] of
    /// what is left of the budget when it starts.
    pub reviews: bool,
    /// Whether the computer replies (its move, not only the review).
    pub replies: bool,
}

/// One turn's questions, taken from the session so that they can run on
/// another thread (the screen's) or in place (plain play).
pub struct Ask<F: Family> {
    solver: Arc<F::Solver>,
    /// The person's move just played and the position it was played from.
    reviewed: Option<(F::Game, MoveOf<F>)>,
    pos: F::Game,
    level: Level,
    /// The computer's random source; `None` when it does not move (the
    /// person's move ended the game).
    rng: Option<StdRng>,
    plan: Plan,
}

impl<F: Family> Ask<F> {
    pub(super) fn new(
        solver: Arc<F::Solver>,
        reviewed: Option<(F::Game, MoveOf<F>)>,
        pos: F::Game,
        level: Level,
        rng: Option<StdRng>,
        think: Option<Duration>,
    ) -> Self {
        let plan = Plan {
            think,
            reviews: reviewed.is_some(),
            replies: rng.is_some(),
        };
        Self {
            solver,
            reviewed,
            pos,
            level,
            rng,
            plan,
        }
    }

    /// Whether the computer replies in this turn.
    #[must_use]
    pub const fn replies(&self) -> bool {
        self.plan.replies
    }

    /// Works the turn out within `budget` (a budget of [`Plan::think`]).
    #[must_use]
    pub fn answer(mut self, budget: &Budget) -> Turn<MoveOf<F>> {
        let solver = &*self.solver;
        let coach = self
            .reviewed
            .as_ref()
            .and_then(|(before, mv)| coach_words(solver, before, *mv, &budget.share(COACH_SHARE)));
        let pos = &self.pos;
        let level = self.level;
        // Its own note: the coach's and the remark's searches are not the
        // choice's.
        let choosing = budget.noting_apart();
        let choice = self
            .rng
            .as_mut()
            .and_then(|rng| choose(solver, pos, level, rng, &choosing));
        // A level's random move has no search behind it, and no remark.
        let searched = choice.filter(|c| !c.random);
        let search = searched.and_then(|_| choosing.search_note());
        let remark = searched.and_then(|c| solver.remark(pos, c.mv, budget));
        Turn {
            coach,
            choice,
            remark,
            search,
            plan: self.plan,
        }
    }
}

/// A turn worked out, not yet applied to the session.
#[derive(Clone, Debug)]
pub struct Turn<M> {
    /// The coach's line, before the glossary explains its terms.
    pub coach: Option<String>,
    pub choice: Option<Choice<M>>,
    /// What the computer says as it plays.
    pub remark: Option<String>,
    /// What the playing search did for the choice, where one searched.
    pub search: Option<SearchNote>,
    pub plan: Plan,
}

/// What a front end shows of a turn once applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken<M> {
    /// The coach's line, its terms explained once a game.
    pub coach: Option<String>,
    pub choice: Option<Choice<M>>,
    pub remark: Option<String>,
    pub search: Option<SearchNote>,
}

/// One turn as the session remembers it: what both front ends must show
/// alike, compared by the tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Moves in the game once the turn was applied.
    pub moves: usize,
    pub coach: Option<String>,
    pub remark: Option<String>,
    /// The level's name after the turn.
    pub level: String,
    pub plan: Plan,
}

/// Whether the computer's play in this game is proven: the start is, and
/// so is every move it made at full strength. "Perfect" is said only then.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProvenPlay {
    /// Whether the start is proven (`None`: not known yet).
    start: Option<bool>,
    /// The number of moves the game held once the computer first played a
    /// full-strength move that no proof backed; until it is taken back.
    unproven_from: Option<usize>,
    /// The computer's last move is such a move.
    last_unproven: bool,
}

impl ProvenPlay {
    /// Play whose start is known (or not) to be proven.
    #[must_use]
    pub const fn from_start(start: Option<bool>) -> Self {
        Self {
            start,
            unproven_from: None,
            last_unproven: false,
        }
    }

    pub const fn set_start(&mut self, proven: bool) {
        self.start = Some(proven);
    }

    #[must_use]
    pub const fn start(&self) -> Option<bool> {
        self.start
    }

    /// The computer played `choice`, and the game now holds `moves` moves.
    pub fn computer_played<M>(&mut self, choice: &Choice<M>, moves: usize) {
        self.last_unproven = !choice.random && !choice.value.is_proven();
        if self.last_unproven && self.unproven_from.is_none() {
            self.unproven_from = Some(moves);
        }
    }

    /// The person moved, or moves were taken back to `moves`.
    pub fn moved_on(&mut self, moves: usize) {
        self.last_unproven = false;
        self.unproven_from = self.unproven_from.filter(|&at| at <= moves);
    }

    /// Whether the computer's last move was played without proof.
    #[must_use]
    pub const fn last_unproven(&self) -> bool {
        self.last_unproven
    }

    /// Whether play is proven (`None`: not known yet).
    #[must_use]
    pub const fn proven(&self) -> Option<bool> {
        if self.unproven_from.is_some() {
            Some(false)
        } else {
            self.start
        }
    }

    /// The level as both front ends name it.
    #[must_use]
    pub fn describe(&self, level: Level) -> String {
        level.describe(self.proven())
    }

    /// The level in a few words, for a header line.
    #[must_use]
    pub fn short(&self, level: Level) -> String {
        level.short(self.proven())
    }

    /// The name the tally keeps the level under.
    #[must_use]
    pub fn tally_name(&self, level: Level) -> &'static str {
        level.tally_name(self.proven())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Outcome, Value};

    fn choice(proven: bool, random: bool) -> Choice<u8> {
        let value = if proven {
            Value::exact(Outcome::Win, Some(3))
        } else {
            Value::UNKNOWN
        };
        Choice {
            mv: 0,
            value,
            random,
        }
    }

    #[test]
    fn an_unproven_reply_names_the_level_until_it_is_taken_back() {
        let mut p = ProvenPlay::from_start(Some(true));
        assert_eq!(p.tally_name(Level::Perfect), "perfect");
        p.computer_played(&choice(true, false), 2);
        assert_eq!(p.proven(), Some(true));
        // A practice level's random move is not a claim of proof.
        p.computer_played(&choice(false, true), 4);
        assert_eq!(p.proven(), Some(true));
        p.computer_played(&choice(false, false), 6);
        assert!(p.last_unproven());
        assert_eq!(p.proven(), Some(false));
        assert_eq!(p.tally_name(Level::Perfect), "strongest");
        p.moved_on(7);
        assert!(!p.last_unproven());
        assert_eq!(p.proven(), Some(false));
        p.moved_on(5);
        assert_eq!(p.proven(), Some(true));
    }
}
