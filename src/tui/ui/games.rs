//! The "Your games" screen: the kept games, newest first.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::{fit, footer, frame};
use crate::text::counted;
use crate::text::visible;
use crate::tui::app::App;
use crate::tui::kept::{KeptGames, row};
use crate::tui::keys;

/// Where the list of games is drawn, for mapping clicks: under the
/// title's two lines.
#[must_use]
pub fn list_area(area: Rect) -> Rect {
    let [_, body, _] = frame(area);
    let top = 2.min(body.height);
    Rect {
        y: body.y + top,
        height: body.height - top,
        ..body
    }
}

pub fn render(app: &App, kept: &KeptGames, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
    let [title, body, foot] = frame(area);
    Line::from(vec![
        Span::styled(" Your games ", t.title),
        Span::styled(
            "— every finished game, newest first; Enter reviews it",
            t.dim,
        ),
    ])
    .render(title, buf);
    let list = list_area(area);
    let mut head = Vec::new();
    if let Some(note) = &kept.note {
        head.push(Line::styled(note.clone(), t.warning));
    } else if kept.games.is_empty() {
        head.push(Line::raw(
            "No game kept yet: every game you finish is kept here for its review.",
        ));
    } else {
        let n = kept.games.len();
        head.push(Line::styled(format!("{} kept", counted(n, "game")), t.dim));
    }
    Paragraph::new(head).wrap(Wrap { trim: true }).render(
        Rect { height: 2, ..body }.inner(ratatui::layout::Margin::new(1, 0)),
        buf,
    );
    let rows = usize::from(list.height);
    let top = kept.top(rows);
    let width = usize::from(list.width).saturating_sub(2);
    let lines: Vec<Line> = kept
        .games
        .iter()
        .enumerate()
        .skip(top)
        .take(rows)
        .map(|(i, g)| {
            let name = app.name_of(g);
            let text = fit(&visible(&row(g, &name)), width);
            let style = if i == kept.selected {
                t.selected
            } else {
                t.text
            };
            Line::styled(format!(" {text:<width$} "), style)
        })
        .collect();
    Paragraph::new(lines).render(list, buf);
    footer(keys::GAMES, t, foot, buf);
}
