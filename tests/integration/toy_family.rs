//! The toy family of docs/architecture.md ("Adding a game family"), whole:
//! "race to N" — the players take turns to add 1 to `step` to a running
//! total that starts at 0; whoever brings it to `target` wins. Its
//! positions, its fast solver (a closed form, checked against the
//! reference solver as every family's is), its family, and a game played
//! through the same session both front ends use. What registering it would
//! add (a view, rulesets, one registry line) is in the walk-through.

use std::fmt;
use std::sync::Arc;

use unbeatable::engine::{
    Budget, Game, MoveError, Outcome, Player, ReferenceSolver, Solver, Status, Value,
};
use unbeatable::games::{Family, Visitor};
use unbeatable::schema::Table;
use unbeatable::session::{AnySession, Session, Setup};

use crate::support::{Plies, agree};

// 1. The positions: `engine::Game`.

/// A position: the total so far and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RaceGame {
    rules: RaceRules,
    total: u64,
    to_move: Player,
}

impl Game for RaceGame {
    /// How much is added.
    type Move = u64;

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn moves(&self) -> impl Iterator<Item = u64> + '_ {
        let left = if self.status().is_over() {
            0
        } else {
            self.rules.target - self.total
        };
        1..=self.rules.step.min(left)
    }

    fn play_unchecked(&mut self, mv: u64) {
        self.total += mv;
        self.to_move = self.to_move.opponent();
    }

    fn status(&self) -> Status {
        if self.total == self.rules.target {
            // The player who moved last brought it there.
            Status::Won(self.to_move.opponent())
        } else {
            Status::Ongoing
        }
    }

    fn parse_move(&self, text: &str) -> Result<u64, MoveError> {
        text.trim()
            .parse()
            .map_err(|_| MoveError(format!("'{text}' is not a number to add")))
    }

    fn format_move(&self, mv: u64) -> String {
        mv.to_string()
    }
}

impl fmt::Display for RaceGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "total {} of {}", self.total, self.rules.target)
    }
}

// 2. The fast solver: `engine::Solver`, exact in closed form.

/// The player to move wins unless the distance left is a multiple of
/// `step + 1`: then every move lets the opponent restore that.
#[derive(Debug)]
pub struct RaceSolver;

impl Solver<RaceGame> for RaceSolver {
    fn value(&self, pos: &RaceGame, _budget: &Budget) -> Value {
        let left = pos.rules.target - pos.total;
        let round = pos.rules.step + 1;
        if left == 0 {
            // The game is over: the player to move has lost.
            return Value::exact(Outcome::Loss, Some(0));
        }
        if left.is_multiple_of(round) {
            // Each round of two moves adds `round`; the loser adds 1.
            Value::exact(Outcome::Loss, Some(2 * (left / round)))
        } else {
            // Restore the multiple, then answer each move so.
            let plies = 2 * (left / round) + 1;
            Value::exact(Outcome::Win, Some(plies))
        }
    }
}

// 3. The family: how its table is read, the start, the solver, the words.

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RaceRules {
    target: u64,
    step: u64,
}

pub struct Race;

impl Family for Race {
    const KIND: &'static str = "race";
    type Rules = RaceRules;
    type Game = RaceGame;
    type Solver = RaceSolver;

    fn check(t: &mut Table<'_, '_>) -> Option<RaceRules> {
        let target = t.uint("target", 1..=1_000_000);
        let step = t.uint("step", 1..=100);
        Some(RaceRules {
            target: *target?.get_ref(),
            step: *step?.get_ref(),
        })
    }

    fn start(rules: &RaceRules) -> RaceGame {
        RaceGame {
            rules: rules.clone(),
            total: 0,
            to_move: Player::First,
        }
    }

    fn solver(_rules: &RaceRules) -> Arc<RaceSolver> {
        Arc::new(RaceSolver)
    }

    fn card(rules: &RaceRules) -> Vec<String> {
        vec![format!(
            "Add 1 to {} to the total; whoever brings it to {} wins.",
            rules.step, rules.target
        )]
    }

    fn group(_rules: &RaceRules) -> (u8, &'static str) {
        (0, "race to N")
    }

    fn visit(_rules: &RaceRules, _visitor: &mut dyn Visitor) {
        // Registered, this is `visitor.race(rules)`, the method the family
        // adds to `games::Visitor`; the screen's answers with its view.
    }
}

#[test]
fn the_toy_solver_agrees_with_the_reference_on_every_position() {
    let reference = ReferenceSolver::new();
    for target in 1..=25 {
        for step in 1..=5 {
            let rules = RaceRules { target, step };
            let mut pos = Race::start(&rules);
            for total in 0..=target {
                pos.total = total;
                for side in [Player::First, Player::Second] {
                    pos.to_move = side;
                    let context = format!("target {target}, step {step}");
                    agree(&RaceSolver, &reference, &pos, Plies::Always, &context);
                }
            }
        }
    }
}

#[test]
fn the_toy_plays_through_the_session_both_front_ends_use() {
    let rules = RaceRules {
        target: 21,
        step: 3,
    };
    // 21 is not a multiple of 4: the first player wins, here the computer.
    let setup = Setup {
        human: Player::Second,
        seed: Some(1),
        think: None,
        ..Setup::default()
    };
    let mut game: Box<dyn AnySession> = Box::new(Session::<Race>::new(&rules, setup));
    assert!(game.prove_start().is_proven());
    assert_eq!(game.level_words(), "perfect (never a mistake)");
    while !game.status().is_over() {
        if game.to_move() == setup.human {
            game.person_plays("1").unwrap();
        } else {
            let played = game.computer_plays().unwrap();
            assert!(played.value.is_proven());
        }
    }
    assert_eq!(game.status(), Status::Won(Player::First));
    assert!(
        game.turns()
            .iter()
            .all(|t| t.level == "perfect (never a mistake)")
    );
    let typo = Race::start(&rules).read_move("x").unwrap_err();
    assert!(typo.0.contains("not a number"), "{}", typo.0);
}
