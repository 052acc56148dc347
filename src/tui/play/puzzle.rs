//! A puzzle on the play screen: the person finds the move that keeps the
//! position's proven value. The computer does not answer; the answer is
//! judged against the puzzle's proven answers, then the idea and every
//! move's result are shown, and Enter goes on to the next puzzle.

use ratatui::crossterm::event::KeyCode;
use ratatui::text::Line;

use crate::engine::Outcome;
use crate::games::Family;

use super::super::boards::{BoardView, MoveOf};
use super::super::theme::Theme;
use super::work::Work;
use super::{Action, Playing, side_words};

/// A puzzle as the run hands it to the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleAsk {
    /// Its place in the run, from 1, and the run's length.
    pub n: usize,
    pub of: usize,
    /// From one of the person's own games.
    pub mine: bool,
    /// Every move that keeps the position's value (proven).
    pub answers: Vec<String>,
    /// What the answers keep, where known.
    pub keeps: Option<Outcome>,
    pub difficulty: Option<u8>,
    /// The run so far: solved in a row, solved, tried.
    pub streak: u64,
    pub solved: u64,
    pub tried: u64,
}

/// A puzzle on screen, and the person's answer once given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct PuzzleState {
    pub ask: PuzzleAsk,
    pub answer: Option<(String, bool)>,
}

impl<F: Family, V: BoardView<F>> Playing<F, V> {
    /// The person answers the puzzle with `mv`: judged against the proven
    /// answers; the idea and every move's result are worked out to show.
    pub(super) fn answer_puzzle(&mut self, mv: MoveOf<F>) -> Action {
        let Some(puzzle) = self.puzzle.as_mut() else {
            return Action::None;
        };
        if puzzle.answer.is_some() {
            return Action::None;
        }
        let text = crate::engine::Game::format_move(self.session.position(), mv);
        let solved = puzzle.ask.answers.contains(&text);
        puzzle.answer = Some((text, solved));
        self.clear_line();
        self.message = None;
        self.show_values = true;
        self.work = Some(Work::hint(&mut self.session));
        Action::Answered(solved)
    }

    /// Keys of a puzzle, `None` where they are the screen's: after the
    /// answer Enter or n goes on; q ends the run; the helps are refused.
    /// `forced`: Ctrl was held, so a letter is a command even where it
    /// would start a move.
    pub(super) fn puzzle_command(&mut self, code: KeyCode, forced: bool) -> Option<Action> {
        let answered = self.puzzle.as_ref()?.answer.is_some();
        if let KeyCode::Char(c) = code
            && !answered
            && !forced
            && self.types(c)
        {
            return None;
        }
        match code {
            KeyCode::Enter | KeyCode::Char('n') if answered => Some(Action::NextPuzzle),
            KeyCode::Char('q') => Some(Action::Menu),
            KeyCode::Char('t' | 'v' | 'u' | 'e' | 'r' | 's') if !answered => {
                self.message = Some("find the move yourself: the solution shows after".into());
                Some(Action::None)
            }
            KeyCode::Char('t' | 'v' | 'u' | 'e' | 'r' | 's') => Some(Action::None),
            _ => None,
        }
    }
}

/// The puzzle's lines for the side panel.
pub(super) fn lines<F: Family, V: BoardView<F>>(
    play: &Playing<F, V>,
    puzzle: &PuzzleState,
    t: &Theme,
) -> Vec<Line<'static>> {
    let ask = &puzzle.ask;
    let mut lines = vec![Line::styled(
        format!("Puzzle {} of {}", ask.n, ask.of),
        t.title,
    )];
    let side = side_words(&play.view, play.session.setup().human);
    lines.push(Line::raw(match ask.keeps {
        Some(Outcome::Win) => format!("You play {side}: find the move that keeps the win."),
        Some(Outcome::Draw) => format!("You play {side}: find the move that keeps the draw."),
        _ => format!("From your game: you play {side}; find the move you missed."),
    }));
    if let Some(d) = ask.difficulty {
        lines.push(Line::styled(format!("Difficulty {d} of 10"), t.dim));
    }
    let (mut streak, mut solved, mut tried) = (ask.streak, ask.solved, ask.tried);
    if let Some((played, right)) = &puzzle.answer {
        tried += 1;
        if *right {
            streak += 1;
            solved += 1;
        } else {
            streak = 0;
        }
        lines.push(Line::raw(""));
        if *right {
            lines.push(Line::styled(format!("Solved: {played} keeps it."), t.win));
        } else {
            lines.push(Line::styled(format!("Not {played}."), t.warning));
        }
        let others: Vec<&str> = ask.answers.iter().map(String::as_str).take(6).collect();
        lines.push(Line::raw(format!("The answer: {}.", others.join(", "))));
        if let Some(h) = &play.hint {
            lines.push(Line::raw(format!("The idea: {h}")));
        }
        lines.push(Line::styled(
            if ask.n < ask.of {
                "Enter: the next puzzle"
            } else {
                "Enter: the end of the run"
            },
            t.key,
        ));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        super::render::counts(&[
            &format!("Streak {streak}"),
            &format!("solved {solved} of {tried}"),
        ]),
        t.dim,
    ));
    lines
}
