//! The m,n,k solver behind the engine's trait: opening book, then exact
//! search within the question's budget; what the budget does not settle is
//! unknown, and the computer then plays the search's best estimate.

mod known;
mod order;
mod past_proof;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use crate::engine::{Budget, Game, Judged, MoveResults, Outcome, Solver, Value};

use crate::games::mnk::Geometry;
use crate::games::mnk::MnkGame;
use crate::games::mnk::beyond::strength;
use crate::games::mnk::book::{self, Book};
use crate::games::mnk::connect::Shape;
use crate::games::mnk::exact::distance::{Known, Prior};
use crate::games::mnk::exact::tt::{Tt, WIN};
use crate::games::mnk::geometry::{exact_search_checks, too_open_to_prove};

/// Short wins looked for first on gravity boards (see `distance::solve_known`).
const GRAVITY_QUICK_PLIES: i32 = 13;

/// The part of `move_results`' budget that the opponent's win were we to
/// pass gets at most, past the exact search (`lost_to_a_pass`).
const PASS_SHARE: f64 = 0.2;
/// The part of what is left that each move's quick pass in
/// `move_results` gets at most, past the exact search.
const QUICK_PASS_SHARE: f64 = 0.25;

/// The most each move's search after the opponent's win were we to
/// pass gets in `move_results` (`PassWin::lost_after`): the moves that
/// leave the win alone take a fraction of a millisecond.
const AFTER_A_PASS_MOST: Duration = Duration::from_millis(5);

/// The most each move's window through the book's endings gets in
/// `move_results` (`known_by_endings`), before its short windows: a
/// win through them takes a few nodes, and 60 moves of 8×8 take at
/// most 0.12 s.
pub(super) const ENDINGS_QUICK: Duration = Duration::from_millis(2);

/// The estimate of a move the playing search did not weigh: below all it
/// weighed.
const UNWEIGHED: i64 = i64::MIN / 2;
/// The estimate of a move the proofs left open, until the playing search
/// ranks it.
const OPEN: i64 = 0;

/// The playing search's estimate of `mv`.
fn estimate_of(estimates: &[(usize, i64)], mv: usize) -> i64 {
    estimates
        .iter()
        .find(|&&(c, _)| c == mv)
        .map_or(UNWEIGHED, |&(_, s)| s)
}

/// Searches each move not yet `done`, each with a slice of what is left
/// of `budget` (`search(i, slice)`, true where it settled move `i`), in
/// rounds until every move is done: each round's slice at least `first`
/// and an equal share of what is left, doubling from round to round, so
/// that the moves settled fast come first and one slow move cannot leave
/// the rest unsearched. Ends when the budget is spent or a round had all
/// of it; without a time limit, after one round (every move once, to the
/// end).
fn in_rounds(
    budget: &Budget,
    first: Duration,
    done: &mut [bool],
    mut search: impl FnMut(usize, &Budget) -> bool,
) {
    let mut slice = first;
    loop {
        let open: Vec<usize> = (0..done.len()).filter(|&i| !done[i]).collect();
        if open.is_empty() {
            return;
        }
        let last_round = match budget.remaining() {
            None => true,
            Some(left) => {
                slice = slice.max(left / open.len() as u32);
                slice >= left
            }
        };
        for i in open {
            if budget.exhausted() {
                return;
            }
            done[i] = search(i, &budget.capped(slice));
        }
        if last_round || budget.exhausted() {
            return;
        }
        slice = slice.saturating_mul(2);
    }
}

/// One judgement a class of moves, handed to each of its moves.
fn each_move<T: Copy>(
    classes: &[Vec<usize>],
    judged: impl IntoIterator<Item = T>,
) -> Vec<(usize, T)> {
    classes
        .iter()
        .zip(judged)
        .flat_map(|(class, j)| class.iter().map(move |&mv| (mv, j)))
        .collect()
}

