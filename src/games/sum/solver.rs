//! The sum's solver. Normal play: by the Sprague–Grundy theorem each part
//! is worth a nim pile of its Grundy value, and the sum is lost for the
//! player to move exactly when their nim-sum is 0; so every move's result
//! follows from one part's new value. Piles and words have their values in
//! closed form or a table; a geography token's are searched (mex over its
//! moves, with a table), within the budget. Misère sums: an exhaustive
//! search of the whole sum with a table, exact with plies, unknown beyond
//! the budget.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use crate::engine::{Budget, Game, MoveResults, Outcome, Solver, Value};

use super::game::{SumGame, SumMove};
use super::part::{PartRules, PartState};

/// Nodes between looks at the clock.
const CHECK_EVERY: u64 = 1024;
/// The most positions a search keeps: token values (small entries), and
/// whole misère sums (a copy of every part's state each).
const MAX_TABLE: usize = 1 << 21;
const MAX_MISERE_TABLE: usize = 1 << 18;
/// The longest line the misère search follows (a longer one is left
/// unknown rather than risk the thread's stack).
const MAX_DEPTH: usize = 1000;

/// Grundy values of token positions: (part, visited, token).
type Tokens = HashMap<(u8, u64, Option<u8>), u16>;

#[derive(Debug, Default)]
pub struct SumSolver {
    tokens: Mutex<Tokens>,
}

/// The Grundy value of a token position, by mex over its moves.
fn token_grundy(
    memo: &mut Tokens,
    rules: &PartRules,
    part: u8,
    state: &PartState,
    budget: &Budget,
    nodes: &mut u64,
) -> Option<u16> {
    let PartState::Token { visited, at } = state else {
        return Some(0);
    };
    if let Some(&g) = memo.get(&(part, *visited, *at)) {
        return Some(g);
    }
    *nodes += 1;
    if nodes.is_multiple_of(CHECK_EVERY) && budget.exhausted() {
        return None;
    }
    let moves = rules.moves(state);
    let mut seen = vec![false; moves.len() + 1];
    for mv in moves {
        let g = token_grundy(memo, rules, part, &rules.after(state, mv), budget, nodes)?;
        if let Some(s) = seen.get_mut(usize::from(g)) {
            *s = true;
        }
    }
    let g = seen.iter().position(|s| !s).unwrap_or(seen.len()) as u16;
    if memo.len() < MAX_TABLE {
        memo.insert((part, *visited, *at), g);
    }
    Some(g)
}

/// A result for the player to move: a win or a loss in so many plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Score {
    win: bool,
    plies: u64,
}

/// The misère sum searched to its ends.
fn misere(
    memo: &mut HashMap<SumGame, Score>,
    pos: &SumGame,
    budget: &Budget,
    nodes: &mut u64,
    depth: usize,
) -> Option<Score> {
    if let Some(&s) = memo.get(pos) {
        return Some(s);
    }
    *nodes += 1;
    if depth > MAX_DEPTH || (nodes.is_multiple_of(CHECK_EVERY) && budget.exhausted()) {
        return None;
    }
    let moves: Vec<SumMove> = pos.moves().collect();
    if moves.is_empty() {
        // Who cannot move wins.
        return Some(Score {
            win: true,
            plies: 0,
        });
    }
    let mut best: Option<Score> = None;
    for mv in moves {
        let child = misere(memo, &pos.after(mv), budget, nodes, depth + 1)?;
        let mine = Score {
            win: !child.win,
            plies: child.plies + 1,
        };
        best = Some(match best {
            None => mine,
            Some(b) => match (b.win, mine.win) {
                (false, true) => mine,
                (true, true) if mine.plies < b.plies => mine,
                (false, false) if mine.plies > b.plies => mine,
                _ => b,
            },
        });
    }
    let best = best?;
    if memo.len() < MAX_MISERE_TABLE {
        memo.insert(pos.clone(), best);
    }
    Some(best)
}

impl SumSolver {
    /// The Grundy value of part `i` in `state`.
    fn part_value(
        &self,
        pos: &SumGame,
        i: usize,
        state: &PartState,
        budget: &Budget,
    ) -> Option<u64> {
        let rules = &pos.parts[i];
        if let Some(g) = rules.grundy(state) {
            return Some(g);
        }
        let mut memo = self.tokens.lock().unwrap_or_else(PoisonError::into_inner);
        let mut nodes = 0;
        token_grundy(&mut memo, rules, i as u8, state, budget, &mut nodes).map(u64::from)
    }

