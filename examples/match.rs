//! The strength past the proof, measured: the computer (at the perfect
//! level, with its time budget a move) against the previous release's
//! player (a depth-2 look-ahead, `mnk::baseline`), half the games on each
//! side. The baseline's first move is drawn at random near the centre so
//! that the games differ.
//! Run: `cargo run --release --example match [WIDTH HEIGHT K [GAMES [SECONDS]]] [first|second]`
//! (default 7 7 5, 50 games a side, 1 s a move; a side's name plays only
//! that side's games).

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::RngExt;
use unbeatable::engine::{Budget, Game, Level, Player, Status, choose};
use unbeatable::games::mnk::beyond::baseline;
use unbeatable::games::mnk::{Geometry, MnkGame, MnkSolver};
use unbeatable::session::rng_for;

fn main() {
    let args: Vec<f64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let arg = |i: usize, default: f64| args.get(i).copied().unwrap_or(default);
    let (w, h, k) = (
        arg(0, 7.0) as usize,
        arg(1, 7.0) as usize,
        arg(2, 5.0) as usize,
    );
    let games = arg(3, 50.0) as u64;
    let only = std::env::args().find_map(|a| match a.as_str() {
        "first" => Some(Player::First),
        "second" => Some(Player::Second),
        _ => None,
    });
    let think = Duration::from_secs_f64(arg(4, 1.0));
    let geo = Arc::new(Geometry::new(w, h, k));
    println!(
        "{w}x{h} k={k}: {games} games a side, {:.1} s a move",
        think.as_secs_f64()
    );
    let mut slowest = Duration::ZERO;
    for computer in [Player::First, Player::Second] {
        if only.is_some_and(|p| p != computer) {
            continue;
        }
        let (mut won, mut drawn, mut lost, mut proven) = (0, 0, 0, 0);
        for game in 0..games {
            let solver = MnkSolver::new(Arc::clone(&geo));
            let mut rng = rng_for(Some(game));
            let mut pos = MnkGame::new(Arc::clone(&geo));
            let mut proven_at = None;
            let mut line = Vec::new();
            while pos.status() == Status::Ongoing {
                let mv = if pos.to_move() == computer {
                    let started = Instant::now();
                    let choice =
                        choose(&solver, &pos, Level::Perfect, &mut rng, &Budget::of(think))
                            .expect("a move on a board that is not over");
                    slowest = slowest.max(started.elapsed());
                    if choice.value.is_proven() && proven_at.is_none() {
                        proven_at = Some(pos.stones());
                    }
                    choice.mv
                } else if pos.stones() < 2 {
                    // A varied opening near the centre.
                    let (cx, cy) = (w / 2, h / 2);
                    loop {
                        let x = (cx + rng.random_range(0..3usize)).saturating_sub(1);
                        let y = (cy + rng.random_range(0..3usize)).saturating_sub(1);
                        let c = y.min(h - 1) * w + x.min(w - 1);
                        if pos.is_legal(c) {
                            break c;
                        }
                    }
                } else {
                    baseline::choose(&mut pos.board()).expect("a move on a board that is not over")
                };
                line.push(geo.cell_name(mv));
                pos = pos.after(mv);
            }
            match pos.status() {
                Status::Won(p) if p == computer => won += 1,
                Status::Won(_) => {
                    lost += 1;
                    println!("  lost game {game}: {}", line.join(" "));
                }
                _ => drawn += 1,
            }
            proven += u32::from(proven_at.is_some());
        }
        println!(
            "computer {}: won {won}, drawn {drawn}, lost {lost} (a proven result found in {proven} games)",
            if computer == Player::First {
                "first"
            } else {
                "second"
            }
        );
    }
    println!("slowest move: {:.2} s", slowest.as_secs_f64());
}
