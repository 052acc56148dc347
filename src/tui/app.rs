//! The app's state and its transitions: menu → setup → playing → game over
//! → menu. Keys and mouse clicks arrive through `handle_event`, so tests
//! drive the real app without a terminal.

use std::collections::HashMap;
use std::path::PathBuf;

use rand::rngs::StdRng;

use crate::engine::{AnyMatch, Level, Outcome, Player, Status};
use crate::games::Kind;
use crate::plain::{coach_line, hint, rng_for};
use crate::rules::{Listed, Ruleset};

use super::boards::{self, Cursor};
use super::tally::{Finish, Tally};
use super::theme::Theme;

/// One game the menu offers.
pub struct Entry {
    pub id: String,
    pub ruleset: Ruleset,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Menu,
    Setup,
    Playing,
}

/// What the command line fixed before the TUI started.
#[derive(Clone, Debug, Default)]
pub struct Start {
    /// Open straight into this ruleset (given on the command line).
    pub ruleset: Option<(String, Ruleset)>,
    pub human: Option<Player>,
    pub level: Option<Level>,
    pub seed: Option<u64>,
}

/// A game in progress and what the screen shows about it.
pub struct Play {
    pub entry: usize,
    pub game: Box<dyn AnyMatch>,
    pub human: Player,
    pub level: Level,
    pub cursor: Cursor,
    pub typed: String,
    pub last_computer: Option<String>,
    pub coach: Option<String>,
    pub hint: Option<String>,
    /// The analysis overlay, when shown: every legal move's result.
    pub values: Option<HashMap<String, Outcome>>,
    pub message: Option<String>,
    /// The tally has this game's result already.
    pub recorded: bool,
    /// The move (1-based) after which the result was certain, once over.
    pub decided: Option<usize>,
    /// Whether the start was solved exactly (else the play is not proven).
    pub proven: bool,
}

impl Play {
    /// Recomputes the overlay for the position now: empty unless the
    /// person is to move, so the computer's turns cost nothing.
    pub fn refresh_values(&mut self) {
        self.values = Some(
            if self.game.status().is_over() || self.game.to_move() != self.human {
                HashMap::new()
            } else {
                self.game
                    .move_results()
                    .into_iter()
                    .map(|m| (m.mv, m.value.outcome))
                    .collect()
            },
        );
    }

    pub fn toggle_values(&mut self) {
        if self.values.is_some() {
            self.values = None;
        } else {
            self.refresh_values();
        }
    }
}

pub struct App {
    pub screen: Screen,
    pub help: bool,
    pub entries: Vec<Entry>,
    pub selected: usize,
    pub human: Player,
    pub level: Level,
    pub play: Option<Play>,
    pub tally: Tally,
    pub tally_path: Option<PathBuf>,
    pub notice: Option<String>,
    pub theme: &'static Theme,
    pub quit: bool,
    rng: StdRng,
    /// Side and level both came from the command line: no setup screen.
    skip_setup: bool,
    /// Who wins the chosen ruleset, worked out once when setup opens.
    pub upper_hand: String,
}

impl App {
    /// The app over `listed` rulesets (those that failed to load are named
    /// in the notice), with the tally at `tally_path`.
    #[must_use]
    pub fn new(
        listed: Vec<Listed>,
        start: Start,
        tally_path: Option<PathBuf>,
        theme: &'static Theme,
    ) -> Self {
        let mut notes = Vec::new();
        let mut entries: Vec<Entry> = Vec::new();
        for item in listed {
            match item.ruleset {
                Ok(ruleset) => entries.push(Entry {
                    id: item.id,
                    ruleset,
                }),
                Err(e) => notes.push(format!("skipped {}: {e}", item.id)),
            }
        }
        // Grouped by kind, in the order the kinds are declared.
        entries.sort_by_key(|e| kind_rank(e.ruleset.kind()));
        let (tally, note) = tally_path
            .as_deref()
            .map_or_else(|| (Tally::default(), None), Tally::load);
        notes.extend(note);
        let mut app = Self {
            screen: Screen::Menu,
            help: false,
            entries,
            selected: 0,
            human: start.human.unwrap_or(Player::First),
            level: start.level.unwrap_or_default(),
            play: None,
            tally,
            tally_path,
            notice: (!notes.is_empty()).then(|| notes.join("; ")),
            theme,
            quit: false,
            rng: rng_for(start.seed),
            skip_setup: start.human.is_some() && start.level.is_some(),
            upper_hand: String::new(),
        };
        if let Some((id, ruleset)) = start.ruleset {
            let index = app
                .entries
                .iter()
                .position(|e| e.id == id)
                .unwrap_or_else(|| {
                    app.entries.push(Entry { id, ruleset });
                    app.entries.len() - 1
                });
            app.selected = index;
            app.open_selected();
        }
        app
    }

