//! Gravity boards (Connect Four): the fast solver against the reference
//! solver on every position of small boards, the rules of a dropped stone,
//! and the computer against random opponents.

use std::sync::Arc;
use std::time::Duration;

use unbeatable::engine::{Budget, Game, Outcome, Solver};
use unbeatable::games::Family;
use unbeatable::games::mnk::book::Book;
use unbeatable::games::mnk::exact::tt::WIN;
use unbeatable::games::mnk::{Mnk, MnkGame, MnkSolver, Rules};

use crate::mnk::{agrees_on_every_position, play};
use crate::support::{
    beats_random_opponents, choices_with_no_time, every_position, perfect_choice, rules, unlimited,
};

fn gravity(width: usize, height: usize, k: usize) -> Rules {
    rules::<Mnk>(&format!(
        "width = {width}\nheight = {height}\nk = {k}\ngravity = true\n"
    ))
}

/// A solver whose book holds only `entries`: the positions the moves
/// lead to, each with its score (relative to the player to move).
fn with_book_of(rules: &Rules, entries: &[(&str, i32)]) -> MnkSolver {
    let mut book = Book::default();
    for &(moves, score) in entries {
        let (x, o) = play(rules, moves).bits();
        book.insert(&rules.geo, x, o, score);
    }
    MnkSolver::with_book(Arc::clone(&rules.geo), book)
}

#[test]
fn fast_solver_agrees_with_reference_on_every_position_of_small_gravity_boards() {
    for (w, h, k) in [
        (3, 3, 3),
        (4, 3, 3),
        (3, 4, 3),
        (4, 4, 3),
        (4, 4, 4),
        (5, 3, 3),
        (5, 4, 4),
    ] {
        agrees_on_every_position(&gravity(w, h, k), &format!("{w}x{h} k={k} gravity"));
    }
}

#[test]
fn a_stone_falls_to_the_lowest_empty_cell() {
    let rules = gravity(7, 6, 4);
    let pos = Mnk::start(&rules);
    let d = pos.parse_move("d").unwrap();
    assert_eq!(pos.format_move(d), "d");
    // Rows are counted from the bottom on a gravity board, as players do.
    assert_eq!(pos.geo.cell_name(d), "d1");
    assert_eq!(pos.parse_move("D1"), Ok(d));
    let err = pos.parse_move("d3").unwrap_err();
    assert!(err.0.contains("falls to d1"), "{err:?}");
    let err = pos.parse_move("d7").unwrap_err();
    assert!(
        err.0.contains("the rows are 1 to 6 from the bottom"),
        "{err:?}"
    );
    assert!(err.0.chars().count() < 70, "{err:?}");
    assert_eq!(pos.moves().count(), 7);
    let pos = play(&rules, "d d d d d d");
    let err = pos.parse_move("d").unwrap_err();
    assert!(err.0.contains("column d is full"), "{err:?}");
    assert_eq!(pos.moves().count(), 6);
    assert!(pos.parse_move("h").is_err());
    // Four in a column wins.
    let pos = play(&rules, "a b a b a b a");
    assert!(pos.status().is_over());
}

/// Connect Four on 5 columns of 4 rows, the built-in small board: a draw,
/// kept by the three middle columns; the outer ones lose on the last
/// stone. Its every position agrees with the reference solver in
/// `fast_solver_agrees_…` terms: here, the values a player sees.
#[test]
fn the_small_built_in_board_is_a_draw_kept_by_the_middle_columns() {
    let rules = gravity(5, 4, 4);
    let start = Mnk::start(&rules);
    let v = rules.solver.value(&start, &unlimited());
    assert_eq!(v.outcome, Outcome::Draw);
    assert!(v.is_proven());
    let results = rules.solver.move_results(&start, &unlimited());
    for (mv, value) in results.listed {
        let (want, plies) = match start.format_move(mv).as_str() {
            "b" | "c" | "d" => (Outcome::Draw, None),
            _ => (Outcome::Loss, Some(20)),
        };
        assert_eq!((value.outcome, value.plies), (want, plies), "{mv}");
    }
}

/// The perfect computer, on either side, never gives ground against
/// random opponents on small gravity boards.
#[test]
fn the_computer_keeps_its_value_against_random_opponents() {
    for (w, h, k, games) in [(4, 4, 3, 200), (5, 4, 4, 400), (6, 5, 4, 10)] {
        let rules = gravity(w, h, k);
        beats_random_opponents(&*rules.solver, &Mnk::start(&rules), games);
    }
}

