//! A book of X's wins proven by threats, by shape, for the open boards of
//! k = 5: positions of the openings where O's first stone is beside X's
//! along a row or a column (those of the book of shapes, `shapes`), each
//! given a proof-number search offline far longer than play's second,
//! and wherever it proves X's win, the positions of that proof with X to
//! move within X's next two moves, each with its winning move. A win the
//! program proves in 50 s is one it cannot prove in a move's second, and
//! against Rapfi it lost from such a position (docs/mnk.md, "A book of
//! proven wins").
//!
//! Keyed as the book of shapes is, so one book serves every open board,
//! here wherever the stones stand (`Kind::margin`). The proof holds on
//! the board it was made on, the stones in the middle of 15×15; elsewhere
//! the edges stand nearer some of its lines, and a proof can change with
//! them, so play takes the book's move as a choice — first among the
//! search's, checked against the threats as the search's own first
//! choice is — and claims no win it has not proven itself.

use std::collections::HashSet;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::engine::Budget;
use crate::games::mnk::beyond::lines::Lines;
use crate::games::mnk::beyond::proof_numbers::{MAX_POSITIONS, ProofNumbers};
use crate::games::mnk::beyond::strength::lost_to_threats_on_lines;
use crate::games::mnk::book::choices::ranked;
use crate::games::mnk::book::make::run_each;
use crate::games::mnk::book::shapes::{
    self, Kind, Shape, Shapes, after_replies, each_after, placed, point, roots, shape_within,
};

/// How many threats deep a proof goes at most: play's deepest search
/// (`strength::DEEP_THREATS`).
pub const DEPTH: u32 = 12;

/// Positions of one proof walked at most, nearest the position proven
/// first.
const MOST_PER_PROOF: usize = 2048;

/// The plies past the position proven within which its proof's
/// positions are kept: X's next two moves, where play needs them
/// soonest; past them the proof is short enough for play to find again.
/// Every position of the proofs, a first build's 22956 of them, made a
/// book of 2.6 MB that took play 0.2 s and 17 MB to read.
const KEPT_PLIES: usize = 4;

/// The proof-number search's table in a build: many times play's, as a
/// build's search runs for minutes (some 40 bytes a position).
const BUILD_POSITIONS: usize = MAX_POSITIONS << 3;

/// The shipped book.
pub const BUILTIN: &str = include_str!("../../../../assets/books/k5.wins");

/// The book of wins compiled into the binary, read once; `None` if it
/// were broken (a test makes sure it is not).
#[must_use]
pub fn builtin() -> Option<&'static Shapes> {
    static READ: OnceLock<Option<Shapes>> = OnceLock::new();
    READ.get_or_init(|| Shapes::parse(BUILTIN).filter(|b| b.kind == Kind::Wins))
        .as_ref()
}

/// X's win in the position of `shape` (X to move), proven on its image
/// in the middle of the board (`shapes::placed`) within `think`: by
/// threats (`threat_win`) with part of the time, else by a quiet move
/// after which every move of O's loses to them (`quiet_win`), as
/// `analyze` proves a win. The positions of the proof with X to move
/// within `KEPT_PLIES`, as `(shape, move)`, the position of `shape`
/// first; empty where no win is proven in time.
#[must_use]
pub fn prove(shape: &Shape, think: Duration) -> Vec<(Shape, (i64, i64))> {
    let Some((mut lines, _)) = placed(shape) else {
        return Vec::new();
    };
    let budget = Budget::of(think);
    let threats = budget.capped(think.mul_f64(THREATS_SHARE));
    let found = threat_win(&mut lines, &threats).or_else(|| quiet_win(&mut lines, &budget));
    found.map_or_else(Vec::new, |found| entries(&lines, found))
}

/// The part of a position's time its threat search has, the rest left
/// to the quiet moves.
const THREATS_SHARE: f64 = 0.5;

