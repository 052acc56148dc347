//! Victory by continuous threats on the pattern board: the attacker's
//! move is a threat when, were it to move again, it would win by
//! continuous fours (an open three, a four that leads on, a three-three in
//! the making); the defender's replies are then every empty cell that
//! could spoil that win, each tried, so what it finds is a proof whatever
//! the defender does — the defender's own fours included (after a reply
//! that makes one, the attacker must block it, and the block must be a
//! threat again). A four counts in the depth as any threat: left free,
//! the search took ten times as long (see docs/mnk.md). The algorithm of
//! the window board's [`Threats::vct`], on the board the playing search
//! keeps, where a four is found by one table look-up, and with fewer
//! attacking moves tried (`builds_on_two_lines`): it goes one or two
//! threats deeper in the same time.
//!
//! [`Threats::vct`]: super::threats::Threats::vct

// The keys are Zobrist hashes already: a light hash of them will do.
use rustc_hash::FxHashMap as HashMap;

use crate::engine::Budget;

use super::kept_wins::{self, Wins};
use super::lines::{Level, Lines};
use super::pattern::Pattern;
use super::vcf::{Fours, VCF_DEPTH, known_failed, makes_four};

/// Attacking moves tried at each threat: the cells where the attacker's
/// stone makes the most (its level, then its value).
const CANDIDATES: usize = 20;

/// Whether a stone of `attacker` on `c` is worth trying as a threat: a
/// four or an open three always; a closed three or an open two only where
/// it builds on a second line too (an open two or more there). A closed
/// three alone was a threat (a win by fours were the attacker to move
/// again) a quarter of the times it was tried, and almost never one that
/// won: 8 wins of 25,505 tries in one search 6 deep, which spent most of
/// its time on them. Leaving them out loses no proof — a win found is a
/// win — only wins that need such a threat (none on 576 positions of
/// games against Rapfi, where 9 more were found within 1 s: docs/mnk.md).
fn builds_on_two_lines(lines: &Lines, c: usize, attacker: usize) -> bool {
    lines.level(c, attacker) >= Level::Flex3
        || (0..4)
            .filter(|&d| lines.pattern(c, attacker, d) >= Pattern::Flex2)
            .count()
            >= 2
}

/// The attacker's moves worth trying as threats (`attacker` to move):
/// where the defender threatens a line, the block is the only move (and
/// it may be a threat too), and two cannot be blocked (`None`); else the
/// cells that build on two lines (`builds_on_two_lines`), those where a
/// stone makes the most first, `CANDIDATES` at most.
pub(super) fn threat_candidates(lines: &Lines, attacker: usize) -> Option<Vec<usize>> {
    let defender = 1 - attacker;
    match lines.count(defender, Level::Five) {
        0 => {
            let mut near: Vec<usize> = lines
                .cells_at_least(attacker, Level::Flex2)
                .filter(|&c| builds_on_two_lines(lines, c, attacker))
                .collect();
            near.sort_by_cached_key(|&c| {
                std::cmp::Reverse((lines.level(c, attacker), lines.value(c, attacker)))
            });
            near.truncate(CANDIDATES);
            Some(near)
        }
        1 => Some(lines.cells_at_least(defender, Level::Five).collect()),
        _ => None,
    }
}

/// The defender's replies (to move) that could stop a threat: the cells
/// that could spoil its fours (`near`, from `Fours::spoilers`; every cell
/// when not known) and those where the defender makes a four of its own
/// — a stone anywhere else leaves the fours winning. Those that matter
/// most to the attacker first: they are where a threat is stopped.
pub(super) fn replies_to(lines: &Lines, attacker: usize, near: Option<&[bool]>) -> Vec<usize> {
    let defender = 1 - attacker;
    let mut replies: Vec<usize> = lines
        .empty_cells_where(|c, levels| {
            near.is_none_or(|near| near[c]) || makes_four(levels[defender])
        })
        .collect();
    replies.sort_by_cached_key(|&c| {
        std::cmp::Reverse((
            lines.level(c, defender) >= Level::Block4,
            lines.value(c, attacker),
        ))
    });
    replies
}

