//! Layer books: the exact score of every position with one number of
//! stones, up to symmetry, one character a position in a fixed order (the
//! positions' canonical bitboards, ascending), so that no position is
//! stored. Made by `unbeatable book --layer` and shipped in
//! `assets/books/`. A search that reaches the layer stops there: every
//! position with fewer stones is solved that far down only.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use crate::games::mnk::Geometry;
use crate::games::mnk::exact::tt::WIN;

/// One character a position: `.` not proven yet, `=` a draw, otherwise
/// the plies to the end in these digits (odd: the player to move wins,
/// even: loses).
const UNPROVEN: u8 = b'.';
const DRAW: u8 = b'=';
const DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
/// Characters a line of the text.
const LINE: usize = 128;

/// Every position of a board with `stones` stones, up to symmetry.
#[derive(Clone, Debug)]
pub struct Layer {
    pub stones: u32,
    /// The canonical positions that are not over, ascending.
    keys: Vec<(u64, u64)>,
    /// One code a position, as in the text.
    codes: Vec<u8>,
}

impl Layer {
    /// The layer of `stones` stones with nothing proven yet.
    #[must_use]
    pub fn unproven(geo: &Geometry, stones: u32) -> Self {
        let keys = positions(geo, stones);
        let codes = vec![UNPROVEN; keys.len()];
        Self {
            stones,
            keys,
            codes,
        }
    }

    /// The exact score of `(x, o)`, relative to the player to move: `None`
    /// off the layer or not proven yet.
    #[must_use]
    pub fn get(&self, geo: &Geometry, x: u64, o: u64) -> Option<i32> {
        if (x | o).count_ones() != self.stones {
            return None;
        }
        let i = self.keys.binary_search(&geo.canonical(x, o).0).ok()?;
        decode(self.codes[i])
    }

    /// Every position, canonical and ascending.
    #[must_use]
    pub fn positions(&self) -> &[(u64, u64)] {
        &self.keys
    }

    /// The positions not proven yet.
    #[must_use]
    pub fn unproven_positions(&self) -> Vec<(u64, u64)> {
        self.keys
            .iter()
            .zip(&self.codes)
            .filter(|&(_, &c)| c == UNPROVEN)
            .map(|(&k, _)| k)
            .collect()
    }

    /// How many positions are proven.
    #[must_use]
    pub fn proven(&self) -> usize {
        self.codes.iter().filter(|&&c| c != UNPROVEN).count()
    }

    /// Records the exact score of the canonical position `key`; `false`
    /// when it is not on the layer or its distance has no digit.
    pub fn set(&mut self, key: (u64, u64), score: i32) -> bool {
        match (self.keys.binary_search(&key), encode(score)) {
            (Ok(i), Some(code)) => {
                self.codes[i] = code;
                true
            }
            _ => false,
        }
    }

    /// The layer as text: comments, a header naming the board, the layer
    /// and a checksum of its positions, then the codes.
    #[must_use]
    pub fn to_text(&self, geo: &Geometry) -> String {
        let mut out = String::from(
            "# unbeatable layer book: every position with the stones below, up to the\n\
             # mirror, one character each in the order of the positions' canonical\n\
             # bitboards: '.' not proven yet, '=' a draw, else the plies to the end\n\
             # in 0-9a-zA-Z (odd: the player to move wins, even: loses).\n",
        );
        out.push_str(&header(geo, self.stones, &self.keys));
        out.push('\n');
        for chunk in self.codes.chunks(LINE) {
            out.extend(chunk.iter().map(|&c| char::from(c)));
            out.push('\n');
        }
        out
    }

    /// Reads a layer book of `geo`: `None` if the text is for another
    /// board, or broken (a broken book is ignored, never trusted).
    #[must_use]
    pub fn parse(geo: &Geometry, text: &str) -> Option<Self> {
        let mut lines = text.lines().filter(|l| !l.starts_with('#'));
        let head = lines.next()?;
        let stones = stones_in(geo, head)?;
        // Only a header for this board costs the enumeration.
        let keys = positions(geo, stones);
        if head != header(geo, stones, &keys) {
            return None;
        }
        let codes: Vec<u8> = lines.flat_map(|l| l.trim().bytes()).collect();
        let valid = |c: &u8| *c == UNPROVEN || decode(*c).is_some();
        (codes.len() == keys.len() && codes.iter().all(valid)).then_some(Self {
            stones,
            keys,
            codes,
        })
    }
}

