//! The transposition table: bounds on position values, keyed by the
//! smallest Zobrist hash over the board's symmetries, in buckets of two
//! (one kept for the larger search, one always replaced).

/// Scores: a win in `p` plies from a node is `WIN - p`, a loss `p - WIN`,
/// a draw 0. Searches pass scores relative to their root and convert here.
pub const WIN: i32 = 1000;
pub const INF: i32 = 10_000;

/// An entry, unpacked: stored as two `u64`s so a new table is zeroed
/// memory the system hands out lazily.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lower: i16,
    upper: i16,
    /// Best move in the canonical orientation, or 255.
    best: u8,
    /// log2 of the nodes the search below took: keeps big proofs.
    work: u8,
}

impl Entry {
    fn pack(self) -> [u64; 2] {
        let data = u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.best) << 32
            | u64::from(self.work) << 40;
        [self.key, data]
    }

    fn unpack([key, data]: [u64; 2]) -> Self {
        Self {
            key,
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            best: (data >> 32) as u8,
            work: (data >> 40) as u8,
        }
    }
}

pub struct Tt {
    words: Vec<u64>,
    mask: usize,
}

/// A probe's answer, in scores relative to the node.
pub struct Hit {
    pub lower: i32,
    pub upper: i32,
    pub best: Option<usize>,
}

impl Tt {
    /// A table of `2^bits` entries.
    #[must_use]
    pub fn new(bits: u32) -> Self {
        let len = 1usize << bits.max(1);
        Self {
            words: vec![0; 2 * len],
            mask: (len / 2 - 1) << 1,
        }
    }

    fn get(&self, i: usize) -> Entry {
        Entry::unpack([self.words[2 * i], self.words[2 * i + 1]])
    }

    fn set(&mut self, i: usize, e: Entry) {
        let [a, b] = e.pack();
        self.words[2 * i] = a;
        self.words[2 * i + 1] = b;
    }

    fn slot(&self, key: u64) -> usize {
        // The low bit picks within a bucket, so the bucket comes from above it.
        (key as usize) & self.mask
    }

    /// Asks the processor to fetch a key's bucket into the cache, so the
    /// probe that follows a little later does not wait for memory.
    pub fn prefetch(&self, key: u64) {
        let i = 2 * self.slot(key);
        if let Some(word) = self.words.get(i) {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: SSE is part of every x86_64 target, and a prefetch is a
            // hint that reads nothing and never faults; the address is that
            // of a live element besides.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
                    std::ptr::from_ref(word).cast::<i8>(),
                );
            }
            #[cfg(not(target_arch = "x86_64"))]
            let _ = word;
        }
    }

    #[must_use]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let i = self.slot(key);
        (i..i + 2)
            .map(|j| self.get(j))
            .find(|e| e.key == key && e.key != 0)
            .map(|e| Hit {
                lower: i32::from(e.lower),
                upper: i32::from(e.upper),
                best: (e.best != 255).then_some(usize::from(e.best)),
            })
    }

    /// Stores bounds (relative to the node), narrowing any already known.
    pub fn store(&mut self, key: u64, lower: i32, upper: i32, best: Option<usize>, nodes: u64) {
        let i = self.slot(key);
        let work = (64 - nodes.leading_zeros()) as u8;
        let (mut lower, mut upper) = (lower, upper);
        let same = (i..i + 2).find(|&j| self.get(j).key == key);
        if let Some(j) = same {
            lower = lower.max(i32::from(self.get(j).lower));
            upper = upper.min(i32::from(self.get(j).upper));
        }
        let entry = Entry {
            key,
            lower: lower.clamp(-INF, INF) as i16,
            upper: upper.clamp(-INF, INF) as i16,
            best: best.map_or(255, |b| b as u8),
            work,
        };
        let j = same.unwrap_or(if work >= self.get(i).work { i } else { i + 1 });
        self.set(j, entry);
    }
}

/// What the table says to a search of a node within `alpha..beta`.
pub enum Probe {
    /// The node's value is known well enough: return it.
    Cut(i32),
    /// Search on within this narrower window; the table's best move first.
    Search {
        alpha: i32,
        beta: i32,
        best: Option<usize>,
    },
}

impl Tt {
    /// Probes for a node `ply` plies below the search root and narrows
    /// the window `alpha..beta` (scores relative to the root).
    #[must_use]
    pub fn narrow(&self, key: u64, ply: i32, mut alpha: i32, mut beta: i32) -> Probe {
        let Some(hit) = self.probe(key) else {
            return Probe::Search {
                alpha,
                beta,
                best: None,
            };
        };
        let (lower, upper) = (to_root(hit.lower, ply), to_root(hit.upper, ply));
        if lower >= beta {
            return Probe::Cut(lower);
        }
        if upper <= alpha {
            return Probe::Cut(upper);
        }
        alpha = alpha.max(lower);
        beta = beta.min(upper);
        if alpha >= beta {
            return Probe::Cut(alpha);
        }
        Probe::Search {
            alpha,
            beta,
            best: hit.best,
        }
    }

    /// Stores what a fail-soft search of a node `ply` plies deep, begun
    /// with the window `alpha..beta`, found: `best` (relative to the root)
    /// and its move, after `nodes` nodes.
    pub fn record(
        &mut self,
        key: u64,
        ply: i32,
        (alpha, beta): (i32, i32),
        best: i32,
        best_move: usize,
        nodes: u64,
    ) {
        let (lower, upper) = if best <= alpha {
            (-INF, best)
        } else if best >= beta {
            (best, INF)
        } else {
            (best, best)
        };
        self.store(
            key,
            to_node(lower, ply),
            to_node(upper, ply),
            Some(best_move),
            nodes,
        );
    }
}

/// A score relative to a search root, seen from a node `ply` plies deep.
#[must_use]
pub const fn to_node(score: i32, ply: i32) -> i32 {
    if score > WIN / 2 && score < INF {
        score + ply
    } else if score < -WIN / 2 && score > -INF {
        score - ply
    } else {
        score
    }
}

/// A score relative to a node `ply` plies deep, seen from the search root.
#[must_use]
pub const fn to_root(score: i32, ply: i32) -> i32 {
    if score > WIN / 2 && score < INF {
        score - ply
    } else if score < -WIN / 2 && score > -INF {
        score + ply
    } else {
        score
    }
}
