//! divisors — the multiples-and-divisors game (Juniper Green), docs/design.md §1.

mod edit;
mod explain;
mod game;
mod solver;

use std::sync::Arc;

use crate::engine::Player;
use crate::schema::Table;

use super::Family;

pub use game::{Board, DivisorsGame};
pub use solver::{DivisorsSolver, NumberGraph};

/// The largest number on a board.
pub const MAX_NUMBER: u64 = 1_000_000;
/// The most numbers a board may hold.
pub const MAX_BOARD: u64 = 10_000;

/// The family: `kind = "divisors"`.
pub struct Divisors;

/// A checked divisors ruleset.
#[derive(Clone, Debug)]
pub struct Rules {
    pub board: Arc<Board>,
}

impl Family for Divisors {
    const KIND: &'static str = "divisors";
    type Rules = Rules;
    type Game = DivisorsGame;
    type Solver = DivisorsSolver;

    fn check(t: &mut Table<'_, '_>) -> Option<Rules> {
        let min = t.uint("min", 1..=MAX_NUMBER);
        let max = t.uint("max", 1..=MAX_NUMBER);
        let first_min = t.value("first_min");
        let first_max = t.value("first_max");
        let first_even = t.bool_or("first_even", false);
        let (min_at, max_at) = (min?, max?);
        let (min, max) = (*min_at.get_ref(), *max_at.get_ref());
        if min > max {
            t.problem(
                min_at.span(),
                format!("min is '{min}', more than max ({max}): the board would be empty"),
            );
            return None;
        }
        if max - min + 1 > MAX_BOARD {
            t.problem(
                max_at.span(),
                format!(
                    "the board {min} to {max} holds {} numbers; at most {MAX_BOARD} are allowed",
                    max - min + 1
                ),
            );
            return None;
        }
        let mut within = |v: Option<&crate::schema::Spanned<crate::schema::Value<'_>>>,
                          field: &str,
                          default: u64| match v {
            None => Some(default),
            Some(v) => crate::schema::uint(v, field, &(min..=max))
                .map(|n| *n.get_ref())
                .map_err(|p| {
                    t.problem(
                        p.span,
                        format!(
                            "{} (the opening range must lie on the board, {min} to {max})",
                            p.message
                        ),
                    );
                })
                .ok(),
        };
        let first_min = within(first_min, "first_min", min);
        let first_max = within(first_max, "first_max", max);
        let (first_min, first_max, first_even) = (first_min?, first_max?, first_even?);
        let board = Board {
            min: min as u32,
            max: max as u32,
            first_min: first_min as u32,
            first_max: first_max as u32,
            first_even,
        };
        if board.openings().next().is_none() {
            t.problem(
                t.span(),
                format!(
                    "no number may open the game: the opening range {first_min} to {first_max}{} is empty",
                    if first_even {
                        " has no even number or"
                    } else {
                        ""
                    }
                ),
            );
            return None;
        }
        Some(Rules {
            board: Arc::new(board),
        })
    }

    fn start(rules: &Rules) -> DivisorsGame {
        DivisorsGame::new(Arc::clone(&rules.board), Player::First)
    }

    fn solver(_rules: &Rules) -> Arc<DivisorsSolver> {
        Arc::new(DivisorsSolver::default())
    }

    fn card(rules: &Rules) -> Vec<String> {
        let b = &rules.board;
        let mut lines = vec![format!(
            "The numbers {} to {} are on the board.",
            b.min, b.max
        )];
        let all = b.first_min == b.min && b.first_max == b.max;
        lines.push(match (all, b.first_even) {
            (true, false) => "The first player opens with any number on the board.".to_string(),
            (true, true) => "The first player opens with any even number on the board.".to_string(),
            (false, even) => format!(
                "The first player opens with {}a number from {} to {}.",
                if even { "an even number, " } else { "" },
                b.first_min,
                b.first_max
            ),
        });
        lines.push(
            "After that, each number played must be a multiple or a divisor of the number just played, and no number may be played twice."
                .to_string(),
        );
        lines.push("A player who has no number left to play loses.".to_string());
        lines
    }

    fn visit(rules: &Rules, visitor: &mut dyn super::Visitor) {
        visitor.divisors(rules);
    }

    fn group(_rules: &Rules) -> (u8, &'static str) {
        (0, "Multiples and divisors")
    }
}