/// A book of a gravity board holds only positions play can reach (no
/// stone floats over an empty cell), and is never read for the same board
/// without gravity, a different game.
#[test]
fn gravity_books_hold_dropped_positions_and_stay_apart() {
    use std::sync::Arc;
    use unbeatable::engine::Budget;
    use unbeatable::games::mnk::book::{self, Book};
    use unbeatable::games::mnk::{Geometry, MnkSolver};
    let geo = Arc::new(Geometry::with_gravity(5, 4, 4, true));
    let solver = MnkSolver::without_book(&geo);
    let made = book::generate(
        &geo,
        4,
        |x, o| {
            solver.exact(
                &MnkGame::from_bits(Arc::clone(&geo), x, o),
                &Budget::unlimited(),
            )
        },
        |_, _| {},
    );
    assert!(made.len() > 100);
    for (x, o, _) in made.entries() {
        let stones = x | o;
        for cell in 0..geo.cells() - geo.width {
            let below = cell + geo.width;
            assert!(
                stones >> cell & 1 == 0 || stones >> below & 1 == 1,
                "a floating stone at {} in {x:x} {o:x}",
                geo.cell_name(cell)
            );
        }
    }
    let text = made.to_text(&geo);
    assert!(Book::parse(&geo, &text).is_some());
    assert!(Book::parse(&Geometry::new(5, 4, 4), &text).is_none());
}

/// The published values of 7×6 Connect Four, from the program as it plays
/// (its shipped book and its search, within the play budget).
#[test]
fn connect_four_known_facts_hold() {
    use unbeatable::engine::Budget;
    let rules = gravity(7, 6, 4);
    let budget = Budget::of(std::time::Duration::from_secs(5));
    for (number, line) in include_str!("../known/connect-four.txt")
        .lines()
        .enumerate()
    {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("known/connect-four.txt line {}", number + 1);
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        let moves = if cols[0] == "-" { "" } else { cols[0] };
        let want = match cols[1] {
            "win" => Outcome::Win,
            "draw" => Outcome::Draw,
            "loss" => Outcome::Loss,
            other => panic!("{at}: {other}"),
        };
        let plies: Option<u64> = cols[2].parse().ok();
        let pos = play(
            &rules,
            &moves
                .chars()
                .map(String::from)
                .collect::<Vec<_>>()
                .join(" "),
        );
        let v = rules.solver.value(&pos, &budget);
        assert!(v.is_proven(), "{at}: {v:?}");
        assert_eq!(v.outcome, want, "{at}");
        if plies.is_some() {
            assert_eq!(v.plies, plies, "{at}");
        }
    }
}

/// The shipped Connect Four book, re-proven one ply deep: an entry's value
/// is the best of its children's, each taken from the book or proven
/// afresh by a search with no book (the build keeps every child that such
/// a search cannot prove at once). Every entry above the book's last layer
/// whose children all prove so is checked, in a spread sample: the root
/// and the first moves always.
#[test]
fn connect_four_book_holds_one_ply_deep() {
    use std::sync::Arc;
    use unbeatable::engine::Budget;
    use unbeatable::games::mnk::book;
    use unbeatable::games::mnk::exact::tt::WIN;
    use unbeatable::games::mnk::{Geometry, MnkSolver};
    let geo = Arc::new(Geometry::with_gravity(7, 6, 4, true));
    let shipped = book::builtin(&geo);
    assert!(shipped.depth >= 1, "a book of depth {}", shipped.depth);
    let fresh = MnkSolver::without_book(&geo);
    let mut inner: Vec<_> = shipped
        .entries()
        .into_iter()
        .filter(|&(x, o, _)| (x | o).count_ones() < shipped.depth)
        .collect();
    inner.sort_by_key(|&(x, o, _)| ((x | o).count_ones(), x, o));
    let first_moves = inner
        .iter()
        .filter(|&&(x, o, _)| (x | o).count_ones() <= 1)
        .count();
    let step = (inner.len() / 24).max(1);
    let sample = inner
        .iter()
        .enumerate()
        .filter(|&(i, _)| i < first_moves || i % step == 0);
    let (mut checked, mut tried) = (0, 0);
    for (i, &(x, o, score)) in sample {
        tried += 1;
        let pos = MnkGame::from_bits(Arc::clone(&geo), x, o);
        let children: Option<Vec<i32>> = pos
            .moves()
            .map(|mv| {
                let child = pos.after(mv);
                let (cx, co) = child.bits();
                if geo.has_line(cx) || geo.has_line(co) {
                    // The mover has just won.
                    Some(-WIN)
                } else if child.status().is_over() {
                    Some(0)
                } else {
                    shipped.get(&geo, cx, co).or_else(|| {
                        fresh.exact(&child, &Budget::of(std::time::Duration::from_secs(1)))
                    })
                }
            })
            .collect();
        let Some(children) = children else {
            assert!(
                i >= first_moves,
                "a child of {pos:?} is neither kept nor quick"
            );
            // Some children are open (play never reached them): none of
            // those known may beat the entry.
            for mv in pos.moves() {
                let (cx, co) = pos.after(mv).bits();
                if let Some(c) = shipped.get(&geo, cx, co) {
                    assert!(-to_parent(c) <= score, "{pos:?}: a kept child beats it");
                }
            }
            continue;
        };
        let best = children.iter().map(|&c| -to_parent(c)).max();
        assert_eq!(best, Some(score), "{pos:?}");
        checked += 1;
    }
    // Entries off the lines book play follows (the first layers were built
    // whole) keep only the children play reached: a third of the sample
    // must prove whole.
    assert!(
        checked * 3 >= tried,
        "{checked} of {tried} entries re-proven"
    );
}

