//! The TUI without a terminal: the real app driven through its real event
//! handler, drawn into ratatui's `TestBackend` for snapshots.

use std::path::PathBuf;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use unbeatable::engine::{Level, Player, Status};
use unbeatable::rules::{self, Ruleset};
use unbeatable::tui::app::Mode;
use unbeatable::tui::play::PlayState;
use unbeatable::tui::theme::THEME;
use unbeatable::tui::{App, Start};

const AREA: Rect = Rect {
    x: 0,
    y: 0,
    width: 80,
    height: 24,
};

fn tally_path(name: &str) -> PathBuf {
    crate::support::scratch().join(name).join("tally.json")
}

fn app(name: &str, start: Start) -> App {
    let start = Start {
        pause: Some(std::time::Duration::ZERO),
        ..start
    };
    let mut app = App::new(rules::builtins(), start, Some(tally_path(name)), &THEME);
    settle(&mut app);
    app
}

fn straight_into(id: &str, human: Player) -> Start {
    let text = rules::BUILTIN
        .iter()
        .find(|(i, _)| *i == id)
        .map(|(_, t)| *t)
        .unwrap();
    let ruleset = Ruleset::parse(id, text).unwrap();
    Start {
        ruleset: Some((id.to_string(), ruleset)),
        human: Some(human),
        level: Some(Level::Perfect),
        seed: Some(7),
        ..Start::default()
    }
}

pub(crate) fn key(app: &mut App, code: KeyCode) {
    press(app, code);
    settle(app);
}

/// A key pressed while work may still run beside the screen.
fn press(app: &mut App, code: KeyCode) {
    app.handle_event(&Event::Key(KeyEvent::new(code, KeyModifiers::NONE)), AREA);
}

fn keys(app: &mut App, text: &str) {
    for c in text.chars() {
        key(app, KeyCode::Char(c));
    }
}

fn click(app: &mut App, x: u16, y: u16) {
    let m = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    };
    app.handle_event(&Event::Mouse(m), AREA);
    settle(app);
}

/// Lets the work beside the screen finish, as the event loop does.
pub(crate) fn settle(app: &mut App) {
    let started = std::time::Instant::now();
    loop {
        app.tick();
        if !app.thinking() {
            app.tick();
            if !app.thinking() {
                return;
            }
        }
        assert!(started.elapsed().as_secs() < 60, "the app kept thinking");
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

fn state(app: &App) -> PlayState {
    app.playing().map(|p| p.state()).unwrap_or_default()
}

fn is_menu(app: &App) -> bool {
    matches!(app.mode, Mode::Menu)
}

fn is_setup(app: &App) -> bool {
    matches!(app.mode, Mode::Setup(_))
}

fn is_playing(app: &App) -> bool {
    matches!(app.mode, Mode::Playing(_))
}

fn draw(app: &App, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
    terminal
}

/// The screen as a person reads it: a terminal shows the no-break spaces
/// that keep words together where the panel wraps as spaces.
pub(crate) fn screen(app: &App, width: u16, height: u16) -> String {
    draw(app, width, height)
        .backend()
        .to_string()
        .replace('\u{a0}', " ")
}

fn status(app: &App) -> Status {
    state(app).status.unwrap()
}

#[test]
fn menu_snapshot() {
    let app = app("menu", Start::default());
    insta::assert_snapshot!("menu", screen(&app, 80, 24));
}

#[test]
fn setup_snapshot() {
    let mut app = app("setup", Start::default());
    key(&mut app, KeyCode::Enter);
    assert!(is_setup(&app));
    insta::assert_snapshot!("setup", screen(&app, 80, 24));
}

#[test]
fn flags_board_snapshot() {
    let mut app = app("flags", straight_into("21-flags", Player::First));
    keys(&mut app, "1");
    key(&mut app, KeyCode::Enter);
    insta::assert_snapshot!("flags_board", screen(&app, 80, 24));
}

#[test]
fn nim_board_snapshot() {
    let mut app = app("nim", straight_into("nim-pass", Player::First));
    key(&mut app, KeyCode::Char('v'));
    insta::assert_snapshot!("nim_board", screen(&app, 80, 24));
}

#[test]
fn divisors_board_snapshot() {
    let mut app = app(
        "divisors",
        straight_into("multiples-divisors-100", Player::First),
    );
    keys(&mut app, "50");
    key(&mut app, KeyCode::Enter);
    insta::assert_snapshot!("divisors_board", screen(&app, 80, 24));
}

#[test]
fn mnk_board_snapshot() {
    let mut app = app("mnk", straight_into("tic-tac-toe", Player::First));
    keys(&mut app, "a1");
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Char('v'));
    insta::assert_snapshot!("mnk_board", screen(&app, 80, 24));
}

/// Connect Four: the cursor is a column (←/→ and a click on any of its
/// cells or its letter), a stone falls to the lowest empty cell, and the
/// line that ends the game is highlighted and named.
#[test]
fn gravity_board_drops_stones_and_shows_the_winning_line() {
    let mut app = app(
        "gravity",
        straight_into("connect-four-small", Player::First),
    );
    // The cursor starts over the middle column; one step left is b.
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Enter);
    assert_eq!(state(&app).history.first().map(String::as_str), Some("b"));
    // A click on column a's letter picks it, a second click plays it.
    let shown = screen(&app, 80, 24);
    let row = shown
        .lines()
        .position(|l| l.contains(" a   b   c"))
        .unwrap() as u16;
    let x = shown
        .lines()
        .nth(row as usize)
        .unwrap()
        .find(" a ")
        .unwrap() as u16
        + 1;
    click(&mut app, x, row);
    click(&mut app, x, row);
    assert_eq!(state(&app).history.get(2).map(String::as_str), Some("a"));
    // Column a, then the others, until the perfect computer has won.
    for col in "aaaeeeedddcccbbbb".chars() {
        if status(&app) != Status::Ongoing {
            break;
        }
        keys(&mut app, &col.to_string());
        key(&mut app, KeyCode::Enter);
        key(&mut app, KeyCode::Esc);
    }
    let shown = screen(&app, 80, 24);
    assert!(
        matches!(status(&app), Status::Won(Player::Second)),
        "{shown}"
    );
    assert!(shown.contains("4 in a row: "), "{shown}");
    let term = draw(&app, 80, 24);
    let buf = term.backend().buffer();
    let lit = (0..24u16)
        .flat_map(|y| (0..50u16).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            buf[(x, y)].symbol() == "O" && buf[(x, y)].bg == THEME.winning_line.bg.unwrap()
        })
        .count();
    assert_eq!(lit, 4, "{shown}");
    insta::assert_snapshot!("gravity_board_won", shown);
}

/// On a gravity board a dropped stone is drawn falling down its column
/// for the pause after the move, then on the cell it landed on.
#[test]
fn a_dropped_stone_is_shown_falling() {
    let start = Start {
        // Long enough for a busy machine to draw in the middle of it.
        pause: Some(std::time::Duration::from_millis(1500)),
        ..straight_into("connect-four-small", Player::First)
    };
    let mut app = App::new(
        rules::builtins(),
        start,
        Some(tally_path("falling")),
        &THEME,
    );
    settle(&mut app);
    // No tick follows, so the computer does not answer meanwhile.
    app.handle_event(
        &Event::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE)),
        AREA,
    );
    let row = |shown: &str, n: usize| {
        shown
            .lines()
            .find(|l| l.trim_start_matches('"').starts_with(&format!("  {n} ")))
            .unwrap_or_default()
            .to_string()
    };
    // Rows are numbered from the bottom: 4 is the top, 1 the bottom.
    let early = screen(&app, 80, 24);
    assert!(app.animating());
    assert!(row(&early, 4).contains('X'), "{early}");
    assert!(!row(&early, 1).contains('X'), "{early}");
    std::thread::sleep(std::time::Duration::from_millis(1600));
    let late = screen(&app, 80, 24);
    assert!(!app.animating());
    assert!(!row(&late, 4).contains('X'), "{late}");
    assert!(row(&late, 1).contains('X'), "{late}");
}

