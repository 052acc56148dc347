//! words: the word so far, the letters that keep it a beginning of a word
//! (with their results when the values overlay is on, and then a few words
//! the round can end at), the round and the rounds won.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::engine::{Game, Player};
use crate::games::words::{Words, WordsGame};

use super::{BoardView, Ctx, Dir, index_clamp, index_step, put, put_wrapped};

#[derive(Default)]
pub struct WordsView;

/// Columns a letter's button takes: the letter, its mark and a space each side.
const CELL: u16 = 4;
/// The first row of letter buttons.
const LETTERS_Y: u16 = 6;

fn letters(pos: &WordsGame) -> Vec<u8> {
    pos.moves().collect()
}

fn per_row(area: Rect) -> usize {
    usize::from((area.width / CELL).max(1))
}

impl BoardView<Words> for WordsView {
    /// The index of the chosen letter.
    type Cursor = usize;

    fn first(&self, _pos: &WordsGame) -> usize {
        0
    }

    fn clamp(&self, pos: &WordsGame, cursor: usize) -> usize {
        index_clamp(letters(pos).len(), cursor)
    }

    fn step(&self, pos: &WordsGame, cursor: usize, dir: Dir) -> usize {
        // Rows of the letter buttons are as wide as the board allows; up
        // and down move by a whole row of the usual 80-column screen.
        index_step(letters(pos).len(), cursor, dir, 12)
    }

    fn selected(&self, pos: &WordsGame, cursor: usize) -> Option<u8> {
        letters(pos).get(cursor).copied()
    }

    fn render(&self, ctx: &Ctx<'_, Words, usize>, area: Rect, buf: &mut Buffer) {
        let pos = ctx.pos;
        let t = ctx.theme;
        header(ctx, area, buf);
        let word = pos.word();
        let shown = if pos.status().is_over() {
            pos.trie().text(pos.ended.map_or(pos.node, |e| e.word))
        } else {
            format!("{word}_")
        };
        put(buf, area, area.x, area.y + 4, "Word: ", t.text);
        put(
            buf,
            area,
            area.x + 6,
            area.y + 4,
            &shown.to_uppercase(),
            t.title,
        );
        if pos.status().is_over() {
            return;
        }
        let all = letters(pos);
        let per = per_row(area);
        for (i, &l) in all.iter().enumerate() {
            let x = area.x + (i % per) as u16 * CELL;
            let y = area.y + LETTERS_Y + (i / per) as u16;
            let style = if ctx.human_turn && i == ctx.cursor {
                t.cursor
            } else {
                t.legal
            };
            put(buf, area, x, y, &format!(" {} ", char::from(l)), style);
            if let Some((c, s)) = ctx.mark(l) {
                put(buf, area, x + 3, y, &c.to_string(), s);
            }
        }
        let mut y = area.y + LETTERS_Y + all.len().div_ceil(per) as u16 + 1;
        if let Some(l) = ctx.last.filter(|_| pos.trie().depth(pos.node) > 0) {
            let text = format!("The computer added {}.", char::from(l));
            put(buf, area, area.x, y, &text, t.last_move);
            y += 1;
        }
        if ctx.values.is_some() {
            const SHOWN: usize = 5;
            let soon = pos.endings(SHOWN + 1);
            if !soon.is_empty() {
                // As many words as the line holds whole (with room for the
                // ellipsis where words are left after them), then the
                // ellipsis where any are left.
                let mut text = "The round can end at:".to_string();
                let width = usize::from(area.width);
                let mut listed = 0;
                for word in soon.iter().take(SHOWN) {
                    let ellipsis = if listed + 1 < soon.len() { 3 } else { 0 };
                    if text.chars().count() + 2 + word.chars().count() + ellipsis > width {
                        break;
                    }
                    text.push_str(if listed == 0 { " " } else { ", " });
                    text.push_str(word);
                    listed += 1;
                }
                if listed < soon.len() {
                    text.push_str(if listed == 0 { " …" } else { ", …" });
                }
                put(buf, area, area.x, y, &text, t.dim);
                y += 1;
            }
        }
        rules_lines(ctx, area, buf, y);
    }

