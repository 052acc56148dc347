//! A book of the search's choices by shape, for the open boards of k = 5
//! (`lines::is_open`: 11×11 and up, so 15×15, 19×19 and 20×20): X's
//! fifth stone (its third move) after the openings where O's first stone
//! is beside X's along a row or a column, whatever O's reply near the
//! stones, each searched offline
//! to a fixed depth — past what a second a move reaches — and keyed by
//! the stones' shape: where they lie to each other, up to the board's
//! eight symmetries, whatever the board's size or where on it they stand,
//! so that one book serves every open board. It holds only where every
//! stone is at least k − 1 cells from every edge, as the opening's third
//! stone (`beyond::opening`) does. Made by `unbeatable book --shapes`;
//! why it stops at the fifth stone, in docs/mnk.md, "A book of shapes". A
//! choice, not a proof: play checks it against the threats as it checks
//! its own search's (`strength::advise`) and calls it the search's
//! choice.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::games::mnk::beyond::lines::{Lines, is_open};
use crate::games::mnk::beyond::opening::third_stone;
use crate::games::mnk::book::choices::{MIN_DEPTH, ranked};
use crate::games::mnk::book::make::run_each;

/// The only line length the book is for: the open boards' gomoku.
pub const K: usize = 5;

/// The board the book is made on: the Gomocup's and the usual one.
pub const MADE_ON: usize = 15;

/// The widest a shape may be: the largest board a game takes.
const MAX_SPAN: i64 = 20;

/// Stones, each `(x, y, side)` (side 1 for X, 2 for O), sorted, moved so
/// that the least x and the least y are 0.
pub type Shape = Vec<(i64, i64, u8)>;

/// One of the eight symmetries of the square: swap the axes if bit 2,
/// then mirror x if bit 0, y if bit 1.
fn turn(sym: usize, (x, y): (i64, i64)) -> (i64, i64) {
    let (x, y) = if sym & 4 == 0 { (x, y) } else { (y, x) };
    (
        if sym & 1 == 0 { x } else { -x },
        if sym & 2 == 0 { y } else { -y },
    )
}

/// `turn` undone.
fn unturn(sym: usize, (x, y): (i64, i64)) -> (i64, i64) {
    let (x, y) = (
        if sym & 1 == 0 { x } else { -x },
        if sym & 2 == 0 { y } else { -y },
    );
    if sym & 4 == 0 { (x, y) } else { (y, x) }
}

/// How a board's stones map onto their shape: a symmetry, then a shift.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Frame {
    sym: usize,
    shift: (i64, i64),
}

impl Frame {
    /// The point of the shape that the board's `(x, y)` becomes.
    #[must_use]
    pub fn to_shape(self, p: (i64, i64)) -> (i64, i64) {
        let (x, y) = turn(self.sym, p);
        (x - self.shift.0, y - self.shift.1)
    }

    /// The board's point that the shape's `(x, y)` came from.
    #[must_use]
    pub fn to_board(self, (x, y): (i64, i64)) -> (i64, i64) {
        unturn(self.sym, (x + self.shift.0, y + self.shift.1))
    }
}

/// The shape of `stones` and the frame that makes it: of the eight
/// images, the least.
#[must_use]
pub fn canonical(stones: &[(i64, i64, u8)]) -> (Shape, Frame) {
    (0..8)
        .map(|sym| {
            let turned: Vec<_> = stones
                .iter()
                .map(|&(x, y, side)| {
                    let (x, y) = turn(sym, (x, y));
                    (x, y, side)
                })
                .collect();
            let shift = (
                turned.iter().map(|s| s.0).min().unwrap_or(0),
                turned.iter().map(|s| s.1).min().unwrap_or(0),
            );
            let mut shape: Shape = turned
                .into_iter()
                .map(|(x, y, side)| (x - shift.0, y - shift.1, side))
                .collect();
            shape.sort_unstable();
            (shape, Frame { sym, shift })
        })
        .min_by(|a, b| a.0.cmp(&b.0))
        .unwrap_or_default()
}

/// The cells at least k − 1 from every edge, where the book of choices
/// holds.
pub(super) fn inside(lines: &Lines, p: (i64, i64)) -> bool {
    within(lines, p, Kind::Choices.margin(lines))
}

