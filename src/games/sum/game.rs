//! Positions and moves of a sum: every part's state and whose turn it is;
//! a move is a move in one part, written `PART:MOVE` with the part's own
//! notation (`2:b`, `1:3`, `3:2:1`).

use std::fmt;
use std::sync::Arc;

use crate::engine::{Game, MoveError, Player, Status};

use super::part::{PartMove, PartRules, PartState};

/// A move in part `part` (from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SumMove {
    pub part: u8,
    pub inner: PartMove,
}

#[derive(Clone, Debug)]
pub struct SumGame {
    pub parts: Arc<[PartRules]>,
    pub states: Vec<PartState>,
    pub misere: bool,
    pub to_move: Player,
}

impl PartialEq for SumGame {
    fn eq(&self, other: &Self) -> bool {
        self.states == other.states
            && self.to_move == other.to_move
            && self.misere == other.misere
            && Arc::ptr_eq(&self.parts, &other.parts)
    }
}

impl Eq for SumGame {}

impl std::hash::Hash for SumGame {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.states.hash(state);
        self.to_move.hash(state);
    }
}

impl SumGame {
    #[must_use]
    pub fn new(parts: Arc<[PartRules]>, misere: bool) -> Self {
        Self {
            states: parts.iter().map(PartRules::start).collect(),
            parts,
            misere,
            to_move: Player::First,
        }
    }

    /// Every move, part by part.
    fn all_moves(&self) -> Vec<SumMove> {
        self.parts
            .iter()
            .zip(&self.states)
            .enumerate()
            .flat_map(|(i, (rules, state))| {
                rules.moves(state).into_iter().map(move |inner| SumMove {
                    part: i as u8,
                    inner,
                })
            })
            .collect()
    }
}

impl Game for SumGame {
    type Move = SumMove;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn moves(&self) -> impl Iterator<Item = SumMove> + '_ {
        self.all_moves().into_iter()
    }

    fn is_legal(&self, mv: SumMove) -> bool {
        let i = usize::from(mv.part);
        i < self.parts.len() && self.parts[i].moves(&self.states[i]).contains(&mv.inner)
    }

    fn play_unchecked(&mut self, mv: SumMove) {
        let i = usize::from(mv.part);
        self.states[i] = self.parts[i].after(&self.states[i], mv.inner);
        self.to_move = self.to_move.opponent();
    }

    fn status(&self) -> Status {
        let stuck = self
            .parts
            .iter()
            .zip(&self.states)
            .all(|(r, s)| r.moves(s).is_empty());
        match (stuck, self.misere) {
            (false, _) => Status::Ongoing,
            // Normal play: who cannot move loses; misère: wins.
            (true, false) => Status::Won(self.to_move.opponent()),
            (true, true) => Status::Won(self.to_move),
        }
    }

    fn parse_move(&self, text: &str) -> Result<SumMove, MoveError> {
        let t = text.trim();
        let bad = || {
            MoveError(format!(
                "'{t}' is not a move: write the part's number, a colon and the part's own move, like 1:{}",
                self.all_moves()
                    .first()
                    .map(|m| self.parts[usize::from(m.part)].format(m.inner))
                    .unwrap_or_default()
            ))
        };
        let (part, rest) = t.split_once(':').ok_or_else(bad)?;
        let part: usize = part.trim().parse().map_err(|_| bad())?;
        let rules = part
            .checked_sub(1)
            .and_then(|i| self.parts.get(i))
            .ok_or_else(|| {
                MoveError(format!(
                    "there is no part {part}: the parts are 1 to {}",
                    self.parts.len()
                ))
            })?;
        let inner = rules.parse(rest).ok_or_else(|| {
            MoveError(format!(
                "'{}' is not a move of part {part} ({})",
                rest.trim(),
                rules.kind()
            ))
        })?;
        Ok(SumMove {
            part: (part - 1) as u8,
            inner,
        })
    }

    fn format_move(&self, mv: SumMove) -> String {
        let i = usize::from(mv.part);
        format!(
            "{}:{}",
            i + 1,
            self.parts
                .get(i)
                .map(|r| r.format(mv.inner))
                .unwrap_or_default()
        )
    }

    fn explain_illegal(&self, mv: SumMove) -> String {
        format!("{} is not a move of that part now", self.format_move(mv))
    }
}

impl fmt::Display for SumGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "a sum of {} games{}: move in any one part",
            self.parts.len(),
            if self.misere {
                " (misère: who cannot move wins)"
            } else {
                ""
            }
        )?;
        for (i, (r, s)) in self.parts.iter().zip(&self.states).enumerate() {
            let end = if i + 1 < self.parts.len() { "\n" } else { "" };
            write!(f, "part {}: {}{end}", i + 1, r.describe(s))?;
        }
        Ok(())
    }
}
