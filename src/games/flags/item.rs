//! What a flags ruleset's row is made of: flags unless the ruleset names
//! its own (`item = "stone"`, and `items` where the plural is not the
//! word and an "s"), so "N stones" speaks of stones.

use std::sync::Arc;

use crate::schema::Table;

/// The longest word `item` or `items` may be.
pub const MAX_ITEM: usize = 20;

/// The word for one thing of the row and for several.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Item {
    pub one: Arc<str>,
    pub many: Arc<str>,
}

impl Default for Item {
    fn default() -> Self {
        Self {
            one: "flag".into(),
            many: "flags".into(),
        }
    }
}

impl Item {
    /// `n` of them in words: "1 stone", "20 stones".
    #[must_use]
    pub fn counted(&self, n: u64) -> String {
        format!("{n} {}", self.word(n))
    }

    /// The word for `n` of them.
    #[must_use]
    pub fn word(&self, n: u64) -> &str {
        if n == 1 { &self.one } else { &self.many }
    }

    /// Whether the row is of flags, drawn as flags.
    #[must_use]
    pub fn is_flag(&self) -> bool {
        &*self.one == "flag"
    }
}

/// The ruleset's `item` and `items`, checked: each a word of lower-case
/// letters (a space or hyphen inside), at most [`MAX_ITEM`] long.
pub fn read(t: &mut Table<'_, '_>) -> Option<Item> {
    let one = t.string_or("item", "flag");
    let many = t.value("items").is_some().then(|| t.string("items"));
    // Both checked before either's problem ends the reading.
    let one = one.filter(|one| check(t, one, "item", "stone"));
    let many = many.map(|many| many.filter(|many| check(t, many, "items", "stones")));
    let one = one?.into_inner();
    let many = match many {
        None => format!("{one}s"),
        Some(many) => many?.into_inner(),
    };
    Some(Item {
        one: one.into(),
        many: many.into(),
    })
}

/// Whether `word` is such a word; a problem of the ruleset's if not.
fn check(t: &mut Table<'_, '_>, word: &toml::Spanned<String>, key: &str, example: &str) -> bool {
    let w = word.get_ref();
    let letter = |c: char| c.is_ascii_lowercase();
    let fits = w.len() <= MAX_ITEM
        && w.chars().all(|c| letter(c) || c == ' ' || c == '-')
        && w.starts_with(letter)
        && w.ends_with(letter);
    if !fits {
        t.problem(
            word.span(),
            format!(
                "{key} is a word of 1 to {MAX_ITEM} lower-case letters (a space or hyphen inside), such as \"{example}\""
            ),
        );
    }
    fits
}
