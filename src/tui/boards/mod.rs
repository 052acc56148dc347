//! One board view per kind of game. Each draws its position, moves a
//! cursor over its moves and maps clicks to them; the app reaches the game
//! only through the engine's `AnyMatch`, and a view looks at the position it
//! knows (`AnyMatch::position`). A new family needs only a view here.

mod divisors;
mod flags;
mod mnk;
mod nim;

use std::collections::HashMap;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::engine::{AnyMatch, Outcome};
use crate::games::Kind;

use super::theme::Theme;

/// A position on the board view: its meaning is the view's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cursor {
    pub a: usize,
    pub b: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

/// What a view draws from.
pub struct Ctx<'a> {
    pub game: &'a dyn AnyMatch,
    pub cursor: Cursor,
    pub theme: &'a Theme,
    /// The analysis overlay: every legal move's result for the mover.
    pub values: Option<&'a HashMap<String, Outcome>>,
    /// The computer's last move, to highlight.
    pub last: Option<&'a str>,
    /// Whether the person may move now (the cursor is shown).
    pub human_turn: bool,
}

impl Ctx<'_> {
    /// The overlay's mark for a move: `+` wins, `=` draws, `-` loses.
    #[must_use]
    pub fn mark(&self, mv: &str) -> Option<(char, ratatui::style::Style)> {
        let o = *self.values?.get(mv)?;
        let c = match o {
            Outcome::Win => '+',
            Outcome::Draw => '=',
            Outcome::Loss => '-',
        };
        Some((c, self.theme.outcome(o)))
    }
}

pub trait BoardView: Sync {
    /// Where the cursor starts in a new game.
    fn first(&self, game: &dyn AnyMatch) -> Cursor;
    /// The cursor kept on the board after the position changed.
    fn clamp(&self, game: &dyn AnyMatch, cursor: Cursor) -> Cursor;
    /// The cursor moved one step.
    fn step(&self, game: &dyn AnyMatch, cursor: Cursor, dir: Dir) -> Cursor;
    /// The move under the cursor, in notation, if it is one.
    fn selected(&self, game: &dyn AnyMatch, cursor: Cursor) -> Option<String>;
    fn render(&self, ctx: &Ctx, area: Rect, buf: &mut Buffer);
    /// Whether `c` can be part of a move typed in notation (digits by default).
    fn typable(&self, _game: &dyn AnyMatch, c: char) -> bool {
        c.is_ascii_digit()
    }
    /// The cursor for a click at `(x, y)` in a board drawn in `area` with
    /// the cursor at `cursor` (boards that scroll follow the cursor).
    fn click(
        &self,
        game: &dyn AnyMatch,
        cursor: Cursor,
        area: Rect,
        x: u16,
        y: u16,
    ) -> Option<Cursor>;
}

#[must_use]
pub fn view(kind: Kind) -> &'static dyn BoardView {
    match kind {
        Kind::Flags => &flags::FlagsView,
        Kind::Nim => &nim::NimView,
        Kind::Divisors => &divisors::DivisorsView,
        Kind::Mnk => &mnk::MnkView,
    }
}

#[must_use]
pub fn first_cursor(kind: Kind, game: &dyn AnyMatch) -> Cursor {
    view(kind).first(game)
}

#[must_use]
pub fn clamp_cursor(kind: Kind, game: &dyn AnyMatch, cursor: Cursor) -> Cursor {
    view(kind).clamp(game, cursor)
}

/// Writes `text` at `(x, y)` if the row is inside `area`, clipped to it.
pub fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: ratatui::style::Style) {
    if y < area.y || y >= area.bottom() || x >= area.right() {
        return;
    }
    let room = (area.right() - x) as usize;
    buf.set_stringn(x, y, text, room, style);
}
