//! Reading a ruleset's TOML: every field is checked on its own and every
//! problem is kept with the place it was found, so `check` can report them
//! all. This is the vocabulary the families and the ruleset loader share;
//! it knows no family.

mod canonical;
mod numbers;
mod table;

use std::ops::Range;

pub use canonical::canonical;
pub use numbers::{big, show_range};
pub use table::{
    MAX_WORD, Table, Value, did_you_mean, nearest, string, uint, uint_list, uint_set, what_is,
};
pub use toml::Spanned;

/// A problem at a place (a byte range) in a ruleset's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub span: Range<usize>,
    pub message: String,
}

impl Problem {
    pub fn new(span: Range<usize>, message: impl Into<String>) -> Self {
        Self {
            span,
            message: message.into(),
        }
    }
}

/// The problems of a text the TOML parser could not read, each where it
/// was found. A key or table given twice is named (the parser says only
/// "duplicate key", at the second).
#[must_use]
pub fn syntax_problems(source: &str, errors: &[toml::de::Error]) -> Vec<Problem> {
    errors
        .iter()
        .map(|e| {
            let span = e.span().unwrap_or(0..0);
            let message = e.message().trim_end();
            let key = source.get(span.clone()).filter(|k| !k.is_empty());
            let message = match key {
                Some(key) if message == "duplicate key" => format!(
                    "'{}' is given twice; each key or table may be given once",
                    crate::text::clip(&crate::text::visible(key), 41)
                ),
                _ => message.to_string(),
            };
            Problem::new(span, message)
        })
        .collect()
}

/// The 1-based line and column of byte `offset` in `source` (columns in
/// characters).
#[must_use]
pub fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(source.len());
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_count_from_one() {
        let text = "a = 1\nbé = 2\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 6), (2, 1));
        assert_eq!(line_column(text, 9), (2, 3));
        assert_eq!(line_column(text, 999), (3, 1));
    }

    #[test]
    fn a_key_given_twice_is_named() {
        let text = "a = 1\nname = 2\nname = 3\n";
        let (_, errors) = toml::de::DeTable::parse_recoverable(text);
        let problems = syntax_problems(text, &errors);
        assert_eq!(problems.len(), 1);
        assert_eq!(&text[problems[0].span.clone()], "name");
        assert_eq!(
            problems[0].message,
            "'name' is given twice; each key or table may be given once"
        );
    }
}
