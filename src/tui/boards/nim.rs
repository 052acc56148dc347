//! nim: piles of stones; the cursor picks a pile and a stone, and the move
//! takes that stone and every one to its right. A pile too long for the
//! screen is drawn as a bar scaled to it, its size written in digits.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::games::nim::{Nim, NimGame, NimMove, Take};

use super::{BoardView, Ctx, Dir, put};

#[derive(Default)]
pub struct NimView;

/// Rows a pile takes: its stones, and a line for notes below.
const ROW: u16 = 2;

/// The cursor: a pile and how many stones to take from it (0: the pass).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pick {
    pub pile: usize,
    pub count: u64,
}

/// The counts a pile allows, without listing 10^18 of them.
enum Options {
    /// The pass (if any), then every count from 1 to `max`.
    Range {
        pass: bool,
        max: u64,
    },
    List(Vec<u64>),
}

fn options(pos: &NimGame, pile: usize) -> Options {
    let size = pos.piles.get(pile).copied().unwrap_or(0);
    let pass = size > 0 && pos.passes.get(pile).copied().unwrap_or(false);
    match &pos.take {
        Take::Any => Options::Range { pass, max: size },
        Take::List(_) => Options::List(pos.counts(pile).collect()),
    }
}

impl Options {
    fn is_empty(&self) -> bool {
        match self {
            Self::Range { pass, max } => !pass && *max == 0,
            Self::List(l) => l.is_empty(),
        }
    }

    fn contains(&self, c: u64) -> bool {
        match self {
            Self::Range { pass, max } => (c == 0 && *pass) || (c >= 1 && c <= *max),
            Self::List(l) => l.contains(&c),
        }
    }

    fn nearest(&self, want: u64) -> u64 {
        match self {
            Self::Range { max: 0, .. } => 0,
            Self::Range { pass, max } => {
                if want == 0 && *pass {
                    0
                } else {
                    want.clamp(1, *max)
                }
            }
            Self::List(l) => l
                .iter()
                .copied()
                .min_by_key(|&c| c.abs_diff(want))
                .unwrap_or(0),
        }
    }

    /// One step up (`more`) or down from `c`.
    fn step(&self, c: u64, more: bool) -> u64 {
        match self {
            Self::Range { pass, max } => {
                if more {
                    (c + 1).min(*max).max(u64::from(!*pass))
                } else if c > 1 || (c == 1 && *pass) {
                    c - 1
                } else {
                    c
                }
            }
            Self::List(l) => {
                let i = l.iter().position(|&x| x == c).unwrap_or(0);
                let j = if more {
                    (i + 1).min(l.len().saturating_sub(1))
                } else {
                    i.saturating_sub(1)
                };
                l.get(j).copied().unwrap_or(c)
            }
        }
    }
}

/// How the stones of one board are laid out in an area.
struct Layout {
    /// Where the first stone goes.
    stones_x: u16,
    /// Cells for stones.
    room: u64,
    /// 2 when every pile fits with a space between stones, else 1.
    gap: u16,
}

fn layout(pos: &NimGame, area: Rect) -> Layout {
    let digits = pos
        .piles
        .iter()
        .map(|p| p.to_string().len())
        .max()
        .unwrap_or(1)
        .max(3) as u16;
    let stones_x = 8 + digits + 2;
    // Room for the stones, and for "pass left" after them.
    let room = u64::from(area.width.saturating_sub(stones_x + 11)).max(1);
    let largest = pos.piles.iter().copied().max().unwrap_or(0);
    let gap = if largest.saturating_mul(2) <= room {
        2
    } else {
        1
    };
    Layout {
        stones_x,
        room: room / u64::from(gap),
        gap,
    }
}

/// The first pile drawn, so that the cursor's pile is on screen.
fn first_pile(pos: &NimGame, cursor: usize, area: Rect) -> usize {
    let shown = usize::from((area.height.saturating_sub(2) / ROW).max(1));
    if pos.piles.len() <= shown {
        return 0;
    }
    cursor
        .saturating_sub(shown / 2)
        .min(pos.piles.len() - shown)
}

/// Cells of a bar of `room` cells for a pile of `size`, and how many of
/// its last cells `taking` stones cover (at least one when taking any).
pub(super) fn scaled(size: u64, taking: u64, room: u64) -> (u64, u64) {
    if size <= room {
        return (size, taking.min(size));
    }
    let cells = room;
    let covered = ((u128::from(taking) * u128::from(cells)).div_ceil(u128::from(size))) as u64;
    (cells, covered.min(cells))
}

impl BoardView<Nim> for NimView {
    type Cursor = Pick;

    fn first(&self, pos: &NimGame) -> Pick {
        self.clamp(pos, Pick { pile: 0, count: 1 })
    }

    fn clamp(&self, pos: &NimGame, cursor: Pick) -> Pick {
        let piles = pos.piles.len();
        // Stay on the pile if it still has moves, else the next one that has.
        let pile = (0..piles)
            .map(|i| (cursor.pile + i) % piles)
            .find(|&p| !options(pos, p).is_empty())
            .unwrap_or(cursor.pile.min(piles.saturating_sub(1)));
        Pick {
            pile,
            count: options(pos, pile).nearest(cursor.count),
        }
    }