/// The shipped Connect Four book past its last full layer (the computer's
/// best moves, see `unbeatable book --beyond`): a spread sample of those
/// entries, each proven afresh by a search with no book.
#[test]
fn connect_four_book_beyond_its_depth_is_exact() {
    use std::sync::Arc;
    use unbeatable::games::mnk::Geometry;
    use unbeatable::games::mnk::book;
    let geo = Arc::new(Geometry::with_gravity(7, 6, 4, true));
    let shipped = book::builtin(&geo);
    let beyond: Vec<_> = shipped
        .entries()
        .into_iter()
        .filter(|&(x, o, _)| (x | o).count_ones() > shipped.depth)
        .collect();
    assert!(!beyond.is_empty(), "no entry past depth {}", shipped.depth);
    proven_afresh(&geo, &beyond, 3);
}

/// About `count` entries `(x, o, score)` spread over `entries`, each
/// proven afresh by a search with no book.
fn proven_afresh(
    geo: &std::sync::Arc<unbeatable::games::mnk::Geometry>,
    entries: &[(u64, u64, i32)],
    count: usize,
) {
    use unbeatable::engine::Budget;
    use unbeatable::games::mnk::MnkSolver;
    let step = (entries.len() / count).max(1);
    for &(x, o, score) in entries.iter().step_by(step) {
        let fresh = MnkSolver::without_book(geo);
        let pos = MnkGame::from_bits(std::sync::Arc::clone(geo), x, o);
        assert_eq!(
            fresh.exact(&pos, &Budget::unlimited()),
            Some(score),
            "{pos:?}"
        );
    }
}

/// The shipped layer of every 7×6 position with 9 stones: as many
/// positions as the board has, every one proven, and a spread sample of
/// them proven afresh by a search with no book.
#[test]
fn connect_four_layer_is_exact_in_samples() {
    // The positions of 9 stones, less those over, up to the mirror.
    shipped_layer_is_complete_and_exact(9, 269_531, 8);
}

/// The shipped layer of every 7×6 position with 10 stones, checked as
/// the 9-stone one.
#[test]
fn connect_four_10_stone_layer_is_exact_in_samples() {
    shipped_layer_is_complete_and_exact(10, 809_464, 8);
}

/// The shipped 7×6 layer of `stones` stones holds `positions` positions,
/// every one proven; `samples` of them, spread over the layer, are
/// proven afresh with no book, and the shipped book answers for others.
fn shipped_layer_is_complete_and_exact(stones: u32, positions: usize, samples: usize) {
    use std::sync::Arc;
    use unbeatable::games::mnk::Geometry;
    use unbeatable::games::mnk::book;
    let geo = Arc::new(Geometry::with_gravity(7, 6, 4, true));
    let shipped = book::builtin(&geo);
    let layer = shipped
        .layer(&geo, stones)
        .expect("the shipped layer reads");
    assert_eq!(layer.stones, stones);
    assert_eq!(layer.positions().len(), positions);
    let proven: Vec<_> = layer
        .positions()
        .iter()
        .filter_map(|&(x, o)| Some((x, o, layer.get(&geo, x, o)?)))
        .collect();
    assert_eq!(proven.len(), positions, "the layer is complete");
    proven_afresh(&geo, &proven, samples);
    // The shipped book answers each at once.
    for &(x, o, score) in proven.iter().step_by(97) {
        assert_eq!(shipped.get(&geo, x, o), Some(score));
    }
}

