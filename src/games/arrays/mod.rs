//! arrays — the two array games of the GeeksforGeeks game-theory chapter
//! (docs/design.md §1): "replace" (replace every copy of one value by
//! another; who cannot pick two distinct values loses) and "xor" (remove
//! an element; who leaves the rest with an XOR of zero loses).

mod game;
mod solver;

use std::sync::Arc;

use crate::schema::Table;

use super::Family;

pub use game::{ArrayMove, ArraysGame, Which};
pub use solver::ArraysSolver;

/// The most elements an array may hold.
pub const MAX_ELEMENTS: usize = 1000;
/// The most distinct values of a "replace" array (its moves are pairs).
pub const MAX_DISTINCT: usize = 100;
/// The largest element.
pub const MAX_VALUE: u64 = 1_000_000_000;

/// The family: `kind = "arrays"`.
pub struct Arrays;

/// A checked array game.
#[derive(Clone, Debug)]
pub struct Rules {
    pub which: Which,
    pub values: Arc<[u64]>,
}

impl Family for Arrays {
    const KIND: &'static str = "arrays";
    type Rules = Rules;
    type Game = ArraysGame;
    type Solver = ArraysSolver;

    fn check(t: &mut Table<'_, '_>) -> Option<Rules> {
        let which = t.word_or("game", &["replace", "xor"], "replace");
        let values = t.uint_list("values", 0..=MAX_VALUE, 1..=MAX_ELEMENTS);
        let (which, values) = (which?, values?);
        let list: Vec<u64> = values.get_ref().iter().map(|v| *v.get_ref()).collect();
        let which = if which == "xor" {
            Which::Xor
        } else {
            Which::Replace
        };
        let mut distinct = list.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if which == Which::Replace && distinct.len() > MAX_DISTINCT {
            t.problem(
                values.span(),
                format!(
                    "a replace game has at most {MAX_DISTINCT} distinct values, not {}",
                    distinct.len()
                ),
            );
            return None;
        }
        Some(Rules {
            which,
            values: list.into(),
        })
    }

    fn start(rules: &Rules) -> ArraysGame {
        ArraysGame::new(rules.which, &rules.values)
    }

    fn solver(_rules: &Rules) -> Arc<ArraysSolver> {
        Arc::new(ArraysSolver)
    }

    fn card(rules: &Rules) -> Vec<String> {
        let shown: Vec<String> = rules.values.iter().take(20).map(u64::to_string).collect();
        let more = if rules.values.len() > 20 { ", …" } else { "" };
        let mut lines = vec![format!("The array: {}{more}.", shown.join(", "))];
        match rules.which {
            Which::Replace => {
                lines.push("On your turn, pick two different values a and b of the array and replace every a by b (write a>b).".to_string());
                lines.push("A player who cannot pick two different values loses.".to_string());
            }
            Which::Xor => {
                lines.push("On your turn, remove one element (write its value).".to_string());
                lines.push("A player who leaves the rest with a bitwise XOR of 0 loses (an empty array counts as 0); if the XOR is 0 before the first move, the first player wins at once.".to_string());
            }
        }
        lines
    }

    fn visit(rules: &Rules, visitor: &mut dyn super::Visitor) {
        visitor.arrays(rules);
    }

    fn group(_rules: &Rules) -> (u8, &'static str) {
        (0, "Array games")
    }

    fn size(rules: &Rules) -> u128 {
        rules.values.len() as u128
    }
}
