//! Fits the gomoku evaluation's pattern weights to game results, by the
//! method chess programmers call Texel tuning: play games, keep the quiet
//! positions (those the playing search judges by its evaluation: no four
//! or open three on the board), and choose the weights under which the
//! evaluation, through a logistic curve, best predicts who went on to
//! win. The games are the engine's own (threats first, then the playing
//! search), from random two-stone openings near the centre as the match
//! runner plays them; the fit is checked on games it was not made from.
//!
//! With LABEL `search`, each position is fitted instead to the score the
//! game's own search gave it (through the logistic curve of the weights
//! in use): the evaluation fitted to foresee what a move's search sees,
//! as programs that bootstrap their evaluation from their search do.
//!
//! Prints the mean squared error of the prediction on the held-out games
//! under the weights in use, under weights shared by both sides with the
//! opponent's weighed apart (the engine's form), under the weights in use
//! with the terms around them fitted (the opponent's share, each side's
//! best threat), and under a free weight for each pattern and side — and
//! the fitted weights in the engine's units. The features are the two
//! sides' pattern counts and each side's best threat on open boards (the
//! mover's is the engine's `search::TEMPO`; the opponent's the engine
//! does not weigh). Run: `cargo run --release --example eval_tuning --
//! [GAMES] [MS] [SIZE] [SEED] [LABEL]` (games on two threads, MS
//! milliseconds a move, LABEL `result` or `search`).

use std::time::Duration;

use rand::{RngExt, SeedableRng};
use unbeatable::engine::Budget;
use unbeatable::games::mnk::beyond::lines::{
    FOUR_THREE_BONUS, Level, Lines, PLUS_BONUS, THREE_THREE_BONUS, TWO_TWOS_BONUS, WORTH,
};
use unbeatable::games::mnk::beyond::pattern::Pattern;
use unbeatable::games::mnk::beyond::search::{self, Search};
use unbeatable::games::mnk::beyond::strength::VCT_DEPTH;
use unbeatable::games::mnk::beyond::vct::Threes;

/// Line patterns an empty cell may show in a quiet position, weakest
/// first (an open four or a line would make the position decided).
const PATTERNS: [Pattern; 6] = [
    Pattern::One,
    Pattern::Block2,
    Pattern::Flex2,
    Pattern::Block3,
    Pattern::Flex3,
    Pattern::Block4,
];
/// For each side: a count of each pattern, then of cells making a four
/// and an open three, two open threes, two twos or threes (closed threes
/// among them), a four or an open three with a two or a three beside.
const PER_SIDE: usize = PATTERNS.len() + 4;
/// The mover's best threat, one of `search::TEMPO`'s levels (the first it
/// has, in that order): one feature each; then the opponent's, which the
/// engine does not weigh (fitted free, zero in use).
const THREATS: usize = search::TEMPO.len();
/// The two sides' counts, the two sides' best threats, then whether the
/// mover is X (1) or O (-1): the first player wins more often whatever the
/// board shows, and the fit must not credit the patterns with it. The
/// engine has no use for it (every leaf it compares has the same side to
/// move, threats aside).
const FEATURES: usize = 2 * PER_SIDE + 2 * THREATS + 1;
const FIRST: usize = FEATURES - 1;
const NAMES: [&str; PER_SIDE] = [
    "one",
    "block2",
    "flex2",
    "block3",
    "flex3",
    "block4",
    "four-three",
    "three-three",
    "two-two",
    "plus",
];
/// The weights in use, in the order of `NAMES`.
fn in_use() -> [f64; PER_SIDE] {
    let mut w = [0.0; PER_SIDE];
    for (i, p) in PATTERNS.iter().enumerate() {
        w[i] = f64::from(WORTH[*p as usize]);
    }
    w[6] = f64::from(FOUR_THREE_BONUS);
    w[7] = f64::from(THREE_THREE_BONUS);
    w[8] = f64::from(TWO_TWOS_BONUS);
    w[9] = f64::from(PLUS_BONUS);
    w
}
/// The mover's and the opponent's shares of the evaluation (in quarters
/// in the engine).
const MOVER: f64 = search::MOVER as f64 / 4.0;
const OPPONENT: f64 = search::OPPONENT as f64 / 4.0;

/// A quiet position: the features, the mover's first, and the mover's
/// result (1 won, 0.5 drawn, 0 lost).
struct Sample {
    x: [f64; FEATURES],
    result: f64,
}