pub struct MnkSolver {
    pub geo: Arc<Geometry>,
    /// The bitboards of a gravity board: searched by `GravitySearch`.
    pub shape: Option<Shape>,
    /// Loaded on first use: the shipped book for the board, or none.
    book: OnceLock<Book>,
    tt: Mutex<Option<Tt>>,
    /// Positions this solver proved lost for the player to move (the
    /// person, after a move of the computer's proven to win), canonical,
    /// with an upper bound on their score: every reply from one is won
    /// (see `won_by_parent`), as every reply from a book position lost for its
    /// mover is.
    lost: Mutex<HashMap<(u64, u64), i32>>,
    /// Wins by threats found past the exact search, by position (its
    /// cells) and first move: the position's value finds one (for the
    /// tip, `analyze`) and the choice of a move asked next (the tip's
    /// own) plays it instead of searching anew, in less time than the
    /// proof took — so the tip never calls a won position won and its
    /// move "not proven".
    threat_wins: Mutex<HashMap<Vec<u8>, usize>>,
    /// log2 of the table's entries.
    table_bits: u32,
    /// Whether the shipped book of moves proven lost is read
    /// (`book::losses`): not by the searches that make or test it.
    losses_book: bool,
}

impl std::fmt::Debug for MnkSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MnkSolver")
            .field("geo", &(self.geo.width, self.geo.height, self.geo.k))
            .finish_non_exhaustive()
    }
}

/// Converts a score relative to a position into its value.
#[must_use]
pub fn score_value(score: i32) -> Value {
    match score {
        0 => Value::outcome_only(Outcome::Draw),
        s if s > 0 => Value::exact(Outcome::Win, Some((WIN - s) as u64)),
        s => Value::exact(Outcome::Loss, Some((WIN + s) as u64)),
    }
}

/// The score (relative to it) of a best move's child of a position whose
/// exact score is `parent`: a win in `p` plies leaves a loss in `p - 1`,
/// a loss in `p` a win in `p - 1`, a draw a draw.
#[must_use]
pub(super) const fn child_target(parent: i32) -> i32 {
    if parent > 0 {
        -(parent + 1)
    } else if parent < 0 {
        -(parent - 1)
    } else {
        0
    }
}

impl MnkSolver {
    /// A solver with the built-in book for the board (read when first needed).
    #[must_use]
    pub fn new(geo: Arc<Geometry>) -> Self {
        let shape = geo
            .gravity
            .then(|| Shape::new(geo.width, geo.height, geo.k))
            .flatten();
        Self {
            book: OnceLock::new(),
            tt: Mutex::new(None),
            lost: Mutex::new(HashMap::new()),
            threat_wins: Mutex::new(HashMap::new()),
            table_bits: Self::play_table_bits(&geo),
            losses_book: true,
            shape,
            geo,
        }
    }

    /// The same solver without the shipped book of moves proven lost:
    /// every proof its own.
    #[must_use]
    pub const fn without_losses_book(mut self) -> Self {
        self.losses_book = false;
        self
    }

    /// The same solver with a table of `2^bits` entries: long offline
    /// proofs want more than the quick answers of play, where a table that
    /// fits the caches is faster (measured: 2^20 entries answer every move
    /// of 6×5 k=4 in 1.8 s, 2^24 in 2.9 s).
    #[must_use]
    pub fn with_table_bits(mut self, bits: u32) -> Self {
        self.table_bits = bits.clamp(10, 30);
        self
    }

    /// A solver with the given book (an empty one proves everything afresh).
    #[must_use]
    pub fn with_book(geo: Arc<Geometry>, book: Book) -> Self {
        let solver = Self::new(geo);
        let _ = solver.book.set(book);
        solver
    }

    /// A solver with no book: every position proven afresh, as the checks
    /// of the books and the benchmarks want.
    #[must_use]
    pub fn without_book(geo: &Arc<Geometry>) -> Self {
        Self::with_book(Arc::clone(geo), Book::default()).without_losses_book()
    }

    #[must_use]
    pub fn book(&self) -> &Book {
        self.book.get_or_init(|| book::builtin(&self.geo))
    }

    /// Gravity boards' searches wait on memory more than the free boards'
    /// (a few cheap shifts a node, and every child's entry probed), so
    /// their table stays within the caches: on 7×6, every move's exact
    /// result of random positions after 8 random moves took 27% less time
    /// with 2^18 entries than with 2^20, and after 12 moves 40% less
    /// (`examples/gravity_times`), for 12% more nodes.
    fn play_table_bits(geo: &Geometry) -> u32 {
        match geo.cells() {
            0..=9 => 12,
            10..=16 => 18,
            _ if geo.gravity => 18,
            _ => 20,
        }
    }
}

