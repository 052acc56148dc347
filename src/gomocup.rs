//! The Gomocup protocol: the text protocol gomoku engines and tournament
//! managers speak on standard input and output (`START`, `BEGIN`, `TURN`,
//! `BOARD … DONE`, `INFO`, `RESTART`, `TAKEBACK`, `ABOUT`, `END`). The
//! brain plays freestyle gomoku (five or more in a row) on the m,n,k
//! family's boards through the registry and a session, like any front end.
//! Cells are `x,y` from 0, `x` the column and `y` the row from the top:
//! the family's `a1` is `0,0`.

use std::io::{BufRead, Read, Write};
use std::time::{Duration, Instant};

use anyhow::Result;

use crate::engine::{Estimate, Level, Player, SearchNote, Status};
use crate::rules::{Ruleset, RulesetError};
use crate::session::{AnySession, Setup, wording};
use crate::text::visible;

/// Freestyle gomoku on a `w` × `h` board, as the protocol plays it (and as
/// the match runner reviews its games).
///
/// # Errors
/// A board the m,n,k family does not take.
pub fn ruleset(w: usize, h: usize) -> Result<Ruleset, RulesetError> {
    let text = format!(
        "name = \"Gomocup {w}x{h}\"\ndescription = \"Freestyle gomoku for the Gomocup protocol.\"\nkind = \"mnk\"\n[mnk]\nwidth = {w}\nheight = {h}\nk = 5\n"
    );
    Ruleset::parse("gomocup", &text)
}

/// The protocol's `x,y` of a cell in the family's notation (`h8` is
/// `(7, 7)`: column `a` is 0, row 1 is 0), on any board; `None` for text
/// that names no cell.
#[must_use]
pub fn xy_of(cell: &str) -> Option<(usize, usize)> {
    let mut chars = cell.chars();
    let column = chars.next().filter(char::is_ascii_lowercase)?;
    let row: usize = chars.as_str().parse().ok()?;
    Some((usize::from(column as u8 - b'a'), row.checked_sub(1)?))
}

/// The longest line read: a manager's lines are short, and no line may
/// exhaust memory.
const MAX_LINE: u64 = 4096;
/// The widest board: columns are letters, `a` to `z`.
const MAX_SIDE: usize = 26;
/// Held back from `timeout_turn` for reading, writing and the clock:
/// `timeout_turn / MARGIN_PART` (a twentieth), between these. The search
/// stops within a few milliseconds of its deadline (replies of 951-953
/// ms at 1 s a move); Rapfi, at 1 s, answers in up to 0.98 s.
const MARGIN: (Duration, Duration) = (Duration::from_millis(30), Duration::from_millis(250));
const MARGIN_PART: u32 = 20;
/// A move takes at most `time_left / MATCH_PART` (a twentieth of the
/// match's time left).
const MATCH_PART: u32 = 20;
/// The shortest think a turn gets where it has room for it (the match's
/// clock may cut it shorter).
const LEAST: Duration = Duration::from_millis(50);
/// The shortest think of all: a think of zero would mean "until proven".
const SHORTEST: Duration = Duration::from_millis(1);

/// What `INFO` has said about time (a rule other than freestyle is
/// refused as it comes).
struct Info {
    timeout_turn: Duration,
    time_left: Option<Duration>,
    /// `timeout_match 0`: the match has no time limit, and `time_left`
    /// says nothing (as Rapfi reads it too).
    match_unlimited: bool,
}

impl Info {
    /// The budget of one move: within `timeout_turn` less a margin, and a
    /// share of the match's time left.
    fn think(&self) -> Duration {
        let turn = self.timeout_turn;
        // The floor: where the turn is too short for it, half the turn (a
        // turn of 0 asks for a move as fast as possible).
        let floor = LEAST.min(turn / 2).max(SHORTEST);
        let think = turn
            .saturating_sub((turn / MARGIN_PART).clamp(MARGIN.0, MARGIN.1))
            .max(floor);
        // Past the match's time the game is lost on time: its share caps
        // even the shortest think (50 ms a move with 20 ms left lost it).
        match self.time_left {
            Some(left) if !self.match_unlimited => think.min(left / MATCH_PART).max(SHORTEST),
            _ => think,
        }
    }
}

/// One game as the brain sees it.
struct Brain {
    size: Option<(usize, usize)>,
    /// The moves so far, in the family's notation.
    moves: Vec<String>,
    session: Option<Box<dyn AnySession>>,
    info: Info,
}

