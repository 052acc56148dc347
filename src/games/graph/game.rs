//! Positions and moves of geography: the token's vertex, the vertices
//! visited, and whose turn it is. A move is the vertex the token goes to.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::engine::{Game, MoveError, Player, Status};
use crate::text::counted;

use super::board::Board;

#[derive(Clone, Debug)]
pub struct GraphGame {
    pub board: Arc<Board>,
    /// Bit `v` is set once the token has been on vertex `v`.
    visited: Vec<u64>,
    /// The token's vertex; `None` before the first player places it.
    pub at: Option<u32>,
    pub to_move: Player,
}

// Positions of one ruleset share their board: compared and hashed by
// what changes in play (the board only where they do not share it).
impl PartialEq for GraphGame {
    fn eq(&self, other: &Self) -> bool {
        self.visited == other.visited
            && self.at == other.at
            && self.to_move == other.to_move
            && (Arc::ptr_eq(&self.board, &other.board) || self.board == other.board)
    }
}

impl Eq for GraphGame {}

impl Hash for GraphGame {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.visited.hash(state);
        self.at.hash(state);
        self.to_move.hash(state);
    }
}

impl GraphGame {
    /// The start: the token on the board's start vertex (visited), or not
    /// yet placed.
    #[must_use]
    pub fn new(board: Arc<Board>) -> Self {
        let mut game = Self {
            visited: vec![0; board.len().div_ceil(64)],
            at: None,
            to_move: Player::First,
            board,
        };
        if let Some(s) = game.board.start {
            game.visit(s);
        }
        game
    }

    #[must_use]
    pub fn is_visited(&self, v: u32) -> bool {
        let v = v as usize;
        self.visited[v / 64] >> (v % 64) & 1 == 1
    }

    /// The vertices an edge leads to from `v` that are free once `also`
    /// are visited too: a look ahead without copying the position (a word
    /// chain's position is 5 KB).
    pub fn open_from<'a>(&'a self, v: u32, also: &'a [u32]) -> impl Iterator<Item = u32> + 'a {
        self.board
            .neighbours(v)
            .iter()
            .copied()
            .filter(move |&w| !self.is_visited(w) && !also.contains(&w))
    }

    fn visit(&mut self, v: u32) {
        let i = v as usize;
        self.visited[i / 64] |= 1 << (i % 64);
        self.at = Some(v);
    }

    /// The visited set as words of bits (for the solver's table).
    #[must_use]
    pub fn visited_bits(&self) -> &[u64] {
        &self.visited
    }

    /// How many vertices have been visited.
    #[must_use]
    pub fn visited_count(&self) -> usize {
        self.visited.iter().map(|w| w.count_ones() as usize).sum()
    }
}

impl Game for GraphGame {
    type Move = u32;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn moves(&self) -> impl Iterator<Item = u32> + '_ {
        let (anywhere, along) = match self.at {
            None => (Some(0..self.board.len() as u32), None),
            Some(v) => (None, Some(self.board.neighbours(v).iter().copied())),
        };
        anywhere
            .into_iter()
            .flatten()
            .chain(along.into_iter().flatten())
            .filter(|&v| !self.is_visited(v))
    }

    fn is_legal(&self, v: u32) -> bool {
        (v as usize) < self.board.len()
            && !self.is_visited(v)
            && self
                .at
                .is_none_or(|at| self.board.neighbours(at).binary_search(&v).is_ok())
    }

    fn play_unchecked(&mut self, v: u32) {
        self.visit(v);
        self.to_move = self.to_move.opponent();
    }

    fn status(&self) -> Status {
        if self.moves().next().is_none() {
            Status::Won(self.to_move.opponent())
        } else {
            Status::Ongoing
        }
    }

    fn parse_move(&self, text: &str) -> Result<u32, MoveError> {
        self.board.vertex(text).ok_or_else(|| {
            let example = self
                .moves()
                .next()
                .map(|v| self.format_move(v))
                .unwrap_or_default();
            MoveError(format!(
                "'{}' is not one of this game's {}: type one, e.g. {example}",
                text.trim(),
                self.board.terms.places
            ))
        })
    }

    fn format_move(&self, v: u32) -> String {
        self.board
            .names
            .get(v as usize)
            .cloned()
            .unwrap_or_default()
    }

    fn explain_illegal(&self, v: u32) -> String {
        let name = self.format_move(v);
        match self.at {
            _ if self.is_visited(v) => {
                format!("the {} has been on {name} already", self.board.terms.piece)
            }
            Some(at) => format!(
                "{name} is not joined to {} by an edge{}",
                self.format_move(at),
                if self.board.directed { " from it" } else { "" }
            ),
            None => format!("{name} is not on the graph"),
        }
    }
}

impl fmt::Display for GraphGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = &self.board;
        let edges = format!(
            "{}{}",
            counted(b.edges(), "edge"),
            if b.directed { ", directed" } else { "" }
        );
        if b.is_listed() {
            writeln!(f, "geography on {} ({edges})", b.shape)?;
        } else {
            writeln!(
                f,
                "geography on {} ({} {}, {edges})",
                b.shape,
                b.len(),
                b.terms.places
            )?;
        }
        if let Some((w, h)) = b.grid {
            // The columns' letters above, as the m,n,k board has them: a
            // square's name is its column's letter and its row's number.
            let letters: Vec<&str> = (0..w)
                .map(|col| {
                    b.names
                        .get(col)
                        .map_or("?", |n| n.trim_end_matches(|c: char| c.is_ascii_digit()))
                })
                .collect();
            writeln!(f, "{:>3} {}", "", letters.join(" "))?;
            for row in 0..h {
                let cells: Vec<&str> = (0..w)
                    .map(|col| {
                        let v = (row * w + col) as u32;
                        if self.at == Some(v) {
                            "@"
                        } else if self.is_visited(v) {
                            "x"
                        } else {
                            "."
                        }
                    })
                    .collect();
                writeln!(f, "{:>3} {}", row + 1, cells.join(" "))?;
            }
        }
        match self.at {
            None => write!(
                f,
                "the {} is not placed yet: put it on any {}",
                b.terms.piece, b.terms.place
            ),
            Some(v) => {
                let next: Vec<String> =
                    self.moves().take(30).map(|m| self.format_move(m)).collect();
                write!(
                    f,
                    "the {} is on {}; {} visited; next: {}",
                    b.terms.piece,
                    self.format_move(v),
                    self.visited_count(),
                    if next.is_empty() {
                        "none".to_string()
                    } else {
                        next.join(", ")
                    }
                )
            }
        }
    }
}
