//! mnk: the grid with X and O, column letters and row numbers.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::engine::{Game, Player};
use crate::games::mnk::{Mnk, MnkGame};

use super::{BoardView, Ctx, Dir, put};

#[derive(Default)]
pub struct MnkView;

/// Cell sizes (columns wide, rows tall), largest first: the board takes
/// the largest that fits whole, so it grows with the terminal; the last
/// is for boards larger than the area (a 19×19 board at 80×24).
const SIZES: [(u16, u16); 4] = [(8, 3), (6, 2), (4, 1), (2, 1)];
const LEFT: u16 = 3;
/// Rows under the board: its help lines, the last move, the line.
const BELOW: u16 = 5;

/// What of the board the area shows: the cell width, and the first column
/// and row shown, chosen to keep the cursor in view when the board is
/// larger than the area.
#[derive(Clone, Copy)]
struct Frame {
    cell: u16,
    /// Rows a cell takes.
    tall: u16,
    col0: usize,
    row0: usize,
    cols: usize,
    rows: usize,
}

impl Frame {
    fn of(pos: &MnkGame, area: Rect, cursor: Spot) -> Self {
        let (w, h) = (pos.geo.width, pos.geo.height);
        let room = area.width.saturating_sub(LEFT);
        let high = area.height.saturating_sub(1 + BELOW);
        // Tall cells only where the terminal is larger than 80×24, which
        // keeps its compact board.
        let roomy = area.width > super::COMPACT.0 || area.height > super::COMPACT.1;
        let fits = |&&(cw, ch): &&(u16, u16)| {
            cw.saturating_mul(w as u16) <= room
                && (ch == 1 || (roomy && ch.saturating_mul(h as u16) <= high))
        };
        let (cell, tall) = SIZES.iter().find(fits).copied().unwrap_or((2, 1));
        let cols = usize::from(room / cell).clamp(1, w);
        let rows = usize::from(area.height.saturating_sub(1) / tall).clamp(1, h);
        let start =
            |at: usize, shown: usize, all: usize| at.saturating_sub(shown / 2).min(all - shown);
        Self {
            cell,
            tall,
            col0: start(cursor.col, cols, w),
            row0: start(cursor.row, rows, h),
            cols,
            rows,
        }
    }
}

/// The cursor: a column and a row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Spot {
    pub col: usize,
    pub row: usize,
}

/// A stone on its way down a gravity board's column: while the last move
/// arrives it is drawn in a row above its cell, lower as time goes on.
#[derive(Clone, Copy, Default)]
struct Falling {
    /// The cell it lands on, and the cell it is shown on now.
    stone: Option<(usize, usize)>,
}

impl Falling {
    fn of(ctx: &Ctx<'_, Mnk, Spot>) -> Self {
        let p = ctx.pos;
        let stone = ctx.arriving.filter(|_| p.geo.gravity).map(|(cell, done)| {
            let (w, row) = (p.geo.width, cell / p.geo.width);
            let now = ((done * (row + 1) as f32) as usize).min(row);
            (cell, now * w + cell % w)
        });
        Self { stone }
    }

    /// What to draw on `cell`.
    fn shown(self, cell: usize, p: &MnkGame) -> Option<Player> {
        match self.stone {
            Some((landed, now)) if landed != now && cell == landed => None,
            Some((landed, now)) if cell == now => p.at(landed),
            _ => p.at(cell),
        }
    }
}

/// On a gravity board the cursor stays on the cell a stone dropped in its
/// column lands on (the top cell of a full column); elsewhere it is free.
fn drop_in(pos: &MnkGame, c: Spot) -> Spot {
    if !pos.geo.gravity {
        return c;
    }
    Spot {
        row: pos.landing(c.col).map_or(0, |cell| cell / pos.geo.width),
        ..c
    }
}

/// Under the board, from row `y`: how to play, the computer's last move,
/// and the winning line once there is one.
fn notes(ctx: &Ctx<'_, Mnk, Spot>, line: &[usize], area: Rect, mut y: u16, buf: &mut Buffer) {
    let (p, t) = (ctx.pos, ctx.theme);
    let w = p.geo.width;
    let help = if p.geo.gravity {
        vec![
            format!("{} in a row wins. ←/→ or a letter picks a column;", p.geo.k),
            "Enter or a click drops the stone into it.".to_string(),
        ]
    } else {
        vec![format!(
            "{} in a row wins. Type a cell like b2, or click.",
            p.geo.k
        )]
    };
    for text in help {
        put(buf, area, area.x, y, &text, t.dim);
        y += 1;
    }
    if let Some(last) = ctx.last {
        let text = if p.geo.gravity {
            format!(
                "The computer played {}: its stone is on {}.",
                p.format_move(last),
                p.geo.cell_name(last)
            )
        } else {
            format!("The computer played {}.", p.geo.cell_name(last))
        };
        put(buf, area, area.x, y, &text, t.last_move);
        y += 1;
    }
    if !line.is_empty() {
        // In reading order of the names: by row number, then column.
        let mut cells = line.to_vec();
        cells.sort_by_key(|&c| (p.geo.row_number(c / w), c % w));
        let names: Vec<String> = cells.iter().map(|&c| p.geo.cell_name(c)).collect();
        put(
            buf,
            area,
            area.x,
            y,
            &format!("{} in a row: {}.", p.geo.k, names.join(", ")),
            t.winning_line,
        );
    }
}

impl BoardView<Mnk> for MnkView {
    type Cursor = Spot;

    fn first(&self, pos: &MnkGame) -> Spot {
        drop_in(
            pos,
            Spot {
                col: pos.geo.width / 2,
                row: pos.geo.height / 2,
            },
        )
    }

    fn clamp(&self, pos: &MnkGame, cursor: Spot) -> Spot {
        drop_in(pos, cursor)
    }

