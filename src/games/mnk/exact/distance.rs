//! The exact value of a position from null-window searches: how far a
//! win or loss is, for any search that answers "is the value within this
//! window?" (the free boards' search and the gravity boards' search).

use crate::games::mnk::exact::tt::WIN;

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
/// then close in on the distance from the far side (`closer`).
///
/// A `guess` (the exact score of a sibling: every move's result is asked
/// for, and siblings are often won or lost alike) is tried before all of
/// that when it is longer than `quick` plies: "a win (loss) within the
/// guess's plies?" If so, the distance closes in from there, and the
/// window around the draw is not searched. If not, the solve goes on
/// without the quick windows the failed one rules out, and when its
/// fail-soft answer rules out that side's result at any distance, with a
/// null window instead of the one around the draw.
///
/// `prior.quick_searched` says `quick_known` already found nothing within
/// `quick` plies.
///
/// A lower bound `prior.at_least` (from a parent's exact score: no child
/// does better than its parent) is tried before everything: one null
/// window says whether the score is exactly that, as it often is, and
/// otherwise raises the bound to its fail-soft answer.
pub fn solve_known(
    s: &mut impl Windowed,
    (x, o): (u64, u64),
    empties: i32,
    quick: i32,
    prior: Prior,
) -> Known {
    let quick = quick.min(empties);
    let mut ruled = Ruled::default();
    if let Some(least) = prior.at_least.filter(|&l| plies(l) <= empties) {
        match s.bounded(x, o, least, least + 1) {
            None if least > 0 => return Known::Outcome(1),
            None => return Known::Unknown,
            Some(r) if r <= least => return Known::Exact(least),
            Some(r) if r > 0 => return won_within(s, (x, o), r, empties, quick, prior),
            Some(r) => ruled.at_least(r),
        }
    }
    if let Some(d) = prior
        .guess
        .map(plies)
        .filter(|&d| d > quick && d <= empties && !ruled.out(d))
    {
        match within(s, x, o, d) {
            None => return Known::Unknown,
            // Close in all the way, unless the quick windows were searched.
            Some(r) if reached(r, d) => {
                let searched = if prior.quick_searched { quick } else { 0 };
                return close_in(s, (x, o), r, empties, searched);
            }
            Some(r) => ruled.failed(d, r),
        }
    }
    if ruled.not_won && ruled.not_lost {
        return Known::Exact(0);
    }
    if !prior.quick_searched {
        let windows = (1..=quick).filter(|&d| !ruled.out(d));
        if let Some(known) = first_within(s, (x, o), windows) {
            return known;
        }
    }
    // Around the draw, or a null window between the draw and the side
    // left open.
    let (alpha, beta) = match (ruled.not_won, ruled.not_lost) {
        (true, _) => (-1, 0),
        (_, true) => (0, 1),
        _ => (-1, 1),
    };
    let Some(bound) = s.bounded(x, o, alpha, beta) else {
        return Known::Unknown;
    };
    // Within the window, or on the side of it that was ruled out: a draw.
    if bound == 0 || (bound > 0 && ruled.not_won) || (bound < 0 && ruled.not_lost) {
        return Known::Exact(0);
    }
    // Windows on that side within what was ruled out would fail too.
    let searched = quick.max(if bound > 0 { ruled.wins } else { ruled.losses });
    close_in(s, (x, o), bound, empties, searched)
}

/// A position proven won, at least as fast as `least`: the guess first
/// when it is a faster win, then closing in.
fn won_within(
    s: &mut impl Windowed,
    (x, o): (u64, u64),
    least: i32,
    empties: i32,
    quick: i32,
    prior: Prior,
) -> Known {
    let mut searched = if prior.quick_searched { quick } else { 0 };
    if let Some(d) = prior
        .guess
        .map(plies)
        .filter(|&d| d % 2 == 1 && d > searched && d < plies(least))
    {
        match within(s, x, o, d) {
            None => return Known::Outcome(1),
            Some(r) if reached(r, d) => return close_in(s, (x, o), r, empties, searched),
            Some(_) => searched = d,
        }
    }
    close_in(s, (x, o), least, empties, searched)
}

/// What is known not to be a position's result before the window around
/// the draw: wins within `wins` plies and losses within `losses`, or a
/// whole side.
#[derive(Clone, Copy, Debug, Default)]
struct Ruled {
    wins: i32,
    losses: i32,
    not_won: bool,
    not_lost: bool,
}

impl Ruled {
    /// Whether the window "a win (odd `d`) or a loss (even) within `d`
    /// plies?" is known to fail.
    fn out(self, d: i32) -> bool {
        if d % 2 == 1 {
            self.not_won || d <= self.wins
        } else {
            self.not_lost || d <= self.losses
        }
    }

