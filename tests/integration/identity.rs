//! A ruleset's identity — what the tally, the kept games and the puzzles
//! key its games by — is a fingerprint of its rules as the file writes
//! them, not of the card's words: a card worded anew keeps a person's
//! record, and records kept under the former identity are taken over.

use unbeatable::collection::{Collection, Mine, Runs};
use unbeatable::history::{self, GameRecord};
use unbeatable::rules::{self, Ruleset};
use unbeatable::tui::tally::{Finish, Tally};
use unbeatable::tui::theme::THEME;
use unbeatable::tui::{App, Start};

fn builtin(id: &str) -> &'static str {
    rules::BUILTIN
        .iter()
        .find(|(i, _)| *i == id)
        .map(|(_, t)| *t)
        .expect("a built-in ruleset")
}

fn parsed(text: &str) -> Ruleset {
    Ruleset::parse("t.toml", text).expect("a valid ruleset")
}

#[test]
fn an_identity_is_the_rules_not_the_way_they_are_written() {
    let text = builtin("tic-tac-toe");
    let first = parsed(text);
    assert!(
        first.identity().starts_with("Tic-tac-toe #"),
        "{}",
        first.identity()
    );
    // Another description, comments, the keys in another order, a number
    // written another way: the same game.
    let respelt = text
        .replace("width = 3", "# three wide\nwidth = 0x3")
        .replace("[mnk]\n", "[mnk]\n\n")
        .replace("description = \"", "description = \"Worded anew. ");
    assert_ne!(respelt, text);
    assert_eq!(parsed(&respelt).identity(), first.identity());
    // Other rules, or another name: another record.
    assert_ne!(
        parsed(&text.replace("width = 3", "width = 4")).identity(),
        first.identity()
    );
    assert_ne!(
        parsed(&text.replace("name = \"Tic-tac-toe\"", "name = \"Noughts\"")).identity(),
        first.identity()
    );
}

#[test]
fn the_words_of_a_word_list_file_are_part_of_the_identity() {
    let dir = tempfile::tempdir().unwrap();
    let text = "name = \"Mine\"\nkind = \"words\"\n[words]\ndictionary = \"list.txt\"\n";
    let read = |words: &str| {
        std::fs::write(dir.path().join("list.txt"), words).unwrap();
        Ruleset::parse_in("mine.toml", text, Some(dir.path()))
            .expect("a valid ruleset")
            .identity()
    };
    let first = read("ab\nac\nb\n");
    assert_ne!(read("ab\nad\nb\n"), first, "other words, the same count");
    assert_ne!(read("ab\nac\n"), first, "a word fewer");
    // The words, not the way the file lists them.
    assert_eq!(read("# the same words\n\nb\n  ac\nab\n"), first);
}

/// Every built-in ruleset's identity, pinned: a change to how identities
/// are made would cut every person off from their record, so it must be
/// seen here first (and come with its renames, as `former_identity` has).
#[test]
fn the_built_in_identities_are_pinned() {
    let mut lines = String::new();
    for listed in rules::builtins() {
        let ruleset = listed.ruleset.expect("a built-in ruleset reads");
        lines.push_str(&format!("{}: {}\n", listed.id, ruleset.identity()));
    }
    insta::assert_snapshot!(lines);
}

/// The former identity of every built-in ruleset is the one the program
/// before stop 123 kept its records under (written down from its
/// games.jsonl): a card worded anew keeps its former wording for this
/// (`Family::former_card`), as the sums' card did when it came to list a
/// word part's words.
#[test]
fn the_former_identities_are_those_records_were_kept_under() {
    let pinned = include_str!("../fixtures/former-identities.txt");
    let mut seen = 0;
    for line in pinned.lines().filter(|l| !l.starts_with('#')) {
        let (id, former) = line.split_once(": ").expect("id: identity");
        let ruleset = parsed(builtin(id));
        assert_eq!(ruleset.former_identity(), former, "{id}");
        seen += 1;
    }
    assert_eq!(seen, rules::builtins().len());
}