#[test]
fn help_overlay_snapshot() {
    let mut app = app("help", straight_into("tic-tac-toe", Player::First));
    key(&mut app, KeyCode::Char('?'));
    assert!(app.help);
    insta::assert_snapshot!("help_overlay", screen(&app, 80, 24));
    key(&mut app, KeyCode::Esc);
    assert!(!app.help);
}

#[test]
fn too_small_snapshot_and_recovery() {
    let app = app("small", Start::default());
    insta::assert_snapshot!("too_small", screen(&app, 60, 20));
    assert!(screen(&app, 80, 24).contains("21 Flags"));
}

#[test]
fn zero_and_tiny_sizes_do_not_panic() {
    let mut app = app(
        "tiny",
        straight_into("multiples-divisors-100", Player::First),
    );
    for (w, h) in [(0, 0), (1, 1), (0, 24), (80, 0), (79, 24), (200, 60)] {
        let _ = draw(&app, w, h);
    }
    key(&mut app, KeyCode::Char('?'));
    let _ = draw(&app, 1, 1);
}

#[test]
fn menu_to_setup_to_game_to_game_over_to_menu() {
    let mut app = app(
        "flow",
        Start {
            seed: Some(1),
            ..Start::default()
        },
    );
    assert!(is_menu(&app));
    // flags-2-4: take 2 wins from 9.
    let target = app
        .entries
        .iter()
        .position(|e| e.id == "flags-2-4")
        .unwrap();
    for _ in 0..target {
        key(&mut app, KeyCode::Down);
    }
    key(&mut app, KeyCode::Enter);
    assert!(is_setup(&app));
    key(&mut app, KeyCode::Enter);
    assert!(is_playing(&app));
    // Win: 9 -> take 2 -> 7; then the tip names the winning move each time.
    while status(&app) == Status::Ongoing {
        key(&mut app, KeyCode::Char('t'));
        let hint = state(&app).hint.unwrap();
        let best = hint
            .split("play ")
            .nth(1)
            .and_then(|r| r.split_whitespace().next())
            .unwrap()
            .to_string();
        keys(&mut app, &best);
        key(&mut app, KeyCode::Enter);
    }
    assert_eq!(status(&app), Status::Won(Player::First));
    assert!(screen(&app, 80, 24).contains("You win"));
    // Won with tips: counted apart from clean games.
    let id = app.entry().unwrap().ruleset.identity();
    assert_eq!(app.tally.assisted(&id).won, 1);
    assert_eq!(app.tally.total(&id).won, 0);
    key(&mut app, KeyCode::Char('q'));
    assert!(is_menu(&app));
    key(&mut app, KeyCode::Char('q'));
    assert!(app.quitting());
}

#[test]
fn bad_typed_moves_change_nothing_and_say_why() {
    let mut app = app("bad", straight_into("21-flags", Player::First));
    keys(&mut app, "9");
    key(&mut app, KeyCode::Enter);
    let play = state(&app);
    assert!(play.history.is_empty());
    assert!(play.message.as_deref().unwrap().contains("take 1, 2 or 3"));
    assert!(screen(&app, 80, 24).contains("you may not take '9'"));
}

#[test]
fn cursor_keys_choose_and_enter_plays() {
    let mut app = app("cursor", straight_into("tic-tac-toe", Player::First));
    // The cursor starts in the centre; up and left reach a1.
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Char('h'));
    key(&mut app, KeyCode::Enter);
    let history = state(&app).history;
    assert_eq!(history[0], "a1");
    assert_eq!(history.len(), 2, "the computer answered");
}

#[test]
fn clicks_choose_then_play() {
    let mut app = app("click", straight_into("tic-tac-toe", Player::First));
    let board = unbeatable::tui::ui::game_areas(AREA)[1];
    // Cell c3: three columns of 4 after a 3-wide margin, row 3 below the header.
    let (x, y) = (board.x + 3 + 2 * 4 + 1, board.y + 3);
    click(&mut app, x, y);
    assert!(
        state(&app).history.is_empty(),
        "the first click only chooses"
    );
    click(&mut app, x, y);
    assert_eq!(state(&app).history[0], "c3");
}

#[test]
fn coach_names_a_move_that_threw_away_the_win() {
    let mut app = app("coach", straight_into("flags-2-4", Player::First));
    keys(&mut app, "4");
    key(&mut app, KeyCode::Enter);
    let coach = state(&app).coach.unwrap();
    assert!(coach.contains("4 threw away the win"), "{coach}");
    assert!(coach.contains("2 would have kept it"), "{coach}");
}

#[test]
fn tip_undo_swap_and_new_game() {
    let mut app = app("keys", straight_into("21-flags", Player::Second));
    settle(&mut app);
    // The computer opened; it is the person's turn.
    assert_eq!(state(&app).history.len(), 1);
    key(&mut app, KeyCode::Char('t'));
    assert!(state(&app).hint.unwrap().contains("you can win"));
    keys(&mut app, "1");
    key(&mut app, KeyCode::Enter);
    assert_eq!(state(&app).history.len(), 3);
    key(&mut app, KeyCode::Char('u'));
    assert_eq!(state(&app).history.len(), 1);
    key(&mut app, KeyCode::Char('s'));
    key(&mut app, KeyCode::Char('y'));
    let play = state(&app);
    assert_eq!(play.human, Some(Player::First));
    assert!(play.history.is_empty());
    key(&mut app, KeyCode::Char('n'));
    assert!(state(&app).history.is_empty());
}

#[test]
fn a_file_with_a_builtins_stem_and_rules_of_its_own_opens_as_itself() {
    // `play some/folder/tic-tac-toe.toml`, a 4×3 board: its stem is the
    // built-in's, its rules are not — it opened the built-in 3×3 board,
    // and the line that takes the game up again named the stem.
    let text = rules::BUILTIN
        .iter()
        .find(|(i, _)| *i == "tic-tac-toe")
        .map(|(_, t)| t.replace("width = 3", "width = 4"))
        .unwrap();
    let own = Ruleset::parse("tic-tac-toe.toml", &text).unwrap();
    let path = "/some/folder/tic-tac-toe.toml";
    let start = Start {
        ruleset: Some((path.to_string(), own.clone())),
        ..straight_into("tic-tac-toe", Player::First)
    };
    let mut opened = app("own-rules", start);
    assert!(is_playing(&opened));
    let entry = opened.entry().unwrap();
    assert_eq!(entry.ruleset.identity(), own.identity(), "the file's rules");
    keys(&mut opened, "d3");
    key(&mut opened, KeyCode::Enter);
    opened.quit();
    let resume = opened.resume.clone().unwrap_or_default();
    assert!(
        resume.starts_with(&format!("this game: unbeatable play {path} --moves \"d3")),
        "{resume}"
    );
    // The same rules by a path open the listed ruleset, under its name.
    let same = straight_into("tic-tac-toe", Player::First);
    let start = Start {
        ruleset: same
            .ruleset
            .map(|(_, r)| ("/elsewhere/tic-tac-toe.toml".to_string(), r)),
        ..straight_into("tic-tac-toe", Player::First)
    };
    let mut listed = app("same-rules", start);
    keys(&mut listed, "b2");
    key(&mut listed, KeyCode::Enter);
    listed.quit();
    let resume = listed.resume.clone().unwrap_or_default();
    assert!(
        resume.starts_with("this game: unbeatable play tic-tac-toe --moves \"b2"),
        "{resume}"
    );
}

#[test]
fn menu_clicks_select_then_open() {
    let mut app = app("menuclick", Start::default());
    let list = unbeatable::tui::ui::menu_list_area(AREA);
    // Row 0 is the FLAGS heading, row 2 the second flags ruleset.
    click(&mut app, list.x + 3, list.y + 2);
    assert_eq!(app.selected, 1);
    click(&mut app, list.x + 3, list.y + 2);
    assert!(is_setup(&app));
}

#[test]
fn ctrl_c_quits_from_anywhere() {
    let mut app = app("ctrlc", straight_into("tic-tac-toe", Player::First));
    app.handle_event(
        &Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        AREA,
    );
    assert!(app.quitting());
}

#[test]
fn a_broken_tally_is_set_aside_with_a_message() {
    let path = tally_path("broken");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, b"\x00not json").unwrap();
    let app = App::new(
        rules::builtins(),
        Start::default(),
        Some(path.clone()),
        &THEME,
    );
    assert!(app.notice.as_deref().unwrap().contains("set aside"));
    assert!(path.with_extension("json.broken").exists());
}