    fn step(&self, pos: &NimGame, cursor: Pick, dir: Dir) -> Pick {
        let piles = pos.piles.len();
        match dir {
            Dir::Up | Dir::Down => {
                let step = if dir == Dir::Up { piles - 1 } else { 1 };
                let mut pile = cursor.pile;
                for _ in 0..piles {
                    pile = (pile + step) % piles;
                    if !options(pos, pile).is_empty() {
                        break;
                    }
                }
                Pick {
                    pile,
                    count: options(pos, pile).nearest(cursor.count),
                }
            }
            // The cursor is a stone: left takes more, right takes fewer.
            Dir::Left | Dir::Right => Pick {
                pile: cursor.pile,
                count: options(pos, cursor.pile).step(cursor.count, dir == Dir::Left),
            },
        }
    }

    fn selected(&self, pos: &NimGame, cursor: Pick) -> Option<NimMove> {
        options(pos, cursor.pile)
            .contains(cursor.count)
            .then_some(NimMove {
                pile: cursor.pile,
                count: cursor.count,
            })
    }

    fn render(&self, ctx: &Ctx<'_, Nim, Pick>, area: Rect, buf: &mut Buffer) {
        let pos = ctx.pos;
        let t = ctx.theme;
        let lay = layout(pos, area);
        let top = first_pile(pos, ctx.cursor.pile, area);
        let shown = usize::from((area.height.saturating_sub(2) / ROW).max(1));
        let digits = usize::from(lay.stones_x - 10);
        for (row, i) in (top..pos.piles.len()).take(shown).enumerate() {
            let size = pos.piles[i];
            let y = area.y + row as u16 * ROW;
            let here = ctx.human_turn && ctx.cursor.pile == i;
            let label = if here { t.cursor } else { t.text };
            put(
                buf,
                area,
                area.x,
                y,
                &format!("Pile {:<3}{size:>digits$}", i + 1),
                label,
            );
            let taking = if here { ctx.cursor.count } else { 0 };
            let (cells, covered) = scaled(size, taking, lay.room);
            let glyph = if size > lay.room { "█" } else { "●" };
            for s in 0..cells {
                let style = if s >= cells - covered {
                    t.selected
                } else {
                    t.legal
                };
                put(
                    buf,
                    area,
                    area.x + lay.stones_x + s as u16 * lay.gap,
                    y,
                    glyph,
                    style,
                );
            }
            let x = area.x + lay.stones_x + cells as u16 * lay.gap + 1;
            if pos.passes[i] && size > 0 {
                let style = if here && ctx.cursor.count == 0 {
                    t.selected
                } else {
                    t.dim
                };
                put(buf, area, x, y, "pass left", style);
            }
            if let Some(last) = ctx.last
                && last.pile == i
            {
                let what = if last.count == 0 {
                    "passed on this pile".to_string()
                } else {
                    format!("took {} here", last.count)
                };
                put(
                    buf,
                    area,
                    area.x,
                    y + 1,
                    &format!("  ↑ the computer {what} ({}:{})", i + 1, last.count),
                    t.last_move,
                );
            }
        }
        if top > 0 {
            put(
                buf,
                area,
                area.right().saturating_sub(8),
                area.y,
                "↑ more",
                t.dim,
            );
        }
        if top + shown < pos.piles.len() {
            let y = area.y + (shown as u16) * ROW - 1;
            put(
                buf,
                area,
                area.right().saturating_sub(8),
                y,
                "↓ more",
                t.dim,
            );
        }
        if ctx.human_turn
            && let Some(mv) = self.selected(pos, ctx.cursor)
        {
            let y = area.y + (shown.min(pos.piles.len()) as u16) * ROW;
            let what = if mv.count == 0 {
                "pass on".to_string()
            } else {
                format!("take {} from", mv.count)
            };
            let mark = ctx
                .mark(mv)
                .map(|(c, _)| format!("  ({c})"))
                .unwrap_or_default();
            put(
                buf,
                area,
                area.x,
                y,
                &format!(
                    "Enter: {what} pile {} = {}:{}{mark}",
                    mv.pile + 1,
                    mv.pile + 1,
                    mv.count
                ),
                t.key,
            );
        }
    }

    fn click(&self, pos: &NimGame, cursor: Pick, area: Rect, x: u16, y: u16) -> Option<Pick> {
        let dy = y.checked_sub(area.y)?;
        if dy % ROW != 0 {
            return None;
        }
        let pile = first_pile(pos, cursor.pile, area) + usize::from(dy / ROW);
        let size = *pos.piles.get(pile)?;
        let opts = options(pos, pile);
        if opts.is_empty() {
            return None;
        }
        // A click on a stone takes it and every stone to its right.
        let lay = layout(pos, area);
        let want = match x.checked_sub(area.x + lay.stones_x) {
            Some(dx) => {
                let cell = u64::from(dx / lay.gap);
                let (cells, _) = scaled(size, 0, lay.room);
                if cell >= cells {
                    return None;
                }
                // The stones from that cell's first to the end.
                let first = (u128::from(cell) * u128::from(size) / u128::from(cells)) as u64;
                size - first
            }
            None => cursor.count,
        };
        Some(Pick {
            pile,
            count: opts.nearest(want),
        })
    }

    fn typable(&self, _pos: &NimGame, typed: &str, c: char) -> Result<(), String> {
        let colon = typed.contains(':');
        match c {
            '0'..='9' => Ok(()),
            ':' if !colon && !typed.is_empty() => Ok(()),
            ':' if colon => Err("a move has one ':': PILE:COUNT, like 2:3".into()),
            ':' => Err("the pile comes first, then ':' and how many: 2:3".into()),
            _ => Err(format!("'{c}' is not part of a pile:count move like 2:3")),
        }
    }
}
