//! All integration tests in one crate, so they link once.

mod arrays;
mod cli;
mod coins;
mod divisors;
mod edits;
mod fixtures;
mod flags;
mod gomocup;
mod graph;
mod gravity;
mod honesty;
mod hostile;
mod identity;
mod layout;
mod mnk;
mod nim;
mod puzzles;
mod review;
mod sum;
mod support;
mod tmux;
mod toy_family;
mod tui;
mod turns;
mod words;
