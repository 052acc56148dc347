//! Benchmarks of every solver (numbers in docs/benchmarks.md).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use unbeatable::engine::{Budget, Player, Solver};
use unbeatable::games::Family;
use unbeatable::games::flags::{Flags, FlagsGame, Table, WhenStuck};
use unbeatable::rules::Ruleset;
use unbeatable::session::{Setup, rng_for};

/// A family's rules from the body of its table.
fn rules<F: Family>(body: &str) -> Option<F::Rules> {
    unbeatable::games::rules_from_body::<F>(body).ok()
}

fn unlimited() -> Budget {
    Budget::unlimited()
}

fn flags_ruleset(start: u64) -> String {
    format!(
        "name = \"b\"\nkind = \"flags\"\n[flags]\nstart = {start}\ntake = [1, 2, 3]\nlose_at = 1\n"
    )
}

fn flags(c: &mut Criterion) {
    let mut group = c.benchmark_group("flags");
    for (label, start) in [
        ("1e3", 1_000u64),
        ("1e6", 1_000_000),
        ("1e18", 1_000_000_000_000_000_000),
    ] {
        let text = flags_ruleset(start);
        group.bench_function(format!("solve start {label} take 1-3"), |b| {
            b.iter(|| {
                let rules = Ruleset::parse("b.toml", black_box(&text)).expect("valid");
                rules.rules.start_value(&unlimited())
            });
        });
    }
    group.bench_function("solve start 1e18 take 3,7,11,12", |b| {
        b.iter(|| {
            Table::solve(
                black_box(&[3, 7, 11, 12]),
                WhenStuck::Draw,
                1_000_000_000_000_000_000,
            )
        });
    });
    if let Some(r) = rules::<Flags>("start = 1000000000000000000\ntake = [1, 2, 3]\nlose_at = 1\n")
    {
        let pos = FlagsGame::new(r.start, &r, Player::First);
        group.bench_function("move results at 1e18 (solved)", |b| {
            b.iter(|| r.table.move_results(black_box(&pos), &unlimited()));
        });
    }
    group.finish();
}

fn nim(c: &mut Criterion) {
    use unbeatable::games::nim::{NimGame, NimSolver, Take};
    let mut group = c.benchmark_group("nim");
    group.sample_size(10);
    let game = |piles: Vec<u64>, take: Take, misere: bool, pass: bool| NimGame {
        passes: vec![pass; piles.len()],
        piles,
        take,
        misere,
        pass_rule: pass,
        to_move: Player::First,
    };
    let piles: Vec<u64> = (0..100_000u64)
        .map(|i| i.wrapping_mul(2_654_435_761) % 1_000_000_007)
        .collect();
    let pos = game(piles.clone(), Take::Any, false, false);
    let solver = NimSolver::new(&piles, &Take::Any, false, false).expect("nim-sum");
    group.bench_function("nim-sum value, 10^5 piles", |b| {
        b.iter(|| solver.value(black_box(&pos), &unlimited()))
    });

    let take = Take::List(vec![3, 7, 11, 12].into());
    let huge = vec![
        1_000_000_000_000_000_000,
        999_999_999_999_999_999,
        123_456_789_012_345,
    ];
    group.bench_function(
        "grundy with period: solve + value, piles 10^18, take 3,7,11,12",
        |b| {
            b.iter(|| {
                let solver = NimSolver::new(&huge, &take, false, true).expect("periodic");
                solver.value(&game(huge.clone(), take.clone(), false, true), &unlimited())
            });
        },
    );

    // Distinct piles (no symmetry to fold): 4·5·6·7·8·9·10 = 604800 of the 10^6 limit.
    let at_limit = vec![3u64, 4, 5, 6, 7, 8, 9];
    let take12 = Take::List(vec![1, 2].into());
    group.bench_function(
        "exhaustive misère near the limit, piles 3..9, take 1,2",
        |b| {
            b.iter(|| {
                let solver = NimSolver::new(&at_limit, &take12, true, false).expect("at the limit");
                solver.value(
                    &game(at_limit.clone(), take12.clone(), true, false),
                    &unlimited(),
                )
            });
        },
    );
    let with_pass = vec![7u64, 7, 7, 7, 6]; // 8^4 * 7 * 2^5 = 917504
    group.bench_function(
        "exhaustive misère with passes near the limit, piles 7,7,7,7,6, any",
        |b| {
            b.iter(|| {
                let solver =
                    NimSolver::new(&with_pass, &Take::Any, true, true).expect("under the limit");
                solver.value(
                    &game(with_pass.clone(), Take::Any, true, true),
                    &unlimited(),
                )
            });
        },
    );
    // Piles of 10^18 with take "any": every move's result (the winning ones
    // listed, the rest summarised), and the same with 1000 piles.
    let huge_any = vec![1_000_000_000_000_000_000u64, 3, 999_999_999_999];
    let solver = NimSolver::new(&huge_any, &Take::Any, false, false).expect("nim-sum");
    let pos = game(huge_any.clone(), Take::Any, false, false);
    group.bench_function("move results, piles 10^18, 3, 10^12 - 1, any", |b| {
        b.iter(|| solver.move_results(black_box(&pos), &unlimited()))
    });
    let thousand: Vec<u64> = (0..1000u64)
        .map(|i| 1_000_000_000_000_000_000 - i * 7_919)
        .collect();
    let solver = NimSolver::new(&thousand, &Take::Any, false, false).expect("nim-sum");
    let pos = game(thousand.clone(), Take::Any, false, false);
    group.bench_function("move results, 1000 piles near 10^18, any", |b| {
        b.iter(|| solver.move_results(black_box(&pos), &unlimited()))
    });
    group.finish();
}

