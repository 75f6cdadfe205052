//! Checks the `[event]` table: `format`, `structure`, `tier`, `variant` against the ruleset,
//! numbers in range, a `cut` the ruleset allows, a structure that covers the event's players (or
//! the `swiss_rounds` a custom one needs), what a team event may not have, `url`, `end_date` not
//! before `date`, and a name that is not empty.

use super::common::in_range;
use crate::diag::Code;
use crate::event::EventInfo;
use crate::event::ids::default_seed;
use crate::load::casual;
use crate::load::read::RawEvent;
use crate::rules::{MAX_ROUNDS, Ruleset, structure};
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
    let cut = info.cut.as_ref().and_then(|c| {
        if ruleset
            .cuts
            .contains(&u32::try_from(c.value).unwrap_or(u32::MAX))
        {
            u32::try_from(c.value).ok()
        } else {
            let sizes: Vec<String> = ruleset.cuts.iter().map(u32::to_string).collect();
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
        // An event known only by its results needs no plan of rounds.
        if !has_table && info.swiss_rounds.is_none() && raw.standings_span.is_none() {
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
        if has_table && let Some(row) = structure::lookup(ruleset, structure, player_count) {
            if let (Some(given), Some(sp)) = (swiss_rounds, &info.swiss_rounds)
                && given != row.swiss_rounds
            {
                reader.warning(Code::RuleDeparture, sp.span.clone(), format!(
                    "`swiss_rounds = {given}` overrides the {structure} structure, which gives {} rounds for {player_count} players",
                    row.swiss_rounds
                )).help = Some("remove `swiss_rounds` to follow the structure, or use `structure = \"custom\"`".into());
            }
            if let (Some(given), Some(sp)) = (cut, &info.cut)
                && given != row.cut
            {
                reader.warning(Code::RuleDeparture, sp.span.clone(), format!(
                    "`cut = {given}` overrides the {structure} structure, which gives a cut of {} for {player_count} players",
                    row.cut
                )).help = Some("remove `cut` to follow the structure, or use `structure = \"custom\"`".into());
            }
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
        tier,
        seed: seed.unwrap_or_else(|| default_seed(slug)),
        location: info.location.as_ref().map(|s| s.value.clone()),
        venue: info.venue.as_ref().map(|s| s.value.clone()),
        organizer: info.organizer.as_ref().map(|s| s.value.clone()),
        url: info.url.as_ref().map(|s| s.value.clone()),
        round_minutes,
        variant: info.variant.as_ref().and_then(|v| {
            let allowed = crate::rules::ccg_event::variants(format_name);
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
        updated: info.updated.as_ref().map(|t| t.value),
        paired: info.paired.as_ref().map(|t| t.value),
    })
}

/// Reports a structure whose table does not cover the event's number of players (the 2018
/// Advanced table starts at 9, the Basic at 4; both are open at the top): the table gives no
/// rounds and no cut, so the event has no plan to pair by. Once a round is recorded this is an
/// error. While registration is still open (players registered, nothing paired) more players
/// may still come: a structure written in the file is then a warning, and the default one
/// (which `holonet new` writes before anyone registers) says nothing yet.
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
    if player_count == 0 || player_count >= minimum || !(started || raw.info.structure.is_some()) {
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
