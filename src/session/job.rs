//! Work beside the event loop: a question runs on a worker thread under a
//! budget, and the screen polls for the answer. Dropping a job cancels it.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use crate::engine::Budget;

/// Where a job stands.
#[derive(Debug)]
pub enum Poll<T> {
    Pending,
    Done(T),
    /// The worker stopped without an answer (it panicked).
    Failed,
}

pub struct Job<T> {
    rx: Receiver<T>,
    budget: Budget,
    started: Instant,
}

impl<T: Send + 'static> Job<T> {
    /// Runs `work` on a new thread under `budget`.
    pub fn spawn(budget: Budget, work: impl FnOnce(&Budget) -> T + Send + 'static) -> Self {
        let (tx, rx) = mpsc::channel();
        let shared = budget.clone();
        // A job that cannot start answers `Failed` at its first poll.
        let _ = thread::Builder::new()
            .name("unbeatable-search".into())
            .spawn(move || {
                let _ = tx.send(work(&shared));
            });
        Self {
            rx,
            budget,
            started: Instant::now(),
        }
    }
}

impl<T> Job<T> {
    pub fn poll(&mut self) -> Poll<T> {
        match self.rx.try_recv() {
            Ok(t) => Poll::Done(t),
            Err(TryRecvError::Empty) => Poll::Pending,
            Err(TryRecvError::Disconnected) => Poll::Failed,
        }
    }

    /// Polls the job in `slot`, emptying the slot once it has finished:
    /// `Some(Some(answer))`, `Some(None)` if the worker failed, and `None`
    /// while it runs (or when there is none).
    pub fn take(slot: &mut Option<Self>) -> Option<Option<T>> {
        let answer = match slot.as_mut()?.poll() {
            Poll::Pending => return None,
            Poll::Done(t) => Some(t),
            Poll::Failed => None,
        };
        *slot = None;
        Some(answer)
    }

    /// Blocks until the answer comes; `None` if the worker failed.
    pub fn wait(self) -> Option<T> {
        self.rx.recv().ok()
    }

    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    #[must_use]
    pub fn budget(&self) -> &Budget {
        &self.budget
    }
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        // Nobody will read the answer: stop the search soon.
        self.budget.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_and_cancels() {
        let job = Job::spawn(Budget::unlimited(), |_| 41 + 1);
        assert_eq!(job.wait(), Some(42));
        let mut slow = Job::spawn(Budget::unlimited(), |b: &Budget| {
            while !b.exhausted() {
                thread::sleep(Duration::from_millis(1));
            }
            "stopped"
        });
        assert!(matches!(slow.poll(), Poll::Pending));
        slow.budget().cancel();
        assert_eq!(slow.wait(), Some("stopped"));
    }
}