#[test]
fn side_and_level_from_the_command_line_skip_the_setup() {
    let start = Start {
        human: Some(Player::Second),
        level: Some(Level::Easy),
        seed: Some(2),
        ..Start::default()
    };
    let mut skipping = app("skip", start);
    assert!(is_menu(&skipping));
    key(&mut skipping, KeyCode::Enter);
    assert!(is_playing(&skipping));
    let play = skipping.playing().unwrap().setup();
    assert_eq!((play.human, play.level), (Player::Second, Level::Easy));
    // Only a side: the setup screen asks the rest.
    let mut other = app(
        "noskip",
        Start {
            human: Some(Player::Second),
            ..Start::default()
        },
    );
    key(&mut other, KeyCode::Enter);
    assert!(is_setup(&other));
    assert_eq!(other.human, Player::Second);
}

#[test]
fn the_values_overlay_follows_the_game() {
    let mut game = app("values", straight_into("flags-2-4", Player::First));
    key(&mut game, KeyCode::Char('v'));
    let before = state(&game).values.unwrap();
    assert_eq!(before, vec![("2".to_string(), '+'), ("4".to_string(), '-')]);
    keys(&mut game, "2");
    key(&mut game, KeyCode::Enter);
    let after = state(&game).values.unwrap();
    assert_ne!(before, after, "recomputed for the new position");
    // A finished game has no moves: the overlay's legend goes with them.
    while !status(&game).is_over() {
        keys(&mut game, "2");
        key(&mut game, KeyCode::Enter);
    }
    let shown = screen(&game, 80, 24);
    assert!(!shown.contains("Values:"), "{shown}");
    assert!(shown.contains("No move is left."), "{shown}");
    assert!(!shown.contains("Take:"), "{shown}");
    key(&mut game, KeyCode::Char('v'));
    assert!(state(&game).values.is_none());
}

#[test]
fn huge_nim_piles_play_on_the_screen() {
    let path = format!(
        "{}/tests/fixtures/valid/nim-any-huge-piles.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let ruleset = rules::load_path(std::path::Path::new(&path)).unwrap();
    let mut app = app(
        "hugenim",
        Start {
            ruleset: Some(("nim-any-huge-piles".into(), ruleset)),
            human: Some(Player::First),
            level: Some(Level::Perfect),
            seed: Some(3),
            ..Start::default()
        },
    );
    insta::assert_snapshot!("nim_huge_piles", screen(&app, 80, 24));
    keys(&mut app, "1:999999000000000004");
    key(&mut app, KeyCode::Enter);
    let play = state(&app);
    assert_eq!(play.history.len(), 2, "{play:?}");
    assert_eq!(play.history[0], "1:999999000000000004");
    assert!(play.coach.is_none());
}

/// The seven-by-seven fixture in the menu, with a short budget.
fn seven_by_seven_app(name: &str, start: Start) -> App {
    use unbeatable::rules::{Listed, Origin};
    let path = std::path::PathBuf::from(format!(
        "{}/tests/fixtures/valid/seven-by-seven-five.toml",
        env!("CARGO_MANIFEST_DIR")
    ));
    let mut listed = rules::builtins();
    listed.push(Listed {
        id: "seven-by-seven-five".into(),
        ruleset: rules::load_path(&path),
        origin: Origin::User(path),
    });
    let start = Start {
        think: Some(std::time::Duration::from_millis(200)),
        pause: Some(std::time::Duration::ZERO),
        ..start
    };
    let mut app = App::new(listed, start, Some(tally_path(name)), &THEME);
    settle(&mut app);
    app
}

#[test]
fn an_unproven_board_never_reads_perfect() {
    let mut big = seven_by_seven_app("unproven-setup", Start::default());
    let at = big
        .entries
        .iter()
        .position(|e| e.id == "seven-by-seven-five")
        .unwrap();
    big.selected = at;
    key(&mut big, KeyCode::Enter);
    assert!(is_setup(&big));
    let setup = screen(&big, 80, 24);
    assert!(setup.contains("Not proven from the start"), "{setup}");
    assert!(
        setup.contains("strongest — not proven in this game"),
        "{setup}"
    );
    assert!(!setup.contains("perfect"), "{setup}");
    key(&mut big, KeyCode::Enter);
    let play = state(&big);
    assert_eq!(play.level, "strongest — not proven in this game");
    let game = screen(&big, 80, 24);
    assert!(!game.contains("perfect"), "{game}");
    assert!(game.contains("Not proven"), "{game}");
    // On a proven board the same level is perfect.
    let mut ttt = app("proven", straight_into("tic-tac-toe", Player::First));
    settle(&mut ttt);
    assert_eq!(state(&ttt).level, "perfect (never a mistake)");
}

/// Past the proof, the side panel says how far the search looked for the
/// computer's last move, and stops saying it once that move is taken back.
#[test]
fn the_panel_says_how_far_the_search_looked_for_an_unproven_move() {
    let start = Start {
        think: Some(std::time::Duration::from_millis(300)),
        ..straight_into("gomoku", Player::First)
    };
    let mut app = app("search-reach", start);
    keys(&mut app, "h8");
    key(&mut app, KeyCode::Enter);
    assert_eq!(state(&app).history.len(), 2, "the computer replied");
    // The panel's sentences, unwrapped: the text right of the divider.
    let panel = |app: &App| {
        let screen = screen(app, 80, 24);
        let text: Vec<&str> = screen
            .lines()
            .filter_map(|l| {
                l.split_once('│')
                    .map(|(_, r)| r.trim_end().trim_end_matches('"').trim())
            })
            .collect();
        text.join(" ")
    };
    let said = panel(&app);
    assert!(
        crate::support::search_reach(&said).is_some_and(|d| d >= 1),
        "{said}"
    );
    key(&mut app, KeyCode::Char('u'));
    let after = panel(&app);
    assert!(after.contains("Not proven"), "{after}");
    assert_eq!(crate::support::search_reach(&after), None, "{after}");
}

/// Connect Four is proven from the start (its book), but a position off
/// the book's line and past its layers is not always proven within a small
/// budget: once the computer plays such a move, its level is no longer
/// called perfect, and the side panel says why. (Where the position's own
/// value is known at once, as for every position of 10 stones, the
/// computer thinks on until a move that keeps it is proven; this one has
/// 11 stones, whose value is not known without a search.)
#[test]
fn an_unproven_reply_on_a_proven_board_never_reads_perfect() {
    let start = Start {
        moves: Some("c f a g c b b c e b c".into()),
        think: Some(std::time::Duration::from_millis(20)),
        ..straight_into("connect-four", Player::First)
    };
    let mut app = app("unproven-reply", start);
    settle(&mut app);
    assert_eq!(state(&app).history.len(), 12, "the computer replied");
    assert_eq!(state(&app).level, "strongest — not proven in this game");
    let game = screen(&app, 80, 24);
    assert!(game.contains("strongest (not proven here)"), "{game}");
    assert!(!game.contains("perfect"), "{game}");
    assert!(game.contains("Not proven"), "{game}");
    // Taking that move back makes play proven again.
    key(&mut app, KeyCode::Char('u'));
    let back = state(&app);
    assert_eq!(back.history.len(), 10, "{back:?}");
    assert_eq!(back.level, "perfect (never a mistake)");
}

/// A 7×7 k=5 game in which the computer, moving first, is thinking.
fn computer_thinking_on_seven_by_seven(name: &str) -> App {
    let mut app = seven_by_seven_app(
        name,
        Start {
            human: Some(Player::Second),
            level: Some(Level::Perfect),
            seed: Some(3),
            ..Start::default()
        },
    );
    let at = app
        .entries
        .iter()
        .position(|e| e.id == "seven-by-seven-five")
        .unwrap();
    app.selected = at;
    // Straight into the game (side and level given): the computer opens.
    press(&mut app, KeyCode::Enter);
    app.tick();
    let first = state(&app);
    assert!(first.thinking, "{first:?}");
    app
}

#[test]
fn a_move_typed_while_the_computer_thinks_is_kept_and_played() {
    let mut app = computer_thinking_on_seven_by_seven("typeahead");
    press(&mut app, KeyCode::Char('a'));
    press(&mut app, KeyCode::Char('1'));
    press(&mut app, KeyCode::Enter);
    let waiting = state(&app);
    assert!(waiting.message.unwrap().contains("'a1' is kept"));
    settle(&mut app);
    let done = state(&app);
    assert_eq!(
        done.history.get(1).map(String::as_str),
        Some("a1"),
        "{done:?}"
    );
}

/// Enter on an empty line while the computer thinks asks the person to
/// wait; the request goes when the computer's move arrives (it stayed,
/// telling the person to wait on their own turn).
#[test]
fn the_request_to_wait_goes_when_the_computer_has_moved() {
    let mut app = computer_thinking_on_seven_by_seven("wait");
    press(&mut app, KeyCode::Enter);
    assert!(state(&app).message.unwrap().starts_with("wait"));
    settle(&mut app);
    let done = state(&app);
    assert_eq!(done.history.len(), 1, "{done:?}");
    assert!(
        !done.message.as_deref().unwrap_or("").starts_with("wait"),
        "{done:?}"
    );
}

#[test]
fn a_typo_is_refused_and_plays_nothing() {
    let mut app = app("typo", straight_into("tic-tac-toe", Player::First));
    keys(&mut app, "zz");
    let play = state(&app);
    assert_eq!(play.typed, "zz", "what was typed stays on the line");
    assert!(play.message.unwrap().contains("there is no column 'z'"));
    key(&mut app, KeyCode::Enter);
    assert!(state(&app).history.is_empty(), "Enter played nothing");
    // Clearing the line gives the cursor back; upper case is a cell.
    key(&mut app, KeyCode::Esc);
    keys(&mut app, "B2");
    key(&mut app, KeyCode::Enter);
    assert_eq!(state(&app).history[0], "b2");
}

#[test]
fn a_wrong_character_inside_a_number_spoils_the_line() {
    let mut app = app("typo-num", straight_into("21-flags", Player::First));
    keys(&mut app, "-1");
    key(&mut app, KeyCode::Enter);
    assert!(state(&app).history.is_empty());
    key(&mut app, KeyCode::Backspace);
    key(&mut app, KeyCode::Backspace);
    keys(&mut app, "1");
    key(&mut app, KeyCode::Enter);
    assert_eq!(state(&app).history[0], "1");
}

#[test]
fn leaving_a_game_in_progress_asks_first_and_counts_a_loss() {
    let mut app = app("leave", straight_into("tic-tac-toe", Player::First));
    keys(&mut app, "a1");
    key(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(state(&app).history.len(), 2);
    // Esc twice only clears the line.
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Esc);
    assert!(is_playing(&app));
    // n asks; any key but y keeps the game.
    key(&mut app, KeyCode::Char('n'));
    assert!(state(&app).message.unwrap().contains("Start a new game?"));
    key(&mut app, KeyCode::Char('x'));
    assert_eq!(state(&app).history.len(), 2);
    // q asks; y leaves and counts the loss.
    key(&mut app, KeyCode::Char('q'));
    assert!(is_playing(&app));
    key(&mut app, KeyCode::Char('y'));
    assert!(is_menu(&app));
    let id = app.entry().unwrap().ruleset.identity();
    assert_eq!(app.tally.total(&id).lost, 1);
}

#[test]
fn resigning_ends_the_game_as_a_loss() {
    let mut app = app("resign", straight_into("21-flags", Player::First));
    key(&mut app, KeyCode::Char('r'));
    key(&mut app, KeyCode::Char('y'));
    let id = app.entry().unwrap().ruleset.identity();
    assert_eq!(app.tally.total(&id).lost, 1);
    assert!(screen(&app, 80, 24).contains("You resigned"));
    // The idea behind the result comes first in the help once it is over.
    settle(&mut app);
    key(&mut app, KeyCode::Char('?'));
    let help = screen(&app, 100, 40);
    assert!(help.contains("The idea behind the result"), "{help}");
    assert!(help.contains("Losing counts"), "{help}");
    key(&mut app, KeyCode::Esc);
    keys(&mut app, "1");
    key(&mut app, KeyCode::Enter);
    assert!(state(&app).history.is_empty(), "no move after resigning");
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Char('r'));
    assert!(state(&app).message.unwrap().contains("the game is over"));
    // A new game after it needs no question.
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Char('n'));
    assert!(!screen(&app, 80, 24).contains("You resigned"));
}

