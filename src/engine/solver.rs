//! The `Solver` trait: what the computer and the reports ask of a solver.

use super::{Game, Outcome, Value};

/// An exact (or, where it says so, unproven) evaluator of positions of `G`.
pub trait Solver<G: Game> {
    /// The value of `pos` for the player to move.
    fn value(&self, pos: &G) -> Value;

    /// Every legal move with its result for the player who makes it.
    fn move_results(&self, pos: &G) -> Vec<(G::Move, Value)> {
        pos.legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                (mv, self.value(&child).for_mover())
            })
            .collect()
    }

    /// Results enough for the computer's choice (DESIGN.md §2): the best
    /// moves' values exact; a solver may leave the others rough (unproven)
    /// where that is much cheaper. By default, every move's exact result.
    fn results_for_choice(&self, pos: &G) -> Vec<(G::Move, Value)> {
        self.move_results(pos)
    }

    /// How many of the moves from `pos` win for the player to move.
    fn winning_moves_count(&self, pos: &G) -> usize {
        self.move_results(pos)
            .iter()
            .filter(|(_, v)| v.outcome == Outcome::Win)
            .count()
    }

    /// Among moves of equal value, how much the solver likes `mv` (higher
    /// is better): the search's judgement where values are not proven, or
    /// a chance for the opponent to go wrong in a drawn game.
    fn preference(&self, _pos: &G, _mv: G::Move) -> i64 {
        0
    }

    /// Sentences that explain the position: the idea behind its value.
    fn explain(&self, _pos: &G) -> Vec<String> {
        Vec::new()
    }

    /// The short reason a winning (or drawing) move is right, for hints.
    fn reason(&self, _pos: &G, _mv: G::Move) -> Option<String> {
        None
    }
}

/// A shared solver is a solver: families keep their solved tables in an `Arc`.
impl<G: Game, S: Solver<G> + ?Sized> Solver<G> for std::sync::Arc<S> {
    fn value(&self, pos: &G) -> Value {
        (**self).value(pos)
    }
    fn move_results(&self, pos: &G) -> Vec<(G::Move, Value)> {
        (**self).move_results(pos)
    }
    fn results_for_choice(&self, pos: &G) -> Vec<(G::Move, Value)> {
        (**self).results_for_choice(pos)
    }
    fn winning_moves_count(&self, pos: &G) -> usize {
        (**self).winning_moves_count(pos)
    }
    fn preference(&self, pos: &G, mv: G::Move) -> i64 {
        (**self).preference(pos, mv)
    }
    fn explain(&self, pos: &G) -> Vec<String> {
        (**self).explain(pos)
    }
    fn reason(&self, pos: &G, mv: G::Move) -> Option<String> {
        (**self).reason(pos, mv)
    }
}
