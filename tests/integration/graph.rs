//! Geography on a graph: the matching theorem (undirected) and the
//! search (directed) agree with the reference solver on every small graph
//! in reach, the known facts hold, and the numbers graph plays exactly as
//! the multiples-and-divisors family.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use unbeatable::engine::{Budget, Game, Outcome, ReferenceSolver, Solver};
use unbeatable::games::{Family, divisors, graph};

use crate::support::{Plies, agree, every_position, rules};

/// The table of a graph on vertices `v0 …` with `edges`.
fn body(n: usize, edges: &[(usize, usize)], directed: bool, start: &str) -> String {
    let names: Vec<String> = (0..n).map(|i| format!("\"v{i}\"")).collect();
    let pairs: Vec<String> = edges
        .iter()
        .map(|(a, b)| format!("[\"v{a}\", \"v{b}\"]"))
        .collect();
    format!(
        "vertices = [{}]\nedges = [{}]\ndirected = {directed}\nstart = \"{start}\"",
        names.join(", "),
        pairs.join(", ")
    )
}

/// Every position of the graph agrees with the reference solver.
fn check(text: &str, plies: Plies) {
    let rules = rules::<graph::Geography>(text);
    let start = graph::Geography::start(&rules);
    let solver = graph::Geography::solver(&rules);
    let reference = ReferenceSolver::<graph::GraphGame>::new();
    for pos in every_position(&start, |p| p.clone()) {
        agree(&*solver, &reference, &pos, plies, text);
    }
}

/// Every pair of vertices an edge or not, as the bits of `mask`.
fn edges_of(n: usize, mask: u32, directed: bool) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for a in 0..n {
        for b in 0..n {
            if a != b && (directed || a < b) {
                pairs.push((a, b));
            }
        }
    }
    pairs
        .into_iter()
        .enumerate()
        .filter(|(i, _)| mask >> i & 1 == 1)
        .map(|(_, p)| p)
        .collect()
}

#[test]
fn every_undirected_graph_of_up_to_five_vertices_agrees_with_the_reference_with_exact_plies() {
    for n in 1..=5 {
        let pairs = n * (n - 1) / 2;
        for mask in 0..1u32 << pairs {
            check(
                &body(n, &edges_of(n, mask, false), false, "any"),
                Plies::Always,
            );
        }
    }
}

#[test]
fn random_undirected_graphs_of_eight_vertices_agree_with_the_reference_with_exact_plies() {
    let mut rng = StdRng::seed_from_u64(8);
    for _ in 0..150 {
        let mask: u32 = rng.random_range(0..1 << 28);
        let start = if rng.random_bool(0.5) { "any" } else { "v0" };
        check(
            &body(8, &edges_of(8, mask, false), false, start),
            Plies::Always,
        );
    }
}

#[test]
fn directed_graphs_agree_with_the_reference_with_exact_plies() {
    for mask in 0..1u32 << 12 {
        check(
            &body(4, &edges_of(4, mask, true), true, "any"),
            Plies::Always,
        );
    }
    let mut rng = StdRng::seed_from_u64(6);
    for _ in 0..150 {
        let mask: u32 = rng.random_range(0..1 << 30);
        check(
            &body(6, &edges_of(6, mask, true), true, "v0"),
            Plies::Always,
        );
    }
}

/// On a path of n vertices, from one end, the first player wins exactly
/// when n is even.
#[test]
fn a_path_from_its_end_is_won_by_the_first_player_when_even() {
    for n in 1..=40 {
        let edges: Vec<(usize, usize)> = (1..n).map(|i| (i - 1, i)).collect();
        let rules = rules::<graph::Geography>(&body(n, &edges, false, "v0"));
        let start = graph::Geography::start(&rules);
        let value = graph::Geography::solver(&rules).value(&start, &Budget::unlimited());
        let expected = if n % 2 == 0 {
            Outcome::Win
        } else {
            Outcome::Loss
        };
        assert_eq!(value.outcome, expected, "path of {n}");
    }
}

