//! The idea behind a gravity (Connect Four) position, in the words its
//! players use: threats (a cell where a side would complete the line),
//! immediate threats (playable now), odd and even threats (rows counted
//! from the bottom: the first player wants its threats on odd rows, the
//! second on even rows, since as the columns fill up each gets the cells
//! of its parity), zugzwang (every move lets the opponent win), claimeven
//! (the second player answering every move on top of it), and the first
//! player's odd threat that wins by zugzwang as the columns fill up.

use crate::engine::{Budget, Game, Player};

use crate::games::mnk::MnkGame;
use crate::games::mnk::MnkSolver;
use crate::games::mnk::connect::{OddThreat, Shape};
use crate::games::mnk::exact::distance::Known;

fn mark(p: Player) -> &'static str {
    match p {
        Player::First => "X",
        Player::Second => "O",
    }
}

/// The threat cells of one side, with their rows from the bottom.
struct Threats {
    cells: Vec<usize>,
    /// Playable now: the cell is the lowest empty one of its column.
    immediate: Vec<usize>,
    odd: usize,
    even: usize,
}

fn threats(shape: &Shape, pos: &MnkGame, player: Player) -> Threats {
    let (x, o) = pos.bits();
    let (x, o) = (shape.from_cells(x), shape.from_cells(o));
    let stones = if player == Player::First { x } else { o };
    let mask = x | o;
    let bits = shape.threats(stones, mask);
    let playable = shape.playable(mask);
    let mut t = Threats {
        cells: Vec::new(),
        immediate: Vec::new(),
        odd: 0,
        even: 0,
    };
    let mut b = bits;
    while b != 0 {
        let bit = b.trailing_zeros() as usize;
        b &= b - 1;
        let cell = shape.cell_of_bit(bit);
        t.cells.push(cell);
        if playable >> bit & 1 == 1 {
            t.immediate.push(cell);
        }
        if (bit % (shape.height + 1)).is_multiple_of(2) {
            t.odd += 1;
        } else {
            t.even += 1;
        }
    }
    t.cells.sort_unstable();
    t.immediate.sort_unstable();
    t
}

/// The search's column bits of `pos`: the stones of the player to move,
/// and all stones.
fn column_bits(shape: &Shape, pos: &MnkGame) -> (u64, u64) {
    let (x, o) = pos.bits();
    let (x, o) = (shape.from_cells(x), shape.from_cells(o));
    let cur = if pos.to_move() == Player::First { x } else { o };
    (cur, x | o)
}

/// What claimeven says of `pos` (see `Shape::follow_up`): `None` where
/// it does not apply, else whether the follower has a line of its own.
fn follow_up(shape: &Shape, pos: &MnkGame) -> Option<bool> {
    let (cur, mask) = column_bits(shape, pos);
    shape.follow_up(cur, mask)
}

/// What the odd threat with zugzwang says of `pos` (see
/// `Shape::odd_threat`): the follower's threat and the plies within which
/// the player to move loses, where it applies.
fn odd_threat(shape: &Shape, pos: &MnkGame) -> Option<OddThreat> {
    let (cur, mask) = column_bits(shape, pos);
    shape.odd_threat(cur, mask)
}

/// How the follower answers an odd threat's moves: on top, or in a pair
/// of odd columns with the lowest cell of the other (see
/// `Shape::odd_threat_paired`).
fn odd_answers(pos: &MnkGame, pairs: &[[usize; 2]]) -> String {
    let name = |c: usize| pos.geo.column_name(c);
    match pairs {
        [] => "each move on top of it".to_string(),
        [[a, b], rest @ ..] => {
            let same: String = rest
                .iter()
                .map(|&[c, d]| format!(", the same in {} and {}", name(c), name(d)))
                .collect();
            format!(
                "a move in column {} or {} with the lowest cell of the other{same}, and each other move on top of it",
                name(*a),
                name(*b)
            )
        }
    }
}

/// How many columns an odd threat leaves odd, in words.
const fn odd_column_count(pairs: usize) -> &'static str {
    match pairs {
        0 => "only one column",
        1 => "three columns",
        _ => "five columns",
    }
}

