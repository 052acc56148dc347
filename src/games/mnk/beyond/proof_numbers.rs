//! Victory by continuous threats found by proof numbers, depth first
//! (df-pn: Nagai, 2002, after Allis's proof-number search, 1994): the
//! tree of `vct.rs` — the attacker's threats (moves after which it would
//! win by fours were it to move again), the defender's every reply that
//! could spoil them — searched where it is nearest to being settled,
//! instead of every branch to a fixed depth. A line of fours and forced
//! replies costs a node a move, so a long win with few real choices in it
//! is reached where a search to a fixed depth spends its time on every
//! branch of the first few threats.
//!
//! Positions are kept in a table by hash, so the same position reached
//! by threats (or the defender's delaying fours) in another order is one
//! node, not one per order. What it finds is the same proof as `vct.rs`:
//! the same threats and replies (`threat_candidates`, `replies_to`),
//! within a depth in threats as there — unbounded, it spent seconds
//! disproving long lines where the depth-first search found a win 3
//! deep in a tenth of a second — with a bound on the table that keeps
//! the memory in hand. Where the root is disproven there is no win by
//! such threats within the depth; where time or the table runs out, the
//! answer is unknown.

use std::collections::VecDeque;

// The keys are Zobrist hashes already: a light hash of them will do.
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::engine::Budget;

use super::kept_wins::{self, Wins};
use super::lines::{Level, Lines};
use super::vcf::{Fours, VCF_DEPTH};
use super::vct::{cell_and_its_lines, replies_to, threat_candidates};

/// A number of nodes no proof or disproof reaches.
const INFINITE: u32 = u32::MAX;

/// Positions kept at most in one search's table: some 40 bytes each with
/// their moves, under 100 MiB in all — a few seconds' search on 15×15.
pub const MAX_POSITIONS: usize = 1 << 21;

/// Positions of a proof looked at most when it is kept
/// (`proven_wins`): the proof of the tests' win eight threats deep keeps
/// 1219, read in a quarter of a millisecond; this many take some 15 ms.
const WALK_MOST: usize = 1 << 16;

/// A position of the search: how many positions at least must still be
/// proven (`pn`) or disproven (`dn`) to settle it (for the attacker), and
/// its moves (at `moves..moves + count` of the search's list): the
/// attacker's threats to try, or the defender's replies that do not
/// leave the threat's fours winning as they stood.
#[derive(Clone, Copy)]
struct Entry {
    pn: u32,
    dn: u32,
    moves: u32,
    count: u32,
}

impl Entry {
    fn settled(won: bool) -> Self {
        let (pn, dn) = if won { (0, INFINITE) } else { (INFINITE, 0) };
        Self {
            pn,
            dn,
            moves: 0,
            count: 0,
        }
    }

    /// The numbers from the point of view of the side to move there: what
    /// it must prove (φ), and what its opponent must (δ).
    fn phi_delta(self, attacking: bool) -> (u32, u32) {
        if attacking {
            (self.pn, self.dn)
        } else {
            (self.dn, self.pn)
        }
    }
}

/// A depth-first proof-number search for one side's win by threats,
/// keeping its table between calls: asked about another position of the
/// same game, or again with more room (`with_limit`), it goes on from
/// what it knows.
pub struct ProofNumbers<'b> {
    fours: Fours<'b>,
    table: HashMap<u64, Entry>,
    moves: Vec<u16>,
    /// The side whose wins the table holds.
    attacker: Option<usize>,
    limit: usize,
    /// Whether the table reached its limit.
    full: bool,
}

impl<'b> ProofNumbers<'b> {
    #[must_use]
    pub fn new(budget: &'b Budget) -> Self {
        Self {
            fours: Fours::new(budget),
            table: HashMap::default(),
            moves: Vec::new(),
            attacker: None,
            limit: MAX_POSITIONS,
            full: false,
        }
    }

