//! Small value checks shared by the families' ruleset tables.

use toml::Spanned;

use super::SpanError;

/// A whole number in `min..=max`, or an error naming the field and the range.
pub fn in_range(value: &Spanned<i64>, field: &str, min: i64, max: i64) -> Result<u64, SpanError> {
    let v = *value.get_ref();
    if v < min || v > max {
        return Err(SpanError::new(
            value.span(),
            format!("{field} is '{v}', but it must be a whole number from {min} to {max}"),
        ));
    }
    u64::try_from(v)
        .map_err(|_| SpanError::new(value.span(), format!("{field} must not be negative")))
}

/// A list of distinct whole numbers in `min..=max` with at most `max_len` items, sorted.
pub fn number_set(
    list: &Spanned<Vec<Spanned<i64>>>,
    field: &str,
    (min, max): (i64, i64),
    max_len: usize,
) -> Result<Vec<u64>, SpanError> {
    let items = list.get_ref();
    if items.is_empty() {
        return Err(SpanError::new(
            list.span(),
            format!("{field} is empty: list at least one number"),
        ));
    }
    if items.len() > max_len {
        return Err(SpanError::new(
            list.span(),
            format!(
                "{field} has {} numbers; at most {max_len} are allowed",
                items.len()
            ),
        ));
    }
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let v = in_range(item, &format!("a number in {field}"), min, max)?;
        if out.contains(&v) {
            return Err(SpanError::new(
                item.span(),
                format!("{field} lists '{v}' twice"),
            ));
        }
        out.push(v);
    }
    out.sort_unstable();
    Ok(out)
}
