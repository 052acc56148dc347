//! Measures how long each question takes against the time budget on the
//! heaviest rulesets `check` accepts: the computer's move, a tip, the
//! coach's review of a move, and `analyze` of a position (all its moves
//! together), at the start and at a few random points of a game.
//! Run: `cargo run --release --example budgets [SECONDS]`.

use std::time::{Duration, Instant};

use unbeatable::engine::{Level, Player};
use unbeatable::rules::Ruleset;
use unbeatable::session::{AnySession, Setup};

const RULESETS: &[(&str, &str)] = &[
    (
        "nim, 1000 piles of 100 (a lost start)",
        "name = \"n\"\nkind = \"nim\"\n[nim]\npiles = [PILES100]\n",
    ),
    (
        "nim, 1000 piles of 100, misère",
        "name = \"n\"\nkind = \"nim\"\n[nim]\npiles = [PILES100]\nmisere = true\n",
    ),
    (
        "nim, 1000 piles near 10^18, a take list of 64",
        "name = \"n\"\nkind = \"nim\"\n[nim]\npiles = [PILESHUGE]\ntake = [TAKE64]\npass_once_per_pile = true\n",
    ),
    (
        "divisors 1..10000",
        "name = \"d\"\nkind = \"divisors\"\n[divisors]\nmin = 1\nmax = 10000\n",
    ),
    (
        "mnk 6x6 k=4",
        "name = \"m\"\nkind = \"mnk\"\n[mnk]\nwidth = 6\nheight = 6\nk = 4\n",
    ),
    (
        "mnk 7x7 k=5",
        "name = \"m\"\nkind = \"mnk\"\n[mnk]\nwidth = 7\nheight = 7\nk = 5\n",
    ),
    (
        "mnk 8x8 k=5",
        "name = \"m\"\nkind = \"mnk\"\n[mnk]\nwidth = 8\nheight = 8\nk = 5\n",
    ),
    (
        "Connect Four 7x6",
        "name = \"g\"\nkind = \"mnk\"\n[mnk]\nwidth = 7\nheight = 6\nk = 4\ngravity = true\n",
    ),
    (
        "gravity 9x6 k=4",
        "name = \"g\"\nkind = \"mnk\"\n[mnk]\nwidth = 9\nheight = 6\nk = 4\ngravity = true\n",
    ),
    (
        "gravity 8x7 k=4",
        "name = \"g\"\nkind = \"mnk\"\n[mnk]\nwidth = 8\nheight = 7\nk = 4\ngravity = true\n",
    ),
];

fn text(template: &str) -> String {
    let hundreds: Vec<String> = (0..1000).map(|_| "100".to_string()).collect();
    let huge: Vec<String> = (0..1000u64)
        .map(|i| (1_000_000_000_000_000_000 - i * 7_919).to_string())
        .collect();
    // The first 64 odd numbers and a few evens: a list with a period.
    let take: Vec<String> = (1..=64u64)
        .map(|i| (2 * i - 1 + (i % 3 == 0) as u64).to_string())
        .collect();
    template
        .replace("PILES100", &hundreds.join(", "))
        .replace("PILESHUGE", &huge.join(", "))
        .replace("TAKE64", &take.join(", "))
}

fn timed<T>(worst: &mut Duration, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let out = f();
    *worst = (*worst).max(t.elapsed());
    out
}

fn main() {
    let think = std::env::args()
        .nth(1)
        .and_then(|s| s.parse::<f64>().ok())
        .unwrap_or(1.0);
    let budget = Duration::from_secs_f64(think);
    println!(
        "budget {think} s a question; the worst time of each question over the start and 3 later positions\n"
    );
    println!(
        "{:<46} {:>9} {:>9} {:>9} {:>9}",
        "ruleset", "move", "tip", "review", "analyze"
    );
    for (name, template) in RULESETS {
        let rules = match Ruleset::parse("b.toml", &text(template)) {
            Ok(r) => r,
            Err(e) => {
                println!("{name}: refused: {e}");
                continue;
            }
        };
        let setup = Setup {
            human: Player::Second,
            level: Level::Perfect,
            seed: Some(1),
            think: Some(budget),
        };
        let (mut mv, mut tip, mut review, mut analyze) = Default::default();
        let mut line: Vec<String> = Vec::new();
        for point in 0..4 {
            let mut game: Box<dyn AnySession> = rules.session(setup);
            if game.replay(&line.join(" ")).is_err() || game.status().is_over() {
                break;
            }
            timed(&mut analyze, || game.analysis());
            timed(&mut tip, || game.hint());
            // A move for the person: the easy computer's, reviewed by the coach.
            let mut other = rules.session(Setup {
                level: Level::Easy,
                seed: Some(point),
                ..setup
            });
            let _ = other.replay(&line.join(" "));
            let Some(theirs) = other.computer_plays().map(|m| m.text) else {
                break;
            };
            let mut person = rules.session(Setup {
                human: game.to_move(),
                ..setup
            });
            let _ = person.replay(&line.join(" "));
            let _ = timed(&mut review, || person.person_plays(&theirs));
            line.push(theirs);
            // The computer's reply.
            let _ = person.replay("");
            let reply = timed(&mut mv, || person.computer_plays().map(|m| m.text));
            match reply {
                Some(r) => line.push(r),
                None => break,
            }
            // A few random moves between the points measured.
            for _ in 0..3 {
                let mut g = rules.session(Setup {
                    level: Level::Easy,
                    seed: Some(point + 10),
                    ..setup
                });
                let _ = g.replay(&line.join(" "));
                match g.computer_plays() {
                    Some(m) if g.status() == unbeatable::engine::Status::Ongoing => {
                        line.push(m.text)
                    }
                    _ => break,
                }
            }
        }
        let ms = |d: Duration| format!("{:.0} ms", d.as_secs_f64() * 1000.0);
        println!(
            "{name:<46} {:>9} {:>9} {:>9} {:>9}",
            ms(mv),
            ms(tip),
            ms(review),
            ms(analyze)
        );
    }
}
