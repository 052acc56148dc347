//! Nim: known facts, agreement with the reference solver on every small
//! position under every rule combination, periods, and the computer's play.

use unbeatable::engine::{Game, Outcome, Player, ReferenceSolver, Solver, best_moves};
use unbeatable::games::Family;
use unbeatable::games::nim::{Grundy, Nim, NimGame, NimMove, Rules, Take};

use crate::support::{
    Plies, agree, beats_random_opponents, computer_keeps_value, promised, rules, unlimited,
};

fn nim(piles: &[u64], take: &str, misere: bool, pass: bool) -> Rules {
    let piles: Vec<String> = piles.iter().map(u64::to_string).collect();
    rules::<Nim>(&format!(
        "piles = [{}]\ntake = {take}\nmisere = {misere}\npass_once_per_pile = {pass}\n",
        piles.join(", ")
    ))
}

fn take_toml(word: &str) -> String {
    if word == "any" {
        "\"any\"".to_string()
    } else {
        let list: Vec<&str> = word.split_whitespace().collect();
        format!("[{}]", list.join(", "))
    }
}

#[test]
fn known_facts_hold() {
    for (number, line) in include_str!("../known/nim.txt").lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        let piles: Vec<u64> = cols[0]
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        let rules = nim(
            &piles,
            &take_toml(cols[1]),
            cols[2] == "true",
            cols[3] == "true",
        );
        let want = match cols[4] {
            "win" => Outcome::Win,
            _ => Outcome::Loss,
        };
        let got = rules
            .solver
            .value(&Nim::start(&rules), &unlimited())
            .outcome;
        assert_eq!(got, want, "known/nim.txt line {}", number + 1);
    }
}

#[test]
fn grundy_values_follow_the_known_sequences() {
    let g = Grundy::new(&Take::List(vec![1, 2, 3].into()), 1_000_000_000_000_000_000).unwrap();
    for n in 0..100u64 {
        assert_eq!(g.value(n, false), n % 4, "take 1-3, pile {n}");
    }
    assert_eq!(g.value(1_000_000_000_000_000_000, false), 0);
    let any = Grundy::new(&Take::Any, 0).unwrap();
    for n in 1..100u64 {
        assert_eq!(
            any.value(n, true),
            if n % 2 == 1 { n + 1 } else { n - 1 },
            "pass, pile {n}"
        );
    }
}

/// A plain mex over every pile size, with no period, against the periodic
/// answers far past the period.
#[test]
fn huge_piles_follow_the_period() {
    for take in [
        vec![1u64, 2, 3],
        vec![2, 5, 7],
        vec![1, 3, 4],
        vec![3, 7, 11, 12],
        vec![4, 9, 13, 20],
    ] {
        let g = Grundy::new(&Take::List(take.clone().into()), 1_000_000_000_000_000_000).unwrap();
        assert!(g.period().is_some(), "{take:?} has a period");
        let mex = |opts: &[u64]| (0..).find(|v| !opts.contains(v)).unwrap();
        let (mut plain, mut pass) = (Vec::new(), Vec::new());
        for n in 0..5_000u64 {
            let reach: Vec<u64> = take
                .iter()
                .filter(|&&k| k <= n)
                .map(|&k| (n - k) as usize)
                .map(|i| plain[i])
                .collect();
            let p = mex(&reach);
            let mut reach_pass: Vec<u64> = take
                .iter()
                .filter(|&&k| k <= n)
                .map(|&k| pass[(n - k) as usize])
                .collect();
            if n > 0 {
                reach_pass.push(p);
            }
            plain.push(p);
            pass.push(mex(&reach_pass));
            assert_eq!(g.value(n, false), p, "take {take:?}, pile {n}");
            assert_eq!(
                g.value(n, true),
                pass[n as usize],
                "take {take:?}, pile {n} with pass"
            );
        }
    }
}

