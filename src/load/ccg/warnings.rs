//! What a SW:CCG event file may hold but an organizer should look at again: a player who
//! switched sides where the format fixes them, a deck below a format's minimums, a tournament
//! director who played.

use std::collections::BTreeMap;

use crate::diag::Code;
use crate::event::Side;
use crate::event::{CcgRound, EventInfo, Player};
use crate::load::raw::RawEvent;
use crate::rules::swccg::formats::{Format, Tier, minimum_warnings};
use crate::toml_reader::Reader;

/// Warns where a player of a sealed, draft or cube event (Secret Squirrel aside, whose decks
/// hold both sides) plays the other allegiance than in their first game: "players do not switch
/// allegiances in Sealed Deck play". Once per player, at the first game where they switched (a
/// game of play or of the Final Confrontation). Players the file does not know were reported
/// already.
pub(crate) fn warn_switched_allegiance(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    info: &EventInfo,
    players: &[Player],
) {
    if !crate::rules::ccg_format::fixed_sides(info) {
        return;
    }
    let ids: BTreeMap<&str, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.as_str(), i))
        .collect();
    let games = raw
        .rounds
        .iter()
        .enumerate()
        .map(|(g, r)| (format!("game {}", g + 1), &r.tables));
    let fin = raw
        .final_match
        .iter()
        .map(|f| ("the Final Confrontation".to_string(), &f.ccg_games));
    let mut first: BTreeMap<usize, (Side, String)> = BTreeMap::new();
    let mut warned = Vec::new();
    for (game, tables) in games.chain(fin) {
        for ccg in tables.iter().filter_map(|t| t.ccg.as_ref()) {
            for (side, id) in [(Side::Dark, &ccg.dark), (Side::Light, &ccg.light)] {
                let Some(id) = id else { continue };
                let Some(&p) = ids.get(id.value.as_str()) else {
                    continue;
                };
                let (was, since) = first.entry(p).or_insert((side, game.clone())).clone();
                if was == side || warned.contains(&p) {
                    continue;
                }
                warned.push(p);
                reader
                    .warning(
                        Code::RuleDeparture,
                        id.span.clone(),
                        format!(
                            "{} plays {} in {game} but played {} in {since}: players do not switch allegiances in sealed play",
                            players[p].name,
                            side.name(),
                            was.name()
                        ),
                    )
                    .help = Some(format!(
                    "the event stands as recorded; if {} kept one deck, correct `dark` and `light` of this table (or of {since})",
                    players[p].name
                ));
            }
        }
    }
}

/// Warns when an event is below the guide's minimum players or games for its format, or below
/// the recommended number of games for its size. Until its first game is paired, an event is
/// still taking registrations (`holonet new`, then one `holonet register` per player), so its
/// size is not final and it is not warned about.
pub(crate) fn warn_below_minimums(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    info: &EventInfo,
    players: u32,
) {
    let Some(games) = info.swiss_rounds.filter(|_| !raw.rounds.is_empty()) else {
        return;
    };
    let format = crate::rules::ccg_format::guide_format(info);
    let tier = if info.tier.as_deref() == Some("championship") {
        Tier::Championship
    } else {
        Tier::Standard
    };
    for warning in minimum_warnings(format, tier, players, games) {
        reader.warning(Code::RuleDeparture, raw.info.span.clone(), warning.to_string()).help =
            Some("the event stands as recorded; check `swiss_rounds` (the number of games) if this was not intended".into());
    }
}

/// Warns where a tournament director plays in their own event against the guide's conditions
/// for it: in an odd field they must take the bye of the first game, and they may not play a
/// constructed Championship Level event where the Players' Committee offers a cash prize or
/// more than one Worlds Day 2 automatic bid. The event file does not record the prizes, so every
/// constructed championship event with a playing director is warned about. Each warning names
/// the section of the rules page.
pub(crate) fn warn_director_play(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    info: &EventInfo,
    players: &[Player],
    games: &[CcgRound],
) {
    let section = format!(
        "see `{}#playing-directors` on the site",
        crate::rules::SWCCG_2008.reference_page
    );
    let directors: Vec<usize> = (0..players.len())
        .filter(|&p| players[p].organizer)
        .collect();
    let constructed = crate::rules::ccg_format::guide_format(info) == Format::Constructed;
    if constructed && info.tier.as_deref() == Some("championship") {
        for &p in &directors {
            let span = raw.players[p]
                .organizer
                .as_ref()
                .map_or(raw.players[p].span.clone(), |o| o.span.clone());
            reader.warning(
                Code::RuleDeparture,
                span,
                format!(
                    "{} directs and plays in a constructed championship event; the guide does not allow it where the Players' Committee offers a cash prize or more than one Worlds Day 2 automatic bid",
                    players[p].name
                ),
            )
            .help = Some(format!(
                "if such prizes were offered, the director should not have played; {section}"
            ));
        }
    }
    let Some(first) = games.first() else { return };
    let field = first.tables.len() * 2 + first.byes.len();
    let playing: Vec<usize> = directors
        .into_iter()
        .filter(|&p| first.tables.iter().any(|t| t.dark == p || t.light == p))
        .collect();
    if field % 2 == 1 && !playing.is_empty() && !first.byes.iter().any(|&b| players[b].organizer) {
        let names: Vec<&str> = playing.iter().map(|&p| players[p].name.as_str()).collect();
        reader.warning(
            Code::RuleDeparture,
            raw.rounds[0].span.clone(),
            format!(
                "game 1 has an odd field, but the playing tournament director ({}) does not have the bye",
                names.join(", ")
            ),
        )
        .help = Some(format!(
            "the guide gives a playing director the first-game bye of an odd field: record it in `byes`; {section}"
        ));
    }
}