/// The rules card of each family, in the help overlay of a game.
#[test]
fn rules_card_snapshots() {
    for id in [
        "21-flags",
        "nim-pass",
        "juniper-green",
        "kings-walk",
        "four-by-four-three",
        "coins-in-a-row",
        "a-lot-of-games",
    ] {
        let mut app = app(&format!("card-{id}"), straight_into(id, Player::First));
        key(&mut app, KeyCode::Char('?'));
        // Asking opens the idea's work: it shows when done.
        settle(&mut app);
        let shown = screen(&app, 100, 40);
        assert!(shown.contains("Rules of"), "{shown}");
        insta::assert_snapshot!(format!("rules_card_{id}"), shown);
    }
}

#[test]
fn help_scrolls_to_its_end_on_a_small_screen() {
    let mut app = app("help-scroll", straight_into("tic-tac-toe", Player::First));
    key(&mut app, KeyCode::Char('?'));
    assert!(screen(&app, 80, 24).contains("more below"));
    for _ in 0..40 {
        key(&mut app, KeyCode::Down);
    }
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("as hard as possible"), "{shown}");
    assert!(!shown.contains("more below"), "{shown}");
    key(&mut app, KeyCode::Esc);
    assert!(!screen(&app, 80, 24).contains("Help"));
}

/// Played numbers differ from the ones that cannot be played now, with
/// colour and without: crossed out and marked `×`; the rule line names
/// the number to answer.
#[test]
fn divisors_board_marks_played_numbers_with_and_without_colour() {
    for (theme, name) in [(&THEME, "colour"), (&unbeatable::tui::theme::MONO, "mono")] {
        let start = Start {
            pause: Some(std::time::Duration::ZERO),
            ..straight_into("multiples-divisors-100", Player::First)
        };
        let mut app = App::new(
            rules::builtins(),
            start,
            Some(tally_path(&format!("marks-{name}"))),
            theme,
        );
        settle(&mut app);
        keys(&mut app, "50");
        key(&mut app, KeyCode::Enter);
        settle(&mut app);
        let term = draw(&app, 80, 24);
        let buf = term.backend().buffer();
        let shown = screen(&app, 80, 24);
        let last = state(&app).history.last().cloned().unwrap();
        assert!(
            shown.contains(&format!("Next: a multiple or a divisor of {last}")),
            "{shown}"
        );
        assert!(shown.contains("7×: played"), "{shown}");
        // Find 50 on the grid: crossed out, with its × after it.
        let (x, y) = (0..24u16)
            .flat_map(|y| (0..60u16).map(move |x| (x, y)))
            .find(|&(x, y)| {
                buf[(x, y)].symbol() == "5"
                    && buf[(x + 1, y)].symbol() == "0"
                    && buf[(x + 2, y)].symbol() == "×"
            })
            .unwrap_or_else(|| panic!("50 is not marked played ({name}):\n{shown}"));
        assert!(
            buf[(x, y)].modifier.contains(Modifier::CROSSED_OUT),
            "{name}: 50 is not crossed out"
        );
        insta::assert_snapshot!(format!("divisors_marks_{name}"), shown);
    }
}

#[test]
fn a_game_starts_from_moves_and_is_kept_to_take_up_again() {
    let start = Start {
        moves: Some("b2 a1".into()),
        ..straight_into("tic-tac-toe", Player::First)
    };
    let mut app = app("from-moves", start);
    assert_eq!(state(&app).history, ["b2", "a1"]);
    keys(&mut app, "c3");
    key(&mut app, KeyCode::Enter);
    settle(&mut app);
    key(&mut app, KeyCode::Char('q'));
    key(&mut app, KeyCode::Char('y'));
    let resume = app.resume.clone().unwrap();
    assert!(
        resume.starts_with("this game: unbeatable play tic-tac-toe --moves \"b2 a1 c3 "),
        "{resume}"
    );
}

