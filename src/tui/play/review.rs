//! The review of a finished game on the play screen: `e` steps through
//! the game (←/→, Home/End), the board showing each
//! position, the side panel the move's exact verdict, and a strip of every
//! move's mark (`+` best, `=` kept, `-` mistake, `?` unknown) that reads
//! without colour.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::engine::Game;
use crate::games::Family;
use crate::session::{Judgement, Verdict, wording};

use super::super::boards::{BoardView, MoveOf};
use super::super::theme::Theme;
use super::Playing;
use super::work::Work;

/// Where the review stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Review {
    /// The moves shown played: 0 is the start, the last the end.
    pub step: usize,
}

/// A tip at a step of the review: the best move there and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct StepTip {
    pub step: usize,
    pub text: String,
}

impl<F: Family, V: BoardView<F>> Playing<F, V> {
    /// `e`: opens the review of a finished game, at its end.
    pub(super) fn open_review(&mut self) {
        if !self.over() {
            self.message = Some("the review opens when the game is over".into());
            return;
        }
        if self.session.moves().is_empty() {
            self.message = Some("no move was played: nothing to review".into());
            return;
        }
        self.review = Some(Review {
            step: self.session.moves().len(),
        });
        self.message = None;
        if self.judged.is_none() && self.work.is_none() {
            self.work = Some(Work::judge(&self.session));
        }
    }

    /// A key while the review is open; `false` when it is not the
    /// review's (the game's commands still work).
    pub(super) fn review_key(&mut self, code: KeyCode) -> bool {
        let Some(review) = self.review.as_mut() else {
            return false;
        };
        let last = self.session.moves().len();
        match code {
            KeyCode::Left | KeyCode::Char('h') | KeyCode::Up | KeyCode::Char('k') => {
                review.step = review.step.saturating_sub(1);
            }
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Down | KeyCode::Char('j') => {
                review.step = (review.step + 1).min(last);
            }
            KeyCode::Home => review.step = 0,
            KeyCode::End => review.step = last,
            KeyCode::Esc | KeyCode::Char('e') => self.review = None,
            KeyCode::Char('t') => self.ask_step_tip(),
            KeyCode::Char('a') => self.open_analysis(),
            _ => return false,
        }
        true
    }

    /// A click while the review is open: on the strip or the move list,
    /// it steps to that move; `false` when the review is closed.
    pub(super) fn review_click(&mut self, x: u16, y: u16, area: Rect) -> bool {
        let opens = self.round_opens();
        let Some(review) = self.review.as_mut() else {
            return false;
        };
        let inner = super::render::side_inner(super::render::areas(area).side);
        if let Some(judged) = &self.judged
            && let Some(step) = clicked(judged, &opens, review.step, inner, x, y)
        {
            review.step = step;
        }
        true
    }

    /// `t` in the review: for the person's move shown, the best move
    /// there was instead, and why, worked out beside the screen.
    fn ask_step_tip(&mut self) {
        let Some(review) = self.review else {
            return;
        };
        let human = self.session.setup().human;
        let before = review.step.checked_sub(1);
        if before.is_none_or(|i| self.session.positions()[i].to_move() != human) {
            self.message = Some("t names the best move instead of one of yours".into());
            return;
        }
        if self.work.is_some() {
            self.message = Some("wait: still working on the last question".into());
            return;
        }
        self.message = None;
        self.work = Some(Work::tip_at(&self.session, review.step));
    }

    /// The position on the board: the review's step, or the game's now.
    pub(super) fn shown(&self) -> &F::Game {
        match self.review {
            Some(r) => &self.session.positions()[r.step],
            None => self.session.position(),
        }
    }

    /// The computer's move that led to the shown position, to highlight
    /// (the views name it as the computer's).
    pub(super) fn shown_last(&self) -> Option<MoveOf<F>> {
        let Some(r) = self.review else {
            return self.last_computer;
        };
        let i = r.step.checked_sub(1)?;
        let human = self.session.setup().human;
        (self.session.positions()[i].to_move() != human).then(|| self.session.moves()[i])
    }
}

