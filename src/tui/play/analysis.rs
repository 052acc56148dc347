//! The analysis board: the person moves for both sides, every move's
//! result and the idea shown for whoever is to move, back and forward
//! through the line, the position edited, and "play from here" against
//! the computer at any level (docs/design.md §5).

use ratatui::crossterm::event::KeyCode;
use ratatui::text::{Line, Span};

use crate::engine::{Game, Level};
use crate::games::Family;
use crate::session::wording;

use super::super::boards::{BoardView, MoveOf};
use super::super::theme::Theme;
use super::{Action, Playing, side_words};

/// The board's own state beside the session's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Analysis<M> {
    /// Moves stepped back over, the next one last: `r` plays them again.
    pub redo: Vec<M>,
    /// `p` was pressed: the next key names the level.
    pub choosing_level: bool,
    /// The typed line is an edit of the position, not a move.
    pub editing: bool,
}

impl<M> Default for Analysis<M> {
    fn default() -> Self {
        Self {
            redo: Vec::new(),
            choosing_level: false,
            editing: false,
        }
    }
}

impl<F: Family, V: BoardView<F>> Playing<F, V> {
    /// Opens the analysis board on the position shown (the review's step,
    /// where one is open: the rest of the game stays ahead, for `r`).
    pub fn open_analysis(&mut self) {
        let mut analysis = Analysis::default();
        if let Some(review) = self.review.take() {
            while self.session.moves().len() > review.step {
                if let Some(mv) = self.session.take_back() {
                    analysis.redo.push(mv);
                }
            }
        }
        self.analysis = Some(analysis);
        // Nothing is counted or kept from here; the overlay always shows.
        self.reported = true;
        self.resigned = false;
        self.show_values = true;
        self.session.mark_assisted();
        self.follow_side();
        self.changed();
        self.message = None;
        self.coach = None;
        self.remark = None;
        self.search = None;
    }

    /// The person moves for whoever is to move.
    fn follow_side(&mut self) {
        let to_move = self.session.position().to_move();
        let level = self.session.setup().level;
        self.session.set_side_and_level(to_move, level);
    }

    /// A move on the board: played for the side to move; the line ahead
    /// is kept when the move is its next one, else dropped.
    pub(super) fn analysis_plays(&mut self, mv: MoveOf<F>) {
        if let Err(e) = self.session.play(mv) {
            self.message = Some(e.0);
            return;
        }
        if let Some(a) = self.analysis.as_mut() {
            if a.redo.last() == Some(&mv) {
                a.redo.pop();
            } else {
                a.redo.clear();
            }
        }
        self.last_computer = None;
        self.arrived = None;
        self.after_step();
    }

    fn after_step(&mut self) {
        self.work = None;
        self.follow_side();
        self.changed();
        self.message = None;
    }

    /// `u`: one move back along the line.
    fn step_back(&mut self) {
        match self.session.take_back() {
            Some(mv) => {
                if let Some(a) = self.analysis.as_mut() {
                    a.redo.push(mv);
                }
                self.after_step();
            }
            None => self.message = Some("at the start of the line".into()),
        }
    }

    /// `r`: one move forward along the line.
    fn step_forward(&mut self) {
        let Some(mv) = self.analysis.as_mut().and_then(|a| a.redo.pop()) else {
            self.message = Some("at the end of the line".into());
            return;
        };
        if self.session.play(mv).is_ok() {
            self.after_step();
        }
    }

    /// Keys of the analysis board, `None` where they are the screen's.
    /// `forced`: Ctrl was held, so a letter is a command even where it
    /// would start a move.
    pub(super) fn analysis_command(&mut self, code: KeyCode, forced: bool) -> Option<Action> {
        let analysis = self.analysis.as_ref()?;
        if analysis.choosing_level {
            return Some(self.choose_level(code));
        }
        if analysis.editing {
            return self.edit_key(code);
        }
        if let KeyCode::Char(c) = code
            && !forced
            && self.types(c)
        {
            return None;
        }
        match code {
            KeyCode::Char('u') => self.step_back(),
            KeyCode::Char('r') => self.step_forward(),
            KeyCode::Home => {
                while !self.session.moves().is_empty() {
                    self.step_back();
                }
            }
            KeyCode::End => {
                while self.analysis.as_ref().is_some_and(|a| !a.redo.is_empty()) {
                    self.step_forward();
                }
            }
            KeyCode::Char('p') => self.ask_level(),
            KeyCode::Char('x') => self.start_edit(),
            KeyCode::Char('q') => return Some(Action::Menu),
            KeyCode::Char('n' | 's' | 'e' | 'v') => {
                // Named as the status line names them (^p where p is a move).
                let said: Vec<String> = super::super::keys::as_shown(
                    &[("p", "plays from here"), ("q", "leaves")],
                    |c| self.starts_move(c),
                )
                .into_iter()
                .map(|(key, what)| format!("{key} {what}"))
                .collect();
                self.message = Some(format!("on the analysis board: {}", said.join(", ")));
            }
            _ => return None,
        }
        Some(Action::None)
    }

    fn ask_level(&mut self) {
        if self.session.status().is_over() {
            self.message = Some("the game is over here: step back first (u)".into());
            return;
        }
        if let Some(a) = self.analysis.as_mut() {
            a.choosing_level = true;
        }
        self.message = Some(
            "play from here, you taking the side to move, at level: 1 perfect · 2 hard · 3 medium · 4 easy · Esc stays"
                .into(),
        );
    }

