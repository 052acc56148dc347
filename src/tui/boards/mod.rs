//! One board view per family. A view works with its family's own position
//! and move types: it draws the position, moves a cursor over the moves,
//! maps clicks to the cursor and says which move the cursor is on. The
//! screen maker (`tui/screens.rs`) pairs each family with its view.

pub mod arrays;
pub mod coins;
pub mod divisors;
pub mod flags;
pub mod graph;
pub mod mnk;
pub mod nim;
pub mod sum;
pub mod words;

use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::engine::{Game, MoveResults, Player, Value};
use crate::games::Family;

use super::theme::Theme;

/// A family's move.
pub type MoveOf<F> = <<F as Family>::Game as Game>::Move;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

/// The values overlay: each move's result for the person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Values<M: Hash + Eq> {
    listed: HashMap<M, Value>,
    /// The result of every move not listed.
    rest: Option<Value>,
}

impl<M: Copy + Hash + Eq> Values<M> {
    #[must_use]
    pub fn new(results: &MoveResults<M>) -> Self {
        Self {
            listed: results.listed.iter().copied().collect(),
            rest: results.rest.map(|r| r.value),
        }
    }

    #[must_use]
    pub fn get(&self, mv: M) -> Option<Value> {
        self.listed.get(&mv).copied().or(self.rest)
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.listed.is_empty() && self.rest.is_none()
    }
}

/// What a view draws from.
pub struct Ctx<'a, F: Family, C> {
    pub pos: &'a F::Game,
    pub cursor: C,
    pub theme: &'a Theme,
    /// The values overlay, when shown.
    pub values: Option<&'a Values<MoveOf<F>>>,
    /// The computer's last move, to highlight.
    pub last: Option<MoveOf<F>>,
    /// The last move made while it is still arriving, and how far it has
    /// got (0 to 1): a view may draw it on its way (a falling stone).
    pub arriving: Option<(MoveOf<F>, f32)>,
    /// Whether the person may move now (the cursor is shown).
    pub human_turn: bool,
    /// The person's side; `None` on the analysis board, where the person
    /// moves for both and no side is the computer's.
    pub person: Option<Player>,
}

impl<F: Family, C> Ctx<'_, F, C> {
    /// Who plays side `p`, in a sentence: "you" or "the computer" in a
    /// game, "the first player" or "the second player" on the analysis
    /// board.
    #[must_use]
    pub fn who(&self, p: Player) -> &'static str {
        match self.person {
            Some(person) if p == person => "you",
            Some(_) => "the computer",
            None if p == Player::First => "the first player",
            None => "the second player",
        }
    }

    /// The overlay's mark for a move: `+` wins, `=` draws, `-` loses, `?`
    /// unknown.
    #[must_use]
    pub fn mark(&self, mv: MoveOf<F>) -> Option<(char, Style)> {
        let v = self.values?.get(mv)?;
        Some((v.outcome.sign(), self.theme.outcome(v.outcome)))
    }
}

/// The board's area on an 80×24 terminal: views keep their compact
/// layout there and use larger cells or more columns beyond it.
pub const COMPACT: (u16, u16) = (49, 18);

/// A board view for family `F`.
pub trait BoardView<F: Family>: Default + Send + 'static {
    /// A place on the board: its meaning is the view's.
    type Cursor: Copy + Default + PartialEq + fmt::Debug + Send;

    /// Where the cursor starts in a new game.
    fn first(&self, pos: &F::Game) -> Self::Cursor;
    /// The cursor kept on the board after the position changed.
    fn clamp(&self, pos: &F::Game, cursor: Self::Cursor) -> Self::Cursor;
    /// The cursor moved one step.
    fn step(&self, pos: &F::Game, cursor: Self::Cursor, dir: Dir) -> Self::Cursor;
    /// The legal move under the cursor, if any.
    fn selected(&self, pos: &F::Game, cursor: Self::Cursor) -> Option<MoveOf<F>>;
    fn render(&self, ctx: &Ctx<'_, F, Self::Cursor>, area: Rect, buf: &mut Buffer);
    /// The cursor for a click at `(x, y)` in a board drawn in `area` with
    /// the cursor at `cursor` (boards that scroll follow the cursor).
    fn click(
        &self,
        pos: &F::Game,
        cursor: Self::Cursor,
        area: Rect,
        x: u16,
        y: u16,
    ) -> Option<Self::Cursor>;
    /// Whether `c` can extend `typed` towards a move in notation; if not,
    /// why, for the input line.
    ///
    /// # Errors
    /// A sentence saying why the character cannot be part of a move.
    fn typable(&self, pos: &F::Game, typed: &str, c: char) -> Result<(), String>;
    /// How the players' stones are named (X and O), where they are.
    fn mark(&self, _player: Player) -> Option<&'static str> {
        None
    }
    /// What separates moves in the list of moves played.
    fn separator(&self) -> &'static str {
        " "
    }
    /// Whether a move played from `before` begins a new round (a word
    /// game's), so the list of moves played shows where rounds part.
    fn opens_round(&self, _before: &F::Game) -> bool {
        false
    }
    /// Whether the cursor only picks a column (a gravity board), so that
    /// only ← and → move it.
    fn columns_only(&self, _pos: &F::Game) -> bool {
        false
    }
}