    /// The same search keeping at most `limit` positions.
    #[must_use]
    pub fn with_limit(mut self, limit: usize) -> Self {
        self.limit = limit;
        self
    }

    /// Whether the search stopped for the time or the table's limit: what
    /// was not found may still exist.
    #[must_use]
    pub fn aborted(&self) -> bool {
        self.fours.aborted || self.full
    }

    /// How many positions the table holds.
    #[must_use]
    pub fn positions(&self) -> usize {
        self.table.len()
    }

    /// A move that wins for `attacker` (to move) by continuous fours, or
    /// by continuous threats within `depth` (fours among them, as in
    /// `Threes::vct`); `None` when there is none, or
    /// time or the table ran out first (see `aborted`). The board is left
    /// as it was.
    pub fn win(&mut self, lines: &mut Lines, attacker: usize, depth: u32) -> Option<usize> {
        if lines.winner.is_some() {
            return None;
        }
        if self.attacker != Some(attacker) {
            self.table.clear();
            self.moves.clear();
            self.attacker = Some(attacker);
            self.full = false;
        }
        if let Some(c) = self.fours.vcf(lines, attacker, VCF_DEPTH) {
            return Some(c);
        }
        if depth == 0 {
            return None;
        }
        // Full before, it may have room now (`with_limit`).
        self.full = false;
        self.search(lines, true, depth, INFINITE, INFINITE);
        let root = self.table.get(&key(lines.hash, true, depth)).copied()?;
        if root.pn != 0 {
            return None;
        }
        self.moves(root).into_iter().find(|&m| {
            self.table
                .get(&key(lines.hash_after(m, attacker), false, depth - 1))
                .is_some_and(|e| e.pn == 0)
        })
    }

    /// Every position of the proof the table holds of a win of the
    /// attacker's (to move on `lines`) within `depth` (`win`), each with
    /// its winning threat: the position itself and each after a reply the
    /// proof weighs, for the game's next moves (`kept_wins`) — the next
    /// move may not have the time this one took. Those won by fours alone
    /// are left out: the next search finds them at once. Read from the
    /// table by hashes, without playing a stone or searching, nearest the
    /// root first and at most `WALK_MOST` positions looked at: the time
    /// it takes stays in milliseconds whatever the proof's size, and what
    /// a cut-off leaves out lies furthest from the next moves.
    #[must_use]
    pub fn proven_wins(&self, lines: &Lines, depth: u32) -> Wins {
        self.proven_wins_within(lines, depth, WALK_MOST)
    }

    /// `proven_wins`, looking at `most` positions at most.
    fn proven_wins_within(&self, lines: &Lines, depth: u32, most: usize) -> Wins {
        let mut wins = Wins::default();
        let Some(attacker) = self.attacker else {
            return wins;
        };
        self.walk_proof(lines, depth, most, |hash, _, threat| {
            wins.note(kept_wins::key_of(hash, attacker), threat);
        });
        wins
    }

    /// The positions of the proof `proven_wins` walks, each given by the
    /// moves from `lines` that lead to it (the attacker's threats and the
    /// defender's replies in turn) and its winning threat: for a book
    /// that keys a position by its stones, not by a hash (`book::wins`).
    /// At most `most` positions looked at, nearest the root first.
    #[must_use]
    pub fn proof_lines(&self, lines: &Lines, depth: u32, most: usize) -> Vec<(Vec<usize>, usize)> {
        let mut found = Vec::new();
        self.walk_proof(lines, depth, most, |_, path, threat| {
            found.push((path, threat));
        });
        found
    }

