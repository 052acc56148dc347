//! The playing screen: title, board, side panel, input line and footer.

use std::collections::HashMap;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Margin, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use super::footer;
use crate::engine::{Outcome, Player, Status};
use crate::games::Kind;
use crate::plain::ending;
use crate::tui::app::{App, Play};
use crate::tui::boards::{self, Ctx};
use crate::tui::keys;

/// The screen's parts: `[title, board, side, status, input, footer]`.
#[must_use]
pub fn areas(area: Rect) -> [Rect; 6] {
    let [title, body, status, input, foot] = area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ]));
    let [board, side] = body.layout(&Layout::horizontal([
        Constraint::Fill(1),
        Constraint::Length(29),
    ]));
    [
        title,
        board.inner(Margin::new(1, 1)),
        side,
        status,
        input,
        foot,
    ]
}

fn mark(p: Player, kind: Kind) -> &'static str {
    match (kind, p) {
        (Kind::Mnk, Player::First) => " (X)",
        (Kind::Mnk, Player::Second) => " (O)",
        _ => "",
    }
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let Some(play) = &app.play else { return };
    let t = app.theme;
    let entry = &app.entries[play.entry];
    let kind = entry.ruleset.kind();
    let [title, board, side, status, input, foot] = areas(area);
    Line::from(vec![
        Span::styled(format!(" {} ", entry.ruleset.name), t.title),
        Span::styled(
            format!(
                "· you play {}{} · level {}",
                play.human,
                mark(play.human, kind),
                play.level.describe()
            ),
            t.dim,
        ),
    ])
    .render(title, buf);

    let over = play.game.status().is_over();
    let human_turn = !over && play.game.to_move() == play.human;
    let values = play.values.as_ref().filter(|v| !v.is_empty());
    let ctx = Ctx {
        game: play.game.as_ref(),
        cursor: play.cursor,
        theme: t,
        values,
        last: play.last_computer.as_deref(),
        human_turn,
    };
    boards::view(kind).render(&ctx, board, buf);
    side_panel(app, play, values, side, buf);

    let status_line = match play.game.status() {
        _ if play.message.is_some() => Line::styled(
            format!(" {}", play.message.as_deref().unwrap_or_default()),
            t.warning,
        ),
        Status::Ongoing if human_turn => Line::styled(" Your move.", t.key),
        Status::Ongoing => Line::styled(" The computer is thinking…", t.dim),
        s => Line::from(vec![
            Span::styled(format!(" {} ", banner(s, play.human)), t.title),
            Span::styled("· n new game · s swap sides · q menu", t.dim),
        ]),
    };
    status_line.render(status, buf);
    let prompt = Line::from(vec![
        Span::styled(" Move: ", t.dim),
        Span::styled(play.typed.clone(), t.legal),
        Span::styled("▏", t.key),
        Span::styled(
            if play.typed.is_empty() {
                "  type a move or use the cursor, Enter plays"
            } else {
                "  Enter plays, Esc clears"
            },
            t.dim,
        ),
    ]);
    prompt.render(input, buf);
    footer(keys::GAME, t, foot, buf);
}

fn banner(status: Status, human: Player) -> &'static str {
    match ending(status, human) {
        "you win" => "You win",
        "computer wins" => "Computer wins",
        _ => "Draw",
    }
}

fn side_panel(
    app: &App,
    play: &Play,
    values: Option<&HashMap<String, Outcome>>,
    area: Rect,
    buf: &mut Buffer,
) {
    let t = app.theme;
    let block = Block::default()
        .borders(Borders::LEFT)
        .border_style(t.border);
    let inner = block.inner(area).inner(Margin::new(1, 0));
    block.render(area, buf);
    let mut lines: Vec<Line> = Vec::new();
    let status = play.game.status();
    if status.is_over() {
        lines.push(Line::styled(banner(status, play.human), t.win));
        let moves = play.game.history().len();
        lines.push(Line::raw(match play.decided {
            Some(0) => "Decided before the first move.".to_string(),
            Some(n) => format!("Decided by move {n} of {moves}."),
            None => format!("{moves} moves."),
        }));
        lines.push(Line::raw(""));
    }
    if !play.proven {
        lines.push(Line::styled("Not proven: this board is too large to solve in time; the computer plays the best move its search found.", t.warning));
        lines.push(Line::raw(""));
    }
    let history = play.game.history();
    let separator = if app.entries[play.entry].ruleset.kind() == Kind::Divisors {
        " → "
    } else {
        " "
    };
    lines.push(Line::styled("Moves", t.title));
    let shown: Vec<&str> = history
        .iter()
        .rev()
        .take(24)
        .rev()
        .map(String::as_str)
        .collect();
    let skipped = if history.len() > shown.len() {
        "… "
    } else {
        ""
    };
    lines.push(Line::raw(if history.is_empty() {
        "none yet".to_string()
    } else {
        format!("{skipped}{}", shown.join(separator))
    }));
    if let Some(h) = &play.hint {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Tip", t.title));
        lines.push(Line::raw(h.clone()));
    }
    if let Some(c) = &play.coach {
        lines.push(Line::raw(""));
        lines.push(Line::styled(c.clone(), t.warning));
    }
    if let Some(values) = values {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Values: + win = draw - loss", t.title));
        let mut spans = Vec::new();
        for m in play.game.legal_moves() {
            if let Some(&o) = values.get(&m) {
                let sign = match o {
                    Outcome::Win => '+',
                    Outcome::Draw => '=',
                    Outcome::Loss => '-',
                };
                spans.push(Span::styled(format!("{m}{sign} "), t.outcome(o)));
            }
        }
        lines.push(Line::from(spans));
    }
    let record = app.tally.total(&app.entries[play.entry].id);
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        format!(
            "Won {} · lost {} · drawn {}",
            record.won, record.lost, record.drawn
        ),
        t.dim,
    ));
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .render(inner, buf);
}
