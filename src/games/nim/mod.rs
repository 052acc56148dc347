//! nim — piles of stones: normal, misère, subtraction sets and one pass per
//! pile (docs/design.md §1).

mod explain;
mod game;
mod grundy;
mod misere;
mod solver;

use std::sync::Arc;

use crate::engine::Player;
use crate::schema::{Spanned, Table, Value, big, uint_set, what_is};
use crate::text::counted;

use super::Family;

pub use game::{NimGame, NimMove};
pub use grundy::Grundy;
pub use misere::MISERE_LIMIT;
pub use solver::{LIST_LIMIT, Method, NimSolver};

/// The largest pile.
pub const MAX_PILE: u64 = 1_000_000_000_000_000_000;
/// The most piles a ruleset may have.
pub const MAX_PILES: usize = 1_000;
/// The largest count in a `take` list, and how many counts it may hold.
pub const MAX_TAKE: u64 = 10_000;
pub const MAX_TAKE_CHOICES: usize = 64;

/// Which counts a move may take from a pile.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Take {
    Any,
    List(Arc<[u64]>),
}

/// The family: `kind = "nim"`.
pub struct Nim;

/// A checked nim ruleset with its solver.
#[derive(Clone, Debug)]
pub struct Rules {
    pub piles: Vec<u64>,
    pub take: Take,
    pub misere: bool,
    pub pass_once_per_pile: bool,
    pub solver: Arc<NimSolver>,
}

/// `take`: `"any"` (the default) or a list of counts.
pub(crate) fn read_take(t: &mut Table<'_, '_>) -> Option<Take> {
    let Some(v) = t.value("take") else {
        return Some(Take::Any);
    };
    let wrong = |v: &Spanned<Value<'_>>, what: String| {
        (
            v.span(),
            format!("take is {what}: use \"any\" or a list of counts such as [1, 2, 3]"),
        )
    };
    let problem = match v.get_ref() {
        Value::String(w) if w == "any" => return Some(Take::Any),
        Value::Array(_) => match uint_set(v, "take", &(1..=MAX_TAKE), MAX_TAKE_CHOICES) {
            Ok(list) => return Some(Take::List(list.into())),
            Err(problems) => {
                t.problems(problems);
                return None;
            }
        },
        Value::String(w) => wrong(v, format!("'{w}'")),
        other => wrong(v, what_is(other)),
    };
    t.problem(problem.0, problem.1);
    None
}

impl Family for Nim {
    const KIND: &'static str = "nim";
    type Rules = Rules;
    type Game = NimGame;
    type Solver = NimSolver;

    fn check(t: &mut Table<'_, '_>) -> Option<Rules> {
        let piles = t.uint_list("piles", 0..=MAX_PILE, 1..=MAX_PILES);
        let take = read_take(t);
        let misere = t.bool_or("misere", false);
        let pass = t.bool_or("pass_once_per_pile", false);
        let piles = piles?;
        if piles.get_ref().iter().all(|p| *p.get_ref() == 0) {
            t.problem(
                piles.span(),
                "every pile is empty: a game needs at least one stone",
            );
            return None;
        }
        let (take, misere, pass) = (take?, misere?, pass?);
        let piles: Vec<u64> = piles.get_ref().iter().map(|p| *p.get_ref()).collect();
        let solver = NimSolver::new(&piles, &take, misere, pass)
            .map_err(|message| t.problem(t.span(), message))
            .ok()?;
        Some(Rules {
            piles,
            take,
            misere,
            pass_once_per_pile: pass,
            solver: Arc::new(solver),
        })
    }

    fn start(rules: &Rules) -> NimGame {
        NimGame::new(rules.piles.clone(), rules, Player::First)
    }

    fn solver(rules: &Rules) -> Arc<NimSolver> {
        Arc::clone(&rules.solver)
    }

    fn card(rules: &Rules) -> Vec<String> {
        let piles: Vec<String> = rules.piles.iter().map(|&p| big(i128::from(p))).collect();
        let take = match &rules.take {
            Take::Any => "any number of stones (at least one)".to_string(),
            Take::List(list) => format!("{} stones", super::flags::or_list(list)),
        };
        let mut lines = vec![
            format!(
                "{} of stones: {}.",
                counted(rules.piles.len(), "pile"),
                piles.join(", ")
            ),
            format!("On your turn, take {take} from one pile."),
        ];
        if rules.pass_once_per_pile {
            lines.push(
                "Once per pile, either player may instead pass on it (take 0 from a pile that is not empty); then that pile's pass is used."
                    .to_string(),
            );
        }
        lines.push(if rules.misere {
            "Misère: whoever makes the last move loses.".to_string()
        } else {
            "Whoever cannot move loses (so whoever makes the last move wins).".to_string()
        });
        lines
    }

    fn visit(rules: &Rules, visitor: &mut dyn super::Visitor) {
        visitor.nim(rules);
    }

    fn group(_rules: &Rules) -> (u8, &'static str) {
        (0, "Nim")
    }
}
