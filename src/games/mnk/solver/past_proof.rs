//! What the solver says where the exact search does not settle a
//! position: threats that prove a win or a loss without plies, which
//! moves keep a known win, and the playing search's estimates.

use std::time::Duration;

use crate::engine::{Budget, Game, Judged, Outcome, Value};
use crate::games::mnk::MnkGame;
use crate::games::mnk::beyond::strength;
use crate::games::mnk::cells::Board;
use crate::games::mnk::connect::{self, Shape};
use crate::games::mnk::exact::distance::Known;
use crate::games::mnk::exact::keeps_win::{Keeps, keeps_win};

use super::{MnkSolver, each_move, estimate_of, in_rounds};

/// The part of the time left that the exact search gets to refute each
/// choice of the playing search: a choice not refuted within it ends the
/// check, and the rest of the time would go unused.
const REFUTE_SHARE: f64 = 0.8;

impl MnkSolver {
    /// What threats prove of a position the exact search did not settle:
    /// a win for the player to move by continuous fours or threats, or a
    /// loss — every move lost to the opponent's threats, up to `depth`
    /// threats deep (`strength::VCT_DEPTH` for the position asked about,
    /// as play proves it, and deeper by proof numbers with the time left;
    /// 0, fours alone, for each of a few hundred moves, within one
    /// budget).
    pub(super) fn threat_value(&self, pos: &MnkGame, budget: &Budget, depth: u32) -> Value {
        // The threat search knows nothing of gravity.
        if self.geo.gravity {
            return Value::UNKNOWN;
        }
        let asked = depth == strength::VCT_DEPTH;
        // A win found before for the position asked about (by
        // `move_results`, the tip, play) is known at once, however little
        // time is left: not searched again.
        if asked && self.threat_win(pos).is_some() {
            return Value::exact(Outcome::Win, None);
        }
        // With the budget spent, even setting up the boards (for each of a
        // few hundred moves, in `move_results`) would overrun it.
        if budget.exhausted() {
            return Value::UNKNOWN;
        }
        if !asked {
            // Each of a few hundred moves: the shallower searches.
            let mut board = pos.board();
            return if strength::win_by_threats(&mut board, budget).is_some() {
                Value::exact(Outcome::Win, None)
            } else if strength::lost_to_threats(&mut board, budget, depth) {
                Value::exact(Outcome::Loss, None)
            } else {
                Value::UNKNOWN
            };
        }
        // The position asked about gets the deep searches too: half the
        // time for its win, the rest for its loss.
        let mut board = pos.board();
        if let Some(mv) = strength::win_by_deep_threats(&mut board, &budget.share(0.5)) {
            self.remember_threat_win(pos, mv);
            return Value::exact(Outcome::Win, None);
        }
        if strength::lost_to_deep_threats(&mut board, budget) {
            return Value::exact(Outcome::Loss, None);
        }
        Value::UNKNOWN
    }

    /// The playing search's advice (`strength::advise_knowing`), with the
    /// moves the book of moves proven lost proves lost set aside, and
    /// those its endings prove lost too (a game that reaches the book's
    /// positions by another order of its stones); a move the endings
    /// prove won is taken. The endings' windows take at most
    /// `ENDINGS_QUICK` a move, out of `budget`.
    pub(super) fn advise_knowing_books(
        &self,
        pos: &MnkGame,
        board: &mut Board<'_>,
        budget: &Budget,
    ) -> strength::Advice {
        let mut lost = self.booked(pos).0;
        let moves: Vec<usize> = pos.moves().collect();
        for (&mv, known) in moves
            .iter()
            .zip(self.each_through_endings(pos, &moves, budget))
        {
            match known {
                Some(Known::Outcome(1)) => lost.push(mv),
                Some(Known::Outcome(-1)) => {
                    return strength::Advice {
                        winning: Some(mv),
                        ..strength::Advice::default()
                    };
                }
                _ => {}
            }
        }
        strength::advise_knowing(board, budget, &lost)
    }

