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
    #[allow(irrefutable_let_patterns)] // until a second family lands
    if let unbeatable::games::GameRules::Flags(r) = &rules.rules {
        let pos = FlagsGame::new(r.start, r, Player::First);
        group.bench_function("move results at 1e18 (solved)", |b| {
            b.iter(|| r.table.move_results(black_box(&pos)));
        });
    }
    group.finish();
}

criterion_group!(benches, flags);
criterion_main!(benches);
