//! Numbers as messages show them: large round ones as powers of ten.

/// `n` in words for a message: `10^18` for round powers of ten past a
/// million, the digits otherwise.
#[must_use]
pub fn big(n: i128) -> String {
    if n >= 10_000_000 {
        let mut m = n;
        let mut exp = 0;
        while m % 10 == 0 {
            m /= 10;
            exp += 1;
        }
        if m == 1 {
            return format!("10^{exp}");
        }
    }
    n.to_string()
}

/// `from 1 to 10^18`, as an allowed range reads.
#[must_use]
pub fn show_range(range: &std::ops::RangeInclusive<i128>) -> String {
    format!("from {} to {}", big(*range.start()), big(*range.end()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_powers_read_as_powers() {
        assert_eq!(big(1_000_000_000_000_000_000), "10^18");
        assert_eq!(big(10_000), "10000");
        assert_eq!(big(12_000_000), "12000000");
        assert_eq!(big(-3), "-3");
        assert_eq!(show_range(&(0..=1_000_000_000)), "from 0 to 10^9");
    }
}