/// A child's score (relative to the child) one ply further from the end,
/// as its parent sees the distance.
fn to_parent(score: i32) -> i32 {
    use unbeatable::games::mnk::exact::tt::WIN;
    if score > WIN / 2 {
        score - 1
    } else if score < -WIN / 2 {
        score + 1
    } else {
        score
    }
}

/// A position its book proves, with no time left to prove any move: the
/// computer must still block the line it would lose to at once (it once
/// drew among the moves left open at random, and lost a won game).
#[test]
fn with_no_time_left_a_proven_position_still_blocks_the_win_at_once() {
    let rules = gravity(7, 6, 4);
    // X has three on a; the second player (to move) wins, by the book.
    let pos = play(&rules, "a d a d a");
    let solver = with_book_of(&rules, &[("a d a d a", WIN - 29)]);
    for (seed, mv) in choices_with_no_time(&solver, &pos, 0..20)
        .iter()
        .enumerate()
    {
        assert_eq!(mv, "a", "seed {seed}");
    }
    // Every other move is proven to lose at once, however short the time.
    let results = solver.move_results(&pos, &Budget::of(Duration::ZERO));
    for (mv, value) in results.listed {
        if pos.format_move(mv) != "a" {
            assert_eq!(value.outcome, Outcome::Loss, "{}", pos.format_move(mv));
            assert_eq!(value.plies, Some(2), "{}", pos.format_move(mv));
        }
    }
}

/// A lost position its book proves, with no time left to prove any move:
/// every move is still a proven loss, and the computer plays the one its
/// playing search rates best (it had picked among moves left unknown at
/// random).
#[test]
fn with_no_time_left_a_lost_position_is_played_by_the_search() {
    let rules = gravity(7, 6, 4);
    // After `d` the second player loses: the first wins with the 41st stone.
    let pos = play(&rules, "d");
    let solver = with_book_of(&rules, &[("d", 40 - WIN)]);
    let mut chosen = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let choice = perfect_choice(&solver, &pos, seed, Duration::ZERO);
        assert_eq!(choice.value.outcome, Outcome::Loss, "seed {seed}");
        assert!(choice.value.is_proven(), "seed {seed}");
        chosen.insert(pos.format_move(choice.mv));
    }
    // The position is its own mirror image: a move and its mirror are one.
    let mirrored = |m: &str| ((b'a' + b'g') - m.as_bytes()[0]) as char;
    let first = chosen.first().cloned().unwrap_or_default();
    assert!(
        chosen
            .iter()
            .all(|m| *m == first || m.starts_with(mirrored(&first))),
        "{chosen:?}"
    );
}

/// A position the person has just moved into from one the book holds as
/// lost for them is won for the computer, however little time is left:
/// the book's score of the parent bounds every child's. A parent the book
/// holds as won for its mover proves nothing of a child.
#[test]
fn with_no_time_left_a_move_out_of_a_lost_book_position_is_known_won() {
    let rules = gravity(7, 6, 4);
    // After `d` the second player loses (the 41st stone wins); after `d d`
    // the first player wins.
    let solver = with_book_of(&rules, &[("d", 40 - WIN), ("d d", WIN - 39)]);
    let none = Budget::of(Duration::ZERO);
    for reply in ["a", "c", "g"] {
        let value = solver.value(&play(&rules, &format!("d {reply}")), &none);
        assert_eq!(value.outcome, Outcome::Win, "d {reply}");
        assert!(value.is_proven(), "d {reply}");
        assert_eq!(value.plies, None, "d {reply}: not searched");
        let value = solver.value(&play(&rules, &format!("d d {reply}")), &none);
        assert_eq!(value.outcome, Outcome::Unknown, "d d {reply}");
    }
}

