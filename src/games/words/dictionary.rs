//! Where a words ruleset's list comes from: the ruleset itself, the
//! built-in English list (read once), or a file of one word a line in the
//! ruleset's own folder. A list is held to limits the program can honour —
//! words, letters in all, and the file's size — checked before the prefix
//! tree is built.

use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, OnceLock};

use super::trie::Trie;
use crate::text::{clip, visible};

/// The built-in list: SCOWL size 35, cleaned for word games (see
/// assets/words/README.md; licence: assets/words/COPYRIGHT-SCOWL).
const ENGLISH: &str = include_str!("../../../assets/words/english.txt");

/// The longest word a list may hold.
pub const MAX_WORD: usize = 100;
/// The most words a list may hold.
pub const MAX_WORDS: usize = 1_000_000;
/// The most letters a list may hold in all: the prefix tree has at most one
/// node a letter, so this bounds its memory (about 20 bytes a node).
pub const MAX_LETTERS: usize = 4_000_000;
/// The largest word list file read.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// The built-in English list's words, in order.
pub fn english_words() -> impl Iterator<Item = &'static str> {
    ENGLISH.lines().map(str::trim).filter(|w| !w.is_empty())
}

/// The built-in English list's tree, built the first time it is asked for.
pub fn english() -> Arc<Trie> {
    static TREE: OnceLock<Arc<Trie>> = OnceLock::new();
    Arc::clone(TREE.get_or_init(|| Arc::new(Trie::build(ENGLISH.lines()))))
}

/// Why a word cannot be in a list, if it cannot. The word is quoted only
/// near its first wrong letter, and with control characters made visible.
pub fn check_word(word: &str) -> Result<(), String> {
    if word.is_empty() {
        return Err("a word needs at least one letter".into());
    }
    if let Some((at, c)) = word.char_indices().find(|(_, c)| !c.is_ascii_lowercase()) {
        let near: String = word[at..].chars().take(12).collect();
        let shown = if at == 0 {
            clip(&near, 12).into_owned()
        } else {
            format!("…{}", clip(&near, 12))
        };
        let quoted = if word.len() <= 20 {
            visible(word).into_owned()
        } else {
            visible(&shown).into_owned()
        };
        return Err(format!(
            "'{quoted}' has '{}': words use only the lower-case letters a to z",
            visible(&c.to_string())
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

/// Counts a list's words and letters against the limits.
#[derive(Default)]
pub struct Limits {
    words: usize,
    letters: usize,
}

impl Limits {
    /// Counts one more word.
    ///
    /// # Errors
    /// The limit the list has gone past.
    pub fn add(&mut self, word: &str) -> Result<(), String> {
        self.words += 1;
        self.letters += word.len();
        if self.words > MAX_WORDS {
            return Err(format!("a list may hold at most {MAX_WORDS} words"));
        }
        if self.letters > MAX_LETTERS {
            return Err(format!(
                "a list may hold at most {MAX_LETTERS} letters in all"
            ));
        }
        Ok(())
    }
}

/// The file a ruleset names as its word list: a relative path that stays
/// inside the ruleset's own folder, links followed. Nothing is opened.
///
/// # Errors
/// A path that is absolute, leaves the folder, or names nothing there.
pub fn resolve(path: &str, dir: Option<&Path>) -> Result<PathBuf, String> {
    let shown = visible(path);
    let rule = "a word list is \"english\" (built in) or a file in the ruleset's own folder, named by a relative path";
    let given = Path::new(path);
    let Some(dir) = dir.filter(|_| given.is_relative() && !path.is_empty()) else {
        return Err(format!("'{shown}' is not allowed: {rule}"));
    };
    if given.components().any(|c| c == Component::ParentDir) {
        return Err(format!("'{shown}' leaves the ruleset's folder: {rule}"));
    }
    let base = dir
        .canonicalize()
        .map_err(|e| format!("the ruleset's folder cannot be read: {e}"))?;
    let full = base.join(given).canonicalize().map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            format!("there is no word list '{shown}' in the ruleset's folder")
        } else {
            format!("the word list '{shown}' cannot be read: {e}")
        }
    })?;
    if !full.starts_with(&base) {
        return Err(format!(
            "'{shown}' leads outside the ruleset's folder (through a link): {rule}"
        ));
    }
    Ok(full)
}

/// Reads a word list file that [`resolve`] found: one word a line; blank
/// lines and lines starting with `#` are skipped; a byte-order mark at the
/// start is allowed. `name` is how the ruleset named it; `read` is given
/// each word, in order and once (the words are part of the ruleset's
/// identity; the file's comments and order are not).
///
/// # Errors
/// The file that could not be read, or the first line that is not a word,
/// with its line and column, or the limit the list goes past.
pub fn read_file(name: &str, full: &Path, mut read: impl FnMut(&[u8])) -> Result<Trie, String> {
    let shown = visible(name);
    let bytes = crate::fsutil::read_limited(full, MAX_FILE_BYTES, "a word list")
        .map_err(|e| format!("cannot read the word list '{shown}': {}", e.reason()))?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        format!("{shown}:{line}: the line is not UTF-8 text")
    })?;
    let mut words = Vec::new();
    let mut limits = Limits::default();
    for (i, line) in text.lines().enumerate() {
        let word = line.trim();
        if word.is_empty() || word.starts_with('#') {
            continue;
        }
        let at = |why: String, offset: usize| {
            let column = line[..offset].chars().count() + 1;
            format!("{shown}:{}:{column}: {why}", i + 1)
        };
        let start = line.len() - line.trim_start().len();
        check_word(word).map_err(|why| {
            let bad = word
                .char_indices()
                .find(|(_, c)| !c.is_ascii_lowercase())
                .map_or(0, |(b, _)| b);
            at(why, start + bad)
        })?;
        limits.add(word).map_err(|why| at(why, start))?;
        words.push(word);
    }
    if words.is_empty() {
        return Err(format!("{shown} holds no words"));
    }
    let mut sorted = words.clone();
    sorted.sort_unstable();
    sorted.dedup();
    sorted.iter().for_each(|w| read(w.as_bytes()));
    Ok(Trie::build(words))
}
