//! The idea behind a nim position, in sentences: the nim-sum in binary, the
//! Grundy values and their period, the rule in force.

use crate::engine::{Budget, Game, Outcome, Solver};

use super::grundy::Grundy;
use super::{Method, NimGame, NimMove, NimSolver};

fn binary_sum(values: &[u64]) -> String {
    if values.len() > 8 {
        let total = values.iter().fold(0, |a, &v| a ^ v);
        return format!("the {} values XORed together = {total:b}", values.len());
    }
    let width = values.iter().fold(0u64, |a, &v| a | v).max(1).ilog2() as usize + 1;
    let total = values.iter().fold(0, |a, &v| a ^ v);
    let parts: Vec<String> = values.iter().map(|v| format!("{v:0width$b}")).collect();
    format!("{} = {total:0width$b}", parts.join(" xor "))
}

fn list(values: &[u64]) -> String {
    let w: Vec<String> = values.iter().map(u64::to_string).collect();
    w.join(", ")
}

pub fn explain(solver: &NimSolver, pos: &NimGame) -> Vec<String> {
    let mut lines = Vec::new();
    match &solver.method {
        Method::NimSum => {
            lines.push(format!(
                "Nim-sum (the piles XORed in binary): {} = {}.",
                binary_sum(&pos.piles),
                solver.grundy_sum(pos)
            ));
            lines.push(
                "The rule: a nonzero nim-sum wins; move so that the nim-sum becomes 0, and every reply makes it nonzero again."
                    .to_string(),
            );
        }
        Method::Grundy(g) => {
            let values: Vec<u64> = pos
                .piles
                .iter()
                .zip(&pos.passes)
                .map(|(&n, &p)| solver.pile_grundy(n, p))
                .collect();
            lines.push(format!(
                "Grundy values of the piles: {}; XORed in binary: {} = {}.",
                list(&values),
                binary_sum(&values),
                solver.grundy_sum(pos)
            ));
            lines.push(grundy_pattern(g, pos));
            lines.push(
                "The rule (Sprague–Grundy): each pile plays like a nim pile of its Grundy value; a nonzero XOR wins, so move to make it 0."
                    .to_string(),
            );
        }
        Method::MisereNim => {
            lines.push(format!(
                "Nim-sum: {} = {}.",
                binary_sum(&pos.piles),
                solver.grundy_sum(pos)
            ));
            lines.push(
                "The misère rule: play as in normal nim (make the nim-sum 0) until your move would leave only piles of 0 or 1 stones; then leave an odd number of 1-piles."
                    .to_string(),
            );
        }
        Method::Exhaustive(search) => {
            lines.push(format!(
                "Misère play with {} follows no known rule, so this was solved by exhaustive search ({} positions so far).",
                if pos.pass_rule {
                    "passes"
                } else {
                    "a take list"
                },
                search.positions()
            ));
        }
    }
    lines
}

fn grundy_pattern(g: &Grundy, pos: &NimGame) -> String {
    let with_pass = pos.pass_rule;
    match g {
        Grundy::Any => "With one pass per pile, a pile of odd size n has Grundy value n+1 and of even size n-1 while its pass is unused; once used, n.".to_string(),
        Grundy::List(seq) => {
            let shown: Vec<String> = (0..16u64).map(|n| g.value(n, false).to_string()).collect();
            let mut s = format!("Grundy values by pile size: {} …", shown.join(", "));
            if with_pass {
                let shown: Vec<String> = (0..16u64).map(|n| g.value(n, true).to_string()).collect();
                s.push_str(&format!("; with the pass unused: {} …", shown.join(", ")));
            }
            match seq.period {
                Some((start, len)) => s.push_str(&format!(
                    ". They repeat every {} from {start} on, so any pile size is answered exactly.",
                    crate::text::counted(len, "stone")
                )),
                None => s.push('.'),
            }
            s
        }
    }
}

pub fn reason(solver: &NimSolver, pos: &NimGame, mv: NimMove, budget: &Budget) -> Option<String> {
    if !pos.is_legal(mv) {
        return None;
    }
    let child = pos.after(mv);
    let what = if mv.count == 0 {
        format!("passing on pile {}", mv.pile + 1)
    } else {
        format!("taking {} from pile {}", mv.count, mv.pile + 1)
    };
    let outcome = solver.value(&child, budget).outcome.flip();
    Some(match (&solver.method, outcome) {
        (Method::NimSum, Outcome::Win) => format!("{what} makes the nim-sum 0"),
        (Method::Grundy(_), Outcome::Win) => format!("{what} makes the XOR of Grundy values 0"),
        (Method::MisereNim, Outcome::Win) if child.piles.iter().all(|&p| p <= 1) => {
            format!("{what} leaves an odd number of 1-piles")
        }
        (Method::MisereNim, Outcome::Win) => format!("{what} makes the nim-sum 0"),
        (_, Outcome::Win) => format!(
            "{what} leaves a position from which every move loses, as the exhaustive search shows"
        ),
        // Why a move loses: what it leaves the opponent, who wins from there.
        (Method::NimSum, Outcome::Loss) => format!(
            "{what} leaves a nim-sum of {}, not 0: the opponent makes it 0 again",
            solver.grundy_sum(&child)
        ),
        (Method::Grundy(_), Outcome::Loss) => format!(
            "{what} leaves an XOR of Grundy values of {}, not 0: the opponent makes it 0 again",
            solver.grundy_sum(&child)
        ),
        (Method::MisereNim, Outcome::Loss) if child.piles.iter().all(|&p| p == 0) => {
            format!("{what} takes the last stone, which loses")
        }
        (Method::MisereNim, Outcome::Loss) if child.piles.iter().all(|&p| p <= 1) => {
            format!("{what} leaves an even number of 1-piles")
        }
        (Method::MisereNim, Outcome::Loss) => format!(
            "{what} leaves a nim-sum of {}, not 0, with a pile of 2 or more: the opponent makes it 0 again, or leaves an odd number of 1-piles",
            solver.grundy_sum(&child)
        ),
        (_, Outcome::Loss) => {
            format!("{what} leaves a position the opponent wins, as the exhaustive search shows")
        }
        _ => return None,
    })
}
