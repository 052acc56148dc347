//! The perfect computer on 7×6 Connect Four (its shipped book, then its
//! search, at the play budget a move) against random and weakened
//! opponents, on both sides. A weakened opponent takes a win it has at
//! once, blocks a column where it would lose at once, and otherwise plays
//! at random. The computer must never end below the best value it held
//! proven during the game (a proven win is won, a proven draw is not lost).
//! Counts the games, the results, the positions where the computer's move
//! was not proven, and its slowest move.
//! Run: `cargo run --release --example connect_four_games [GAMES [MS
//! [FIRST]]]` (default 10 000 games, 1000 ms a move, from game 0; FIRST
//! splits a run across cores: `5000 100 0` and `5000 100 5000` play the
//! games of `10000 100`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::RngExt;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use unbeatable::engine::{Budget, Game, Level, Outcome, Player, Status, choose};
use unbeatable::games::mnk::{MnkGame, Rules};
use unbeatable::session::rng_for;

#[derive(Clone, Copy, Debug)]
enum Opponent {
    Random,
    Weakened,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let first: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(0);
    let rules = Rules::with_gravity(7, 6, 4, true);
    let (mut won, mut drawn, mut lost, mut gave_ground) = (0u64, 0u64, 0u64, 0u64);
    let (mut moves, mut unproven, mut unproven_won) = (0u64, 0u64, 0u64);
    let mut unproven_depth: Option<u32> = None;
    let mut slowest = Duration::ZERO;
    let began = Instant::now();
    for game in first..first + games {
        let computer = if game % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let opponent = if game / 2 % 2 == 0 {
            Opponent::Random
        } else {
            Opponent::Weakened
        };
        let mut rng = rng_for(Some(game));
        let mut pos = MnkGame::new(Arc::clone(&rules.geo));
        let mut held = Outcome::Unknown;
        let mut line = String::new();
        while pos.status() == Status::Ongoing {
            let mv = if pos.to_move() == computer {
                let started = Instant::now();
                let Some(choice) = choose(
                    &*rules.solver,
                    &pos,
                    Level::Perfect,
                    &mut rng,
                    &Budget::of(Duration::from_millis(ms)),
                ) else {
                    break;
                };
                slowest = slowest.max(started.elapsed());
                moves += 1;
                if choice.value.is_proven() {
                    held = better(held, choice.value.outcome);
                } else {
                    unproven += 1;
                    // A won position whose move was not proven: where a
                    // win could be thrown away.
                    unproven_won += u64::from(held == Outcome::Win);
                    let stones = pos.bits().0.count_ones() + pos.bits().1.count_ones();
                    unproven_depth = Some(unproven_depth.map_or(stones, |d| d.max(stones)));
                }
                choice.mv
            } else {
                opponent_move(&pos, opponent, &mut rng)
            };
            line.push_str(&pos.format_move(mv));
            pos = pos.after(mv);
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
        if rank(result) < rank(held) {
            gave_ground += 1;
            println!(
                "game {game} ({computer:?}, {opponent:?}): held {held:?}, ended {result:?}: {line}"
            );
        }
        if (game + 1 - first).is_multiple_of(500) {
            eprintln!(
                "{} games, {:.0} s: won {won}, drawn {drawn}, lost {lost}, lost a won or drawn position {gave_ground}, moves not proven {unproven} of {moves} ({unproven_won} in won positions)",
                game + 1 - first,
                began.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "| games | computer won | drawn | lost | lost a won or drawn position | moves not proven | of them in won positions | slowest move |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    println!(
        "| {games} | {won} | {drawn} | {lost} | {gave_ground} | {unproven} of {moves}{} | {unproven_won} | {:.0} ms |",
        unproven_depth.map_or(String::new(), |d| format!(" (up to {d} stones)")),
        slowest.as_secs_f64() * 1000.0
    );
}

fn rank(o: Outcome) -> u8 {
    match o {
        Outcome::Win => 3,
        Outcome::Draw => 2,
        Outcome::Loss => 1,
        _ => 0,
    }
}

fn better(a: Outcome, b: Outcome) -> Outcome {
    if rank(b) > rank(a) { b } else { a }
}

/// The opponent's move: at random, or weakened (a win at once is taken,
/// a loss at once blocked).
fn opponent_move(pos: &MnkGame, opponent: Opponent, rng: &mut StdRng) -> usize {
    let all: Vec<usize> = pos.moves().collect();
    if let Opponent::Weakened = opponent {
        if let Some(&win) = all
            .iter()
            .find(|&&mv| matches!(pos.after(mv).status(), Status::Won(_)))
        {
            return win;
        }
        // A move after which the other side cannot win at once.
        let safe: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&mv| {
                let next = pos.after(mv);
                !next
                    .moves()
                    .any(|r| matches!(next.after(r).status(), Status::Won(_)))
            })
            .collect();
        if let Some(&mv) = safe.choose(rng) {
            return mv;
        }
    }
    all[rng.random_range(0..all.len())]
}