/// The rows of the strip and of the move list shown at most, each
/// scrolled so the shown move stays in sight.
const STRIP_ROWS: usize = 2;
const LIST_ROWS: usize = 3;

/// One clickable cell of the panel: the move (its step) at `x`, `width`
/// wide, on row `y`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    step: usize,
    x: u16,
    y: u16,
    width: u16,
}

/// Packs items of the given widths into rows of `width` columns, item `i`
/// a gap of `gaps(i)` after the one before it on its row, and keeps the
/// `most` rows around item `at`: the cells with their place.
fn pack(
    widths: &[u16],
    gaps: impl Fn(usize) -> u16,
    width: u16,
    at: usize,
    most: usize,
    top: u16,
) -> Vec<Cell> {
    let mut rows: Vec<Vec<Cell>> = vec![Vec::new()];
    let mut x = 0u16;
    for (i, &w) in widths.iter().enumerate() {
        let w = w.min(width.max(1));
        let gap = gaps(i);
        let row = rows.last().map_or(0, Vec::len);
        if row > 0 && x + gap + w > width {
            rows.push(Vec::new());
            x = 0;
        } else if row > 0 {
            x += gap;
        }
        if let Some(r) = rows.last_mut() {
            r.push(Cell {
                step: i + 1,
                x,
                y: 0,
                width: w,
            });
        }
        x += w;
    }
    let holding = rows
        .iter()
        .position(|r| r.iter().any(|c| c.step == at))
        .unwrap_or(0);
    let first = (holding + 1).saturating_sub(most);
    rows.into_iter()
        .skip(first)
        .take(most)
        .enumerate()
        .flat_map(|(n, r)| {
            r.into_iter().map(move |c| Cell {
                y: top + n as u16,
                ..c
            })
        })
        .collect()
}

/// Where the strip's and the move list's cells are in the panel's
/// `inner` area: the strip under the title, the list under its legend,
/// where a move that opens a round (`opens`) stands after " · ".
fn cells(
    judged: &[Judgement<String>],
    opens: &[bool],
    step: usize,
    inner: Rect,
) -> (Vec<Cell>, Vec<Cell>) {
    let strip = pack(
        &vec![1; judged.len()],
        |_| 0,
        inner.width,
        step,
        STRIP_ROWS,
        inner.y + 1,
    );
    let strip_rows = strip.iter().map(|c| c.y).max().map_or(0, |y| y - inner.y);
    let widths: Vec<u16> = judged
        .iter()
        .map(|j| u16::try_from(j.mv.chars().count() + 1).unwrap_or(u16::MAX))
        .collect();
    let list = pack(
        &widths,
        |i| if opens.get(i) == Some(&true) { 3 } else { 1 },
        inner.width,
        step,
        LIST_ROWS,
        inner.y + strip_rows + 3,
    );
    (strip, list)
}

/// The step a click at (`x`, `y`) on the strip or the move list asks for.
pub(super) fn clicked(
    judged: &[Judgement<String>],
    opens: &[bool],
    step: usize,
    inner: Rect,
    x: u16,
    y: u16,
) -> Option<usize> {
    let (strip, list) = cells(judged, opens, step, inner);
    strip
        .iter()
        .chain(&list)
        .find(|c| c.y == y && (c.x + inner.x..c.x + inner.x + c.width).contains(&x))
        .map(|c| c.step)
}

