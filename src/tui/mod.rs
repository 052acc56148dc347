//! The terminal game (DESIGN.md §5): demo2's shape — `App` holds the state,
//! `run` loops draw → handle events, and the terminal is always restored,
//! on quit, on error and on panic.

pub mod app;
pub mod boards;
mod input;
pub mod keys;
pub mod tally;
pub mod theme;
pub mod ui;

use std::io::{self, stdout};
use std::time::Duration;

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;

pub use app::{App, Start};

/// How long the person's own move stays on screen before the computer answers.
const COMPUTER_PAUSE: Duration = Duration::from_millis(350);

/// Restores the terminal when dropped: on return, on error, on unwind.
struct Restore;

impl Drop for Restore {
    fn drop(&mut self) {
        let _ = execute!(stdout(), DisableMouseCapture);
        ratatui::restore();
    }
}

/// Runs the TUI until the person quits.
///
/// # Errors
/// Terminal errors (the terminal is restored first).
pub fn run(app: App) -> io::Result<()> {
    let mut terminal = ratatui::try_init()?;
    let _restore = Restore;
    // ratatui's hook restores raw mode and the screen; mouse capture too.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        hook(info);
    }));
    execute!(stdout(), EnableMouseCapture)?;
    app.run(&mut terminal)
}

impl App {
    /// The event loop: draw, let the computer move, read an event.
    ///
    /// # Errors
    /// Terminal errors.
    pub fn run(mut self, terminal: &mut DefaultTerminal) -> io::Result<()> {
        while !self.quit {
            terminal.draw(|frame| frame.render_widget(&self, frame.area()))?;
            let size = terminal.size()?;
            let area = ratatui::layout::Rect::new(0, 0, size.width, size.height);
            if self.computer_to_move() && !self.help {
                // A key pressed meanwhile (Ctrl-C, q) is handled first.
                if event::poll(COMPUTER_PAUSE)? {
                    let ev = event::read()?;
                    self.handle_event(&ev, area);
                } else {
                    self.computer_turn();
                }
                continue;
            }
            let ev = event::read()?;
            self.handle_event(&ev, area);
        }
        Ok(())
    }
}
