//! Every finished game, kept for its review: `<data>/games.jsonl`, one
//! JSON object a line (ruleset name and identity, sides, level, moves,
//! result, date). A game is added under the same lock as the tally, the
//! file read again and written back whole and atomically, and only the
//! newest [`MAX_GAMES`] are kept, so the file stays small.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::fsutil::{lock_beside, read_limited, write_atomically};
use crate::rules::Renames;
use crate::text::{counted, visible};

/// The newest games kept; older ones are dropped as new ones come.
pub const MAX_GAMES: usize = 1000;

/// The largest file read: 1000 games of a few hundred moves each.
const MAX_BYTES: u64 = 8 * 1024 * 1024;

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The ruleset's name as it reads it (`unbeatable play NAME`).
    pub ruleset: String,
    /// The ruleset's name and the fingerprint of its rules (as the tally
    /// keys it): a review replays the moves only on the same rules.
    pub identity: String,
    /// The person's side: "first" or "second".
    pub human: String,
    pub level: String,
    /// The moves, as `--moves` takes them.
    pub moves: String,
    /// "you win", "computer wins", "draw", or "you resigned".
    pub result: String,
    /// When it ended: seconds since 1970, and the day (UTC) in words.
    pub at: u64,
    pub date: String,
}

impl GameRecord {
    /// The ruleset's name as the record kept it, from its identity ("King's
    /// walk 5×5 #376d5814"); its id or path where the identity has none.
    #[must_use]
    pub fn kept_name(&self) -> &str {
        match self.identity.rsplit_once(" #") {
            Some((name, _)) if !name.trim().is_empty() => name,
            _ => &self.ruleset,
        }
    }

    /// A record dated now.
    #[must_use]
    pub fn now(
        ruleset: &str,
        identity: &str,
        human: &str,
        level: &str,
        moves: &str,
        result: &str,
    ) -> Self {
        let at = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Self {
            ruleset: ruleset.to_string(),
            identity: identity.to_string(),
            human: human.to_string(),
            level: level.to_string(),
            moves: moves.to_string(),
            result: result.to_string(),
            at,
            date: day(at),
        }
    }
}

/// Where the games live: `<data>/unbeatable/games.jsonl`.
#[must_use]
pub fn default_path() -> Option<PathBuf> {
    crate::paths::data_dir().map(|d| d.join("games.jsonl"))
}

/// The games in the file, oldest first; a missing file is none, and a
/// line that does not read is skipped (counted in the note).
#[must_use]
pub fn load(path: &Path) -> (Vec<GameRecord>, Option<String>) {
    let bytes = match read_limited(path, MAX_BYTES, "the kept games") {
        Ok(b) => b,
        Err(e) if e.is_missing() => return (Vec::new(), None),
        Err(e) => return (Vec::new(), Some(format!("could not read {e}"))),
    };
    let text = String::from_utf8_lossy(&bytes);
    let mut games = Vec::new();
    let mut broken = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        match serde_json::from_str(line) {
            Ok(g) => games.push(g),
            Err(_) => broken += 1,
        }
    }
    let note = (broken > 0).then(|| {
        format!(
            "{} of {} could not be read and {} skipped",
            counted(broken, "line"),
            visible(&path.display().to_string()),
            if broken == 1 { "was" } else { "were" }
        )
    });
    (games, note)
}

/// Adds `game` to the file at `path`, keeping the newest [`MAX_GAMES`].
/// Another instance may have added games since: under the lock the file
/// is read again and written back whole.
///
/// # Errors
/// A sentence when the game could not be kept.
pub fn append(path: &Path, game: &GameRecord) -> Result<(), String> {
    rewrite(path, |games| games.push(game.clone()))
        .map_err(|(shown, e)| format!("could not keep the game in {shown}: {e}"))
}

