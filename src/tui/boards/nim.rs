//! nim: piles of stones; the cursor picks a pile and how many to take.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::engine::AnyMatch;
use crate::games::nim::NimGame;

use super::{BoardView, Ctx, Cursor, Dir, put};

pub struct NimView;

/// Stones are drawn from this column on, two columns each.
const STONES_X: u16 = 16;

fn position(game: &dyn AnyMatch) -> Option<&NimGame> {
    game.position().downcast_ref::<NimGame>()
}

/// The counts that may be taken from a pile (0 is the pass).
fn counts(game: &dyn AnyMatch, pile: usize) -> Vec<u64> {
    let prefix = format!("{}:", pile + 1);
    game.legal_moves()
        .iter()
        .filter_map(|m| m.strip_prefix(&prefix).and_then(|c| c.parse().ok()))
        .collect()
}

fn nearest(options: &[u64], want: u64) -> u64 {
    options
        .iter()
        .copied()
        .min_by_key(|&c| c.abs_diff(want))
        .unwrap_or(0)
}

impl BoardView for NimView {
    fn first(&self, game: &dyn AnyMatch) -> Cursor {
        self.clamp(game, Cursor { a: 0, b: 1 })
    }

    fn clamp(&self, game: &dyn AnyMatch, cursor: Cursor) -> Cursor {
        let Some(pos) = position(game) else {
            return cursor;
        };
        let piles = pos.piles.len();
        // Stay on the pile if it still has moves, else the next one that has.
        let a = (0..piles)
            .map(|i| (cursor.a + i) % piles)
            .find(|&p| !counts(game, p).is_empty())
            .unwrap_or(cursor.a.min(piles.saturating_sub(1)));
        Cursor {
            a,
            b: nearest(&counts(game, a), cursor.b as u64) as usize,
        }
    }

    fn step(&self, game: &dyn AnyMatch, cursor: Cursor, dir: Dir) -> Cursor {
        let Some(pos) = position(game) else {
            return cursor;
        };
        let piles = pos.piles.len();
        match dir {
            Dir::Up | Dir::Down => {
                let step = if dir == Dir::Up { piles - 1 } else { 1 };
                let mut a = cursor.a;
                for _ in 0..piles {
                    a = (a + step) % piles;
                    if !counts(game, a).is_empty() {
                        break;
                    }
                }
                Cursor {
                    a,
                    b: nearest(&counts(game, a), cursor.b as u64) as usize,
                }
            }
            Dir::Left | Dir::Right => {
                let options = counts(game, cursor.a);
                let i = options
                    .iter()
                    .position(|&c| c == cursor.b as u64)
                    .unwrap_or(0);
                let j = if dir == Dir::Left {
                    i.saturating_sub(1)
                } else {
                    (i + 1).min(options.len().saturating_sub(1))
                };
                Cursor {
                    a: cursor.a,
                    b: options.get(j).copied().unwrap_or(0) as usize,
                }
            }
        }
    }

    fn typable(&self, _game: &dyn AnyMatch, c: char) -> bool {
        c.is_ascii_digit() || c == ':'
    }

    fn selected(&self, game: &dyn AnyMatch, cursor: Cursor) -> Option<String> {
        let mv = format!("{}:{}", cursor.a + 1, cursor.b);
        game.legal_moves().contains(&mv).then_some(mv)
    }

    fn render(&self, ctx: &Ctx, area: Rect, buf: &mut Buffer) {
        let Some(pos) = position(ctx.game) else {
            return;
        };
        let t = ctx.theme;
        // Stones two columns apart where they fit, else side by side.
        let free = usize::from(area.width.saturating_sub(STONES_X + 14)).max(1);
        let largest = pos.piles.iter().copied().max().unwrap_or(0);
        let gap: u16 = if largest * 2 <= free as u64 { 2 } else { 1 };
        let room = free / usize::from(gap);
        for (i, &size) in pos.piles.iter().enumerate() {
            let y = area.y + i as u16 * 2;
            let here = ctx.human_turn && ctx.cursor.a == i;
            let label_style = if here { t.cursor } else { t.text };
            put(
                buf,
                area,
                area.x,
                y,
                &format!("Pile {:<2} {size:>5}", i + 1),
                label_style,
            );
            let shown = size.min(room as u64);
            let taking = if here { ctx.cursor.b as u64 } else { 0 };
            for s in 0..shown {
                let style = if s >= shown.saturating_sub(taking) && shown == size {
                    t.selected
                } else {
                    t.legal
                };
                put(buf, area, area.x + STONES_X + s as u16 * gap, y, "●", style);
            }
            let mut x = area.x + STONES_X + shown as u16 * gap + 1;
            if size > shown {
                put(buf, area, x, y, "…", t.dim);
                x += 2;
            }
            if pos.passes[i] && size > 0 {
                let style = if here && ctx.cursor.b == 0 {
                    t.selected
                } else {
                    t.dim
                };
                put(buf, area, x, y, "pass left", style);
            }
            if let Some(last) = ctx.last
                && last.split(':').next() == Some(&(i + 1).to_string())
            {
                put(
                    buf,
                    area,
                    area.x,
                    y + 1,
                    &format!("  ↑ the computer played {last}"),
                    t.last_move,
                );
            }
        }
        if ctx.human_turn
            && let Some(mv) = self.selected(ctx.game, ctx.cursor)
        {
            let y = area.y + pos.piles.len() as u16 * 2;
            let what = if ctx.cursor.b == 0 {
                "pass on".to_string()
            } else {
                format!("take {} from", ctx.cursor.b)
            };
            let mark = ctx
                .mark(&mv)
                .map(|(c, _)| format!("  ({c})"))
                .unwrap_or_default();
            put(
                buf,
                area,
                area.x,
                y,
                &format!("Enter: {what} pile {} = {mv}{mark}", ctx.cursor.a + 1),
                t.key,
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
        let pos = position(game)?;
        let dy = y.checked_sub(area.y)?;
        if dy % 2 != 0 {
            return None;
        }
        let pile = usize::from(dy / 2);
        let size = *pos.piles.get(pile)?;
        let options = counts(game, pile);
        if options.is_empty() {
            return None;
        }
        // A click on a stone takes it and every stone to its right.
        let free = u64::from(area.width.saturating_sub(STONES_X + 14)).max(1);
        let largest = pos.piles.iter().copied().max().unwrap_or(0);
        let gap = if largest * 2 <= free { 2 } else { 1 };
        let want = match x.checked_sub(area.x + STONES_X) {
            Some(dx) => size.saturating_sub(u64::from(dx / gap)),
            None => options[0],
        };
        Some(Cursor {
            a: pile,
            b: nearest(&options, want) as usize,
        })
    }
}
