//! The previous release's player for boards too large to prove: a
//! depth-2 look-ahead over the most promising cells, weighing the lines
//! each side can still complete. Kept as the opponent the stronger engine
//! is measured against (`examples/match.rs`).

use super::Geometry;
use super::tt::WIN;

/// Weights of a line by how many stones of one side (and none of the
/// other) it holds.
const WEIGHT: [i32; 9] = [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536];

/// A heuristic value for `me` to move: the lines each side can still
/// complete, weighed by their stones.
#[must_use]
pub fn heuristic(geo: &Geometry, me: u64, opp: u64) -> i32 {
    geo.lines
        .iter()
        .map(|&l| match ((l & me).count_ones(), (l & opp).count_ones()) {
            (m, 0) => WEIGHT[m as usize],
            (0, o) => -WEIGHT[o as usize],
            _ => 0,
        })
        .sum()
}

/// Cells that complete a line for `stones`' owner at once.
fn threats(geo: &Geometry, stones: u64, other: u64) -> u64 {
    let k = geo.k as u32;
    geo.lines
        .iter()
        .filter(|&&l| l & other == 0 && (l & stones).count_ones() + 1 == k)
        .fold(0, |acc, &l| acc | (l & !stones))
}

/// Empty cells by the weight of the lines through them, best first.
fn ordered(geo: &Geometry, me: u64, opp: u64) -> Vec<usize> {
    let empty = geo.full & !(me | opp);
    let mut score = [0i32; 64];
    for &l in &geo.lines {
        let (m, o) = (
            (l & me).count_ones() as usize,
            (l & opp).count_ones() as usize,
        );
        let w = match (m, o) {
            (_, 0) => WEIGHT[m] + 1,
            (0, _) => WEIGHT[o],
            _ => continue,
        };
        let mut cells = l & empty;
        while cells != 0 {
            score[cells.trailing_zeros() as usize] += w;
            cells &= cells - 1;
        }
    }
    let mut out: Vec<usize> = (0..geo.cells()).filter(|c| empty >> c & 1 == 1).collect();
    out.sort_by_key(|&c| std::cmp::Reverse(score[c]));
    out
}

/// A depth-limited search: exact where a line is completed within `depth`,
/// the heuristic at the horizon. Higher is better for `me`.
#[must_use]
pub fn estimate(geo: &Geometry, me: u64, opp: u64, depth: u32) -> i32 {
    let empty = geo.full & !(me | opp);
    if threats(geo, me, opp) & empty != 0 {
        return WIN;
    }
    let theirs = threats(geo, opp, me) & empty;
    if theirs.count_ones() >= 2 {
        return -WIN;
    }
    if empty == 0 || depth == 0 {
        return heuristic(geo, me, opp).clamp(-WIN / 2, WIN / 2);
    }
    let moves = if theirs != 0 {
        vec![theirs.trailing_zeros() as usize]
    } else {
        ordered(geo, me, opp)
    };
    // Only the most promising cells at depth: enough to see threats.
    let width = if depth > 1 {
        moves.len().min(12)
    } else {
        moves.len()
    };
    moves[..width]
        .iter()
        .map(|&mv| -estimate(geo, opp, me | 1 << mv, depth - 1))
        .max()
        .unwrap_or(0)
}
