//! Positions edited on the analysis board are the positions play reaches
//! (the same value, checked against the reference solver), and edits that
//! play cannot reach are refused with the reason.

use std::fmt::Debug;

use unbeatable::engine::{Game, ReferenceSolver};
use unbeatable::games::{Family, divisors, flags, mnk, nim};

use crate::support::{Plies, agree, rules};

/// `edit` of the start is the start after `moves`, and the family's
/// solver agrees with the reference there.
fn edit_is_play<F: Family>(body: &str, edit: &str, moves: &[&str])
where
    F::Game: Debug,
{
    let rules = &rules::<F>(body);
    let start = F::start(rules);
    let edited = start
        .edit(&start, edit)
        .unwrap_or_else(|e| panic!("{body} / {edit}: {}", e.0));
    let played = moves.iter().fold(start.clone(), |pos, mv| {
        let mv = pos.read_move(mv).expect("a legal move");
        pos.after(mv)
    });
    assert_eq!(edited, played, "{body} / {edit}");
    agree(
        &*F::solver(rules),
        &ReferenceSolver::<F::Game>::new(),
        &edited,
        Plies::WhereGiven,
        edit,
    );
}

/// `edit` of the start is refused, saying `why`.
fn refused<F: Family>(body: &str, edit: &str, why: &str) {
    let rules = &rules::<F>(body);
    let start = F::start(rules);
    match start.edit(&start, edit) {
        Ok(_) => panic!("{body} / {edit}: edited"),
        Err(e) => assert!(e.0.contains(why), "{edit}: {}", e.0),
    }
}

#[test]
fn flags_edits_are_the_count_and_the_side() {
    let body = "start = 21\ntake = [1, 2, 3]\nlose_at = 0\nwhen_stuck = \"lose\"";
    edit_is_play::<flags::Flags>(body, "17", &["1", "3"]);
    edit_is_play::<flags::Flags>(body, "18 second", &["3"]);
    refused::<flags::Flags>(body, "22", "the flags left are 0 to 21");
    refused::<flags::Flags>(body, "many", "is not a number");
}

#[test]
fn nim_edits_are_the_piles() {
    let body = "piles = [3, 4, 5]\ntake = \"any\"";
    edit_is_play::<nim::Nim>(body, "3 4 2 second", &["3:3"]);
    edit_is_play::<nim::Nim>(body, "1, 4, 2", &["3:3", "1:2"]);
    refused::<nim::Nim>(body, "3 4", "write 3 piles");
    refused::<nim::Nim>(body, "3 9 5", "pile 2 holds at most 4");
}

#[test]
fn board_edits_are_stones_that_play_can_reach() {
    let ttt = "width = 3\nheight = 3\nk = 3";
    edit_is_play::<mnk::Mnk>(ttt, "x b2 o a1", &["b2", "a1"]);
    edit_is_play::<mnk::Mnk>(ttt, "x b2 c3 o a1 - c3", &["b2", "a1"]);
    refused::<mnk::Mnk>(ttt, "x b2 c3", "X has 2 stones and O 0");
    refused::<mnk::Mnk>(ttt, "x a1 b1 c1 o a2 b2 c2", "both sides");
    refused::<mnk::Mnk>(ttt, "x a1 b1 c1 o a2 b2 c3 a3", "X has 3 stones and O 4");
    refused::<mnk::Mnk>(ttt, "x z9", "is not a cell");
    let gravity = "width = 4\nheight = 4\nk = 3\ngravity = true";
    edit_is_play::<mnk::Mnk>(gravity, "x a1 o a2", &["a", "a"]);
    refused::<mnk::Mnk>(gravity, "x a2 o b1", "a2 floats");
}

#[test]
fn divisors_edits_cross_numbers_out() {
    let body = "min = 1\nmax = 14";
    edit_is_play::<divisors::Divisors>(body, "x 4 8 at 8", &["4", "8"]);
    edit_is_play::<divisors::Divisors>(body, "x 4 12 at 4 - 12 second", &["4"]);
    refused::<divisors::Divisors>(body, "at 9", "must be crossed out");
    refused::<divisors::Divisors>(body, "x 40", "not on the board");
}