fn divisors(c: &mut Criterion) {
    use unbeatable::engine::{Game, Level, choose};
    use unbeatable::games::divisors::{Divisors, DivisorsSolver, NumberGraph};
    let mut group = c.benchmark_group("divisors");
    group.sample_size(10);
    for max in [100u32, 1_000, 10_000] {
        let Some(r) =
            rules::<Divisors>(&format!("min = 2\nmax = {max}\nfirst_max = {}\n", max / 2))
        else {
            return;
        };
        let start = Divisors::start(&r);
        group.bench_function(
            format!("whole board 2..{max}: value and all winning openings"),
            |b| {
                b.iter(|| DivisorsSolver::default().move_results(black_box(&start), &unlimited()));
            },
        );
        if max == 1_000 {
            let g = NumberGraph::of(&start, None);
            group.bench_function("maximum matching 2..1000 (ours)", |b| {
                b.iter(|| g.maximum_matching().size())
            });
            let mut pg = petgraph::graph::UnGraph::<(), ()>::new_undirected();
            let nodes: Vec<_> = (0..g.graph.len()).map(|_| pg.add_node(())).collect();
            for (a, adj) in g.graph.adj.iter().enumerate() {
                for &b in adj.iter().filter(|&&b| b > a) {
                    pg.add_edge(nodes[a], nodes[b], ());
                }
            }
            group.bench_function("maximum matching 2..1000 (petgraph, for comparison)", |b| {
                b.iter(|| petgraph::algo::matching::maximum_matching(&pg).len());
            });
        }
    }
    // Random mid-game positions of 2..100: 10 to 30 random moves in.
    let Some(r) = rules::<Divisors>("min = 2\nmax = 100\nfirst_max = 50\n") else {
        return;
    };
    let mut rng = rng_for(Some(9));
    let mut positions = Vec::new();
    while positions.len() < 64 {
        let mut pos = Divisors::start(&r);
        for _ in 0..(10 + positions.len() % 21) {
            let Some(mv) = pos.random_move(&mut rng) else {
                break;
            };
            pos.play_unchecked(mv);
        }
        if !pos.status().is_over() {
            positions.push(pos);
        }
    }
    // Juniper Green (1..100, even openings): every move's result with its
    // plies, from the start (the search stops at its cap) and 15 random
    // numbers in (most lengths proven there).
    if let Some(jg) = rules::<Divisors>("min = 1\nmax = 100\nfirst_even = true\n") {
        let start = Divisors::start(&jg);
        group.bench_function("Juniper Green start: every move's result and plies", |b| {
            b.iter(|| DivisorsSolver::default().move_results(black_box(&start), &unlimited()))
        });
        let mut rng = rng_for(Some(15));
        let mut later = Vec::new();
        while later.len() < 16 {
            let mut pos = Divisors::start(&jg);
            for _ in 0..15 {
                if let Some(mv) = pos.random_move(&mut rng) {
                    pos.play_unchecked(mv);
                }
            }
            if !pos.status().is_over() {
                later.push(pos);
            }
        }
        let mut j = 0;
        group.bench_function(
            "Juniper Green, 15 numbers in: every move's result and plies",
            |b| {
                b.iter(|| {
                    j = (j + 1) % later.len();
                    DivisorsSolver::default().move_results(&later[j], &unlimited())
                })
            },
        );
    }
    let mut i = 0;
    group.bench_function("computer's move, random mid-game 2..100", |b| {
        b.iter(|| {
            i = (i + 1) % positions.len();
            choose(
                &DivisorsSolver::default(),
                &positions[i],
                Level::Perfect,
                &mut rng,
                &unlimited(),
            )
        });
    });
    group.finish();
}

