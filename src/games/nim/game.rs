//! Positions and moves of nim.

use std::fmt;

use crate::engine::{Game, MoveError, Player, Status};
use crate::text::counted;

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
    /// Whether the rules allow one pass per pile at all.
    pub pass_rule: bool,
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
            pass_rule: rules.pass_once_per_pile,
            to_move,
        }
    }

    /// How many moves pile `pile` offers: its pass, then each count.
    #[must_use]
    pub fn pile_moves(&self, pile: usize) -> u128 {
        let size = self.piles[pile];
        let pass = u128::from(size > 0 && self.passes[pile]);
        pass + match &self.take {
            Take::Any => u128::from(size),
            Take::List(list) => list.iter().filter(|&&k| k <= size).count() as u128,
        }
    }

    /// The counts pile `pile` allows, in order (0 is the pass).
    pub fn counts(&self, pile: usize) -> impl Iterator<Item = u64> + '_ {
        let size = self.piles[pile];
        let pass = (size > 0 && self.passes[pile]).then_some(0);
        let (any_max, list): (u64, &[u64]) = match &self.take {
            Take::Any => (size, &[]),
            Take::List(list) => (0, list),
        };
        pass.into_iter()
            .chain(1..=any_max)
            .chain(list.iter().copied().filter(move |&k| k <= size))
    }

    /// What a move may take, in words: `any number of stones`.
    #[must_use]
    pub fn take_words(&self) -> String {
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

    fn moves(&self) -> impl Iterator<Item = NimMove> + '_ {
        (0..self.piles.len())
            .flat_map(move |pile| self.counts(pile).map(move |count| NimMove { pile, count }))
    }

    fn move_count(&self) -> u128 {
        (0..self.piles.len()).map(|p| self.pile_moves(p)).sum()
    }

    fn edit_help(&self) -> Option<&'static str> {
        Some("the piles, and who is to move if not the same: e.g. 3 4 5 or 3 4 5 second")
    }

    fn edit(&self, start: &Self, text: &str) -> Result<Self, MoveError> {
        let (words, to_move) = crate::engine::edit_words(text, self.to_move)?;
        if words.len() != start.piles.len() {
            return Err(MoveError(format!(
                "write {} piles, one number each, e.g. {}",
                start.piles.len(),
                start
                    .piles
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            )));
        }
        let mut piles = Vec::with_capacity(words.len());
        for (i, (word, most)) in words.iter().zip(&start.piles).enumerate() {
            let size: u64 = word
                .parse()
                .map_err(|_| MoveError(format!("'{word}' is not a number of stones")))?;
            if size > *most {
                return Err(MoveError(format!(
                    "pile {} holds at most {most} stones in this game",
                    i + 1
                )));
            }
            piles.push(size);
        }
        Ok(Self {
            piles,
            to_move,
            ..self.clone()
        })
    }

    fn nth_move(&self, mut i: u128) -> Option<NimMove> {
        for pile in 0..self.piles.len() {
            let n = self.pile_moves(pile);
            if i < n {
                let pass = self.piles[pile] > 0 && self.passes[pile];
                let count = match (&self.take, pass, i) {
                    (_, true, 0) => 0,
                    (Take::Any, _, i) => u64::try_from(i).ok()? + u64::from(!pass),
                    (Take::List(list), _, i) => {
                        let i = usize::try_from(i - u128::from(pass)).ok()?;
                        *list.iter().filter(|&&k| k <= self.piles[pile]).nth(i)?
                    }
                };
                return Some(NimMove { pile, count });
            }
            i -= n;
        }
        None
    }

    fn is_legal(&self, mv: NimMove) -> bool {
        let Some(&size) = self.piles.get(mv.pile) else {
            return false;
        };
        if mv.count == 0 {
            return size > 0 && self.passes[mv.pile];
        }
        mv.count <= size
            && match &self.take {
                Take::Any => true,
                Take::List(list) => list.contains(&mv.count),
            }
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
                if self.pass_rule {
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
        let pile = mv.pile + 1;
        let Some(&size) = self.piles.get(mv.pile) else {
            return format!(
                "there is no pile '{pile}': the piles are numbered 1 to {}",
                self.piles.len()
            );
        };
        if mv.count == 0 {
            if !self.pass_rule {
                "taking 0 is not a move: these rules have no passes".to_string()
            } else if size == 0 {
                format!("pile {pile} is empty, so it cannot be passed")
            } else {
                format!("pile {pile}'s one pass has been used already")
            }
        } else if mv.count > size {
            format!("pile {pile} has only {}", counted(size, "stone"))
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