/// Every position with up to 4 piles of up to 6 stones (every pass used or
/// not), under every take ⊆ {1..4} or any, misère or not, passes or not.
#[test]
fn fast_solver_agrees_with_reference_on_every_small_position() {
    let mut takes = vec!["any".to_string()];
    for mask in 1u32..16 {
        let list: Vec<String> = (1..=4)
            .filter(|k| mask & (1 << (k - 1)) != 0)
            .map(|k: u32| k.to_string())
            .collect();
        takes.push(list.join(" "));
    }
    for take in &takes {
        for misere in [false, true] {
            for pass in [false, true] {
                let context = format!("take {take}, misère {misere}, passes {pass}");
                let reference = ReferenceSolver::new();
                for piles_count in 1..=4u32 {
                    let rules = nim(
                        &vec![6; piles_count as usize],
                        &take_toml(take),
                        misere,
                        pass,
                    );
                    for code in 0..7u64.pow(piles_count) {
                        let piles: Vec<u64> =
                            (0..piles_count).map(|i| code / 7u64.pow(i) % 7).collect();
                        let masks = if pass { 1u32 << piles_count } else { 1 };
                        for mask in 0..masks {
                            let mut pos = NimGame::new(piles.clone(), &rules, Player::First);
                            for (i, p) in pos.passes.iter_mut().enumerate() {
                                *p = pass && mask & (1 << i) == 0;
                            }
                            agree(
                                &*rules.solver,
                                &reference,
                                &pos,
                                Plies::WhereGiven,
                                &context,
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn exhaustive_misere_gives_exact_plies() {
    let rules = nim(&[3, 4, 5], "[1, 2]", true, false);
    let start = Nim::start(&rules);
    let v = rules.solver.value(&start, &unlimited());
    let reference = ReferenceSolver::new();
    assert_eq!(v, reference.value(&start, &unlimited()));
    assert!(v.plies.is_some());
}

#[test]
fn misere_search_over_the_limit_is_refused_with_the_limit_named() {
    let err = unbeatable::rules::Ruleset::parse(
        "big.toml",
        "name = \"big\"\nkind = \"nim\"\n[nim]\npiles = [100, 100, 100, 100]\ntake = [1, 2]\nmisere = true\n",
    )
    .unwrap_err();
    let text = err.to_string();
    assert!(text.starts_with("big.toml:3:1:"), "{text}");
    assert!(text.contains("limit is 1000000"), "{text}");
}

#[test]
fn computer_keeps_every_win_against_every_line() {
    for (piles, take, misere, pass) in [
        (vec![1, 2, 3], "\"any\"", false, false),
        (vec![2, 2, 3], "\"any\"", true, false),
        (vec![3, 4], "[1, 2]", false, false),
        (vec![2, 3], "[1, 2]", true, true),
        (vec![2, 3], "\"any\"", false, true),
        (vec![1, 3, 2], "[1, 3]", true, false),
    ] {
        let rules = nim(&piles, take, misere, pass);
        let start = Nim::start(&rules);
        for computer in [Player::First, Player::Second] {
            let promise = promised(&*rules.solver, &start, computer);
            computer_keeps_value(&*rules.solver, &start, computer, promise);
        }
    }
}

#[test]
fn computer_beats_random_opponents_on_large_games() {
    for (piles, take, misere, pass) in [
        (vec![18, 47, 34], "\"any\"", false, true),
        (vec![30, 41, 57, 12], "\"any\"", true, false),
        (
            vec![1_000_000_000_000, 77, 123_456_789],
            "[1, 3, 4, 9]",
            false,
            false,
        ),
        (vec![9, 8, 7], "[1, 2, 4]", true, true),
    ] {
        let rules = nim(&piles, take, misere, pass);
        let start = Nim::start(&rules);
        let games = if piles[0] > 1_000_000 { 0 } else { 30 };
        beats_random_opponents(&*rules.solver, &start, games);
        // The huge game is too long to finish: its first moves must still be winning.
        let solver = &*rules.solver;
        if solver.value(&start, &unlimited()).outcome == Outcome::Win {
            let results = solver.move_results(&start, &unlimited());
            for (mv, v) in best_moves(solver, &start, &unlimited()) {
                assert_eq!(v.outcome, Outcome::Win);
                assert_eq!(results.get(mv).unwrap().outcome, Outcome::Win);
            }
        }
    }
}

/// Piles of 10^18 with take "any": no limit on stones, the winning moves
/// listed and every other move summarised as a loss, in both rules.
#[test]
fn huge_piles_with_any_take_answer_at_once() {
    for misere in [false, true] {
        let rules = nim(
            &[1_000_000_000_000_000_000, 3, 999_999_999_999],
            "\"any\"",
            misere,
            false,
        );
        let start = Nim::start(&rules);
        let solver = &*rules.solver;
        let v = solver.value(&start, &unlimited());
        assert_eq!(v.outcome, Outcome::Win, "misère {misere}");
        let results = solver.move_results(&start, &unlimited());
        let x = 1_000_000_000_000_000_000u64 ^ 3 ^ 999_999_999_999;
        let want = NimMove {
            pile: 0,
            count: 1_000_000_000_000_000_000 - (x ^ 1_000_000_000_000_000_000),
        };
        assert_eq!(
            results.listed,
            vec![(want, unbeatable::engine::Value::outcome_only(Outcome::Win))]
        );
        let rest = results.rest.expect("the losing moves are summarised");
        assert_eq!(rest.value.outcome, Outcome::Loss);
        assert_eq!(rest.count + 1, start.move_count());
        assert_eq!(
            start.move_count(),
            1_000_000_000_000_000_000 + 3 + 999_999_999_999
        );
        // A summarised move really loses: the child's nim-sum is not 0.
        let other = start.nth_move(12_345_678_901).unwrap();
        assert_eq!(
            solver.value(&start.after(other), &unlimited()).outcome,
            Outcome::Win
        );
        assert!(start.is_legal(NimMove {
            pile: 0,
            count: 999_999_999_999_999_999
        }));
        assert!(!start.is_legal(NimMove { pile: 1, count: 4 }));
    }
}

/// Move enumeration by index agrees with the lazy list on small positions.
#[test]
fn nth_move_and_count_agree_with_the_list() {
    for (piles, take, pass) in [
        (vec![3, 0, 5], "\"any\"", true),
        (vec![4, 7], "[1, 3]", true),
        (vec![6, 2, 9], "[2, 5]", false),
    ] {
        let rules = nim(&piles, take, false, pass);
        let start = Nim::start(&rules);
        let all: Vec<NimMove> = start.moves().collect();
        assert_eq!(all.len() as u128, start.move_count());
        for (i, mv) in all.iter().enumerate() {
            assert_eq!(start.nth_move(i as u128), Some(*mv));
            assert!(start.is_legal(*mv));
        }
        assert_eq!(start.nth_move(all.len() as u128), None);
    }
}

/// Every move has its reason, the losing ones too (a tip in a lost
/// position names why its example move loses), and each reason agrees
/// with the move's proven result: a winning move's makes 0 (or leaves an
/// odd number of 1-piles), a losing move's names what the opponent wins
/// from — under every method the solver has.
#[test]
fn every_move_s_reason_agrees_with_its_result() {
    for (piles, take, misere, pass) in [
        (vec![1, 4, 5], "\"any\"", false, false),
        (vec![3, 4, 5], "\"any\"", true, false),
        (vec![1, 1, 2], "\"any\"", true, false),
        (vec![5, 6, 8], "[1, 2, 3]", false, false),
        (vec![4, 3], "[1, 2]", true, false),
    ] {
        let rules = nim(&piles, take, misere, pass);
        let solver = &*rules.solver;
        let mut pos = Nim::start(&rules);
        while !pos.status().is_over() {
            for mv in pos.moves() {
                let said = solver
                    .reason(&pos, mv, &unlimited())
                    .unwrap_or_else(|| panic!("no reason for {mv:?} in {pos}"));
                let wins = solver.value(&pos.after(mv), &unlimited()).outcome == Outcome::Loss;
                let sounds_lost = said.contains("the opponent")
                    || said.contains("even number")
                    || said.contains("which loses");
                assert_eq!(wins, !sounds_lost, "{piles:?} misère {misere}: {said}");
            }
            let Some(mv) = pos.moves().next() else { break };
            pos = pos.after(mv);
        }
    }
}

/// With one move left and it lost, the tip and `analyze` call it the only
/// move, not the one that holds out longest (of one) — in nim, where the
/// loss's length is known, and in the word game, where it is not.
#[test]
fn a_single_losing_move_is_called_the_only_move() {
    for (ruleset, moves, hint, analysis) in [
        (
            "misere-nim",
            "1:3 3:1 2:4 3:3",
            "you are lost against perfect play (loss in 1 ply); 3:1 is the only move",
            "The only move, which loses: 3:1 (loss in 1 ply)",
        ),
        (
            "words-best-of-five",
            "z a",
            "you are lost against perfect play; n is the only move",
            "The only move, which loses: n (loss).",
        ),
    ] {
        let args = ["play", ruleset, "--plain", "--moves", moves];
        let text = crate::cli::stdout_of(&args, "hint\nquit\n");
        assert!(text.contains(hint), "{text}");
        let text = crate::cli::stdout_of(&["analyze", ruleset, "--moves", moves], "");
        assert!(text.contains(analysis), "{text}");
        assert!(
            !text.contains("hold out") && !text.contains("holds out"),
            "{text}"
        );
    }
}
