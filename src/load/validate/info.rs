//! Checks the `[event]` table: `format`, `structure`, `tier`, `variant` against the ruleset,
//! numbers in range, a `cut` the ruleset allows, a structure that covers the event's players (or
//! the `swiss_rounds` a custom one needs), what a team event may not have, `url`, `end_date` not
//! before `date`, a name that is not empty, and when the decklists are published.

use super::common::in_range;
use crate::diag::Code;
use crate::event::ids::default_seed;
use crate::event::{DecklistRelease, EventInfo};
use crate::limits::MAX_TABLES;
use crate::load::raw::RawEvent;
use crate::rules::{MAX_ROUNDS, Ruleset, casual, structure};
use crate::toml_reader::{MAX_INTEGER, Reader, Sp};

pub(super) fn validate_info(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    ruleset: &Ruleset,
    slug: &str,
    player_count: u32,
) -> Option<EventInfo> {
    let info = &raw.info;
    let format = choice_or_default(reader, &info.format, "format", ruleset.formats);
    // A casual event plans no rounds: its `structure` (and the like) are reported in `casual`.
    let casual = format.as_deref().is_some_and(casual::is_casual);
    let structure = if casual {
        Some(casual::NO_STRUCTURE.to_string())
    } else {
        choice_or_default(reader, &info.structure, "structure", ruleset.structures)
    };
    let tier = info
        .tier
        .as_ref()
        .and_then(|t| choice_or_default(reader, &Some(t.clone()), "tier", ruleset.tiers));
    let swiss_rounds = in_range(
        reader,
        &info.swiss_rounds,
        "`swiss_rounds`",
        1,
        i64::from(MAX_ROUNDS),
    );
    let allowed_cuts = ruleset.allowed_cuts(raw.standings_span.is_some());
    let cut = info.cut.as_ref().and_then(|c| {
        if allowed_cuts.contains(&u32::try_from(c.value).unwrap_or(u32::MAX)) {
            u32::try_from(c.value).ok()
        } else {
            let sizes: Vec<String> = allowed_cuts.iter().map(u32::to_string).collect();
            reader
                .error(
                    Code::InvalidValue,
                    c.span.clone(),
                    format!("a cut of {} is not allowed by {}", c.value, ruleset.id),
                )
                .help = Some(format!("use one of: {}", sizes.join(", ")));
            None
        }
    });
    if let Some(structure) = structure.as_ref().filter(|_| !casual) {
        let has_table = ruleset
            .structure_tables
            .iter()
            .any(|(name, _)| name == structure);
        // An event known only by its results needs no plan of rounds, nor does one whose
        // record stops before its end (its plan was never recorded).
        if !has_table
            && info.swiss_rounds.is_none()
            && raw.standings_span.is_none()
            && info.stopped.is_none()
        {
            reader
                .error(
                    Code::MissingField,
                    info.span.clone(),
                    format!("a `{structure}` structure needs `swiss_rounds`"),
                )
                .help = Some("add `swiss_rounds = 4` (and `cut`, 0 for none) to `[event]`".into());
        }
        if has_table && raw.standings_span.is_none() {
            outside_structure_table(reader, raw, ruleset, structure, player_count);
        }
        // Once round 1 is paired the structure is fixed for its players: a late entry changes
        // nothing, and an override written after it is a change from what was announced.
        let counted = if raw.rounds.is_empty() {
            format!("{player_count} players")
        } else {
            format!("the {player_count} players of round 1")
        };
        if has_table && let Some(row) = structure::lookup(ruleset, structure, player_count) {
            if let (Some(given), Some(sp)) = (swiss_rounds, &info.swiss_rounds)
                && given != row.swiss_rounds
            {
                reader.warning(Code::RuleDeparture, sp.span.clone(), format!(
                    "`swiss_rounds = {given}` overrides the {structure} structure, which gives {} rounds for {counted}",
                    row.swiss_rounds
                )).help = Some("remove `swiss_rounds` to follow the structure, or use `structure = \"custom\"`".into());
            }
            if let (Some(given), Some(sp)) = (cut, &info.cut)
                && given != row.cut
            {
                reader.warning(Code::RuleDeparture, sp.span.clone(), format!(
                    "`cut = {given}` overrides the {structure} structure, which gives a cut of {} for {counted}",
                    row.cut
                )).help = Some("remove `cut` to follow the structure, or use `structure = \"custom\"`".into());
            }
        }
    }
    if !casual && raw.standings_span.is_none() {
        let row = structure
            .as_deref()
            .and_then(|name| structure::lookup(ruleset, name, player_count));
        let planned_rounds = swiss_rounds.or(row.map(|r| r.swiss_rounds));
        let planned_cut = cut.or(row.map(|r| r.cut)).unwrap_or(0);
        if let Some(rounds) = planned_rounds {
            plan_within_table_limit(reader, raw, player_count, rounds, planned_cut);
        }
    }
    let seed = in_range(reader, &info.seed, "`seed`", 0, MAX_INTEGER).map(u64::from);
    let format_name = format.as_deref().unwrap_or("standard");
    let (_, min_minutes, max_minutes) = ruleset.round_minutes(format_name);
    let round_minutes = in_range(
        reader,
        &info.round_minutes,
        "`round_minutes`",
        i64::from(min_minutes),
        i64::from(max_minutes),
    );
    if format_name == "team" {
        if let Some(s) = &info.structure
            && s.value != "custom"
        {
            reader
                .error(
                    Code::InvalidValue,
                    s.span.clone(),
                    "a team event announces its own number of rounds",
                )
                .help = Some("use `structure = \"custom\"` with `swiss_rounds`".into());
        }
        if info.structure.is_none() && ruleset.structures.first() != Some(&"custom") {
            reader.error(Code::MissingField, info.span.clone(), "a team event needs `structure = \"custom\"`").help =
                Some("add `structure = \"custom\"` and `swiss_rounds` to `[event]`: team events have no structure table".into());
        }
        if let Some(c) = &info.cut
            && c.value != 0
        {
            reader
                .error(
                    Code::InvalidValue,
                    c.span.clone(),
                    "team events have no cut",
                )
                .help =
                Some("remove `cut`: two teams tied for first play a final match instead".into());
        }
    }
    if let Some(url) = &info.url
        && !(url.value.starts_with("https://") || url.value.starts_with("http://"))
    {
        reader
            .error(
                Code::InvalidValue,
                url.span.clone(),
                "`url` must be a web address",
            )
            .help = Some("write the full address, starting with https://".into());
    }
    if let (Some(start), Some(end)) = (&info.date, &info.end_date)
        && end.value < start.value
    {
        reader
            .error(
                Code::InvalidValue,
                end.span.clone(),
                "`end_date` is before `date`",
            )
            .help = Some(format!("use a date on or after {}", start.value.iso()));
    }
    if let Some(stopped) = &info.stopped {
        let problem = if casual {
            Some((
                "a league or challenge event does not stop: it is closed".to_string(),
                "remove `stopped`; `holonet close FILE` closes the event".to_string(),
            ))
        } else if raw.standings_span.is_some() {
            Some((
                "an event known by its standings is recorded as it ended: it did not stop".to_string(),
                "remove `stopped`, or record the rounds the event played instead of `[[standings]]`".to_string(),
            ))
        } else {
            info.date
                .as_ref()
                .filter(|start| stopped.value < start.value)
                .map(|start| {
                    (
                        "`stopped` is before `date`".to_string(),
                        format!(
                            "use the day of the last recorded result, on or after {}",
                            start.value.iso()
                        ),
                    )
                })
        };
        if let Some((message, help)) = problem {
            reader
                .error(Code::InvalidValue, stopped.span.clone(), message)
                .help = Some(help);
        }
    }
    let name = info.name.as_ref()?;
    if name.value.trim().is_empty() {
        reader
            .error(Code::InvalidValue, name.span.clone(), "`name` is empty")
            .help = Some("give the event its name".into());
    }
    Some(EventInfo {
        name: name.value.trim().to_string(),
        date: info.date.as_ref()?.value,
        end_date: info.end_date.as_ref().map(|d| d.value),
        rules: ruleset.id.to_string(),
        format: format.clone()?,
        structure: structure?,
        swiss_rounds,
        cut,
        field_size: in_range(reader, &info.field_size, "`field_size`", 1, 100_000),
        tier,
        seed: seed.unwrap_or_else(|| default_seed(slug)),
        location: info.location.as_ref().map(|s| s.value.clone()),
        venue: info.venue.as_ref().map(|s| s.value.clone()),
        organizer: info.organizer.as_ref().map(|s| s.value.clone()),
        url: info.url.as_ref().map(|s| s.value.clone()),
        round_minutes,
        variant: info.variant.as_ref().and_then(|v| {
            let allowed = crate::rules::ccg_format::variants(format_name);
            if allowed.contains(&v.value.as_str()) {
                Some(v.value.clone())
            } else {
                reader.not_one_of(
                    v,
                    format!("`{}` is not a variant of this format", v.value),
                    allowed,
                );
                None
            }
        }),
        deck_size: in_range(reader, &info.deck_size, "`deck_size`", 10, 200),
        description: info.description.as_ref().map(|s| s.value.clone()),
        min_games: in_range(reader, &info.min_games, "`min_games`", 1, 1000),
        closed: info.closed.as_ref().is_some_and(|c| c.value),
        stopped: info.stopped.as_ref().map(|d| d.value),
        decklists: decklist_release(reader, &info.decklists)?,
        updated: info.updated.as_ref().map(|t| t.value),
        paired: info.paired.as_ref().map(|t| t.value),
    })
}