/// The rows, counted from the bottom, that claimeven leaves the player to
/// move and those it gives the follower: the first player's odd rows on
/// a board of even height.
fn claimed_rows(shape: &Shape) -> (&'static str, &'static str) {
    if shape.height.is_multiple_of(2) {
        ("odd", "even")
    } else {
        ("even", "odd")
    }
}

fn names(pos: &MnkGame, cells: &[usize]) -> String {
    let v: Vec<String> = cells.iter().map(|&c| pos.geo.cell_name(c)).collect();
    v.join(", ")
}

/// The position's threats and what they mean, then how it was solved.
pub fn explain(solver: &MnkSolver, shape: &Shape, pos: &MnkGame, budget: &Budget) -> Vec<String> {
    let mut lines = Vec::new();
    let mover = pos.to_move();
    let k = pos.geo.k;
    let mine = threats(shape, pos, mover);
    let theirs = threats(shape, pos, mover.opponent());
    if !mine.immediate.is_empty() {
        lines.push(format!(
            "{} (to move) completes {k} in a row by dropping a stone onto {}.",
            mark(mover),
            names(pos, &mine.immediate)
        ));
    } else if theirs.immediate.len() >= 2 {
        lines.push(format!(
            "{} has two immediate threats (at {}): only one can be blocked.",
            mark(mover.opponent()),
            names(pos, &theirs.immediate)
        ));
    } else if let Some(&c) = theirs.immediate.first() {
        lines.push(format!(
            "{} threatens to complete {k} in a row at {}: it must be blocked there.",
            mark(mover.opponent()),
            pos.geo.cell_name(c)
        ));
    }
    for (player, t) in [(mover, &mine), (mover.opponent(), &theirs)] {
        if t.cells.is_empty() {
            continue;
        }
        let (good, bad, parity) = match player {
            Player::First => (t.odd, t.even, "odd"),
            Player::Second => (t.even, t.odd, "even"),
        };
        lines.push(format!(
            "{}'s threats (cells that would complete {k} in a row): {}; {good} on {parity} rows counted from the bottom, the rows {} wants as the columns fill up{}.",
            mark(player),
            names(pos, &t.cells),
            mark(player),
            if bad > 0 {
                format!(", {bad} on the others")
            } else {
                String::new()
            }
        ));
    }
    if mine.immediate.is_empty() && !pos.status().is_over() {
        // Zugzwang: every column the mover may play is under a threat of
        // the opponent, or the one forced block is.
        let under = pos
            .moves()
            .all(|mv| mv >= pos.geo.width && theirs.cells.contains(&(mv - pos.geo.width)));
        if under && theirs.immediate.is_empty() {
            lines.push(format!(
                "Zugzwang: {} must drop a stone under one of {}'s threats, and {} then wins on top of it.",
                mark(mover),
                mark(mover.opponent()),
                mark(mover.opponent())
            ));
        }
    }
    if !pos.status().is_over()
        && let Some(follower_wins) = follow_up(shape, pos)
    {
        let (left, taken) = claimed_rows(shape);
        let (m, f) = (mark(mover), mark(mover.opponent()));
        lines.push(format!(
            "Claimeven: every column has an even number of empty cells, so {f} can answer each move on top of it and take every empty cell of the {taken} rows. {m} cannot make {k} in a row with its stones and the {left} rows: {m} cannot win{}.",
            if follower_wins {
                format!(", and {f} can with its own and the {taken} rows: {f} wins")
            } else {
                String::new()
            }
        ));
    }
    if !pos.status().is_over()
        && let Some(odd) = odd_threat(shape, pos)
    {
        let (m, f) = (mark(mover), mark(mover.opponent()));
        let column = pos.geo.column_name(odd.cell % pos.geo.width);
        let paired: Vec<String> = odd
            .pairs
            .iter()
            .flatten()
            .map(|&c| pos.geo.column_name(c))
            .collect();
        let odd_columns = match paired.split_last() {
            None => format!("only column {column} has"),
            Some((last, rest)) => {
                format!("only columns {column}, {} and {last} have", rest.join(", "))
            }
        };
        let whichever = match odd.pairs.len() {
            0 => "",
            1 => ", whichever of the two it takes",
            _ => ", even with the lowest cells of all the pairs",
        };
        let answers = odd_answers(pos, &odd.pairs);
        lines.push(format!(
            "Odd threat: {odd_columns} an odd number of empty cells, so {f} can answer {answers}, until {m} has to drop a stone under {f}'s threat at {} (zugzwang). {m} cannot make {k} in a row with the cells that leaves it{whichever}: {f} wins, within {}.",
            pos.geo.cell_name(odd.cell),
            crate::text::plies(u64::from(odd.within))
        ));
    }
    if lines.is_empty() && !pos.status().is_over() {
        lines.push("No one has a threat yet: a cell that would complete a line.".to_string());
    }
    lines.push(match solver.known(pos, &budget.share(0.7)) {
        Known::Exact(_) => "Solved exactly: alpha-beta over column bitboards (threats found by shifts, moves under an opponent's threat cut, the mirror image folded into one table entry, claimeven and the odd threat as bounds), and an opening book where one is shipped.".to_string(),
        Known::Outcome(_) => "Proven won or lost by the exact search (alpha-beta over column bitboards), but how many plies it takes was not worked out within the time budget.".to_string(),
        Known::Unknown => {
            "Not proven: the exact search did not finish within the time budget. The values are unknown, and the computer plays the move its search rates best.".to_string()
        }
    });
    lines
}

