//! Ruleset errors: every one names the file and, where it can, the line and
//! column, with a sentence saying what is wrong and what is allowed.

use std::ops::Range;

/// A problem at a place in a ruleset's text, before the file name is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpanError {
    pub span: Range<usize>,
    pub message: String,
}

impl SpanError {
    pub fn new(span: Range<usize>, message: impl Into<String>) -> Self {
        Self {
            span,
            message: message.into(),
        }
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RulesetError {
    /// The text was read but is not a valid ruleset.
    #[error("{file}:{line}:{column}: {message}")]
    Invalid {
        file: String,
        line: usize,
        column: usize,
        message: String,
    },
    /// The file could not be read at all.
    #[error("{file}: {message}")]
    Unreadable { file: String, message: String },
    /// No built-in or user ruleset has that name, and it is no file.
    #[error("no ruleset '{name}': use a built-in name ({known}) or the path of a .toml file")]
    NotFound { name: String, known: String },
}

impl RulesetError {
    /// Places a span error in `source`, counting lines and columns from 1
    /// (columns in characters).
    #[must_use]
    pub fn at(file: &str, source: &str, error: &SpanError) -> Self {
        let (line, column) = line_column(source, error.span.start);
        Self::Invalid {
            file: file.to_string(),
            line,
            column,
            message: error.message.clone(),
        }
    }
}

/// The 1-based line and column of byte `offset` in `source`.
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
}
