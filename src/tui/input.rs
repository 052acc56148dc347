//! Keys and mouse: the help overlay first, then the screen's own keys. Each
//! arm calls one short method of the app.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

use crate::engine::{Level, Player};

use super::app::{App, Screen};
use super::boards::{self, Dir};
use super::ui::{MIN_HEIGHT, MIN_WIDTH, game_areas, menu_list_area};

impl App {
    /// Handles one terminal event; `area` is the terminal's size.
    pub fn handle_event(&mut self, event: &Event, area: Rect) {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.on_key(*key, area),
            Event::Mouse(mouse) => self.on_mouse(*mouse, area),
            _ => {}
        }
    }

    fn on_key(&mut self, key: KeyEvent, area: Rect) {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            // Only quitting makes sense until the terminal is larger.
            if matches!(key.code, KeyCode::Char('q') | KeyCode::Esc) {
                self.quit = true;
            }
            return;
        }
        if self.help {
            if matches!(
                key.code,
                KeyCode::Char('?' | 'q') | KeyCode::Esc | KeyCode::F(1)
            ) {
                self.help = false;
            }
            return;
        }
        if matches!(key.code, KeyCode::Char('?') | KeyCode::F(1)) {
            self.help = true;
            return;
        }
        match self.screen {
            Screen::Menu => self.menu_key(key.code),
            Screen::Setup => self.setup_key(key.code),
            Screen::Playing => self.game_key(key.code),
        }
    }

    fn menu_key(&mut self, code: KeyCode) {
        let last = self.entries.len().saturating_sub(1);
        match code {
            KeyCode::Up | KeyCode::Char('k') => self.selected = self.selected.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => self.selected = (self.selected + 1).min(last),
            KeyCode::Home => self.selected = 0,
            KeyCode::End => self.selected = last,
            KeyCode::Enter => self.open_selected(),
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            _ => {}
        }
    }

    fn setup_key(&mut self, code: KeyCode) {
        match code {
            KeyCode::Left | KeyCode::Char('h' | 'f') => self.human = Player::First,
            KeyCode::Right | KeyCode::Char('l' | 's') => self.human = Player::Second,
            KeyCode::Up | KeyCode::Char('k') => self.level = step_level(self.level, -1),
            KeyCode::Down | KeyCode::Char('j') => self.level = step_level(self.level, 1),
            KeyCode::Enter => self.start_game(),
            KeyCode::Char('q') | KeyCode::Esc => self.screen = Screen::Menu,
            _ => {}
        }
    }

    fn game_key(&mut self, code: KeyCode) {
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let kind = self.entries[play.entry].ruleset.kind();
        let view = boards::view(kind);
        if let KeyCode::Char(c) = code
            && view.typable(play.game.as_ref(), c)
        {
            play.typed.push(c);
            play.message = None;
            return;
        }
        let dir = match code {
            KeyCode::Up | KeyCode::Char('k') => Some(Dir::Up),
            KeyCode::Down | KeyCode::Char('j') => Some(Dir::Down),
            KeyCode::Left | KeyCode::Char('h') => Some(Dir::Left),
            KeyCode::Right | KeyCode::Char('l') => Some(Dir::Right),
            _ => None,
        };
        if let Some(dir) = dir {
            play.cursor = view.step(play.game.as_ref(), play.cursor, dir);
            return;
        }
        match code {
            KeyCode::Enter => self.play_input(),
            KeyCode::Backspace => {
                play.typed.pop();
            }
            KeyCode::Esc if !play.typed.is_empty() || play.message.is_some() => {
                play.typed.clear();
                play.message = None;
            }
            KeyCode::Char('q') | KeyCode::Esc => self.to_menu(),
            KeyCode::Char('t') => self.show_hint(),
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('v') => play.toggle_values(),
            KeyCode::Char('n') => self.new_game(),
            KeyCode::Char('s') => self.swap_sides(),
            _ => {}
        }
    }

    /// Enter: the typed move if any, else the one under the cursor.
    fn play_input(&mut self) {
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let text = if play.typed.is_empty() {
            let kind = self.entries[play.entry].ruleset.kind();
            match boards::view(kind).selected(play.game.as_ref(), play.cursor) {
                Some(mv) => mv,
                None => {
                    play.message = Some("the cursor is not on a move you can play".into());
                    return;
                }
            }
        } else {
            play.typed.clone()
        };
        self.human_move(&text);
    }

    fn on_mouse(&mut self, mouse: MouseEvent, area: Rect) {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left) || self.help {
            return;
        }
        let (x, y) = (mouse.column, mouse.row);
        match self.screen {
            Screen::Menu => self.menu_click(x, y, area),
            Screen::Setup => {}
            Screen::Playing => self.board_click(x, y, area),
        }
    }

    fn menu_click(&mut self, x: u16, y: u16, area: Rect) {
        let list = menu_list_area(area);
        if !list.contains(ratatui::layout::Position::new(x, y)) {
            return;
        }
        let rows = super::ui::menu_rows(self);
        let at = rows
            .iter()
            .position(|r| *r == Some(self.selected))
            .unwrap_or(0);
        let top = at.saturating_sub(usize::from(list.height).saturating_sub(1));
        if let Some(Some(i)) = rows.get(top + usize::from(y - list.y)) {
            if *i == self.selected {
                self.open_selected();
            } else {
                self.selected = *i;
            }
        }
    }

    fn board_click(&mut self, x: u16, y: u16, area: Rect) {
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let board = game_areas(area)[1];
        let kind = self.entries[play.entry].ruleset.kind();
        let view = boards::view(kind);
        let Some(cursor) = view.click(play.game.as_ref(), play.cursor, board, x, y) else {
            return;
        };
        // The first click chooses a move; a second on the same one plays it.
        if cursor == play.cursor && view.selected(play.game.as_ref(), cursor).is_some() {
            play.typed.clear();
            self.play_input();
        } else {
            play.cursor = cursor;
        }
    }
}

fn step_level(level: Level, by: isize) -> Level {
    let i = Level::ALL.iter().position(|l| *l == level).unwrap_or(0) as isize;
    let n = Level::ALL.len() as isize;
    Level::ALL[((i + by).rem_euclid(n)) as usize]
}