/// The positions of `found`, lines from `lines` each with X's move at
/// its end, by shape.
fn entries(lines: &Lines, found: Vec<(Vec<usize>, usize)>) -> Vec<(Shape, (i64, i64))> {
    let mut proven = Vec::new();
    for (path, mv) in found
        .into_iter()
        .filter(|(path, _)| path.len() <= KEPT_PLIES)
    {
        let mut after = lines.clone();
        for (i, &m) in path.iter().enumerate() {
            after.play(m, i % 2);
        }
        let at = point(&after, mv);
        if let Some((shape, frame)) = shape_anywhere(&after) {
            proven.push((shape, frame.to_shape(at)));
        }
    }
    proven
}

/// X's win (X to move) by threats within `DEPTH`, by proof numbers: the
/// lines of its proof (`ProofNumbers::proof_lines`), the position itself
/// first; `None` where none is proven within `budget`.
fn threat_win(lines: &mut Lines, budget: &Budget) -> Option<Vec<(Vec<usize>, usize)>> {
    let mut search = ProofNumbers::new(budget).with_limit(BUILD_POSITIONS);
    let first = search.win(lines, 0, DEPTH)?;
    let mut found = search.proof_lines(lines, DEPTH, MOST_PER_PROOF);
    // A win by fours alone is not in the table: the position itself.
    if found.first().is_none_or(|(path, _)| !path.is_empty()) {
        found.insert(0, (Vec::new(), first));
    }
    Some(found)
}

/// The search's first moves of X's tried for a quiet win.
const QUIET_MOVES: usize = 6;

/// O's replies to a quiet win whose threat proofs are kept too: the
/// search's first so many (every other reply loses as well, but play
/// finds those wins itself or meets them rarely).
const QUIET_REPLIES: usize = 8;

/// The plies the search looks ahead to order the quiet moves and the
/// replies: about what play reaches in a second.
const QUIET_ORDER_DEPTH: i32 = 8;

/// X's win (X to move) by a move that is no threat: one of the search's
/// first `QUIET_MOVES` after which every move of O's is proven to lose to
/// X's threats as `analyze` proves it (`lost_to_threats_on_lines`), and
/// the threat proofs after the search's first `QUIET_REPLIES` replies of
/// O's, as lines from `lines`; `None` where none is proven within
/// `budget`.
fn quiet_win(lines: &mut Lines, budget: &Budget) -> Option<Vec<(Vec<usize>, usize)>> {
    let moves = ranked(&mut lines.clone(), QUIET_ORDER_DEPTH);
    for (i, m) in moves.into_iter().take(QUIET_MOVES).enumerate() {
        // Each move an equal share of what is left: one whose check
        // cannot end must not take the others' time.
        let share = budget
            .remaining()?
            .checked_div(u32::try_from(QUIET_MOVES - i).unwrap_or(1))?;
        let each = budget.capped(share);
        lines.play(m, 0);
        let won = lines.winner == Some(0) || lost_to_threats_on_lines(lines, 1, &each);
        if !won || budget.exhausted() {
            lines.undo();
            continue;
        }
        let mut found = vec![(Vec::new(), m)];
        for r in ranked(&mut lines.clone(), QUIET_ORDER_DEPTH)
            .into_iter()
            .take(QUIET_REPLIES)
        {
            lines.play(r, 1);
            if let Some(after) = threat_win(lines, budget) {
                found.extend(
                    after
                        .into_iter()
                        .map(|(path, threat)| ([m, r].into_iter().chain(path).collect(), threat)),
                );
            }
            lines.undo();
        }
        lines.undo();
        return Some(found);
    }
    None
}

/// The shape of the position and its frame, wherever the stones stand
/// on an open board of k = 5, X to move (`Kind::margin`).
fn shape_anywhere(lines: &Lines) -> Option<(Shape, shapes::Frame)> {
    shape_within(lines, Kind::Wins.margin(lines))
}

/// What `make` is asked for.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The time each position's proof has.
    pub think: Duration,
    /// The plies X's moves are searched ahead where no win is proven, and
    /// (two fewer) O's replies (as in the book of shapes).
    pub depth: i32,
    /// Positions up to this many stones are tried.
    pub stones: usize,
    /// O's replies followed in a position past X's third stone: the
    /// search's first so many.
    pub replies: usize,
    /// X's moves followed where no win is proven: the book of shapes'
    /// (play's fifth stone) and the search's first, so many in all.
    pub x_moves: usize,
    /// Positions tried at once, each on its own thread.
    pub threads: usize,
    /// The book is handed to `save` at least this often.
    pub save_every: Duration,
}

