//! The computer's choice (docs/design.md §2): win fastest, else keep the draw,
//! else make the person's win as hard as possible — and, where no proof was
//! found in time, the search's best estimate. Tie-breaks that would cost
//! more than the budget fall back to a random choice among moves of the
//! same proven value.

use std::cmp::Reverse;
use std::time::Duration;

use rand::RngExt;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

use super::{Budget, Game, Judged, Level, Outcome, Solver, Value};

/// The computer's move and what is known of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    pub mv: M,
    /// The move's result for the computer: proven, or unknown.
    pub value: Value,
    /// A practice level's random move, not the full-strength choice.
    pub random: bool,
}

/// The moves a full-strength player may choose from `pos`, all equally
/// good under the policy, with their values.
pub fn best_moves<G: Game, S: Solver<G> + ?Sized>(
    solver: &S,
    pos: &G,
    budget: &Budget,
) -> Vec<(G::Move, Value)> {
    let mut judged = solver.judge(pos, budget);
    // A move proven short of the position's value is never chosen while
    // another is not (its rough value might otherwise rank first: a loss
    // without plies "may hold out longest").
    if judged.iter().any(|j| !j.worse) {
        judged.retain(|j| !j.worse);
    }
    let of = |o: Outcome| -> Vec<Judged<G::Move>> {
        judged
            .iter()
            .filter(|j| j.value.outcome == o)
            .copied()
            .collect()
    };
    let (wins, draws, unknown, losses) = (
        of(Outcome::Win),
        of(Outcome::Draw),
        of(Outcome::Unknown),
        of(Outcome::Loss),
    );
    let picked = if !wins.is_empty() {
        // Best score (games of scores), then the fastest win, then the
        // fewest replies for the person.
        let top = top_by(&wins, |j| Some(Rank(j.value)));
        top_by(&top, |j| Some(Reverse(pos.after(j.mv).move_count())))
    } else if !draws.is_empty() {
        // Keep the draw, where the solver sees more chances.
        top_by(&draws, |j| Some(j.estimate.unwrap_or(0)))
    } else if !unknown.is_empty() {
        top_by(&unknown, |j| Some(j.estimate.unwrap_or(0)))
    } else {
        // Lost: hold out longest (the best score), then leave the fewest
        // winning replies, as far as the budget allows.
        let longest = top_by(&losses, |j| Some(Rank(j.value)));
        // Where loss lengths are not known, the search's estimate.
        let longest = top_by(&longest, |j| j.estimate);
        top_by(&longest, |j| {
            let next = pos.after(j.mv);
            // Only the person's replies count (a player may move again).
            if next.to_move() == pos.to_move() {
                return Some(Reverse(0));
            }
            if budget.exhausted() {
                return None;
            }
            solver
                .winning_moves(&next, budget)
                .map(Reverse)
                .filter(|_| !budget.exhausted())
        })
    };
    // Among equals, the solver's preferred moves (its book's line).
    let preferred: Vec<_> = picked.iter().filter(|j| j.preferred).copied().collect();
    let picked = if preferred.is_empty() {
        picked
    } else {
        preferred
    };
    picked.into_iter().map(|j| (j.mv, j.value)).collect()
}

/// Orders proven values for the player who gets them.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Rank(Value);

impl PartialOrd for Rank {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Rank {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.compare(other.0)
    }
}

/// The candidates with the largest key. A key of `None` means "not worked
/// out" (the budget ran out): those are kept only when no key was found.
fn top_by<M: Copy, K: Ord>(
    candidates: &[Judged<M>],
    mut key: impl FnMut(&Judged<M>) -> Option<K>,
) -> Vec<Judged<M>> {
    let mut best: Option<K> = None;
    let mut top = Vec::new();
    for c in candidates {
        let Some(k) = key(c) else {
            // Out of time: what was found so far decides.
            break;
        };
        match &best {
            Some(b) if k < *b => {}
            Some(b) if k == *b => top.push(*c),
            _ => {
                best = Some(k);
                top = vec![*c];
            }
        }
    }
    if top.is_empty() {
        candidates.to_vec()
    } else {
        top
    }
}

/// The computer's move at `level`: a random legal move at the level's rate,
/// otherwise a random one of the best moves. `None` when the game is over.
pub fn choose<G: Game, S: Solver<G> + ?Sized>(
    solver: &S,
    pos: &G,
    level: Level,
    rng: &mut StdRng,
    budget: &Budget,
) -> Option<Choice<G::Move>> {
    if pos.status().is_over() {
        return None;
    }
    if level.mistake_rate() > 0.0 && rng.random_bool(level.mistake_rate()) {
        let mv = pos.random_move(rng)?;
        return Some(Choice {
            mv,
            value: Value::UNKNOWN,
            random: true,
        });
    }
    let mut best = best_moves(solver, pos, budget);
    // Short of a proven win, the position may be known to be worth more
    // than what the budget proved of its moves.
    let proven_win = best
        .iter()
        .any(|(_, v)| v.is_proven() && v.outcome == Outcome::Win);
    if !proven_win && let Some(kept) = keep_proven(solver, pos, &best, budget) {
        best = kept;
    }
    let &(mv, value) = best.choose(rng)?;
    Some(Choice {
        mv,
        value,
        random: false,
    })
}

/// How long past its budget the computer may go on to keep a win or a draw
/// it knows it has.
pub const KEEP_CAP: Duration = Duration::from_secs(20);

/// How long the position's own value may take to decide whether to go on.
const QUICK_VALUE: Duration = Duration::from_millis(30);

/// When the budget ran out before a move keeping the position's value was
/// proven, but that value is known at once (an opening book, a layer, a
/// table) to be a win or a draw, the computer does not gamble on a move
/// that may throw the result away: it goes on searching, up to
/// [`KEEP_CAP`] more, until a move that keeps the result is proven. `None`
/// when `best` already keeps it, the position is not known so, the
/// question was cancelled, or the cap ran out too.
fn keep_proven<G: Game, S: Solver<G> + ?Sized>(
    solver: &S,
    pos: &G,
    best: &[(G::Move, Value)],
    budget: &Budget,
) -> Option<Vec<(G::Move, Value)>> {
    if budget.deadline().is_none() || budget.cancelled() {
        return None;
    }
    let longer = budget.extended(KEEP_CAP);
    // Only a value known at once (a book, a layer, the table the search
    // just filled) counts: a position that must be searched to be proven
    // is not worth the wait, as on boards past the exact search. A table
    // still being read is waited for.
    solver.wait_for_data(pos, &longer.capped(KEEP_CAP / 10));
    let value = solver.value(pos, &longer.capped(QUICK_VALUE));
    let keeps = |moves: &[(G::Move, Value)]| {
        moves
            .iter()
            .any(|(_, v)| v.is_proven() && v.outcome == value.outcome)
    };
    if !matches!(value.outcome, Outcome::Win | Outcome::Draw) || !value.is_proven() || keeps(best) {
        return None;
    }
    let best = best_moves(solver, pos, &longer);
    keeps(&best).then_some(best)
}
