//! One TOML table being read. Each getter checks a field, records what is
//! wrong with it, and answers `None` then; `finish` adds the keys nobody
//! asked for. So one pass finds every problem of the table.

use std::cell::Cell;
use std::ops::{Range, RangeInclusive};
use std::path::Path;
use std::rc::Rc;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::fingerprint::Fingerprint;
use crate::text::counted;

use super::{Problem, show_range};

/// The longest word a ruleset may name its things with ([`Table::plain_word`]).
pub const MAX_WORD: usize = 20;

/// A TOML value as parsed, with the spans of its parts.
pub type Value<'i> = DeValue<'i>;

pub struct Table<'a, 'i> {
    /// How messages name the table: `[flags]`, or `the ruleset`.
    what: String,
    table: &'a DeTable<'i>,
    span: Range<usize>,
    known: Vec<&'a str>,
    /// The required keys found missing, each with its problem's message:
    /// dropped where a mistyped key meant it (one mistake, one problem).
    missing: Vec<(&'a str, String)>,
    /// What the table's keys are, in words, when not simply those asked
    /// for (written only when a key is unknown).
    keys: Option<Box<dyn Fn() -> String + 'a>>,
    problems: Vec<Problem>,
    dir: Option<&'a Path>,
    /// The fingerprint of every file the ruleset read (a word list), shared
    /// with the tables nested in it: the rules hold what the files say.
    files: Rc<Cell<Fingerprint>>,
}

/// The name a mistyped one most likely meant (`heigth`: `height`, `mkn`:
/// `mnk`), if one is close enough: alike by Jaro–Winkler, or one edit
/// away for every three letters (a swap of two is one).
#[must_use]
pub fn nearest<'k>(typed: &str, names: &[&'k str]) -> Option<&'k str> {
    names
        .iter()
        .filter(|n| **n != typed)
        .map(|n| {
            (
                strsim::jaro_winkler(typed, n),
                strsim::osa_distance(typed, n),
                *n,
            )
        })
        .filter(|&(alike, edits, n)| alike >= 0.85 || edits <= (n.chars().count() / 3).max(1))
        .max_by(|a, b| a.1.cmp(&b.1).reverse().then(a.0.total_cmp(&b.0)))
        .map(|(_, _, n)| n)
}

/// "did you mean \"nim\"? " where `v` is a string near one of `choices`
/// (a word mistyped), else nothing: the start of a wrong word's message.
#[must_use]
pub fn did_you_mean(v: &Value<'_>, choices: &[&str]) -> String {
    match v {
        DeValue::String(s) => {
            nearest(s, choices).map_or_else(String::new, |m| format!("did you mean \"{m}\"? "))
        }
        _ => String::new(),
    }
}

/// What a value is, for messages: `a string ("nine")`.
fn describe(v: &Value<'_>) -> String {
    let shown = match v {
        DeValue::String(s) => format!("\"{}\"", clip(s)),
        DeValue::Integer(i) => clip(&i.to_string()),
        DeValue::Float(f) => clip(f.as_str()),
        DeValue::Boolean(b) => b.to_string(),
        DeValue::Datetime(d) => d.to_string(),
        DeValue::Array(_) => return "a list".into(),
        DeValue::Table(_) => return "a table".into(),
    };
    let kind = match v {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "a number",
        DeValue::Float(_) => "a decimal number",
        DeValue::Boolean(_) => "true or false",
        DeValue::Datetime(_) => "a date",
        _ => "a value",
    };
    format!("{kind} ({shown})")
}

/// Long values are cut in messages.
fn clip(s: &str) -> String {
    // 40 characters, then the ellipsis.
    crate::text::clip(s, 41).into_owned()
}

/// Reads a whole number in `range` from a value; `field` names it in messages.
///
/// # Errors
/// The problem, when the value is no whole number or out of range.
pub fn uint(
    v: &Spanned<Value<'_>>,
    field: &str,
    range: &RangeInclusive<u64>,
) -> Result<Spanned<u64>, Problem> {
    let wide = i128::from(*range.start())..=i128::from(*range.end());
    // Messages are written only when needed: most values are fine.
    let allowed = || format!("a whole number {}", show_range(&wide));
    let DeValue::Integer(i) = v.get_ref() else {
        return Err(Problem::new(
            v.span(),
            format!(
                "{field} must be {}, not {}",
                allowed(),
                describe(v.get_ref())
            ),
        ));
    };
    let n = i128::from_str_radix(i.as_str(), i.radix()).ok();
    match n {
        Some(n) if wide.contains(&n) => Ok(Spanned::new(v.span(), n as u64)),
        _ => Err(Problem::new(
            v.span(),
            format!(
                "{field} is '{}', but it must be {}",
                clip(&i.to_string()),
                allowed()
            ),
        )),
    }
}

