//! Line patterns, the vocabulary of every strong gomoku engine: what a
//! stone of one side on an empty cell would make along one line — a line
//! of k, an open four (two cells left that complete it), a four (one), an
//! open three (a move away from an open four), and so on down.
//!
//! A cell's neighbourhood along a line, k - 1 cells to each side, is a
//! number of two bits a cell (empty, X, O, off the board), and a table
//! built once per k maps each such number to the pattern for each side:
//! the incremental board (`lines`) only looks patterns up.

use std::sync::OnceLock;

/// What a stone would make along one line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// No line of k fits through the cell with the other side's stones.
    None,
    /// Room for a line, nothing more.
    One,
    /// A move from a three that is closed on one side.
    Block2,
    /// A move from an open three.
    Flex2,
    /// A move from a four: closed on one side.
    Block3,
    /// A move from an open four.
    Flex3,
    /// One cell completes the line.
    Block4,
    /// Two cells (or more) complete it: it cannot be stopped.
    Flex4,
    /// The line is made.
    Five,
}

impl Pattern {
    /// Every pattern, by its number.
    pub const ALL: [Self; 9] = [
        Self::None,
        Self::One,
        Self::Block2,
        Self::Flex2,
        Self::Block3,
        Self::Flex3,
        Self::Block4,
        Self::Flex4,
        Self::Five,
    ];
}

/// The values a neighbour takes in the code.
pub const EMPTY: u32 = 0;
pub const WALL: u32 = 3;

/// The pattern tables of one k.
pub struct Table {
    pub k: usize,
    /// Cells looked at to each side: k - 1.
    pub reach: usize,
    /// For each side, the pattern of every neighbourhood code.
    pub of: [Vec<Pattern>; 2],
    /// Both at once, X's in the low four bits and O's in the high: the
    /// board's one look-up a line.
    pub both: Vec<u8>,
}

/// The smallest and largest k the tables are built for: beyond six the
/// table (4^(2k - 2) entries) would be too large to build in a moment.
pub const MIN_K: usize = 3;
pub const MAX_K: usize = 6;

/// The tables for `k`, built on first use; `None` outside
/// `MIN_K..=MAX_K`.
#[must_use]
pub fn table(k: usize) -> Option<&'static Table> {
    static TABLES: [OnceLock<Table>; MAX_K - MIN_K + 1] =
        [const { OnceLock::new() }; MAX_K - MIN_K + 1];
    let slot = TABLES.get(k.checked_sub(MIN_K)?)?;
    Some(slot.get_or_init(|| build(k)))
}

/// The bit position of the neighbour `offset` cells along the line
/// (negative: before the cell), `offset` in `-reach..=reach`, not 0.
#[must_use]
pub fn slot(offset: isize, reach: usize) -> u32 {
    let r = reach as isize;
    let index = if offset < 0 {
        offset + r
    } else {
        offset + r - 1
    };
    2 * index as u32
}

fn build(k: usize) -> Table {
    let reach = k - 1;
    let size = 1usize << (4 * reach);
    let mut memo: Vec<Option<Pattern>> = vec![None; size];
    let of_x: Vec<Pattern> = (0..size)
        .map(|code| placed(code as u32, k, &mut memo))
        .collect();
    // O's table is X's with the colours exchanged.
    let of_o: Vec<Pattern> = (0..size)
        .map(|code| of_x[swap_colours(code as u32, reach) as usize])
        .collect();
    let both = of_x
        .iter()
        .zip(&of_o)
        .map(|(&x, &o): (&Pattern, &Pattern)| x as u8 | (o as u8) << 4)
        .collect();
    Table {
        k,
        reach,
        of: [of_x, of_o],
        both,
    }
}

fn swap_colours(code: u32, reach: usize) -> u32 {
    let mut out = 0;
    for i in 0..2 * reach {
        let v = (code >> (2 * i)) & 3;
        let v = match v {
            1 => 2,
            2 => 1,
            v => v,
        };
        out |= v << (2 * i);
    }
    out
}

/// The line as the cells it names, the centre holding X: 0 empty, 1 X,
/// 2 blocked (O or the edge).
fn decode(code: u32, reach: usize) -> Vec<u8> {
    let mut line = vec![0u8; 2 * reach + 1];
    line[reach] = 1;
    for i in 0..2 * reach {
        let at = if i < reach { i } else { i + 1 };
        line[at] = match (code >> (2 * i)) & 3 {
            0 => 0,
            1 => 1,
            _ => 2,
        };
    }
    line
}

/// The length of the run of X through the centre.
fn run(line: &[u8], centre: usize) -> usize {
    let before = line[..centre].iter().rev().take_while(|&&v| v == 1).count();
    let after = line[centre + 1..].iter().take_while(|&&v| v == 1).count();
    before + 1 + after
}

