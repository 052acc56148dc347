//! sum: each part in its own panel — a title (its number and rules, and on
//! the values overlay its Grundy value where its own family gives it in
//! closed form) and its state drawn as that family draws it (piles as the
//! nim view's bars, the word so far, the token and where it can go) — or,
//! where the height is short, one line a part; then the moves as buttons,
//! `PART:MOVE`.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::engine::Game;
use crate::games::sum::{PartMove, PartRules, PartState, Sum, SumGame, SumMove};

use super::nim::scaled;
use super::{BoardView, Buttons, Ctx, Dir, index_clamp, index_step, put};

#[derive(Default)]
pub struct SumView;

fn moves(pos: &SumGame) -> Vec<SumMove> {
    pos.moves().collect()
}

/// Rows each part takes: a title and a drawing where the area holds them
/// with a row of buttons, else one line.
fn part_rows(pos: &SumGame, area: Rect) -> u16 {
    let parts = pos.parts.len() as u16;
    if area.height >= parts * 2 + 2 { 2 } else { 1 }
}

/// The first row of buttons: under the parts and a blank line.
fn buttons_y(pos: &SumGame, area: Rect) -> u16 {
    pos.parts.len() as u16 * part_rows(pos, area) + 1
}

/// A part's state drawn in a line of `room` cells: piles as bars (the
/// stones a chosen move takes hollow), the word so far, the token.
fn drawing(rules: &PartRules, state: &PartState, chosen: Option<PartMove>, room: u64) -> String {
    match state {
        PartState::Piles(piles) => {
            let each = (room / piles.len().max(1) as u64).saturating_sub(1).max(1);
            let bars: Vec<String> = piles
                .iter()
                .enumerate()
                .map(|(i, &n)| {
                    let taking = chosen
                        .filter(|m| m.pile as usize == i)
                        .map_or(0, |m| m.amount);
                    let (cells, covered) = scaled(n, taking, each);
                    let full = "●".repeat((cells - covered) as usize);
                    let hollow = "○".repeat(covered as usize);
                    if n == 0 {
                        "·".to_string()
                    } else {
                        format!("{full}{hollow}")
                    }
                })
                .collect();
            bars.join(" ")
        }
        _ => {
            let text = rules.describe(state);
            // The family's name is in the title already.
            let text = text
                .split_once(": ")
                .map_or(text.clone(), |(_, rest)| rest.to_string());
            match state {
                // Where the token can go, as the graph view lists it.
                PartState::Token { .. } => {
                    let next: Vec<String> = rules
                        .moves(state)
                        .into_iter()
                        .map(|m| rules.format(m))
                        .collect();
                    format!("{text}; next: {}", next.join(" "))
                }
                _ => text,
            }
        }
    }
}

impl BoardView<Sum> for SumView {
    /// The index of the chosen move.
    type Cursor = usize;

    fn first(&self, _pos: &SumGame) -> usize {
        0
    }

    fn clamp(&self, pos: &SumGame, cursor: usize) -> usize {
        index_clamp(pos.moves().count(), cursor)
    }

    fn step(&self, pos: &SumGame, cursor: usize, dir: Dir) -> usize {
        index_step(
            pos.moves().count(),
            cursor,
            dir,
            Buttons::per_row(Buttons::width_for(pos)),
        )
    }

    fn selected(&self, pos: &SumGame, cursor: usize) -> Option<SumMove> {
        moves(pos).get(cursor).copied()
    }

    fn render(&self, ctx: &Ctx<'_, Sum, usize>, area: Rect, buf: &mut Buffer) {
        let (pos, t) = (ctx.pos, ctx.theme);
        let all = moves(pos);
        let chosen = all.get(ctx.cursor).copied();
        let rows = part_rows(pos, area);
        for (i, (r, s)) in pos.parts.iter().zip(&pos.states).enumerate() {
            let here = chosen.is_some_and(|m| usize::from(m.part) == i);
            let style = if here { t.key } else { t.text };
            let mark = if here { '▸' } else { ' ' };
            // On the overlay, the part's Grundy value where its family
            // gives it in closed form (a token's is searched: the idea
            // names it).
            let grundy = ctx
                .values
                .and_then(|_| r.grundy(s))
                .map(|g| format!(" · Grundy {g}"))
                .unwrap_or_default();
            let y = area.y + i as u16 * rows;
            if rows == 1 {
                let line = format!("{mark}{} {}{grundy}", i + 1, r.describe(s));
                put(buf, area, area.x, y, &line, style);
                continue;
            }
            // Piles: their rules above their bars; a word or a token: the
            // family above the state.
            let described = r.describe(s);
            let title = match s {
                PartState::Piles(_) => described.as_str(),
                _ => described
                    .split_once(':')
                    .map_or(described.as_str(), |(k, _)| k),
            };
            put(
                buf,
                area,
                area.x,
                y,
                &format!("{mark}{} {title}{grundy}", i + 1),
                style,
            );
            let taking = chosen.filter(|_| here).map(|m| m.inner);
            let room = u64::from(area.width.saturating_sub(3));
            put(
                buf,
                area,
                area.x + 3,
                y + 1,
                &drawing(r, s, taking, room),
                t.text,
            );
        }
        let buttons = Buttons::new(
            Buttons::width_for(pos),
            area.y + buttons_y(pos, area),
            area,
            ctx.cursor,
        );
        buttons.draw(ctx, ctx.cursor, &all, |m| pos.format_move(m), area, buf);
    }

    fn click(&self, pos: &SumGame, cursor: usize, area: Rect, x: u16, y: u16) -> Option<usize> {
        Buttons::new(
            Buttons::width_for(pos),
            area.y + buttons_y(pos, area),
            area,
            cursor,
        )
        .at(area, x, y, pos.moves().count())
    }

    fn typable(&self, _pos: &SumGame, typed: &str, c: char) -> Result<(), String> {
        match c {
            '0'..='9' | ':' => Ok(()),
            c if typed.contains(':') && (c.is_ascii_alphanumeric()) => Ok(()),
            _ => Err(format!(
                "'{c}' is not part of a move: a part, ':', its move"
            )),
        }
    }
}