/// A cell a proof plays, and the empty cells on its lines within a
/// line's length: where a stone of the defender's could touch that move
/// (see `Threes::zone`).
pub(super) fn cell_and_its_lines(lines: &Lines, c: usize) -> impl Iterator<Item = usize> + '_ {
    std::iter::once(c).chain(lines.on_lines(c).map(|(q, _)| q))
}

/// What the searches for one side's win found to fail — positions with
/// no win by fours, or by threats, within a depth — kept for the searches
/// of the same position with one stone of the defender's more
/// (`Threes::after_a_stone`), each position there read as the one
/// without that stone. Sound whatever the stone: a failure taken over
/// can only make a search give up sooner, and a search claims only the
/// wins it finds, each a proof. Where the stone leaves the win alone (a
/// move far from the fight), the win is found again at once: its
/// failing branches, and the shallower depths, are cut by the look-up.
pub struct Failures {
    fours: HashMap<u64, u32>,
    threes: HashMap<u64, u32>,
}

/// The searches for threats of one position, sharing what failed.
pub struct Threes<'b> {
    pub fours: Fours<'b>,
    /// Positions (by hash and attacker) with no VCT within the depth kept.
    failed: HashMap<u64, u32>,
    /// The failures of a search of the position one stone of the
    /// defender's fewer, with that stone's key (see `Failures`).
    earlier: Option<(&'b HashMap<u64, u32>, u64)>,
    /// While a win's zone is wanted (`zone`): the empty cells its proof
    /// has touched so far, a failed branch's taken back.
    proof: Option<Vec<usize>>,
    /// Every position proven won so far, with its winning move: for the
    /// game's next moves (`kept_wins`).
    won: Wins,
}

impl<'b> Threes<'b> {
    #[must_use]
    pub fn new(budget: &'b Budget) -> Self {
        Self::with(Fours::new(budget))
    }

    /// Searches whose fours follow on (`Fours::following_on`): what they
    /// find is a proof, found sooner, and what they do not may still be
    /// there.
    #[must_use]
    pub fn following_on(budget: &'b Budget) -> Self {
        Self::with(Fours::following_on(budget))
    }

    fn with(fours: Fours<'b>) -> Self {
        Self {
            fours,
            failed: HashMap::default(),
            earlier: None,
            proof: None,
            won: Wins::default(),
        }
    }

    /// Searches of a position with one stone of the defender's more than
    /// the one `failures` were found on, `stone` being that stone's key
    /// (its part of the hash; see `Failures`).
    #[must_use]
    pub fn after_a_stone(budget: &'b Budget, failures: &'b Failures, stone: u64) -> Self {
        Threes {
            earlier: Some((&failures.threes, stone)),
            ..Self::with(Fours::after_a_stone(budget, &failures.fours, stone))
        }
    }

    /// What these searches found to fail, for the searches after a stone
    /// more.
    #[must_use]
    pub fn into_failures(self) -> Failures {
        Failures {
            threes: self.failed,
            fours: self.fours.into_failed(),
        }
    }