fn mnk(c: &mut Criterion) {
    use std::sync::Arc;
    use unbeatable::games::mnk::{Geometry, MnkGame, MnkSolver};
    let mut group = c.benchmark_group("mnk");
    group.sample_size(10);
    // One core, a fresh table and no book: the whole proof every time.
    for (w, h, k) in [
        (3usize, 3usize, 3usize),
        (4, 4, 3),
        (4, 4, 4),
        (5, 4, 4),
        (5, 5, 4),
        (6, 5, 4),
        (6, 6, 4),
        (7, 6, 4),
    ] {
        let geo = Arc::new(Geometry::new(w, h, k));
        let start = MnkGame::new(Arc::clone(&geo));
        group.bench_function(format!("solve from empty {w}x{h} k={k}"), |b| {
            b.iter(|| {
                let solver = MnkSolver::without_book(&geo);
                solver.exact(black_box(&start), &unlimited())
            });
        });
    }
    // Every move's result from the empty 6×5 k=4 board, as `analyze` shows it.
    {
        let geo = Arc::new(Geometry::new(6, 5, 4));
        let start = MnkGame::new(Arc::clone(&geo));
        group.bench_function("every move's result from empty 6x5 k=4", |b| {
            b.iter(|| {
                let solver = MnkSolver::without_book(&geo);
                solver.move_results(black_box(&start), &unlimited())
            });
        });
    }
    // The computer's move on each built-in board, cold: a fresh solver (with
    // its book) for every move, at every point of a game against itself.
    for name in [
        "tic-tac-toe",
        "four-by-four-three",
        "four-by-four",
        "five-by-four",
        "five-by-five",
    ] {
        let Some((_, text)) = unbeatable::rules::BUILTIN
            .iter()
            .find(|(id, _)| *id == name)
        else {
            return;
        };
        let Ok(rules) = Ruleset::parse("b.toml", text) else {
            return;
        };
        let setup = Setup {
            seed: Some(3),
            think: None,
            ..Setup::default()
        };
        // A game of the computer against itself.
        let mut line = Vec::new();
        let mut game = rules.session(setup);
        while let Some(mv) = game.computer_plays() {
            line.push(mv.text);
        }
        // A game that did not happen would measure nothing.
        assert!(!line.is_empty(), "{name}: the computer played no move");
        group.bench_function(
            format!("computer's move, cold, every point of a game: {name}"),
            |b| {
                b.iter(|| {
                    for ply in 0..line.len() {
                        let Ok(fresh) = Ruleset::parse("b.toml", text) else {
                            return;
                        };
                        let mut game = fresh.session(setup);
                        let _ = game.replay(&line[..ply].join(" "));
                        black_box(game.computer_plays());
                    }
                });
            },
        );
    }
    group.finish();
}

