//! The review of a finished game on the play screen: `e` steps through
//! the game (←/→, Home/End), the board showing each
//! position, the side panel the move's exact verdict, and a strip of every
//! move's mark (`+` best, `=` kept, `-` mistake, `?` unknown) that reads
//! without colour.

use ratatui::crossterm::event::KeyCode;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

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
            _ => return false,
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

/// The review's lines for the side panel.
pub(super) fn lines<F: Family, V: BoardView<F>>(
    play: &Playing<F, V>,
    review: Review,
    t: &Theme,
) -> Vec<Line<'static>> {
    let total = play.session.moves().len();
    let mut lines = vec![Line::styled(
        format!("Review: move {} of {total}", review.step),
        t.title,
    )];
    let Some(judged) = &play.judged else {
        lines.push(Line::styled("Judging every move…", t.dim));
        return lines;
    };
    lines.push(strip(judged, review.step, t));
    lines.push(Line::styled("+ best  = kept (slower)", t.dim));
    lines.push(Line::styled("- mistake  ? unknown", t.dim));
    lines.push(Line::raw(""));
    match review.step.checked_sub(1).and_then(|i| judged.get(i)) {
        None => lines.push(Line::raw("The start. → steps through the game.")),
        Some(j) => {
            let who = if j.player == play.session.setup().human {
                "You"
            } else {
                "The computer"
            };
            lines.push(Line::styled(format!("{who} played {}:", j.mv), t.key));
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
        match play.step_tip.as_ref().filter(|t| t.step == review.step) {
            Some(tip) => {
                lines.push(Line::styled(format!("Instead of {}", j.mv), t.title));
                lines.push(Line::raw(tip.text.clone()));
            }
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

/// Every move's mark, the shown one underlined and bright.
fn strip(judged: &[Judgement<String>], step: usize, t: &Theme) -> Line<'static> {
    let spans: Vec<Span<'static>> = judged
        .iter()
        .map(|j| {
            let style = verdict_style(j.verdict, t);
            let style = if j.ply == step {
                style.patch(t.cursor)
            } else {
                style
            };
            Span::styled(j.verdict.mark().to_string(), style)
        })
        .collect();
    Line::from(spans)
}

fn verdict_style(v: Verdict, t: &Theme) -> Style {
    match v {
        Verdict::Best => t.win,
        Verdict::Kept => t.text,
        Verdict::Mistake => t.warning,
        Verdict::Unknown => t.dim,
    }
}
