//! Ruleset fixtures: every valid file is accepted; every invalid one is
//! refused by `check` at the line and column its first comment names.

use std::fs;
use std::path::Path;

use crate::cli::unbeatable;

fn files(dir: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut all: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        // Word lists sit beside the rulesets that read them.
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    all.sort();
    all
}

#[test]
fn valid_fixtures_and_builtins_pass_check() {
    let mut all = files("tests/fixtures/valid");
    all.extend(files("rulesets"));
    assert!(all.len() >= 5);
    unbeatable().arg("check").args(&all).assert().success();
}

/// Each invalid fixture begins with `# expect: LINE:COLUMN: fragment`: the
/// error must name that place and contain the fragment.
#[test]
fn invalid_fixtures_are_refused_at_the_named_place() {
    let all = files("tests/fixtures/invalid");
    assert!(all.len() >= 10);
    for path in all {
        let bytes = fs::read(&path).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        let expect = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# expect: "))
            .unwrap_or_else(|| panic!("{} has no '# expect:' line", path.display()))
            .to_string();
        let out = unbeatable().arg("check").arg(&path).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{} was accepted", path.display());
        let (place, fragment) = expect.split_at(expect.find(": ").map_or(expect.len(), |i| i + 2));
        let place = place.trim_end_matches(": ");
        assert!(
            stderr.contains(&format!("{}:{place}", path.display()))
                && stderr.contains(fragment.trim()),
            "{}: wanted '{expect}', got: {stderr}",
            path.display()
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

/// `check` goes on past the first problem: all three of the fixture's,
/// each under its line with carets, the way rustc shows them.
#[test]
fn check_reports_every_problem_with_carets() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/three-errors.toml");
    let out = unbeatable().arg("check").arg(&path).output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("error: ").count(), 3, "{stderr}");
    for (line, text, carets) in [
        (6, "width = \"seven\"", "^^^^^^^"),
        (8, "k = 0", "^"),
        (9, "gravity", "^^^^^"),
    ] {
        assert!(
            stderr.contains(&format!("{}:{line}:", path.display())),
            "line {line} not named: {stderr}"
        );
        let shown = stderr
            .lines()
            .position(|l| l.contains(text) && l.starts_with(&format!("{line} |")))
            .unwrap_or_else(|| panic!("line {line} not shown: {stderr}"));
        let under = stderr.lines().nth(shown + 1).unwrap_or_default();
        assert!(
            under.contains(carets),
            "no carets under line {line}: {stderr}"
        );
    }
}

#[test]
fn junk_and_empty_input_never_panic() {
    use unbeatable::rules::Ruleset;
    let samples: [&[u8]; 6] = [
        b"",
        b"\xff\xfe\x00binary",
        b"name = \"x\"\nkind = \"flags\"\n[flags]\nstart = 9999999999999999999999\n",
        b"[[[",
        b"name = \"x\"\nkind = 7\n",
        b"name = \"x\"\nkind = \"flags\"\nflags = 3\n",
    ];
    for s in samples {
        assert!(Ruleset::parse_bytes("junk.toml", s, None).is_err());
    }
}

proptest::proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let _ = unbeatable::rules::Ruleset::parse("fuzz.toml", &text);
    }

    #[test]
    fn arbitrary_flags_tables_never_panic(
        start in -5i64..200, lose_at in -2i64..20,
        take in proptest::collection::vec(-3i64..30, 0..6),
    ) {
        let take: Vec<String> = take.iter().map(i64::to_string).collect();
        let text = format!(
            "name = \"p\"\nkind = \"flags\"\n[flags]\nstart = {start}\ntake = [{}]\nlose_at = {lose_at}\n",
            take.join(", ")
        );
        if let Ok(r) = unbeatable::rules::Ruleset::parse("p.toml", &text) {
            let game = r.session(unbeatable::session::Setup::default());
            let _ = game.analysis();
        }
    }
}

/// A mistyped kind is one problem, which names the kind meant: the table
/// of the kind meant is not called a stranger to a kind the file lacks.
#[test]
fn a_mistyped_kind_is_one_problem_naming_the_kind_meant() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/invalid/misspelt-kind.toml");
    let out = unbeatable().arg("check").arg(&path).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("did you mean \"mnk\"?"), "{stderr}");
    assert!(!stderr.contains("does not belong"), "{stderr}");
    assert_eq!(stderr.matches("error:").count(), 1, "{stderr}");
}

/// A required key mistyped is one problem, at the key as written: the
/// table is not also said to need the key it meant.
#[test]
fn a_mistyped_required_key_is_one_problem() {
    for fixture in ["misspelt-key.toml", "misspelt-part-key.toml"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/invalid")
            .join(fixture);
        let out = unbeatable().arg("check").arg(&path).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("did you mean"), "{stderr}");
        assert!(!stderr.contains("needs"), "{stderr}");
        assert_eq!(stderr.matches("error:").count(), 1, "{stderr}");
    }
}