/// Writes `text` at `(x, y)` if the row is inside `area`, clipped to it.
pub fn put(buf: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: Style) {
    if y < area.y || y >= area.bottom() || x >= area.right() || x < area.x {
        return;
    }
    let room = (area.right() - x) as usize;
    buf.set_stringn(x, y, text, room, style);
}

/// Writes `text` from `(x, y)`, wrapped between words to the width left
/// in `area` (each row clipped to it as `put` clips); the rows it took.
pub fn put_wrapped(buf: &mut Buffer, area: Rect, x: u16, y: u16, text: &str, style: Style) -> u16 {
    if x >= area.right() {
        return 0;
    }
    let width = usize::from(area.right() - x);
    let mut rows = 0u16;
    for row in textwrap::wrap(text, width) {
        put(buf, area, x, y.saturating_add(rows), &row, style);
        rows = rows.saturating_add(1);
    }
    rows
}

/// A cursor that is an index into a list of `len` moves laid out in rows
/// of `row` buttons (1: one line): kept on the list.
#[must_use]
pub const fn index_clamp(len: usize, cursor: usize) -> usize {
    if cursor < len {
        cursor
    } else {
        len.saturating_sub(1)
    }
}

/// The index cursor moved one button (left, right) or one row (up, down),
/// kept on the list.
#[must_use]
pub fn index_step(len: usize, cursor: usize, dir: Dir, row: usize) -> usize {
    let next = match dir {
        Dir::Left => cursor.saturating_sub(1),
        Dir::Right => cursor + 1,
        Dir::Up => cursor.saturating_sub(row),
        Dir::Down => cursor + row,
    };
    index_clamp(len, next)
}

/// Moves drawn as a grid of buttons `width` columns wide (the arrays and
/// sum views): as many a row as fit a compact board, so the cursor's up and
/// down are the same on any terminal, from row `top_y` down, scrolled so the
/// cursor's row shows.
pub struct Buttons {
    width: u16,
    per_row: usize,
    top_y: u16,
    first_row: usize,
    rows: usize,
}

impl Buttons {
    /// A button's width for the moves of `pos`: the longest move's text,
    /// its values mark and a space.
    #[must_use]
    pub fn width_for<G: crate::engine::Game>(pos: &G) -> u16 {
        let longest = pos
            .moves()
            .map(|m| pos.format_move(m).chars().count())
            .max()
            .unwrap_or(1);
        u16::try_from(longest + 2).unwrap_or(u16::MAX)
    }

    /// Buttons a row for buttons `width` wide.
    #[must_use]
    pub fn per_row(width: u16) -> usize {
        usize::from((COMPACT.0 / width.max(1)).max(1))
    }

    #[must_use]
    pub fn new(width: u16, top_y: u16, area: Rect, cursor: usize) -> Self {
        let per_row = Self::per_row(width);
        let rows = usize::from(area.bottom().saturating_sub(top_y + 1)).max(1);
        Self {
            width,
            per_row,
            top_y,
            first_row: (cursor / per_row).saturating_sub(rows - 1),
            rows,
        }
    }

    /// Draws `moves` (labelled by `label`), each with its values mark.
    pub fn draw<F: Family, C: Copy + PartialEq>(
        &self,
        ctx: &Ctx<'_, F, C>,
        cursor: usize,
        moves: &[MoveOf<F>],
        label: impl Fn(MoveOf<F>) -> String,
        area: Rect,
        buf: &mut Buffer,
    ) {
        let t = ctx.theme;
        let shown = moves
            .iter()
            .enumerate()
            .skip(self.first_row * self.per_row)
            .take(self.rows * self.per_row);
        for (i, &mv) in shown {
            let x = area.x + (i % self.per_row) as u16 * self.width;
            let y = self.top_y + (i / self.per_row - self.first_row) as u16;
            let (mark, mut style) = ctx.mark(mv).unwrap_or((' ', t.legal));
            if ctx.human_turn && cursor == i {
                style = t.cursor;
            }
            put(buf, area, x, y, &format!("{}{mark}", label(mv)), style);
        }
    }

    /// The button a click at (`x`, `y`) is on, of `count`.
    #[must_use]
    pub fn at(&self, area: Rect, x: u16, y: u16, count: usize) -> Option<usize> {
        let (dx, dy) = (x.checked_sub(area.x)?, y.checked_sub(self.top_y)?);
        let col = usize::from(dx / self.width.max(1));
        let i = (self.first_row + usize::from(dy)) * self.per_row + col;
        (col < self.per_row && usize::from(dy) < self.rows && i < count).then_some(i)
    }
}

/// Digits only: the notation of numbers.
///
/// # Errors
/// A sentence for any character but a digit.
pub fn digits_only(c: char, example: &str) -> Result<(), String> {
    if c.is_ascii_digit() {
        Ok(())
    } else {
        Err(format!(
            "'{c}' is not part of a move: type a number like {example}"
        ))
    }
}
