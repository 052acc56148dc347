//! Play past the proof, on boards of any size up to 20×20: threat-space
//! search (wins by continuous fours and by threats with every reply
//! tried: depth first, then deeper by proof numbers), then
//! iterative-deepening alpha-beta over window counts. Read through
//! [`Threats`] and [`strength`]; `baseline` is the plain evaluation the
//! examples measure it against.

pub mod baseline;
pub mod kept_wins;
pub mod lines;
pub mod opening;
pub mod pattern;
pub mod proof_numbers;
pub mod same_game;
pub mod search;
pub mod strength;
pub mod threats;
pub mod vcf;
pub mod vct;

pub use threats::Threats;
