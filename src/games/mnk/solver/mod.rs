//! The m,n,k solver behind the engine's trait: opening book, then exact
//! search within the question's budget; what the budget does not settle is
//! unknown, and the computer then plays the search's best estimate.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;

use crate::engine::{Budget, Game, Judged, MoveResults, Outcome, Solver, Status, Value};

use crate::games::mnk::EXACT_CELLS;
use crate::games::mnk::Geometry;
use crate::games::mnk::MnkGame;
use crate::games::mnk::beyond::strength;
use crate::games::mnk::beyond::threats::Threats;
use crate::games::mnk::book::{self, Book};
use crate::games::mnk::connect;
use crate::games::mnk::connect::{GravitySearch, Shape};
use crate::games::mnk::exact::distance::{self, Known, Prior};
use crate::games::mnk::exact::keeps_win::{Keeps, keeps_win};
use crate::games::mnk::exact::search::Search;
use crate::games::mnk::exact::tt::{Tt, WIN};

/// Short wins looked for first on gravity boards (see `distance::solve_known`).
const GRAVITY_QUICK_PLIES: i32 = 13;

/// The estimate of a move proven worse than the best: ranked last.
const WORSE: i64 = i64::MIN / 2;
/// The estimate of a move the playing search did not weigh: above those
/// proven worse, below all it weighed.
const UNWEIGHED: i64 = WORSE + 1;
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
    /// log2 of the table's entries.
    table_bits: u32,
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
            table_bits: Self::play_table_bits(&geo),
            shape,
            geo,
        }
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

    /// Runs `free` with the search of boards where a stone goes anywhere,
    /// or `drop` with the gravity boards' one.
    fn with_search<T>(
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
            None => free(&mut Search::new(&self.geo, tt, book, budget)),
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
    pub(super) fn exact_near(
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
    fn known_at_once(&self, pos: &MnkGame) -> Option<Known> {
        if Self::wins_at_once(pos) {
            return Some(Known::Exact(WIN - 1));
        }
        let (x, o) = pos.bits();
        self.book().get(&self.geo, x, o).map(Known::Exact)
    }

    /// Only a short win or loss (see `distance::quick_known`): `None` when
    /// there is none, or the board is not searched exactly.
    fn known_quick(&self, pos: &MnkGame, budget: &Budget) -> Option<Known> {
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
    fn known_near(&self, pos: &MnkGame, budget: &Budget, prior: Prior) -> Known {
        if !self.exact_board() {
            return Known::Unknown;
        }
        if let Some(known) = self.known_at_once(pos) {
            return known;
        }
        let (x, o) = pos.bits();
        let empties = (self.geo.full & !(x | o)).count_ones() as i32;
        // The parents' bound, found here once for every caller.
        let at_least = self.parent_bound(x, o);
        let prior = Prior { at_least, ..prior };
        let known = self.with_search(
            budget,
            |s| s.solve_known(x, o, prior),
            |s| distance::solve_known(s, (x, o), empties, GRAVITY_QUICK_PLIES, prior),
        );
        match known {
            Known::Unknown if at_least.is_some_and(|least| least > 0) => Known::Outcome(1),
            known => known,
        }
    }

    /// Whether a parent proves the position won (see `parent_bound`). So
    /// the person, having just left the book or a position the computer
    /// proved won, leaves one known won however little time is left.
    fn won_by_parent(&self, x: u64, o: u64) -> bool {
        self.parent_bound(x, o).is_some_and(|least| least > 0)
    }

    /// A lower bound on the position's score from its parents: a position
    /// one stone back (see `book::parents`) that the book holds, or this
    /// solver proved lost, bounds every child's score from below
    /// (`child_target`). Past a layer of the book every child has its
    /// parents there, and the best bound is often the exact score.
    fn parent_bound(&self, x: u64, o: u64) -> Option<i32> {
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
    fn remember_lost(&self, pos: &MnkGame, upper: i32) {
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

    /// The value the exact search proves within the budget: with plies,
    /// or only won, drawn or lost when the distance was not settled.
    fn known_value(&self, pos: &MnkGame, budget: &Budget) -> Option<Value> {
        Self::value_of(self.known(pos, budget))
    }

    /// The value a solve settled: with plies, or only won, drawn or lost.
    fn value_of(known: Known) -> Option<Value> {
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
    fn exact_board(&self) -> bool {
        self.geo.cells() <= EXACT_CELLS && (!self.geo.gravity || self.shape.is_some())
    }

    /// The position's value within `alpha..beta` (fail-soft).
    fn bounded(&self, pos: &MnkGame, alpha: i32, beta: i32, budget: &Budget) -> Option<i32> {
        let (x, o) = pos.bits();
        self.with_search(
            budget,
            |s| s.bounded(x, o, alpha, beta),
            |s| s.bounded(x, o, alpha, beta),
        )
    }

    /// Whether the player to move can complete a line at once.
    fn wins_at_once(pos: &MnkGame) -> bool {
        pos.status() == Status::Ongoing
            && pos
                .moves()
                .any(|mv| matches!(pos.after(mv).status(), Status::Won(_)))
    }

    fn terminal(pos: &MnkGame) -> Option<Value> {
        match pos.status() {
            Status::Ongoing => None,
            Status::Draw => Some(Value::outcome_only(Outcome::Draw)),
            // The player to move never has a line: the last move made it.
            Status::Won(_) => Some(Value::exact(Outcome::Loss, Some(0))),
        }
    }

    /// The moves grouped by the position they lead to up to symmetry, so
    /// that symmetric moves are judged once and always alike.
    /// (Each move is its own class on boards too large for bitboards.)
    fn classes(&self, pos: &MnkGame) -> Vec<Vec<usize>> {
        if !self.exact_board() {
            return pos.moves().map(|mv| vec![mv]).collect();
        }
        let mut index: HashMap<(u64, u64), usize> = HashMap::new();
        let mut classes: Vec<Vec<usize>> = Vec::new();
        for mv in pos.moves() {
            let child = pos.after(mv);
            let (x, o) = child.bits();
            let key = self.geo.canonical(x, o).0;
            match index.get(&key) {
                Some(&i) => classes[i].push(mv),
                None => {
                    index.insert(key, classes.len());
                    classes.push(vec![mv]);
                }
            }
        }
        classes
    }

    /// The order in which the classes of `pos`'s moves are proven: on
    /// gravity boards, moves whose child the book holds (the build keeps
    /// the computer's best move there), then `table`'s column (the move
    /// the table holds best for the position: what the search of its own
    /// value found), then the exact search's order (the threats a move
    /// makes, then the centre), so that when time is short the moves most
    /// likely best are proven first.
    fn proof_order(
        &self,
        pos: &MnkGame,
        classes: &[Vec<usize>],
        table: Option<usize>,
    ) -> Vec<usize> {
        let mut order: Vec<usize> = (0..classes.len()).collect();
        if let Some(shape) = &self.shape {
            let (x, o) = pos.bits();
            let book = self.book();
            order.sort_by_cached_key(|&i| {
                let mv = classes[i][0];
                let (cx, co) = pos.after(mv).bits();
                (
                    book.get(&self.geo, cx, co).is_none(),
                    table != Some(mv % shape.width),
                    shape.order_key(x, o, mv),
                )
            });
        }
        order
    }

    /// One move of each class of `pos`'s moves, in `proof_order` without
    /// the table's hint: the order `best_move` tries them in.
    pub(super) fn moves_to_prove(&self, pos: &MnkGame) -> Vec<usize> {
        let classes = self.classes(pos);
        self.proof_order(pos, &classes, None)
            .into_iter()
            .map(|i| classes[i][0])
            .collect()
    }

    /// `judge` of each class of moves (see `classes`), for each of its
    /// moves, in the order the moves are listed (so that a seeded choice
    /// among equal moves does not change with the proof order); the
    /// classes are judged in `proof_order`.
    fn judge_classes<T: Copy>(
        &self,
        pos: &MnkGame,
        mut judge: impl FnMut(&MnkGame) -> T,
    ) -> Vec<(usize, T)> {
        let (classes, order) = self.ordered_classes(pos);
        let mut judged = vec![None; classes.len()];
        for i in order {
            judged[i] = Some(judge(&pos.after(classes[i][0])));
        }
        // Every class was judged: `flatten` only unwraps.
        each_move(&classes, judged.into_iter().flatten())
    }

    /// The classes of `pos`'s moves and their `proof_order`, with the
    /// table's best move for the position as the hint.
    fn ordered_classes(&self, pos: &MnkGame) -> (Vec<Vec<usize>>, Vec<usize>) {
        let classes = self.classes(pos);
        let table = match &self.shape {
            Some(_) => {
                let (x, o) = pos.bits();
                self.with_search(&Budget::unlimited(), |_| None, |s| s.table_column(x, o))
            }
            None => None,
        };
        let order = self.proof_order(pos, &classes, table);
        (classes, order)
    }

    /// Whether the book holds a position: a move to it keeps the computer
    /// on the line the book covers, where its next moves are proven at
    /// once (past the book's depth it holds one best move of each of the
    /// computer's positions, not every one).
    fn book_holds(&self, pos: &MnkGame) -> bool {
        let (x, o) = pos.bits();
        self.book().get(&self.geo, x, o).is_some()
    }

    /// Whether a child of a position whose exact score is `parent` is a
    /// best move's: its own score is then `child_target(parent)`, which
    /// no child's is below, so a null window at it decides. `None` when
    /// the budget ran out first.
    fn is_best_child(&self, child: &MnkGame, parent: i32, budget: &Budget) -> Option<bool> {
        let target = child_target(parent);
        match Self::terminal(child) {
            // The mover has just won (a loss now for the child), or drawn.
            Some(v) => Some(if v.outcome == Outcome::Loss { -WIN } else { 0 } == target),
            None if Self::wins_at_once(child) => Some(WIN - 1 == target),
            None => self
                .bounded(child, target, target + 1, budget)
                .map(|v| v <= target),
        }
    }

    /// A best move of a position whose exact score is `parent` (win
    /// fastest, draw, or hold out longest): the first of `moves_to_prove`
    /// that a null window proves best. What the book keeps for the
    /// computer's positions; `None` when the budget ran out first.
    pub(super) fn best_move(&self, pos: &MnkGame, parent: i32, budget: &Budget) -> Option<usize> {
        for mv in self.moves_to_prove(pos) {
            if self.is_best_child(&pos.after(mv), parent, budget)? {
                return Some(mv);
            }
        }
        None
    }

    /// What threats prove of a position the exact search did not settle:
    /// a win for the player to move by continuous fours or threats.
    fn threat_value(&self, pos: &MnkGame, budget: &Budget) -> Value {
        if self.geo.gravity {
            // The threat search knows nothing of gravity.
            return Value::UNKNOWN;
        }
        let mut board = pos.board();
        let side = board.to_move();
        let mut threats = Threats::new(&mut board, budget);
        for depth in 0..=1 {
            if threats.vct(side, depth).is_some() {
                return Value::exact(Outcome::Win, None);
            }
        }
        if threats.aborted || !threats.every_move_loses(side) {
            return Value::UNKNOWN;
        }
        Value::exact(Outcome::Loss, None)
    }
}

impl MnkSolver {
    /// The moves of a position known to be won (`sign` 1) or lost (-1)
    /// whose distance the budget did not settle. Won: each move is tried
    /// with the null window around the draw (the parent's search left the
    /// table full of it), and those that keep the win are proven wins
    /// (without plies). Lost: every move is a proven loss. The playing
    /// search ranks what the proofs leave equal.
    fn judge_by_outcome(
        &self,
        pos: &MnkGame,
        sign: i32,
        proofs: &Budget,
        budget: &Budget,
    ) -> Vec<Judged<usize>> {
        let out = if sign > 0 {
            self.won_moves(pos, proofs)
        } else {
            self.judge_classes(pos, |child| {
                let value = Self::terminal(child)
                    .map_or(Value::outcome_only(Outcome::Loss), |v| v.for_mover());
                (value, false)
            })
        };
        // Rank what is left by the playing search (unless a move is proven
        // to keep the win); moves proven not to keep it come last.
        let won = out.iter().any(|(_, (v, _))| v.outcome == Outcome::Win);
        let (estimates, _) = if won {
            (Vec::new(), Vec::new())
        } else {
            self.playing_search(pos, budget)
        };
        out.into_iter()
            .map(|(mv, (value, worse))| Judged {
                mv,
                value,
                estimate: Some(if worse {
                    WORSE
                } else {
                    estimate_of(&estimates, mv)
                }),
                preferred: false,
            })
            .collect()
    }

    /// Which moves of a won position keep the win (see `keeps_win`),
    /// each `(value, worse)` (`worse`: proven not to): null windows around
    /// the draw, on the table the position's own search filled, in
    /// `proof_order`.
    fn won_moves(&self, pos: &MnkGame, proofs: &Budget) -> Vec<(usize, (Value, bool))> {
        let (classes, order) = self.ordered_classes(pos);
        let children: Vec<MnkGame> = classes.iter().map(|c| pos.after(c[0])).collect();
        // A child that ends the game is a win, or a draw.
        let terminal: Vec<Option<Value>> = children
            .iter()
            .map(|c| Self::terminal(c).map(Value::for_mover))
            .collect();
        let known = terminal
            .iter()
            .map(|t| match t {
                Some(v) if v.outcome == Outcome::Win => Keeps::Win,
                Some(_) => Keeps::NotWin,
                None => Keeps::Open,
            })
            .collect();
        let known = keeps_win(known, &order, proofs, |i, budget| {
            self.bounded(&children[i], -1, 0, budget).map(|v| v < 0)
        });
        for (i, keeps) in known.iter().enumerate() {
            if *keeps == Keeps::Win && terminal[i].is_none() {
                self.remember_lost(&children[i], -1);
            }
        }
        let judged =
            known
                .into_iter()
                .zip(terminal)
                .map(|(keeps, terminal)| match (terminal, keeps) {
                    (Some(v), _) => (v, false),
                    (None, Keeps::Win) => (Value::outcome_only(Outcome::Win), false),
                    (None, Keeps::NotWin) => (Value::UNKNOWN, true),
                    (None, Keeps::Open) => (Value::UNKNOWN, false),
                });
        each_move(&classes, judged)
    }

    /// The playing search's estimate of each move it weighed, and on free
    /// boards the moves its threat guard proves lost.
    fn playing_search(&self, pos: &MnkGame, budget: &Budget) -> (Vec<(usize, i64)>, Vec<usize>) {
        match &self.shape {
            Some(shape) => {
                let (x, o) = pos.bits();
                (connect::strength::estimate(shape, x, o, budget), Vec::new())
            }
            None => {
                let advice = strength::advise(&mut pos.board(), budget);
                (advice.estimates, advice.losing)
            }
        }
    }

    /// The playing search's choices that the exact search proves lost, in
    /// the order the search ranked them, until one is proven not to lose or
    /// time runs out: on boards the exact search takes, a heuristic's
    /// choice is checked before it is played (it had lost drawn 7×7 games).
    fn refute(&self, pos: &MnkGame, advice: &strength::Advice, budget: &Budget) -> Vec<usize> {
        let mut ranked = advice.estimates.clone();
        ranked.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        let mut refuted = Vec::new();
        for (mv, _) in ranked {
            if advice.losing.contains(&mv) {
                continue;
            }
            let child = pos.after(mv);
            if Self::terminal(&child).is_some() {
                break;
            }
            // The opponent's score after the move: above 0 is their win.
            match self.bounded(&child, 0, 1, &budget.share(0.5)) {
                Some(v) if v > 0 => refuted.push(mv),
                _ => break,
            }
        }
        refuted
    }

    /// A gravity board past the proof: every move unknown but those that
    /// end the game, each with the estimate of the playing search.
    fn estimated(pos: &MnkGame, shape: &Shape, budget: &Budget) -> Vec<Judged<usize>> {
        let (x, o) = pos.bits();
        let estimates = connect::strength::estimate(shape, x, o, budget);
        pos.moves()
            .map(|mv| Judged {
                mv,
                value: Self::terminal(&pos.after(mv)).map_or(Value::UNKNOWN, Value::for_mover),
                estimate: Some(estimate_of(&estimates, mv)),
                preferred: false,
            })
            .collect()
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
                .unwrap_or_else(|| self.threat_value(pos, budget))
        })
    }

    fn move_results(&self, pos: &MnkGame, budget: &Budget) -> MoveResults<usize> {
        self.wait_for_layers(pos, budget);
        let mut listed = Vec::new();
        let classes = self.classes(pos);
        // The short wins and losses of every move first: they take little
        // time, and a budget cut short by the long proofs still names them.
        let quick: Vec<Option<Known>> = classes
            .iter()
            .map(|class| {
                let child = pos.after(class[0]);
                match Self::terminal(&child) {
                    Some(_) => None,
                    None => self.known_quick(&child, budget),
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
            .map(|(child, quick)| match (Self::terminal(child), quick) {
                (Some(v), _) => Some(v),
                (None, Some(Known::Exact(score))) => Some(score_value(*score)),
                _ => None,
            })
            .collect();
        // Settled: an exact score; a won or lost outcome without its plies
        // is searched again in the next round, for them.
        let mut settled: Vec<bool> = found.iter().map(Option::is_some).collect();
        // The last sibling's exact score, won or lost: often the next one's.
        let mut guess = None;
        let mut slice = Duration::from_millis(5);
        loop {
            let open: Vec<usize> = (0..children.len()).filter(|&i| !settled[i]).collect();
            if open.is_empty() {
                break;
            }
            let last_round = match budget.remaining() {
                // No limit: every move once, to the end.
                None => true,
                Some(left) => {
                    slice = slice.max(left / open.len() as u32);
                    slice >= left
                }
            };
            for &i in &open {
                if budget.exhausted() {
                    break;
                }
                let prior = Prior {
                    guess,
                    quick_searched: quick[i].is_none(),
                    ..Prior::default()
                };
                let known = self.known_near(&children[i], &budget.capped(slice), prior);
                if let Known::Exact(score) = known {
                    guess = (score != 0).then_some(score).or(guess);
                    settled[i] = true;
                }
                if let Some(value) = Self::value_of(known) {
                    found[i] = Some(value);
                }
            }
            if last_round || budget.exhausted() {
                break;
            }
            slice = slice.saturating_mul(2);
        }
        for ((class, child), value) in classes.into_iter().zip(&children).zip(found) {
            let value = value
                .unwrap_or_else(|| self.threat_value(child, budget))
                .for_mover();
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
        // score not come quickly.
        let (x, o) = pos.bits();
        let own = if !gravity {
            0.5
        } else if self.won_by_parent(x, o) {
            0.25
        } else {
            0.8
        };
        let parent = match self.known(pos, &proofs.share(own)) {
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
            let exact = self.exact_board();
            let advice = strength::advise(&mut board, &budget.share(if exact { 0.6 } else { 1.0 }));
            let refuted = if exact && advice.winning.is_none() {
                self.refute(pos, &advice, budget)
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
                // Moves proven worse than the best rank below those the
                // budget left open, which may be the best.
                if let Some(v) = Self::terminal(child) {
                    return (v.for_mover(), None);
                }
                if Self::wins_at_once(child) {
                    // Proven however little budget is left.
                    return (score_value(WIN - 1).for_mover(), None);
                }
                match self.is_best_child(child, parent, &proofs) {
                    Some(true) => {
                        self.remember_lost(child, child_target(parent));
                        (score_value(child_target(parent)).for_mover(), None)
                    }
                    // Worse than a draw: a loss.
                    Some(false) if parent == 0 => (Value::outcome_only(Outcome::Loss), None),
                    Some(false) => (other, Some(WORSE)),
                    None => (other, Some(OPEN)),
                }
            })
            .into_iter()
            .map(|(mv, (value, estimate))| Judged {
                mv,
                value,
                estimate,
                preferred: self.book_holds(&pos.after(mv)),
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
    use rand::{RngExt, SeedableRng, rngs::StdRng};
    use std::time::Duration;

    /// On positions of random 5×5 k=4 games, each choice `refute` sets
    /// aside is lost, and the choice it stops at does not lose.
    #[test]
    fn refuted_choices_are_lost_and_the_one_kept_is_not() {
        let geo = Arc::new(Geometry::new(5, 5, 4));
        let solver = MnkSolver::new(Arc::clone(&geo));
        let mut rng = StdRng::seed_from_u64(7);
        let mut refuted_any = false;
        for _ in 0..12 {
            let mut pos = MnkGame::new(Arc::clone(&geo));
            while pos.status() == Status::Ongoing {
                let advice =
                    strength::advise(&mut pos.board(), &Budget::of(Duration::from_millis(20)));
                if advice.winning.is_none() {
                    let refuted = solver.refute(&pos, &advice, &Budget::unlimited());
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
                    }
                }
                let moves: Vec<usize> = pos.moves().collect();
                pos = pos.after(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(refuted_any, "no choice of the playing search was refuted");
    }
}
