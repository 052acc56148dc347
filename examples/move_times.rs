//! Prints the slowest computer move on each built-in m,n,k board, at every
//! point of games against a random-ish person: cold (a fresh solver for
//! each move) and warm (one solver for the game, as in play).
//! Run: `cargo run --release --example move_times`.

use std::time::Instant;

use unbeatable::engine::Level;
use unbeatable::plain::rng_for;
use unbeatable::rules::{BUILTIN, Ruleset};

fn main() {
    for (name, text) in BUILTIN {
        let Ok(rules) = Ruleset::parse(name, text) else {
            continue;
        };
        if rules.kind().as_str() != "mnk" {
            continue;
        }
        let mut worst = (0.0f64, 0usize);
        let mut worst_warm = (0.0f64, 0usize);
        for seed in 0..3 {
            let mut rng = rng_for(Some(seed));
            let mut line: Vec<String> = Vec::new();
            loop {
                let Ok(fresh) = Ruleset::parse(name, text) else {
                    return;
                };
                let mut game = fresh.new_match();
                for mv in &line {
                    let _ = game.play(mv);
                }
                // The person plays at random, the computer perfectly.
                let level = if line.len() % 2 == 0 {
                    Level::Perfect
                } else {
                    Level::Easy
                };
                let t = Instant::now();
                let Some(mv) = game.computer_move(level, &mut rng) else {
                    break;
                };
                let ms = t.elapsed().as_secs_f64() * 1000.0;
                if level == Level::Perfect && ms > worst.0 {
                    worst = (ms, line.len());
                }
                line.push(mv);
            }
            // Warm: one solver for the whole game, as in play.
            let mut game = rules.new_match();
            let mut ply = 0;
            loop {
                let level = if ply % 2 == 0 {
                    Level::Perfect
                } else {
                    Level::Easy
                };
                let t = Instant::now();
                let Some(mv) = game.computer_move(level, &mut rng) else {
                    break;
                };
                let ms = t.elapsed().as_secs_f64() * 1000.0;
                if level == Level::Perfect && ms > worst_warm.0 {
                    worst_warm = (ms, ply);
                }
                let _ = game.play(&mv);
                ply += 1;
            }
        }
        println!(
            "{name:<20} slowest move: cold {:8.2} ms (ply {}), warm {:8.2} ms (ply {})",
            worst.0, worst.1, worst_warm.0, worst_warm.1
        );
    }
}