/// Gomoku past the proof: the threat search (VCT, 4 threats deep, each
/// side as attacker) on 16 positions of games lost to Rapfi as X on
/// 15×15 — where most of play's time for proofs goes — and the playing
/// search's first six plies on the same positions.
fn gomoku_threats(c: &mut Criterion) {
    use unbeatable::games::mnk::beyond::lines::Lines;
    use unbeatable::games::mnk::beyond::vct::Threes;
    let games = [
        "j7 i7 h8 j8 i9 h9 k6 g7 k9 i5 j4 j5 k5 k7 k11 i6 i3 l6 k12 k10 j10 l12 l8 i11",
        "h9 g10 f8 h10 f9 f7 g11 i9 f10 e9 e11 f11 d12 c13 e12 e10 e13 f12 f13 d11 f14 g15 h8 g9",
        "i8 h6 h10 i7 g10 h7 g7 j8 g5 h9 h5 g9 f5 e5 g4 g8 i6 j7 j9 j6 h8 k7 l7 l8",
        "i8 h7 g7 i7 f9 f8 g10 h9 h8 h11 f6 e5 k8 j8 k9 j10 l9 k10 m10 j7 j9 m9 l7 m6",
    ];
    let mut positions = Vec::new();
    for g in games {
        let moves: Vec<&str> = g.split(' ').collect();
        for n in [12, 16, 20, 24] {
            let mut cells = vec![0u8; 225];
            for (i, m) in moves[..n].iter().enumerate() {
                let (col, row) = m.split_at(1);
                let x = usize::from(col.as_bytes()[0] - b'a');
                let y: usize = row.parse().unwrap_or(1) - 1;
                cells[y * 15 + x] = 1 + (i % 2) as u8;
            }
            positions.extend(Lines::from_cells(15, 15, 5, &cells));
        }
    }
    assert_eq!(positions.len(), 16, "every position read");
    let mut group = c.benchmark_group("gomoku");
    group.sample_size(10);
    group.bench_function(
        "threats 4 deep, both sides, 16 positions of lost games",
        |b| {
            b.iter(|| {
                let budget = unlimited();
                let mut found = 0;
                for lines in &mut positions {
                    for attacker in 0..2 {
                        let mut threes = Threes::new(&budget);
                        if (0..=4).any(|d| threes.vct(lines, attacker, d).is_some()) {
                            found += 1;
                        }
                    }
                }
                black_box(found)
            });
        },
    );
    // The pattern board alone: a stone on every empty cell and taken
    // back, each side. Its play and take-back are most of the time of the
    // searches above (a profile of the proof-number search: four fifths).
    group.bench_function(
        "pattern board: every empty cell played and taken back, 16 positions",
        |b| {
            b.iter(|| {
                let mut played = 0;
                for lines in &mut positions {
                    for c in 0..lines.cells() {
                        if lines.is_empty(c) {
                            for side in 0..2 {
                                lines.play(c, side);
                                played += lines.total[side];
                                lines.undo();
                            }
                        }
                    }
                }
                black_box(played)
            });
        },
    );
    // The playing search's first six plies (always finished, whatever the
    // budget; with none, the seventh stops at once): its nodes a second.
    group.bench_function("playing search 6 plies, 16 positions", |b| {
        use unbeatable::games::mnk::beyond::search::Search;
        b.iter(|| {
            let budget = Budget::of(std::time::Duration::ZERO);
            let mut nodes = 0;
            for lines in &mut positions {
                let mut search = Search::new(lines, &budget);
                let moves = search.root_moves();
                black_box(search.rank(moves, 6));
                nodes += search.nodes;
            }
            black_box(nodes)
        });
    });
    group.finish();
}

/// Connect Four: the small board from empty, the empty 7×6 board with its
/// book, and every move's result of 7×6 positions reached by random play (12 and 20 moves; the same
/// positions every run), one core, a fresh solver and no book each time.
fn gravity(c: &mut Criterion) {
    use rand::{SeedableRng, rngs::StdRng};
    use std::sync::Arc;
    use unbeatable::engine::Game;
    use unbeatable::games::mnk::{Geometry, MnkGame, MnkSolver};
    let mut group = c.benchmark_group("gravity");
    group.sample_size(10);
    let small = Arc::new(Geometry::with_gravity(5, 4, 4, true));
    let start = MnkGame::new(Arc::clone(&small));
    group.bench_function("every move's result from empty 5x4", |b| {
        b.iter(|| {
            let solver = MnkSolver::without_book(&small);
            solver.move_results(black_box(&start), &unlimited())
        });
    });
    let geo = Arc::new(Geometry::with_gravity(7, 6, 4, true));
    // As `analyze connect-four` answers it: with the shipped book.
    let empty = MnkGame::new(Arc::clone(&geo));
    group.bench_function(
        "analyze empty 7x6 (value and every move's result, book)",
        |b| {
            b.iter(|| {
                let solver = MnkSolver::new(Arc::clone(&geo));
                let value = solver.value(black_box(&empty), &unlimited());
                (value, solver.move_results(&empty, &unlimited()))
            });
        },
    );
    for stones in [12usize, 20] {
        let mut rng = StdRng::seed_from_u64(stones as u64);
        let mut positions = Vec::new();
        while positions.len() < 5 {
            let mut pos = MnkGame::new(Arc::clone(&geo));
            for _ in 0..stones {
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                pos = pos.after(mv);
            }
            if !pos.status().is_over() {
                positions.push(pos);
            }
        }
        group.bench_function(
            format!("every move's result, 5 positions after {stones} random moves, 7x6"),
            |b| {
                b.iter(|| {
                    for pos in &positions {
                        let solver = MnkSolver::without_book(&geo);
                        black_box(solver.move_results(pos, &unlimited()));
                    }
                });
            },
        );
    }
    group.finish();
}

