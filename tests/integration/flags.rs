//! The flags game: known facts, agreement with the reference solver, the
//! period, and the computer's play.

use unbeatable::engine::{Game, Level, Outcome, Player, ReferenceSolver, Solver, choose};
use unbeatable::games::Family;
use unbeatable::games::flags::{Flags, FlagsGame, Rules};
use unbeatable::session::rng_for;

use crate::support::{Plies, agree, computer_keeps_value, promised, rules, unlimited};

fn flags(start: u64, take: &[u64], lose_at: u64, when_stuck: &str) -> Rules {
    let take: Vec<String> = take.iter().map(u64::to_string).collect();
    rules::<Flags>(&format!(
        "start = {start}\ntake = [{}]\nlose_at = {lose_at}\nwhen_stuck = \"{when_stuck}\"\n",
        take.join(", ")
    ))
}

fn outcome(word: &str) -> Outcome {
    match word {
        "win" => Outcome::Win,
        "loss" => Outcome::Loss,
        "draw" => Outcome::Draw,
        other => panic!("unknown outcome {other}"),
    }
}

#[test]
fn known_facts_hold() {
    let text = include_str!("../known/flags.txt");
    for (number, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        let nums =
            |s: &str| -> Vec<u64> { s.split_whitespace().map(|n| n.parse().unwrap()).collect() };
        let rules = flags(nums(cols[0])[0], &nums(cols[1]), nums(cols[2])[0], cols[3]);
        let pos = Flags::start(&rules);
        let table = &rules.table;
        assert_eq!(
            table.value(&pos, &unlimited()).outcome,
            outcome(cols[4]),
            "known/flags.txt line {number}"
        );
        let mut got: Vec<String> = table
            .move_results(&pos, &unlimited())
            .listed
            .into_iter()
            .map(|(m, v)| format!("{m}={}", v.outcome))
            .collect();
        got.sort();
        let mut want: Vec<String> = cols[5].split_whitespace().map(String::from).collect();
        want.sort();
        assert_eq!(got, want, "known/flags.txt line {number}");
    }
}

#[test]
fn losing_counts_of_21_flags_are_one_mod_four() {
    let rules = flags(21, &[1, 2, 3], 1, "draw");
    for count in 1..=21 {
        let pos = FlagsGame::new(count, &rules, Player::First);
        let losing = rules.table.value(&pos, &unlimited()).outcome == Outcome::Loss;
        assert_eq!(losing, count % 4 == 1, "count {count}");
    }
}

/// Every take ⊆ {1..6}, lose_at ≤ 3, both stuck rules, every count up to 40:
/// the positions of every such ruleset with start ≤ 40.
#[test]
fn fast_solver_agrees_with_reference_on_every_small_ruleset() {
    for mask in 1u32..64 {
        let take: Vec<u64> = (1..=6).filter(|k| mask & (1 << (k - 1)) != 0).collect();
        for lose_at in 0..=3 {
            for stuck in ["draw", "lose"] {
                let rules = flags(40, &take, lose_at, stuck);
                let reference = ReferenceSolver::new();
                for count in lose_at..=40 {
                    for to_move in [Player::First, Player::Second] {
                        let pos = FlagsGame::new(count, &rules, to_move);
                        agree(
                            &*rules.table,
                            &reference,
                            &pos,
                            Plies::Always,
                            &format!("take {take:?}, {stuck}"),
                        );
                    }
                }
            }
        }
    }
}

