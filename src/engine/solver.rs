//! The `Solver` trait: what the computer, the coach and the reports ask of
//! a solver, each question within a budget.

use super::{Budget, Game, Outcome, Value};

/// Moves not listed one by one, all with one proven result: in nim with
/// piles of 10^18 every move but the few winning ones is a loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rest {
    pub count: u128,
    pub value: Value,
}

/// Every legal move's result for the player who makes it: listed, plus
/// (where there are too many to list) the rest as a count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveResults<M> {
    pub listed: Vec<(M, Value)>,
    pub rest: Option<Rest>,
}

impl<M: Copy + PartialEq> MoveResults<M> {
    #[must_use]
    pub fn all(listed: Vec<(M, Value)>) -> Self {
        Self { listed, rest: None }
    }

    /// The result of one move, if it is listed or the rest's.
    #[must_use]
    pub fn get(&self, mv: M) -> Option<Value> {
        self.listed
            .iter()
            .find(|(m, _)| *m == mv)
            .map(|(_, v)| *v)
            .or_else(|| self.rest.map(|r| r.value))
    }

    /// The position's value as the best of its moves.
    #[must_use]
    pub fn best(&self) -> Value {
        Value::best(
            self.listed
                .iter()
                .map(|(_, v)| *v)
                .chain(self.rest.map(|r| r.value)),
        )
    }

    /// How many moves have each outcome: listed and summarised together.
    #[must_use]
    pub fn count(&self, outcome: Outcome) -> u128 {
        let listed = self
            .listed
            .iter()
            .filter(|(_, v)| v.outcome == outcome)
            .count() as u128;
        listed
            + self
                .rest
                .filter(|r| r.value.outcome == outcome)
                .map_or(0, |r| r.count)
    }

    #[must_use]
    pub fn total(&self) -> u128 {
        self.listed.len() as u128 + self.rest.map_or(0, |r| r.count)
    }

    /// The results with what the position's proven `value` says of the
    /// moves left unknown (a search stopped before it reached them): the
    /// value is the best of the moves, so where it is a loss every move
    /// loses (how slowly, or by how much, unknown), and where every move
    /// but one is proven worse than it, that one move has it.
    #[must_use]
    pub fn settled_by(mut self, value: Value) -> Self {
        let unknown = self.count(Outcome::Unknown);
        if !value.is_proven() || unknown == 0 {
            return self;
        }
        let inferred = if value.outcome == Outcome::Loss {
            Value::outcome_only(Outcome::Loss)
        } else if unknown == 1 && self.best_known_below(value) {
            value
        } else {
            return self;
        };
        for (_, v) in &mut self.listed {
            if !v.is_proven() {
                *v = inferred;
            }
        }
        if let Some(rest) = &mut self.rest
            && !rest.value.is_proven()
        {
            rest.value = inferred;
        }
        self
    }

    /// Whether every proven move's outcome is worse than `value`'s.
    fn best_known_below(&self, value: Value) -> bool {
        let rank = |o: Outcome| match o {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss | Outcome::Unknown => 0,
        };
        self.listed
            .iter()
            .map(|(_, v)| v.outcome)
            .chain(self.rest.map(|r| r.value.outcome))
            .filter(|o| o.is_known())
            .all(|o| rank(o) < rank(value.outcome))
    }
}

/// One move as the computer weighs it: its value (exact for the moves that
/// matter; a solver may leave others unknown) and, where values are
/// unknown, the search's estimate (higher is better for the mover).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged<M> {
    pub mv: M,
    pub value: Value,
    pub estimate: Option<i64>,
    /// Among moves as good as each other, the solver would rather play
    /// this one: on the line its book holds, where the moves that follow
    /// are proven at once.
    pub preferred: bool,
    /// Proven not to reach the position's value, whatever `value` says
    /// (a solver may leave such a move rough: a loss without plies where
    /// the best holds out longer, say): never chosen while a move not so
    /// proven is left.
    pub worse: bool,
}

/// An evaluator of positions of `G`. Every answer is exact or unknown; a
/// solver stops when the budget is exhausted and answers unknown for what
/// it did not settle.
pub trait Solver<G: Game>: Send + Sync {
    /// The value of `pos` for the player to move.
    fn value(&self, pos: &G, budget: &Budget) -> Value;

    /// Every legal move's result for the player who makes it.
    fn move_results(&self, pos: &G, budget: &Budget) -> MoveResults<G::Move> {
        MoveResults::all(
            pos.moves()
                .map(|mv| {
                    let value = if budget.exhausted() {
                        Value::UNKNOWN
                    } else {
                        let child = pos.after(mv);
                        pos.move_value(&child, self.value(&child, budget))
                    };
                    (mv, value)
                })
                .collect(),
        )
    }

