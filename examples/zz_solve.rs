use std::sync::Arc;
use std::time::Instant;
use unbeatable::engine::{Budget, Solver};
use unbeatable::games::mnk::book::Book;
use unbeatable::games::mnk::{Geometry, MnkGame, MnkSolver};
fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (w, h, k, all) = (args[0], args[1], args[2], args.get(3).copied().unwrap_or(0));
    let geo = Arc::new(Geometry::new(w, h, k));
    let solver = MnkSolver::with_book(Arc::clone(&geo), Book::default());
    let start = MnkGame::new(Arc::clone(&geo));
    let t = Instant::now();
    let v = solver.exact(&start, &Budget::unlimited());
    println!(
        "{w}x{h} k={k}: {:?} in {:.2} s",
        v.map(unbeatable::games::mnk::score_value),
        t.elapsed().as_secs_f64()
    );
    if all == 2 {
        children(w, h, k);
        return;
    }
    if all == 3 {
        let fresh = MnkSolver::with_book(Arc::clone(&geo), Book::default());
        let t = Instant::now();
        let r = fresh.move_results(&start, &Budget::unlimited());
        println!(
            "fresh moves in {:.2} s ({} moves)",
            t.elapsed().as_secs_f64(),
            r.listed.len()
        );
        return;
    }
    if all == 1 {
        let t = Instant::now();
        let r = solver.move_results(&start, &Budget::unlimited());
        let v: Vec<String> = r
            .listed
            .iter()
            .map(|(m, v)| format!("{}:{}", geo.cell_name(*m), v))
            .collect();
        println!(
            "moves in {:.2} s: {}",
            t.elapsed().as_secs_f64(),
            v.join(" ")
        );
    }
}
#[allow(dead_code)]
fn children(w: usize, h: usize, k: usize) {
    use unbeatable::engine::Game;
    let geo = Arc::new(Geometry::new(w, h, k));
    let solver = MnkSolver::with_book(Arc::clone(&geo), Book::default());
    let start = MnkGame::new(Arc::clone(&geo));
    for mv in start.moves() {
        let c = start.after(mv);
        let t = Instant::now();
        let v = solver.exact(&c, &Budget::unlimited());
        println!(
            "{} {:?} {:.2}s",
            geo.cell_name(mv),
            v.map(unbeatable::games::mnk::score_value)
                .map(|v| v.to_string()),
            t.elapsed().as_secs_f64()
        );
    }
}
