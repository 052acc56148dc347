//! Benchmarks of every solver (numbers in the README).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use unbeatable::engine::{Player, Solver};
use unbeatable::games::flags::{FlagsGame, Table, WhenStuck};
use unbeatable::rules::Ruleset;

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
                rules.new_match().value()
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
    let Ok(rules) = Ruleset::parse("b.toml", &flags_ruleset(1_000_000_000_000_000_000)) else {
        return;
    };
    if let unbeatable::games::GameRules::Flags(r) = &rules.rules {
        let pos = FlagsGame::new(r.start, r, Player::First);
        group.bench_function("move results at 1e18 (solved)", |b| {
            b.iter(|| r.table.move_results(black_box(&pos)));
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
        to_move: Player::First,
    };
    let piles: Vec<u64> = (0..100_000u64)
        .map(|i| i.wrapping_mul(2_654_435_761) % 1_000_000_007)
        .collect();
    let pos = game(piles.clone(), Take::Any, false, false);
    let solver = NimSolver::new(&piles, &Take::Any, false, false).expect("nim-sum");
    group.bench_function("nim-sum value, 10^5 piles", |b| {
        b.iter(|| solver.value(black_box(&pos)))
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
                solver.value(&game(huge.clone(), take.clone(), false, true))
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
                solver.value(&game(at_limit.clone(), take12.clone(), true, false))
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
                solver.value(&game(with_pass.clone(), Take::Any, true, true))
            });
        },
    );
    group.finish();
}

criterion_group!(benches, flags, nim);
criterion_main!(benches);