    /// The moves the computer chooses among, with their values. A solver may
    /// leave moves that cannot be best rough (a loss without plies) where
    /// that is much cheaper, marked `worse`, and may leave out the rest of
    /// a summary but a sample. By default, every move's result.
    fn judge(&self, pos: &G, budget: &Budget) -> Vec<Judged<G::Move>> {
        let results = self.move_results(pos, budget);
        let mut out: Vec<Judged<G::Move>> = results
            .listed
            .iter()
            .map(|&(mv, value)| Judged {
                mv,
                value,
                estimate: None,
                preferred: false,
                worse: false,
            })
            .collect();
        if let Some(rest) = results.rest {
            // A spread of the summarised moves: any of them is as good.
            let n = pos.move_count();
            let step = (n / 64).max(1);
            let mut i = 0;
            while i < n && out.len() < results.listed.len() + 64 {
                if let Some(mv) = pos.nth_move(i)
                    && results.listed.iter().all(|(m, _)| *m != mv)
                {
                    out.push(Judged {
                        mv,
                        value: rest.value,
                        estimate: None,
                        preferred: false,
                        worse: false,
                    });
                }
                i += step;
            }
        }
        out
    }

    /// How many of the moves from `pos` win for the player to move; `None`
    /// when the budget ran out first.
    fn winning_moves(&self, pos: &G, budget: &Budget) -> Option<u128> {
        let results = self.move_results(pos, budget);
        (results.count(Outcome::Unknown) == 0).then(|| results.count(Outcome::Win))
    }

    /// Waits, within `budget`, for tables the solver is still reading that
    /// hold `pos` or its children (an opening book's layers read on a
    /// thread of their own): after it, what they prove is known at once.
    fn wait_for_data(&self, _pos: &G, _budget: &Budget) {}

    /// Sentences that explain the position: the idea behind its value.
    fn explain(&self, _pos: &G, _budget: &Budget) -> Vec<String> {
        Vec::new()
    }

    /// Why a move is right, in a short clause, where the solver can say
    /// (never a bare repetition of its result).
    fn reason(&self, _pos: &G, _mv: G::Move, _budget: &Budget) -> Option<String> {
        None
    }

    /// What the computer says as it plays `mv`, where its plan would
    /// otherwise puzzle the person (a round lost on purpose).
    fn remark(&self, _pos: &G, _mv: G::Move, _budget: &Budget) -> Option<String> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn results(values: &[Value]) -> MoveResults<usize> {
        MoveResults::all(values.iter().copied().enumerate().collect())
    }

    fn values(r: &MoveResults<usize>) -> Vec<Value> {
        r.listed.iter().map(|&(_, v)| v).collect()
    }

    const UNKNOWN: Value = Value::UNKNOWN;

    #[test]
    fn in_a_lost_position_every_unknown_move_loses_its_length_unknown() {
        let lost = Value::exact(Outcome::Loss, Some(9));
        let known = Value::exact(Outcome::Loss, Some(5));
        let r = results(&[known, UNKNOWN, UNKNOWN]).settled_by(lost);
        let inferred = Value::outcome_only(Outcome::Loss);
        assert_eq!(values(&r), [known, inferred, inferred]);
        // The rest too, and by how much is unknown in a game of scores.
        let r = MoveResults {
            listed: vec![(0, Value::scored(-2, Some(3)))],
            rest: Some(Rest {
                count: 7,
                value: UNKNOWN,
            }),
        }
        .settled_by(Value::scored(-2, Some(3)));
        assert_eq!(r.rest.map(|x| x.value), Some(inferred));
    }

    #[test]
    fn the_one_move_left_unknown_has_the_value_no_other_move_reaches() {
        let won = Value::exact(Outcome::Win, Some(7));
        let draw = Value::outcome_only(Outcome::Draw);
        let loss = Value::exact(Outcome::Loss, Some(4));
        let r = results(&[draw, UNKNOWN, loss]).settled_by(won);
        assert_eq!(values(&r), [draw, won, loss]);
        let r = results(&[loss, UNKNOWN]).settled_by(draw);
        assert_eq!(values(&r), [loss, draw]);
        let scored = Value::scored(3, Some(5));
        let r = results(&[Value::scored(-1, Some(5)), UNKNOWN]).settled_by(scored);
        assert_eq!(values(&r), [Value::scored(-1, Some(5)), scored]);
    }

    #[test]
    fn nothing_is_settled_that_the_value_leaves_open() {
        let won = Value::exact(Outcome::Win, Some(7));
        let draw = Value::outcome_only(Outcome::Draw);
        let loss = Value::exact(Outcome::Loss, Some(4));
        // Another move already reaches the value: the unknown one may not.
        for r in [
            results(&[Value::exact(Outcome::Win, Some(9)), UNKNOWN]).settled_by(won),
            results(&[draw, UNKNOWN]).settled_by(draw),
            // Two moves unknown: either may be the one.
            results(&[loss, UNKNOWN, UNKNOWN]).settled_by(won),
            // An unknown value settles nothing.
            results(&[loss, UNKNOWN]).settled_by(UNKNOWN),
        ] {
            assert_eq!(r.count(Outcome::Unknown), r.total() - 1, "{r:?}");
        }
        // Nor does a rest of many moves count as one.
        let r = MoveResults {
            listed: vec![(0, loss)],
            rest: Some(Rest {
                count: 2,
                value: UNKNOWN,
            }),
        }
        .settled_by(won);
        assert_eq!(r.rest.map(|x| x.value), Some(UNKNOWN));
    }
}
