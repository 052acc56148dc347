//! The `Game` trait every family implements, and the small types around it.

use std::fmt;
use std::hash::Hash;

use rand::RngExt;
use rand::rngs::StdRng;

/// One of the two players. The first player makes the first move of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    First,
    Second,
}

impl Player {
    /// The other player.
    #[must_use]
    pub const fn opponent(self) -> Self {
        match self {
            Self::First => Self::Second,
            Self::Second => Self::First,
        }
    }

    /// `"first"` or `"second"`, as the JSON of `analyze` spells it.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::First => "first",
            Self::Second => "second",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Player {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "first" => Ok(Self::First),
            "second" => Ok(Self::Second),
            other => Err(format!(
                "'{other}' is not a player: use 'first' or 'second'"
            )),
        }
    }
}

/// An edit's words, with a closing `first` or `second` (who is to move)
/// read off: the other words, and who is to move (`now` when not named).
///
/// # Errors
/// An edit with nothing in it.
pub fn edit_words(text: &str, now: Player) -> Result<(Vec<String>, Player), MoveError> {
    let mut words: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let to_move = match words.last().map(|w| w.parse::<Player>()) {
        Some(Ok(p)) => {
            words.pop();
            p
        }
        _ => now,
    };
    if words.is_empty() {
        return Err(MoveError(
            "write the edit, then Enter (Esc leaves it)".into(),
        ));
    }
    Ok((words, to_move))
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    Ongoing,
    Won(Player),
    Draw,
}

impl Status {
    /// `"ongoing"`, `"first_won"`, `"second_won"` or `"draw"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Ongoing => "ongoing",
            Self::Won(Player::First) => "first_won",
            Self::Won(Player::Second) => "second_won",
            Self::Draw => "draw",
        }
    }

    #[must_use]
    pub const fn is_over(self) -> bool {
        !matches!(self, Self::Ongoing)
    }
}

/// A move that could not be read or is not legal here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct MoveError(pub String);

/// A checked move that failed: the position comes back unchanged.
#[derive(Debug, thiserror::Error)]
#[error("{error}")]
pub struct PlayError<G> {
    pub position: G,
    pub error: MoveError,
}

/// A two-player, perfect-information game without chance. Players take
/// turns, but a family may let a player move twice in a row (the loser of a
/// round in Ghost starts the next): `to_move` always says whose turn it is,
/// and values pass from a position to the move that led to it through
/// [`Game::move_value`].
///
/// Positions are values: a position is its own memo key (hence `Eq + Hash`).
/// Every game must be finite: no sequence of legal moves may repeat a
/// position. A game may have more moves than can be listed (nim with piles
/// of 10^18): `moves` is lazy, and `move_count`, `nth_move` and `is_legal`
/// can be answered without walking it.
pub trait Game: Clone + Eq + Hash + Send + Sync + 'static {
    type Move: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static;

    /// The player whose turn it is.
    fn to_move(&self) -> Player;

    /// Every legal move, lazily, in a stable order; none when the game is over.
    fn moves(&self) -> impl Iterator<Item = Self::Move> + '_;

    /// Plays a move known to be legal.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Whether the game is over, and how.
    fn status(&self) -> Status;

    /// Reads a move in the notation of docs/design.md §4; it need not be legal.
    ///
    /// # Errors
    /// A sentence saying what the notation is.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// Writes a move in the notation of docs/design.md §4.
    fn format_move(&self, mv: Self::Move) -> String;

    /// Says why a move is not legal here (it is known not to be).
    fn explain_illegal(&self, mv: Self::Move) -> String {
        format!("'{}' is not a legal move here", self.format_move(mv))
    }

    /// In games of scores, at the end: the player to move's total minus the
    /// opponent's. `None` in other games.
    fn final_score(&self) -> Option<i64> {
        None
    }

    /// In games of rounds: the round being played (from 1) and who started
    /// it. `None` in other games.
    fn round(&self) -> Option<(u64, Player)> {
        None
    }

    /// How many legal moves there are.
    /// What an edit of the position reads, for the analysis board;
    /// `None` where this game's positions are not edited.
    fn edit_help(&self) -> Option<&'static str> {
        None
    }

    /// The position an edit makes of this one, `start` (the rules' start)
    /// bounding what it may hold.
    ///
    /// # Errors
    /// Why the edit cannot be made; the position stays as it was.
    fn edit(&self, start: &Self, text: &str) -> Result<Self, MoveError>
    where
        Self: Sized,
    {
        let _ = (start, text);
        Err(MoveError("this game's positions are not edited".into()))
    }

    fn move_count(&self) -> u128 {
        self.moves().count() as u128
    }

    /// The legal move at index `i` of `moves`.
    fn nth_move(&self, i: u128) -> Option<Self::Move> {
        self.moves().nth(usize::try_from(i).ok()?)
    }

    fn is_legal(&self, mv: Self::Move) -> bool {
        self.moves().any(|m| m == mv)
    }

    /// The value of the move to `child` for the player who makes it, from
    /// `child`'s value (for its player to move): the other side's, or the
    /// same side's when the mover moves again.
    fn move_value(&self, child: &Self, value: crate::engine::Value) -> crate::engine::Value {
        if child.to_move() == self.to_move() {
            value.moved_again()
        } else {
            value.for_mover()
        }
    }

    /// The position after a move known to be legal.
    #[must_use]
    fn after(&self, mv: Self::Move) -> Self {
        let mut next = self.clone();
        next.play_unchecked(mv);
        next
    }

    /// A legal move chosen uniformly at random.
    fn random_move(&self, rng: &mut StdRng) -> Option<Self::Move> {
        let n = self.move_count();
        if n == 0 {
            return None;
        }
        self.nth_move(rng.random_range(0..n))
    }

    /// The checked form of [`Game::play_unchecked`].
    ///
    /// # Errors
    /// The position unchanged, with the reason, when the move is not legal.
    fn play(mut self, mv: Self::Move) -> Result<Self, PlayError<Self>> {
        match self.check(mv) {
            Ok(()) => {
                self.play_unchecked(mv);
                Ok(self)
            }
            Err(error) => Err(PlayError {
                position: self,
                error,
            }),
        }
    }

    /// Whether `mv` may be played here, and if not, why.
    ///
    /// # Errors
    /// The reason the move is not legal.
    fn check(&self, mv: Self::Move) -> Result<(), MoveError> {
        if self.status().is_over() {
            return Err(MoveError("the game is over".into()));
        }
        if !self.is_legal(mv) {
            return Err(MoveError(self.explain_illegal(mv)));
        }
        Ok(())
    }

    /// Reads a move in notation and checks that it is legal here.
    ///
    /// # Errors
    /// The reason, when the text is not a move or not legal here.
    fn read_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let mv = self.parse_move(text)?;
        self.check(mv)?;
        Ok(mv)
    }
}
