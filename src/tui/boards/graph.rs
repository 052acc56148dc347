//! graph: a board (knight, king, grid) drawn as cells — the token `@`,
//! visited cells `×`, the cells it can go to `*` — or, for any other
//! graph, the token's vertex and the list of vertices it can go to.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::engine::Game;
use crate::games::graph::{Geography, GraphGame};

use super::{BoardView, Ctx, Dir, put};

#[derive(Default)]
pub struct GraphView;

/// Columns a cell or a listed vertex takes.
const CELL: u16 = 4;
/// Columns for the row numbers left of a board.
const LEFT: u16 = 4;
/// Rows under a board or a list: a blank and the rule of the turn.
const BELOW: u16 = 3;

/// The moves from here, in order: the list a list graph shows.
fn listed(pos: &GraphGame) -> Vec<u32> {
    pos.moves().collect()
}

/// Columns of names in a list: as wide as the longest name, plus a mark.
fn list_cell(pos: &GraphGame) -> u16 {
    let longest = pos
        .board
        .names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(1);
    u16::try_from(longest + 3).unwrap_or(u16::MAX)
}

fn per_row(pos: &GraphGame, area: Rect) -> usize {
    usize::from((area.width / list_cell(pos)).max(1))
}

/// The first row and column a board shows, keeping the cursor in sight.
fn window(pos: &GraphGame, area: Rect, cursor: u32) -> (usize, usize, usize, usize) {
    let (w, h) = pos.board.grid.unwrap_or((1, 1));
    let cols = usize::from(area.width.saturating_sub(LEFT) / CELL).clamp(1, w);
    let rows = usize::from(area.height.saturating_sub(1 + BELOW)).clamp(1, h);
    let (cc, cr) = (cursor as usize % w, cursor as usize / w);
    let start = |at: usize, shown: usize, all: usize| at.saturating_sub(shown / 2).min(all - shown);
    (start(cc, cols, w), start(cr, rows, h), cols, rows)
}

impl BoardView<Geography> for GraphView {
    /// The vertex under the cursor.
    type Cursor = u32;

    fn first(&self, pos: &GraphGame) -> u32 {
        self.clamp(pos, 0)
    }

    fn clamp(&self, pos: &GraphGame, cursor: u32) -> u32 {
        // Onto the first vertex the token can go to, when the cursor's
        // cannot be played.
        if pos.is_legal(cursor) {
            return cursor;
        }
        pos.moves().next().unwrap_or(cursor)
    }

    fn step(&self, pos: &GraphGame, cursor: u32, dir: Dir) -> u32 {
        if let Some((w, h)) = pos.board.grid {
            let (c, r) = (cursor as usize % w, cursor as usize / w);
            let (c, r) = match dir {
                Dir::Left => (c.saturating_sub(1), r),
                Dir::Right => ((c + 1).min(w - 1), r),
                Dir::Up => (c, r.saturating_sub(1)),
                Dir::Down => (c, (r + 1).min(h - 1)),
            };
            return (r * w + c) as u32;
        }
        let list = listed(pos);
        let at = list.iter().position(|&v| v == cursor).unwrap_or(0);
        let next = match dir {
            Dir::Left | Dir::Up => at.saturating_sub(1),
            Dir::Right | Dir::Down => (at + 1).min(list.len().saturating_sub(1)),
        };
        list.get(next).copied().unwrap_or(cursor)
    }

    fn selected(&self, pos: &GraphGame, cursor: u32) -> Option<u32> {
        pos.is_legal(cursor).then_some(cursor)
    }

    fn render(&self, ctx: &Ctx<'_, Geography, u32>, area: Rect, buf: &mut Buffer) {
        let pos = ctx.pos;
        let t = ctx.theme;
        let terms = &pos.board.terms;
        let rule = match pos.at {
            None => format!("Put the {} on any {}.", terms.piece, terms.place),
            Some(v) => format!("The {} is on {}.", terms.piece, pos.format_move(v)),
        };
        let bottom = area.bottom().saturating_sub(2);
        // A board's legend takes the bottom line and the rule the one
        // above; a list has no legend, and its "… and N more" line is the
        // one above, so the rule takes the bottom line.
        let rule_row = if pos.board.grid.is_some() {
            draw_board(ctx, area, buf);
            put(
                buf,
                area,
                area.x,
                bottom,
                &format!("@ {} · × visited · * it can go there", terms.piece),
                t.dim,
            );
            bottom.saturating_sub(1)
        } else {
            draw_list(ctx, area, buf);
            bottom
        };
        put(buf, area, area.x, rule_row, &rule, t.text);
    }