/// Makes the book, or goes on with `resume`: from the positions after
/// each of O's replies to X's third stone (`shapes`), layer by layer,
/// each position's win tried (`prove`); where none is proven, X's moves
/// (`x_moves`) and O's first replies by the search after each lead to
/// the next layer, up to `plan.stones` stones. A resumed build tries again
/// the positions it did not prove (they are not written). `progress`
/// hears the stones of the layer, how many of its positions are done,
/// how many it has, and how many it proved.
///
/// # Errors
/// Where the resumed book is not one of wins, a sentence saying so; else
/// the first error `save` returns, where the build stops.
pub fn make(
    plan: &Plan,
    resume: Option<Shapes>,
    mut save: impl FnMut(&Shapes) -> Result<(), String>,
    mut progress: impl FnMut(usize, usize, usize, usize),
) -> Result<Shapes, String> {
    let depth = i32::try_from(DEPTH).unwrap_or(i32::MAX);
    let mut book = resume.unwrap_or_else(|| Shapes::of_kind(Kind::Wins, depth));
    if book.kind != Kind::Wins {
        return Err("it is a book of choices, not of wins".to_string());
    }
    let workers = vec![(); plan.threads.max(1)];
    let mut layer = after_replies(&roots(), plan.depth, plan.replies, &workers);
    let mut saved = Instant::now();
    while !layer.is_empty() && layer[0].stones <= plan.stones {
        let stones = layer[0].stones;
        let mut seen = HashSet::new();
        layer.retain(|l| shape_anywhere(l).is_some_and(|(s, _)| seen.insert(s)));
        let todo: Vec<&Lines> = layer
            .iter()
            .filter(|l| shape_anywhere(l).is_some_and(|(s, _)| !book.holds(&s)))
            .collect();
        let (mut done, mut won) = (layer.len() - todo.len(), 0);
        progress(stones, done, layer.len(), won);
        let mut failed = None;
        run_each(
            &workers,
            &todo,
            |(), lines| shape_anywhere(lines).map(|(s, _)| prove(&s, plan.think)),
            |_, proven| {
                let proven = proven.unwrap_or_default();
                won += usize::from(!proven.is_empty());
                for (shape, mv) in proven {
                    book.note(shape, mv);
                }
                done += 1;
                progress(stones, done, layer.len(), won);
                if saved.elapsed() >= plan.save_every {
                    if let Err(e) = save(&book) {
                        failed = Some(e);
                        return false;
                    }
                    saved = Instant::now();
                }
                true
            },
        );
        if let Some(e) = failed {
            return Err(e);
        }
        save(&book)?;
        if stones + 2 > plan.stones {
            break;
        }
        layer = next_layer(&book, &layer, plan, &workers);
    }
    Ok(book)
}

/// The positions two stones on from those of `layer` not proven won:
/// after X's moves there (`x_moves`), O's replies.
fn next_layer(book: &Shapes, layer: &[Lines], plan: &Plan, workers: &[()]) -> Vec<Lines> {
    let open: Vec<&Lines> = layer
        .iter()
        .filter(|l| shape_anywhere(l).is_some_and(|(s, _)| !book.holds(&s)))
        .collect();
    let played = each_after(&open, 0, workers, |l| x_moves(l, plan.depth, plan.x_moves));
    after_replies(&played, plan.depth, plan.replies, workers)
}