/// Whether the point is on the board at least `margin` cells from every
/// edge.
fn within(lines: &Lines, (x, y): (i64, i64), margin: i64) -> bool {
    (margin..lines.width as i64 - margin).contains(&x)
        && (margin..lines.height as i64 - margin).contains(&y)
}

/// The board's point of a cell.
pub(super) fn point(lines: &Lines, c: usize) -> (i64, i64) {
    ((c % lines.width) as i64, (c / lines.width) as i64)
}

/// The shape of the board's stones and its frame, where the book of
/// choices can hold: an open board of k = 5, X to move, every stone
/// inside.
#[must_use]
pub fn shape_of(lines: &Lines) -> Option<(Shape, Frame)> {
    shape_within(lines, Kind::Choices.margin(lines))
}

/// `shape_of`, every stone at least `margin` cells from every edge.
#[must_use]
pub fn shape_within(lines: &Lines, margin: i64) -> Option<(Shape, Frame)> {
    if lines.k != K || !is_open(lines.width, lines.height, lines.k) || lines.to_move() != 0 {
        return None;
    }
    let mut stones = Vec::with_capacity(lines.stones);
    for (c, &side) in lines.cell.iter().enumerate() {
        if side != 0 {
            let p = point(lines, c);
            if !within(lines, p, margin) {
                return None;
            }
            stones.push((p.0, p.1, side));
        }
    }
    Some(canonical(&stones))
}

/// What a book by shape holds: the search's choices, or X's wins proven
/// by threats (`book::wins`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Kind {
    #[default]
    Choices,
    Wins,
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Kind {
    /// How far from every edge the stones and the move must stand for
    /// the book to hold: k − 1 for the search's choices, made with the
    /// board's edges beyond every line the stones make; none for the
    /// wins, which play only takes as a choice, checked against the
    /// threats — the edges nearer than they stood in the proof, its move
    /// is a strong one still, where play meets it most (the stones spread
    /// past the board's middle seven by seven cells within a few moves).
    #[must_use]
    pub fn margin(self, lines: &Lines) -> i64 {
        match self {
            Self::Choices => lines.k as i64 - 1,
            Self::Wins => 0,
        }
    }

    /// The first word of the book's header.
    fn name(self) -> &'static str {
        match self {
            Self::Choices => "shapes",
            Self::Wins => "wins",
        }
    }

    /// The book's title, its first line.
    fn title(self) -> &'static str {
        match self {
            Self::Choices => "the search's choices by shape",
            Self::Wins => "X's wins proven by threats, by shape",
        }
    }
}

/// X's moves by shape, each in its shape's own points.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shapes {
    pub kind: Kind,
    /// The plies each choice's search looked ahead; in a book of wins,
    /// the threats each proof went deep at most.
    pub depth: i32,
    entries: HashMap<Shape, (i64, i64)>,
}

impl Shapes {
    #[must_use]
    pub fn new(depth: i32) -> Self {
        Self::of_kind(Kind::Choices, depth)
    }

    #[must_use]
    pub fn of_kind(kind: Kind, depth: i32) -> Self {
        Self {
            kind,
            depth,
            entries: HashMap::new(),
        }
    }

    /// Whether the book holds a move for `shape`.
    #[must_use]
    pub fn holds(&self, shape: &Shape) -> bool {
        self.entries.contains_key(shape)
    }

    /// Notes `mv` for `shape` where the book holds none yet.
    pub fn note(&mut self, shape: Shape, mv: (i64, i64)) {
        self.entries.entry(shape).or_insert(mv);
    }

    /// The book's move on the board, where it holds one: an empty cell,
    /// it and every stone as far from the edges as the kind of book asks
    /// (`Kind::margin`).
    #[must_use]
    pub fn get(&self, lines: &Lines) -> Option<usize> {
        let margin = self.kind.margin(lines);
        let (shape, frame) = shape_within(lines, margin)?;
        let (x, y) = frame.to_board(*self.entries.get(&shape)?);
        // Inside first: a point off the board must not wrap onto a row.
        if !within(lines, (x, y), margin) {
            return None;
        }
        let c = (y * lines.width as i64 + x) as usize;
        lines.is_empty(c).then_some(c)
    }

    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Every entry, in a stable order.
    #[must_use]
    pub fn entries(&self) -> Vec<(Shape, (i64, i64))> {
        let mut all: Vec<_> = self.entries.iter().map(|(s, &m)| (s.clone(), m)).collect();
        all.sort_unstable();
        all
    }

