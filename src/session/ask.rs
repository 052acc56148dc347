//! The questions a person asks of a position — a tip, the coach's review,
//! the move that decided a game — as plain functions of a solver and
//! positions, so they run the same on the event loop's worker thread and
//! in plain play. Every answer is proven or says nothing.

use crate::engine::{Budget, Game, Outcome, Player, SearchNote, Solver, Status, Value, best_moves};

use super::wording;

/// What the coach says of a move that threw a result away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coaching<M> {
    pub played: M,
    /// What the position offered before the move: a win or a draw.
    pub offered: Outcome,
    /// What the move leaves: a draw or a loss.
    pub left: Outcome,
    /// A move that would have kept what was offered.
    pub better: M,
}

/// The coach's review of `mv` from `pos`: something only when the result
/// offered and the result left are both proven, and the move gave ground.
pub fn review<G: Game, S: Solver<G> + ?Sized>(
    solver: &S,
    pos: &G,
    mv: G::Move,
    budget: &Budget,
) -> Option<Coaching<G::Move>> {
    let offered = solver.value(pos, &budget.share(0.5)).outcome;
    if !matches!(offered, Outcome::Win | Outcome::Draw) {
        return None;
    }
    let child = pos.after(mv);
    let left = pos.move_value(&child, solver.value(&child, budget)).outcome;
    let worse = matches!(
        (offered, left),
        (Outcome::Win, Outcome::Draw | Outcome::Loss) | (Outcome::Draw, Outcome::Loss)
    );
    if !worse {
        return None;
    }
    let (better, kept) = *best_moves(solver, pos, budget).first()?;
    (kept.outcome == offered).then_some(Coaching {
        played: mv,
        offered,
        left,
        better,
    })
}

/// The coach's line on `mv` from `pos`, where the move gave ground.
pub fn coach_words<G: Game, S: Solver<G> + ?Sized>(
    solver: &S,
    pos: &G,
    mv: G::Move,
    budget: &Budget,
) -> Option<String> {
    let c = review(solver, pos, mv, budget)?;
    Some(wording::coach_line(&Coaching {
        played: pos.format_move(c.played),
        offered: c.offered,
        left: c.left,
        better: pos.format_move(c.better),
    }))
}

/// A tip in one sentence.
pub fn tip_words<G: Game, S: Solver<G> + ?Sized>(solver: &S, pos: &G, budget: &Budget) -> String {
    let h = hint(solver, pos, budget);
    wording::hint_line(&Hint {
        value: h.value,
        best: h.best.map(|(m, v)| (pos.format_move(m), v)),
        reason: h.reason,
        equals: h.equals,
        legal: h.legal,
        search: h.search,
    })
}

/// A tip: the position's value and a best move with its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint<M> {
    pub value: Value,
    pub best: Option<(M, Value)>,
    /// Why the move is right, where the solver can say.
    pub reason: Option<String>,
    /// How many moves are as good as the best one (itself included), and
    /// how many legal moves there are: in a lost position where every
    /// move holds out as long, no move "holds out longest".
    pub equals: usize,
    pub legal: u128,
    /// How far the playing search looked, where one weighed the moves.
    pub search: Option<SearchNote>,
}

pub fn hint<G: Game, S: Solver<G> + ?Sized>(solver: &S, pos: &G, budget: &Budget) -> Hint<G::Move> {
    let value = solver.value(pos, &budget.share(0.5));
    // Its own note: the value's searches are not the choice's.
    let choosing = budget.noting_apart();
    let all_best = best_moves(solver, pos, &choosing);
    // In a position proven lost every move loses, the choice too where
    // its own proof was not reached: the tip says what is proven, not
    // "unknown".
    let lost = value.is_proven() && value.outcome == Outcome::Loss;
    let best = all_best.first().map(|&(mv, v)| {
        if lost && !v.is_proven() {
            (mv, Value::outcome_only(Outcome::Loss))
        } else {
            (mv, v)
        }
    });
    let reason = best.and_then(|(mv, _)| solver.reason(pos, mv, budget));
    Hint {
        value,
        best,
        reason,
        equals: all_best.len(),
        legal: pos.move_count(),
        search: choosing.search_note(),
    }
}

/// The move (counted from 1) after which the result was certain with
/// perfect play: `Some(0)` when it was decided before the first move.
/// `None` when some position on the way is not proven, so no true answer
/// can be given; never a guess.
pub fn decided_at<G: Game, S: Solver<G> + ?Sized>(
    solver: &S,
    positions: &[G],
    budget: &Budget,
) -> Option<usize> {
    let last = positions.last()?;
    let result = match last.status() {
        Status::Ongoing => return None,
        s => s,
    };
    for i in (0..positions.len() - 1).rev() {
        let pos = &positions[i];
        let v = solver.value(pos, budget).outcome;
        if !v.is_known() {
            return None;
        }
        let for_first = if pos.to_move() == Player::First {
            v
        } else {
            v.flip()
        };
        let agrees = match result {
            Status::Won(Player::First) => for_first == Outcome::Win,
            Status::Won(Player::Second) => for_first == Outcome::Loss,
            _ => for_first == Outcome::Draw,
        };
        if !agrees {
            return Some(i + 1);
        }
    }
    Some(0)
}
