//! Drawing: one file per screen behind this front, and `impl Widget for &App`.

mod game;
mod help;
mod menu;
mod setup;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::app::{App, Screen};
use super::keys::{IN_FOOTER, KeyHelp};
use super::theme::Theme;

pub use game::areas as game_areas;
pub use menu::{list_area as menu_list_area, rows as menu_rows};

/// The smallest terminal the screens are laid out for.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            too_small(self.theme, area, buf);
            return;
        }
        match self.screen {
            Screen::Menu => menu::render(self, area, buf),
            Screen::Setup => setup::render(self, area, buf),
            Screen::Playing => game::render(self, area, buf),
        }
        if self.help {
            help::render(self, area, buf);
        }
    }
}

fn too_small(theme: &Theme, area: Rect, buf: &mut Buffer) {
    let text = vec![
        Line::styled(
            "unbeatable needs a terminal of at least 80×24.",
            theme.warning,
        ),
        Line::raw(format!(
            "This one is {}×{}: please make it larger.",
            area.width, area.height
        )),
        Line::styled("q quits", theme.dim),
    ];
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

/// The key-help footer: the first entries of a key list that fit whole.
fn footer(keys: &[KeyHelp], theme: &Theme, area: Rect, buf: &mut Buffer) {
    let mut spans = Vec::new();
    let mut used = 0;
    for (key, what) in keys.iter().take(IN_FOOTER) {
        let (k, w) = (format!(" {key}"), format!(" {what} "));
        used += k.chars().count() + w.chars().count();
        if used > usize::from(area.width) {
            break;
        }
        spans.push(Span::styled(k, theme.key));
        spans.push(Span::styled(w, theme.dim));
    }
    Line::from(spans).render(area, buf);
}

/// Title, body and footer rows of every screen.
fn frame(area: Rect) -> [Rect; 3] {
    area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ]))
}
