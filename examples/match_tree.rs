//! The games of `gomocup_match` logs (run with `MATCH_MOVES` set), laid
//! in one frame, opening by opening: each game turned and shifted so
//! that X's first stone stands on h8, O's first on the image the frame
//! names (h9 for a stone beside X's along a line, i9 diagonally, i10 a
//! knight's move off: the greatest row, then column, of its eight
//! images), and X's third on the first of what is left (the least row,
//! then column). Then, for each frame of the first three stones, O's
//! replies, each with the games won as X of those played and X's next
//! stones after it — where the games of a kind of opening part, as the
//! tables of docs/mnk.md ("A book of shapes", "The diagonal openings by
//! Rapfi's eye") were made.
//! Run: `cargo run --release --example match_tree -- LOG...` (the games
//! as X: a log's games as O, `moves N won as O: …`, are left out; a log
//! from before the side was named holds the games as X alone).

use std::collections::BTreeMap;
use std::path::Path;

use unbeatable::fsutil::read_limited;
use unbeatable::gomocup::xy_of;
use unbeatable::text::visible;

/// The largest log read: a match of thousands of games is a few MB.
const MAX_LOG: u64 = 64 << 20;

/// The widest board the runner plays (its columns are letters): a row
/// past it names no cell of a game.
const MAX_SIDE: usize = 26;

/// A stone's place from X's first stone, in the frame.
type Offset = (i64, i64);

/// The eight turns and mirrors of the board, as maps of an offset.
const SYMMETRIES: [fn(Offset) -> Offset; 8] = [
    |(x, y)| (x, y),
    |(x, y)| (-x, y),
    |(x, y)| (x, -y),
    |(x, y)| (-x, -y),
    |(x, y)| (y, x),
    |(x, y)| (-y, x),
    |(x, y)| (y, -x),
    |(x, y)| (-y, -x),
];

/// One game of a log: X's result and the stones from the first.
#[derive(Debug, PartialEq)]
struct Game {
    won: bool,
    stones: Vec<Offset>,
}

/// The games as X of a log's `moves N won|drawn|lost [as X]: …` lines,
/// their stones as offsets from X's first; lines of any other shape, and
/// the games as O, are passed over.
fn games_of(log: &str) -> Vec<Game> {
    log.lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("moves ")?;
            let (head, moves) = rest.split_once(':')?;
            let mut head = head.split_whitespace().skip(1);
            let result = head.next()?;
            if head.nth(1).is_some_and(|side| side != "X") {
                return None;
            }
            let cells: Option<Vec<(usize, usize)>> = moves
                .split_whitespace()
                .map(|m| xy_of(m).filter(|&(_, y)| y < MAX_SIDE))
                .collect();
            let cells = cells?;
            let &(x0, y0) = cells.first()?;
            let stones = cells
                .iter()
                .map(|&(x, y)| (x as i64 - x0 as i64, y as i64 - y0 as i64))
                .collect();
            Some(Game {
                won: result == "won",
                stones,
            })
        })
        .collect()
}

/// The game's stones in the frame: of the eight images, those with O's
/// first stone at its greatest (row, then column), and of them the one
/// with X's third stone at its least.
fn in_frame(stones: &[Offset]) -> Vec<Offset> {
    let key = |f: &fn(Offset) -> Offset| {
        let (ox, oy) = stones.get(1).map_or((0, 0), |&s| f(s));
        let (tx, ty) = stones.get(2).map_or((0, 0), |&s| f(s));
        (-oy, -ox, ty, tx)
    };
    let Some(best) = SYMMETRIES.iter().min_by_key(|f| key(f)) else {
        return stones.to_vec();
    };
    stones.iter().map(|&s| best(s)).collect()
}

/// An offset's cell name with X's first stone on h8 (`(0, 1)` is h9), or
/// the offset itself where no letter names its column.
fn name((x, y): Offset) -> String {
    let (column, row) = (x + 7, y + 8);
    if (0..26).contains(&column) && row >= 1 {
        format!("{}{row}", char::from(b'a' + column as u8))
    } else {
        format!("({x},{y})")
    }
}

/// Games won and played.
#[derive(Default)]
struct Tally {
    won: usize,
    played: usize,
}

impl Tally {
    fn add(&mut self, won: bool) {
        self.won += usize::from(won);
        self.played += 1;
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} of {}", self.won, self.played)
    }
}

/// A map's entries, the most played first (the map's order among equals).
fn most_played_first<K, V>(map: BTreeMap<K, V>, tally: impl Fn(&V) -> &Tally) -> Vec<(K, V)> {
    let mut entries: Vec<_> = map.into_iter().collect();
    entries.sort_by_key(|(_, v)| std::cmp::Reverse(tally(v).played));
    entries
}

/// For one frame: its games, and for each O reply its games and X's next
/// stones' games.
#[derive(Default)]
struct Frame {
    all: Tally,
    replies: BTreeMap<Offset, (Tally, BTreeMap<Offset, Tally>)>,
}

