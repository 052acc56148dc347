//! The layout's promises, checked: every family is registered once with
//! its module, its view and its rulesets, and the layers import only
//! downwards (docs/design.md §6).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use unbeatable::families::{FAMILIES, kinds};
use unbeatable::rules::{BUILTIN, builtins};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn names(dir: &Path, want_dirs: bool) -> BTreeSet<String> {
    fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() == want_dirs)
        .filter_map(|p| {
            let name = if want_dirs {
                p.file_name()?.to_string_lossy().into_owned()
            } else if p.extension()? == "rs" {
                p.file_stem()?.to_string_lossy().into_owned()
            } else {
                return None;
            };
            (name != "mod").then_some(name)
        })
        .collect()
}

#[test]
fn every_family_is_registered_with_its_module_view_and_rulesets() {
    let registered: BTreeSet<String> = kinds().into_iter().map(String::from).collect();
    assert_eq!(
        registered.len(),
        FAMILIES.len(),
        "a kind is registered twice"
    );
    let modules = names(&root().join("src/games"), true);
    let views = names(&root().join("src/tui/boards"), false);
    assert_eq!(
        modules, registered,
        "src/games/<kind>/ against the registry"
    );
    assert_eq!(
        views, registered,
        "src/tui/boards/<kind>.rs against the registry"
    );
    let used: BTreeSet<String> = builtins()
        .into_iter()
        .map(|l| {
            l.ruleset
                .unwrap_or_else(|e| panic!("{}: {e}", l.id))
                .kind()
                .to_string()
        })
        .collect();
    assert_eq!(used, registered, "every family has a built-in ruleset");
}

#[test]
fn every_file_in_rulesets_is_built_in() {
    let mut stems = BTreeSet::new();
    for entry in fs::read_dir(root().join("rulesets")).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = fs::read_to_string(&path).unwrap();
        assert!(
            BUILTIN.iter().any(|(id, t)| *id == stem && *t == text),
            "{stem} is not compiled in"
        );
        stems.insert(stem);
    }
    assert_eq!(stems.len(), BUILTIN.len());
}

/// Every `.rs` file below `dir`, with its text.
fn sources(dir: &str) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![root().join(dir)];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let text = fs::read_to_string(&path).unwrap();
                out.push((path, text));
            }
        }
    }
    out
}

fn forbid(dir: &str, needles: &[&str], why: &str) {
    for (path, text) in sources(dir) {
        for needle in needles {
            assert!(
                !text.contains(needle),
                "{} contains '{needle}': {why}",
                path.display()
            );
        }
    }
}

#[test]
fn layers_import_only_downwards() {
    forbid(
        "src/tui",
        &["crate::plain", "plain::"],
        "the screen does not borrow from plain play",
    );
    forbid(
        "src/games",
        &[
            "crate::rules",
            "crate::tui",
            "crate::session",
            "crate::families",
            "ratatui",
        ],
        "a game knows no screen and no ruleset file",
    );
    forbid(
        "src/engine",
        &[
            "crate::games",
            "crate::rules",
            "crate::tui",
            "crate::schema",
        ],
        "the engine knows no game",
    );
    forbid(
        "src/schema",
        &["crate::games", "crate::rules", "crate::engine"],
        "the TOML vocabulary sits below games and rules",
    );
    forbid("src/tui", &["downcast", "dyn Any"], "views are typed");
    // The registry sits above the file format and names no screen: the
    // TUI pairs families with views itself (tui/screens.rs).
    let registry = fs::read_to_string(root().join("src/families.rs")).unwrap();
    for needle in ["crate::tui", "ratatui", "crate::plain"] {
        assert!(
            !registry.contains(needle),
            "src/families.rs names '{needle}'"
        );
    }
    let mut family_words: Vec<String> = kinds().iter().map(|k| format!("{k}::")).collect();
    family_words.extend(kinds().iter().map(|k| format!("\"{k}\"")));
    let refs: Vec<&str> = family_words.iter().map(String::as_str).collect();
    forbid("src/rules", &refs, "rules/ names no family");
    forbid("src/engine", &refs, "the engine names no family");
    forbid("src/session", &refs, "the session names no family");
}