/// Draws the review in the side panel's `inner` area: the title, the
/// strip, its legend, the move list, then the shown move's verdict.
pub(super) fn render<F: Family, V: BoardView<F>>(
    play: &Playing<F, V>,
    review: Review,
    t: &Theme,
    inner: Rect,
    buf: &mut Buffer,
) {
    let total = play.session.moves().len();
    let title = Line::styled(format!("Review: move {} of {total}", review.step), t.title);
    let Some(judged) = &play.judged else {
        Paragraph::new(vec![title, Line::styled("Judging every move…", t.dim)])
            .wrap(Wrap { trim: true })
            .render(inner, buf);
        return;
    };
    title.render(inner, buf);
    let opens = play.round_opens();
    let (strip, list) = cells(judged, &opens, review.step, inner);
    let mark_style = |j: &Judgement<String>| {
        let style = verdict_style(j.verdict, t);
        if j.ply == review.step {
            style.patch(t.cursor)
        } else {
            style
        }
    };
    for c in &strip {
        let j = &judged[c.step - 1];
        buf.set_string(
            inner.x + c.x,
            c.y,
            j.verdict.mark().to_string(),
            mark_style(j),
        );
    }
    let legend_y = strip.iter().map(|c| c.y).max().unwrap_or(inner.y) + 1;
    buf.set_string(inner.x, legend_y, "+ best = kept (slower)", t.dim);
    buf.set_string(inner.x, legend_y + 1, "- mistake ? unknown", t.dim);
    for c in &list {
        let j = &judged[c.step - 1];
        if opens.get(c.step - 1) == Some(&true) && c.x >= 3 {
            buf.set_string(inner.x + c.x - 2, c.y, "·", t.dim);
        }
        let token: String = format!("{}{}", j.mv, j.verdict.mark())
            .chars()
            .take(usize::from(c.width))
            .collect();
        buf.set_string(inner.x + c.x, c.y, token, mark_style(j));
    }
    let below = list.iter().map(|c| c.y).max().unwrap_or(legend_y + 1) + 2;
    let rest = Rect {
        y: below.min(inner.bottom()),
        height: inner.bottom().saturating_sub(below),
        ..inner
    };
    Paragraph::new(verdict_lines(play, judged, review, t))
        .wrap(Wrap { trim: true })
        .render(rest, buf);
}

/// The shown move's verdict, the tip for it, and the person's mistakes.
fn verdict_lines<F: Family, V: BoardView<F>>(
    play: &Playing<F, V>,
    judged: &[Judgement<String>],
    review: Review,
    t: &Theme,
) -> Vec<Line<'static>> {
    let mut lines = vec![Line::styled(format!("{}.", play.banner()), t.win)];
    match review.step.checked_sub(1).and_then(|i| judged.get(i)) {
        None => lines.push(Line::raw("The start. → steps through the game.")),
        Some(j) => {
            // The verdict's sentence names the move; the line above says
            // whose it was.
            let whose = if j.player == play.session.setup().human {
                "Your move:"
            } else {
                "The computer's move:"
            };
            lines.push(Line::styled(whose, t.key));
            lines.push(Line::styled(
                wording::judgement_line(j),
                verdict_style(j.verdict, t),
            ));
        }
    }
    let yours = review
        .step
        .checked_sub(1)
        .and_then(|i| judged.get(i))
        .filter(|j| j.player == play.session.setup().human);
    if let Some(j) = yours {
        lines.push(Line::raw(""));
        // A best move has nothing to be instead of: `t` gives the best
        // move there and why, as for any other.
        let best = j.verdict == Verdict::Best;
        match play.step_tip.as_ref().filter(|t| t.step == review.step) {
            Some(tip) => {
                let title = if best {
                    "The best move here".to_string()
                } else {
                    format!("Instead of {}", j.mv)
                };
                lines.push(Line::styled(title, t.title));
                lines.push(Line::raw(tip.text.clone()));
            }
            None if best => lines.push(Line::styled("t: the best move here", t.dim)),
            None => lines.push(Line::styled("t: the best move instead", t.dim)),
        }
    }
    let mistakes: Vec<String> = judged
        .iter()
        .filter(|j| j.verdict == Verdict::Mistake && j.player == play.session.setup().human)
        .map(|j| format!("{} (move {})", j.mv, j.ply))
        .collect();
    lines.push(Line::raw(""));
    lines.push(Line::raw(if mistakes.is_empty() {
        "No move of yours threw a proven result away.".to_string()
    } else {
        format!("Your mistakes: {}.", mistakes.join(", "))
    }));
    lines
}

fn verdict_style(v: Verdict, t: &Theme) -> Style {
    match v {
        Verdict::Best => t.win,
        Verdict::Kept => t.text,
        Verdict::Mistake => t.warning,
        Verdict::Unknown => t.dim,
    }
}
