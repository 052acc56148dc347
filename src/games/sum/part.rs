//! One part of a sum: its rules (piles of a subtraction game or of nim,
//! one round of the prefix word game, a geography token), its state, its
//! moves and their notation, and — for piles and words, in closed form or
//! by one pass over the word tree — its Grundy value.

use std::sync::Arc;

use crate::games::graph::Board;
use crate::games::nim::{Grundy, Take};
use crate::games::words::{Node, Trie};

/// A part's rules, with what is solved once for every game.
#[derive(Clone, Debug)]
pub enum PartRules {
    /// A subtraction game (`flags`, one pile) or nim (`nim`, its piles).
    Piles {
        nim: bool,
        take: Take,
        grundy: Arc<Grundy>,
        start: Vec<u64>,
    },
    /// One round of the prefix game: add a letter that keeps the word the
    /// beginning of a listed word; who cannot, loses. The Grundy value of
    /// every prefix, by mex over its children.
    Words { trie: Arc<Trie>, grundy: Arc<[u16]> },
    /// A geography token on a graph of up to 64 vertices.
    Graph { board: Arc<Board> },
}

/// Where a part stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PartState {
    Piles(Vec<u64>),
    Word(Node),
    /// The vertices visited (bits), and the token's vertex.
    Token {
        visited: u64,
        at: Option<u8>,
    },
}

/// A move in one part: a pile and how many, a letter, or a vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PartMove {
    pub pile: u32,
    pub amount: u64,
}

/// The Grundy value of every prefix of `trie`: children come after their
/// parent in its numbering, so one pass from the end does.
#[must_use]
pub fn word_grundy(trie: &Trie) -> Arc<[u16]> {
    let mut g = vec![0u16; trie.len()];
    for node in (0..trie.len()).rev() {
        let mut seen = [false; 28];
        for (_, child) in trie.children(node as Node) {
            if let Some(s) = seen.get_mut(usize::from(g[child as usize])) {
                *s = true;
            }
        }
        g[node] = seen.iter().position(|s| !s).unwrap_or(27) as u16;
    }
    g.into()
}

impl PartRules {
    /// The part's start.
    #[must_use]
    pub fn start(&self) -> PartState {
        match self {
            Self::Piles { start, .. } => PartState::Piles(start.clone()),
            Self::Words { .. } => PartState::Word(0),
            Self::Graph { board } => match board.start {
                Some(s) => PartState::Token {
                    visited: 1 << s,
                    at: Some(s as u8),
                },
                None => PartState::Token {
                    visited: 0,
                    at: None,
                },
            },
        }
    }

