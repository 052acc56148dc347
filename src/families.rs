//! The one list of game families. Each line joins a family's rules and
//! solver (`games/<kind>/`) to its board view (`tui/boards/<kind>.rs`); the
//! compiler refuses a line whose view is not for its family, and a test
//! holds this list against the folders and the built-in rulesets. Nothing
//! else in the program names a family.

use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;

use crate::engine::{Budget, Game, Solver, Value};
use crate::games::{BookJob, Family, MadeBook, coins, divisors, flags, mnk, nim, words};
use crate::schema::Table;
use crate::session::{AnySession, Session, Setup};
use crate::tui::boards::{
    BoardView, coins::CoinsView, divisors::DivisorsView, flags::FlagsView, mnk::MnkView,
    nim::NimView, words::WordsView,
};
use crate::tui::play::{PlayScreen, Playing, ScreenOptions};

/// Every family, in the order the menu shows them.
pub static FAMILIES: &[&dyn Registered] = &[
    &Entry::<flags::Flags, FlagsView>::NEW,
    &Entry::<nim::Nim, NimView>::NEW,
    &Entry::<divisors::Divisors, DivisorsView>::NEW,
    &Entry::<mnk::Mnk, MnkView>::NEW,
    &Entry::<coins::Coins, CoinsView>::NEW,
    &Entry::<words::Words, WordsView>::NEW,
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
    /// A game for plain play and `analyze`.
    fn session(&self, setup: Setup) -> Box<dyn AnySession>;
    /// A game on the screen, with the family's board view.
    fn screen(&self, setup: Setup, options: ScreenOptions) -> Box<dyn PlayScreen>;
    /// The value of the starting position, within `budget`.
    fn start_value(&self, budget: &Budget) -> Value;
    /// The menu's group for the ruleset, in words, with its place in the
    /// family (see `Family::group`).
    fn group(&self) -> (u8, &'static str);
    /// How large the game is, small games first in the menu.
    fn size(&self) -> u128;
    /// An opening book, for families that use one.
    fn make_book(&self, job: BookJob<'_>) -> Option<Result<MadeBook, String>>;
}

/// The registry's entry for family `F` with view `V`.
pub struct Entry<F, V>(PhantomData<fn() -> (F, V)>);

impl<F, V> Entry<F, V> {
    pub const NEW: Self = Self(PhantomData);
}

impl<F: Family, V: BoardView<F>> Registered for Entry<F, V> {
    fn kind(&self) -> &'static str {
        F::KIND
    }

    fn check(&self, table: &mut Table<'_, '_>) -> Option<Arc<dyn Rules>> {
        let rules = F::check(table)?;
        Some(Arc::new(Checked::<F, V> {
            rules,
            view: PhantomData,
        }))
    }
}

struct Checked<F: Family, V> {
    rules: F::Rules,
    view: PhantomData<fn() -> V>,
}

impl<F: Family, V> fmt::Debug for Checked<F, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Checked")
            .field("kind", &F::KIND)
            .field("rules", &self.rules)
            .finish()
    }
}

impl<F: Family, V: BoardView<F>> Rules for Checked<F, V> {
    fn kind(&self) -> &'static str {
        F::KIND
    }

    fn card(&self) -> Vec<String> {
        F::card(&self.rules)
    }

    fn session(&self, setup: Setup) -> Box<dyn AnySession> {
        Box::new(Session::<F>::new(&self.rules, setup))
    }

    fn screen(&self, setup: Setup, options: ScreenOptions) -> Box<dyn PlayScreen> {
        Box::new(Playing::<F, V>::new(
            Session::new(&self.rules, setup),
            options,
        ))
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

    fn make_book(&self, job: BookJob<'_>) -> Option<Result<MadeBook, String>> {
        F::make_book(&self.rules, job)
    }
}
