//! The fast exact nim solver: the nim-sum, Sprague–Grundy values with a
//! proven period, the classic misère rule, or exhaustive search — whichever
//! the rules allow, each exact in every case it accepts.
//!
//! Under the theorems a move is judged in constant time from a few sums of
//! the position, so even a position with 10^21 moves answers at once: the
//! winning moves are found and listed, and every other move is a loss.

use crate::engine::{Budget, Game, MoveResults, Outcome, Rest, Solver, Status, Value};

use super::grundy::Grundy;
use super::misere::{self, Exhaustive, MISERE_LIMIT};
use super::{NimGame, NimMove, Take};

/// Positions with more moves than this are reported as their winning moves
/// plus a count of the rest (all losses).
pub const LIST_LIMIT: u128 = 1_000;

/// How the position is decided.
#[derive(Debug)]
pub enum Method {
    /// Normal play, any count: the XOR of the piles.
    NimSum,
    /// Normal play with a take list and/or passes: XOR of Grundy values.
    Grundy(Grundy),
    /// Misère, any count, no passes: Bouton's misère rule.
    MisereNim,
    /// Misère with a take list or passes: no theorem, so full search.
    Exhaustive(Exhaustive),
}

#[derive(Debug)]
pub struct NimSolver {
    pub method: Method,
    /// The smallest count a move may take (1 for "any").
    min_take: u64,
}

/// What the theorems need of a position: the XOR of the piles' Grundy
/// values, how many piles hold more than one stone and exactly one, and
/// how many piles still offer a move.
#[derive(Clone, Copy, Debug)]
struct Sums {
    x: u64,
    big: usize,
    ones: usize,
    movable: usize,
}

impl NimSolver {
    /// Chooses the method for the rules.
    ///
    /// # Errors
    /// A sentence when the search would be over its limit, or Grundy values
    /// show no period within theirs.
    pub fn new(piles: &[u64], take: &Take, misere: bool, pass: bool) -> Result<Self, String> {
        let method = match (misere, take, pass) {
            (false, Take::Any, false) => Method::NimSum,
            (false, _, _) => {
                Method::Grundy(Grundy::new(take, piles.iter().copied().max().unwrap_or(0))?)
            }
            (true, Take::Any, false) => Method::MisereNim,
            (true, _, _) => {
                let size = misere::search_size(piles, pass);
                if size.is_none_or(|s| s > MISERE_LIMIT) {
                    return Err(format!(
                        "misère play with {} has no known rule, so it is solved by exhaustive search, \
                         and these piles would need up to {} positions; the limit is {MISERE_LIMIT} \
                         (the product of pile size + 1 over the piles, doubled for each pass)",
                        if pass { "passes" } else { "a take list" },
                        size.map_or_else(|| "more than 10^19".to_string(), |s| s.to_string())
                    ));
                }
                Method::Exhaustive(Exhaustive::new(take.clone()))
            }
        };
        let min_take = match take {
            Take::Any => 1,
            Take::List(list) => list.first().copied().unwrap_or(1),
        };
        Ok(Self { method, min_take })
    }

    /// The XOR of the piles' Grundy values (the nim-sum in plain nim).
    #[must_use]
    pub fn grundy_sum(&self, pos: &NimGame) -> u64 {
        self.sums(pos).x
    }

    /// One pile's Grundy value (in plain nim and misère nim, its size).
    #[must_use]
    pub fn pile_grundy(&self, n: u64, pass: bool) -> u64 {
        match &self.method {
            Method::Grundy(g) => g.value(n, pass),
            _ => n,
        }
    }

    fn movable(&self, size: u64, pass: bool) -> bool {
        (size > 0 && pass) || size >= self.min_take
    }

    fn sums(&self, pos: &NimGame) -> Sums {
        let mut s = Sums {
            x: 0,
            big: 0,
            ones: 0,
            movable: 0,
        };
        for (&n, &p) in pos.piles.iter().zip(&pos.passes) {
            s.x ^= self.pile_grundy(n, p);
            s.big += usize::from(n > 1);
            s.ones += usize::from(n == 1);
            s.movable += usize::from(self.movable(n, p));
        }
        s
    }

    /// The sums after `mv`, in constant time.
    fn after(&self, pos: &NimGame, s: Sums, mv: NimMove) -> Sums {
        let (n, p) = (pos.piles[mv.pile], pos.passes[mv.pile]);
        let (n2, p2) = if mv.count == 0 {
            (n, false)
        } else {
            (n - mv.count, p)
        };
        Sums {
            x: s.x ^ self.pile_grundy(n, p) ^ self.pile_grundy(n2, p2),
            big: s.big - usize::from(n > 1) + usize::from(n2 > 1),
            ones: s.ones - usize::from(n == 1) + usize::from(n2 == 1),
            movable: s.movable - usize::from(self.movable(n, p))
                + usize::from(self.movable(n2, p2)),
        }
    }