    /// The part's kind, as a ruleset names it.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            Self::Piles { nim: false, .. } => "flags",
            Self::Piles { nim: true, .. } => "nim",
            Self::Words { .. } => "words",
            Self::Graph { .. } => "graph",
        }
    }

    /// Every move of the part from `state`.
    #[must_use]
    pub fn moves(&self, state: &PartState) -> Vec<PartMove> {
        match (self, state) {
            (Self::Piles { take, .. }, PartState::Piles(piles)) => piles
                .iter()
                .enumerate()
                .flat_map(|(p, &n)| {
                    let counts: Vec<u64> = match take {
                        Take::Any => (1..=n).collect(),
                        Take::List(list) => list.iter().copied().filter(|&k| k <= n).collect(),
                    };
                    counts.into_iter().map(move |amount| PartMove {
                        pile: p as u32,
                        amount,
                    })
                })
                .collect(),
            (Self::Words { trie, .. }, PartState::Word(node)) => trie
                .children(*node)
                .map(|(letter, _)| PartMove {
                    pile: 0,
                    amount: u64::from(letter),
                })
                .collect(),
            (Self::Graph { board }, PartState::Token { visited, at }) => {
                let free = |v: &u32| visited >> v & 1 == 0;
                let next: Vec<u32> = match at {
                    None => (0..board.len() as u32).filter(free).collect(),
                    Some(a) => board
                        .neighbours(u32::from(*a))
                        .iter()
                        .copied()
                        .filter(free)
                        .collect(),
                };
                next.into_iter()
                    .map(|v| PartMove {
                        pile: 0,
                        amount: u64::from(v),
                    })
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// The state after `mv` (a move of [`PartRules::moves`]).
    #[must_use]
    pub fn after(&self, state: &PartState, mv: PartMove) -> PartState {
        match (self, state) {
            (Self::Piles { .. }, PartState::Piles(piles)) => {
                let mut next = piles.clone();
                if let Some(n) = next.get_mut(mv.pile as usize) {
                    *n = n.saturating_sub(mv.amount);
                }
                PartState::Piles(next)
            }
            (Self::Words { trie, .. }, PartState::Word(node)) => {
                PartState::Word(trie.child(*node, mv.amount as u8).unwrap_or(*node))
            }
            (Self::Graph { .. }, PartState::Token { visited, .. }) => PartState::Token {
                visited: visited | 1 << mv.amount,
                at: Some(mv.amount as u8),
            },
            _ => state.clone(),
        }
    }

    /// The Grundy value of `state` where it has a closed form or a table
    /// (piles, words); `None` for a token, which is searched.
    #[must_use]
    pub fn grundy(&self, state: &PartState) -> Option<u64> {
        match (self, state) {
            (Self::Piles { grundy, .. }, PartState::Piles(piles)) => {
                Some(piles.iter().fold(0, |x, &n| x ^ grundy.value(n, false)))
            }
            (Self::Words { grundy, .. }, PartState::Word(node)) => {
                grundy.get(*node as usize).map(|&g| u64::from(g))
            }
            _ => None,
        }
    }

    /// A move in the part's own notation: `3` (flags), `2:3` (nim), `c`
    /// (a letter), `b3` (a vertex).
    #[must_use]
    pub fn format(&self, mv: PartMove) -> String {
        match self {
            Self::Piles { nim: false, .. } => mv.amount.to_string(),
            Self::Piles { nim: true, .. } => format!("{}:{}", mv.pile + 1, mv.amount),
            Self::Words { .. } => char::from(mv.amount as u8).to_string(),
            Self::Graph { board } => board
                .names
                .get(mv.amount as usize)
                .cloned()
                .unwrap_or_default(),
        }
    }

    /// Reads a move in the part's own notation (not checked for legality).
    #[must_use]
    pub fn parse(&self, text: &str) -> Option<PartMove> {
        let t = text.trim();
        match self {
            Self::Piles { nim: false, .. } => Some(PartMove {
                pile: 0,
                amount: t.parse().ok()?,
            }),
            Self::Piles { nim: true, .. } => {
                let (p, k) = t.split_once(':')?;
                Some(PartMove {
                    pile: p.trim().parse::<u32>().ok()?.checked_sub(1)?,
                    amount: k.trim().parse().ok()?,
                })
            }
            Self::Words { .. } => {
                let mut chars = t.chars();
                let c = chars.next().filter(char::is_ascii_lowercase)?;
                chars.next().is_none().then_some(PartMove {
                    pile: 0,
                    amount: u64::from(c as u8),
                })
            }
            Self::Graph { board } => Some(PartMove {
                pile: 0,
                amount: u64::from(board.vertex(t)?),
            }),
        }
    }

    /// The part's state in words.
    #[must_use]
    pub fn describe(&self, state: &PartState) -> String {
        match (self, state) {
            (
                Self::Piles {
                    nim: false, take, ..
                },
                PartState::Piles(p),
            ) => {
                format!(
                    "flags: {} left, take {}",
                    p.first().copied().unwrap_or(0),
                    take_words(take)
                )
            }
            (Self::Piles { take, .. }, PartState::Piles(p)) => {
                let piles: Vec<String> = p.iter().map(u64::to_string).collect();
                format!("nim: piles {}, take {}", piles.join(" "), take_words(take))
            }
            (Self::Words { trie, .. }, PartState::Word(node)) => {
                let text = trie.text(*node);
                if text.is_empty() {
                    "words: no letter yet".to_string()
                } else {
                    format!("words: '{text}'")
                }
            }
            (Self::Graph { board }, PartState::Token { at, visited }) => format!(
                "graph {}: {} {}, {} visited",
                board.shape,
                board.terms.piece,
                at.map_or_else(
                    || "not placed".to_string(),
                    |a| board.names[usize::from(a)].clone()
                ),
                visited.count_ones()
            ),
            _ => String::new(),
        }
    }

    /// The part's rules from `start`, for the card: the piles and what a
    /// move takes, the words a round is built on (which the state alone
    /// does not say), the token's board and square.
    #[must_use]
    pub fn rules_in_words(&self, start: &PartState) -> String {
        const SHOWN: usize = 8;
        let Self::Words { trie, .. } = self else {
            return self.describe(start);
        };
        let listed = trie.completions(0, SHOWN);
        let more = if trie.words() > listed.len() {
            ", …"
        } else {
            ""
        };
        format!(
            "a word round on {}: {}{more} — in turn add a letter that keeps the word the beginning of a listed one",
            crate::text::counted(trie.words(), "word"),
            listed.join(", ")
        )
    }
}

fn take_words(take: &Take) -> String {
    match take {
        Take::Any => "any number".to_string(),
        Take::List(list) => {
            let w: Vec<String> = list.iter().map(u64::to_string).collect();
            w.join(", ")
        }
    }
}
