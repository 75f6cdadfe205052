//! Checks the `[[players]]` entries: ids (written or made from the name) and numbers used once,
//! `drop`, `rejoin` and `late` (late entries, rejoining after a drop, disqualification), `avoid`
//! naming other registered players, and leaders who play at a tier where they may not.

use std::collections::BTreeMap;

use super::common::{in_range, name_and_id, resolve};
use crate::diag::Code;
use crate::event::{EventInfo, Player};
use crate::load::decklists;
use crate::load::read::RawPlayer;
use crate::rules::{Family, MAX_ROUNDS, Ruleset};
use crate::toml_reader::Reader;

pub(super) fn validate_players(
    reader: &mut Reader<'_>,
    raw: &[RawPlayer],
    decks: &[decklists::PlayerDecks],
    ruleset: Option<&Ruleset>,
    recorded_rounds: usize,
) -> Vec<Player> {
    let mut players = Vec::with_capacity(raw.len());
    let mut ids: BTreeMap<String, usize> = BTreeMap::new();
    let mut numbers: BTreeMap<u32, usize> = BTreeMap::new();
    for (index, p) in raw.iter().enumerate() {
        let (name, id) = name_and_id(reader, &p.name, &p.id, "player");
        if !id.is_empty() {
            if let Some(&first) = ids.get(&id) {
                let span = p.id.as_ref().map_or_else(
                    || p.name.as_ref().map_or(p.span.clone(), |n| n.span.clone()),
                    |i| i.span.clone(),
                );
                let derived = if p.id.is_none() {
                    " (made from the name)"
                } else {
                    ""
                };
                reader
                    .error(
                        Code::BadId,
                        span,
                        format!(
                            "player id `{id}`{derived} is already used by player {}",
                            first + 1
                        ),
                    )
                    .help = Some("give each of these players an explicit, different `id`".into());
            } else {
                ids.insert(id.clone(), index);
            }
        }
        let number = match &p.number {
            Some(n) => in_range(reader, &Some(n.clone()), "`number`", 1, 100_000).unwrap_or(0),
            None => index as u32 + 1,
        };
        if number > 0 {
            if let Some(&first) = numbers.get(&number) {
                let span = p.number.as_ref().map_or(p.span.clone(), |n| n.span.clone());
                reader.error(Code::BadId, span, format!("player number {number} is already used by player {}", first + 1)).help =
                    Some("give every player a different `number`, or leave all numbers out to use registration order".into());
            } else {
                numbers.insert(number, index);
            }
        }
        let drop = in_range(reader, &p.drop, "`drop`", 0, i64::from(MAX_ROUNDS));
        let rejoin = in_range(reader, &p.rejoin, "`rejoin`", 1, i64::from(MAX_ROUNDS));
        let disqualified = p.disqualified.as_ref().is_some_and(|d| d.value);
        let late = late_entry(reader, p, drop, ruleset, recorded_rounds);
        if let Some(r) = &p.rejoin {
            match (drop, rejoin) {
                (None, _) if p.drop.is_none() => {
                    reader
                        .error(
                            Code::InvalidValue,
                            r.span.clone(),
                            "`rejoin` without `drop`",
                        )
                        .help = Some("add `drop` with the last round played before leaving".into());
                }
                (Some(d), Some(j)) if j <= d => {
                    reader
                        .error(
                            Code::InvalidValue,
                            r.span.clone(),
                            format!("`rejoin = {j}` is not after `drop = {d}`"),
                        )
                        .help = Some(format!(
                        "a player who left after round {d} can come back from round {} on",
                        d + 1
                    ));
                }
                _ => {}
            }
            if ruleset.is_some_and(|rs| !rs.allows_rejoin) {
                reader
                    .error(
                        Code::InvalidValue,
                        r.span.clone(),
                        "this ruleset does not let dropped players rejoin",
                    )
                    .help = Some("remove `rejoin`".into());
            }
            if disqualified {
                reader
                    .error(
                        Code::Conflict,
                        r.span.clone(),
                        "a disqualified player cannot rejoin",
                    )
                    .help = Some("remove `rejoin` or `disqualified`".into());
            }
        }
        if let Some(dq) = &p.disqualified
            && dq.value
            && p.drop.is_none()
        {
            reader
                .error(
                    Code::MissingField,
                    dq.span.clone(),
                    "a disqualification needs `drop`",
                )
                .help = Some("add `drop` with the last round the player was in the event".into());
        }
        // Before `late` existed, a late entry was written `drop = 0` with `rejoin`: it still
        // reads, as the late entry it always meant.
        let (drop, rejoin, late) = match (drop, rejoin, late) {
            (Some(0), Some(from), None) => (None, None, Some(from)),
            other => other,
        };
        players.push(Player {
            id,
            name,
            number,
            avoid: Vec::new(),
            drop,
            rejoin,
            late,
            disqualified,
            organizer: p.organizer.as_ref().is_some_and(|o| o.value),
            decks: decks
                .get(index)
                .map(|d| d.decks.clone())
                .unwrap_or_default(),
        });
    }
    for (index, p) in raw.iter().enumerate() {
        for other in &p.avoid {
            if let Some(o) = resolve(reader, &ids, other, "in `avoid`") {
                if o == index {
                    reader
                        .error(
                            Code::InvalidValue,
                            other.span.clone(),
                            "a player cannot avoid themselves",
                        )
                        .help = Some("remove this id from `avoid`".into());
                } else if !players[index].avoid.contains(&o) {
                    players[index].avoid.push(o);
                }
            }
        }
    }
    players
}

