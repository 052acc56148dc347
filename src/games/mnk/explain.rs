//! The idea behind an m,n,k position: the threats on the board, and why a
//! cell is right where a threat makes it so.

use crate::engine::{Budget, Game, Player, Solver};

use super::MnkGame;
use super::MnkSolver;
use super::exact::distance::Known;

fn cells(pos: &MnkGame, cells: &[usize]) -> String {
    let names: Vec<String> = cells.iter().map(|&c| pos.geo.cell_name(c)).collect();
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
    let board = pos.board();
    let side = board.to_move();
    let mine = board.all_completions(side);
    let theirs = board.all_completions(1 - side);
    let k = pos.geo.k;
    if !mine.is_empty() {
        lines.push(format!(
            "{} (to move) can complete {k} in a row at {}.",
            mark(mover),
            cells(pos, &mine)
        ));
    }
    if !theirs.is_empty() {
        let must = if theirs.len() >= 2 && mine.is_empty() {
            " Two threats cannot both be blocked."
        } else if mine.is_empty() {
            " It must be blocked."
        } else {
            ""
        };
        lines.push(format!(
            "{} threatens to complete {k} in a row at {}.{must}",
            mark(mover.opponent()),
            cells(pos, &theirs)
        ));
    }
    // On the empty board (the idea of a game from its start) there is
    // nothing to say of threats.
    if mine.is_empty() && theirs.is_empty() && !pos.status().is_over() && pos.stones() > 0 {
        lines.push("No one can complete a line on the next move.".to_string());
    }
    let known = solver.known(pos, &budget.share(0.7));
    lines.push(if matches!(known, Known::Exact(_)) {
        "Solved exactly: alpha-beta search over every line of play, with a transposition table that folds the board's symmetries together, and an opening book where one is shipped.".to_string()
    } else if matches!(known, Known::Outcome(_)) {
        "Proven won or lost by the exact search, but how many plies it takes was not worked out within the time budget.".to_string()
    } else if solver.value(pos, budget).is_proven() {
        "Proven by threat-space search: a win by continuous fours and threats, with every defence tried.".to_string()
    } else {
        "Not proven: this position is too large to solve exactly within the time budget. The values are unknown unless a threat search proves them, and the computer plays the move its search rates best.".to_string()
    });
    lines
}

/// Why a cell is right, where a threat says so; `None` otherwise.
pub fn reason(_solver: &MnkSolver, pos: &MnkGame, mv: usize, _budget: &Budget) -> Option<String> {
    if !pos.is_legal(mv) {
        return None;
    }
    let mut board = pos.board();
    let side = board.to_move();
    let k = pos.geo.k;
    if board.completions(side).contains(&mv) {
        return Some(format!("it completes {k} in a row"));
    }
    let blocks = board.all_completions(1 - side).contains(&mv);
    board.play(mv, side);
    let forks = board.completions(side).len() >= 2;
    match (blocks, forks) {
        (true, true) => Some("it blocks the threat and makes two of its own".to_string()),
        (true, false) => Some(format!("it blocks {} in a row", k)),
        (false, true) => {
            Some("it makes two threats at once, and only one can be blocked".to_string())
        }
        (false, false) => None,
    }
}
