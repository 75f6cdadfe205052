//! Checks the `[[players]]` entries: ids (written or made from the name) and numbers used once,
//! `drop`, `rejoin` and `late` (late entries, rejoining after a drop, disqualification), `avoid`
//! naming other registered players, and leaders who play at a tier where they may not.

use std::collections::BTreeMap;

use super::common::{in_range, name_and_id, resolve};
use crate::diag::Code;
use crate::event::{EventInfo, Player};
use crate::load::decklists;
use crate::load::raw::RawPlayer;
use crate::rules::{MAX_ROUNDS, Ruleset};
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
            forum_handle: p.forum_handle.as_ref().map(|h| h.value.clone()),
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
    let unit = ruleset.map_or("round", |r| r.family.round_unit());
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
    // A leader who withdrew before round 1 and never came back (`drop = 0`, no `rejoin`) never
    // played: leading the event is then all they did.
    let never_played =
        |p: &RawPlayer| p.drop.as_ref().is_some_and(|d| d.value == 0) && p.rejoin.is_none();
    for (p, flag) in raw
        .iter()
        .filter(|p| !never_played(p))
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

#[cfg(test)]
mod tests {
    use super::super::testing::{
        SWISS, SWISS_2014, assert_clean, assert_none, event, find, line_of, players, round,
    };
    use crate::diag::{Code, Severity};

    /// Four players, the last written with `extra` lines.
    fn with_di(extra: &str) -> String {
        format!(
            "{}[[players]]\nname = \"Di\"\n{extra}\n",
            players(&["Ann", "Bo", "Cy"])
        )
    }

    /// Round 1 (all four seated, finished).
    fn round_one() -> String {
        round(&[
            "players = [\"ann\", \"bo\"], games = [\"ann\", \"ann\"]",
            "players = [\"cy\", \"di\"], games = [\"cy\", \"cy\"]",
        ])
    }

    #[test]
    fn an_id_made_from_a_name_already_used() {
        let text = event(SWISS, &players(&["Ann", "Bo", "Cy", "ann"]), "");
        let d = find(&text, "is already used by player 1");
        assert_eq!(
            d.message,
            "player id `ann` (made from the name) is already used by player 1"
        );
        assert_eq!((d.severity, d.code), (Severity::Error, Code::BadId));
        assert_eq!(
            (d.line, d.spanned.as_str()),
            (line_of(&text, "\"ann\""), "\"ann\"")
        );
    }

    #[test]
    fn a_written_id_already_used() {
        let text = event(SWISS, &with_di("id = \"bo\""), "");
        let d = find(&text, "player id `bo` is already used by player 2");
        assert_eq!(d.code, Code::BadId);
        assert_eq!((d.line, d.col), (line_of(&text, "id = \"bo\""), 6));
    }

    #[test]
    fn a_malformed_id() {
        let text = event(SWISS, &with_di("id = \"Di Two\""), "");
        let d = find(&text, "`Di Two` is not a valid player id");
        assert_eq!(d.code, Code::BadId);
        assert!(d.help.ends_with("such as `di-two`"), "{}", d.help);
        assert_eq!(d.spanned, "\"Di Two\"");
    }

    #[test]
    fn a_number_already_used() {
        let text = event(SWISS, &with_di("number = 1"), "");
        let d = find(&text, "player number 1 is already used by player 1");
        assert_eq!((d.code, d.spanned.as_str()), (Code::BadId, "1"));
    }

    #[test]
    fn rejoin_needs_a_drop_before_it() {
        let text = event(SWISS, &with_di("rejoin = 2"), &round_one());
        let d = find(&text, "`rejoin` without `drop`");
        assert_eq!(
            (d.code, d.line),
            (Code::InvalidValue, line_of(&text, "rejoin"))
        );
        let text = event(SWISS, &with_di("drop = 2\nrejoin = 2"), &round_one());
        let d = find(&text, "`rejoin = 2` is not after `drop = 2`");
        assert_eq!(
            d.help,
            "a player who left after round 2 can come back from round 3 on"
        );
        assert_eq!(d.spanned, "2");
        assert_eq!(d.line, line_of(&text, "rejoin"));
    }

    #[test]
    fn rejoining_under_rules_that_forbid_it() {
        let rounds = round_one();
        assert_none(
            &event(SWISS, &with_di("drop = 1\nrejoin = 3"), &rounds),
            "rejoin",
        );
        let text = event(SWISS_2014, &with_di("drop = 1\nrejoin = 3"), &rounds);
        let d = find(&text, "this ruleset does not let dropped players rejoin");
        assert_eq!(
            (d.code, d.line),
            (Code::InvalidValue, line_of(&text, "rejoin"))
        );
    }

    #[test]
    fn a_disqualification_needs_a_drop_and_no_rejoin() {
        let text = event(SWISS, &with_di("disqualified = true"), "");
        let d = find(&text, "a disqualification needs `drop`");
        assert_eq!((d.code, d.spanned.as_str()), (Code::MissingField, "true"));
        let text = event(
            SWISS,
            &with_di("drop = 1\nrejoin = 3\ndisqualified = true"),
            &round_one(),
        );
        let d = find(&text, "a disqualified player cannot rejoin");
        assert_eq!((d.code, d.line), (Code::Conflict, line_of(&text, "rejoin")));
    }

