//! The built-in rulesets: the files in `rulesets/`, compiled into the binary.

/// `(name, text)`: the name is the file stem.
pub const BUILTIN: &[(&str, &str)] = &[
    ("21-flags", include_str!("../../rulesets/21-flags.toml")),
    (
        "stones-1-3-4",
        include_str!("../../rulesets/stones-1-3-4.toml"),
    ),
    ("flags-2-7", include_str!("../../rulesets/flags-2-7.toml")),
    (
        "flags-2-5-7",
        include_str!("../../rulesets/flags-2-5-7.toml"),
    ),
    ("flags-2-4", include_str!("../../rulesets/flags-2-4.toml")),
    ("nim-3-4-5", include_str!("../../rulesets/nim-3-4-5.toml")),
    ("nim-1-4-5", include_str!("../../rulesets/nim-1-4-5.toml")),
    ("misere-nim", include_str!("../../rulesets/misere-nim.toml")),
    (
        "nim-take-1-3",
        include_str!("../../rulesets/nim-take-1-3.toml"),
    ),
    ("nim-pass", include_str!("../../rulesets/nim-pass.toml")),
    (
        "multiples-divisors-100",
        include_str!("../../rulesets/multiples-divisors-100.toml"),
    ),
    (
        "multiples-divisors-99",
        include_str!("../../rulesets/multiples-divisors-99.toml"),
    ),
    (
        "juniper-green",
        include_str!("../../rulesets/juniper-green.toml"),
    ),
    (
        "juniper-green-40",
        include_str!("../../rulesets/juniper-green-40.toml"),
    ),
    (
        "tic-tac-toe",
        include_str!("../../rulesets/tic-tac-toe.toml"),
    ),
    (
        "four-by-four-three",
        include_str!("../../rulesets/four-by-four-three.toml"),
    ),
    (
        "four-by-four",
        include_str!("../../rulesets/four-by-four.toml"),
    ),
    (
        "five-by-four",
        include_str!("../../rulesets/five-by-four.toml"),
    ),
    (
        "five-by-five",
        include_str!("../../rulesets/five-by-five.toml"),
    ),
];
