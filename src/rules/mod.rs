//! Rulesets: TOML files read field by field, every problem reported with
//! its line and column; the built-in rulesets and the user's folder. The
//! family's own table is read by the family found in the registry: this
//! module names no family.

mod builtin;
mod error;
mod renames;
mod source;

use std::path::Path;
use std::sync::Arc;

use toml::de::{DeTable, DeValue};

use crate::families::{self, Registered, Rules};
use crate::fingerprint::Fingerprint;
use crate::schema::{Problem, Table, canonical, did_you_mean, nearest, what_is};
use crate::session::{AnySession, Setup};

pub use builtin::BUILTIN;
pub use error::{Located, RulesetError};
pub use renames::Renames;
pub use source::{Listed, Origin, builtins, clash, find, list_all, load_path, shadowed, user_dir};

/// The largest ruleset file read, so no file can exhaust memory.
pub const MAX_FILE_BYTES: usize = 64 * 1024;

/// A checked ruleset: a named game variant the computer can play.
#[derive(Clone, Debug)]
pub struct Ruleset {
    pub name: String,
    pub description: String,
    pub rules: Arc<dyn Rules>,
    /// The fingerprint of the rules as the file writes them ([`identity`]).
    ///
    /// [`identity`]: Ruleset::identity
    fingerprint: u64,
}

impl Ruleset {
    /// Parses and checks a ruleset's text; `file` names it in errors.
    ///
    /// # Errors
    /// Every problem found, each with its line and column.
    pub fn parse(file: &str, source: &str) -> Result<Self, RulesetError> {
        Self::parse_in(file, source, None)
    }

    /// As [`Ruleset::parse`], with the folder that paths in the file are
    /// relative to.
    ///
    /// # Errors
    /// Every problem found, each with its line and column.
    pub fn parse_in(file: &str, source: &str, dir: Option<&Path>) -> Result<Self, RulesetError> {
        if source.len() > MAX_FILE_BYTES {
            return Err(RulesetError::Unreadable {
                file: file.to_string(),
                message: format!(
                    "the file has {} bytes; a ruleset may have at most {MAX_FILE_BYTES}",
                    source.len()
                ),
            });
        }
        let (doc, errors) = DeTable::parse_recoverable(source);
        if !errors.is_empty() {
            let problems = crate::schema::syntax_problems(source, &errors);
            return Err(RulesetError::invalid(file, source, problems));
        }
        read(doc.get_ref(), dir).map_err(|problems| RulesetError::invalid(file, source, problems))
    }

    /// Reads raw bytes (a file's content) as a ruleset.
    ///
    /// # Errors
    /// Text that is not UTF-8 is refused at the first bad byte.
    pub fn parse_bytes(file: &str, bytes: &[u8], dir: Option<&Path>) -> Result<Self, RulesetError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Self::parse_in(file, text, dir),
            Err(e) => {
                let good = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
                Err(RulesetError::invalid(
                    file,
                    good,
                    vec![Problem::new(
                        good.len()..good.len(),
                        "the file is not UTF-8 text; a ruleset is a TOML text file",
                    )],
                ))
            }
        }
    }

    #[must_use]
    pub fn kind(&self) -> &'static str {
        self.rules.kind()
    }

    /// What the tally, the kept games and the puzzles key a ruleset's
    /// games by: its name and a fingerprint of its rules as its file
    /// writes them — the kind's table in one spelling ([`canonical`]: key
    /// order, comments and the way a number is written do not count) and
    /// the words of a word list file it reads. So two files with the same stem
    /// keep apart, the same game keeps its record wherever its file lives,
    /// and a release that words a card anew keeps it too.
    ///
    /// [`canonical`]: crate::schema::canonical
    #[must_use]
    pub fn identity(&self) -> String {
        format!("{} #{:08x}", self.name, self.fingerprint >> 32)
    }

    /// The identity records were kept under before 2026-12: a fingerprint
    /// of the card, the rules in the program's words, which changed
    /// whenever a release worded a card anew. Records still under it are
    /// taken over by [`Ruleset::identity`] (see [`Renames`]).
    #[must_use]
    pub fn former_identity(&self) -> String {
        let card = Fingerprint::new()
            .with(self.kind().as_bytes())
            .with(self.rules.former_card().concat().as_bytes());
        format!("{} #{:08x}", self.name, card.value() >> 32)
    }

    /// A new game for plain play or `analyze`.
    #[must_use]
    pub fn session(&self, setup: Setup) -> Box<dyn AnySession> {
        self.rules.session(setup)
    }
}

/// The longest description: a few sentences.
const MAX_DESCRIPTION: usize = 500;

/// Why a name or description cannot be shown as it is: a control character
/// (an escape sequence would drive the terminal; a line break or tab would
/// break the menu's lines).
fn control_in(field: &str, text: &str) -> Option<String> {
    let c = text.chars().find(|&c| crate::text::is_unsafe(c))?;
    Some(format!(
        "{field} has the control character '{}': a {field} is plain text on one line",
        crate::text::visible(&c.to_string())
    ))
}

