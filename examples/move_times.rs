//! Prints the slowest computer move on each built-in m,n,k board, at every
//! point of games against a random-ish person: cold (a fresh solver for
//! each move) and warm (one solver for the game, as in play).
//! Run: `cargo run --release --example move_times`.

use std::time::Instant;

use unbeatable::engine::Level;
use unbeatable::rules::{BUILTIN, Ruleset};
use unbeatable::session::Setup;

fn main() {
    for (name, text) in BUILTIN {
        let Ok(rules) = Ruleset::parse(name, text) else {
            continue;
        };
        if rules.kind() != "mnk" {
            continue;
        }
        let mut worst = (0.0f64, 0usize);
        let mut worst_warm = (0.0f64, 0usize);
        for seed in 0..3 {
            // The person plays at random (level easy stands in for them),
            // the computer perfectly; no time budget, so every move is proven.
            let perfect = Setup {
                level: Level::Perfect,
                seed: Some(seed),
                think: None,
                ..Setup::default()
            };
            let random = Setup {
                level: Level::Easy,
                ..perfect
            };
            let mut line: Vec<String> = Vec::new();
            loop {
                let Ok(fresh) = Ruleset::parse(name, text) else {
                    return;
                };
                let setup = if line.len() % 2 == 0 { perfect } else { random };
                let mut game = fresh.session(setup);
                if game.replay(&line.join(" ")).is_err() {
                    break;
                }
                let t = Instant::now();
                let Some(mv) = game.computer_plays() else {
                    break;
                };
                let ms = t.elapsed().as_secs_f64() * 1000.0;
                if line.len() % 2 == 0 && ms > worst.0 {
                    worst = (ms, line.len());
                }
                line.push(mv);
            }
            // Warm: one solver for the whole game, as in play.
            let mut me = rules.session(perfect);
            let mut them = rules.session(random);
            let mut ply = 0;
            loop {
                let t = Instant::now();
                let mv = if ply % 2 == 0 {
                    me.computer_plays()
                } else {
                    them.computer_plays()
                };
                let Some(mv) = mv else {
                    break;
                };
                let ms = t.elapsed().as_secs_f64() * 1000.0;
                if ply % 2 == 0 && ms > worst_warm.0 {
                    worst_warm = (ms, ply);
                }
                let _ = if ply % 2 == 0 {
                    them.replay(&mv)
                } else {
                    me.replay(&mv)
                };
                ply += 1;
            }
        }
        println!(
            "{name:<20} slowest move: cold {:8.2} ms (ply {}), warm {:8.2} ms (ply {})",
            worst.0, worst.1, worst_warm.0, worst_warm.1
        );
    }
}
