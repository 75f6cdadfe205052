//! Limits on what one event file may hold. Archives take pull requests from anyone, and a file
//! that is absurdly large (by mistake or on purpose) must be refused with a message, quickly and
//! within bounded memory, before any work proportional to its content starts: the size before the
//! file is read, the nesting depth before it is parsed, the number of players and rounds before
//! they are validated and computed. Each limit is far beyond any real tournament, so no organizer
//! ever meets one; every refusal is a [`Code::Limit`] diagnostic, and `content/docs/diagnostics.md`
//! lists the limits under H017.

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::diag::Code;
use crate::toml_reader::Reader;

/// Largest file read (event, decklist, content page or configuration). The largest real events
/// are a few hundred kilobytes, decklists included.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Largest file of `static/` or a theme's `static/` (and any template), which the build holds in
/// memory: room for photos and fonts, well under what static hosts take for one file
/// (GitHub Pages warns at 50 MB).
pub const MAX_STATIC_BYTES: u64 = 32 * 1024 * 1024;

/// Deepest nesting of lists and inline tables. An event needs four levels at most (a timed
/// elimination game's state inside a game inside the `games` list).
pub const MAX_NESTING: usize = 16;

/// Most players (or `[[standings]]` rows, or teams) in one event. The largest Swiss pairing
/// benchmarked (`cargo bench --bench pairing`) has 4,096 players.
pub const MAX_PLAYERS: usize = 4096;

/// Most `[[rounds]]` entries: Swiss rounds, or SW:CCG games (two per round of play).
pub const MAX_ROUNDS: usize = 64;

/// Most decklist entries (objective sets or card lines) in one event, decklist files included.
/// Each entry is looked up in the card index, and an unknown one is compared with every card
/// name for a suggestion; this bounds that work. It is sixty-line SW:CCG decks for 136 players,
/// or objective decks for 800.
pub const MAX_DECK_ENTRIES: usize = 16_384;

/// Reports the first list or inline table opened deeper than [`MAX_NESTING`]; the text is not
/// parsed then. Strings and comments are skipped, so a `[` inside a name counts for nothing. Table
/// headers (`[players.decks.dark]`) open and close on their line, so they count as one level.
pub fn check_nesting(reader: &mut Reader<'_>, text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            quote @ (b'"' | b'\'') => {
                let triple = bytes[i..].starts_with(&[quote; 3]);
                i += if triple { 3 } else { 1 };
                while i < bytes.len() {
                    if quote == b'"' && bytes[i] == b'\\' {
                        i += 2;
                        continue;
                    }
                    if triple && bytes[i..].starts_with(&[quote; 3]) {
                        // A closing `"""` may be followed by up to two more quotes of the string.
                        i += 3;
                        while i < bytes.len() && bytes[i] == quote {
                            i += 1;
                        }
                        break;
                    }
                    if !triple && (bytes[i] == quote || bytes[i] == b'\n') {
                        i += 1;
                        break;
                    }
                    i += 1;
                }
                continue;
            }
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    reader
                        .error(
                            Code::Limit,
                            i..i + 1,
                            format!("lists and tables are nested more than {MAX_NESTING} deep here"),
                        )
                        .help = Some(
                        "an event needs four levels at most: close the brackets that were left open"
                            .into(),
                    );
                    return false;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    true
}

/// Reports `players`, `teams`, `standings` and `rounds` lists longer than their limits, at the
/// first entry past the limit.
pub fn check_counts(reader: &mut Reader<'_>, doc: &Spanned<DeTable<'_>>) -> bool {
    let mut within = true;
    for (key, limit, what) in [
        ("players", MAX_PLAYERS, "players"),
        ("teams", MAX_PLAYERS, "teams"),
        ("standings", MAX_PLAYERS, "standings rows"),
        ("rounds", MAX_ROUNDS, "rounds"),
    ] {
        let Some(value) = doc.get_ref().get(key) else {
            continue;
        };
        let DeValue::Array(items) = value.get_ref() else {
            continue;
        };
        if let Some(first_over) = items.get(limit) {
            within = false;
            reader
                .error(
                    Code::Limit,
                    first_over.span(),
                    format!(
                        "this event has {} {what}, more than the {limit} an event may have",
                        items.len()
                    ),
                )
                .help = Some(format!(
                "split it into several events; no real tournament has more than {limit} {what}"
            ));
        }
    }
    within
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn nesting_ok(text: &str) -> bool {
        let path = Path::new("events/x.toml");
        let mut reader = Reader::new(path);
        check_nesting(&mut reader, text)
    }

    #[test]
    fn nesting_is_counted_outside_strings_and_comments() {
        let deep = format!("a = {}{}", "[".repeat(17), "]".repeat(17));
        assert!(!nesting_ok(&deep));
        assert!(nesting_ok(&format!(
            "a = {}{}",
            "[".repeat(16),
            "]".repeat(16)
        )));
        assert!(nesting_ok(&format!("a = \"{}\"", "[".repeat(100))));
        assert!(nesting_ok(&format!("a = '''{}'''", "{".repeat(100))));
        assert!(nesting_ok(&format!(
            "a = \"\"\"\\\"\"\"{}\"\"\"",
            "[".repeat(100)
        )));
        assert!(nesting_ok(&format!("# {}\na = 1", "[".repeat(100))));
        assert!(nesting_ok(&format!("a = \"\\\"{}\"", "[".repeat(100))));
        // Siblings do not add up.
        assert!(nesting_ok(&"[[players]]\n".repeat(100)));
    }

    #[test]
    fn the_deepest_real_event_fits() {
        let text = include_str!("../../events/2018/outer-rim-store-championship.toml");
        assert!(nesting_ok(text));
    }
}
