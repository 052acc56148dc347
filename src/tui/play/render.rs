//! Drawing the playing screen: title, board, side panel, status line,
//! input line and footer.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Margin, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Widget, Wrap};

use crate::engine::{Game, Status};
use crate::games::Family;

use super::super::boards::{BoardView, Ctx};
use super::super::theme::Theme;
use super::super::ui::{fit, footer};
use super::{Frame, Playing, side_words};
use crate::session::wording;
use crate::text::counted;

/// The side panel's width at 80 columns.
const SIDE: u16 = 29;

/// The screen's parts.
pub struct Areas {
    pub title: Rect,
    pub board: Rect,
    pub side: Rect,
    pub status: Rect,
    pub input: Rect,
    pub footer: Rect,
}

#[must_use]
pub fn areas(area: Rect) -> Areas {
    let [title, body, status, input, footer] = area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ]));
    // The side panel widens with the terminal: a quarter of the columns
    // past 80, up to 48.
    let side = (SIDE + area.width.saturating_sub(80) / 4).min(48);
    let [board, side] = body.layout(&Layout::horizontal([
        Constraint::Fill(1),
        Constraint::Length(side),
    ]));
    Areas {
        title,
        board: board.inner(Margin::new(1, 1)),
        side,
        status,
        input,
        footer,
    }
}

pub fn render<F: Family, V: BoardView<F>>(
    play: &Playing<F, V>,
    frame: &Frame<'_>,
    area: Rect,
    buf: &mut Buffer,
) {
    let t = frame.theme;
    let a = areas(area);
    title_line(play, frame, usize::from(a.title.width)).render(a.title, buf);
    let reviewing = play.review.is_some();
    let ctx = Ctx::<F, V::Cursor> {
        pos: play.shown(),
        cursor: play.cursor,
        theme: t,
        values: play
            .values
            .as_ref()
            .filter(|_| play.show_values && !reviewing),
        last: play.shown_last(),
        arriving: play.arriving().filter(|_| !reviewing),
        human_turn: play.human_turn() && !reviewing,
        person: play.analysis.is_none().then(|| play.session.setup().human),
    };
    play.view.render(&ctx, a.board, buf);
    side_panel(play, frame, a.side, buf);
    status_line(play, t, usize::from(a.status.width)).render(a.status, buf);
    let editing = play.analysis.as_ref().is_some_and(|a| a.editing);
    let prompt = Line::from(vec![
        Span::styled(if editing { " Edit: " } else { " Move: " }, t.dim),
        Span::styled(play.typed.clone(), t.legal),
        Span::styled("▏", t.key),
        Span::styled(
            if editing {
                "  Enter applies the edit, Esc leaves it"
            } else if play.game_is_over() {
                "  the game is over"
            } else if play.typed.is_empty() {
                "  type a move or use the cursor, Enter plays"
            } else {
                "  Enter plays, Esc clears"
            },
            t.dim,
        ),
    ]);
    prompt.render(a.input, buf);
    let game_keys = super::PlayScreen::keys(play);
    footer(&game_keys, t, a.footer, buf);
}

/// The title: the ruleset's name, the person's side and the level (or
/// the puzzle's place, or the analysis board), the longest wording that
/// fits `width`, so the level is read whole.
fn title_line<F: Family, V: BoardView<F>>(
    play: &Playing<F, V>,
    frame: &Frame<'_>,
    width: usize,
) -> Line<'static> {
    let t = frame.theme;
    let setup = play.session.setup();
    let (side, level) = (side_words(&play.view, setup.human), play.level_short());
    let mark = play
        .view
        .mark(setup.human)
        .map_or_else(|| setup.human.to_string(), str::to_string);
    let (lead, level) = match &play.puzzle {
        Some(p) => ("", format!("puzzle {} of {}", p.ask.n, p.ask.of)),
        None => ("level ", level),
    };
    let candidates = [
        format!(" {} · you play {side} · {lead}{level}", frame.name),
        format!(" {} · you play {side} · {level}", frame.name),
        format!(" {} · you: {mark} · {level}", frame.name),
    ];
    // Past them, a long name gives way: the level is never cut.
    let rest = format!(" · you: {mark} · {level}");
    let room = width.saturating_sub(rest.chars().count() + 1).max(8);
    let short_name = fit(frame.name, room);
    let last = format!(" {short_name}{rest}");
    let (head, name) = match candidates.iter().find(|c| c.chars().count() <= width) {
        _ if play.analysis.is_some() => (
            format!(" {short_name} · analysis board"),
            short_name.as_str(),
        ),
        Some(c) => (c.clone(), frame.name),
        None => (last, short_name.as_str()),
    };
    let name_len = name.chars().count() + 2;
    let head = fit(&head, width);
    let (name, rest) = head.split_at(
        head.char_indices()
            .nth(name_len)
            .map_or(head.len(), |(i, _)| i),
    );
    Line::from(vec![
        Span::styled(name.to_string(), t.title),
        Span::styled(rest.to_string(), t.dim),
    ])
}

