//! A fingerprint of bytes that is the same from run to run and release to
//! release (FNV-1a, 64 bits), unlike the standard library's hasher: what
//! is kept in files under a fingerprint must find it again.

/// FNV-1a over everything added, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fingerprint(u64);

impl Default for Fingerprint {
    fn default() -> Self {
        Self::new()
    }
}

impl Fingerprint {
    #[must_use]
    pub const fn new() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }

    /// Adds `bytes` after what was added before.
    pub fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    /// As [`Fingerprint::add`], by value: `Fingerprint::new().with(b"…")`.
    #[must_use]
    pub fn with(mut self, bytes: &[u8]) -> Self {
        self.add(bytes);
        self
    }

    #[must_use]
    pub const fn value(self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_fnv_1a() {
        // The published test values of 64-bit FNV-1a.
        assert_eq!(Fingerprint::new().value(), 0xcbf2_9ce4_8422_2325);
        assert_eq!(Fingerprint::new().with(b"a").value(), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(
            Fingerprint::new().with(b"foo").value(),
            0xdcb2_7518_fed9_d577
        );
        let mut split = Fingerprint::new();
        split.add(b"fo");
        split.add(b"o");
        assert_eq!(split, Fingerprint::new().with(b"foo"));
    }
}
