//! The exact value of a position from null-window searches: how far a
//! win or loss is, for any search that answers "is the value within this
//! window?" (the free boards' search and the gravity boards' search).

use super::tt::WIN;

/// What `solve` asks of a search: a position's value within a window.
pub trait Windowed {
    /// The value of the position with X's stones `x` and O's `o` (cell
    /// bits) within `alpha..beta` (fail-soft), relative to it; `None` when
    /// the budget ran out first.
    fn bounded(&mut self, x: u64, o: u64, alpha: i32, beta: i32) -> Option<i32>;
}

/// The exact value of a position for the player to move, relative to it;
/// `None` when the budget ran out first.
///
/// Short forced lines are looked for first, shortest first: "a win within
/// d plies?" for odd d and "a loss within d?" for even d, each a null
/// window whose search the distance bounds keep small. A win in 11 on 6×6
/// is proven this way in a fraction of the time one window around the
/// draw takes, as that search wanders into long lines. Past `quick` plies
/// the window around the draw settles win, draw or loss, and null windows
/// then find the distance.
pub fn solve(s: &mut impl Windowed, x: u64, o: u64, empties: i32, quick: i32) -> Option<i32> {
    let quick = quick.min(empties);
    for d in 1..=quick {
        if let Some(v) = within(s, x, o, d)? {
            return Some(v);
        }
    }
    let sign = s.bounded(x, o, -1, 1)?;
    if sign == 0 {
        return Some(0);
    }
    // A win ends on one of my moves (odd plies), a loss on theirs.
    let parity = i32::from(sign < 0);
    for d in (quick + 1..=empties).filter(|d| d % 2 != parity) {
        if let Some(v) = within(s, x, o, d)? {
            return Some(v);
        }
    }
    Some(sign)
}

/// For odd `d`: a win within `d` plies? For even `d`: a loss within?
/// The exact score when so, `Some(None)` when not, `None` out of time.
fn within(s: &mut impl Windowed, x: u64, o: u64, d: i32) -> Option<Option<i32>> {
    Some(if d % 2 == 1 {
        (s.bounded(x, o, WIN - d - 1, WIN - d)? >= WIN - d).then_some(WIN - d)
    } else {
        (s.bounded(x, o, d - WIN, d - WIN + 1)? <= d - WIN).then_some(d - WIN)
    })
}