impl MnkSolver {
    /// A layer of the book that holds `pos` or its children and is still
    /// being read is waited for, within the budget.
    fn wait_for_layers(&self, pos: &MnkGame, budget: &Budget) {
        self.book().wait_for_layers(pos.stones() as u32, budget);
    }
}

impl Solver<MnkGame> for MnkSolver {
    fn wait_for_data(&self, pos: &MnkGame, budget: &Budget) {
        self.wait_for_layers(pos, budget);
    }

    fn value(&self, pos: &MnkGame, budget: &Budget) -> Value {
        self.wait_for_layers(pos, budget);
        Self::terminal(pos).unwrap_or_else(|| {
            self.known_value(pos, &budget.share(0.7))
                .unwrap_or_else(|| self.threat_value(pos, budget, strength::VCT_DEPTH))
        })
    }

    fn move_results(&self, pos: &MnkGame, budget: &Budget) -> MoveResults<usize> {
        self.wait_for_layers(pos, budget);
        let mut listed = Vec::new();
        let classes = self.classes(pos);
        // Past the exact search on a free board, the mover's own win by
        // threats first (as play and the tip find it): its first move is a
        // proven win. So too on the exact search's boards that it leaves
        // open (`threats_first`): after `d5 g7 e4 d6 d4 c4 e3 e5` on 8×8
        // k=5, 30 s of `analyze` proved the position won and named f3 the
        // winning move (the value's and the choice's threat searches),
        // while the move list, the exact search's alone, left f3 unknown.
        let past_exact = !self.geo.gravity && !self.exact_board();
        // The shipped book's proofs first (`book::losses`): minutes of
        // search each, known at once.
        let (booked_lost, booked_win) = self.booked(pos);
        let by_threats = booked_win.or_else(|| {
            (past_exact || self.threats_first())
                .then(|| strength::win_by_deep_threats(&mut pos.board(), &budget.share(0.3)))
                .flatten()
        });
        if let Some(mv) = by_threats {
            self.remember_threat_win(pos, mv);
        }
        // There too, where the opponent would win by threats were we to
        // pass, one search proves lost every move outside that win's zone
        // which makes no three of ours (play's guard, `lost_to_a_pass`),
        // where the passes below search move by move: on 19×19 after 22
        // plies they proved 121 moves of 339 whatever the time (the
        // 122nd move's search took what was left), this 293 in 0.1 ms.
        let mut lost_to_pass = vec![false; self.geo.cells()];
        for &c in &booked_lost {
            lost_to_pass[c] = true;
        }
        let mut pass_win = (past_exact && by_threats.is_none())
            .then(|| {
                let pass = budget.share(PASS_SHARE);
                strength::PassWin::find(&pos.board(), &pass, strength::VCT_DEPTH)
            })
            .flatten();
        for &c in pass_win.iter().flat_map(|p| &p.lost) {
            lost_to_pass[c] = true;
        }
        // Where the book's endings are read, every move's window through
        // them first (`known_by_endings`): a few nodes each, where one
        // move's short windows below may take the whole budget. A short
        // window's exact score, where one is found, comes before it: it
        // has the plies.
        let firsts: Vec<usize> = classes.iter().map(|class| class[0]).collect();
        let through_endings = self.each_through_endings(pos, &firsts, budget);
        // The short wins and losses of every move first: they take little
        // time, and a budget cut short by the long proofs still names them.
        let quick: Vec<Option<Known>> = classes
            .iter()
            .zip(through_endings)
            .map(|(class, through_endings)| {
                let child = pos.after(class[0]);
                match Self::terminal(&child) {
                    Some(_) => None,
                    None => match self.known_quick(&child, budget) {
                        Some(Known::Exact(score)) => Some(Known::Exact(score)),
                        short => through_endings.or(short),
                    },
                }
            })
            .collect();
        // Each open move is searched in turn within a slice of what is
        // left, the slices growing round by round: the moves proven fast
        // come first, and the time one move does not need goes to the
        // next, so one slow move cannot leave the others unknown. The
        // table keeps what a cut search found for the next round.
        let children: Vec<MnkGame> = classes.iter().map(|c| pos.after(c[0])).collect();
        let mut found: Vec<Option<Value>> = children
            .iter()
            .zip(&quick)
            .zip(&classes)
            .map(
                |((child, quick), class)| match (Self::terminal(child), quick) {
                    (Some(v), _) => Some(v),
                    _ if lost_to_pass[class[0]] => Some(Value::exact(Outcome::Win, None)),
                    (None, Some(Known::Exact(score))) => Some(score_value(*score)),
                    (None, Some(known @ Known::Outcome(_))) => Self::value_of(*known),
                    _ => None,
                },
            )
            .collect();
        // Settled: an exact score; a won or lost outcome without its plies
        // is searched again in the next round, for them.
        let mut settled: Vec<bool> = found.iter().map(Option::is_some).collect();
        // The last sibling's exact score, won or lost: often the next one's.
        let mut guess = None;
        in_rounds(
            budget,
            Duration::from_millis(5),
            &mut settled,
            |i, slice| {
                let prior = Prior {
                    guess,
                    quick_searched: quick[i].is_none(),
                    ..Prior::default()
                };
                let known = self.known_near(&children[i], slice, prior);
                if let Some(value) = Self::value_of(known) {
                    found[i] = Some(value);
                }
                let Known::Exact(score) = known else {
                    return false;
                };
                guess = (score != 0).then_some(score).or(guess);
                true
            },
        );
        let winning = |class: &[usize]| by_threats.is_some_and(|c| class.contains(&c));
        let mut values: Vec<Value> = classes
            .iter()
            .zip(&found)
            .map(|(class, value)| match value {
                // An exact score first: on the exact search's boards it
                // may have the win's plies, which the threats' proof has not.
                Some(value) => *value,
                None if winning(class) => Value::outcome_only(Outcome::Loss),
                None => Value::UNKNOWN,
            })
            .collect();
        let board = pos.board();
        let mut open: Vec<usize> = (0..classes.len())
            .filter(|&i| found[i].is_none() && !winning(&classes[i]))
            .collect();
        // Where the opponent wins were we to pass, that win searched again
        // after each move (`PassWin::lost_after`) first, each with a few
        // milliseconds: after a move that leaves it alone, it is found at
        // once, through what the first search found to fail. On 19×19
        // after 7 plies, the 270 moves far from the stones are proven so
        // in 0.2 ms each, where their own searches took 2.4 ms, and 1 s
        // of `analyze` proves 337 moves of 354 where it proved 64. Those
        // far from the stones first: all of them are proven before the
        // moves of the fight, whose searches may take what is left.
        if let Some(pass_win) = &mut pass_win {
            open.sort_by_key(|&i| board.is_near(classes[i][0]));
            for &i in &open {
                // A search's first look at the clock comes a few hundred
                // nodes in: with the budget spent, hundreds of them would
                // overrun it (by 70 ms of 50 on 19×19).
                if budget.exhausted() {
                    break;
                }
                let slice = budget.share(QUICK_PASS_SHARE).capped(AFTER_A_PASS_MOST);
                if pass_win.lost_after(classes[i][0], &slice) {
                    values[i] = Value::exact(Outcome::Win, None);
                }
            }
            open.retain(|&i| !values[i].is_proven());
        }
        // Each move still open: a search of its own for the opponent's
        // win by threats after it (values for the opponent, to move
        // there), the moves near the stones first — where the time runs
        // out, those the fight is about are known (board order left them
        // unknown on 19×19) — each with at most a quarter of what is
        // left, so that one slow search cannot leave the rest
        // unsearched. Not in rounds as above: where each move takes
        // about as long (a win the opponent has whatever we do), rounds
        // of growing slices proved none of hundreds with a few seconds.
        open.sort_by_key(|&i| !board.is_near(classes[i][0]));
        for i in open {
            values[i] = self.threat_value(&children[i], &budget.share(QUICK_PASS_SHARE), 0);
        }
        // Some left open, in a position not won: the opponent's deeper
        // win were we to pass may prove them lost too, by its zone or by
        // its search after each (`lost_to_deeper_threats`), where play
        // proves such a win.
        let open = values.iter().any(|v| !v.is_proven());
        if past_exact && by_threats.is_none() && open {
            let proven: Vec<usize> = classes
                .iter()
                .zip(&values)
                .filter(|(_, v)| v.is_proven() && v.outcome == Outcome::Win)
                .flat_map(|(class, _)| class.iter().copied())
                .collect();
            // Half what is left: the moves still open after it get the rest.
            if strength::lost_to_deeper_threats(&mut pos.board(), &proven, &budget.share(0.5)) {
                for v in values.iter_mut().filter(|v| !v.is_proven()) {
                    *v = Value::outcome_only(Outcome::Win);
                }
            }
        }
        if past_exact {
            self.deepen_open(&children, &mut values, budget);
        }
        for (class, value) in classes.into_iter().zip(values) {
            let value = value.for_mover();
            listed.extend(class.into_iter().map(|mv| (mv, value)));
        }
        // In the order of the moves: by column on gravity boards.
        let w = if self.geo.gravity {
            self.geo.width
        } else {
            usize::MAX
        };
        listed.sort_by_key(|&(mv, _)| (mv % w, mv));
        MoveResults::all(listed)
    }