/// Swapping sides with the values overlay on starts a game that is helped
/// from its first move, and the play screen counts helped games too.
#[test]
fn a_new_game_with_the_values_on_is_counted_as_helped() {
    let path = tally_path("swap-values");
    let start = Start {
        pause: Some(std::time::Duration::ZERO),
        ..straight_into("21-flags", Player::First)
    };
    let mut app = App::new(rules::builtins(), start, Some(path.clone()), &THEME);
    settle(&mut app);
    keys(&mut app, "1");
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Char('v'));
    key(&mut app, KeyCode::Char('s'));
    key(&mut app, KeyCode::Char('y'));
    // The swap counted the first game (a loss, helped by the values);
    // the new one, with the values still on, is helped as well.
    assert!(state(&app).assisted, "the new game reads as clean");
    keys(&mut app, "1");
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Char('r'));
    key(&mut app, KeyCode::Char('y'));
    let tally = unbeatable::tui::tally::Tally::load(&path).0;
    let id = app.entry().unwrap().ruleset.identity();
    assert_eq!(tally.total(&id).lost, 0, "a helped game counted as clean");
    assert_eq!(tally.assisted(&id).lost, 2);
    // At 80 columns the panel wraps the tally between its counts, never
    // between a word and its count.
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("With help: won 0 ·"), "{shown}");
    assert!(shown.contains("│ lost 2 · drawn 0"), "{shown}");
}

/// A move of the person's that ends the game leaves no "thinking" line:
/// the computer has nothing to think about.
#[test]
fn no_thinking_line_once_the_game_is_over() {
    let start = Start {
        moves: Some("b2 a1 c3 a3 a2 c2 b1 b3".to_string()),
        ..straight_into("tic-tac-toe", Player::First)
    };
    let mut app = app("over-thinking", start);
    keys(&mut app, "c1");
    press(&mut app, KeyCode::Enter);
    assert_eq!(status(&app), Status::Draw);
    let shown = screen(&app, 80, 24);
    assert!(!shown.contains("The computer is thinking"), "{shown}");
    settle(&mut app);
}

/// A tally that cannot be saved says so on the game screen, where the
/// person is when the game ends, not only on the menu.
#[cfg(unix)]
#[test]
fn a_tally_that_cannot_be_saved_says_so_on_the_game_screen() {
    let dir = tempfile::tempdir().unwrap();
    // The tally's folder is a file: nothing can be saved in it.
    let blocker = dir.path().join("data");
    std::fs::write(&blocker, b"").unwrap();
    let start = Start {
        pause: Some(std::time::Duration::ZERO),
        ..straight_into("21-flags", Player::First)
    };
    let mut app = App::new(
        rules::builtins(),
        start,
        Some(blocker.join("tally.json")),
        &THEME,
    );
    settle(&mut app);
    key(&mut app, KeyCode::Char('r'));
    key(&mut app, KeyCode::Char('y'));
    let shown = screen(&app, 80, 24);
    assert!(shown.contains("could not save"), "{shown}");
}

/// At 80 columns the title names the level whole on every built-in game,
/// on either side.
#[test]
fn the_title_fits_at_80_columns() {
    for (id, _) in rules::BUILTIN {
        for human in [Player::First, Player::Second] {
            let start = Start {
                think: Some(std::time::Duration::from_millis(100)),
                ..straight_into(id, human)
            };
            let app = app(&format!("title-{id}"), start);
            let shown = screen(&app, 80, 24);
            let title = shown.lines().next().unwrap_or_default();
            assert!(!title.contains('…'), "{id}: {title}");
        }
    }
}

/// A move typed while the computer thinks is dropped when the computer's
/// move ends the game: nothing can be played, and q quits at once.
#[test]
fn a_typed_move_goes_when_the_computer_ends_the_game() {
    let start = Start {
        moves: Some("a1 b2 c3 b1".to_string()),
        ..straight_into("tic-tac-toe", Player::First)
    };
    let mut app = app("typed-at-the-end", start);
    keys(&mut app, "a3");
    press(&mut app, KeyCode::Enter);
    // The computer is to answer (with b3, its win): type meanwhile.
    press(&mut app, KeyCode::Char('c'));
    press(&mut app, KeyCode::Char('2'));
    settle(&mut app);
    assert_eq!(status(&app), Status::Won(Player::Second));
    assert_eq!(state(&app).typed, "");
}

/// Once a game is over no move can be typed, so a letter that names a
/// column is its command again: on Connect Four (columns a to g) `e`
/// opens the review and `n` starts a new game, as the status line says.
#[test]
fn after_the_game_a_column_letter_is_its_command() {
    let start = Start {
        moves: Some("a b a b a b".into()),
        ..straight_into("connect-four", Player::First)
    };
    let mut app = app("column-letters", start);
    // While the game goes on, e starts a move (column e).
    key(&mut app, KeyCode::Char('e'));
    assert_eq!(state(&app).typed, "e");
    key(&mut app, KeyCode::Esc);
    keys(&mut app, "a");
    key(&mut app, KeyCode::Enter);
    assert_eq!(status(&app), Status::Won(Player::First));
    let over = screen(&app, 80, 24);
    assert!(over.contains("e review · n new game"), "{over}");
    // A letter that is no command starts no move either.
    key(&mut app, KeyCode::Char('a'));
    assert_eq!(state(&app).typed, "");
    let told = screen(&app, 80, 24);
    assert!(
        told.contains("the game is over: n for a new game"),
        "{told}"
    );
    key(&mut app, KeyCode::Char('e'));
    assert_eq!(state(&app).typed, "");
    let review = screen(&app, 80, 24);
    assert!(review.contains("Review: move 7 of 7"), "{review}");
    key(&mut app, KeyCode::Esc);
    key(&mut app, KeyCode::Char('n'));
    assert_eq!(state(&app).typed, "");
    assert!(state(&app).history.is_empty(), "a new game");
}

/// A lost game's review: `e` opens it at the end, ←/→ and Home step
/// through it, the side panel names the move that threw the draw away,
/// and Esc closes it. At 80×24 and 160×50.
#[test]
fn the_review_steps_to_the_move_that_threw_the_draw_away() {
    let mut app = app("review", straight_into("tic-tac-toe", Player::First));
    // The free cells in reading order: the computer wins.
    let cells = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];
    while !status(&app).is_over() {
        let played = state(&app).history;
        let free = cells
            .iter()
            .find(|c| !played.iter().any(|p| p == *c))
            .unwrap();
        keys(&mut app, free);
        key(&mut app, KeyCode::Enter);
    }
    assert_eq!(status(&app), Status::Won(Player::Second));
    key(&mut app, KeyCode::Char('e'));
    let end = screen(&app, 80, 24);
    let total = state(&app).history.len();
    assert!(
        end.contains(&format!("Review: move {total} of {total}")),
        "{end}"
    );
    assert!(end.contains("Your mistakes: "), "{end}");
    // Step from the start to the first mistake of the person's.
    key(&mut app, KeyCode::Home);
    let mut found = None;
    for step in 1..=total {
        key(&mut app, KeyCode::Right);
        let text = screen(&app, 80, 24);
        if text.contains("Your move:") && text.contains("threw away the draw") {
            found = Some((step, text));
            break;
        }
    }
    let (step, text) = found.expect("the mistake is shown");
    assert!(
        text.contains(&format!("Review: move {step} of {total}")),
        "{text}"
    );
    insta::assert_snapshot!("review_at_the_mistake", text);
    let large = screen(&app, 160, 50);
    assert!(large.contains("threw away the draw"), "{large}");
    // t names the move that kept the draw instead, and why.
    key(&mut app, KeyCode::Char('t'));
    let tip = screen(&app, 80, 24);
    assert!(tip.contains("Instead of"), "{tip}");
    assert!(tip.contains("draw: play"), "{tip}");
    // A click on the move list steps to that move; one on the strip too.
    let (x, y) = find_on_screen(&tip, "a1+").expect("the move list");
    click(&mut app, x, y);
    let first = screen(&app, 80, 24);
    assert!(first.contains("Review: move 1 of"), "{first}");
    // A best move of the person's: t gives the best move there, not one
    // "instead of" it.
    assert!(first.contains("t: the best move here"), "{first}");
    key(&mut app, KeyCode::Char('t'));
    let why = screen(&app, 80, 24);
    assert!(why.contains("The best move here"), "{why}");
    assert!(!why.contains("Instead of"), "{why}");
    let (x, y) = find_on_screen(&first, "Review: move").expect("the title");
    click(&mut app, x + u16::try_from(total).unwrap() - 1, y + 1);
    assert!(screen(&app, 80, 24).contains(&format!("Review: move {total} of")));
    key(&mut app, KeyCode::Esc);
    assert!(!screen(&app, 80, 24).contains("Review: move"));
}

