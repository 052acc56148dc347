//! One module per family of games: its rules (read from the family's TOML
//! table), its positions and its fast exact solver; and what families
//! share (`matching`, `geography`). A game knows no screen;
//! the registry (`src/families.rs`) joins each family to its board view.

pub mod arrays;
pub mod coins;
pub mod divisors;
pub mod flags;
pub mod geography;
pub mod geography_plies;
pub mod graph;
pub mod matching;
pub mod mnk;
pub mod nim;
pub mod sum;
pub mod words;

use std::fmt;
use std::sync::Arc;

use crate::engine::{Game, Solver};
use crate::schema::Table;

/// A family's rules from the body of its table (`start = 9 …`, without
/// the `[kind]` line): for the tests, benches and examples that build rules
/// without a whole ruleset.
///
/// # Errors
/// The TOML's error, or every problem the family's check found.
pub fn rules_from_body<F: Family>(body: &str) -> Result<F::Rules, String> {
    let doc = toml::de::DeTable::parse(body).map_err(|e| e.to_string())?;
    let mut t = crate::schema::Table::new(format!("[{}]", F::KIND), doc.get_ref(), 0..0);
    let rules = F::check(&mut t);
    let problems = t.finish();
    match rules {
        Some(rules) if problems.is_empty() => Ok(rules),
        _ => Err(format!("{problems:?}")),
    }
}

/// What a family of games provides: how a ruleset's table becomes rules,
/// the starting position, and the solver.
pub trait Family: 'static {
    /// The `kind` a ruleset names, and the name of its table (`[flags]`).
    const KIND: &'static str;
    /// The rules of one ruleset, with whatever was solved once for all its
    /// games (cheap to clone: shared tables sit behind `Arc`s).
    type Rules: Clone + fmt::Debug + Send + Sync + 'static;
    type Game: Game + fmt::Display;
    type Solver: Solver<Self::Game> + 'static;

    /// Reads and checks the family's table; every problem goes to `table`,
    /// and `None` comes back when there was one.
    fn check(table: &mut Table<'_, '_>) -> Option<Self::Rules>;

    /// The starting position.
    fn start(rules: &Self::Rules) -> Self::Game;

    /// The solver for the ruleset's games (shared by all of them).
    fn solver(rules: &Self::Rules) -> Arc<Self::Solver>;

    /// The rules in plain words, a sentence a line.
    fn card(rules: &Self::Rules) -> Vec<String>;

    /// The card as the identities of stop 122 and before fingerprinted it
    /// (`Ruleset::former_identity`, which takes over the records kept
    /// then): a family that words its card anew keeps the former wording
    /// here.
    fn former_card(rules: &Self::Rules) -> Vec<String> {
        Self::card(rules)
    }

    /// The group the menu lists the ruleset under, in words a player
    /// knows (`k in a row`, `Connect Four`), and its place among the
    /// family's groups.
    fn group(rules: &Self::Rules) -> (u8, &'static str);

    /// How large a game is, for listing small games first: by default the
    /// moves of the starting position.
    fn size(rules: &Self::Rules) -> u128 {
        Self::start(rules).move_count()
    }

    /// Hands the typed rules to the visitor's method for this family (see
    /// [`Visitor`]).
    fn visit(rules: &Self::Rules, visitor: &mut dyn Visitor);
}

/// Something done with a ruleset's typed rules, whatever its family: the
/// registry erases the family's types, and a front end gets them back
/// through this, one method a family (the screen pairs each family with
/// its view so, without the registry knowing any screen).
pub trait Visitor {
    fn flags(&mut self, rules: &flags::Rules);
    fn nim(&mut self, rules: &nim::Rules);
    fn divisors(&mut self, rules: &divisors::Rules);
    fn mnk(&mut self, rules: &mnk::Rules);
    fn coins(&mut self, rules: &coins::Rules);
    fn words(&mut self, rules: &words::Rules);
    fn graph(&mut self, rules: &graph::Rules);
    fn arrays(&mut self, rules: &arrays::Rules);
    fn sum(&mut self, rules: &sum::Rules);
}