/// Game 4859 of `connect_four_games`, lost from a won position: past the
/// book after `c e g e c c g g g e e` only `b` keeps the win. Known won
/// through the book's parent, the computer must play `b`, proven, whatever
/// its seed. (How `b` is found when time is short, behind the six others'
/// quicker refutations, is `keeps_win`'s unit tests' part: timing makes no
/// test.)
#[test]
fn past_the_book_the_one_move_that_keeps_the_win_is_found_and_proven() {
    let rules = gravity(7, 6, 4);
    // The book's parent, proven here: the first player, to move, loses.
    let parent = "c e g e c c g g g e";
    let score = MnkSolver::without_book(&rules.geo)
        .exact(&play(&rules, parent), &unlimited())
        .expect("proven");
    assert!(score < 0, "{parent}: {score}");
    let solver = with_book_of(&rules, &[(parent, score)]);
    let pos = play(&rules, "c e g e c c g g g e e");
    for seed in 0..3 {
        let choice = perfect_choice(&solver, &pos, seed, Duration::from_secs(20));
        assert_eq!(pos.format_move(choice.mv), "b", "seed {seed}");
        assert_eq!(choice.value.outcome, Outcome::Win, "seed {seed}");
        assert!(choice.value.is_proven(), "seed {seed}");
    }
}

/// Once the computer has proven a move wins, every reply of the person's
/// leaves a position known won, however little time is left (a solver
/// that has not proven that move knows less).
#[test]
fn after_a_move_proven_to_win_every_reply_is_known_won() {
    let rules = gravity(7, 6, 4);
    let solver = MnkSolver::without_book(&rules.geo);
    let pos = play(&rules, "c e g e c c g g g e e");
    let choice = perfect_choice(&solver, &pos, 0, Duration::from_secs(20));
    assert_eq!(choice.value.outcome, Outcome::Win);
    let after = pos.after(choice.mv);
    let fresh = MnkSolver::without_book(&rules.geo);
    let none = Budget::of(Duration::ZERO);
    let mut fresh_unknown = 0;
    for reply in after.moves() {
        let next = after.after(reply);
        let value = solver.value(&next, &none);
        assert_eq!(value.outcome, Outcome::Win, "{}", after.format_move(reply));
        assert!(value.is_proven());
        fresh_unknown += usize::from(fresh.value(&next, &none).outcome == Outcome::Unknown);
    }
    assert!(fresh_unknown > 0, "every reply was known without the proof");
}

/// The small boards the gravity search's bounds are checked on, of even
/// and odd height.
const BOUND_BOARDS: [(usize, usize, usize); 5] =
    [(4, 4, 3), (5, 4, 4), (4, 3, 3), (5, 3, 3), (4, 5, 3)];

/// Every position of a small gravity board that is not over, with the
/// search's column bits of the player to move's stones and of all stones.
fn bound_cases(w: usize, h: usize, k: usize) -> Vec<(MnkGame, u64, u64)> {
    use unbeatable::games::mnk::connect::Shape;
    let rules = gravity(w, h, k);
    let shape = Shape::new(w, h, k).expect("a small board fits");
    every_position(&Mnk::start(&rules), |p| (p.x, p.o))
        .into_iter()
        .filter(|pos| !pos.status().is_over())
        .map(|pos| {
            let (x, o) = pos.bits();
            let (x, o) = (shape.from_cells(x), shape.from_cells(o));
            let mask = x | o;
            let cur = if mask.count_ones() % 2 == 0 { x } else { o };
            (pos, cur, mask)
        })
        .collect()
}

/// A claimeven rule (`Some(follower wins)` where it applies) against the
/// reference solver on every position of the small boards: no win for the
/// player to move, and a loss where the follower has a line. It must
/// apply to some positions of each board, the follower winning in some,
/// or the check proves nothing.
fn claimeven_rule_holds(
    rule: impl Fn(&unbeatable::games::mnk::connect::Shape, u64, u64) -> Option<bool>,
) {
    use unbeatable::engine::ReferenceSolver;
    use unbeatable::games::mnk::connect::Shape;
    let reference = ReferenceSolver::new();
    for (w, h, k) in BOUND_BOARDS {
        let shape = Shape::new(w, h, k).expect("a small board fits");
        let (mut applied, mut follower_wins) = (0, 0);
        for (pos, cur, mask) in bound_cases(w, h, k) {
            let Some(wins) = rule(&shape, cur, mask) else {
                continue;
            };
            let outcome = reference.value(&pos, &unlimited()).outcome;
            let label = format!("{w}x{h} k={k} {pos:?}");
            assert_ne!(outcome, Outcome::Win, "{label}");
            if wins {
                assert_eq!(outcome, Outcome::Loss, "{label}");
                follower_wins += 1;
            }
            applied += 1;
        }
        assert!(
            applied > 10 && follower_wins > 0,
            "{w}x{h} k={k}: {applied}"
        );
    }
}

