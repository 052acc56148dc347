//! divisors: the grid of numbers — played ones dimmed, the numbers that may
//! be played highlighted, the last one marked.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::engine::AnyMatch;
use crate::games::divisors::DivisorsGame;

use super::{BoardView, Ctx, Cursor, Dir, put};

pub struct DivisorsView;

const COLUMNS: usize = 10;

/// A cell: the number right-aligned, then the overlay's mark (or a space).
fn cell_width(pos: &DivisorsGame) -> u16 {
    pos.board.max.to_string().len() as u16 + 1
}

fn position(game: &dyn AnyMatch) -> Option<&DivisorsGame> {
    game.position().downcast_ref::<DivisorsGame>()
}

/// The first row drawn, so that the cursor's row is on screen.
fn first_row(cursor: usize, rows_on_screen: usize) -> usize {
    let row = cursor / COLUMNS;
    row.saturating_sub(rows_on_screen.saturating_sub(1) / 2)
}

impl BoardView for DivisorsView {
    fn first(&self, game: &dyn AnyMatch) -> Cursor {
        self.clamp(game, Cursor::default())
    }

    fn clamp(&self, game: &dyn AnyMatch, cursor: Cursor) -> Cursor {
        let Some(pos) = position(game) else {
            return cursor;
        };
        // Onto the first legal number when the cursor's is not legal.
        let legal = game.legal_moves();
        let here = pos.board.min as usize + cursor.a;
        if legal.contains(&here.to_string()) {
            return cursor;
        }
        let a = legal
            .first()
            .and_then(|m| m.parse::<usize>().ok())
            .map_or(cursor.a, |n| n - pos.board.min as usize);
        Cursor { a, b: 0 }
    }

    fn step(&self, game: &dyn AnyMatch, cursor: Cursor, dir: Dir) -> Cursor {
        let Some(pos) = position(game) else {
            return cursor;
        };
        let last = pos.board.len() - 1;
        let a = match dir {
            Dir::Left => cursor.a.saturating_sub(1),
            Dir::Right => (cursor.a + 1).min(last),
            Dir::Up => cursor.a.checked_sub(COLUMNS).unwrap_or(cursor.a),
            Dir::Down if cursor.a + COLUMNS <= last => cursor.a + COLUMNS,
            Dir::Down => cursor.a,
        };
        Cursor { a, b: 0 }
    }

    fn selected(&self, game: &dyn AnyMatch, cursor: Cursor) -> Option<String> {
        let pos = position(game)?;
        let n = (pos.board.min as usize + cursor.a).to_string();
        game.legal_moves().contains(&n).then_some(n)
    }

    fn render(&self, ctx: &Ctx, area: Rect, buf: &mut Buffer) {
        let Some(pos) = position(ctx.game) else {
            return;
        };
        let t = ctx.theme;
        let legal = ctx.game.legal_moves();
        let cell = cell_width(pos);
        let rows = usize::from(area.height).max(1);
        let total_rows = pos.board.len().div_ceil(COLUMNS);
        let top = first_row(ctx.cursor.a, rows).min(total_rows.saturating_sub(rows));
        for r in 0..rows.min(total_rows - top) {
            for c in 0..COLUMNS {
                let i = (top + r) * COLUMNS + c;
                if i >= pos.board.len() {
                    break;
                }
                let n = pos.board.min + i as u32;
                let text = n.to_string();
                let style = if ctx.human_turn && i == ctx.cursor.a {
                    t.cursor
                } else if Some(n) == pos.current {
                    t.last_move
                } else if pos.is_played(n) {
                    t.played
                } else if legal.contains(&text) {
                    t.legal
                } else {
                    t.dim
                };
                let digits = usize::from(cell - 1);
                let x = area.x + c as u16 * cell;
                let y = area.y + r as u16;
                put(buf, area, x, y, &format!("{text:>digits$}"), style);
                if let Some((m, s)) = ctx.mark(&text) {
                    put(buf, area, x + cell - 1, y, &m.to_string(), s);
                }
            }
        }
    }

    fn click(
        &self,
        game: &dyn AnyMatch,
        cursor: Cursor,
        area: Rect,
        x: u16,
        y: u16,
    ) -> Option<Cursor> {
        let pos = position(game)?;
        let (dx, dy) = (x.checked_sub(area.x)?, y.checked_sub(area.y)?);
        let c = usize::from(dx / cell_width(pos));
        if c >= COLUMNS {
            return None;
        }
        // The rows shown follow the cursor, as in `render`.
        let i = (top_row(game, cursor, area.height) + usize::from(dy)) * COLUMNS + c;
        (i < pos.board.len()).then_some(Cursor { a: i, b: 0 })
    }
}

/// The first row on screen for a cursor.
fn top_row(game: &dyn AnyMatch, cursor: Cursor, height: u16) -> usize {
    let Some(pos) = position(game) else { return 0 };
    let rows = usize::from(height).max(1);
    let total_rows = pos.board.len().div_ceil(COLUMNS);
    first_row(cursor.a, rows).min(total_rows.saturating_sub(rows))
}
