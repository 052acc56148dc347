//! Play past the proof: on boards the exact search cannot finish, the
//! computer first looks for a forced win of its own by threats, then for
//! the opponent's (and keeps only moves that stop them), and otherwise
//! plays the best move of an iterative-deepening alpha-beta search over
//! the window evaluation of `cells`. Wins and losses found by threats are
//! proofs; the search's scores are estimates.

use std::collections::HashMap;

use crate::engine::Budget;

use super::cells::Board;
use super::threats::Threats;

/// What the computer knows of a position it cannot prove.
#[derive(Clone, Debug, Default)]
pub struct Advice {
    /// A move proven to win (by continuous fours or threats).
    pub winning: Option<usize>,
    /// Moves proven to lose: after each, the opponent wins by fours.
    pub losing: Vec<usize>,
    /// The search's estimate of each move it weighed, higher is better.
    pub estimates: Vec<(usize, i64)>,
}

/// Scores of the playing search: a win found `p` plies on is `WIN - p`.
const WIN: i64 = 1 << 40;
/// Moves weighed at each node past the root, best first by `Board::gain`.
const BEAM: usize = 10;
/// The deepest iteration: beyond it the beam's guesses compound, and an
/// unlimited budget must still end.
const MAX_DEPTH: i32 = 9;
/// How many fours deep a leaf looks for a win.
const LEAF_VCF: u32 = 3;
/// Moves weighed at the root.
const ROOT_BEAM: usize = 24;

/// A search's shared state.
struct Search<'s, 'a> {
    board: &'s mut Board<'a>,
    budget: &'s Budget,
    nodes: u64,
    aborted: bool,
    /// The best move found at a position (by hash), for move ordering.
    best: HashMap<u64, usize>,
}

impl Search<'_, '_> {
    fn candidates(&self, side: usize, beam: usize) -> Vec<usize> {
        let b = &self.board;
        let cells = b.cell.len();
        let mut moves: Vec<usize> = if b.stones == 0 {
            // The centre: nothing else is near anything.
            let (w, h) = (b.windows.width, b.windows.height);
            vec![(h / 2) * w + w / 2]
        } else {
            (0..cells)
                .filter(|&c| b.is_empty(c) && b.is_near(c))
                .collect()
        };
        if moves.is_empty() {
            moves = (0..cells).filter(|&c| b.is_empty(c)).collect();
        }
        let first = self.best.get(&b.hash).copied();
        moves.sort_by_key(|&c| {
            std::cmp::Reverse(if Some(c) == first {
                i64::MAX
            } else {
                b.gain(c, side)
            })
        });
        moves.truncate(beam);
        moves
    }