/// The numbers graph is the multiples-and-divisors game: every move's
/// result the same, along random games.
#[test]
fn the_numbers_graph_plays_as_multiples_and_divisors() {
    let g = rules::<graph::Geography>("vertices = \"numbers 1..60\"");
    let d = rules::<divisors::Divisors>("min = 1\nmax = 60");
    let (gs, ds) = (graph::Geography::solver(&g), divisors::Divisors::solver(&d));
    let mut rng = StdRng::seed_from_u64(60);
    let b = Budget::unlimited();
    for _ in 0..20 {
        let (mut gp, mut dp) = (graph::Geography::start(&g), divisors::Divisors::start(&d));
        loop {
            let gm = gs.move_results(&gp, &b).listed;
            let dm = ds.move_results(&dp, &b).listed;
            let named = |pos: &dyn Fn(u32) -> String, l: &[(u32, unbeatable::engine::Value)]| {
                let mut v: Vec<(String, String)> = l
                    .iter()
                    .map(|(m, x)| (pos(*m), format!("{:?}", x.outcome)))
                    .collect();
                v.sort();
                v
            };
            assert_eq!(
                named(&|m| gp.format_move(m), &gm),
                named(&|m| dp.format_move(m), &dm)
            );
            let Some(&(mv, _)) = dm.get(rng.random_range(0..dm.len().max(1))) else {
                break;
            };
            dp = dp.after(mv);
            gp = gp.after(gp.read_move(&mv.to_string()).unwrap());
        }
    }
}

/// Boards are named as m,n,k boards name cells, and a knight's moves are
/// a knight's.
#[test]
fn boards_have_the_shapes_they_name() {
    let knight = rules::<graph::Geography>("vertices = \"knight 8x8\"\nstart = \"a1\"");
    let start = graph::Geography::start(&knight);
    let mut next: Vec<String> = start.moves().map(|m| start.format_move(m)).collect();
    next.sort();
    assert_eq!(next, ["b3", "c2"]);
    assert_eq!(knight.board.edges(), 168);
    let king = rules::<graph::Geography>("vertices = \"king 3x3\"\nstart = \"b2\"");
    assert_eq!(graph::Geography::start(&king).moves().count(), 8);
    let grid = rules::<graph::Geography>("vertices = \"grid 5x7\"");
    assert_eq!(grid.board.edges(), 4 * 7 + 5 * 6);
}

/// The word chain: every English word is a vertex, and a word leads to
/// the words that begin with its last letter; it is directed or refused.
#[test]
fn a_word_chain_leads_from_last_letter_to_first() {
    use unbeatable::games::words::english_words;
    let rules = rules::<graph::Geography>(
        "vertices = \"word-chain english\"\ndirected = true\nstart = \"zebra\"",
    );
    let start = graph::Geography::start(&rules);
    assert_eq!(start.board.len(), english_words().count());
    let mut from_zebra: Vec<String> = start.moves().map(|m| start.format_move(m)).collect();
    from_zebra.sort();
    let mut want: Vec<String> = english_words()
        .filter(|w| w.starts_with('a'))
        .map(str::to_string)
        .collect();
    want.sort();
    assert_eq!(from_zebra, want);
    let after = start.after(start.parse_move("apple").unwrap());
    assert!(after.moves().all(|m| after.format_move(m).starts_with('e')));
    assert!(!after.is_legal(start.parse_move("zebra").unwrap()));
    let doc = toml::de::DeTable::parse("vertices = \"word-chain english\"").unwrap();
    let mut t = unbeatable::schema::Table::new("[graph]".to_string(), doc.get_ref(), 0..0);
    assert!(graph::Geography::check(&mut t).is_none());
    let problems = format!("{:?}", t.finish());
    assert!(problems.contains("directed = true"), "{problems}");
}

/// Far from the end nothing is proven on a word chain, and the computer,
/// past the proof, leaves the fewest replies (a word ending in x after
/// "apple").
#[test]
fn the_computer_on_a_word_chain_leaves_the_fewest_replies() {
    let rules = rules::<graph::Geography>(
        "vertices = \"word-chain english\"\ndirected = true\nstart = \"zebra\"",
    );
    let solver = graph::Geography::solver(&rules);
    let start = graph::Geography::start(&rules);
    let pos = start.after(start.parse_move("apple").unwrap());
    let c =
        crate::support::perfect_choice(&*solver, &pos, 1, std::time::Duration::from_millis(300));
    let replies = |m: u32| pos.after(m).moves().count();
    let fewest = pos.moves().map(replies).min().unwrap();
    assert_eq!(replies(c.mv), fewest, "{}", pos.format_move(c.mv));
}

/// A board of squares in plain text has its columns' letters above, as
/// the m,n,k board has: a move is named by them ("c3").
#[test]
fn a_square_board_in_text_names_its_columns() {
    let text = crate::cli::stdout_of(&["play", "kings-walk", "--plain"], "quit\n");
    assert!(text.contains("\n    a b c d e\n  1 . . . . .\n"), "{text}");
}
