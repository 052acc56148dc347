//! The user's settings: `config.toml` in the config folder
//! (`~/.config/unbeatable/` on Linux). Today one key:
//!
//! ```toml
//! think = 1.5   # seconds the computer may think a move, tip or analysis; 0: until proven
//! ```

use std::path::PathBuf;
use std::time::Duration;

use toml::de::{DeTable, DeValue};

use crate::schema::{Table, line_column, what_is};

/// The largest config file read.
const MAX_BYTES: u64 = 64 * 1024;

/// Settings read from the config file; `None` where it says nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Config {
    /// The budget of one question: `Some(None)` means until proven.
    pub think: Option<Option<Duration>>,
}

/// Where the config file is: `<config>/unbeatable/config.toml`.
#[must_use]
pub fn path() -> Option<PathBuf> {
    crate::paths::config_dir().map(|d| d.join("config.toml"))
}

/// Reads the config file; a missing file is no settings.
///
/// # Errors
/// A sentence naming the file, line and column of every problem.
pub fn load() -> Result<Config, String> {
    let Some(path) = path() else {
        return Ok(Config::default());
    };
    match crate::fsutil::read_limited(&path, MAX_BYTES, "the config file") {
        Ok(bytes) => {
            let shown = crate::text::visible(&path.display().to_string()).into_owned();
            let text = String::from_utf8(bytes)
                .map_err(|_| format!("{shown}: the file is not UTF-8 text"))?;
            parse(&shown, &text)
        }
        Err(e) if e.is_missing() => Ok(Config::default()),
        Err(e) => Err(e.to_string()),
    }
}

/// Reads a config file's text; `file` names it in errors.
///
/// # Errors
/// Every problem, each as `file:line:column: message`.
pub fn parse(file: &str, text: &str) -> Result<Config, String> {
    let (doc, errors) = DeTable::parse_recoverable(text);
    let mut problems = crate::schema::syntax_problems(text, &errors);
    let mut config = Config::default();
    if problems.is_empty() {
        let mut t = Table::new("the config file", doc.get_ref(), 0..0);
        if let Some(v) = t.value("think") {
            let secs = match v.get_ref() {
                // `as_str` holds the digits alone: 0x10 is "10" in radix 16.
                DeValue::Integer(i) => i128::from_str_radix(i.as_str(), i.radix())
                    .ok()
                    .map(|n| n as f64),
                DeValue::Float(f) => f.as_str().parse::<f64>().ok(),
                _ => None,
            };
            match secs {
                Some(s) if s.is_finite() && (0.0..=3600.0).contains(&s) => {
                    config.think = Some((s > 0.0).then(|| Duration::from_secs_f64(s)));
                }
                _ => t.problem(
                    v.span(),
                    format!(
                        "think must be a number of seconds from 0 to 3600 (0: until proven), not {}",
                        what_is(v.get_ref())
                    ),
                ),
            }
        }
        problems.extend(t.finish());
    }
    if problems.is_empty() {
        return Ok(config);
    }
    let lines: Vec<String> = problems
        .iter()
        .map(|p| {
            let (line, column) = line_column(text, p.span.start);
            format!("{file}:{line}:{column}: {}", p.message)
        })
        .collect();
    Err(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_think_and_names_problems() {
        assert_eq!(
            parse("c.toml", "think = 0.5\n").unwrap().think,
            Some(Some(Duration::from_millis(500)))
        );
        assert_eq!(parse("c.toml", "think = 0\n").unwrap().think, Some(None));
        assert_eq!(
            parse("c.toml", "think = 0x10\n").unwrap().think,
            Some(Some(Duration::from_secs(16)))
        );
        assert_eq!(
            parse("c.toml", "think = 0b11\n").unwrap().think,
            Some(Some(Duration::from_secs(3)))
        );
        let e = parse("c.toml", "think = 1\nthink = 2\n").unwrap_err();
        assert!(e.starts_with("c.toml:2:1: 'think' is given twice"), "{e}");
        assert_eq!(parse("c.toml", "").unwrap(), Config::default());
        let e = parse("c.toml", "think = \"fast\"\n").unwrap_err();
        assert!(e.starts_with("c.toml:1:9: think must be a number"), "{e}");
        let e = parse("c.toml", "thinking = 2\n").unwrap_err();
        assert!(e.contains("unknown key 'thinking'"), "{e}");
    }
}
