//! graph — geography on any graph (docs/design.md §1): a token on a
//! vertex, moved along an edge to a vertex it has not visited; who cannot
//! move loses. The vertices are a board (a knight's, a king's or a grid's
//! moves), the multiples-and-divisors numbers, or an explicit list.

mod board;
mod game;
mod solver;

use std::sync::Arc;

use toml::de::DeValue;

use crate::schema::{Problem, Table};
use crate::text::counted;

use super::Family;

pub use board::{Board, Shape, Terms, cell_name};
pub use game::GraphGame;
pub use solver::GraphSolver;

/// The most vertices a graph may have.
pub const MAX_VERTICES: usize = 10_000;
/// The most edges an explicit list may give.
pub const MAX_EDGES: usize = 100_000;
/// The widest and tallest board (columns a to z).
pub const MAX_WIDTH: usize = 26;
pub const MAX_HEIGHT: usize = 99;
/// The longest vertex name.
pub const MAX_NAME: usize = 16;
/// The largest number of a numbers graph.
pub const MAX_NUMBER: u32 = 1_000_000;

/// The family: `kind = "graph"`.
pub struct Geography;

/// A checked geography ruleset.
#[derive(Clone, Debug)]
pub struct Rules {
    pub board: Arc<Board>,
}

impl Family for Geography {
    const KIND: &'static str = "graph";
    type Rules = Rules;
    type Game = GraphGame;
    type Solver = GraphSolver;

    fn check(t: &mut Table<'_, '_>) -> Option<Rules> {
        Some(Rules {
            board: Arc::new(read_board(t)?),
        })
    }

    fn start(rules: &Rules) -> GraphGame {
        GraphGame::new(Arc::clone(&rules.board))
    }

    fn solver(_rules: &Rules) -> Arc<GraphSolver> {
        Arc::new(GraphSolver::default())
    }

    fn card(rules: &Rules) -> Vec<String> {
        let b = &rules.board;
        let t = &b.terms;
        let edges = counted(b.edges(), if b.directed { "one-way edge" } else { "edge" });
        let mut lines = vec![if b.is_listed() {
            format!("The graph: {} {} and {edges}.", b.len(), t.places)
        } else {
            format!(
                "The graph: {} — {} {} and {edges}.",
                b.shape,
                b.len(),
                t.places
            )
        }];
        lines.push(match b.start {
            Some(s) => format!("The {} starts on {}.", t.piece, b.names[s as usize]),
            None => format!("The first player puts the {} on any {}.", t.piece, t.place),
        });
        lines.push(format!(
            "Then each player in turn moves the {} {} that it has not been on before.",
            t.piece, t.step
        ));
        lines.push("A player who cannot move loses.".to_string());
        lines
    }

    fn visit(rules: &Rules, visitor: &mut dyn super::Visitor) {
        visitor.graph(rules);
    }

    fn group(rules: &Rules) -> (u8, &'static str) {
        if rules.board.directed {
            (1, "Geography, one-way")
        } else {
            (0, "Geography")
        }
    }

    fn size(rules: &Rules) -> u128 {
        rules.board.len() as u128
    }
}