    fn choose_level(&mut self, code: KeyCode) -> Action {
        if let Some(a) = self.analysis.as_mut() {
            a.choosing_level = false;
        }
        let level = match code {
            KeyCode::Char('1') => Level::Perfect,
            KeyCode::Char('2') => Level::Hard,
            KeyCode::Char('3') => Level::Medium,
            KeyCode::Char('4') => Level::Easy,
            _ => {
                self.message = None;
                return Action::None;
            }
        };
        self.play_from_here(level);
        Action::None
    }

    /// Leaves the board for a game from this position: the person plays
    /// the side to move against the computer at `level`. The game counts
    /// as one with help, and not at all from an edited position.
    fn play_from_here(&mut self, level: Level) {
        if self.analysis.take().is_none() {
            return;
        }
        let human = self.session.position().to_move();
        self.session.set_side_and_level(human, level);
        self.reported = self.edited;
        self.show_values = false;
        self.changed();
        self.message = Some(format!(
            "playing from here: you are {}{}",
            side_words(&self.view, human),
            if self.edited {
                " (an edited position: not counted)"
            } else {
                " (counted as a game with help)"
            }
        ));
    }

    /// `x`: the typed line becomes an edit of the position.
    fn start_edit(&mut self) {
        let Some(help) = self.session.position().edit_help() else {
            self.message = Some(
                "this game's positions are not edited: play moves for both sides instead".into(),
            );
            return;
        };
        if let Some(a) = self.analysis.as_mut() {
            a.editing = true;
        }
        self.clear_line();
        self.message = Some(format!("edit: {help} · Enter applies, Esc stays"));
    }

    /// A key while the position is being edited: the line, then Enter.
    fn edit_key(&mut self, code: KeyCode) -> Option<Action> {
        match code {
            KeyCode::Char(c) if self.typed.chars().count() < MAX_EDIT => self.typed.push(c),
            KeyCode::Backspace => {
                self.typed.pop();
            }
            KeyCode::Esc => {
                self.stop_edit();
                self.message = None;
            }
            KeyCode::Enter => self.apply_edit(),
            _ => {}
        }
        Some(Action::None)
    }

    fn stop_edit(&mut self) {
        if let Some(a) = self.analysis.as_mut() {
            a.editing = false;
        }
        self.clear_line();
    }

    /// Enter on an edit: the position it makes becomes the board's start
    /// (bounded by the rules' start); a wrong edit says why and stays.
    fn apply_edit(&mut self) {
        let start = F::start(self.session.rules());
        match self.session.position().edit(&start, &self.typed) {
            Ok(position) => {
                self.session.start_from(position);
                if let Some(a) = self.analysis.as_mut() {
                    a.redo.clear();
                }
                self.edited = true;
                self.stop_edit();
                self.after_step();
                self.message = Some("edited: the board starts here".into());
            }
            Err(e) => self.message = Some(e.0),
        }
    }
}

/// The longest edit line.
const MAX_EDIT: usize = 200;

/// The board's lines for the side panel: the side to move, the line with
/// the place in it, then the values and the idea.
pub(super) fn lines<F: Family, V: BoardView<F>>(
    play: &Playing<F, V>,
    analysis: &Analysis<MoveOf<F>>,
    t: &Theme,
) -> Vec<Line<'static>> {
    let pos = play.session.position();
    let mut lines = vec![Line::styled("Analysis board", t.title)];
    // The person moves for both sides here: the ending names the side,
    // as `analyze` does, not "you" or the computer.
    lines.push(Line::raw(if play.session.status().is_over() {
        wording::game_over(play.session.status(), |p| play.view.mark(p))
    } else {
        let side = side_words(&play.view, pos.to_move());
        let mut chars = side.chars();
        let first = chars
            .next()
            .map(|c| c.to_uppercase().to_string())
            .unwrap_or_default();
        format!("{first}{} to move.", chars.as_str())
    }));
    if play.edited {
        lines.push(Line::styled("From an edited position.", t.dim));
    }
    lines.push(Line::raw(""));
    let history = play.session.history();
    let played: Vec<(String, bool)> = history.into_iter().zip(play.round_opens()).collect();
    let mut ahead = Vec::new();
    let mut at = pos.clone();
    for mv in analysis.redo.iter().rev() {
        ahead.push((at.format_move(*mv), play.view.opens_round(&at)));
        at = at.after(*mv);
    }
    // Moves joined as the Moves panel joins them: a word game's rounds
    // set apart by " · " (its letters, within a round, by nothing).
    let joined = |moves: &[(String, bool)]| {
        let mut line = String::new();
        for (i, (mv, opens)) in moves.iter().enumerate() {
            if i > 0 {
                line.push_str(if *opens {
                    " · "
                } else {
                    play.view.separator()
                });
            }
            line.push_str(mv);
        }
        line
    };
    let mut spans = vec![Span::styled("Line: ", t.dim)];
    spans.push(Span::raw(if played.is_empty() {
        "(start)".to_string()
    } else {
        joined(&played)
    }));
    if !ahead.is_empty() {
        spans.push(Span::styled(format!(" | {}", joined(&ahead)), t.dim));
    }
    lines.push(Line::from(spans));
    if !play.session.status().is_over() {
        // A finished game has no moves to give values to.
        lines.push(Line::raw(""));
        super::render::values_lines(play, t, &mut lines);
    }
    if let Some(h) = &play.hint {
        lines.push(Line::raw(""));
        lines.push(Line::styled("The idea", t.title));
        lines.push(Line::raw(h.clone()));
    }
    lines
}