    /// Only the best moves need exact values to choose among them: each
    /// other move is refuted by one null-window search instead of solved.
    fn judge(&self, pos: &MnkGame, budget: &Budget) -> Vec<Judged<usize>> {
        // On gravity boards the proofs end at nine tenths of the budget: the
        // playing search that ranks what they leave open always looks 3
        // plies ahead, which takes a few milliseconds. Most of it goes to
        // the position's own value: once that is found, the move its search
        // found best is proven first, quickly, on the table it filled. (On
        // free boards the playing search needs half the budget to look deep
        // enough past the proof.)
        // All work there ends a twentieth early, so that the choice among
        // what it found is made within the budget.
        let gravity = self.shape.is_some();
        self.wait_for_layers(pos, budget);
        let budget = &budget.share(if gravity { 0.95 } else { 1.0 });
        let proofs = budget.share(if gravity { 0.9 } else { 1.0 });
        // A position known won through its parent leaves three quarters to
        // proving which moves keep the win (`won_moves`), should its exact
        // score not come quickly. A free board too open for the exact
        // search to settle leaves it a tenth, and the pattern engine the
        // rest (`too_open_to_prove`).
        let too_open = !gravity && too_open_to_prove(self.geo.cells(), self.geo.k, pos.stones());
        let (x, o) = pos.bits();
        let own = if too_open {
            0.1
        } else if !gravity {
            0.5
        } else if self.won_by_parent(x, o) {
            0.25
        } else {
            0.8
        };
        let parent = match self.known_for_play(pos, &proofs.share(own)) {
            Known::Exact(score) => Some(score),
            Known::Outcome(sign) => return self.judge_by_outcome(pos, sign, &proofs, budget),
            Known::Unknown => None,
        };
        let Some(parent) = parent else {
            if let Some(shape) = &self.shape {
                return Self::estimated(pos, shape, budget);
            }
            // Not proven: the threat and playing searches' advice, and the
            // exact value of moves that end the game.
            let mut board = pos.board();
            // The exact search checks the playing search's choices with the
            // time the pattern engine leaves it (`refute`), but not while
            // the board is too open for it: in 32 games of 7×7 and 8×8
            // against Rapfi it refuted none of the 134 choices it checked
            // there, and the pattern engine has the time instead
            // (docs/mnk.md).
            let checks = self.exact_board()
                && exact_search_checks(self.geo.cells(), self.geo.k, pos.stones());
            let share = if checks { 0.6 } else { 1.0 };
            let mut advice = match self.threat_win(pos) {
                // Proven before: no search beats a proof.
                Some(mv) => strength::Advice {
                    winning: Some(mv),
                    ..strength::Advice::default()
                },
                None => self.advise_knowing_books(pos, &mut board, &budget.share(share)),
            };
            advice.winning = strength::deeper_win(&mut board, &advice, budget);
            // Where the exact search does not check the choice next, the
            // time left may prove it a quiet move's win.
            if advice.winning.is_none() && !checks {
                advice.winning = self.choice_proven_won(pos, &advice, budget);
            }
            if let Some(mv) = advice.winning {
                self.remember_threat_win(pos, mv);
            }
            let refuted = if checks && advice.winning.is_none() {
                self.refute(pos, &mut advice, budget)
            } else {
                Vec::new()
            };
            return pos
                .moves()
                .map(|mv| {
                    let value = match Self::terminal(&pos.after(mv)) {
                        Some(v) => v.for_mover(),
                        None if advice.winning == Some(mv) => Value::exact(Outcome::Win, None),
                        None if advice.losing.contains(&mv) || refuted.contains(&mv) => {
                            Value::exact(Outcome::Loss, None)
                        }
                        None => Value::UNKNOWN,
                    };
                    // Moves the search did not weigh rank last.
                    let estimate = estimate_of(&advice.estimates, mv);
                    Judged {
                        mv,
                        value,
                        estimate: Some(estimate),
                        preferred: false,
                        worse: false,
                    }
                })
                .collect();
        };
        let proofs = if gravity { proofs } else { budget.share(0.7) };
        // Every move of a lost position loses: those not proven longest
        // are losses of unknown length.
        let other = if parent < 0 {
            Value::outcome_only(Outcome::Loss)
        } else {
            Value::UNKNOWN
        };
        let mut out: Vec<Judged<usize>> = self
            .judge_classes(pos, |child| {
                // Each `(value, estimate, worse)`: moves proven short of
                // the best are set aside; those the budget left open may
                // be the best.
                if let Some(v) = Self::terminal(child) {
                    return (v.for_mover(), None, false);
                }
                if Self::wins_at_once(child) {
                    // Proven however little budget is left.
                    return (score_value(WIN - 1).for_mover(), None, false);
                }
                match self.is_best_child(child, parent, &proofs) {
                    Some(true) => {
                        self.remember_lost(child, child_target(parent));
                        (score_value(child_target(parent)).for_mover(), None, false)
                    }
                    // Worse than a draw: a loss.
                    Some(false) if parent == 0 => (Value::outcome_only(Outcome::Loss), None, true),
                    // A loss left without its plies here is shorter than
                    // the best, not "perhaps the longest".
                    Some(false) => (other, None, true),
                    None => (other, Some(OPEN), false),
                }
            })
            .into_iter()
            .map(|(mv, (value, estimate, worse))| Judged {
                mv,
                value,
                estimate,
                preferred: self.book_holds(&pos.after(mv)),
                worse,
            })
            .collect();
        let open = out.iter().any(|j| j.estimate == Some(OPEN));
        // Time ran out before a best move was proven: the moves left open
        // are ranked by the playing search (which always looks a few
        // plies ahead), never drawn at random.
        if open {
            let (estimates, losing) = self.playing_search(pos, budget);
            for judged in out.iter_mut().filter(|j| j.estimate == Some(OPEN)) {
                if losing.contains(&judged.mv) {
                    judged.value = Value::exact(Outcome::Loss, None);
                }
                judged.estimate = Some(estimate_of(&estimates, judged.mv));
            }
        }
        out
    }

