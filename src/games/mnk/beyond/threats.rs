//! Threat-space search (after Allis, van den Herik and Huntjens, "Go-Moku
//! and threat-space search", 1994), kept sound so that what it finds is a
//! proof:
//! - VCF, victory by continuous fours: every attacking move leaves a cell
//!   where the attacker would make a line at once, so the defender's only
//!   reply that does not lose at once is to take it (unless the defender
//!   can make a line first, which ends that line of play as a failure).
//! - VCT, victory by continuous threats: an attacking move that leaves a
//!   VCF if the defender did nothing (a three, say). Its replies are not
//!   forced, so every reply on the board is tried, and each must leave the
//!   attacker a VCF or a shorter VCT.

use std::collections::HashMap;

use crate::engine::Budget;

use crate::games::mnk::cells::Board;

/// Searches of one position, sharing what failed.
pub struct Threats<'s, 'a> {
    pub board: &'s mut Board<'a>,
    budget: &'s Budget,
    pub nodes: u64,
    /// Positions (by hash and attacker) with no VCF within the depth kept.
    no_vcf: HashMap<(u64, usize), u32>,
    pub aborted: bool,
}

/// How deep a VCF is followed: plenty for any board (each step uses up a
/// window), and a bound on the search's work.
pub const VCF_DEPTH: u32 = 24;

impl<'s, 'a> Threats<'s, 'a> {
    pub fn new(board: &'s mut Board<'a>, budget: &'s Budget) -> Self {
        Self {
            board,
            budget,
            nodes: 0,
            no_vcf: HashMap::new(),
            aborted: false,
        }
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if (self.nodes == 1 || self.nodes & 63 == 0) && self.budget.exhausted() {
            self.aborted = true;
        }
        self.aborted
    }

    /// A move that wins for `attacker` by continuous fours, `attacker`
    /// having the move (or `None`: not found, or out of time — see
    /// `aborted`). The whole line is left in `line`, attacker's moves and
    /// forced replies in turn.
    pub fn vcf(&mut self, attacker: usize, depth: u32, line: &mut Vec<usize>) -> Option<usize> {
        if self.tick() || self.board.winner.is_some() {
            return None;
        }
        let defender = 1 - attacker;
        if let Some(&c) = self.board.completions(attacker).first() {
            line.push(c);
            return Some(c);
        }
        if depth == 0 {
            return None;
        }
        let key = (self.board.hash, attacker);
        if self.no_vcf.get(&key).is_some_and(|&d| d >= depth) {
            return None;
        }
        let theirs = self.board.completions(defender);
        let mut candidates = self.board.four_makers(attacker);
        if let Some(&block) = theirs.first() {
            // The defender threatens to win: only a block that also makes
            // a four keeps the initiative.
            if theirs.len() > 1 {
                return None;
            }
            candidates.retain(|&c| c == block);
        }
        if candidates.is_empty() {
            return None;
        }
        candidates.sort_by_cached_key(|&c| std::cmp::Reverse(self.board.gain(c, attacker)));
        for c in candidates {
            self.board.play(c, attacker);
            let threats = self.board.completions(attacker);
            let won = if self.board.has_four(defender) || threats.is_empty() {
                // The defender makes a line first, or nothing is forced.
                false
            } else if threats.len() > 1 {
                line.extend([c, threats[0], threats[1]]);
                true
            } else {
                let reply = threats[0];
                self.board.play(reply, defender);
                let mark = line.len();
                line.extend([c, reply]);
                let won = self.vcf(attacker, depth - 1, line).is_some();
                if !won {
                    line.truncate(mark);
                }
                self.board.undo();
                won
            };
            self.board.undo();
            if won {
                return Some(c);
            }
            if self.aborted {
                return None;
            }
        }
        self.no_vcf.insert(key, depth);
        None
    }

    /// `vct` one threat deeper at a time, from fours alone up to `depth`,
    /// while the time lasts.
    pub fn vct_deepening(&mut self, attacker: usize, depth: u32) -> Option<usize> {
        for d in 0..=depth {
            if let Some(c) = self.vct(attacker, d) {
                return Some(c);
            }
            if self.aborted {
                break;
            }
        }
        None
    }

    /// A move that wins for `attacker` (to move) by continuous threats of
    /// at most `depth` moves (a four among them counts), or by continuous
    /// fours.
    pub fn vct(&mut self, attacker: usize, depth: u32) -> Option<usize> {
        let mut line = Vec::new();
        if let Some(c) = self.vcf(attacker, VCF_DEPTH, &mut line) {
            return Some(c);
        }
        let defender = 1 - attacker;
        if depth == 0 || self.aborted {
            return None;
        }
        // Where the defender threatens to win, the block is the only move,
        // and it may be a threat too.
        let theirs = self.board.completions(defender);
        let candidates: Vec<usize> = match theirs.len() {
            0 => {
                let mut near: Vec<usize> = (0..self.board.cell.len())
                    .filter(|&c| self.board.is_empty(c) && self.board.is_near(c))
                    .collect();
                near.sort_by_cached_key(|&c| std::cmp::Reverse(self.board.gain(c, attacker)));
                near.truncate(24);
                near
            }
            1 => theirs,
            _ => return None,
        };
        for c in candidates {
            self.board.play(c, attacker);
            // A threat: given another move, the attacker would win by fours.
            let mut threat = Vec::new();
            let wins = self.board.winner.is_none()
                && self.vcf(attacker, VCF_DEPTH, &mut threat).is_some()
                && self.every_reply_loses(attacker, depth - 1, &threat);
            self.board.undo();
            if wins {
                return Some(c);
            }
            if self.aborted {
                return None;
            }
        }
        None
    }

    /// Whether `side` (to move) is lost to fours: whatever it plays, the
    /// other then wins by continuous fours. `false` when not, or when the
    /// budget ran out first.
    pub fn every_move_loses(&mut self, side: usize) -> bool {
        let attacker = 1 - side;
        let mut line = Vec::new();
        // Only a threat that stands already can beat every move.
        if self.vcf(attacker, VCF_DEPTH, &mut line).is_none() {
            return false;
        }
        let line: Vec<usize> = line;
        self.every_reply_loses(attacker, 0, &line) && !self.aborted
    }

    /// Whether every move of the defender (to move) leaves `attacker` a
    /// win by threats within `depth`. The likeliest defences, the cells of
    /// the attacker's `threat` line, are tried first.
    fn every_reply_loses(&mut self, attacker: usize, depth: u32, threat: &[usize]) -> bool {
        let defender = 1 - attacker;
        let mut replies: Vec<usize> = threat.to_vec();
        replies.extend(self.board.four_makers(defender));
        replies.extend((0..self.board.cell.len()).filter(|&c| self.board.is_empty(c)));
        let mut seen = vec![false; self.board.cell.len()];
        for d in replies {
            if seen[d] || !self.board.is_empty(d) {
                continue;
            }
            seen[d] = true;
            self.board.play(d, defender);
            let lost = self.board.winner.is_none() && self.vct(attacker, depth).is_some();
            self.board.undo();
            if !lost {
                return false;
            }
        }
        // A full board has no replies: a draw, not a win.
        seen.iter().any(|&s| s)
    }
}