/// The whole ruleset: name, description, kind and the kind's table.
fn read(doc: &DeTable<'_>, dir: Option<&Path>) -> Result<Ruleset, Vec<Problem>> {
    let mut top = Table::new("the ruleset", doc, 0..0).with_dir(dir);
    let name = top.string("name").and_then(|n| {
        let trimmed = n.get_ref().trim();
        if trimmed.is_empty() || trimmed.chars().count() > 60 {
            top.problem(n.span(), "name must have 1 to 60 characters");
            None
        } else if let Some(why) = control_in("name", trimmed) {
            top.problem(n.span(), why);
            None
        } else {
            Some(trimmed.to_string())
        }
    });
    let description = top.string_or("description", "").and_then(|d| {
        if d.get_ref().chars().count() > MAX_DESCRIPTION {
            top.problem(
                d.span(),
                format!("description may have at most {MAX_DESCRIPTION} characters"),
            );
            None
        } else if let Some(why) = control_in("description", d.get_ref()) {
            top.problem(d.span(), why);
            None
        } else {
            Some(d)
        }
    });
    let family = top.require("kind").and_then(|k| {
        let found = match k.get_ref() {
            DeValue::String(s) => families::find(s),
            _ => None,
        };
        if found.is_none() {
            let names: Vec<String> = families::kinds()
                .iter()
                .map(|k| format!("\"{k}\""))
                .collect();
            let is = match k.get_ref() {
                DeValue::String(s) => format!("'{s}'"),
                other => what_is(other),
            };
            let hint = did_you_mean(k.get_ref(), &families::kinds());
            top.problem(
                k.span(),
                format!("kind is {is}: {hint}use one of {}", names.join(", ")),
            );
        }
        found.map(|f| (f, k.span()))
    });
    // A table of another kind is a mistake worth naming.
    for other in families::FAMILIES.iter().map(|f| f.kind()) {
        if family.as_ref().is_some_and(|(f, _)| f.kind() == other) {
            continue;
        }
        // (Where the kind itself is wrong, its own problem says so.)
        if let Some(v) = top.value(other)
            && let Some((f, _)) = &family
        {
            let kind = f.kind();
            top.problem(
                v.span(),
                format!("a [{other}] table does not belong in a ruleset of kind '{kind}'"),
            );
        }
    }
    let kind = family.as_ref().map(|(f, _)| f.kind());
    top.set_keys(move || match kind {
        Some(k) => format!("name, description, kind and the [{k}] table"),
        None => "name, description, kind and the table of the kind".to_string(),
    });
    let mut problems = Vec::new();
    let rules =
        family.and_then(|(f, kind_span)| kind_table(&mut top, f, kind_span, dir, &mut problems));
    problems.extend(top.finish());
    problems.sort_by_key(|p| p.span.start);
    match (name, description, rules) {
        (Some(name), Some(description), Some((rules, fingerprint))) if problems.is_empty() => {
            Ok(Ruleset {
                name,
                description: description.get_ref().trim().to_string(),
                rules,
                fingerprint,
            })
        }
        _ => Err(problems),
    }
}

/// The rules in the table of the ruleset's kind, checked by its family,
/// with their fingerprint (the kind, the table in one spelling and the
/// files read); the table's problems join `problems`, a missing or
/// misplaced table is named on `top`.
fn kind_table(
    top: &mut Table<'_, '_>,
    f: &'static dyn Registered,
    kind_span: std::ops::Range<usize>,
    dir: Option<&Path>,
    problems: &mut Vec<Problem>,
) -> Option<(Arc<dyn Rules>, u64)> {
    let kind = f.kind();
    match top.value(kind).map(|v| (v, v.get_ref())) {
        Some((v, DeValue::Table(table))) => {
            let mut t = Table::new(format!("[{kind}]"), table, v.span()).with_dir(dir);
            let rules = f.check(&mut t);
            let files = t.files_read();
            problems.extend(t.finish());
            rules.map(|r| {
                let mut spelt = String::new();
                canonical(v.get_ref(), &mut spelt);
                let fingerprint = Fingerprint::new()
                    .with(kind.as_bytes())
                    .with(b"\0")
                    .with(spelt.as_bytes())
                    .with(b"\0")
                    .with(&files.value().to_le_bytes());
                (r, fingerprint.value())
            })
        }
        Some((v, other)) => {
            top.problem(
                v.span(),
                format!(
                    "{kind} must be a table, not {}: write [{kind}] on a line of its own, with its keys below it",
                    what_is(other)
                ),
            );
            None
        }
        None => {
            let stray = top.unasked();
            // The kind's table under a mistyped name ([mkn]): name the one
            // meant.
            if let Some((key, span)) = stray.iter().find(|(k, _)| nearest(k, &[kind]).is_some()) {
                top.problem(
                    span.clone(),
                    format!("'{key}' is not a key of a ruleset: did you mean [{kind}]?"),
                );
                top.mark_known(key);
                return None;
            }
            // Keys written at the top that belong below a header that is
            // missing: name the first, where the header should go. A key
            // near one of the ruleset's own ('nmae') is left to the
            // unknown key's message, which names the key meant.
            let stray: Vec<_> = stray
                .into_iter()
                .filter(|(k, _)| nearest(k, &["name", "description", "kind"]).is_none())
                .collect();
            if let Some((key, span)) = stray.first() {
                top.problem(
                    span.clone(),
                    format!(
                        "'{key}' is not a key of a ruleset: the [{kind}] header is missing; add the line [{kind}] above it"
                    ),
                );
                for (key, _) in stray {
                    top.mark_known(key);
                }
            } else {
                top.problem(
                    kind_span,
                    format!("a ruleset of kind '{kind}' needs a [{kind}] table"),
                );
            }
            None
        }
    }
}
