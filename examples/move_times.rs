//! The slowest computer reply and the slowest tip on each m,n,k board, at
//! every point of games against a random person, with the time budget of
//! play (one solver for the game, as in play), and how many of the
//! computer's moves were proven.
//! Run: `cargo run --release --example move_times [SECONDS] [GAMES]`.

use std::time::{Duration, Instant};

use unbeatable::engine::{Level, Player};
use unbeatable::rules::{BUILTIN, Ruleset};
use unbeatable::session::{DEFAULT_THINK, Setup};

/// Boards beyond the built-in ones that people write.
const EXTRA: &[(&str, &str)] = &[
    (
        "7x7 k=5",
        "name = \"7x7\"\nkind = \"mnk\"\n[mnk]\nwidth = 7\nheight = 7\nk = 5\n",
    ),
    (
        "15x15 k=5",
        "name = \"15x15\"\nkind = \"mnk\"\n[mnk]\nwidth = 15\nheight = 15\nk = 5\n",
    ),
];

fn main() {
    let mut args = std::env::args().skip(1);
    let think = args
        .next()
        .and_then(|s| s.parse::<f64>().ok())
        .map_or(DEFAULT_THINK, Duration::from_secs_f64);
    let games: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(3);
    println!(
        "budget {:.1} s; {games} games a board, the computer first and second in turn\n",
        think.as_secs_f64()
    );
    println!(
        "{:<22} {:>20} {:>20} {:>16}",
        "board", "slowest reply", "slowest tip", "replies proven"
    );
    let boards = BUILTIN
        .iter()
        .filter(|(_, t)| t.contains("kind = \"mnk\""))
        .map(|(n, t)| ((*n).to_string(), (*t).to_string()))
        .chain(
            EXTRA
                .iter()
                .map(|(n, t)| ((*n).to_string(), (*t).to_string())),
        );
    for (name, text) in boards {
        let Ok(rules) = Ruleset::parse(&name, &text) else {
            continue;
        };
        let (mut reply, mut tip) = ((Duration::ZERO, 0), (Duration::ZERO, 0));
        let (mut proven, mut replies) = (0, 0);
        for seed in 0..games {
            let computer = if seed % 2 == 0 {
                Player::First
            } else {
                Player::Second
            };
            // The computer, and a random person (level easy stands in).
            let me = Setup {
                human: computer.opponent(),
                level: Level::Perfect,
                seed: Some(seed),
                think: Some(think),
            };
            let them = Setup {
                human: computer,
                level: Level::Easy,
                ..me
            };
            let (mut game, mut person) = (rules.session(me), rules.session(them));
            let mut ply = 0;
            while game.status() == unbeatable::engine::Status::Ongoing {
                let mv = if game.to_move() == computer {
                    let t = Instant::now();
                    let mv = game.computer_plays();
                    reply = reply.max((t.elapsed(), ply));
                    replies += 1;
                    if mv.as_ref().is_some_and(|m| m.value.is_proven()) {
                        proven += 1;
                    }
                    let text = mv.map(|m| m.text);
                    let _ = person.replay(text.as_deref().unwrap_or(""));
                    text
                } else {
                    let t = Instant::now();
                    let _ = game.hint();
                    tip = tip.max((t.elapsed(), ply));
                    let text = person.computer_plays().map(|m| m.text);
                    let _ = game.replay(text.as_deref().unwrap_or(""));
                    text
                };
                if mv.is_none() {
                    break;
                }
                ply += 1;
            }
        }
        let ms =
            |(d, ply): (Duration, usize)| format!("{:.1} ms (ply {ply})", d.as_secs_f64() * 1000.0);
        println!(
            "{name:<22} {:>20} {:>20} {:>16}",
            ms(reply),
            ms(tip),
            format!("{proven} of {replies}")
        );
    }
}
