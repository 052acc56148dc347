//! Drawing: one file per screen behind this front, and `impl Widget for &App`.

mod games;
mod help;
mod menu;
mod setup;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::app::{App, Mode};
use super::keys::IN_FOOTER;
use super::play::Frame;
use super::theme::Theme;

pub use games::list_area as games_list_area;
pub use help::max_scroll as help_max_scroll;
pub use menu::{list_area as menu_list_area, rows as menu_rows};

/// The board area of the playing screen, for mapping clicks in tests.
#[must_use]
pub fn game_areas(area: Rect) -> [Rect; 6] {
    let a = super::play::areas(area);
    [a.title, a.board, a.side, a.status, a.input, a.footer]
}

/// The smallest terminal the screens are laid out for.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            too_small(self.theme, area, buf);
            return;
        }
        match &self.mode {
            Mode::Menu | Mode::Quit => menu::render(self, area, buf),
            Mode::Setup(s) => setup::render(self, s, area, buf),
            Mode::Games(kept) => games::render(self, kept, area, buf),
            Mode::Playing(p) => {
                let (name, record, helped) = self.entry().map_or(("", (0, 0, 0), (0, 0, 0)), |e| {
                    let id = e.ruleset.identity();
                    let (r, h) = (self.tally.total(&id), self.tally.assisted(&id));
                    (
                        e.ruleset.name.as_str(),
                        (r.won, r.lost, r.drawn),
                        (h.won, h.lost, h.drawn),
                    )
                });
                let frame = Frame {
                    name,
                    theme: self.theme,
                    record,
                    helped,
                    tally_note: self.tally_note.as_deref(),
                };
                p.render(&frame, area, buf);
            }
        }
        if self.help {
            help::render(self, area, buf);
        }
    }
}

fn too_small(theme: &Theme, area: Rect, buf: &mut Buffer) {
    let text = vec![
        Line::styled(
            "unbeatable needs a terminal of at least 80×24.",
            theme.warning,
        ),
        Line::raw(format!(
            "This one is {}×{}: please make it larger.",
            area.width, area.height
        )),
        Line::styled("q quits", theme.dim),
    ];
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

/// `text` cut to `width` characters, with an ellipsis where it was cut.
#[must_use]
pub fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut out: String = text.chars().take(width.saturating_sub(1)).collect();
    // Cut between words where one ends near the edge, not inside one.
    if let Some(space) = out.rfind(' ')
        && out[..space].chars().count() * 4 >= width * 3
    {
        out.truncate(space);
    }
    out.push('…');
    out
}

/// The key-help footer: the first entries of a key list that fit whole.
pub fn footer<K: AsRef<str>, W: AsRef<str>>(
    keys: &[(K, W)],
    theme: &Theme,
    area: Rect,
    buf: &mut Buffer,
) {
    let mut spans = Vec::new();
    let mut used = 0;
    for (key, what) in keys.iter().take(IN_FOOTER) {
        let (k, w) = (format!(" {}", key.as_ref()), format!(" {} ", what.as_ref()));
        used += k.chars().count() + w.chars().count();
        if used > usize::from(area.width) {
            break;
        }
        spans.push(Span::styled(k, theme.key));
        spans.push(Span::styled(w, theme.dim));
    }
    Line::from(spans).render(area, buf);
}

/// Title, body and footer rows of every screen.
fn frame(area: Rect) -> [Rect; 3] {
    area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Fill(1),
        Constraint::Length(1),
    ]))
}
