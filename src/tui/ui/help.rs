//! The help overlay: the rules of the chosen ruleset in words (its rules
//! card), then every key of the screen from the same list as the footer.
//! It scrolls where the terminal is too short for all of it.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

use crate::tui::app::{App, Mode};
use crate::tui::keys;

/// The overlay's width, borders included.
const WIDTH: u16 = 72;

/// The overlay's lines, before scrolling.
#[must_use]
pub fn lines(app: &App) -> Vec<Line<'static>> {
    let t = app.theme;
    let text = usize::from(WIDTH) - 4;
    let mut lines: Vec<Line> = Vec::new();
    // The idea behind the game: first once it is over, last (it gives the
    // puzzle away) while it is played.
    let game = app.playing();
    let idea = |lines: &mut Vec<Line<'static>>, heading: &str| {
        let Some(play) = game else { return };
        lines.push(Line::styled(format!(" {heading}"), t.title));
        match play.idea() {
            Some(idea) => {
                for sentence in idea {
                    for row in textwrap::wrap(sentence, text) {
                        lines.push(Line::raw(format!(" {row}")));
                    }
                }
            }
            None => lines.push(Line::styled(" Being worked out…", t.dim)),
        }
        lines.push(Line::raw(""));
    };
    let over = game.is_some_and(|p| p.over());
    if over {
        idea(&mut lines, "The idea behind the result");
    }
    if let Some(e) = app.entry() {
        lines.push(Line::styled(
            format!(" Rules of {}", e.ruleset.name),
            t.title,
        ));
        for sentence in e.ruleset.rules.card() {
            for row in textwrap::wrap(&sentence, text) {
                lines.push(Line::raw(format!(" {row}")));
            }
        }
        lines.push(Line::raw(""));
    }
    let list = match &app.mode {
        Mode::Menu | Mode::Quit => keys::as_shown(keys::MENU, |_| false),
        Mode::Setup(_) => keys::as_shown(keys::SETUP, |_| false),
        Mode::Games(_) => keys::as_shown(keys::GAMES, |_| false),
        Mode::Playing(p) => p.keys(),
    };
    lines.push(Line::styled(" Keys", t.title));
    // A long explanation goes on under itself, never past the border.
    const KEY: usize = 15;
    for (k, what) in &list {
        for (i, row) in textwrap::wrap(what, (text + 1).saturating_sub(KEY).max(1))
            .into_iter()
            .enumerate()
        {
            let key = if i == 0 {
                format!(" {k:<14}")
            } else {
                " ".repeat(KEY)
            };
            lines.push(Line::from(vec![
                Span::styled(key, t.key),
                Span::raw(row.into_owned()),
            ]));
        }
    }
    lines.push(Line::raw(""));
    for row in textwrap::wrap(
        "The computer wins when it can, forces a draw when it cannot, and otherwise makes your win as hard as possible.",
        text,
    ) {
        lines.push(Line::styled(format!(" {row}"), t.dim));
    }
    if !over && game.is_some() {
        lines.push(Line::raw(""));
        idea(
            &mut lines,
            "The idea behind this game (it gives the puzzle away)",
        );
    }
    lines
}

/// The box the overlay takes: above the status line, the input line and
/// the footer, so the game's progress stays in sight while it is open.
fn box_area(area: Rect, lines: usize) -> Rect {
    let above = Rect {
        height: area.height.saturating_sub(3),
        ..area
    };
    let height = u16::try_from(lines).unwrap_or(u16::MAX).saturating_add(2);
    above.centered(
        Constraint::Length(WIDTH),
        Constraint::Length(height.min(above.height)),
    )
}

/// How far an overlay of `lines` lines can scroll in `area`.
fn most(area: Rect, lines: usize) -> u16 {
    let shown = box_area(area, lines).height.saturating_sub(2);
    u16::try_from(lines)
        .unwrap_or(u16::MAX)
        .saturating_sub(shown)
}

/// How far the overlay can scroll in `area`.
#[must_use]
pub fn max_scroll(app: &App, area: Rect) -> u16 {
    most(area, lines(app).len())
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
    let lines = lines(app);
    let area_box = box_area(area, lines.len());
    let most = most(area, lines.len());
    let scroll = app.help_scroll.min(most);
    let more = scroll < most;
    Clear.render(area_box, buf);
    let mut block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.border)
        .title(Span::styled(" Help ", t.title))
        .title_bottom(Span::styled(
            if most > 0 {
                " ↑↓ more · ? or Esc closes this help "
            } else {
                " ? or Esc closes this help "
            },
            t.dim,
        ));
    if more {
        block = block.title(Span::styled(" ↓ more below ", t.key).into_right_aligned_line());
    }
    Paragraph::new(lines)
        .block(block)
        .scroll((scroll, 0))
        .render(area_box, buf);
}
