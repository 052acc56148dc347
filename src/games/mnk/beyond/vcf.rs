//! Victory by continuous fours on the pattern board: the attacker makes a
//! four at every step, so the defender's one reply is the cell that would
//! complete it. Sound, so what it finds is a proof: a four is answered by
//! its one completing cell only when the defender cannot make a line
//! first (a defender's four must be blocked, by a move that is a four
//! itself), and the attack ends in an open four or two fours at once,
//! which no single stone stops.

use std::collections::HashMap;

use crate::engine::Budget;

use super::lines::{Level, Lines};

/// How many fours deep a VCF is followed: each uses up a line's room, so
/// real ones are short; the bound keeps a pathological board's work
/// finite.
pub const VCF_DEPTH: u32 = 30;

/// Whether a stone on a cell of this level makes a four (or more).
#[must_use]
pub fn makes_four(level: Level) -> bool {
    matches!(
        level,
        Level::Block4 | Level::FourThree | Level::Flex4 | Level::Five
    )
}

/// The searches for fours of one position, sharing what failed.
pub struct Fours<'b> {
    budget: &'b Budget,
    pub nodes: u64,
    pub aborted: bool,
    /// Positions (by hash and attacker) with no VCF within the depth kept.
    failed: HashMap<u64, u32>,
}

impl<'b> Fours<'b> {
    #[must_use]
    pub fn new(budget: &'b Budget) -> Self {
        Self {
            budget,
            nodes: 0,
            aborted: false,
            failed: HashMap::new(),
        }
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if (self.nodes & 255 == 0) && self.budget.exhausted() {
            self.aborted = true;
        }
        self.aborted
    }

    /// A move that wins for `attacker` (to move) by continuous fours
    /// within `depth` fours, or `None`: there is none, or time ran out
    /// (see `aborted`).
    pub fn vcf(&mut self, lines: &mut Lines, attacker: usize, depth: u32) -> Option<usize> {
        if self.tick() || lines.winner.is_some() {
            return None;
        }
        let defender = 1 - attacker;
        if lines.count(attacker, Level::Five) > 0 {
            return lines.cells_at_least(attacker, Level::Five).next();
        }
        let their_fives = lines.count(defender, Level::Five);
        if their_fives >= 2 {
            return None;
        }
        if their_fives == 0 && lines.count(attacker, Level::Flex4) > 0 {
            return lines.cells_at_least(attacker, Level::Flex4).next();
        }
        if depth == 0 {
            return None;
        }
        let key = lines.hash ^ (attacker as u64).wrapping_mul(0xA24B_AED4_963E_E407);
        if self.failed.get(&key).is_some_and(|&d| d >= depth) {
            return None;
        }
        let mut candidates: Vec<usize> = if their_fives == 1 {
            // Their four must be blocked: only a block that is a four too
            // keeps the attack.
            lines
                .cells_at_least(defender, Level::Five)
                .filter(|&c| makes_four(lines.level(c, attacker)))
                .collect()
        } else {
            lines
                .cells_at_least(attacker, Level::Block4)
                .filter(|&c| makes_four(lines.level(c, attacker)))
                .collect()
        };
        candidates.sort_by_cached_key(|&c| {
            std::cmp::Reverse((lines.level(c, attacker), lines.value(c, attacker)))
        });
        for c in candidates {
            lines.play(c, attacker);
            let won = match lines.count(attacker, Level::Five) {
                0 => false,
                1 => match lines.five_near(c, attacker) {
                    Some(block) => {
                        lines.play(block, defender);
                        let won = self.vcf(lines, attacker, depth - 1).is_some();
                        lines.undo();
                        won
                    }
                    None => false,
                },
                // Two cells complete a line: one stone cannot stop both.
                _ => true,
            };
            lines.undo();
            if won {
                return Some(c);
            }
            if self.aborted {
                return None;
            }
        }
        self.failed.insert(key, depth);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{Fours, VCF_DEPTH};
    use crate::engine::Budget;
    use crate::games::mnk::beyond::lines::named::board;

    #[test]
    fn a_four_then_a_four_three_is_found_and_a_blocked_one_is_not() {
        // X: a closed three across (f8 g8 h8 blocked at e8) and two down
        // from i6: i8 makes a four across that needs... the VCF is
        // i8 (four across, O must take j8), then i9 or i7 … found by
        // search, whatever its line.
        let budget = Budget::unlimited();
        let mut lines = board(
            &["f8", "g8", "h8", "i6", "i7"],
            &["e8", "a1", "a2", "a3", "a15"],
        );
        let mut fours = Fours::new(&budget);
        let win = fours.vcf(&mut lines, 0, VCF_DEPTH);
        assert!(win.is_some(), "X wins by fours");
        assert_eq!(lines.stones, 10, "the board is left as it was");
        // With O to move it has no fours at all.
        assert_eq!(fours.vcf(&mut lines, 1, VCF_DEPTH), None);
        // Block i9 and i5 and i8's four leads nowhere.
        let mut lines = board(
            &["f8", "g8", "h8", "i6", "i7"],
            &["e8", "i5", "i9", "a1", "a15"],
        );
        assert_eq!(Fours::new(&budget).vcf(&mut lines, 0, VCF_DEPTH), None);
    }
}