    #[test]
    fn late_one_is_not_a_late_entry() {
        let text = event(SWISS, &with_di("late = 1"), "");
        let d = find(&text, "`late = 1` is not a late entry");
        assert_eq!(
            d.message,
            "`late = 1` is not a late entry: every player plays from round 1"
        );
        assert_eq!(
            (d.code, d.line, d.col),
            (Code::InvalidValue, line_of(&text, "late"), 8)
        );
    }

    #[test]
    fn a_late_entry_joins_at_the_next_round_at_the_latest() {
        let rounds = round(&["players = [\"ann\", \"bo\"], games = [\"ann\", \"ann\"]"])
            .replace("[[rounds]]\n", "[[rounds]]\nbyes = [\"cy\"]\n");
        assert_clean(&event(SWISS, &with_di("late = 2"), &rounds));
        let text = event(SWISS, &with_di("late = 3"), &rounds);
        let d = find(
            &text,
            "`late = 3`, but the next round to be paired is round 2",
        );
        assert_eq!((d.code, d.spanned.as_str()), (Code::InvalidValue, "3"));
    }

    #[test]
    fn a_late_entry_that_drops_before_joining() {
        let rounds = format!(
            "{}{}",
            round(&["players = [\"ann\", \"bo\"], games = [\"ann\", \"ann\"]"])
                .replace("[[rounds]]\n", "[[rounds]]\nbyes = [\"cy\"]\n"),
            round(&[
                "players = [\"ann\", \"bo\"], games = [\"ann\", \"ann\"]",
                "players = [\"cy\", \"di\"], games = [\"cy\", \"cy\"]",
            ])
        );
        let text = event(SWISS, &with_di("late = 3\ndrop = 2"), &rounds);
        let d = find(
            &text,
            "`late = 3` is after `drop = 2`: the player never played",
        );
        assert_eq!((d.code, d.line), (Code::Conflict, line_of(&text, "late")));
        let text = event(SWISS, &with_di("late = 2\ndrop = 0"), &rounds);
        let d = find(&text, "`late` and `drop = 0` say two different things");
        assert_eq!((d.code, d.spanned.as_str()), (Code::Conflict, "2"));
    }

    #[test]
    fn the_old_spelling_of_a_late_entry_still_reads() {
        // `drop = 0` with `rejoin`, before `late` existed: Di joins in round 2.
        let rounds = round(&["players = [\"ann\", \"bo\"], games = [\"ann\", \"ann\"]"])
            .replace("[[rounds]]\n", "[[rounds]]\nbyes = [\"cy\"]\n");
        assert_clean(&event(SWISS, &with_di("drop = 0\nrejoin = 2"), &rounds));
    }

    #[test]
    fn avoid_names_another_registered_player() {
        let text = event(SWISS, &with_di("avoid = [\"di\", \"bob\"]"), "");
        let d = find(&text, "a player cannot avoid themselves");
        assert_eq!((d.code, d.spanned.as_str()), (Code::InvalidValue, "\"di\""));
        let d = find(&text, "`bob` in `avoid` is not a registered player");
        assert_eq!(d.code, Code::UnknownReference);
        assert_eq!(d.label.as_deref(), Some("did you mean `bo`?"));
        assert_eq!(d.spanned, "\"bob\"");
    }

    #[test]
    fn a_leader_playing_at_a_formal_event() {
        let text = event(
            &format!("{SWISS}\ntier = \"formal\""),
            &with_di("organizer = true"),
            "",
        );
        let d = find(&text, "is one of the event's leaders");
        assert_eq!(
            d.message,
            "Di is one of the event's leaders, who do not play in a formal tier event under ffg-2018"
        );
        assert_eq!(
            (d.severity, d.code),
            (Severity::Warning, Code::RuleDeparture)
        );
        assert_eq!(
            (d.line, d.spanned.as_str()),
            (line_of(&text, "organizer"), "true")
        );
        // At a relaxed event a second leader may rule on their games.
        assert_clean(&event(
            &format!("{SWISS}\ntier = \"relaxed\""),
            &with_di("organizer = true"),
            "",
        ));
    }

    /// A leader who withdrew before round 1 (`drop = 0`) never sat at a table: the event had
    /// their full attention, so there is no playing leader to warn about. Back with `rejoin`,
    /// they play again and are warned about.
    #[test]
    fn leader_who_withdrew_before_round_one_is_not_playing() {
        let formal = format!("{SWISS}\ntier = \"formal\"");
        let three = "[[rounds]]\ntables = [{ players = [\"ann\", \"bo\"], games = [\"ann\", \"ann\"] }]\nbyes = [\"cy\"]\n";
        assert_clean(&event(
            &formal,
            &with_di("organizer = true\ndrop = 0"),
            three,
        ));
        assert_none(
            &event(&formal, &with_di("organizer = true\ndrop = 0"), ""),
            "is one of the event's leaders",
        );
        find(
            &event(
                &formal,
                &with_di("organizer = true\ndrop = 1"),
                &round_one(),
            ),
            "Di is one of the event's leaders",
        );
    }
}