fn side_features(lines: &Lines, side: usize, out: &mut [f64]) {
    for c in (0..lines.cells()).filter(|&c| lines.is_empty(c)) {
        let (mut flex2, mut block3) = (0, 0);
        for d in 0..4 {
            let p = lines.pattern(c, side, d);
            if let Some(i) = PATTERNS.iter().position(|&q| q == p) {
                out[i] += 1.0;
            }
            flex2 += usize::from(p == Pattern::Flex2);
            block3 += usize::from(p == Pattern::Block3);
        }
        match lines.level(c, side) {
            Level::FourThree => out[6] += 1.0,
            Level::ThreeThree => out[7] += 1.0,
            Level::Flex2 | Level::Block3 if block3 + flex2 >= 2 => out[8] += 1.0,
            Level::Block4 | Level::Flex3 if block3 + flex2 > 0 => out[9] += 1.0,
            _ => {}
        }
    }
}

/// The features of the position for the side to move, if it is quiet.
fn features(lines: &Lines) -> Option<[f64; FEATURES]> {
    let me = lines.to_move();
    let op = 1 - me;
    if lines.count_at_least(me, Level::Flex4) > 0 || lines.count_at_least(op, Level::Flex4) > 0 {
        return None;
    }
    if lines.count_at_least(me, Level::ThreeThree) > 0 && !lines.makes_any_four(op) {
        return None;
    }
    let mut x = [0.0; FEATURES];
    side_features(lines, me, &mut x[..PER_SIDE]);
    side_features(lines, op, &mut x[PER_SIDE..2 * PER_SIDE]);
    for (side, at) in [(me, 2 * PER_SIDE), (op, 2 * PER_SIDE + THREATS)] {
        if let Some(t) = search::TEMPO
            .iter()
            .position(|&(level, _)| lines.count(side, level) > 0)
        {
            x[at + t] = 1.0;
        }
    }
    x[FIRST] = if me == 0 { 1.0 } else { -1.0 };
    Some(x)
}

/// A game's quiet positions, each with its side to move and the score
/// the game's own search gave it (a win where the threat search found
/// one; none where no move was left), and the winner.
struct Game {
    seen: Vec<([f64; FEATURES], usize, Option<i32>)>,
    winner: Option<usize>,
}

/// One game of the engine against itself.
fn play(size: usize, ms: u64, seed: u64) -> Game {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let Some(mut lines) = Lines::new(size, size, 5) else {
        return Game {
            seen: Vec::new(),
            winner: None,
        };
    };
    let centre = size / 2;
    let mut near = || {
        (centre - 2 + rng.random_range(0..5usize)) * size + centre - 2 + rng.random_range(0..5usize)
    };
    let black = near();
    let mut white = near();
    while white == black {
        white = near();
    }
    lines.play(black, 0);
    lines.play(white, 1);
    let mut seen = Vec::new();
    while lines.winner.is_none() && !lines.is_full() {
        let side = lines.to_move();
        let quiet = features(&lines);
        let budget = Budget::of(Duration::from_millis(ms));
        let won = Threes::new(&budget.share(0.15)).vct_deepening(&mut lines, side, VCT_DEPTH);
        let (mv, score) = match won {
            Some(mv) => (Some(mv), Some(search::WIN)),
            None => {
                let mut search = Search::new(&mut lines, &budget);
                let moves = search.root_moves();
                let best = search.rank(moves, 2).first().copied();
                (best.map(|s| s.mv), best.map(|s| s.score))
            }
        };
        if let Some(x) = quiet {
            seen.push((x, side, score));
        }
        let Some(mv) = mv else { break };
        lines.play(mv, side);
    }
    Game {
        seen,
        winner: lines.winner,
    }
}

fn predict(x: &[f64; FEATURES], w: &[f64; FEATURES], scale: f64) -> f64 {
    let e: f64 = x.iter().zip(w).map(|(a, b)| a * b).sum();
    1.0 / (1.0 + (-e / scale).exp())
}

