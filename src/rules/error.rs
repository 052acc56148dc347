//! Ruleset errors: every one names the file and, where it can, the line and
//! column, with a sentence saying what is wrong and what is allowed.

use std::fmt;
use std::ops::Range;

use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};

use crate::schema::Problem;
use crate::text::{counted, visible, visible_lines};

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
    /// No built-in or user ruleset has that name, and it is no file: the
    /// known names closest to it.
    NotFound { name: String, known: Vec<String> },
}

/// The most problems a report lists one by one; past it, a count.
pub const SHOWN_PROBLEMS: usize = 50;

/// The width a report is laid out in: a long line of the file is shown
/// only near the fault, never whole.
const WINDOW: usize = 80;

impl RulesetError {
    /// Places problems in `source`, counting lines and columns from 1.
    #[must_use]
    pub fn invalid(file: &str, source: &str, mut problems: Vec<Problem>) -> Self {
        problems.sort_by_key(|p| p.span.start);
        let lines = LineIndex::new(source);
        let problems = problems
            .into_iter()
            .map(|p| {
                let (line, column) = lines.place(source, p.span.start);
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

    /// Every problem (up to [`SHOWN_PROBLEMS`], then how many more) the way
    /// cargo and rustc show them: the message, the file, line and column,
    /// and the part of the line at fault with carets under it. `styled`
    /// adds colour. Text from the file is shown with control characters
    /// made visible.
    #[must_use]
    pub fn report(&self, styled: bool) -> String {
        let Self::Invalid {
            file,
            source,
            problems,
        } = self
        else {
            return format!("error: {}", visible_lines(&self.to_string()));
        };
        let renderer = if styled {
            Renderer::styled()
        } else {
            Renderer::plain()
        }
        .term_width(WINDOW);
        let file = visible(file);
        let mut out = String::new();
        // One group at a time, each with its own short excerpt: memory
        // stays in proportion to the file, however many problems it has.
        for p in problems.iter().take(SHOWN_PROBLEMS) {
            let (excerpt, carets) = excerpt(source, p);
            let message = visible(&p.message);
            let group = Level::ERROR.primary_title(message.as_ref()).element(
                Snippet::source(excerpt)
                    .path(file.as_ref())
                    .line_start(p.line)
                    .annotation(AnnotationKind::Primary.span(carets)),
            );
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&renderer.render(&[group]));
        }
        if let Some(more) = more_line(problems.len()) {
            out.push('\n');
            out.push_str(&more);
        }
        out
    }
}

/// "… and N more errors" where a report stops listing them.
fn more_line(total: usize) -> Option<String> {
    let more = total.checked_sub(SHOWN_PROBLEMS).filter(|&m| m > 0)?;
    Some(format!("error: … and {}", counted(more, "more error")))
}

/// The problem's line (annotate-snippets shows only a window of it, and
/// control characters as pictures), and the range of it the carets go
/// under: a problem that runs on past its line is marked to the line's end.
fn excerpt<'s>(source: &'s str, p: &Located) -> (&'s str, Range<usize>) {
    let start = floor_boundary(source, p.span.start.min(source.len()));
    let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = source[start..]
        .find('\n')
        .map_or(source.len(), |i| start + i);
    let end = floor_boundary(source, p.span.end.clamp(start, line_end));
    (
        &source[line_start..line_end],
        start - line_start..end - line_start,
    )
}

fn floor_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Where each line starts, to place many problems in one pass.
struct LineIndex(Vec<usize>);

impl LineIndex {
    fn new(source: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
        Self(starts)
    }

    /// The 1-based line and column (in characters) of byte `offset`.
    fn place(&self, source: &str, offset: usize) -> (usize, usize) {
        let offset = floor_boundary(source, offset.min(source.len()));
        let line = self.0.partition_point(|&s| s <= offset);
        let start = self.0[line - 1];
        (line, source[start..offset].chars().count() + 1)
    }
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Invalid { file, problems, .. } => {
                for (i, p) in problems.iter().take(SHOWN_PROBLEMS).enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{file}:{}:{}: {}", p.line, p.column, p.message)?;
                }
                if let Some(more) = more_line(problems.len()) {
                    write!(f, "\n{more}")?;
                }
                Ok(())
            }
            Self::Unreadable { file, message } => write!(f, "{file}: {message}"),
            Self::NotFound { name, known } => {
                let name = visible(name);
                if known.is_empty() {
                    write!(
                        f,
                        "no ruleset '{name}': `unbeatable list` shows the built-in ones and yours, or give the path of a .toml file"
                    )
                } else {
                    let quoted: Vec<String> = known.iter().map(|k| format!("'{k}'")).collect();
                    write!(
                        f,
                        "no ruleset '{name}': did you mean {}? (`unbeatable list` shows them all)",
                        quoted.join(" or ")
                    )
                }
            }
        }
    }
}

impl std::error::Error for RulesetError {}
