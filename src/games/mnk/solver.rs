//! The m,n,k solver behind the engine's trait: opening book, then exact
//! search within a time budget; past the budget, honest unproven play.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::engine::{Game, Outcome, Solver, Status, Value};

use super::book::{self, Book};
use super::search::Search;
use super::tt::{Tt, WIN};
use super::{Geometry, MnkGame};

/// How long one exact search may take before the position counts as unproven.
pub const DEFAULT_BUDGET: Duration = Duration::from_millis(1500);

pub struct MnkSolver {
    pub geo: Arc<Geometry>,
    pub book: Book,
    tt: Mutex<Option<Tt>>,
    budget: Option<Duration>,
    /// Positions whose search ran out of time: not tried again, so a large
    /// board costs one budget per position, not one per question.
    gave_up: Mutex<HashSet<(u64, u64)>>,
}

impl std::fmt::Debug for MnkSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MnkSolver")
            .field("geo", &(self.geo.width, self.geo.height, self.geo.k))
            .field("book", &self.book.len())
            .finish_non_exhaustive()
    }
}

/// Converts a score relative to a position into its value.
#[must_use]
pub fn score_value(score: i32) -> Value {
    match score {
        0 => Value::outcome_only(Outcome::Draw),
        s if s > 0 => Value::exact(Outcome::Win, Some((WIN - s) as u64)),
        s => Value::exact(Outcome::Loss, Some((WIN + s) as u64)),
    }
}

const UNPROVEN: Value = Value {
    outcome: Outcome::Draw,
    plies: None,
    proven: false,
};

impl MnkSolver {
    /// A solver with the built-in book for the board, and a time budget
    /// per search (`None`: search until proven).
    #[must_use]
    pub fn new(geo: Arc<Geometry>, budget: Option<Duration>) -> Self {
        let book = book::builtin(&geo);
        Self::with_book(geo, book, budget)
    }

    #[must_use]
    pub fn with_book(geo: Arc<Geometry>, book: Book, budget: Option<Duration>) -> Self {
        Self {
            geo,
            book,
            tt: Mutex::new(None),
            budget,
            gave_up: Mutex::new(HashSet::new()),
        }
    }

    fn table_bits(&self) -> u32 {
        match self.geo.cells() {
            0..=9 => 12,
            10..=16 => 18,
            17..=20 => 21,
            21..=25 => 23,
            _ => 24,
        }
    }

    /// The exact score of a position (relative to it), or `None` when the
    /// budget ran out first.
    #[must_use]
    pub fn exact(&self, pos: &MnkGame) -> Option<i32> {
        if let Some(v) = self.book.get(&self.geo, pos.x, pos.o) {
            return Some(v);
        }
        let mut gave_up = self.gave_up.lock().unwrap_or_else(PoisonError::into_inner);
        if gave_up.contains(&(pos.x, pos.o)) {
            return None;
        }
        let mut guard = self.tt.lock().unwrap_or_else(PoisonError::into_inner);
        let tt = guard.get_or_insert_with(|| Tt::new(self.table_bits()));
        let deadline = self.budget.map(|b| Instant::now() + b);
        let score = Search::new(&self.geo, tt, &self.book, deadline).solve(pos.x, pos.o);
        if score.is_none() {
            gave_up.insert((pos.x, pos.o));
        }
        score
    }

    /// The position's value within `alpha..beta` (fail-soft).
    fn bounded(&self, pos: &MnkGame, alpha: i32, beta: i32) -> Option<i32> {
        let mut guard = self.tt.lock().unwrap_or_else(PoisonError::into_inner);
        let tt = guard.get_or_insert_with(|| Tt::new(self.table_bits()));
        let deadline = self.budget.map(|b| Instant::now() + b);
        Search::new(&self.geo, tt, &self.book, deadline).bounded(pos.x, pos.o, alpha, beta)
    }

    fn terminal(pos: &MnkGame) -> Option<Value> {
        match pos.status() {
            Status::Ongoing => None,
            Status::Draw => Some(Value::outcome_only(Outcome::Draw)),
            // The player to move never has a line: the last move made it.
            Status::Won(_) => Some(Value::exact(Outcome::Loss, Some(0))),
        }
    }
}

impl Solver<MnkGame> for MnkSolver {
    fn value(&self, pos: &MnkGame) -> Value {
        Self::terminal(pos).unwrap_or_else(|| self.exact(pos).map_or(UNPROVEN, score_value))
    }

    fn move_results(&self, pos: &MnkGame) -> Vec<(usize, Value)> {
        let proven = Self::terminal(pos).is_some() || self.exact(pos).is_some();
        pos.legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let value = match Self::terminal(&child) {
                    Some(v) => v,
                    // Past the budget at the parent, children are not tried:
                    // each would take as long.
                    None if !proven => UNPROVEN,
                    None => self.exact(&child).map_or(UNPROVEN, score_value),
                };
                (mv, value.for_mover())
            })
            .collect()
    }

    /// Only the best moves need exact values to choose among them: each
    /// other move is refuted by one null-window search instead of solved.
    fn results_for_choice(&self, pos: &MnkGame) -> Vec<(usize, Value)> {
        let Some(parent) = self.exact(pos).filter(|&s| s >= 0) else {
            return self.move_results(pos);
        };
        // The child score (for the opponent) that a best move leaves.
        let target = if parent == 0 { 0 } else { -(parent + 1) };
        let not_best = Value {
            outcome: Outcome::Loss,
            plies: None,
            proven: false,
        };
        pos.legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let value = match Self::terminal(&child) {
                    Some(v) => v.for_mover(),
                    None => match self.bounded(&child, target, target + 1) {
                        Some(v) if v <= target => score_value(target).for_mover(),
                        Some(_) => not_best,
                        None => UNPROVEN,
                    },
                };
                (mv, value)
            })
            .collect()
    }

    fn preference(&self, pos: &MnkGame, mv: usize) -> i64 {
        let (me, opp) = pos.sides();
        let mut tt = Tt::new(1);
        let book = Book::default();
        let mut search = Search::new(&self.geo, &mut tt, &book, None);
        i64::from(-search.estimate(opp, me | 1 << mv, 2))
    }

    fn explain(&self, pos: &MnkGame) -> Vec<String> {
        super::explain::explain(self, pos)
    }

    fn reason(&self, pos: &MnkGame, mv: usize) -> Option<String> {
        super::explain::reason(self, pos, mv)
    }
}