/// 1000 coins worth up to 10^9: the ruleset read and every stretch solved,
/// then the value and both moves' results.
fn coins(c: &mut Criterion) {
    use unbeatable::games::coins::Coins;
    let mut group = c.benchmark_group("coins");
    let mut x: u64 = 7;
    let values: Vec<String> = (0..1000)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((x >> 33) % 1_000_000_001).to_string()
        })
        .collect();
    let body = format!("values = [{}]\n", values.join(", "));
    group.bench_function("1000 coins: solve, value and every move's result", |b| {
        b.iter(|| {
            let rules = rules::<Coins>(black_box(&body)).expect("valid");
            let start = Coins::start(&rules);
            let v = rules.solved.value(&start, &unlimited());
            let moves = rules.solved.move_results(&start, &unlimited());
            black_box((v, moves))
        });
    });
    group.finish();
}

/// 100 000 different words of 3 to 12 letters: the prefix tree built and
/// every prefix solved for both aims; then the built-in English list.
fn words(c: &mut Criterion) {
    use unbeatable::games::words::{Scoring, Solved, Trie};
    let mut group = c.benchmark_group("words");
    let mut x: u64 = 11;
    let mut next = move || {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        x >> 33
    };
    let mut list: Vec<String> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    while list.len() < 100_000 {
        let len = 3 + next() % 10;
        let w: String = (0..len)
            .map(|_| char::from(b'a' + (next() % 26) as u8))
            .collect();
        if seen.insert(w.clone()) {
            list.push(w);
        }
    }
    group.bench_function("100000 words: build the tree and solve it (ghost)", |b| {
        b.iter(|| {
            let trie = Trie::build(black_box(&list).iter().map(String::as_str));
            black_box(Solved::solve(&trie, true, 4, 1_000_000_000, Scoring::Last))
        });
    });
    let english = unbeatable::games::words::english();
    group.bench_function("English list: solve the built tree", |b| {
        b.iter(|| black_box(Solved::solve(&english, false, 4, 5, Scoring::Majority)));
    });
    group.finish();
}

/// Geography: the knight's 8×8 graph (every move's result, by the
/// matching) and a small directed graph searched to its end.
fn graph(c: &mut Criterion) {
    use unbeatable::games::graph::Geography;
    let mut group = c.benchmark_group("graph");
    for (name, body) in [
        (
            "knight 8x8 from any square: every move's result",
            "vertices = \"knight 8x8\"",
        ),
        (
            "king 26x99 from m50: every move's result",
            "vertices = \"king 26x99\"\nstart = \"m50\"",
        ),
    ] {
        let Some(r) = rules::<Geography>(body) else {
            return;
        };
        let start = Geography::start(&r);
        group.bench_function(name, |b| {
            b.iter(|| Geography::solver(&r).move_results(black_box(&start), &unlimited()))
        });
    }
    group.finish();
}

/// Sums: `analyze` of a 16-part sum of 10^18-flag subtraction games and
/// nim parts (every move's result by the nim-sum).
fn sum(c: &mut Criterion) {
    use unbeatable::games::sum::Sum;
    let mut group = c.benchmark_group("sum");
    let mut body = String::new();
    for i in 0..16u64 {
        if i % 2 == 0 {
            body.push_str(&format!(
                "[[part]]\nkind = \"flags\"\nstart = {}\ntake = [1, 3, 4]\n",
                1_000_000_000_000_000_000 - i
            ));
        } else {
            body.push_str(&format!(
                "[[part]]\nkind = \"nim\"\npiles = [{}, 999999999999999999]\ntake = [2, 5, 7]\n",
                1_000_000_000_000_000_000 - i
            ));
        }
    }
    let Some(r) = rules::<Sum>(&body) else {
        return;
    };
    let start = Sum::start(&r);
    group.bench_function(
        "16 parts of 10^18 piles: value and every move's result",
        |b| {
            b.iter(|| {
                let solver = Sum::solver(&r);
                (
                    solver.value(black_box(&start), &unlimited()),
                    solver.move_results(black_box(&start), &unlimited()),
                )
            })
        },
    );
    group.finish();
}

criterion_group!(
    benches,
    flags,
    nim,
    divisors,
    mnk,
    gomoku_threats,
    gravity,
    coins,
    words,
    graph,
    sum
);
criterion_main!(benches);
