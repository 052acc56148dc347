//! Where rulesets come from: built in, the user's folder, or a path.

use std::path::{Path, PathBuf};

use super::{BUILTIN, Ruleset, RulesetError};
use crate::fsutil::read_limited;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    Builtin,
    User(PathBuf),
    Path(PathBuf),
}

/// A ruleset in the list, or the error that keeps a user's file out of it.
#[derive(Debug)]
pub struct Listed {
    pub id: String,
    pub origin: Origin,
    pub ruleset: Result<Ruleset, RulesetError>,
}

/// The user's own rulesets folder: `<config>/unbeatable/rulesets`.
#[must_use]
pub fn user_dir() -> Option<PathBuf> {
    crate::paths::config_dir().map(|d| d.join("rulesets"))
}

/// Reads a ruleset file.
///
/// # Errors
/// A file that cannot be read, is too large, or is not a valid ruleset.
pub fn load_path(path: &Path) -> Result<Ruleset, RulesetError> {
    let file = crate::text::visible(&path.display().to_string()).into_owned();
    let bytes = read_limited(path, super::MAX_FILE_BYTES as u64, "a ruleset").map_err(|e| {
        RulesetError::Unreadable {
            file: file.clone(),
            message: e.reason(),
        }
    })?;
    Ruleset::parse_bytes(&file, &bytes, Some(crate::fsutil::folder_of(path)))
}

/// Every built-in ruleset.
#[must_use]
pub fn builtins() -> Vec<Listed> {
    BUILTIN
        .iter()
        .map(|(id, text)| Listed {
            id: (*id).to_string(),
            origin: Origin::Builtin,
            ruleset: Ruleset::parse(&format!("{id}.toml"), text),
        })
        .collect()
}

/// Every built-in ruleset, then the user's files, sorted by name.
#[must_use]
pub fn list_all() -> Vec<Listed> {
    let mut all = builtins();
    all.extend(user_files().into_iter().map(|path| Listed {
        id: stem(&path),
        ruleset: load_path(&path),
        origin: Origin::User(path),
    }));
    all
}

fn user_files() -> Vec<PathBuf> {
    let Some(dir) = user_dir() else {
        return Vec::new();
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

/// A warning when the file at `path` is named like a built-in ruleset but
/// holds other rules: by that name, `play` and `analyze` pick the built-in.
#[must_use]
pub fn clash(path: &Path) -> Option<String> {
    let id = stem(path);
    let (_, text) = BUILTIN.iter().find(|(b, _)| *b == id)?;
    let same = read_limited(path, super::MAX_FILE_BYTES as u64, "a ruleset")
        .is_ok_and(|t| t == text.as_bytes());
    (!same).then(|| {
        format!(
            "{} is named like the built-in ruleset '{id}': the name '{id}' plays the built-in; rename the file to play it by name (or give its path)",
            crate::text::visible(&path.display().to_string())
        )
    })
}

/// The warning for a name that finds a built-in while a user ruleset of
/// the same name is hidden behind it.
#[must_use]
pub fn shadowed(name: &str) -> Option<String> {
    user_files()
        .into_iter()
        .find(|p| stem(p) == name)
        .and_then(|p| clash(&p))
}

/// Finds a ruleset by built-in name, user ruleset name, or path.
///
/// # Errors
/// No such ruleset, or the file it names is not valid.
pub fn find(name: &str) -> Result<(Ruleset, Origin), RulesetError> {
    let path = Path::new(name);
    let looks_like_path = name.contains(['/', '\\']) || name.ends_with(".toml");
    if looks_like_path || path.is_file() {
        return load_path(path).map(|r| (r, Origin::Path(path.to_path_buf())));
    }
    if let Some((id, text)) = BUILTIN.iter().find(|(id, _)| *id == name) {
        return Ruleset::parse(&format!("{id}.toml"), text).map(|r| (r, Origin::Builtin));
    }
    if let Some(path) = user_files().into_iter().find(|p| stem(p) == name) {
        return load_path(&path).map(|r| (r, Origin::User(path)));
    }
    let mut known: Vec<String> = BUILTIN.iter().map(|(id, _)| (*id).to_string()).collect();
    known.extend(user_files().iter().map(|p| stem(p)));
    Err(RulesetError::NotFound {
        name: name.to_string(),
        known: similar(name, &known),
    })
}

/// The names closest to a mistyped one (at most three), best first.
fn similar(name: &str, known: &[String]) -> Vec<String> {
    let mut scored: Vec<(f64, &String)> = known
        .iter()
        .map(|k| (strsim::jaro_winkler(name, k), k))
        .filter(|(score, _)| *score >= 0.85)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.into_iter().take(3).map(|(_, k)| k.clone()).collect()
}
