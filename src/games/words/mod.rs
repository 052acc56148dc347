//! words — the prefix word game over many rounds, and Ghost (docs/design.md §1).

mod dictionary;
mod explain;
mod game;
mod solver;
mod trie;

use std::sync::Arc;

use toml::de::DeValue;

use crate::engine::Player;
use crate::schema::{Problem, Table};

use super::Family;

pub use dictionary::{english, english_words};
pub use game::{RoundEnd, WordsGame, rule_words};
pub use solver::{Aim, Solved};
pub use trie::{Node, Trie};

/// The most rounds a match may have.
pub const MAX_ROUNDS: u64 = 1_000_000_000;

/// The family: `kind = "words"`.
pub struct Words;

/// What decides a match of several rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Scoring {
    /// The winner of the last round wins the match (455B's rule).
    #[default]
    Last,
    /// Whoever wins more rounds wins the match (best of k): it ends as soon
    /// as one player has won more than half of them; an even split is a
    /// draw.
    Majority,
}

/// Where the list came from, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Listed,
    English,
    File(String),
}

/// A checked words ruleset: the prefix tree, solved once.
#[derive(Clone, Debug)]
pub struct Rules {
    pub trie: Arc<Trie>,
    pub source: Source,
    pub rounds: u64,
    pub scoring: Scoring,
    pub ghost: bool,
    pub min_length: u32,
    pub solved: Arc<Solved>,
}

pub(crate) fn listed(t: &mut Table<'_, '_>, v: &toml::Spanned<DeValue<'_>>) -> Option<Trie> {
    let DeValue::Array(items) = v.get_ref() else {
        t.problem(
            v.span(),
            "words must be a list of words such as [\"ab\", \"ac\", \"b\"]",
        );
        return None;
    };
    let mut words = Vec::with_capacity(items.len());
    let mut problems = Vec::new();
    let mut limits = dictionary::Limits::default();
    for item in items.iter() {
        match item.get_ref() {
            DeValue::String(w) => match dictionary::check_word(w).and_then(|()| limits.add(w)) {
                Ok(()) => words.push(w.to_string()),
                Err(why) => problems.push(Problem::new(item.span(), why)),
            },
            _ => problems.push(Problem::new(
                item.span(),
                "each word must be a string in quotes, such as \"ab\"",
            )),
        }
    }
    if words.is_empty() && problems.is_empty() {
        problems.push(Problem::new(v.span(), "the list needs at least one word"));
    }
    if !problems.is_empty() {
        t.problems(problems);
        return None;
    }
    Some(Trie::build(words.iter().map(String::as_str)))
}

fn read_list(t: &mut Table<'_, '_>) -> Option<(Arc<Trie>, Source)> {
    let words = t.value("words");
    let dictionary = t.value("dictionary");
    match (words, dictionary) {
        (Some(_), Some(d)) => {
            t.problem(d.span(), "give either words or dictionary, not both");
            None
        }
        (Some(w), None) => listed(t, w).map(|trie| (Arc::new(trie), Source::Listed)),
        (None, Some(d)) => {
            let name = crate::schema::string(d, "dictionary")
                .map_err(|p| t.problems([p]))
                .ok()?;
            let name = name.into_inner();
            if name == "english" {
                return Some((english(), Source::English));
            }
            dictionary::resolve(&name, t.dir())
                .and_then(|full| dictionary::read_file(&name, &full, |b| t.read_file(b)))
                .map(|trie| (Arc::new(trie), Source::File(name)))
                .map_err(|why| t.problem(d.span(), why))
                .ok()
        }
        (None, None) => {
            t.problem(
                t.span(),
                "[words] needs words = [\"…\", …] or dictionary = \"english\" (or a file's path)",
            );
            None
        }
    }
}

impl Family for Words {
    const KIND: &'static str = "words";
    type Rules = Rules;
    type Game = WordsGame;
    type Solver = Solved;

    fn check(t: &mut Table<'_, '_>) -> Option<Rules> {
        let list = read_list(t);
        let rounds = t.uint_or("rounds", 1..=MAX_ROUNDS, 1);
        let scoring = match t.word_or("scoring", &["last", "majority"], "last") {
            Some("majority") => Some(Scoring::Majority),
            Some(_) => Some(Scoring::Last),
            None => None,
        };
        let ghost = t.bool_or("ghost", false);
        let min_length = t.uint_or("min_length", 1..=dictionary::MAX_WORD as u64, 4);
        let (ghost, min_length) = (ghost?, min_length?);
        if !ghost && let Some(v) = t.value("min_length") {
            t.problem(
                v.span(),
                "min_length counts only in Ghost: add ghost = true, or leave min_length out",
            );
            return None;
        }
        let ((trie, source), rounds, scoring) = (list?, rounds?, scoring?);
        let min_length = *min_length.get_ref() as u32;
        let rounds = *rounds.get_ref();
        let solved = Solved::solve(&trie, ghost, min_length, rounds, scoring);
        Some(Rules {
            trie,
            source,
            rounds,
            scoring,
            ghost,
            min_length,
            solved: Arc::new(solved),
        })
    }

    fn start(rules: &Rules) -> WordsGame {
        WordsGame::new(rules, Player::First)
    }

    fn solver(rules: &Rules) -> Arc<Solved> {
        Arc::clone(&rules.solved)
    }

    fn card(rules: &Rules) -> Vec<String> {
        explain::card(rules)
    }

    fn visit(rules: &Rules, visitor: &mut dyn super::Visitor) {
        visitor.words(rules);
    }

    fn group(_rules: &Rules) -> (u8, &'static str) {
        (0, "Word games")
    }
}
