//! coins: the row of coins with the two ends to choose from, and each
//! player's pile. Rows too long for the screen keep both ends in view and
//! cut the middle.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::engine::{Game, Player};
use crate::games::coins::{Coins, CoinsGame, End};

use super::{BoardView, Ctx, Dir, put};

#[derive(Default)]
pub struct CoinsView;

/// Where a coin of the row is drawn.
struct Placed {
    /// Its place in the whole row.
    place: usize,
    x: u16,
    y: u16,
    width: u16,
}

/// The row's coins laid out in `area` from its second line: up to three
/// wrapped lines, or, for longer rows, the left end's coins on one line and
/// the right end's on the next with the middle cut. The first line below
/// the row comes back too.
fn lay_out(pos: &CoinsGame, area: Rect) -> (Vec<Placed>, u16) {
    let range = pos.left_in_row();
    let row = pos.row();
    let width = |i: usize| row[i].to_string().len() as u16 + 2;
    let top = area.y + 2;
    let room = area.width.max(8);
    let total: u32 = range.clone().map(|i| u32::from(width(i)) + 1).sum();
    let mut placed = Vec::new();
    if total <= u32::from(room) * 3 {
        let (mut x, mut y) = (area.x, top);
        for i in range {
            let w = width(i);
            if x > area.x && x + w > area.x + room {
                x = area.x;
                y += 1;
            }
            placed.push(Placed {
                place: i,
                x,
                y,
                width: w,
            });
            x += w + 1;
        }
        let below = placed.last().map_or(top, |p| p.y) + 2;
        return (placed, below);
    }
    // The left end's coins, then "…".
    let mut x = area.x;
    for i in range.clone() {
        let w = width(i);
        if x + w + 2 > area.x + room {
            break;
        }
        placed.push(Placed {
            place: i,
            x,
            y: top,
            width: w,
        });
        x += w + 1;
    }
    // "…", then the right end's coins, right-aligned.
    let mut x = area.x + room;
    let mut right = Vec::new();
    for i in range.rev() {
        let w = width(i);
        if x < area.x + 2 + w {
            break;
        }
        x -= w;
        right.push(Placed {
            place: i,
            x,
            y: top + 1,
            width: w,
        });
        x = x.saturating_sub(1);
    }
    placed.extend(right.into_iter().rev());
    (placed, top + 3)
}

/// The end a coin's place is, if it is one.
fn end_at(pos: &CoinsGame, place: usize) -> Option<End> {
    if pos.place(End::Left) == Some(place) {
        Some(End::Left)
    } else if pos.place(End::Right) == Some(place) {
        Some(End::Right)
    } else {
        None
    }
}

/// A player's pile in words: the last coins taken and the total.
fn pile_line(pos: &CoinsGame, p: Player) -> String {
    const SHOWN: usize = 8;
    let pile = pos.pile(p);
    let total = pos.total(p);
    let row = pos.row();
    match pile.len() {
        0 => "no coins yet".to_string(),
        1 => format!("{total}"),
        n if n <= SHOWN => {
            let parts: Vec<String> = pile.iter().map(|&i| row[i].to_string()).collect();
            format!("{} = {total}", parts.join(" + "))
        }
        n => {
            let parts: Vec<String> = pile[n - SHOWN..]
                .iter()
                .map(|&i| row[i].to_string())
                .collect();
            format!("… + {} = {total} ({n} coins)", parts.join(" + "))
        }
    }
}

impl BoardView<Coins> for CoinsView {
    type Cursor = End;

    fn first(&self, _pos: &CoinsGame) -> End {
        End::Left
    }

    fn clamp(&self, pos: &CoinsGame, cursor: End) -> End {
        if pos.remaining().len() < 2 {
            End::Left
        } else {
            cursor
        }
    }

    fn step(&self, pos: &CoinsGame, cursor: End, dir: Dir) -> End {
        let wanted = match dir {
            Dir::Left => End::Left,
            Dir::Right => End::Right,
            Dir::Up | Dir::Down => cursor,
        };
        self.clamp(pos, wanted)
    }

    fn selected(&self, pos: &CoinsGame, cursor: End) -> Option<End> {
        pos.moves().find(|&m| m == cursor)
    }

