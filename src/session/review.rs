//! The review of a game: each move judged exactly against the best its
//! player had, as a function of a solver and positions, so that the
//! screen, `review` and the tests judge alike. A verdict is proven or says
//! "unknown"; where the position's value is not proven, nothing is judged.

use crate::engine::{Budget, Game, Player, Solver, Value};

/// How a move compares with the best its player had.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Keeps the best result, with the fewest plies where plies are known.
    Best,
    /// Keeps the best result, more slowly (a slower win, a faster loss).
    Kept,
    /// A worse result than the best (a thrown-away win or draw, or a lower
    /// score).
    Mistake,
    /// Not proven either way within the budget.
    Unknown,
}

impl Verdict {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Best => "best",
            Self::Kept => "kept",
            Self::Mistake => "mistake",
            Self::Unknown => "unknown",
        }
    }

    /// The mark the value strip shows without colour.
    #[must_use]
    pub const fn mark(self) -> char {
        match self {
            Self::Best => '+',
            Self::Kept => '=',
            Self::Mistake => '-',
            Self::Unknown => '?',
        }
    }
}

/// One move of a game, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement<M> {
    /// The move's place in the game, from 1.
    pub ply: usize,
    pub mv: M,
    pub player: Player,
    /// What the move leads to for the player who made it.
    pub result: Value,
    /// The best result that player had before it (the position's value).
    pub best: Value,
    /// Every listed move proven to keep `best` (with its plies where they
    /// are known).
    pub best_moves: Vec<M>,
    pub verdict: Verdict,
}

/// Whether `result` keeps `best`: the same outcome and score, and the same
/// plies where both are known.
fn verdict(result: Value, best: Value) -> Verdict {
    if !result.is_proven() || !best.is_proven() {
        return Verdict::Unknown;
    }
    if result.outcome != best.outcome {
        return Verdict::Mistake;
    }
    if result.score != best.score {
        // The same outcome by a margin one side leaves unproven (a loss
        // the position's value settles, by how much not searched): points
        // given away or not, nobody knows.
        if result.score.is_none() || best.score.is_none() {
            return Verdict::Unknown;
        }
        return Verdict::Mistake;
    }
    match (result.plies, best.plies) {
        (Some(a), Some(b)) if a != b => Verdict::Kept,
        _ => Verdict::Best,
    }
}

/// Judges `mv` played from `pos`, within `budget`.
pub fn judge<G: Game, S: Solver<G> + ?Sized>(
    solver: &S,
    pos: &G,
    mv: G::Move,
    ply: usize,
    budget: &Budget,
) -> Judgement<G::Move> {
    let results = solver.move_results(pos, &budget.share(0.8));
    // The position's value from its moves where they settle it, else
    // asked on its own.
    let from_moves = results.best();
    let best = if from_moves.is_proven() {
        from_moves
    } else {
        solver.value(pos, budget)
    };
    // What the value settles of the moves the searches left open: in a
    // lost position every move loses; a sole open move beside proven
    // worse ones has the value itself.
    let results = results.settled_by(best);
    let result = results
        .get(mv)
        .unwrap_or_else(|| pos.move_value(&pos.after(mv), solver.value(&pos.after(mv), budget)));
    let best_moves = if best.is_proven() {
        results
            .listed
            .iter()
            // Proven to match it: where the best's plies are known, the
            // same plies (a win of unknown length is not listed).
            .filter(|(_, v)| {
                verdict(*v, best) == Verdict::Best
                    && (best.plies.is_none() || v.plies == best.plies)
            })
            .map(|&(m, _)| m)
            .collect()
    } else {
        Vec::new()
    };
    Judgement {
        ply,
        mv,
        player: pos.to_move(),
        result,
        best,
        best_moves,
        verdict: verdict(result, best),
    }
}

/// Judges every move of a game (of `only` that player's, if given):
/// `positions` from the start (one more than `moves`), each move within a
/// budget of its own (`budget(ply)`).
pub fn review<G: Game, S: Solver<G> + ?Sized>(
    solver: &S,
    positions: &[G],
    moves: &[G::Move],
    only: Option<Player>,
    mut budget: impl FnMut(usize) -> Budget,
) -> Vec<Judgement<G::Move>> {
    positions
        .iter()
        .zip(moves)
        .enumerate()
        .filter(|(_, (pos, _))| only.is_none_or(|p| pos.to_move() == p))
        .map(|(i, (pos, &mv))| judge(solver, pos, mv, i + 1, &budget(i + 1)))
        .collect()
}

/// [`review`], with the moves written in notation.
pub fn judge_game<G: Game, S: Solver<G> + ?Sized>(
    solver: &S,
    positions: &[G],
    moves: &[G::Move],
    only: Option<Player>,
    budget: impl Fn() -> Budget,
) -> Vec<Judgement<String>> {
    review(solver, positions, moves, only, |_| budget())
        .into_iter()
        .map(|j| in_notation(&positions[j.ply - 1], j))
        .collect()
}

/// A judgement with its moves written in notation from `pos`.
#[must_use]
pub fn in_notation<G: Game>(pos: &G, j: Judgement<G::Move>) -> Judgement<String> {
    Judgement {
        ply: j.ply,
        mv: pos.format_move(j.mv),
        player: j.player,
        result: j.result,
        best: j.best,
        best_moves: j.best_moves.iter().map(|&m| pos.format_move(m)).collect(),
        verdict: j.verdict,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Outcome;

    #[test]
    fn verdicts_follow_outcome_score_and_plies() {
        let win = |p| Value::exact(Outcome::Win, Some(p));
        assert_eq!(verdict(win(5), win(5)), Verdict::Best);
        assert_eq!(verdict(win(7), win(5)), Verdict::Kept);
        assert_eq!(
            verdict(Value::outcome_only(Outcome::Win), win(5)),
            Verdict::Best
        );
        assert_eq!(
            verdict(Value::outcome_only(Outcome::Draw), win(5)),
            Verdict::Mistake
        );
        assert_eq!(verdict(Value::UNKNOWN, win(5)), Verdict::Unknown);
        assert_eq!(verdict(win(5), Value::UNKNOWN), Verdict::Unknown);
        // A game of scores: a smaller margin is a worse result.
        assert_eq!(
            verdict(Value::scored(3, Some(4)), Value::scored(5, Some(4))),
            Verdict::Mistake
        );
        // A loss by an unproven margin may give points away or not.
        assert_eq!(
            verdict(
                Value::outcome_only(Outcome::Loss),
                Value::scored(-5, Some(4))
            ),
            Verdict::Unknown
        );
        assert_eq!(
            verdict(
                Value::outcome_only(Outcome::Loss),
                Value::scored(5, Some(4))
            ),
            Verdict::Mistake
        );
    }
}