    /// Walks the proof of `proven_wins` breadth first, handing `visit`
    /// each proven position with the attacker to move: its hash, the
    /// moves that lead to it from `lines`, and the threat `win` would
    /// play there (the first whose position is proven).
    fn walk_proof(
        &self,
        lines: &Lines,
        depth: u32,
        most: usize,
        mut visit: impl FnMut(u64, Vec<usize>, usize),
    ) {
        let Some(attacker) = self.attacker else {
            return;
        };
        let cells = lines.cells();
        let mut seen = HashSet::default();
        // Each position queued: its hash, depth, and how it was reached —
        // the index of the position before it (with the attacker to
        // move) in `reached`, and the two moves from there.
        let mut reached: Vec<(Option<usize>, usize, usize)> = Vec::new();
        let path_to = |reached: &[(Option<usize>, usize, usize)], mut at: Option<usize>| {
            let mut path = Vec::new();
            while let Some(i) = at {
                let (before, threat, reply) = reached[i];
                path.extend([reply, threat]);
                at = before;
            }
            path.reverse();
            path
        };
        let mut next = VecDeque::from([(lines.hash, depth, None)]);
        while let Some((hash, depth, via)) = next.pop_front() {
            let here = key(hash, true, depth);
            if depth == 0 || !seen.insert(here) {
                continue;
            }
            let Some(&entry) = self.table.get(&here).filter(|e| e.pn == 0) else {
                continue;
            };
            let threat = self.moves(entry).into_iter().find_map(|m| {
                (m < cells).then_some(())?;
                let after = hash ^ lines.stone_key(m, attacker);
                let replies = self.table.get(&key(after, false, depth - 1));
                Some((m, after, *replies.filter(|e| e.pn == 0)?))
            });
            let Some((m, after, replies)) = threat else {
                continue;
            };
            visit(hash, path_to(&reached, via), m);
            for d in self.moves(replies).into_iter().filter(|&d| d < cells) {
                if seen.len() + next.len() >= most {
                    break;
                }
                reached.push((via, m, d));
                next.push_back((
                    after ^ lines.stone_key(d, 1 - attacker),
                    depth - 1,
                    Some(reached.len() - 1),
                ));
            }
        }
    }

    /// Whether every move of `defender` (to move) is proven to lose to
    /// `attacker`'s threats within `depth`: the attacker, were it to
    /// move, wins (`win`), and after each defender move that could touch
    /// that proof it still does, by a search of its own. The moves that
    /// cannot touch it are those outside the proof's zone that make no
    /// three of the defender's (the argument of `Threes::zone`, whose
    /// tree this one is): most of the board, proven lost without a
    /// search. `false` when not, or when the time or the table ran out
    /// first.
    pub fn every_move_loses(&mut self, lines: &mut Lines, defender: usize, depth: u32) -> bool {
        self.every_move_loses_besides(lines, defender, depth, &[])
    }

    /// `every_move_loses`, the moves in `proven` taken as lost already
    /// (by searches of their own): none of them is searched again.
    pub fn every_move_loses_besides(
        &mut self,
        lines: &mut Lines,
        defender: usize,
        depth: u32,
        proven: &[usize],
    ) -> bool {
        let attacker = 1 - defender;
        if lines.winner.is_some() || lines.is_full() {
            return false;
        }
        if self.win(lines, attacker, depth).is_none() {
            return false;
        }
        let Some(zone) = self.zone(lines, attacker, depth) else {
            return false;
        };
        let mut touching: Vec<bool> = (0..lines.cells())
            .map(|c| zone[c] || lines.level(c, defender) >= Level::Block3)
            .collect();
        for &c in proven {
            if let Some(t) = touching.get_mut(c) {
                *t = false;
            }
        }
        // Those likeliest to hold first: where the answer is no, it is
        // found soonest.
        for d in replies_to(lines, attacker, Some(&touching)) {
            lines.play(d, defender);
            let lost = lines.winner.is_none() && self.win(lines, attacker, depth).is_some();
            lines.undo();
            if !lost {
                return false;
            }
        }
        !self.aborted()
    }

