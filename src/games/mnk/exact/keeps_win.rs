//! Which moves of a won position keep the win. Under a deadline the
//! moves are proven in rounds of doubling time slices, so that quick
//! refutations are not held up behind one long proof; and since a won
//! position keeps its win through some move, when every move but one is
//! proven not to keep it, that one does, by elimination. (After `c e g e c
//! c g g g e e` only `b` wins: 0.16 s to prove cold, the six others 80 ms
//! together to refute.)

use crate::engine::Budget;

/// What is known of one move (one class of symmetric moves) of a won
/// position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keeps {
    Win,
    /// Proven not to keep the win.
    NotWin,
    Open,
}

/// Settles what it can of `known` (one entry a move, `Open` where nothing
/// is known yet), proving the moves in `order` with `prove(move, budget)`
/// (whether the move keeps the win, `None` when the budget ran out).
/// Stops at the first move found to keep the win.
pub fn keeps_win(
    mut known: Vec<Keeps>,
    order: &[usize],
    proofs: &Budget,
    mut prove: impl FnMut(usize, &Budget) -> Option<bool>,
) -> Vec<Keeps> {
    let open_count = order.iter().filter(|&&i| known[i] == Keeps::Open).count();
    let mut slice = proofs
        .remaining()
        .map(|left| left / (4 * open_count.max(1) as u32));
    while !known.contains(&Keeps::Win) {
        let open: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&i| known[i] == Keeps::Open)
            .collect();
        if let [last] = open[..] {
            known[last] = Keeps::Win;
            break;
        }
        if open.is_empty() || proofs.exhausted() {
            break;
        }
        for i in open {
            let budget = slice.map_or_else(|| proofs.clone(), |s| proofs.capped(s));
            match prove(i, &budget) {
                Some(true) => {
                    known[i] = Keeps::Win;
                    return known;
                }
                Some(false) => known[i] = Keeps::NotWin,
                None if proofs.exhausted() => return known,
                None => {}
            }
        }
        slice = slice.map(|s| s * 2);
    }
    known
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{Keeps, keeps_win};
    use crate::engine::Budget;

    /// A prover that settles move `i` when given at least `cost[i]`
    /// seconds (no time passes), `wins[i]` its answer; counts its calls.
    fn scripted<'a>(
        cost: &'a [u64],
        wins: &'a [bool],
        calls: &'a mut Vec<usize>,
    ) -> impl FnMut(usize, &Budget) -> Option<bool> + 'a {
        move |i, budget| {
            calls.push(i);
            let enough = budget
                .remaining()
                .is_none_or(|left| left >= Duration::from_secs(cost[i]));
            enough.then_some(wins[i])
        }
    }

    #[test]
    fn a_slow_win_behind_quick_refutations_is_found_by_elimination() {
        // Move 1 wins but takes 60 s to prove; the others 1 to 7 s each.
        let cost = [2, 60, 7, 1, 4];
        let wins = [false, true, false, false, false];
        let mut calls = Vec::new();
        let known = keeps_win(
            vec![Keeps::Open; 5],
            &[0, 1, 2, 3, 4],
            &Budget::of(Duration::from_secs(100)),
            scripted(&cost, &wins, &mut calls),
        );
        assert_eq!(known[1], Keeps::Win);
        assert!(
            known
                .iter()
                .enumerate()
                .all(|(i, &k)| i == 1 || k == Keeps::NotWin)
        );
        // Two rounds (slices of 5 s, then 10 s); move 1 was never proven.
        assert_eq!(calls, [0, 1, 2, 3, 4, 1, 2]);
    }

    #[test]
    fn the_first_move_proven_ends_the_proofs() {
        let cost = [1, 1, 1];
        let wins = [false, true, true];
        let mut calls = Vec::new();
        let known = keeps_win(
            vec![Keeps::Open; 3],
            &[2, 0, 1],
            &Budget::unlimited(),
            scripted(&cost, &wins, &mut calls),
        );
        assert_eq!(known, [Keeps::Open, Keeps::Open, Keeps::Win]);
        assert_eq!(calls, [2]);
    }

    #[test]
    fn out_of_time_nothing_is_claimed() {
        let wins = [false, true];
        let mut calls = Vec::new();
        let known = keeps_win(
            vec![Keeps::Open; 2],
            &[0, 1],
            &Budget::of(Duration::ZERO),
            scripted(&[1, 1], &wins, &mut calls),
        );
        assert_eq!(known, [Keeps::Open, Keeps::Open]);
        // A move proven not to keep the win before time ran out (here a
        // terminal draw) leaves the other the win.
        let known = keeps_win(
            vec![Keeps::NotWin, Keeps::Open],
            &[0, 1],
            &Budget::of(Duration::ZERO),
            scripted(&[1, 1], &wins, &mut calls),
        );
        assert_eq!(known, [Keeps::NotWin, Keeps::Win]);
    }
}