/// Claimeven, a bound the gravity search cuts with: wherever every column
/// has an even number of empty cells and the player to move has no line
/// in its stones and the rows the follow-up leaves it, it cannot win, and
/// it loses where the follower has a line in its own.
#[test]
fn claimeven_never_denies_a_win_on_small_gravity_boards() {
    claimeven_rule_holds(|shape, cur, mask| shape.follow_up(cur, mask));
}

/// Claimeven with pairs of odd columns: wherever two or four columns
/// have an odd number of empty cells, paired, and the player to move has
/// no line with any choice of one lowest cell of each pair, its rows and
/// its stones, it cannot win, and it loses where the follower has a line
/// whatever the choice. Both kinds must apply to some positions.
#[test]
fn claimeven_with_pairs_of_odd_columns_never_denies_a_win() {
    let kinds = std::cell::Cell::new([0usize; 5]);
    claimeven_rule_holds(|shape, cur, mask| {
        let held = shape.follow_up_paired(cur, mask);
        if held.is_some() {
            let odd = (0..shape.width)
                .filter(|&c| (shape.board_column(c) & !mask).count_ones() % 2 == 1)
                .count();
            let mut seen = kinds.get();
            seen[odd.min(4)] += 1;
            kinds.set(seen);
        }
        held
    });
    let [none, one, two, three, four] = kinds.get();
    assert!(
        two > 0 && four > 0 && none + one + three == 0,
        "{:?}",
        kinds.get()
    );
}

/// The odd threat with zugzwang, another bound the gravity search cuts
/// with: wherever one column has an odd number of empty cells, the
/// follower a threat in it on the rows of the height's parity, and the
/// player to move no line in its stones and the cells the follow-up leaves
/// it, the reference solver finds a loss for it, within the plies the rule
/// names; also with three or five odd columns, the others paired. On
/// every position of the small boards; the rule must apply to some of
/// each, with one pair on each and two on some, or the test proves nothing.
#[test]
fn an_odd_threat_with_zugzwang_wins_on_small_gravity_boards() {
    use unbeatable::engine::ReferenceSolver;
    use unbeatable::games::mnk::connect::Shape;
    let reference = ReferenceSolver::new();
    // Two pairs need five columns: 5×4 has some.
    let mut two_pairs = 0;
    for (w, h, k) in BOUND_BOARDS {
        let shape = Shape::new(w, h, k).expect("a small board fits");
        let (mut applied, mut paired) = (0, [0; 3]);
        for (pos, cur, mask) in bound_cases(w, h, k) {
            let Some(odd) = shape.odd_threat(cur, mask) else {
                continue;
            };
            // The threat is the follower's, on an empty cell.
            assert_eq!(pos.at(odd.cell), None, "{pos:?}");
            let value = reference.value(&pos, &unlimited());
            let label = format!("{w}x{h} k={k} {pos:?}: {odd:?}, {value:?}");
            assert_eq!(value.outcome, Outcome::Loss, "{label}");
            let plies = value.plies.expect("the reference counts plies");
            assert!(u64::from(odd.within) >= plies, "{label}");
            // The paired columns have an odd number of empty cells, and
            // the threat is in another.
            let empty_cells = |c: usize| (0..h).filter(|r| pos.at(r * w + c).is_none()).count();
            for &c in odd.pairs.iter().flatten() {
                assert!(empty_cells(c) % 2 == 1 && c != odd.cell % w, "{label}");
            }
            paired[odd.pairs.len()] += 1;
            applied += 1;
        }
        assert!(
            applied > 10 && paired[1] > 0,
            "{w}x{h} k={k}: {applied}, {paired:?}"
        );
        two_pairs += paired[2];
    }
    assert!(two_pairs > 0);
}

