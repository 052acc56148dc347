//! Measures the proven frontier of m,n,k boards: for each board up to
//! 8×8 and k = 3, 4, 5, the value from the empty board proven by the exact
//! search (one core, no book, a fresh 2^24-entry table), or "not proven"
//! when the cap runs out first. Prints the table of docs/mnk.md.
//! Run: `cargo run --release --example frontier [CAP_SECONDS]` (default 60).

use std::sync::Arc;
use std::time::{Duration, Instant};

use unbeatable::engine::Budget;
use unbeatable::games::mnk::{Geometry, MnkGame, MnkSolver, score_value};

fn main() {
    let cap = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(60.0);
    println!("| board | k | value from the empty board | unbudgeted solve, one core |");
    println!("| --- | --- | --- | --- |");
    for k in 3..=5 {
        for height in 3..=8 {
            for width in height..=8 {
                if k > width {
                    continue;
                }
                let geo = Arc::new(Geometry::new(width, height, k));
                let solver = MnkSolver::without_book(&geo).with_table_bits(24);
                let start = MnkGame::new(geo);
                let began = Instant::now();
                let budget = Budget::of(Duration::from_secs_f64(cap));
                let found = solver.exact(&start, &budget);
                let secs = began.elapsed().as_secs_f64();
                let (value, time) = match found.map(score_value) {
                    Some(v) => (
                        match v.outcome {
                            unbeatable::engine::Outcome::Win => {
                                format!("first player wins in {}", v.plies.unwrap_or(0))
                            }
                            unbeatable::engine::Outcome::Loss => {
                                format!("second player wins in {}", v.plies.unwrap_or(0))
                            }
                            _ => "draw".to_string(),
                        },
                        format!("{secs:.2} s"),
                    ),
                    None => ("not proven".to_string(), format!("over {cap:.0} s")),
                };
                println!("| {width}×{height} | {k} | {value} | {time} |");
            }
        }
    }
}
