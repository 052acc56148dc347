//! Multiples and divisors: known facts, the matching against petgraph and
//! brute force, the solver against the reference solver on every small
//! board, and the computer's play.

use std::collections::HashSet;

use petgraph::graph::UnGraph;
use proptest::prelude::*;
use unbeatable::engine::{
    Game, Level, Outcome, Player, ReferenceSolver, Solver, Status, Value, choose,
};
use unbeatable::games::Family;
use unbeatable::games::divisors::{Divisors, DivisorsGame, DivisorsSolver, Rules};
use unbeatable::games::matching::{Graph, maximum_matching, missable};
use unbeatable::session::rng_for;

use crate::support::{
    Plies, agree, beats_random_opponents, computer_keeps_value, perfect_choice, promised, rules,
    unlimited,
};

fn divisors(min: u32, max: u32, first: Option<(u32, u32)>, even: bool) -> Rules {
    let opening = first.map_or(String::new(), |(a, b)| {
        format!("first_min = {a}\nfirst_max = {b}\n")
    });
    rules::<Divisors>(&format!(
        "min = {min}\nmax = {max}\n{opening}first_even = {even}\n"
    ))
}

#[test]
fn known_facts_hold() {
    for (number, line) in include_str!("../known/divisors.txt").lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        let b: Vec<&str> = cols[0].split_whitespace().collect();
        let n = |i: usize| b[i].parse::<u32>().unwrap();
        let rules = divisors(n(0), n(1), Some((n(2), n(3))), b[4] == "true");
        let pos = Divisors::start(&rules);
        let want = if cols[1] == "win" {
            Outcome::Win
        } else {
            Outcome::Loss
        };
        assert_eq!(
            DivisorsSolver::default().value(&pos, &unlimited()).outcome,
            want,
            "known/divisors.txt line {}",
            number + 1
        );
        let winners: HashSet<u32> = DivisorsSolver::default()
            .move_results(&pos, &unlimited())
            .listed
            .into_iter()
            .filter(|(_, v)| v.outcome == Outcome::Win)
            .map(|(m, _)| m)
            .collect();
        if cols[2] != "none" {
            for w in cols[2].split_whitespace() {
                assert!(
                    winners.contains(&w.parse().unwrap()),
                    "known/divisors.txt line {}: {w}",
                    number + 1
                );
            }
        } else {
            assert!(winners.is_empty(), "known/divisors.txt line {}", number + 1);
        }
    }
}

fn graph_from(n: usize, edges: &[(usize, usize)]) -> Graph {
    let mut g = Graph::new(n);
    for &(a, b) in edges {
        if a != b && !g.adj[a].contains(&b) {
            g.add_edge(a, b);
        }
    }
    g
}

fn petgraph_size(g: &Graph) -> usize {
    let mut pg = UnGraph::<(), ()>::with_capacity(g.len(), 0);
    let nodes: Vec<_> = (0..g.len()).map(|_| pg.add_node(())).collect();
    for (a, adj) in g.adj.iter().enumerate() {
        for &b in adj.iter().filter(|&&b| b > a) {
            pg.add_edge(nodes[a], nodes[b], ());
        }
    }
    petgraph::algo::matching::maximum_matching(&pg).len()
}

fn without(g: &Graph, v: usize) -> Graph {
    let mut h = Graph::new(g.len());
    for (a, adj) in g.adj.iter().enumerate() {
        for &b in adj.iter().filter(|&&b| b > a && a != v && b != v) {
            h.add_edge(a, b);
        }
    }
    h
}

proptest! {
    /// Our blossom matching is as large as petgraph's, is a matching, and
    /// D(G) is exactly the set of v with ν(G − v) = ν(G).
    #[test]
    fn matching_and_gallai_edmonds_set_are_right(
        n in 1usize..16,
        edges in proptest::collection::vec((0usize..16, 0usize..16), 0..40),
    ) {
        let edges: Vec<(usize, usize)> = edges.into_iter().filter(|&(a, b)| a < n && b < n).collect();
        let g = graph_from(n, &edges);
        let m = maximum_matching(&g);
        for (v, mate) in m.mate.iter().enumerate() {
            if let Some(u) = *mate {
                prop_assert_eq!(m.mate[u], Some(v));
                prop_assert!(g.adj[v].contains(&u));
            }
        }
        let size = m.size();
        prop_assert_eq!(size, petgraph_size(&g));
        let d = missable(&g);
        for (v, &in_d) in d.iter().enumerate() {
            let nu_without = maximum_matching(&without(&g, v)).size();
            prop_assert_eq!(in_d, nu_without == size, "vertex {}", v);
        }
    }
}

#[test]
fn matching_agrees_with_petgraph_on_divisor_boards() {
    for max in [30u32, 100, 300] {
        let rules = divisors(2, max, None, false);
        let g = unbeatable::games::divisors::NumberGraph::of(&Divisors::start(&rules), None);
        assert_eq!(
            g.maximum_matching().size(),
            petgraph_size(&g.graph),
            "2..{max}"
        );
    }
}