/// X's moves where no win is proven, `most` at most: the book of
/// shapes' (play's fifth stone) first, then the search's at `depth` in
/// its order; cells of `lines`.
fn x_moves(lines: &Lines, depth: i32, most: usize) -> Vec<usize> {
    let mut moves: Vec<usize> = shapes::builtin()
        .and_then(|b| b.get(lines))
        .into_iter()
        .collect();
    if moves.len() < most {
        for c in ranked(&mut lines.clone(), depth) {
            if moves.len() >= most {
                break;
            }
            if !moves.contains(&c) {
                moves.push(c);
            }
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mnk::beyond::lines::named::{at, board};
    use crate::games::mnk::book::shapes::shape_of;

    /// The time a proof in these tests has: far above what they take, to
    /// catch a search that runs away.
    const PATIENCE: Duration = Duration::from_secs(120);

    /// The cell of the shape's point `(x, y)` on its image in the middle
    /// of the board, placed at `offset`.
    fn cell(lines: &Lines, offset: (i64, i64), (x, y): (i64, i64)) -> usize {
        ((y + offset.1) * lines.width as i64 + x + offset.0) as usize
    }

    #[test]
    fn the_shipped_book_is_one_of_wins_and_the_books_are_not_taken_for_each_other() {
        let book = builtin().expect("the shipped book reads");
        assert_eq!(book.kind, Kind::Wins);
        assert!(book.len() >= 100, "{}", book.len());
        assert_eq!(i64::from(book.depth), i64::from(DEPTH));
        let choices = Shapes::parse(shapes::BUILTIN).expect("the book of shapes reads");
        assert_eq!(choices.kind, Kind::Choices);
        // A book of wins read back is the same book.
        assert_eq!(Shapes::parse(&book.to_text()).as_ref(), Some(book));
    }

    #[test]
    fn a_book_of_wins_holds_wherever_the_stones_stand() {
        // Stones near the corner: the book of choices holds only where
        // every stone is k − 1 from the edges; a book of wins anywhere.
        let lines = board(&["b2", "c3"], &["b3", "a4"]);
        let (shape, frame) = shape_anywhere(&lines).expect("an open board, X to move");
        assert_eq!(shape_of(&lines), None);
        let mv = frame.to_shape(point(&lines, at("d4")));
        for (kind, holds) in [(Kind::Wins, Some(at("d4"))), (Kind::Choices, None)] {
            let mut book = Shapes::of_kind(kind, 1);
            book.note(shape.clone(), mv);
            assert_eq!(book.get(&lines), holds, "{kind}");
        }
    }

    #[test]
    fn a_sample_of_the_shipped_book_is_proven_won_again() {
        // Some sixteen entries, evenly spread: on each one's image in the
        // middle of the board, after the book's threat, every move of O's
        // loses to X's threats.
        let book = builtin().expect("the shipped book reads");
        let step = (book.len() / 16).max(1);
        let sample: Vec<_> = book.entries().into_iter().step_by(step).collect();
        assert!(sample.len() >= 16, "{}", sample.len());
        for (shape, mv) in sample {
            let (mut lines, offset) = placed(&shape).expect("fits the board");
            let c = cell(&lines, offset, mv);
            assert!(lines.is_empty(c), "{shape:?}");
            lines.play(c, 0);
            let budget = Budget::of(PATIENCE);
            let lost = lines.winner == Some(0)
                || ProofNumbers::new(&budget)
                    .with_limit(BUILD_POSITIONS)
                    .every_move_loses(&mut lines, 1, DEPTH);
            assert!(lost, "{shape:?}: {mv:?}");
        }
    }

    #[test]
    fn a_proof_gives_the_position_first_then_the_positions_after_o_s_replies() {
        // A six-stone entry of the shipped book, proven again: the
        // position itself first, with a threat the book's proof may not
        // have chosen, and every position after it with X to move and
        // two stones more at least.
        let book = builtin().expect("the shipped book reads");
        let (shape, _) = book
            .entries()
            .into_iter()
            .find(|(s, _)| s.len() == 6)
            .expect("a six-stone entry");
        let proven = prove(&shape, PATIENCE);
        assert_eq!(proven.first().map(|p| &p.0), Some(&shape));
        assert!(proven.len() > 1, "{}", proven.len());
        for (after, mv) in &proven[1..] {
            let xs = after.iter().filter(|s| s.2 == 1).count();
            assert_eq!(2 * xs, after.len(), "X to move: {after:?}");
            assert!(after.len() >= 8, "{after:?}");
            assert!(!after.iter().any(|s| (s.0, s.1) == *mv), "{after:?}");
        }
        // Where X has no win by threats within the depth (after its
        // third stone and O's reply), nothing.
        let (early, _) = shape_anywhere(&board(&["h8", "g9"], &["h9", "f10"])).expect("inside");
        assert!(prove(&early, PATIENCE).is_empty());
    }
}
