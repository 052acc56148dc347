//! nim — piles of stones: normal, misère, subtraction sets and one pass per
//! pile (DESIGN.md §1).

mod explain;
mod game;
mod grundy;
mod misere;
mod solver;

use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use crate::engine::{Match, Player};
use crate::rules::{SpanError, in_range, number_set};

pub use game::{NimGame, NimMove};
pub use grundy::Grundy;
pub use misere::MISERE_LIMIT;
pub use solver::{Method, NimSolver};

/// The largest pile.
pub const MAX_PILE: i64 = 1_000_000_000_000_000_000;
/// The most piles a ruleset may have.
pub const MAX_PILES: usize = 1_000;
/// With `take = "any"` every stone count is a move, so the stones on the
/// board are limited to keep the list of moves listable.
pub const MAX_ANY_STONES: u64 = 100_000;
/// The largest count in a `take` list, and how many counts it may hold.
pub const MAX_TAKE: i64 = 10_000;
pub const MAX_TAKE_CHOICES: usize = 64;

/// The `[nim]` table as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawRules {
    piles: Spanned<Vec<Spanned<i64>>>,
    /// `"any"` or a list of counts; read by hand, as serde cannot keep
    /// spans inside an untagged enum.
    #[serde(default = "any")]
    take: Spanned<toml::Value>,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    pass_once_per_pile: bool,
}

fn any() -> Spanned<toml::Value> {
    Spanned::new(0..0, toml::Value::String("any".into()))
}

fn read_take(take: &Spanned<toml::Value>) -> Result<Take, SpanError> {
    let span = take.span();
    let wrong = |what: String| {
        SpanError::new(
            span.clone(),
            format!("take is {what}: use \"any\" or a list of counts such as [1, 2, 3]"),
        )
    };
    match take.get_ref() {
        toml::Value::String(w) if w == "any" => Ok(Take::Any),
        toml::Value::String(w) => Err(wrong(format!("'{w}'"))),
        toml::Value::Array(items) => {
            let numbers = items
                .iter()
                .map(|v| match v {
                    toml::Value::Integer(n) => Ok(Spanned::new(span.clone(), *n)),
                    other => Err(wrong(format!("a list holding '{other}'"))),
                })
                .collect::<Result<Vec<_>, _>>()?;
            let list = Spanned::new(span.clone(), numbers);
            Ok(Take::List(
                number_set(&list, "take", (1, MAX_TAKE), MAX_TAKE_CHOICES)?.into(),
            ))
        }
        other => Err(wrong(format!("'{other}'"))),
    }
}

/// Which counts a move may take from a pile.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Take {
    Any,
    List(Arc<[u64]>),
}

/// A checked nim ruleset with its solver.
#[derive(Clone, Debug)]
pub struct Rules {
    pub piles: Vec<u64>,
    pub take: Take,
    pub misere: bool,
    pub pass_once_per_pile: bool,
    pub solver: Arc<NimSolver>,
}

/// Checks the `[nim]` table and prepares its solver.
///
/// # Errors
/// The first value that makes no game, or a search over the stated limit.
pub fn validate(raw: &Spanned<RawRules>) -> Result<Rules, SpanError> {
    let r = raw.get_ref();
    let take = read_take(&r.take)?;
    let piles_list = r.piles.get_ref();
    if piles_list.is_empty() || piles_list.len() > MAX_PILES {
        return Err(SpanError::new(
            r.piles.span(),
            format!(
                "piles has {} piles; a game needs 1 to {MAX_PILES}",
                piles_list.len()
            ),
        ));
    }
    let piles = piles_list
        .iter()
        .map(|p| in_range(p, "a pile", 0, MAX_PILE))
        .collect::<Result<Vec<u64>, _>>()?;
    if piles.iter().all(|&p| p == 0) {
        return Err(SpanError::new(
            r.piles.span(),
            "every pile is empty: a game needs at least one stone",
        ));
    }
    let stones: u128 = piles.iter().map(|&p| u128::from(p)).sum();
    if take == Take::Any && stones > u128::from(MAX_ANY_STONES) {
        return Err(SpanError::new(
            r.piles.span(),
            format!(
                "with take = \"any\" the piles may hold at most {MAX_ANY_STONES} stones in all \
                 (every count is a move); these hold {stones}. A take list allows piles up to {MAX_PILE}"
            ),
        ));
    }
    let solver = NimSolver::new(&piles, &take, r.misere, r.pass_once_per_pile)
        .map_err(|message| SpanError::new(raw.span(), message))?;
    Ok(Rules {
        piles,
        take,
        misere: r.misere,
        pass_once_per_pile: r.pass_once_per_pile,
        solver: Arc::new(solver),
    })
}

impl Rules {
    #[must_use]
    pub fn start_position(&self) -> NimGame {
        NimGame::new(self.piles.clone(), self, Player::First)
    }

    #[must_use]
    pub fn new_match(&self) -> Match<NimGame, Arc<NimSolver>> {
        Match::new(self.start_position(), Arc::clone(&self.solver))
    }
}
