//! Play past the proof: on boards the exact search cannot finish, the
//! computer first looks for a forced win of its own by threats, then for
//! the opponent's (and keeps only moves that stop them), and otherwise
//! plays the best move of an iterative-deepening alpha-beta search over
//! the window evaluation of `cells`. Wins and losses found by threats are
//! proofs; the search's scores are estimates.

use std::collections::HashMap;

use crate::engine::{Budget, Estimate, SearchNote};

use crate::games::mnk::beyond::kept_wins;
use crate::games::mnk::beyond::lines::{Level, Lines, is_open};
use crate::games::mnk::beyond::opening;
use crate::games::mnk::beyond::proof_numbers::ProofNumbers;
use crate::games::mnk::beyond::search::{Search as PatternSearch, WON};
use crate::games::mnk::beyond::threats::Threats;
use crate::games::mnk::beyond::vcf::{Fours, VCF_DEPTH};
use crate::games::mnk::beyond::vct::{Failures, Threes};
use crate::games::mnk::book::{choices, shapes, wins};
use crate::games::mnk::cells::Board;
use crate::games::mnk::geometry::{EXACT_CELLS, exact_search_checks};

/// What the computer knows of a position it cannot prove.
#[derive(Clone, Debug, Default)]
pub struct Advice {
    /// A move proven to win (by continuous fours or threats).
    pub winning: Option<usize>,
    /// Moves proven to lose: after each, the opponent wins by fours or
    /// threats.
    pub losing: Vec<usize>,
    /// The search's estimate of each move it weighed, higher is better.
    pub estimates: Vec<(usize, i64)>,
    /// Whether the time left is for our own win, and none was found
    /// within `VCT_DEPTH`: where `deeper_win` goes on looking.
    pub deeper: bool,
}

impl Advice {
    /// The estimates with the proven win, if there is one, first: the
    /// ranking of a caller that plays the best estimate. Once a win is
    /// found the search makes no ranking, and the win stands apart in
    /// `winning`.
    #[must_use]
    pub fn ranked(&self) -> Vec<(usize, i64)> {
        let mut ranked = self.estimates.clone();
        if let Some(win) = self.winning {
            put_first(&mut ranked, win);
        }
        ranked
    }
}

