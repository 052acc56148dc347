//! The playing screen of one game: a typed session and its family's board
//! view, erased once (behind [`PlayScreen`]) for the app. Every question
//! for the solver — the computer's reply with the coach's review, a tip,
//! the values overlay, the move that decided the game — runs on a worker
//! thread, so the screen never freezes and keys stay live.

mod render;
mod work;

use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;

use crate::engine::{Game, Player, Solver, Status};
use crate::games::Family;
use crate::session::{Job, Record, Session, Setup, wording};

use super::boards::{BoardView, Dir, MoveOf, Values};
use super::keys;
use super::tally::Finish;
use super::theme::Theme;

pub use render::{Areas, areas};
use work::Work;

/// What Enter on an empty line says while the computer thinks; gone when
/// its move arrives.
const WAIT: &str = "wait: the computer is thinking";
/// How long the person's own move stays on screen before the computer's
/// answer is shown.
const PAUSE: Duration = Duration::from_millis(350);

/// The longest typed line: no move is longer, and a stuck key is harmless.
const MAX_TYPED: usize = 24;

/// Ways to leave a game, each asked about first while it is in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    Menu,
    NewGame,
    SwapSides,
    Resign,
}

impl Leave {
    fn question(self) -> &'static str {
        match self {
            Self::Menu => "Leave this game for the menu? It counts as a loss.",
            Self::NewGame => "Start a new game? This one counts as a loss.",
            Self::SwapSides => "Swap sides and start again? This game counts as a loss.",
            Self::Resign => "Resign this game? It counts as a loss.",
        }
    }
}

/// What the app draws the screen with.
pub struct Frame<'a> {
    pub name: &'a str,
    pub theme: &'a Theme,
    /// The person's record on this ruleset: won, lost, drawn, in clean
    /// games and in games with help.
    pub record: (u32, u32, u32),
    pub helped: (u32, u32, u32),
    /// What went wrong reading or saving the tally, if anything.
    pub tally_note: Option<&'a str>,
}

/// What the screen shows, in words: for tests and for the app.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayState {
    pub history: Vec<String>,
    pub status: Option<Status>,
    pub human: Option<Player>,
    pub level: String,
    pub message: Option<String>,
    pub coach: Option<String>,
    pub hint: Option<String>,
    /// The values overlay, when shown and worked out: each move's sign.
    pub values: Option<Vec<(String, char)>>,
    pub typed: String,
    pub thinking: bool,
    /// The game has been helped (a tip, an undo, the values overlay).
    pub assisted: bool,
    /// Every turn of the computer so far, as the session recorded it.
    pub turns: Vec<Record>,
}

/// How the play screen starts.
#[derive(Clone, Copy, Debug)]
pub struct ScreenOptions {
    /// Whether the start is proven, if already known.
    pub proven_start: Option<bool>,
    /// How long the person's move stays alone on screen before the
    /// computer's answer is shown.
    pub pause: Duration,
}

impl Default for ScreenOptions {
    fn default() -> Self {
        Self {
            proven_start: None,
            pause: PAUSE,
        }
    }
}

/// What a key or a tick asks of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    None,
    /// Back to the menu.
    Menu,
    /// The game ended: count it once in the tally.
    Finished(Report),
    /// The person left a game in progress for the menu: count it (a loss)
    /// and go back.
    Abandoned(Report),
}

/// A game's result for the tally.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub finish: Finish,
    pub level: String,
    /// A tip, an undo or the values overlay helped.
    pub assisted: bool,
}

