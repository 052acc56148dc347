//! How long a question may take: a deadline and a stop flag, shared by
//! everything that works on one question (a move, a tip, an analysis).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A time budget that can also be cancelled from another thread (leaving a
/// game stops its search). Cloning shares the stop flag.
#[derive(Clone, Debug)]
pub struct Budget {
    deadline: Option<Instant>,
    stop: Arc<AtomicBool>,
    /// The deadline is not to be passed even to keep a known result (a
    /// tournament's clock): [`Budget::extended`] does not extend it.
    firm: bool,
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
        }
    }

    /// `think` from now on.
    #[must_use]
    pub fn of(think: Duration) -> Self {
        Self {
            deadline: Instant::now().checked_add(think),
            stop: Arc::new(AtomicBool::new(false)),
            firm: false,
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
            stop: Arc::clone(&self.stop),
            firm: self.firm,
        }
    }

    /// At most `slice` of what is left (all of it when unlimited), with
    /// the same stop flag.
    #[must_use]
    pub fn capped(&self, slice: Duration) -> Self {
        match self.remaining() {
            Some(left) if left > slice => Self {
                deadline: Instant::now().checked_add(slice),
                stop: Arc::clone(&self.stop),
                firm: self.firm,
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
            stop: Arc::clone(&self.stop),
            firm: false,
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
}