    /// The value for the player to move, from the sums (theorem methods).
    fn judge_sums(&self, s: Sums) -> Value {
        let win = match self.method {
            Method::MisereNim if s.big == 0 => s.ones.is_multiple_of(2),
            _ => s.x != 0,
        };
        let outcome = if win { Outcome::Win } else { Outcome::Loss };
        if s.movable == 0 {
            // The end itself: its length is known.
            Value::exact(outcome, Some(0))
        } else {
            Value::outcome_only(outcome)
        }
    }

    /// Moves that may win: every winning move is among them. Where a theorem
    /// names each pile's target, only those; otherwise every move.
    fn candidates<'a>(
        &'a self,
        pos: &'a NimGame,
        s: Sums,
    ) -> Box<dyn Iterator<Item = NimMove> + 'a> {
        match self.method {
            Method::NimSum | Method::MisereNim => {
                Box::new(pos.piles.iter().enumerate().flat_map(move |(pile, &size)| {
                    let mut targets = [s.x ^ size, 0, 1];
                    targets.sort_unstable();
                    let mut last = None;
                    targets.into_iter().filter_map(move |t| {
                        let fresh = t < size && last != Some(t);
                        last = Some(t);
                        fresh.then(|| NimMove {
                            pile,
                            count: size - t,
                        })
                    })
                }))
            }
            _ => Box::new(pos.moves()),
        }
    }

    fn exhaustive(&self) -> Option<&Exhaustive> {
        match &self.method {
            Method::Exhaustive(search) => Some(search),
            _ => None,
        }
    }
}

impl Solver<NimGame> for NimSolver {
    fn value(&self, pos: &NimGame, _budget: &Budget) -> Value {
        match &self.method {
            Method::Exhaustive(search) => search.value(misere::key(&pos.piles, &pos.passes)),
            // Plain and misère nim need only folds of the piles (no passes
            // in either): kept tight, as a position may hold 10^5 piles.
            Method::NimSum | Method::MisereNim => {
                let x = pos.piles.iter().fold(0u64, |a, &p| a ^ p);
                // Both stop at the first pile that answers them.
                let any = pos.piles.iter().any(|&p| p > 0);
                let big =
                    matches!(self.method, Method::MisereNim) && pos.piles.iter().any(|&p| p > 1);
                let ones = if big || matches!(self.method, Method::NimSum) {
                    0
                } else {
                    pos.piles.iter().filter(|&&p| p == 1).count()
                };
                self.judge_sums(Sums {
                    x,
                    big: usize::from(big),
                    ones,
                    movable: usize::from(any),
                })
            }
            Method::Grundy(_) => self.judge_sums(self.sums(pos)),
        }
    }

    fn move_results(&self, pos: &NimGame, budget: &Budget) -> MoveResults<NimMove> {
        if pos.status() != Status::Ongoing {
            return MoveResults::all(Vec::new());
        }
        if let Some(search) = self.exhaustive() {
            return MoveResults::all(
                pos.moves()
                    .map(|mv| {
                        let child = pos.after(mv);
                        let key = misere::key(&child.piles, &child.passes);
                        (mv, search.value(key).for_mover())
                    })
                    .collect(),
            );
        }
        let s = self.sums(pos);
        let judge = |mv: NimMove| self.judge_sums(self.after(pos, s, mv)).for_mover();
        let total = pos.move_count();
        if total <= LIST_LIMIT {
            return MoveResults::all(pos.moves().map(|mv| (mv, judge(mv))).collect());
        }
        // Too many to list: the winning moves, then the rest, which lose
        // (nim has no draws, and every move that is not winning leaves the
        // opponent a winning position).
        let mut listed: Vec<(NimMove, Value)> = Vec::new();
        for mv in self.candidates(pos, s) {
            if budget.exhausted() && listed.is_empty() {
                break;
            }
            let v = judge(mv);
            if v.outcome == Outcome::Win {
                listed.push((mv, v));
            }
        }
        let rest = Rest {
            count: total - listed.len() as u128,
            value: Value::outcome_only(Outcome::Loss),
        };
        MoveResults {
            listed,
            rest: Some(rest),
        }
    }

    fn winning_moves(&self, pos: &NimGame, budget: &Budget) -> Option<u128> {
        if self.exhaustive().is_some() {
            let r = self.move_results(pos, budget);
            return Some(r.count(Outcome::Win));
        }
        if pos.status().is_over() {
            return Some(0);
        }
        let s = self.sums(pos);
        let mut count = 0;
        for (i, mv) in self.candidates(pos, s).enumerate() {
            if i % 4096 == 4095 && budget.exhausted() {
                return None;
            }
            if self.judge_sums(self.after(pos, s, mv)).outcome == Outcome::Loss {
                count += 1;
            }
        }
        Some(count)
    }

    fn explain(&self, pos: &NimGame, _budget: &Budget) -> Vec<String> {
        super::explain::explain(self, pos)
    }

    fn reason(&self, pos: &NimGame, mv: NimMove, budget: &Budget) -> Option<String> {
        super::explain::reason(self, pos, mv, budget)
    }
}
