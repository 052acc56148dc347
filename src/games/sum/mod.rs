//! sum — several games side by side (docs/design.md §1): a move is a move
//! in any one part; who cannot move in any part loses (or, misère, wins).
//! Parts: `flags` (a subtraction game under normal play), `nim`, `words`
//! (one round of the prefix game on a list) and `graph` (a geography
//! token on up to 64 vertices).

mod game;
mod part;
mod solver;

use std::sync::Arc;

use toml::de::DeValue;

use crate::games::nim::{Grundy, Take};
use crate::games::words::Trie;
use crate::schema::Table;

use super::Family;

pub use game::{SumGame, SumMove};
pub use part::{PartMove, PartRules, PartState};
pub use solver::SumSolver;

/// How many parts a sum has.
pub const MIN_PARTS: usize = 2;
pub const MAX_PARTS: usize = 16;
/// The largest pile of a part (with a take list; `take = "any"` piles are
/// at most [`MAX_ANY_PILE`], as each size is a move).
pub const MAX_PILE: u64 = 1_000_000_000_000_000_000;
pub const MAX_ANY_PILE: u64 = 10_000;
/// The most piles of a nim part.
pub const MAX_PILES: usize = 100;
/// The most vertices of a graph part (its token's visits are one word).
pub const MAX_GRAPH: usize = 64;

/// The card: how a sum is played, each part in the words of `part` (its
/// rules from its starting state), and who wins.
fn card(rules: &Rules, part: impl Fn(&PartRules, &PartState) -> String) -> Vec<String> {
    let start = Sum::start(rules);
    let mut lines = vec![format!(
        "{} games side by side; on your turn, move in any one of them (write its number, a colon and its own move, like 1:3).",
        rules.parts.len()
    )];
    for (i, (r, s)) in rules.parts.iter().zip(&start.states).enumerate() {
        lines.push(format!("Part {}: {}.", i + 1, part(r, s)));
    }
    lines.push(if rules.misere {
        "A player who cannot move in any part wins (misère).".to_string()
    } else {
        "A player who cannot move in any part loses.".to_string()
    });
    lines
}

/// The family: `kind = "sum"`.
pub struct Sum;

#[derive(Clone, Debug)]
pub struct Rules {
    pub parts: Arc<[PartRules]>,
    pub misere: bool,
}

impl Family for Sum {
    const KIND: &'static str = "sum";
    type Rules = Rules;
    type Game = SumGame;
    type Solver = SumSolver;

    fn check(t: &mut Table<'_, '_>) -> Option<Rules> {
        let misere = t.bool_or("misere", false);
        let list = t.require("part")?;
        let DeValue::Array(items) = list.get_ref() else {
            t.problem(
                list.span(),
                "the parts are tables: write [[sum.part]] above each part's keys",
            );
            return None;
        };
        if !(MIN_PARTS..=MAX_PARTS).contains(&items.len()) {
            t.problem(
                list.span(),
                format!(
                    "a sum has {MIN_PARTS} to {MAX_PARTS} parts, not {}",
                    items.len()
                ),
            );
            return None;
        }
        let mut parts = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let DeValue::Table(table) = item.get_ref() else {
                t.problem(
                    item.span(),
                    "each part is a table: [[sum.part]] and its keys",
                );
                continue;
            };
            let mut pt = t.nested(format!("[[sum.part]] {}", i + 1), table, item.span());
            let part = read_part(&mut pt);
            t.problems(pt.finish());
            parts.extend(part);
        }
        let misere = misere?;
        if t.has_problems() || parts.len() != items.len() {
            return None;
        }
        Some(Rules {
            parts: parts.into(),
            misere,
        })
    }

    fn start(rules: &Rules) -> SumGame {
        SumGame::new(Arc::clone(&rules.parts), rules.misere)
    }

    fn solver(_rules: &Rules) -> Arc<SumSolver> {
        Arc::new(SumSolver::default())
    }

    fn card(rules: &Rules) -> Vec<String> {
        card(rules, PartRules::rules_in_words)
    }

    /// Until stop 123 each part's line was its starting state alone.
    fn former_card(rules: &Rules) -> Vec<String> {
        card(rules, PartRules::describe)
    }

    fn visit(rules: &Rules, visitor: &mut dyn super::Visitor) {
        visitor.sum(rules);
    }

    fn group(_rules: &Rules) -> (u8, &'static str) {
        (0, "Sums of games")
    }

    fn size(rules: &Rules) -> u128 {
        rules.parts.len() as u128
    }
}

/// One part's table: its `kind` and that kind's keys.
fn read_part(t: &mut Table<'_, '_>) -> Option<PartRules> {
    let kind = t.word_or("kind", &["flags", "nim", "words", "graph"], "flags")?;
    match kind {
        "flags" => {
            let start = t.uint("start", 0..=MAX_PILE);
            let take = crate::games::nim::read_take(t);
            let (start, take) = (*start?.get_ref(), take?);
            if matches!(take, Take::Any) {
                t.problem(
                    t.span(),
                    "a flags part needs a take list, such as take = [1, 2, 3]",
                );
                return None;
            }
            piles(t, false, vec![start], take)
        }
        "nim" => {
            let list = t.uint_list("piles", 0..=MAX_PILE, 1..=MAX_PILES);
            let take = crate::games::nim::read_take(t);
            let (list, take) = (list?, take?);
            let start: Vec<u64> = list.get_ref().iter().map(|p| *p.get_ref()).collect();
            piles(t, true, start, take)
        }
        "words" => {
            let v = t.require("words")?;
            let trie: Trie = crate::games::words::listed(t, v)?;
            let grundy = part::word_grundy(&trie);
            Some(PartRules::Words {
                trie: Arc::new(trie),
                grundy,
            })
        }
        _ => {
            let board = crate::games::graph::read_board(t)?;
            if board.len() > MAX_GRAPH {
                t.problem(
                    t.span(),
                    format!(
                        "a graph part has at most {MAX_GRAPH} vertices, not {}",
                        board.len()
                    ),
                );
                return None;
            }
            Some(PartRules::Graph {
                board: Arc::new(board),
            })
        }
    }
}

/// A part of piles: each solved once (the take list's Grundy period).
fn piles(t: &mut Table<'_, '_>, nim: bool, start: Vec<u64>, take: Take) -> Option<PartRules> {
    let largest = start.iter().copied().max().unwrap_or(0);
    if matches!(take, Take::Any) && largest > MAX_ANY_PILE {
        t.problem(
            t.span(),
            format!("with take = \"any\" a pile of a part holds at most {MAX_ANY_PILE} stones (each size is a move); use a take list for larger piles"),
        );
        return None;
    }
    let grundy = Grundy::new(&take, largest)
        .map_err(|why| t.problem(t.span(), why))
        .ok()?;
    Some(PartRules::Piles {
        nim,
        take,
        grundy: Arc::new(grundy),
        start,
    })
}
