//! The built-in rulesets: every file in `rulesets/`, compiled into the
//! binary by `build.rs`.

/// `(name, text)`: the name is the file stem, in name order.
pub const BUILTIN: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/builtin.rs"));
