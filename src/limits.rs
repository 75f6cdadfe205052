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

/// Largest file of `static/` or a theme's `static/` (and any template). Static files are hashed
/// and copied by streaming, never held whole, so this is about the host rather than memory: room
/// for photos and fonts, well under what static hosts take for one file (GitHub Pages warns at
/// 50 MB and refuses 100 MB).
pub const MAX_STATIC_BYTES: u64 = 32 * 1024 * 1024;

/// Deepest nesting of lists, inline tables and dotted keys, in every TOML file (checked by
/// [`crate::toml_reader::Reader::parse`] before the parser recurses).
pub use crate::toml_reader::MAX_NESTING;

/// Most players (or `[[standings]]` rows, or teams) in one event. The largest Swiss pairing
/// benchmarked (`cargo bench --bench pairing`) has 4,096 players.
pub const MAX_PLAYERS: usize = 4096;

/// Most `[[rounds]]` entries: Swiss rounds, or SW:CCG games (two per round of play).
pub const MAX_ROUNDS: usize = 64;

/// Most tables across all of an event's `[[rounds]]`. Each table adds a row to the standings
/// after its round and to its players' histories, so pages grow with players times rounds; this
/// keeps the largest event page to a few megabytes (1,024 players for 16 rounds, or 512 for 32),
/// where 4,096 players for 30 rounds would make a page of 100 MB. The largest real events are
/// a few hundred players for about ten rounds: under a thousand tables.
pub const MAX_TABLES: usize = 8_192;

/// Most decklist entries (objective sets or card lines) in one event, decklist files included.
/// Each entry is looked up in the card index, and an unknown one is compared with every card
/// name for a suggestion; this bounds that work. It is sixty-line SW:CCG decks for 136 players,
/// or objective decks for 800.
pub const MAX_DECK_ENTRIES: usize = 16_384;

/// Reports `players`, `teams`, `standings` and `rounds` lists longer than their limits, at the
/// first entry past the limit.
pub(crate) fn check_counts(reader: &mut Reader<'_>, doc: &Spanned<DeTable<'_>>) -> bool {
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
    if let Some(DeValue::Array(rounds)) = doc.get_ref().get("rounds").map(|v| v.get_ref()) {
        let mut tables = 0usize;
        for round in rounds {
            let DeValue::Table(round) = round.get_ref() else {
                continue;
            };
            let Some(DeValue::Array(list)) = round.get("tables").map(|v| v.get_ref()) else {
                continue;
            };
            if let Some(first_over) = list.get(MAX_TABLES.saturating_sub(tables)) {
                within = false;
                reader
                    .error(
                        Code::Limit,
                        first_over.span(),
                        format!(
                            "this event has more than {MAX_TABLES} tables across its rounds; this is the first one over"
                        ),
                    )
                    .help = Some(
                    "split it into several events (each table adds a row to every page of the event); no real tournament comes near".into(),
                );
                break;
            }
            tables += list.len();
        }
    }
    within
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    #[test]
    fn the_deepest_real_event_fits() {
        let text = include_str!("../events/2018/outer-rim-store-championship.toml");
        let mut reader = Reader::new(Path::new("events/x.toml"));
        assert!(reader.parse(text).is_some());
    }
}
