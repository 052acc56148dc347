//! Both front ends take the computer's turn from one place
//! (`session::turn`): the same game played through plain play and through
//! the screen gives the same coach lines, remarks, level names and budget
//! plans, turn by turn.

use std::io::Cursor;
use std::time::Duration;

use ratatui::crossterm::event::KeyCode;
use unbeatable::engine::{Level, Player};
use unbeatable::plain::{self, End};
use unbeatable::rules::{self, Ruleset};
use unbeatable::session::{Record, Setup};
use unbeatable::tui::theme::THEME;
use unbeatable::tui::{App, Start};

use crate::tui::{key, settle};

const THINK: Duration = Duration::from_secs(1);

fn ruleset(id: &str) -> Ruleset {
    let text = rules::BUILTIN
        .iter()
        .find(|(i, _)| *i == id)
        .map(|(_, t)| *t)
        .unwrap();
    Ruleset::parse(id, text).unwrap()
}

/// The game through plain play, the person typing `mv` at every turn.
fn through_plain(id: &str, human: Player, mv: &str) -> (Vec<String>, Vec<Record>, String) {
    let ruleset = ruleset(id);
    let setup = Setup {
        human,
        level: Level::Perfect,
        seed: Some(7),
        think: Some(THINK),
    };
    let mut game = ruleset.session(setup);
    let mut input = Cursor::new(format!("{mv}\n").repeat(64));
    let mut out = Vec::new();
    let end = plain::play(&ruleset, &mut *game, &mut input, &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(matches!(end, End::Over(..)), "{out}");
    (game.history(), game.turns().to_vec(), out)
}

/// The same game on the screen, the person typing `mv` and Enter.
fn through_screen(id: &str, human: Player, mv: &str) -> (Vec<String>, Vec<Record>) {
    let start = Start {
        ruleset: Some((id.to_string(), ruleset(id))),
        human: Some(human),
        level: Some(Level::Perfect),
        seed: Some(7),
        think: Some(THINK),
        pause: Some(Duration::ZERO),
        moves: None,
        review: false,
        analysis: false,
    };
    let dir = crate::support::scratch().join(format!("turns-{id}"));
    let mut app = App::new(
        rules::builtins(),
        start,
        Some(dir.join("tally.json")),
        &THEME,
    );
    settle(&mut app);
    for _ in 0..64 {
        let state = app.playing().unwrap().state();
        if state.status.is_some_and(|s| s.is_over()) {
            return (state.history, state.turns);
        }
        for c in mv.chars() {
            key(&mut app, KeyCode::Char(c));
        }
        key(&mut app, KeyCode::Enter);
    }
    panic!("the game on the screen did not end");
}

#[test]
fn plain_play_and_the_screen_take_the_same_turns() {
    let mut coached = 0;
    for (id, mv) in [("21-flags", "1"), ("flags-2-5-7", "2")] {
        for human in [Player::First, Player::Second] {
            let (plain_moves, plain_turns, out) = through_plain(id, human, mv);
            let (screen_moves, screen_turns) = through_screen(id, human, mv);
            assert_eq!(plain_moves, screen_moves, "{id}, person {human}: the games");
            assert_eq!(plain_turns, screen_turns, "{id}, person {human}: the turns");
            assert!(!plain_turns.is_empty());
            for turn in &plain_turns {
                assert_eq!(turn.plan.think, Some(THINK));
                assert_eq!(turn.level, "perfect (never a mistake)");
                if let Some(c) = &turn.coach {
                    coached += 1;
                    assert!(out.contains(&format!("coach: {c}")), "{out}");
                }
            }
            assert!(out.contains("at level perfect (never a mistake)"), "{out}");
        }
    }
    assert!(coached > 0, "no game gave the coach anything to say");
}
