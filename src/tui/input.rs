//! Keys and mouse: the help overlay first, then the screen's own keys.
//! Each arm calls one short method of the app or of the game screen.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

use crate::engine::{Level, Player};

use super::app::{App, Mode};
use super::ui::{
    MIN_HEIGHT, MIN_WIDTH, games_list_area, help_max_scroll, menu_list_area, menu_rows,
};

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
            self.quit();
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('z') {
            // Raw mode turns Ctrl-Z into a key: suspend as the shell would.
            self.suspend_requested = true;
            return;
        }
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            // Only quitting makes sense until the terminal is larger.
            if matches!(key.code, KeyCode::Char('q') | KeyCode::Esc) {
                self.quit();
            }
            return;
        }
        if self.help {
            let most = help_max_scroll(self, area);
            match key.code {
                KeyCode::Char('?' | 'q') | KeyCode::Esc | KeyCode::F(1) => self.help = false,
                KeyCode::Up | KeyCode::Char('k') => {
                    self.help_scroll = self.help_scroll.saturating_sub(1);
                }
                KeyCode::Down | KeyCode::Char('j') => {
                    self.help_scroll = (self.help_scroll + 1).min(most);
                }
                KeyCode::PageUp | KeyCode::Home => self.help_scroll = 0,
                KeyCode::PageDown | KeyCode::End => self.help_scroll = most,
                _ => {}
            }
            return;
        }
        if matches!(key.code, KeyCode::Char('?') | KeyCode::F(1)) {
            self.help = true;
            self.help_scroll = 0;
            if let Mode::Playing(p) = &mut self.mode {
                p.want_idea();
            }
            return;
        }
        match &mut self.mode {
            Mode::Menu => self.menu_key(key.code),
            Mode::Setup(_) => self.setup_key(key.code),
            Mode::Games(_) => self.games_key(key.code),
            Mode::Playing(p) => {
                let action = match key.code {
                    KeyCode::Char(c) if key.modifiers.contains(KeyModifiers::CONTROL) => {
                        p.on_command(c)
                    }
                    code => p.on_key(code, area),
                };
                self.act(action);
            }
            Mode::Quit => {}
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
            KeyCode::Char('g') => self.open_games(),
            KeyCode::Char('a') => self.open_analysis(),
            KeyCode::Char('p') if self.run.is_none() => self.start_run(),
            KeyCode::Esc if self.run.is_some() => self.stop_run(),
            KeyCode::Char('q') | KeyCode::Esc => self.quit(),
            _ => {}
        }
    }

    fn games_key(&mut self, code: KeyCode) {
        let Mode::Games(kept) = &mut self.mode else {
            return;
        };
        match code {
            KeyCode::Up | KeyCode::Char('k') => kept.step(-1),
            KeyCode::Down | KeyCode::Char('j') => kept.step(1),
            KeyCode::PageUp => kept.step(-10),
            KeyCode::PageDown => kept.step(10),
            KeyCode::Home => kept.first(),
            KeyCode::End => kept.last(),
            KeyCode::Enter => self.open_kept(),
            KeyCode::Char('q') | KeyCode::Esc => self.mode = Mode::Menu,
            _ => {}
        }
    }

    fn setup_key(&mut self, code: KeyCode) {
        let proven = match &self.mode {
            Mode::Setup(s) => s.proven(),
            _ => None,
        };
        match code {
            KeyCode::Left | KeyCode::Char('h' | 'f') => self.human = Player::First,
            KeyCode::Right | KeyCode::Char('l' | 's') => self.human = Player::Second,
            KeyCode::Up | KeyCode::Char('k') => self.level = step_level(self.level, -1),
            KeyCode::Down | KeyCode::Char('j') => self.level = step_level(self.level, 1),
            KeyCode::Enter => self.start_game(proven),
            KeyCode::Char('q') | KeyCode::Esc => self.to_menu(),
            _ => {}
        }
    }

    fn on_mouse(&mut self, mouse: MouseEvent, area: Rect) {
        if mouse.kind != MouseEventKind::Down(MouseButton::Left) || self.help {
            return;
        }
        let (x, y) = (mouse.column, mouse.row);
        match &mut self.mode {
            Mode::Menu => self.menu_click(x, y, area),
            Mode::Games(_) => self.games_click(x, y, area),
            Mode::Playing(p) => {
                let action = p.on_click(x, y, area);
                self.act(action);
            }
            _ => {}
        }
    }

    fn menu_click(&mut self, x: u16, y: u16, area: Rect) {
        let list = menu_list_area(area);
        if !list.contains(ratatui::layout::Position::new(x, y)) {
            return;
        }
        let rows = menu_rows(self);
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
}

impl App {
    fn games_click(&mut self, x: u16, y: u16, area: Rect) {
        let list = games_list_area(area);
        let Mode::Games(kept) = &mut self.mode else {
            return;
        };
        if !list.contains(ratatui::layout::Position::new(x, y)) {
            return;
        }
        let row = kept.top(usize::from(list.height)) + usize::from(y - list.y);
        if row >= kept.games.len() {
            return;
        }
        if row == kept.selected {
            self.open_kept();
        } else {
            kept.selected = row;
        }
    }
}

fn step_level(level: Level, by: isize) -> Level {
    let i = Level::ALL.iter().position(|l| *l == level).unwrap_or(0) as isize;
    let n = Level::ALL.len() as isize;
    Level::ALL[((i + by).rem_euclid(n)) as usize]
}
