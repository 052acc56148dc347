//! The one list of game families (`games/<kind>/`): a ruleset's `kind`
//! finds its family here, and a test holds this list against the folders,
//! the views and the built-in rulesets. The registry names no screen: a
//! front end reaches a family's typed rules through `Rules::visit` (the
//! TUI pairs each family with its view in `tui/screens.rs`).

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use crate::engine::{Budget, Game, Solver, Value};
use crate::games::{Family, Visitor, arrays, coins, divisors, flags, graph, mnk, nim, sum, words};
use crate::schema::Table;
use crate::session::{AnySession, Session, Setup};

/// Every family, in the order the menu shows them.
pub static FAMILIES: &[&dyn Registered] = &[
    &Entry::<flags::Flags>::NEW,
    &Entry::<nim::Nim>::NEW,
    &Entry::<divisors::Divisors>::NEW,
    &Entry::<graph::Geography>::NEW,
    &Entry::<mnk::Mnk>::NEW,
    &Entry::<coins::Coins>::NEW,
    &Entry::<words::Words>::NEW,
    &Entry::<arrays::Arrays>::NEW,
    &Entry::<sum::Sum>::NEW,
];

/// The family a ruleset's `kind` names.
#[must_use]
pub fn find(kind: &str) -> Option<&'static dyn Registered> {
    FAMILIES.iter().copied().find(|f| f.kind() == kind)
}

/// Every kind, in registry order.
#[must_use]
pub fn kinds() -> Vec<&'static str> {
    FAMILIES.iter().map(|f| f.kind()).collect()
}

/// A family in the registry, with its types erased.
pub trait Registered: Sync {
    fn kind(&self) -> &'static str;
    /// Reads the family's table (problems go to `table`).
    fn check(&self, table: &mut Table<'_, '_>) -> Option<Arc<dyn Rules>>;
}

/// A checked ruleset's rules, with the family's types erased once: the
/// front ends reach the game only through these.
pub trait Rules: Send + Sync + fmt::Debug {
    fn kind(&self) -> &'static str;
    /// The rules in plain words.
    fn card(&self) -> Vec<String>;
    /// The card as the former identities read it (`Family::former_card`).
    fn former_card(&self) -> Vec<String>;
    /// A game for plain play and `analyze`.
    fn session(&self, setup: Setup) -> Box<dyn AnySession>;
    /// Hands the typed rules to `visitor` (a front end's per-family work).
    fn visit(&self, visitor: &mut dyn Visitor);
    /// The value of the starting position, within `budget`.
    fn start_value(&self, budget: &Budget) -> Value;
    /// The menu's group for the ruleset, in words, with its place in the
    /// family (see `Family::group`).
    fn group(&self) -> (u8, &'static str);
    /// How large the game is, small games first in the menu.
    fn size(&self) -> u128;
}

/// The registry's entry for family `F`.
pub struct Entry<F>(PhantomData<fn() -> F>);

impl<F> Entry<F> {
    pub const NEW: Self = Self(PhantomData);
}

impl<F: Family> Registered for Entry<F> {
    fn kind(&self) -> &'static str {
        F::KIND
    }

    fn check(&self, table: &mut Table<'_, '_>) -> Option<Arc<dyn Rules>> {
        let rules = F::check(table)?;
        Some(Arc::new(Checked::<F> { rules }))
    }
}

struct Checked<F: Family> {
    rules: F::Rules,
}

impl<F: Family> fmt::Debug for Checked<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Checked")
            .field("kind", &F::KIND)
            .field("rules", &self.rules)
            .finish()
    }
}

impl<F: Family> Rules for Checked<F> {
    fn kind(&self) -> &'static str {
        F::KIND
    }

    fn card(&self) -> Vec<String> {
        F::card(&self.rules)
    }

    fn former_card(&self) -> Vec<String> {
        F::former_card(&self.rules)
    }

    fn session(&self, setup: Setup) -> Box<dyn AnySession> {
        Box::new(Session::<F>::new(&self.rules, setup))
    }

    fn visit(&self, visitor: &mut dyn Visitor) {
        F::visit(&self.rules, visitor);
    }

    fn start_value(&self, budget: &Budget) -> Value {
        let start = F::start(&self.rules);
        if start.status().is_over() {
            return Value::UNKNOWN;
        }
        F::solver(&self.rules).value(&start, budget)
    }

    fn group(&self) -> (u8, &'static str) {
        F::group(&self.rules)
    }

    fn size(&self) -> u128 {
        F::size(&self.rules)
    }
}
