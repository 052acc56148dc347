//! The app's state: one screen at a time — the menu, the setup of a game,
//! a game — and its transitions. Keys and mouse clicks arrive through
//! `handle_event` (in `input.rs`), so tests drive the real app without a
//! terminal.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::engine::{Budget, Level, Player, Value};
use crate::history::{self, GameRecord};
use crate::rules::{Listed, Renames, Ruleset};
use crate::session::{Job, Setup, wording};

use super::kept::KeptGames;
use super::play::{Action, PlayScreen, Report, ScreenOptions};
use super::run::PuzzleRun;
use super::tally::{Finish, Tally};
use super::theme::Theme;

/// One game the menu offers.
pub struct Entry {
    pub id: String,
    pub ruleset: Ruleset,
}

/// Before a game: who has the upper hand (worked out beside the screen).
pub struct SetupScreen {
    job: Option<Job<Value>>,
    pub start_value: Option<Value>,
}

impl SetupScreen {
    fn new(ruleset: &Ruleset, think: Option<Duration>) -> Self {
        let rules = std::sync::Arc::clone(&ruleset.rules);
        let job = Job::spawn(Budget::maybe(think), move |b| rules.start_value(b));
        Self {
            job: Some(job),
            start_value: None,
        }
    }

    fn tick(&mut self) {
        if let Some(value) = Job::take(&mut self.job) {
            self.start_value = Some(value.unwrap_or(Value::UNKNOWN));
        }
    }

    /// Whether the start is proven: `None` while it is being worked out.
    #[must_use]
    pub fn proven(&self) -> Option<bool> {
        self.start_value.map(Value::is_proven)
    }

    /// Who has the upper hand, in words.
    #[must_use]
    pub fn upper_hand(&self) -> String {
        self.start_value.map_or_else(
            || "Working out who has the upper hand…".to_string(),
            wording::upper_hand,
        )
    }

    #[must_use]
    pub fn thinking(&self) -> bool {
        self.job.is_some()
    }
}

/// The screen shown.
pub enum Mode {
    Menu,
    Setup(SetupScreen),
    Playing(Box<dyn PlayScreen>),
    /// "Your games": the kept games, each opened into its review.
    Games(KeptGames),
    Quit,
}

/// What the command line fixed before the TUI started.
#[derive(Clone, Debug, Default)]
pub struct Start {
    /// Open straight into this ruleset (given on the command line).
    pub ruleset: Option<(String, Ruleset)>,
    pub human: Option<Player>,
    pub level: Option<Level>,
    pub seed: Option<u64>,
    /// The budget of one question; `None` here means no limit.
    pub think: Option<Duration>,
    /// How long the person's move stays alone on screen before the
    /// computer's answer shows (`None`: the usual pause; tests use zero).
    pub pause: Option<Duration>,
    /// The first game starts from the position after these moves.
    pub moves: Option<String>,
    /// The first game, finished, opens in its review (and is not counted
    /// again): `unbeatable review` on a terminal.
    pub review: bool,
    /// The first game opens on the analysis board: `analyze --board`.
    pub analysis: bool,
}

pub struct App {
    pub mode: Mode,
    /// The help overlay is open over the screen.
    pub help: bool,
    /// How many lines the help overlay is scrolled down.
    pub help_scroll: u16,
    pub entries: Vec<Entry>,
    pub selected: usize,
    pub human: Player,
    pub level: Level,
    pub tally: Tally,
    pub tally_path: Option<PathBuf>,
    /// What went wrong reading or saving the tally (also on the game
    /// screen, where the notice is not shown).
    pub tally_note: Option<String>,
    pub notice: Option<String>,
    pub theme: &'static Theme,
    seed: Option<u64>,
    think: Option<Duration>,
    /// Side and level both came from the command line: no setup screen.
    skip_setup: bool,
    /// How long the person's move stays alone on screen.
    pause: Duration,
    /// Moves the next game starts from (from the command line, once).
    moves: Option<String>,
    /// Open the first game in its review (see [`Start::review`]).
    review: bool,
    /// The last game left or on screen at the end, as a command that
    /// takes it up again.
    pub resume: Option<String>,
    /// Ctrl-Z was pressed: the loop suspends the program.
    pub suspend_requested: bool,
    /// The game on screen was opened from "Your games" (at this row):
    /// leaving it goes back there.
    from_games: Option<usize>,
    /// A puzzle run, being made or under way.
    pub run: Option<PuzzleRun>,
}