/// Puts `mv` first among `estimates`, one above the best, once.
fn put_first(estimates: &mut Vec<(usize, i64)>, mv: usize) {
    let top = estimates.iter().map(|&(_, s)| s).max().unwrap_or(0);
    estimates.retain(|&(c, _)| c != mv);
    estimates.insert(0, (mv, top.saturating_add(1)));
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
/// Plies always searched, however little time is left: a move and the
/// reply to it, so that no choice is ever blind to a threat at once.
const MIN_DEPTH: i32 = 2;
/// How much the opponent's windows weigh at the leaves against those of
/// the side the search plays for, in eighths, on open boards (see
/// `Style`): a cautious player blocks early. Against the depth-2 player
/// on 15×15 as second player, at 0.25 s a move, 12 lost 5 to 9 of 50
/// games, an even 8 lost 19, 16 worse again.
const OPEN_BOARD_DEFENCE: i64 = 12;

/// A search's shared state.
struct Search<'s, 'a> {
    board: &'s mut Board<'a>,
    budget: &'s Budget,
    nodes: u64,
    aborted: bool,
    /// The best move found at a position (by hash), for move ordering.
    best: HashMap<u64, usize>,
    /// The side the search plays for.
    root: usize,
    style: Style,
    /// Finish the current iteration whatever the budget says (the first
    /// `MIN_DEPTH` plies are cheap and always searched).
    must_finish: bool,
}

/// How the playing search weighs a board. On open boards (see
/// `lines::is_open`: 11×11 and up for k = 5) the first player has room to
/// build, and the second must block early: the opponent's windows weigh
/// more, and a side facing an open three weighs only the cells that stop
/// it and its own fours. On cramped boards (7×7
/// for k = 5) the edges block for it and counter-threats matter more:
/// there both cost games (as second player at 1 s a move, 50 games: 6
/// lost even-handed, 10 to 23 with either).
#[derive(Clone, Copy)]
struct Style {
    /// The opponent's windows against the root side's, in eighths.
    defence: i64,
    /// Whether an open three is answered only by stopping it or a four.
    must_stop_threes: bool,
}

impl Style {
    fn of(board: &Board<'_>) -> Self {
        let w = &board.windows;
        let open = is_open(w.width, w.height, w.k);
        Self {
            defence: if open { OPEN_BOARD_DEFENCE } else { 8 },
            must_stop_threes: open,
        }
    }
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
        self.ordered(moves, side, beam)
    }

    /// `moves` best first for `side` (the table's move, then by gain),
    /// at most `beam` of them.
    fn ordered(&self, mut moves: Vec<usize>, side: usize, beam: usize) -> Vec<usize> {
        let b = &self.board;
        let first = self.best.get(&b.hash).copied();
        moves.sort_by_cached_key(|&c| {
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
        if self.nodes & 63 == 0 && !self.must_finish && self.budget.exhausted() {
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
            let b = &self.board;
            let v = 8 * b.score[self.root] - self.style.defence * b.score[1 - self.root];
            return if side == self.root { v } else { -v };
        }
        // A forced block does not use up depth.
        let (moves, next) = if !theirs.is_empty() {
            (theirs, depth)
        } else {
            let (threats, mut stops) = if self.style.must_stop_threes {
                board.open_threats(1 - side)
            } else {
                (Vec::new(), Vec::new())
            };
            if threats.is_empty() || !board.open_threats(side).0.is_empty() {
                (self.candidates(side, BEAM), depth - 1)
            } else {
                // Against an open three (the opponent would make two
                // fours at once): stop it, or make a four first.
                for c in board.four_makers(side) {
                    if !stops.contains(&c) {
                        stops.push(c);
                    }
                }
                (self.ordered(stops, side, BEAM), depth - 1)
            }
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

/// The first move of a win of the side to move by threats, first by fours
/// alone (fast), then with threes in between: what play, the tip and
/// `analyze` all prove a win with.
pub fn win_by_threats(board: &mut Board<'_>, budget: &Budget) -> Option<usize> {
    let side = board.to_move();
    if board.winner.is_some() {
        return None;
    }
    // On the pattern board where its tables cover k: fours first (found
    // fastest), then threes in between, one more at a time.
    let w = board.windows;
    if let Some(mut lines) = Lines::from_cells(w.width, w.height, w.k, &board.cell) {
        return win_on_lines(&mut lines, side, budget);
    }
    Threats::new(board, budget).vct_deepening(side, 2)
}

/// The part of the time that the searches whose fours follow on
/// (`Threes::following_on`) get before the full ones, where both run.
const FOLLOWING_ON_SHARE: f64 = 0.5;

/// A win of `attacker` (to move) by threats to `VCT_DEPTH`, first by the
/// search whose fours follow on (`Threes::following_on`) with part of
/// `budget`, then by the full one with what is left — as play's check
/// looks for the opponent's (`Check`). On a crowded board the first is
/// far faster: after 59 stones of a game lost to Rapfi, it found O's win
/// after X's c6 in 58 ms, where the full search found none in 2 s, nor
/// the search by proof numbers in 2 s more; play's check had proven c6
/// lost and `analyze` called it unknown with 5 s (docs/mnk.md).
fn win_on_lines(lines: &mut Lines, attacker: usize, budget: &Budget) -> Option<usize> {
    Threes::following_on(&budget.share(FOLLOWING_ON_SHARE))
        .vct_deepening(lines, attacker, VCT_DEPTH)
        .or_else(|| Threes::new(budget).vct_deepening(lines, attacker, VCT_DEPTH))
}

/// Whether every move of `side` (to move) loses to the opponent's
/// threats up to `depth` deep, first by the searches whose fours follow
/// on, then by the full ones, as `win_on_lines` looks: each loss a win
/// found either way.
fn lost_on_lines(lines: &mut Lines, side: usize, budget: &Budget, depth: u32) -> bool {
    Threes::following_on(&budget.share(FOLLOWING_ON_SHARE)).every_move_loses(lines, side, depth)
        || Threes::new(budget).every_move_loses(lines, side, depth)
}

/// A win by threats as `win_by_threats` finds it (on the pattern board,
/// depth first to `VCT_DEPTH`) and, where that finds none in time, with
/// the time left, up to `DEEP_THREATS` deep by proof numbers
/// (`deep_win`): what play finds with the time its move leaves, and
/// `analyze` with the position's.
pub fn win_by_deep_threats(board: &mut Board<'_>, budget: &Budget) -> Option<usize> {
    let w = board.windows;
    let Some(mut lines) = Lines::from_cells(w.width, w.height, w.k, &board.cell) else {
        return win_by_threats(board, budget);
    };
    if board.winner.is_some() {
        return None;
    }
    let side = board.to_move();
    // Cut short, the depth-first search leaves the budget spent, and the
    // deeper one then does not begin.
    win_on_lines(&mut lines, side, budget).or_else(|| deep_win(&mut lines, side, budget))
}

/// Whether the side to move wins by threats up to `DEEP_THREATS` deep by
/// proof numbers (`deep_win`) — the part of `win_by_deep_threats` past
/// the depth-first search, for a position that search has been run on
/// already (`move_results`' moves left open; the shallower wins are
/// among those it finds, should that search have been cut short). Never
/// without a time limit, as `deep_win`.
pub fn win_by_deeper_threats(board: &mut Board<'_>, budget: &Budget) -> bool {
    if board.winner.is_some() {
        return false;
    }
    let w = board.windows;
    Lines::from_cells(w.width, w.height, w.k, &board.cell)
        .is_some_and(|mut lines| deep_win(&mut lines, board.to_move(), budget).is_some())
}

/// A win of `attacker` (to move) by threats up to `DEEP_THREATS` deep,
/// by proof numbers, within `budget`; none without a time limit, where it
/// would go on to its table's limit (a minute or more).
fn deep_win(lines: &mut Lines, attacker: usize, budget: &Budget) -> Option<usize> {
    deep_search(budget)?.win(lines, attacker, DEEP_THREATS)
}

/// The search of `deep_win`: none without a time limit or with the
/// time spent.
fn deep_search(budget: &Budget) -> Option<ProofNumbers<'_>> {
    let timed = budget.remaining().is_some() && !budget.exhausted();
    timed.then(|| ProofNumbers::new(budget))
}

/// Where the opponent of `side` (to move) wins by threats up to `depth`
/// deep were `side` to pass, the moves that win proves lost at once:
/// every empty cell outside its zone where a stone makes no three of
/// `side`'s (`Threes::zone`); `None` where no such win is found within
/// `budget`. Play's guard, and `move_results`' first step past the exact
/// search, where one search stands for the hundreds of moves that would
/// each need their own.
fn lost_to_a_pass(
    lines: &mut Lines,
    side: usize,
    budget: &Budget,
    depth: u32,
) -> Option<Vec<usize>> {
    zone_of_a_pass(&mut Threes::new(budget), lines, side, depth)
}

/// `lost_to_a_pass` by the searches of `threes`.
fn zone_of_a_pass(
    threes: &mut Threes<'_>,
    lines: &mut Lines,
    side: usize,
    depth: u32,
) -> Option<Vec<usize>> {
    let zone = threes.zone(lines, 1 - side, depth)?;
    Some(
        (0..lines.cells())
            .filter(|&c| lines.is_empty(c) && !zone[c] && lines.level(c, side) < Level::Block3)
            .collect(),
    )
}

/// The opponent's win by threats were the side to move to pass, found
/// once on a board for the proofs of the side's moves there: the moves
/// it proves lost at once (`lost_to_a_pass`), and, for each other,
/// whether the opponent still wins after it (`lost_after`) — searched
/// again, but where the move leaves the win alone, found at once through
/// what the first search found to fail (`Failures`).
pub struct PassWin {
    lines: Lines,
    side: usize,
    depth: u32,
    failures: Failures,
    /// The moves lost to the win outside its zone.
    pub lost: Vec<usize>,
}

impl PassWin {
    /// The win of the opponent of the side to move on `board`, within
    /// `depth` threats and `budget`; none where there is none, the game
    /// is over or the pattern tables do not cover its k.
    #[must_use]
    pub fn find(board: &Board<'_>, budget: &Budget, depth: u32) -> Option<Self> {
        if board.winner.is_some() {
            return None;
        }
        let w = board.windows;
        let mut lines = Lines::from_cells(w.width, w.height, w.k, &board.cell)?;
        let side = board.to_move();
        let mut threes = Threes::new(budget);
        let lost = zone_of_a_pass(&mut threes, &mut lines, side, depth)?;
        Some(Self {
            lines,
            side,
            depth,
            failures: threes.into_failures(),
            lost,
        })
    }

    /// Whether the opponent, found to win were the side to pass, is
    /// proven to win by threats within the depth after the side plays
    /// `c` too, within `budget`.
    pub fn lost_after(&mut self, c: usize, budget: &Budget) -> bool {
        if c >= self.lines.cells() || !self.lines.is_empty(c) {
            return false;
        }
        let stone = self.lines.stone_key(c, self.side);
        self.lines.play(c, self.side);
        let lost = self.lines.winner.is_none()
            && Threes::after_a_stone(budget, &self.failures, stone)
                .vct_deepening(&mut self.lines, 1 - self.side, self.depth)
                .is_some();
        self.lines.undo();
        lost
    }
}

/// Whether every move of the side to move loses to the opponent's
/// threats (those up to `depth` threats deep on the pattern board; by
/// fours alone where its tables do not cover k): what play and `analyze`
/// prove a lost position with.
pub fn lost_to_threats(board: &mut Board<'_>, budget: &Budget, depth: u32) -> bool {
    let side = board.to_move();
    if board.winner.is_some() {
        return false;
    }
    let w = board.windows;
    if let Some(mut lines) = Lines::from_cells(w.width, w.height, w.k, &board.cell) {
        return lost_on_lines(&mut lines, side, budget, depth);
    }
    let mut threats = Threats::new(board, budget);
    !threats.aborted && threats.every_move_loses(side)
}

/// Whether every move of the side to move loses, as `lost_to_threats`
/// proves it to `VCT_DEPTH` and, where that proves nothing and did not
/// run out of time, with the time left, as `lost_to_deeper_threats`
/// does: what `analyze` and the tip prove of the position asked about.
pub fn lost_to_deep_threats(board: &mut Board<'_>, budget: &Budget) -> bool {
    lost_to_threats(board, budget, VCT_DEPTH) || lost_to_deeper_threats(board, &[], budget)
}

/// Whether every move of the side to move loses to the opponent's wins
/// up to `DEEP_THREATS` deep by proof numbers, the moves in `proven`
/// taken as lost already (by searches of their own): the opponent's win
/// were we to pass, and after each other move that could touch its proof
/// a win of its own (`ProofNumbers::every_move_loses_besides`) — so that
/// where play proves its deeper win, the loser's side of it is proven
/// too. Never without a time limit, as `deep_win`.
pub fn lost_to_deeper_threats(board: &mut Board<'_>, proven: &[usize], budget: &Budget) -> bool {
    if board.winner.is_some() {
        return false;
    }
    let w = board.windows;
    let Some(mut lines) = Lines::from_cells(w.width, w.height, w.k, &board.cell) else {
        return false;
    };
    deep_loss(&mut lines, board.to_move(), proven, budget)
}

/// Whether every move of `side` (to move) on `lines` is proven to lose
/// to the opponent's threats as `analyze` proves it: depth first to
/// `VCT_DEPTH` (`lost_on_lines`), then by proof numbers to
/// `DEEP_THREATS` with the time left (`deep_loss`).
pub fn lost_to_threats_on_lines(lines: &mut Lines, side: usize, budget: &Budget) -> bool {
    lost_on_lines(lines, side, budget, VCT_DEPTH) || deep_loss(lines, side, &[], budget)
}

/// Whether every move of `side` (to move) loses to the opponent's wins up
/// to `DEEP_THREATS` deep by proof numbers, the moves in `proven` taken
/// as lost already, within `budget`; never without a time limit, as
/// `deep_win`.
fn deep_loss(lines: &mut Lines, side: usize, proven: &[usize], budget: &Budget) -> bool {
    if budget.remaining().is_none() || budget.exhausted() {
        return false;
    }
    ProofNumbers::new(budget).every_move_loses_besides(lines, side, DEEP_THREATS, proven)
}

/// How many threats deep (fours among them) our own win, and the
/// opponent's after a choice of the search, are looked for on the pattern
/// board, the shallower first while the time lasts: most positions are
/// searched to 6 in a few hundred milliseconds, and a lost 8×8 game
/// (`vct.rs`'s tests) turned on a win 5 deep.
pub const VCT_DEPTH: u32 = 6;

/// How many threats deep the search by proof numbers (`deep_win`) looks,
/// past `VCT_DEPTH`, with the time the depth-first search leaves: on the
/// positions of 7 games lost to Rapfi as X, at 0.3 s each, the depth-first
/// search to 6 with half the time and this with the rest proved 63 wins
/// where the depth-first search alone, with all of it, proved 54, every
/// one of them among the 63. A win 10 threats deep that the depth-first
/// search proves in 135 s, it proves in 78 s (docs/mnk.md).
pub const DEEP_THREATS: u32 = 12;

/// The part of the time left that each check of a choice (`Check`) gives
/// the opponent's deeper wins (`deep_win`), once the depth-first searches
/// found none.
const DEEP_CHECK_SHARE: f64 = 0.3;

/// The part of the time the search for our own win by threats gets at
/// most (a win by fours is found in far less).
const THREATS_SHARE: f64 = 0.15;
/// The part of the time the search for the opponent's win by threats, were
/// we to pass, gets at most, and how many threats deep it looks (see
/// `advise`): 10 % and 6 deep cost more than the proofs gave.
const GUARD_SHARE: f64 = 0.05;
const GUARD_THREATS: u32 = 4;
/// The part of what is left that the playing search gets; the rest
/// checks its choices against the opponent's threats (see `refute`).
const PATTERN_SEARCH_SHARE: f64 = 0.75;
/// The same where the exact search checks the choices next
/// (`exact_search_checks`: on the boards it takes, once not too open for
/// it), where the search sees far in little time and the check is what
/// loses games: on 8×8, as O, a choice lost to a win by threats the check
/// finds in 52 ms was played at 1 s a move (it had less), and not at
/// 1.5 s. Not while the board is too open for the exact search
/// (`too_open_to_prove`): then the search needs the time, as on larger
/// boards (on 8×8, as O,
/// after `e3 e7 d4 c5 e4` it chose d3 in 0.1 s and f4 in 0.3 s, and the
/// game was lost; from 0.5 s d6, Rapfi's move, drawn in every game since).
const SMALL_BOARD_SEARCH_SHARE: f64 = 0.5;
/// Under threat (the guard found the opponent's win were we to pass), on
/// boards past the exact search's cells, the playing search begins no
/// iteration past this part of its time: the check of its choices, most
/// of which the threat refutes, gets the rest. The check then reached a
/// choice that holds where it had not (after `f7 g7 h8 f8 h6 h7 i7 g5 g9
/// j6 j8 i8 j9`: docs/mnk.md). Not on the boards the exact search
/// takes, where the search needs the time: on 8×8, after `e3 e7 d4 c5
/// e4`, it chose f4, lost, instead of d6.
const UNDER_THREAT_ITERATIONS: f64 = 0.3;
/// Plies the playing search always finishes: a move and the reply.
const PATTERN_MIN_DEPTH: i32 = 2;

/// The advice for the side to move on `board`, within `budget`: our own
/// win by threats if there is one; else the pattern engine's ranking of
/// the moves (`search`), without the moves after which the opponent wins
/// by fours, its first choices checked against the opponent's threats,
/// and the moves the opponent's threats, were we to pass, prove lost.
/// Where the pattern tables are not built for the board's k, the window
/// search (`advise_by_windows`) plays instead.
#[must_use]
pub fn advise(board: &mut Board<'_>, budget: &Budget) -> Advice {
    advise_knowing(board, budget, &[])
}

/// `advise`, with the moves `known_lost` proven lost before (by a book):
/// set aside as the guard's are, never checked again.
#[must_use]
pub fn advise_knowing(board: &mut Board<'_>, budget: &Budget, known_lost: &[usize]) -> Advice {
    let side = board.to_move();
    let mut advice = Advice::default();
    if board.winner.is_some() || board.is_full() {
        return advice;
    }
    let w = board.windows;
    let Some(mut lines) = Lines::from_cells(w.width, w.height, w.k, &board.cell) else {
        return advise_by_windows(board, budget);
    };
    // A win proven earlier in the game holds whatever the time now.
    if let Some(c) = kept_wins::recall(&lines, side) {
        advice.winning = Some(c);
        return advice;
    }
    let first_look = budget.share(THREATS_SHARE);
    // First by the search whose fours follow on, as `win_on_lines`.
    let quick_look = first_look.share(FOLLOWING_ON_SHARE);
    let mut quick = Threes::following_on(&quick_look);
    if let Some(c) = quick.vct_deepening(&mut lines, side, VCT_DEPTH) {
        kept_wins::keep(&lines, quick.into_wins());
        advice.winning = Some(c);
        return advice;
    }
    let mut own = Threes::new(&first_look);
    if let Some(c) = own.vct_deepening(&mut lines, side, VCT_DEPTH) {
        kept_wins::keep(&lines, own.into_wins());
        advice.winning = Some(c);
        return advice;
    }
    // The opponent's threats, were we to pass: where they win, every move
    // outside the win's zone that makes no three of ours is proven lost
    // (`Threes::zone`). The search still weighs the moves it would:
    // weighing only the others won 61 of 80 games as X against Rapfi,
    // where the engine before won 68 (docs/mnk.md).
    let guarded = lost_to_a_pass(&mut lines, side, &budget.share(GUARD_SHARE), GUARD_THREATS);
    let under_threat = guarded.is_some();
    let mut lost = guarded.unwrap_or_default();
    for &c in known_lost {
        if !lost.contains(&c) {
            lost.push(c);
        }
    }
    let past_exact = lines.cells() > EXACT_CELLS;
    let exact_checks = exact_search_checks(lines.cells(), lines.k, lines.stones);
    let searching = budget.share(if exact_checks {
        SMALL_BOARD_SEARCH_SHARE
    } else {
        PATTERN_SEARCH_SHARE
    });
    let mut search = PatternSearch::continuing(&mut lines, &searching);
    if under_threat && past_exact {
        search.begin_iterations_within = Some(UNDER_THREAT_ITERATIONS);
    }
    let mut moves = search.root_moves();
    // Moves after which the opponent wins by fours are proven lost.
    let mut fours = Fours::new(&searching);
    moves.retain(|&c| {
        search.lines.play(c, side);
        let loses =
            search.lines.winner.is_none() && fours.vcf(search.lines, 1 - side, VCF_DEPTH).is_some();
        search.lines.undo();
        if loses && !lost.contains(&c) {
            lost.push(c);
        }
        !loses
    });
    if moves.is_empty() {
        // Every move weighed loses: rank the likeliest still, the person
        // may not see how.
        moves = search.root_moves();
    }
    advice.losing = lost;
    let ranked = search.rank(moves, PATTERN_MIN_DEPTH);
    // For a front end that shows it (`MESSAGE` in the Gomocup protocol);
    // one move left to weigh is not searched.
    if let Some(best) = ranked.first().filter(|_| search.nodes > 0) {
        budget.note_search(SearchNote {
            depth: u32::try_from(search.depth).unwrap_or(0),
            nodes: search.nodes,
            estimate: match best.score {
                s if s > WON => Estimate::WinSeen,
                s if s < -WON => Estimate::LossSeen,
                s => Estimate::Score(i64::from(s)),
            },
        });
    }
    search.keep_table();
    let mut estimates: Vec<(usize, i64)> =
        ranked.iter().map(|s| (s.mv, i64::from(s.score))).collect();
    prefer_book_choice(&lines, &mut estimates, &advice.losing);
    let ranking = estimates.clone();
    let mut check = Check::new(budget);
    let held = refute_on_lines(
        &mut lines,
        side,
        &mut check,
        &mut estimates,
        &mut advice.losing,
        REFUTE_MOVES,
    );
    // The search weighs only the moves near the fight, and the check only
    // its first few choices: when none of those held, the rest must be
    // proven lost too, or one of them, "not proven to lose", would be
    // played (a stone in a corner, in games lost to Rapfi).
    // Past the depth-first search's 6 threats, by proof numbers with the
    // time it leaves (the moves the check proved lost not searched
    // again): where `analyze` proves the position lost, so does play.
    let every_move_lost = !held
        && (lost_on_lines(&mut lines, side, budget, VCT_DEPTH)
            || deep_loss(&mut lines, side, &advice.losing, budget));
    if every_move_lost {
        advice.losing = (0..lines.cells()).filter(|&c| lines.is_empty(c)).collect();
        estimates = hold_out(&mut lines, side, &ranking, budget);
    } else if !held {
        // Not every move is lost: the search's other choices are checked,
        // in its order, while the time lasts. Stopping at the first few,
        // the computer played as O a choice a 16 ms search proves lost
        // (`i7 j8 k8 k6 i9 i6 j9 j6 h6`: h5, X wins 4 threats deep) where
        // a later one holds (h9).
        refute_on_lines(
            &mut lines,
            side,
            &mut check,
            &mut estimates,
            &mut advice.losing,
            usize::MAX,
        );
    }
    advice.estimates = estimates;
    // The time the search and its check left (two moves in five, in
    // games against Rapfi, were made in under 0.7 s of 0.9) goes on the
    // search for our own win, where the first look left off — except
    // where the exact search checks the choice next
    // (`exact_search_checks`): the time left is its — and not where every
    // move is lost.
    let proven = if !exact_checks && !every_move_lost {
        let mut own = own.resumed(budget);
        advice.winning = own.vct_deepening(&mut lines, side, VCT_DEPTH);
        advice.deeper = advice.winning.is_none() && !own.aborted();
        own.into_wins()
    } else {
        own.into_wins()
    };
    kept_wins::keep(&lines, proven);
    advice
}

/// Play's last step after `advise` found no win of ours where it gave
/// its time left to our own win (`Advice::deeper`): a win up to
/// `DEEP_THREATS` deep by proof numbers (`deep_win`), with what is left
/// of `budget`, its proof kept for the game's next moves as `advise`
/// keeps its own (`kept_wins`). Apart from `advise`, which other callers
/// ask for its ranking alone: the search would spend their time on a
/// move they do not play.
pub fn deeper_win(board: &mut Board<'_>, advice: &Advice, budget: &Budget) -> Option<usize> {
    if !advice.deeper {
        return advice.winning;
    }
    let w = board.windows;
    let mut lines = Lines::from_cells(w.width, w.height, w.k, &board.cell)?;
    let mut search = deep_search(budget)?;
    let win = search.win(&mut lines, board.to_move(), DEEP_THREATS)?;
    kept_wins::keep(&lines, search.proven_wins(&lines, DEEP_THREATS));
    Some(win)
}

/// Puts the move of the board's book of choices (`book::choices`) first
/// among the estimates where a move stands in the position and no check
/// has proven it lost: the move more than half of the same search's
/// runs at the book's depths choose (14, 12 and 13 plies on 8×8), made
/// offline; on the open boards, the third stone of an opening where O's
/// stone touches X's, along a line or diagonally, or stands a knight's
/// move from it (`opening::third_stone`), and where O's touched X's along
/// a line, X's fifth stone after it, searched offline deeper than play
/// reaches (`shapes`), and before it, where one is there, X's winning
/// threat in a position a long search proved won offline (`wins`: a
/// proof on the board it was made on, a choice here, as the edges may
/// stand elsewhere). It is then checked against the threats as the
/// search's own first choice is (`refute_on_lines`).
fn prefer_book_choice(lines: &Lines, estimates: &mut Vec<(usize, i64)>, losing: &[usize]) {
    let Some(mv) = book_choice(lines) else {
        return;
    };
    if losing.contains(&mv) || !lines.is_empty(mv) {
        return;
    }
    put_first(estimates, mv);
}

/// The move a book holds for the position (see `prefer_book_choice`).
fn book_choice(lines: &Lines) -> Option<usize> {
    let Some((geo, book)) = choices::builtin(lines.width, lines.height, lines.k) else {
        return opening::third_stone(lines)
            .or_else(|| wins::builtin()?.get(lines))
            .or_else(|| shapes::builtin()?.get(lines));
    };
    let (mut x, mut o) = (0u64, 0u64);
    for (c, &v) in lines.cell.iter().enumerate() {
        match v {
            1 => x |= 1 << c,
            2 => o |= 1 << c,
            _ => {}
        }
    }
    book.get(geo, x, o)
}

/// Where to hold out in a lost position, best first: of the moves the
/// search weighed (its refuted first choices among them), those after
/// which the opponent has no win by fours come first (it must find
/// threats), then those whose shortest win by fours is longest — a
/// person is likelier to miss it — each group in the search's order.
/// Among the first, those whose shortest win by threats is deepest come
/// first: a move after which the opponent needs three threats is a
/// harder task than one after which it needs one. What the budget
/// leaves unexamined for fours comes last, in that order too; a move
/// whose threat search it cuts short ranks with those whose win is as
/// short as its own may be (`threats_key`).
fn hold_out(
    lines: &mut Lines,
    side: usize,
    ranking: &[(usize, i64)],
    budget: &Budget,
) -> Vec<(usize, i64)> {
    let mut fours = Fours::new(budget);
    // Each move with the fewest fours that win (one more than any can),
    // and how deep its win by threats is known to be (`threats_key`).
    let mut keyed: Vec<(usize, u32, u32)> = ranking
        .iter()
        .map(|&(c, _)| {
            lines.play(c, side);
            let needed = (1..=VCF_DEPTH)
                .find(|&depth| fours.aborted || fours.vcf(lines, 1 - side, depth).is_some())
                .unwrap_or(VCF_DEPTH + 1);
            lines.undo();
            (
                c,
                if fours.aborted { 0 } else { needed },
                threats_key(0, false),
            )
        })
        .collect();
    // The moves with no win by fours, searched one threat deeper at a
    // time, all of them at each depth before the next: where the time
    // runs out, each has been looked at about as deep as the others.
    let mut threes = Threes::new(budget);
    let mut open: Vec<usize> = (0..keyed.len())
        .filter(|&i| keyed[i].1 == VCF_DEPTH + 1)
        .collect();
    for depth in 1..=VCT_DEPTH {
        open.retain(|&i| {
            if threes.aborted() {
                return false;
            }
            let c = keyed[i].0;
            lines.play(c, side);
            let won = lines.winner.is_none() && threes.vct(lines, 1 - side, depth).is_some();
            lines.undo();
            if threes.aborted() {
                return false;
            }
            keyed[i].2 = threats_key(depth, won);
            !won
        });
    }
    keyed.sort_by_key(|&(_, needed, threats)| std::cmp::Reverse((needed, threats)));
    keyed
        .iter()
        .enumerate()
        .map(|(i, &(c, _, _))| (c, -(i as i64)))
        .collect()
}

/// How hard the opponent's win by threats is after a move, for
/// `hold_out`: the fewest threats it can need, as far as the searches
/// show — `depth` where it was won with `depth` and not fewer, one more
/// where it was not won within `depth` (so 1 before any search). A move
/// whose search at `depth` was cut short (not won within `depth - 1`)
/// so ties with one won at `depth`: its win may be as short.
fn threats_key(depth: u32, won: bool) -> u32 {
    depth + u32::from(!won)
}

/// The advice of the window search, for boards whose k the pattern
/// tables do not cover.
fn advise_by_windows(board: &mut Board<'_>, budget: &Budget) -> Advice {
    let side = board.to_move();
    let mut advice = Advice::default();
    // A win of our own by threats: a third of the time at most.
    if let Some(c) = win_by_threats(board, &budget.share(0.3)) {
        advice.winning = Some(c);
        return advice;
    }
    let mut candidates: Vec<usize> = (0..board.cell.len())
        .filter(|&c| board.is_empty(c))
        .collect();
    candidates.sort_by_cached_key(|&c| std::cmp::Reverse((board.is_near(c), board.gain(c, side))));
    guard(
        board,
        side,
        &budget.share(0.5),
        &mut candidates,
        &mut advice.losing,
    );
    // The playing search among the moves left, leaving time to check its
    // choices against the opponent's threats.
    let style = Style::of(board);
    let searching = budget.share(SEARCH_SHARE);
    let mut search = Search {
        board,
        budget: &searching,
        nodes: 0,
        aborted: false,
        best: HashMap::new(),
        root: side,
        style,
        must_finish: false,
    };
    let mut root: Vec<usize> = search.candidates(side, ROOT_BEAM);
    root.retain(|c| candidates.contains(c));
    // On the empty board every inner cell looks alike to a shallow search,
    // which would then pick one by the horizon's noise: open in the centre.
    let room = if search.board.stones == 0 {
        1
    } else {
        ROOT_BEAM
    };
    for &c in &candidates {
        if root.len() >= room {
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
        search.must_finish = depth <= MIN_DEPTH;
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
    refute(
        search.board,
        side,
        budget,
        &mut estimates,
        &mut advice.losing,
    );
    advice.estimates = estimates;
    advice
}

/// The part of the time the playing search gets; the rest goes to
/// checking its choices (see `refute`).
const SEARCH_SHARE: f64 = 0.6;
/// How many threats deep the opponent's wins are looked for after a
/// choice of the playing search on the window board (on the pattern
/// board: `VCT_DEPTH`).
const REFUTE_DEPTH: u32 = 4;
/// How many of the search's choices, best first, may be refuted before
/// the check stops (on the pattern board: before it asks whether every
/// move is lost, and, where not, goes on through the rest).
const REFUTE_MOVES: usize = 6;

/// Checks the search's best choices, best first, for a win of the
/// opponent by threats (with up to `REFUTE_DEPTH` quiet moves) after them:
/// the playing search's beam and horizon miss an attack that builds over
/// several threes, which the threat search sees at once. A refuted choice
/// is proven lost (moved from `estimates` to `losing`); the first that
/// holds, or the budget's end, stops the check.
fn refute(
    board: &mut Board<'_>,
    side: usize,
    budget: &Budget,
    estimates: &mut Vec<(usize, i64)>,
    losing: &mut Vec<usize>,
) {
    let mut threats = Threats::new(board, budget);
    refute_by(estimates, losing, REFUTE_MOVES, |c| {
        threats.board.play(c, side);
        let lost = threats.board.winner.is_none()
            && threats.vct_deepening(1 - side, REFUTE_DEPTH).is_some();
        threats.board.undo();
        lost
    });
}

/// The threat searches of the check on the pattern board, kept from one
/// choice to the next: one whose fours follow on first
/// (`Threes::following_on`), which finds most refutations in half to
/// three fifths of the time, then the full one where it finds none. Of
/// the 213 positions of the audits where some moves are proven lost and
/// not all, a choice proven lost was played in 1 or 2 (runs differ
/// with the clock) instead of 3 when it came; with the search's last
/// iteration's time given to it under threat (`UNDER_THREAT_ITERATIONS`),
/// in 1, where every move is lost (docs/mnk.md).
struct Check<'b> {
    quick: Threes<'b>,
    full: Threes<'b>,
    budget: &'b Budget,
}

impl<'b> Check<'b> {
    fn new(budget: &'b Budget) -> Self {
        Self {
            quick: Threes::following_on(budget),
            full: Threes::new(budget),
            budget,
        }
    }

    /// Whether the opponent of `side` (to move) wins by threats.
    fn lost(&mut self, lines: &mut Lines, side: usize) -> bool {
        let opponent = 1 - side;
        self.quick
            .vct_deepening(lines, opponent, VCT_DEPTH)
            .is_some()
            || self
                .full
                .vct_deepening(lines, opponent, VCT_DEPTH)
                .is_some()
            || (!self.full.aborted()
                && deep_win(lines, opponent, &self.budget.share(DEEP_CHECK_SHARE)).is_some())
    }
}

/// `refute` on the pattern board, where the threats are found faster
/// (and so are looked for deeper), refuting at most `limit` choices;
/// `check` keeps what failed from one call to the next.
fn refute_on_lines(
    lines: &mut Lines,
    side: usize,
    check: &mut Check<'_>,
    estimates: &mut Vec<(usize, i64)>,
    losing: &mut Vec<usize>,
    limit: usize,
) -> bool {
    refute_by(estimates, losing, limit, |c| {
        lines.play(c, side);
        let lost = lines.winner.is_none() && check.lost(lines, side);
        lines.undo();
        lost
    })
}

/// The check of `refute`, with `lost_after` saying whether the opponent
/// was found to win by threats after a move, refuting at most `limit`
/// choices. Whether a choice held (was not refuted) before the check
/// ended.
fn refute_by(
    estimates: &mut Vec<(usize, i64)>,
    losing: &mut Vec<usize>,
    limit: usize,
    mut lost_after: impl FnMut(usize) -> bool,
) -> bool {
    let mut checked = 0;
    while checked < limit && estimates.len() > 1 {
        let (c, _) = estimates[0];
        // A choice proven lost already (by the guard) is passed over
        // without a check.
        if !losing.contains(&c) {
            if !lost_after(c) {
                rank_above_equals(estimates, c);
                return true;
            }
            losing.push(c);
            checked += 1;
        }
        estimates.remove(0);
    }
    false
}

/// Ranks `held`, a choice a check held, above the search's choices of the
/// same estimate, which were not checked (the computer picks among equals
/// at random, and had played an unchecked one, lost, half the time).
pub fn rank_above_equals(estimates: &mut [(usize, i64)], held: usize) {
    let Some(&(_, top)) = estimates.iter().find(|&&(c, _)| c == held) else {
        return;
    };
    for (c, score) in estimates.iter_mut() {
        if *c != held && *score == top {
            *score = top - 1;
        }
    }
}

/// How many quiet threats deep the opponent's wins are looked for, were
/// the computer to pass (the shallower first: the deeper rarely finish).
const GUARD_DEPTH: u32 = 4;

/// The opponent's threats: were `side` to pass, could the opponent win by
/// fours, or by threats with up to `GUARD_DEPTH` quiet moves among them (a
/// three that leads to a double three, say)? Then every move that leaves
/// it that win is lost (pushed to `losing`), and `candidates` keeps those
/// that hold, tried most likely first; deeper threats are looked for
/// among the moves that hold the shallower ones, while the budget lasts.
fn guard(
    board: &mut Board<'_>,
    side: usize,
    budget: &Budget,
    candidates: &mut Vec<usize>,
    losing: &mut Vec<usize>,
) {
    let mut threats = Threats::new(board, budget);
    for depth in 1..=GUARD_DEPTH {
        // (A four of our own only delays a threat: checked to the same
        // depth either way.)
        if threats.vct(1 - side, depth).is_none() {
            if threats.aborted {
                return;
            }
            continue;
        }
        let mut safe = Vec::new();
        let mut tried = 0;
        for &c in candidates.iter() {
            threats.board.play(c, side);
            let lost = threats.board.winner.is_none() && threats.vct(1 - side, depth).is_some();
            threats.board.undo();
            if threats.aborted {
                break;
            }
            tried += 1;
            if lost {
                losing.push(c);
            } else {
                safe.push(c);
            }
        }
        // If no move was found to hold, the search still ranks them all:
        // the person may not find the win. Moves the budget left untried
        // stay (after the shallowest check, the likeliest were tried).
        if safe.is_empty() {
            if tried < candidates.len() && depth > 1 {
                candidates.drain(..tried);
            }
            return;
        }
        if depth > 1 {
            safe.extend_from_slice(&candidates[tried..]);
        }
        *candidates = safe;
        if threats.aborted {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{
        Board, Budget, Check, Fours, Lines, PassWin, REFUTE_MOVES, Threes, VCF_DEPTH, VCT_DEPTH,
        advise, advise_by_windows, deeper_win, hold_out, lost_to_threats, refute, refute_by,
        refute_on_lines, threats_key, win_by_threats,
    };
    use crate::games::mnk::Geometry;
    use crate::games::mnk::beyond::lines::named;
    use crate::games::mnk::book::choices;
    use std::time::Duration;

    /// On 8×8 with k=5 the computer plays the move that stands in the
    /// shipped book: after `d4 e7 e4` c4, which the search 12 plies ahead
    /// on the game's board (what a second reaches there) does not choose;
    /// after `c4 g7 d5` d4, where the book's 14 plies and its 12 disagree
    /// and 13 side with d4 (two votes of three; e6, the 12 plies' and
    /// play's own at a second, lost a game to Rapfi) — and in each of the
    /// positions' images, the move's image.
    #[test]
    fn on_8x8_play_makes_the_book_of_choices_move() {
        let Some((geo, book)) = choices::builtin(8, 8, 5) else {
            panic!("8×8 k=5 ships a book of choices");
        };
        let bits = |cells: &[usize]| cells.iter().fold(0u64, |b, &c| b | 1 << c);
        for (moves, want, shallow) in [
            (["d4", "e7", "e4"], "c4", "d5"),
            (["c4", "g7", "d5"], "d4", "e6"),
        ] {
            let [x, o, x2] = moves.map(|m| geo.cell_named(m));
            let (xs, os) = (bits(&[x, x2]), bits(&[o]));
            let want = geo.cell_named(want);
            assert_eq!(book.get(geo, xs, os), Some(want), "{moves:?}");
            assert_eq!(
                choices::choose(geo, xs, os, 12),
                Some(geo.cell_named(shallow)),
                "12 plies ahead, the search chooses otherwise"
            );
            for image in &geo.symmetries {
                let name = |c: usize| geo.cell_name(image[c]);
                let mut board = Board::named(geo, &[&name(x), &name(x2)], &[&name(o)]);
                let advice = advise(&mut board, &Budget::of(Duration::from_millis(100)));
                let played = advice.estimates.first().map(|&(c, _)| c);
                assert_eq!(played, Some(image[want]), "{moves:?}, {}", name(x));
            }
        }
        // Where 14 plies choose otherwise: the move stands by the others'
        // votes.
        let (xs, os) = (
            bits(&[geo.cell_named("c4"), geo.cell_named("d5")]),
            bits(&[geo.cell_named("g7")]),
        );
        let (key, _) = geo.canonical(xs, os);
        let entry = book.entries().into_iter().find(|e| (e.0, e.1) == key);
        assert!(
            entry.is_some_and(|e| e.3.len() == 2),
            "decided by the second check"
        );
    }

    #[test]
    fn the_deeper_search_keeps_the_win_advise_found() {
        // k = 7, past the pattern tables: the window search plays, and
        // finds X's seventh stone; the deeper search (on the pattern
        // board only) must leave it.
        let geo = Geometry::new(15, 15, 7);
        let xs = ["a8", "b8", "c8", "d8", "e8", "f8"];
        let os = ["a1", "c1", "e1", "g1", "i1", "k1"];
        let mut board = Board::named(&geo, &xs, &os);
        let budget = Budget::of(Duration::from_secs(30));
        let advice = advise(&mut board, &budget);
        assert_eq!(advice.winning, Some(geo.cell_named("g8")));
        assert_eq!(deeper_win(&mut board, &advice, &budget), advice.winning);
        // On 15×15 k = 5, where advise found none and the position is
        // open, the deeper search finds a win 8 threats deep: O's g13
        // (`proof_numbers.rs`'s tests).
        let (xs, os) = named::won_by_o_eight_deep();
        let geo = Geometry::new(15, 15, 5);
        let mut board = Board::named(&geo, &xs, &os);
        let advice = advise(&mut board, &Budget::of(Duration::from_secs(3)));
        assert_eq!(advice.winning, None, "not within {VCT_DEPTH}");
        assert!(advice.deeper);
        assert_eq!(
            deeper_win(&mut board, &advice, &budget),
            Some(geo.cell_named("g13"))
        );
        // Where advise keeps its time from our own win, it does not look.
        let kept = super::Advice {
            deeper: false,
            ..advice
        };
        assert_eq!(deeper_win(&mut board, &kept, &budget), None);
    }

    #[test]
    fn a_loss_past_six_threats_is_known_to_play_as_to_analyze() {
        // After O's g13 (a win eight deep), X's every move loses within
        // seven: advise, given time, proves it past the depth-first
        // search's 6 and holds out (every move lost, still ranked).
        let (xs, mut os) = named::won_by_o_eight_deep();
        os.push("g13");
        let geo = Geometry::new(15, 15, 5);
        let mut board = Board::named(&geo, &xs, &os);
        let empty = geo.cells() - 44;
        let advice = advise(&mut board, &Budget::of(Duration::from_secs(10)));
        assert_eq!(advice.losing.len(), empty, "every move is proven lost");
        assert!(!advice.estimates.is_empty(), "and still ranked");
    }

    #[test]
    fn on_a_crowded_board_the_win_whose_fours_follow_on_is_found_by_analyze_as_by_play() {
        // A game lost to Rapfi as X, after 58 stones and X's c6 (O to
        // move): play's check proved c6 lost (b5) in 58 ms by the search
        // whose fours follow on; the full search finds nothing in 2 s,
        // and `analyze`, which had only it, called c6 unknown with 5 s
        // (the engine before fails this test).
        let game = "h8 h7 i7 j6 g9 j9 f9 i8 g6 j7 j8 h9 k6 k9 f10 e11 f11 k10 l11 f8 i9 \
                    k11 k8 i10 k12 h10 j10 g7 e9 f7 g8 g11 j13 i14 e10 c9 d10 c10 d7 c8 \
                    c7 d8 e8 g10 l12 e7 f13 f12 f6 i12 l9 l10 n9 m10 c12 d11 j12 g12 c6";
        let moves: Vec<&str> = game.split_whitespace().collect();
        let xs: Vec<&str> = moves.iter().copied().step_by(2).collect();
        let os: Vec<&str> = moves.iter().copied().skip(1).step_by(2).collect();
        let geo = Geometry::new(15, 15, 5);
        let mut board = Board::named(&geo, &xs, &os);
        assert_eq!(board.to_move(), 1, "O to move");
        let win = win_by_threats(&mut board, &Budget::of(Duration::from_secs(2)));
        assert!(win.is_some(), "O's win after c6 is found");
    }

    #[test]
    fn where_every_move_near_the_fight_loses_so_does_every_other() {
        // O to move after g8 j8 f7 e6 g6 g7 e8 d9 h7 d10 f8 h8 f9 (a game
        // lost to Rapfi): X's open three f7 f8 f9 and its fours around
        // win whatever O does. The search weighs 12 moves near them, all
        // lost; the brain then played a15 and i13, "not proven to lose".
        let geo = Geometry::new(15, 15, 5);
        let xs = ["g8", "f7", "g6", "e8", "h7", "f8", "f9"];
        let os = ["j8", "e6", "g7", "d9", "d10", "h8"];
        let mut board = Board::named(&geo, &xs, &os);
        let advice = advise(&mut board, &Budget::unlimited());
        let empty = geo.cells() - 13;
        assert_eq!(advice.losing.len(), empty, "every move is proven lost");
        assert!(!advice.estimates.is_empty(), "and still ranked");
        // So on the window board, which plays the boards whose k the
        // pattern tables do not cover (its guard tries every empty cell).
        let advice = advise_by_windows(&mut board, &Budget::unlimited());
        assert_eq!(advice.losing.len(), empty, "every move is proven lost");
        assert!(!advice.estimates.is_empty(), "and still ranked");
        // An open three alone: X, were it to move, wins by fours, but a
        // block at either end holds. Every move away from the three is
        // proven lost (outside the zone of X's win, making no three of
        // O's), the blocks are not.
        let (xs, os) = (["g8", "h8", "i8", "c3"], ["a1", "o15", "m2"]);
        let mut lines = named::board(&xs, &os);
        let budget = Budget::unlimited();
        assert!(!Threes::new(&budget).every_move_loses(&mut lines, 1, VCT_DEPTH));
        assert_eq!(lines.stones, 7, "the board is left as it was");
        let advice = advise(&mut Board::named(&geo, &xs, &os), &budget);
        for block in ["f8", "j8"] {
            assert!(!advice.losing.contains(&named::at(block)), "{block}");
        }
        assert!(advice.losing.contains(&named::at("a15")));
        let empty = geo.cells() - xs.len() - os.len();
        assert!(advice.losing.len() > empty / 2, "{:?}", advice.losing);
    }

    #[test]
    fn two_crosses_lose_to_threats_and_not_to_fours() {
        // X's twos cross at h8 and at n3: a stone on either makes two open
        // threes. O, to move, can spoil one cross, not both; X has no four
        // to make, so only a search with threats in between proves it.
        let geo = Geometry::new(15, 15, 5);
        let xs = ["f8", "g8", "h6", "h7", "l3", "m3", "n4", "n5"];
        let os = ["a1", "c14", "e2", "k14", "o6", "b10", "m10"];
        let mut board = Board::named(&geo, &xs, &os);
        let budget = Budget::unlimited();
        assert!(!lost_to_threats(&mut board, &budget, 0), "no fours");
        assert!(lost_to_threats(&mut board, &budget, 1));
        assert_eq!(board.stones, 15, "the board is left as it was");
        let advice = advise(&mut board, &budget);
        assert_eq!(advice.losing.len(), geo.cells() - 15, "play proves it too");
        // Where to hold out, the search's first choices are still ranked:
        // the crossings, refuted by the other.
        let ranked = |c| advice.estimates.iter().any(|&(e, _)| e == named::at(c));
        assert!(ranked("h8") && ranked("n3"), "{:?}", advice.estimates);
    }

    #[test]
    fn where_every_move_loses_the_hardest_win_is_left() {
        // X: the open three g8 h8 i8, and twos crossing at n3 far away.
        // O, to move, loses: a block of the three leaves the cross. Where
        // to hold out: a block next to the three, after which X needs
        // threats, not an open four at once.
        let geo = Geometry::new(15, 15, 5);
        let xs = ["g8", "h8", "i8", "l3", "m3", "n4", "n5"];
        let os = ["a1", "c14", "e2", "k14", "o6", "b10"];
        let mut board = Board::named(&geo, &xs, &os);
        let budget = Budget::unlimited();
        assert!(
            !lost_to_threats(&mut board, &budget, 0),
            "a block holds the fours"
        );
        assert!(lost_to_threats(&mut board, &budget, VCT_DEPTH));
        let advice = advise(&mut board, &budget);
        assert_eq!(advice.losing.len(), geo.cells() - 13, "every move is lost");
        let first = advice.estimates.first().map(|&(c, _)| geo.cell_name(c));
        assert!(
            first.as_deref() == Some("f8") || first.as_deref() == Some("j8"),
            "{first:?}"
        );
        // Ranked so by `hold_out` whatever the search's order: after e8
        // (the far end) and a15 X makes an open four; after f8 it needs
        // the cross.
        let [e8, a15, f8] = ["e8", "a15", "f8"].map(named::at);
        let mut lines = named::board(&xs, &os);
        let held = hold_out(&mut lines, 1, &[(e8, 9), (a15, 8), (f8, 7)], &budget);
        assert_eq!(held, vec![(f8, 0), (e8, -1), (a15, -2)]);
        assert_eq!(lines.stones, 13, "the board is left as it was");
    }

    #[test]
    fn a_threat_search_cut_short_ranks_with_the_wins_it_may_equal() {
        // Where the time runs out at `depth`, a move known only not to be
        // won within `depth - 1` may be won at `depth`: it ranks with those
        // won there, below those not won within `depth`.
        for depth in 1..=VCT_DEPTH {
            assert_eq!(threats_key(depth - 1, false), threats_key(depth, true));
            assert!(threats_key(depth, false) > threats_key(depth, true));
        }
    }

    #[test]
    fn where_to_hold_out_the_deepest_win_by_threats_comes_first() {
        // Random crowded centres: the moves near the stones, ranked where
        // to hold out, are in order of how hard the opponent's win after
        // each is, as fresh searches find it — the fewest fours that win
        // first, then, where none does, the fewest threats — and in the
        // order given where they tie.
        let budget = Budget::unlimited();
        let hardness = |lines: &mut Lines, c: usize, side: usize| {
            lines.play(c, side);
            let fours = (1..=VCF_DEPTH)
                .find(|&d| Fours::new(&budget).vcf(lines, 1 - side, d).is_some())
                .unwrap_or(VCF_DEPTH + 1);
            let threats = (1..=VCT_DEPTH)
                .find(|&d| Threes::new(&budget).vct(lines, 1 - side, d).is_some())
                .unwrap_or(VCT_DEPTH + 1);
            lines.undo();
            // Past fours, only the threats tell moves apart.
            (fours, if fours > VCF_DEPTH { threats } else { 0 })
        };
        let mut seed = 11;
        let mut told_apart_by_threats = 0;
        named::each_crowded(&mut seed, 24, 10, 20, |lines, _| {
            let side = lines.to_move();
            let ranking: Vec<(usize, i64)> = lines
                .near_empty_cells()
                .take(8)
                .enumerate()
                .map(|(i, c)| (c, -(i as i64)))
                .collect();
            let held = hold_out(lines, side, &ranking, &budget);
            assert_eq!(held.len(), ranking.len());
            let order = |c| ranking.iter().position(|&(r, _)| r == c);
            let keys: Vec<_> = held
                .iter()
                .map(|&(c, _)| (hardness(lines, c, side), order(c)))
                .collect();
            for pair in keys.windows(2) {
                let [(a, first), (b, second)] = pair else {
                    continue;
                };
                let (a_fours, a_threats) = *a;
                let (b_fours, b_threats) = *b;
                // Harder first: fewer fours needed is easier, fewer threats too.
                let harder = a_fours > b_fours || (a_fours == b_fours && a_threats > b_threats);
                assert!(
                    harder || (a == b && first < second),
                    "{pair:?} after {:?}",
                    lines.history
                );
                told_apart_by_threats +=
                    usize::from(a_fours == b_fours && a_fours > VCF_DEPTH && a_threats > b_threats);
            }
        });
        assert!(told_apart_by_threats > 3, "{told_apart_by_threats}");
    }

    #[test]
    fn the_check_stops_at_its_limit_of_refuted_choices_or_at_the_first_that_holds() {
        // Choices 0 to 9, best first; only 8 holds.
        let choices: Vec<(usize, i64)> = (0..10).map(|c| (c, 10 - c as i64)).collect();
        let lost_after = |c: usize| c != 8;
        let (mut estimates, mut losing) = (choices.clone(), Vec::new());
        assert!(!refute_by(
            &mut estimates,
            &mut losing,
            REFUTE_MOVES,
            lost_after
        ));
        assert_eq!(losing, (0..REFUTE_MOVES).collect::<Vec<_>>());
        assert_eq!(estimates, choices[REFUTE_MOVES..]);
        // Going on from there, 8 holds, and 9 is never checked.
        assert!(refute_by(
            &mut estimates,
            &mut losing,
            usize::MAX,
            lost_after
        ));
        assert_eq!(losing, (0..8).collect::<Vec<_>>());
        assert_eq!(estimates, choices[8..]);
    }

    /// On 19×19, O to move after `j10 j11 i11 k9 h12 g13 h10`, where X
    /// would win by threats were O to pass: that win, searched again
    /// after each move far from the stones through what its first search
    /// found to fail (`PassWin::lost_after`), is found after every one of
    /// them, as each move's own search finds it — the searches `analyze`
    /// had no time for at 1 s (docs/mnk.md).
    #[test]
    fn the_win_were_we_to_pass_is_found_again_after_every_far_move() {
        let geo = Geometry::new(19, 19, 5);
        let mut board = Board::named(&geo, &["j10", "i11", "h12", "h10"], &["j11", "k9", "g13"]);
        let budget = Budget::unlimited();
        let Some(mut pass_win) = PassWin::find(&board, &budget, VCT_DEPTH) else {
            panic!("X wins were O to pass");
        };
        let side = board.to_move();
        assert_eq!(side, 1, "O to move");
        let (mut far, mut near) = (0, 0);
        let empty: Vec<usize> = (0..geo.cells()).filter(|&c| board.is_empty(c)).collect();
        for c in empty {
            let lost = pass_win.lost_after(c, &budget);
            if board.is_near(c) {
                near += usize::from(lost);
            } else {
                assert!(lost, "{}", geo.cell_name(c));
                far += 1;
            }
            // What it claims, a search of the move's own finds.
            if lost {
                board.play(c, side);
                assert!(
                    win_by_threats(&mut board, &budget).is_some(),
                    "{}",
                    geo.cell_name(c)
                );
                board.undo();
            }
        }
        assert!(far > 250 && near > 20, "{far} far moves, {near} near lost");
    }

    #[test]
    fn on_8x8_a_choice_lost_to_threats_is_refuted() {
        // O to move after e5 g6 d5 d4 c5 f5 c4: e3 (played at 1 s a move
        // in a game lost to Rapfi) lets X win by threats, 4 deep.
        let geo = Geometry::new(8, 8, 5);
        let board = Board::named(&geo, &["e5", "d5", "c5", "c4"], &["g6", "d4", "f5"]);
        let (e3, c7) = (geo.cell_named("e3"), geo.cell_named("c7"));
        let Some(mut lines) = Lines::from_cells(8, 8, 5, &board.cell) else {
            unreachable!("k = 5 has tables")
        };
        let mut estimates = vec![(e3, 5), (c7, 4)];
        let mut losing = Vec::new();
        refute_on_lines(
            &mut lines,
            1,
            &mut Check::new(&Budget::unlimited()),
            &mut estimates,
            &mut losing,
            REFUTE_MOVES,
        );
        assert_eq!((estimates, losing), (vec![(c7, 4)], vec![e3]));
        assert_eq!(lines.stones, 7, "the board is left as it was");
    }

    #[test]
    fn a_choice_that_ignores_an_open_three_is_refuted_and_a_block_is_kept() {
        let geo = Geometry::new(15, 15, 5);
        let mut board = Board::named(&geo, &["g8", "h8", "i8"], &["a1", "o15"]);
        let (far, block) = (geo.cell_named("a15"), geo.cell_named("f8"));
        let budget = Budget::unlimited();
        // The search's first choice leaves X an open four: refuted, and
        // the block after it is kept.
        let mut estimates = vec![(far, 5), (block, 4)];
        let mut losing = Vec::new();
        refute(&mut board, 1, &budget, &mut estimates, &mut losing);
        assert_eq!((estimates, losing), (vec![(block, 4)], vec![far]));
        // A first choice that holds stops the check.
        let mut estimates = vec![(block, 5), (far, 4)];
        let mut losing = Vec::new();
        refute(&mut board, 1, &budget, &mut estimates, &mut losing);
        assert_eq!((estimates, losing), (vec![(block, 5), (far, 4)], vec![]));
        // The choice that holds ranks above its unchecked equals.
        let mut estimates = vec![(block, 5), (far, 5)];
        refute(&mut board, 1, &budget, &mut estimates, &mut Vec::new());
        assert_eq!(estimates, vec![(block, 5), (far, 4)]);
        assert_eq!(board.stones, 5, "the board is left as it was");
    }
}
