//! Positions and moves of nim.

use std::fmt;

use crate::engine::{Game, MoveError, Player, Status};

use super::{Rules, Take};

/// Take `count` stones from pile `pile` (0-based); `count == 0` is the pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NimMove {
    pub pile: usize,
    pub count: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NimGame {
    pub piles: Vec<u64>,
    /// Whether each pile's one pass is still unused (all false without passes).
    pub passes: Vec<bool>,
    pub take: Take,
    pub misere: bool,
    pub to_move: Player,
}

impl NimGame {
    #[must_use]
    pub fn new(piles: Vec<u64>, rules: &Rules, to_move: Player) -> Self {
        let passes = vec![rules.pass_once_per_pile; piles.len()];
        Self {
            piles,
            passes,
            take: rules.take.clone(),
            misere: rules.misere,
            to_move,
        }
    }

    /// Whether `count` stones may be taken from a pile of `size`.
    #[must_use]
    pub fn may_take(&self, size: u64, count: u64) -> bool {
        count >= 1
            && count <= size
            && match &self.take {
                Take::Any => true,
                Take::List(list) => list.contains(&count),
            }
    }

    fn take_words(&self) -> String {
        match &self.take {
            Take::Any => "any number of stones".to_string(),
            Take::List(list) => {
                let w: Vec<String> = list.iter().map(u64::to_string).collect();
                format!("{} stones", w.join(", "))
            }
        }
    }
}

impl Game for NimGame {
    type Move = NimMove;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self) -> Vec<NimMove> {
        let mut moves = Vec::new();
        for (pile, &size) in self.piles.iter().enumerate() {
            if size > 0 && self.passes[pile] {
                moves.push(NimMove { pile, count: 0 });
            }
            match &self.take {
                Take::Any => moves.extend((1..=size).map(|count| NimMove { pile, count })),
                Take::List(list) => moves.extend(
                    list.iter()
                        .filter(|&&k| k <= size)
                        .map(|&count| NimMove { pile, count }),
                ),
            }
        }
        moves
    }

    fn play_unchecked(&mut self, mv: NimMove) {
        if mv.count == 0 {
            self.passes[mv.pile] = false;
        } else {
            self.piles[mv.pile] -= mv.count;
        }
        self.to_move = self.to_move.opponent();
    }

    fn status(&self) -> Status {
        let can_move = self.piles.iter().enumerate().any(|(i, &size)| {
            (size > 0 && self.passes[i])
                || match &self.take {
                    Take::Any => size > 0,
                    Take::List(list) => list.first().is_some_and(|&k| k <= size),
                }
        });
        match (can_move, self.misere) {
            (true, _) => Status::Ongoing,
            // Normal play: whoever cannot move loses. Misère: whoever made
            // the last move (took the last stone) loses.
            (false, false) => Status::Won(self.to_move.opponent()),
            (false, true) => Status::Won(self.to_move),
        }
    }

    fn parse_move(&self, text: &str) -> Result<NimMove, MoveError> {
        let bad = || {
            MoveError(format!(
                "'{}' is not a nim move: write PILE:COUNT, e.g. 2:3 takes 3 stones from pile 2{}",
                text.trim(),
                if self.passes.iter().any(|&p| p) {
                    " (2:0 is the pass)"
                } else {
                    ""
                }
            ))
        };
        let (pile, count) = text.trim().split_once(':').ok_or_else(bad)?;
        let pile: usize = pile.trim().parse().map_err(|_| bad())?;
        let count: u64 = count.trim().parse().map_err(|_| bad())?;
        if pile == 0 || pile > self.piles.len() {
            return Err(MoveError(format!(
                "there is no pile '{pile}': the piles are numbered 1 to {}",
                self.piles.len()
            )));
        }
        Ok(NimMove {
            pile: pile - 1,
            count,
        })
    }

    fn format_move(&self, mv: NimMove) -> String {
        format!("{}:{}", mv.pile + 1, mv.count)
    }

    fn explain_illegal(&self, mv: NimMove) -> String {
        let size = self.piles[mv.pile];
        let pile = mv.pile + 1;
        if mv.count == 0 {
            if size == 0 {
                format!("pile {pile} is empty, so it cannot be passed")
            } else {
                format!(
                    "pile {pile} has no pass: each pile may be passed once, where the rules allow passes"
                )
            }
        } else if mv.count > size {
            format!(
                "pile {pile} has only {size} stone{}",
                if size == 1 { "" } else { "s" }
            )
        } else {
            format!(
                "you may take {} from a pile, not {}",
                self.take_words(),
                mv.count
            )
        }
    }
}

impl fmt::Display for NimGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: u64 = 40;
        for (i, &size) in self.piles.iter().enumerate() {
            let stones: String = (0..size.min(SHOWN)).map(|_| 'o').collect();
            let more = if size > SHOWN { " …" } else { "" };
            let pass = if self.passes[i] && size > 0 {
                "  (pass left)"
            } else {
                ""
            };
            writeln!(f, "pile {:>2}: {size:>3}  {stones}{more}{pass}", i + 1)?;
        }
        write!(
            f,
            "take {} from one pile; {}",
            self.take_words(),
            if self.misere {
                "whoever makes the last move loses (misère)"
            } else {
                "whoever cannot move loses"
            }
        )
    }
}
