//! The terminal game (docs/design.md §5): demo2's shape — `App` holds the state,
//! `run` loops tick → draw → handle events, and the terminal is always
//! restored, on quit, on error and on panic. Searches run on worker
//! threads, so the loop never waits on one.

pub mod app;
pub mod boards;
mod hangup;
mod input;
pub mod kept;
pub mod keys;
pub mod play;
mod run;
pub mod screens;
pub mod tally;
pub mod theme;
pub mod ui;

use std::io::{self, stdout};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;

pub use app::{App, Start};

/// How often the loop wakes while a search runs (to show its progress and
/// take its answer), and when idle (a termination signal is seen within it).
const BUSY_TICK: Duration = Duration::from_millis(50);
const IDLE_TICK: Duration = Duration::from_millis(500);

/// Restores the terminal when dropped: on return, on error, on unwind.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        let _ = execute!(stdout(), DisableMouseCapture);
        ratatui::restore();
    }
}

/// Runs the TUI until the person quits; gives back the last game as a
/// command that takes it up again, to print once the terminal is restored.
///
/// # Errors
/// Terminal errors (the terminal is restored first).
pub fn run(app: App) -> io::Result<Option<String>> {
    // SIGTERM, SIGHUP (a closed terminal window), SIGINT and SIGQUIT end
    // the loop like q, so the terminal is restored on the way out.
    let stop = Arc::new(AtomicBool::new(false));
    let suspend = Arc::new(AtomicBool::new(false));
    hangup::watch(Arc::clone(&stop), Arc::clone(&suspend))?;
    let mut terminal = ratatui::try_init()?;
    let _restore = Restore;
    // ratatui's hook restores raw mode and the screen; mouse capture too.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        hook(info);
    }));
    execute!(stdout(), EnableMouseCapture)?;
    app.run(&mut terminal, &Flags { stop, suspend })
}

/// What the signals ask of the loop.
pub struct Flags {
    /// End the program (SIGTERM, SIGHUP, SIGINT, SIGQUIT).
    pub stop: Arc<AtomicBool>,
    /// Stop for a while (SIGTSTP; Ctrl-Z asks the app itself).
    pub suspend: Arc<AtomicBool>,
}

/// Gives the terminal back, stops the process, and takes the terminal
/// again when it is continued, with the whole screen drawn afresh.
fn suspend(terminal: &mut DefaultTerminal) -> io::Result<()> {
    let _ = execute!(
        stdout(),
        DisableMouseCapture,
        ratatui::crossterm::cursor::Show
    );
    ratatui::restore();
    hangup::stop_self();
    // Continued (`fg`): the terminal is as the shell left it.
    ratatui::crossterm::terminal::enable_raw_mode()?;
    execute!(
        stdout(),
        ratatui::crossterm::terminal::EnterAlternateScreen,
        EnableMouseCapture
    )?;
    terminal.hide_cursor()?;
    terminal.clear()
}

impl App {
    /// The event loop: take finished work, draw, wait for an event.
    ///
    /// # Errors
    /// Terminal errors.
    pub fn run(
        mut self,
        terminal: &mut DefaultTerminal,
        flags: &Flags,
    ) -> io::Result<Option<String>> {
        loop {
            self.tick();
            if flags.stop.load(Ordering::Relaxed) {
                self.quit();
            }
            if flags.suspend.swap(false, Ordering::Relaxed) || self.take_suspend() {
                suspend(terminal)?;
            }
            if self.quitting() {
                return Ok(self.resume);
            }
            terminal.draw(|frame| frame.render_widget(&self, frame.area()))?;
            let wait = if self.thinking() || self.animating() {
                BUSY_TICK
            } else {
                IDLE_TICK
            };
            if event::poll(wait)? {
                let size = terminal.size()?;
                let area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
                let ev = event::read()?;
                self.handle_event(&ev, area);
            }
        }
    }
}
