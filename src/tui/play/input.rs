//! What the person asks with keys: a move typed (checked character by
//! character) or under the cursor, kept while the computer thinks; undo,
//! a tip, the values overlay, and the letters that are commands.

use crate::engine::Game;
use crate::games::Family;

use super::super::boards::BoardView;
use super::work::Work;
use super::{Action, Leave, MAX_TYPED, Playing, WAIT};

impl<F: Family, V: BoardView<F>> Playing<F, V> {
    /// Whether the character `c` goes on the typed line: while a move is
    /// being typed every character does; on an empty line, what can start
    /// a move does, and the rest are commands.
    pub(super) fn types(&self, c: char) -> bool {
        !self.typed.is_empty() || self.starts_move(c)
    }

    /// Whether the letter `c`, on an empty line, starts a move rather than
    /// its command. Once the game is over no move can be played, so every
    /// letter is its command: `e` opens the review even where e is a
    /// column (Connect Four, gomoku).
    pub(super) fn starts_move(&self, c: char) -> bool {
        !self.over() && self.view.typable(self.session.position(), "", c).is_ok()
    }

    /// What a move asked for after the game's end is told instead.
    pub(super) fn say_over(&mut self) {
        self.message = Some(if self.analysis.is_some() {
            "the game is over here: u steps back".into()
        } else {
            "the game is over: n for a new game, q for the menu".into()
        });
    }

    /// Empties the typed line.
    pub(super) fn clear_line(&mut self) {
        self.typed.clear();
        self.typed_error = None;
    }

    /// Enter: the typed move if any, else the one under the cursor.
    pub(super) fn enter(&mut self) {
        if self.over() {
            self.say_over();
            return;
        }
        if !self.human_turn() {
            let computer_next = self.waiting_for_reply() || self.session.computer_to_move();
            if computer_next && !self.typed.is_empty() {
                self.queued = true;
                self.message = Some(format!(
                    "'{}' is kept: it is played when the computer has moved",
                    self.typed
                ));
            } else {
                self.message = Some(WAIT.into());
            }
            return;
        }
        self.queued = false;
        let pos = self.session.position();
        let mv = if self.typed.is_empty() {
            match self.view.selected(pos, self.cursor) {
                Some(mv) => mv,
                None => {
                    self.message = Some("the cursor is not on a move you can play".into());
                    return;
                }
            }
        } else if let Some(why) = &self.typed_error {
            self.message = Some(format!("{why} (Backspace or Esc to fix it)"));
            return;
        } else {
            match pos.read_move(&self.typed) {
                Ok(mv) => mv,
                Err(e) => {
                    self.message = Some(e.0);
                    return;
                }
            }
        };
        self.person_plays(mv);
    }

    /// A typed character joins the line even when it cannot be part of a
    /// move, so the line shows what was typed and Enter refuses it rather
    /// than playing what is left; the first wrong character says why.
    pub(super) fn type_char(&mut self, c: char) {
        if self.typed.chars().count() >= MAX_TYPED {
            self.message = Some(format!("a move is at most {MAX_TYPED} characters"));
            return;
        }
        self.typed.push(c);
        self.check_line();
    }

    pub(super) fn backspace(&mut self) {
        self.typed.pop();
        self.check_line();
    }

    /// Checks the line after an edit: the first character that cannot be
    /// part of a move, if any, is the line's error and the message.
    pub(super) fn check_line(&mut self) {
        let pos = self.session.position();
        let mut prefix = String::new();
        self.typed_error = self.typed.chars().find_map(|c| {
            let why = self.view.typable(pos, &prefix, c).err();
            prefix.push(c);
            why
        });
        self.message.clone_from(&self.typed_error);
    }

    pub(super) fn undo(&mut self) {
        if self.over() && self.reported {
            self.message = Some("the game is over and counted: n for a new game".into());
            return;
        }
        self.work = None;
        self.stalled = false;
        let undone = self.session.undo_turn();
        self.message = Some(match undone {
            0 => "nothing to undo yet".into(),
            1 => "took back 1 move".into(),
            n => format!("took back {n} moves"),
        });
        self.coach = None;
        self.remark = None;
        self.search = None;
        self.last_computer = None;
        self.arrived = None;
        self.changed();
    }

    pub(super) fn ask_hint(&mut self) {
        if !self.human_turn() {
            return;
        }
        if self.work.is_some() {
            self.message = Some("wait: still working on the last question".into());
            return;
        }
        self.session.mark_assisted();
        self.work = Some(Work::hint(&mut self.session));
    }

    pub(super) fn toggle_values(&mut self) {
        self.show_values = !self.show_values;
        if self.show_values {
            self.session.mark_assisted();
        } else {
            self.values = None;
        }
    }

    pub(super) fn command(&mut self, c: char) -> Option<Action> {
        match c {
            'q' => return Some(self.ask_leave(Leave::Menu)),
            'n' => return Some(self.ask_leave(Leave::NewGame)),
            's' => return Some(self.ask_leave(Leave::SwapSides)),
            'r' => return Some(self.ask_leave(Leave::Resign)),
            't' => self.ask_hint(),
            'u' => self.undo(),
            'v' => self.toggle_values(),
            'e' => self.open_review(),
            _ => return None,
        }
        Some(Action::None)
    }
}