/// The status line: a message, else what the mode's keys do, else the
/// work under way, else whose move it is or how the game ended.
fn status_line<F: Family, V: BoardView<F>>(
    play: &Playing<F, V>,
    t: &Theme,
    width: usize,
) -> Line<'static> {
    let keys = |text: &str| Line::styled(fit(text, width), t.key);
    if let Some(m) = &play.message {
        return Line::styled(fit(&format!(" {m}"), width), t.warning);
    }
    if play.analysis.is_some() {
        // Where a letter starts a move (the word game's), Ctrl and it is
        // the command, as the footer says.
        let shown: Vec<String> =
            super::super::keys::as_shown(super::super::keys::ANALYSIS_STATUS, |c| {
                play.starts_move(c)
            })
            .into_iter()
            .map(|(key, what)| format!("{key} {what}"))
            .collect();
        return keys(&format!(" Analysis · {}", shown.join(" · ")));
    }
    if let Some(p) = &play.puzzle {
        return keys(if p.answer.is_some() {
            " Enter: on to the next puzzle · q ends the run"
        } else {
            " Your move: find the one that keeps it · q ends the run"
        });
    }
    if play.review.is_some() {
        return keys(" Review · ←/→ or a click steps · Home/End · t best move · e/Esc back");
    }
    if let Some(work) = &play.work {
        let (spent, budget) = work.progress();
        let of = budget.map_or_else(String::new, |b| format!(" of {:.1} s", b.as_secs_f64()));
        let hurry = if work.is_reply() {
            " · Space: move now"
        } else {
            ""
        };
        return Line::styled(
            fit(
                &format!(" {}… {:.1} s{of}{hurry}", work.doing(), spent.as_secs_f64()),
                width,
            ),
            t.key,
        );
    }
    let ended = || {
        Line::from(vec![
            Span::styled(format!(" {} ", play.banner()), t.title),
            Span::styled("· e review · n new game · s swap sides · q menu", t.dim),
        ])
    };
    match play.session.status() {
        Status::Ongoing if play.resigned => ended(),
        Status::Ongoing if play.human_turn() => Line::styled(" Your move.", t.key),
        Status::Ongoing => Line::styled(" The computer is thinking…", t.dim),
        _ => ended(),
    }
}

/// Where the side panel's text goes, inside its border and margin.
#[must_use]
pub fn side_inner(side: Rect) -> Rect {
    Block::default()
        .borders(Borders::LEFT)
        .inner(side)
        .inner(Margin::new(1, 0))
}

fn side_panel<F: Family, V: BoardView<F>>(
    play: &Playing<F, V>,
    frame: &Frame<'_>,
    area: Rect,
    buf: &mut Buffer,
) {
    let t = frame.theme;
    let block = Block::default()
        .borders(Borders::LEFT)
        .border_style(t.border);
    let inner = side_inner(area);
    block.render(area, buf);
    if let Some(review) = play.review {
        super::review::render(play, review, t, inner, buf);
        return;
    }
    if let Some(analysis) = &play.analysis {
        Paragraph::new(super::analysis::lines(play, analysis, t))
            .wrap(Wrap { trim: true })
            .render(inner, buf);
        return;
    }
    if let Some(puzzle) = &play.puzzle {
        Paragraph::new(super::puzzle::lines(play, puzzle, t))
            .wrap(Wrap { trim: true })
            .render(inner, buf);
        return;
    }
    let mut lines: Vec<Line> = Vec::new();
    let history = play.session.history();
    ending_lines(play, t, history.len(), &mut lines);
    lines.push(Line::styled("Moves", t.title));
    // The last 24 moves, rounds (a word game's) set apart by " · ".
    let first = history.len().saturating_sub(24);
    let opens = play.round_opens();
    let mut shown = String::from(if first > 0 { "… " } else { "" });
    for (i, mv) in history.iter().enumerate().skip(first) {
        if i > first {
            let round = opens.get(i) == Some(&true);
            shown.push_str(if round { " · " } else { play.view.separator() });
        }
        shown.push_str(mv);
    }
    lines.push(Line::raw(if history.is_empty() {
        "none yet".to_string()
    } else {
        shown
    }));
    if let Some(h) = &play.hint {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Tip", t.title));
        lines.push(Line::raw(h.clone()));
    }
    if let Some(r) = &play.remark {
        lines.push(Line::raw(""));
        lines.push(Line::styled(format!("Computer: {r}"), t.key));
    }
    if let Some(c) = &play.coach {
        lines.push(Line::raw(""));
        lines.push(Line::styled(format!("Coach: {c}"), t.warning));
    }
    if play.show_values && !play.session.status().is_over() {
        lines.push(Line::raw(""));
        values_lines(play, t, &mut lines);
    }
    let (won, lost, drawn) = frame.record;
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        counts(&[
            &format!("Won {won}"),
            &format!("lost {lost}"),
            &format!("drawn {drawn}"),
        ]),
        t.dim,
    ));
    let (won, lost, drawn) = frame.helped;
    if won + lost + drawn > 0 {
        let counts = counts(&[
            &format!("won {won}"),
            &format!("lost {lost}"),
            &format!("drawn {drawn}"),
        ]);
        lines.push(Line::styled(format!("With help: {counts}"), t.dim));
    }
    if let Some(note) = frame.tally_note {
        lines.push(Line::styled(note.to_string(), t.warning));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .render(inner, buf);
}

