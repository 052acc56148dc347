//! How often the computer's move at the play budget keeps the proven
//! outcome of a 7×6 Connect Four position it cannot prove in time: the
//! positions come from weakened random play (no move that loses at once),
//! their values and those of the moves played are proven without a time
//! limit (positions no proof settles in 60 s are skipped), and a move
//! "drops" when it turns a win into a draw or loss, or a draw into a loss.
//! Run: `cargo run --release --example connect_four_move_quality
//! [POSITIONS [FEWEST MOST [MS [SEED]]]]` (default 100 positions of 6 to 13
//! stones, 100 ms a move, seed 0).

use std::sync::Arc;
use std::time::Duration;

use rand::RngExt;
use rand::rngs::StdRng;
use unbeatable::engine::{Budget, Game, Level, Status, choose};
use unbeatable::games::mnk::{MnkGame, MnkSolver, Rules};
use unbeatable::session::rng_for;

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>().ok());
    let mut next = |default: u64| args.next().flatten().unwrap_or(default);
    let (count, fewest, most, ms, seed0) = (next(100), next(6), next(13), next(100), next(0));
    let play = Rules::with_gravity(7, 6, 4, true);
    // The judge: its own solver and a larger table (2^24 entries), so
    // play's table learns nothing from it.
    let judge = MnkSolver::new(Arc::clone(&play.geo)).with_table_bits(24);
    // Each proof's deadline counts from its start.
    let proof = || Budget::of(Duration::from_secs(60));
    let (mut tried, mut unproven, mut dropped, mut skipped) = (0u32, 0u32, 0u32, 0u32);
    for seed in seed0..seed0 + count {
        let mut rng = rng_for(Some(seed));
        let stones = rng.random_range(fewest..=most);
        let Some((pos, line)) = position(&play, stones, &mut rng) else {
            continue;
        };
        let Some(value) = judge.exact(&pos, &proof()) else {
            skipped += 1;
            continue;
        };
        let budget = Budget::of(Duration::from_millis(ms));
        let Some(choice) = choose(&*play.solver, &pos, Level::Perfect, &mut rng, &budget) else {
            continue;
        };
        let child = pos.after(choice.mv);
        let kept = match child.status() {
            Status::Ongoing => match judge.exact(&child, &proof()) {
                Some(v) => -v,
                None => {
                    skipped += 1;
                    continue;
                }
            },
            Status::Draw => 0,
            Status::Won(_) => 1,
        };
        tried += 1;
        unproven += u32::from(!choice.value.is_proven());
        let drop = kept.signum() < value.signum();
        dropped += u32::from(drop);
        if drop {
            println!(
                "{line} ({stones} stones): {} played {}, which {}",
                outcome(value),
                pos.format_move(choice.mv),
                outcome(kept)
            );
        }
    }
    println!(
        "{tried} positions of {fewest} to {most} stones at {ms} ms a move: \
         {unproven} moves not proven, {dropped} dropped the outcome \
         ({skipped} skipped: not proven in 60 s)"
    );
}

/// A position after `stones` moves of weakened random play, with its moves
/// as column letters; `None` when the game ended first.
fn position(play: &Rules, stones: u64, rng: &mut StdRng) -> Option<(MnkGame, String)> {
    let mut pos = MnkGame::new(Arc::clone(&play.geo));
    let mut line = String::new();
    for _ in 0..stones {
        if pos.status() != Status::Ongoing {
            return None;
        }
        let moves: Vec<usize> = pos.moves().collect();
        // No move that ends the game or lets the opponent end it at once.
        let quiet: Vec<usize> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let c = pos.after(m);
                c.status() == Status::Ongoing && !c.moves().any(|r| c.after(r).status().is_over())
            })
            .collect();
        let pool = if quiet.is_empty() { &moves } else { &quiet };
        let mv = *pool.get(rng.random_range(0..pool.len()))?;
        line.push_str(&pos.format_move(mv));
        pos = pos.after(mv);
    }
    (pos.status() == Status::Ongoing).then_some((pos, line))
}

fn outcome(score: i32) -> &'static str {
    match score.signum() {
        1 => "won",
        0 => "drawn",
        _ => "lost",
    }
}
