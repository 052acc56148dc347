//! The order moves are proven in: moves alike by symmetry as one class,
//! the book's and the table's best first, and the best move of a position
//! whose score is known.

use std::collections::HashMap;

use crate::engine::{Budget, Game, Outcome};
use crate::games::mnk::MnkGame;
use crate::games::mnk::exact::tt::WIN;

use super::{MnkSolver, child_target, each_move};

impl MnkSolver {
    /// The moves grouped by the position they lead to up to symmetry, so
    /// that symmetric moves are judged once and always alike.
    /// (Each move is its own class on boards too large for bitboards.)
    pub(super) fn classes(&self, pos: &MnkGame) -> Vec<Vec<usize>> {
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
    pub(super) fn proof_order(
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
    pub(in crate::games::mnk) fn moves_to_prove(&self, pos: &MnkGame) -> Vec<usize> {
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
    pub(super) fn judge_classes<T: Copy>(
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
    pub(super) fn ordered_classes(&self, pos: &MnkGame) -> (Vec<Vec<usize>>, Vec<usize>) {
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
    pub(super) fn book_holds(&self, pos: &MnkGame) -> bool {
        let (x, o) = pos.bits();
        self.book().get(&self.geo, x, o).is_some()
    }

    /// Whether a child of a position whose exact score is `parent` is a
    /// best move's: its own score is then `child_target(parent)`, which
    /// no child's is below, so a null window at it decides. `None` when
    /// the budget ran out first.
    pub(super) fn is_best_child(
        &self,
        child: &MnkGame,
        parent: i32,
        budget: &Budget,
    ) -> Option<bool> {
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
    pub(in crate::games::mnk) fn best_move(
        &self,
        pos: &MnkGame,
        parent: i32,
        budget: &Budget,
    ) -> Option<usize> {
        for mv in self.moves_to_prove(pos) {
            if self.is_best_child(&pos.after(mv), parent, budget)? {
                return Some(mv);
            }
        }
        None
    }
}