    /// The zone of the win of `attacker` (to move) the table holds
    /// within `depth` (see `Threes::zone`): every cell its proof plays,
    /// every reply it weighs, the ends of every win by fours it rests on,
    /// with the empty cells on their lines. `None` when the table holds
    /// no whole proof of it (the time ran out while it was read).
    fn zone(&mut self, lines: &mut Lines, attacker: usize, depth: u32) -> Option<Vec<bool>> {
        if self.attacker != Some(attacker) {
            return None;
        }
        let mut zone = vec![false; lines.cells()];
        self.prove_again(lines, true, depth, &mut zone)
            .then_some(zone)
    }

    /// Walks the proof the table holds of the position on `lines` (the
    /// attacker to move, or the defender), as `Threes::vct` would make
    /// it — a threat proven won at each of the attacker's turns, every
    /// reply at each of the defender's — marking in `zone` the cells it
    /// touches; `false` where the table holds no proof of it.
    fn prove_again(
        &mut self,
        lines: &mut Lines,
        attacking: bool,
        depth: u32,
        zone: &mut [bool],
    ) -> bool {
        let Some(attacker) = self.attacker else {
            return false;
        };
        let mut fours = Vec::new();
        let won_by_fours = lines.winner.is_none()
            && !lines.is_full()
            && self
                .fours
                .vcf_line(lines, attacker, VCF_DEPTH, &mut fours)
                .is_some();
        if self.fours.aborted {
            return false;
        }
        if attacking {
            if won_by_fours {
                return mark_spoilers(lines, attacker, &fours, zone);
            }
            if depth == 0 {
                return false;
            }
            let Some(entry) = self.table.get(&key(lines.hash, true, depth)).copied() else {
                return false;
            };
            let threat = self.moves(entry).into_iter().find(|&m| {
                self.table
                    .get(&key(lines.hash_after(m, attacker), false, depth - 1))
                    .is_some_and(|e| e.pn == 0)
            });
            let Some(m) = threat else {
                return false;
            };
            mark_cell(lines, m, zone);
            lines.play(m, attacker);
            let proven = self.prove_again(lines, false, depth - 1, zone);
            lines.undo();
            return proven;
        }
        // The defender to move: the attacker's threat is its fours.
        let near = won_by_fours
            .then(|| Fours::spoilers(lines, attacker, &fours))
            .flatten();
        let Some(near) = near else {
            return false;
        };
        mark_all(&near, zone);
        for d in replies_to(lines, attacker, Some(&near)) {
            mark_cell(lines, d, zone);
            lines.play(d, 1 - attacker);
            let proven = lines.winner.is_none()
                && if Fours::still_wins(lines, attacker, &fours) {
                    mark_spoilers(lines, attacker, &fours, zone)
                } else {
                    self.prove_again(lines, true, depth, zone)
                };
            lines.undo();
            if !proven {
                return false;
            }
        }
        true
    }

    /// The moves of a position.
    fn moves(&self, entry: Entry) -> Vec<usize> {
        let from = entry.moves as usize;
        self.moves[from..from + entry.count as usize]
            .iter()
            .map(|&m| usize::from(m))
            .collect()
    }

