//! The perfect computer on 7×6 Connect Four, dropped into random positions
//! of 8 to 12 stones that it is to move in and that are won or drawn for
//! it, against an exact opponent: a second solver with no time limit that
//! plays a best move (win fastest, keep the draw, hold out longest) every
//! time. The computer plays at its play budget a move, with the shipped
//! book and layers; it must end every game with at least the value it
//! started with. Prints each game that gave ground, then a table.
//! Run: `cargo run --release --example connect_four_keeps [POSITIONS [MS
//! [SEED]]]` (default 200 positions, 1000 ms a move, seed 1).

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::RngExt;
use unbeatable::engine::{Budget, Game, Level, Outcome, Player, Solver, Status, choose};
use unbeatable::games::mnk::{MnkGame, MnkSolver, Rules};
use unbeatable::session::rng_for;

fn main() {
    let mut args = std::env::args().skip(1);
    let wanted: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let rules = Rules::with_gravity(7, 6, 4, true);
    // The opponent's own solver and table, with the same book: exact, and
    // never in a hurry.
    let exact = MnkSolver::with_book(
        Arc::clone(&rules.geo),
        unbeatable::games::mnk::book::builtin(&rules.geo),
    );
    let mut rng = rng_for(Some(seed));
    let (mut played, mut won, mut drawn, mut lost, mut gave_ground) = (0u64, 0, 0, 0, 0);
    let (mut moves, mut unproven) = (0u64, 0u64);
    let mut slowest = Duration::ZERO;
    let began = Instant::now();
    while played < wanted {
        let stones = rng.random_range(8..=12);
        let mut pos = MnkGame::new(Arc::clone(&rules.geo));
        let mut line = Vec::new();
        for _ in 0..stones {
            let all: Vec<usize> = pos.moves().collect();
            let Some(&mv) = all.get(rng.random_range(0..all.len().max(1))) else {
                break;
            };
            line.push(pos.format_move(mv));
            pos = pos.after(mv);
            if pos.status().is_over() {
                break;
            }
        }
        if pos.status().is_over() {
            continue;
        }
        let start = exact.value(&pos, &Budget::unlimited());
        if !matches!(start.outcome, Outcome::Win | Outcome::Draw) {
            continue;
        }
        played += 1;
        let computer = pos.to_move();
        let mut game_rng = rng_for(Some(seed ^ played));
        while pos.status() == Status::Ongoing {
            let mover = pos.to_move();
            let choice = if mover == computer {
                let started = Instant::now();
                let budget = Budget::of(Duration::from_millis(ms));
                let choice = choose(&*rules.solver, &pos, Level::Perfect, &mut game_rng, &budget);
                slowest = slowest.max(started.elapsed());
                moves += 1;
                if choice.is_some_and(|c| !c.value.is_proven()) {
                    unproven += 1;
                }
                choice
            } else {
                choose(
                    &exact,
                    &pos,
                    Level::Perfect,
                    &mut game_rng,
                    &Budget::unlimited(),
                )
            };
            let Some(choice) = choice else { break };
            pos = pos.after(choice.mv);
        }
        let result = match pos.status() {
            Status::Won(p) if p == computer => Outcome::Win,
            Status::Won(_) => Outcome::Loss,
            _ => Outcome::Draw,
        };
        match result {
            Outcome::Win => won += 1,
            Outcome::Loss => lost += 1,
            _ => drawn += 1,
        }
        let kept = match start.outcome {
            Outcome::Win => result == Outcome::Win,
            _ => result != Outcome::Loss,
        };
        if !kept {
            gave_ground += 1;
            let side = if computer == Player::First { "X" } else { "O" };
            println!(
                "gave ground as {side}: --moves \"{}\" was {:?}, ended {result:?}",
                line.join(" "),
                start.outcome
            );
        }
        if played % 20 == 0 {
            eprintln!(
                "{played} positions, {:.0} s: won {won}, drawn {drawn}, lost {lost}, gave ground {gave_ground}",
                began.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "| positions (8–12 stones, won or drawn) | computer won | drawn | lost | gave ground | moves not proven | slowest move |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    println!(
        "| {played} | {won} | {drawn} | {lost} | {gave_ground} | {unproven} of {moves} | {:.0} ms |",
        slowest.as_secs_f64() * 1000.0
    );
}
