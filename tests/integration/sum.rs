//! Sums of games: the Sprague–Grundy solver (and the misère search) agree
//! with the reference solver on every sum of up to three small parts, a sum
//! of nim piles plays as nim, and the texts' example holds.

use unbeatable::engine::{Budget, Outcome, ReferenceSolver, Solver};
use unbeatable::games::sum::{Sum, SumGame};
use unbeatable::games::{Family, nim};

use crate::support::{Plies, agree, every_position, rules};

/// Small parts of every kind, as `[[sum.part]]` tables.
const PARTS: &[&str] = &[
    "kind = \"flags\"\nstart = 5\ntake = [1, 2]",
    "kind = \"flags\"\nstart = 4\ntake = [1, 3]",
    "kind = \"nim\"\npiles = [2, 3]\ntake = \"any\"",
    "kind = \"nim\"\npiles = [3]\ntake = [1, 2]",
    "kind = \"words\"\nwords = [\"ab\", \"ac\", \"b\", \"bad\"]",
    "kind = \"graph\"\nvertices = [\"a\", \"b\", \"c\", \"d\"]\nedges = [[\"a\", \"b\"], [\"b\", \"c\"], [\"c\", \"a\"], [\"c\", \"d\"]]\nstart = \"a\"",
    "kind = \"graph\"\nvertices = \"king 2x2\"",
    "kind = \"graph\"\nvertices = [\"x\", \"y\", \"z\"]\nedges = [[\"x\", \"y\"], [\"y\", \"z\"], [\"z\", \"x\"]]\ndirected = true\nstart = \"any\"",
];

fn body(parts: &[&str], misere: bool) -> String {
    let mut text = format!("misere = {misere}\n");
    for p in parts {
        text.push_str("[[part]]\n");
        text.push_str(p);
        text.push('\n');
    }
    text
}

fn check(parts: &[&str], misere: bool) {
    let text = body(parts, misere);
    let rules = rules::<Sum>(&text);
    let start = Sum::start(&rules);
    let solver = Sum::solver(&rules);
    let reference = ReferenceSolver::<SumGame>::new();
    let plies = if misere {
        Plies::Always
    } else {
        Plies::WhereGiven
    };
    for pos in every_position(&start, Clone::clone) {
        agree(&*solver, &reference, &pos, plies, &text);
    }
}

#[test]
fn every_sum_of_two_small_parts_agrees_with_the_reference() {
    for (i, a) in PARTS.iter().enumerate() {
        for b in &PARTS[i..] {
            check(&[a, b], false);
            check(&[a, b], true);
        }
    }
}

#[test]
fn sums_of_three_small_parts_agree_with_the_reference() {
    for (i, a) in PARTS.iter().enumerate() {
        for (j, b) in PARTS.iter().enumerate().skip(i) {
            // Every third triple, so the test stays quick; all kinds meet.
            for c in PARTS.iter().skip(j).step_by(3) {
                check(&[a, b, c], false);
            }
        }
    }
}

/// The texts' example: piles 3, 4 and 5, take 1 to 3 from one: the first
/// player wins, and the Grundy values of take-1-to-3 are n mod 4.
#[test]
fn the_texts_example_holds() {
    let pile = |n: u64| format!("kind = \"flags\"\nstart = {n}\ntake = [1, 2, 3]");
    let (a, b, c) = (pile(3), pile(4), pile(5));
    let three = rules::<Sum>(&body(&[&a, &b, &c], false));
    let start = Sum::start(&three);
    let solver = Sum::solver(&three);
    let b_ = Budget::unlimited();
    assert_eq!(solver.value(&start, &b_).outcome, Outcome::Win);
    assert_eq!(solver.values(&start, &b_), [Some(3), Some(0), Some(1)]);
    for n in [0u64, 1, 7, 1_000_000_000_000_000_000] {
        let p = pile(n);
        let other = pile(1);
        let two = rules::<Sum>(&body(&[&p, &other], false));
        let start = Sum::start(&two);
        assert_eq!(Sum::solver(&two).values(&start, &b_)[0], Some(n % 4), "{n}");
    }
}

/// A sum whose parts are single nim piles plays as nim with those piles.
#[test]
fn a_sum_of_nim_piles_agrees_with_nim() {
    let b = Budget::unlimited();
    for piles in [[1u64, 2, 3], [4, 5, 6], [7, 7, 1], [0, 9, 9], [12, 5, 9]] {
        let parts: Vec<String> = piles
            .iter()
            .map(|p| format!("kind = \"nim\"\npiles = [{p}]\ntake = \"any\""))
            .collect();
        let refs: Vec<&str> = parts.iter().map(String::as_str).collect();
        let sum = rules::<Sum>(&body(&refs, false));
        let list: Vec<String> = piles.iter().map(u64::to_string).collect();
        let n = rules::<nim::Nim>(&format!("piles = [{}]", list.join(", ")));
        let (s, v) = (
            Sum::solver(&sum).value(&Sum::start(&sum), &b),
            nim::Nim::solver(&n).value(&nim::Nim::start(&n), &b),
        );
        assert_eq!(s.outcome, v.outcome, "{piles:?}");
    }
}

/// A misère sum too long to search (a pile of 10^18 flags) is unknown
/// within its budget, not a hang or a blown stack; its normal-play twin
/// is solved at once.
#[test]
fn a_huge_misere_sum_is_unknown_not_a_hang() {
    let big = "kind = \"flags\"\nstart = 1000000000000000000\ntake = [1]";
    let small = "kind = \"flags\"\nstart = 5\ntake = [1, 2]";
    let began = std::time::Instant::now();
    let misere = rules::<Sum>(&body(&[big, small], true));
    let value = Sum::solver(&misere).value(
        &Sum::start(&misere),
        &Budget::of(std::time::Duration::from_millis(500)),
    );
    assert_eq!(value.outcome, Outcome::Unknown);
    let normal = rules::<Sum>(&body(&[big, small], false));
    let value = Sum::solver(&normal).value(&Sum::start(&normal), &Budget::unlimited());
    assert!(value.is_proven());
    assert!(began.elapsed().as_secs() < 60, "a hang");
}

/// The rules of a sum with a word part say its words (the part's state,
/// "no letter yet", did not, and nothing else on the screen does).
#[test]
fn a_word_parts_rules_list_its_words() {
    let (ruleset, _) = unbeatable::rules::find("three-heaps-three-rules").unwrap();
    let card = ruleset.rules.card().join(" ");
    assert!(
        card.contains(
            "Part 3: a word round on 6 words: do, car, cat, dog, dot, cart — in turn add a letter"
        ),
        "{card}"
    );
    assert!(!card.contains("no letter yet"), "{card}");
}