    fn negamax(&mut self, side: usize, depth: i32, mut alpha: i64, beta: i64, ply: i64) -> i64 {
        self.nodes += 1;
        // A node costs up to tens of microseconds (move ordering, a short
        // search for fours at the leaves): the clock is read often.
        if self.nodes & 63 == 0 && self.budget.exhausted() {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let board = &*self.board;
        if board.winner.is_some() {
            return -(WIN - ply);
        }
        if board.has_four(side) {
            return WIN - ply - 1;
        }
        let theirs = board.completions(1 - side);
        if theirs.len() > 1 {
            return -(WIN - ply - 2);
        }
        if board.is_full() {
            return 0;
        }
        if depth <= 0 && theirs.is_empty() {
            // At the horizon, a short win by fours still counts as a win.
            let mut threats = Threats::new(self.board, self.budget);
            if threats.vcf(side, LEAF_VCF, &mut Vec::new()).is_some() {
                return WIN - ply - 2 * i64::from(LEAF_VCF);
            }
            return self.board.eval(side);
        }
        // A forced block does not use up depth.
        let (moves, next) = if theirs.is_empty() {
            (self.candidates(side, BEAM), depth - 1)
        } else {
            (theirs, depth)
        };
        let mut best = -WIN;
        let mut best_move = None;
        for c in moves {
            self.board.play(c, side);
            let score = -self.negamax(1 - side, next, -beta, -alpha, ply + 1);
            self.board.undo();
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(c);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if let Some(c) = best_move {
            self.best.insert(self.board.hash, c);
        }
        best
    }
}

/// The advice for the side to move on `board`, within `budget`.
#[must_use]
pub fn advise(board: &mut Board<'_>, budget: &Budget) -> Advice {
    let side = board.to_move();
    let mut advice = Advice::default();
    if board.winner.is_some() || board.is_full() {
        return advice;
    }
    // A win of our own by threats, first by fours alone (fast), then with
    // threes in between: a third of the time at most.
    {
        let own = budget.share(0.3);
        let mut threats = Threats::new(board, &own);
        for depth in 0..=2 {
            if let Some(c) = threats.vct(side, depth) {
                advice.winning = Some(c);
                return advice;
            }
            if threats.aborted {
                break;
            }
        }
    }
    // The opponent's threats: were we to pass, could they win by fours,
    // or by threats (a double three, say)? Then every move that leaves
    // them that win is lost; those most likely to stop it are tried first.
    let mut candidates: Vec<usize> = (0..board.cell.len())
        .filter(|&c| board.is_empty(c))
        .collect();
    candidates.sort_by_key(|&c| std::cmp::Reverse((board.is_near(c), board.gain(c, side))));
    {
        let guard = budget.share(0.5);
        let mut threats = Threats::new(board, &guard);
        // (A four of our own only delays a threat: checked to the same
        // depth either way.)
        let depth = 1;
        if threats.vct(1 - side, depth).is_some() {
            let mut safe = Vec::new();
            for &c in &candidates {
                threats.board.play(c, side);
                let lost = threats.board.winner.is_none() && threats.vct(1 - side, depth).is_some();
                threats.board.undo();
                if threats.aborted {
                    break;
                }
                if lost {
                    advice.losing.push(c);
                } else {
                    safe.push(c);
                }
            }
            // If no move was found to hold, the search still ranks them
            // all: the person may not find the win.
            if !safe.is_empty() {
                candidates = safe;
            }
        }
    }
    // The playing search among the moves left.
    let mut search = Search {
        board,
        budget,
        nodes: 0,
        aborted: false,
        best: HashMap::new(),
    };
    let mut root: Vec<usize> = search.candidates(side, ROOT_BEAM);
    root.retain(|c| candidates.contains(c));
    for &c in &candidates {
        if root.len() >= ROOT_BEAM {
            break;
        }
        if !root.contains(&c) {
            root.push(c);
        }
    }
    let mut estimates: Vec<(usize, i64)> = root
        .iter()
        .enumerate()
        .map(|(i, &c)| (c, -(i as i64)))
        .collect();
    let empties = (search.board.cell.len() - search.board.stones) as i32;
    for depth in 1..=empties.min(MAX_DEPTH) {
        let mut scored = Vec::new();
        let mut alpha = -WIN - 1;
        for &(c, _) in &estimates {
            search.board.play(c, side);
            let score = -search.negamax(1 - side, depth - 1, -WIN - 1, -alpha, 1);
            search.board.undo();
            if search.aborted {
                break;
            }
            alpha = alpha.max(score);
            scored.push((c, score));
        }
        if search.aborted || scored.is_empty() {
            break;
        }
        // Moves that did not beat the best got an upper bound only: keep
        // them after it, in the order they had.
        let top = scored.iter().map(|&(_, s)| s).max().unwrap_or(0);
        let first = scored.iter().position(|&(_, s)| s == top).unwrap_or(0);
        let best = scored.remove(first);
        scored.sort_by_key(|&(_, s)| std::cmp::Reverse(s.min(top - 1)));
        scored.insert(0, best);
        estimates = scored
            .iter()
            .enumerate()
            .map(|(i, &(c, s))| (c, if i == 0 { s } else { s.min(top - 1) }))
            .collect();
        if top.abs() > WIN / 2 {
            break;
        }
    }
    advice.estimates = estimates;
    advice
}
