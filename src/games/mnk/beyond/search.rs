//! The playing search past the proof, after the published practice of
//! the strongest gomoku engines: principal-variation alpha-beta with
//! iterative deepening (a better move found by an iteration the clock
//! cuts short is kept) and aspiration windows, a transposition table
//! kept from one move's search to the next (its move tried before a
//! node's list is made), killer and history move ordering, late-move
//! reductions, moves generated from the pattern board — only the defences
//! when the opponent has an open three or a four on the board — and the
//! opponent's open threes answered past the horizon. Its scores are
//! estimates: a win it sees under its pruned move generation is not a
//! proof, and is never reported as one.

use std::sync::{Mutex, PoisonError};

use crate::engine::Budget;

use super::lines::{Level, Lines, is_open};
use super::same_game::SameGame;
use super::vcf::makes_four;
use crate::games::mnk::bound::Bound;

/// A line made at ply `p` from the root scores `WIN - p`.
pub const WIN: i32 = 1 << 28;
/// Scores beyond this are wins or losses seen by the search.
pub const WON: i32 = WIN - 1000;
/// The deepest iteration.
pub const MAX_DEPTH: i32 = 40;
/// Moves weighed at a node inside the tree, best first.
const BEAM: usize = 16;
/// Moves weighed at the root.
const ROOT_BEAM: usize = 32;
/// How many plies past the iteration's depth answers to open threes
/// may add (8 before; with the move count below, a quarter of the nodes
/// to the same depth and no fewer games won: docs/mnk.md).
const THREE_PLIES: i32 = 4;
/// Within this many plies of the horizon, once a move has been found
/// that does not lose, only the first `2 + d²` moves are weighed at a
/// node `d` plies from it (fours and the answers to a three always).
const LATE_MOVE_PLIES: i32 = 4;
/// The evaluation, in quarters: the side to move's values against the
/// opponent's, two to one — the mover's threats are a move nearer, and it
/// is the mover who uses them. Against Rapfi as X, 20 openings: 6 to 6 won 3 of 12
/// (stopped), 6 to 5 won 13 of 20, 6 to 4 15, 6 to 3 17 (and 12 of 18 on
/// other openings, where 6 to 2 won 8 of 15). With the deeper search of
/// the move count, 6 to 4 again won 30 of 40, as 6 to 3 did.
pub const MOVER: i32 = 6;
pub const OPPONENT: i32 = 3;
/// The first aspiration window's half width.
const WINDOW: i32 = 60;
/// What the side to move's best threat is worth beyond the sums, on open
/// boards (`lines::is_open`): the first level it has of these, in this
/// order, counts. The sums weigh each cell as if it might never be
/// played, but the mover plays one of them next: with two open threes
/// or a four-three to make, it has a threat the other side must answer
/// now (an open three counts before a four: a four is answered in its
/// one place and spent). Against Rapfi as X at 200 ms a move, 256
/// openings: 215 won where the engine without it won 198, better on 36
/// openings, worse on 19; at 1 s, 224 openings: 193 and a draw against
/// 189 — no loss where a fifth of the time gains (docs/mnk.md). The
/// cramped boards go without: their book of choices is the search
/// without it.
pub const TEMPO: [(Level, i32); 4] = [
    (Level::FourThree, 150),
    (Level::ThreeThree, 100),
    (Level::Flex3, 30),
    (Level::Block4, 20),
];

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    mv: u16,
    depth: i8,
    bound: Bound,
}

/// The transposition table's entries: 2^12 a cell (rounded up to a power
/// of two), at least 2^16, at most 2^20 — 16 MB on 15×15, four times the
/// 4 MB it had: to depth 10 on the benchmark's 16 positions, 26 % fewer
/// nodes. A small board's searches are short and fill less.
fn table_entries(cells: usize) -> usize {
    (cells.next_power_of_two() << 12).clamp(1 << 16, 1 << 20)
}

fn new_table(cells: usize) -> Vec<Entry> {
    vec![Entry::default(); table_entries(cells)]
}

/// The table a game's last search left, and the board it searched (see
/// `Search::continuing`).
struct Kept {
    game: SameGame,
    entries: Vec<Entry>,
}

/// One kept table for the process: a game is played one move at a time,
/// and a search running beside it (a tip) makes its own.
static KEPT: Mutex<Option<Kept>> = Mutex::new(None);

