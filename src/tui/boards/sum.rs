//! sum: one line for each part (its state in words, the part of the move
//! under the cursor marked), and the moves as buttons, `PART:MOVE`.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::engine::Game;
use crate::games::sum::{Sum, SumGame, SumMove};

use super::{BoardView, Buttons, Ctx, Dir, index_clamp, index_step, put};

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
        index_step(
            pos.moves().count(),
            cursor,
            dir,
            Buttons::per_row(cell(pos)),
        )
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
        let buttons = Buttons::new(cell(pos), area.y + buttons_y(pos), area, ctx.cursor);
        buttons.draw(ctx, ctx.cursor, &all, |m| pos.format_move(m), area, buf);
    }

    fn click(&self, pos: &SumGame, cursor: usize, area: Rect, x: u16, y: u16) -> Option<usize> {
        Buttons::new(cell(pos), area.y + buttons_y(pos), area, cursor).at(
            area,
            x,
            y,
            pos.moves().count(),
        )
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