    /// Searches the position on `lines` (the attacker to move, or the
    /// defender) until its φ reaches `th_phi` or its δ `th_delta`, it is
    /// settled, or the search stops.
    fn search(
        &mut self,
        lines: &mut Lines,
        attacking: bool,
        depth: u32,
        th_phi: u32,
        th_delta: u32,
    ) {
        let here = key(lines.hash, attacking, depth);
        let entry = match self.table.get(&here) {
            Some(&e) => e,
            None => {
                if self.table.len() >= self.limit {
                    self.full = true;
                    return;
                }
                let Some(e) = self.first_look(lines, attacking, depth) else {
                    return;
                };
                self.table.insert(here, e);
                e
            }
        };
        let (phi, delta) = entry.phi_delta(attacking);
        if phi == 0 || delta == 0 || phi >= th_phi || delta >= th_delta {
            return;
        }
        let moves = self.moves(entry);
        let Some(attacker) = self.attacker else {
            return;
        };
        let side = if attacking { attacker } else { 1 - attacker };
        // A threat uses up one of the depth; a reply none.
        let below = if attacking { depth - 1 } else { depth };
        loop {
            // φ here is the least δ of a move's position; δ here the sum
            // of their φ.
            let (mut phi, mut delta) = (INFINITE, 0u32);
            let (mut best, mut best_phi, mut second) = (None, 0, INFINITE);
            for &m in &moves {
                let child = key(lines.hash_after(m, side), !attacking, below);
                let (c_phi, c_delta) = self
                    .table
                    .get(&child)
                    .map_or((1, 1), |e| e.phi_delta(!attacking));
                // Below `INFINITE`, which only a settled position has:
                // a sum that reached it would stall the thresholds below.
                delta = delta.saturating_add(c_phi).min(INFINITE - 1);
                if c_delta < phi {
                    second = phi;
                    phi = c_delta;
                    (best, best_phi) = (Some(m), c_phi);
                } else if c_delta < second {
                    second = c_delta;
                }
            }
            let entry = self.table.get_mut(&here);
            if let Some(entry) = entry {
                (entry.pn, entry.dn) = if attacking {
                    (phi, delta)
                } else {
                    (delta, phi)
                };
            }
            let Some(m) = best else {
                return;
            };
            if phi >= th_phi || delta >= th_delta || phi == 0 || delta == 0 || self.aborted() {
                return;
            }
            // Each above the child's numbers, so it grows.
            let child_th_phi = th_delta.saturating_sub(delta).saturating_add(best_phi);
            let child_th_delta = th_phi.min(second.saturating_add(1));
            lines.play(m, side);
            self.search(lines, !attacking, below, child_th_phi, child_th_delta);
            lines.undo();
        }
    }

    /// What is known of a position met for the first time: settled (won
    /// by fours, no threat, a reply that makes a line...) or its moves;
    /// `None` when the time ran out while looking.
    fn first_look(&mut self, lines: &mut Lines, attacking: bool, depth: u32) -> Option<Entry> {
        let attacker = self.attacker?;
        let moves = if attacking {
            if lines.winner.is_some() {
                return Some(Entry::settled(false));
            }
            if self.fours.vcf(lines, attacker, VCF_DEPTH).is_some() {
                return Some(Entry::settled(true));
            }
            if self.fours.aborted {
                return None;
            }
            if depth == 0 {
                return Some(Entry::settled(false));
            }
            // Each is tried as a threat in its own first look.
            match threat_candidates(lines, attacker) {
                Some(candidates) => candidates,
                None => return Some(Entry::settled(false)),
            }
        } else {
            if lines.is_full() {
                return Some(Entry::settled(false));
            }
            let mut threat = Vec::new();
            if self
                .fours
                .vcf_line(lines, attacker, VCF_DEPTH, &mut threat)
                .is_none()
            {
                // Not a threat (unless the time ran out).
                return (!self.fours.aborted).then(|| Entry::settled(false));
            }
            let near = Fours::spoilers(lines, attacker, &threat);
            let mut open = Vec::new();
            for d in replies_to(lines, attacker, near.as_deref()) {
                lines.play(d, 1 - attacker);
                let spoilt = lines.winner.is_some();
                let stands = !spoilt && Fours::still_wins(lines, attacker, &threat);
                lines.undo();
                if spoilt {
                    return Some(Entry::settled(false));
                }
                if !stands {
                    open.push(d);
                }
            }
            open
        };
        if moves.is_empty() {
            // No threat: not won; no reply that spoils the threat: won.
            return Some(Entry::settled(!attacking));
        }
        let count = u32::try_from(moves.len()).unwrap_or(0);
        let entry = Entry {
            pn: if attacking { 1 } else { count },
            dn: if attacking { count } else { 1 },
            moves: u32::try_from(self.moves.len()).unwrap_or(u32::MAX),
            count,
        };
        self.moves
            .extend(moves.iter().map(|&m| u16::try_from(m).unwrap_or(u16::MAX)));
        Some(entry)
    }
}