    /// Every part's Grundy value now, `None` for those not worked out.
    #[must_use]
    pub fn values(&self, pos: &SumGame, budget: &Budget) -> Vec<Option<u64>> {
        (0..pos.parts.len())
            .map(|i| self.part_value(pos, i, &pos.states[i], budget))
            .collect()
    }

    fn results(&self, pos: &SumGame, budget: &Budget) -> Vec<(SumMove, Value)> {
        let moves: Vec<SumMove> = pos.moves().collect();
        if pos.misere {
            let mut memo = HashMap::new();
            let mut nodes = 0;
            return moves
                .into_iter()
                .map(|mv| {
                    let child = misere(&mut memo, &pos.after(mv), budget, &mut nodes, 1);
                    let v = child.map_or(Value::UNKNOWN, |c| {
                        let o = if c.win { Outcome::Loss } else { Outcome::Win };
                        Value::exact(o, Some(c.plies + 1))
                    });
                    (mv, v)
                })
                .collect();
        }
        let values = self.values(pos, budget);
        let total = values.iter().try_fold(0, |x, g| g.map(|g| x ^ g));
        moves
            .into_iter()
            .map(|mv| {
                let i = usize::from(mv.part);
                let child = pos.after(mv);
                if child.status().is_over() {
                    return (mv, Value::exact(Outcome::Win, Some(1)));
                }
                let next = self.part_value(pos, i, &child.states[i], budget);
                let v = match (total, values[i], next) {
                    (Some(x), Some(g), Some(n)) if x ^ g ^ n == 0 => {
                        Value::outcome_only(Outcome::Win)
                    }
                    (Some(_), Some(_), Some(_)) => Value::outcome_only(Outcome::Loss),
                    _ => Value::UNKNOWN,
                };
                (mv, v)
            })
            .collect()
    }
}

impl Solver<SumGame> for SumSolver {
    fn value(&self, pos: &SumGame, budget: &Budget) -> Value {
        if pos.status().is_over() {
            let o = if pos.misere {
                Outcome::Win
            } else {
                Outcome::Loss
            };
            return Value::exact(o, Some(0));
        }
        let results = self.results(pos, budget);
        if results
            .iter()
            .any(|(_, v)| v.outcome == Outcome::Win && v.plies == Some(1))
        {
            return Value::exact(Outcome::Win, Some(1));
        }
        MoveResults::all(results).best()
    }

    fn move_results(&self, pos: &SumGame, budget: &Budget) -> MoveResults<SumMove> {
        MoveResults::all(self.results(pos, budget))
    }

    fn explain(&self, pos: &SumGame, budget: &Budget) -> Vec<String> {
        if pos.misere {
            return vec!["The idea: a misère sum is not decided by the nim-sum of its parts, so every line of the whole sum is searched to its end.".to_string()];
        }
        let values = self.values(pos, budget);
        let shown: Vec<String> = values
            .iter()
            .map(|g| g.map_or_else(|| "?".to_string(), |g| g.to_string()))
            .collect();
        let mut lines = vec![format!(
            "The idea (Sprague–Grundy): each part is worth a nim pile of its Grundy value — here {} — and the player to move wins exactly when their nim-sum is not 0.",
            shown.join(", ")
        )];
        let Some(total) = values.iter().try_fold(0, |x, g| g.map(|g| x ^ g)) else {
            lines.push("Some part's value was not worked out within the time budget, so the sum's value is unknown.".to_string());
            return lines;
        };
        if total == 0 {
            lines.push(format!("The nim-sum of {} is 0: every move leaves it non-zero, and the opponent can make it 0 again.", shown.join(", ")));
        } else if let Some(i) = values.iter().position(|g| g.is_some_and(|g| g ^ total < g)) {
            let g = values[i].unwrap_or(0);
            lines.push(format!(
                "The nim-sum of {} is {total}: play in part {}, whose value {g} can become {} (a value {g} has options of every smaller value), making the nim-sum 0.",
                shown.join(", "),
                i + 1,
                g ^ total
            ));
        }
        lines
    }

    fn reason(&self, pos: &SumGame, mv: SumMove, budget: &Budget) -> Option<String> {
        if pos.misere || !pos.is_legal(mv) {
            return None;
        }
        let i = usize::from(mv.part);
        let before = self.part_value(pos, i, &pos.states[i], budget)?;
        let after = self.part_value(pos, i, &pos.after(mv).states[i], budget)?;
        Some(format!(
            "it turns part {}'s value from {before} into {after}",
            i + 1
        ))
    }
}