/// A game on the screen, whatever its family.
pub trait PlayScreen: Send {
    fn render(&self, frame: &Frame<'_>, area: Rect, buf: &mut Buffer);
    fn on_key(&mut self, code: KeyCode, area: Rect) -> Action;
    /// Ctrl and a letter: that letter's command even where the letter
    /// would start a move (every letter is one in the word game).
    fn on_command(&mut self, c: char) -> Action;
    /// Whether the letter `c` starts a move here rather than a command.
    fn claims(&self, c: char) -> bool;
    /// The game's keys as the footer and the help show them.
    fn keys(&self) -> Vec<(String, std::borrow::Cow<'static, str>)>;
    fn on_click(&mut self, x: u16, y: u16, area: Rect) -> Action;
    /// Collects finished work and starts what is due (the computer's turn).
    fn tick(&mut self) -> Action;
    /// Whether a search is running.
    fn thinking(&self) -> bool;
    /// Whether a move is still being shown arriving (the loop then wakes
    /// often enough to draw it).
    fn animating(&self) -> bool;
    fn setup(&self) -> Setup;
    fn status(&self) -> Status;
    /// What the screen shows, in words.
    fn state(&self) -> PlayState;
    /// The idea behind the game from its start, once worked out.
    fn idea(&self) -> Option<&[String]>;
    /// The person asked for the idea: work it out if not yet done.
    fn want_idea(&mut self);
    /// The moves played, as `--moves` takes them.
    fn moves_text(&self) -> String;
    /// Plays `moves` (in notation) from the start, before the game shows.
    ///
    /// # Errors
    /// The first move that cannot be played, and why.
    fn replay(&mut self, moves: &str) -> Result<(), String>;
    /// Whether the game has ended (played out or resigned).
    fn over(&self) -> bool;
}

pub struct Playing<F: Family, V: BoardView<F>> {
    session: Session<F>,
    view: V,
    cursor: V::Cursor,
    typed: String,
    /// Why the typed line cannot be a move, from its first wrong character.
    typed_error: Option<String>,
    message: Option<String>,
    /// A question waiting for y or n before a game in progress is left.
    confirm: Option<Leave>,
    last_computer: Option<MoveOf<F>>,
    /// The last move made on the board and when: a view may show it
    /// arriving (a stone falling) for the length of the pause.
    arrived: Option<(MoveOf<F>, Instant)>,
    coach: Option<String>,
    /// What the computer said with its last move.
    remark: Option<String>,
    hint: Option<String>,
    /// The person asked for the values overlay.
    show_values: bool,
    values: Option<Values<MoveOf<F>>>,
    work: Option<Work<F>>,
    /// The move that decided the game, once over and worked out: `Some(None)`
    /// when it could not be proven.
    decided: Option<Option<usize>>,
    pause: Duration,
    reported: bool,
    moved_at: Instant,
    /// A search failed: nothing starts on its own until the person acts.
    stalled: bool,
    /// The person resigned the game.
    resigned: bool,
    /// Enter was pressed on a typed move while the computer thought: play
    /// it as soon as it is the person's turn.
    queued: bool,
    /// The idea behind the game from its start, in plain words: worked
    /// out beside the screen when the game begins.
    idea: Option<Vec<String>>,
    idea_job: Option<Job<Vec<String>>>,
}

impl<F: Family, V: BoardView<F>> Playing<F, V> {
    /// The last move while it is still arriving, with how far (0 to 1).
    fn arriving(&self) -> Option<(MoveOf<F>, f32)> {
        let (mv, at) = self.arrived?;
        let done = at.elapsed().as_secs_f32() / self.pause.as_secs_f32();
        (done < 1.0).then_some((mv, done))
    }

    #[must_use]
    pub fn new(mut session: Session<F>, options: ScreenOptions) -> Self {
        if let Some(proven) = options.proven_start {
            session.set_proven_start(proven);
        }
        let view = V::default();
        let cursor = view.first(session.position());
        Self {
            session,
            view,
            cursor,
            typed: String::new(),
            typed_error: None,
            message: None,
            confirm: None,
            last_computer: None,
            arrived: None,
            coach: None,
            remark: None,
            hint: None,
            show_values: false,
            values: None,
            work: None,
            decided: None,
            pause: options.pause,
            reported: false,
            moved_at: Instant::now(),
            stalled: false,
            resigned: false,
            queued: false,
            idea: None,
            idea_job: None,
        }
    }

    /// Starts working out the idea behind the game from its start, once:
    /// when the game is over or the person asks (not at the start, where
    /// it would take a core from the computer's first answer).
    fn start_idea(&mut self) {
        if self.idea.is_some() || self.idea_job.is_some() {
            return;
        }
        let solver = Arc::clone(self.session.solver());
        let start = F::start(self.session.rules());
        self.idea_job = Some(Job::spawn(self.session.budget(), move |budget| {
            let value = solver.value(&start, &budget.share(0.5));
            let mut lines = vec![wording::from_start(value)];
            lines.extend(solver.explain(&start, budget));
            let mut glossary = wording::Glossary::default();
            lines.iter().map(|l| glossary.explain(l)).collect()
        }));
    }

    /// Takes the idea when it is ready (none if its worker failed).
    fn collect_idea(&mut self) {
        if let Some(lines) = Job::take(&mut self.idea_job) {
            self.idea = Some(lines.unwrap_or_default());
        }
    }

    /// Empties the typed line.
    fn clear_line(&mut self) {
        self.typed.clear();
        self.typed_error = None;
    }

    #[must_use]
    pub const fn session(&self) -> &Session<F> {
        &self.session
    }

    /// The level for the header line.
    fn level_short(&self) -> String {
        self.session.proven_play().short(self.session.setup().level)
    }

    fn human_turn(&self) -> bool {
        !self.resigned && self.session.human_to_move() && !self.waiting_for_reply()
    }

    fn waiting_for_reply(&self) -> bool {
        self.work.as_ref().is_some_and(Work::is_reply)
    }

    /// After the position changed: the cursor, the overlay, the messages.
    fn changed(&mut self) {
        self.cursor = self.view.clamp(self.session.position(), self.cursor);
        self.values = None;
        self.hint = None;
        self.clear_line();
    }

    /// The person plays `mv`: it is drawn at once, and the computer's reply
    /// (with the coach's review of `mv`) is worked out beside the screen.
    fn person_plays(&mut self, mv: MoveOf<F>) {
        let before = self.session.position().clone();
        if let Err(e) = self.session.play(mv) {
            self.message = Some(e.0);
            return;
        }
        self.message = None;
        self.coach = None;
        self.remark = None;
        self.last_computer = None;
        self.changed();
        self.moved_at = Instant::now();
        self.arrived = Some((mv, self.moved_at));
        self.work = Some(Work::reply(&mut self.session, Some((before, mv))));
    }

    /// Enter: the typed move if any, else the one under the cursor.
    fn enter(&mut self) {
        if self.over() {
            self.message = Some("the game is over: n for a new game, q for the menu".into());
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
    fn type_char(&mut self, c: char) {
        if self.typed.chars().count() >= MAX_TYPED {
            self.message = Some(format!("a move is at most {MAX_TYPED} characters"));
            return;
        }
        self.typed.push(c);
        self.check_line();
    }

    fn backspace(&mut self) {
        self.typed.pop();
        self.check_line();
    }

    /// Checks the line after an edit: the first character that cannot be
    /// part of a move, if any, is the line's error and the message.
    fn check_line(&mut self) {
        let pos = self.session.position();
        let mut prefix = String::new();
        self.typed_error = self.typed.chars().find_map(|c| {
            let why = self.view.typable(pos, &prefix, c).err();
            prefix.push(c);
            why
        });
        self.message.clone_from(&self.typed_error);
    }

    fn undo(&mut self) {
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
        self.last_computer = None;
        self.arrived = None;
        self.changed();
    }

    fn new_game(&mut self, setup: Setup) {
        self.work = None;
        let rules = self.session.rules().clone();
        let show = self.show_values;
        let options = ScreenOptions {
            proven_start: self.session.proven_play().start(),
            pause: self.pause,
        };
        *self = Self::new(Session::new(&rules, setup), options);
        self.show_values = show;
        // The overlay stays on: the new game is helped from its first move.
        if show {
            self.session.mark_assisted();
        }
    }

    fn ask_hint(&mut self) {
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

    fn toggle_values(&mut self) {
        self.show_values = !self.show_values;
        if self.show_values {
            self.session.mark_assisted();
        } else {
            self.values = None;
        }
    }

    /// Starts what is due when no work is running.
    fn start_due_work(&mut self) {
        if self.work.is_some() || self.stalled || self.resigned {
            return;
        }
        // Whether the start is proven comes first: it names the level of
        // every turn, as in plain play (the setup screen usually knows it).
        if self.session.proven_play().start().is_none() {
            self.work = Some(Work::start(&self.session));
        } else if self.session.computer_to_move() {
            self.work = Some(Work::reply(&mut self.session, None));
        } else if self.session.status().is_over() && self.decided.is_none() {
            self.work = Some(Work::decided(&self.session));
        } else if self.show_values && self.values.is_none() && self.session.human_to_move() {
            self.work = Some(Work::values(&self.session));
        }
    }

    /// Counts a finished game once.
    fn finished(&mut self) -> Action {
        if !self.over() || self.reported {
            return Action::None;
        }
        Action::Finished(self.report())
    }

    /// The game's result for the tally, counted from now on: a game not
    /// over (resigned or left) is a loss.
    fn report(&mut self) -> Report {
        self.reported = true;
        let human = self.session.setup().human;
        let finish = match self.session.status() {
            Status::Won(p) if p == human => Finish::Won,
            Status::Draw => Finish::Drawn,
            _ => Finish::Lost,
        };
        Report {
            finish,
            level: self
                .session
                .proven_play()
                .tally_name(self.session.setup().level)
                .to_string(),
            assisted: self.session.assisted(),
        }
    }

    /// Whether the game has ended: played out, or resigned.
    fn over(&self) -> bool {
        self.resigned || self.session.status().is_over()
    }

    /// Moves have been made (or the person resigned) and nothing counted yet.
    fn at_stake(&self) -> bool {
        !self.reported && !self.session.moves().is_empty() && !self.session.status().is_over()
    }

    /// `q`, `n`, `s` and `r`: asked about first while a game is at stake.
    fn ask_leave(&mut self, leave: Leave) -> Action {
        if leave == Leave::Resign && self.over() {
            self.message = Some("the game is over: n for a new game, q for the menu".into());
            return Action::None;
        }
        let stake = leave == Leave::Resign || self.at_stake();
        if stake {
            self.confirm = Some(leave);
            self.message = Some(format!("{} y: yes · any other key: no", leave.question()));
            return Action::None;
        }
        self.leave(leave, false)
    }

    /// Carries out `leave`; `count` when the game is to be counted as lost.
    fn leave(&mut self, leave: Leave, count: bool) -> Action {
        self.work = None;
        let report = count.then(|| self.report());
        match leave {
            Leave::Menu => report.map_or(Action::Menu, Action::Abandoned),
            Leave::Resign => {
                self.resigned = true;
                self.message = None;
                report.map_or(Action::None, Action::Finished)
            }
            Leave::NewGame | Leave::SwapSides => {
                let mut setup = *self.session.setup();
                if leave == Leave::SwapSides {
                    setup.human = setup.human.opponent();
                }
                self.new_game(setup);
                report.map_or(Action::None, Action::Finished)
            }
        }
    }

    /// The answer to a question from `ask_leave`.
    fn answer(&mut self, leave: Leave, code: KeyCode) -> Action {
        self.confirm = None;
        if matches!(code, KeyCode::Char('y' | 'Y')) {
            return self.leave(leave, true);
        }
        self.message = Some("kept playing".into());
        Action::None
    }

    fn command(&mut self, c: char) -> Option<Action> {
        match c {
            'q' => return Some(self.ask_leave(Leave::Menu)),
            'n' => return Some(self.ask_leave(Leave::NewGame)),
            's' => return Some(self.ask_leave(Leave::SwapSides)),
            'r' => return Some(self.ask_leave(Leave::Resign)),
            't' => self.ask_hint(),
            'u' => self.undo(),
            'v' => self.toggle_values(),
            _ => return None,
        }
        Some(Action::None)
    }

    fn banner(&self) -> &'static str {
        if self.resigned && !self.session.status().is_over() {
            return "You resigned";
        }
        match wording::ending(self.session.status(), self.session.setup().human) {
            "you win" => "You win",
            "computer wins" => "Computer wins",
            _ => "Draw",
        }
    }
}

impl<F: Family, V: BoardView<F>> PlayScreen for Playing<F, V> {
    fn render(&self, frame: &Frame<'_>, area: Rect, buf: &mut Buffer) {
        render::render(self, frame, area, buf);
    }

    fn on_key(&mut self, code: KeyCode, _area: Rect) -> Action {
        if let Some(leave) = self.confirm {
            return self.answer(leave, code);
        }
        let dir = match code {
            KeyCode::Up => Some(Dir::Up),
            KeyCode::Down => Some(Dir::Down),
            KeyCode::Left => Some(Dir::Left),
            KeyCode::Right => Some(Dir::Right),
            _ => None,
        };
        if let Some(dir) = dir {
            self.cursor = self.view.step(self.session.position(), self.cursor, dir);
            return Action::None;
        }
        // While a move is being typed, every character is part of it; on
        // an empty line, what can start a move starts one, and the rest are
        // commands.
        if let KeyCode::Char(c) = code
            && (!self.typed.is_empty()
                || self
                    .view
                    .typable(self.session.position(), &self.typed, c)
                    .is_ok())
        {
            self.type_char(c);
            return Action::None;
        }
        match code {
            KeyCode::Enter => self.enter(),
            KeyCode::Backspace => self.backspace(),
            KeyCode::Esc => {
                self.clear_line();
                self.message = None;
            }
            KeyCode::Char(c @ ('h' | 'j' | 'k' | 'l')) => {
                let dir = match c {
                    'h' => Dir::Left,
                    'j' => Dir::Down,
                    'k' => Dir::Up,
                    _ => Dir::Right,
                };
                self.cursor = self.view.step(self.session.position(), self.cursor, dir);
            }
            KeyCode::Char(c) => {
                return self.command(c).unwrap_or_else(|| {
                    self.type_char(c);
                    Action::None
                });
            }
            _ => {}
        }
        Action::None
    }

    fn claims(&self, c: char) -> bool {
        self.view.typable(self.session.position(), "", c).is_ok()
    }

    fn keys(&self) -> Vec<(String, std::borrow::Cow<'static, str>)> {
        // Examples from the starting position: the moves this game takes.
        let start = F::start(self.session.rules());
        let last = start.move_count().saturating_sub(1);
        let mut examples: Vec<String> = [start.nth_move(0), start.nth_move(last)]
            .into_iter()
            .flatten()
            .map(|m| start.format_move(m))
            .collect();
        examples.dedup();
        keys::game(
            |c| self.claims(c),
            self.view.columns_only(self.session.position()),
            &examples,
        )
    }

    fn on_command(&mut self, c: char) -> Action {
        if let Some(leave) = self.confirm {
            return self.answer(leave, KeyCode::Char(c));
        }
        self.command(c).unwrap_or(Action::None)
    }

    fn on_click(&mut self, x: u16, y: u16, area: Rect) -> Action {
        let board = render::areas(area).board;
        let pos = self.session.position();
        let Some(cursor) = self.view.click(pos, self.cursor, board, x, y) else {
            return Action::None;
        };
        // The first click chooses a move; a second on the same one plays it.
        if cursor == self.cursor && self.view.selected(pos, cursor).is_some() {
            self.typed.clear();
            self.enter();
        } else {
            self.cursor = cursor;
            if self.view.selected(pos, cursor).is_none() && self.human_turn() {
                self.message = Some("that is not a move you can play now".into());
            } else {
                self.message = None;
            }
        }
        Action::None
    }

    fn tick(&mut self) -> Action {
        if self.over() {
            self.start_idea();
        }
        self.collect_idea();
        self.collect_work();
        if self.queued && self.human_turn() {
            self.message = None;
            self.enter();
        }
        self.start_due_work();
        self.finished()
    }

    fn thinking(&self) -> bool {
        self.work.is_some() || self.idea_job.is_some()
    }

    fn animating(&self) -> bool {
        self.arriving().is_some()
    }

    fn idea(&self) -> Option<&[String]> {
        self.idea.as_deref()
    }

    fn want_idea(&mut self) {
        self.start_idea();
    }

    fn moves_text(&self) -> String {
        self.session.history().join(" ")
    }

    fn replay(&mut self, moves: &str) -> Result<(), String> {
        let done = self.session.replay(moves).map_err(|e| e.to_string());
        self.changed();
        done
    }

    fn over(&self) -> bool {
        Playing::over(self)
    }

    fn setup(&self) -> Setup {
        *self.session.setup()
    }

    fn status(&self) -> Status {
        self.session.status()
    }

    fn state(&self) -> PlayState {
        let pos = self.session.position();
        PlayState {
            history: self.session.history(),
            status: Some(self.session.status()),
            human: Some(self.session.setup().human),
            level: self.session.level_words(),
            message: self.message.clone(),
            coach: self.coach.clone(),
            hint: self.hint.clone(),
            values: self.values.as_ref().filter(|_| self.show_values).map(|v| {
                pos.moves()
                    .take(1000)
                    .filter_map(|m| v.get(m).map(|x| (pos.format_move(m), x.outcome.sign())))
                    .collect()
            }),
            typed: self.typed.clone(),
            thinking: self.work.is_some(),
            assisted: self.session.assisted(),
            turns: self.session.turns().to_vec(),
        }
    }
}

/// The player's name with the family's mark: `first (X)`.
fn side_words<F: Family, V: BoardView<F>>(view: &V, p: Player) -> String {
    view.mark(p)
        .map_or_else(|| p.to_string(), |m| format!("{p} ({m})"))
}
