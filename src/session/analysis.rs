//! The analysis of a position, all of it within one budget: its value,
//! every move's result, a best move and why, and the idea behind it. Moves
//! are written in notation here, at the edge.

use crate::engine::{
    Budget, Game, MoveResults, Outcome, Player, Rest, Solver, Status, Value, best_moves,
};
use crate::games::Family;

use super::Session;

/// A move in `--moves` that could not be played.
#[derive(Debug, thiserror::Error)]
#[error("move {index} '{text}' cannot be played: {reason}")]
pub struct ReplayError {
    pub index: usize,
    pub text: String,
    pub reason: String,
}

/// What `analyze` reports, in notation.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub to_move: Player,
    /// In games of rounds: the round and who started it.
    pub round: Option<(u64, Player)>,
    pub status: Status,
    pub value: Value,
    /// Every listed move with its result for the player who makes it.
    pub moves: Vec<(String, Value)>,
    /// The moves not listed (too many), all with one result.
    pub rest: Option<Rest>,
    /// A move the computer would play, with its result.
    pub best: Option<(String, Value)>,
    /// Why that move is right, where the solver can say.
    pub reason: Option<String>,
    pub idea: Vec<String>,
    pub board: String,
    pub history: Vec<String>,
    /// Some value is unknown.
    pub unknown: bool,
    /// The budget ran out, or was cancelled, before every value was
    /// settled.
    pub cut_short: bool,
    /// The budget was cancelled (Ctrl-C in `analyze`), not out of time.
    pub stopped: bool,
}

impl<F: Family> Session<F> {
    /// The analysis of the position now, within `budget` as a whole.
    #[must_use]
    pub fn analysis(&self, budget: &Budget) -> Analysis {
        let pos = self.position();
        let solver = &*self.solver;
        let text = |m| pos.format_move(m);
        let results = solver.move_results(pos, &budget.share(MOVES_SHARE));
        let from_moves = results.best();
        let value = if from_moves.is_proven() || pos.status().is_over() {
            solver.value(pos, &budget.share(0.2)).pick(from_moves)
        } else {
            solver.value(pos, &budget.share(0.5))
        };
        // A search cut short leaves moves unknown that the value may
        // settle: in a lost position every move loses (how slowly is not
        // known, as where the solver proves a loss by its outcome alone).
        let results = results.settled_by(value);
        let best = if pos.status().is_over() {
            None
        } else {
            let chosen = best_moves(solver, pos, &budget.share(0.8)).first().copied();
            reconcile(chosen, &results)
        };
        let reason = best.and_then(|(m, _)| solver.reason(pos, m, budget));
        let idea = solver.explain(pos, budget);
        let unknown =
            !value.is_proven() && !pos.status().is_over() || results.count(Outcome::Unknown) > 0;
        Analysis {
            to_move: pos.to_move(),
            round: pos.round(),
            status: pos.status(),
            value,
            moves: results.listed.iter().map(|&(m, v)| (text(m), v)).collect(),
            rest: results.rest,
            best: best.map(|(m, v)| (text(m), v)),
            reason,
            idea,
            board: pos.to_string(),
            history: self.history(),
            unknown,
            // Without a deadline nothing was cut short, no method applies,
            // unless the search was stopped.
            cut_short: unknown && (budget.deadline().is_some() || budget.cancelled()),
            stopped: budget.cancelled(),
        }
    }
}

/// The share of a question's budget for every move's result: most of what
/// is asked, and once it is proven the value and a best move follow quickly
/// on the table it filled: on Connect Four after 8 to 10 random moves, 6 of
/// 60 positions kept a value unknown within the 1 s default with this
/// share, 13 with 0.6.
const MOVES_SHARE: f64 = 0.85;

/// Every move's result within `budget` (the board's overlay of values),
/// with what the position's value settles of those the moves' own searches
/// left unknown, as in the analysis: the same share for the moves, the
/// rest for the value.
pub fn move_values<G: Game, S: Solver<G> + ?Sized>(
    solver: &S,
    pos: &G,
    budget: &Budget,
) -> MoveResults<G::Move> {
    let results = solver.move_results(pos, &budget.share(MOVES_SHARE));
    if results.count(Outcome::Unknown) == 0 || pos.status().is_over() {
        return results;
    }
    results.settled_by(solver.value(pos, budget))
}

/// The best move as reported: the policy's choice, with what the move
/// results proved of it, unless the results prove another move better (a
/// shorter search may have left unknown what the results settled): the
/// report never names a move as best that it lists as worse than another.
fn reconcile<M: Copy + PartialEq>(
    chosen: Option<(M, Value)>,
    results: &MoveResults<M>,
) -> Option<(M, Value)> {
    let top = results
        .listed
        .iter()
        .copied()
        .reduce(|a, b| if b.1.compare(a.1).is_gt() { b } else { a });
    let chosen = chosen.map(|(m, v)| (m, results.get(m).map_or(v, |r| r.pick(v))));
    match (chosen, top) {
        (Some(c), Some(t)) if c.1.compare(t.1).is_lt() => Some(t),
        (c, t) => c.or(t),
    }
}

trait Pick {
    fn pick(self, other: Value) -> Value;
}

impl Pick for Value {
    /// Of two exact answers for one position, the one that says more
    /// (with plies); an unknown one gives way to a proven one.
    fn pick(self, other: Value) -> Value {
        match (self.is_proven(), other.is_proven()) {
            (true, true) if self.plies.is_none() && other.plies.is_some() => other,
            (true, _) => self,
            (false, _) => other,
        }
    }
}