    /// `within(d)` answered `r`, short of it: results within `d` plies on
    /// its side are ruled out, and when `r` bounds the score by a draw,
    /// that side's results at any distance.
    fn failed(&mut self, d: i32, r: i32) {
        if d % 2 == 1 {
            self.wins = self.wins.max(d);
            self.not_won |= r <= 0;
        } else {
            self.losses = self.losses.max(d);
            self.not_lost |= r >= 0;
        }
    }

    /// The score is at least `least`, a draw or a loss: no loss at all,
    /// or none faster than that one.
    fn at_least(&mut self, least: i32) {
        if least == 0 {
            self.not_lost = true;
        } else {
            self.losses = self.losses.max(plies(least) - 2);
        }
    }
}

/// What a solve knows before it starts, besides the position.
#[derive(Clone, Copy, Debug, Default)]
pub struct Prior {
    /// A sibling's exact score (see `solve_known`).
    pub guess: Option<i32>,
    /// `quick_known` found no win or loss within the quick plies.
    pub quick_searched: bool,
    /// A lower bound on the score (see `solve_known`).
    pub at_least: Option<i32>,
}

/// Only the short wins and losses, within `quick` plies: `None` when
/// there is none, `Some(Known::Unknown)` out of time. Every move's result
/// looks for these first for all the moves, so that a budget cut short
/// still names them.
pub fn quick_known(
    s: &mut impl Windowed,
    (x, o): (u64, u64),
    empties: i32,
    quick: i32,
) -> Option<Known> {
    first_within(s, (x, o), 1..=quick.min(empties))
}

/// The first of the windows `within(d)` that is reached: its exact score,
/// `Known::Unknown` out of time, or `None`.
fn first_within(
    s: &mut impl Windowed,
    (x, o): (u64, u64),
    windows: impl Iterator<Item = i32>,
) -> Option<Known> {
    for d in windows {
        match within(s, x, o, d) {
            None => return Some(Known::Unknown),
            Some(r) if reached(r, d) => return Some(Known::Exact(at(d))),
            Some(_) => {}
        }
    }
    None
}

/// The exact score of a position that `bound` proves won (or lost) within
/// `d` plies: ask for a win (loss) within `d - 2` until there is none, so
/// that `d` is the distance. Each proof found jumps as far as its
/// fail-soft value shows. Windows of `searched` plies or fewer are known
/// to fail.
fn close_in(
    s: &mut impl Windowed,
    (x, o): (u64, u64),
    mut bound: i32,
    empties: i32,
    searched: i32,
) -> Known {
    let sign = bound.signum();
    loop {
        let d = closer(bound, empties);
        if d - 2 <= searched {
            // Nothing as short as `searched` plies: the quick windows (or a
            // failed guess) said so.
            return Known::Exact(at(d));
        }
        match within(s, x, o, d - 2) {
            None => return Known::Outcome(sign),
            Some(r) if reached(r, d - 2) => bound = r,
            Some(_) => return Known::Exact(at(d)),
        }
    }
}

/// The score of a win in `d` plies (odd `d`) or a loss in `d` (even).
const fn at(d: i32) -> i32 {
    if d % 2 == 1 { WIN - d } else { d - WIN }
}

/// The plies of a win or loss score (0 for a draw).
const fn plies(score: i32) -> i32 {
    if score == 0 { 0 } else { WIN - score.abs() }
}

/// The plies within which a proven bound (a lower one above 0, an upper
/// one below) makes the win or loss: wins come on odd plies, losses on
/// even, and none outlasts the `empties`.
fn closer(bound: i32, empties: i32) -> i32 {
    let parity = i32::from(bound > 0);
    let d = plies(bound).min(empties);
    if d % 2 == parity { d } else { d - 1 }
}

/// Whether the answer `r` to `within(d)` proves a win (odd `d`) or a loss
/// (even `d`) within `d` plies.
const fn reached(r: i32, d: i32) -> bool {
    if d % 2 == 1 { r >= at(d) } else { r <= at(d) }
}