    #[must_use]
    pub fn entry(&self) -> Option<&Entry> {
        self.entries.get(self.selected)
    }

    /// Opens the chosen ruleset: the setup screen, or the game itself
    /// when the command line answered its questions.
    pub fn open_selected(&mut self) {
        if self.entries.is_empty() {
            return;
        }
        if self.skip_setup {
            self.start_game();
        } else {
            self.upper_hand = self.entry().map(upper_hand).unwrap_or_default();
            self.screen = Screen::Setup;
        }
    }
    pub fn start_game(&mut self) {
        let Some(entry) = self.entries.get(self.selected) else {
            return;
        };
        let game = entry.ruleset.new_match();
        let proven = game.value().proven;
        let cursor = boards::first_cursor(entry.ruleset.kind(), game.as_ref());
        self.play = Some(Play {
            entry: self.selected,
            game,
            human: self.human,
            level: self.level,
            cursor,
            typed: String::new(),
            last_computer: None,
            coach: None,
            hint: None,
            values: None,
            message: None,
            recorded: false,
            decided: None,
            proven,
        });
        self.screen = Screen::Playing;
    }

    pub fn to_menu(&mut self) {
        self.play = None;
        self.screen = Screen::Menu;
    }

    /// Whether the computer should move now.
    #[must_use]
    pub fn computer_to_move(&self) -> bool {
        self.play
            .as_ref()
            .is_some_and(|p| !p.game.status().is_over() && p.game.to_move() != p.human)
    }

    /// Plays the computer's move (a no-op when it is not its turn).
    pub fn computer_turn(&mut self) {
        if !self.computer_to_move() {
            return;
        }
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let Some(mv) = play.game.computer_move(play.level, &mut self.rng) else {
            return;
        };
        match play.game.play(&mv) {
            Ok(mv) => play.last_computer = Some(mv),
            Err(e) => play.message = Some(format!("the computer's move failed: {e}")),
        }
        self.after_move();
    }

    /// The person plays `text`; bad input leaves everything as it was.
    pub fn human_move(&mut self, text: &str) {
        let Some(play) = self.play.as_mut() else {
            return;
        };
        if play.game.status().is_over() {
            play.message = Some("the game is over: n for a new game, q for the menu".into());
            return;
        }
        if play.game.to_move() != play.human {
            return;
        }
        let review = play.game.review(text);
        match play.game.play(text) {
            Ok(_) => {
                play.coach = review.map(|c| coach_line(&c));
                play.hint = None;
                play.typed.clear();
                play.message = None;
                play.last_computer = None;
                self.after_move();
            }
            Err(e) => play.message = Some(format!("{e}")),
        }
    }