/// Records kept under the identity of the card (before the identity was
/// the rules' own) are renamed when the program starts, added to any kept
/// under the new one; records of rules no longer listed stay as they were.
#[test]
fn records_under_a_former_identity_are_taken_over_at_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let tally_path = dir.path().join("tally.json");
    let ruleset = parsed(builtin("tic-tac-toe"));
    let (former, now) = (ruleset.former_identity(), ruleset.identity());
    assert_ne!(former, now);
    let gone = "Gone game #12345678";
    let mut tally = Tally::default();
    for (id, finish) in [
        (former.as_str(), Finish::Drawn),
        (former.as_str(), Finish::Lost),
        (now.as_str(), Finish::Drawn),
        (gone, Finish::Won),
    ] {
        tally.record(id, "perfect", false, finish);
    }
    tally.save(&tally_path).unwrap();
    let games = dir.path().join("games.jsonl");
    let game = GameRecord::now("tic-tac-toe", &former, "first", "perfect", "b2 a1", "draw");
    history::append(&games, &game).unwrap();
    history::append(
        &games,
        &GameRecord {
            identity: gone.into(),
            ..game.clone()
        },
    )
    .unwrap();
    let puzzles = dir.path().join("puzzles.json");
    let mine = |identity: &str| Mine {
        identity: identity.into(),
        moves: "b2 a1".into(),
        answers: vec!["c3".into()],
        played: "a3".into(),
        due: 1,
        solved: 0,
    };
    Collection::update(&puzzles, |c| {
        c.add(mine(&former));
        c.add(mine(&now));
        let runs = |identity: &str, runs, tried, solved| Runs {
            identity: identity.into(),
            runs,
            tried,
            solved,
            ..Runs::default()
        };
        c.runs.push(runs(&former, 2, 5, 3));
        c.runs.push(runs(&now, 1, 2, 2));
    })
    .unwrap();

    let app = App::new(
        rules::builtins(),
        Start::default(),
        Some(tally_path.clone()),
        &THEME,
    );
    assert!(app.notice.is_none(), "{:?}", app.notice);
    let tally = Tally::load(&tally_path).0;
    let total = tally.total(&now);
    assert_eq!((total.won, total.lost, total.drawn), (0, 1, 2));
    assert_eq!(tally.total(&former).drawn, 0, "the former key is gone");
    assert_eq!(
        tally.total(gone).won,
        1,
        "a ruleset no longer listed keeps its record"
    );
    let kept = history::load(&games).0;
    assert_eq!(kept[0].identity, now);
    assert_eq!(kept[1].identity, gone);
    let collection = Collection::load(&puzzles).0;
    assert_eq!(
        collection.mine.len(),
        1,
        "the same puzzle under both is kept once"
    );
    assert_eq!(collection.mine[0].identity, now);
    assert_eq!(collection.runs.len(), 1);
    let runs = &collection.runs[0];
    assert_eq!(
        (runs.identity.as_str(), runs.runs, runs.tried, runs.solved),
        (now.as_str(), 3, 7, 5)
    );

    // Started again, nothing is left to rename: the files are not written.
    let written = std::fs::metadata(&tally_path).unwrap().modified().unwrap();
    let before = std::fs::read(&tally_path).unwrap();
    let _again = App::new(
        rules::builtins(),
        Start::default(),
        Some(tally_path.clone()),
        &THEME,
    );
    assert_eq!(std::fs::read(&tally_path).unwrap(), before);
    assert_eq!(
        std::fs::metadata(&tally_path).unwrap().modified().unwrap(),
        written
    );
}

/// `review` with no moves replays the newest kept game even where it was
/// kept under the former identity, and renames it for good.
#[test]
fn a_game_kept_under_the_former_identity_is_reviewed() {
    let dir = tempfile::tempdir().unwrap();
    let ruleset = parsed(builtin("tic-tac-toe"));
    let games = dir.path().join("games.jsonl");
    let moves = "b2 a1 c3 a3 a2 c2 b1 b3 c1";
    let game = GameRecord::now(
        "tic-tac-toe",
        &ruleset.former_identity(),
        "second",
        "perfect",
        moves,
        "draw",
    );
    history::append(&games, &game).unwrap();
    let out = crate::cli::unbeatable()
        .env("UNBEATABLE_DATA_DIR", dir.path())
        .args(["review"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.starts_with("Your game of "), "{text}");
    assert_eq!(history::load(&games).0[0].identity, ruleset.identity());
}
