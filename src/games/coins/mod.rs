//! coins — coins in a row, a game of scores (docs/design.md §1).

mod explain;
mod game;
mod solver;

use std::sync::Arc;

use crate::engine::Player;
use crate::schema::Table;

use super::Family;

pub use game::{CoinsGame, End};
pub use solver::Intervals;

/// The most coins a row may hold.
pub const MAX_COINS: usize = 1000;
/// The largest value of one coin.
pub const MAX_VALUE: u64 = 1_000_000_000;

/// The family: `kind = "coins"`.
pub struct Coins;

/// A checked row of coins, with every stretch of it solved.
#[derive(Clone, Debug)]
pub struct Rules {
    pub values: Arc<[u64]>,
    pub solved: Arc<Intervals>,
}

impl Family for Coins {
    const KIND: &'static str = "coins";
    type Rules = Rules;
    type Game = CoinsGame;
    type Solver = Intervals;

    fn check(t: &mut Table<'_, '_>) -> Option<Rules> {
        let values = t.uint_list("values", 0..=MAX_VALUE, 1..=MAX_COINS)?;
        let values: Arc<[u64]> = values.get_ref().iter().map(|v| *v.get_ref()).collect();
        Some(Rules {
            solved: Arc::new(Intervals::solve(&values)),
            values,
        })
    }

    fn start(rules: &Rules) -> CoinsGame {
        CoinsGame::new(Arc::clone(&rules.values), Player::First)
    }

    fn solver(rules: &Rules) -> Arc<Intervals> {
        Arc::clone(&rules.solved)
    }

    fn card(rules: &Rules) -> Vec<String> {
        explain::card(rules)
    }

    fn visit(rules: &Rules, visitor: &mut dyn super::Visitor) {
        visitor.coins(rules);
    }

    fn group(_rules: &Rules) -> (u8, &'static str) {
        (0, "Coins in a row")
    }
}
