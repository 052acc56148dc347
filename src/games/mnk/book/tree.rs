//! The tree of positions up to symmetry, stone by stone: the parents of
//! a position, the children of a layer, and every position to a depth
//! solved (for checking books).

use std::collections::BTreeSet;

use crate::games::mnk::Geometry;

use super::Book;

/// The positions `(x, o)` may have been reached from: one stone of the
/// player who moved last taken back (with gravity only a column's top
/// stone; rows grow downwards).
#[must_use]
pub fn parents(geo: &Geometry, x: u64, o: u64) -> Vec<(u64, u64)> {
    // X moves first: after an odd number of stones X moved last.
    let x_last = (x | o).count_ones() % 2 == 1;
    let mut last = if x_last { x } else { o };
    let mut out = Vec::new();
    while last != 0 {
        let cell = last.trailing_zeros() as usize;
        last &= last - 1;
        if geo.gravity && cell >= geo.width && (x | o) >> (cell - geo.width) & 1 == 1 {
            continue;
        }
        out.push(if x_last {
            (x & !(1 << cell), o)
        } else {
            (x, o & !(1 << cell))
        });
    }
    out
}

/// The positions one stone on from `layer` (which has `stones` each), up
/// to symmetry.
pub fn next_layer(
    geo: &Geometry,
    layer: &BTreeSet<(u64, u64)>,
    stones: u32,
) -> BTreeSet<(u64, u64)> {
    children(geo, layer.iter().copied(), stones)
        .into_iter()
        .collect()
}

/// The positions one stone on from `layer` (which has `stones` each), up
/// to symmetry: canonical, ascending, each once.
pub fn children(
    geo: &Geometry,
    layer: impl IntoIterator<Item = (u64, u64)>,
    stones: u32,
) -> Vec<(u64, u64)> {
    let mut next = Vec::new();
    for (x, o) in layer {
        if geo.has_line(x) || geo.has_line(o) {
            continue;
        }
        let mut cells = geo.playable(x | o);
        while cells != 0 {
            let c = cells.trailing_zeros();
            cells &= cells - 1;
            let (nx, no) = if stones.is_multiple_of(2) {
                (x | 1 << c, o)
            } else {
                (x, o | 1 << c)
            };
            next.push(geo.canonical(nx, no).0);
        }
    }
    next.sort_unstable();
    next.dedup();
    next
}

/// Solves every position with at most `depth` stones, up to symmetry,
/// that is not over, with `exact`. `progress` hears each depth as it is
/// finished.
pub fn generate(
    geo: &Geometry,
    depth: u32,
    mut exact: impl FnMut(u64, u64) -> Option<i32>,
    mut progress: impl FnMut(u32, usize),
) -> Book {
    let mut book = Book {
        depth,
        ..Book::default()
    };
    let mut layer: BTreeSet<(u64, u64)> = BTreeSet::from([(0, 0)]);
    for stones in 0..=depth {
        for &(x, o) in &layer {
            if !geo.is_over(x, o)
                && let Some(score) = exact(x, o)
            {
                book.put((x, o), score);
            }
        }
        progress(stones, layer.len());
        if stones < depth {
            layer = next_layer(geo, &layer, stones);
        }
    }
    book
}
