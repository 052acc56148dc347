//! flags: a row of flags with the count, and the moves as buttons.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::engine::AnyMatch;
use crate::games::flags::FlagsGame;

use super::{BoardView, Ctx, Cursor, Dir, put};

pub struct FlagsView;

const PER_ROW: u64 = 25;
const BUTTON: u16 = 7;

fn position(game: &dyn AnyMatch) -> Option<&FlagsGame> {
    game.position().downcast_ref::<FlagsGame>()
}

/// The legal move sizes, in order.
fn takes(game: &dyn AnyMatch) -> Vec<String> {
    game.legal_moves()
}

impl BoardView for FlagsView {
    fn first(&self, _game: &dyn AnyMatch) -> Cursor {
        Cursor::default()
    }

    fn clamp(&self, game: &dyn AnyMatch, cursor: Cursor) -> Cursor {
        let n = takes(game).len();
        Cursor {
            a: cursor.a.min(n.saturating_sub(1)),
            b: 0,
        }
    }

    fn step(&self, game: &dyn AnyMatch, cursor: Cursor, dir: Dir) -> Cursor {
        let n = takes(game).len();
        let a = match dir {
            Dir::Left | Dir::Up => cursor.a.saturating_sub(1),
            Dir::Right | Dir::Down => (cursor.a + 1).min(n.saturating_sub(1)),
        };
        Cursor { a, b: 0 }
    }

    fn selected(&self, game: &dyn AnyMatch, cursor: Cursor) -> Option<String> {
        takes(game).get(cursor.a).cloned()
    }

    fn render(&self, ctx: &Ctx, area: Rect, buf: &mut Buffer) {
        let Some(pos) = position(ctx.game) else {
            return;
        };
        let t = ctx.theme;
        let noun = if pos.count == 1 { "flag" } else { "flags" };
        put(
            buf,
            area,
            area.x,
            area.y,
            &format!("{} {noun} left", pos.count),
            t.title,
        );
        let taking: u64 = self
            .selected(ctx.game, ctx.cursor)
            .and_then(|s| s.parse().ok())
            .filter(|_| ctx.human_turn)
            .unwrap_or(0);
        let shown = pos.count.min(PER_ROW * 4);
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
            put(buf, area, x, y, "⚑", style);
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
        let y = area.y + 7;
        put(buf, area, area.x, y, "Take:", t.text);
        for (i, mv) in takes(ctx.game).iter().enumerate() {
            let x = area.x + 6 + i as u16 * BUTTON;
            let style = if ctx.human_turn && i == ctx.cursor.a {
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
        let rule = format!(
            "Whoever must move with {} {} left loses.",
            pos.lose_at,
            if pos.lose_at == 1 { "flag" } else { "flags" }
        );
        put(buf, area, area.x, y + 4, &rule, t.dim);
    }

    fn click(
        &self,
        game: &dyn AnyMatch,
        _cursor: Cursor,
        area: Rect,
        x: u16,
        y: u16,
    ) -> Option<Cursor> {
        if y != area.y + 7 || x < area.x + 6 {
            return None;
        }
        let i = usize::from((x - area.x - 6) / BUTTON);
        (i < takes(game).len()).then_some(Cursor { a: i, b: 0 })
    }
}