    /// The same searches under a new budget, keeping what failed (see
    /// `Fours::resumed`): an iteration cut short goes on where the
    /// finished parts of it left off.
    #[must_use]
    pub fn resumed<'c>(self, budget: &'c Budget) -> Threes<'c> {
        Threes {
            fours: self.fours.resumed(budget),
            failed: self.failed,
            earlier: None,
            proof: None,
            won: self.won,
        }
    }

    /// The positions proven won so far, each with its winning move.
    #[must_use]
    pub fn into_wins(self) -> Wins {
        self.won
    }

    /// Where `attacker` (to move) wins by threats, as `vct_deepening`
    /// finds it, the win's zone: the empty cells where a stone of the
    /// defender's could touch the proof — every cell the proof plays
    /// and the empty cells on its lines within a line's length, the
    /// ends of its fours (`Fours::spoilers`) among them. Were the
    /// defender to move first, a stone outside the zone that makes no
    /// three of its own (nor a four) leaves the proof whole: every four
    /// and threat of it stands, every reply it weighed is still there and
    /// still loses, and no new reply appears — a stone of the defender's
    /// makes a new four only where it lies in a line's reach of two
    /// others, at the start (so it makes a three) or played in the proof
    /// (so it lies in the zone).
    pub fn zone(&mut self, lines: &mut Lines, attacker: usize, depth: u32) -> Option<Vec<bool>> {
        self.proof = Some(Vec::new());
        let win = self.vct_deepening(lines, attacker, depth);
        let cells = self.proof.take().unwrap_or_default();
        win?;
        let mut zone = vec![false; lines.cells()];
        for c in cells {
            zone[c] = true;
        }
        Some(zone)
    }

    /// How much of the proof is noted (see `proof`).
    fn noted(&self) -> usize {
        self.proof.as_ref().map_or(0, Vec::len)
    }

    /// Forgets what a failed branch noted.
    fn forget(&mut self, mark: usize) {
        if let Some(proof) = &mut self.proof {
            proof.truncate(mark);
        }
    }

    /// Notes a cell about to be played in the proof, with the empty
    /// cells on its lines.
    fn note_cell(&mut self, lines: &Lines, c: usize) {
        if let Some(proof) = &mut self.proof {
            proof.extend(cell_and_its_lines(lines, c));
        }
    }

    /// Notes a win by fours the proof relies on (`Fours::spoilers`).
    fn note_fours(&mut self, lines: &mut Lines, attacker: usize, line: &[usize]) {
        if self.proof.is_some() {
            let near = Fours::spoilers(lines, attacker, line);
            self.note_spoilers(near.as_deref(), lines.cells());
        }
    }

    /// Notes the cells where a stone could spoil a win by fours; all of
    /// them when it is not known (never so: the line was just found or
    /// replayed).
    fn note_spoilers(&mut self, near: Option<&[bool]>, cells: usize) {
        if let Some(proof) = &mut self.proof {
            match near {
                Some(near) => proof.extend((0..cells).filter(|&c| near[c])),
                None => proof.extend(0..cells),
            }
        }
    }

    /// Whether the budget ran out: what was not found may still exist.
    #[must_use]
    pub fn aborted(&self) -> bool {
        self.fours.aborted
    }

    /// A move that wins for `attacker` (to move) by continuous threats of
    /// at most `depth` threats (fours among them), or by continuous
    /// fours; `None` when there is none within the depth, or time ran out
    /// (see `aborted`).
    pub fn vct(&mut self, lines: &mut Lines, attacker: usize, depth: u32) -> Option<usize> {
        let mut fours = Vec::new();
        let key = kept_wins::key(lines, attacker);
        if let Some(c) = self.fours.vcf_line(lines, attacker, VCF_DEPTH, &mut fours) {
            self.note_fours(lines, attacker, &fours);
            self.won.note(key, c);
            return Some(c);
        }
        if depth == 0 || self.aborted() || lines.winner.is_some() {
            return None;
        }
        if known_failed(&self.failed, self.earlier, key, depth) {
            return None;
        }
        // Two lines of the defender's to block: no threat helps.
        let candidates = threat_candidates(lines, attacker)?;
        for c in candidates {
            let mark = self.noted();
            self.note_cell(lines, c);
            lines.play(c, attacker);
            // A threat: given another move, the attacker would win by fours.
            let mut line = Vec::new();
            let wins = lines.winner.is_none()
                && self
                    .fours
                    .vcf_line(lines, attacker, VCF_DEPTH, &mut line)
                    .is_some()
                && self.every_reply_loses(lines, attacker, depth - 1, &line);
            lines.undo();
            if wins {
                self.won.note(key, c);
                return Some(c);
            }
            self.forget(mark);
            if self.aborted() {
                return None;
            }
        }
        self.failed.insert(key, depth);
        None
    }

    /// `vct` one threat deeper at a time, from fours alone up to `depth`,
    /// while the time lasts: the shallowest win is found first, and
    /// cheapest.
    pub fn vct_deepening(
        &mut self,
        lines: &mut Lines,
        attacker: usize,
        depth: u32,
    ) -> Option<usize> {
        for d in 0..=depth {
            if let Some(c) = self.vct(lines, attacker, d) {
                return Some(c);
            }
            if self.aborted() {
                break;
            }
        }
        None
    }

    /// Whether every move of `side` (to move) is proven to lose: the
    /// other, were it to move, would win within `depth` threats, and
    /// after each move of `side` it still does — by the same fours
    /// replayed, or by a search of its own — tried with fours alone
    /// first, then one threat deeper at a time (a block of an open three
    /// may leave a win by threats elsewhere). `false` when not, or when
    /// the budget ran out first.
    pub fn every_move_loses(&mut self, lines: &mut Lines, side: usize, depth: u32) -> bool {
        let attacker = 1 - side;
        let mut fours = Vec::new();
        for d in 0..=depth {
            let wins = if d == 0 {
                self.fours
                    .vcf_line(lines, attacker, VCF_DEPTH, &mut fours)
                    .is_some()
            } else {
                self.vct(lines, attacker, d).is_some()
            };
            if wins && self.every_reply_loses(lines, attacker, d, &fours) {
                return !self.aborted();
            }
            if self.aborted() {
                break;
            }
        }
        false
    }

    /// Whether every move of the defender (to move) leaves `attacker` a
    /// win by threats within `depth`, `threat` being the attacker's win by
    /// fours were it to move. Every empty cell that could spoil those
    /// fours is tried (`Fours::spoilers`, and the defender's own fours;
    /// a stone anywhere else leaves them winning), those that matter most
    /// to the attacker first (they are where a threat is stopped, and so
    /// where a reply that holds is found soonest); after most replies the
    /// threat still wins as it stood, which a replay of its fours shows
    /// without a search.
    pub fn every_reply_loses(
        &mut self,
        lines: &mut Lines,
        attacker: usize,
        depth: u32,
        threat: &[usize],
    ) -> bool {
        let defender = 1 - attacker;
        if lines.is_full() {
            // A full board: a draw, not a win.
            return false;
        }
        // A reply away from the threat's fours that makes no four of its
        // own leaves them winning: only the others are played.
        let near = Fours::spoilers(lines, attacker, threat);
        // The threat's fours are part of the proof (when one is noted).
        self.note_spoilers(near.as_deref(), lines.cells());
        let replies = replies_to(lines, attacker, near.as_deref());
        for d in replies {
            self.note_cell(lines, d);
            lines.play(d, defender);
            let lost = lines.winner.is_none()
                && if Fours::still_wins(lines, attacker, threat) {
                    self.note_fours(lines, attacker, threat);
                    true
                } else {
                    self.vct(lines, attacker, depth).is_some()
                };
            lines.undo();
            if !lost {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{Threes, builds_on_two_lines};
    use crate::engine::Budget;
    use crate::games::mnk::beyond::lines::Level;
    use crate::games::mnk::beyond::lines::named::{
        at, board, each_crowded, lost_on_eight_by_eight,
    };
    use crate::games::mnk::beyond::vcf::VCF_DEPTH;

    #[test]
    fn two_open_twos_crossing_win_by_threats_and_not_by_fours() {
        // X: f8 g8 across and h6 h7 down; h8 makes two open threes at
        // once (a three-three), which wins: no fours before it.
        let budget = Budget::unlimited();
        let mut lines = board(&["f8", "g8", "h6", "h7"], &["a1", "a2", "a15", "o1"]);
        let mut threes = Threes::new(&budget);
        assert_eq!(
            threes.fours.vcf(&mut lines, 0, VCF_DEPTH),
            None,
            "no fours yet"
        );
        let win = threes.vct(&mut lines, 0, 1);
        assert!(win.is_some(), "X wins by threats");
        assert_eq!(lines.stones, 8, "the board is left as it was");
        // O, to move there, has nothing.
        assert_eq!(threes.vct(&mut lines, 1, 2), None);
        // Block h8 and h9 and the cross is gone; the twos remain.
        let mut lines = board(&["f8", "g8", "h6", "h7"], &["h8", "h5", "a15", "o1"]);
        let mut threes = Threes::new(&budget);
        assert_eq!(threes.vct(&mut lines, 0, 1), None);
        // The win it finds is the crossing, h8.
        let mut lines = board(&["f8", "g8", "h6", "h7"], &["a1", "a2", "a15", "o1"]);
        assert_eq!(Threes::new(&budget).vct(&mut lines, 0, 1), Some(at("h8")));
    }

    #[test]
    fn a_closed_three_is_tried_as_a_threat_only_where_it_builds_on_a_second_line() {
        // X f8 g8, closed by O at e8: h8 makes a closed three.
        let alone = board(&["f8", "g8"], &["e8", "a1"]);
        assert_eq!(alone.level(at("h8"), 0), Level::Block3);
        assert!(!builds_on_two_lines(&alone, at("h8"), 0));
        // With X on h6, h8 makes an open two down the h file too.
        let crossing = board(&["f8", "g8", "h6"], &["e8", "a1", "a3"]);
        assert_eq!(crossing.level(at("h8"), 0), Level::Block3);
        assert!(builds_on_two_lines(&crossing, at("h8"), 0));
        // Open, the three is tried wherever it is.
        let open = board(&["f8", "g8"], &["a1", "a3"]);
        assert!(open.level(at("h8"), 0) >= Level::Flex3);
        assert!(builds_on_two_lines(&open, at("h8"), 0));
    }

    #[test]
    fn a_win_five_threats_deep_is_found() {
        // X wins by the four g4 (blocked at h4), then four threats more.
        // At 4 deep, as play looked before, it was missed.
        let budget = Budget::unlimited();
        let (mut lines, geo) = lost_on_eight_by_eight();
        let mut threes = Threes::new(&budget);
        let depth = (0..=6).find(|&d| threes.vct(&mut lines, 0, d).is_some());
        assert_eq!(depth, Some(5), "X's win, five threats deep");
        assert_eq!(threes.vct(&mut lines, 0, 5), Some(geo.cell_named("g4")));
        assert_eq!(lines.stones, 10, "the board is left as it was");
    }

    #[test]
    fn a_search_cut_short_and_resumed_finds_the_win_a_fresh_one_finds() {
        // X wins five threats deep by g4 (the position above). Cut
        // short at its first look at the clock (a few hundred nodes in),
        // the search resumed without a limit finds it still: nothing it
        // left unfinished was kept as failed.
        let (mut lines, geo) = lost_on_eight_by_eight();
        let spent = Budget::of(Duration::ZERO);
        let mut threes = Threes::new(&spent);
        assert_eq!(threes.vct_deepening(&mut lines, 0, 6), None, "cut short");
        assert!(threes.aborted());
        let unlimited = Budget::unlimited();
        let mut resumed = threes.resumed(&unlimited);
        assert_eq!(
            resumed.vct_deepening(&mut lines, 0, 6),
            Some(geo.cell_named("g4"))
        );
        assert!(!resumed.aborted());
        assert_eq!(lines.stones, 10, "the board is left as it was");
    }

    #[test]
    fn a_stone_outside_a_wins_zone_that_makes_no_three_leaves_the_win() {
        // Random crowded centres: wherever the side to move wins by
        // threats two deep, every stone of the other's outside the zone
        // that makes no three is played first, and the win must stand.
        let budget = Budget::unlimited();
        let mut seed = 5;
        let (mut wins, mut outside, mut spoilt) = (0, 0, 0);
        each_crowded(&mut seed, 500, 8, 24, |lines, _| {
            let attacker = lines.to_move();
            let defender = 1 - attacker;
            if Threes::new(&budget).vct(lines, attacker, 0).is_some() {
                return;
            }
            let Some(zone) = Threes::new(&budget).zone(lines, attacker, 2) else {
                return;
            };
            wins += 1;
            for (m, &inside) in zone.iter().enumerate() {
                if !lines.is_empty(m) {
                    continue;
                }
                lines.play(m, defender);
                let holds = Threes::new(&budget).vct(lines, attacker, 2).is_some();
                lines.undo();
                if inside {
                    spoilt += usize::from(!holds);
                } else if lines.level(m, defender) < Level::Block3 {
                    outside += 1;
                    assert!(
                        holds,
                        "a stone on {m}, outside the zone, spoilt the win: {:?}",
                        lines.history
                    );
                }
            }
        });
        // The zone is no formality: stones in it do spoil wins.
        assert!(
            wins > 20 && outside > 1000 && spoilt > 20,
            "{wins} wins, {outside} outside, {spoilt} spoilt"
        );
    }

    #[test]
    fn a_search_after_a_stone_claims_only_real_wins_and_keeps_those_it_leaves_alone() {
        // Random crowded centres where the side to move wins by threats
        // two deep: after each stone of the other's, the search that
        // takes over the first one's failures claims a win only where a
        // fresh search finds one too, and finds it wherever the stone
        // lies outside the win's zone and makes no three — there with
        // far fewer nodes.
        let budget = Budget::unlimited();
        let mut seed = 11;
        let (mut wins, mut outside, mut found_inside) = (0, 0, 0);
        let (mut nodes_after, mut nodes_fresh) = (0, 0);
        each_crowded(&mut seed, 200, 8, 24, |lines, _| {
            let attacker = lines.to_move();
            let defender = 1 - attacker;
            if Threes::new(&budget).vct(lines, attacker, 0).is_some() {
                return;
            }
            let mut first = Threes::new(&budget);
            let Some(zone) = first.zone(lines, attacker, 2) else {
                return;
            };
            let failures = first.into_failures();
            wins += 1;
            for (m, &inside) in zone.iter().enumerate() {
                if !lines.is_empty(m) {
                    continue;
                }
                let three = lines.level(m, defender) >= Level::Block3;
                let stone = lines.stone_key(m, defender);
                lines.play(m, defender);
                let mut after_a_stone = Threes::after_a_stone(&budget, &failures, stone);
                let mut fresh_search = Threes::new(&budget);
                let after = lines.winner.is_none()
                    && after_a_stone.vct_deepening(lines, attacker, 2).is_some();
                let fresh = lines.winner.is_none()
                    && fresh_search.vct_deepening(lines, attacker, 2).is_some();
                lines.undo();
                assert!(
                    fresh || !after,
                    "a win after {m} no fresh search finds: {:?}",
                    lines.history
                );
                if !inside && !three {
                    outside += 1;
                    assert!(after, "the win lost after {m}: {:?}", lines.history);
                    nodes_after += after_a_stone.fours.nodes;
                    nodes_fresh += fresh_search.fours.nodes;
                } else if inside {
                    found_inside += usize::from(after);
                }
            }
        });
        // Inside the zone too, wins found after a stone that could spoil
        // them; outside, the look-up cuts the search short.
        assert!(
            wins > 10 && outside > 500 && found_inside > 100,
            "{wins} wins, {outside} outside, {found_inside} found inside"
        );
        assert!(
            nodes_after * 3 < nodes_fresh,
            "{nodes_after} nodes after a stone, {nodes_fresh} fresh"
        );
    }
}