/// Reports a structure whose table does not cover the event's number of players (the 2018
/// Advanced table starts at 9, the Basic at 4; both are open at the top): the table gives no
/// rounds and no cut, so the event has no plan to pair by. Once a round is recorded this is an
/// error, and `holonet pair` refuses round 1 with it. While registration is still open
/// (nothing paired) more players may still come: a structure the organizer chose (not the
/// ruleset's default, which `holonet new` writes) is then a warning, and the default says
/// nothing, or each `register` of the first players would advise a custom structure the event
/// does not need.
fn outside_structure_table(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    ruleset: &Ruleset,
    structure: &str,
    player_count: u32,
) {
    let Some(minimum) = structure::minimum_players(ruleset, structure) else {
        return;
    };
    let started = !raw.rounds.is_empty();
    let chosen = raw
        .info
        .structure
        .as_ref()
        .is_some_and(|s| Some(&s.value.as_str()) != ruleset.structures.first());
    if player_count == 0 || player_count >= minimum || !(started || chosen) {
        return;
    }
    let first = structure::lookup(ruleset, structure, minimum);
    let span = raw
        .info
        .structure
        .as_ref()
        .map_or(raw.info.span.clone(), |s| s.span.clone());
    let message = format!(
        "the {structure} structure's table starts at {minimum} players, and this event has {player_count}: it gives no Swiss rounds and no cut"
    );
    let help = format!(
        "use `structure = \"custom\"` with the rounds and cut the event announced, such as `swiss_rounds = {}` and `cut = 0`",
        first.map_or(3, |row| row.swiss_rounds)
    );
    let diagnostic = if started {
        reader.error(Code::InvalidValue, span, message)
    } else {
        reader.warning(Code::RuleDeparture, span, message)
    };
    diagnostic.help = Some(help);
}

