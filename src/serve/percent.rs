//! Percent-decoding: the one reading of `%XX` escapes in what a browser sends, for a request's
//! path and for a form's fields.

/// How `+` reads: a space in a form's fields (`application/x-www-form-urlencoded`), itself in a
/// path.
#[derive(Clone, Copy)]
pub(crate) enum Plus {
    Space,
    Itself,
}

/// `text` with each `%XX` (two hexadecimal digits) as its byte; `None` for a `%` not followed
/// by two hexadecimal digits, or bytes that are not UTF-8.
pub(crate) fn decode(text: &str, plus: Plus) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match (bytes[i], plus) {
            (b'%', _) => {
                let digit = |at: usize| bytes.get(at).and_then(|&b| (b as char).to_digit(16));
                let (high, low) = (digit(i + 1)?, digit(i + 2)?);
                out.push((high * 16 + low) as u8);
                i += 3;
                continue;
            }
            (b'+', Plus::Space) => out.push(b' '),
            (b, _) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_are_bytes_and_a_plus_is_a_space_only_in_a_form() {
        assert_eq!(
            decode("/players/zo%C3%AB/", Plus::Itself).as_deref(),
            Some("/players/zoë/")
        );
        assert_eq!(decode("a+b%2Bc", Plus::Space).as_deref(), Some("a b+c"));
        assert_eq!(decode("a+b", Plus::Itself).as_deref(), Some("a+b"));
        // A sign is not a digit: `%+1` is no escape.
        for malformed in ["%zz", "/a%2", "%", "%+1", "%-1"] {
            assert_eq!(decode(malformed, Plus::Space), None, "{malformed}");
        }
        assert_eq!(decode("%FF", Plus::Itself), None, "not UTF-8");
    }
}