/// A layer read when first looked in: listing its positions takes a
/// tenth of a second, which a search that never reaches the layer (or an
/// answer from the opening book) should not pay.
#[derive(Debug)]
pub struct Lazy {
    pub stones: u32,
    text: &'static str,
    read: OnceLock<Option<Layer>>,
    /// `read_soon` has started a thread.
    asked: AtomicBool,
}

impl Lazy {
    /// `text`, to be read when first needed, if its header names `geo`'s
    /// board.
    #[must_use]
    pub fn of(geo: &Geometry, text: &'static str) -> Option<Self> {
        let head = text.lines().find(|l| !l.starts_with('#'))?;
        Some(Self {
            stones: stones_in(geo, head)?,
            text,
            read: OnceLock::new(),
            asked: AtomicBool::new(false),
        })
    }

    /// A layer already read (or made).
    #[must_use]
    pub fn ready(layer: Layer) -> Self {
        Self {
            stones: layer.stones,
            text: "",
            read: OnceLock::from(Some(layer)),
            asked: AtomicBool::new(false),
        }
    }

    /// Starts reading the layer on a thread of its own, once, so that the
    /// first search to reach it (within a move's budget) need not.
    pub fn read_soon(self: &Arc<Self>, geo: &Geometry) {
        if self.read.get().is_none() && !self.asked.swap(true, Ordering::Relaxed) {
            let (lazy, geo) = (Arc::clone(self), geo.clone());
            let reading = std::thread::Builder::new().spawn(move || lazy.get(&geo).is_some());
            if reading.is_err() {
                // No thread to be had: the first to need the layer reads it.
                self.asked.store(false, Ordering::Relaxed);
            }
        }
    }

    /// The layer if it can be had without waiting for the thread that
    /// `read_soon` started: a search goes on without it meanwhile (the
    /// first moves of a game come at once, from the opening book).
    #[must_use]
    pub fn get_now(&self, geo: &Geometry) -> Option<&Layer> {
        match self.read.get() {
            Some(read) => read.as_ref(),
            None if self.asked.load(Ordering::Relaxed) => None,
            None => self.get(geo),
        }
    }

