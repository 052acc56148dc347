//! All integration tests in one crate, so they link once.

mod cli;
mod fixtures;
mod flags;
mod nim;
mod support;
