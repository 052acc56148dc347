//! The idea behind an m,n,k position: the threats on the board, and why a
//! cell is right where a threat makes it so.

use crate::engine::{Budget, Game, Player, Solver};

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

pub fn explain(solver: &MnkSolver, pos: &MnkGame, budget: &Budget) -> Vec<String> {
    let mut lines = Vec::new();
    let mover = pos.to_move();
    let (me, opp) = pos.sides();
    let mine = pos.threats(me, opp);
    let theirs = pos.threats(opp, me);
    let k = pos.geo.k;
    if mine != 0 {
        lines.push(format!(
            "{} (to move) can complete {k} in a row at {}.",
            mark(mover),
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
            "{} threatens to complete {k} in a row at {}.{must}",
            mark(mover.opponent()),
            cells(pos, theirs)
        ));
    }
    if mine == 0 && theirs == 0 && !pos.status().is_over() {
        lines.push("No one can complete a line on the next move.".to_string());
    }
    lines.push(if solver.value(pos, budget).is_proven() {
        "Solved exactly: alpha-beta search over every line of play, with a transposition table that folds the board's symmetries together, and an opening book where one is shipped.".to_string()
    } else {
        "Not proven: this position is too large to solve exactly within the time budget. The values are unknown, and the computer plays the move its search rates best.".to_string()
    });
    lines
}

/// Why a cell is right, where a threat says so; `None` otherwise.
pub fn reason(_solver: &MnkSolver, pos: &MnkGame, mv: usize, _budget: &Budget) -> Option<String> {
    if !pos.is_legal(mv) {
        return None;
    }
    let (me, opp) = pos.sides();
    let k = pos.geo.k;
    if pos.threats(me, opp) >> mv & 1 == 1 {
        return Some(format!("it completes {k} in a row"));
    }
    let blocks = pos.threats(opp, me) >> mv & 1 == 1;
    let forks = pos.threats(me | 1 << mv, opp).count_ones() >= 2;
    match (blocks, forks) {
        (true, true) => Some("it blocks the threat and makes two of its own".to_string()),
        (true, false) => Some(format!("it blocks {} in a row", k)),
        (false, true) => {
            Some("it makes two threats at once, and only one can be blocked".to_string())
        }
        (false, false) => None,
    }
}
