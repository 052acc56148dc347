//! The screen of a ruleset's game: each family paired with its board view.
//! The registry names no screen, so the pairing lives here, on the TUI's
//! side, and the compiler refuses a view that is not for its family.

use crate::families::Rules;
use crate::games::{Family, Visitor, arrays, coins, divisors, flags, graph, mnk, nim, sum, words};
use crate::session::{Session, Setup};

use super::boards::{
    BoardView, arrays::ArraysView, coins::CoinsView, divisors::DivisorsView, flags::FlagsView,
    graph::GraphView, mnk::MnkView, nim::NimView, sum::SumView, words::WordsView,
};
use super::play::{PlayScreen, Playing, ScreenOptions};

/// A new game of `rules` on the screen, with its family's board view.
#[must_use]
pub fn screen(rules: &dyn Rules, setup: Setup, options: ScreenOptions) -> Box<dyn PlayScreen> {
    let mut maker = Maker {
        setup,
        options,
        made: None,
    };
    rules.visit(&mut maker);
    // Every family's method makes a screen: `made` is always set.
    maker
        .made
        .unwrap_or_else(|| unreachable!("a family without a screen"))
}

struct Maker {
    setup: Setup,
    options: ScreenOptions,
    made: Option<Box<dyn PlayScreen>>,
}

impl Maker {
    fn make<F: Family, V: BoardView<F>>(&mut self, rules: &F::Rules) {
        self.made = Some(Box::new(Playing::<F, V>::new(
            Session::new(rules, self.setup),
            self.options,
        )));
    }
}

impl Visitor for Maker {
    fn flags(&mut self, rules: &flags::Rules) {
        self.make::<flags::Flags, FlagsView>(rules);
    }

    fn nim(&mut self, rules: &nim::Rules) {
        self.make::<nim::Nim, NimView>(rules);
    }

    fn divisors(&mut self, rules: &divisors::Rules) {
        self.make::<divisors::Divisors, DivisorsView>(rules);
    }

    fn mnk(&mut self, rules: &mnk::Rules) {
        self.make::<mnk::Mnk, MnkView>(rules);
    }

    fn coins(&mut self, rules: &coins::Rules) {
        self.make::<coins::Coins, CoinsView>(rules);
    }

    fn words(&mut self, rules: &words::Rules) {
        self.make::<words::Words, WordsView>(rules);
    }

    fn graph(&mut self, rules: &graph::Rules) {
        self.make::<graph::Geography, GraphView>(rules);
    }

    fn arrays(&mut self, rules: &arrays::Rules) {
        self.make::<arrays::Arrays, ArraysView>(rules);
    }

    fn sum(&mut self, rules: &sum::Rules) {
        self.make::<sum::Sum, SumView>(rules);
    }
}