    fn explain(&self, pos: &MnkGame, budget: &Budget) -> Vec<String> {
        if let Some(shape) = &self.shape {
            return crate::games::mnk::connect::explain::explain(self, shape, pos, budget);
        }
        crate::games::mnk::explain::explain(self, pos, budget)
    }

    fn reason(&self, pos: &MnkGame, mv: usize, budget: &Budget) -> Option<String> {
        if let Some(shape) = &self.shape {
            return crate::games::mnk::connect::explain::reason(shape, pos, mv);
        }
        crate::games::mnk::explain::reason(self, pos, mv, budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Status;
    use crate::games::mnk::beyond::strength;
    use rand::{RngExt, SeedableRng, rngs::StdRng};
    use std::time::Duration;

    /// On positions of random 5×5 k=4 games, each choice `refute` sets
    /// aside is lost, and the choice it stops at does not lose and is
    /// ranked above its equals.
    #[test]
    fn the_playing_search_ranks_a_win_it_proves_first() {
        // X wins here by threats five deep (8×8, k = 5). Where the moves
        // the proofs leave open are ranked by the playing search, its
        // proven win must come first: it returns it apart from its
        // ranking, which it does not make once the win is found.
        let geo = Arc::new(Geometry::new(8, 8, 5));
        let solver = MnkSolver::new(Arc::clone(&geo));
        let mut pos = MnkGame::new(Arc::clone(&geo));
        for (x, o) in ["e5", "d4", "e4", "f4", "f6"]
            .into_iter()
            .zip(["c7", "d5", "e3", "c4", "c3"])
        {
            pos = pos.after(geo.cell_named(x)).after(geo.cell_named(o));
        }
        let budget = Budget::of(Duration::from_secs(20));
        let advice = strength::advise(&mut pos.board(), &budget);
        let Some(win) = advice.winning else {
            panic!("X wins by threats");
        };
        let (estimates, _) = solver.playing_search(&pos, &budget);
        let best = estimates.iter().max_by_key(|&&(_, s)| s).map(|&(c, _)| c);
        assert_eq!(best, Some(win), "{estimates:?}");
        assert_eq!(estimates.iter().filter(|&&(c, _)| c == win).count(), 1);
    }

    /// O to move on 15×15 after `g10 f7 h11 f9 i10 g9 f11 h9 i9` (a game
    /// lost to Rapfi as X): g6 wins. Its proof is the position after it,
    /// every move of X lost — which the quick passes over several hundred
    /// moves (fours alone after each) do not reach, and the deeper pass
    /// over the moves they leave open does.
    #[test]
    fn a_move_whose_position_is_proven_lost_for_the_opponent_is_a_proven_win() {
        let geo = Arc::new(Geometry::new(15, 15, 5));
        let solver = MnkSolver::new(Arc::clone(&geo));
        let mut pos = MnkGame::new(Arc::clone(&geo));
        for name in ["g10", "f7", "h11", "f9", "i10", "g9", "f11", "h9", "i9"] {
            pos = pos.after(geo.cell_named(name));
        }
        let results = solver.move_results(&pos, &Budget::of(Duration::from_secs(10)));
        let g6 = results.get(geo.cell_named("g6"));
        assert_eq!(g6.map(|v| v.outcome), Some(Outcome::Win), "{g6:?}");
        assert!(g6.is_some_and(|v| v.is_proven()));
        // And so the position is a win (its value is its best move's).
        assert_eq!(results.best().outcome, Outcome::Win);
    }

    /// On 19×19, X to move, where O would win by threats were X to pass:
    /// one search proves the moves outside that win's zone lost, and no
    /// move's own search takes the whole budget. Searched one by one in
    /// board order, each with all that was left, 121 of 339 moves were
    /// proven with 50 ms, 200 ms or 1 s alike: i7's search (the 122nd)
    /// took what was left. Now 336 with 50 ms on a quiet machine, 293
    /// (the pass search's alone) with both cores busy: the test gives
    /// 1 s, far above either, so that a loaded machine cannot fail it.
    #[test]
    fn one_search_proves_the_moves_a_pass_would_lose_and_no_move_takes_all_the_time() {
        let geo = Arc::new(Geometry::new(19, 19, 5));
        let solver = MnkSolver::new(Arc::clone(&geo));
        let mut pos = MnkGame::new(Arc::clone(&geo));
        let game = "h9 h8 i8 j7 g10 i9 h7 j9 j10 k7 i10 h10 j8 g8 g11 f11 h12 g13 k12 m7 j11 l13";
        for name in game.split(' ') {
            pos = pos.after(geo.cell_named(name));
        }
        let results = solver.move_results(&pos, &Budget::of(Duration::from_secs(1)));
        let lost = pos
            .moves()
            .filter(|&mv| {
                results
                    .get(mv)
                    .is_some_and(|v| v.is_proven() && v.outcome == Outcome::Loss)
            })
            .count();
        assert!(
            lost > 300,
            "{lost} of {} moves proven lost",
            pos.moves().count()
        );
        // The corners among them, far from the fight.
        for far in ["a1", "s19", "a19", "s1"] {
            let value = results.get(geo.cell_named(far));
            assert!(
                value.is_some_and(|v| v.is_proven() && v.outcome == Outcome::Loss),
                "{far}: {value:?}"
            );
        }
    }

    /// Every move `deepen_open` proves holds against the exact search, on
    /// 200 positions of 6×6 boards with k = 5 after 7 to 12 random moves
    /// (`move_results` runs it past the exact search's cells only, where
    /// nothing checks it but the proofs themselves; here they meet the
    /// exact values).
    #[test]
    fn the_deeper_pass_over_open_moves_claims_only_what_the_exact_search_proves() {
        let geo = Arc::new(Geometry::new(6, 6, 5));
        let solver = MnkSolver::new(Arc::clone(&geo));
        let mut rng = StdRng::seed_from_u64(41);
        let (mut wins, mut losses) = (0, 0);
        for _ in 0..200 {
            let stones = rng.random_range(7..=12);
            let mut pos = MnkGame::new(Arc::clone(&geo));
            while pos.status() == Status::Ongoing && pos.stones() < stones {
                let moves: Vec<usize> = pos.moves().collect();
                pos = pos.after(moves[rng.random_range(0..moves.len())]);
            }
            if pos.status() != Status::Ongoing {
                continue;
            }
            let moves: Vec<usize> = pos.moves().collect();
            let children: Vec<MnkGame> = moves.iter().map(|&mv| pos.after(mv)).collect();
            let mut values = vec![Value::UNKNOWN; children.len()];
            let budget = Budget::of(Duration::from_millis(300));
            solver.deepen_open(&children, &mut values, &budget);
            for ((mv, child), value) in moves.iter().zip(&children).zip(&values) {
                if !value.is_proven() || MnkSolver::terminal(child).is_some() {
                    continue;
                }
                // The exact score for the mover there: positive, a win.
                let exact = solver.exact(child, &Budget::unlimited());
                let won = exact.is_some_and(|s| s > 0);
                let lost = exact.is_some_and(|s| s < 0);
                match value.outcome {
                    Outcome::Win => {
                        assert!(won, "{pos:?}: after {mv}: {exact:?}");
                        wins += 1;
                    }
                    _ => {
                        assert!(lost, "{pos:?}: after {mv}: {exact:?}");
                        losses += 1;
                    }
                }
            }
        }
        // Both kinds of claim were put to the test.
        assert!(wins > 20 && losses > 20, "{wins} won, {losses} lost");
    }

    #[test]
    fn refuted_choices_are_lost_and_the_one_kept_is_not() {
        let geo = Arc::new(Geometry::new(5, 5, 4));
        let solver = MnkSolver::new(Arc::clone(&geo));
        let mut rng = StdRng::seed_from_u64(7);
        let mut refuted_any = false;
        for _ in 0..12 {
            let mut pos = MnkGame::new(Arc::clone(&geo));
            while pos.status() == Status::Ongoing {
                let mut advice =
                    strength::advise(&mut pos.board(), &Budget::of(Duration::from_millis(20)));
                if advice.winning.is_none() {
                    // All equal, as the search often leaves them: the
                    // choice checked must come out on top.
                    for (_, score) in &mut advice.estimates {
                        *score = 0;
                    }
                    let refuted = solver.refute(&pos, &mut advice, &Budget::unlimited());
                    let lost = |mv: usize| {
                        let child = pos.after(mv);
                        MnkSolver::terminal(&child).is_none()
                            && solver
                                .exact(&child, &Budget::unlimited())
                                .is_some_and(|s| s > 0)
                    };
                    assert!(refuted.iter().all(|&mv| lost(mv)), "{refuted:?}");
                    refuted_any |= !refuted.is_empty();
                    let mut ranked = advice.estimates.clone();
                    ranked.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
                    if let Some(&(kept, _)) = ranked
                        .iter()
                        .find(|(mv, _)| !refuted.contains(mv) && !advice.losing.contains(mv))
                    {
                        assert!(!lost(kept), "kept {kept} loses");
                        // Ranked above its unchecked equals.
                        let score = estimate_of(&advice.estimates, kept);
                        let equals = ranked.iter().filter(|&&(_, s)| s == score).count();
                        let ends = MnkSolver::terminal(&pos.after(kept)).is_some();
                        assert!(ends || equals == 1, "kept {kept} has equals");
                    }
                }
                let moves: Vec<usize> = pos.moves().collect();
                pos = pos.after(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(refuted_any, "no choice of the playing search was refuted");
    }
}
