//! Compiles every file in `rulesets/` and every book in `assets/books/`
//! into the binary: adding a built-in ruleset or a shipped book is adding
//! a file, with no list kept by hand.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

/// The files of `dir` (under the crate) ending in `.ext`, by name.
fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    println!("cargo:rerun-if-changed={dir}");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<_> = fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == ext))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    files
}

fn write(name: &str, text: &str) {
    let target = Path::new(&env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join(name);
    if let Err(e) = fs::write(&target, text) {
        panic!("could not write {}: {e}", target.display());
    }
}

/// `&[(stem, text), …]` of the built-in rulesets.
fn rulesets() {
    let mut out = String::from("&[\n");
    for path in files("rulesets", "toml") {
        if let Some(stem) = path.file_stem().map(|s| s.to_string_lossy().into_owned()) {
            let _ = writeln!(
                out,
                "    ({stem:?}, include_str!({:?})),",
                path.display().to_string()
            );
        }
    }
    out.push(']');
    write("builtin.rs", &out);
}

/// The shipped books, split by their header into opening books and layer
/// books (`layer W H K … stones N …`), the layers by their stones.
fn books() {
    let mut books = Vec::new();
    let mut layers = Vec::new();
    for path in files("assets/books", "book") {
        let text = fs::read_to_string(&path).unwrap_or_default();
        let head = text
            .lines()
            .find(|l| !l.starts_with('#'))
            .unwrap_or_default();
        let shown = path.display().to_string();
        if head.starts_with("layer ") {
            let stones: u32 = head
                .split_whitespace()
                .skip_while(|w| *w != "stones")
                .nth(1)
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            layers.push((stones, shown));
        } else {
            books.push(shown);
        }
    }
    layers.sort();
    let list = |items: Vec<String>| {
        let mut out = String::from("&[\n");
        for item in items {
            let _ = writeln!(out, "    include_str!({item:?}),");
        }
        out.push(']');
        out
    };
    write("books.rs", &list(books));
    write(
        "layers.rs",
        &list(layers.into_iter().map(|(_, p)| p).collect()),
    );
}

/// The shipped books whose files end in `.ext` (books of choices, books
/// of moves proven lost): every one, in name order, listed in `ext.rs`.
fn listed(ext: &str) {
    let mut out = String::from("&[\n");
    for path in files("assets/books", ext) {
        let _ = writeln!(out, "    include_str!({:?}),", path.display().to_string());
    }
    out.push(']');
    write(&format!("{ext}.rs"), &out);
}

fn main() {
    rulesets();
    books();
    listed("choices");
    listed("losses");
}
