//! Where a words ruleset's list comes from: the ruleset itself, the
//! built-in English list (read once), or a file of one word a line.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use super::trie::Trie;

/// The built-in list: SCOWL size 35 (American), as Debian's
/// `wamerican-small` ships it, kept to the words of lower-case a–z only.
/// Licence: assets/words/COPYRIGHT-SCOWL.
const ENGLISH: &str = include_str!("../../../assets/words/english.txt");

/// The longest word a list may hold.
pub const MAX_WORD: usize = 100;
/// The most words a list may hold.
pub const MAX_WORDS: usize = 1_000_000;

/// The built-in English list's tree, built the first time it is asked for.
pub fn english() -> Arc<Trie> {
    static TREE: OnceLock<Arc<Trie>> = OnceLock::new();
    Arc::clone(TREE.get_or_init(|| Arc::new(Trie::build(ENGLISH.lines()))))
}

/// Why a word cannot be in a list, if it cannot.
pub fn check_word(word: &str) -> Result<(), String> {
    if word.is_empty() {
        return Err("a word needs at least one letter".into());
    }
    if let Some(c) = word.chars().find(|c| !c.is_ascii_lowercase()) {
        return Err(format!(
            "'{word}' has '{c}': words use only the lower-case letters a to z"
        ));
    }
    if word.len() > MAX_WORD {
        return Err(format!(
            "a word has {} letters; the most a word may have is {MAX_WORD}",
            word.len()
        ));
    }
    Ok(())
}

/// Reads a word list file (relative paths from `dir`): one word a line;
/// blank lines and lines starting with `#` are skipped.
///
/// # Errors
/// The file that could not be read, or the first line that is not a word,
/// with its line and column.
pub fn read_file(path: &str, dir: Option<&Path>) -> Result<Trie, String> {
    let full = match dir {
        Some(d) if Path::new(path).is_relative() => d.join(path),
        _ => Path::new(path).to_path_buf(),
    };
    let text = std::fs::read_to_string(&full)
        .map_err(|e| format!("cannot read the word list {}: {e}", full.display()))?;
    let mut words = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let word = line.trim();
        if word.is_empty() || word.starts_with('#') {
            continue;
        }
        check_word(word).map_err(|why| {
            let column = line.find(word).unwrap_or(0)
                + word
                    .chars()
                    .position(|c| !c.is_ascii_lowercase())
                    .unwrap_or(0)
                + 1;
            format!("{}:{}:{column}: {why}", full.display(), i + 1)
        })?;
        words.push(word);
        if words.len() > MAX_WORDS {
            return Err(format!(
                "{} holds more than {MAX_WORDS} words",
                full.display()
            ));
        }
    }
    if words.is_empty() {
        return Err(format!("{} holds no words", full.display()));
    }
    Ok(Trie::build(words))
}
