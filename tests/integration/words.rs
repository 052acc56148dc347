//! The word game: known facts, agreement with the reference solver on every
//! small list (with and without Ghost, over several rounds), a match of 10^9
//! rounds, the lists' checks and the computer's round thrown on purpose.

use proptest::prelude::*;
use unbeatable::engine::{Budget, Game, Outcome, Player, ReferenceSolver, Solver, Status};
use unbeatable::games::Family;
use unbeatable::games::words::{Aim, Rules, Words, WordsGame};

use crate::support::{Plies, agree, beats_random_opponents, rules, unlimited};

fn game(words: &[&str], rounds: u64, ghost: Option<u32>) -> Rules {
    scored_game(words, rounds, ghost, "last")
}

fn scored_game(words: &[&str], rounds: u64, ghost: Option<u32>, scoring: &str) -> Rules {
    let quoted: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
    let ghost = ghost.map_or(String::new(), |m| {
        format!("ghost = true\nmin_length = {m}\n")
    });
    rules::<Words>(&format!(
        "words = [{}]\nrounds = {rounds}\nscoring = \"{scoring}\"\n{ghost}",
        quoted.join(", ")
    ))
}

/// The fast solver against the reference on every position of the match.
fn agree_everywhere(words: &[&str], rounds: u64, ghost: Option<u32>) {
    agree_everywhere_scored(words, rounds, ghost, "last");
}

/// As `agree_everywhere`, for a match decided by `scoring` ("last" or
/// "majority"; by majority plies are left out, and must be exact where
/// given).
fn agree_everywhere_scored(words: &[&str], rounds: u64, ghost: Option<u32>, scoring: &str) {
    let rules = scored_game(words, rounds, ghost, scoring);
    let plies = if scoring == "last" {
        Plies::Always
    } else {
        Plies::WhereGiven
    };
    let reference = ReferenceSolver::new();
    let mut stack = vec![Words::start(&rules)];
    let mut seen = std::collections::HashSet::new();
    while let Some(pos) = stack.pop() {
        if !seen.insert(pos.clone()) {
            continue;
        }
        let context = format!("{words:?}, {rounds} rounds by {scoring}, ghost {ghost:?}");
        agree(&*rules.solved, &reference, &pos, plies, &context);
        stack.extend(pos.moves().map(|m| pos.after(m)));
    }
}

#[test]
fn known_facts_hold() {
    for (number, line) in include_str!("../known/words.txt").lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        let words: Vec<&str> = cols[0].split_whitespace().collect();
        let ghost = (cols[2] == "true").then_some(1);
        let rules = game(&words, cols[1].parse().unwrap(), ghost);
        let start = Words::start(&rules);
        let v = rules.solved.value(&start, &unlimited());
        let winner = if v.outcome == Outcome::Win {
            "first"
        } else {
            "second"
        };
        assert_eq!(winner, cols[3], "known/words.txt line {}", number + 1);
        assert!(v.is_proven());
    }
}

/// Every word over a..c of 1 to 3 letters.
fn small_words() -> Vec<String> {
    let mut out = Vec::new();
    for len in 1..=3u32 {
        for code in 0..3u32.pow(len) {
            out.push(
                (0..len)
                    .map(|i| char::from(b'a' + (code / 3u32.pow(i) % 3) as u8))
                    .collect(),
            );
        }
    }
    out
}

