//! How long Connect Four (7×6, gravity) takes to answer: every move's
//! result of random positions reached by N moves of random play, with no
//! book (with `--book`: the shipped one, as `analyze` has), one core, a
//! fresh solver each, capped at CAP seconds a position.
//! Prints the median and the slowest time per N, and how many positions
//! the cap cut short.
//! Run: `cargo run --release --example gravity_times [--book] [POSITIONS]
//! [CAP] [TABLE_BITS] [STONES…]` (the table the solver plays with unless
//! TABLE_BITS is given; 8, 12, 16, 20, 24 and 30 stones unless named).

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{SeedableRng, rngs::StdRng};
use unbeatable::engine::{Budget, Game, Solver};
use unbeatable::games::mnk::book::{self, Book};
use unbeatable::games::mnk::{Geometry, MnkGame, MnkSolver};

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    let shipped = all.iter().any(|a| a == "--book");
    let mut args = all.into_iter().filter(|a| a != "--book");
    let count: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let cap: f64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10.0);
    let bits: Option<u32> = args.next().and_then(|a| a.parse().ok());
    let mut layers: Vec<usize> = args.filter_map(|a| a.parse().ok()).collect();
    if layers.is_empty() {
        layers = vec![8, 12, 16, 20, 24, 30];
    }
    let geo = Arc::new(Geometry::with_gravity(7, 6, 4, true));
    println!("| random moves played | positions | median | slowest | over {cap:.0} s |");
    println!("| --- | --- | --- | --- | --- |");
    for stones in layers {
        let mut rng = StdRng::seed_from_u64(stones as u64);
        let (mut times, mut over) = (Vec::new(), 0);
        while times.len() + over < count {
            let mut pos = MnkGame::new(Arc::clone(&geo));
            for _ in 0..stones {
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                pos = pos.after(mv);
            }
            if pos.status().is_over() {
                continue;
            }
            let book = if shipped {
                book::builtin(&geo)
            } else {
                Book::default()
            };
            let mut solver = MnkSolver::with_book(Arc::clone(&geo), book);
            if let Some(bits) = bits {
                solver = solver.with_table_bits(bits);
            }
            let began = Instant::now();
            let results = solver.move_results(&pos, &Budget::of(Duration::from_secs_f64(cap)));
            if results.listed.iter().all(|(_, v)| v.is_proven()) {
                times.push(began.elapsed().as_secs_f64());
            } else {
                over += 1;
            }
        }
        times.sort_by(f64::total_cmp);
        let ms = |s: f64| format!("{:.1} ms", s * 1000.0);
        println!(
            "| {stones} | {} | {} | {} | {over} |",
            times.len() + over,
            times.get(times.len() / 2).map_or("-".into(), |&s| ms(s)),
            times.last().map_or("-".into(), |&s| ms(s)),
        );
    }
}