/// Every position reachable in up to 6 moves on every board min..=max with
/// max ≤ 18, openings on the whole board or even only: outcomes and plies
/// (the search proves every length on boards this small).
#[test]
fn fast_solver_agrees_with_reference_on_every_small_board() {
    for max in 1..=18u32 {
        for min in 1..=max {
            for even in [false, true] {
                if even && !(min..=max).any(|n| n % 2 == 0) {
                    continue;
                }
                let rules = divisors(min, max, None, even);
                let reference = ReferenceSolver::new();
                let mut layer = vec![Divisors::start(&rules)];
                let mut seen: HashSet<DivisorsGame> = HashSet::new();
                for _depth in 0..=6 {
                    let mut next = Vec::new();
                    for pos in layer {
                        if !seen.insert(pos.clone()) {
                            continue;
                        }
                        agree(
                            &DivisorsSolver::default(),
                            &reference,
                            &pos,
                            Plies::Always,
                            &format!("{min}..={max}, even {even}"),
                        );
                        for mv in pos.moves() {
                            next.push(pos.after(mv));
                        }
                    }
                    layer = next;
                }
            }
        }
    }
}

#[test]
fn fast_solver_agrees_with_reference_on_random_positions_up_to_22() {
    use rand::RngExt;
    let mut rng = rng_for(Some(2026));
    for (min, max) in [(1, 22), (2, 22), (1, 21), (3, 22), (2, 20)] {
        let rules = divisors(min, max, None, false);
        let reference = ReferenceSolver::new();
        for _ in 0..60 {
            let mut pos = Divisors::start(&rules);
            let depth = rng.random_range(0..8);
            for _ in 0..depth {
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                pos.play_unchecked(mv);
            }
            agree(
                &DivisorsSolver::default(),
                &reference,
                &pos,
                Plies::WhereGiven,
                &format!("{min}..={max}"),
            );
        }
    }
}

#[test]
fn computer_keeps_every_win_against_every_line() {
    for (min, max, even) in [(2, 12, false), (1, 10, true), (2, 14, false)] {
        let rules = divisors(min, max, None, even);
        let start = Divisors::start(&rules);
        for computer in [Player::First, Player::Second] {
            let promise = promised(&DivisorsSolver::default(), &start, computer);
            computer_keeps_value(&DivisorsSolver::default(), &start, computer, promise);
        }
    }
}

#[test]
fn computer_wins_on_2_to_100_against_random_opponents() {
    let rules = divisors(2, 100, Some((2, 50)), false);
    beats_random_opponents(&DivisorsSolver::default(), &Divisors::start(&rules), 200);
    let rules = divisors(2, 99, Some((2, 49)), false);
    beats_random_opponents(&DivisorsSolver::default(), &Divisors::start(&rules), 200);
}

#[test]
fn computer_never_plays_an_illegal_number() {
    let rules = divisors(1, 100, None, true);
    let mut rng = rng_for(Some(5));
    for _ in 0..50 {
        let mut pos = Divisors::start(&rules);
        while !pos.status().is_over() {
            let mv = choose(
                &DivisorsSolver::default(),
                &pos,
                Level::Easy,
                &mut rng,
                &unlimited(),
            )
            .unwrap()
            .mv;
            pos = pos.clone().play(mv).unwrap();
        }
    }
}

/// Ben North's line on 2..99: after an opening 7, the second player wins in
/// seven more numbers, 77–11–55–5–65–13–91 (or the same loop the other way
/// round, 91 first), every reply of the first player forced. The computer
/// finds it by its plies, and the length is proven.
#[test]
fn the_fastest_win_after_7_is_ben_norths_loop() {
    let rules = divisors(2, 99, Some((2, 49)), false);
    let solver = DivisorsSolver::default();
    let after_7 = Divisors::start(&rules).after(7);
    assert_eq!(
        solver.value(&after_7, &unlimited()),
        Value::exact(Outcome::Win, Some(7))
    );
    let winners: Vec<(u32, Value)> = solver
        .move_results(&after_7, &unlimited())
        .listed
        .into_iter()
        .filter(|(_, v)| v.outcome == Outcome::Win)
        .collect();
    let fastest: Vec<u32> = winners
        .iter()
        .filter(|(_, v)| v.plies == Some(7))
        .map(|&(m, _)| m)
        .collect();
    assert_eq!(fastest, [77, 91], "{winners:?}");
    for seed in 0..8 {
        let mut pos = after_7.clone();
        let mut line = vec![7];
        while !pos.status().is_over() {
            let moves: Vec<u32> = pos.moves().collect();
            let mv = if pos.to_move() == Player::Second {
                let c = perfect_choice(&solver, &pos, seed, std::time::Duration::from_secs(1));
                assert_eq!(c.value.outcome, Outcome::Win, "{line:?}");
                c.mv
            } else {
                assert_eq!(
                    moves.len(),
                    1,
                    "the first player's reply is forced: {line:?}"
                );
                moves[0]
            };
            line.push(mv);
            pos = pos.after(mv);
        }
        let mut played = line.clone();
        played.sort_unstable();
        assert_eq!(
            played,
            [5, 7, 11, 13, 55, 65, 77, 91],
            "seed {seed}: {line:?}"
        );
        assert_eq!(pos.status(), Status::Won(Player::Second), "{line:?}");
    }
}
