//! The one theme every view draws with, and its colourless twin for
//! `NO_COLOR` (https://no-color.org): emphasis by bold, dim and reverse only.

use ratatui::style::{Color, Modifier, Style};

pub struct Theme {
    pub title: Style,
    pub text: Style,
    pub dim: Style,
    pub key: Style,
    pub selected: Style,
    pub cursor: Style,
    pub legal: Style,
    pub played: Style,
    pub last_move: Style,
    /// The k in a row that ended a game.
    pub winning_line: Style,
    pub win: Style,
    pub draw: Style,
    pub loss: Style,
    pub x_mark: Style,
    pub o_mark: Style,
    pub warning: Style,
    pub border: Style,
}

pub const THEME: Theme = Theme {
    title: Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
    text: Style::new(),
    dim: Style::new().fg(Color::DarkGray),
    key: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
    selected: Style::new().fg(Color::Black).bg(Color::Cyan),
    cursor: Style::new().add_modifier(Modifier::REVERSED),
    legal: Style::new().fg(Color::White).add_modifier(Modifier::BOLD),
    played: Style::new().fg(Color::DarkGray),
    last_move: Style::new().fg(Color::Magenta).add_modifier(Modifier::BOLD),
    winning_line: Style::new()
        .fg(Color::Black)
        .bg(Color::Green)
        .add_modifier(Modifier::BOLD),
    win: Style::new().fg(Color::Green).add_modifier(Modifier::BOLD),
    draw: Style::new().fg(Color::Yellow),
    loss: Style::new().fg(Color::Red),
    x_mark: Style::new()
        .fg(Color::LightBlue)
        .add_modifier(Modifier::BOLD),
    o_mark: Style::new()
        .fg(Color::LightRed)
        .add_modifier(Modifier::BOLD),
    warning: Style::new()
        .fg(Color::LightRed)
        .add_modifier(Modifier::BOLD),
    border: Style::new().fg(Color::DarkGray),
};

pub const MONO: Theme = Theme {
    title: Style::new().add_modifier(Modifier::BOLD),
    text: Style::new(),
    dim: Style::new().add_modifier(Modifier::DIM),
    key: Style::new().add_modifier(Modifier::BOLD),
    selected: Style::new().add_modifier(Modifier::REVERSED),
    cursor: Style::new().add_modifier(Modifier::REVERSED),
    legal: Style::new().add_modifier(Modifier::BOLD),
    played: Style::new().add_modifier(Modifier::DIM),
    last_move: Style::new().add_modifier(Modifier::UNDERLINED.union(Modifier::BOLD)),
    winning_line: Style::new().add_modifier(Modifier::REVERSED.union(Modifier::BOLD)),
    win: Style::new().add_modifier(Modifier::BOLD),
    draw: Style::new(),
    loss: Style::new().add_modifier(Modifier::DIM),
    x_mark: Style::new().add_modifier(Modifier::BOLD),
    o_mark: Style::new(),
    warning: Style::new().add_modifier(Modifier::BOLD),
    border: Style::new(),
};

/// The theme for this run: colourless when `NO_COLOR` is set and not empty.
#[must_use]
pub fn from_env() -> &'static Theme {
    match std::env::var_os("NO_COLOR") {
        Some(v) if !v.is_empty() => &MONO,
        _ => &THEME,
    }
}

impl Theme {
    #[must_use]
    pub const fn outcome(&self, o: crate::engine::Outcome) -> Style {
        match o {
            crate::engine::Outcome::Win => self.win,
            crate::engine::Outcome::Draw => self.draw,
            crate::engine::Outcome::Loss => self.loss,
            crate::engine::Outcome::Unknown => self.dim,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_no_color_theme_has_no_colours() {
        let all = [
            MONO.title,
            MONO.text,
            MONO.dim,
            MONO.key,
            MONO.selected,
            MONO.cursor,
            MONO.legal,
            MONO.played,
            MONO.last_move,
            MONO.winning_line,
            MONO.win,
            MONO.draw,
            MONO.loss,
            MONO.x_mark,
            MONO.o_mark,
            MONO.warning,
            MONO.border,
        ];
        for style in all {
            assert_eq!((style.fg, style.bg), (None, None));
        }
    }
}