/// Every comment that cites the design cites a section that exists in
/// docs/design.md, the copy of the contract inside the repository.
#[test]
fn every_design_citation_resolves() {
    let design = fs::read_to_string(root().join("docs/design.md")).unwrap();
    let sections: Vec<String> = design
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .filter_map(|h| h.split('.').next())
        .map(str::to_string)
        .collect();
    let mut cited = 0;
    let mut files = sources("src");
    files.extend(sources("tests"));
    // The old name, spelt so that this file does not hold it.
    let old = concat!("DESIGN", ".md");
    for (path, text) in files {
        assert!(
            !text.contains(old),
            "{} cites {old}, which is not in the repository: cite docs/design.md",
            path.display()
        );
        let cite = concat!("docs/design.md", " §");
        for (at, _) in text.match_indices(cite) {
            let n: String = text[at + cite.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            assert!(
                sections.contains(&n),
                "{} cites section {n} of docs/design.md, which does not exist",
                path.display()
            );
            cited += 1;
        }
    }
    assert!(cited >= 10, "{cited}");
}

/// The top-level part of the program a source file belongs to: its folder
/// under src/ (`tui`, `games`, …) or its own name (`families`, `plain`).
fn part_of(path: &Path) -> String {
    let rel = path.strip_prefix(root().join("src")).unwrap_or(path);
    let first = rel.components().next().map_or_else(String::new, |c| {
        c.as_os_str().to_string_lossy().into_owned()
    });
    first.trim_end_matches(".rs").to_string()
}

/// The parts a file's text reaches: every `crate::part` path in it, in
/// `use` lines and inline alike (comments left out).
fn reaches(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or_default();
        for (at, _) in code.match_indices("crate::") {
            // `unbeatable::crate::x` never occurs; `$crate::` is a macro's.
            if code[..at].ends_with('$') {
                continue;
            }
            let rest = &code[at + "crate::".len()..];
            let part: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !part.is_empty() {
                out.insert(part);
            } else if let Some(braced) = rest.strip_prefix('{') {
                // `use crate::{a, b::c}`: each part in the braces.
                let inner = braced.split('}').next().unwrap_or_default();
                for item in inner.split(',') {
                    let part: String = item
                        .trim()
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    if !part.is_empty() {
                        out.insert(part);
                    }
                }
            }
        }
    }
    out
}

/// The import graph between the top-level parts, read from the sources:
/// no circle among them (a part may import itself), so each layer can be
/// read with only what is below it.
#[test]
fn the_import_graph_between_parts_has_no_circle() {
    let mut graph: std::collections::BTreeMap<String, BTreeSet<String>> = Default::default();
    for (path, text) in sources("src") {
        let part = part_of(&path);
        if part == "main" || part == "commands" || part == "lib" {
            continue; // the binary's edge and the crate root
        }
        let edges = graph.entry(part.clone()).or_default();
        edges.extend(reaches(&text).into_iter().filter(|p| *p != part));
    }
    // Depth-first search for a back edge.
    fn visit(
        node: &str,
        graph: &std::collections::BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) {
        if done.contains(node) {
            return;
        }
        if let Some(at) = path.iter().position(|p| p == node) {
            panic!("an import circle: {} -> {node}", path[at..].join(" -> "));
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            visit(next, graph, path, done);
        }
        path.pop();
        done.insert(node.to_string());
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        visit(node, &graph, &mut Vec::new(), &mut done);
    }
    // The layers, as the design names them.
    let no = |part: &str, others: &[&str]| {
        for other in others {
            assert!(
                !graph.get(part).is_some_and(|e| e.contains(*other)),
                "{part} imports {other}"
            );
        }
    };
    no(
        "engine",
        &["games", "rules", "families", "session", "tui", "plain"],
    );
    no("games", &["rules", "families", "session", "tui", "plain"]);
    no("rules", &["tui", "plain", "games"]);
    no("families", &["tui", "plain", "rules"]);
    // The front ends never import each other.
    let fronts = ["tui", "plain", "analysis", "puzzle_run"];
    for front in fronts {
        let others: Vec<&str> = fronts.iter().copied().filter(|f| *f != front).collect();
        no(front, &others);
    }
    no(
        "session",
        &["tui", "plain", "analysis", "puzzle_run", "rules"],
    );
    // What is kept on disk sits below the front ends.
    for store in ["history", "collection"] {
        no(store, &fronts);
        no(store, &["session", "games"]);
    }
}

/// The book maker is a program of its own: the player's binary reaches no
/// part of the building of books, and the families know no book job.
#[test]
fn the_player_does_not_hold_the_book_maker() {
    for file in [
        "src/main.rs",
        "src/commands.rs",
        "src/cli.rs",
        "src/games/mod.rs",
    ] {
        let text = fs::read_to_string(root().join(file)).unwrap();
        for needle in [
            "book::make",
            "layer_build",
            "Coverage",
            "make_book",
            "BookJob",
        ] {
            assert!(!text.contains(needle), "{file} names '{needle}'");
        }
    }
    let maker = fs::read_to_string(root().join("src/bin/unbeatable-book.rs")).unwrap();
    assert!(maker.contains("book::make(") && maker.contains("layer_build::make("));
}
