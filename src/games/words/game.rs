//! Positions and moves of the word game: the word so far (a node of the
//! prefix tree), the round, who started it, and the rounds won.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::engine::{Game, MoveError, Player, Status};

use super::trie::{Node, Trie};
use super::{Rules, Scoring};

/// How the last round ended: who lost it, the word it ended on, and
/// whether the loser completed a word (Ghost) rather than being stuck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoundEnd {
    pub round: u64,
    pub loser: Player,
    pub word: Node,
    pub completed: bool,
}

#[derive(Clone, Debug)]
pub struct WordsGame {
    trie: Arc<Trie>,
    pub rounds: u64,
    /// What decides the match: its last round, or most rounds won.
    pub scoring: Scoring,
    pub ghost: bool,
    pub min_length: u32,
    /// The word so far.
    pub node: Node,
    /// The round being played, from 1 (the last one, once the match is over).
    pub round: u64,
    /// Who made the first move of this round.
    pub starter: Player,
    pub to_move: Player,
    /// Rounds won by the first and the second player.
    pub won: [u64; 2],
    pub ended: Option<RoundEnd>,
    /// How the match ended (a win or, by majority over an even number of
    /// rounds, a draw), once it has.
    pub result: Option<Status>,
}

const fn index(p: Player) -> usize {
    match p {
        Player::First => 0,
        Player::Second => 1,
    }
}

impl PartialEq for WordsGame {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.trie, &other.trie)
            && (self.rounds, self.scoring, self.ghost, self.min_length)
                == (other.rounds, other.scoring, other.ghost, other.min_length)
            && (self.node, self.round, self.starter, self.to_move)
                == (other.node, other.round, other.starter, other.to_move)
            && (self.won, self.ended, self.result) == (other.won, other.ended, other.result)
    }
}

impl Eq for WordsGame {}

impl Hash for WordsGame {
    fn hash<H: Hasher>(&self, h: &mut H) {
        // The tree is shared by every position of a ruleset: not hashed.
        (self.node, self.round, self.starter, self.to_move).hash(h);
        (self.won, self.ended, self.result).hash(h);
    }
}

impl WordsGame {
    #[must_use]
    pub fn new(rules: &Rules, starter: Player) -> Self {
        Self {
            trie: Arc::clone(&rules.trie),
            rounds: rules.rounds,
            scoring: rules.scoring,
            ghost: rules.ghost,
            min_length: rules.min_length,
            node: 0,
            round: 1,
            starter,
            to_move: starter,
            won: [0, 0],
            ended: None,
            result: None,
        }
    }

    #[must_use]
    pub fn trie(&self) -> &Trie {
        &self.trie
    }

    /// The word so far.
    #[must_use]
    pub fn word(&self) -> String {
        self.trie.text(self.node)
    }

    #[must_use]
    pub const fn rounds_won(&self, p: Player) -> u64 {
        self.won[index(p)]
    }

    /// Whether reaching `node` ends the round for the player who made it
    /// (Ghost: a listed word of at least `min_length` letters).
    #[must_use]
    pub fn completes(&self, node: Node) -> bool {
        self.ghost && self.trie.is_word(node) && self.trie.depth(node) >= self.min_length
    }

    /// Up to `most` words at which the round can end from here, shortest
    /// first: where a letter completes a word (Ghost) or leaves no letter
    /// to add. A word the round passes on through (Ghost's short words,
    /// "qua" on the way to "quay" in the other game) is not one.
    #[must_use]
    pub fn endings(&self, most: usize) -> Vec<String> {
        let mut found = Vec::new();
        let mut layer: Vec<Node> = self.trie.children(self.node).map(|(_, c)| c).collect();
        while !layer.is_empty() && found.len() < most {
            let mut next = Vec::new();
            for &m in &layer {
                if self.completes(m) || !self.trie.has_children(m) {
                    if found.len() < most {
                        found.push(self.trie.text(m));
                    }
                } else {
                    next.extend(self.trie.children(m).map(|(_, c)| c));
                }
            }
            layer = next;
        }
        found
    }

    /// The letters that keep the word a beginning of a listed word.
    #[must_use]
    pub fn letters(&self) -> Vec<char> {
        self.moves().map(char::from).collect()
    }

    fn end_round(&mut self, loser: Player, word: Node, completed: bool) {
        let winner = loser.opponent();
        self.won[index(winner)] += 1;
        self.ended = Some(RoundEnd {
            round: self.round,
            loser,
            word,
            completed,
        });
        if let Some(result) = self.decided(winner) {
            self.result = Some(result);
            self.node = word;
            self.to_move = loser;
            return;
        }
        // The loser starts the next round.
        self.round += 1;
        self.node = 0;
        self.starter = loser;
        self.to_move = loser;
    }