    /// The playing search's choice (its best estimate not proven lost),
    /// where the position after it is proven lost for the opponent by the
    /// searches a position asked about gets (`lost_to_deep_threats`),
    /// with what is left of `budget`: a quiet move's win, which no search
    /// for a win by threats from here finds (those begin with a threat),
    /// and which `move_results` proves among every move
    /// (`deepen_open`) — so that the tip and play, choosing that move, say
    /// it wins as `analyze` does. The tip of O after `g10 f7 h11 f9 i10 g9
    /// f11 h9 i9` chose g6 and called it "not proven" with 5 s, ending
    /// after 0.8 s. Not without a time limit (the searches by proof
    /// numbers never run without one).
    pub(super) fn choice_proven_won(
        &self,
        pos: &MnkGame,
        advice: &strength::Advice,
        budget: &Budget,
    ) -> Option<usize> {
        if budget.remaining().is_none() || budget.exhausted() {
            return None;
        }
        let (mv, _) = advice
            .estimates
            .iter()
            .filter(|(mv, _)| !advice.losing.contains(mv))
            .max_by_key(|&&(_, s)| s)?;
        let child = pos.after(*mv);
        if Self::terminal(&child).is_some() {
            return None;
        }
        strength::lost_to_deep_threats(&mut child.board(), budget).then_some(*mv)
    }

    /// The moves `move_results` leaves open after its quick passes (their
    /// values, for the opponent to move after each, unknown), searched
    /// again as deep as the position asked about (`threat_value`) with
    /// what is left of `budget`, in rounds as the exact search's
    /// (`in_rounds`): the moves proven fast first, one slow move unable to
    /// leave the rest unknown. A move whose searches ended within their
    /// slice without a proof is not searched again. Without a time limit,
    /// nothing: the searches by proof numbers never run without one, and
    /// a few hundred depth-first ones would take minutes. On 15×15, after
    /// `g10 f7 h11 f9 i10 g9 f11 h9 i9`, O's g6 — after which `analyze`
    /// proves every move of X lost in a third of a second — was left
    /// unknown by the quick passes (after each move, the opponent's win
    /// depth first to 6 and its loss to fours alone) even with 20 s
    /// (docs/mnk.md).
    pub(super) fn deepen_open(&self, children: &[MnkGame], values: &mut [Value], budget: &Budget) {
        if budget.remaining().is_none() {
            return;
        }
        let mut done: Vec<bool> = values.iter().map(|v| v.is_proven()).collect();
        in_rounds(budget, Duration::from_millis(10), &mut done, |i, slice| {
            // The opponent's win depth first to `VCT_DEPTH` was searched
            // by the quick pass, to its end or to its share of the time:
            // half the slice goes on the search by proof numbers (to
            // `DEEP_THREATS`, the shallower wins among them), the rest on
            // its loss.
            let mut board = children[i].board();
            values[i] = if strength::win_by_deeper_threats(&mut board, &slice.share(0.5)) {
                Value::exact(Outcome::Win, None)
            } else if strength::lost_to_deep_threats(&mut board, slice) {
                Value::exact(Outcome::Loss, None)
            } else {
                Value::UNKNOWN
            };
            values[i].is_proven() || !slice.exhausted()
        });
    }

    /// The moves of a position known to be won (`sign` 1) or lost (-1)
    /// whose distance the budget did not settle. Won: each move is tried
    /// with the null window around the draw (the parent's search left the
    /// table full of it), and those that keep the win are proven wins
    /// (without plies). Lost: every move is a proven loss. The playing
    /// search ranks what the proofs leave equal.
    pub(super) fn judge_by_outcome(
        &self,
        pos: &MnkGame,
        sign: i32,
        proofs: &Budget,
        budget: &Budget,
    ) -> Vec<Judged<usize>> {
        let out = if sign > 0 {
            self.won_moves(pos, proofs)
        } else {
            self.judge_classes(pos, |child| {
                let value = Self::terminal(child)
                    .map_or(Value::outcome_only(Outcome::Loss), |v| v.for_mover());
                (value, false)
            })
        };
        // Rank what is left by the playing search (unless a move is proven
        // to keep the win); moves proven not to keep it are set aside.
        let won = out.iter().any(|(_, (v, _))| v.outcome == Outcome::Win);
        let (estimates, _) = if won {
            (Vec::new(), Vec::new())
        } else {
            self.playing_search(pos, budget)
        };
        out.into_iter()
            .map(|(mv, (value, worse))| Judged {
                mv,
                value,
                estimate: (!worse).then(|| estimate_of(&estimates, mv)),
                preferred: false,
                worse,
            })
            .collect()
    }

