//! arrays: the array (its elements in a row, wrapped) and the moves as
//! buttons — "3>5" to replace every 3 by 5, or the value to remove.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::engine::Game;
use crate::games::arrays::{ArrayMove, Arrays, ArraysGame, Which};
use crate::text::counted;

use super::{BoardView, Buttons, Ctx, Dir, index_clamp, index_step, put};

#[derive(Default)]
pub struct ArraysView;

/// Rows the array itself takes at most, above the buttons.
const ARRAY_ROWS: u16 = 4;

fn moves(pos: &ArraysGame) -> Vec<ArrayMove> {
    pos.moves().collect()
}

/// The row the buttons start on.
const BUTTONS_Y: u16 = ARRAY_ROWS + 2;

impl BoardView<Arrays> for ArraysView {
    /// The index of the chosen move.
    type Cursor = usize;

    fn first(&self, _pos: &ArraysGame) -> usize {
        0
    }

    fn clamp(&self, pos: &ArraysGame, cursor: usize) -> usize {
        index_clamp(pos.moves().count(), cursor)
    }

    fn step(&self, pos: &ArraysGame, cursor: usize, dir: Dir) -> usize {
        index_step(
            pos.moves().count(),
            cursor,
            dir,
            Buttons::per_row(Buttons::width_for(pos)),
        )
    }

    fn selected(&self, pos: &ArraysGame, cursor: usize) -> Option<ArrayMove> {
        moves(pos).get(cursor).copied()
    }

    fn render(&self, ctx: &Ctx<'_, Arrays, usize>, area: Rect, buf: &mut Buffer) {
        let (pos, t) = (ctx.pos, ctx.theme);
        let text: Vec<String> = pos.values.iter().map(u64::to_string).collect();
        let mut line = String::new();
        let mut y = area.y;
        for word in text {
            if line.len() + word.len() + 1 > usize::from(area.width) {
                put(buf, area, area.x, y, &line, t.text);
                y += 1;
                line.clear();
                if y >= area.y + ARRAY_ROWS {
                    break;
                }
            }
            line.push_str(&word);
            line.push(' ');
        }
        if y < area.y + ARRAY_ROWS {
            put(buf, area, area.x, y, &line, t.text);
        }
        let facts = match pos.which {
            Which::Replace => counted(pos.distinct().len(), "distinct value"),
            Which::Xor => format!(
                "{} · XOR {}",
                counted(pos.values.len(), "element"),
                pos.xor()
            ),
        };
        put(buf, area, area.x, area.y + ARRAY_ROWS, &facts, t.dim);
        let buttons = Buttons::new(
            Buttons::width_for(pos),
            area.y + BUTTONS_Y,
            area,
            ctx.cursor,
        );
        buttons.draw(
            ctx,
            ctx.cursor,
            &moves(pos),
            |m| pos.format_move(m),
            area,
            buf,
        );
    }

    fn click(&self, pos: &ArraysGame, cursor: usize, area: Rect, x: u16, y: u16) -> Option<usize> {
        Buttons::new(Buttons::width_for(pos), area.y + BUTTONS_Y, area, cursor).at(
            area,
            x,
            y,
            pos.moves().count(),
        )
    }

    fn typable(&self, pos: &ArraysGame, typed: &str, c: char) -> Result<(), String> {
        match (pos.which, c) {
            (_, '0'..='9') => Ok(()),
            (Which::Replace, '>') if !typed.is_empty() && !typed.contains('>') => Ok(()),
            (Which::Replace, _) => {
                Err(format!("'{c}' is not part of a move: 3>5 turns 3s into 5s"))
            }
            (Which::Xor, _) => Err(format!("'{c}' is not part of a move: a value, like 3")),
        }
    }
}
