//! How the site writes a count: digits in groups of three, parted by a narrow no-break space
//! ("403 701 games"), in charts and in templates (the `grouped` filter). The SI's grouping reads
//! the same in every language a site may be written in: a comma is a decimal mark in many of
//! them, a point in others, and the space can never be taken for either nor break a number
//! across two lines.

use std::collections::HashMap;

/// The narrow no-break space (U+202F) between groups of digits.
const GROUP_SEPARATOR: char = '\u{202F}';

/// `n` with its digits grouped by three from the right: "403 701"; "9 999"; "999".
pub(crate) fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 * 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(GROUP_SEPARATOR);
        }
        out.push(digit);
    }
    out
}

/// The `grouped` filter of the site's templates: a whole number written by [`grouped`]; any
/// other value (a share, a text) as it is, so that a template may pass whatever a field holds.
pub(crate) fn grouped_filter(
    value: &tera::Value,
    _: &HashMap<String, tera::Value>,
) -> tera::Result<tera::Value> {
    Ok(match value.as_u64() {
        Some(n) => tera::Value::String(grouped(n)),
        None => value.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_grouped_by_three_from_the_right() {
        let g = |n| grouped(n).replace(GROUP_SEPARATOR, " ");
        assert_eq!(g(0), "0");
        assert_eq!(g(999), "999");
        assert_eq!(g(1_000), "1 000");
        assert_eq!(g(403_701), "403 701");
        assert_eq!(g(1_234_567), "1 234 567");
        let value = grouped_filter(&tera::Value::from(55_963), &HashMap::new()).expect("filter");
        assert_eq!(value, tera::Value::String(grouped(55_963)));
        let text = tera::Value::from("49%");
        assert_eq!(
            grouped_filter(&text, &HashMap::new()).expect("filter"),
            text
        );
    }
}