/// When the decklists are published: `public` unless the file says otherwise.
fn decklist_release(
    reader: &mut Reader<'_>,
    value: &Option<Sp<String>>,
) -> Option<DecklistRelease> {
    let Some(v) = value else {
        return Some(DecklistRelease::Public);
    };
    let release = DecklistRelease::from_name(&v.value);
    if release.is_none() {
        reader
            .not_one_of(
                v,
                format!("`{}` is not a time to publish decklists", v.value),
                DecklistRelease::NAMES,
            )
            .help = Some(
            "use \"public\" (shown as soon as they are recorded), \"after-cut\" (once the Swiss rounds, or SW:CCG games, are over) or \"after-event\" (once the event is finished)"
                .into(),
        );
    }
    release
}

/// Checks an optional string against a list, defaulting to the list's first entry.
fn choice_or_default(
    reader: &mut Reader<'_>,
    value: &Option<Sp<String>>,
    what: &str,
    allowed: &[&str],
) -> Option<String> {
    match value {
        None => allowed.first().map(|s| s.to_string()),
        Some(v) if allowed.contains(&v.value.as_str()) => Some(v.value.clone()),
        Some(v) => {
            reader.not_one_of(
                v,
                format!("`{}` is not a valid {what} here", v.value),
                allowed,
            );
            None
        }
    }
}

