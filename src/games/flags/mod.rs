//! flags — the subtraction game ("21 flags", "N stones"), docs/design.md §1.

mod explain;
mod game;
mod item;
mod solver;

use std::sync::Arc;

use crate::engine::Player;
use crate::schema::{Table as TomlTable, big};

use super::Family;

pub use game::{FlagsGame, or_list};
pub use item::Item;
pub use solver::{PERIOD_SEARCH_LIMIT, Period, Table};

/// The largest count of flags a ruleset may start with.
pub const MAX_START: u64 = 1_000_000_000_000_000_000;
/// The largest number of flags one move may take.
pub const MAX_TAKE: u64 = 10_000;
/// The most different move sizes in `take`.
pub const MAX_TAKE_CHOICES: usize = 64;

/// What happens to a player who has flags in front of them but no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum WhenStuck {
    #[default]
    Draw,
    Lose,
}

/// The family: `kind = "flags"`.
pub struct Flags;

/// A checked flags ruleset with its solved table.
#[derive(Clone, Debug)]
pub struct Rules {
    pub start: u64,
    pub take: Arc<[u64]>,
    pub lose_at: u64,
    pub when_stuck: WhenStuck,
    pub table: Arc<Table>,
    /// What the row is made of: flags, or the ruleset's word.
    pub item: Item,
}

impl Family for Flags {
    const KIND: &'static str = "flags";
    type Rules = Rules;
    type Game = FlagsGame;
    type Solver = Table;

    fn check(t: &mut TomlTable<'_, '_>) -> Option<Rules> {
        let start = t.uint("start", 1..=MAX_START);
        let take = t.uint_set("take", 1..=MAX_TAKE, MAX_TAKE_CHOICES);
        let lose_at = t.uint("lose_at", 0..=MAX_START);
        let when_stuck = match t.word_or("when_stuck", &["draw", "lose"], "draw") {
            Some("lose") => Some(WhenStuck::Lose),
            Some(_) => Some(WhenStuck::Draw),
            None => None,
        };
        let item = item::read(t);
        let (start, lose_at, item) = (start?, lose_at?, item?);
        if start.get_ref() <= lose_at.get_ref() {
            t.problem(
                start.span(),
                format!(
                    "start is '{}', but it must be more than lose_at ({}) for a game to be played",
                    start.get_ref(),
                    lose_at.get_ref()
                ),
            );
            return None;
        }
        let (start, lose_at, take, when_stuck) =
            (*start.get_ref(), *lose_at.get_ref(), take?, when_stuck?);
        let table = Table::solve(take.get_ref(), when_stuck, start - lose_at)
            .map_err(|limit| {
                t.problem(
                    take.span(),
                    format!(
                        "these moves give outcomes with no period within {} counts, so a start \
                         of {start} cannot be solved exactly; use a start up to {}",
                        big(i128::from(limit)),
                        lose_at + limit
                    ),
                );
            })
            .ok()?;
        Some(Rules {
            start,
            take: take.into_inner().into(),
            lose_at,
            when_stuck,
            table: Arc::new(table),
            item,
        })
    }

    fn start(rules: &Rules) -> FlagsGame {
        FlagsGame::new(rules.start, rules, Player::First)
    }

    fn solver(rules: &Rules) -> Arc<Table> {
        Arc::clone(&rules.table)
    }

    fn card(rules: &Rules) -> Vec<String> {
        explain::card(rules)
    }

    fn visit(rules: &Rules, visitor: &mut dyn super::Visitor) {
        visitor.flags(rules);
    }

    fn group(_rules: &Rules) -> (u8, &'static str) {
        (0, "Flags")
    }
}