/// Why a column is right, where a threat says so.
pub fn reason(shape: &Shape, pos: &MnkGame, mv: usize) -> Option<String> {
    if !pos.is_legal(mv) {
        return None;
    }
    let mover = pos.to_move();
    let k = pos.geo.k;
    let mine = threats(shape, pos, mover);
    let theirs = threats(shape, pos, mover.opponent());
    if mine.immediate.contains(&mv) {
        return Some(format!("it completes {k} in a row"));
    }
    if theirs.immediate.contains(&mv) {
        return Some(format!("it blocks {k} in a row"));
    }
    if mv >= pos.geo.width && theirs.cells.contains(&(mv - pos.geo.width)) {
        return Some(format!(
            "it lets {} win on top of it at {}",
            mark(mover.opponent()),
            pos.geo.cell_name(mv - pos.geo.width)
        ));
    }
    let next = pos.after(mv);
    if !next.status().is_over()
        && let Some(follower_wins) = follow_up(shape, &next)
    {
        let (_, taken) = claimed_rows(shape);
        let (me, opponent) = (mark(mover), mark(mover.opponent()));
        return Some(format!(
            "it leaves every column with an even number of empty cells: answering each move on top of it, {me} takes every {taken} row (claimeven), and {opponent} cannot make {k} in a row without them{}",
            if follower_wins {
                format!(", while {me} can with them")
            } else {
                String::new()
            }
        ));
    }
    if !next.status().is_over()
        && let Some(odd) = odd_threat(shape, &next)
    {
        let (me, opponent) = (mark(mover), mark(mover.opponent()));
        let odd_columns = odd_column_count(odd.pairs.len());
        let answers = odd_answers(&next, &odd.pairs);
        return Some(format!(
            "it leaves {odd_columns} with an odd number of empty cells: answering {answers}, {me} makes {opponent} drop a stone under its threat at {} (zugzwang) and wins there",
            pos.geo.cell_name(odd.cell)
        ));
    }
    let after = threats(shape, &next, mover);
    let new = after.cells.len().saturating_sub(mine.cells.len());
    (new > 0).then(|| {
        let parity = match mover {
            Player::First => "odd",
            Player::Second => "even",
        };
        let good = match mover {
            Player::First => after.odd.saturating_sub(mine.odd),
            Player::Second => after.even.saturating_sub(mine.even),
        };
        if after.immediate.len() >= 2 {
            "it makes two immediate threats, and only one can be blocked".to_string()
        } else if good > 0 {
            format!("it makes a threat on an {parity} row, the rows that suit its side")
        } else {
            "it makes a new threat".to_string()
        }
    })
}