/// Refuses, up front, a plan of rounds that the limit on tables would stop halfway: every Swiss
/// round seats half the field, and a cut of N plays N - 1 matches, so a field the player limit
/// allows could otherwise be checked, paired for a few rounds, and then refused by `pair` with
/// the event unfinishable.
fn plan_within_table_limit(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    player_count: u32,
    rounds: u32,
    cut: u32,
) {
    let per_round = u64::from(player_count).div_ceil(2);
    let planned = per_round * u64::from(rounds) + u64::from(cut.saturating_sub(1));
    if planned <= MAX_TABLES as u64 {
        return;
    }
    let span = raw
        .info
        .swiss_rounds
        .as_ref()
        .map_or_else(|| raw.info.span.clone(), |sp| sp.span.clone());
    let most = (MAX_TABLES as u64 - u64::from(cut.saturating_sub(1))) / per_round.max(1);
    reader
        .error(
            Code::Limit,
            span,
            format!(
                "{player_count} players for {rounds} Swiss rounds make {planned} tables, more than the {MAX_TABLES} an event may have: it could not be paired to its end"
            ),
        )
        .help = Some(format!(
        "plan at most {most} Swiss rounds for this field (`structure = \"custom\"` with `swiss_rounds`), or split it into several events"
    ));
}

#[cfg(test)]
mod tests {
    use super::super::testing::{
        SWISS, SWISS_2014, assert_clean, assert_none, event, find, four, line_of, players, round,
    };
    use crate::diag::{Code, Severity};

    #[test]
    fn the_minimal_event_is_valid() {
        assert_clean(&event(SWISS, &four(), ""));
    }

    #[test]
    fn an_unknown_format_is_named_with_the_closest() {
        let text = event(&format!("{SWISS}\nformat = \"standrd\""), &four(), "");
        let d = find(&text, "is not a valid format here");
        assert_eq!(d.message, "`standrd` is not a valid format here");
        assert_eq!((d.severity, d.code), (Severity::Error, Code::InvalidValue));
        assert_eq!(d.label.as_deref(), Some("did you mean `standard`?"));
        assert_eq!(d.help, "use one of: standard, team, league, challenge");
        assert_eq!(
            (d.line, d.spanned.as_str()),
            (line_of(&text, "standrd"), "\"standrd\"")
        );
    }

    #[test]
    fn an_unknown_structure_is_named_with_the_closest() {
        let info = "rules = \"ffg-2018\"\nstructure = \"advnced\"";
        let text = event(info, &four(), "");
        let d = find(&text, "is not a valid structure here");
        assert_eq!(d.code, Code::InvalidValue);
        assert_eq!(d.label.as_deref(), Some("did you mean `advanced`?"));
        assert_eq!((d.line, d.col), (line_of(&text, "advnced"), 13));
    }

    #[test]
    fn an_unknown_tier_is_refused() {
        let text = event(&format!("{SWISS}\ntier = \"formul\""), &four(), "");
        let d = find(&text, "`formul` is not a valid tier here");
        assert_eq!(d.code, Code::InvalidValue);
        assert_eq!(d.label.as_deref(), Some("did you mean `formal`?"));
        assert_eq!(d.spanned, "\"formul\"");
    }

    #[test]
    fn swiss_rounds_out_of_range() {
        let text = event(
            "rules = \"ffg-2018\"\nstructure = \"custom\"\nswiss_rounds = 0",
            &four(),
            "",
        );
        let d = find(&text, "`swiss_rounds` is 0, which is out of range");
        assert_eq!(d.code, Code::InvalidValue);
        assert_eq!((d.line, d.spanned.as_str()), (6, "0"));
    }

