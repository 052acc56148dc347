//! The graph a geography ruleset plays on: its vertices' names, each
//! vertex's neighbours, whether edges have a direction, where the token
//! starts, and for boards (knight, king, grid) the board's shape.

use std::collections::HashMap;
use std::sync::Arc;

/// A graph of up to `MAX_VERTICES` vertices, named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The shape in words (`knight 8x8`, `a list of 6 vertices`).
    pub shape: String,
    pub names: Vec<String>,
    /// Lists of neighbours (the ends of edges out), each in order; vertex
    /// `v`'s is `lists[list_of[v]]`. Vertices may share one: in a word
    /// chain every word ending in one letter has the same neighbours, so
    /// 40000 words need 26 lists, not 40000 of about 1500 each.
    lists: Vec<Vec<u32>>,
    list_of: Vec<u32>,
    pub directed: bool,
    /// The vertex the token starts on; `None`: the first player chooses it.
    pub start: Option<u32>,
    /// Width and height, where the vertices are the cells of a board
    /// (vertex `row * width + col`).
    pub grid: Option<(usize, usize)>,
    /// Each name in lower case, for reading moves.
    index: HashMap<String, u32>,
    /// What its vertices and its token are called where people read them.
    pub terms: Terms,
}

/// The words a graph's text uses for its vertices and its token: a king's
/// walk is played on squares by a king, not on vertices by a token, and a
/// listed graph may name its own (`place = "town"`, `piece = "car"`). The
/// texts put "the" before `piece`, never "a": a ruleset's word may begin
/// with a vowel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terms {
    /// One vertex: "square", "number", "word", "vertex", "town".
    pub place: Arc<str>,
    /// More than one: "squares", "numbers", "words", "vertices", "towns".
    pub places: Arc<str>,
    /// What moves: "king", "knight", "token", "car".
    pub piece: Arc<str>,
    /// Where it moves, after "moves the king": "one step in any direction
    /// to a square".
    pub step: Arc<str>,
}

impl Terms {
    fn new(place: &str, places: &str, piece: &str, step: &str) -> Self {
        Self {
            place: place.into(),
            places: places.into(),
            piece: piece.into(),
            step: step.into(),
        }
    }

    /// A graph given as a list of names and edges, its edges one-way
    /// where `directed`: vertices and a token.
    #[must_use]
    pub fn listed(directed: bool) -> Self {
        Self::named("vertex", "vertices", "token", directed)
    }

    /// A listed graph whose places and piece have the ruleset's names.
    #[must_use]
    pub fn named(place: &str, places: &str, piece: &str, directed: bool) -> Self {
        let step = if directed {
            format!("along an edge, in its direction, to a {place}")
        } else {
            format!("along an edge to a {place}")
        };
        Self::new(place, places, piece, &step)
    }
}

/// The shapes a `vertices` string names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A knight's moves on a board.
    Knight,
    /// A king's moves (one step any way).
    King,
    /// One step across or down (a grid graph).
    Grid,
}

impl Board {
    /// A board of `names` and `edges` (pairs of vertices).
    #[must_use]
    pub fn new(
        shape: String,
        names: Vec<String>,
        edges: &[(u32, u32)],
        directed: bool,
        grid: Option<(usize, usize)>,
    ) -> Self {
        let mut adj = vec![Vec::new(); names.len()];
        for &(a, b) in edges {
            adj[a as usize].push(b);
            if !directed {
                adj[b as usize].push(a);
            }
        }
        for list in &mut adj {
            list.sort_unstable();
            list.dedup();
        }
        let list_of = (0..names.len() as u32).collect();
        Self::with_lists(shape, names, adj, list_of, directed, grid)
    }

    fn with_lists(
        shape: String,
        names: Vec<String>,
        lists: Vec<Vec<u32>>,
        list_of: Vec<u32>,
        directed: bool,
        grid: Option<(usize, usize)>,
    ) -> Self {
        let index = names
            .iter()
            .enumerate()
            .map(|(i, n)| (n.to_lowercase(), i as u32))
            .collect();
        Self {
            shape,
            names,
            lists,
            list_of,
            directed,
            start: None,
            grid,
            index,
            terms: Terms::listed(directed),
        }
    }

    /// The same board, its text in `terms`.
    #[must_use]
    pub fn with_terms(mut self, terms: Terms) -> Self {
        self.terms = terms;
        self
    }

