//! Positions and moves of the flags game.

use std::fmt;
use std::sync::Arc;

use crate::engine::{Game, MoveError, Player, Status};

use super::{Item, Rules, WhenStuck};

/// A row of flags (or the ruleset's own things) and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FlagsGame {
    pub count: u64,
    pub lose_at: u64,
    pub take: Arc<[u64]>,
    pub when_stuck: WhenStuck,
    pub to_move: Player,
    pub item: Item,
}

impl FlagsGame {
    #[must_use]
    pub fn new(count: u64, rules: &Rules, to_move: Player) -> Self {
        Self {
            count,
            lose_at: rules.lose_at,
            take: Arc::clone(&rules.take),
            when_stuck: rules.when_stuck,
            to_move,
            item: rules.item.clone(),
        }
    }

    /// Flags above the losing count: the index into the solver's table.
    #[must_use]
    pub const fn above_lose(&self) -> u64 {
        self.count - self.lose_at
    }

    /// Who loses, in words: "whoever must move with 1 flag left loses",
    /// or where none are left then, "whoever takes the last stone wins".
    #[must_use]
    pub fn losing_rule(&self) -> String {
        if self.lose_at == 0 {
            format!("whoever takes the last {} wins", self.item.one)
        } else {
            format!(
                "whoever must move with {} left loses",
                self.item.counted(self.lose_at)
            )
        }
    }

    /// The move sizes in words: `1, 2 or 3`.
    #[must_use]
    pub fn take_list(&self) -> String {
        or_list(&self.take)
    }
}

impl Game for FlagsGame {
    type Move = u64;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn moves(&self) -> impl Iterator<Item = u64> + '_ {
        // At the losing count, or stuck, no size fits: no moves.
        let room = self.above_lose();
        self.take.iter().copied().filter(move |&k| k <= room)
    }

    fn play_unchecked(&mut self, mv: u64) {
        self.count -= mv;
        self.to_move = self.to_move.opponent();
    }

    fn status(&self) -> Status {
        if self.count == self.lose_at {
            return Status::Won(self.to_move.opponent());
        }
        if self.take[0] > self.above_lose() {
            return match self.when_stuck {
                WhenStuck::Draw => Status::Draw,
                WhenStuck::Lose => Status::Won(self.to_move.opponent()),
            };
        }
        Status::Ongoing
    }

    fn parse_move(&self, text: &str) -> Result<u64, MoveError> {
        text.trim().parse::<u64>().map_err(|_| {
            MoveError(format!(
                "'{}' is not a number of {}: type how many to take ({})",
                text.trim(),
                self.item.many,
                self.take_list()
            ))
        })
    }

    fn format_move(&self, mv: u64) -> String {
        mv.to_string()
    }

    fn edit_help(&self) -> Option<&'static str> {
        Some("how many are left, and who is to move if not the same: e.g. 17 or 17 second")
    }

    fn edit(&self, start: &Self, text: &str) -> Result<Self, MoveError> {
        let (words, to_move) = crate::engine::edit_words(text, self.to_move)?;
        let [count] = words.as_slice() else {
            return Err(MoveError(format!(
                "write one number of {}, e.g. 17",
                self.item.many
            )));
        };
        let count: u64 = count
            .parse()
            .map_err(|_| MoveError(format!("'{count}' is not a number of {}", self.item.many)))?;
        if count < self.lose_at || count > start.count {
            return Err(MoveError(format!(
                "the {} left are {} to {} in this game",
                self.item.many, self.lose_at, start.count
            )));
        }
        Ok(Self {
            count,
            to_move,
            ..self.clone()
        })
    }

    fn explain_illegal(&self, mv: u64) -> String {
        if !self.take.contains(&mv) {
            format!("you may not take '{mv}': take {}", self.take_list())
        } else if self.lose_at == 0 {
            format!(
                "you may not take '{mv}': only {} left",
                self.item.counted(self.count)
            )
        } else {
            format!(
                "taking '{mv}' would leave fewer than {}",
                self.item.counted(self.lose_at)
            )
        }
    }
}

/// Things in words: `1, 2 or 3`.
#[must_use]
pub fn or_list<T: fmt::Display>(items: &[T]) -> String {
    let words: Vec<String> = items.iter().map(T::to_string).collect();
    match words.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

impl fmt::Display for FlagsGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: u64 = 60;
        let row: String = (0..self.count.min(SHOWN))
            .map(|i| match (i > 0 && i % 5 == 0, self.item.is_flag()) {
                (true, true) => " F",
                (false, true) => "F",
                (true, false) => " o",
                (false, false) => "o",
            })
            .collect();
        let more = if self.count > SHOWN { " …" } else { "" };
        writeln!(f, "{} left  {row}{more}", self.item.counted(self.count))?;
        write!(f, "take {}; {}", self.take_list(), self.losing_rule())
    }
}
