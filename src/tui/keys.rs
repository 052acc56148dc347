//! Every key, once: the footer shows the first few of each list and the
//! help overlay shows them all, so the two never disagree.

pub type KeyHelp = (&'static str, &'static str);

pub const MENU: &[KeyHelp] = &[
    ("↑↓/jk", "choose"),
    ("Enter", "play"),
    ("?", "rules/keys"),
    ("q", "quit"),
    ("mouse", "click a game to choose it, again to play"),
];

pub const SETUP: &[KeyHelp] = &[
    ("←→/f s", "you play first or second"),
    ("↑↓", "practice level"),
    ("Enter", "start"),
    ("q/Esc", "back"),
    ("?", "rules/keys"),
];

pub const GAME: &[KeyHelp] = &[
    ("arrows/hjkl", "cursor"),
    ("Enter", "play"),
    ("t", "tip"),
    ("u", "undo"),
    ("v", "values"),
    ("q", "menu"),
    ("?", "rules/keys"),
    ("type", "a move in notation, then Enter (3, 2:3, 50, b2)"),
    (
        "Backspace/Esc",
        "edit / clear what you typed (Esc never leaves a game)",
    ),
    ("n", "new game (asks first)"),
    ("s", "swap sides: a new game (asks first)"),
    ("r", "resign: the game counts as a loss"),
    (
        "y",
        "yes, to leave a game in progress (it counts as a loss)",
    ),
    ("mouse", "click a move to choose it, again to play it"),
    ("Ctrl-C", "quit at once"),
];

/// How many of each list the footer shows.
pub const IN_FOOTER: usize = 7;
