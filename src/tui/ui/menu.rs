//! The menu: every ruleset grouped by kind, and the chosen one's details.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use super::{footer, frame};
use crate::tui::app::App;
use crate::tui::keys;

/// Where the list of rulesets is drawn, for mapping clicks.
#[must_use]
pub fn list_area(area: Rect) -> Rect {
    let [_, body, _] = frame(area);
    let [list, _] = body.layout(&Layout::horizontal([
        Constraint::Length(34),
        Constraint::Fill(1),
    ]));
    list
}

/// The menu's rows: a group's heading (None) or a ruleset's index.
#[must_use]
pub fn rows(app: &App) -> Vec<Option<usize>> {
    let mut out = Vec::new();
    let mut last = None;
    for (i, e) in app.entries.iter().enumerate() {
        let group = (e.ruleset.kind(), e.ruleset.rules.group());
        if last != Some(group) {
            out.push(None);
            last = Some(group);
        }
        out.push(Some(i));
    }
    out
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = app.theme;
    let [title, body, foot] = frame(area);
    Line::from(vec![
        Span::styled(" unbeatable ", t.title),
        Span::styled(
            "— solved games against a computer that never makes a mistake",
            t.dim,
        ),
    ])
    .render(title, buf);
    let [list, details] = body.layout(&Layout::horizontal([
        Constraint::Length(34),
        Constraint::Fill(1),
    ]));
    let rows = rows(app);
    let height = usize::from(list.height);
    let at = rows
        .iter()
        .position(|r| *r == Some(app.selected))
        .unwrap_or(0);
    let top = at.saturating_sub(height.saturating_sub(1));
    let lines: Vec<Line> = rows
        .iter()
        .enumerate()
        .skip(top)
        .take(height)
        .map(|(n, row)| match row {
            // A heading names the kind of the rulesets below it.
            None => rows[n + 1..]
                .iter()
                .flatten()
                .next()
                .map_or_else(Line::default, |&i| {
                    Line::styled(
                        app.entries[i].ruleset.rules.group().1.to_uppercase(),
                        t.title,
                    )
                }),
            Some(i) => {
                let style = if *i == app.selected {
                    t.selected
                } else {
                    t.text
                };
                Line::styled(format!("  {:<30}", app.entries[*i].ruleset.name), style)
            }
        })
        .collect();
    Paragraph::new(lines).render(list, buf);

    let block = Block::default()
        .borders(Borders::LEFT)
        .border_style(t.border);
    let inner = block.inner(details);
    block.render(details, buf);
    if let Some(e) = app.entry() {
        let id = e.ruleset.identity();
        let (record, helped) = (app.tally.total(&id), app.tally.assisted(&id));
        let mut text = vec![
            Line::styled(e.ruleset.name.clone(), t.title),
            Line::styled(format!("{} · {}", e.ruleset.kind(), e.id), t.dim),
            Line::raw(""),
            Line::raw(e.ruleset.description.clone()),
            Line::raw(""),
            Line::from(vec![
                Span::styled("Your results: ", t.dim),
                Span::raw(format!(
                    "won {} · lost {} · drawn {}",
                    record.won, record.lost, record.drawn
                )),
            ]),
            Line::styled(
                format!(
                    "With help:    won {} · lost {} · drawn {}",
                    helped.won, helped.lost, helped.drawn
                ),
                t.dim,
            ),
            Line::raw(""),
            Line::styled("Enter to play · p puzzles · a analysis board.", t.key),
        ];
        // One paragraph per note.
        for note in app.notice.iter().flat_map(|n| n.lines()) {
            text.push(Line::raw(""));
            text.push(Line::styled(note.to_string(), t.warning));
        }
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .render(inner.inner(ratatui::layout::Margin::new(1, 0)), buf);
    }
    // Arrows on the divider say when the list goes on past either edge.
    if top > 0 {
        buf.set_string(list.right(), list.y, "↑", t.key);
    }
    if top + height < rows.len() {
        buf.set_string(list.right(), list.bottom().saturating_sub(1), "↓", t.key);
    }
    footer(keys::MENU, t, foot, buf);
}
