//! Ids, slugs and the default seed: the names by which events and players are addressed.

/// Whether `id` is a valid player or team id: lower-case `[a-z0-9-]+`, and not a name Windows
/// reserves for a device. Ids (and each segment of a slug) become folder names in the output, so
/// `..`, separators and dots are ruled out by the alphabet, and `con` or `lpt1` by
/// [`is_reserved_name`]: a site built or checked out on Windows could not hold such a folder.
pub(crate) fn is_valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !is_reserved_name(id)
}

/// Whether `name` (case-insensitive, before any extension) is a device name that Windows
/// reserves in every folder: CON, PRN, AUX, NUL, COM0 to COM9 and LPT0 to LPT9. A file or folder
/// with such a name cannot be created or checked out there (`con.html` neither).
pub(crate) fn is_reserved_name(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or(name).trim_end_matches(' ');
    let lower = stem.to_ascii_lowercase();
    match lower.as_bytes() {
        b"con" | b"prn" | b"aux" | b"nul" => true,
        [b'c', b'o', b'm', digit] | [b'l', b'p', b't', digit] => digit.is_ascii_digit(),
        _ => false,
    }
}

/// Derives an id from a display name: transliterated to ASCII, lower-cased, every run of other
/// characters turned into one `-`. Returns an empty string when nothing is left.
pub fn id_from_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut pending_dash = false;
    for c in name.chars() {
        let folded = fold_char(c);
        for f in folded.chars() {
            if f.is_ascii_alphanumeric() {
                if pending_dash && !out.is_empty() {
                    out.push('-');
                }
                pending_dash = false;
                out.push(f.to_ascii_lowercase());
            } else {
                pending_dash = true;
            }
        }
    }
    out
}

/// Latin letters with marks to their plain letters; anything else unchanged.
/// The site's scripts fold names for matching alike (`static/search.js`, `static/find.js`):
/// Unicode's decomposition covers the marks there, and their `FOLD` spells out the rest, held to
/// this table by `tests/it/scripts_js.rs`.
fn fold_char(c: char) -> String {
    let plain = match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' | 'Ā' | 'Ă' | 'Ą' => "A",
        'æ' => "ae",
        'Æ' => "AE",
        'ç' | 'ć' | 'č' => "c",
        'Ç' | 'Ć' | 'Č' => "C",
        'ď' | 'đ' | 'ð' => "d",
        'Ď' | 'Đ' | 'Ð' => "D",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ę' | 'ě' => "e",
        'È' | 'É' | 'Ê' | 'Ë' | 'Ē' | 'Ę' | 'Ě' => "E",
        'ğ' => "g",
        'Ğ' => "G",
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'ı' => "i",
        'Ì' | 'Í' | 'Î' | 'Ï' | 'Ī' | 'İ' => "I",
        'ł' | 'ľ' => "l",
        'Ł' | 'Ľ' => "L",
        'ñ' | 'ń' | 'ň' => "n",
        'Ñ' | 'Ń' | 'Ň' => "N",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => "o",
        'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' | 'Ō' | 'Ő' => "O",
        'œ' => "oe",
        'Œ' => "OE",
        'ř' => "r",
        'Ř' => "R",
        'ś' | 'š' | 'ş' => "s",
        'Ś' | 'Š' | 'Ş' => "S",
        'ß' => "ss",
        'ť' | 'ţ' => "t",
        'Ť' | 'Ţ' => "T",
        'þ' => "th",
        'Þ' => "TH",
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' => "u",
        'Ù' | 'Ú' | 'Û' | 'Ü' | 'Ū' | 'Ů' | 'Ű' => "U",
        'ý' | 'ÿ' => "y",
        'Ý' | 'Ÿ' => "Y",
        'ž' | 'ź' | 'ż' => "z",
        'Ž' | 'Ź' | 'Ż' => "Z",
        _ => return c.to_string(),
    };
    plain.to_string()
}

/// The word with its first letter upper-cased: "premier" -> "Premier".
pub(crate) fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Whether `slug` is a valid event slug: `/`-separated segments of lower-case `[a-z0-9-]+`.
pub(crate) fn is_valid_slug(slug: &str) -> bool {
    !slug.is_empty() && slug.split('/').all(is_valid_id)
}

/// The default seed of an event: FNV-1a (64-bit) of its slug. The algorithm is fixed forever so
/// that an event without a `seed` keeps its random decisions on every machine and version.
pub(crate) fn default_seed(slug: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in slug.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_from_names() {
        assert_eq!(id_from_name("Tom Kessel"), "tom-kessel");
        assert_eq!(
            id_from_name("  Zoë O'Brien-Šťastná "),
            "zoe-o-brien-stastna"
        );
        assert_eq!(id_from_name("Jürgen Straße"), "jurgen-strasse");
        assert_eq!(id_from_name("!!!"), "");
        assert_eq!(id_from_name("R2-D2"), "r2-d2");
    }

    #[test]
    fn id_and_slug_patterns() {
        assert!(is_valid_id("tom-2"));
        assert!(!is_valid_id("Tom"));
        assert!(!is_valid_id(""));
        assert!(is_valid_slug("2018/outer-rim-sc"));
        assert!(!is_valid_slug("2018//x"));
        assert!(!is_valid_slug("../x"));
        assert!(!is_valid_slug("Outer Rim"));
        assert!(!is_valid_slug("2018/x."));
        assert!(!is_valid_slug("2018/x "));
        assert!(!is_valid_slug("/etc/passwd"));
        assert!(!is_valid_slug("2018\\x"));
        assert!(!is_valid_slug("c:/x"));
    }

    #[test]
    fn windows_device_names_are_not_ids() {
        for name in ["con", "prn", "aux", "nul", "com1", "com9", "lpt0", "lpt1"] {
            assert!(!is_valid_id(name), "{name}");
            assert!(!is_valid_slug(&format!("2018/{name}")), "{name}");
            assert!(!is_valid_slug(&format!("{name}/cup")), "{name}");
        }
        assert!(is_reserved_name("CON.html"));
        assert!(is_reserved_name("Aux "));
        for name in ["cone", "con-1", "com10", "com", "lpt", "nul2x", "icon"] {
            assert!(is_valid_id(name), "{name}");
        }
    }

    #[test]
    fn default_seed_is_fixed() {
        // FNV-1a test vectors.
        assert_eq!(default_seed(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(default_seed("a"), 0xaf63_dc4c_8601_ec8c);
    }
}