    /// The book as text: a header, then one line an entry, its stones
    /// `x,y,side` and after `>` the move, `x,y`.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = format!(
            "# unbeatable mnk book of {}\n{} k {K} depth {}\n",
            self.kind.title(),
            self.kind.name(),
            self.depth
        );
        for (shape, (x, y)) in self.entries() {
            for (sx, sy, side) in shape {
                let _ = write!(out, "{sx},{sy},{side} ");
            }
            let _ = writeln!(out, "> {x},{y}");
        }
        out
    }

    /// Reads a book of shapes; `None` if the text is not one. An entry
    /// that is not a canonical shape with X to move, or whose move is on
    /// a stone or far from every one, makes the whole book refused: a
    /// broken book is never trusted.
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let mut lines = text.lines().filter(|l| !l.starts_with('#'));
        let header: Vec<&str> = lines.next()?.split_whitespace().collect();
        let [name, "k", k, "depth", depth] = header[..] else {
            return None;
        };
        let kind = [Kind::Choices, Kind::Wins]
            .into_iter()
            .find(|kind| kind.name() == name)?;
        if k.parse::<usize>().ok()? != K {
            return None;
        }
        let mut book = Self::of_kind(kind, depth.parse().ok()?);
        let number = |t: &str| t.parse::<i64>().ok().filter(|n| n.abs() <= MAX_SPAN);
        for line in lines {
            let (stones, mv) = line.split_once('>')?;
            let mut shape = Shape::new();
            for stone in stones.split_whitespace() {
                let [x, y, side] = stone.split(',').collect::<Vec<_>>()[..] else {
                    return None;
                };
                let side: u8 = side.parse().ok().filter(|s| (1..=2).contains(s))?;
                shape.push((number(x)?, number(y)?, side));
            }
            let [x, y] = mv.trim().split(',').collect::<Vec<_>>()[..] else {
                return None;
            };
            let mv = (number(x)?, number(y)?);
            let xs = shape.iter().filter(|s| s.2 == 1).count();
            let cells: HashSet<_> = shape.iter().map(|&(x, y, _)| (x, y)).collect();
            let near = shape
                .iter()
                .any(|&(x, y, _)| x.abs_diff(mv.0).max(y.abs_diff(mv.1)) < K as u64);
            if xs == 0
                || 2 * xs != shape.len()
                || cells.len() != shape.len()
                || cells.contains(&mv)
                || !near
                || canonical(&shape).0 != shape
                || book.entries.insert(shape, mv).is_some()
            {
                return None;
            }
        }
        Some(book)
    }
}

/// The book of shapes compiled into the binary, read once; `None` if it
/// were broken (a test makes sure it is not).
#[must_use]
pub fn builtin() -> Option<&'static Shapes> {
    static READ: OnceLock<Option<Shapes>> = OnceLock::new();
    READ.get_or_init(|| Shapes::parse(BUILTIN).filter(|b| b.kind == Kind::Choices))
        .as_ref()
}

/// The shipped book.
pub const BUILTIN: &str = include_str!("../../../../assets/books/k5.shapes");

/// The shape's stones on the `MADE_ON` board, in its middle, and the
/// board's point of the shape's 0,0: the image the book searches, so
/// that a test can search it again.
#[must_use]
pub fn placed(shape: &[(i64, i64, u8)]) -> Option<(Lines, (i64, i64))> {
    let n = MADE_ON as i64;
    let span = |f: fn(&(i64, i64, u8)) -> i64| shape.iter().map(f).max().unwrap_or(0);
    let offset = ((n - 1 - span(|s| s.0)) / 2, (n - 1 - span(|s| s.1)) / 2);
    let mut lines = Lines::new(MADE_ON, MADE_ON, K)?;
    for &(x, y, side) in shape {
        let (x, y) = (x + offset.0, y + offset.1);
        if !(0..n).contains(&x) || !(0..n).contains(&y) {
            return None;
        }
        lines.play((y * n + x) as usize, usize::from(side - 1));
    }
    Some((lines, offset))
}