/// Renames the games kept under a former identity to the identity now
/// (`renames`), in the file at `path`, where there is any to rename.
///
/// # Errors
/// A sentence when the file could not be written (it is then as it was).
pub fn take_over(path: &Path, renames: &Renames) -> Result<(), String> {
    if renames.is_empty() || !renames.any(load(path).0.iter().map(|g| g.identity.as_str())) {
        return Ok(());
    }
    rewrite(path, |games| {
        for g in games {
            renames.apply(&mut g.identity);
        }
    })
    .map_err(|(shown, e)| format!("could not rename the games kept in {shown}: {e}"))
}

/// Changes the games in the file at `path` with `change` under the lock
/// (read again, changed, the newest [`MAX_GAMES`] written back whole);
/// an error comes with the path as shown.
fn rewrite(path: &Path, change: impl FnOnce(&mut Vec<GameRecord>)) -> Result<(), (String, String)> {
    let shown = visible(&path.display().to_string()).into_owned();
    let lock = match lock_beside(path) {
        Ok(lock) => lock,
        Err(e) => return Err((shown, format!("could not lock it: {e}"))),
    };
    let (mut games, _) = load(path);
    change(&mut games);
    let from = games.len().saturating_sub(MAX_GAMES);
    let mut text = String::new();
    for g in &games[from..] {
        let line = serde_json::to_string(g).map_err(|e| (shown.clone(), e.to_string()))?;
        text.push_str(&line);
        text.push('\n');
    }
    let written = write_atomically(path, text.as_bytes()).map_err(|e| (shown, e.to_string()));
    drop(lock);
    written
}

/// The newest game of a ruleset (by its name as typed, or any with
/// `None`).
#[must_use]
pub fn last<'a>(games: &'a [GameRecord], ruleset: Option<&str>) -> Option<&'a GameRecord> {
    games
        .iter()
        .rev()
        .find(|g| ruleset.is_none_or(|r| g.ruleset == r))
}

/// The day of `secs` since 1970 (UTC), as `2026-11-26`: the civil date
/// from the day count (the proleptic Gregorian calendar).
#[must_use]
pub fn day(secs: u64) -> String {
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    // Days from 0000-03-01, in eras of 400 years (146 097 days).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_s_kept_name_is_its_identity_s_name() {
        let kept = |ruleset: &str, identity: &str| {
            let g = GameRecord::now(ruleset, identity, "first", "perfect", "", "draw");
            g.kept_name().to_string()
        };
        assert_eq!(
            kept("kings-walk", "King's walk 5×5 #376d5814"),
            "King's walk 5×5"
        );
        assert_eq!(kept("a #b.toml", "A #b #0000ffff"), "A #b");
        // A record written by hand, without a fingerprint: its id.
        assert_eq!(kept("kings-walk", "King's walk"), "kings-walk");
        assert_eq!(kept("kings-walk", " #376d5814"), "kings-walk");
    }

    #[test]
    fn days_are_civil_dates() {
        assert_eq!(day(0), "1970-01-01");
        assert_eq!(day(951_782_400), "2000-02-29");
        assert_eq!(day(1_795_651_200), "2026-11-26");
    }

    #[test]
    fn games_are_kept_newest_last_and_bounded() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("games.jsonl");
        for i in 0..MAX_GAMES + 5 {
            let g = GameRecord::now("t", "t #0", "first", "perfect", &i.to_string(), "draw");
            // Written directly for speed past the first few.
            if !(3..MAX_GAMES).contains(&i) {
                append(&path, &g).expect("kept");
            } else {
                let (mut games, _) = load(&path);
                games.push(g);
                let text: String = games
                    .iter()
                    .map(|g| serde_json::to_string(g).expect("json") + "\n")
                    .collect();
                std::fs::write(&path, text).expect("written");
            }
        }
        let (games, note) = load(&path);
        assert_eq!(note, None);
        assert_eq!(games.len(), MAX_GAMES);
        assert_eq!(
            last(&games, Some("t")).map(|g| g.moves.as_str()),
            Some("1004")
        );
        assert_eq!(last(&games, Some("other")), None);
        // A broken line is skipped and said.
        std::fs::write(&path, "{not json}\n").expect("written");
        let (games, note) = load(&path);
        assert!(games.is_empty() && note.is_some());
    }
}