    fn click(&self, pos: &GraphGame, cursor: u32, area: Rect, x: u16, y: u16) -> Option<u32> {
        if let Some((w, _)) = pos.board.grid {
            let (col0, row0, cols, rows) = window(pos, area, cursor);
            let (dx, dy) = (x.checked_sub(area.x + LEFT)?, y.checked_sub(area.y + 1)?);
            let (c, r) = (usize::from(dx / CELL), usize::from(dy));
            return (c < cols && r < rows).then(|| ((row0 + r) * w + col0 + c) as u32);
        }
        let list = listed(pos);
        let (dx, dy) = (x.checked_sub(area.x)?, y.checked_sub(area.y + 2)?);
        let i = usize::from(dy) * per_row(pos, area) + usize::from(dx / list_cell(pos));
        list.get(i).copied()
    }

    fn typable(&self, pos: &GraphGame, typed: &str, c: char) -> Result<(), String> {
        let prefix = format!("{typed}{c}").to_lowercase();
        if pos
            .board
            .names
            .iter()
            .any(|n| n.to_lowercase().starts_with(&prefix))
        {
            Ok(())
        } else {
            Err(format!(
                "no {} begins with '{typed}{c}'",
                pos.board.terms.place
            ))
        }
    }

    fn separator(&self) -> &'static str {
        " → "
    }
}

fn draw_board(ctx: &Ctx<'_, Geography, u32>, area: Rect, buf: &mut Buffer) {
    let (pos, t) = (ctx.pos, ctx.theme);
    let Some((w, _)) = pos.board.grid else {
        return;
    };
    let (col0, row0, cols, rows) = window(pos, area, ctx.cursor);
    for c in 0..cols {
        let letter = ((b'a' + (col0 + c) as u8) as char).to_string();
        put(
            buf,
            area,
            area.x + LEFT + c as u16 * CELL + 1,
            area.y,
            &letter,
            t.dim,
        );
    }
    for r in 0..rows {
        let y = area.y + 1 + r as u16;
        put(buf, area, area.x, y, &format!("{:>3}", row0 + r + 1), t.dim);
        for c in 0..cols {
            let v = ((row0 + r) * w + col0 + c) as u32;
            let (mark, mut style) = if pos.at == Some(v) {
                ('@', t.last_move)
            } else if pos.is_visited(v) {
                ('×', t.played)
            } else if pos.is_legal(v) {
                // Marked so it reads without colour too.
                ctx.mark(v).unwrap_or(('*', t.legal))
            } else {
                ('·', t.dim)
            };
            if ctx.human_turn && ctx.cursor == v {
                style = t.cursor;
            }
            put(
                buf,
                area,
                area.x + LEFT + c as u16 * CELL,
                y,
                &format!(" {mark} "),
                style,
            );
        }
    }
}

fn draw_list(ctx: &Ctx<'_, Geography, u32>, area: Rect, buf: &mut Buffer) {
    let (pos, t) = (ctx.pos, ctx.theme);
    let list = listed(pos);
    // Where the piece is stuck, the list says so rather than stand empty.
    let head = format!(
        "{} {}, {} visited. Reachable from here:{}",
        pos.board.len(),
        pos.board.terms.places,
        pos.visited_count(),
        if list.is_empty() { " none." } else { "" }
    );
    put(buf, area, area.x, area.y, &head, t.text);
    let (cell, row) = (list_cell(pos), per_row(pos, area));
    let rows = usize::from(area.height.saturating_sub(2 + BELOW)).max(1);
    for (i, &v) in list.iter().enumerate().take(rows * row) {
        let (x, y) = (
            area.x + (i % row) as u16 * cell,
            area.y + 2 + (i / row) as u16,
        );
        let (mark, mut style) = ctx.mark(v).map_or((' ', t.legal), |(m, s)| (m, s));
        if ctx.human_turn && ctx.cursor == v {
            style = t.cursor;
        }
        put(
            buf,
            area,
            x,
            y,
            &format!("{}{mark}", pos.format_move(v)),
            style,
        );
    }
    if list.len() > rows * row {
        let more = format!("… and {} more (type a name)", list.len() - rows * row);
        put(buf, area, area.x, area.y + 2 + rows as u16, &more, t.dim);
    }
}