/// Where `text` starts on a screen drawn by `screen` (each row quoted):
/// column and row.
fn find_on_screen(screen: &str, text: &str) -> Option<(u16, u16)> {
    screen.lines().enumerate().find_map(|(y, line)| {
        let line = line.strip_prefix('"').unwrap_or(line);
        let at = line.find(text)?;
        let x = line[..at].chars().count();
        Some((u16::try_from(x).ok()?, u16::try_from(y).ok()?))
    })
}

/// Ctrl and the letter `c`: a command even where letters are moves.
fn ctrl(app: &mut App, c: char) {
    let event = Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
    app.handle_event(&event, AREA);
    settle(app);
}

/// Chooses the ruleset `id` in the menu and opens its analysis board.
fn open_analysis(app: &mut App, id: &str) {
    app.selected = app.entries.iter().position(|e| e.id == id).unwrap();
    key(app, KeyCode::Char('a'));
}

/// The analysis board: `a` in the menu opens it; the person moves for
/// both sides, steps back and forward through the line, a new move drops
/// the line ahead, and `p` plays from here against the computer.
#[test]
fn the_analysis_board_moves_for_both_sides_and_plays_from_here() {
    let mut app = app("analysis", Start::default());
    open_analysis(&mut app, "tic-tac-toe");
    let board = screen(&app, 80, 24);
    assert!(board.contains("Analysis board"), "{board}");
    assert!(board.contains("First (X) to move"), "{board}");
    keys(&mut app, "b2");
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "a1");
    key(&mut app, KeyCode::Enter);
    let two = screen(&app, 80, 24);
    assert!(two.contains("First (X) to move"), "{two}");
    assert!(two.contains("Line: b2 a1"), "{two}");
    assert!(two.contains("b1= c1="), "{two}");
    assert!(two.contains("The idea"), "{two}");
    // Back twice, forward once: the line ahead stays, dimmed after a bar.
    key(&mut app, KeyCode::Char('u'));
    key(&mut app, KeyCode::Char('u'));
    key(&mut app, KeyCode::Char('r'));
    let back = screen(&app, 80, 24);
    assert!(back.contains("Line: b2 | a1"), "{back}");
    assert!(back.contains("Second (O) to move"), "{back}");
    // Another move drops the line ahead.
    keys(&mut app, "c3");
    key(&mut app, KeyCode::Enter);
    assert!(screen(&app, 80, 24).contains("Line: b2 c3"));
    assert_eq!(state(&app).history, ["b2", "c3"]);
    // A game's key says what the board has instead.
    key(&mut app, KeyCode::Char('n'));
    let said = screen(&app, 80, 24);
    assert!(
        said.contains("on the analysis board: p plays from here, q leaves"),
        "{said}"
    );
    // Play from here at perfect: the person takes X, the computer O.
    key(&mut app, KeyCode::Char('p'));
    key(&mut app, KeyCode::Char('1'));
    let from_here = screen(&app, 80, 24);
    assert!(
        from_here.contains("playing from here: you are first (X)"),
        "{from_here}"
    );
    keys(&mut app, "a3");
    key(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(state(&app).history.len(), 4, "the computer answered");
    assert!(state(&app).assisted);
}

/// A line played to its end on the analysis board names the side that
/// won: the person moved for both, so neither "you" nor the computer won.
#[test]
fn the_analysis_board_names_the_winning_side() {
    let mut app = app("analysis-end", Start::default());
    open_analysis(&mut app, "tic-tac-toe");
    for cell in ["a1", "b1", "a2", "b2", "a3"] {
        keys(&mut app, cell);
        key(&mut app, KeyCode::Enter);
    }
    let over = screen(&app, 80, 24);
    assert!(over.contains("The game is over: the"), "{over}");
    assert!(over.contains("first player (X) won."), "{over}");
    assert!(
        !over.contains("Computer wins") && !over.contains("You win"),
        "{over}"
    );
}

/// On the word game's analysis board the sides are the first and second
/// players, not "you" and the computer (the side to move is not the
/// person's), the rounds' score fits the board, and the status line names
/// the commands by Ctrl where their letters are moves.
#[test]
fn the_word_games_analysis_board_names_sides_and_ctrl_keys() {
    let mut app = app("analysis-words", Start::default());
    open_analysis(&mut app, "words-best-of-five");
    for letter in ["q", "u"] {
        keys(&mut app, letter);
        key(&mut app, KeyCode::Enter);
    }
    let board = screen(&app, 80, 24);
    assert!(board.contains("Line: qu"), "{board}");
    assert!(
        board.contains("Round 1 of 5, started by the first player"),
        "{board}"
    );
    assert!(board.contains("Rounds won: first 0 · second 0"), "{board}");
    assert!(!board.contains("computer"), "{board}");
    assert!(
        board.contains("Analysis · ^u back · ^r forward · ^p play from here"),
        "{board}"
    );
    // The words the round can end at stop where the board does, with an
    // ellipsis, never a dangling comma.
    let line = board
        .lines()
        .find(|l| l.contains("The round can end at:"))
        .unwrap_or_default();
    let words = line.split('│').next().unwrap_or_default().trim_end();
    assert!(words.ends_with(", …"), "{board}");
    // The line sets the rounds apart, as the Moves panel of a game does,
    // behind the bar too.
    for letter in ["a", "r", "k", "z"] {
        keys(&mut app, letter);
        key(&mut app, KeyCode::Enter);
    }
    assert!(screen(&app, 80, 24).contains("Line: quark · z"));
    ctrl(&mut app, 'u');
    ctrl(&mut app, 'u');
    let back = screen(&app, 80, 24);
    assert!(back.contains("Line: quar | k · z"), "{back}");
}

/// Plays the first move the values overlay lists (the overlay on).
fn play_the_first_listed(app: &mut App) {
    let values = state(app).values.unwrap_or_default();
    let first = values.first().map(|(m, _)| m.clone()).unwrap_or_default();
    keys(app, &first);
    key(app, KeyCode::Enter);
}

/// `ruleset` played to its end, the person playing the first move the
/// values overlay lists each turn (at most `moves` of them): the screen.
fn played_to_the_end(name: &str, ruleset: &str, moves: usize) -> String {
    let mut app = app(name, straight_into(ruleset, Player::First));
    key(&mut app, KeyCode::Char('v'));
    for _ in 0..moves {
        if status(&app).is_over() {
            break;
        }
        play_the_first_listed(&mut app);
    }
    let shown = screen(&app, 80, 24);
    assert!(status(&app).is_over(), "{shown}");
    shown
}

/// A geography's list of the places in reach says "none" once the piece
/// is stuck, rather than stand empty under its heading.
#[test]
fn a_stuck_piece_s_list_says_none() {
    // Nine towns: the game is over within nine moves.
    let shown = played_to_the_end("stuck", "one-way-geography", 9);
    assert!(shown.contains("Reachable from here: none."), "{shown}");
}

/// A list too long for the screen ends in "… and N more", and the line
/// saying where the piece is keeps a line of its own below it: at 80×24
/// the two were written over each other ("The token is on zebra.a name)").
#[test]
fn a_long_list_s_last_line_and_the_piece_s_line_do_not_overlap() {
    let app = app("long-list", straight_into("word-chain", Player::First));
    for (width, height) in [(80, 24), (120, 40)] {
        let shown = screen(&app, width, height);
        let lines: Vec<&str> = shown.lines().collect();
        let more = lines.iter().position(|l| l.contains("more (type a name)"));
        let piece = lines
            .iter()
            .position(|l| l.contains("The token is on zebra.  "));
        assert!(
            matches!((more, piece), (Some(m), Some(p)) if m < p),
            "{width}×{height}:\n{shown}"
        );
    }
}

