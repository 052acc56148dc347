//! A game in progress behind an object-safe trait, so the command line, plain
//! play and the TUI drive every family the same way, with moves as text.

use std::fmt::Display;

use rand::rngs::StdRng;

use super::{Game, MoveError, Outcome, Player, Solver, Status, Value, choose_move, perfect_moves};

/// A legal move and its result for the player who makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport {
    pub mv: String,
    pub value: Value,
}

/// What the coach says about a move that threw a result away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coaching {
    /// The move that was played.
    pub played: String,
    /// What the position offered before it: a win or a draw.
    pub offered: Outcome,
    /// What the move leaves: a draw or a loss.
    pub left: Outcome,
    /// A move that would have kept what was offered.
    pub better: String,
}

/// A game in progress, seen through text moves. Every family's game reaches
/// the screens only through this trait.
pub trait AnyMatch {
    fn to_move(&self) -> Player;
    fn status(&self) -> Status;
    fn legal_moves(&self) -> Vec<String>;
    /// Plays a move given in notation and returns it in canonical form.
    ///
    /// # Errors
    /// The reason the text is not a legal move; nothing changes then.
    fn play(&mut self, text: &str) -> Result<String, MoveError>;
    /// Takes back the last move; false when there is none.
    fn undo(&mut self) -> bool;
    /// Back to the starting position.
    fn restart(&mut self);
    /// The moves played so far, in notation.
    fn history(&self) -> Vec<String>;
    /// The value of the position for the player to move.
    fn value(&self) -> Value;
    /// Every legal move with its result for the player who makes it.
    fn move_results(&self) -> Vec<MoveReport>;
    /// The moves a perfect player chooses from (DESIGN.md §2).
    fn best_moves(&self) -> Vec<String>;
    /// The computer's move at `level`; `None` when the game is over.
    fn computer_move(&self, level: crate::engine::Level, rng: &mut StdRng) -> Option<String>;
    /// If the move (given in notation) would throw away a win or a draw,
    /// what the coach says about it.
    fn review(&self, text: &str) -> Option<Coaching>;
    /// Why a move is right, in a sentence, where the solver can say.
    fn reason(&self, text: &str) -> Option<String>;
    /// Sentences explaining the position.
    fn explain(&self) -> Vec<String>;
    /// The position as plain text.
    fn board_text(&self) -> String;
    /// The position itself, for the board views.
    fn position(&self) -> &dyn std::any::Any;
}

/// The one implementation of [`AnyMatch`]: a game, its history and a solver.
pub struct Match<G: Game, S: Solver<G>> {
    positions: Vec<G>,
    moves: Vec<G::Move>,
    solver: S,
}

impl<G: Game, S: Solver<G>> Match<G, S> {
    pub fn new(start: G, solver: S) -> Self {
        Self {
            positions: vec![start],
            moves: Vec::new(),
            solver,
        }
    }

    fn current(&self) -> &G {
        // `positions` always holds the start.
        &self.positions[self.positions.len() - 1]
    }
}

impl<G, S> AnyMatch for Match<G, S>
where
    G: Game + Display + 'static,
    S: Solver<G>,
{
    fn to_move(&self) -> Player {
        self.current().to_move()
    }

    fn status(&self) -> Status {
        self.current().status()
    }

    fn legal_moves(&self) -> Vec<String> {
        let pos = self.current();
        pos.legal_moves()
            .into_iter()
            .map(|m| pos.format_move(m))
            .collect()
    }

    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        let (next, mv) = self.current().play_text(text)?;
        let canonical = self.current().format_move(mv);
        self.positions.push(next);
        self.moves.push(mv);
        Ok(canonical)
    }

    fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.positions.pop();
            true
        } else {
            false
        }
    }

    fn restart(&mut self) {
        self.positions.truncate(1);
        self.moves.clear();
    }

    fn history(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(mv, pos)| pos.format_move(*mv))
            .collect()
    }

    fn value(&self) -> Value {
        self.solver.value(self.current())
    }

    fn move_results(&self) -> Vec<MoveReport> {
        let pos = self.current();
        self.solver
            .move_results(pos)
            .into_iter()
            .map(|(mv, value)| MoveReport {
                mv: pos.format_move(mv),
                value,
            })
            .collect()
    }

    fn best_moves(&self) -> Vec<String> {
        let pos = self.current();
        perfect_moves(&self.solver, pos)
            .into_iter()
            .map(|m| pos.format_move(m))
            .collect()
    }

    fn computer_move(&self, level: crate::engine::Level, rng: &mut StdRng) -> Option<String> {
        let pos = self.current();
        choose_move(&self.solver, pos, level, rng).map(|m| pos.format_move(m))
    }

    fn review(&self, text: &str) -> Option<Coaching> {
        let pos = self.current();
        let mv = pos.parse_move(text).ok()?;
        let results = self.solver.move_results(pos);
        let played = results.iter().find(|(m, _)| *m == mv)?.1.outcome;
        let offered = self.solver.value(pos).outcome;
        let worse = matches!(
            (offered, played),
            (Outcome::Win, Outcome::Draw | Outcome::Loss) | (Outcome::Draw, Outcome::Loss)
        );
        if !worse {
            return None;
        }
        let better = perfect_moves(&self.solver, pos).first().copied()?;
        Some(Coaching {
            played: pos.format_move(mv),
            offered,
            left: played,
            better: pos.format_move(better),
        })
    }

    fn reason(&self, text: &str) -> Option<String> {
        let pos = self.current();
        let mv = pos.parse_move(text).ok()?;
        self.solver.reason(pos, mv)
    }

    fn explain(&self) -> Vec<String> {
        self.solver.explain(self.current())
    }

    fn board_text(&self) -> String {
        self.current().to_string()
    }

    fn position(&self) -> &dyn std::any::Any {
        self.current()
    }
}
