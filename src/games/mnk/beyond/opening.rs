//! X's third stone where O's first touches X's first or stands a
//! knight's move from it, on the open boards of k = 5 (`lines::is_open`:
//! 11×11 and up, so 15×15, 19×19 and 20×20). Of the games as X lost to
//! Rapfi at 1 s a move, most began with O's stone touching X's; there
//! the playing search put the third stone a knight's move from X's.
//! Against it, as the matches measured:
//! - O's stone beside X's along a row or a column: the cell beside O's
//!   and diagonal to X's. The search's own won 41 of 96 at 200 ms a move,
//!   this one 63 and a draw; at 1 s, 33 and a draw of 64 against 35.
//! - O's stone diagonal to X's: the cell beside X's on the side away from
//!   O's (X h8, O i9: h7 or g8). The search's own won 47 of 96 at 200 ms,
//!   this one 56; at 1 s, 43 of 96 against 53.
//! - O's stone a knight's move from X's (the kind that then lost most at
//!   1 s): the cell beside X's along the move's long side, away from O's
//!   (X h8, O i10: h7). The search's own won 76 of 96 at 200 ms, this
//!   one 90; at 1 s, 57 of 64 against 58.
//!
//! (docs/mnk.md, "The third stone" and "The third stone a knight's move
//! off".) It is a choice, not a proof: play checks it against the
//! threats as it checks the search's.

use super::lines::{Lines, is_open};

/// The cell for X's third stone, where the board holds X's first stone
/// and O's first touching it or a knight's move from it, both (and the
/// third) at least k − 1 cells from every edge: with O beside X along a
/// line, of the two cells beside O's stone and diagonal to X's, and with
/// O diagonal to X, of the two cells beside X's stone and away from O's,
/// the one nearer the board's centre (the first, on a tie); with O a
/// knight's move away, the cell beside X's along the move's long side,
/// away from O's.
#[must_use]
pub fn third_stone(lines: &Lines) -> Option<usize> {
    if lines.k != 5 || lines.stones != 2 || !is_open(lines.width, lines.height, lines.k) {
        return None;
    }
    let (w, h) = (lines.width as i64, lines.height as i64);
    let stone = |side: u8| lines.cell.iter().position(|&v| v == side);
    let at = |c: usize| ((c % lines.width) as i64, (c / lines.width) as i64);
    let ((xx, xy), (ox, oy)) = (at(stone(1)?), at(stone(2)?));
    let (dx, dy) = (ox - xx, oy - xy);
    let along_a_line = dx.abs() + dy.abs() == 1;
    let diagonal = (dx.abs(), dy.abs()) == (1, 1);
    let knight = (dx.abs().min(dy.abs()), dx.abs().max(dy.abs())) == (1, 2);
    if !along_a_line && !diagonal && !knight {
        return None;
    }
    let margin = lines.k as i64 - 1;
    let inside =
        |(x, y): (i64, i64)| (margin..w - margin).contains(&x) && (margin..h - margin).contains(&y);
    if !inside((xx, xy)) || !inside((ox, oy)) {
        return None;
    }
    // Twice the centre, so that even sizes keep it whole.
    let off_centre = |(x, y): (i64, i64)| (2 * x - (w - 1)).pow(2) + (2 * y - (h - 1)).pow(2);
    let cells = if along_a_line {
        [(ox - dy, oy + dx), (ox + dy, oy - dx)]
    } else if knight {
        // One cell: the half of the long step, taken back (a division
        // that leaves the short step's 1 at 0).
        [(xx - dx / 2, xy - dy / 2); 2]
    } else {
        [(xx, xy - dy), (xx - dx, xy)]
    };
    cells
        .into_iter()
        .filter(|&p| inside(p))
        .min_by_key(|&p| off_centre(p))
        .map(|(x, y)| (y * w + x) as usize)
}

#[cfg(test)]
mod tests {
    use super::third_stone;
    use crate::games::mnk::Geometry;
    use crate::games::mnk::beyond::lines::named::{at, board, board_on};

    /// With X's stone on h8 and O's on `o`, the third is one of `cells`.
    fn assert_one_of(o: &str, cells: [&str; 2]) {
        let chosen = third_stone(&board(&["h8"], &[o]));
        assert!(
            cells.iter().any(|&c| Some(at(c)) == chosen),
            "O on {o}: {chosen:?}"
        );
    }

    #[test]
    fn beside_o_and_diagonal_to_x_when_o_touches_x_along_a_line() {
        // O above, below, left and right of X's stone in turn: each time
        // a cell that touches O's stone along a line and X's diagonally.
        for (o, third) in [
            ("h9", ["g9", "i9"]),
            ("h7", ["g7", "i7"]),
            ("g8", ["g7", "g9"]),
            ("i8", ["i7", "i9"]),
        ] {
            assert_one_of(o, third);
        }
        // Off the centre, the one nearer it: X on f6, O on f7.
        assert_eq!(third_stone(&board(&["f6"], &["f7"])), Some(at("g7")));
    }

    #[test]
    fn beside_x_and_away_from_o_when_o_touches_x_diagonally() {
        // O on each of X's four diagonal neighbours in turn: each time a
        // cell beside X's stone, on the far side from O's on one axis.
        for (o, third) in [
            ("i9", ["h7", "g8"]),
            ("g9", ["h7", "i8"]),
            ("i7", ["h9", "g8"]),
            ("g7", ["h9", "i8"]),
        ] {
            assert_one_of(o, third);
        }
        // Off the centre, the one nearer it: X on f7, O on g8 (not e7).
        assert_eq!(third_stone(&board(&["f7"], &["g8"])), Some(at("f6")));
    }

    #[test]
    fn beside_x_along_the_long_side_away_from_o_when_o_is_a_knight_s_move_off() {
        // O on each of the eight cells a knight's move from X's in turn.
        for (o, third) in [
            ("i10", "h7"),
            ("g10", "h7"),
            ("i6", "h9"),
            ("g6", "h9"),
            ("j9", "g8"),
            ("j7", "g8"),
            ("f9", "i8"),
            ("f7", "i8"),
        ] {
            assert_eq!(
                third_stone(&board(&["h8"], &[o])),
                Some(at(third)),
                "O on {o}"
            );
        }
        // The cell past the margin though both stones are inside it.
        assert_eq!(third_stone(&board(&["e8"], &["g9"])), None);
    }

    #[test]
    fn no_choice_in_any_other_position() {
        // O two cells from X; X's stone alone; three stones.
        assert_eq!(third_stone(&board(&["h8"], &["h10"])), None);
        assert_eq!(third_stone(&board(&["h8"], &["j10"])), None);
        assert_eq!(third_stone(&board(&["h8"], &[])), None);
        assert_eq!(third_stone(&board(&["h8", "i9"], &["h9"])), None);
        // Near the edge: no room to build on one side.
        assert_eq!(third_stone(&board(&["c8"], &["c9"])), None);
        assert_eq!(third_stone(&board(&["c8"], &["d9"])), None);
        // The cramped boards, and lines of another length.
        let eight = Geometry::new(8, 8, 5);
        assert_eq!(third_stone(&board_on(&eight, &["d4"], &["d5"])), None);
        let four = Geometry::new(15, 15, 4);
        assert_eq!(third_stone(&board_on(&four, &["h8"], &["h9"])), None);
    }
}