/// A word game's moves read as the words of its rounds, set apart
/// ("quadrilaterals · akin"), not as one run of letters across rounds.
#[test]
fn a_word_game_s_moves_read_round_by_round() {
    let mut app = app("rounds", straight_into("words-best-of-five", Player::First));
    ctrl(&mut app, 'v');
    // Played until the second round has a move.
    let mut second_from = None;
    for _ in 0..60 {
        let played = state(&app).history.len();
        if screen(&app, 80, 24).contains("Round 2 of 5") {
            second_from = second_from.or(Some(played));
        }
        if second_from.is_some_and(|from| played > from) {
            break;
        }
        play_the_first_listed(&mut app);
    }
    let shown = screen(&app, 80, 24);
    let history = state(&app).history;
    let from = second_from.unwrap_or_default();
    assert!(from > 0 && history.len() > from, "{shown}");
    // The panel's lines under "Moves", up to the blank line after them.
    let panel: Vec<String> = shown
        .lines()
        .filter_map(|l| l.split('│').nth(1))
        .map(|l| l.trim_end_matches('"').trim().to_string())
        .collect();
    let moves = panel
        .iter()
        .skip_while(|l| *l != "Moves")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    let expected = format!(
        "{} · {}",
        history[..from].concat(),
        history[from..].concat()
    );
    assert_eq!(moves, expected, "{shown}");
}

/// The review's list of moves sets a word match's rounds apart too, and a
/// click on a move after the mark still steps to that move.
#[test]
fn a_word_match_s_review_sets_the_rounds_apart() {
    let mut app = app(
        "review-rounds",
        straight_into("a-lot-of-games", Player::First),
    );
    ctrl(&mut app, 'v');
    for _ in 0..40 {
        if status(&app).is_over() {
            break;
        }
        play_the_first_listed(&mut app);
    }
    assert!(status(&app).is_over(), "{}", screen(&app, 80, 24));
    key(&mut app, KeyCode::Char('e'));
    let shown = screen(&app, 80, 24);
    // Three rounds: two marks, each between a round's last move and the
    // next round's first.
    let list = shown
        .lines()
        .skip_while(|l| !l.contains("- mistake ? unknown"))
        .nth(1)
        .and_then(|l| l.split('│').nth(1))
        .unwrap_or_default()
        .trim_end_matches('"')
        .trim()
        .to_string();
    assert_eq!(list.matches(" · ").count(), 2, "{shown}");
    // The first move after the first mark, clicked, is the one shown.
    let row = shown
        .lines()
        .position(|l| l.contains(&list))
        .and_then(|r| u16::try_from(r).ok())
        .unwrap_or_default();
    let panel = shown
        .lines()
        .nth(usize::from(row))
        .and_then(|l| l.find('│'))
        .unwrap_or_default();
    let before: usize = list.split(" · ").next().map_or(0, |r| r.split(' ').count());
    // The screen's lines are quoted: the panel's text starts two columns
    // past its border, one fewer than the border's place in the line.
    let column = shown.lines().nth(usize::from(row)).unwrap_or_default()[..panel]
        .chars()
        .count()
        + 1
        + list.find(" · ").unwrap_or_default()
        + 3;
    click(&mut app, u16::try_from(column).unwrap_or_default(), row);
    let after = screen(&app, 80, 24);
    assert!(
        after.contains(&format!("Review: move {} of", before + 1)),
        "{after}"
    );
}

/// Juniper Green's rule line says none is left at the end, not "Next: …".
#[test]
fn a_divisors_game_over_says_no_number_is_left() {
    // Forty numbers: the game is over within forty moves.
    let shown = played_to_the_end("no-divisor", "juniper-green-40", 40);
    assert!(shown.contains("No multiple or divisor of"), "{shown}");
    assert!(!shown.contains("Next:"), "{shown}");
}

/// The review opens onto the analysis board at the move shown, the rest
/// of the game ahead.
#[test]
fn the_review_opens_onto_the_analysis_board() {
    let mut app = app(
        "review-analysis",
        straight_into("tic-tac-toe", Player::First),
    );
    for cell in ["a1", "b1", "c1"] {
        if !status(&app).is_over() && !state(&app).history.iter().any(|h| h == cell) {
            keys(&mut app, cell);
            key(&mut app, KeyCode::Enter);
        }
    }
    key(&mut app, KeyCode::Char('r'));
    key(&mut app, KeyCode::Char('y'));
    key(&mut app, KeyCode::Char('e'));
    key(&mut app, KeyCode::Home);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Char('a'));
    let board = screen(&app, 80, 24);
    assert!(board.contains("Analysis board"), "{board}");
    assert!(board.contains("Line: a1 | "), "{board}");
}

/// `x` on the analysis board edits the position (a wrong edit says why
/// and stays); a game played from an edited position is neither counted
/// nor kept, since its moves do not start at the rules' start.
#[test]
fn an_edited_position_is_analysed_and_played_but_not_counted() {
    let mut app = app("edit", Start::default());
    open_analysis(&mut app, "tic-tac-toe");
    key(&mut app, KeyCode::Char('x'));
    assert!(screen(&app, 80, 24).contains(" Edit: "));
    keys(&mut app, "x a1 b1");
    key(&mut app, KeyCode::Enter);
    let wrong = screen(&app, 80, 24);
    assert!(wrong.contains("X has 2 stones and O 0"), "{wrong}");
    for _ in 0.."x a1 b1".len() {
        key(&mut app, KeyCode::Backspace);
    }
    keys(&mut app, "x a1 b1 o a2 b2");
    key(&mut app, KeyCode::Enter);
    let edited = screen(&app, 80, 24);
    assert!(edited.contains("edited: the board starts here"), "{edited}");
    assert!(edited.contains("From an edited position."), "{edited}");
    assert!(edited.contains("First (X) to move"), "{edited}");
    settle(&mut app);
    assert!(screen(&app, 80, 24).contains("c1+"), "X wins with c1");
    key(&mut app, KeyCode::Char('p'));
    key(&mut app, KeyCode::Char('1'));
    assert!(screen(&app, 80, 24).contains("not counted"));
    keys(&mut app, "c1");
    key(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(status(&app), Status::Won(Player::First));
    let tally = app.tally_path.clone().unwrap();
    let dir = tally.parent().unwrap();
    assert!(dir.exists() || !tally.exists());
    assert!(!dir.join("games.jsonl").exists(), "not kept");
    assert!(!dir.join("tally.json").exists(), "not counted");
}

/// On a terminal larger than 80×24 the board takes the room: larger
/// cells on m,n,k boards (clicks find them), twenty numbers a row on
/// divisors, and a wider side panel; 80×24 keeps the compact board.
#[test]
fn the_board_grows_with_the_terminal() {
    let letters_apart = |text: &str| {
        let row = text
            .lines()
            .find(|l| l.trim_start_matches(['"', ' ']).starts_with("a "))
            .unwrap();
        let (a, b) = (row.find(" a "), row.find(" b "));
        b.zip(a)
            .map(|(b, a)| b - a)
            .unwrap_or_else(|| panic!("{text}"))
    };
    let mut game = app("grow", straight_into("tic-tac-toe", Player::First));
    assert_eq!(letters_apart(&screen(&game, 80, 24)), 4);
    let large = Rect::new(0, 0, 160, 50);
    assert_eq!(letters_apart(&screen(&game, 160, 50)), 8);
    let [_, board, side, ..] = unbeatable::tui::ui::game_areas(large);
    assert_eq!(side.width, 48);
    // The middle of cell b2: one 8-wide cell in, the second 3-row cell down.
    let (x, y) = (board.x + 3 + 8 + 3, board.y + 1 + 3 + 1);
    let at = |app: &mut App| {
        let m = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        };
        app.handle_event(&Event::Mouse(m), large);
        settle(app);
    };
    at(&mut game);
    at(&mut game);
    assert_eq!(state(&game).history[0], "b2");

    let app = app(
        "grow-divisors",
        straight_into("multiples-divisors-100", Player::First),
    );
    let row_with = |text: &str, n: &str| text.lines().find(|l| l.contains(n)).unwrap().to_string();
    let compact = screen(&app, 80, 24);
    assert!(!row_with(&compact, "  12").contains("  11"), "{compact}");
    let wide = screen(&app, 160, 50);
    assert!(row_with(&wide, "  12").contains("  11"), "{wide}");
}

