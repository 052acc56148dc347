//! The results tally, kept between runs: won, lost and drawn games per
//! ruleset and level, in a JSON file written atomically. A file that cannot
//! be read is set aside with a message, never a crash.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::fsutil::{folder_of, lock_beside, read_limited, write_atomically};
use crate::rules::Renames;
use crate::text::visible;

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
    crate::paths::data_dir().map(|d| d.join("tally.json"))
}

/// The largest tally file read: far more than any person's record needs.
const MAX_BYTES: u64 = 4 * 1024 * 1024;

impl Tally {
    /// Reads the tally; a missing file is an empty tally, and a broken one
    /// is renamed aside (`tally.json.broken`) with a message saying so.
    #[must_use]
    pub fn load(path: &Path) -> (Self, Option<String>) {
        let bytes = match read_limited(path, MAX_BYTES, "the tally") {
            Ok(b) => b,
            Err(e) if e.is_missing() => return (Self::default(), None),
            Err(e) => {
                return (
                    Self::default(),
                    Some(format!("could not read the tally {e}")),
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
                        visible(&aside.display().to_string())
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
        // The data folder is the program's own: made when missing.
        std::fs::create_dir_all(folder_of(path))?;
        write_atomically(path, text.as_bytes())
    }

    /// Counts one game in the file at `path`, as [`Tally::record`] does in
    /// memory. Another instance of the program may have counted games in
    /// the file since it was read, so under a lock the file is read again,
    /// the game added and the whole written back: no game is ever lost.
    /// Gives the tally as the file now holds it, and a note of anything
    /// that went wrong (the game is then counted in the returned tally
    /// only).
    #[must_use]
    pub fn count_in_file(
        path: &Path,
        ruleset: &str,
        level: &str,
        assisted: bool,
        result: Finish,
    ) -> (Self, Option<String>) {
        // Without the lock the game is counted in memory only: a save then
        // could race another instance's and lose its games.
        let lock = lock_beside(path);
        let (mut tally, mut note) = Self::load(path);
        tally.record(ruleset, level, assisted, result);
        let saved = match &lock {
            Ok(_) => tally.save(path),
            Err(e) => Err(std::io::Error::new(e.kind(), e.to_string())),
        };
        if let Err(e) = saved {
            note = Some(format!(
                "could not save the tally to {}: {e}",
                visible(&path.display().to_string())
            ));
        }
        drop(lock);
        (tally, note)
    }

    /// Moves the games counted under a former identity to the identity
    /// now (`renames`), in the file at `path`: under the lock, read again
    /// and written back, only where there is something to move. A file
    /// that does not read is left to [`Tally::load`] to set aside.
    ///
    /// # Errors
    /// A sentence when the file could not be written (it is then as it was).
    pub fn take_over_in_file(path: &Path, renames: &Renames) -> Result<(), String> {
        let read = || {
            read_limited(path, MAX_BYTES, "the tally")
                .ok()
                .and_then(|bytes| serde_json::from_slice::<Self>(&bytes).ok())
        };
        if renames.is_empty()
            || !read().is_some_and(|t| renames.any(t.games.keys().map(String::as_str)))
        {
            return Ok(());
        }
        let shown = visible(&path.display().to_string()).into_owned();
        let lock = lock_beside(path).map_err(|e| format!("could not lock {shown}: {e}"))?;
        let saved = read().map_or(Ok(()), |mut tally| {
            if tally.take_over(renames) {
                tally
                    .save(path)
                    .map_err(|e| format!("could not save the tally to {shown}: {e}"))
            } else {
                Ok(())
            }
        });
        drop(lock);
        saved
    }

    /// Moves the games counted under a former identity to the identity
    /// now, added to any counted there; says whether any moved.
    pub fn take_over(&mut self, renames: &Renames) -> bool {
        let former: Vec<String> = self
            .games
            .keys()
            .filter(|k| renames.get(k).is_some())
            .cloned()
            .collect();
        for key in &former {
            let (Some(levels), Some(to)) = (self.games.remove(key), renames.get(key)) else {
                continue;
            };
            let into = self.games.entry(to.to_string()).or_default();
            for (level, r) in levels {
                let sum = into.entry(level).or_default();
                sum.won = sum.won.saturating_add(r.won);
                sum.lost = sum.lost.saturating_add(r.lost);
                sum.drawn = sum.drawn.saturating_add(r.drawn);
            }
        }
        !former.is_empty()
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
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("data/tally.json");
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
        assert!(dir.path().join("data/tally.json.broken").exists());
    }

    #[test]
    fn two_instances_lose_no_game() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tally.json");
        // Both load the same (empty) tally, then each counts a game.
        let (first, _) = Tally::load(&path);
        let (second, _) = Tally::load(&path);
        assert_eq!(first, second);
        let (after_one, note) = Tally::count_in_file(&path, "x", "perfect", false, Finish::Lost);
        assert_eq!(note, None);
        assert_eq!(after_one.total("x").lost, 1);
        let (after_two, _) = Tally::count_in_file(&path, "x", "perfect", false, Finish::Lost);
        assert_eq!(after_two.total("x").lost, 2);
        assert_eq!(Tally::load(&path).0.total("x").lost, 2);
    }

    #[test]
    fn games_counted_from_many_threads_all_arrive() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tally.json");
        std::thread::scope(|s| {
            for _ in 0..8 {
                s.spawn(|| {
                    for _ in 0..5 {
                        let _ = Tally::count_in_file(&path, "x", "easy", false, Finish::Won);
                    }
                });
            }
        });
        assert_eq!(Tally::load(&path).0.total("x").won, 40);
    }

    #[cfg(unix)]
    #[test]
    fn a_tally_that_is_a_device_is_refused_unread() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tally.json");
        std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
        let (tally, note) = Tally::load(&path);
        assert_eq!(tally, Tally::default());
        assert!(note.unwrap().contains("not a regular file"));
    }
}