    fn after_move(&mut self) {
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let kind = self.entries[play.entry].ruleset.kind();
        play.cursor = boards::clamp_cursor(kind, play.game.as_ref(), play.cursor);
        if play.values.is_some() {
            play.refresh_values();
        }
        let status = play.game.status();
        if !status.is_over() || play.recorded {
            return;
        }
        play.recorded = true;
        let finish = match status {
            Status::Won(p) if p == play.human => Finish::Won,
            Status::Won(_) => Finish::Lost,
            _ => Finish::Drawn,
        };
        let entry = &self.entries[play.entry];
        play.decided = decided_at(&entry.ruleset, &play.game.history(), status);
        self.tally.record(&entry.id, play.level.as_str(), finish);
        if let Some(path) = &self.tally_path
            && let Err(e) = self.tally.save(path)
        {
            self.notice = Some(format!(
                "could not save the tally to {}: {e}",
                path.display()
            ));
        }
    }

    pub fn undo(&mut self) {
        let Some(play) = self.play.as_mut() else {
            return;
        };
        if play.recorded {
            play.message = Some("the game is over and counted: n for a new game".into());
            return;
        }
        let mut undone = 0;
        while play.game.undo() {
            undone += 1;
            if play.game.to_move() == play.human {
                break;
            }
        }
        // Back before the person's first move when the computer opened.
        if play.game.to_move() != play.human && undone > 0 {
            self.new_game();
            return;
        }
        play.message = Some(if undone == 0 {
            "nothing to undo".into()
        } else {
            format!("took back {undone} move(s)")
        });
        play.coach = None;
        play.hint = None;
        play.last_computer = None;
        let kind = self.entries[play.entry].ruleset.kind();
        play.cursor = boards::clamp_cursor(kind, play.game.as_ref(), play.cursor);
        if play.values.is_some() {
            play.refresh_values();
        }
    }

    pub fn new_game(&mut self) {
        let show = self.play.as_ref().is_some_and(|p| p.values.is_some());
        if let Some(p) = &self.play {
            self.human = p.human;
            self.level = p.level;
            self.selected = p.entry;
        }
        self.start_game();
        if show && let Some(p) = self.play.as_mut() {
            p.refresh_values();
        }
    }

    pub fn swap_sides(&mut self) {
        if let Some(p) = self.play.as_mut() {
            p.human = p.human.opponent();
        }
        self.new_game();
    }

    pub fn show_hint(&mut self) {
        let Some(play) = self.play.as_mut() else {
            return;
        };
        if play.game.status().is_over() || play.game.to_move() != play.human {
            return;
        }
        play.hint = Some(hint(play.game.as_ref()));
    }
}

/// Who wins a ruleset with perfect play, in words.
fn upper_hand(entry: &Entry) -> String {
    let game = entry.ruleset.new_match();
    let v = game.value();
    let proven = if v.proven {
        ""
    } else {
        " (not proven: the board is too large to solve in time)"
    };
    match v.outcome {
        Outcome::Win => format!("The first player wins with perfect play{proven}."),
        Outcome::Loss => format!("The second player wins with perfect play{proven}."),
        Outcome::Draw if v.proven => {
            "With perfect play the game is a draw (a stalemate).".to_string()
        }
        Outcome::Draw => format!("No forced result was found{proven}."),
    }
}

fn kind_rank(kind: Kind) -> u8 {
    match kind {
        Kind::Flags => 0,
        Kind::Nim => 1,
        Kind::Divisors => 2,
        Kind::Mnk => 3,
    }
}

/// The move after which the final result was certain with perfect play:
/// from there on, every position's value said so.
fn decided_at(ruleset: &Ruleset, moves: &[String], status: Status) -> Option<usize> {
    let mut game = ruleset.new_match();
    let mut first_right = None;
    for i in 0..=moves.len() {
        let v = game.value();
        let for_first = if game.to_move() == Player::First {
            v.outcome
        } else {
            v.outcome.flip()
        };
        let right = v.proven
            && match status {
                Status::Won(Player::First) => for_first == Outcome::Win,
                Status::Won(Player::Second) => for_first == Outcome::Loss,
                _ => for_first == Outcome::Draw,
            };
        if !right {
            first_right = None;
        } else if first_right.is_none() {
            first_right = Some(i);
        }
        if let Some(mv) = moves.get(i) {
            game.play(mv).ok()?;
        }
    }
    first_right
}