/// A plain dynamic program over the counts, with no period: the table's
/// periodic answers (outcome and plies) must match it far past the period.
#[test]
fn huge_starts_follow_the_period() {
    for (take, stuck) in [
        (vec![1, 2, 3], "draw"),
        (vec![2, 5, 7], "draw"),
        (vec![2, 5, 7], "lose"),
        (vec![1, 3, 4], "lose"),
        (vec![3, 7, 11, 12], "draw"),
        (vec![5, 9, 17], "lose"),
    ] {
        let rules = flags(1_000_000_000_000_000_000, &take, 0, stuck);
        assert!(rules.table.period().is_some(), "{take:?} has a period");
        let mut plain: Vec<(Outcome, Option<u64>)> = Vec::new();
        for m in 0..5_000u64 {
            let children: Vec<(Outcome, Option<u64>)> = take
                .iter()
                .filter(|&&k| k <= m)
                .map(|&k| plain[(m - k) as usize])
                .collect();
            let v = if m == 0 {
                (Outcome::Loss, Some(0))
            } else if children.is_empty() {
                if stuck == "draw" {
                    (Outcome::Draw, None)
                } else {
                    (Outcome::Loss, Some(0))
                }
            } else if let Some(p) = children
                .iter()
                .filter(|c| c.0 == Outcome::Loss)
                .filter_map(|c| c.1)
                .min()
            {
                (Outcome::Win, Some(p + 1))
            } else if children.iter().any(|c| c.0 == Outcome::Draw) {
                (Outcome::Draw, None)
            } else {
                (
                    Outcome::Loss,
                    children.iter().filter_map(|c| c.1).max().map(|p| p + 1),
                )
            };
            plain.push(v);
            let got = rules
                .table
                .value(&FlagsGame::new(m, &rules, Player::First), &unlimited());
            assert_eq!(
                (got.outcome, got.plies),
                v,
                "take {take:?} {stuck}, count {m}"
            );
        }
    }
}

#[test]
fn a_start_of_ten_to_the_eighteen_is_solved() {
    let rules = flags(1_000_000_000_000_000_000, &[1, 2, 3], 1, "draw");
    let v = rules.table.value(&Flags::start(&rules), &unlimited());
    // 10^18 - 1 above the losing count: 3 mod 4, a win by taking 3.
    assert_eq!(v.outcome, Outcome::Win);
    assert_eq!(v.plies, Some(2 * ((1_000_000_000_000_000_000 - 1) / 4) + 1));
}

#[test]
fn computer_keeps_every_win_and_draw_against_every_line() {
    for (take, lose_at, stuck, start) in [
        (vec![1, 2, 3], 1, "draw", 21),
        (vec![2, 5, 7], 1, "draw", 9),
        (vec![2, 4], 1, "draw", 9),
        (vec![1, 3, 4], 0, "lose", 20),
        (vec![2, 7], 1, "draw", 21),
        (vec![2, 3], 0, "draw", 17),
    ] {
        let rules = flags(start, &take, lose_at, stuck);
        let start = Flags::start(&rules);
        for computer in [Player::First, Player::Second] {
            let promise = promised(&*rules.table, &start, computer);
            computer_keeps_value(&*rules.table, &start, computer, promise);
        }
    }
}

#[test]
fn computer_beats_random_opponents_on_a_large_start() {
    let rules = flags(2_001, &[1, 3, 4, 7], 0, "lose");
    let table = &*rules.table;
    for seed in 0..40 {
        let mut rng = rng_for(Some(seed));
        let mut pos = Flags::start(&rules);
        let computer = if seed % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let promise = promised_pos(table, &pos, computer);
        while !pos.status().is_over() {
            let mv = if pos.to_move() == computer {
                choose(table, &pos, Level::Perfect, &mut rng, &unlimited()).map(|c| c.mv)
            } else {
                // A random opponent: every move random.
                pos.random_move(&mut rng)
            };
            pos.play_unchecked(mv.expect("a move while the game goes on"));
            let now = promised_pos(table, &pos, computer);
            assert!(
                rank(now) >= rank(promise),
                "seed {seed}: the computer gave ground"
            );
        }
    }
}

fn promised_pos(table: &impl Solver<FlagsGame>, pos: &FlagsGame, computer: Player) -> Outcome {
    let v = table.value(pos, &unlimited()).outcome;
    if pos.to_move() == computer {
        v
    } else {
        v.flip()
    }
}

fn rank(o: Outcome) -> u8 {
    match o {
        Outcome::Loss | Outcome::Unknown => 0,
        Outcome::Draw => 1,
        Outcome::Win => 2,
    }
}

#[test]
fn losing_computer_holds_out_longest() {
    // From 21 every move loses in 10; the computer must not shorten the game.
    let rules = flags(21, &[1, 2, 3], 1, "draw");
    let mut rng = rng_for(Some(1));
    let pos = Flags::start(&rules);
    let mv = choose(&*rules.table, &pos, Level::Perfect, &mut rng, &unlimited())
        .unwrap()
        .mv;
    assert_eq!(
        rules.table.value(&pos.after(mv), &unlimited()).plies,
        Some(9)
    );
}