/// The records kept beside the tally at `tally` (the tally, the kept
/// games, the puzzles) under a ruleset's former identity, taken over by
/// its identity now; a note for each file that could not be written.
fn take_over(tally: &Path, renames: &Renames) -> Vec<String> {
    [
        Tally::take_over_in_file(tally, renames),
        history::take_over(&tally.with_file_name("games.jsonl"), renames),
        crate::collection::Collection::take_over_in_file(
            &tally.with_file_name("puzzles.json"),
            renames,
        ),
    ]
    .into_iter()
    .filter_map(Result::err)
    .collect()
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
            if let crate::rules::Origin::User(path) = &item.origin {
                notes.extend(crate::rules::clash(path));
            }
            match item.ruleset {
                Ok(ruleset) => entries.push(Entry {
                    id: item.id,
                    ruleset,
                }),
                Err(e) => notes.push(format!("skipped {}: {e}", item.id)),
            }
        }
        // Grouped by family, in the registry's order; small games first.
        let kinds = crate::families::kinds();
        entries.sort_by_cached_key(|e| {
            (
                kinds.iter().position(|k| *k == e.ruleset.kind()),
                e.ruleset.rules.group().0,
                e.ruleset.rules.size(),
                e.ruleset.name.clone(),
            )
        });
        if let Some(path) = &tally_path {
            let listed = entries.iter().map(|e| &e.ruleset);
            let renames = Renames::of(listed.chain(start.ruleset.as_ref().map(|(_, r)| r)));
            notes.extend(take_over(path, &renames));
        }
        let (tally, tally_note) = tally_path
            .as_deref()
            .map_or_else(|| (Tally::default(), None), Tally::load);
        notes.extend(tally_note.clone());
        let mut app = Self {
            mode: Mode::Menu,
            help: false,
            help_scroll: 0,
            entries,
            selected: 0,
            human: start.human.unwrap_or(Player::First),
            level: start.level.unwrap_or_default(),
            tally,
            tally_path,
            tally_note,
            notice: (!notes.is_empty()).then(|| notes.join("\n")),
            theme,
            seed: start.seed,
            think: start.think,
            skip_setup: start.human.is_some() && start.level.is_some(),
            pause: start.pause.unwrap_or(ScreenOptions::default().pause),
            moves: start.moves,
            review: start.review,
            resume: None,
            suspend_requested: false,
            from_games: None,
            run: None,
        };
        if let Some((id, ruleset)) = start.ruleset {
            // A listed ruleset by its name; a file given by its path is
            // a listed one only where the rules are the same (one with a
            // built-in's stem and rules of its own opened the built-in).
            let identity = ruleset.identity();
            let index = app
                .entries
                .iter()
                .position(|e| e.id == id)
                .or_else(|| {
                    app.entries
                        .iter()
                        .position(|e| e.ruleset.identity() == identity)
                })
                .unwrap_or_else(|| {
                    app.entries.push(Entry { id, ruleset });
                    app.entries.len() - 1
                });
            app.selected = index;
            if start.analysis {
                app.open_analysis();
            } else {
                app.open_selected();
            }
        }
        app
    }

    #[must_use]
    pub fn entry(&self) -> Option<&Entry> {
        self.entries.get(self.selected)
    }

    /// Whether Ctrl-Z asked to suspend, clearing the request.
    pub fn take_suspend(&mut self) -> bool {
        std::mem::take(&mut self.suspend_requested)
    }

    #[must_use]
    pub fn quitting(&self) -> bool {
        matches!(self.mode, Mode::Quit)
    }

    pub fn quit(&mut self) {
        self.keep_resume();
        self.mode = Mode::Quit;
    }

    /// Notes the game on screen, if moves were made, as a command line.
    fn keep_resume(&mut self) {
        let (Mode::Playing(p), Some(entry)) = (&self.mode, self.entries.get(self.selected)) else {
            return;
        };
        let moves = p.moves_text();
        if !moves.is_empty() && !p.edited() {
            self.resume = Some(format!(
                "this game: unbeatable play {} --moves \"{moves}\"",
                crate::text::visible(&entry.id)
            ));
        }
    }

    /// The game on the screen, if one is.
    #[must_use]
    pub fn playing(&self) -> Option<&dyn PlayScreen> {
        match &self.mode {
            Mode::Playing(p) => Some(p.as_ref()),
            _ => None,
        }
    }

    /// Opens the chosen ruleset: the setup screen, or the game itself when
    /// the command line answered its questions.
    pub fn open_selected(&mut self) {
        let Some(entry) = self.entries.get(self.selected) else {
            return;
        };
        if self.skip_setup {
            self.start_game(None);
        } else {
            self.mode = Mode::Setup(SetupScreen::new(&entry.ruleset, self.think));
        }
    }

    /// `a` in the menu: the analysis board of the chosen ruleset, at its
    /// start (or after the command line's moves).
    pub fn open_analysis(&mut self) {
        self.start_game(None);
        if let Mode::Playing(p) = &mut self.mode {
            p.analyse();
        }
    }

    /// Starts a game of the chosen ruleset with the chosen side and level.
    pub fn start_game(&mut self, proven_start: Option<bool>) {
        let Some(entry) = self.entries.get(self.selected) else {
            return;
        };
        let setup = Setup {
            human: self.human,
            level: self.level,
            seed: self.seed,
            think: self.think,
        };
        let options = ScreenOptions {
            proven_start,
            pause: self.pause,
        };
        let mut screen = super::screens::screen(&*entry.ruleset.rules, setup, options);
        if let Some(moves) = self.moves.take()
            && let Err(e) = screen.replay(&moves)
        {
            self.notice = Some(e);
        }
        if std::mem::take(&mut self.review) {
            screen.review_only();
        }
        self.mode = Mode::Playing(screen);
    }

    pub fn to_menu(&mut self) {
        self.keep_resume();
        self.mode = Mode::Menu;
        if let Some(row) = self.from_games.take() {
            self.open_games();
            if let Mode::Games(kept) = &mut self.mode {
                kept.selected = row.min(kept.games.len().saturating_sub(1));
            }
        }
    }

    /// Where the kept games are: beside the tally.
    fn games_path(&self) -> Option<PathBuf> {
        self.tally_path
            .as_ref()
            .map(|p| p.with_file_name("games.jsonl"))
    }

    /// "Your games": the kept games, newest first.
    pub fn open_games(&mut self) {
        self.mode = Mode::Games(KeptGames::load(self.games_path().as_deref()));
    }

    /// The name of the ruleset a kept game was played by, as the menu
    /// shows it; where no ruleset of the menu has its rules now (changed,
    /// or gone), the name the record kept with them.
    #[must_use]
    pub fn name_of(&self, game: &GameRecord) -> String {
        self.entries
            .iter()
            .find(|e| e.ruleset.identity() == game.identity)
            .map_or_else(|| game.kept_name().to_string(), |e| e.ruleset.name.clone())
    }

    /// Opens the chosen kept game in its review: on the rules it was
    /// played by, which must still be those of a ruleset in the menu.
    pub fn open_kept(&mut self) {
        let Mode::Games(kept) = &mut self.mode else {
            return;
        };
        let Some(game) = kept.chosen().cloned() else {
            return;
        };
        let Some(index) = self
            .entries
            .iter()
            .position(|e| e.ruleset.identity() == game.identity)
        else {
            // The name it was kept with, and where it came from where
            // that differs (its id or its file).
            let name = match game.kept_name() {
                name if name == game.ruleset => name.to_string(),
                name => format!("{name} ({})", game.ruleset),
            };
            kept.note = Some(format!(
                "{}: its rules changed (or it is gone) since this game, so the game cannot be replayed",
                crate::text::visible(&name)
            ));
            return;
        };
        let row = kept.selected;
        // The game's own side and level, for this game only.
        let (human, level) = (self.human, self.level);
        self.human = if game.human == "second" {
            Player::Second
        } else {
            Player::First
        };
        self.level = game.level.parse().unwrap_or(Level::Perfect);
        self.selected = index;
        self.moves = Some(game.moves);
        self.review = true;
        self.start_game(None);
        (self.human, self.level) = (human, level);
        self.from_games = Some(row);
    }

    /// `p` in the menu: a puzzle run of the chosen ruleset, made beside
    /// the screen.
    pub fn start_run(&mut self) {
        let (Some(entry), Some(tally)) = (self.entries.get(self.selected), &self.tally_path) else {
            self.notice = Some("no data folder to keep your puzzles in".into());
            return;
        };
        let files = crate::practice::Files {
            games: tally.with_file_name("games.jsonl"),
            collection: tally.with_file_name("puzzles.json"),
        };
        let setup = Setup {
            human: self.human,
            level: self.level,
            seed: self.seed,
            think: self.think,
        };
        self.notice = Some(format!(
            "Making puzzles of {}: each answer proven first… (Esc stops)",
            entry.ruleset.name
        ));
        self.run = Some(PuzzleRun::start(
            self.selected,
            &entry.ruleset,
            setup,
            files,
        ));
    }

    /// Stops making a run (Esc in the menu meanwhile).
    pub fn stop_run(&mut self) {
        self.run = None;
        self.notice = Some("stopped making puzzles".into());
    }

    /// Shows the run's puzzle on screen, or ends the run after its last.
    fn open_puzzle(&mut self) {
        let Some(run) = &self.run else {
            return;
        };
        let (Some((ask, to_move, moves)), Some(entry)) = (run.ask(), self.entries.get(run.entry))
        else {
            self.end_run();
            return;
        };
        self.selected = run.entry;
        let setup = Setup {
            human: to_move,
            level: self.level,
            seed: self.seed,
            think: self.think,
        };
        let options = ScreenOptions {
            proven_start: Some(true),
            pause: self.pause,
        };
        let mut screen = super::screens::screen(&*entry.ruleset.rules, setup, options);
        if let Err(e) = screen.replay(&moves) {
            self.notice = Some(e);
            self.end_run();
            return;
        }
        screen.set_puzzle(ask);
        self.mode = Mode::Playing(screen);
    }

    /// Ends the run: back to the menu, which tells how it went.
    fn end_run(&mut self) {
        if let Some(run) = self.run.take() {
            self.notice = Some(run.finish());
        }
        self.mode = Mode::Menu;
    }

    /// Collects work done beside the screen; lets the computer move.
    pub fn tick(&mut self) {
        if let Some(made) = self.run.as_mut().and_then(PuzzleRun::collect) {
            match made {
                // The person went elsewhere meanwhile: the run is dropped.
                _ if !matches!(self.mode, Mode::Menu) => self.run = None,
                Ok(()) => {
                    self.notice = None;
                    self.open_puzzle();
                }
                Err(e) => {
                    self.run = None;
                    self.notice = Some(e);
                }
            }
        }
        match &mut self.mode {
            Mode::Setup(s) => s.tick(),
            Mode::Playing(p) => {
                let action = p.tick();
                self.act(action);
            }
            _ => {}
        }
    }

    /// Whether anything is being worked out (the loop then wakes often).
    #[must_use]
    pub fn thinking(&self) -> bool {
        if self.run.as_ref().is_some_and(PuzzleRun::making) {
            return true;
        }
        match &self.mode {
            Mode::Setup(s) => s.thinking(),
            Mode::Playing(p) => p.thinking(),
            _ => false,
        }
    }

    /// Whether a move is being shown arriving (the loop then wakes often).
    #[must_use]
    pub fn animating(&self) -> bool {
        matches!(&self.mode, Mode::Playing(p) if p.animating())
    }

    /// Carries out what the game screen asked for.
    pub fn act(&mut self, action: Action) {
        match action {
            Action::None => {}
            Action::Menu if self.run.is_some() => self.end_run(),
            Action::Menu => self.to_menu(),
            Action::Answered(solved) => {
                if let Some(note) = self.run.as_mut().and_then(|r| r.answered(solved)) {
                    self.notice = Some(note);
                }
            }
            Action::NextPuzzle => {
                if let Some(run) = self.run.as_mut() {
                    run.at += 1;
                }
                self.open_puzzle();
            }
            Action::Finished(report) => {
                self.count(&report);
                self.keep(&report);
            }
            Action::Abandoned(report) => {
                self.count(&report);
                self.to_menu();
            }
        }
    }

    /// Keeps a finished game for its review, beside the tally.
    fn keep(&mut self, report: &Report) {
        let (Some(entry), Some(path), Mode::Playing(play)) = (
            self.entries.get(self.selected),
            &self.tally_path,
            &self.mode,
        ) else {
            return;
        };
        if play.edited() {
            return;
        }
        let result = match (report.finish, play.status().is_over()) {
            (Finish::Won, _) => "you win",
            (Finish::Drawn, _) => "draw",
            (Finish::Lost, true) => "computer wins",
            (Finish::Lost, false) => "you resigned",
        };
        let game = GameRecord::now(
            &entry.id,
            &entry.ruleset.identity(),
            play.setup().human.as_str(),
            &report.level,
            &play.moves_text(),
            result,
        );
        if let Err(note) = history::append(&path.with_file_name("games.jsonl"), &game) {
            self.notice = Some(note);
        }
    }

    /// Counts a game in the tally and saves it.
    fn count(&mut self, report: &Report) {
        let Some(entry) = self.entries.get(self.selected) else {
            return;
        };
        let identity = entry.ruleset.identity();
        match &self.tally_path {
            Some(path) => {
                let (tally, note) = Tally::count_in_file(
                    path,
                    &identity,
                    &report.level,
                    report.assisted,
                    report.finish,
                );
                self.tally = tally;
                if note.is_some() {
                    self.notice.clone_from(&note);
                }
                self.tally_note = note;
            }
            None => self
                .tally
                .record(&identity, &report.level, report.assisted, report.finish),
        }
    }
}
