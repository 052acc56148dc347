//! Leaving a game: resign, new game, swap sides or the menu, each asked
//! about first while a game is at stake, and the result counted once.

use ratatui::crossterm::event::KeyCode;

use crate::engine::Status;
use crate::games::Family;
use crate::session::{Session, Setup, wording};

use super::super::boards::BoardView;
use super::super::tally::Finish;
use super::{Action, Playing, Report, ScreenOptions};

/// Ways to leave a game, each asked about first while it is in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    Menu,
    NewGame,
    SwapSides,
    Resign,
}

impl Leave {
    pub(super) fn question(self) -> &'static str {
        match self {
            Self::Menu => "Leave this game for the menu? It counts as a loss.",
            Self::NewGame => "Start a new game? This one counts as a loss.",
            Self::SwapSides => "Swap sides and start again? This game counts as a loss.",
            Self::Resign => "Resign this game? It counts as a loss.",
        }
    }
}

impl<F: Family, V: BoardView<F>> Playing<F, V> {
    pub(super) fn new_game(&mut self, setup: Setup) {
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

    /// Counts a finished game once.
    pub(super) fn finished(&mut self) -> Action {
        if !self.over() || self.reported {
            return Action::None;
        }
        Action::Finished(self.report())
    }

    /// The game's result for the tally, counted from now on: a game not
    /// over (resigned or left) is a loss.
    pub(super) fn report(&mut self) -> Report {
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
    pub(super) fn over(&self) -> bool {
        self.resigned || self.session.status().is_over()
    }

    /// For each move played, whether it opens a new round (a word game's;
    /// never the first move): the lists of moves set rounds apart there.
    pub(super) fn round_opens(&self) -> Vec<bool> {
        let positions = self.session.positions();
        (0..self.session.moves().len())
            .map(|i| i > 0 && positions.get(i).is_some_and(|p| self.view.opens_round(p)))
            .collect()
    }

    /// A game that has ended, not a puzzle nor the analysis board (they
    /// keep their own keys): its footer and typing line offer only what
    /// is left to do.
    pub(super) fn game_is_over(&self) -> bool {
        self.over() && self.puzzle.is_none() && self.analysis.is_none()
    }

    /// Moves have been made (or the person resigned) and nothing counted yet.
    pub(super) fn at_stake(&self) -> bool {
        !self.reported && !self.session.moves().is_empty() && !self.session.status().is_over()
    }

    /// `q`, `n`, `s` and `r`: asked about first while a game is at stake.
    pub(super) fn ask_leave(&mut self, leave: Leave) -> Action {
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
    pub(super) fn leave(&mut self, leave: Leave, count: bool) -> Action {
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
    pub(super) fn answer(&mut self, leave: Leave, code: KeyCode) -> Action {
        self.confirm = None;
        if matches!(code, KeyCode::Char('y' | 'Y')) {
            return self.leave(leave, true);
        }
        self.message = Some("kept playing".into());
        Action::None
    }

    pub(super) fn banner(&self) -> &'static str {
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