    /// A field the player limit allows, planned for more rounds than the table limit lets it
    /// finish, is refused at `swiss_rounds` before round 1 (4,096 players seat 2,048 tables a
    /// round: 4 rounds are 8,192 tables, the limit; 12 would be refused by `pair` at round 5).
    #[test]
    fn a_plan_of_rounds_past_the_table_limit_is_refused_up_front() {
        let names: Vec<String> = (0..4096).map(|i| format!("P{i}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let field = players(&names);
        let text = event(
            "rules = \"ffg-2018\"\nstructure = \"custom\"\nswiss_rounds = 12",
            &field,
            "",
        );
        let d = find(&text, "Swiss rounds make");
        assert_eq!(
            d.message,
            "4096 players for 12 Swiss rounds make 24576 tables, more than the 8192 an event may have: it could not be paired to its end"
        );
        assert_eq!((d.severity, d.code), (Severity::Error, Code::Limit));
        assert_eq!((d.line, d.spanned.as_str()), (6, "12"));
        assert!(
            d.help.starts_with("plan at most 4 Swiss rounds"),
            "{}",
            d.help
        );
        assert_none(
            &event(
                "rules = \"ffg-2018\"\nstructure = \"custom\"\nswiss_rounds = 4",
                &field,
                "",
            ),
            "Swiss rounds make",
        );
        // A structure table's own plan for the field is held to the same limit.
        let d = find(
            &event("rules = \"ffg-2018\"", &field, ""),
            "Swiss rounds make",
        );
        assert_eq!((d.line, d.col), (1, 1));
    }

    #[test]
    fn a_cut_the_ruleset_does_not_allow() {
        let text = event(&format!("{SWISS}\ncut = 6"), &four(), "");
        let d = find(&text, "a cut of 6 is not allowed by ffg-2018");
        assert_eq!(d.code, Code::InvalidValue);
        assert_eq!(d.help, "use one of: 0, 4, 8, 16");
        assert_eq!(
            (d.line, d.spanned.as_str()),
            (line_of(&text, "cut = 6"), "6")
        );
    }

    /// The 2014 rules: the cut is "usually a Top 8 or Top 16" and is announced before the
    /// start. An announced top 4 is a cut the brackets can run; a top 6 has no bracket.
    #[test]
    fn ffg_2014_top_four_announced_is_allowed() {
        assert_clean(&event(&format!("{SWISS_2014}\ncut = 4"), &four(), ""));
        let text = event(&format!("{SWISS_2014}\ncut = 6"), &four(), "");
        let d = find(&text, "a cut of 6 is not allowed by ffg-2014");
        assert_eq!(d.help, "use one of: 0, 4, 8, 16");
    }

    #[test]
    fn a_custom_structure_needs_swiss_rounds() {
        let text = event("rules = \"ffg-2018\"\nstructure = \"custom\"", &four(), "");
        let d = find(&text, "a `custom` structure needs `swiss_rounds`");
        assert_eq!((d.severity, d.code), (Severity::Error, Code::MissingField));
        // It points at the `[event]` table.
        assert_eq!((d.line, d.col), (1, 1));
    }

    #[test]
    fn overriding_the_structure_table_is_a_departure() {
        // The basic structure gives 3 rounds for 4 players.
        let text = event("rules = \"ffg-2018\"\nswiss_rounds = 4", &four(), "");
        let d = find(&text, "overrides the basic structure");
        assert_eq!(
            d.message,
            "`swiss_rounds = 4` overrides the basic structure, which gives 3 rounds for 4 players"
        );
        assert_eq!(
            (d.severity, d.code),
            (Severity::Warning, Code::RuleDeparture)
        );
        assert_eq!((d.line, d.spanned.as_str()), (5, "4"));
    }

    #[test]
    fn a_structure_whose_table_starts_above_the_players() {
        let info = "rules = \"ffg-2018\"\nstructure = \"advanced\"";
        let three = players(&["Ann", "Bo", "Cy"]);
        // While registering: a warning at `structure`.
        let text = event(info, &three, "");
        let d = find(&text, "the advanced structure's table starts at 9 players");
        assert_eq!(
            (d.severity, d.code),
            (Severity::Warning, Code::RuleDeparture)
        );
        assert_eq!((d.line, d.spanned.as_str()), (5, "\"advanced\""));
        // Once a round is recorded: an error.
        let text = event(info, &three, &round(&["players = [\"ann\", \"bo\"]"]));
        let d = find(&text, "the advanced structure's table starts at 9 players");
        assert_eq!((d.severity, d.code), (Severity::Error, Code::InvalidValue));
        // The default structure says nothing while registering, written or not (`holonet
        // new` writes it): more players may come, and `pair` refuses round 1 if they do not.
        assert_none(
            &event("rules = \"ffg-2018\"", &three, ""),
            "structure's table starts",
        );
        let basic = "rules = \"ffg-2018\"\nstructure = \"basic\"";
        assert_none(&event(basic, &three, ""), "structure's table starts");
        let d = find(
            &event(basic, &three, &round(&["players = [\"ann\", \"bo\"]"])),
            "the basic structure's table starts at 4 players",
        );
        assert_eq!((d.severity, d.code), (Severity::Error, Code::InvalidValue));
    }

    #[test]
    fn a_team_event_has_no_cut_and_a_custom_structure() {
        let info = "rules = \"ffg-2018\"\nformat = \"team\"\nstructure = \"basic\"\ncut = 4";
        let text = event(info, "", "");
        let d = find(&text, "a team event announces its own number of rounds");
        assert_eq!(
            (d.code, d.spanned.as_str()),
            (Code::InvalidValue, "\"basic\"")
        );
        let d = find(&text, "team events have no cut");
        assert_eq!(
            (d.code, d.line, d.spanned.as_str()),
            (Code::InvalidValue, 7, "4")
        );
    }

    #[test]
    fn a_url_must_be_a_web_address() {
        let text = event(&format!("{SWISS}\nurl = \"example.org\""), &four(), "");
        let d = find(&text, "`url` must be a web address");
        assert_eq!(
            (d.code, d.spanned.as_str()),
            (Code::InvalidValue, "\"example.org\"")
        );
        assert_clean(&event(
            &format!("{SWISS}\nurl = \"https://example.org\""),
            &four(),
            "",
        ));
    }

    /// `stopped`: the record ends before the event did. It stands in for the plan of rounds a
    /// custom structure needs (the plan was never recorded); it is not before `date`, and not
    /// for an event that closes (league, challenge) or is known by its standings.
    #[test]
    fn a_record_that_stops_needs_no_plan_and_not_before_its_date() {
        let stopped = "rules = \"ffg-2018\"\nstructure = \"custom\"\nstopped = 2018-05-13";
        assert_clean(&event(stopped, &four(), ""));
        assert_none(&event(stopped, &four(), ""), "needs `swiss_rounds`");
        let text = event(
            "rules = \"ffg-2018\"\nstructure = \"custom\"\nstopped = 2018-05-11",
            &four(),
            "",
        );
        let d = find(&text, "`stopped` is before `date`");
        assert_eq!((d.severity, d.code), (Severity::Error, Code::InvalidValue));
        assert_eq!(
            (d.line, d.spanned.as_str()),
            (line_of(&text, "stopped"), "2018-05-11")
        );
        let league = event(
            "rules = \"ffg-2018\"\nformat = \"league\"\nstopped = 2018-05-13",
            &four(),
            "",
        );
        find(&league, "a league or challenge event does not stop");
    }

    /// Every major SW:CCG event of the Players Committee since 2016 is Swiss games and a top 8
    /// of two-game matches: known by its standings, it records the cut and its seeds under
    /// any SW:CCG ruleset. A match-play bracket with games is the whole event: no cut.
    #[test]
    fn a_ccg_event_known_by_its_standings_records_its_top_cut() {
        let standings: String = ["ann", "bo", "cy", "di"]
            .iter()
            .enumerate()
            .map(|(i, p)| {
                format!(
                    "[[standings]]\nrank = {}\nplayer = \"{p}\"\nseed = {}\n",
                    i + 1,
                    i + 1
                )
            })
            .collect();
        for rules in ["swccg-pc-sos", "swccg-2008"] {
            let info = format!("rules = \"{rules}\"\nformat = \"constructed\"\ncut = 8");
            assert_clean(&event(&info, &four(), &standings));
        }
        let games = round(&["table = 1, dark = \"ann\", light = \"bo\", winner = \"ann\""]);
        let text = event(
            "rules = \"swccg-pc-match-play\"\nformat = \"constructed\"\nstructure = \"custom\"\nswiss_rounds = 4\ncut = 8",
            &four(),
            &games,
        );
        let d = find(&text, "a cut of 8 is not allowed by swccg-pc-match-play");
        assert_eq!(d.help, "use one of: 0");
        let text = event(
            "rules = \"swccg-pc-sos\"\nformat = \"constructed\"\ncut = 6",
            &four(),
            &standings,
        );
        let d = find(&text, "a cut of 6 is not allowed by swccg-pc-sos");
        assert_eq!(d.help, "use one of: 0, 4, 8, 16");
    }

    /// A SW:CCG event of Decipher's time names the ruleset Holonet models no rules of play
    /// for: known by its published standings, it is valid; without them nothing could be
    /// recorded, so it is refused at `rules`, and games are refused beside standings.
    #[test]
    fn an_event_under_rules_not_modelled_is_known_by_its_standings() {
        let rows = "[[standings]]\nrank = 1\nplayer = \"ann\"\nvictory_points = 14\ndifferential = 80\n\n[[standings]]\nrank = 2\nplayer = \"bo\"\n";
        assert_clean(&event("rules = \"swccg-historic\"\ncut = 2", &four(), rows));
        let text = event("rules = \"swccg-historic\"", &four(), "");
        let d = find(&text, "known by their standings only");
        assert_eq!(
            d.message,
            "`swccg-historic` events are known by their standings only: Holonet does not model the rules they were played under"
        );
        assert_eq!((d.severity, d.code), (Severity::Error, Code::InvalidValue));
        assert_eq!(
            (d.line, d.spanned.as_str()),
            (line_of(&text, "swccg-historic"), "\"swccg-historic\"")
        );
        let games = round(&[
            "table = 1, dark = \"ann\", light = \"bo\", winner = \"ann\", differential = 5",
        ]);
        let text = event(
            "rules = \"swccg-historic\"",
            &four(),
            &format!("{games}\n{rows}"),
        );
        find(&text, "but this file also records its games");
    }

    #[test]
    fn end_date_before_date() {
        let text = event(&format!("{SWISS}\nend_date = 2018-05-11"), &four(), "");
        let d = find(&text, "`end_date` is before `date`");
        assert_eq!((d.severity, d.code), (Severity::Error, Code::InvalidValue));
        assert_eq!(d.help, "use a date on or after 2018-05-12");
        assert_eq!(
            (d.line, d.col, d.spanned.as_str()),
            (line_of(&text, "end_date"), 12, "2018-05-11")
        );
        // The same day is fine.
        assert_clean(&event(
            &format!("{SWISS}\nend_date = 2018-05-12"),
            &four(),
            "",
        ));
    }

    #[test]
    fn decklists_are_published_when_the_file_says() {
        use crate::event::DecklistRelease;
        let release = |line: &str| {
            let text = event(&format!("{SWISS}\n{line}"), &four(), "");
            assert_clean(&text);
            let (event, _) = crate::load::parse_event(
                std::path::Path::new("events/test.toml"),
                &text,
                &crate::load::options::LoadOptions::default(),
            );
            event.expect("valid").0.info.decklists
        };
        assert_eq!(release(""), DecklistRelease::Public);
        assert_eq!(release("decklists = \"public\""), DecklistRelease::Public);
        assert_eq!(
            release("decklists = \"after-cut\""),
            DecklistRelease::AfterCut
        );
        assert_eq!(
            release("decklists = \"after-event\""),
            DecklistRelease::AfterEvent
        );
    }

    #[test]
    fn an_unknown_decklists_setting_says_what_to_write() {
        let text = event(&format!("{SWISS}\ndecklists = \"after_cut\""), &four(), "");
        let d = find(&text, "is not a time to publish decklists");
        assert_eq!(d.message, "`after_cut` is not a time to publish decklists");
        assert_eq!((d.severity, d.code), (Severity::Error, Code::InvalidValue));
        assert_eq!(d.label.as_deref(), Some("did you mean `after-cut`?"));
        assert!(
            d.help
                .starts_with("use \"public\" (shown as soon as they are recorded)"),
            "{}",
            d.help
        );
        assert_eq!(
            (d.line, d.col, d.spanned.as_str()),
            (line_of(&text, "after_cut"), 13, "\"after_cut\"")
        );
    }

    #[test]
    fn decklists_must_be_a_string() {
        let text = event(&format!("{SWISS}\ndecklists = false"), &four(), "");
        let d = find(&text, "`decklists`");
        assert_eq!(d.severity, Severity::Error);
        assert_eq!(
            (d.line, d.spanned.as_str()),
            (line_of(&text, "decklists"), "false")
        );
    }

    #[test]
    fn an_empty_name() {
        let text = event(SWISS, &four(), "").replace("\"Test Open\"", "\"  \"");
        let d = find(&text, "`name` is empty");
        assert_eq!(
            (d.code, d.line, d.spanned.as_str()),
            (Code::InvalidValue, 2, "\"  \"")
        );
    }
}