/// The graph a table describes (`vertices`, `edges`, `directed`,
/// `start`): for the family's own table and for a sum's part.
pub(crate) fn read_board(t: &mut Table<'_, '_>) -> Option<Board> {
    let directed = t.bool_or("directed", false);
    let start = t.string_or("start", "any");
    let vertices = t.require("vertices");
    let edges = t.value("edges");
    let place = t.plain_word("place", "town");
    let places = t.plain_word("places", "towns");
    let piece = t.plain_word("piece", "car");
    let (directed, start, vertices) = (directed?, start?, vertices?);
    let board = match vertices.get_ref() {
        DeValue::String(spec) => {
            if let Some(e) = edges {
                t.problem(
                    e.span(),
                    "edges go with a list of vertices; a named shape has its own",
                );
                return None;
            }
            // A shape's words are its own: squares and a king, numbers. (A
            // word already refused is not refused twice.)
            let words = [("place", &place), ("places", &places), ("piece", &piece)];
            let mut refused = false;
            for (key, word) in words {
                refused |= !matches!(word, Some(None));
                if let (Some(Some(_)), Some(v)) = (word, t.value(key)) {
                    let span = v.span();
                    t.problem(
                        span,
                        format!("{key} names a listed graph's vertices or token; '{spec}' has its own words"),
                    );
                }
            }
            if refused {
                return None;
            }
            shaped(spec, directed).map_err(|why| t.problem(vertices.span(), why))
        }
        DeValue::Array(_) => {
            let board = listed(vertices, edges, directed).map_err(|p| t.problems(p));
            let (board, place, places, piece) = (board.ok()?, place?, places?, piece?);
            Ok(named(board, place, places, piece))
        }
        _ => {
            t.problem(
                vertices.span(),
                "vertices must be a shape such as \"knight 8x8\" or a list of names",
            );
            return None;
        }
    };
    let mut board = board.ok()?;
    let start_name = start.get_ref().trim();
    if start_name != "any" {
        match board.vertex(start_name) {
            Some(v) => board.start = Some(v),
            None => {
                t.problem(
                    start.span(),
                    format!(
                        "start '{start_name}' is not a vertex of the graph: name one, or \"any\""
                    ),
                );
                return None;
            }
        }
    }
    Some(board)
}

/// A listed board in the ruleset's own words, where it names them:
/// "a list of 9 towns", "the car is on home".
fn named(
    board: Board,
    place: Option<String>,
    places: Option<String>,
    piece: Option<String>,
) -> Board {
    if place.is_none() && places.is_none() && piece.is_none() {
        return board;
    }
    let place = place.unwrap_or_else(|| "vertex".to_string());
    let places = places.unwrap_or_else(|| match place.as_str() {
        "vertex" => "vertices".to_string(),
        _ => format!("{place}s"),
    });
    let piece = piece.unwrap_or_else(|| "token".to_string());
    let (n, directed) = (board.len(), board.directed);
    let mut board = board.with_terms(Terms::named(&place, &places, &piece, directed));
    board.shape = format!("a list of {n} {}", if n == 1 { &place } else { &places });
    board
}

/// A named shape: `knight 8x8`, `king 6x6`, `grid 5x7`, `numbers 2..100`,
/// `word-chain english` (the built-in list's words, last letter to first).
fn shaped(spec: &str, directed: bool) -> Result<Board, String> {
    let words: Vec<&str> = spec.split_whitespace().collect();
    let usage = "vertices: \"knight WxH\", \"king WxH\", \"grid WxH\", \"numbers A..B\" or \"word-chain english\" (or a list of names with edges)";
    match words.as_slice() {
        [kind @ ("knight" | "king" | "grid"), size] => {
            let (w, h) = size
                .split_once(['x', '×'])
                .and_then(|(w, h)| Some((w.parse::<usize>().ok()?, h.parse::<usize>().ok()?)))
                .ok_or_else(|| format!("'{size}' is not a size such as 8x8: {usage}"))?;
            if !(1..=MAX_WIDTH).contains(&w) || !(1..=MAX_HEIGHT).contains(&h) {
                return Err(format!(
                    "a board is 1 to {MAX_WIDTH} columns wide and 1 to {MAX_HEIGHT} rows tall, not {w}x{h}"
                ));
            }
            let shape = match *kind {
                "knight" => Shape::Knight,
                "king" => Shape::King,
                _ => Shape::Grid,
            };
            Ok(Board::of_shape(shape, w, h, directed))
        }
        ["numbers", range, rest @ ..] if rest.is_empty() || rest == ["multiples-divisors"] => {
            let (a, b) = range
                .split_once("..")
                .and_then(|(a, b)| Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?)))
                .ok_or_else(|| format!("'{range}' is not a range such as 2..100: {usage}"))?;
            if a == 0 || a > b || b > MAX_NUMBER || (b - a) as usize >= MAX_VERTICES {
                return Err(format!(
                    "numbers run from 1 up to {MAX_NUMBER}, at most {MAX_VERTICES} of them, not {a}..{b}"
                ));
            }
            Ok(Board::of_numbers(a, b, directed))
        }
        ["word-chain", "english"] => {
            if !directed {
                return Err("a word chain is directed (a word leads to the words that begin with its last letter): add directed = true".to_string());
            }
            let words = crate::games::words::english_words()
                .map(str::to_string)
                .collect();
            Ok(Board::of_word_chain(
                "word-chain english".to_string(),
                words,
            ))
        }
        _ => Err(format!("'{spec}' is not a shape: {usage}")),
    }
}