/// For odd `d`: a win within `d` plies? For even `d`: a loss within? The
/// search's fail-soft answer to that null window, `None` out of time.
fn within(s: &mut impl Windowed, x: u64, o: u64, d: i32) -> Option<i32> {
    let v = at(d);
    if d % 2 == 1 {
        s.bounded(x, o, v - 1, v)
    } else {
        s.bounded(x, o, v, v + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::{Known, Prior, WIN, Windowed, plies, quick_known, solve_known};

    /// A search of a position worth `value` that answers `answers`
    /// windows and then runs out of time. A `soft` one answers a failed
    /// window with the value itself (the best a fail-soft search can do),
    /// a hard one with the window's edge (the least it may).
    struct Scripted {
        value: i32,
        answers: u32,
        soft: bool,
    }

    impl Windowed for Scripted {
        fn bounded(&mut self, _: u64, _: u64, alpha: i32, beta: i32) -> Option<i32> {
            self.answers = self.answers.checked_sub(1)?;
            Some(if self.soft {
                self.value
            } else {
                self.value.clamp(alpha, beta)
            })
        }
    }

    fn solve(value: i32, answers: u32, soft: bool) -> Known {
        guessing(value, None, answers, soft)
    }

    fn guessing(value: i32, guess: Option<i32>, answers: u32, soft: bool) -> Known {
        bounded(value, guess, None, answers, soft)
    }

    /// The solve of a position worth `value` with a sibling's `guess` and
    /// a parent's lower bound `at_least`.
    fn bounded(
        value: i32,
        guess: Option<i32>,
        at_least: Option<i32>,
        answers: u32,
        soft: bool,
    ) -> Known {
        let mut s = Scripted {
            value,
            answers,
            soft,
        };
        let prior = Prior {
            guess,
            quick_searched: false,
            at_least,
        };
        solve_known(&mut s, (0, 0), 40, 13, prior)
    }

    /// Every score of a position with 40 empty cells: wins, losses, a draw.
    fn scores() -> impl Iterator<Item = i32> {
        (1..=40)
            .map(|plies| {
                if plies % 2 == 1 {
                    WIN - plies
                } else {
                    plies - WIN
                }
            })
            .chain([0])
    }

    #[test]
    fn out_of_time_after_the_outcome_a_solve_still_says_won_or_lost() {
        let (win_in_31, loss_in_30) = (WIN - 31, 30 - WIN);
        // 13 quick windows, the one around the draw, then from the 40
        // empties down: within 37, 35, … 29 (38, … 28), the last failing.
        assert_eq!(solve(win_in_31, 13, false), Known::Unknown);
        assert_eq!(solve(win_in_31, 14, false), Known::Outcome(1));
        assert_eq!(solve(win_in_31, 18, false), Known::Outcome(1));
        assert_eq!(solve(win_in_31, 19, false), Known::Exact(win_in_31));
        assert_eq!(solve(loss_in_30, 19, false), Known::Outcome(-1));
        assert_eq!(solve(loss_in_30, 20, false), Known::Exact(loss_in_30));
        assert_eq!(solve(0, 14, false), Known::Exact(0));
        assert_eq!(solve(WIN - 5, 4, false), Known::Unknown);
        assert_eq!(solve(WIN - 5, 5, false), Known::Exact(WIN - 5));
    }

    #[test]
    fn a_fail_soft_answer_jumps_to_the_distance_it_shows() {
        // The window around the draw answers the value itself, so one
        // more window (no win within 29) settles it.
        assert_eq!(solve(WIN - 31, 15, true), Known::Exact(WIN - 31));
        assert_eq!(solve(30 - WIN, 15, true), Known::Exact(30 - WIN));
    }

    #[test]
    fn every_distance_is_found_exactly() {
        for soft in [false, true] {
            for plies in 1..=40 {
                let value = if plies % 2 == 1 {
                    WIN - plies
                } else {
                    plies - WIN
                };
                let known = solve(value, u32::MAX, soft);
                assert_eq!(known, Known::Exact(value), "{plies} plies, soft {soft}");
            }
        }
    }

    #[test]
    fn any_guess_right_or_wrong_gives_the_exact_score() {
        for soft in [false, true] {
            for value in scores() {
                for guess in scores() {
                    let known = guessing(value, Some(guess), u32::MAX, soft);
                    assert_eq!(
                        known,
                        Known::Exact(value),
                        "{value} guessing {guess}, soft {soft}"
                    );
                }
            }
        }
    }

    #[test]
    fn any_lower_bound_with_any_guess_gives_the_exact_score() {
        for soft in [false, true] {
            for value in scores() {
                for least in scores().filter(|&l| l <= value) {
                    for guess in [None, Some(value), Some(WIN - 31), Some(30 - WIN)] {
                        let known = bounded(value, guess, Some(least), u32::MAX, soft);
                        assert_eq!(
                            known,
                            Known::Exact(value),
                            "{value} at least {least} guessing {guess:?}, soft {soft}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_bound_that_is_the_score_takes_one_window() {
        for value in scores() {
            assert_eq!(
                bounded(value, None, Some(value), 1, false),
                Known::Exact(value)
            );
            // Out of time: a win bound still says won.
            let none = if value > 0 {
                Known::Outcome(1)
            } else {
                Known::Unknown
            };
            assert_eq!(bounded(value, None, Some(value), 0, false), none);
        }
        // Above it: the answer raises the bound. A win within 35 is known,
        // its window answers one beyond it (fail-hard): a win within 33,
        // and closing in from there asks within 31 (found) and 29.
        let (value, least) = (WIN - 31, WIN - 35);
        assert_eq!(
            bounded(value, None, Some(least), 2, false),
            Known::Outcome(1)
        );
        assert_eq!(
            bounded(value, None, Some(least), 3, false),
            Known::Exact(value)
        );
        // Fail-soft, the first answer is the value: one more window.
        assert_eq!(
            bounded(value, None, Some(least), 2, true),
            Known::Exact(value)
        );
        // A draw above a loss bound: no loss as fast as the bound's, and
        // the window around the draw settles it without the quick losses.
        assert_eq!(bounded(0, None, Some(30 - WIN), 9, false), Known::Exact(0));
    }

    #[test]
    fn the_windows_a_right_and_a_wrong_guess_take() {
        // Within 31 plies? Yes. Within 29? No. Neither the quick windows
        // nor the one around the draw are searched.
        for (value, guess) in [(WIN - 31, WIN - 31), (30 - WIN, 30 - WIN)] {
            assert_eq!(guessing(value, Some(guess), 2, false), Known::Exact(value));
            assert_eq!(
                guessing(value, Some(guess), 1, false),
                Known::Outcome(value.signum())
            );
        }
        // A guess within the quick windows' reach is not tried: the quick
        // windows find it in as many windows.
        assert_eq!(
            guessing(WIN - 5, Some(WIN - 5), 5, false),
            Known::Exact(WIN - 5)
        );
        // A wrong guess of a win rules out the quick windows of wins, and
        // its answer (not above a draw) a win at all: the guess, losses
        // within 2, 4, … 12, and a null window that finds no loss.
        assert_eq!(guessing(0, Some(WIN - 31), 7, false), Known::Unknown);
        assert_eq!(guessing(0, Some(WIN - 31), 8, false), Known::Exact(0));
        // Of a loss: wins within 1, 3, … 13.
        assert_eq!(guessing(0, Some(30 - WIN), 8, false), Known::Unknown);
        assert_eq!(guessing(0, Some(30 - WIN), 9, false), Known::Exact(0));
        // Two plies longer: "no win within 31" is what the guess found.
        assert_eq!(
            guessing(WIN - 33, Some(WIN - 31), 8, true),
            Known::Exact(WIN - 33)
        );
        // A longer win than guessed: the guess, the losses' quick windows,
        // the window around the draw (its answer was a win), and no win
        // within 33.
        assert_eq!(
            guessing(WIN - 35, Some(WIN - 31), 8, true),
            Known::Outcome(1)
        );
        assert_eq!(
            guessing(WIN - 35, Some(WIN - 31), 9, true),
            Known::Exact(WIN - 35)
        );
    }

    #[test]
    fn short_results_first_then_the_rest_without_them() {
        for soft in [false, true] {
            for value in scores() {
                let mut s = Scripted {
                    value,
                    answers: u32::MAX,
                    soft,
                };
                let quick = quick_known(&mut s, (0, 0), 40, 13);
                if value != 0 && plies(value) <= 13 {
                    assert_eq!(quick, Some(Known::Exact(value)), "{value}, soft {soft}");
                    continue;
                }
                assert_eq!(quick, None, "{value}, soft {soft}");
                let asked = u32::MAX - s.answers;
                assert_eq!(asked, 13, "every quick window once");
                let prior = Prior {
                    guess: None,
                    quick_searched: true,
                    at_least: None,
                };
                let known = solve_known(&mut s, (0, 0), 40, 13, prior);
                assert_eq!(known, Known::Exact(value), "{value}, soft {soft}");
                // And with a guess besides, right or wrong.
                for guess in scores() {
                    s.answers = u32::MAX;
                    let prior = Prior {
                        guess: Some(guess),
                        quick_searched: true,
                        at_least: None,
                    };
                    let known = solve_known(&mut s, (0, 0), 40, 13, prior);
                    assert_eq!(known, Known::Exact(value), "{value} guessing {guess}");
                }
            }
        }
        // Out of time in the quick windows: unknown.
        let mut s = Scripted {
            value: 0,
            answers: 5,
            soft: false,
        };
        assert_eq!(quick_known(&mut s, (0, 0), 40, 13), Some(Known::Unknown));
    }
}