/// Reads a list of whole numbers in `range`, each checked on its own.
///
/// # Errors
/// Every problem found: not a list, or items that are not allowed.
pub fn uint_list(
    v: &Spanned<Value<'_>>,
    field: &str,
    range: &RangeInclusive<u64>,
) -> Result<Vec<Spanned<u64>>, Vec<Problem>> {
    let DeValue::Array(items) = v.get_ref() else {
        return Err(vec![Problem::new(
            v.span(),
            format!(
                "{field} must be a list of whole numbers such as [1, 2, 3], not {}",
                describe(v.get_ref())
            ),
        )]);
    };
    let mut out = Vec::with_capacity(items.len());
    let mut problems = Vec::new();
    for it in items.iter() {
        match uint(it, "", range) {
            Ok(n) => out.push(n),
            Err(p) => problems.push(Problem::new(
                p.span,
                format!("a number in {field}{}", p.message),
            )),
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}

/// Reads a set of distinct whole numbers: at least one, at most `max_len`,
/// returned sorted.
///
/// # Errors
/// Every problem found.
pub fn uint_set(
    v: &Spanned<Value<'_>>,
    field: &str,
    range: &RangeInclusive<u64>,
    max_len: usize,
) -> Result<Vec<u64>, Vec<Problem>> {
    let items = uint_list(v, field, range)?;
    if items.is_empty() {
        return Err(vec![Problem::new(
            v.span(),
            format!("{field} is empty: list at least one number"),
        )]);
    }
    if items.len() > max_len {
        return Err(vec![Problem::new(
            v.span(),
            format!(
                "{field} has {} numbers; at most {max_len} are allowed",
                items.len()
            ),
        )]);
    }
    let mut seen = Vec::with_capacity(items.len());
    let mut problems = Vec::new();
    for it in &items {
        if seen.contains(it.get_ref()) {
            problems.push(Problem::new(
                it.span(),
                format!("{field} lists '{}' twice", it.get_ref()),
            ));
        } else {
            seen.push(*it.get_ref());
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    seen.sort_unstable();
    Ok(seen)
}

impl<'a, 'i> Table<'a, 'i> {
    /// A reader for `table`, named `what` in messages.
    #[must_use]
    pub fn new(what: impl Into<String>, table: &'a DeTable<'i>, span: Range<usize>) -> Self {
        Self {
            what: what.into(),
            table,
            span,
            known: Vec::new(),
            missing: Vec::new(),
            keys: None,
            problems: Vec::new(),
            dir: None,
            files: Rc::default(),
        }
    }

    /// The folder of the ruleset's file, for paths written in it.
    #[must_use]
    pub fn with_dir(mut self, dir: Option<&'a Path>) -> Self {
        self.dir = dir;
        self
    }

    /// A reader for `table`, nested in this one: it shares the folder of
    /// the file and the files read.
    #[must_use]
    pub fn nested(
        &self,
        what: impl Into<String>,
        table: &'a DeTable<'i>,
        span: Range<usize>,
    ) -> Self {
        let mut inner = Self::new(what, table, span).with_dir(self.dir);
        inner.files = Rc::clone(&self.files);
        inner
    }

    /// Counts `bytes`, what a file the rules were read from says (a word
    /// list's words), in the ruleset's identity: the same file name with
    /// other words is another game.
    pub fn read_file(&self, bytes: &[u8]) {
        let mut files = self.files.get();
        files.add(&(bytes.len() as u64).to_le_bytes());
        files.add(bytes);
        self.files.set(files);
    }

    /// The fingerprint of every file read so far, in order.
    #[must_use]
    pub fn files_read(&self) -> Fingerprint {
        self.files.get()
    }

    /// Says in words what the table's keys are, for unknown-key messages.
    pub fn set_keys(&mut self, words: impl Fn() -> String + 'a) {
        self.keys = Some(Box::new(words));
    }

    #[must_use]
    pub const fn dir(&self) -> Option<&'a Path> {
        self.dir
    }

    /// Where the table is: its header, or the whole text.
    #[must_use]
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    #[must_use]
    pub fn what(&self) -> &str {
        &self.what
    }

    pub fn problem(&mut self, span: Range<usize>, message: impl Into<String>) {
        self.problems.push(Problem::new(span, message));
    }

    pub fn problems(&mut self, problems: impl IntoIterator<Item = Problem>) {
        self.problems.extend(problems);
    }

    #[must_use]
    pub fn has_problems(&self) -> bool {
        !self.problems.is_empty()
    }

    /// A key's value, if present; the key counts as known either way.
    pub fn value(&mut self, key: &'a str) -> Option<&'a Spanned<Value<'i>>> {
        if !self.known.contains(&key) {
            self.known.push(key);
        }
        self.table.get(key)
    }

    /// A key's value; a problem when it is missing.
    pub fn require(&mut self, key: &'a str) -> Option<&'a Spanned<Value<'i>>> {
        let v = self.value(key);
        if v.is_none() {
            let message = format!("{} needs '{key}'", self.what);
            self.missing.push((key, message.clone()));
            self.problem(self.span(), message);
        }
        v
    }

    /// A required whole number in `range`.
    pub fn uint(&mut self, key: &'a str, range: RangeInclusive<u64>) -> Option<Spanned<u64>> {
        let v = self.require(key)?;
        self.keep(uint(v, key, &range))
    }

    /// An optional whole number in `range`, `default` when missing.
    pub fn uint_or(
        &mut self,
        key: &'a str,
        range: RangeInclusive<u64>,
        default: u64,
    ) -> Option<Spanned<u64>> {
        match self.value(key) {
            None => Some(Spanned::new(self.span(), default)),
            Some(v) => self.keep(uint(v, key, &range)),
        }
    }

    /// A required list of whole numbers in `range`, with `len` items.
    pub fn uint_list(
        &mut self,
        key: &'a str,
        range: RangeInclusive<u64>,
        len: RangeInclusive<usize>,
    ) -> Option<Spanned<Vec<Spanned<u64>>>> {
        let v = self.require(key)?;
        let items = self.keep_all(uint_list(v, key, &range))?;
        if !len.contains(&items.len()) {
            self.problem(
                v.span(),
                format!(
                    "{key} has {}; it must have {} to {}",
                    counted(items.len(), "item"),
                    len.start(),
                    len.end()
                ),
            );
            return None;
        }
        Some(Spanned::new(v.span(), items))
    }

    /// A required set of distinct whole numbers, sorted.
    pub fn uint_set(
        &mut self,
        key: &'a str,
        range: RangeInclusive<u64>,
        max_len: usize,
    ) -> Option<Spanned<Vec<u64>>> {
        let v = self.require(key)?;
        let set = self.keep_all(uint_set(v, key, &range, max_len))?;
        Some(Spanned::new(v.span(), set))
    }

    /// An optional `true` or `false`.
    pub fn bool_or(&mut self, key: &'a str, default: bool) -> Option<bool> {
        match self.value(key) {
            None => Some(default),
            Some(v) => match v.get_ref() {
                DeValue::Boolean(b) => Some(*b),
                other => {
                    self.problem(
                        v.span(),
                        format!("{key} must be true or false, not {}", describe(other)),
                    );
                    None
                }
            },
        }
    }

    /// An optional word among `choices`, `default` when missing.
    pub fn word_or(
        &mut self,
        key: &'a str,
        choices: &[&'static str],
        default: &'static str,
    ) -> Option<&'static str> {
        let Some(v) = self.value(key) else {
            return Some(default);
        };
        let found = match v.get_ref() {
            DeValue::String(s) => choices.iter().find(|c| **c == s.as_ref()).copied(),
            _ => None,
        };
        if found.is_none() {
            let quoted: Vec<String> = choices.iter().map(|c| format!("\"{c}\"")).collect();
            let is = match v.get_ref() {
                DeValue::String(s) => format!("'{}'", clip(s)),
                other => describe(other),
            };
            let hint = did_you_mean(v.get_ref(), choices);
            self.problem(
                v.span(),
                format!("{key} is {is}: {hint}use {}", quoted.join(" or ")),
            );
        }
        found
    }

    /// A required string.
    pub fn string(&mut self, key: &'a str) -> Option<Spanned<String>> {
        let v = self.require(key)?;
        self.keep(string(v, key))
    }

    /// An optional string, `default` when missing.
    pub fn string_or(&mut self, key: &'a str, default: &str) -> Option<Spanned<String>> {
        match self.value(key) {
            None => Some(Spanned::new(self.span(), default.to_string())),
            Some(v) => self.keep(string(v, key)),
        }
    }

    /// An optional plain word of the ruleset's own, for the things its
    /// game speaks of ("stone", "town"): lower-case letters, a space or
    /// hyphen inside, at most [`MAX_WORD`] long. `Some(None)` when missing.
    pub fn plain_word(&mut self, key: &'a str, example: &str) -> Option<Option<String>> {
        let Some(v) = self.value(key) else {
            return Some(None);
        };
        let word = self.keep(string(v, key))?;
        let w = word.get_ref();
        let letter = |c: char| c.is_ascii_lowercase();
        let fits = w.len() <= MAX_WORD
            && w.chars().all(|c| letter(c) || c == ' ' || c == '-')
            && w.starts_with(letter)
            && w.ends_with(letter);
        if !fits {
            self.problem(
                word.span(),
                format!(
                    "{key} is a word of 1 to {MAX_WORD} lower-case letters (a space or hyphen inside), such as \"{example}\""
                ),
            );
            return None;
        }
        Some(Some(word.into_inner()))
    }

    fn keep<T>(&mut self, r: Result<T, Problem>) -> Option<T> {
        r.map_err(|p| self.problems.push(p)).ok()
    }

    fn keep_all<T>(&mut self, r: Result<T, Vec<Problem>>) -> Option<T> {
        r.map_err(|p| self.problems.extend(p)).ok()
    }

    /// Every problem found, with one for each key nobody asked for.
    #[must_use]
    pub fn finish(mut self) -> Vec<Problem> {
        let table = self.table;
        if self.known.len() >= table.len()
            && table
                .iter()
                .all(|(k, _)| self.known.contains(&k.get_ref().as_ref()))
        {
            self.problems.sort_by_key(|p| p.span.start);
            return self.problems;
        }
        let mut unknown: Vec<(&Spanned<std::borrow::Cow<'i, str>>, Range<usize>)> = table
            .iter()
            .filter(|(k, _)| !self.known.contains(&k.get_ref().as_ref()))
            .map(|(k, _)| (k, k.span()))
            .collect();
        unknown.sort_by_key(|(_, span)| span.start);
        let keys = match &self.keys {
            Some(k) => k(),
            None => self.known.join(", "),
        };
        for (k, span) in unknown {
            let near = nearest(k.get_ref(), &self.known);
            // A required key mistyped: the key it meant is not missing too.
            if let Some((_, needs)) = self.missing.iter().find(|(m, _)| Some(*m) == near) {
                self.problems.retain(|p| p.message != *needs);
            }
            let message = match near {
                Some(near) => format!(
                    "unknown key '{}' in {}: did you mean '{near}'? (the keys are {keys})",
                    clip(k.get_ref()),
                    self.what
                ),
                None => format!(
                    "unknown key '{}' in {}: the keys are {keys}",
                    clip(k.get_ref()),
                    self.what
                ),
            };
            self.problems.push(Problem::new(span, message));
        }
        self.problems.sort_by_key(|p| p.span.start);
        self.problems
    }

    /// The keys of the table nobody has asked for yet, in the order written.
    #[must_use]
    pub fn unasked(&self) -> Vec<(&'a str, Range<usize>)> {
        let table: &'a DeTable<'i> = self.table;
        let mut out: Vec<(&'a str, Range<usize>)> = table
            .iter()
            .map(|(k, _)| (k.get_ref().as_ref(), k.span()))
            .filter(|(k, _)| !self.known.contains(k))
            .collect();
        out.sort_by_key(|(_, span)| span.start);
        out
    }

    /// Counts keys as asked for (so `finish` does not call them unknown).
    pub fn mark_known(&mut self, key: &'a str) {
        if !self.known.contains(&key) {
            self.known.push(key);
        }
    }
}

/// Reads a string value.
///
/// # Errors
/// The problem, when the value is not a string.
pub fn string(v: &Spanned<Value<'_>>, field: &str) -> Result<Spanned<String>, Problem> {
    match v.get_ref() {
        DeValue::String(s) => Ok(Spanned::new(v.span(), s.to_string())),
        other => Err(Problem::new(
            v.span(),
            format!(
                "{field} must be a string in quotes, not {}",
                describe(other)
            ),
        )),
    }
}

/// What a value is, for messages written outside this module.
#[must_use]
pub fn what_is(v: &Value<'_>) -> String {
    describe(v)
}
