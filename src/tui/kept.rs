//! "Your games": the finished games kept beside the tally, newest first,
//! each opened into its review (docs/design.md §5).

use std::path::Path;

use crate::history::{self, GameRecord};

/// The list of kept games and the one chosen.
pub struct KeptGames {
    /// Newest first.
    pub games: Vec<GameRecord>,
    pub selected: usize,
    /// What went wrong reading the file or opening a game.
    pub note: Option<String>,
}

impl KeptGames {
    /// The games kept in `path` (none where it is missing).
    #[must_use]
    pub fn load(path: Option<&Path>) -> Self {
        let (mut games, note) = path.map_or_else(|| (Vec::new(), None), history::load);
        games.reverse();
        Self {
            games,
            selected: 0,
            note,
        }
    }

    #[must_use]
    pub fn chosen(&self) -> Option<&GameRecord> {
        self.games.get(self.selected)
    }

    /// Moves the choice by `by` rows, within the list.
    pub fn step(&mut self, by: isize) {
        let last = self.games.len().saturating_sub(1);
        self.selected = self.selected.saturating_add_signed(by).min(last);
    }

    pub fn first(&mut self) {
        self.selected = 0;
    }

    pub fn last(&mut self) {
        self.selected = self.games.len().saturating_sub(1);
    }

    /// The first row shown when `rows` fit: the chosen one stays in sight.
    #[must_use]
    pub fn top(&self, rows: usize) -> usize {
        self.selected.saturating_sub(rows.saturating_sub(1))
    }
}

/// One game as its row reads: date, ruleset, side, level, result, length.
#[must_use]
pub fn row(game: &GameRecord, name: &str) -> String {
    let moves = game.moves.split_whitespace().count();
    format!(
        "{}  {name} · you {} · {} · {} · {}",
        game.date,
        game.human,
        game.level,
        game.result,
        crate::text::counted(moves, "move")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_counts_its_moves_in_the_singular_and_plural() {
        let game = GameRecord::now(
            "21-flags",
            "21 Flags #0",
            "first",
            "perfect",
            "3",
            "you resigned",
        );
        assert!(
            row(&game, "21 Flags").ends_with("· 1 move"),
            "{}",
            row(&game, "21 Flags")
        );
        let two = GameRecord {
            moves: "3 1".into(),
            ..game
        };
        assert!(row(&two, "21 Flags").ends_with("· 2 moves"));
    }
}
