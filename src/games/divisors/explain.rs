//! The idea behind a divisors position: the maximum matching, the winning
//! openings, and the partner the winner answers with.

use crate::engine::{Budget, Game, Outcome, Solver};

use super::solver::NumberGraph;
use super::{DivisorsGame, DivisorsSolver};

fn list(numbers: &[u32]) -> String {
    const SHOWN: usize = 30;
    let words: Vec<String> = numbers.iter().take(SHOWN).map(u32::to_string).collect();
    let more = numbers.len().saturating_sub(SHOWN);
    if more > 0 {
        format!("{} and {more} more", words.join(", "))
    } else {
        words.join(", ")
    }
}

pub fn explain(solver: &DivisorsSolver, pos: &DivisorsGame, budget: &Budget) -> Vec<String> {
    let mut lines = vec![
        "The idea: link two numbers when one divides the other. The player to move wins exactly when every maximum matching of the numbers still in play covers the last number played; the winner answers each move with its partner in such a matching."
            .to_string(),
    ];
    let results = solver.move_results(pos, budget).listed;
    if results.iter().any(|(_, v)| !v.is_proven()) {
        lines.push(
            "The matching was not finished within the time budget, so the results are unknown."
                .to_string(),
        );
        return lines;
    }
    let winning: Vec<u32> = results
        .iter()
        .filter(|(_, v)| v.outcome == Outcome::Win)
        .map(|(m, _)| *m)
        .collect();
    match pos.current {
        None => {
            let g = NumberGraph::of(pos, None);
            if let Some(m) = crate::games::matching::maximum_matching_within(&g.graph, budget) {
                lines.push(format!(
                    "A maximum matching of the board pairs {} of its {} numbers.",
                    2 * m.size(),
                    g.numbers.len()
                ));
            }
            if winning.is_empty() {
                lines.push(
                    "Every allowed opening is covered by every maximum matching, so the second player answers each move with its partner and wins."
                        .to_string(),
                );
            } else {
                lines.push(format!(
                    "Winning openings (numbers some maximum matching misses): {}.",
                    list(&winning)
                ));
            }
        }
        Some(c) => {
            let g = NumberGraph::of(pos, Some(c));
            let Some(m) = crate::games::matching::maximum_matching_within(&g.graph, budget) else {
                return lines;
            };
            let partner = g.vertex(c).and_then(|v| m.mate[v]).map(|p| g.numbers[p]);
            match (partner, winning.is_empty()) {
                (Some(p), false) if winning.contains(&p) => lines.push(format!(
                    "{c} is covered by every maximum matching of the numbers in play; its partner in one is {p}: answer {c} with {p}."
                )),
                (_, false) => lines.push(format!("Winning answers to {c}: {}.", list(&winning))),
                (_, true) => lines.push(format!(
                    "Some maximum matching of the numbers in play misses {c}, so every answer to it can itself be answered by a matching partner."
                )),
            }
        }
    }
    lines
}

pub fn reason(
    solver: &DivisorsSolver,
    pos: &DivisorsGame,
    mv: u32,
    budget: &Budget,
) -> Option<String> {
    if !pos.is_legal(mv) {
        return None;
    }
    let result = solver
        .move_results(pos, budget)
        .listed
        .into_iter()
        .find(|(m, _)| *m == mv)?
        .1;
    Some(match (result.outcome, result.plies) {
        (Outcome::Win, Some(1)) => format!("{mv} leaves no multiple or divisor to play"),
        (Outcome::Win, _) => format!(
            "some maximum matching of the numbers left misses {mv}, so each reply can be answered by its partner"
        ),
        _ => format!(
            "every maximum matching of the numbers left covers {mv}: the opponent answers with its partner"
        ),
    })
}
