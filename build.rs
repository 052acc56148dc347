//! Compiles every file in `rulesets/` into the binary: adding a built-in
//! ruleset is adding a file, with no list kept by hand.

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

fn main() {
    println!("cargo:rerun-if-changed=rulesets");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut out = String::from("&[\n");
    for path in files {
        let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        if let Some(stem) = stem {
            println!("cargo:rerun-if-changed={}", path.display());
            let _ = writeln!(
                out,
                "    ({stem:?}, include_str!({:?})),",
                path.display().to_string()
            );
        }
    }
    out.push(']');
    let target = Path::new(&env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("builtin.rs");
    if let Err(e) = fs::write(&target, out) {
        panic!("could not write {}: {e}", target.display());
    }
}
