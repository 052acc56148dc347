//! The exact solution on the prefix tree, and the match from it.
//!
//! Within a round, every node is solved twice: for a player who wants to
//! *win* the round and for one who wants to *lose* it, each with the plies
//! to the round's end (fastest win, slowest loss). Which one a player wants
//! depends only on the next round: when its starter is sure to win it, the
//! loser of this round (who starts the next) wins the match, so both want to
//! lose this one. Whoever starts the next round, its value for its starter
//! is the same, so the match adds the same plies to every ending of this
//! round: the round's plies plus the next rounds' make the match's, exactly.
//! From the last round back the aims repeat with a period of at most two,
//! so a match of 10^9 rounds is answered at once.

use crate::engine::{Budget, Game, Outcome, Player, Solver, Status, Value};

use super::trie::{Node, Trie};
use super::{Scoring, WordsGame};

/// What a player wants of the round being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Win the round (its loser then loses the match).
    Win,
    /// Lose the round (its loser starts the next one and wins it).
    Lose,
}

/// A node's value for its player to move under one aim: whether that
/// player gets what they want, and in how many moves the round ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Local {
    gets: bool,
    /// At most the longest word's length plus one: a byte holds it.
    plies: u8,
}

#[derive(Clone, Debug)]
pub struct Solved {
    win: Vec<Local>,
    lose: Vec<Local>,
    rounds: u64,
    scoring: Scoring,
}

/// The better of two results for the player to move: what they want fast,
/// or else as late as possible.
fn better(a: Local, b: Local) -> Local {
    match (a.gets, b.gets) {
        (true, false) => a,
        (false, true) => b,
        (true, true) if b.plies < a.plies => b,
        (false, false) if b.plies > a.plies => b,
        _ => a,
    }
}

impl Solved {
    /// Solves every node of `trie` for both aims: O(nodes).
    #[must_use]
    pub fn solve(trie: &Trie, ghost: bool, min_length: u32, rounds: u64, scoring: Scoring) -> Self {
        let n = trie.len();
        let mut win = vec![
            Local {
                gets: false,
                plies: 0
            };
            n
        ];
        let mut lose = vec![
            Local {
                gets: false,
                plies: 0
            };
            n
        ];
        let completes = |c: Node| ghost && trie.is_word(c) && trie.depth(c) >= min_length;
        // Children are numbered after their parents: solve from the back.
        for node in (0..n as Node).rev() {
            let (mut w, mut l): (Option<Local>, Option<Local>) = (None, None);
            for (_, c) in trie.children(node) {
                let (cw, cl) = if completes(c) {
                    // The mover loses the round at once.
                    (
                        Local {
                            gets: false,
                            plies: 1,
                        },
                        Local {
                            gets: true,
                            plies: 1,
                        },
                    )
                } else {
                    let flip = |v: Local| Local {
                        gets: !v.gets,
                        plies: v.plies.saturating_add(1),
                    };
                    (flip(win[c as usize]), flip(lose[c as usize]))
                };
                w = Some(w.map_or(cw, |b| better(b, cw)));
                l = Some(l.map_or(cl, |b| better(b, cl)));
            }
            // No letter to add: the player to move loses the round now.
            win[node as usize] = w.unwrap_or(Local {
                gets: false,
                plies: 0,
            });
            lose[node as usize] = l.unwrap_or(Local {
                gets: true,
                plies: 0,
            });
        }
        Self {
            win,
            lose,
            rounds,
            scoring,
        }
    }

    /// Whether the player who starts a round can force a win of it.
    #[must_use]
    pub fn starter_can_win(&self) -> bool {
        self.win[0].gets
    }

    /// Whether the player who starts a round can force a loss of it.
    #[must_use]
    pub fn starter_can_lose(&self) -> bool {
        self.lose[0].gets
    }

    /// What both players want of round `round`.
    #[must_use]
    pub fn aim(&self, round: u64) -> Aim {
        let k = self.rounds;
        // By majority a round won is never worse than a round lost (see
        // `majority_value`); in the last round there is no next one.
        if round >= k || self.scoring == Scoring::Majority {
            return Aim::Win;
        }
        match (self.starter_can_win(), self.starter_can_lose()) {
            // The next round's starter wins it: lose this one.
            (true, true) => Aim::Lose,
            // Starters win every round: from the last one back, W, L, W, …
            (true, false) if (k - round) % 2 == 1 => Aim::Lose,
            _ => Aim::Win,
        }
    }