    fn click(&self, pos: &WordsGame, _cursor: usize, area: Rect, x: u16, y: u16) -> Option<usize> {
        let top = area.y + LETTERS_Y;
        if y < top || x < area.x {
            return None;
        }
        let per = per_row(area);
        let col = usize::from((x - area.x) / CELL);
        if col >= per {
            return None;
        }
        let i = usize::from(y - top) * per + col;
        (i < letters(pos).len()).then_some(i)
    }

    /// A round's letters read as its word ("quacking · za"): the players
    /// build one word together.
    fn separator(&self) -> &'static str {
        ""
    }

    fn opens_round(&self, before: &WordsGame) -> bool {
        before.word().is_empty()
    }

    fn typable(&self, pos: &WordsGame, typed: &str, c: char) -> Result<(), String> {
        // Once the match is over the letters are commands again (n, q, …).
        if pos.status().is_over() {
            return Err("the match is over".into());
        }
        if !c.is_ascii_alphabetic() {
            return Err(format!(
                "'{c}' is not a letter: a move is one letter, a to z"
            ));
        }
        if !typed.is_empty() {
            return Err("a move is one letter: Enter adds it".into());
        }
        Ok(())
    }
}

/// The round, the score in rounds and how the last round ended.
fn header(ctx: &Ctx<'_, Words, usize>, area: Rect, buf: &mut Buffer) {
    let pos = ctx.pos;
    let t = ctx.theme;
    let round = if pos.rounds == 1 {
        format!("One round, started by {}", ctx.who(pos.starter))
    } else {
        format!(
            "Round {} of {}, started by {}",
            pos.round,
            pos.rounds,
            ctx.who(pos.starter)
        )
    };
    put(buf, area, area.x, area.y, &round, t.title);
    if pos.rounds > 1 {
        // The analysis board's sides by their short names: the line
        // is the board's width.
        let (first, [one, other]) = match ctx.person {
            Some(person) => (person, ["you", "the computer"]),
            None => (Player::First, ["first", "second"]),
        };
        let score = format!(
            "Rounds won: {one} {} · {other} {}",
            pos.rounds_won(first),
            pos.rounds_won(first.opponent())
        );
        put(buf, area, area.x, area.y + 1, &score, t.text);
    }
    if let Some(end) = pos.ended {
        let word = pos.trie().text(end.word);
        let who = crate::text::capitalised(ctx.who(end.loser));
        let how = if end.completed {
            format!("completed '{word}'")
        } else {
            format!("stuck at '{word}'")
        };
        let text = format!("{who} lost round {}: {how}.", end.round);
        put(buf, area, area.x, area.y + 2, &text, t.last_move);
    }
}

/// The keys and the rules that decide, from row `y` down.
fn rules_lines(ctx: &Ctx<'_, Words, usize>, area: Rect, buf: &mut Buffer, y: u16) {
    let pos = ctx.pos;
    let t = ctx.theme;
    put(
        buf,
        area,
        area.x,
        y + 1,
        "←/→ choose a letter · Enter adds it (or type it)",
        t.dim,
    );
    let mut rules_y = y + 2;
    if pos.rounds > 1 {
        // Which rule decides the match, and who starts the next round.
        let rule = crate::games::words::rule_words(pos);
        let mut first = rule.chars();
        let rule: String = first
            .next()
            .map(|c| c.to_ascii_uppercase())
            .into_iter()
            .chain(first)
            .collect();
        rules_y += put_wrapped(buf, area, area.x, rules_y, &format!("{rule}."), t.dim);
        rules_y += put_wrapped(
            buf,
            area,
            area.x,
            rules_y,
            "The loser of a round starts the next.",
            t.dim,
        );
    }
    if pos.ghost {
        let rule = format!(
            "Ghost: completing a word of {}+ letters loses the round.",
            pos.min_length
        );
        put_wrapped(buf, area, area.x, rules_y, &rule, t.dim);
    }
}