/// X's choice for `shape` at `depth` plies, in the shape's points:
/// searched on its image in the middle of the board (`placed`).
#[must_use]
pub fn choose_for(shape: &[(i64, i64, u8)], depth: i32) -> Option<(i64, i64)> {
    let (mut lines, offset) = placed(shape)?;
    let chosen = *ranked(&mut lines, depth).first()?;
    let (x, y) = point(&lines, chosen);
    Some((x - offset.0, y - offset.1))
}

/// What `make` is asked for.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The plies X's choices are searched ahead.
    pub depth: i32,
    /// Positions up to this many stones get X's choice.
    pub stones: usize,
    /// Positions searched at once, each on its own thread.
    pub threads: usize,
    /// The book is handed to `save` at least this often.
    pub save_every: Duration,
}

/// The plies O's replies past the first are searched ahead: two fewer
/// than X's choices, about what play reaches in a second.
fn reply_depth(depth: i32) -> i32 {
    (depth - 2).max(MIN_DEPTH)
}

/// O's replies the book follows: to X's third stone every empty cell
/// within two of a stone (the strong engines answer anywhere there);
/// past it, the search's first `breadth` at `reply_depth`. Only cells
/// inside.
fn replies(lines: &Lines, depth: i32, breadth: usize) -> Vec<usize> {
    let mut moves: Vec<usize> = if lines.stones == 3 {
        (0..lines.cells())
            .filter(|&c| lines.is_empty(c))
            .filter(|&c| {
                let (x, y) = point(lines, c);
                lines.cell.iter().enumerate().any(|(s, &side)| {
                    let (sx, sy) = point(lines, s);
                    side != 0 && x.abs_diff(sx).max(y.abs_diff(sy)) <= 2
                })
            })
            .collect()
    } else {
        ranked(&mut lines.clone(), reply_depth(depth))
            .into_iter()
            .take(breadth)
            .collect()
    };
    moves.retain(|&c| inside(lines, point(lines, c)));
    moves
}

/// The positions the book starts from, on the `MADE_ON` board: X's
/// stone in the centre, O's beside it along a row or a column, X's third
/// where the opening puts it (`opening::third_stone`). Not where O's is
/// diagonal to X's: there the book's fifth stone lost more games than
/// the search's own (docs/mnk.md, "A book of shapes").
pub(super) fn roots() -> Vec<Lines> {
    let n = MADE_ON as i64;
    let centre = (n / 2, n / 2);
    let mut seen = HashSet::new();
    let mut roots = Vec::new();
    for (dx, dy) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
        let Some(mut lines) = Lines::new(MADE_ON, MADE_ON, K) else {
            continue;
        };
        let cell = |(x, y): (i64, i64)| (y * n + x) as usize;
        lines.play(cell(centre), 0);
        lines.play(cell((centre.0 + dx, centre.1 + dy)), 1);
        let Some(third) = third_stone(&lines) else {
            continue;
        };
        lines.play(third, 0);
        let key = stones_of(&lines);
        if seen.insert(canonical(&key).0) {
            roots.push(lines);
        }
    }
    roots
}

fn stones_of(lines: &Lines) -> Vec<(i64, i64, u8)> {
    lines
        .cell
        .iter()
        .enumerate()
        .filter(|&(_, &side)| side != 0)
        .map(|(c, &side)| {
            let (x, y) = point(lines, c);
            (x, y, side)
        })
        .collect()
}