    /// Waits while the thread `read_soon` started is still reading the
    /// layer, until it is read or `budget` runs out: a position the layer
    /// holds then has its value at once, rather than a search's.
    pub fn wait(&self, budget: &crate::engine::Budget) {
        while self.read.get().is_none() && self.asked.load(Ordering::Relaxed) && !budget.exhausted()
        {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }

    /// The layer, read now if it was not; `None` if it is broken.
    #[must_use]
    pub fn get(&self, geo: &Geometry) -> Option<&Layer> {
        self.read
            .get_or_init(|| Layer::parse(geo, self.text))
            .as_ref()
    }
}

/// The header line of a layer of `geo` with these positions.
fn header(geo: &Geometry, stones: u32, keys: &[(u64, u64)]) -> String {
    format!(
        "{} stones {stones} positions {} check {:016x}",
        board(geo),
        keys.len(),
        checksum(keys)
    )
}

/// The header's start: the board.
fn board(geo: &Geometry) -> String {
    format!(
        "layer {} {} {}{}",
        geo.width,
        geo.height,
        geo.k,
        if geo.gravity { " gravity" } else { "" }
    )
}

/// The stones of a header line that names `geo`'s board.
fn stones_in(geo: &Geometry, head: &str) -> Option<u32> {
    let mut words = head.strip_prefix(&board(geo))?.split_whitespace();
    if words.next()? != "stones" {
        return None;
    }
    words
        .next()?
        .parse()
        .ok()
        .filter(|&s| s as usize <= geo.cells())
}

/// FNV-1a over the positions: a layer read back must be in the order it
/// was written in.
fn checksum(keys: &[(u64, u64)]) -> u64 {
    let mut sum = crate::fingerprint::Fingerprint::new();
    for &(x, o) in keys {
        sum.add(&x.to_le_bytes());
        sum.add(&o.to_le_bytes());
    }
    sum.value()
}

/// Every position with `stones` stones that is not over, up to symmetry,
/// canonical and ascending.
#[must_use]
pub fn positions(geo: &Geometry, stones: u32) -> Vec<(u64, u64)> {
    let mut layer = vec![(0, 0)];
    for s in 0..stones {
        layer = crate::games::mnk::book::children(geo, layer, s);
    }
    layer.retain(|&(x, o)| !geo.is_over(x, o));
    layer
}

fn encode(score: i32) -> Option<u8> {
    if score == 0 {
        return Some(DRAW);
    }
    let plies = usize::try_from(WIN - score.abs()).ok()?;
    // A win comes on an odd ply, a loss on an even one.
    let parity_right = (plies % 2 == 1) == (score > 0);
    (plies > 0 && parity_right)
        .then(|| DIGITS.get(plies).copied())
        .flatten()
}

fn decode(code: u8) -> Option<i32> {
    if code == DRAW {
        return Some(0);
    }
    let plies = DIGITS.iter().position(|&d| d == code).filter(|&p| p > 0)? as i32;
    Some(if plies % 2 == 1 {
        WIN - plies
    } else {
        plies - WIN
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::{Layer, Lazy, decode, encode, positions};
    use crate::games::mnk::Geometry;
    use crate::games::mnk::exact::tt::WIN;

    #[test]
    fn every_score_reads_back_as_written() {
        for plies in 1..=61 {
            let score = if plies % 2 == 1 {
                WIN - plies
            } else {
                plies - WIN
            };
            assert_eq!(encode(score).and_then(decode), Some(score), "{plies}");
        }
        assert_eq!(encode(0).and_then(decode), Some(0));
        // A win in an even number of plies cannot be: no code for it.
        assert_eq!(encode(WIN - 2), None);
        assert_eq!(encode(WIN - 62), None);
    }

    #[test]
    fn a_layer_reads_back_and_a_changed_one_is_refused() {
        let geo = Geometry::with_gravity(4, 4, 3, true);
        let mut layer = Layer::unproven(&geo, 4);
        let keys = layer.positions().to_vec();
        assert!(layer.set(keys[0], WIN - 3));
        assert!(layer.set(keys[2], 0));
        assert!(!layer.set((1, 1), 0));
        let text = layer.to_text(&geo);
        let back = Layer::parse(&geo, &text).expect("reads back");
        assert_eq!(back.proven(), 2);
        assert_eq!(back.get(&geo, keys[0].0, keys[0].1), Some(WIN - 3));
        assert_eq!(back.get(&geo, keys[1].0, keys[1].1), None);
        assert_eq!(back.unproven_positions().len(), keys.len() - 2);
        // Another board, a code too few, a code that is none.
        assert!(Layer::parse(&Geometry::with_gravity(5, 4, 3, true), &text).is_none());
        let short = text
            .trim_end()
            .strip_suffix('.')
            .unwrap_or_default()
            .to_string();
        assert!(Layer::parse(&geo, &short).is_none());
        let mut unknown_code = text.clone();
        let draw = text.rfind('=').unwrap_or_default();
        unknown_code.replace_range(draw..=draw, "!");
        assert!(Layer::parse(&geo, &unknown_code).is_none());
        assert!(Layer::parse(&geo, &text.replacen("stones 4", "stones 3", 1)).is_none());
    }

    #[test]
    fn a_lazy_layer_is_read_when_first_needed_or_on_its_own_thread() {
        let geo = Geometry::with_gravity(4, 4, 3, true);
        let mut layer = Layer::unproven(&geo, 3);
        let first = layer.positions()[0];
        assert!(layer.set(first, 0));
        let text: &'static str = Box::leak(layer.to_text(&geo).into_boxed_str());
        assert!(Lazy::of(&Geometry::with_gravity(5, 4, 3, true), text).is_none());
        let lazy = Lazy::of(&geo, text).expect("names the board");
        assert_eq!(lazy.stones, 3);
        assert_eq!(lazy.get_now(&geo).map(Layer::proven), Some(1));
        let lazy = Arc::new(Lazy::of(&geo, text).expect("names the board"));
        lazy.read_soon(&geo);
        assert_eq!(lazy.get(&geo).map(Layer::proven), Some(1));
        assert_eq!(lazy.get_now(&geo).map(Layer::proven), Some(1));
    }

    #[test]
    fn the_layer_holds_each_position_once_up_to_the_mirror() {
        let geo = Geometry::with_gravity(4, 4, 3, true);
        // Two stones: X anywhere (4 columns, 2 up to the mirror), then O.
        let two = positions(&geo, 2);
        assert_eq!(two.len(), 8);
        assert!(two.iter().all(|&(x, o)| geo.canonical(x, o).0 == (x, o)));
        assert!(two.windows(2).all(|w| w[0] < w[1]));
    }
}