impl Kept {
    /// Whether the kept board leads to `lines` (`SameGame::leads_to`).
    fn leads_to(&self, lines: &Lines) -> bool {
        self.game.leads_to(lines)
    }
}

pub struct Search<'l, 'b> {
    pub lines: &'l mut Lines,
    budget: &'b Budget,
    pub nodes: u64,
    pub aborted: bool,
    table: Vec<Entry>,
    killers: Vec<[u16; 2]>,
    history: Vec<[u32; 2]>,
    /// The deepest iteration finished.
    pub depth: i32,
    /// Finish the iteration whatever the budget says (the first plies
    /// are cheap and always searched).
    must_finish: bool,
    /// No ply past this is added to answer threes.
    extension_limit: i32,
    /// Leave out the defences that leave the opponent an open four (see
    /// `moves_into`); off only to test that the scores do not change.
    drop_lost_defences: bool,
    /// Where set, no iteration past the first `min_depth` plies is begun
    /// once this part of the search's time is spent: the next most often
    /// takes longer than all before it together, so the clock would likely
    /// cut it short, and the caller has a better use for the time
    /// (`advise`).
    pub begin_iterations_within: Option<f64>,
    /// The deepest iteration begun: with an unlimited budget, a search to
    /// a fixed depth gives the same ranking every time (the books of
    /// choices, `book::choices`).
    pub max_depth: i32,
    /// Each ply's list of moves, kept from node to node: a node's list
    /// lives while its children make theirs, and allocating one at every
    /// node was a tenth of the search's time.
    move_lists: Vec<Vec<usize>>,
    /// The generator's working lists, reused by every node.
    scratch: Scratch,
    /// Whether the board is open (`lines::is_open`): the evaluation
    /// weighs the mover's best threat there (`TEMPO`).
    open: bool,
}

/// The move generator's working lists (see `Search::moves_into`).
#[derive(Default)]
struct Scratch {
    /// The cells weighed, with their keys.
    keyed: Vec<u64>,
    /// The opponent's open-four cells among the defences.
    threats: Vec<usize>,
}

/// A root move's score after the last iteration that weighed it.
#[derive(Clone, Copy, Debug)]
pub struct Scored {
    pub mv: usize,
    pub score: i32,
}

impl<'l, 'b> Search<'l, 'b> {
    /// A search with a table of its own.
    pub fn new(lines: &'l mut Lines, budget: &'b Budget) -> Self {
        Self::with_table(lines, budget, new_table(lines.cells()))
    }

