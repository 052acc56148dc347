//! mnk: the grid with X and O, column letters and row numbers.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::engine::{AnyMatch, Player};
use crate::games::mnk::MnkGame;

use super::{BoardView, Ctx, Cursor, Dir, put};

pub struct MnkView;

const CELL: u16 = 4;
const LEFT: u16 = 3;

fn position(game: &dyn AnyMatch) -> Option<&MnkGame> {
    game.position().downcast_ref::<MnkGame>()
}

impl BoardView for MnkView {
    fn first(&self, game: &dyn AnyMatch) -> Cursor {
        position(game).map_or_else(Cursor::default, |p| Cursor {
            a: p.geo.width / 2,
            b: p.geo.height / 2,
        })
    }

    fn clamp(&self, _game: &dyn AnyMatch, cursor: Cursor) -> Cursor {
        cursor
    }

    fn step(&self, game: &dyn AnyMatch, cursor: Cursor, dir: Dir) -> Cursor {
        let Some(p) = position(game) else {
            return cursor;
        };
        let (w, h) = (p.geo.width, p.geo.height);
        match dir {
            Dir::Left => Cursor {
                a: cursor.a.saturating_sub(1),
                ..cursor
            },
            Dir::Right => Cursor {
                a: (cursor.a + 1).min(w - 1),
                ..cursor
            },
            Dir::Up => Cursor {
                b: cursor.b.saturating_sub(1),
                ..cursor
            },
            Dir::Down => Cursor {
                b: (cursor.b + 1).min(h - 1),
                ..cursor
            },
        }
    }

    fn typable(&self, game: &dyn AnyMatch, c: char) -> bool {
        let width = position(game).map_or(0, |p| p.geo.width);
        c.is_ascii_digit() || (c.is_ascii_lowercase() && ((c as u8 - b'a') as usize) < width)
    }

    fn selected(&self, game: &dyn AnyMatch, cursor: Cursor) -> Option<String> {
        let p = position(game)?;
        let cell = cursor.b * p.geo.width + cursor.a;
        let name = p.geo.cell_name(cell);
        game.legal_moves().contains(&name).then_some(name)
    }

    fn render(&self, ctx: &Ctx, area: Rect, buf: &mut Buffer) {
        let Some(p) = position(ctx.game) else { return };
        let t = ctx.theme;
        let w = p.geo.width;
        for c in 0..w {
            let letter = (b'a' + c as u8) as char;
            put(
                buf,
                area,
                area.x + LEFT + c as u16 * CELL + 1,
                area.y,
                &letter.to_string(),
                t.dim,
            );
        }
        for r in 0..p.geo.height {
            let y = area.y + 1 + r as u16;
            put(buf, area, area.x, y, &format!("{:>2}", r + 1), t.dim);
            for c in 0..w {
                let cell = r * w + c;
                let name = p.geo.cell_name(cell);
                let x = area.x + LEFT + c as u16 * CELL;
                let (mark, mut style) = match p.at(cell) {
                    Some(Player::First) => ("X".to_string(), t.x_mark),
                    Some(Player::Second) => ("O".to_string(), t.o_mark),
                    None => match ctx.mark(&name) {
                        Some((m, s)) => (m.to_string(), s),
                        None => ("·".to_string(), t.dim),
                    },
                };
                if ctx.last == Some(name.as_str()) {
                    style = t.last_move;
                }
                if ctx.human_turn && ctx.cursor == (Cursor { a: c, b: r }) {
                    style = t.cursor;
                }
                put(buf, area, x, y, &format!(" {mark} "), style);
            }
        }
        let y = area.y + 2 + p.geo.height as u16;
        put(
            buf,
            area,
            area.x,
            y,
            &format!("{} in a row wins. Type a cell like b2, or click.", p.geo.k),
            t.dim,
        );
        if let Some(last) = ctx.last {
            put(
                buf,
                area,
                area.x,
                y + 1,
                &format!("The computer played {last}."),
                t.last_move,
            );
        }
    }

    fn click(
        &self,
        game: &dyn AnyMatch,
        _cursor: Cursor,
        area: Rect,
        x: u16,
        y: u16,
    ) -> Option<Cursor> {
        let p = position(game)?;
        let dx = x.checked_sub(area.x + LEFT)?;
        let dy = y.checked_sub(area.y + 1)?;
        let (c, r) = (usize::from(dx / CELL), usize::from(dy));
        (c < p.geo.width && r < p.geo.height).then_some(Cursor { a: c, b: r })
    }
}
