//! divisors: the grid of numbers — played ones dimmed, the numbers that may
//! be played highlighted, the last one marked.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::engine::Game;
use crate::games::divisors::{Divisors, DivisorsGame};

use super::{BoardView, Ctx, Dir, digits_only, put};

#[derive(Default)]
pub struct DivisorsView;

const COLUMNS: usize = 10;

/// A cell: the number right-aligned, then the overlay's mark (or a space).
fn cell_width(pos: &DivisorsGame) -> u16 {
    pos.board.max.to_string().len() as u16 + 1
}

/// The first row drawn, so that the cursor's row is on screen.
fn top_row(pos: &DivisorsGame, cursor: usize, height: u16) -> usize {
    let rows = usize::from(height).max(1);
    let total_rows = pos.board.len().div_ceil(COLUMNS);
    let row = cursor / COLUMNS;
    row.saturating_sub(rows.saturating_sub(1) / 2)
        .min(total_rows.saturating_sub(rows))
}

impl BoardView<Divisors> for DivisorsView {
    /// The index of the number under the cursor, from the board's smallest.
    type Cursor = usize;

    fn first(&self, pos: &DivisorsGame) -> usize {
        self.clamp(pos, 0)
    }

    fn clamp(&self, pos: &DivisorsGame, cursor: usize) -> usize {
        // Onto the first legal number when the cursor's is not legal.
        let here = pos.board.min as usize + cursor;
        if u32::try_from(here).is_ok_and(|n| pos.is_legal(n)) {
            return cursor;
        }
        pos.moves()
            .next()
            .map_or(cursor, |n| (n - pos.board.min) as usize)
    }

    fn step(&self, pos: &DivisorsGame, cursor: usize, dir: Dir) -> usize {
        let last = pos.board.len() - 1;
        match dir {
            Dir::Left => cursor.saturating_sub(1),
            Dir::Right => (cursor + 1).min(last),
            Dir::Up => cursor.checked_sub(COLUMNS).unwrap_or(cursor),
            Dir::Down if cursor + COLUMNS <= last => cursor + COLUMNS,
            Dir::Down => cursor,
        }
    }

    fn selected(&self, pos: &DivisorsGame, cursor: usize) -> Option<u32> {
        let n = u32::try_from(pos.board.min as usize + cursor).ok()?;
        pos.is_legal(n).then_some(n)
    }

    fn render(&self, ctx: &Ctx<'_, Divisors, usize>, area: Rect, buf: &mut Buffer) {
        let pos = ctx.pos;
        let t = ctx.theme;
        let cell = cell_width(pos);
        let rows = usize::from(area.height).max(1);
        let total_rows = pos.board.len().div_ceil(COLUMNS);
        let top = top_row(pos, ctx.cursor, area.height);
        for r in 0..rows.min(total_rows - top) {
            for c in 0..COLUMNS {
                let i = (top + r) * COLUMNS + c;
                if i >= pos.board.len() {
                    break;
                }
                let n = pos.board.min + i as u32;
                let style = if ctx.human_turn && i == ctx.cursor {
                    t.cursor
                } else if Some(n) == pos.current {
                    t.last_move
                } else if pos.is_played(n) {
                    t.played
                } else if pos.is_legal(n) {
                    t.legal
                } else {
                    t.dim
                };
                let digits = usize::from(cell - 1);
                let x = area.x + c as u16 * cell;
                let y = area.y + r as u16;
                put(buf, area, x, y, &format!("{n:>digits$}"), style);
                if let Some((m, s)) = ctx.mark(n) {
                    put(buf, area, x + cell - 1, y, &m.to_string(), s);
                }
            }
        }
    }

    fn click(
        &self,
        pos: &DivisorsGame,
        cursor: usize,
        area: Rect,
        x: u16,
        y: u16,
    ) -> Option<usize> {
        let (dx, dy) = (x.checked_sub(area.x)?, y.checked_sub(area.y)?);
        let c = usize::from(dx / cell_width(pos));
        if c >= COLUMNS {
            return None;
        }
        // The rows shown follow the cursor, as in `render`.
        let i = (top_row(pos, cursor, area.height) + usize::from(dy)) * COLUMNS + c;
        (i < pos.board.len()).then_some(i)
    }

    fn typable(&self, _pos: &DivisorsGame, _typed: &str, c: char) -> Result<(), String> {
        digits_only(c, "50")
    }

    fn separator(&self) -> &'static str {
        " → "
    }
}
