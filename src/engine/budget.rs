//! How long a question may take: a deadline and a stop flag, shared by
//! everything that works on one question (a move, a tip, an analysis) —
//! and, for a front end that shows it, what the playing search did with
//! the time (`SearchNote`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// What a playing search past the proof did with its time: how deep its
/// last finished iteration went, how many positions it visited, and its
/// best move's score. An estimate, never a claim: a proven result is
/// told by the move's value, not here. The Gomocup protocol's `MESSAGE`
/// line shows it, as tournament managers show an engine's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchNote {
    /// Plies of the deepest iteration finished.
    pub depth: u32,
    /// Positions visited, horizon included.
    pub nodes: u64,
    pub estimate: Estimate,
}

/// The best a playing search found for the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Estimate {
    /// A score, higher is better.
    Score(i64),
    /// A win within its horizon, on the lines it followed: a search that
    /// leaves moves out proves nothing by it.
    WinSeen,
    /// A loss the same way.
    LossSeen,
}

/// A time budget that can also be cancelled from another thread (leaving a
/// game stops its search). Cloning shares the stop flag and the search
/// note; [`Budget::noting_apart`] shares only the flag.
#[derive(Clone, Debug)]
pub struct Budget {
    deadline: Option<Instant>,
    stop: Arc<AtomicBool>,
    /// The deadline is not to be passed even to keep a known result (a
    /// tournament's clock): [`Budget::extended`] does not extend it.
    firm: bool,
    /// The last playing search's note, shared as the stop flag is.
    note: Arc<Mutex<Option<SearchNote>>>,
}

impl Default for Budget {
    fn default() -> Self {
        Self::unlimited()
    }
}

impl Budget {
    /// No deadline: search until proven (books, tests, `--think 0`).
    #[must_use]
    pub fn unlimited() -> Self {
        Self {
            deadline: None,
            stop: Arc::new(AtomicBool::new(false)),
            firm: false,
            note: Arc::default(),
        }
    }

    /// `think` from now on.
    #[must_use]
    pub fn of(think: Duration) -> Self {
        Self {
            deadline: Instant::now().checked_add(think),
            ..Self::unlimited()
        }
    }

    /// `Budget::of(think)`, or unlimited for `None`.
    #[must_use]
    pub fn maybe(think: Option<Duration>) -> Self {
        think.map_or_else(Self::unlimited, Self::of)
    }

    /// Whether the time is up or the question was cancelled.
    #[must_use]
    pub fn exhausted(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Stops every search working under this budget (and its shares).
    pub fn cancel(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    #[must_use]
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Time left, `None` when unlimited.
    #[must_use]
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// A part of what is left: `fraction` of the remaining time, with the
    /// same stop flag, so one part cannot starve the rest.
    #[must_use]
    pub fn share(&self, fraction: f64) -> Self {
        Self {
            deadline: self.remaining().and_then(|left| {
                Instant::now().checked_add(left.mul_f64(fraction.clamp(0.0, 1.0)))
            }),
            ..self.clone()
        }
    }

    /// At most `slice` of what is left (all of it when unlimited), with
    /// the same stop flag.
    #[must_use]
    pub fn capped(&self, slice: Duration) -> Self {
        match self.remaining() {
            Some(left) if left > slice => Self {
                deadline: Instant::now().checked_add(slice),
                ..self.clone()
            },
            _ => self.clone(),
        }
    }

    /// A budget that ends `more` from now (never sooner than this one),
    /// with the same stop flag: for a question that must not be left
    /// unanswered when this budget runs out (see `policy::choose`). A
    /// firm budget is not extended.
    #[must_use]
    pub fn extended(&self, more: Duration) -> Self {
        if self.firm {
            return self.clone();
        }
        Self {
            deadline: self.deadline.map(|d| d.max(Instant::now() + more)),
            ..self.clone()
        }
    }

    /// This budget, made firm: its deadline is never extended.
    #[must_use]
    pub fn firm(self) -> Self {
        Self { firm: true, ..self }
    }

    /// Whether the question was cancelled (not merely out of time).
    #[must_use]
    pub fn cancelled(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// A stop flag for searches that poll it directly.
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// This budget with a note of its own: what the searches under it
    /// record is not mixed with what others under this one record (the
    /// coach's look at the person's move, say, beside the computer's).
    #[must_use]
    pub fn noting_apart(&self) -> Self {
        Self {
            note: Arc::default(),
            ..self.clone()
        }
    }

    /// Records what a playing search did, in place of any earlier note.
    pub fn note_search(&self, note: SearchNote) {
        *self.note.lock().unwrap_or_else(PoisonError::into_inner) = Some(note);
    }

    /// The last note recorded under this budget or its shares.
    #[must_use]
    pub fn search_note(&self) -> Option<SearchNote> {
        *self.note.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_firm_budget_is_not_extended() {
        let b = Budget::of(Duration::from_millis(10));
        assert!(b.extended(Duration::from_secs(20)).deadline() > b.deadline());
        let firm = b.clone().firm();
        assert_eq!(
            firm.extended(Duration::from_secs(20)).deadline(),
            b.deadline()
        );
        // Its parts are firm too.
        let part = firm.share(0.5);
        assert_eq!(
            part.extended(Duration::from_secs(20)).deadline(),
            part.deadline()
        );
    }

    #[test]
    fn shares_end_sooner_and_cancel_stops_all() {
        let b = Budget::of(Duration::from_secs(60));
        let half = b.share(0.5);
        assert!(half.deadline() < b.deadline());
        assert!(!half.exhausted());
        b.cancel();
        assert!(half.exhausted() && b.exhausted());
        assert!(!Budget::unlimited().exhausted());
        assert!(Budget::of(Duration::ZERO).exhausted());
        let slice = b.capped(Duration::from_millis(10));
        assert!(slice.deadline() < half.deadline());
        assert!(slice.exhausted(), "cancelled with the rest");
        assert_eq!(Budget::unlimited().capped(Duration::ZERO).deadline(), None);
    }

    #[test]
    fn a_note_is_shared_by_the_parts_and_kept_apart_when_asked() {
        let b = Budget::of(Duration::from_secs(60));
        let note = SearchNote {
            depth: 9,
            nodes: 1000,
            estimate: Estimate::Score(-3),
        };
        assert_eq!(b.search_note(), None);
        b.share(0.5)
            .capped(Duration::from_millis(1))
            .note_search(note);
        assert_eq!(b.search_note(), Some(note));
        let apart = b.noting_apart();
        assert_eq!(apart.search_note(), None);
        apart.note_search(SearchNote { depth: 2, ..note });
        assert_eq!(b.search_note(), Some(note), "the first keeps its own");
        assert_eq!(
            apart
                .extended(Duration::from_secs(1))
                .search_note()
                .map(|n| n.depth),
            Some(2)
        );
        // Apart in its note only: cancelling still stops both.
        b.cancel();
        assert!(apart.exhausted());
    }
}
