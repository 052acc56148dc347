//! sum: one line for each part (its state in words, the part of the move
//! under the cursor marked), and the moves as buttons, `PART:MOVE`.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::engine::Game;
use crate::games::sum::{Sum, SumGame, SumMove};

use super::{BoardView, Ctx, Dir, index_clamp, index_step, put};

#[derive(Default)]
pub struct SumView;

fn moves(pos: &SumGame) -> Vec<SumMove> {
    pos.moves().collect()
}

/// A button's width: the longest move's text, its mark and a space.
fn cell(pos: &SumGame) -> u16 {
    let longest = pos
        .moves()
        .map(|m| pos.format_move(m).len())
        .max()
        .unwrap_or(1);
    u16::try_from(longest + 2).unwrap_or(u16::MAX)
}

/// Buttons a row: as many as fit a compact 80×24 board, so the cursor's
/// up and down are the same whatever the terminal.
fn per_row(pos: &SumGame) -> usize {
    usize::from((super::COMPACT.0 / cell(pos)).max(1))
}

/// The first row of buttons: under the parts and a blank line.
fn buttons_y(pos: &SumGame) -> u16 {
    pos.parts.len() as u16 + 1
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
        index_step(pos.moves().count(), cursor, dir, per_row(pos))
    }

    fn selected(&self, pos: &SumGame, cursor: usize) -> Option<SumMove> {
        moves(pos).get(cursor).copied()
    }

    fn render(&self, ctx: &Ctx<'_, Sum, usize>, area: Rect, buf: &mut Buffer) {
        let (pos, t) = (ctx.pos, ctx.theme);
        let all = moves(pos);
        let chosen = all.get(ctx.cursor).map(|m| usize::from(m.part));
        for (i, (r, s)) in pos.parts.iter().zip(&pos.states).enumerate() {
            let style = if chosen == Some(i) { t.key } else { t.text };
            let mark = if chosen == Some(i) { '▸' } else { ' ' };
            put(
                buf,
                area,
                area.x,
                area.y + i as u16,
                &format!("{mark}{} {}", i + 1, r.describe(s)),
                style,
            );
        }
        let (w, row, top_y) = (cell(pos), per_row(pos), area.y + buttons_y(pos));
        let rows = usize::from(area.bottom().saturating_sub(top_y + 1)).max(1);
        let top = (ctx.cursor / row).saturating_sub(rows.saturating_sub(1));
        for (i, &mv) in all.iter().enumerate().skip(top * row).take(rows * row) {
            let (x, y) = (
                area.x + (i % row) as u16 * w,
                top_y + (i / row - top) as u16,
            );
            let (mark, mut style) = ctx.mark(mv).unwrap_or((' ', t.legal));
            if ctx.human_turn && ctx.cursor == i {
                style = t.cursor;
            }
            put(
                buf,
                area,
                x,
                y,
                &format!("{}{mark}", pos.format_move(mv)),
                style,
            );
        }
    }

    fn click(&self, pos: &SumGame, cursor: usize, area: Rect, x: u16, y: u16) -> Option<usize> {
        let (row, top_y) = (per_row(pos), area.y + buttons_y(pos));
        let rows = usize::from(area.bottom().saturating_sub(top_y + 1)).max(1);
        let top = (cursor / row).saturating_sub(rows.saturating_sub(1));
        let (dx, dy) = (x.checked_sub(area.x)?, y.checked_sub(top_y)?);
        let col = usize::from(dx / cell(pos));
        let i = (top + usize::from(dy)) * row + col;
        (col < row && i < pos.moves().count()).then_some(i)
    }

    fn typable(&self, _pos: &SumGame, typed: &str, c: char) -> Result<(), String> {
        match c {
            '0'..='9' | ':' => Ok(()),
            c if typed.contains(':') && (c.is_ascii_alphanumeric()) => Ok(()),
            _ => Err(format!(
                "'{c}' is not part of a move: write the part's number, a colon and its move, like 1:3"
            )),
        }
    }
}