    fn render(&self, ctx: &Ctx<'_, Coins, End>, area: Rect, buf: &mut Buffer) {
        let pos = ctx.pos;
        let t = ctx.theme;
        let left = pos.remaining();
        let sum: u64 = left.iter().sum();
        let head = match left.len() {
            0 => "The row is empty.".to_string(),
            1 => format!("1 coin left, worth {sum}"),
            n => format!("{n} coins left, worth {sum}"),
        };
        put(buf, area, area.x, area.y, &head, t.title);
        let chosen = self.selected(pos, ctx.cursor).filter(|_| ctx.human_turn);
        let (placed, below) = lay_out(pos, area);
        let row = pos.row();
        for (k, c) in placed.iter().enumerate() {
            let end = end_at(pos, c.place);
            let style = match end {
                Some(e) if Some(e) == chosen => t.cursor,
                Some(_) => t.legal,
                None => t.text,
            };
            let text = if end.is_some() {
                format!("[{}]", row[c.place])
            } else {
                format!(" {} ", row[c.place])
            };
            put(buf, area, c.x, c.y, &text, style);
            // The cut in a long row.
            if let Some(next) = placed.get(k + 1)
                && next.y != c.y
                && next.place != c.place + 1
            {
                put(buf, area, c.x + c.width + 1, c.y, "…", t.dim);
                put(buf, area, next.x.saturating_sub(2), next.y, "…", t.dim);
            }
        }
        // The two moves as buttons, with the values overlay's marks.
        let mut x = area.x;
        for end in pos.moves() {
            let Some(coin) = pos.coin(end) else { continue };
            let arrow = match end {
                End::Left => format!("← {}: {coin}", end.letter()),
                End::Right => format!("{}: {coin} →", end.letter()),
            };
            let style = if Some(end) == chosen {
                t.cursor
            } else {
                t.legal
            };
            let text = format!("[{arrow}]");
            put(buf, area, x, below, &text, style);
            x += text.chars().count() as u16 + 1;
            if let Some(v) = ctx.values.and_then(|vs| vs.get(end)) {
                let mark = match v.score {
                    Some(s) if s != 0 => format!("{}{}", v.outcome.sign(), s.abs()),
                    _ => v.outcome.sign().to_string(),
                };
                put(buf, area, x, below, &mark, t.outcome(v.outcome));
                x += mark.chars().count() as u16 + 1;
            }
            x += 2;
        }
        let mut y = below + 2;
        let first = ctx.person.unwrap_or(Player::First);
        for p in [first, first.opponent()] {
            let who = match ctx.person {
                Some(person) if p == person => "You",
                Some(_) => "Computer",
                None if p == Player::First => "First",
                None => "Second",
            };
            put(buf, area, area.x, y, &format!("{who:<9}"), t.title);
            put(buf, area, area.x + 10, y, &pile_line(pos, p), t.text);
            y += 1;
        }
        if let Some(last) = ctx.last {
            // The computer's move was the one before this position.
            let place = match last {
                End::Left => pos.left_in_row().start.checked_sub(1),
                End::Right => Some(pos.left_in_row().end),
            };
            if let Some(coin) = place.and_then(|i| row.get(i)) {
                put(
                    buf,
                    area,
                    area.x,
                    y + 1,
                    &format!("The computer took {coin} from the {}.", last.word()),
                    t.last_move,
                );
            }
        }
        put(
            buf,
            area,
            area.x,
            y + 3,
            "←/→ choose an end · Enter takes its coin",
            t.dim,
        );
    }

    fn click(&self, pos: &CoinsGame, _cursor: End, area: Rect, x: u16, y: u16) -> Option<End> {
        let (placed, below) = lay_out(pos, area);
        if y == below {
            // The buttons: the left one first.
            let left_button = pos
                .coin(End::Left)
                .map_or(0, |c| format!("[← l: {c}]").chars().count() as u16);
            let end = if x < area.x + left_button {
                End::Left
            } else {
                End::Right
            };
            return self.selected(pos, end);
        }
        placed
            .iter()
            .find(|c| c.y == y && x >= c.x && x < c.x + c.width)
            .and_then(|c| end_at(pos, c.place))
    }

    fn typable(&self, _pos: &CoinsGame, typed: &str, c: char) -> Result<(), String> {
        let word = format!("{typed}{c}").to_ascii_lowercase();
        if "left".starts_with(&word) || "right".starts_with(&word) {
            Ok(())
        } else {
            Err(format!(
                "'{c}' is not a move: l (left end) or r (right end)"
            ))
        }
    }
}