/// Marks in `zone` a cell a proof plays, with the empty cells on its
/// lines.
fn mark_cell(lines: &Lines, c: usize, zone: &mut [bool]) {
    for q in cell_and_its_lines(lines, c) {
        zone[q] = true;
    }
}

/// Marks in `zone` where a stone could spoil `fours`, a win by fours of
/// `attacker` (to move) the proof rests on (`Fours::spoilers`); `false`
/// when they do not win as the board stands.
fn mark_spoilers(lines: &mut Lines, attacker: usize, fours: &[usize], zone: &mut [bool]) -> bool {
    let Some(near) = Fours::spoilers(lines, attacker, fours) else {
        return false;
    };
    mark_all(&near, zone);
    true
}

/// Marks in `zone` every cell `near` marks.
fn mark_all(near: &[bool], zone: &mut [bool]) {
    for (z, &n) in zone.iter_mut().zip(near) {
        *z |= n;
    }
}

/// The key a position is kept under: its hash, whose move, and how many
/// threats deep the search may still go from it (a position with no win
/// within 2 threats may have one within 3).
fn key(hash: u64, attacker_to_move: bool, depth: u32) -> u64 {
    let side = if attacker_to_move {
        0x51A7_3C9E_0B44_D2F1
    } else {
        0
    };
    hash ^ side ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::ProofNumbers;
    use crate::engine::Budget;
    use crate::games::mnk::beyond::kept_wins;
    use crate::games::mnk::beyond::lines::named::{
        at, board, each_crowded, lost_on_eight_by_eight, next, won_by_o_eight_deep,
    };
    use crate::games::mnk::beyond::vct::Threes;

    #[test]
    fn a_win_five_threats_deep_is_found_and_not_within_four() {
        let budget = Budget::unlimited();
        let (mut lines, _) = lost_on_eight_by_eight();
        assert_eq!(ProofNumbers::new(&budget).win(&mut lines, 0, 4), None);
        let win = ProofNumbers::new(&budget).win(&mut lines, 0, 5);
        let Some(first) = win else {
            panic!("X wins five threats deep");
        };
        assert_eq!(lines.stones, 10, "the board is left as it was");
        // The move is a win: after it, the depth-first search proves
        // every reply lost within four more.
        let mut threes = Threes::new(&budget);
        lines.play(first, 0);
        assert!(threes.every_move_loses(&mut lines, 1, 4), "{first}");
    }

    #[test]
    fn a_win_eight_threats_deep_is_found_where_seven_find_none() {
        // O wins eight threats deep by g13, which the depth-first search
        // proves only at 8 (in over a second), and play, looking 6 deep,
        // did not see.
        let (xs, os) = won_by_o_eight_deep();
        let mut lines = board(&xs, &os);
        assert_eq!(lines.to_move(), 1);
        let budget = Budget::unlimited();
        assert_eq!(Threes::new(&budget).vct_deepening(&mut lines, 1, 7), None);
        assert_eq!(ProofNumbers::new(&budget).win(&mut lines, 1, 7), None);
        let mut search = ProofNumbers::new(&budget);
        assert_eq!(search.win(&mut lines, 1, 8), Some(at("g13")));
        assert!(search.positions() < 20_000, "{}", search.positions());
        // And g13 is a win: after it, every move of X's loses within 7.
        lines.play(at("g13"), 1);
        assert!(Threes::new(&budget).every_move_loses(&mut lines, 0, 7));
    }

    #[test]
    fn its_proof_is_kept_position_by_position_and_each_is_won() {
        // O's win eight threats deep by g13: kept at the root, and after
        // g13 and each reply of X's the proof weighs, O's next threat —
        // a win, as a fresh search proves.
        let (xs, os) = won_by_o_eight_deep();
        let mut lines = board(&xs, &os);
        let budget = Budget::unlimited();
        let mut search = ProofNumbers::new(&budget);
        assert_eq!(search.win(&mut lines, 1, 8), Some(at("g13")));
        let wins = search.proven_wins(&lines, 8);
        assert_eq!(wins.get(kept_wins::key(&lines, 1)), Some(at("g13")));
        assert_eq!(wins.get(kept_wins::key(&lines, 0)), None, "not X's");
        lines.play(at("g13"), 1);
        let mut replies = 0;
        let empty: Vec<usize> = (0..lines.cells()).filter(|&d| lines.is_empty(d)).collect();
        for d in empty {
            lines.play(d, 0);
            if let Some(threat) = wins.get(kept_wins::key(&lines, 1)) {
                replies += 1;
                assert!(lines.is_empty(threat));
                lines.play(threat, 1);
                let lost = lines.winner == Some(1)
                    || ProofNumbers::new(&budget).every_move_loses(&mut lines, 0, 6);
                assert!(lost, "after g13 {d}: {threat}");
                lines.undo();
            }
            lines.undo();
        }
        // j11, which play chose for X, among them.
        lines.play(at("j11"), 0);
        assert!(wins.get(kept_wins::key(&lines, 1)).is_some());
        assert!(replies > 1, "{replies}");
        // Cut short, the positions nearest the root are kept first: with
        // room for the root and two more, the root and two replies.
        lines.undo();
        lines.undo();
        let few = search.proven_wins_within(&lines, 8, 3);
        assert_eq!(few.get(kept_wins::key(&lines, 1)), Some(at("g13")));
        assert!((2..=3).contains(&few.len()), "{}", few.len());
        lines.play(at("g13"), 1);
        let kept_replies = (0..lines.cells())
            .filter(|&d| {
                lines.is_empty(d)
                    && few
                        .get(kept_wins::key_of(lines.hash_after(d, 0), 1))
                        .is_some()
            })
            .count();
        assert_eq!(kept_replies, few.len() - 1);
    }

    #[test]
    fn its_proof_lines_lead_to_the_positions_it_keeps() {
        // The same proof as moves from the root: each line, played out,
        // reaches a position kept with the same threat, the attacker to
        // move; the root first, and as many as are kept.
        let (xs, os) = won_by_o_eight_deep();
        let mut lines = board(&xs, &os);
        let budget = Budget::unlimited();
        let mut search = ProofNumbers::new(&budget);
        assert_eq!(search.win(&mut lines, 1, 8), Some(at("g13")));
        let wins = search.proven_wins(&lines, 8);
        let found = search.proof_lines(&lines, 8, super::WALK_MOST);
        assert_eq!(found.first(), Some(&(Vec::new(), at("g13"))));
        assert_eq!(found.len(), wins.len());
        for (path, threat) in &found {
            assert_eq!(path.len() % 2, 0, "{path:?}");
            let mut after = lines.clone();
            for (i, &m) in path.iter().enumerate() {
                assert!(after.is_empty(m), "{path:?}");
                after.play(m, 1 - i % 2);
            }
            assert_eq!(after.to_move(), 1);
            assert_eq!(
                wins.get(kept_wins::key(&after, 1)),
                Some(*threat),
                "{path:?}"
            );
        }
    }

    #[test]
    fn it_settles_what_the_depth_first_search_settles() {
        // The same tree, searched best first to the same depth without a
        // limit, has the same value: a win exactly where `Threes::vct`
        // finds one, for either side, on random crowded centres.
        let budget = Budget::unlimited();
        let mut seed = 11;
        let (mut wins, mut none) = (0, 0);
        each_crowded(&mut seed, 300, 6, 26, |lines, seed| {
            let attacker = next(seed) % 2;
            let depth = 1 + (next(seed) % 3) as u32;
            let by_depth = Threes::new(&budget).vct(lines, attacker, depth);
            let mut search = ProofNumbers::new(&budget);
            let best_first = search.win(lines, attacker, depth);
            assert!(!search.aborted());
            assert_eq!(
                by_depth.is_some(),
                best_first.is_some(),
                "{:?}, {attacker} to win within {depth}",
                lines.history
            );
            if let Some(c) = best_first {
                // Its move wins too: after it, every reply loses.
                lines.play(c, attacker);
                let holds = lines.winner == Some(attacker)
                    || Threes::new(&budget).every_move_loses(lines, 1 - attacker, depth - 1);
                lines.undo();
                assert!(holds, "{:?}: {c} for {attacker}", lines.history);
                wins += 1;
            } else {
                none += 1;
            }
        });
        assert!(wins > 30 && none > 30, "{wins} wins, {none} none");
    }

    #[test]
    fn a_loss_seven_threats_deep_is_proven_for_every_move() {
        // After O's g13 (a win eight deep), X's every move loses within
        // seven: the depth-first search to 6 proves none of it.
        let (xs, os) = won_by_o_eight_deep();
        let mut lines = board(&xs, &os);
        lines.play(at("g13"), 1);
        let budget = Budget::unlimited();
        assert!(!Threes::new(&budget).every_move_loses(&mut lines, 0, 6));
        let mut search = ProofNumbers::new(&budget);
        assert!(search.every_move_loses(&mut lines, 0, 7));
        // Most moves by the zone of O's win, not a search each.
        assert!(search.positions() < 20_000, "{}", search.positions());
        assert_eq!(lines.stones, 44, "the board is left as it was");
        // O, to move before g13, is not lost: it wins.
        lines.undo();
        assert!(!ProofNumbers::new(&budget).every_move_loses(&mut lines, 1, 8));
    }

    #[test]
    fn it_proves_lost_exactly_where_the_depth_first_search_does() {
        // The depth-first search tries every move; this one only those in
        // the zone of the attacker's win or that make a three: the same
        // answer, on random crowded centres, shows the zone leaves out no
        // move that holds.
        let budget = Budget::unlimited();
        let mut seed = 29;
        let (mut lost, mut not) = (0, 0);
        each_crowded(&mut seed, 200, 6, 26, |lines, seed| {
            let side = next(seed) % 2;
            let depth = 1 + (next(seed) % 3) as u32;
            let by_depth = Threes::new(&budget).every_move_loses(lines, side, depth);
            let mut search = ProofNumbers::new(&budget);
            let by_zone = search.every_move_loses(lines, side, depth);
            assert!(!search.aborted());
            assert_eq!(
                by_depth, by_zone,
                "{:?}, {side} to move, within {depth}",
                lines.history
            );
            if by_zone {
                lost += 1;
            } else {
                not += 1;
            }
        });
        assert!(lost > 15 && not > 15, "{lost} lost, {not} not");
    }

    #[test]
    fn out_of_time_or_room_it_knows_nothing() {
        let (mut lines, _) = lost_on_eight_by_eight();
        let spent = Budget::of(Duration::ZERO);
        let mut search = ProofNumbers::new(&spent);
        assert_eq!(search.win(&mut lines, 0, 8), None);
        assert!(search.aborted());
        let budget = Budget::unlimited();
        let mut search = ProofNumbers::new(&budget).with_limit(20);
        assert_eq!(search.win(&mut lines, 0, 8), None);
        assert!(search.aborted() && search.positions() <= 20);
        // Resumed with room, what it kept goes on to the win.
        let mut search = search.with_limit(super::MAX_POSITIONS);
        assert!(search.win(&mut lines, 0, 8).is_some());
        assert_eq!(lines.stones, 10, "the board is left as it was");
    }
}