    /// What decides the match.
    #[must_use]
    pub const fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// Whether the starter of round `round` wins the match (the last
    /// round's rule).
    #[must_use]
    pub fn starter_wins(&self, round: u64) -> bool {
        match self.aim(round) {
            Aim::Win => self.starter_can_win(),
            Aim::Lose => self.starter_can_lose(),
        }
    }

    /// The moves from the start of round `round` to the end of the match.
    fn plies_from(&self, round: u64) -> u64 {
        let k = self.rounds;
        if round > k {
            return 0;
        }
        let m = k - round + 1;
        let (wins, loses) = match (self.starter_can_win(), self.starter_can_lose()) {
            (true, true) => (1, m - 1),
            (true, false) => (m.div_ceil(2), m / 2),
            _ => (m, 0),
        };
        let (dw, dl) = (u64::from(self.win[0].plies), u64::from(self.lose[0].plies));
        wins.saturating_mul(dw)
            .saturating_add(loses.saturating_mul(dl))
    }

    fn local(&self, aim: Aim, node: Node) -> Local {
        match aim {
            Aim::Win => self.win[node as usize],
            Aim::Lose => self.lose[node as usize],
        }
    }

    /// Whether the player to move at `node` gets what they want of the round.
    #[must_use]
    pub fn gets_aim(&self, aim: Aim, node: Node) -> bool {
        self.local(aim, node).gets
    }

    /// The match's value by majority, for the player to move in `pos`.
    ///
    /// Every round is played to be won: with `r` rounds left after this
    /// one and `T` the next starter (this round's loser), if starters can
    /// force a win each round goes to its starter, so the starts alternate
    /// and `T` wins `ceil(r / 2)` of them; otherwise every round goes to
    /// the other player, who is this round's winner. Winning this round
    /// then always leaves its winner at least as far ahead as losing it
    /// would (by one round or by `r + 1`), so no one gains by losing a
    /// round. The match stopping once a majority is reached changes who
    /// wins no count. Plies are left out: the length the winner and loser
    /// fight over is the whole match's, not each round's.
    fn majority_value(&self, pos: &WordsGame) -> Value {
        let mover = pos.to_move;
        let wins_round = self.win[pos.node as usize].gets;
        let winner = if wins_round { mover } else { mover.opponent() };
        let mut won = pos.won;
        let side = |p: Player| usize::from(p == Player::Second);
        won[side(winner)] += 1;
        let left = self.rounds.saturating_sub(pos.round);
        if self.starter_can_win() {
            // `T`, this round's loser, starts the next one.
            let starter = winner.opponent();
            won[side(starter)] += left.div_ceil(2);
            won[side(winner)] += left / 2;
        } else {
            won[side(winner)] += left;
        }
        let (mine, theirs) = (won[side(mover)], won[side(mover.opponent())]);
        Value::outcome_only(match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Less => Outcome::Loss,
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// The match's value at `node` of round `round` for the player to move.
    #[must_use]
    pub fn match_value(&self, round: u64, node: Node) -> Value {
        let v = self.local(self.aim(round), node);
        let plies = u64::from(v.plies).saturating_add(self.plies_from(round + 1));
        let outcome = if v.gets { Outcome::Win } else { Outcome::Loss };
        Value::exact(outcome, (plies < u64::MAX).then_some(plies))
    }
}

impl Solver<WordsGame> for Solved {
    fn value(&self, pos: &WordsGame, _budget: &Budget) -> Value {
        match pos.status() {
            Status::Won(p) if p == pos.to_move() => Value::exact(Outcome::Win, Some(0)),
            Status::Won(_) => Value::exact(Outcome::Loss, Some(0)),
            Status::Draw => Value::outcome_only(Outcome::Draw),
            Status::Ongoing if self.scoring == Scoring::Majority => self.majority_value(pos),
            Status::Ongoing => self.match_value(pos.round, pos.node),
        }
    }

    fn explain(&self, pos: &WordsGame, _budget: &Budget) -> Vec<String> {
        super::explain::explain(self, pos)
    }

    fn reason(&self, pos: &WordsGame, letter: u8, _budget: &Budget) -> Option<String> {
        super::explain::reason(self, pos, letter)
    }

    fn remark(&self, pos: &WordsGame, letter: u8, _budget: &Budget) -> Option<String> {
        super::explain::remark(self, pos, letter)
    }
}