/// The idea in words: after 28 stones of 7×6 every column has an even
/// number of empty cells, X cannot make four on the odd rows and O can on
/// the even ones, so claimeven says O wins; the move before that, O's `a`
/// (one of its wins) is explained by it. Threats are named with their
/// rows' parity. The solver's values agree with the words.
#[test]
fn claimeven_and_threats_are_put_in_words() {
    let rules = gravity(7, 6, 4);
    let before = "e a d d g b d f b b f d a b a f e a b b f d f d f g a";
    let pos = play(&rules, &format!("{before} a"));
    let lines = rules.solver.explain(&pos, &unlimited()).join("\n");
    assert!(
        lines.contains("Claimeven: every column has an even number of empty cells")
            && lines.contains("X cannot win, and O can with its own and the even rows: O wins"),
        "{lines}"
    );
    assert!(
        lines.contains(
            "O's threats (cells that would complete 4 in a row): c6, c4, e4; 3 on even rows"
        ),
        "{lines}"
    );
    assert_eq!(
        rules.solver.value(&pos, &unlimited()).outcome,
        Outcome::Loss
    );

    let pos = play(&rules, before);
    let a = pos.parse_move("a").expect("a is open");
    let why = rules
        .solver
        .reason(&pos, a, &unlimited())
        .unwrap_or_default();
    assert!(
        why.contains("(claimeven), and X cannot make 4 in a row without them, while O can"),
        "{why}"
    );
    let results = rules.solver.move_results(&pos, &unlimited());
    let (_, value) = results
        .listed
        .iter()
        .find(|(m, _)| *m == a)
        .expect("a is listed");
    assert_eq!(value.outcome, Outcome::Win);
    // A column that leaves an odd one open is not explained by it.
    let g = pos.parse_move("g").expect("g is open");
    let why = rules
        .solver
        .reason(&pos, g, &unlimited())
        .unwrap_or_default();
    assert!(!why.contains("claimeven"), "{why}");
}

/// Past its depth the book holds one best move of each of the computer's
/// positions. Where several moves are as good, the computer plays the one
/// whose position the book holds, so that its next moves are proven at
/// once: after `g e g b d b c g f d e d b`, `d` and `g` both win in 15.
#[test]
fn among_equal_best_moves_the_computer_keeps_to_its_book() {
    let rules = gravity(7, 6, 4);
    let parent = "g e g b d b c g f d e d b";
    let fresh = MnkSolver::without_book(&rules.geo);
    let score = fresh.exact(&play(&rules, parent), &unlimited());
    let score = score.expect("proven");
    let pos = play(&rules, parent);
    // With no child in the book, the seeds choose both.
    let chosen: std::collections::BTreeSet<String> = (0..16)
        .map(|seed| {
            let solver = with_book_of(&rules, &[(parent, score)]);
            pos.format_move(perfect_choice(&solver, &pos, seed, Duration::from_secs(20)).mv)
        })
        .collect();
    assert_eq!(chosen, ["d", "g"].map(String::from).into(), "{chosen:?}");
    for booked in ["d", "g"] {
        let line = format!("{parent} {booked}");
        let child = fresh.exact(&play(&rules, &line), &unlimited());
        let solver = with_book_of(&rules, &[(parent, score), (&line, child.expect("proven"))]);
        for seed in 0..8 {
            let choice = perfect_choice(&solver, &pos, seed, Duration::from_secs(20));
            assert_eq!(pos.format_move(choice.mv), booked, "seed {seed}");
            assert_eq!(choice.value.plies, Some(15), "seed {seed}");
            assert!(choice.value.is_proven(), "seed {seed}");
        }
    }
}

/// The odd threat in words: after these 19 stones of 7×6 only column `d`
/// has an odd number of empty cells, and X's threat at `d3` is on an odd
/// row, so X answers O on top until O must play under it. X's last move,
/// `c`, is explained by it, and the solver's value agrees.
#[test]
fn the_odd_threat_is_put_in_words() {
    odd_threat_in_words(
        "b f e c c e c g f c e a e a d g c b",
        "c",
        20,
        &[
            "Odd threat: only column d has an odd number of empty cells",
            "X's threat at d3 (zugzwang)",
            "X wins, within 20 plies",
        ],
        &["makes O drop a stone under its threat at d3"],
    );
}

/// The odd threat with a pair of odd columns in words: after these 19
/// stones columns c, d and e have an odd number of empty cells and X a
/// threat at d5 (the fifth row from the bottom, odd); X answers a move in
/// c or e with the lowest cell of the other until O must play under d5.
/// X's last move, `b`, is explained by it, and the solver agrees.
#[test]
fn the_odd_threat_with_a_pair_of_odd_columns_is_put_in_words() {
    odd_threat_in_words(
        "e f g f g e c b f g e g e d d e d f",
        "b",
        22,
        &[
            "Odd threat: only columns d, c and e have an odd number of empty cells",
            "answer a move in column c or e with the lowest cell of the other",
            "whichever of the two it takes: X wins, within 22 plies",
        ],
        &[
            "it leaves three columns with an odd number of empty cells",
            "makes O drop a stone under its threat at d5",
        ],
    );
}