    /// Which moves of a won position keep the win (see `keeps_win`),
    /// each `(value, worse)` (`worse`: proven not to): null windows around
    /// the draw, on the table the position's own search filled, in
    /// `proof_order`.
    pub(super) fn won_moves(&self, pos: &MnkGame, proofs: &Budget) -> Vec<(usize, (Value, bool))> {
        let (classes, order) = self.ordered_classes(pos);
        let children: Vec<MnkGame> = classes.iter().map(|c| pos.after(c[0])).collect();
        // A child that ends the game is a win, or a draw.
        let terminal: Vec<Option<Value>> = children
            .iter()
            .map(|c| Self::terminal(c).map(Value::for_mover))
            .collect();
        let known = terminal
            .iter()
            .map(|t| match t {
                Some(v) if v.outcome == Outcome::Win => Keeps::Win,
                Some(_) => Keeps::NotWin,
                None => Keeps::Open,
            })
            .collect();
        let known = keeps_win(known, &order, proofs, |i, budget| {
            self.bounded(&children[i], -1, 0, budget).map(|v| v < 0)
        });
        for (i, keeps) in known.iter().enumerate() {
            if *keeps == Keeps::Win && terminal[i].is_none() {
                self.remember_lost(&children[i], -1);
            }
        }
        let judged =
            known
                .into_iter()
                .zip(terminal)
                .map(|(keeps, terminal)| match (terminal, keeps) {
                    (Some(v), _) => (v, false),
                    (None, Keeps::Win) => (Value::outcome_only(Outcome::Win), false),
                    (None, Keeps::NotWin) => (Value::UNKNOWN, true),
                    (None, Keeps::Open) => (Value::UNKNOWN, false),
                });
        each_move(&classes, judged)
    }

    /// The playing search's estimate of each move it weighed (on free
    /// boards a win it proves by threats first, `Advice::ranked`), and the
    /// moves it proves lost: on free boards by its threat guard, on gravity
    /// boards by a line within its horizon or the rules (claimeven, the
    /// odd threat).
    pub(super) fn playing_search(
        &self,
        pos: &MnkGame,
        budget: &Budget,
    ) -> (Vec<(usize, i64)>, Vec<usize>) {
        match &self.shape {
            Some(shape) => {
                let (x, o) = pos.bits();
                let found = connect::strength::estimate(shape, x, o, budget);
                (found.scores, found.losing)
            }
            None => {
                let advice = strength::advise(&mut pos.board(), budget);
                (advice.ranked(), advice.losing)
            }
        }
    }

    /// The playing search's choices that the exact search proves lost, in
    /// the order the search ranked them, until one is not proven to lose
    /// (then ranked above its unchecked equals in `advice`) or time runs
    /// out: on boards the exact search takes, a heuristic's choice is
    /// checked before it is played (it had lost drawn 7×7 games; and on
    /// 8×8 a choice the search ranked equal to the one checked, lost in 9
    /// plies, was played half the time).
    pub(super) fn refute(
        &self,
        pos: &MnkGame,
        advice: &mut strength::Advice,
        budget: &Budget,
    ) -> Vec<usize> {
        let mut ranked = advice.estimates.clone();
        ranked.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        let mut refuted = Vec::new();
        for (mv, _) in ranked {
            if advice.losing.contains(&mv) {
                continue;
            }
            let child = pos.after(mv);
            if Self::terminal(&child).is_some() {
                break;
            }
            // The opponent's score after the move: above 0 is their win.
            match self.bounded(&child, 0, 1, &budget.share(REFUTE_SHARE)) {
                Some(v) if v > 0 => refuted.push(mv),
                _ => {
                    strength::rank_above_equals(&mut advice.estimates, mv);
                    break;
                }
            }
        }
        refuted
    }

    /// A gravity board past the proof: every move unknown but those that
    /// end the game and those the playing search proves won or lost, each
    /// with that search's estimate.
    pub(super) fn estimated(pos: &MnkGame, shape: &Shape, budget: &Budget) -> Vec<Judged<usize>> {
        let (x, o) = pos.bits();
        let found = connect::strength::estimate(shape, x, o, budget);
        pos.moves()
            .map(|mv| {
                // What the playing search proved is kept: a proven loss is
                // never played while another move is not proven to lose.
                let proven = if found.winning == Some(mv) {
                    Value::exact(Outcome::Win, None)
                } else if found.losing.contains(&mv) {
                    Value::exact(Outcome::Loss, None)
                } else {
                    Value::UNKNOWN
                };
                Judged {
                    mv,
                    value: Self::terminal(&pos.after(mv)).map_or(proven, Value::for_mover),
                    estimate: Some(estimate_of(&found.scores, mv)),
                    preferred: false,
                    worse: false,
                }
            })
            .collect()
    }
}
