//! How far the divisors plies are proven: on each built-in divisors board,
//! random games from the start; at each position, whether its value and
//! every move's result carry exact plies, and the slowest answer. Prints,
//! by numbers played so far, the share of positions with every plies known.
//! Run: `cargo run --release --example divisors_plies [GAMES] [SECONDS] [BOARD]`.

use std::time::{Duration, Instant};

use unbeatable::engine::{Budget, Game, Outcome, Solver};
use unbeatable::games::Family;
use unbeatable::games::divisors::Rules;
use unbeatable::games::divisors::{Divisors, DivisorsSolver};
use unbeatable::rules::BUILTIN;
use unbeatable::session::{DEFAULT_THINK, rng_for};

/// The rules of a built-in ruleset's `[divisors]` table (its last).
fn rules_of(text: &str) -> Option<Rules> {
    let (_, body) = text.split_once("[divisors]")?;
    unbeatable::games::rules_from_body::<Divisors>(body).ok()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(200);
    let think = args
        .next()
        .and_then(|s| s.parse::<f64>().ok())
        .map_or(DEFAULT_THINK, Duration::from_secs_f64);
    let only = args.next();
    println!("{games} random games a board; every answer within {think:?}\n");
    let boards = BUILTIN.iter().filter(|(n, t)| {
        t.contains("kind = \"divisors\"") && only.as_ref().is_none_or(|o| n.contains(o.as_str()))
    });
    for (name, text) in boards {
        let Some(rules) = rules_of(text) else {
            continue;
        };
        // By numbers played: positions seen, positions with every plies known.
        let mut by_played: Vec<(u64, u64)> = Vec::new();
        let mut slowest = Duration::ZERO;
        for seed in 0..games {
            let mut rng = rng_for(Some(seed));
            let mut pos = Divisors::start(&rules);
            let mut played = 0;
            while !pos.status().is_over() {
                let solver = DivisorsSolver::default();
                let t = Instant::now();
                let budget = Budget::of(think);
                let results = solver.move_results(&pos, &budget);
                let value = solver.value(&pos, &budget);
                slowest = slowest.max(t.elapsed());
                let known = value.plies.is_some()
                    && results
                        .listed
                        .iter()
                        .all(|(_, v)| v.plies.is_some() || v.outcome == Outcome::Unknown);
                if by_played.len() <= played {
                    by_played.resize(played + 1, (0, 0));
                }
                by_played[played].0 += 1;
                by_played[played].1 += u64::from(known);
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                pos.play_unchecked(mv);
                played += 1;
            }
        }
        let all_from = (0..by_played.len())
            .find(|&i| by_played[i..].iter().all(|(n, k)| n == k))
            .unwrap_or(by_played.len());
        println!(
            "{name}: every position's plies known from {all_from} numbers played; slowest answer {slowest:.1?}"
        );
        let row: Vec<String> = by_played
            .iter()
            .enumerate()
            .take(all_from + 1)
            .map(|(i, (n, k))| format!("{i}:{}%", k * 100 / n.max(&1)))
            .collect();
        println!("  {}", row.join(" "));
    }
}
