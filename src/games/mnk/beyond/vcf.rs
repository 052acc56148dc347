//! Victory by continuous fours on the pattern board: the attacker makes a
//! four at every step, so the defender's one reply is the cell that would
//! complete it. Sound, so what it finds is a proof: a four is answered by
//! its one completing cell only when the defender cannot make a line
//! first (a defender's four must be blocked, by a move that is a four
//! itself), and the attack ends in an open four or two fours at once,
//! which no single stone stops.

// The keys are Zobrist hashes already: a light hash of them will do.
use rustc_hash::FxHashMap as HashMap;

use crate::engine::Budget;

use super::lines::{Level, Lines};

/// How many fours deep a VCF is followed: each uses up a line's room, so
/// real ones are short; the bound keeps a pathological board's work
/// finite.
pub const VCF_DEPTH: u32 = 30;

/// Whether the position of `key` is known to have no win within
/// `depth`: by `failed`, a search's own failures, or by `earlier`, those
/// of a search of the position without one stone of the defender's, with
/// that stone's key (see `vct::Failures`).
pub(super) fn known_failed(
    failed: &HashMap<u64, u32>,
    earlier: Option<(&HashMap<u64, u32>, u64)>,
    key: u64,
    depth: u32,
) -> bool {
    let within = |table: &HashMap<u64, u32>, key| table.get(&key).is_some_and(|&d| d >= depth);
    within(failed, key) || earlier.is_some_and(|(table, stone)| within(table, key ^ stone))
}

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
    /// The failures of a search of the position one stone of the
    /// defender's fewer, with that stone's key (see `Failures`).
    earlier: Option<(&'b HashMap<u64, u32>, u64)>,
    /// Whether each four after the first must follow on (see
    /// `following_on`). A failure is then kept for the position whatever
    /// fours led to it: fewer wins are found, none wrongly.
    follow_on: bool,
}

impl<'b> Fours<'b> {
    #[must_use]
    pub fn new(budget: &'b Budget) -> Self {
        Self {
            budget,
            nodes: 0,
            aborted: false,
            failed: HashMap::default(),
            earlier: None,
            follow_on: false,
        }
    }

    /// Searches in which each four after the first follows on: it lies
    /// on a line through the last four or the block of it, within a
    /// line's length, as strong engines search. A win found is a proof
    /// as any (fewer fours are tried, none is assumed), in half to
    /// three fifths of the time; but a win with a four that must come
    /// first far from the rest is not found: 2 of 18,244 wins by fours
    /// on random boards (docs/mnk.md).
    #[must_use]
    pub fn following_on(budget: &'b Budget) -> Self {
        Self {
            follow_on: true,
            ..Self::new(budget)
        }
    }

