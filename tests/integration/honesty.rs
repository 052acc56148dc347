//! Every claim true: on boards too large to prove in the budget, each value
//! is either proven — and then equal to what an unbudgeted solve says — or
//! "unknown", never a guess; symmetric moves always get the same answer.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use unbeatable::engine::{
    Budget, Game, Level, MoveResults, Outcome, Player, ReferenceSolver, Solver, Value,
};
use unbeatable::games::flags::{FlagsGame, Item, WhenStuck};
use unbeatable::games::mnk::{Mnk, MnkGame, Rules};
use unbeatable::games::{Family, coins};
use unbeatable::rules::Ruleset;
use unbeatable::session::review::{in_notation, judge};
use unbeatable::session::wording::judgement_line;
use unbeatable::session::{Analysis, Setup, Verdict, move_values, rng_for};

use crate::cli::unbeatable;
use crate::support::rules;

fn fixture(name: &str) -> String {
    format!(
        "{}/tests/fixtures/valid/{name}.toml",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn ruleset(name: &str) -> Ruleset {
    unbeatable::rules::load_path(std::path::Path::new(&fixture(name))).unwrap()
}

fn analysis(rules: &Ruleset, moves: &str, think: Option<Duration>) -> Analysis {
    let mut game = rules.session(Setup {
        think,
        ..Setup::default()
    });
    game.replay(moves).unwrap();
    game.analysis()
}

/// A line of `n` random moves from the start that leaves the game open.
fn random_line(pos: &MnkGame, n: usize, seed: u64) -> Vec<String> {
    let mut rng = rng_for(Some(seed));
    let mut pos = pos.clone();
    let mut line = Vec::new();
    for _ in 0..n {
        let Some(mv) = pos.random_move(&mut rng) else {
            break;
        };
        let next = pos.after(mv);
        if next.status().is_over() {
            break;
        }
        line.push(pos.format_move(mv));
        pos = next;
    }
    line
}

fn honest(v: Value, what: &str) {
    if v.outcome == Outcome::Unknown {
        assert_eq!((v.plies, v.score), (None, None), "{what}: {v:?}");
    }
    assert_eq!(v.is_proven(), v.outcome != Outcome::Unknown, "{what}");
}

/// The budgeted analysis says nothing the unbudgeted one contradicts.
fn agrees(quick: &Analysis, exact: Option<&Analysis>, what: &str) {
    honest(quick.value, what);
    for (m, v) in &quick.moves {
        honest(*v, &format!("{what}, move {m}"));
    }
    let Some(exact) = exact else {
        return;
    };
    // A proven value may leave its plies out; where given they are exact.
    let same = |q: &Value, e: &Value| {
        q.outcome == e.outcome && q.score == e.score && (q.plies.is_none() || q.plies == e.plies)
    };
    if quick.value.is_proven() {
        assert!(
            same(&quick.value, &exact.value),
            "{what}: the position: {:?} {:?}",
            quick.value,
            exact.value
        );
    }
    for ((m, q), (m2, e)) in quick.moves.iter().zip(&exact.moves) {
        assert_eq!(m, m2);
        if q.is_proven() {
            assert!(same(q, e), "{what}: move {m}: {q:?} {e:?}");
        }
    }
}

#[test]
fn large_boards_say_proven_or_unknown_never_a_guess() {
    let think = Some(Duration::from_millis(150));
    for (name, k, exact_from) in [("six-by-six-four", 4, 18), ("seven-by-seven-five", 5, 32)] {
        let set = ruleset(name);
        let typed = rules::<Mnk>(&format!(
            "width = {0}\nheight = {0}\nk = {k}\n",
            if k == 4 { 6 } else { 7 }
        ));
        let start = Mnk::start(&typed);
        for (seed, stones) in [
            (1, 0),
            (2, 6),
            (3, 12),
            (4, exact_from),
            (5, exact_from + 4),
        ] {
            let line = random_line(&start, stones, seed).join(" ");
            let quick = analysis(&set, &line, think);
            // Unbudgeted solves only where they are quick (late positions).
            let exact = (stones >= exact_from).then(|| analysis(&set, &line, None));
            agrees(&quick, exact.as_ref(), &format!("{name} after '{line}'"));
            if let Some(exact) = &exact {
                assert!(
                    exact.value.is_proven() && !exact.cut_short,
                    "{name} '{line}'"
                );
            }
        }
    }
}

#[test]
fn unknown_values_read_as_unknown_in_json_and_in_words() {
    let file = fixture("seven-by-seven-five");
    let out = unbeatable()
        .args(["analyze", &file, "--json", "--think", "0.2"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["value"], "unknown");
    assert_eq!(j["proven"], false);
    assert_eq!(j["cut_short"], true);
    for m in j["moves"].as_array().unwrap() {
        match m["result"].as_str().unwrap() {
            "unknown" => assert_eq!(
                (&m["proven"], &m["plies"]),
                (&false.into(), &serde_json::Value::Null)
            ),
            _ => assert_eq!(m["proven"], true, "{m}"),
        }
    }
    let out = unbeatable()
        .args(["analyze", &file, "--think", "0.2"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let verdict = text
        .lines()
        .find(|l| l.starts_with("Not proven"))
        .unwrap_or_else(|| panic!("{text}"));
    for word in ["win", "draw", "loss", "lose", "perfect play"] {
        assert!(!verdict.contains(word), "'{word}' in: {verdict}");
    }
    let choice = text
        .lines()
        .find(|l| l.starts_with("The search's choice"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(choice.contains("(not proven)"), "{choice}");
    assert!(
        !text.contains("Winning move") && !text.contains("keeps the draw"),
        "{text}"
    );
}

/// The images of a position under the board's symmetries.
fn images(rules: &Rules, pos: &MnkGame) -> Vec<(usize, MnkGame)> {
    (0..rules.geo.symmetries.len())
        .map(|s| (s, pos.transformed(s)))
        .collect()
}

#[test]
fn mirror_images_of_moves_get_the_same_result_under_a_budget() {
    let rules = rules::<Mnk>("width = 6\nheight = 5\nk = 4\n");
    let start = Mnk::start(&rules);
    let mut positions = vec![start.clone()];
    for seed in 0..3 {
        let mut pos = start.clone();
        for text in random_line(&start, 4, seed) {
            pos = pos.after(pos.parse_move(&text).unwrap());
        }
        positions.push(pos);
    }
    for pos in positions {
        let results = rules
            .solver
            .move_results(&pos, &Budget::of(Duration::from_millis(400)));
        for (s, image) in images(&rules, &pos) {
            let image_results = rules
                .solver
                .move_results(&image, &Budget::of(Duration::from_millis(400)));
            for (mv, v) in &results.listed {
                let moved = rules.geo.symmetries[s][*mv];
                let iv = image_results.get(moved).unwrap();
                // Each search has its own budget, so one may prove what the
                // other did not; but what both prove is the same.
                // (A win by threats carries no ply count; an exact
                // search's does.)
                if v.is_proven() && iv.is_proven() {
                    assert_eq!(iv.outcome, v.outcome, "symmetry {s}, move {mv}");
                    if let (Some(a), Some(b)) = (iv.plies, v.plies) {
                        assert_eq!(a, b, "symmetry {s}, move {mv}");
                    }
                }
            }
            // Within one answer, moves that mirror each other are alike.
            for (mv, v) in &results.listed {
                if image == pos {
                    assert_eq!(results.get(rules.geo.symmetries[s][*mv]), Some(*v));
                }
            }
        }
    }
}

#[test]
fn the_empty_six_by_five_board_is_symmetric_in_one_analysis() {
    // One analysis of the empty board, as `analyze --json` prints it: each
    // move's mirror images carry the same result and plies.
    let file = fixture("six-by-five-four");
    let out = unbeatable()
        .args(["analyze", &file, "--json", "--think", "0.5"])
        .output()
        .unwrap();
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let moves = j["moves"].as_array().unwrap();
    let result = |name: &str| {
        moves
            .iter()
            .find(|m| m["move"] == name)
            .map(|m| (m["result"].clone(), m["plies"].clone()))
            .unwrap()
    };
    let (w, h) = (6u8, 5u8);
    for c in 0..w {
        for r in 1..=h {
            let name = |c: u8, r: u8| format!("{}{r}", (b'a' + c) as char);
            let here = result(&name(c, r));
            for image in [
                name(w - 1 - c, r),
                name(c, h + 1 - r),
                name(w - 1 - c, h + 1 - r),
            ] {
                assert_eq!(result(&image), here, "{} and {image}", name(c, r));
            }
        }
    }
}

/// What the position's value says of `hidden` moves (and of the rest, with
/// `hide_rest`), were their results unknown: it must agree with what was
/// proven of them. Counts the moves so inferred.
fn inferred_agree(a: &Analysis, hidden: &[usize], hide_rest: bool, what: &str) -> usize {
    let listed = a
        .moves
        .iter()
        .enumerate()
        .map(|(i, (_, v))| {
            (
                i,
                if hidden.contains(&i) {
                    Value::UNKNOWN
                } else {
                    *v
                },
            )
        })
        .collect();
    let rest = a.rest.map(|mut r| {
        if hide_rest {
            r.value = Value::UNKNOWN;
        }
        r
    });
    let settled = MoveResults { listed, rest }.settled_by(a.value);
    let agree = |inferred: Value, truth: Value, whose: &str| {
        if !inferred.is_proven() {
            return 0;
        }
        assert!(
            inferred.outcome == truth.outcome
                && inferred.score.is_none_or(|s| Some(s) == truth.score)
                && inferred.plies.is_none_or(|p| Some(p) == truth.plies),
            "{what}: {whose}: inferred {inferred:?}, proven {truth:?}"
        );
        1
    };
    let mut count = 0;
    for &i in hidden {
        count += agree(settled.listed[i].1, a.moves[i].1, &a.moves[i].0);
    }
    if let (true, Some(r), Some(truth)) = (hide_rest, settled.rest, a.rest) {
        count += agree(r.value, truth.value, "the rest");
    }
    count
}

#[test]
fn a_proven_value_settles_only_what_the_moves_proven_say() {
    // On every built-in game an exact method solves, over a few plies of
    // play: each move hidden in turn, and all of them at once, the value
    // settles them to what their searches proved (a lost position's moves
    // lose; a value no other move reaches is the one move left's). Without
    // a time limit every move is searched, so what is compared with is the
    // searches' own (each analysis here takes under 2 s).
    let (mut losses, mut sole) = (0, 0);
    for (id, text) in unbeatable::rules::BUILTIN {
        if ["gomoku", "word-chain"].contains(id) {
            continue;
        }
        let set = Ruleset::parse(id, text).unwrap();
        let mut game = set.session(Setup {
            level: Level::Easy,
            seed: Some(7),
            think: None,
            ..Setup::default()
        });
        for ply in 0..6 {
            let a = game.analysis();
            assert!(!a.unknown, "{id}: {:?}", a.history);
            if !a.status.is_over() {
                let what = format!("{id} after '{}'", a.history.join(" "));
                // The premise: the value is the best of the moves.
                let moves = a.moves.iter().map(|(_, v)| *v);
                let best = Value::best(moves.chain(a.rest.map(|r| r.value)));
                assert_eq!(
                    (best.outcome, best.score),
                    (a.value.outcome, a.value.score),
                    "{what}"
                );
                let all: Vec<usize> = (0..a.moves.len()).collect();
                let inferred = inferred_agree(&a, &all, true, &what);
                if a.value.outcome == Outcome::Loss {
                    losses += inferred;
                }
                for i in all {
                    sole += inferred_agree(&a, &[i], false, &what);
                }
            }
            if ply == 5 || a.status.is_over() || game.computer_plays().is_none() {
                break;
            }
        }
    }
    assert!(losses > 0 && sole > 0, "{losses} {sole}");
}

/// A solver whose move searches prove only the first move, as a search
/// cut short might, and that counts the questions of value.
struct CutShort<G: Game> {
    exact: ReferenceSolver<G>,
    values_asked: AtomicUsize,
}

impl<G: Game> CutShort<G> {
    fn new() -> Self {
        Self {
            exact: ReferenceSolver::new(),
            values_asked: AtomicUsize::new(0),
        }
    }
}

impl<G: Game> Solver<G> for CutShort<G> {
    fn value(&self, pos: &G, budget: &Budget) -> Value {
        self.values_asked.fetch_add(1, Ordering::Relaxed);
        self.exact.value(pos, budget)
    }

    fn move_results(&self, pos: &G, budget: &Budget) -> MoveResults<G::Move> {
        let mut results = self.exact.move_results(pos, budget);
        for (_, v) in results.listed.iter_mut().skip(1) {
            *v = Value::UNKNOWN;
        }
        results
    }
}

fn flags(count: u64) -> FlagsGame {
    flags_taking(count, &[1, 2, 3])
}

fn flags_taking(count: u64, take: &[u64]) -> FlagsGame {
    FlagsGame {
        count,
        lose_at: 1,
        take: take.into(),
        when_stuck: WhenStuck::Lose,
        to_move: Player::First,
        item: Item::default(),
    }
}

/// The board's overlay of values settles what the position's value
/// settles, as the analysis does.
#[test]
fn the_overlay_settles_what_the_value_settles() {
    let solver = CutShort::new();
    let budget = Budget::unlimited();
    // 21 flags, take 1 to 3, the last one loses: 21 = 4·5 + 1 is lost,
    // so every move loses, though only the first was searched.
    let lost = move_values(&solver, &flags(21), &budget);
    assert_eq!(lost.count(Outcome::Loss), 3, "{lost:?}");
    // 22 is won by taking 1 alone: the first move's search proved it,
    // and the value settles nothing of the others.
    let won = move_values(&solver, &flags(22), &budget);
    assert_eq!(won.count(Outcome::Unknown), 2, "{won:?}");
    assert_eq!(solver.values_asked.load(Ordering::Relaxed), 2);
    // Nothing left open (one flag over: one move), nothing asked.
    let one = move_values(&solver, &flags(2), &budget);
    assert_eq!(one.count(Outcome::Unknown), 0, "{one:?}");
    assert_eq!(solver.values_asked.load(Ordering::Relaxed), 2);
}

/// The review judges a move the searches left open by what the position's
/// value settles, as the analysis does — and claims no more.
#[test]
fn the_review_judges_what_the_value_settles() {
    let solver = CutShort::new();
    let budget = Budget::unlimited();
    // 21 flags is lost: taking 2, never searched, kept the loss; how
    // slowly is not proven, and the line says so.
    let lost = judge(&solver, &flags(21), 2, 1, &budget);
    assert_eq!(lost.result, Value::outcome_only(Outcome::Loss), "{lost:?}");
    assert_eq!(lost.verdict, Verdict::Best, "{lost:?}");
    let line = judgement_line(&in_notation(&flags(21), lost));
    assert!(
        line.contains("kept the loss") && line.contains("how slowly not proven"),
        "{line}"
    );
    // 22 is won by taking 1: the value settles nothing of taking 2.
    let won = judge(&solver, &flags(22), 2, 1, &budget);
    assert_eq!(won.verdict, Verdict::Unknown, "{won:?}");
    // Taking 1 or 2, where taking 1 loses: taking 2, the one move left
    // open, has the position's value itself, plies and all.
    let sole = (2..40)
        .map(|count| flags_taking(count, &[1, 2]))
        .find(|pos| {
            let exact = solver.exact.move_results(pos, &budget);
            exact.listed.len() == 2
                && exact.listed[0].1.outcome == Outcome::Loss
                && exact.listed[1].1.outcome == Outcome::Win
        })
        .expect("a position won by taking 2 alone");
    let mv = solver.exact.move_results(&sole, &budget).listed[1].0;
    let j = judge(&solver, &sole, mv, 1, &budget);
    assert_eq!(j.result, solver.exact.value(&sole, &budget), "{j:?}");
    assert_eq!(j.verdict, Verdict::Best, "{j:?}");
    assert_eq!(j.best_moves, vec![mv], "{j:?}");
}

/// In a game of scores a loss the value settles has no margin: whether it
/// gave points away is not known, and the review does not say it did.
#[test]
fn the_review_does_not_call_a_settled_loss_of_unknown_margin_a_mistake() {
    let rules = rules::<coins::Coins>("values = [3, 9, 1, 2, 8, 4, 7]");
    let solver = CutShort::new();
    let budget = Budget::unlimited();
    let mut rng = rng_for(Some(7));
    let mut judged = 0;
    for _ in 0..40 {
        let mut pos = coins::Coins::start(&rules);
        while let Some(mv) = pos.random_move(&mut rng) {
            let exact = solver.exact.move_results(&pos, &budget);
            if solver.exact.value(&pos, &budget).outcome == Outcome::Loss && exact.listed.len() > 1
            {
                let open = exact.listed[1];
                let j = judge(&solver, &pos, open.0, 1, &budget);
                assert_eq!(j.result, Value::outcome_only(Outcome::Loss), "{j:?}");
                assert_eq!(j.verdict, Verdict::Unknown, "{j:?}, exactly {open:?}");
                judged += 1;
            }
            pos = pos.after(mv);
        }
    }
    assert!(judged > 20, "{judged}");
}