/// The ending (with the move that decided it) and what is not proven.
fn ending_lines<F: Family, V: BoardView<F>>(
    play: &Playing<F, V>,
    t: &Theme,
    moves: usize,
    lines: &mut Vec<Line<'static>>,
) {
    if play.resigned && !play.session.status().is_over() {
        lines.push(Line::styled(play.banner(), t.win));
        lines.push(Line::styled("? shows the idea behind it.", t.key));
        lines.push(Line::raw(""));
    } else if play.session.status().is_over() {
        lines.push(Line::styled(play.banner(), t.win));
        lines.push(Line::raw(match play.decided {
            Some(Some(0)) => "Decided before the first move.".to_string(),
            Some(Some(n)) => format!("Decided by move {n} of {moves}."),
            _ => format!("{}.", counted(moves, "move")),
        }));
        lines.push(Line::styled("? shows the idea behind it.", t.key));
        lines.push(Line::raw(""));
    }
    // How far the search looked for the computer's last move, where no
    // proof backed it.
    let reach = play
        .search
        .as_ref()
        .filter(|_| play.session.proven_play().last_unproven())
        .map(wording::search_reach);
    if play.session.proven_play().start() == Some(false) {
        let last = reach
            .map(|r| format!(" (for its last one {r})"))
            .unwrap_or_default();
        lines.push(Line::styled(
            format!(
                "Not proven: this game is too large to solve from the start in time. The computer plays its strongest move{last}; values it cannot prove show as unknown."
            ),
            t.warning,
        ));
        lines.push(Line::raw(""));
    } else if play.session.proven_play().last_unproven() {
        let reach = reach.map(|r| format!("; {r}")).unwrap_or_default();
        lines.push(Line::styled(
            format!(
                "Not proven: no proof of this position fit in the time budget, so the computer played the strongest move its search found{reach}."
            ),
            t.warning,
        ));
        lines.push(Line::raw(""));
    }
}

/// Counts for the side panel, "won 3 · lost 0": where the panel wraps, it
/// wraps between them — no-break spaces keep each count's words together
/// and each "·" off the start of a line.
pub(super) fn counts(parts: &[&str]) -> String {
    let parts: Vec<String> = parts.iter().map(|p| unbroken(p)).collect();
    parts.join("\u{a0}· ")
}

/// `words` with no-break spaces: the panel never wraps inside them.
fn unbroken(words: &str) -> String {
    words.replace(' ', "\u{a0}")
}

/// The values overlay: each proven move's sign, the unknown ones counted.
pub(super) fn values_lines<F: Family, V: BoardView<F>>(
    play: &Playing<F, V>,
    t: &Theme,
    lines: &mut Vec<Line<'static>>,
) {
    let pos = play.session.position();
    let unknown = play.values.as_ref().is_some_and(|v| {
        pos.moves()
            .take(1000)
            .any(|m| v.get(m).is_some_and(|x| !x.is_proven()))
    });
    // No-break spaces keep each sign with its word where the panel wraps.
    let mut legend = vec!["+ win", "= draw", "- loss"];
    if unknown {
        legend.push("? unknown");
    }
    let legend: Vec<String> = legend.iter().map(|p| unbroken(p)).collect();
    lines.push(Line::styled(
        format!("Values: {}", legend.join(" ")),
        t.title,
    ));
    if let Some(values) = &play.values {
        // The proven ones are listed; the unknown ones only counted
        // when they are many (a gomoku board is hundreds of "?").
        const LISTED: usize = 60;
        let mut spans = Vec::new();
        let (mut shown, mut unknown) = (0, 0u128);
        for mv in pos.moves().take(1000) {
            let Some(v) = values.get(mv) else { continue };
            if !v.is_proven() && pos.move_count() > 20 {
                unknown += 1;
                continue;
            }
            if shown < LISTED {
                spans.push(Span::styled(
                    format!("{}{} ", pos.format_move(mv), v.outcome.sign()),
                    t.outcome(v.outcome),
                ));
            }
            shown += 1;
        }
        if shown > LISTED {
            spans.push(Span::styled("…", t.dim));
        }
        lines.push(Line::from(spans));
        if unknown > 0 {
            let other = if shown > 0 { "other " } else { "" };
            lines.push(Line::styled(
                format!("{unknown} {other}moves: not proven (?)"),
                t.dim,
            ));
        }
    } else if play.session.human_to_move() {
        lines.push(Line::styled("working them out…", t.dim));
    }
}