/// With five odd columns, two pairs: after these 17 stones columns a, b,
/// d, e and g are odd and X has a threat at e3; X pairs a with b and d
/// with g, and O has no line even with all four lowest cells.
#[test]
fn the_odd_threat_with_two_pairs_of_odd_columns_is_put_in_words() {
    odd_threat_in_words(
        "f a g d d a b e f d b b d d a b",
        "b",
        22,
        &[
            "only columns e, a, b, d and g have an odd number of empty cells",
            "answer a move in column a or b with the lowest cell of the other, the same in d and g",
            "even with the lowest cells of all the pairs: X wins, within 22 plies",
        ],
        &[
            "it leaves five columns with an odd number of empty cells",
            "makes O drop a stone under its threat at e3",
        ],
    );
}

/// After `before` and X's `last`, the explanation holds every one of
/// `explained`, O is lost within `within` plies, and the reason for
/// `last` holds every one of `why`.
fn odd_threat_in_words(before: &str, last: &str, within: u64, explained: &[&str], why: &[&str]) {
    let rules = gravity(7, 6, 4);
    let prior = play(&rules, before);
    let pos = play(&rules, &format!("{before} {last}"));
    let lines = rules.solver.explain(&pos, &unlimited()).join("\n");
    assert!(explained.iter().all(|e| lines.contains(e)), "{lines}");
    let value = rules.solver.value(&pos, &unlimited());
    assert_eq!(value.outcome, Outcome::Loss, "{value:?}");
    assert!(value.plies.is_some_and(|p| p <= within), "{value:?}");
    let mv = prior.parse_move(last).expect("a column");
    let reason = rules
        .solver
        .reason(&prior, mv, &unlimited())
        .unwrap_or_default();
    assert!(why.iter().all(|w| reason.contains(w)), "{reason}");
}

/// The newcomer's two games: in these won 10- and 8-stone positions of
/// Connect Four only one move keeps the win (`b`, then `e`; an outside
/// solver agrees). With a tenth of a second a move, the computer (with
/// the shipped book and layers) must not gamble on an unproven move: it
/// thinks on until the winning move is proven, whatever its seed.
#[test]
fn in_a_won_position_the_computer_takes_the_time_to_keep_the_win() {
    let rules = unbeatable::rules::find("connect-four").unwrap().0;
    for (moves, only) in [("a b a c e a b e f b", "b"), ("a b c e g f a b", "e")] {
        for seed in 0..2 {
            let setup = unbeatable::session::Setup {
                human: unbeatable::engine::Player::Second,
                seed: Some(seed),
                think: Some(Duration::from_millis(100)),
                ..unbeatable::session::Setup::default()
            };
            let mut game = rules.session(setup);
            game.replay(moves).unwrap();
            let played = game.computer_plays().unwrap();
            assert_eq!(played.text, only, "{moves}, seed {seed}");
            assert_eq!(played.value.outcome, Outcome::Win, "{moves}");
            assert!(played.value.is_proven(), "{moves}");
        }
    }
}

/// What the playing search past the proof calls proven (a line within its
/// horizon, claimeven, the odd threat) holds against the reference solver
/// on positions of every small board: its winning move wins and every
/// move it calls lost loses. It must make such claims, or the check
/// proves nothing.
#[test]
fn the_playing_search_claims_only_what_holds() {
    use unbeatable::engine::ReferenceSolver;
    use unbeatable::games::mnk::connect::{Shape, strength};
    let reference = ReferenceSolver::new();
    for (w, h, k) in BOUND_BOARDS {
        let shape = Shape::new(w, h, k).expect("a small board fits");
        let (mut wins, mut losses) = (0, 0);
        // About 1500 positions spread over each board (5×4 has three
        // million): the search makes a table for each.
        let cases = bound_cases(w, h, k);
        let stride = (cases.len() / 1500).max(1);
        for (pos, _, _) in cases.into_iter().step_by(stride) {
            let (x, o) = pos.bits();
            let found = strength::estimate(&shape, x, o, &Budget::of(Duration::from_millis(2)));
            let label = format!("{w}x{h} k={k} {pos:?}: {found:?}");
            if let Some(mv) = found.winning {
                let after = reference.value(&pos.after(mv), &unlimited());
                assert_eq!(after.outcome, Outcome::Loss, "{label}");
                wins += 1;
            }
            for &mv in &found.losing {
                let after = reference.value(&pos.after(mv), &unlimited());
                assert_eq!(after.outcome, Outcome::Win, "{label}: {mv}");
                losses += 1;
            }
        }
        assert!(wins > 10 && losses > 10, "{w}x{h} k={k}: {wins}, {losses}");
    }
}
