//! flags: a row of flags with the count, and the moves as buttons.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::engine::Game;
use crate::games::flags::{Flags, FlagsGame};

use super::{BoardView, Ctx, Dir, digits_only, index_clamp, index_step, put};

#[derive(Default)]
pub struct FlagsView;

const PER_ROW: u64 = 25;
const BUTTON: u16 = 7;
/// The row of the move buttons, below the flags.
const BUTTONS_Y: u16 = 7;

/// The legal move sizes, in order.
fn takes(pos: &FlagsGame) -> Vec<u64> {
    pos.moves().collect()
}

impl BoardView<Flags> for FlagsView {
    /// The index of the chosen button.
    type Cursor = usize;

    fn first(&self, _pos: &FlagsGame) -> usize {
        0
    }

    fn clamp(&self, pos: &FlagsGame, cursor: usize) -> usize {
        index_clamp(takes(pos).len(), cursor)
    }

    fn step(&self, pos: &FlagsGame, cursor: usize, dir: Dir) -> usize {
        // One line of buttons: up and down move as left and right do.
        index_step(takes(pos).len(), cursor, dir, 1)
    }

    fn selected(&self, pos: &FlagsGame, cursor: usize) -> Option<u64> {
        takes(pos).get(cursor).copied()
    }

    fn render(&self, ctx: &Ctx<'_, Flags, usize>, area: Rect, buf: &mut Buffer) {
        let pos = ctx.pos;
        let t = ctx.theme;
        put(
            buf,
            area,
            area.x,
            area.y,
            &format!("{} left", pos.item.counted(pos.count)),
            t.title,
        );
        let taking = self
            .selected(pos, ctx.cursor)
            .filter(|_| ctx.human_turn)
            .unwrap_or(0);
        let shown = pos.count.min(PER_ROW * 4);
        let glyph = if pos.item.is_flag() { "⚑" } else { "●" };
        for i in 0..shown {
            let (row, col) = (i / PER_ROW, i % PER_ROW);
            let x = area.x + (col * 2 + col / 5) as u16;
            let y = area.y + 2 + row as u16;
            // The flags a move would take are the last ones in the row.
            let style = if i >= shown.saturating_sub(taking) && shown == pos.count {
                t.selected
            } else if i < pos.lose_at {
                t.dim
            } else {
                t.legal
            };
            put(buf, area, x, y, glyph, style);
        }
        if pos.count > shown {
            put(
                buf,
                area,
                area.x,
                area.y + 6,
                &format!("… and {} more", pos.count - shown),
                t.dim,
            );
        }
        let y = area.y + BUTTONS_Y;
        let buttons = takes(pos);
        // At the end no button is left: the line says so, not "Take:".
        let label = if buttons.is_empty() {
            "No move is left."
        } else {
            "Take:"
        };
        put(buf, area, area.x, y, label, t.text);
        for (i, mv) in buttons.into_iter().enumerate() {
            let x = area.x + 6 + i as u16 * BUTTON;
            let style = if ctx.human_turn && i == ctx.cursor {
                t.cursor
            } else {
                t.legal
            };
            put(buf, area, x, y, &format!("[{mv:>2}]"), style);
            if let Some((c, s)) = ctx.mark(mv) {
                put(buf, area, x + 4, y, &c.to_string(), s);
            }
        }
        if let Some(last) = ctx.last {
            put(
                buf,
                area,
                area.x,
                y + 2,
                &format!("The computer took {last}."),
                t.last_move,
            );
        }
        let take = format!("Take {} on your turn.", pos.take_list());
        let rule = format!("{}.", crate::text::capitalised(&pos.losing_rule()));
        put(buf, area, area.x, y + 4, &take, t.dim);
        put(buf, area, area.x, y + 5, &rule, t.dim);
    }

    fn click(&self, pos: &FlagsGame, _cursor: usize, area: Rect, x: u16, y: u16) -> Option<usize> {
        if y != area.y + BUTTONS_Y || x < area.x + 6 {
            return None;
        }
        let i = usize::from((x - area.x - 6) / BUTTON);
        (i < takes(pos).len()).then_some(i)
    }

    fn typable(&self, _pos: &FlagsGame, _typed: &str, c: char) -> Result<(), String> {
        digits_only(c, "3")
    }
}
