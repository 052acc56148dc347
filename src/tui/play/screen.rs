//! The play screen as the app sees it: keys, clicks, ticks and what it
//! shows, for any family.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;

use crate::engine::{Game, Status};
use crate::games::Family;
use crate::session::Setup;

use super::super::boards::{BoardView, Dir};
use super::super::keys;
use super::{Action, Frame, PlayScreen, PlayState, Playing, render};

impl<F: Family, V: BoardView<F>> PlayScreen for Playing<F, V> {
    fn render(&self, frame: &Frame<'_>, area: Rect, buf: &mut Buffer) {
        render::render(self, frame, area, buf);
    }

    fn on_key(&mut self, code: KeyCode, _area: Rect) -> Action {
        if let Some(leave) = self.confirm {
            return self.answer(leave, code);
        }
        if let Some(action) = self.puzzle_command(code, false) {
            return action;
        }
        if let Some(action) = self.analysis_command(code, false) {
            return action;
        }
        if self.review_key(code) {
            return Action::None;
        }
        let dir = match code {
            KeyCode::Up => Some(Dir::Up),
            KeyCode::Down => Some(Dir::Down),
            KeyCode::Left => Some(Dir::Left),
            KeyCode::Right => Some(Dir::Right),
            _ => None,
        };
        if let Some(dir) = dir {
            self.cursor = self.view.step(self.session.position(), self.cursor, dir);
            return Action::None;
        }
        // Space while the computer thinks, on an empty line (no move starts
        // with one): it moves now.
        if code == KeyCode::Char(' ')
            && self.typed.is_empty()
            && self.work.as_ref().is_some_and(|w| w.hurry())
        {
            self.message = None;
            return Action::None;
        }
        // While a move is being typed, every character is part of it; on
        // an empty line, what can start a move starts one, and the rest are
        // commands.
        if let KeyCode::Char(c) = code
            && self.types(c)
        {
            self.type_char(c);
            return Action::None;
        }
        match code {
            KeyCode::Enter => self.enter(),
            KeyCode::Backspace => self.backspace(),
            KeyCode::Esc => {
                self.clear_line();
                self.message = None;
            }
            KeyCode::Char(c @ ('h' | 'j' | 'k' | 'l')) => {
                let dir = match c {
                    'h' => Dir::Left,
                    'j' => Dir::Down,
                    'k' => Dir::Up,
                    _ => Dir::Right,
                };
                self.cursor = self.view.step(self.session.position(), self.cursor, dir);
            }
            KeyCode::Char(c) => {
                return self.command(c).unwrap_or_else(|| {
                    // After the game a letter that is no command starts
                    // no move either.
                    if self.over() {
                        self.say_over();
                    } else {
                        self.type_char(c);
                    }
                    Action::None
                });
            }
            _ => {}
        }
        Action::None
    }

    fn claims(&self, c: char) -> bool {
        self.starts_move(c)
    }

    fn keys(&self) -> Vec<(String, std::borrow::Cow<'static, str>)> {
        // Examples from the starting position: the moves this game takes.
        let start = F::start(self.session.rules());
        let last = start.move_count().saturating_sub(1);
        let mut examples: Vec<String> = [start.nth_move(0), start.nth_move(last)]
            .into_iter()
            .flatten()
            .map(|m| start.format_move(m))
            .collect();
        examples.dedup();
        if self.review.is_some() {
            return keys::as_shown(keys::REVIEW, |_| false);
        }
        if self.game_is_over() {
            return keys::as_shown(keys::OVER, |_| false);
        }
        let keys = if self.puzzle.is_some() {
            keys::puzzle
        } else if self.analysis.is_some() {
            keys::analysis
        } else {
            keys::game
        };
        keys(
            |c| self.claims(c),
            self.view.columns_only(self.session.position()),
            &examples,
        )
    }

    fn on_command(&mut self, c: char) -> Action {
        if let Some(leave) = self.confirm {
            return self.answer(leave, KeyCode::Char(c));
        }
        if let Some(action) = self.puzzle_command(KeyCode::Char(c), true) {
            return action;
        }
        if let Some(action) = self.analysis_command(KeyCode::Char(c), true) {
            return action;
        }
        self.command(c).unwrap_or(Action::None)
    }

    fn on_click(&mut self, x: u16, y: u16, area: Rect) -> Action {
        if self.review_click(x, y, area) {
            return Action::None;
        }
        let board = render::areas(area).board;
        let pos = self.session.position();
        let Some(cursor) = self.view.click(pos, self.cursor, board, x, y) else {
            return Action::None;
        };
        // The first click chooses a move; a second on the same one plays it.
        if cursor == self.cursor && self.view.selected(pos, cursor).is_some() {
            self.typed.clear();
            self.enter();
        } else {
            self.cursor = cursor;
            if self.view.selected(pos, cursor).is_none() && self.human_turn() {
                self.message = Some("that is not a move you can play now".into());
            } else {
                self.message = None;
            }
        }
        Action::None
    }

    fn tick(&mut self) -> Action {
        if let Some(action) = self.outbox.take() {
            return action;
        }
        if self.over() {
            self.start_idea();
        }
        self.collect_idea();
        self.collect_work();
        if self.queued && self.human_turn() {
            self.message = None;
            self.enter();
        }
        self.start_due_work();
        self.finished()
    }

    fn thinking(&self) -> bool {
        self.work.is_some() || self.idea_job.is_some()
    }

    fn animating(&self) -> bool {
        self.arriving().is_some()
    }

    fn idea(&self) -> Option<&[String]> {
        self.idea.as_deref()
    }

    fn want_idea(&mut self) {
        self.start_idea();
    }

    fn moves_text(&self) -> String {
        self.session.history().join(" ")
    }

    fn replay(&mut self, moves: &str) -> Result<(), String> {
        let done = self.session.replay(moves).map_err(|e| e.to_string());
        self.changed();
        done
    }

    fn over(&self) -> bool {
        Playing::over(self)
    }

    fn review_only(&mut self) {
        self.reported = true;
        // A kept game that was resigned ends where it stopped.
        self.resigned = !self.session.status().is_over();
        self.open_review();
    }

    fn set_puzzle(&mut self, ask: super::PuzzleAsk) {
        self.reported = true;
        self.puzzle = Some(super::puzzle::PuzzleState { ask, answer: None });
    }

    fn analyse(&mut self) {
        self.open_analysis();
    }

    fn edited(&self) -> bool {
        self.edited
    }

    fn setup(&self) -> Setup {
        *self.session.setup()
    }

    fn status(&self) -> Status {
        self.session.status()
    }

    fn state(&self) -> PlayState {
        let pos = self.session.position();
        PlayState {
            history: self.session.history(),
            status: Some(self.session.status()),
            human: Some(self.session.setup().human),
            level: self.session.level_words(),
            message: self.message.clone(),
            coach: self.coach.clone(),
            hint: self.hint.clone(),
            values: self.values.as_ref().filter(|_| self.show_values).map(|v| {
                pos.moves()
                    .take(1000)
                    .filter_map(|m| v.get(m).map(|x| (pos.format_move(m), x.outcome.sign())))
                    .collect()
            }),
            typed: self.typed.clone(),
            thinking: self.work.is_some(),
            assisted: self.session.assisted(),
            turns: self.session.turns().to_vec(),
        }
    }
}
