//! divisors: the grid of numbers — the numbers that may be played bright,
//! the others dim, played ones crossed out and marked `×` (so they differ
//! without colour too), the last one marked — and under it the rule of the
//! turn and a key to the marks.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;

use crate::engine::Game;
use crate::games::divisors::{Divisors, DivisorsGame};

use super::{BoardView, Ctx, Dir, digits_only, put};

/// The columns of the grid as last drawn, for the cursor's steps up and
/// down (which the area is not given to).
pub struct DivisorsView {
    columns: std::cell::Cell<usize>,
}

impl Default for DivisorsView {
    fn default() -> Self {
        Self {
            columns: std::cell::Cell::new(COLUMNS),
        }
    }
}

/// Numbers a row at 80×24: one row of each ten.
const COLUMNS: usize = 10;

/// Numbers a row in `area`: twenty where the terminal is larger than
/// 80×24 and they fit, so a larger board shows in fewer rows.
fn columns(pos: &DivisorsGame, area: Rect) -> usize {
    let wide = area.width > super::COMPACT.0 || area.height > super::COMPACT.1;
    if wide && usize::from(area.width) >= 2 * COLUMNS * usize::from(cell_width(pos)) {
        2 * COLUMNS
    } else {
        COLUMNS
    }
}

/// Rows under the grid: a blank, the rule of the turn, the key to marks.
const BELOW: u16 = 3;

/// Where the grid of numbers goes in the board's area.
fn grid(area: Rect) -> Rect {
    Rect {
        height: area.height.saturating_sub(BELOW).max(1),
        ..area
    }
}

/// A cell: the number right-aligned, then the overlay's mark (or a space).
fn cell_width(pos: &DivisorsGame) -> u16 {
    pos.board.max.to_string().len() as u16 + 1
}

/// The first row drawn, so that the cursor's row is on screen.
fn top_row(pos: &DivisorsGame, cursor: usize, height: u16, columns: usize) -> usize {
    let rows = usize::from(height).max(1);
    let total_rows = pos.board.len().div_ceil(columns);
    let row = cursor / columns;
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
        let columns = self.columns.get();
        match dir {
            Dir::Left => cursor.saturating_sub(1),
            Dir::Right => (cursor + 1).min(last),
            Dir::Up => cursor.checked_sub(columns).unwrap_or(cursor),
            Dir::Down if cursor + columns <= last => cursor + columns,
            Dir::Down => cursor,
        }
    }

    fn selected(&self, pos: &DivisorsGame, cursor: usize) -> Option<u32> {
        let n = u32::try_from(pos.board.min as usize + cursor).ok()?;
        pos.is_legal(n).then_some(n)
    }

    fn render(&self, ctx: &Ctx<'_, Divisors, usize>, board: Rect, buf: &mut Buffer) {
        let pos = ctx.pos;
        let t = ctx.theme;
        let area = grid(board);
        let cell = cell_width(pos);
        let rows = usize::from(area.height).max(1);
        let columns = columns(pos, area);
        self.columns.set(columns);
        let total_rows = pos.board.len().div_ceil(columns);
        let top = top_row(pos, ctx.cursor, area.height, columns);
        for r in 0..rows.min(total_rows - top) {
            for c in 0..columns {
                let i = (top + r) * columns + c;
                if i >= pos.board.len() {
                    break;
                }
                let n = pos.board.min + i as u32;
                let played = pos.is_played(n);
                let style = if ctx.human_turn && i == ctx.cursor {
                    t.cursor
                } else if Some(n) == pos.current {
                    t.last_move
                } else if played {
                    t.played.add_modifier(Modifier::CROSSED_OUT)
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
                } else if played {
                    put(buf, area, x + cell - 1, y, "×", t.played);
                }
            }
        }
        // The rule of this turn, and what the marks mean.
        let rule = match pos.current {
            Some(c) if pos.moves().next().is_none() => {
                format!("No multiple or divisor of {c} is left.")
            }
            Some(c) => format!("Next: a multiple or a divisor of {c}."),
            None => "Opening: any bright number.".to_string(),
        };
        let y = board.bottom().saturating_sub(2);
        put(buf, board, board.x, y, &rule, t.text);
        let key = [
            ("bright", t.legal, ": playable · "),
            ("dim", t.dim, ": not now · "),
            (
                "7×",
                t.played.add_modifier(Modifier::CROSSED_OUT),
                ": played",
            ),
        ];
        let mut x = board.x;
        for (word, style, after) in key {
            put(buf, board, x, y + 1, word, style);
            x += word.chars().count() as u16;
            put(buf, board, x, y + 1, after, t.dim);
            x += after.chars().count() as u16;
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
        // The rows shown follow the cursor, as in `render`.
        let area = grid(area);
        let columns = columns(pos, area);
        let c = usize::from(dx / cell_width(pos));
        if c >= columns || dy >= area.height {
            return None;
        }
        let i = (top_row(pos, cursor, area.height, columns) + usize::from(dy)) * columns + c;
        (i < pos.board.len()).then_some(i)
    }

    fn typable(&self, _pos: &DivisorsGame, _typed: &str, c: char) -> Result<(), String> {
        digits_only(c, "50")
    }

    fn separator(&self) -> &'static str {
        " → "
    }
}