/// From 21 flags every move loses in 10 plies: no move "holds out
/// longest", and lengths are counted in plies, the same everywhere.
#[test]
fn equal_losses_are_named_as_equal_and_lengths_as_plies() {
    let out = crate::cli::unbeatable()
        .args(["play", "21-flags", "--plain"])
        .write_stdin("hint\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("every move loses in 10 plies"), "{text}");
    assert!(!text.contains("holds out longest"), "{text}");
    let out = crate::cli::unbeatable()
        .args(["analyze", "21-flags"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("in 10 plies"), "{text}");
    assert!(!text.contains(" moves."), "{text}");
}

/// A ruleset names what its row is made of: "N stones" speaks of stones
/// in every text (the board, the errors, the idea), with its own plural
/// where given; a name that is not a plain word is refused, each key's
/// problem at its place.
#[test]
fn the_row_is_of_the_ruleset_s_own_things() {
    let stones = rules::<Flags>("start = 20\ntake = [1, 3, 4]\nlose_at = 0\nitem = \"stone\"\n");
    let pos = Flags::start(&stones);
    let shown = pos.to_string();
    assert!(shown.starts_with("20 stones left  ooooo"), "{shown}");
    let error = pos.parse_move("x").map(|_| ()).unwrap_err().0;
    assert!(error.contains("not a number of stones"), "{error}");
    let idea = Flags::solver(&stones)
        .explain(&pos, &unlimited())
        .join("\n");
    assert!(
        idea.contains("From 0 stones on, the outcomes repeat every 7 stones"),
        "{idea}"
    );
    assert!(
        !idea.contains("flag") && !shown.contains("flag"),
        "{idea}\n{shown}"
    );
    // With none left to lose at, the rule is the last stone's, not "fewer
    // than 0".
    assert!(
        shown.ends_with("whoever takes the last stone wins"),
        "{shown}"
    );
    let mut two = pos.clone();
    two.count = 2;
    let refused = two.explain_illegal(4);
    assert_eq!(refused, "you may not take '4': only 2 stones left");
    let card = Flags::card(&stones).join("\n");
    assert!(card.contains("Whoever takes the last stone wins"), "{card}");
    assert!(!card.contains("fewer than 0"), "{card}");
    let matches = rules::<Flags>(
        "start = 1\ntake = [1]\nlose_at = 0\nitem = \"match\"\nitems = \"matches\"\n",
    );
    assert_eq!(
        Flags::start(&matches).to_string().lines().next(),
        Some("1 match left  o")
    );
    let mut two = Flags::start(&matches);
    two.count = 2;
    assert!(two.to_string().starts_with("2 matches left"));
    let flags = flags(21, &[1, 2, 3], 1, "draw");
    assert!(
        Flags::start(&flags)
            .to_string()
            .starts_with("21 flags left  FFFFF")
    );
    let refused = unbeatable::games::rules_from_body::<Flags>(
        "start = 9\ntake = [2]\nlose_at = 1\nitem = \"Stone\"\nitems = \"st\\u001bnes\"\n",
    )
    .map(|_| ())
    .unwrap_err()
    .to_string();
    assert!(
        refused.contains("item is a word of 1 to 20 lower-case letters"),
        "{refused}"
    );
    assert!(refused.contains("items is a word"), "{refused}");
    assert!(!refused.contains('\u{1b}'), "{refused}");
}

/// Where the outcomes settle into one, the idea says so instead of "repeat
/// every 1 flag": take 2, 5 or 7 from 9 is a draw at every count from 13.
#[test]
fn outcomes_that_settle_into_one_are_named() {
    let rules = flags(9, &[2, 5, 7], 1, "draw");
    let pos = Flags::start(&rules);
    let idea = Flags::solver(&rules).explain(&pos, &unlimited()).join("\n");
    assert!(
        idea.contains("From 13 flags on, every count is a draw."),
        "{idea}"
    );
    assert!(!idea.contains("every 1 flag"), "{idea}");
}
