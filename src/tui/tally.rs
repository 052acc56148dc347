//! The results tally, kept between runs: won, lost and drawn games per
//! ruleset and level, in a JSON file written atomically. A file that cannot
//! be read is set aside with a message, never a crash.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::fsutil::write_atomically;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
}

/// `ruleset → level → record`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub games: BTreeMap<String, BTreeMap<String, Record>>,
}

/// Marks a level's games that were helped: `perfect (assisted)`.
const ASSISTED: &str = " (assisted)";

/// How a game ended, for the person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    Won,
    Lost,
    Drawn,
}

/// Where the tally lives: `<data>/unbeatable/tally.json`.
#[must_use]
pub fn default_path() -> Option<PathBuf> {
    std::env::var_os("UNBEATABLE_DATA_DIR")
        .map(PathBuf::from)
        .or_else(|| dirs::data_dir().map(|d| d.join("unbeatable")))
        .map(|d| d.join("tally.json"))
}

impl Tally {
    /// Reads the tally; a missing file is an empty tally, and a broken one
    /// is renamed aside (`tally.json.broken`) with a message saying so.
    #[must_use]
    pub fn load(path: &Path) -> (Self, Option<String>) {
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Self::default(), None),
            Err(e) => {
                return (
                    Self::default(),
                    Some(format!("could not read the tally {}: {e}", path.display())),
                );
            }
        };
        match serde_json::from_slice(&bytes) {
            Ok(t) => (t, None),
            Err(e) => {
                let aside = path.with_extension("json.broken");
                let moved = std::fs::rename(path, &aside).is_ok();
                let note = if moved {
                    format!(
                        "the tally file was broken ({e}); it was set aside as {} and a new one started",
                        aside.display()
                    )
                } else {
                    format!("the tally file was broken ({e}); a new one will replace it")
                };
                (Self::default(), Some(note))
            }
        }
    }

    /// Writes the tally atomically.
    ///
    /// # Errors
    /// Any error writing; the old file is then unchanged.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        write_atomically(path, text.as_bytes())
    }

    /// Counts a game of `ruleset` (its identity) at `level`; games where a
    /// tip, an undo or the values helped are kept apart from clean ones.
    pub fn record(&mut self, ruleset: &str, level: &str, assisted: bool, result: Finish) {
        let level = if assisted {
            format!("{level}{ASSISTED}")
        } else {
            level.to_string()
        };
        let r = self
            .games
            .entry(ruleset.to_string())
            .or_default()
            .entry(level)
            .or_default();
        match result {
            Finish::Won => r.won += 1,
            Finish::Lost => r.lost += 1,
            Finish::Drawn => r.drawn += 1,
        }
    }

    /// The record of one ruleset over every level, clean games only (the
    /// ones no tip, undo or values overlay helped).
    #[must_use]
    pub fn total(&self, ruleset: &str) -> Record {
        self.sum(ruleset, false)
    }

    /// The record of the games of a ruleset that were helped.
    #[must_use]
    pub fn assisted(&self, ruleset: &str) -> Record {
        self.sum(ruleset, true)
    }

    fn sum(&self, ruleset: &str, assisted: bool) -> Record {
        self.games
            .get(ruleset)
            .map_or_else(Record::default, |levels| {
                levels
                    .iter()
                    .filter(|(level, _)| level.ends_with(ASSISTED) == assisted)
                    .map(|(_, r)| r)
                    .fold(Record::default(), |a, r| Record {
                        won: a.won + r.won,
                        lost: a.lost + r.lost,
                        drawn: a.drawn + r.drawn,
                    })
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_sets_broken_files_aside() {
        let dir = std::env::temp_dir().join(format!("unbeatable-tally-{}", std::process::id()));
        let path = dir.join("tally.json");
        let mut t = Tally::default();
        t.record("21-flags", "perfect", false, Finish::Lost);
        t.record("21-flags", "easy", false, Finish::Won);
        t.record("21-flags", "easy", true, Finish::Won);
        t.save(&path).unwrap();
        assert_eq!(Tally::load(&path), (t.clone(), None));
        assert_eq!(
            t.total("21-flags"),
            Record {
                won: 1,
                lost: 1,
                drawn: 0
            }
        );
        assert_eq!(t.assisted("21-flags").won, 1);

        std::fs::write(&path, b"{ not json").unwrap();
        let (fresh, note) = Tally::load(&path);
        assert_eq!(fresh, Tally::default());
        assert!(note.unwrap().contains("set aside"));
        assert!(dir.join("tally.json.broken").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
