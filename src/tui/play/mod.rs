//! The playing screen of one game: a typed session and its family's board
//! view, erased once (behind [`PlayScreen`]) for the app. Every question
//! for the solver — the computer's reply with the coach's review, a tip,
//! the values overlay, the move that decided the game — runs on a worker
//! thread, so the screen never freezes and keys stay live.

mod analysis;
mod input;
mod leave;
mod puzzle;
mod render;
mod review;
mod screen;
mod work;

use std::sync::Arc;
use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;

use crate::engine::{Player, SearchNote, Solver, Status};
use crate::games::Family;
use crate::session::{Job, Judgement, Record, Session, Setup, wording};

use super::boards::{BoardView, MoveOf, Values};
use super::tally::Finish;
use super::theme::Theme;

pub use leave::Leave;
pub use puzzle::PuzzleAsk;
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
    /// A puzzle was answered: solved or not.
    Answered(bool),
    /// On to the next puzzle of the run.
    NextPuzzle,
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
    /// A finished game shown for its review only: opened in it, and not
    /// counted in the tally or kept again.
    fn review_only(&mut self);
    /// The position is a puzzle of a run: the person, to move, finds the
    /// answer; nothing is counted in the tally.
    fn set_puzzle(&mut self, ask: PuzzleAsk);
    /// Opens the analysis board on the position shown.
    fn analyse(&mut self);
    /// Whether the game started from an edited position (then it is not
    /// kept, and its moves do not replay from the rules' start).
    fn edited(&self) -> bool;
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
    /// How far its search looked for that move, where no proof backed it.
    search: Option<SearchNote>,
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
    /// The review of the finished game, while open.
    review: Option<review::Review>,
    /// Every move of the finished game judged, once worked out.
    judged: Option<Vec<Judgement<String>>>,
    /// The tip asked for at a step of the review.
    step_tip: Option<review::StepTip>,
    /// The puzzle on screen, in a puzzle run.
    puzzle: Option<puzzle::PuzzleState>,
    /// What the next tick hands the app (a puzzle's answer).
    outbox: Option<Action>,
    /// The analysis board, while open.
    analysis: Option<analysis::Analysis<MoveOf<F>>>,
    /// The position was edited on the analysis board: the line does not
    /// start at the rules' start, so nothing from here is counted or kept.
    edited: bool,
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
            search: None,
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
            review: None,
            judged: None,
            step_tip: None,
            puzzle: None,
            outbox: None,
            analysis: None,
            edited: false,
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
        if self.puzzle.is_some() {
            self.outbox = Some(self.answer_puzzle(mv));
            return;
        }
        if self.analysis.is_some() {
            self.analysis_plays(mv);
            return;
        }
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
        } else if self.review.is_some() && self.judged.is_none() {
            self.work = Some(Work::judge(&self.session));
        } else if self.session.status().is_over() && self.decided.is_none() {
            self.work = Some(Work::decided(&self.session));
        } else if self.show_values && self.values.is_none() && self.session.human_to_move() {
            self.work = Some(Work::values(&self.session));
        } else if self.analysis.is_some() && self.hint.is_none() && self.session.human_to_move() {
            // The idea for whoever is to move, without asking.
            self.work = Some(Work::hint(&mut self.session));
        }
    }
}

/// The player's name with the family's mark: `first (X)`.
fn side_words<F: Family, V: BoardView<F>>(view: &V, p: Player) -> String {
    view.mark(p)
        .map_or_else(|| p.to_string(), |m| format!("{p} ({m})"))
}
