//! What a flags ruleset's row is made of: flags unless the ruleset names
//! its own (`item = "stone"`, and `items` where the plural is not the
//! word and an "s"), so "N stones" speaks of stones.

use std::sync::Arc;

use crate::schema::Table;

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

/// The ruleset's `item` and `items`, checked: each a plain word
/// ([`Table::plain_word`]); both are read before either's problem ends
/// the reading.
pub fn read(t: &mut Table<'_, '_>) -> Option<Item> {
    let one = t.plain_word("item", "stone");
    let many = t.plain_word("items", "stones");
    let one = one?.unwrap_or_else(|| "flag".to_string());
    let many = many?.unwrap_or_else(|| format!("{one}s"));
    Some(Item {
        one: one.into(),
        many: many.into(),
    })
}
