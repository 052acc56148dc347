//! Ruleset errors: every one names the file and, where it can, the line and
//! column, with a sentence saying what is wrong and what is allowed.

use std::fmt;
use std::ops::Range;

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use crate::schema::{Problem, line_column};

/// A problem placed in its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located {
    pub line: usize,
    pub column: usize,
    pub span: Range<usize>,
    pub message: String,
}

#[derive(Debug, PartialEq, Eq)]
pub enum RulesetError {
    /// The text was read but is not a valid ruleset: every problem found.
    Invalid {
        file: String,
        /// The text, for showing the lines with carets.
        source: String,
        problems: Vec<Located>,
    },
    /// The file could not be read at all.
    Unreadable { file: String, message: String },
    /// No built-in or user ruleset has that name, and it is no file.
    NotFound { name: String, known: String },
}

impl RulesetError {
    /// Places problems in `source`, counting lines and columns from 1.
    #[must_use]
    pub fn invalid(file: &str, source: &str, problems: Vec<Problem>) -> Self {
        let problems = problems
            .into_iter()
            .map(|p| {
                let (line, column) = line_column(source, p.span.start);
                Located {
                    line,
                    column,
                    span: p.span,
                    message: p.message,
                }
            })
            .collect();
        Self::Invalid {
            file: file.to_string(),
            source: source.to_string(),
            problems,
        }
    }
}

impl RulesetError {
    /// Every problem the way cargo and rustc show them: the message, the
    /// file, line and column, and the line itself with carets under the
    /// text at fault. `styled` adds colour.
    #[must_use]
    pub fn report(&self, styled: bool) -> String {
        let Self::Invalid {
            file,
            source,
            problems,
        } = self
        else {
            return format!("error: {self}");
        };
        let groups: Vec<Group<'_>> = problems
            .iter()
            .map(|p| {
                // An empty span (a missing key, the end of the file) still
                // gets a caret: one character wide, inside the text.
                let start = p.span.start.min(source.len());
                let end = p.span.end.clamp(start, source.len());
                Level::ERROR.primary_title(p.message.as_str()).element(
                    Snippet::source(source.as_str())
                        .path(file.as_str())
                        .annotation(AnnotationKind::Primary.span(start..end)),
                )
            })
            .collect();
        let renderer = if styled {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        renderer.render(&groups)
    }
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Invalid { file, problems, .. } => {
                for (i, p) in problems.iter().enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{file}:{}:{}: {}", p.line, p.column, p.message)?;
                }
                Ok(())
            }
            Self::Unreadable { file, message } => write!(f, "{file}: {message}"),
            Self::NotFound { name, known } => write!(
                f,
                "no ruleset '{name}': use a built-in name ({known}) or the path of a .toml file"
            ),
        }
    }
}

impl std::error::Error for RulesetError {}
