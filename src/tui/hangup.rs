//! Signals, and leaving when the terminal goes away. SIGTERM, SIGHUP,
//! SIGINT and SIGQUIT set the loop's stop flag, and the loop ends like q
//! and restores the terminal. SIGTSTP (`kill -TSTP`; Ctrl-Z itself arrives
//! as a key in raw mode) sets the suspend flag: the loop gives the terminal
//! back, stops, and takes it again when continued. But on a
//! terminal that has hung up (its window closed, tmux killed) crossterm's
//! event poll never returns: it re-reads the dead tty forever at full CPU
//! (crossterm issue 793), so the loop would never see the flag. This
//! watchdog ends the process when the loop has not ended shortly after
//! such a signal, or when standard input reports the hang-up itself (a
//! process that was not sent the signal).

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP};
use signal_hook::iterator::Signals;

/// How long the loop has to end by itself after a signal.
const GRACE: Duration = Duration::from_secs(2);
/// How often standard input is checked for a hang-up.
const CHECK: Duration = Duration::from_secs(1);

/// The signals that end the program.
const ENDING: [i32; 4] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT];

/// Starts the watchdog; `stop` is the loop's flag to end, `suspend` its
/// flag to stop for a while.
///
/// # Errors
/// When the signal handlers cannot be installed.
pub fn watch(stop: Arc<AtomicBool>, suspend: Arc<AtomicBool>) -> io::Result<()> {
    let mut signals = Signals::new(ENDING)?;
    let mut stops = Signals::new([SIGTSTP])?;
    thread::spawn(move || {
        for _ in stops.forever() {
            suspend.store(true, Ordering::Relaxed);
        }
    });
    let flag = Arc::clone(&stop);
    thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            flag.store(true, Ordering::Relaxed);
            thread::sleep(GRACE);
            // Still running: the loop is stuck on a dead terminal.
            std::process::exit(128 + signal);
        }
    });
    thread::spawn(move || {
        loop {
            thread::sleep(CHECK);
            if stdin_hung_up() {
                stop.store(true, Ordering::Relaxed);
                thread::sleep(GRACE);
                std::process::exit(128 + SIGHUP);
            }
        }
    });
    Ok(())
}

/// Stops the whole process until it is continued (`fg`). SIGSTOP, which no
/// handler can catch: SIGTSTP is the program's own to handle.
pub fn stop_self() {
    // SAFETY: raise only sends a signal to this process.
    unsafe {
        libc::raise(libc::SIGSTOP);
    }
}

/// Whether the terminal on standard input has hung up; reads nothing.
fn stdin_hung_up() -> bool {
    let mut fd = libc::pollfd {
        fd: libc::STDIN_FILENO,
        events: 0,
        revents: 0,
    };
    // SAFETY: one valid pollfd, its count, no wait; poll only writes revents.
    let ready = unsafe { libc::poll(&raw mut fd, 1, 0) };
    ready > 0 && fd.revents & (libc::POLLHUP | libc::POLLNVAL) != 0
}
