//! The idea behind an m,n,k position: who wins, the threats on the board,
//! and why a cell is right.

use crate::engine::{Game, Outcome, Player, Solver};

use super::{MnkGame, MnkSolver};

fn cells(pos: &MnkGame, mask: u64) -> String {
    let names: Vec<String> = (0..pos.geo.cells())
        .filter(|c| mask >> c & 1 == 1)
        .map(|c| pos.geo.cell_name(c))
        .collect();
    names.join(", ")
}

fn mark(p: Player) -> &'static str {
    match p {
        Player::First => "X",
        Player::Second => "O",
    }
}

pub fn explain(solver: &MnkSolver, pos: &MnkGame) -> Vec<String> {
    let mut lines = Vec::new();
    let mover = pos.to_move();
    let (me, opp) = pos.sides();
    let mine = pos.threats(me, opp);
    let theirs = pos.threats(opp, me);
    if mine != 0 {
        lines.push(format!(
            "{} (to move) can complete {} in a row at {}.",
            mark(mover),
            pos.geo.k,
            cells(pos, mine)
        ));
    }
    if theirs != 0 {
        let must = if theirs.count_ones() >= 2 && mine == 0 {
            " Two threats cannot both be blocked."
        } else if mine == 0 {
            " It must be blocked."
        } else {
            ""
        };
        lines.push(format!(
            "{} threatens to complete {} in a row at {}.{must}",
            mark(mover.opponent()),
            pos.geo.k,
            cells(pos, theirs)
        ));
    }
    if mine == 0 && theirs == 0 && !pos.status().is_over() {
        lines.push("No one can complete a line on the next move.".to_string());
    }
    if solver.value(pos).proven {
        lines.push(format!(
            "Solved exactly by alpha-beta search with a symmetry-folded transposition table{}.",
            if solver.book.is_empty() {
                ""
            } else {
                " and an opening book"
            }
        ));
    } else {
        lines.push(
            "This board is too large to prove within the time budget: the values are not proven, and the computer plays the best move its search found."
                .to_string(),
        );
    }
    lines
}

pub fn reason(solver: &MnkSolver, pos: &MnkGame, mv: usize) -> Option<String> {
    if !pos.is_legal(mv) {
        return None;
    }
    let name = pos.geo.cell_name(mv);
    let (me, opp) = pos.sides();
    if pos.threats(me, opp) >> mv & 1 == 1 {
        return Some(format!("{name} completes {} in a row", pos.geo.k));
    }
    let blocks = pos.threats(opp, me) >> mv & 1 == 1;
    let after = me | 1 << mv;
    let forks = pos.threats(after, opp).count_ones() >= 2;
    let mut child = pos.clone();
    child.play_unchecked(mv);
    let value = solver.value(&child).for_mover();
    let result = match (value.outcome, value.plies, value.proven) {
        (_, _, false) => "the search's best guess (not proven)".to_string(),
        (Outcome::Win, Some(p), _) => format!("wins in {p}"),
        (Outcome::Win, None, _) => "wins".to_string(),
        (Outcome::Draw, _, _) => "keeps the draw".to_string(),
        (Outcome::Loss, _, _) => "loses against perfect play".to_string(),
    };
    Some(match (blocks, forks) {
        (true, true) => format!("{name} blocks the threat and makes two of its own: {result}"),
        (true, false) => format!("{name} blocks the threat: {result}"),
        (false, true) => format!("{name} makes two threats at once: {result}"),
        (false, false) => format!("{name} {result}"),
    })
}
