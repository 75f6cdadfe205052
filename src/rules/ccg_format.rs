//! What a SW:CCG event's `format` and `variant` mean under the guide: the guide's format, the
//! variants each format allows, whether players keep one side all event, the Final
//! Confrontation's length, deck size, game time and draft pods. These are facts of the file's
//! settings alone, read by the validation, the editing commands and the pages as well as by
//! the computation ([`super::ccg_event`], [`super::ccg_replay`]), so they stand below all of it.

use super::swccg;
use crate::event::EventInfo;

/// Whether the format keeps each player on one side all event (sealed, draft, cube).
/// Limited formats (sealed, draft, cube) keep each player on one side, except Secret Squirrel,
/// whose decks hold both sides' cards.
pub(crate) fn fixed_sides(info: &EventInfo) -> bool {
    matches!(info.format.as_str(), "sealed" | "draft" | "cube") && !secret_squirrel(info)
}

/// Whether the event plays the Secret Squirrel variant (sealed or cube).
pub(crate) fn secret_squirrel(info: &EventInfo) -> bool {
    info.variant.as_deref() == Some("secret-squirrel")
}

/// The number of games of the Final Confrontation: one in limited formats, else a match of two.
pub(crate) fn final_games(info: &EventInfo) -> u32 {
    if single_final_game(info) { 1 } else { 2 }
}

/// Whether the Final Confrontation is a single game (limited formats) rather than a match.
pub(crate) fn single_final_game(info: &EventInfo) -> bool {
    matches!(info.format.as_str(), "sealed" | "draft" | "cube")
}

/// The guide's format for an event's `format` (team events play constructed).
pub(crate) fn guide_format(info: &EventInfo) -> swccg::formats::Format {
    match (info.format.as_str(), info.variant.as_deref()) {
        ("sealed", Some("epp-overdrive")) => swccg::formats::Format::EppOverdrive,
        ("sealed", Some("secret-squirrel")) => swccg::formats::Format::SecretSquirrel,
        ("sealed", _) => swccg::formats::Format::Sealed,
        ("draft", _) => swccg::formats::Format::BoosterDraft,
        ("cube", Some("secret-squirrel")) => swccg::formats::Format::CubeSecretSquirrel,
        ("cube", _) => swccg::formats::Format::Cube,
        _ => swccg::formats::Format::Constructed,
    }
}

/// The variants an event of `format` may name in `variant`.
pub(crate) fn variants(format: &str) -> &'static [&'static str] {
    match format {
        "sealed" => &["secret-squirrel", "epp-overdrive"],
        "cube" => &["secret-squirrel"],
        _ => &[],
    }
}

/// Cards per deck of sealed, draft and cube events that give no `deck_size` (EPP Overdrive
/// aside): the guide's usual size for them.
pub(crate) const LIMITED_DECK_SIZE: u32 = 40;

/// Cards per deck: the event's `deck_size`, else the format's: 60 in constructed (and team)
/// play, 30 in EPP Overdrive, and 40 in the other limited formats (the guide's usual size for
/// sealed, draft and Watto's Cube decks).
pub(crate) fn deck_size(info: &EventInfo) -> u32 {
    info.deck_size.unwrap_or(match guide_format(info) {
        swccg::formats::Format::Constructed => super::ccg_decks::CONSTRUCTED_DECK_SIZE,
        swccg::formats::Format::EppOverdrive => 30,
        _ => LIMITED_DECK_SIZE,
    })
}

/// The game time of an event: its `round_minutes`, else the format's time for its deck size
/// (one minute per card).
pub(crate) fn game_minutes(info: &EventInfo) -> u32 {
    info.round_minutes
        .unwrap_or_else(|| swccg::formats::game_minutes(guide_format(info), deck_size(info)))
}

/// The pods of a booster draft or Watto's Cube event for its player count, as text
/// ("4 + 6, with a dummy hand"); `None` for other formats or counts the guide does not list.
pub(crate) fn pods(info: &EventInfo, players: u32) -> Option<String> {
    match info.format.as_str() {
        "draft" => swccg::formats::draft_pods(players).map(|pods| {
            let sizes: Vec<String> = pods.iter().map(|(n, _)| n.to_string()).collect();
            let dummy = if pods.iter().any(|(_, d)| *d) {
                ", with a dummy hand"
            } else {
                ""
            };
            format!("{}{dummy}", sizes.join(" + "))
        }),
        "cube" => swccg::formats::cube_pods(players, secret_squirrel(info)).map(|pods| {
            pods.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" + ")
        }),
        _ => None,
    }
}