    /// The same searches under a new budget, keeping what failed: a
    /// position with no win within a depth has none whatever the time.
    #[must_use]
    pub fn resumed<'c>(self, budget: &'c Budget) -> Fours<'c> {
        Fours {
            budget,
            nodes: self.nodes,
            aborted: false,
            failed: self.failed,
            earlier: None,
            follow_on: self.follow_on,
        }
    }

    /// Searches of positions with one stone of the defender's more than
    /// those `earlier` holds the failures of, `stone` being that stone's
    /// key (its part of the hash): what failed there is taken as failed
    /// here too (see `vct::Failures`).
    #[must_use]
    pub fn after_a_stone(budget: &'b Budget, earlier: &'b HashMap<u64, u32>, stone: u64) -> Self {
        Self {
            earlier: Some((earlier, stone)),
            ..Self::new(budget)
        }
    }

    /// The failures kept, for the searches after a stone more.
    #[must_use]
    pub(super) fn into_failed(self) -> HashMap<u64, u32> {
        self.failed
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
        self.vcf_line(lines, attacker, depth, &mut Vec::new())
    }

    /// `vcf`, with the attacker's moves of the win it found in `line`,
    /// first to last (the last makes the line or the open four).
    pub fn vcf_line(
        &mut self,
        lines: &mut Lines,
        attacker: usize,
        depth: u32,
        line: &mut Vec<usize>,
    ) -> Option<usize> {
        line.clear();
        let found = self.search(lines, attacker, depth, line, None);
        line.reverse();
        found
    }

    /// Whether `attacker` (to move) still wins by playing the fours of
    /// `line` in turn, the defender answering each at its one cell: a
    /// win found before, checked move by move under the same rules as
    /// the search, in a few look-ups (a reply elsewhere seldom spoils
    /// it).
    pub fn still_wins(lines: &mut Lines, attacker: usize, line: &[usize]) -> bool {
        Self::replay(lines, attacker, line, None)
    }

    /// Where a stone of the defender (to move) could spoil `line`, a win
    /// by fours of `attacker` as the board stands: the empty cells on the
    /// lines through each cell the win plays or ends on, within a line's
    /// length of it. Every four of the win, every forced reply, every
    /// line of the defender's that could cut in (its forced replies
    /// together with the stone) and the cells it ends on lie there, so a
    /// stone elsewhere that makes no four itself leaves the win standing.
    /// `None` when `line` does not win as the board stands.
    pub fn spoilers(lines: &mut Lines, attacker: usize, line: &[usize]) -> Option<Vec<bool>> {
        let mut near = vec![false; lines.cells()];
        Self::replay(lines, attacker, line, Some(&mut near)).then_some(near)
    }

    /// `still_wins`, marking in `near` (when given) each cell a stone is
    /// played on and, when the win is reached, each cell that makes it (a
    /// line or an open four), with the empty cells on their lines.
    fn replay(
        lines: &mut Lines,
        attacker: usize,
        line: &[usize],
        mut near: Option<&mut Vec<bool>>,
    ) -> bool {
        let marking = near.is_some();
        let mut seen = |lines: &Lines, c: usize| {
            if let Some(near) = near.as_deref_mut() {
                near[c] = true;
                for (q, _) in lines.on_lines(c) {
                    near[q] = true;
                }
            }
        };
        let mut played = 0;
        // `None` while the line goes on, the attacker to move.
        let mut won = None;
        for &c in line {
            if let Some(end) = Self::ended(lines, attacker) {
                won = Some(end);
                break;
            }
            let defender = 1 - attacker;
            let blocks = lines.count(defender, Level::Five) == 1;
            if !lines.is_empty(c)
                || (blocks && lines.level(c, defender) < Level::Five)
                || !makes_four(lines.level(c, attacker))
            {
                won = Some(false);
                break;
            }
            seen(lines, c);
            lines.play(c, attacker);
            played += 1;
            match lines.count(attacker, Level::Five) {
                0 => won = Some(false),
                1 => match lines.five_near(c, attacker) {
                    Some(block) => {
                        seen(lines, block);
                        lines.play(block, defender);
                        played += 1;
                    }
                    None => won = Some(false),
                },
                // Two cells complete a line: one stone cannot stop both.
                _ => won = Some(true),
            }
            if won.is_some() {
                break;
            }
        }
        // The line played out, the attacker to move: won if it ends so.
        let won = won.unwrap_or_else(|| Self::ended(lines, attacker) == Some(true));
        if won && marking {
            let ends: Vec<usize> = lines.cells_at_least(attacker, Level::Flex4).collect();
            for c in ends {
                seen(lines, c);
            }
        }
        for _ in 0..played {
            lines.undo();
        }
        won
    }

    /// Whether the attacker (to move) has won or lost already, by the
    /// search's rules: a line to make; two of the defender's to stop; an
    /// open four with nothing of the defender's to stop.
    fn ended(lines: &Lines, attacker: usize) -> Option<bool> {
        if lines.winner.is_some() {
            return Some(false);
        }
        let their_fives = lines.count(1 - attacker, Level::Five);
        if lines.count(attacker, Level::Five) > 0 {
            Some(true)
        } else if their_fives >= 2 {
            Some(false)
        } else if their_fives == 0 && lines.count(attacker, Level::Flex4) > 0 {
            Some(true)
        } else {
            None
        }
    }

    /// The search of `vcf_line`, which pushes the winning moves last
    /// first.
    fn search(
        &mut self,
        lines: &mut Lines,
        attacker: usize,
        depth: u32,
        line: &mut Vec<usize>,
        // The last four of this line of play and its block.
        last: Option<(usize, usize)>,
    ) -> Option<usize> {
        if self.tick() {
            return None;
        }
        match Self::ended(lines, attacker) {
            Some(true) => {
                // The line to make, else the open four.
                let c = lines
                    .cells_at_least(attacker, Level::Five)
                    .next()
                    .or_else(|| lines.cells_at_least(attacker, Level::Flex4).next());
                line.extend(c);
                return c;
            }
            Some(false) => return None,
            None => {}
        }
        let defender = 1 - attacker;
        let their_fives = lines.count(defender, Level::Five);
        if depth == 0 || !lines.makes_any_four(attacker) {
            return None;
        }
        let key = lines.hash ^ (attacker as u64).wrapping_mul(0xA24B_AED4_963E_E407);
        if known_failed(&self.failed, self.earlier, key, depth) {
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
        if let (true, Some((four, block))) = (self.follow_on, last) {
            candidates.retain(|&c| lines.on_a_line(c, four) || lines.on_a_line(c, block));
        }
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
                        let won = self
                            .search(lines, attacker, depth - 1, line, Some((c, block)))
                            .is_some();
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
                line.push(c);
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
    use super::{Fours, VCF_DEPTH, makes_four};
    use crate::engine::Budget;
    use crate::games::mnk::beyond::lines::named::{at, board, each_crowded};

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

    #[test]
    fn a_win_by_fours_replayed_holds_until_a_stone_spoils_it() {
        let budget = Budget::unlimited();
        let mut lines = board(
            &["f8", "g8", "h8", "i6", "i7"],
            &["e8", "a1", "a2", "a3", "o15"],
        );
        let mut line = Vec::new();
        let win = Fours::new(&budget).vcf_line(&mut lines, 0, VCF_DEPTH, &mut line);
        assert_eq!(line.first().copied(), win);
        assert!(Fours::still_wins(&mut lines, 0, &line));
        // An O stone far away leaves it standing.
        lines.play(at("o1"), 1);
        assert!(Fours::still_wins(&mut lines, 0, &line));
        lines.undo();
        // One on its first cell spoils it.
        lines.play(line[0], 1);
        assert!(!Fours::still_wins(&mut lines, 0, &line));
        lines.undo();
        // So does a four of O's, which X must block first.
        lines.play(at("a4"), 1);
        assert!(!Fours::still_wins(&mut lines, 0, &line));
        lines.undo();
        assert_eq!(lines.stones, 10, "the board is left as it was");
    }

    #[test]
    fn a_stone_away_from_the_spoilers_that_makes_no_four_leaves_the_win() {
        // Random crowded centres: wherever a side to move has a win by
        // fours, every reply outside `spoilers` that makes no four of the
        // defender's is played, and the win must still stand.
        let budget = Budget::unlimited();
        let mut seed = 11;
        let (mut wins, mut skipped, mut spoilt) = (0, 0, 0);
        each_crowded(&mut seed, 400, 16, 30, |lines, _| {
            let attacker = lines.to_move();
            let defender = 1 - attacker;
            let mut line = Vec::new();
            if Fours::new(&budget)
                .vcf_line(lines, attacker, VCF_DEPTH, &mut line)
                .is_none()
            {
                return;
            }
            wins += 1;
            let near = Fours::spoilers(lines, attacker, &line)
                .unwrap_or_else(|| panic!("the win found replays"));
            assert!(near[line[0]], "the first move of the win can be spoilt");
            for (d, &spoils) in near.iter().enumerate() {
                if !lines.is_empty(d) || spoils || makes_four(lines.level(d, defender)) {
                    continue;
                }
                skipped += 1;
                lines.play(d, defender);
                assert!(
                    Fours::still_wins(lines, attacker, &line),
                    "a stone on {d}, away from the win, spoilt it: {:?}",
                    lines.history
                );
                lines.undo();
            }
            lines.play(line[0], defender);
            spoilt += usize::from(!Fours::still_wins(lines, attacker, &line));
            lines.undo();
        });
        // The replay is no formality: mostly, a stone on the first cell
        // spoils the win (not always: another four may do instead).
        assert!(
            wins > 50 && skipped > 1000,
            "{wins} wins, {skipped} replies"
        );
        assert!(spoilt * 2 > wins, "{spoilt} of {wins} spoilt");
    }

    #[test]
    fn fours_that_follow_on_find_a_win_where_the_full_search_does_and_seldom_miss_one() {
        let budget = Budget::unlimited();
        let mut seed = 17;
        let (mut wins, mut found) = (0, 0);
        each_crowded(&mut seed, 600, 10, 30, |lines, _| {
            for attacker in 0..2 {
                let full = Fours::new(&budget).vcf(lines, attacker, VCF_DEPTH);
                let mut line = Vec::new();
                let quick =
                    Fours::following_on(&budget).vcf_line(lines, attacker, VCF_DEPTH, &mut line);
                wins += usize::from(full.is_some());
                if quick.is_some() {
                    found += 1;
                    assert!(full.is_some(), "a win the full search missed");
                    assert!(Fours::still_wins(lines, attacker, &line));
                }
            }
        });
        assert!(wins > 200 && found * 100 >= wins * 99, "{found} of {wins}");
        // A win whose first four is far from the rest is not found: X
        // plays g7 (O h7), then m7, l8 and j6; m7 is six cells from g7
        // and five from h7.
        let mut lines = board(
            &[
                "g4", "j4", "i5", "l5", "d7", "i7", "j7", "k7", "k9", "e10", "j10", "g12", "k12",
            ],
            &[
                "d4", "i4", "e5", "g6", "h6", "f7", "g8", "e9", "g9", "d10", "f10", "g10", "k10",
                "d11", "i11",
            ],
        );
        assert!(Fours::new(&budget).vcf(&mut lines, 0, VCF_DEPTH).is_some());
        assert_eq!(
            Fours::following_on(&budget).vcf(&mut lines, 0, VCF_DEPTH),
            None
        );
    }
}