/// The pattern X makes with a stone on the centre of `code` (X's
/// neighbours as the code says): a line, else by how many cells complete
/// one, else by what the best next stone on the line would make.
fn placed(code: u32, k: usize, memo: &mut [Option<Pattern>]) -> Pattern {
    if let Some(p) = memo[code as usize] {
        return p;
    }
    let reach = k - 1;
    let mut line = decode(code, reach);
    let pattern = if run(&line, reach) >= k {
        Pattern::Five
    } else {
        let empties: Vec<usize> = (0..line.len()).filter(|&i| line[i] == 0).collect();
        let mut completing = 0;
        for &e in &empties {
            line[e] = 1;
            if run(&line, reach) >= k {
                completing += 1;
            }
            line[e] = 0;
        }
        match completing {
            0 => {
                let mut best = Pattern::None;
                for &e in &empties {
                    let i = if e < reach { e } else { e - 1 } as u32;
                    best = best.max(placed(code | (1 << (2 * i)), k, memo));
                }
                match best {
                    Pattern::Flex4 => Pattern::Flex3,
                    Pattern::Block4 => Pattern::Block3,
                    Pattern::Flex3 => Pattern::Flex2,
                    Pattern::Block3 => Pattern::Block2,
                    Pattern::Flex2 | Pattern::Block2 => Pattern::One,
                    // No line can be made here at all, or only with more
                    // stones than a two needs.
                    _ if has_room(&line, reach, k) => Pattern::One,
                    _ => Pattern::None,
                }
            }
            1 => Pattern::Block4,
            _ => Pattern::Flex4,
        }
    };
    memo[code as usize] = Some(pattern);
    pattern
}

/// Whether k cells in a row through the centre hold no blocked cell.
fn has_room(line: &[u8], centre: usize, k: usize) -> bool {
    let before = line[..centre].iter().rev().take_while(|&&v| v != 2).count();
    let after = line[centre + 1..].iter().take_while(|&&v| v != 2).count();
    before + 1 + after >= k
}

#[cfg(test)]
mod tests {
    use super::{Pattern, WALL, slot, table};

    /// The code of a line written as text around the centre `.`: `x`, `o`,
    /// `_` empty, `#` the edge.
    fn code(text: &str, reach: usize) -> u32 {
        let centre = text.find('.').unwrap_or(0) as isize;
        let mut code = 0;
        for (i, ch) in text.chars().enumerate() {
            let offset = i as isize - centre;
            if offset == 0 || offset.unsigned_abs() > reach {
                continue;
            }
            let v = match ch {
                'x' => 1,
                'o' => 2,
                '#' => WALL,
                _ => 0,
            };
            code |= v << slot(offset, reach);
        }
        // Cells the text does not reach are empty.
        code
    }

    #[test]
    fn gomoku_patterns_are_named_as_players_name_them() {
        let t = table(5).map(|t| &t.of).unwrap_or_else(|| unreachable!());
        let x = |text: &str| t[0][code(text, 4) as usize];
        let o = |text: &str| t[1][code(text, 4) as usize];
        assert_eq!(x("xx.xx"), Pattern::Five);
        assert_eq!(x("____.xxxx"), Pattern::Five);
        assert_eq!(
            x("xxxxx.xxx"),
            Pattern::Five,
            "an overline wins in freestyle"
        );
        assert_eq!(x("___x.xx__"), Pattern::Flex4);
        assert_eq!(x("__ox.xx__"), Pattern::Block4);
        assert_eq!(x("_x_x.x_x_"), Pattern::Flex4, "two fours on one line");
        assert_eq!(x("___x.x___"), Pattern::Flex3);
        assert_eq!(x("__ox.x___"), Pattern::Block3);
        assert_eq!(x("___x._x__"), Pattern::Flex3, "a broken three");
        assert_eq!(x("____.x___"), Pattern::Flex2);
        assert_eq!(x("#___.x___"), Pattern::Flex2);
        assert_eq!(x("___#.x___"), Pattern::Block2);
        assert_eq!(x("__o_.__o_"), Pattern::None, "four cells between stones");
        assert_eq!(o("___o.o___"), Pattern::Flex3);
        assert_eq!(o("____.x___"), Pattern::One);
        assert_eq!(o("___x.x___"), Pattern::None);
    }

    #[test]
    fn every_small_k_builds() {
        for k in 3..=5 {
            let t = table(k).unwrap_or_else(|| unreachable!());
            assert_eq!(t.of[0].len(), 1 << (4 * (k - 1)));
        }
        assert!(table(2).is_none() && table(7).is_none());
    }
}
