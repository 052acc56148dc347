//! The help overlay: every key of the screen, from the same list as the footer.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

use crate::tui::app::{App, Mode};
use crate::tui::keys;

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
    let list = match app.mode {
        Mode::Menu | Mode::Quit => keys::MENU,
        Mode::Setup(_) => keys::SETUP,
        Mode::Playing(_) => keys::GAME,
    };
    let mut lines: Vec<Line> = list
        .iter()
        .map(|(k, what)| {
            Line::from(vec![
                Span::styled(format!(" {k:<14}"), t.key),
                Span::raw(*what),
            ])
        })
        .collect();
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        " The computer wins when it can, forces a draw when it cannot,",
        t.dim,
    ));
    lines.push(Line::styled(
        " and otherwise makes your win as hard as possible.",
        t.dim,
    ));
    lines.push(Line::styled(" ? or Esc closes this help.", t.dim));
    let height = lines.len() as u16 + 2;
    // Above the status line, the input line and the footer, so the game's
    // progress stays in sight while the help is open.
    let above = Rect {
        height: area.height.saturating_sub(3),
        ..area
    };
    let box_area = above.centered(
        Constraint::Length(72),
        Constraint::Length(height.min(above.height)),
    );
    Clear.render(box_area, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.border)
        .title(Span::styled(" Help ", t.title));
    Paragraph::new(lines).block(block).render(box_area, buf);
}