/// What a wrongly typed move is told fits the message line at 80 columns
/// with its "(Backspace or Esc to fix it)": in every built-in ruleset,
/// each pair of characters that begins a move and then cannot go on.
#[test]
fn a_wrongly_typed_move_s_message_fits_eighty_columns() {
    let chars = ['1', '2', 'a', 'b', 'l', 'z', ':', '>', '#', '0', '9'];
    let mut told = 0;
    let boards = on_every_analysis_board("typed-all", 100, |app, id| {
        for c1 in chars {
            key(app, KeyCode::Char(c1));
            if state(app).typed.is_empty() {
                continue;
            }
            for c2 in chars {
                key(app, KeyCode::Char(c2));
                if state(app).message.is_some() {
                    key(app, KeyCode::Enter);
                    let said = state(app).message.unwrap_or_default();
                    // The line's first column is blank.
                    assert!(said.chars().count() <= 79, "{id}: '{c1}{c2}': {said}");
                    told += 1;
                }
                key(app, KeyCode::Backspace);
            }
            key(app, KeyCode::Esc);
        }
        ctrl(app, 'q');
        assert!(is_menu(app), "{id}");
    });
    // Every family refuses some of these pairs: the loop above is no
    // empty check.
    assert!(told >= 20 * boards, "only {told} refusals seen");
}

/// Opens the analysis board of every built-in ruleset in turn (the
/// computer's values worked out in `think_ms`) and hands it to `each`,
/// which leaves it for the menu: how many boards were opened.
fn on_every_analysis_board(
    name: &str,
    think_ms: u64,
    mut each: impl FnMut(&mut App, &str),
) -> usize {
    let start = Start {
        think: Some(std::time::Duration::from_millis(think_ms)),
        ..Start::default()
    };
    let mut app = app(name, start);
    for i in 0..app.entries.len() {
        let id = app.entries[i].id.clone();
        open_analysis(&mut app, &id);
        each(&mut app, &id);
    }
    app.entries.len()
}

/// The analysis board on every built-in ruleset: it opens, a move under
/// the cursor is played for the side to move, and `u` takes it back.
#[test]
fn the_analysis_board_opens_on_every_builtin_ruleset() {
    on_every_analysis_board("analysis-all", 200, |app, id| {
        let board = screen(app, 80, 24);
        assert!(board.contains("Analysis board"), "{id}: {board}");
        key(app, KeyCode::Enter);
        assert_eq!(state(app).history.len(), 1, "{id}: {}", screen(app, 80, 24));
        ctrl(app, 'u');
        assert!(state(app).history.is_empty(), "{id}");
        assert!(screen(app, 160, 50).contains("Line: (start) | "), "{id}");
        ctrl(app, 'q');
        assert!(is_menu(app), "{id}");
    });
}

/// A sum draws each part in its own panel, and the values overlay adds
/// each part's Grundy value where its family gives it in closed form:
/// 21 flags taking 1 to 3 is worth 1, nim piles 3 and 5 are worth 6.
#[test]
fn a_sum_shows_each_part_and_its_grundy_value_on_the_overlay() {
    let mut app = app(
        "sum-panels",
        straight_into("three-heaps-three-rules", Player::First),
    );
    let text = screen(&app, 80, 24);
    assert!(text.contains("●●●●●●●●●●●●●●●●●●●●○"), "{text}");
    assert!(text.contains("●●● ●●●●●"), "{text}");
    assert!(text.contains("next: c2 b3"), "{text}");
    assert!(!text.contains("Grundy"), "{text}");
    key(&mut app, KeyCode::Char('v'));
    let text = screen(&app, 80, 24);
    for want in [
        "take 1, 2, 3 · Grundy 1",
        "take any number · Grundy 6",
        "words · Grundy 1",
    ] {
        assert!(text.contains(want), "{want}: {text}");
    }
}

/// The buttons of a sum and of an array game take clicks: the first
/// chooses the move, the second plays it.
#[test]
fn buttons_take_clicks_on_sums_and_arrays() {
    // The sum's four parts take two rows each, then a blank.
    for (id, top) in [("three-heaps-three-rules", 9), ("xor-array", 6)] {
        let mut app = app(&format!("buttons-{id}"), straight_into(id, Player::First));
        let board = unbeatable::tui::ui::game_areas(AREA)[1];
        let y = board.y + top;
        // The second button of the first row (the cursor is on the first).
        let text = screen(&app, 80, 24);
        let row: Vec<char> = text
            .lines()
            .nth(usize::from(y))
            .unwrap()
            .chars()
            .skip(1)
            .collect();
        let second = (1..row.len())
            .filter(|&i| row[i] != ' ' && row[i - 1] == ' ')
            .nth(1)
            .expect("two buttons");
        let x = u16::try_from(second).unwrap();
        click(&mut app, x, y);
        assert!(
            state(&app).history.is_empty(),
            "{id}: the first click only chooses"
        );
        click(&mut app, x, y);
        assert!(
            !state(&app).history.is_empty(),
            "{id}: {}",
            screen(&app, 80, 24)
        );
    }
}

/// The word boards' rules are wrapped to the board's width, not cut: at
/// 80 columns Ghost's rule ended "loses the" with the round gone.
#[test]
fn the_word_boards_rules_wrap_at_eighty_columns() {
    for (name, rule) in [
        (
            "ghost",
            "Ghost: completing a word of 4+ letters loses the round.",
        ),
        (
            "words-best-of-five",
            "The loser of a round starts the next.",
        ),
    ] {
        let app = app(name, straight_into(name, Player::First));
        let shown = screen(&app, 80, 24);
        // The board's column, row by row, joined as one text.
        let board: Vec<&str> = shown
            .lines()
            .map(|l| l.trim_matches('"').split('│').next().unwrap_or("").trim())
            .filter(|l| !l.is_empty())
            .collect();
        assert!(board.join(" ").contains(rule), "{name}:\n{shown}");
    }
}

/// With no time limit (`think = 0`: until proven) on a board no search
/// proves, the computer would think for ever: Space asks it to move now,
/// and it plays the best its search found; the status line says so.
#[test]
fn space_makes_the_computer_move_now() {
    let mut app = app(
        "move-now",
        Start {
            think: None,
            ..straight_into("gomoku", Player::First)
        },
    );
    for c in "h8".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    for _ in 0..50 {
        app.tick();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(app.thinking(), "the computer thinks on");
    let thinking = screen(&app, 80, 24);
    assert!(thinking.contains("Space: move now"), "{thinking}");
    press(&mut app, KeyCode::Char(' '));
    settle(&mut app);
    assert_eq!(state(&app).history.len(), 2, "{}", screen(&app, 80, 24));
}

/// No line of the help overlay runs into its border on any built-in
/// ruleset: a long key's explanation goes on under itself (the Space key's
/// was cut at "with the best"), as the text around it does.
#[test]
fn help_lines_never_run_into_the_border() {
    for listed in rules::builtins() {
        let id = listed.id;
        let mut app = app(
            &format!("help-border-{id}"),
            Start {
                think: Some(std::time::Duration::from_millis(200)),
                ..straight_into(&id, Player::First)
            },
        );
        key(&mut app, KeyCode::Char('?'));
        settle(&mut app);
        for _ in 0..30 {
            let shown = screen(&app, 100, 30);
            let rows: Vec<Vec<char>> = shown.lines().map(|l| l.chars().collect()).collect();
            let top = rows.iter().position(|r| r.contains(&'┌')).unwrap();
            let right = rows[top].iter().position(|&c| c == '┐').unwrap();
            let bottom = rows.iter().position(|r| r.contains(&'└')).unwrap();
            for row in &rows[top + 1..bottom] {
                assert_eq!(row[right], '│', "{id}:\n{shown}");
                assert_eq!(row[right - 1], ' ', "{id}:\n{shown}");
            }
            press(&mut app, KeyCode::Down);
        }
    }
}