/// Reads one line of at most [`MAX_LINE`] bytes; `None` at the end.
fn read_line<R: BufRead>(input: &mut R) -> std::io::Result<Option<String>> {
    let mut bytes = Vec::new();
    let read = Read::take(&mut *input, MAX_LINE).read_until(b'\n', &mut bytes)?;
    if read == 0 {
        return Ok(None);
    }
    if bytes.last() != Some(&b'\n') && read as u64 == MAX_LINE {
        // The rest of an overlong line is dropped.
        let mut rest = Vec::new();
        while Read::take(&mut *input, MAX_LINE).read_until(b'\n', &mut rest)? > 0 {
            if rest.last() == Some(&b'\n') {
                break;
            }
            rest.clear();
        }
    }
    Ok(Some(String::from_utf8_lossy(&bytes).trim().to_string()))
}

/// Speaks the protocol until `END` or the end of the input.
///
/// # Errors
/// Reading the input or writing the output failed.
pub fn run(mut input: impl BufRead, mut output: impl Write) -> Result<()> {
    let mut brain = Brain::new();
    while let Some(line) = read_line(&mut input)? {
        if line.is_empty() {
            continue;
        }
        let (command, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
        let reply = match command.to_ascii_uppercase().as_str() {
            "END" => return Ok(()),
            "BOARD" => brain.board(&mut input)?,
            other => brain.answer(other, rest.trim()),
        };
        if let Some(reply) = reply {
            writeln!(output, "{reply}")?;
            output.flush()?;
        }
    }
    Ok(())
}

impl Brain {
    /// A brain before `START`: 5 s a move until `INFO` says otherwise.
    fn new() -> Self {
        Self {
            size: None,
            moves: Vec::new(),
            session: None,
            info: Info {
                timeout_turn: Duration::from_secs(5),
                time_left: None,
                match_unlimited: false,
            },
        }
    }

    /// The reply to one command (but `BOARD`, which reads more lines).
    fn answer(&mut self, command: &str, rest: &str) -> Option<String> {
        match command {
            "START" => Some(match rest.parse::<usize>() {
                Ok(n) => self.start(n, n),
                Err(_) => format!(
                    "ERROR START takes the board's size, not '{}'",
                    visible(rest)
                ),
            }),
            "RECTSTART" => Some(match pair(rest) {
                Some((w, h)) => self.start(w, h),
                None => format!(
                    "ERROR RECTSTART takes width,height, not '{}'",
                    visible(rest)
                ),
            }),
            "RESTART" => Some(match self.size {
                Some((w, h)) => self.start(w, h),
                None => "ERROR RESTART before START".to_string(),
            }),
            "BEGIN" => Some(self.play_from(Vec::new(), Player::First)),
            "TURN" => Some(self.turn(rest)),
            "TAKEBACK" => Some(self.take_back(rest)),
            "INFO" => self.info(rest),
            "ABOUT" => Some(format!(
                "name=\"unbeatable\", version=\"{}\", author=\"the unbeatable authors\", country=\"-\", www=\"-\"",
                env!("CARGO_PKG_VERSION")
            )),
            other => Some(format!("UNKNOWN command '{}'", visible(other))),
        }
    }

    fn start(&mut self, w: usize, h: usize) -> String {
        let fits = (5..=MAX_SIDE).contains(&w)
            && (5..=MAX_SIDE).contains(&h)
            && w * h <= crate::games::mnk::MAX_CELLS;
        if !fits {
            return format!(
                "ERROR unsupported board {w}x{h}: 5 to {MAX_SIDE} a side, at most {} cells",
                crate::games::mnk::MAX_CELLS
            );
        }
        self.size = Some((w, h));
        self.moves.clear();
        self.session = None;
        "OK".to_string()
    }

    /// `INFO key value`: no reply, but for a rule the brain cannot play.
    fn info(&mut self, rest: &str) -> Option<String> {
        let (key, value) = rest.split_once(' ').unwrap_or((rest, ""));
        let ms = || value.trim().parse::<u64>().ok().map(Duration::from_millis);
        match key.to_ascii_lowercase().as_str() {
            "timeout_turn" => {
                // 0 means "play at once".
                self.info.timeout_turn = ms().unwrap_or(self.info.timeout_turn);
            }
            "time_left" => self.info.time_left = ms(),
            "timeout_match" => self.info.match_unlimited = value.trim().parse::<u64>() == Ok(0),
            "rule" if value.trim().parse::<u64>() != Ok(0) => {
                return Some(format!(
                    "ERROR rule {} is not supported: only freestyle gomoku (rule 0), five or more in a row",
                    visible(value.trim())
                ));
            }
            // max_memory, game_type, folder, evaluate: noted by the
            // manager, not needed here.
            _ => {}
        }
        None
    }

    /// The family's name of a cell `x,y`, if it is on the board.
    fn cell(&self, text: &str) -> Option<String> {
        let (w, h) = self.size?;
        let (x, y) = pair(text)?;
        (x < w && y < h).then(|| format!("{}{}", char::from(b'a' + x as u8), y + 1))
    }

    /// `x,y` of a cell in the family's notation.
    fn coordinates(text: &str) -> Option<String> {
        xy_of(text).map(|(x, y)| format!("{x},{y}"))
    }

    /// A cell of the family's as the protocol names it (`h8` is `7,7`):
    /// managers and their logs speak `x,y`, not the family's notation.
    fn named(cell: &str) -> String {
        Self::coordinates(cell).unwrap_or_else(|| visible(cell).into_owned())
    }

    /// The game's reason for refusing the move `cell`, the cell named as
    /// the protocol names it (`'h8' is taken` → `7,7 is taken`).
    fn in_protocol_terms(cell: &str, reason: &str) -> String {
        visible(&reason.replace(&format!("'{cell}'"), &Self::named(cell))).into_owned()
    }

    /// `TURN x,y`: the opponent's move, then the brain's.
    fn turn(&mut self, rest: &str) -> String {
        let Some(cell) = self.cell(rest) else {
            return format!(
                "ERROR TURN takes a cell x,y on the board, not '{}'",
                visible(rest)
            );
        };
        let Some(session) = self.session.as_mut() else {
            // The opponent moved first: the brain is the second player.
            return self.play_from(vec![cell], Player::Second);
        };
        if let Err(e) = session.replay(&cell) {
            return format!("ERROR {}", Self::in_protocol_terms(&cell, &e.reason));
        }
        self.moves.push(cell);
        self.reply()
    }

    /// `TAKEBACK x,y`: the last move undone when it is that cell.
    fn take_back(&mut self, rest: &str) -> String {
        match (self.cell(rest), self.moves.last()) {
            (Some(c), Some(last)) if &c == last => {
                let mut moves = std::mem::take(&mut self.moves);
                moves.pop();
                let ours = self.ours();
                match self.rebuild(moves, ours) {
                    Ok(()) => "OK".to_string(),
                    Err(e) => e,
                }
            }
            _ => format!("ERROR TAKEBACK {} is not the last move", visible(rest)),
        }
    }

    /// `BOARD`: the position as lines `x,y,who` (1 the brain's stone, 2
    /// the opponent's) up to `DONE`; then the brain moves.
    fn board(&mut self, input: &mut impl BufRead) -> Result<Option<String>> {
        let (mut mine, mut theirs) = (Vec::new(), Vec::new());
        let mut bad = None;
        while let Some(line) = read_line(input)? {
            if line.eq_ignore_ascii_case("DONE") {
                break;
            }
            let parts: Vec<&str> = line.split(',').map(str::trim).collect();
            let cell = (parts.len() == 3)
                .then(|| self.cell(&format!("{},{}", parts[0], parts[1])))
                .flatten();
            match (cell, parts.get(2).copied()) {
                (Some(c), Some("1")) => mine.push(c),
                (Some(c), Some("2")) => theirs.push(c),
                _ => bad = bad.or(Some(line)),
            }
        }
        if let Some(line) = bad {
            return Ok(Some(format!(
                "ERROR BOARD takes lines x,y,1 (yours) or x,y,2 (the opponent's), not '{}'",
                visible(&line)
            )));
        }
        // The brain moves next: it is first when the counts are equal.
        let (ours, first, second) = match mine.len().cmp(&theirs.len()) {
            std::cmp::Ordering::Equal => (Player::First, mine, theirs),
            std::cmp::Ordering::Less if theirs.len() == mine.len() + 1 => {
                (Player::Second, theirs, mine)
            }
            _ => {
                return Ok(Some(format!(
                    "ERROR BOARD has {} of your stones and {} of the opponent's: not a position where you move",
                    mine.len(),
                    theirs.len()
                )));
            }
        };
        let mut moves = Vec::new();
        for i in 0..first.len().max(second.len()) {
            moves.extend(first.get(i).cloned());
            moves.extend(second.get(i).cloned());
        }
        Ok(Some(self.play_from(moves, ours)))
    }

    /// The side the brain plays, once the game has begun.
    fn ours(&self) -> Player {
        self.session
            .as_ref()
            .map_or(Player::First, |s| s.setup().human.opponent())
    }

    /// A new session of the board with `moves` played, the brain `ours`.
    fn rebuild(&mut self, moves: Vec<String>, ours: Player) -> Result<(), String> {
        let Some((w, h)) = self.size else {
            return Err("ERROR no board yet: START comes first".to_string());
        };
        let ruleset = ruleset(w, h).map_err(|e| format!("ERROR {e}"))?;
        let mut session = ruleset.session(Setup {
            human: ours.opponent(),
            level: Level::Perfect,
            seed: None,
            think: Some(self.info.think()),
        });
        session.replay(&moves.join(" ")).map_err(|e| {
            format!(
                "ERROR move {} ({}): {}",
                e.index,
                Self::named(&e.text),
                Self::in_protocol_terms(&e.text, &e.reason)
            )
        })?;
        self.moves = moves;
        self.session = Some(session);
        Ok(())
    }

    /// Starts from `moves` with the brain `ours`, and plays its move.
    fn play_from(&mut self, moves: Vec<String>, ours: Player) -> String {
        if let Err(e) = self.rebuild(moves, ours) {
            return e;
        }
        self.reply()
    }

    /// The brain's move, as `x,y`.
    fn reply(&mut self) -> String {
        let think = self.info.think();
        let Some(session) = self.session.as_mut() else {
            return "ERROR no game: START, then BEGIN, TURN or BOARD".to_string();
        };
        if session.status() != Status::Ongoing {
            return "ERROR the game is over".to_string();
        }
        session.set_think(Some(think), true);
        let began = Instant::now();
        match session.computer_plays() {
            Some(played) => {
                // Kept as the session has it, whatever is said of it.
                let xy = Self::coordinates(&played.text);
                self.moves.push(played.text);
                let Some(xy) = xy else {
                    return "ERROR a move off the board".to_string();
                };
                // Said before the move, as managers show an engine's
                // messages: what the search did, and a proven result,
                // which a match can hold it to.
                let mut said = String::new();
                if let Some(note) = played.search {
                    said += &format!("MESSAGE {}\n", search_words(note, began.elapsed()));
                }
                if played.value.is_proven() {
                    said += &format!(
                        "MESSAGE proven: {xy} is a {}\n",
                        wording::result(played.value)
                    );
                }
                said + &xy
            }
            None => "ERROR no move is possible".to_string(),
        }
    }
}

/// What the playing search did for a move, in one line: its depth, the
/// positions it visited, its best score — an estimate, and said so — and
/// the time the whole reply took.
fn search_words(note: SearchNote, took: Duration) -> String {
    let estimate = match note.estimate {
        Estimate::Score(s) => format!("estimate {s:+}"),
        Estimate::WinSeen => "a win seen on its lines".to_string(),
        Estimate::LossSeen => "a loss seen on its lines".to_string(),
    };
    format!(
        "search: depth {}, {} nodes, {estimate} (not proven), {} ms",
        note.depth,
        note.nodes,
        took.as_millis()
    )
}

/// `a,b` as two numbers.
fn pair(text: &str) -> Option<(usize, usize)> {
    let (a, b) = text.split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::Info;

    fn think(turn_ms: u64, left_ms: Option<u64>) -> u128 {
        let info = Info {
            timeout_turn: Duration::from_millis(turn_ms),
            time_left: left_ms.map(Duration::from_millis),
            match_unlimited: false,
        };
        info.think().as_millis()
    }

    /// A twentieth of the turn is held back, at least 30 ms and at most
    /// 250, with 50 ms at least (half the turn where it is shorter); a
    /// twentieth of the match's time left caps it, down to 1 ms.
    #[test]
    fn the_think_holds_back_a_margin_and_shares_the_match() {
        assert_eq!(think(1000, None), 950);
        assert_eq!(think(2000, None), 1900);
        assert_eq!(think(300, None), 270);
        assert_eq!(think(20_000, None), 19_750);
        assert_eq!(think(1000, Some(10_000)), 500);
        assert_eq!(think(100, None), 70);
        assert_eq!(think(80, None), 50);
        // A turn too short for the floor: half of it; 0, as fast as can be.
        assert_eq!(think(50, None), 25);
        assert_eq!(think(0, None), 1);
        // The match's clock cuts even the shortest think.
        assert_eq!(think(1000, Some(100)), 5);
        assert_eq!(think(1000, Some(10)), 1);
    }

    /// With `timeout_match 0` (no limit) the time left says nothing.
    #[test]
    fn a_match_without_a_limit_ignores_the_time_left() {
        let mut brain = super::Brain::new();
        assert_eq!(brain.info("timeout_turn 1000"), None);
        assert_eq!(brain.info("time_left 100"), None);
        assert_eq!(brain.info.think().as_millis(), 5);
        assert_eq!(brain.info("timeout_match 0"), None);
        assert_eq!(brain.info.think().as_millis(), 950);
        assert_eq!(brain.info("timeout_match 180000"), None);
        assert_eq!(brain.info.think().as_millis(), 5);
    }
}
