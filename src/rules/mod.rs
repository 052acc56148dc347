//! Rulesets: TOML files parsed with serde, checked value by value, with
//! errors that name the file, line and column; the built-in registry.

mod builtin;
mod checks;
mod error;
mod source;

use serde::Deserialize;
use toml::Spanned;

use crate::engine::AnyMatch;
use crate::games::{self, GameRules, Kind};

pub use builtin::BUILTIN;
pub use checks::{in_range, number_set};
pub use error::{RulesetError, SpanError, line_column};
pub use source::{Listed, Origin, builtins, find, list_all, load_path, user_dir};

/// The largest ruleset file read, so no file can exhaust memory.
pub const MAX_FILE_BYTES: usize = 64 * 1024;

/// A checked ruleset: a named game variant the computer can play perfectly.
#[derive(Clone, Debug)]
pub struct Ruleset {
    pub name: String,
    pub description: String,
    pub rules: GameRules,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRuleset {
    name: Spanned<String>,
    #[serde(default)]
    description: String,
    kind: Spanned<Kind>,
    flags: Option<Spanned<games::flags::RawRules>>,
    nim: Option<Spanned<games::nim::RawRules>>,
    divisors: Option<Spanned<games::divisors::RawRules>>,
    mnk: Option<Spanned<games::mnk::RawRules>>,
}

impl RawRuleset {
    /// The kind's own table, checked; a table of another kind is refused.
    fn rules(self) -> Result<GameRules, SpanError> {
        let kind = *self.kind.get_ref();
        let others = [
            (Kind::Flags, self.flags.as_ref().map(Spanned::span)),
            (Kind::Nim, self.nim.as_ref().map(Spanned::span)),
            (Kind::Divisors, self.divisors.as_ref().map(Spanned::span)),
            (Kind::Mnk, self.mnk.as_ref().map(Spanned::span)),
        ];
        if let Some((other, span)) = others
            .into_iter()
            .find_map(|(k, span)| span.filter(|_| k != kind).map(|s| (k, s)))
        {
            return Err(SpanError::new(
                span,
                format!("a [{other}] table does not belong in a ruleset of kind '{kind}'"),
            ));
        }
        let missing = || {
            SpanError::new(
                self.kind.span(),
                format!("a ruleset of kind '{kind}' needs a [{kind}] table"),
            )
        };
        match kind {
            Kind::Flags => games::flags::validate(self.flags.as_ref().ok_or_else(missing)?)
                .map(GameRules::Flags),
            Kind::Nim => {
                games::nim::validate(self.nim.as_ref().ok_or_else(missing)?).map(GameRules::Nim)
            }
            Kind::Divisors => {
                games::divisors::validate(self.divisors.as_ref().ok_or_else(missing)?)
                    .map(GameRules::Divisors)
            }
            Kind::Mnk => {
                games::mnk::validate(self.mnk.as_ref().ok_or_else(missing)?).map(GameRules::Mnk)
            }
        }
    }
}

impl Ruleset {
    /// Parses and checks a ruleset's text; `file` names it in errors.
    ///
    /// # Errors
    /// The first problem found, with its line and column.
    pub fn parse(file: &str, source: &str) -> Result<Self, RulesetError> {
        let at = |e: SpanError| RulesetError::at(file, source, &e);
        if source.len() > MAX_FILE_BYTES {
            return Err(RulesetError::Unreadable {
                file: file.to_string(),
                message: format!(
                    "the file has {} bytes; a ruleset may have at most {MAX_FILE_BYTES}",
                    source.len()
                ),
            });
        }
        let raw: RawRuleset = toml::from_str(source).map_err(|e| {
            at(SpanError::new(
                e.span().unwrap_or(0..0),
                plain_words(e.message()),
            ))
        })?;
        let name = raw.name.get_ref().trim();
        if name.is_empty() || name.chars().count() > 60 {
            return Err(at(SpanError::new(
                raw.name.span(),
                "name must have 1 to 60 characters",
            )));
        }
        let name = name.to_string();
        let description = raw.description.trim().to_string();
        let rules = raw.rules().map_err(at)?;
        Ok(Self {
            name,
            description,
            rules,
        })
    }

    /// Reads raw bytes (a file's content) as a ruleset.
    ///
    /// # Errors
    /// Text that is not UTF-8 is refused at the first bad byte.
    pub fn parse_bytes(file: &str, bytes: &[u8]) -> Result<Self, RulesetError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Self::parse(file, text),
            Err(e) => {
                let good = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or_default();
                let (line, column) = line_column(good, good.len());
                Err(RulesetError::Invalid {
                    file: file.to_string(),
                    line,
                    column,
                    message: "the file is not UTF-8 text; a ruleset is a TOML text file".into(),
                })
            }
        }
    }

    #[must_use]
    pub fn kind(&self) -> Kind {
        self.rules.kind()
    }

    /// A new game from the ruleset's starting position, with its solver.
    #[must_use]
    pub fn new_match(&self) -> Box<dyn AnyMatch> {
        self.rules.new_match()
    }
}

/// serde's messages in a user's words.
fn plain_words(message: &str) -> String {
    message
        .trim_end()
        .replace("expected i64", "expected a whole number")
        .replace("expected a sequence", "expected a list")
        .replace("expected a boolean", "expected true or false")
}
