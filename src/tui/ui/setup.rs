//! Before a game: who has the upper hand, which side to take, the level.

use ratatui::buffer::Buffer;
use ratatui::layout::{Margin, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::{footer, frame};
use crate::engine::{Level, Player};
use crate::tui::app::{App, SetupScreen};
use crate::tui::keys;

pub fn render(app: &App, screen: &SetupScreen, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
    let [title, body, foot] = frame(area);
    let Some(e) = app.entry() else { return };
    Line::from(vec![
        Span::styled(" unbeatable ", t.title),
        Span::styled(format!("· {}", e.ruleset.name), t.text),
    ])
    .render(title, buf);
    let side = |p: Player, label: &str| {
        let style = if app.human == p { t.selected } else { t.text };
        Span::styled(format!(" {label} "), style)
    };
    let mut lines = vec![
        Line::styled(e.ruleset.name.clone(), t.title),
        Line::raw(e.ruleset.description.clone()),
        Line::raw(""),
        Line::styled(screen.upper_hand(), t.key),
        Line::raw(""),
        Line::from(vec![
            Span::raw("You move:  "),
            side(Player::First, "first"),
            Span::raw("  "),
            side(Player::Second, "second"),
        ]),
        Line::raw(""),
        Line::raw("Practice level:"),
    ];
    for level in Level::ALL {
        let style = if app.level == level {
            t.selected
        } else {
            t.text
        };
        lines.push(Line::styled(
            format!("   {} ", level.describe(screen.proven())),
            style,
        ));
    }
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        "Enter starts the game · ? shows the rules and the keys.",
        t.key,
    ));
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(body.inner(Margin::new(2, 1)), buf);
    footer(keys::SETUP, t, foot, buf);
}