    fn step(&self, pos: &MnkGame, c: Spot, dir: Dir) -> Spot {
        let (w, h) = (pos.geo.width, pos.geo.height);
        let c = match dir {
            Dir::Left => Spot {
                col: c.col.saturating_sub(1),
                ..c
            },
            Dir::Right => Spot {
                col: (c.col + 1).min(w - 1),
                ..c
            },
            Dir::Up => Spot {
                row: c.row.saturating_sub(1),
                ..c
            },
            Dir::Down => Spot {
                row: (c.row + 1).min(h - 1),
                ..c
            },
        };
        drop_in(pos, c)
    }

    fn selected(&self, pos: &MnkGame, c: Spot) -> Option<usize> {
        let cell = c.row * pos.geo.width + c.col;
        pos.is_legal(cell).then_some(cell)
    }

    fn render(&self, ctx: &Ctx<'_, Mnk, Spot>, area: Rect, buf: &mut Buffer) {
        let p = ctx.pos;
        let t = ctx.theme;
        let w = p.geo.width;
        let f = Frame::of(p, area, ctx.cursor);
        let line = p.winning_line().unwrap_or_default();
        let falling = Falling::of(ctx);
        for c in f.col0..f.col0 + f.cols {
            let letter = (b'a' + c as u8) as char;
            // On a gravity board the cursor is a column: its letter shows it.
            let style = if p.geo.gravity && ctx.human_turn && ctx.cursor.col == c {
                t.cursor
            } else {
                t.dim
            };
            put(
                buf,
                area,
                area.x + LEFT + (c - f.col0) as u16 * f.cell + f.cell / 2 - 1,
                area.y,
                &letter.to_string(),
                style,
            );
        }
        for r in f.row0..f.row0 + f.rows {
            let top = area.y + 1 + (r - f.row0) as u16 * f.tall;
            // The mark in the middle row of a tall cell.
            let y = top + f.tall / 2;
            put(
                buf,
                area,
                area.x,
                y,
                &format!("{:>2}", p.geo.row_number(r)),
                t.dim,
            );
            for c in f.col0..f.col0 + f.cols {
                let cell = r * w + c;
                let x = area.x + LEFT + (c - f.col0) as u16 * f.cell;
                let (mark, mut style) = match falling.shown(cell, p) {
                    Some(Player::First) => ('X', t.x_mark),
                    Some(Player::Second) => ('O', t.o_mark),
                    None => ctx.mark(cell).unwrap_or(('·', t.dim)),
                };
                if ctx.last == Some(cell) {
                    style = t.last_move;
                }
                if line.contains(&cell) {
                    style = t.winning_line;
                }
                if ctx.human_turn && ctx.cursor == (Spot { col: c, row: r }) {
                    style = t.cursor;
                }
                let text = match f.cell {
                    2 => format!("{mark} "),
                    width => {
                        let pad = usize::from((width - 2) / 2);
                        format!("{:pad$}{mark}{:pad$} ", "", "")
                    }
                };
                // A tall cell is filled in its style above and below the
                // mark, so the cursor and the last move show as blocks.
                for row in top..top + f.tall {
                    let fill = if row == y {
                        text.clone()
                    } else {
                        " ".repeat(text.chars().count().saturating_sub(1))
                    };
                    put(buf, area, x, row, &fill, style);
                }
            }
        }
        let below = area.y + 2 + f.rows as u16 * f.tall;
        notes(ctx, &line, area, below, buf);
    }

    fn click(&self, pos: &MnkGame, cursor: Spot, area: Rect, x: u16, y: u16) -> Option<Spot> {
        let f = Frame::of(pos, area, cursor);
        let dx = x.checked_sub(area.x + LEFT)?;
        // A click on the letters above a gravity board picks the column too.
        let dy = match y.checked_sub(area.y + 1) {
            None if pos.geo.gravity && y == area.y => 0,
            dy => dy?,
        };
        let (col, row) = (usize::from(dx / f.cell), usize::from(dy / f.tall));
        (col < f.cols && row < f.rows).then(|| {
            drop_in(
                pos,
                Spot {
                    col: f.col0 + col,
                    row: f.row0 + row,
                },
            )
        })
    }

    fn columns_only(&self, pos: &MnkGame) -> bool {
        pos.geo.gravity
    }

    fn typable(&self, pos: &MnkGame, typed: &str, c: char) -> Result<(), String> {
        let last = (b'a' + pos.geo.width as u8 - 1) as char;
        let c = c.to_ascii_lowercase();
        if pos.geo.gravity {
            return match (typed.is_empty(), c) {
                (true, 'a'..='z') if c <= last => Ok(()),
                (false, '0'..='9') => Ok(()),
                (true, 'a'..='z') => Err(format!(
                    "there is no column '{c}': the columns are a to {last}"
                )),
                (false, 'a'..='z') => Err("type only the column: the stone falls by itself".into()),
                _ => Err(format!(
                    "'{c}' is not a column: the columns are a to {last}"
                )),
            };
        }
        match (typed.is_empty(), c) {
            (true, 'a'..='z') if c <= last => Ok(()),
            (false, '0'..='9') => Ok(()),
            (true, '0'..='9') => Err("the column letter comes first: a cell like b2".into()),
            (true, 'a'..='z') => Err(format!(
                "there is no column '{c}': the columns are a to {last}"
            )),
            (false, 'a'..='z') => Err("a cell is one letter, then its row, like b2".into()),
            _ => Err(format!("'{c}' is not part of a move: type a cell like b2")),
        }
    }

    fn mark(&self, player: Player) -> Option<&'static str> {
        Some(match player {
            Player::First => "X",
            Player::Second => "O",
        })
    }
}