/// The report: each frame, most games first, its replies and X's next
/// stones the same way.
fn report(games: &[Game]) -> String {
    let mut frames: BTreeMap<Vec<Offset>, Frame> = BTreeMap::new();
    for game in games {
        let stones = in_frame(&game.stones);
        let Some(opening) = stones.get(..3) else {
            continue;
        };
        let frame = frames.entry(opening.to_vec()).or_default();
        frame.all.add(game.won);
        if let Some(&reply) = stones.get(3) {
            let (tally, next) = frame.replies.entry(reply).or_default();
            tally.add(game.won);
            if let Some(&fifth) = stones.get(4) {
                next.entry(fifth).or_default().add(game.won);
            }
        }
    }
    let mut out = String::new();
    for (opening, frame) in most_played_first(frames, |f| &f.all) {
        let named: Vec<String> = opening.iter().map(|&s| name(s)).collect();
        out += &format!("{}: won {}\n", named.join(" "), frame.all);
        for (reply, (tally, next)) in most_played_first(frame.replies, |(t, _)| t) {
            let next: Vec<String> = most_played_first(next, |t| t)
                .iter()
                .map(|(s, t)| format!("{} {t}", name(*s)))
                .collect();
            let then = if next.is_empty() {
                String::new()
            } else {
                format!("; X then {}", next.join(", "))
            };
            out += &format!("  O {}: won {tally}{then}\n", name(reply));
        }
    }
    out
}

fn main() {
    let logs: Vec<String> = std::env::args().skip(1).collect();
    if logs.is_empty() {
        eprintln!("usage: match_tree LOG...");
        std::process::exit(2);
    }
    let mut games = Vec::new();
    for log in &logs {
        match read_limited(Path::new(log), MAX_LOG, "a match log") {
            Ok(bytes) => games.extend(games_of(&String::from_utf8_lossy(&bytes))),
            Err(e) => {
                eprintln!("{}", visible(&e.to_string()));
                std::process::exit(1);
            }
        }
    }
    // Cell names and numbers only, but made visible all the same: a log
    // is a file like any other.
    for line in report(&games).lines() {
        println!("{}", visible(line));
    }
}

#[cfg(test)]
mod tests {
    use super::{games_of, in_frame, name, report};

    fn named(stones: &[(i64, i64)]) -> Vec<String> {
        in_frame(stones).into_iter().map(name).collect()
    }

    #[test]
    fn each_kind_of_opening_falls_on_the_frame_of_the_docs() {
        // O beside X along a line, X's third beside O's: h8 h9 g9.
        for (o, third) in [((0, -1), (1, -1)), ((1, 0), (1, 1)), ((-1, 0), (-1, -1))] {
            assert_eq!(named(&[(0, 0), o, third]), ["h8", "h9", "g9"]);
        }
        // O diagonal to X, X's third beside X's away from O's: h8 i9 h7.
        for (o, third) in [((1, -1), (0, 1)), ((-1, 1), (1, 0)), ((-1, -1), (0, 1))] {
            assert_eq!(named(&[(0, 0), o, third]), ["h8", "i9", "h7"]);
        }
        // A knight's move off, the third along the long side: h8 i10 h7.
        assert_eq!(named(&[(0, 0), (-2, 1), (1, 0)]), ["h8", "i10", "h7"]);
    }

    #[test]
    fn a_log_s_games_are_tallied_by_frame_reply_and_next_stone() {
        // The same diagonal opening twice, turned, a line opening, and a
        // game as O, left out.
        let log = "opening 1 as X (first): won in 9 plies\n\
                   moves 1 won as X: j7 k8 j6 j5 i7\n\
                   moves 2 lost as X: c3 b2 c4 c5 d3\n\
                   moves 3 won: h8 h9 g9 g10 i8\n\
                   moves 3 lost as O: h8 h9 g9 g10 i8\n\
                   as X: 3 games, won 2 drawn 0 lost 1\n";
        let games = games_of(log);
        assert_eq!(games.len(), 3);
        assert_eq!(
            report(&games),
            "h8 i9 h7: won 1 of 2\n  O h6: won 1 of 2; X then g8 1 of 2\n\
             h8 h9 g9: won 1 of 1\n  O g10: won 1 of 1; X then i8 1 of 1\n"
        );
    }

    #[test]
    fn a_reply_with_no_stone_after_it_names_none() {
        let games = games_of("moves 1 won as X: h8 h9 g9 g10\n");
        assert_eq!(
            report(&games),
            "h8 h9 g9: won 1 of 1\n  O g10: won 1 of 1\n"
        );
    }

    #[test]
    fn a_line_that_names_no_cell_is_passed_over() {
        assert!(games_of("moves 1 won: h8 zz\nmoves 2 won:\nmoves 3 won: h8 h99\n").is_empty());
    }
}
