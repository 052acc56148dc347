//! Coins in a row: known facts, agreement with the reference solver (value,
//! score, plies and every move), the idea's two numbers, and long rows.

use proptest::prelude::*;
use unbeatable::engine::{Budget, Game, Outcome, Player, ReferenceSolver, Solver};
use unbeatable::games::Family;
use unbeatable::games::coins::{Coins, CoinsGame, Rules};

use crate::support::{Plies, agree, beats_random_opponents, rules, unlimited};

fn row(values: &[u64]) -> Rules {
    let listed: Vec<String> = values.iter().map(u64::to_string).collect();
    rules::<Coins>(&format!("values = [{}]\n", listed.join(", ")))
}

/// Checks the fast solver against the reference on every position of the
/// row's games.
fn agree_everywhere(values: &[u64]) {
    let rules = row(values);
    let reference = ReferenceSolver::new();
    let mut stack = vec![Coins::start(&rules)];
    while let Some(pos) = stack.pop() {
        agree(
            &*rules.solved,
            &reference,
            &pos,
            Plies::Always,
            &format!("{values:?}"),
        );
        stack.extend(pos.moves().map(|m| pos.after(m)));
    }
}

#[test]
fn known_facts_hold() {
    for (number, line) in include_str!("../known/coins.txt").lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("known/coins.txt line {}", number + 1);
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        let values: Vec<u64> = cols[0]
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        let rules = row(&values);
        let start = Coins::start(&rules);
        let v = rules.solved.value(&start, &unlimited());
        assert_eq!(v.outcome.as_str(), cols[1], "{at}");
        assert_eq!(
            v.score.map(i64::abs),
            Some(cols[2].parse().unwrap()),
            "{at}"
        );
        let mut got: Vec<String> = rules
            .solved
            .move_results(&start, &unlimited())
            .listed
            .iter()
            .map(|(m, v)| {
                format!(
                    "{}={}:{}",
                    start.format_move(*m),
                    v.outcome,
                    v.score.unwrap().abs()
                )
            })
            .collect();
        got.sort();
        let mut want: Vec<String> = cols[3].split_whitespace().map(String::from).collect();
        want.sort();
        assert_eq!(got, want, "{at}");
    }
}

/// Every row of 1 to 6 coins worth 0 to 5 (55 986 rows), every position of
/// each: value, score, plies and every move against the reference solver.
#[test]
fn every_row_of_up_to_six_coins_agrees_with_the_reference() {
    for n in 1..=6u32 {
        for code in 0..6u64.pow(n) {
            let values: Vec<u64> = (0..n).map(|i| code / 6u64.pow(i) % 6).collect();
            agree_everywhere(&values);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    /// Rows of 7 to 10 coins worth 0 to 5: too many to visit all (6^10),
    /// so a sample, every position of each.
    #[test]
    fn longer_rows_agree_with_the_reference(values in proptest::collection::vec(0u64..=5, 7..=10)) {
        agree_everywhere(&values);
    }
}

/// A memoised recursion written apart from the solver's table: the two
/// agree on every stretch of a long row of large coins.
#[test]
fn a_thousand_coins_match_a_plain_recursion() {
    let mut x: u64 = 12345;
    let values: Vec<u64> = (0..1000)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % 1_000_000_001
        })
        .collect();
    let rules = row(&values);
    let n = values.len();
    // plain[i][j]: best difference on values[i..j].
    let mut plain = vec![vec![0i64; n + 1]; n + 1];
    for len in 1..=n {
        for i in 0..=n - len {
            let j = i + len;
            plain[i][j] =
                (values[i] as i64 - plain[i + 1][j]).max(values[j - 1] as i64 - plain[i][j - 1]);
        }
    }
    for (i, j) in [
        (0, n),
        (1, n),
        (0, n - 1),
        (400, 601),
        (999, 1000),
        (500, 500),
    ] {
        assert_eq!(rules.solved.best(i, j), plain[i][j], "{i}..{j}");
    }
    let start = Coins::start(&rules);
    let v = rules.solved.value(&start, &Budget::unlimited());
    assert_eq!(v.score, Some(plain[0][n]));
    assert_eq!(v.plies, (plain[0][n] != 0).then_some(1000));
}

#[test]
fn the_computer_never_gives_ground() {
    for values in [
        vec![18, 20, 15, 30, 10, 14],
        vec![5, 1, 25, 5, 25, 25, 20, 25, 2],
        vec![3, 9, 1, 2],
    ] {
        let rules = row(&values);
        beats_random_opponents(&*rules.solved, &Coins::start(&rules), 40);
    }
}

/// The computer maximises the margin: from every position of a row, its
/// choice has the position's score.
#[test]
fn the_computer_plays_for_the_largest_margin() {
    let rules = row(&[5, 1, 25, 5, 25, 25, 20, 25, 2, 25]);
    let mut stack = vec![Coins::start(&rules)];
    while let Some(pos) = stack.pop() {
        if pos.status().is_over() {
            continue;
        }
        let best = rules.solved.value(&pos, &unlimited()).score;
        for (mv, v) in unbeatable::engine::best_moves(&*rules.solved, &pos, &unlimited()) {
            assert_eq!(v.score, best, "{mv:?} from {pos:?}");
        }
        stack.extend(pos.moves().map(|m| pos.after(m)));
    }
}

#[test]
fn the_idea_shows_the_parity_guarantee_and_the_optimum() {
    let classic = row(&[18, 20, 15, 30, 10, 14]);
    let said = classic
        .solved
        .explain(&Coins::start(&classic), &unlimited())
        .join("\n");
    assert!(said.contains("20 + 30 + 14 = 64"), "{said}");
    assert!(said.contains("also the best"), "{said}");
    assert!(said.contains("a win by 21"), "{said}");
    let trap = row(&[4, 1, 4, 7]);
    let said = trap
        .solved
        .explain(&Coins::start(&trap), &unlimited())
        .join("\n");
    assert!(said.contains("guarantees 8 of the 16"), "{said}");
    assert!(said.contains("secures 11 of the 16 left, not 8"), "{said}");
    let odd = row(&[1, 5, 1]);
    let said = odd
        .solved
        .explain(&Coins::start(&odd), &unlimited())
        .join("\n");
    assert!(said.contains("odd number of coins"), "{said}");
}

#[test]
fn moves_read_both_ways_and_the_last_coin_is_one_move() {
    let rules = row(&[3, 7]);
    let start = Coins::start(&rules);
    assert_eq!(start.read_move("left"), start.read_move("l"));
    assert_eq!(start.read_move("R"), start.read_move("r"));
    assert!(start.read_move("x").unwrap_err().0.contains("type l"));
    let last = start.after(start.read_move("r").unwrap());
    assert_eq!(last.moves().count(), 1);
    assert_eq!(last.read_move("r"), last.read_move("l"));
    let over = last.after(last.read_move("r").unwrap());
    assert_eq!(over.final_score(), Some(7 - 3));
    assert_eq!(over.to_move(), Player::First);
    assert_eq!(
        rules.solved.value(&over, &unlimited()).outcome,
        Outcome::Win
    );
    assert_eq!(over.pile(Player::First).len(), 1);
}

#[test]
fn the_game_is_displayed_with_piles() {
    let rules = row(&[18, 20, 15, 30, 10, 14]);
    let pos: CoinsGame = Coins::start(&rules).after(unbeatable::games::coins::End::Right);
    let text = pos.to_string();
    assert!(text.contains("row: 18 20 15 30 10"), "{text}");
    assert!(text.contains("first player: 14"), "{text}");
    assert!(text.contains("take l (18) or r (10)"), "{text}");
}
