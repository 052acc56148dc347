//! What the exact searches and the book know of a position: its exact
//! score, its outcome without plies, bounds from its parents, and the
//! quick and null-window searches that find them.

use std::sync::PoisonError;

use crate::engine::{Budget, Game, Outcome, Status, Value};
use crate::games::mnk::book;
use crate::games::mnk::book::losses_endings::Endings;
use crate::games::mnk::connect::GravitySearch;
use crate::games::mnk::exact::distance::{self, Known, Prior};
use crate::games::mnk::exact::search::Search;
use crate::games::mnk::exact::tt::{Tt, WIN};
use crate::games::mnk::geometry::beyond_quick_proof;
use crate::games::mnk::{EXACT_CELLS, MnkGame};

use super::{ENDINGS_QUICK, GRAVITY_QUICK_PLIES, MnkSolver, child_target, score_value};

/// The share of a search's budget for the window of `by_endings`.
const ENDINGS_SHARE: f64 = 0.3;

impl MnkSolver {
    /// Runs `free` with the search of boards where a stone goes anywhere,
    /// or `drop` with the gravity boards' one.
    pub(super) fn with_search<T>(
        &self,
        budget: &Budget,
        free: impl FnOnce(&mut Search<'_>) -> T,
        drop: impl FnOnce(&mut GravitySearch<'_>) -> T,
    ) -> T {
        let book = self.book();
        let mut guard = self.tt.lock().unwrap_or_else(PoisonError::into_inner);
        let tt = guard.get_or_insert_with(|| Tt::new(self.table_bits));
        match &self.shape {
            Some(shape) => drop(&mut GravitySearch::new(shape, &self.geo, tt, book, budget)),
            None => {
                free(&mut Search::new(&self.geo, tt, book, budget).with_endings(self.endings()))
            }
        }
    }

    /// The exact score of a position (relative to it), or `None` when the
    /// budget ran out first. Boards of more than `EXACT_CELLS` cells are
    /// never searched exactly.
    #[must_use]
    pub fn exact(&self, pos: &MnkGame, budget: &Budget) -> Option<i32> {
        self.known(pos, budget).exact()
    }

    /// `exact`, trying first a sibling's exact score `guess` (see
    /// `distance::solve_known`): siblings are often won or lost alike.
    pub(in crate::games::mnk) fn exact_near(
        &self,
        pos: &MnkGame,
        budget: &Budget,
        guess: Option<i32>,
    ) -> Option<i32> {
        let prior = Prior {
            guess,
            ..Prior::default()
        };
        self.known_near(pos, budget, prior).exact()
    }

    /// What the budget settles of a position: its exact score, or at least
    /// whether it is won, drawn or lost.
    #[must_use]
    pub fn known(&self, pos: &MnkGame, budget: &Budget) -> Known {
        self.known_near(pos, budget, Prior::default())
    }

    /// What needs no search: a win at once (proven whatever the budget
    /// left) or the book's score.
    pub(super) fn known_at_once(&self, pos: &MnkGame) -> Option<Known> {
        if Self::wins_at_once(pos) {
            return Some(Known::Exact(WIN - 1));
        }
        let (x, o) = pos.bits();
        self.book().get(&self.geo, x, o).map(Known::Exact)
    }

    /// Only a short win or loss (see `distance::quick_known`): `None` when
    /// there is none, or the board is not searched exactly.
    pub(super) fn known_quick(&self, pos: &MnkGame, budget: &Budget) -> Option<Known> {
        if !self.exact_board() {
            return None;
        }
        if let Some(known) = self.known_at_once(pos) {
            return Some(known);
        }
        let (x, o) = pos.bits();
        let empties = (self.geo.full & !(x | o)).count_ones() as i32;
        self.with_search(
            budget,
            |s| s.quick_known(x, o),
            |s| distance::quick_known(s, (x, o), empties, GRAVITY_QUICK_PLIES),
        )
    }

    /// `known`, with what is known before the search (a sibling's score
    /// to try first, the short results already looked for), see
    /// `distance::solve_known`; the parents' bound it finds itself.
    pub(super) fn known_near(&self, pos: &MnkGame, budget: &Budget, prior: Prior) -> Known {
        self.known_near_by(pos, budget, prior, true)
    }

    /// `known`, without the window through the book's endings first
    /// (`by_endings`): for play's own position, where a win known so
    /// names no move, and would leave the threat search that finds one
    /// no time (after `d5 g7 e4 d6 d4 c4 e3 e5` on 8×8 the tip then
    /// said "not proven" where the threats prove f3 wins).
    pub(super) fn known_for_play(&self, pos: &MnkGame, budget: &Budget) -> Known {
        self.known_near_by(pos, budget, Prior::default(), false)
    }

    fn known_near_by(&self, pos: &MnkGame, budget: &Budget, prior: Prior, endings: bool) -> Known {
        if !self.exact_board() {
            return Known::Unknown;
        }
        if let Some(known) = self.known_at_once(pos) {
            return known;
        }
        let (x, o) = pos.bits();
        let empties = (self.geo.full & !(x | o)).count_ones() as i32;
        // The parents' bound, found here once for every caller.
        let mut at_least = self.parent_bound(x, o);
        // A loss through the endings: the search below may find its plies.
        let mut lost = false;
        if at_least.is_none() && endings {
            match self.by_endings(x, o, &budget.share(ENDINGS_SHARE)) {
                Some(0) => return Known::Exact(0),
                Some(bound) if bound > 0 => at_least = Some(bound),
                bound => lost = bound.is_some(),
            }
        }
        let prior = Prior { at_least, ..prior };
        let known = self.with_search(
            budget,
            |s| s.solve_known(x, o, prior),
            |s| distance::solve_known(s, (x, o), empties, GRAVITY_QUICK_PLIES, prior),
        );
        match known {
            Known::Unknown if at_least.is_some_and(|least| least > 0) => Known::Outcome(1),
            Known::Unknown if lost => Known::Outcome(-1),
            known => known,
        }
    }

    /// Where the exact search reads the book's endings (`endings`) and
    /// the position has no more stones than the book's positions, a
    /// window around the draw first, with a share of the budget: a win or
    /// loss reached through the book's positions is a bound of unknown
    /// plies, which the short windows of `solve_known` (wins within 13
    /// plies, searched before it) never use, and which took them 10 s
    /// on 8×8 after `d5 g7 e4 d6 d4 c6 f4 c4 d2 c5 c3 e7` where this
    /// window takes milliseconds (X's four on d3, O's block, the book).
    /// The score's bound: above 0 won, below lost, 0 drawn.
    fn by_endings(&self, x: u64, o: u64, budget: &Budget) -> Option<i32> {
        let endings = self.endings()?;
        if !endings.may_reach((x | o).count_ones()) {
            return None;
        }
        // A move into a position the endings prove lost, looked for
        // first: the window below tries fours first and other moves by
        // their lines, and may spend its budget under another move (after
        // `d5 g7 e4 d6` on 8×8, 20 s never reached d4, whose position the
        // book proves lost for O).
        if endings.get(x, o).is_none() && endings.wins_by_a_move(self.geo.full, x, o) {
            return Some(WIN - (self.geo.full & !(x | o)).count_ones() as i32);
        }
        self.with_search(budget, |s| s.bounded(x, o, -1, 1), |_| None)
    }

    /// `by_endings` of a position, as what it settles: won or lost
    /// without plies, or drawn; for the moves of `move_results`, before
    /// their short windows (which the book's endings do not shorten, and
    /// whose exact scores, where found, come first).
    pub(super) fn known_by_endings(&self, pos: &MnkGame, budget: &Budget) -> Option<Known> {
        let (x, o) = pos.bits();
        match self.by_endings(x, o, budget)? {
            0 => Some(Known::Exact(0)),
            bound => Some(Known::Outcome(bound.signum())),
        }
    }

    /// `known_by_endings` of the position after each of `moves` (for the
    /// player to move there), each within `ENDINGS_QUICK`: `None` for a
    /// move that ends the game, and for every move where the solver reads
    /// no endings or none can be reached.
    pub(super) fn each_through_endings(
        &self,
        pos: &MnkGame,
        moves: &[usize],
        budget: &Budget,
    ) -> Vec<Option<Known>> {
        let reaches = self
            .endings()
            .is_some_and(|e| e.may_reach(pos.stones() as u32 + 1));
        if !reaches {
            return vec![None; moves.len()];
        }
        moves
            .iter()
            .map(|&mv| {
                let child = pos.after(mv);
                match Self::terminal(&child) {
                    Some(_) => None,
                    None => self.known_by_endings(&child, &budget.capped(ENDINGS_QUICK)),
                }
            })
            .collect()
    }

    /// Whether a parent proves the position won (see `parent_bound`). So
    /// the person, having just left the book or a position the computer
    /// proved won, leaves one known won however little time is left.
    pub(super) fn won_by_parent(&self, x: u64, o: u64) -> bool {
        self.parent_bound(x, o).is_some_and(|least| least > 0)
    }

    /// A lower bound on the position's score from its parents: a position
    /// one stone back (see `book::parents`) that the book holds, or this
    /// solver proved lost, bounds every child's score from below
    /// (`child_target`). Past a layer of the book every child has its
    /// parents there, and the best bound is often the exact score.
    pub(super) fn parent_bound(&self, x: u64, o: u64) -> Option<i32> {
        let stones = (x | o).count_ones();
        let book = self.book();
        let lost = self.lost.lock().unwrap_or_else(PoisonError::into_inner);
        if stones == 0 || (!book.may_hold(stones - 1) && lost.is_empty()) {
            return None;
        }
        book::parents(&self.geo, x, o)
            .into_iter()
            .filter_map(|(px, po)| {
                book.get(&self.geo, px, po)
                    .or_else(|| lost.get(&self.geo.canonical(px, po).0).copied())
            })
            .map(child_target)
            .max()
    }

    /// Keeps a position proven lost for the player to move (`upper`: a
    /// bound on its score, below 0), for `won_by_parent`.
    pub(super) fn remember_lost(&self, pos: &MnkGame, upper: i32) {
        if upper >= 0 {
            return;
        }
        let (x, o) = pos.bits();
        let mut lost = self.lost.lock().unwrap_or_else(PoisonError::into_inner);
        // Facts never go stale; the cap only bounds the memory.
        if lost.len() >= 1 << 16 {
            lost.clear();
        }
        let key = self.geo.canonical(x, o).0;
        let bound = lost.get(&key).map_or(upper, |&b| b.min(upper));
        lost.insert(key, bound);
    }

    /// Keeps `mv`, the first move of a win by threats of the player to
    /// move on `pos`, for `threat_win`.
    pub(super) fn remember_threat_win(&self, pos: &MnkGame, mv: usize) {
        let mut wins = self
            .threat_wins
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        // Facts never go stale; the cap only bounds the memory.
        if wins.len() >= 1 << 8 {
            wins.clear();
        }
        wins.insert(pos.board().cell, mv);
    }

    /// The first move of a win by threats found before for the player to
    /// move on `pos` (`remember_threat_win`).
    pub(super) fn threat_win(&self, pos: &MnkGame) -> Option<usize> {
        let wins = self
            .threat_wins
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        wins.get(&pos.board().cell)
            .copied()
            .or_else(|| self.booked(pos).1)
    }

    /// Whether this solver reads the shipped book of moves proven lost:
    /// not in the searches that make or test it, and only a free board of
    /// at most 64 cells has one.
    fn reads_losses_book(&self) -> bool {
        self.losses_book && !self.geo.gravity && self.geo.cells() <= 64
    }

    /// What the shipped book of moves proven lost knows of `pos`: the
    /// moves it proves lost, and the move it proves winning
    /// (`book::losses`), where this solver reads it.
    pub(super) fn booked(&self, pos: &MnkGame) -> (Vec<usize>, Option<usize>) {
        if !self.reads_losses_book() {
            return (Vec::new(), None);
        }
        let Some((geo, book)) = book::losses::builtin(self.geo.width, self.geo.height, self.geo.k)
        else {
            return (Vec::new(), None);
        };
        let (x, o) = pos.bits();
        (book.lost(geo, x, o), book.winning(geo, x, o))
    }

    /// The positions the shipped book of moves proven lost proves won or
    /// lost (`book::losses_endings`), for the exact search to read at
    /// every node, where this solver reads the book.
    fn endings(&self) -> Option<&'static Endings> {
        if !self.reads_losses_book() {
            return None;
        }
        book::losses_endings::builtin(self.geo.width, self.geo.height, self.geo.k)
    }

    /// The value the exact search proves within the budget: with plies,
    /// or only won, drawn or lost when the distance was not settled.
    pub(super) fn known_value(&self, pos: &MnkGame, budget: &Budget) -> Option<Value> {
        Self::value_of(self.known(pos, budget))
    }

    /// The value a solve settled: with plies, or only won, drawn or lost.
    pub(super) fn value_of(known: Known) -> Option<Value> {
        match known {
            Known::Exact(score) => Some(score_value(score)),
            Known::Outcome(sign) => Some(Value::outcome_only(if sign > 0 {
                Outcome::Win
            } else {
                Outcome::Loss
            })),
            Known::Unknown => None,
        }
    }

    /// Whether the exact search takes the board.
    pub(super) fn exact_board(&self) -> bool {
        self.geo.cells() <= EXACT_CELLS && (!self.geo.gravity || self.shape.is_some())
    }

    /// Whether every move's result begins with the mover's own win by
    /// threats on a board the exact search takes (as it does past it): a
    /// free board where the exact search leaves many positions open
    /// (`beyond_quick_proof`).
    pub(super) fn threats_first(&self) -> bool {
        !self.geo.gravity && beyond_quick_proof(self.geo.cells(), self.geo.k)
    }

    /// The position's value within `alpha..beta` (fail-soft).
    pub(super) fn bounded(
        &self,
        pos: &MnkGame,
        alpha: i32,
        beta: i32,
        budget: &Budget,
    ) -> Option<i32> {
        let (x, o) = pos.bits();
        self.with_search(
            budget,
            |s| s.bounded(x, o, alpha, beta),
            |s| s.bounded(x, o, alpha, beta),
        )
    }

    /// Whether the player to move can complete a line at once.
    pub(super) fn wins_at_once(pos: &MnkGame) -> bool {
        pos.status() == Status::Ongoing
            && pos
                .moves()
                .any(|mv| matches!(pos.after(mv).status(), Status::Won(_)))
    }

    pub(super) fn terminal(pos: &MnkGame) -> Option<Value> {
        match pos.status() {
            Status::Ongoing => None,
            Status::Draw => Some(Value::outcome_only(Outcome::Draw)),
            // The player to move never has a line: the last move made it.
            Status::Won(_) => Some(Value::exact(Outcome::Loss, Some(0))),
        }
    }
}