/// An explicit graph: `vertices = ["a", "b", …]`, `edges = [["a", "b"], …]`.
fn listed(
    vertices: &toml::Spanned<DeValue<'_>>,
    edges: Option<&toml::Spanned<DeValue<'_>>>,
    directed: bool,
) -> Result<Board, Vec<Problem>> {
    let one = |span: std::ops::Range<usize>, why: String| vec![Problem::new(span, why)];
    let DeValue::Array(items) = vertices.get_ref() else {
        return Err(one(vertices.span(), "vertices must be a list".into()));
    };
    if items.is_empty() || items.len() > MAX_VERTICES {
        return Err(one(
            vertices.span(),
            format!(
                "a graph has 1 to {MAX_VERTICES} vertices, not {}",
                items.len()
            ),
        ));
    }
    let mut names = Vec::with_capacity(items.len());
    let mut seen = std::collections::HashSet::new();
    let mut problems = Vec::new();
    for item in items.iter() {
        let DeValue::String(name) = item.get_ref() else {
            problems.push(Problem::new(
                item.span(),
                "a vertex is a name in quotes, such as \"a\"",
            ));
            continue;
        };
        let bad = name.is_empty()
            || name.chars().count() > MAX_NAME
            || name
                .chars()
                .any(|c| c.is_whitespace() || c.is_control() || c == ',');
        if bad {
            problems.push(Problem::new(
                item.span(),
                format!("a vertex's name is 1 to {MAX_NAME} characters, without spaces, commas or control characters"),
            ));
        } else if !seen.insert(name.to_lowercase()) {
            problems.push(Problem::new(
                item.span(),
                format!("the vertex '{name}' is named twice"),
            ));
        } else {
            names.push(name.to_string());
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let index: std::collections::HashMap<String, u32> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.to_lowercase(), i as u32))
        .collect();
    let mut pairs = Vec::new();
    if let Some(edges) = edges {
        let DeValue::Array(list) = edges.get_ref() else {
            return Err(one(
                edges.span(),
                "edges must be a list of pairs such as [[\"a\", \"b\"]]".into(),
            ));
        };
        if list.len() > MAX_EDGES {
            return Err(one(
                edges.span(),
                format!("at most {MAX_EDGES} edges, not {}", list.len()),
            ));
        }
        for edge in list.iter() {
            let ends: Option<Vec<u32>> = match edge.get_ref() {
                DeValue::Array(two) if two.len() == 2 => two
                    .iter()
                    .map(|e| match e.get_ref() {
                        DeValue::String(n) => index.get(&n.to_lowercase()).copied(),
                        _ => None,
                    })
                    .collect(),
                _ => None,
            };
            match ends.as_deref() {
                Some([a, b]) if a != b => pairs.push((*a, *b)),
                Some(_) => problems.push(Problem::new(
                    edge.span(),
                    "an edge joins two different vertices",
                )),
                None => problems.push(Problem::new(
                    edge.span(),
                    "an edge is a pair of vertices of the list, such as [\"a\", \"b\"]",
                )),
            }
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Board::new(
        format!("a list of {} vertices", names.len()),
        names,
        &pairs,
        directed,
        None,
    ))
}