/// Makes the book, or goes on with `resume` (an earlier run's at the
/// same depth): from the roots, layer by layer, O's replies (`replies`)
/// and X's choice at `plan.depth` in each position up to `plan.stones`
/// stones, handing the book to `save` now and then so that a stopped
/// build goes on where it was. `progress` hears the stones of the layer,
/// how many of its positions are done and how many it has.
///
/// # Errors
/// Where the resumed book was made at another depth, a sentence saying
/// so; else the first error `save` returns, where the build stops.
pub fn make(
    plan: &Plan,
    resume: Option<Shapes>,
    mut save: impl FnMut(&Shapes) -> Result<(), String>,
    mut progress: impl FnMut(usize, usize, usize),
) -> Result<Shapes, String> {
    let mut book = resume.unwrap_or_else(|| Shapes::new(plan.depth));
    if book.depth != plan.depth {
        return Err(format!(
            "it was made at depth {}, not {}",
            book.depth, plan.depth
        ));
    }
    let workers = vec![(); plan.threads.max(1)];
    let mut layer = after_replies(&roots(), plan.depth, BREADTH, &workers);
    let mut saved = Instant::now();
    while !layer.is_empty() && layer[0].stones <= plan.stones {
        let stones = layer[0].stones;
        // Each shape once, with its frame on its board.
        let mut seen = HashSet::new();
        layer.retain(|l| shape_of(l).is_some_and(|(s, _)| seen.insert(s)));
        let todo: Vec<&Lines> = layer
            .iter()
            .filter(|l| shape_of(l).is_none_or(|(s, _)| !book.entries.contains_key(&s)))
            .collect();
        progress(stones, layer.len() - todo.len(), layer.len());
        let mut failed = None;
        let mut done = layer.len() - todo.len();
        run_each(
            &workers,
            &todo,
            |(), lines| {
                let (shape, _) = shape_of(lines)?;
                let mv = choose_for(&shape, plan.depth)?;
                Some((shape, mv))
            },
            |_, chosen| {
                if let Some((shape, mv)) = chosen {
                    book.entries.insert(shape, mv);
                }
                done += 1;
                if saved.elapsed() >= plan.save_every {
                    if let Err(e) = save(&book) {
                        failed = Some(e);
                        return false;
                    }
                    progress(stones, done, layer.len());
                    saved = Instant::now();
                }
                true
            },
        );
        if let Some(e) = failed {
            return Err(e);
        }
        save(&book)?;
        progress(stones, done, layer.len());
        if stones + 2 > plan.stones {
            break;
        }
        layer = next_layer(&book, &layer, plan, &workers);
    }
    Ok(book)
}

/// The positions two stones on: after X's choice in each, O's replies.
fn next_layer(book: &Shapes, layer: &[Lines], plan: &Plan, workers: &[()]) -> Vec<Lines> {
    let played: Vec<Lines> = layer
        .iter()
        .filter_map(|lines| {
            let c = book.get(lines)?;
            let mut next = lines.clone();
            next.play(c, 0);
            (next.winner.is_none()).then_some(next)
        })
        .collect();
    after_replies(&played, plan.depth, BREADTH, workers)
}

/// The replies of O's the book of shapes follows past X's third stone.
const BREADTH: usize = 2;

/// Each position (O to move) after each of O's replies (`replies`, the
/// first `breadth` past X's third stone), in a stable order.
pub(super) fn after_replies(
    played: &[Lines],
    depth: i32,
    breadth: usize,
    workers: &[()],
) -> Vec<Lines> {
    let positions: Vec<&Lines> = played.iter().collect();
    let mut next = each_after(&positions, 1, workers, |l| replies(l, depth, breadth));
    // In a stable order whatever the threads' timing.
    next.sort_by_key(|l| canonical(&stones_of(l)).0);
    next
}