fn error(samples: &[Sample], w: &[f64; FEATURES], scale: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (predict(&s.x, w, scale) - s.result).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The engine's form: one weight for each pattern, the mover's counts at
/// `MOVER` and the opponent's at `share`.
fn shared(w: &[f64; PER_SIDE], share: f64, threats: &[f64], first: f64) -> [f64; FEATURES] {
    let mut out = [0.0; FEATURES];
    out[FIRST] = first;
    for i in 0..PER_SIDE {
        out[i] = MOVER * w[i];
        out[PER_SIDE + i] = -share * w[i];
    }
    out[2 * PER_SIDE..2 * PER_SIDE + THREATS].copy_from_slice(threats);
    out
}

/// The mover's best threat's worth in use (`search::TEMPO`).
fn threats_in_use() -> [f64; THREATS] {
    search::TEMPO.map(|(_, worth)| f64::from(worth))
}

/// The logistic curve's scale that best fits the weights in use.
fn fit_scale(samples: &[Sample], w: &[f64; FEATURES]) -> f64 {
    let mut best = (f64::MAX, 1.0);
    let mut scale = 10.0;
    while scale < 10_000.0 {
        let e = error(samples, w, scale);
        if e < best.0 {
            best = (e, scale);
        }
        scale *= 1.05;
    }
    best.1
}

/// Minimises the error over `params` (Adam, on the gradient of the mean
/// squared error), `weights` turning the parameters into the features'
/// weights.
fn fit<const N: usize>(
    samples: &[Sample],
    scale: f64,
    mut params: [f64; N],
    weights: impl Fn(&[f64; N]) -> [f64; FEATURES],
) -> [f64; N] {
    let (mut m, mut v) = ([0.0; N], [0.0; N]);
    let rate = 0.02;
    for step in 1..=600 {
        let w = weights(&params);
        // The gradient by the features' weights, then by the parameters
        // (numerically: the map from parameters to weights is small).
        let mut gw = [0.0; FEATURES];
        for s in samples {
            let p = predict(&s.x, &w, scale);
            let g = 2.0 * (p - s.result) * p * (1.0 - p) / scale;
            for (gi, xi) in gw.iter_mut().zip(&s.x) {
                *gi += g * xi;
            }
        }
        let mut grad = [0.0; N];
        for j in 0..N {
            let h = 1e-3 * params[j].abs().max(1e-2);
            let mut up = params;
            up[j] += h;
            let wu = weights(&up);
            grad[j] = (0..FEATURES)
                .map(|i| gw[i] * (wu[i] - w[i]) / h)
                .sum::<f64>()
                / samples.len() as f64;
        }
        for j in 0..N {
            m[j] = 0.9 * m[j] + 0.1 * grad[j];
            v[j] = 0.999 * v[j] + 0.001 * grad[j] * grad[j];
            let (mh, vh) = (
                m[j] / (1.0 - 0.9f64.powi(step)),
                v[j] / (1.0 - 0.999f64.powi(step)),
            );
            // Steps relative to each weight's size: the counts of the
            // patterns differ by hundreds.
            params[j] -= rate * params[j].abs().max(1.0) * mh / (vh.sqrt() + 1e-12);
        }
    }
    params
}

/// What a position's sample is fitted to.
#[derive(Clone, Copy, PartialEq)]
enum Label {
    /// Who went on to win.
    Result,
    /// The score the game's own search gave the position, through the
    /// logistic curve of the weights in use: the evaluation fitted to
    /// foresee what the search a move's time sees.
    Search,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(400);
    let ms: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(30);
    // Openings are played within two cells of the centre.
    let size: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(15)
        .clamp(5, 20);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let label = match args.next().as_deref() {
        None | Some("result") => Label::Result,
        Some("search") => Label::Search,
        Some(other) => {
            eprintln!("LABEL is `result` or `search`, not `{other}`");
            std::process::exit(2);
        }
    };
    // Game `g`'s positions are held out when g % 5 == 0.
    let played: Vec<(u64, Game)> = std::thread::scope(|scope| {
        let halves: Vec<_> = (0..2)
            .map(|t| {
                scope.spawn(move || {
                    (0..games)
                        .filter(|g| g % 2 == t)
                        .map(|g| (g, play(size, ms, seed * 1_000_003 + g)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        halves
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let weights = in_use();
    let threats = threats_in_use();
    // The results first: the logistic curve's scale is fitted to them.
    let (mut train, mut held) = (Vec::new(), Vec::new());
    let mut scored = Vec::new();
    let mut wins = [0; 3];
    for (g, Game { seen, winner }) in played {
        wins[winner.map_or(2, |w| w)] += 1;
        for (x, side, score) in seen {
            let result = match winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            if g % 5 == 0 {
                held.push(Sample { x, result });
            } else {
                train.push(Sample { x, result });
            }
            scored.push((g, x, score));
        }
    }
    println!(
        "{games} games on {size}×{size} at {ms} ms a move: X won {}, O won {}, drawn {}; \
         {} quiet positions to fit, {} held out",
        wins[0],
        wins[1],
        wins[2],
        train.len(),
        held.len()
    );
    let mut in_use = shared(&weights, OPPONENT, &threats, 0.0);
    let scale = fit_scale(&train, &in_use);
    if label == Label::Search {
        // The same positions, each labelled by its search's score.
        let to_label = |score: i32| {
            if score >= search::WON {
                1.0
            } else if score <= -search::WON {
                0.0
            } else {
                1.0 / (1.0 + (-f64::from(score) / scale).exp())
            }
        };
        (train, held) = (Vec::new(), Vec::new());
        for (g, x, score) in scored {
            let Some(score) = score else { continue };
            let sample = Sample {
                x,
                result: to_label(score),
            };
            if g % 5 == 0 {
                held.push(sample);
            } else {
                train.push(sample);
            }
        }
        println!(
            "labelled by the search's score: {} to fit, {} held out",
            train.len(),
            held.len()
        );
    }
    // The first player's edge, fitted alone.
    let first = fit(&train, scale, [0.0], |p| {
        shared(&weights, OPPONENT, &threats, p[0])
    })[0];
    in_use[FIRST] = first;
    println!(
        "in use (with the first player's edge, {first:.1}): scale {scale:.1}, error {:.5} (fitted on), {:.5} (held out)",
        error(&train, &in_use, scale),
        error(&held, &in_use, scale)
    );
    // The engine's form: the weights, the opponent's share, the mover's
    // best threat.
    const FORM: usize = PER_SIDE + 1 + THREATS + 1;
    let mut start = [0.0; FORM];
    start[..PER_SIDE].copy_from_slice(&weights);
    start[PER_SIDE] = OPPONENT;
    start[PER_SIDE + 1..PER_SIDE + 1 + THREATS].copy_from_slice(&threats);
    start[FORM - 1] = first;
    let form = |p: &[f64; FORM]| {
        let mut w = [0.0; PER_SIDE];
        w.copy_from_slice(&p[..PER_SIDE]);
        shared(&w, p[PER_SIDE], &p[PER_SIDE + 1..FORM - 1], p[FORM - 1])
    };
    let fitted = fit(&train, scale, start, form);
    println!(
        "shared weights: error {:.5} (fitted on), {:.5} (held out); opponent's share {:.3} \
         (mover's {MOVER})",
        error(&train, &form(&fitted), scale),
        error(&held, &form(&fitted), scale),
        fitted[PER_SIDE]
    );
    for (i, name) in NAMES.iter().enumerate() {
        println!("  {name:>12} {:>8.1} (in use {})", fitted[i], weights[i]);
    }
    for (t, (level, worth)) in search::TEMPO.iter().enumerate() {
        println!(
            "  {:>12} {:>8.1} (in use {worth}: the mover's best threat)",
            format!("{level:?}"),
            fitted[PER_SIDE + 1 + t]
        );
    }
    // The weights in use kept, the evaluation's terms around them fitted:
    // the opponent's share and both sides' best threats (the mover's is
    // `search::TEMPO`; the opponent's is not in the engine).
    const AROUND: usize = 1 + 2 * THREATS;
    let mut start = [0.0; AROUND];
    start[0] = OPPONENT;
    for t in 0..THREATS {
        start[1 + t] = threats[t];
        start[1 + THREATS + t] = -threats[t];
    }
    let around = |p: &[f64; AROUND]| {
        let mut w = shared(&weights, p[0], &p[1..=THREATS], first);
        w[2 * PER_SIDE + THREATS..2 * PER_SIDE + 2 * THREATS].copy_from_slice(&p[1 + THREATS..]);
        w
    };
    let kept = fit(&train, scale, start, around);
    println!(
        "the weights in use, the terms around them fitted: error {:.5} (fitted on), {:.5} \
         (held out); opponent's share {:.3} (mover's {MOVER})",
        error(&train, &around(&kept), scale),
        error(&held, &around(&kept), scale),
        kept[0]
    );
    for (t, (level, worth)) in search::TEMPO.iter().enumerate() {
        println!(
            "  {:>12} the mover's best threat {:>8.1} (in use {worth}), the opponent's {:>8.1}",
            format!("{level:?}"),
            kept[1 + t],
            kept[1 + THREATS + t]
        );
    }
    // The opponent's best threat starts where the mover's is, negated:
    // the fit's steps are relative to each weight's size.
    let mut start = in_use;
    for t in 0..THREATS {
        start[2 * PER_SIDE + THREATS + t] = -threats[t];
    }
    let free = fit(&train, scale, start, |p| *p);
    println!(
        "free weights: error {:.5} (fitted on), {:.5} (held out)",
        error(&train, &free, scale),
        error(&held, &free, scale)
    );
    for (i, name) in NAMES.iter().enumerate() {
        println!(
            "  {name:>12} mover {:>8.1} opponent {:>8.1}",
            free[i] / MOVER,
            -free[PER_SIDE + i] / MOVER
        );
    }
    for (t, (level, worth)) in search::TEMPO.iter().enumerate() {
        println!(
            "  {:>12} the mover's best threat {:>8.1} (in use {worth}), the opponent's {:>8.1}",
            format!("{level:?}"),
            free[2 * PER_SIDE + t],
            free[2 * PER_SIDE + THREATS + t]
        );
    }
}