/// A player's `late`, checked: from round 2 on, at most the next round to be paired (the rounds
/// the file records plus one), and not after the player's own `drop`.
fn late_entry(
    reader: &mut Reader<'_>,
    p: &RawPlayer,
    drop: Option<u32>,
    ruleset: Option<&Ruleset>,
    recorded_rounds: usize,
) -> Option<u32> {
    let raw = p.late.as_ref()?;
    let unit = match ruleset.map(|r| r.family) {
        Some(Family::Ccg) => "game",
        _ => "round",
    };
    if raw.value == 1 {
        reader
            .error(
                Code::InvalidValue,
                raw.span.clone(),
                format!("`late = 1` is not a late entry: every player plays from {unit} 1"),
            )
            .help = Some("remove `late`".into());
        return None;
    }
    let late = in_range(reader, &p.late, "`late`", 2, i64::from(MAX_ROUNDS))?;
    let next = recorded_rounds as u32 + 1;
    if late > next {
        reader
            .error(
                Code::InvalidValue,
                raw.span.clone(),
                format!("`late = {late}`, but the next {unit} to be paired is {unit} {next}"),
            )
            .help = Some(format!(
            "a late entry joins from the next {unit} to be paired: write `late = {next}`, or pair the {unit}s before {unit} {late} first"
        ));
        return None;
    }
    match drop {
        Some(0) => {
            reader
                .error(
                    Code::Conflict,
                    raw.span.clone(),
                    "`late` and `drop = 0` say two different things",
                )
                .help = Some(format!(
                "a late entry playing from {unit} {late} needs only `late = {late}`; remove `drop` (and `rejoin`)"
            ));
            None
        }
        Some(d) if d < late => {
            reader
                .error(
                    Code::Conflict,
                    raw.span.clone(),
                    format!("`late = {late}` is after `drop = {d}`: the player never played"),
                )
                .help = Some(format!(
                "a late entry from {unit} {late} can drop after {unit} {late} at the earliest; correct `drop` or `late`"
            ));
            None
        }
        _ => Some(late),
    }
}

/// Warns about players marked `organizer = true` (a leader of the event: its organizer, a
/// marshal or a judge) in an event of a tier whose leaders may not play
/// ([`Ruleset::leaders_do_not_play`]). At other tiers a leader may play when a second leader is
/// there to rule on their games, which the file does not record, so nothing is said. A warning,
/// not an error: if the leader did play, the archive keeps the event as it was.
pub(super) fn leaders_playing(
    reader: &mut Reader<'_>,
    raw: &[RawPlayer],
    ruleset: &Ruleset,
    info: &EventInfo,
) {
    let Some(tier) = info
        .tier
        .as_deref()
        .filter(|t| ruleset.leaders_do_not_play.contains(t))
    else {
        return;
    };
    for (p, flag) in raw
        .iter()
        .filter_map(|p| Some((p, p.organizer.as_ref().filter(|o| o.value)?)))
    {
        let name = p.name.as_ref().map_or("this player", |n| n.value.trim());
        reader
            .warning(
                Code::RuleDeparture,
                flag.span.clone(),
                format!(
                    "{name} is one of the event's leaders, who do not play in a {tier} tier event under {}",
                    ruleset.id
                ),
            )
            .help = Some(format!(
            "leaders of {tier} events give the event their full attention (see {}#leaders); remove `organizer` if {name} only played",
            ruleset.reference_page
        ));
    }
}
