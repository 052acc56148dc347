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

/// What a solve settled within its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// The exact score, relative to the position.
    Exact(i32),
    /// Win (1), draw (0) or loss (-1), but not how far: the budget ran
    /// out while the distance was looked for.
    Outcome(i32),
    /// Nothing.
    Unknown,
}

impl Known {
    /// The exact score, if settled.
    #[must_use]
    pub const fn exact(self) -> Option<i32> {
        match self {
            Self::Exact(v) => Some(v),
            _ => None,
        }
    }
}

/// What the budget settles of a position's value: its exact score, or at
/// least whether it is won, drawn or lost.
///
/// Short forced lines are looked for first, shortest first: "a win within
/// d plies?" for odd d and "a loss within d?" for even d, each a null
/// window whose search the distance bounds keep small. A win in 11 on 6×6
/// is proven this way in a fraction of the time one window around the
/// draw takes, as that search wanders into long lines. Past `quick` plies
/// the window around the draw settles win, draw or loss, and null windows
/// then find the distance.
pub fn solve_known(s: &mut impl Windowed, x: u64, o: u64, empties: i32, quick: i32) -> Known {
    let quick = quick.min(empties);
    for d in 1..=quick {
        match within(s, x, o, d) {
            None => return Known::Unknown,
            Some(Some(v)) => return Known::Exact(v),
            Some(None) => {}
        }
    }
    let Some(sign) = s.bounded(x, o, -1, 1) else {
        return Known::Unknown;
    };
    if sign == 0 {
        return Known::Exact(0);
    }
    // A win ends on one of my moves (odd plies), a loss on theirs.
    let parity = i32::from(sign < 0);
    for d in (quick + 1..=empties).filter(|d| d % 2 != parity) {
        match within(s, x, o, d) {
            None => return Known::Outcome(sign.signum()),
            Some(Some(v)) => return Known::Exact(v),
            Some(None) => {}
        }
    }
    Known::Exact(sign)
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

#[cfg(test)]
mod tests {
    use super::{Known, WIN, Windowed, solve_known};

    /// A search of a position worth `value` that answers `answers`
    /// windows and then runs out of time.
    struct Scripted {
        value: i32,
        answers: u32,
    }

    impl Windowed for Scripted {
        fn bounded(&mut self, _: u64, _: u64, alpha: i32, beta: i32) -> Option<i32> {
            self.answers = self.answers.checked_sub(1)?;
            Some(self.value.clamp(alpha, beta))
        }
    }

    #[test]
    fn out_of_time_after_the_outcome_a_solve_still_says_won_or_lost() {
        let win_in_31 = WIN - 31;
        // 13 quick windows, the one around the draw, then the distances.
        let solve = |value, answers| solve_known(&mut Scripted { value, answers }, 0, 0, 40, 13);
        assert_eq!(solve(win_in_31, 13), Known::Unknown);
        assert_eq!(solve(win_in_31, 14), Known::Outcome(1));
        assert_eq!(solve(-win_in_31, 20), Known::Outcome(-1));
        assert_eq!(solve(win_in_31, 100), Known::Exact(win_in_31));
        assert_eq!(solve(0, 14), Known::Exact(0));
        assert_eq!(solve(WIN - 5, 4), Known::Unknown);
        assert_eq!(solve(WIN - 5, 5), Known::Exact(WIN - 5));
    }

    #[test]
    fn every_distance_is_found_exactly() {
        let (empties, quick) = (40, 13);
        for plies in 1..=empties {
            let value = if plies % 2 == 1 {
                WIN - plies
            } else {
                plies - WIN
            };
            let mut s = Scripted {
                value,
                answers: u32::MAX,
            };
            let known = solve_known(&mut s, 0, 0, empties, quick);
            assert_eq!(known, Known::Exact(value), "{plies} plies");
        }
    }
}
