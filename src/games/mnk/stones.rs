//! The stones of one side: a bit per cell, enough for a 20×20 board. The
//! exact search works on the low word alone, for boards of up to 64 cells.

/// Words in a set: 7 × 64 = 448 bits, at least 20 × 20 = 400.
const WORDS: usize = 7;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stones([u64; WORDS]);

impl Stones {
    /// The stones on cells 0..64 given as bits.
    #[must_use]
    pub const fn from_low(bits: u64) -> Self {
        let mut words = [0; WORDS];
        words[0] = bits;
        Self(words)
    }

    /// Cells 0..64 as bits: the whole set on boards of up to 64 cells.
    #[must_use]
    pub const fn low(&self) -> u64 {
        self.0[0]
    }

    #[must_use]
    pub const fn has(&self, cell: usize) -> bool {
        cell < WORDS * 64 && self.0[cell / 64] >> (cell % 64) & 1 == 1
    }

    /// The set with `cell` added.
    #[must_use]
    pub const fn with(mut self, cell: usize) -> Self {
        self.0[cell / 64] |= 1 << (cell % 64);
        self
    }

    #[must_use]
    pub const fn count(&self) -> u32 {
        let mut n = 0;
        let mut i = 0;
        while i < WORDS {
            n += self.0[i].count_ones();
            i += 1;
        }
        n
    }

    /// The cells in the set, in order.
    pub fn cells(self) -> impl Iterator<Item = usize> {
        (0..WORDS).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let c = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + c
                })
            })
        })
    }
}
