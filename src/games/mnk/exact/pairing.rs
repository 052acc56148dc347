//! Pairing strategies: a proof that a player cannot complete a line.
//!
//! Give each line the attacker can still complete two of its empty cells,
//! no cell to two lines. Then whenever the attacker takes a cell of a pair,
//! the defender takes the other: every line keeps a defender's stone or an
//! empty cell, so none is ever completed (the classic Hales–Jewett
//! argument). The defender's other moves cannot spoil it: a defender stone
//! in a line only kills that line. So if such pairs exist, the attacker
//! cannot win, whoever is to move. Finding them is a bipartite matching of
//! two slots per line into the empty cells.

/// The Erdős–Selfridge criterion: if the sum over the lines the attacker
/// can still complete of 2^-(empty cells) is below 1 with the defender to
/// move — below 1/2 with the attacker to move — the defender can keep every
/// line from being completed (by always taking the cell that lowers the
/// sum most). Lines are given as the masks of their empty cells.
#[must_use]
pub fn erdos_selfridge(lines: impl Iterator<Item = u64>, attacker_to_move: bool) -> bool {
    // In units of 2^-32: a line with e empty cells weighs 2^(32 - e).
    let limit: u64 = if attacker_to_move { 1 << 31 } else { 1 << 32 };
    let mut sum = 0u64;
    for l in lines {
        let e = l.count_ones();
        if e == 0 {
            return false;
        }
        sum += 1u64 << 32u32.saturating_sub(e);
        if sum >= limit {
            return false;
        }
    }
    true
}

/// The most lines the test takes on; with more it answers "no pairing".
const MAX_LINES: usize = 192;

/// Whether the lines — each given as the mask of its empty cells, all of
/// them lines the attacker can still complete — can each be given two of
/// their empty cells, no cell given twice.
#[must_use]
pub fn exists(lines: impl Iterator<Item = u64>) -> bool {
    let mut buf = [0u64; MAX_LINES];
    let mut n = 0;
    let mut union = 0u64;
    for l in lines {
        if l.count_ones() < 2 || n == MAX_LINES {
            return false;
        }
        buf[n] = l;
        union |= l;
        n += 1;
    }
    if (union.count_ones() as usize) < 2 * n {
        // Hall's condition fails for the lines taken together.
        return false;
    }
    let lines = &buf[..n];
    let mut owner = [u16::MAX; 64];
    (0..2 * n).all(|slot| {
        let mut visited = 0u64;
        augment(slot, lines, &mut owner, &mut visited)
    })
}

/// Finds a cell for `slot`, moving other slots along an augmenting path.
fn augment(slot: usize, lines: &[u64], owner: &mut [u16; 64], visited: &mut u64) -> bool {
    let mut cells = lines[slot / 2] & !*visited;
    while cells != 0 {
        let c = cells.trailing_zeros() as usize;
        cells &= cells - 1;
        *visited |= 1 << c;
        let held = owner[c];
        if held == u16::MAX || augment(usize::from(held), lines, owner, visited) {
            owner[c] = slot as u16;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erdos_selfridge_counts_what_each_line_still_needs() {
        // Two lines needing 2 cells each: 1/4 + 1/4 = 1/2.
        let two = [0b11u64, 0b1100];
        assert!(erdos_selfridge(two.into_iter(), false));
        assert!(!erdos_selfridge(two.into_iter(), true));
        // One line needing one cell: 1/2, not below 1/2.
        assert!(!erdos_selfridge([0b1u64].into_iter(), true));
        assert!(erdos_selfridge(std::iter::empty(), true));
    }

    #[test]
    fn pairs_exist_only_when_there_are_cells_enough() {
        // Two lines sharing one cell of three each: 0b0111 and 0b1100 + 0b10000.
        assert!(exists([0b0111, 0b1_1100].into_iter()));
        // Three lines on three cells: six slots, three cells.
        assert!(!exists([0b011, 0b110, 0b101].into_iter()));
        // A line with one empty cell is a threat: no pairing.
        assert!(!exists([0b1].into_iter()));
        assert!(exists(std::iter::empty()));
    }
}