    /// A word chain on `words` (distinct, lower case, not empty): a word
    /// leads to every word that begins with its last letter (directed).
    #[must_use]
    pub fn of_word_chain(shape: String, words: Vec<String>) -> Self {
        let letter = |c: u8| usize::from(c.wrapping_sub(b'a')).min(25);
        let mut lists = vec![Vec::new(); 26];
        let mut list_of = Vec::with_capacity(words.len());
        for (i, w) in words.iter().enumerate() {
            let bytes = w.as_bytes();
            lists[letter(bytes[0])].push(i as u32);
            list_of.push(letter(bytes[bytes.len() - 1]) as u32);
        }
        Self::with_lists(shape, words, lists, list_of, true, None).with_terms(Terms::new(
            "word",
            "words",
            "token",
            "to a word that begins with the last letter of its word and",
        ))
    }

    /// The vertices an edge leads to from `v`, in order.
    #[must_use]
    pub fn neighbours(&self, v: u32) -> &[u32] {
        &self.lists[self.list_of[v as usize] as usize]
    }

    /// The board of a shape, `width` columns (a, b, …) by `height` rows
    /// (1 at the top), as m,n,k boards name their cells.
    #[must_use]
    pub fn of_shape(shape: Shape, width: usize, height: usize, directed: bool) -> Self {
        let steps: &[(i64, i64)] = match shape {
            Shape::Knight => &[
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ],
            Shape::King => &[
                (1, 0),
                (1, 1),
                (0, 1),
                (-1, 1),
                (-1, 0),
                (-1, -1),
                (0, -1),
                (1, -1),
            ],
            Shape::Grid => &[(1, 0), (0, 1), (-1, 0), (0, -1)],
        };
        let names = (0..width * height)
            .map(|c| cell_name(c % width, c / width))
            .collect();
        let mut edges = Vec::new();
        for row in 0..height {
            for col in 0..width {
                for &(dc, dr) in steps {
                    let (c, r) = (col as i64 + dc, row as i64 + dr);
                    if (0..width as i64).contains(&c) && (0..height as i64).contains(&r) {
                        let (a, b) = (row * width + col, r as usize * width + c as usize);
                        // Each undirected edge once; directed shapes get both.
                        if directed || a < b {
                            edges.push((a as u32, b as u32));
                        }
                    }
                }
            }
        }
        let (word, piece, step) = match shape {
            Shape::Knight => ("knight", "knight", "as a chess knight moves, to a square"),
            Shape::King => ("king", "king", "one step in any direction to a square"),
            Shape::Grid => (
                "grid",
                "token",
                "one step along its row or column to a square",
            ),
        };
        Self::new(
            format!("{word} {width}x{height}"),
            names,
            &edges,
            directed,
            Some((width, height)),
        )
        .with_terms(Terms::new("square", "squares", piece, step))
    }

    /// The numbers `from..=to`, joined where one divides the other (the
    /// multiples-and-divisors graph).
    #[must_use]
    pub fn of_numbers(from: u32, to: u32, directed: bool) -> Self {
        let names = (from..=to).map(|n| n.to_string()).collect();
        let mut edges = Vec::new();
        for a in from..=to {
            let mut m = u64::from(a) * 2;
            while m <= u64::from(to) {
                let b = m as u32;
                edges.push((a - from, b - from));
                if directed {
                    edges.push((b - from, a - from));
                }
                m += u64::from(a.max(1));
            }
        }
        Self::new(
            format!("numbers {from}..{to} multiples-divisors"),
            names,
            &edges,
            directed,
            None,
        )
        .with_terms(Terms::new(
            "number",
            "numbers",
            "token",
            "to a multiple or a divisor of its number",
        ))
    }

    /// Whether the ruleset listed the vertices: its shape, "a list of 9
    /// towns", counts them already (a named shape is a keyword and a size).
    #[must_use]
    pub fn is_listed(&self) -> bool {
        self.shape.starts_with("a list of ")
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The vertex a name (any case) names.
    #[must_use]
    pub fn vertex(&self, name: &str) -> Option<u32> {
        self.index.get(&name.trim().to_lowercase()).copied()
    }

    /// How many edges there are (each undirected one once).
    #[must_use]
    pub fn edges(&self) -> usize {
        let ends: usize = self
            .list_of
            .iter()
            .map(|&l| self.lists[l as usize].len())
            .sum();
        if self.directed { ends } else { ends / 2 }
    }
}

/// A board cell's name: `b3` is the second column, third row from the top.
#[must_use]
pub fn cell_name(col: usize, row: usize) -> String {
    format!("{}{}", (b'a' + col as u8) as char, row + 1)
}
