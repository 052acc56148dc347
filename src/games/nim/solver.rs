//! The fast exact nim solver: the nim-sum, Sprague–Grundy values with a
//! proven period, the classic misère rule, or exhaustive search — whichever
//! the rules allow, each exact in every case it accepts.

use crate::engine::{Game, Outcome, Solver, Value};

use super::grundy::Grundy;
use super::misere::{self, Exhaustive, MISERE_LIMIT};
use super::{NimGame, NimMove, Take};

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
        Ok(Self { method })
    }

    /// The XOR of the piles' Grundy values (the nim-sum in plain nim).
    #[must_use]
    pub fn grundy_sum(&self, pos: &NimGame) -> u64 {
        pos.piles
            .iter()
            .zip(&pos.passes)
            .map(|(&n, &p)| self.pile_grundy(n, p))
            .fold(0, |a, g| a ^ g)
    }

    /// One pile's Grundy value (in plain nim and misère nim, its size).
    #[must_use]
    pub fn pile_grundy(&self, n: u64, pass: bool) -> u64 {
        match &self.method {
            Method::Grundy(g) => g.value(n, pass),
            _ => n,
        }
    }

    /// Moves that may win; every winning move is among them. Cheaper than
    /// all moves where a theorem names the target of each pile.
    fn candidates(&self, pos: &NimGame) -> Vec<NimMove> {
        let x = self.grundy_sum(pos);
        match self.method {
            Method::NimSum | Method::MisereNim => pos
                .piles
                .iter()
                .enumerate()
                .flat_map(|(pile, &size)| {
                    [x ^ size, 0, 1]
                        .into_iter()
                        .filter(move |&t| t < size)
                        .map(move |t| NimMove {
                            pile,
                            count: size - t,
                        })
                })
                .collect(),
            _ => pos.legal_moves(),
        }
    }
}

impl Solver<NimGame> for NimSolver {
    fn value(&self, pos: &NimGame) -> Value {
        if let Method::Exhaustive(search) = &self.method {
            return search.value(misere::key(&pos.piles, &pos.passes));
        }
        let win = match self.method {
            Method::MisereNim if pos.piles.iter().all(|&p| p <= 1) => {
                pos.piles.iter().filter(|&&p| p == 1).count() % 2 == 0
            }
            _ => self.grundy_sum(pos) != 0,
        };
        if pos.status().is_over() {
            // The end itself: its length is known.
            return Value::exact(if win { Outcome::Win } else { Outcome::Loss }, Some(0));
        }
        Value::outcome_only(if win { Outcome::Win } else { Outcome::Loss })
    }

    fn winning_moves_count(&self, pos: &NimGame) -> usize {
        let mut moves = self.candidates(pos);
        moves.sort_unstable();
        moves.dedup();
        moves
            .into_iter()
            .filter(|&mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                self.value(&child).outcome == Outcome::Loss
            })
            .count()
    }

    fn explain(&self, pos: &NimGame) -> Vec<String> {
        super::explain::explain(self, pos)
    }

    fn reason(&self, pos: &NimGame, mv: NimMove) -> Option<String> {
        super::explain::reason(self, pos, mv)
    }
}
