//! Every key, once: the footer shows the first few of each list and the
//! help overlay shows them all, so the two never disagree.

use std::borrow::Cow;

pub type KeyHelp = (&'static str, &'static str);

pub const MENU: &[KeyHelp] = &[
    ("↑↓", "choose"),
    ("Enter", "play"),
    ("g", "games"),
    ("p", "puzzles"),
    ("a", "analysis"),
    ("?", "rules/keys"),
    ("q", "quit"),
    ("j/k", "choose, as ↓/↑"),
    ("mouse", "click a game to choose it, again to play"),
];

pub const GAMES: &[KeyHelp] = &[
    ("↑↓/jk", "choose"),
    ("Enter", "review"),
    ("q/Esc", "back"),
    ("?", "rules/keys"),
    ("mouse", "click a game to choose it, again to review it"),
];

pub const SETUP: &[KeyHelp] = &[
    ("←→/f s", "you play first or second"),
    ("↑↓", "practice level"),
    ("Enter", "start"),
    ("q/Esc", "back"),
    ("?", "rules/keys"),
];

pub const REVIEW: &[KeyHelp] = &[
    ("←→/hl", "step"),
    ("Home/End", "first/last"),
    ("t", "best move"),
    ("a", "analysis"),
    ("e/Esc", "back"),
    ("q", "menu"),
    ("?", "rules/keys"),
    (
        "mouse",
        "click a move on the strip or the list to step to it",
    ),
    ("n", "new game"),
    ("s", "swap sides: a new game"),
];

pub const PUZZLE: &[KeyHelp] = &[
    ("arrows/hjkl", "cursor"),
    ("Enter", "answer, then the next puzzle"),
    ("q", "end the run"),
    ("?", "rules/keys"),
    ("type", TYPE),
    (
        "mouse",
        "click a move to choose it, again to answer with it",
    ),
    ("Ctrl-C", "quit at once"),
];

pub const ANALYSIS: &[KeyHelp] = &[
    ("arrows/hjkl", "cursor"),
    ("Enter", "play for the side to move"),
    ("u", "back"),
    ("r", "forward"),
    ("p", "play from here"),
    ("x", "edit the position"),
    ("q", "menu"),
    ("?", "rules/keys"),
    ("type", TYPE),
    ("Home/End", "the line's start / end"),
    ("mouse", "click a move to choose it, again to play it"),
    (
        "Ctrl+letter",
        "the command where letters are moves (^u: word game)",
    ),
    ("Ctrl-C", "quit at once"),
];

/// The analysis board's commands as its status line names them.
pub const ANALYSIS_STATUS: &[KeyHelp] = &[
    ("u", "back"),
    ("r", "forward"),
    ("p", "play from here"),
    ("x", "edit"),
    ("q", "menu"),
];

/// What typing does; a game names an example of its own notation.
const TYPE: &str = "a move in notation, then Enter";

pub const GAME: &[KeyHelp] = &[
    ("arrows/hjkl", "cursor"),
    ("Enter", "play"),
    ("t", "tip"),
    ("u", "undo"),
    ("v", "values"),
    ("q", "menu"),
    ("?", "rules/keys"),
    ("type", TYPE),
    (
        "Backspace/Esc",
        "edit / clear what you typed (Esc never leaves a game)",
    ),
    ("n", "new game (asks first)"),
    ("s", "swap sides: a new game (asks first)"),
    ("r", "resign: the game counts as a loss"),
    ("e", "review a finished game, every move judged exactly"),
    (
        "y",
        "yes, to leave a game in progress (it counts as a loss)",
    ),
    ("mouse", "click a move to choose it, again to play it"),
    ("Space", "while the computer thinks: it moves now"),
    (
        "Ctrl+letter",
        "the command where letters are moves (^t: word game)",
    ),
    ("Ctrl-C", "quit at once"),
];

/// A finished game's keys: no move, tip or undo is left to take (a
/// counted game is not taken back), so the footer offers what is.
pub const OVER: &[KeyHelp] = &[
    ("e", "review"),
    ("n", "new game"),
    ("s", "swap sides"),
    ("q", "menu"),
    ("?", "the idea, rules/keys"),
    ("Ctrl-C", "quit at once"),
];

/// A list of keys as a game shows it: where a command's letter starts a
/// move (`claims`), Ctrl and the letter is the command (`^t`), and hjkl
/// type letters rather than move the cursor.
pub fn as_shown(
    list: &[KeyHelp],
    claims: impl Fn(char) -> bool,
) -> Vec<(String, Cow<'static, str>)> {
    list.iter()
        .map(|&(key, what)| {
            let mut chars = key.chars();
            let what = Cow::Borrowed(what);
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_lowercase() && claims(c) => (format!("^{c}"), what),
                _ if key.ends_with("/hjkl") && claims('h') => {
                    (key.trim_end_matches("/hjkl").to_string(), what)
                }
                _ => (key.to_string(), what),
            }
        })
        .collect()
}

/// The keys of a game as shown (see `as_shown`); where the cursor only
/// picks a column (a gravity board), the cursor keys are ← and →.
/// `examples` are moves of the game in its own notation, for typing.
pub fn game(
    claims: impl Fn(char) -> bool,
    columns_only: bool,
    examples: &[String],
) -> Vec<(String, Cow<'static, str>)> {
    game_keys(GAME, claims, columns_only, examples)
}

/// The analysis board's keys, as [`game`] shows a game's.
pub fn analysis(
    claims: impl Fn(char) -> bool,
    columns_only: bool,
    examples: &[String],
) -> Vec<(String, Cow<'static, str>)> {
    game_keys(ANALYSIS, claims, columns_only, examples)
}

/// A puzzle's keys, as [`game`] shows a game's.
pub fn puzzle(
    claims: impl Fn(char) -> bool,
    columns_only: bool,
    examples: &[String],
) -> Vec<(String, Cow<'static, str>)> {
    game_keys(PUZZLE, claims, columns_only, examples)
}

fn game_keys(
    keys: &[KeyHelp],
    claims: impl Fn(char) -> bool,
    columns_only: bool,
    examples: &[String],
) -> Vec<(String, Cow<'static, str>)> {
    let mut list = as_shown(keys, &claims);
    if columns_only && let Some(entry) = list.iter_mut().find(|(_, what)| *what == "cursor") {
        let key = if claims('h') { "←→" } else { "←→/hl" };
        *entry = (key.to_string(), Cow::Borrowed("column"));
    }
    if !examples.is_empty()
        && let Some(entry) = list.iter_mut().find(|(_, what)| *what == TYPE)
    {
        entry.1 = Cow::Owned(format!("{TYPE} (e.g. {})", examples.join(", ")));
    }
    list
}

/// How many of each list the footer shows.
pub const IN_FOOTER: usize = 7;