    /// A search that starts from the table the last search kept
    /// (`keep_table`) where that search's board leads to this one (see
    /// `Kept::leads_to`), as the strongest engines keep theirs from move
    /// to move: the subtrees the last move's search weighed are weighed
    /// again, and its best moves ordered first. Elsewhere a new table. The
    /// table's scores are estimates, as every score of this search is.
    pub fn continuing(lines: &'l mut Lines, budget: &'b Budget) -> Self {
        let kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner).take();
        Self::after(lines, budget, kept)
    }

    /// Leaves the table for the next search of this game (`continuing`).
    pub fn keep_table(self) {
        let kept = self.into_kept();
        *KEPT.lock().unwrap_or_else(PoisonError::into_inner) = Some(kept);
    }

    /// A search after the one that left `kept` (see `continuing`).
    fn after(lines: &'l mut Lines, budget: &'b Budget, kept: Option<Kept>) -> Self {
        let table = kept
            .filter(|kept| kept.leads_to(lines))
            .map_or_else(|| new_table(lines.cells()), |kept| kept.entries);
        Self::with_table(lines, budget, table)
    }

    fn into_kept(self) -> Kept {
        Kept {
            game: SameGame::of(self.lines),
            entries: self.table,
        }
    }

    fn with_table(lines: &'l mut Lines, budget: &'b Budget, table: Vec<Entry>) -> Self {
        let cells = lines.cells();
        let open = is_open(lines.width, lines.height, lines.k);
        Self {
            lines,
            budget,
            nodes: 0,
            aborted: false,
            table,
            killers: vec![[u16::MAX; 2]; MAX_DEPTH as usize * 4 + 64],
            history: vec![[0; 2]; cells],
            depth: 0,
            must_finish: false,
            extension_limit: 0,
            drop_lost_defences: true,
            begin_iterations_within: None,
            max_depth: MAX_DEPTH,
            move_lists: Vec::new(),
            scratch: Scratch::default(),
            open,
        }
    }

    fn evaluate(&self) -> i32 {
        let me = self.lines.to_move();
        let (mine, theirs) = (self.lines.total[me], self.lines.total[1 - me]);
        (mine * MOVER - theirs * OPPONENT) / 4 + if self.open { self.tempo(me) } else { 0 }
    }

    /// The mover's best threat's worth (see `TEMPO`).
    fn tempo(&self, me: usize) -> i32 {
        TEMPO
            .iter()
            .find(|&&(level, _)| self.lines.count(me, level) > 0)
            .map_or(0, |&(_, worth)| worth)
    }

    /// The moves worth weighing for the side to move, best first, at most
    /// `beam` of them but every defence when it must defend (inside the
    /// tree, every defence that does not leave an open four), written into
    /// `moves`, working in `scratch`: lists the search keeps from node to
    /// node (see `move_lists`).
    fn moves_into(
        &self,
        ply: usize,
        first: Option<usize>,
        beam: usize,
        scratch: &mut Scratch,
        moves: &mut Vec<usize>,
    ) {
        let Scratch { keyed, threats } = scratch;
        let lines = &*self.lines;
        let me = lines.to_move();
        let op = 1 - me;
        moves.clear();
        keyed.clear();
        if lines.count(op, Level::Five) > 0 {
            moves.extend(lines.cells_at_least(op, Level::Five).take(1));
            return;
        }
        let defending = lines.count_at_least(op, Level::Flex4) > 0;
        let killers = self.killers.get(ply).copied().unwrap_or([u16::MAX; 2]);
        // The key, the greater the better, in the high half, and the cell
        // in the low: sorted as numbers, best first, equals by cell.
        let key_of = |c: usize| {
            let key = if Some(c) == first {
                u32::MAX
            } else {
                let attack = lines.value(c, me).max(0) as u32;
                let defence = lines.value(c, op).max(0) as u32;
                let killer = if killers.contains(&(c as u16)) { 50 } else { 0 };
                (attack * 4 + defence * 3 + killer * 4 + self.history[c][me].min(1 << 20) / 64)
                    .min(u32::MAX - 1)
            };
            u64::from(u32::MAX - key) << 32 | c as u64
        };
        if defending {
            // An open three (or a cell making two fours) of theirs: stop
            // it on its line (a cell where they would make a four: a line
            // pattern of a four or more), or make a four first.
            keyed.extend(
                lines
                    .empty_cells_where(|_, levels| makes_four(levels[me]) || makes_four(levels[op]))
                    .map(key_of),
            );
        } else if lines.stones == 0 {
            keyed.push(key_of((lines.height / 2) * lines.width + lines.width / 2));
        } else {
            keyed.extend(lines.near_empty_cells().map(key_of));
        }
        if keyed.is_empty() {
            keyed.extend(
                (0..lines.cells())
                    .filter(|&c| lines.is_empty(c))
                    .map(key_of),
            );
        }
        // Best first, equals in the order of their cells; outside a
        // defence only the first `beam` are kept, so only they are sorted.
        if !defending && keyed.len() > beam {
            keyed.select_nth_unstable(beam);
            keyed.truncate(beam);
        }
        keyed.sort_unstable();
        moves.extend(keyed.iter().map(|&k| (k & u64::from(u32::MAX)) as usize));
        if defending && ply > 0 && self.drop_lost_defences {
            // A defence that leaves them an open four (or two fours) loses
            // in four plies, and no defence loses sooner (it would have to
            // leave them a five): such a defence is weighed only if every
            // defence is one.
            // Their open-four cells are among the stops (each makes a four).
            threats.clear();
            threats.extend(
                moves
                    .iter()
                    .copied()
                    .filter(|&c| lines.level(c, op) >= Level::Flex4),
            );
            let holds = |c: usize| {
                makes_four(lines.level(c, me))
                    || threats
                        .iter()
                        .all(|&f| f == c || lines.level_if_blocked(f, c, op) < Level::Flex4)
            };
            let best = moves.first().copied();
            moves.retain(|&c| holds(c));
            if moves.is_empty() {
                moves.extend(best);
            }
        }
    }

    /// The position's place in the table (its length a power of two).
    fn slot(&self) -> usize {
        (self.lines.hash as usize) & (self.table.len() - 1)
    }

    fn probe(&self, ply: i32) -> (Option<Entry>, Option<usize>) {
        let hash = self.lines.hash;
        let e = self.table[self.slot()];
        if e.key != hash {
            return (None, None);
        }
        let mut e = e;
        // Stored relative to the node: back to the root's reckoning.
        if e.score > WON {
            e.score -= ply;
        } else if e.score < -WON {
            e.score += ply;
        }
        let mv = usize::from(e.mv);
        (Some(e), (mv < self.lines.cells()).then_some(mv))
    }

    fn store(&mut self, depth: i32, ply: i32, score: i32, bound: Bound, mv: Option<usize>) {
        let hash = self.lines.hash;
        let at = self.slot();
        let slot = &mut self.table[at];
        if slot.key == hash && i32::from(slot.depth) > depth && bound != Bound::Exact {
            return;
        }
        let score = if score > WON {
            score + ply
        } else if score < -WON {
            score - ply
        } else {
            score
        };
        *slot = Entry {
            key: hash,
            score,
            mv: mv.map_or(u16::MAX, |m| m as u16),
            depth: depth.clamp(0, 127) as i8,
            bound,
        };
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && !self.must_finish && self.budget.exhausted() {
            self.aborted = true;
        }
        self.aborted
    }

    /// The scores of threats already on the board, before any search: a
    /// line to make, two to stop, an open four to make.
    fn decided(&self, ply: i32) -> Option<i32> {
        let lines = &*self.lines;
        let me = lines.to_move();
        let op = 1 - me;
        if lines.count(me, Level::Five) > 0 {
            return Some(WIN - ply - 1);
        }
        let their_fives = lines.count(op, Level::Five);
        if their_fives >= 2 {
            return Some(-(WIN - ply - 2));
        }
        if their_fives == 0 && lines.count(me, Level::Flex4) > 0 {
            return Some(WIN - ply - 3);
        }
        // A four-three, or two open threes, against a side that cannot
        // make a four: the four (if any) is blocked, then the three
        // becomes an open four on its own line, which no stone there
        // touched. Five plies.
        if their_fives == 0
            && (lines.count(me, Level::FourThree) > 0 || lines.count(me, Level::ThreeThree) > 0)
            && !lines.makes_any_four(op)
        {
            return Some(WIN - ply - 5);
        }
        if lines.is_full() {
            return Some(0);
        }
        None
    }

    fn negamax(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(score) = self.decided(ply) {
            return score;
        }
        let me = self.lines.to_move();
        let forced = self.lines.count(1 - me, Level::Five) > 0;
        // An open three of theirs (a cell that makes an open four or two
        // fours): at the horizon it is answered before the position is
        // judged — its defences are few, and judging it unanswered is the
        // horizon's worst mistake.
        let facing_three = !forced && self.lines.count(1 - me, Level::Flex4) > 0;
        let threatened = facing_three && ply < self.extension_limit;
        if depth <= 0 && !forced && !threatened {
            return self.horizon();
        }
        let (entry, first) = self.probe(ply);
        if let Some(e) = entry
            && i32::from(e.depth) >= depth
        {
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            };
            if cut && beta - alpha == 1 {
                return e.score;
            }
        }
        let mut moves = self
            .move_lists
            .get_mut(ply as usize)
            .map(std::mem::take)
            .unwrap_or_default();
        // Forced blocks and answers to a three are never pruned nor reduced.
        let selective = !forced && !facing_three;
        // The table's move is searched before the others are generated:
        // it is first among them anyway, and where it cuts off the list
        // is never made (making lists was a third of a profile of the
        // search; the same nodes to depth 9, 4 to 7 % less time with the
        // keys below).
        let table_move = first.filter(|&c| selective && self.lines.is_empty(c));
        let mut generated = table_move.is_none();
        match table_move {
            Some(c) => {
                moves.clear();
                moves.push(c);
            }
            None => {
                self.generate(ply, first, &mut moves);
                if moves.is_empty() {
                    self.give_back(ply, moves);
                    return self.evaluate();
                }
            }
        }
        // A forced block does not use up depth, nor does an answer to a
        // three past the horizon.
        let next = if forced || depth <= 0 {
            depth
        } else {
            depth - 1
        };
        let original_alpha = alpha;
        let mut best = -WIN;
        let mut best_move = None;
        let prunes = selective && beta - alpha == 1 && depth <= LATE_MOVE_PLIES;
        let mut next_move = 0;
        loop {
            if next_move == moves.len() {
                if generated {
                    break;
                }
                // The table's move did not cut off: the rest, after it
                // (it is first among them, the key of `moves_into` puts
                // it there, unless it was not near the stones).
                generated = true;
                self.generate(ply, first, &mut moves);
                moves.retain(|&m| Some(m) != table_move);
                moves.splice(0..0, table_move);
                next_move = 1;
                continue;
            }
            let (i, c) = (next_move, moves[next_move]);
            next_move += 1;
            let four = makes_four(self.lines.level(c, me));
            if prunes && !four && best > -WON && i as i32 >= 2 + depth * depth {
                continue;
            }
            let quiet = !forced
                && !four
                && self.lines.level(c, me) < Level::Flex3
                && self.lines.level(c, 1 - me) < Level::Flex3;
            self.lines.play(c, me);
            let score = if i == 0 {
                -self.negamax(next, -beta, -alpha, ply + 1)
            } else {
                // Every move but a four (threes too) and an answer to a
                // three, never to the horizon.
                let reduce = if selective && !four && depth >= 3 && i >= 3 {
                    (1 + i32::from(i >= 8)).min(next - 1)
                } else {
                    0
                };
                let mut s = -self.negamax(next - reduce, -alpha - 1, -alpha, ply + 1);
                if s > alpha && reduce > 0 {
                    s = -self.negamax(next, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(next, -beta, -alpha, ply + 1);
                }
                s
            };
            self.lines.undo();
            if self.aborted {
                self.give_back(ply, moves);
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(c);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if quiet {
                            let k = &mut self.killers[ply as usize];
                            if k[0] != c as u16 {
                                k[1] = k[0];
                                k[0] = c as u16;
                            }
                        }
                        self.history[c][me] += (depth * depth) as u32;
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(depth, ply, best, bound, best_move);
        self.give_back(ply, moves);
        best
    }

    /// The node's moves into `moves` (see `moves_into`), with the search's
    /// scratch lists.
    fn generate(&mut self, ply: i32, first: Option<usize>, moves: &mut Vec<usize>) {
        let mut scratch = std::mem::take(&mut self.scratch);
        self.moves_into(ply as usize, first, BEAM, &mut scratch, moves);
        self.scratch = scratch;
    }

    /// Keeps a node's list of moves for the next node at its ply.
    fn give_back(&mut self, ply: i32, moves: Vec<usize>) {
        let ply = ply as usize;
        if self.move_lists.len() <= ply {
            self.move_lists.resize_with(ply + 1, Vec::new);
        }
        self.move_lists[ply] = moves;
    }

    /// At the horizon: the evaluation. (A search for fours here saw more
    /// but cost four fifths of the nodes: against Rapfi, 20 games each,
    /// 3 won with it at two fours deep, 7 without.)
    fn horizon(&mut self) -> i32 {
        self.evaluate()
    }

    /// Every root move in `moves` scored by iterative deepening, best
    /// first: the best with its score, the others with an upper bound.
    pub fn rank(&mut self, mut moves: Vec<usize>, min_depth: i32) -> Vec<Scored> {
        let me = self.lines.to_move();
        let mut ranked: Vec<Scored> = moves
            .iter()
            .enumerate()
            .map(|(i, &mv)| Scored {
                mv,
                score: -(i as i32),
            })
            .collect();
        if moves.len() <= 1 {
            return ranked;
        }
        let mut last: i32 = 0;
        let beginning = self
            .begin_iterations_within
            .map(|part| self.budget.share(part));
        for depth in 1..=self.max_depth.min(MAX_DEPTH) {
            if depth > min_depth && beginning.as_ref().is_some_and(Budget::exhausted) {
                break;
            }
            let (mut low, mut high) = if depth >= 3 && last.abs() < WON {
                (last - WINDOW, last + WINDOW)
            } else {
                (-WIN - 1, WIN + 1)
            };
            self.must_finish = depth <= min_depth;
            self.extension_limit = depth + THREE_PLIES;
            let scored = loop {
                let (scored, first) = self.root(&moves, depth, low, high, me);
                if self.aborted && depth > min_depth {
                    // Cut short, the iteration may still have found a
                    // better move (what it did not reach keeps the last
                    // order after it).
                    break found_better(first, (low, high), &scored, &moves).then_some(scored);
                }
                let top = scored.first().map_or(0, |s| s.score);
                if top <= low && low > -WIN - 1 {
                    low = (-WIN - 1).max(low - 4 * (high - low));
                } else if top >= high && high < WIN + 1 {
                    high = (WIN + 1).min(high + 4 * (high - low));
                } else {
                    break Some(scored);
                }
            };
            let Some(scored) = scored else { break };
            last = scored[0].score;
            moves = scored.iter().map(|s| s.mv).collect();
            ranked = scored;
            if !self.aborted {
                self.depth = depth;
            }
            if last.abs() > WON || self.aborted {
                break;
            }
        }
        ranked
    }

    /// One iteration over the root moves, best first, and the score of
    /// the first move if its search was finished.
    fn root(
        &mut self,
        moves: &[usize],
        depth: i32,
        low: i32,
        high: i32,
        me: usize,
    ) -> (Vec<Scored>, Option<i32>) {
        let mut alpha = low;
        let mut scored: Vec<Scored> = Vec::new();
        for (i, &c) in moves.iter().enumerate() {
            self.lines.play(c, me);
            let score = if i == 0 {
                -self.negamax(depth - 1, -high, -alpha, 1)
            } else {
                let s = -self.negamax(depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && s < high {
                    -self.negamax(depth - 1, -high, -alpha, 1)
                } else {
                    s
                }
            };
            self.lines.undo();
            if self.aborted {
                break;
            }
            scored.push(Scored { mv: c, score });
            alpha = alpha.max(score);
        }
        let first = scored.first().map(|s| s.score);
        // Moves that did not beat the best got an upper bound only: after
        // it, in the order they had.
        let top = scored.iter().map(|s| s.score).max().unwrap_or(0);
        if let Some(first) = scored.iter().position(|s| s.score == top) {
            let best = scored.remove(first);
            for s in &mut scored {
                s.score = s.score.min(top - 1);
            }
            scored.sort_by_key(|s| std::cmp::Reverse(s.score));
            scored.insert(0, best);
        }
        // Moves the iteration did not reach keep their place after.
        for &c in moves {
            if !scored.iter().any(|s| s.mv == c) {
                let floor = scored.last().map_or(0, |s| s.score) - 1;
                scored.push(Scored {
                    mv: c,
                    score: floor,
                });
            }
        }
        (scored, first)
    }

    /// The root moves: the generated moves of the root, at most `beam`.
    #[must_use]
    pub fn root_moves(&self) -> Vec<usize> {
        let mut moves = Vec::new();
        self.moves_into(0, None, ROOT_BEAM, &mut Scratch::default(), &mut moves);
        moves
    }
}

/// Whether an iteration cut short found a better move than the last
/// best, `moves[0]`: that move was searched in full, to `first`, inside
/// the window (a score outside it is only a bound), and a move searched
/// after it scored higher, so that `scored`, best first, begins with
/// another. Engines play such a move: the iteration's time is not lost.
fn found_better(
    first: Option<i32>,
    window: (i32, i32),
    scored: &[Scored],
    moves: &[usize],
) -> bool {
    first.is_some_and(|f| f > window.0 && f < window.1)
        && scored
            .first()
            .zip(moves.first())
            .is_some_and(|(s, &last_best)| s.mv != last_best)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{Kept, SameGame, Scored, Search, WIN, WON, found_better};
    use crate::engine::Budget;
    use crate::games::mnk::beyond::lines::Lines;
    use crate::games::mnk::beyond::lines::named::{at, board};

    /// `lines` searched to `depth` plies, with the table `kept` where
    /// given (see `Search::after`): the ranking, the nodes it took, and the
    /// table it leaves.
    fn searched(lines: &mut Lines, kept: Option<Kept>, depth: i32) -> (Vec<Scored>, u64, Kept) {
        let budget = Budget::of(Duration::ZERO);
        let mut search = Search::after(lines, &budget, kept);
        let root = search.root_moves();
        let ranked = search.rank(root, depth);
        let nodes = search.nodes;
        (ranked, nodes, search.into_kept())
    }

    /// The board after the first `n` moves of `game` (X first).
    fn after_moves(game: &str, n: usize) -> Lines {
        let moves: Vec<&str> = game.split(' ').take(n).collect();
        let x: Vec<&str> = moves.iter().step_by(2).copied().collect();
        let o: Vec<&str> = moves.iter().skip(1).step_by(2).copied().collect();
        board(&x, &o)
    }

    /// On an open board the evaluation adds the mover's best threat
    /// (`TEMPO`), the mover's and not the opponent's; on 8×8 it does not
    /// (its book of choices is the search without it).
    #[test]
    fn the_mover_s_best_threat_counts_on_open_boards_only() {
        use crate::games::mnk::Geometry;
        use crate::games::mnk::beyond::lines::Level;
        use crate::games::mnk::beyond::lines::named::board_on;

        let budget = Budget::of(Duration::ZERO);
        let beyond_the_sums = |lines: &mut Lines| {
            let me = lines.to_move();
            let sums = (lines.total[me] * super::MOVER - lines.total[1 - me] * super::OPPONENT) / 4;
            Search::new(lines, &budget).evaluate() - sums
        };
        // X, to move, can make an open three (c4 or f4); O only a closed
        // one, on its edge.
        let (x, o) = (["d4", "e4"], ["a1", "b1"]);
        let mut open = board(&x, &o);
        assert!(open.count(0, Level::Flex3) > 0 && open.count(1, Level::Flex3) == 0);
        assert_eq!(beyond_the_sums(&mut open), 30);
        // O to move (after a quiet stone of X's): X's open threes to make
        // are not the mover's, and O's best, a closed three, adds nothing.
        let mut theirs = board(&["d4", "e4", "o15"], &o);
        assert_eq!(beyond_the_sums(&mut theirs), 0);
        let mut cramped = board_on(&Geometry::new(8, 8, 5), &x, &o);
        assert!(cramped.count(0, Level::Flex3) > 0);
        assert_eq!(beyond_the_sums(&mut cramped), 0);
    }

    #[test]
    fn an_iteration_cut_short_counts_only_a_move_that_beat_the_last_best_searched_in_full() {
        let s = |mv, score| Scored { mv, score };
        let (moves, window) = ([7, 3, 9], (-60, 60));
        // The last best, 7, searched in full to 10, then beaten by 3.
        let beaten = [s(3, 25), s(7, 10), s(9, 9)];
        assert!(found_better(Some(10), window, &beaten, &moves));
        // 7 still first.
        let kept = [s(7, 10), s(3, 9), s(9, 8)];
        assert!(!found_better(Some(10), window, &kept, &moves));
        // 7's score only a bound (outside the window), or its search not
        // finished.
        let low = [s(3, 25), s(7, -60), s(9, -61)];
        assert!(!found_better(Some(-60), window, &low, &moves));
        assert!(!found_better(Some(60), window, &beaten, &moves));
        assert!(!found_better(None, window, &[s(7, -1), s(3, -2)], &moves));
    }

    #[test]
    fn an_open_three_is_stopped_and_an_open_four_is_made() {
        // O to move against X's open three: only its four cells hold.
        let mut lines = board(&["g8", "h8", "i8", "c3"], &["a1", "o15", "m2"]);
        // Four plies are always searched, whatever the budget.
        let budget = Budget::of(Duration::from_millis(100));
        let mut search = Search::new(&mut lines, &budget);
        let moves = search.root_moves();
        let ranked = search.rank(moves, 4);
        let stops = ["e8", "f8", "j8", "k8"].map(at);
        assert!(stops.contains(&ranked[0].mv), "{:?}", ranked[0]);
        // X to move with the same three makes the open four, a win the
        // search sees.
        let mut lines = board(&["g8", "h8", "i8", "c3"], &["a1", "o15", "m2", "n14"]);
        let mut search = Search::new(&mut lines, &budget);
        let moves = search.root_moves();
        let ranked = search.rank(moves, 2);
        assert!([at("f8"), at("j8")].contains(&ranked[0].mv));
        assert!(ranked[0].score > WON);
        assert_eq!(lines.stones, 8, "the board is left as it was");
    }

    #[test]
    fn leaving_out_the_lost_defences_changes_no_choice() {
        // Positions of a lost game (the benchmark's), searched 5 plies
        // with the defences that leave an open four and without.
        let game = "j7 i7 h8 j8 i9 h9 k6 g7 k9 i5 j4 j5 k5 k7 k11 i6 i3 l6 k12 k10";
        let budget = Budget::of(Duration::ZERO);
        let mut fewer = 0;
        for n in [12, 16, 20] {
            let searched = |drop: bool| {
                let mut lines = after_moves(game, n);
                let mut search = Search::new(&mut lines, &budget);
                search.drop_lost_defences = drop;
                let moves = search.root_moves();
                let best = search.rank(moves, 5)[0];
                (best.mv, best.score, search.nodes)
            };
            let (all, dropped) = (searched(false), searched(true));
            assert_eq!((all.0, all.1), (dropped.0, dropped.1), "after {n} stones");
            fewer += usize::from(dropped.2 < all.2);
        }
        assert!(fewer >= 2, "the lost defences were left out");
    }

    #[test]
    fn no_iteration_is_begun_past_the_part_of_the_time_given() {
        // A minute to search, but no iteration past the first three plies
        // may begin once none of it is spent: three plies, at once.
        let game = "j7 i7 h8 j8 i9 h9 k6 g7 k9 i5 j4 j5";
        let mut lines = after_moves(game, 12);
        let budget = Budget::of(Duration::from_secs(60));
        let mut search = Search::new(&mut lines, &budget);
        search.begin_iterations_within = Some(0.0);
        let moves = search.root_moves();
        let count = moves.len();
        let ranked = search.rank(moves, 3);
        assert_eq!(search.depth, 3);
        assert!(!search.aborted, "the third iteration finished");
        assert_eq!(ranked.len(), count, "every move is ranked");
    }

    #[test]
    fn a_table_move_that_does_not_cut_off_leaves_the_other_moves_weighed() {
        // A search to 5 plies, then the same again with every move its
        // table holds sent to a corner far from the fight (at depth 0, so
        // no score is taken from it): each node tries the corner first,
        // before its list is made, and must still weigh the rest.
        let game = "j7 i7 h8 j8 i9 h9 k6 g7 k9 i5 j4 j5";
        let (fresh, _, mut kept) = searched(&mut after_moves(game, 12), None, 5);
        let corner = at("a1");
        let mut sent = 0;
        for entry in kept.entries.iter_mut().filter(|e| e.key != 0) {
            entry.mv = corner as u16;
            entry.depth = 0;
            sent += 1;
        }
        assert!(sent > 1000, "{sent} entries");
        let mut again = after_moves(game, 12);
        assert!(again.is_empty(corner));
        let (cornered, _, _) = searched(&mut again, Some(kept), 5);
        assert_eq!(
            (cornered[0].mv, cornered[0].score),
            (fresh[0].mv, fresh[0].score)
        );
    }

    #[test]
    fn the_next_move_s_search_takes_the_last_one_s_table_and_no_other_board_does() {
        // The benchmark's lost game after 12 stones, searched 7 plies; then
        // the two stones played next: the kept table saves nodes there.
        let game = "j7 i7 h8 j8 i9 h9 k6 g7 k9 i5 j4 j5 k5 k7";
        let (_, _, kept) = searched(&mut after_moves(game, 12), None, 7);
        let mut after = after_moves(game, 14);
        assert!(kept.leads_to(&after));
        let (_, fresh, _) = searched(&mut after, None, 7);
        let (_, continued, _) = searched(&mut after, Some(kept), 7);
        assert!(
            continued < fresh,
            "{continued} nodes continuing, {fresh} fresh"
        );
        // Not for a board where a stone has gone, nor for another k or
        // shape of as many cells (whose zobrist keys are the same).
        let kept = |cells: &Lines| Kept {
            game: SameGame::of(cells),
            entries: Vec::new(),
        };
        let earlier = after_moves(game, 10);
        assert!(!kept(&after).leads_to(&earlier));
        assert!(kept(&earlier).leads_to(&after));
        let mut other_k = after.clone();
        other_k.k = 4;
        assert!(!kept(&other_k).leads_to(&after));
        let mut other_shape = after.clone();
        (other_shape.width, other_shape.height) = (9, 25);
        assert!(!kept(&other_shape).leads_to(&after));
    }

    #[test]
    fn a_four_three_wins_against_a_side_without_a_four() {
        // X: f8 g8 h8 closed at e8, and i6 i7: i8 is a four and an open
        // three at once; O has no four to make.
        let mut lines = board(
            &["f8", "g8", "h8", "i6", "i7"],
            &["e8", "a1", "a3", "o15", "o13"],
        );
        let budget = Budget::of(Duration::from_millis(50));
        let mut search = Search::new(&mut lines, &budget);
        assert_eq!(search.decided(0), Some(WIN - 5), "known before any search");
        let moves = search.root_moves();
        let ranked = search.rank(moves, 1);
        assert_eq!(ranked[0].mv, at("i8"));
        assert!(ranked[0].score > WON, "{:?}", ranked[0]);
    }
}
