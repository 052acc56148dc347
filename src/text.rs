//! Text from outside the program — a ruleset's name, a file's path, a line
//! typed in — reaches the terminal only through here, with every control
//! character made visible, so no file or input can drive the terminal
//! (change its title, clear it, move the cursor).

use std::borrow::Cow;
use std::io::{self, Write};

/// Whether `c` could act on a terminal instead of being shown: the C0 and
/// C1 control characters, DEL, and the marks that reorder text on screen.
#[must_use]
pub fn is_unsafe(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `s` with every control character written as an escape (`\u{1b}`,
/// `\n`, `\t`), on one line.
#[must_use]
pub fn visible(s: &str) -> Cow<'_, str> {
    escape(s, false)
}

/// As [`visible`], but line breaks stay line breaks: for text of many
/// lines.
#[must_use]
pub fn visible_lines(s: &str) -> Cow<'_, str> {
    escape(s, true)
}

fn escape(s: &str, keep_newlines: bool) -> Cow<'_, str> {
    let fine = |c: char| !is_unsafe(c) || (keep_newlines && c == '\n');
    if s.chars().all(fine) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if fine(c) {
            out.push(c);
        } else {
            match c {
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                _ => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            }
        }
    }
    Cow::Owned(out)
}

/// A writer that passes text on with every control character but the line
/// break made visible: the commands write to the terminal through it, so
/// nothing they print can act on the terminal, whatever it came from.
/// Bytes that are not UTF-8 are shown as `\xNN`.
pub struct Visible<W: Write> {
    inner: W,
    /// The start of a character cut by the end of the last write.
    pending: Vec<u8>,
}

impl<W: Write> Visible<W> {
    pub const fn new(inner: W) -> Self {
        Self {
            inner,
            pending: Vec::new(),
        }
    }
}

impl<W: Write> Write for Visible<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        let mut rest: &[u8] = &self.pending;
        let mut out = String::new();
        loop {
            match std::str::from_utf8(rest) {
                Ok(text) => {
                    out.push_str(&visible_lines(text));
                    rest = &[];
                    break;
                }
                Err(e) => {
                    let (good, bad) = rest.split_at(e.valid_up_to());
                    out.push_str(&visible_lines(
                        std::str::from_utf8(good).unwrap_or_default(),
                    ));
                    match e.error_len() {
                        Some(n) => {
                            for b in &bad[..n] {
                                out.push_str(&format!("\\x{b:02x}"));
                            }
                            rest = &bad[n..];
                        }
                        // A character cut at the end: wait for the rest.
                        None => {
                            rest = bad;
                            break;
                        }
                    }
                }
            }
        }
        self.pending = rest.to_vec();
        self.inner.write_all(out.as_bytes())?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// A length of play, counted in plies: one ply is one move of either
/// player, so "in 11 plies" is six moves of the winner and five of the
/// loser. Counted the same everywhere the program says it.
#[must_use]
pub fn plies(n: u64) -> String {
    format!("{n} pl{}", if n == 1 { "y" } else { "ies" })
}

/// A count of things, the noun in the singular for one: `counted(1,
/// "element")` is "1 element", `counted(3, "element")` "3 elements" (for
/// nouns whose plural adds an s).
#[must_use]
pub fn counted<N: std::fmt::Display + PartialEq + From<u8>>(n: N, noun: &str) -> String {
    let one = n == N::from(1);
    format!("{n} {noun}{}", if one { "" } else { "s" })
}

/// `s` with its first letter in upper case: a phrase begins a sentence.
#[must_use]
pub fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// A byte count as a person reads it: `64 KiB`, `16 MiB`, `100 bytes`.
#[must_use]
pub fn bytes(n: u64) -> String {
    const KIB: u64 = 1024;
    const MIB: u64 = 1024 * 1024;
    if n >= MIB && n.is_multiple_of(MIB) {
        format!("{} MiB", n / MIB)
    } else if n >= KIB && n.is_multiple_of(KIB) {
        format!("{} KiB", n / KIB)
    } else {
        format!("{n} bytes")
    }
}

/// At most `max` characters of `s`, with `…` where it was cut.
#[must_use]
pub fn clip(s: &str, max: usize) -> Cow<'_, str> {
    if s.chars().count() <= max {
        Cow::Borrowed(s)
    } else {
        let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
        out.push('…');
        Cow::Owned(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_not_sent() {
        assert_eq!(visible("plain é"), "plain é");
        assert_eq!(visible("a\u{1b}]0;pwned\u{7}b"), "a\\u{1b}]0;pwned\\u{7}b");
        assert_eq!(visible("x\ny\tz"), "x\\ny\\tz");
        assert_eq!(visible_lines("x\ny\u{9b}z"), "x\ny\\u{9b}z");
        assert_eq!(visible("\u{202e}abc"), "\\u{202e}abc");
        assert!(visible("\u{7f}").chars().all(|c| !is_unsafe(c)));
    }

    #[test]
    fn the_writer_shows_controls_even_when_cut_between_writes() {
        let mut w = Visible::new(Vec::new());
        w.write_all(b"ok\n\x1b[2J").unwrap();
        // U+009B (CSI) is two bytes: the write ends between them.
        w.write_all(b"a\xc2").unwrap();
        w.write_all(b"\x9bb \xff\xc3\xa9").unwrap();
        assert_eq!(
            String::from_utf8(w.inner).unwrap(),
            "ok\n\\u{1b}[2Ja\\u{9b}b \\xffé"
        );
    }

    #[test]
    fn sizes_and_clips_read_well() {
        assert_eq!(bytes(64 * 1024), "64 KiB");
        assert_eq!(bytes(16 * 1024 * 1024), "16 MiB");
        assert_eq!(bytes(1000), "1000 bytes");
        assert_eq!(clip("abcdef", 4), "abc…");
        assert_eq!(clip("abc", 4), "abc");
        assert_eq!(counted(1, "distinct value"), "1 distinct value");
        assert_eq!(counted(0, "move"), "0 moves");
        assert_eq!(counted(2, "element"), "2 elements");
    }
}