/// Every list of 1 to 3 words of up to 3 letters over a..c (9 919 lists):
/// one round and three, with and without Ghost.
#[test]
fn every_small_list_agrees_with_the_reference() {
    let words = small_words();
    let n = words.len();
    let mut lists: Vec<Vec<&str>> = Vec::new();
    for i in 0..n {
        lists.push(vec![&words[i]]);
        for j in i + 1..n {
            lists.push(vec![&words[i], &words[j]]);
            for k in j + 1..n {
                lists.push(vec![&words[i], &words[j], &words[k]]);
            }
        }
    }
    assert_eq!(lists.len(), 9919);
    for list in &lists {
        for rounds in [1, 3] {
            for ghost in [None, Some(2)] {
                agree_everywhere(list, rounds, ghost);
            }
        }
        // Best of k, with an odd and an even number of rounds (a draw).
        for rounds in [3, 4] {
            agree_everywhere_scored(list, rounds, None, "majority");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// Lists of up to 5 words of up to 4 letters over a..c, 1 to 5 rounds,
    /// with and without Ghost: too many to visit all, so a sample.
    #[test]
    fn sampled_lists_agree_with_the_reference(
        words in proptest::collection::vec("[abc]{1,4}", 1..=5),
        rounds in 1u64..=5,
        ghost in proptest::option::of(1u32..=4),
        majority in any::<bool>(),
    ) {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let scoring = if majority { "majority" } else { "last" };
        agree_everywhere_scored(&words, rounds, ghost, scoring);
    }
}

/// A match of 10^9 rounds is answered at once, and its value follows from
/// the small matches: the aims repeat with a period of at most two.
#[test]
fn a_billion_rounds_follow_the_small_matches() {
    for words in [
        &["a", "b"][..],
        &["ab"],
        &["ab", "ac", "b"],
        &["abc", "b"],
        &["a"],
    ] {
        let small: Vec<_> = (1..=6)
            .map(|k| {
                let r = game(words, k, None);
                r.solved.value(&Words::start(&r), &unlimited())
            })
            .collect();
        for big in [999_999_999u64, 1_000_000_000] {
            let r = game(words, big, None);
            let v = r.solved.value(&Words::start(&r), &unlimited());
            let like = small[if big % 2 == 0 { 5 } else { 4 }];
            assert_eq!(v.outcome, like.outcome, "{words:?}, {big} rounds");
            // Plies grow by the same amount every two rounds.
            let per_two = small[5].plies.unwrap() - small[3].plies.unwrap();
            let expected =
                like.plies.unwrap() + (big - if big % 2 == 0 { 6 } else { 5 }) / 2 * per_two;
            assert_eq!(v.plies, Some(expected), "{words:?}, {big} rounds");
        }
    }
}

#[test]
fn the_computer_never_gives_ground() {
    for (words, rounds, ghost) in [
        (&["ab", "ac", "b", "bca", "cab", "cbb"][..], 3, None),
        (&["abc", "abd", "b", "ca"], 4, Some(2)),
        (&["aa", "ab", "ba"], 5, None),
    ] {
        let rules = game(words, rounds, ghost);
        beats_random_opponents(&*rules.solved, &Words::start(&rules), 40);
    }
}

/// "a", "ab": the starter can win a round (b after a is stuck? no: a, then
/// b ends it) and can lose it; with 3 rounds both want to lose round 1, and
/// the computer says why it does.
#[test]
fn the_computer_throws_a_round_and_says_so() {
    let rules = game(&["ab", "ac", "b", "bca", "cab", "cbb"], 3, None);
    let start = Words::start(&rules);
    assert!(rules.solved.starter_can_win() && rules.solved.starter_can_lose());
    assert_eq!(rules.solved.aim(1), Aim::Lose);
    assert_eq!(rules.solved.aim(3), Aim::Win);
    let best = unbeatable::engine::best_moves(&*rules.solved, &start, &unlimited());
    let (mv, _) = best[0];
    let said = rules
        .solved
        .remark(&start, mv, &unlimited())
        .unwrap_or_default();
    assert!(said.contains("I lose this round on purpose"), "{said}");
    assert!(said.contains("round 2"), "{said}");
    // The tip's reason says what the player wants of the round, and why.
    let why = rules
        .solved
        .reason(&start, mv, &unlimited())
        .unwrap_or_default();
    assert!(
        why.ends_with(
            "the opponent cannot keep you from losing this round, as you want to: its loser starts round 2"
        ),
        "{why}"
    );
    // In the last round nothing is thrown.
    let last = game(&["ab", "ac", "b"], 1, None);
    let s = Words::start(&last);
    assert_eq!(last.solved.remark(&s, b'b', &unlimited()), None);
}

#[test]
fn rounds_pass_to_the_loser_and_the_match_ends_with_the_last() {
    let rules = game(&["ab", "b"], 2, None);
    let pos: WordsGame = Words::start(&rules);
    // Round 1: the first player plays b; the second cannot go on.
    let pos = pos.after(b'b');
    assert_eq!(
        (pos.round, pos.starter, pos.to_move()),
        (2, Player::Second, Player::Second)
    );
    assert_eq!(pos.rounds_won(Player::First), 1);
    assert_eq!(pos.round(), Some((2, Player::Second)));
    // The position in words tells how round 1 ended where round 2 begins,
    // and not again at its next letter (plain play prints it each move).
    let ended = "Round 1: the second player could not add a letter to 'b' and lost the round.";
    assert!(pos.to_string().starts_with(ended), "{pos}");
    assert!(!pos.after(b'a').to_string().contains("Round 1"), "{pos}");
    let pos = pos.after(b'a').after(b'b');
    assert_eq!(pos.status(), Status::Won(Player::First));
    assert!(pos.to_string().starts_with("Round 2:"), "{pos}");
    // Ghost: completing a word loses, and its loser moves again.
    let ghost = game(&["ab", "b"], 2, Some(1));
    let pos = Words::start(&ghost).after(b'b');
    assert_eq!((pos.round, pos.to_move()), (2, Player::First));
    assert_eq!(pos.rounds_won(Player::Second), 1);
    assert!(
        Words::start(&ghost)
            .read_move("x")
            .unwrap_err()
            .0
            .contains("begins with 'x'")
    );
    assert!(Words::start(&ghost).read_move("ab").is_err());
    assert_eq!(Words::start(&ghost).read_move("B"), Ok(b'b'));
}

#[test]
fn the_english_list_is_solved_at_once_and_reads_as_ghost() {
    let english = unbeatable::games::words::english();
    assert!(english.words() > 30_000, "{}", english.words());
    let rules = game(&["cat"], 1, None);
    assert_eq!(rules.trie.words(), 1);
    let doc = "dictionary = \"english\"\nghost = true\n";
    let ghost = rules_from(doc);
    let start = Words::start(&ghost);
    let v = ghost.solved.value(&start, &Budget::unlimited());
    assert!(v.is_proven());
    assert!(v.plies.is_some());
}

fn rules_from(body: &str) -> Rules {
    rules::<Words>(body)
}

/// Best of k: the match ends as soon as one player has won more than half
/// of the rounds, its winner is the one with more rounds won, and an even
/// split is a draw; a billion rounds are answered at once.
#[test]
fn best_of_k_is_decided_by_the_most_rounds_won() {
    // With ["b"] the starter wins every round: the rounds alternate.
    let rules = scored_game(&["b"], 5, None, "majority");
    let mut pos: WordsGame = Words::start(&rules);
    while !pos.status().is_over() {
        pos = pos.after(b'b');
    }
    assert_eq!(pos.status(), Status::Won(Player::First));
    assert_eq!(
        (
            pos.rounds_won(Player::First),
            pos.rounds_won(Player::Second)
        ),
        (3, 2)
    );
    let even = scored_game(&["b"], 4, None, "majority");
    let v = even.solved.value(&Words::start(&even), &unlimited());
    assert_eq!(v.outcome, Outcome::Draw);
    // With ["ab"] the starter loses every round and starts again: the
    // second player wins three in a row and the match stops there.
    let rules = scored_game(&["ab"], 5, None, "majority");
    let mut pos: WordsGame = Words::start(&rules);
    let mut rounds = 0;
    while !pos.status().is_over() {
        pos = pos.after(b'a').after(b'b');
        rounds += 1;
    }
    assert_eq!((pos.status(), rounds), (Status::Won(Player::Second), 3));
    // A billion rounds: the same rules, at once.
    for (k, winner) in [(1_000_000_000, Outcome::Draw), (999_999_999, Outcome::Win)] {
        let rules = scored_game(&["b"], k, None, "majority");
        let start = Words::start(&rules);
        assert_eq!(rules.solved.value(&start, &unlimited()).outcome, winner);
    }
}

/// The built-in list is one for word games (see assets/words/README.md):
/// no abbreviations, Roman numerals or stray letters, so Ghost does not
/// stop at "cc" or "xx".
#[test]
fn the_english_list_is_made_for_word_games() {
    const TWO: &str = "aa ab ad ae ag ah ai al am an ar as at aw ax ay ba be bi bo by da de do ed ef eh el em en er es ex fa fe go ha he hi hm ho id if in is it jo ka ki la li lo ma me mi mm mo mu my na ne no nu od oe of oh oi om on op or os ow ox oy pa pe pi qi re sh si so ta ti to uh um un up us ut we wo xi xu ya ye yo za";
    const NO_VOWEL: &[&str] = &[
        "hmm", "shh", "brr", "psst", "tsk", "nth", "pfft", "crwth", "cwm",
    ];
    let list = include_str!("../../assets/words/english.txt");
    let two: Vec<&str> = TWO.split_whitespace().collect();
    let roman = |w: &str| {
        // Every Roman numeral from 1 to 3999, in lower case.
        let parts = |n: usize, one: &str, five: &str, ten: &str| -> String {
            match n {
                0..=3 => one.repeat(n),
                4 => format!("{one}{five}"),
                5..=8 => format!("{five}{}", one.repeat(n - 5)),
                _ => format!("{one}{ten}"),
            }
        };
        (1..4000).any(|n| {
            let s = format!(
                "{}{}{}{}",
                "m".repeat(n / 1000),
                parts(n / 100 % 10, "c", "d", "m"),
                parts(n / 10 % 10, "x", "l", "c"),
                parts(n % 10, "i", "v", "x")
            );
            s == w
        })
    };
    for w in list.lines() {
        match w.len() {
            1 => assert_eq!(w, "a"),
            2 => assert!(two.contains(&w), "{w}"),
            _ => {}
        }
        assert!(
            w.contains(['a', 'e', 'i', 'o', 'u', 'y']) || NO_VOWEL.contains(&w),
            "{w}"
        );
        if w.len() <= 8 && w.chars().all(|c| "ivxlcdm".contains(c)) {
            assert!(!roman(w) || ["mix", "xi"].contains(&w), "{w}");
        }
    }
    let english = unbeatable::games::words::english();
    let c = english.child(0, b'c').unwrap();
    assert_eq!(english.child(c, b'c'), None, "'cc' is no word's beginning");
}

/// The words named after a prefix are those at which the round can end:
/// in Ghost no word too short to count (zip, zoo), in the other game no
/// word the round passes on through (qua, on the way to quay and quays);
/// and an ellipsis only where more are left.
#[test]
fn the_words_named_are_where_the_round_can_end() {
    let said = |ruleset: &str, moves: &str| {
        let text = crate::cli::stdout_of(&["analyze", ruleset, "--moves", moves], "");
        text.lines()
            .find(|l| l.contains("the round can end at"))
            .unwrap_or_else(|| panic!("{text}"))
            .to_string()
    };
    let z = said("ghost", "z");
    assert!(z.contains("zany, zeal"), "{z}");
    assert!(!z.contains("zip") && !z.contains("zoo"), "{z}");
    assert!(z.ends_with(", …"), "{z}");
    assert_eq!(
        said("ghost", "z e b"),
        "From 'zeb' the round can end at zebra"
    );
    let qu = said("words-best-of-five", "q u");
    assert!(qu.contains("quark") && !qu.contains("qua,"), "{qu}");
}
