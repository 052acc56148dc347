//! The previous release's player for boards too large to prove: a
//! depth-2 look-ahead over the most promising cells, weighing the windows
//! each side can still complete. Kept as the opponent the stronger engine
//! is measured against (`examples/match.rs`).

use crate::games::mnk::cells::Board;

/// Weights of a window by how many stones of one side (and none of the
/// other) it holds.
const WEIGHT: [i64; 20] = {
    let mut w = [0i64; 20];
    let mut i = 0;
    while i < 20 {
        w[i] = 1 << (2 * if i < 15 { i } else { 15 });
        i += 1;
    }
    w
};

/// A win, as this player scores it.
const WIN: i64 = 1 << 40;

/// A heuristic value for `me`: the windows each side can still complete,
/// weighed by their stones.
fn heuristic(board: &Board<'_>, me: usize) -> i64 {
    board
        .counts()
        .iter()
        .map(
            |count| match (usize::from(count[me]), usize::from(count[1 - me])) {
                (m, 0) => WEIGHT[m],
                (0, o) => -WEIGHT[o],
                _ => 0,
            },
        )
        .sum()
}

/// Empty cells by the weight of the windows through them, best first.
fn ordered(board: &Board<'_>, me: usize) -> Vec<usize> {
    let windows = board.windows;
    let counts = board.counts();
    let mut out: Vec<(usize, i64)> = (0..board.cell.len())
        .filter(|&c| board.is_empty(c))
        .map(|c| {
            let score = windows.through[c]
                .iter()
                .map(|&w| {
                    let count = counts[w as usize];
                    match (usize::from(count[me]), usize::from(count[1 - me])) {
                        (m, 0) => WEIGHT[m] + 1,
                        (0, o) => WEIGHT[o],
                        _ => 0,
                    }
                })
                .sum();
            (c, score)
        })
        .collect();
    out.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
    out.into_iter().map(|(c, _)| c).collect()
}

/// A depth-limited search for `me` to move: exact where a line is
/// completed within `depth`, the heuristic at the horizon.
fn estimate(board: &mut Board<'_>, me: usize, depth: u32) -> i64 {
    if board.winner.is_some() {
        return -WIN;
    }
    if board.has_four(me) {
        return WIN;
    }
    let theirs = board.completions(1 - me);
    if theirs.len() >= 2 {
        return -WIN;
    }
    if board.is_full() || depth == 0 {
        return heuristic(board, me).clamp(-WIN / 2, WIN / 2);
    }
    let moves = if theirs.is_empty() {
        ordered(board, me)
    } else {
        theirs
    };
    // Only the most promising cells at depth: enough to see threats.
    let width = if depth > 1 {
        moves.len().min(12)
    } else {
        moves.len()
    };
    let mut best = -WIN;
    for &mv in &moves[..width] {
        board.play(mv, me);
        best = best.max(-estimate(board, 1 - me, depth - 1));
        board.undo();
    }
    best
}

/// The baseline's move for the player to move, or `None` on a full board.
#[must_use]
pub fn choose(board: &mut Board<'_>) -> Option<usize> {
    let me = board.to_move();
    let mut best: Option<(usize, i64)> = None;
    for mv in ordered(board, me) {
        board.play(mv, me);
        let score = if board.winner.is_some() {
            WIN
        } else {
            -estimate(board, 1 - me, 2)
        };
        board.undo();
        if best.is_none_or(|(_, b)| score > b) {
            best = Some((mv, score));
        }
    }
    best.map(|(mv, _)| mv)
}
