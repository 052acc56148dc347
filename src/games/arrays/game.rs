//! Positions and moves of the array games: the elements left (sorted, a
//! multiset) and whose turn it is.

use std::fmt;

use crate::engine::{Game, MoveError, Player, Status};
use crate::text::counted;

/// Which array game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Which {
    Replace,
    Xor,
}

/// Replace every `take` by `into` ("replace"), or remove one `take`
/// ("xor", `into` none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ArrayMove {
    pub take: u64,
    pub into: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ArraysGame {
    pub which: Which,
    /// The elements, sorted.
    pub values: Vec<u64>,
    pub to_move: Player,
}

impl ArraysGame {
    #[must_use]
    pub fn new(which: Which, values: &[u64]) -> Self {
        let mut values = values.to_vec();
        values.sort_unstable();
        Self {
            which,
            values,
            to_move: Player::First,
        }
    }

    /// The distinct values, in order.
    #[must_use]
    pub fn distinct(&self) -> Vec<u64> {
        let mut d = self.values.clone();
        d.dedup();
        d
    }

    /// The bitwise XOR of the elements.
    #[must_use]
    pub fn xor(&self) -> u64 {
        self.values.iter().fold(0, |x, v| x ^ v)
    }
}

impl Game for ArraysGame {
    type Move = ArrayMove;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn moves(&self) -> impl Iterator<Item = ArrayMove> + '_ {
        let over = self.status().is_over();
        let distinct = if over { Vec::new() } else { self.distinct() };
        let pairs = match self.which {
            Which::Replace => distinct
                .iter()
                .flat_map(|&a| {
                    distinct
                        .iter()
                        .filter(move |&&b| b != a)
                        .map(move |&b| ArrayMove {
                            take: a,
                            into: Some(b),
                        })
                })
                .collect::<Vec<_>>(),
            Which::Xor => distinct
                .iter()
                .map(|&a| ArrayMove {
                    take: a,
                    into: None,
                })
                .collect(),
        };
        pairs.into_iter()
    }

    fn is_legal(&self, mv: ArrayMove) -> bool {
        !self.status().is_over()
            && self.values.binary_search(&mv.take).is_ok()
            && match (self.which, mv.into) {
                (Which::Replace, Some(b)) => b != mv.take && self.values.binary_search(&b).is_ok(),
                (Which::Xor, None) => true,
                _ => false,
            }
    }

    fn play_unchecked(&mut self, mv: ArrayMove) {
        match mv.into {
            Some(b) => {
                for v in &mut self.values {
                    if *v == mv.take {
                        *v = b;
                    }
                }
                self.values.sort_unstable();
            }
            None => {
                if let Ok(i) = self.values.binary_search(&mv.take) {
                    self.values.remove(i);
                }
            }
        }
        self.to_move = self.to_move.opponent();
    }

    fn status(&self) -> Status {
        match self.which {
            // Who cannot pick two distinct values loses.
            Which::Replace if self.values.windows(2).all(|w| w[0] == w[1]) => {
                Status::Won(self.to_move.opponent())
            }
            // The player who just made the XOR zero lost (before any move:
            // the first player wins at once, as the texts have it).
            Which::Xor if self.xor() == 0 => Status::Won(self.to_move),
            _ => Status::Ongoing,
        }
    }

    fn parse_move(&self, text: &str) -> Result<ArrayMove, MoveError> {
        let t = text.trim();
        let number = |s: &str| {
            s.trim().parse::<u64>().map_err(|_| {
                MoveError(match self.which {
                    Which::Replace => format!(
                        "'{t}' is not a move: write two values of the array, the one to replace first, like 3>5"
                    ),
                    Which::Xor => format!("'{t}' is not a move: write the value to remove, like 3"),
                })
            })
        };
        match self.which {
            Which::Replace => {
                let (a, b) = t.split_once('>').ok_or_else(|| {
                    MoveError(format!(
                        "'{t}' is not a move: write the value to replace, >, and the value it becomes, like 3>5"
                    ))
                })?;
                Ok(ArrayMove {
                    take: number(a)?,
                    into: Some(number(b)?),
                })
            }
            Which::Xor => Ok(ArrayMove {
                take: number(t)?,
                into: None,
            }),
        }
    }

    fn format_move(&self, mv: ArrayMove) -> String {
        match mv.into {
            Some(b) => format!("{}>{b}", mv.take),
            None => mv.take.to_string(),
        }
    }

    fn explain_illegal(&self, mv: ArrayMove) -> String {
        match mv.into {
            Some(b) if b == mv.take => "pick two different values".to_string(),
            Some(b) if self.values.binary_search(&b).is_err() => format!("{b} is not in the array"),
            _ => format!("{} is not in the array", mv.take),
        }
    }
}

impl fmt::Display for ArraysGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: Vec<String> = self.values.iter().take(40).map(u64::to_string).collect();
        let more = if self.values.len() > 40 { " …" } else { "" };
        writeln!(f, "the array: [{}{more}]", shown.join(", "))?;
        match self.which {
            Which::Replace => write!(f, "{}", counted(self.distinct().len(), "distinct value")),
            Which::Xor => write!(
                f,
                "{}, XOR {}",
                counted(self.values.len(), "element"),
                self.xor()
            ),
        }
    }
}