/// Every position after a move of `side`'s in one of `positions`, the
/// moves of each given by `moves`, on as many threads as `workers`; a
/// position with a line already left out.
pub(super) fn each_after(
    positions: &[&Lines],
    side: usize,
    workers: &[()],
    moves: impl Fn(&Lines) -> Vec<usize> + Sync,
) -> Vec<Lines> {
    let mut next = Vec::new();
    run_each(
        workers,
        positions,
        |(), lines| {
            moves(lines)
                .into_iter()
                .map(|m| {
                    let mut after = (*lines).clone();
                    after.play(m, side);
                    after
                })
                .filter(|l| l.winner.is_none())
                .collect::<Vec<_>>()
        },
        |_, after| {
            next.extend(after);
            true
        },
    );
    next
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mnk::beyond::lines::named::{at, board};

    fn sample() -> Vec<(i64, i64, u8)> {
        vec![(7, 7, 1), (7, 8, 2), (6, 8, 1), (5, 9, 2)]
    }

    #[test]
    fn a_shape_is_the_same_under_every_symmetry_and_shift() {
        let (shape, _) = canonical(&sample());
        for sym in 0..8 {
            for shift in [(0, 0), (3, -2), (-5, 4)] {
                let moved: Vec<_> = sample()
                    .iter()
                    .map(|&(x, y, s)| {
                        let (x, y) = turn(sym, (x, y));
                        (x + shift.0, y + shift.1, s)
                    })
                    .collect();
                let (again, frame) = canonical(&moved);
                assert_eq!(again, shape, "symmetry {sym}, shift {shift:?}");
                for &(x, y, _) in &moved {
                    assert_eq!(frame.to_board(frame.to_shape((x, y))), (x, y));
                }
            }
        }
    }

    #[test]
    fn a_move_goes_back_to_where_the_stones_are() {
        // The book's move after h8 h9 g9 f10, asked on the board shifted
        // one cell up and right (i9 i10 h10 g11), is shifted with it.
        let lines = board(&["h8", "g9"], &["h9", "f10"]);
        let (shape, frame) = shape_of(&lines).expect("inside");
        let mut book = Shapes::new(1);
        book.entries
            .insert(shape, frame.to_shape(point(&lines, at("g7"))));
        let text = book.to_text();
        let book = Shapes::parse(&text).expect("its own text");
        assert_eq!(book.get(&lines), Some(at("g7")));
        assert_eq!(
            book.get(&board(&["i9", "h10"], &["i10", "g11"])),
            Some(at("h8"))
        );
        // Mirrored left to right: h8 j9 i9 ... as X h8, O h9, X i9, O j10.
        assert_eq!(
            book.get(&board(&["h8", "i9"], &["h9", "j10"])),
            Some(at("i7"))
        );
        // Near the edge, or O to move: no move.
        assert_eq!(book.get(&board(&["b2", "a3"], &["b3", "a4"])), None);
        assert_eq!(book.get(&board(&["h8", "g9", "a1"], &["h9", "f10"])), None);
    }

    #[test]
    fn the_shipped_book_holds_x_s_fifth_stone_after_every_near_reply() {
        let book = builtin().expect("the shipped book reads");
        assert!(book.depth >= 12, "{}", book.depth);
        // The openings along a line, as play meets them anywhere inside
        // the board: every O reply within two of a stone.
        for (x, o) in [("h8", "h9"), ("g6", "f6"), ("j9", "j8"), ("f10", "g10")] {
            let mut lines = board(&[x], &[o]);
            let third = third_stone(&lines).expect("a touching opening");
            lines.play(third, 0);
            for reply in replies(&lines, book.depth, BREADTH) {
                lines.play(reply, 1);
                assert!(book.get(&lines).is_some(), "{x} {o} then {reply}");
                lines.undo();
            }
        }
        // Where O's stone is diagonal to X's, the search plays its own.
        assert_eq!(book.get(&board(&["h8", "h7"], &["i9", "g7"])), None);
    }

    #[test]
    fn a_sample_of_the_shipped_book_comes_out_of_the_search_again() {
        let book = builtin().expect("the shipped book reads");
        // Every sixth: the same search at the book's depth makes the
        // same choice.
        let sample: Vec<_> = book.entries().into_iter().step_by(6).collect();
        assert!(sample.len() >= 3, "{}", sample.len());
        for (shape, mv) in sample {
            assert_eq!(choose_for(&shape, book.depth), Some(mv), "{shape:?}");
        }
    }

    #[test]
    fn a_broken_book_is_refused_whole() {
        let (shape, _) = canonical(&sample());
        let line = |shape: &[(i64, i64, u8)], mv: &str| {
            let stones: Vec<String> = shape
                .iter()
                .map(|(x, y, s)| format!("{x},{y},{s}"))
                .collect();
            format!("shapes k 5 depth 13\n{} > {mv}\n", stones.join(" "))
        };
        assert!(Shapes::parse(&line(&shape, "3,0")).is_some());
        // Another image of the same stones: mirrored, not the least.
        let mut mirrored: Shape = shape.iter().map(|&(x, y, s)| (3 - x, y, s)).collect();
        mirrored.sort_unstable();
        assert_ne!(mirrored, shape);
        let (x, y, _) = shape[0];
        for bad in [
            "shapes k 4 depth 13\n".to_string(),
            "choices 8 8 5 depth 13\n".to_string(),
            // O to move.
            line(&shape[..3], "3,0"),
            // On a stone, far from every stone, beyond any board.
            line(&shape, &format!("{x},{y}")),
            line(&shape, "12,12"),
            line(&shape, "99,0"),
            line(&mirrored, "3,0"),
            // Twice.
            format!("{}{}", line(&shape, "3,0"), &line(&shape, "3,1")[20..]),
            "shapes k 5 depth 13\n0,0,3 1,0,1 > 2,2\n".to_string(),
        ] {
            assert_eq!(Shapes::parse(&bad), None, "{bad}");
        }
    }
}