    /// The match's result once the round just won by `winner` decides it:
    /// the last round; or, by majority, more than half of all the rounds
    /// won (best of five ends at three), or every round played.
    fn decided(&self, winner: Player) -> Option<Status> {
        match self.scoring {
            Scoring::Last => (self.round >= self.rounds).then_some(Status::Won(winner)),
            Scoring::Majority => {
                let [first, second] = self.won;
                if self.won[index(winner)].saturating_mul(2) > self.rounds {
                    Some(Status::Won(winner))
                } else if self.round >= self.rounds {
                    Some(match first.cmp(&second) {
                        std::cmp::Ordering::Greater => Status::Won(Player::First),
                        std::cmp::Ordering::Less => Status::Won(Player::Second),
                        std::cmp::Ordering::Equal => Status::Draw,
                    })
                } else {
                    None
                }
            }
        }
    }

    /// How many rounds one must win to take the match by majority.
    #[must_use]
    pub const fn majority(&self) -> u64 {
        self.rounds / 2 + 1
    }
}

impl Game for WordsGame {
    type Move = u8;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn moves(&self) -> impl Iterator<Item = u8> + '_ {
        let over = self.result.is_some();
        self.trie
            .children(self.node)
            .filter(move |_| !over)
            .map(|(letter, _)| letter)
    }

    fn play_unchecked(&mut self, letter: u8) {
        let Some(next) = self.trie.child(self.node, letter) else {
            return;
        };
        let mover = self.to_move;
        if self.completes(next) {
            self.end_round(mover, next, true);
        } else if !self.trie.has_children(next) {
            // The other player cannot add a letter: they lose the round.
            self.end_round(mover.opponent(), next, false);
        } else {
            self.node = next;
            self.to_move = mover.opponent();
        }
    }

    fn status(&self) -> Status {
        self.result.unwrap_or(Status::Ongoing)
    }

    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        let t = text.trim();
        let mut chars = t.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => Ok(c.to_ascii_lowercase() as u8),
            _ => Err(MoveError(format!(
                "'{t}' is not a move: type one letter, a to z"
            ))),
        }
    }

    fn round(&self) -> Option<(u64, Player)> {
        Some((self.round, self.starter))
    }

    fn format_move(&self, letter: u8) -> String {
        char::from(letter).to_string()
    }

    fn explain_illegal(&self, letter: u8) -> String {
        format!(
            "no word of the list begins with '{}{}'",
            self.word(),
            char::from(letter)
        )
    }
}

/// A list of letters in words: `a, b or c`.
#[must_use]
pub fn letter_list(letters: &[char]) -> String {
    if letters.is_empty() {
        "none".to_string()
    } else {
        crate::games::flags::or_list(letters)
    }
}

/// What decides the match, in a few words.
#[must_use]
pub fn rule_words(pos: &WordsGame) -> String {
    match pos.scoring {
        Scoring::Last => "the winner of the last round wins the match".to_string(),
        Scoring::Majority => format!(
            "the first to win {} of {} rounds wins the match",
            pos.majority(),
            pos.rounds
        ),
    }
}

/// How a round ended, in a sentence.
#[must_use]
pub fn round_end_words(pos: &WordsGame, end: RoundEnd) -> String {
    let word = pos.trie().text(end.word);
    let how = if end.completed {
        format!("completed the word '{word}'")
    } else {
        format!("could not add a letter to '{word}'")
    };
    format!(
        "Round {}: the {} player {how} and lost the round.",
        end.round, end.loser
    )
}

impl fmt::Display for WordsGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // How the last round ended, once: where the next begins (or the
        // match ends), not again at every letter of the next round.
        let word = self.word();
        if let Some(end) = self.ended
            && (word.is_empty() || self.result.is_some())
        {
            writeln!(f, "{}", round_end_words(self, end))?;
        }
        writeln!(
            f,
            "round {} of {}, started by the {} player · rounds won: first {}, second {}",
            self.round, self.rounds, self.starter, self.won[0], self.won[1]
        )?;
        if self.rounds > 1 {
            writeln!(f, "{}", rule_words(self))?;
        }
        if self.result.is_some() {
            return write!(f, "the match is over");
        }
        writeln!(
            f,
            "word: {}",
            if word.is_empty() {
                "(none yet)".to_string()
            } else {
                format!("{word}…")
            }
        )?;
        write!(
            f,
            "letters that keep it a word's beginning: {}",
            letter_list(&self.letters())
        )
    }
}
