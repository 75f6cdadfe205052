//! From raw, spanned values to a validated [`Event`]: enums against the ruleset, ids and every
//! reference resolved, each round checked for people in two places at once and for results that
//! cannot be. Every problem is reported; an event is produced only when there were no errors.

use std::collections::{BTreeMap, BTreeSet};

use super::read::{RawEvent, RawGame, RawPlayer, RawRound, RawTable};
use super::{casual, ccg, decklists, elimination, recorded, teams};
use crate::diag::{Code, did_you_mean};
use crate::event::ids::{default_seed, id_from_name, is_valid_id};
use crate::event::{
    CcgPlay, Event, EventInfo, Forfeit, Game, GameEnd, Kind, Outcome, Player, Round, SwissPlay,
    Table,
};
use crate::rules::compute::{self, Computed};
use crate::rules::{self, Family, MAX_ROUNDS, Ruleset, structure};
use crate::toml_reader::{MAX_INTEGER, Reader, Sp};

/// Site-wide settings that affect how an event is read.
#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    /// The ruleset of events that do not name one (`default_rules` in `holonet.toml`).
    pub default_rules: Option<String>,
    /// The site folder, where decklist files next to an event are read from; `None` when the
    /// event is checked on its own (decklist files are then reported as unreadable).
    pub site_root: Option<std::path::PathBuf>,
}

/// Validates `raw`, then checks what the rules compute from it (the bracket's view of the
/// recorded elimination games). Returns the event and its computed facts when no error was found.
pub fn validate(
    reader: &mut Reader<'_>,
    raw: RawEvent,
    slug: &str,
    options: &LoadOptions,
) -> Option<(Event, Computed)> {
    let errors = |reader: &Reader<'_>| reader.diagnostics.iter().filter(|d| d.is_error()).count();
    let errors_before = errors(reader);
    let ruleset = resolve_ruleset(reader, &raw, options);
    let decks = decklists::read_decks(reader, &raw.players, ruleset.map(|r| r.family), options);
    let people = validate_players(reader, &raw.players, &decks, ruleset, raw.rounds.len());
    let team = raw.info.format.as_ref().is_some_and(|f| f.value == "team");
    if team {
        for late in raw.players.iter().filter_map(|p| p.late.as_ref()) {
            reader
                .error(
                    Code::InvalidValue,
                    late.span.clone(),
                    "a team event pairs teams, so a person cannot enter late",
                )
                .help = Some("remove `late`; teams are registered before round 1".into());
        }
    }
    let (mut players, people, members) = if team {
        let (teams, members) = teams::validate_teams(reader, &raw, &people)?;
        (teams, people, members)
    } else {
        if let Some(span) = &raw.teams_span {
            reader
                .error(
                    Code::InvalidValue,
                    span.clone(),
                    "`[[teams]]` belong to team events",
                )
                .help = Some("set `format = \"team\"` in `[event]`, or remove the teams".into());
        }
        (people, Vec::new(), Vec::new())
    };
    let info =
        ruleset.and_then(|r| validate_info(reader, &raw, r, slug, compute::entrants(&players)));
    let (Some(ruleset), Some(info)) = (ruleset, info) else {
        return None;
    };
    leaders_playing(reader, &raw.players, ruleset, &info);
    let deck_holders = if team { &people } else { &players };
    decklists::check_decks(
        reader,
        ruleset.family,
        &info,
        deck_holders,
        &members,
        &decks,
    );
    let casual = casual::validate_casual(reader, &raw, ruleset, &info, &players, &decks);
    let ccg = ruleset.family == Family::Ccg;
    let (rounds, games) = if casual.is_some() {
        (Vec::new(), Vec::new())
    } else if ccg {
        ccg::warn_below_minimums(reader, &raw, &info, compute::entrants(&players));
        let (games, disqualified) = ccg::validate_games(reader, &raw, &players);
        // A player disqualified by a second deck-check failure leaves the event after that
        // game, as a player recorded `disqualified` with that `drop` would.
        for (p, game) in disqualified {
            let player = &mut players[p];
            player.disqualified = true;
            player.drop = Some(player.drop.map_or(game, |d| d.min(game)));
        }
        ccg::warn_director_play(reader, &raw, &info, &players, &games);
        (Vec::new(), games)
    } else {
        (
            validate_rounds(
                reader,
                &raw,
                ruleset,
                &players,
                if team { TEAM_VICTORY } else { VICTORY },
            ),
            Vec::new(),
        )
    };
    let final_games = match &raw.final_match {
        _ if casual.is_some() => Vec::new(),
        Some(f) if ccg => ccg::validate_final_games(reader, &f.ccg_games, &players),
        _ => Vec::new(),
    };
    let (final_waived, final_replaced) =
        ccg::validate_final_record(reader, raw.final_match.as_ref(), ccg, &players);
    let tiebreaker_games = match &raw.tiebreaker_games_span {
        Some(_) if ccg && casual.is_none() => {
            ccg::validate_final_games(reader, &raw.tiebreaker_games, &players)
        }
        Some(span) => {
            reader
                .error(
                    Code::InvalidValue,
                    span.clone(),
                    "`tiebreaker_games` are SW:CCG tournament games",
                )
                .help = Some("remove them; this event's tiebreakers are computed".into());
            Vec::new()
        }
        None => Vec::new(),
    };
    let final_match = match &raw.final_match {
        _ if casual.is_some() => None,
        Some(_) if ccg => None,
        Some(f) if team => {
            check_games_played_out(reader, ruleset, &f.games, f.span.clone());
            teams::validate_final(reader, f, &players)
        }
        Some(f) => {
            reader
                .error(
                    Code::InvalidValue,
                    f.span.clone(),
                    "`[final]` is the final match of a team event",
                )
                .help =
                Some("remove it; a standard event ends with its Swiss rounds or its cut".into());
            None
        }
        None => None,
    };
    let (swiss_rounds, cut) = compute::structure_in_force(ruleset, &info, &players);
    if let Some(planned) = swiss_rounds
        && let Some(extra) = raw.rounds.get(planned as usize)
    {
        reader
            .warning(
                Code::RuleDeparture,
                extra.span.clone(),
                format!(
                    "the event has {planned} Swiss rounds, but round {} is recorded",
                    planned + 1
                ),
            )
            .help = Some(
            "set `swiss_rounds` (with `structure = \"custom\"`) if the event announced more rounds"
                .into(),
        );
    }
    let finished = rounds.iter().filter(|r| r.is_complete()).count() as u32;
    let swiss_finished = swiss_rounds.is_some_and(|n| finished >= n);
    let (elimination, recorded) = if casual.is_some() {
        (Vec::new(), Vec::new())
    } else {
        (
            elimination::validate_elimination(
                reader,
                &raw,
                &players,
                cut.unwrap_or(0),
                swiss_finished,
            ),
            recorded::validate_standings(reader, &raw, ruleset, &players),
        )
    };
    if errors(reader) > errors_before {
        return None;
    }
    let kind = if let Some(casual) = casual {
        casual
    } else if !recorded.is_empty() {
        Kind::Recorded(recorded)
    } else if ccg {
        Kind::Ccg(CcgPlay {
            games,
            final_games,
            final_waived,
            final_replaced,
            tiebreaker_games,
        })
    } else {
        Kind::Swiss(SwissPlay {
            rounds,
            elimination,
            final_match,
        })
    };
    let event = Event {
        slug: slug.to_string(),
        file: reader.file.to_path_buf(),
        info,
        players,
        people,
        members,
        kind,
        long_text: None,
    };
    let computed = compute::compute(ruleset, &event);
    elimination::report_bracket_problems(reader, &raw, &event.players, &computed);
    report_bye_departures(reader, &raw, &event, &computed);
    report_avoidable_rematches(reader, &raw, &event, &computed);
    if let (Some(fin), Some(recorded)) = (
        computed.ccg().and_then(|c| c.final_confrontation.as_ref()),
        &raw.final_match,
    ) {
        for problem in &fin.problems {
            reader
                .error(Code::BadResult, recorded.span.clone(), problem.clone())
                .help = Some(
                "record the two finalists' games, the higher seed's chosen allegiance first".into(),
            );
        }
    }
    if let (Some(ccg), Some(span)) = (computed.ccg(), &raw.tiebreaker_games_span) {
        for problem in &ccg.tiebreaker_problems {
            reader
                .error(Code::BadResult, span.clone(), problem.clone())
                .help = Some(
                "a tiebreaker game is played after the last game, between the only two players level on points and differential".into(),
            );
        }
    }
    if raw.final_match.is_some()
        && computed
            .ccg()
            .is_some_and(|c| c.final_confrontation.is_none())
    {
        let span = raw.final_match.as_ref().map_or(0..0, |f| f.span.clone());
        reader.error(Code::BadResult, span, "no Final Confrontation is due: the event has no cut of 2, or its games are not finished").help =
            Some("set `cut = 2` in `[event]` and record every game first, or remove `[final]`".into());
    }
    if let (Some(problem), Some(recorded)) = (
        computed.swiss().and_then(|s| s.final_problem),
        &raw.final_match,
    ) {
        let (message, help) = match problem {
            compute::FinalProblem::NotNeeded => (
                "no final match is needed: no two teams are tied for first after the Swiss rounds"
                    .to_string(),
                "remove `[final]`, or record the Swiss rounds' results first".to_string(),
            ),
            compute::FinalProblem::NotAFinalist(team) => (
                format!(
                    "{} is not one of the two teams tied for first",
                    event.players[team].name
                ),
                "name one of the two finalists (see the event page)".to_string(),
            ),
        };
        reader
            .error(Code::BadResult, recorded.span.clone(), message)
            .help = Some(help);
    }
    (errors(reader) == errors_before).then_some((event, computed))
}

fn resolve_ruleset(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    options: &LoadOptions,
) -> Option<&'static Ruleset> {
    let known: Vec<&str> = rules::RULESETS.iter().map(|r| r.id).collect();
    match &raw.info.rules {
        Some(id) => {
            let found = rules::ruleset(&id.value);
            if found.is_none() {
                reader.not_one_of(id, format!("unknown ruleset `{}`", id.value), &known);
            }
            found
        }
        None => match options.default_rules.as_deref().and_then(rules::ruleset) {
            Some(r) => Some(r),
            None => {
                reader
                    .error(
                        Code::MissingField,
                        raw.info.span.clone(),
                        "`[event]` has no `rules`",
                    )
                    .help = Some(format!(
                    "add `rules = \"{}\"` (one of: {}), or set `default_rules` in holonet.toml",
                    known[0],
                    known.join(", ")
                ));
                None
            }
        },
    }
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

/// The trimmed name of a player or team, and the id written for it or one made from that name.
/// Reports a malformed id, or a name from which no id can be made; the id is "" then.
pub(super) fn name_and_id(
    reader: &mut Reader<'_>,
    name: &Option<Sp<String>>,
    id: &Option<Sp<String>>,
    what: &str,
) -> (String, String) {
    let trimmed = name
        .as_ref()
        .map(|n| n.value.trim().to_string())
        .unwrap_or_default();
    let id = match id {
        Some(id) if is_valid_id(&id.value) => id.value.clone(),
        Some(id) => {
            reader
                .error(
                    Code::BadId,
                    id.span.clone(),
                    format!("`{}` is not a valid {what} id", id.value),
                )
                .help = Some(format!(
                "use lower-case letters, digits and `-` only, such as `{}`",
                id_from_name(&id.value).chars().take(40).collect::<String>()
            ));
            String::new()
        }
        None => {
            let derived = id_from_name(&trimmed);
            if derived.is_empty() && !trimmed.is_empty() {
                let span = name.as_ref().map_or(0..0, |n| n.span.clone());
                reader
                    .error(Code::BadId, span, "no id can be made from this name")
                    .help = Some(format!(
                    "add an `id` (lower-case letters, digits and `-`) to this {what}"
                ));
            } else if crate::event::ids::is_reserved_name(&derived) {
                let span = name.as_ref().map_or(0..0, |n| n.span.clone());
                reader
                    .error(
                        Code::BadId,
                        span,
                        format!("the id made from this name, `{derived}`, is a device name Windows reserves"),
                    )
                    .help = Some(format!(
                    "add an `id` to this {what}, such as `{derived}-1`: its page could not be opened on Windows"
                ));
                return (trimmed, String::new());
            }
            derived
        }
    };
    (trimmed, id)
}

pub(super) fn in_range(
    reader: &mut Reader<'_>,
    value: &Option<Sp<i64>>,
    what: &str,
    min: i64,
    max: i64,
) -> Option<u32> {
    let v = value.as_ref()?;
    if (min..=max).contains(&v.value) {
        u32::try_from(v.value).ok()
    } else {
        reader
            .error(
                Code::InvalidValue,
                v.span.clone(),
                format!("{what} is {}, which is out of range", v.value),
            )
            .help = Some(format!("use a whole number from {min} to {max}"));
        None
    }
}

fn validate_info(
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

/// Warns about players marked `organizer = true` (a leader of the event: its organizer, a
/// marshal or a judge) in an event of a tier whose leaders may not play
/// ([`Ruleset::leaders_do_not_play`]). At other tiers a leader may play when a second leader is
/// there to rule on their games, which the file does not record, so nothing is said. A warning,
/// not an error: if the leader did play, the archive keeps the event as it was.
fn leaders_playing(
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

/// Warns about each recorded rematch that a pairing of its round could have avoided
/// ([`Reason::AvoidableRematch`](crate::rules::pairing::swiss::Reason::AvoidableRematch)). A rematch no
/// pairing could avoid is what the rules do, and is only labelled as such on the page.
fn report_avoidable_rematches(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    event: &Event,
    computed: &Computed,
) {
    let reasons = event
        .rounds()
        .iter()
        .zip(&raw.rounds)
        .zip(computed.swiss().map_or(&[][..], |s| &s.table_reasons));
    for ((round, raw_round), reasons) in reasons {
        for (table, _) in round.tables.iter().zip(reasons).filter(|(_, reason)| {
            **reason == crate::rules::pairing::swiss::Reason::AvoidableRematch
        }) {
            let [a, b] = table.players;
            let span = raw_round
                .tables
                .iter()
                .find(|t| t.table.as_ref().map(|n| n.value) == Some(i64::from(table.number)))
                .or_else(|| raw_round.tables.get(table.number as usize - 1))
                .map_or(raw_round.span.clone(), |t| t.span.clone());
            reader
                .warning(
                    Code::RuleDeparture,
                    span,
                    format!(
                        "{} and {} meet again in round {}, though the round could have been paired without a rematch",
                        event.players[a].name, event.players[b].name, round.number
                    ),
                )
                .help = Some(format!(
                "Swiss pairing avoids rematches whenever some pairing of the round does (see {}#swiss-pairing); check the pairing if this was not intended",
                computed.ruleset.reference_page
            ));
        }
    }
}

/// Warns about a Swiss bye (from round 2 on) that did not go to the lowest-ranked player without
/// one, in the standings before its round: the 2018 regulations' rule, so only under the ruleset
/// that pairs by them (the 2014 rules have no bye rule to depart from). A round with more than
/// one bye, or in which every player had a bye already, is left to the other bye warnings.
fn report_bye_departures(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    event: &Event,
    computed: &Computed,
) {
    if computed.ruleset.pairing != rules::PairingMethod::RandomWithinGroups {
        return;
    }
    let mut had_bye = BTreeSet::new();
    for (i, round) in event.rounds().iter().enumerate() {
        let before = i
            .checked_sub(1)
            .and_then(|prev| computed.swiss()?.standings.get(prev));
        if let (Some(standings), [bye]) = (before, round.byes.as_slice()) {
            let due = standings
                .rows
                .iter()
                .rev()
                .map(|row| row.player)
                .find(|&p| {
                    let player = &event.players[p];
                    player.is_active_in(round.number)
                        && !player.disqualified
                        && !had_bye.contains(&p)
                });
            if let (Some(due), Some(id)) = (due, raw.rounds[i].byes.first())
                && due != *bye
            {
                reader
                    .warning(
                        Code::RuleDeparture,
                        id.span.clone(),
                        format!(
                            "the bye of round {} goes to {}, the lowest-ranked player without a bye, not to {}",
                            round.number, event.players[due].name, event.players[*bye].name
                        ),
                    )
                    .help = Some(format!(
                    "check the pairing: after round 1 the bye is the lowest-ranked player's who has not had one (see {}#byes)",
                    computed.ruleset.reference_page
                ));
            }
        }
        had_bye.extend(round.byes.iter().copied());
    }
}

/// Resolves a player id to an index, or reports it with the closest registered id.
pub(super) fn resolve(
    reader: &mut Reader<'_>,
    ids: &BTreeMap<String, usize>,
    id: &Sp<String>,
    context: &str,
) -> Option<usize> {
    if let Some(&index) = ids.get(&id.value) {
        return Some(index);
    }
    let diag = reader.error(
        Code::UnknownReference,
        id.span.clone(),
        format!("`{}` {context} is not a registered player", id.value),
    );
    match did_you_mean(&id.value, ids.keys().map(String::as_str)) {
        Some(close) => {
            diag.label = Some(format!("did you mean `{close}`?"));
            diag.help = Some(format!(
                "use `{close}`, or register `{}` in a `[[players]]` entry",
                id.value
            ));
        }
        None => {
            diag.help = Some(format!(
                "register `{}` in a `[[players]]` entry, or fix the id",
                id.value
            ))
        }
    }
    None
}

fn validate_players(
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

/// Each player's position in `players`, by id (players whose id could not be made are left out):
/// how rounds, games and sessions find the players they name.
pub(super) fn player_positions(players: &[Player]) -> BTreeMap<String, usize> {
    players
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.id.is_empty())
        .map(|(i, p)| (p.id.clone(), i))
        .collect()
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

fn validate_rounds(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    ruleset: &Ruleset,
    players: &[Player],
    victory: Victory,
) -> Vec<Round> {
    if raw.rounds.len() > MAX_ROUNDS as usize {
        reader
            .error(
                Code::InvalidValue,
                raw.rounds[MAX_ROUNDS as usize].span.clone(),
                format!("more than {MAX_ROUNDS} rounds"),
            )
            .help = Some(format!(
            "an event may record at most {MAX_ROUNDS} Swiss rounds; split it into several events"
        ));
        return Vec::new();
    }
    let ids = player_positions(players);
    let mut rounds = Vec::new();
    let mut had_bye: BTreeSet<usize> = BTreeSet::new();
    for (r, raw_round) in raw.rounds.iter().enumerate() {
        let number = r as u32 + 1;
        let cx = RoundContext {
            ruleset,
            players,
            ids: &ids,
            victory,
        };
        let round = validate_round(reader, raw_round, number, &cx);
        for (&p, id) in round.byes.iter().zip(&raw_round.byes) {
            if !had_bye.insert(p) {
                reader
                    .warning(
                        Code::RuleDeparture,
                        id.span.clone(),
                        format!("{} gets a second bye in round {number}", players[p].name),
                    )
                    .help = Some(
                    "byes go to the lowest-ranked player who has not had one; check the pairing"
                        .into(),
                );
            }
        }
        if round.byes.len() > 1 {
            reader
                .warning(
                    Code::RuleDeparture,
                    raw_round.byes[1].span.clone(),
                    format!("round {number} gives more than one bye"),
                )
                .help =
                Some("at most one player needs a bye in a round (when the count is odd)".into());
        }
        rounds.push(round);
    }
    // A round may be unfinished only when it is the last one recorded.
    for (i, round) in rounds.iter().enumerate() {
        if i + 1 < rounds.len()
            && !round.is_complete()
            && let Some(t) = round
                .tables
                .iter()
                .position(|t| t.outcome == Outcome::Pending)
        {
            let span = raw.rounds[i]
                .tables
                .get(t)
                .map_or(raw.rounds[i].span.clone(), |t| t.span.clone());
            reader
                .error(
                    Code::BadResult,
                    span,
                    format!(
                        "table {} of round {} has no result, but round {} is already recorded",
                        round.tables[t].number,
                        round.number,
                        round.number + 1
                    ),
                )
                .help = Some(
                "record this table's `games` (or `split = true`) before publishing the next round"
                    .into(),
            );
        }
    }
    rounds
}

/// What every table of an event is checked against.
struct RoundContext<'a> {
    ruleset: &'a Ruleset,
    players: &'a [Player],
    ids: &'a BTreeMap<String, usize>,
    victory: Victory,
}

fn validate_round(
    reader: &mut Reader<'_>,
    raw: &RawRound,
    number: u32,
    cx: &RoundContext<'_>,
) -> Round {
    let RoundContext { players, ids, .. } = *cx;
    let mut seated: BTreeMap<usize, String> = BTreeMap::new();
    let mut table_numbers: BTreeSet<u32> = BTreeSet::new();
    let mut tables = Vec::new();
    // After an unknown id, "X has no table" would only repeat the same typo.
    let mut unresolved = false;
    let mut place = |reader: &mut Reader<'_>, p: usize, sp: &Sp<String>, place: String| {
        if let Some(first) = seated.get(&p) {
            reader
                .error(
                    Code::Conflict,
                    sp.span.clone(),
                    format!(
                        "{} is at {first} and at {place} in round {number}",
                        players[p].name
                    ),
                )
                .help =
                Some("a player has one table (or the bye) per round; remove one of them".into());
            return;
        }
        if !players[p].is_active_in(number) {
            let why = match (players[p].late, players[p].drop, players[p].rejoin) {
                (Some(l), ..) if l > number => format!("is a late entry from round {l}"),
                (_, Some(d), Some(j)) => {
                    format!("dropped after round {d} and rejoins in round {j}")
                }
                (_, Some(d), None) => format!("dropped after round {d}"),
                _ => "not in the event".into(),
            };
            reader
                .error(
                    Code::Conflict,
                    sp.span.clone(),
                    format!(
                        "{} {why}, but is at {place} in round {number}",
                        players[p].name
                    ),
                )
                .help =
                Some("remove them from this round, or correct their `drop`/`rejoin`/`late`".into());
        }
        seated.insert(p, place);
    };
    for (position, t) in raw.tables.iter().enumerate() {
        let table_number = match &t.table {
            Some(n) => in_range(reader, &Some(n.clone()), "`table`", 1, 100_000).unwrap_or(0),
            None => position as u32 + 1,
        };
        if table_number > 0 && !table_numbers.insert(table_number) {
            let span = t.table.as_ref().map_or(t.span.clone(), |n| n.span.clone());
            reader
                .error(
                    Code::Conflict,
                    span,
                    format!("table {table_number} appears twice in round {number}"),
                )
                .help = Some("number each table of a round once".into());
        }
        if t.players.len() != 2 {
            let span = t.players_span.clone().unwrap_or(t.span.clone());
            if !t.players.is_empty() || t.players_span.is_some() {
                reader.error(Code::InvalidValue, span, format!("a table seats two players, this one lists {}", t.players.len())).help =
                    Some("list exactly two player ids, such as `players = [\"tom\", \"nick\"]`; give a lone player `byes`".into());
            }
            continue;
        }
        let seats: Vec<Option<usize>> = t
            .players
            .iter()
            .map(|id| resolve(reader, ids, id, "at this table"))
            .collect();
        let (Some(a), Some(b)) = (seats[0], seats[1]) else {
            unresolved = true;
            continue;
        };
        if a == b {
            reader
                .error(
                    Code::Conflict,
                    t.players[1].span.clone(),
                    "a player cannot play themselves",
                )
                .help = Some("list two different players at this table".into());
            continue;
        }
        for (p, sp) in [(a, &t.players[0]), (b, &t.players[1])] {
            place(reader, p, sp, format!("table {table_number}"));
        }
        let first_dark = t.first_dark.as_ref().and_then(|fd| {
            let p = resolve(reader, ids, fd, "in `first_dark`")?;
            if p != a && p != b {
                reader
                    .error(
                        Code::BadResult,
                        fd.span.clone(),
                        format!(
                            "`first_dark` names {}, who is not at this table",
                            players[p].name
                        ),
                    )
                    .help = Some(format!("use `{}` or `{}`", players[a].id, players[b].id));
                return None;
            }
            Some(p)
        });
        let outcome = validate_outcome(reader, t, [a, b], first_dark, cx);
        let forfeit = validate_forfeit(reader, t, [a, b], &outcome, number, cx);
        tables.push(Table {
            number: table_number,
            players: [a, b],
            first_dark,
            outcome,
            forfeit,
        });
    }
    let mut byes = Vec::new();
    for id in &raw.byes {
        match resolve(reader, ids, id, "in `byes`") {
            Some(p) => {
                place(reader, p, id, "the bye".into());
                byes.push(p);
            }
            None => unresolved = true,
        }
    }
    for (p, player) in players.iter().enumerate() {
        if !unresolved
            && player.is_active_in(number)
            && !seated.contains_key(&p)
            && !player.id.is_empty()
        {
            reader
                .error(
                    Code::Conflict,
                    raw.span.clone(),
                    format!(
                        "{} is in the event but has no table and no bye in round {number}",
                        player.name
                    ),
                )
                .help = Some(format!(
                "seat `{}` at a table, add them to `byes`, or record `drop = {}` on the player",
                player.id,
                number - 1
            ));
        }
    }
    tables.sort_by_key(|t| t.number);
    Round {
        number,
        tables,
        byes,
    }
}

/// Reads a table's `deck_check` (and `forfeits_rest`): the player whose deck failed a deck check
/// after the match, under rules that forfeit the match for it
/// ([`Ruleset::deck_check_forfeits`]). The check follows a finished match, so the games must be
/// recorded; a player who forfeits the rest of the event leaves it after this round, which the
/// file says with `drop` like any other departure.
fn validate_forfeit(
    reader: &mut Reader<'_>,
    t: &RawTable,
    seats: [usize; 2],
    outcome: &Outcome,
    number: u32,
    cx: &RoundContext<'_>,
) -> Option<Forfeit> {
    let rest = t.forfeits_rest.as_ref().filter(|r| r.value);
    let Some(checked) = &t.deck_check else {
        if let Some(r) = rest {
            reader
                .error(
                    Code::MissingField,
                    r.span.clone(),
                    "`forfeits_rest` without `deck_check`",
                )
                .help = Some("add `deck_check` with the player whose deck failed the check".into());
        }
        return None;
    };
    if !cx.ruleset.deck_check_forfeits {
        reader
            .error(
                Code::InvalidValue,
                checked.span.clone(),
                format!("{} has no deck-check forfeits", cx.ruleset.id),
            )
            .help = Some("remove `deck_check`, and record the games as they were played".into());
        return None;
    }
    let player = resolve(reader, cx.ids, checked, "in `deck_check`")?;
    if !seats.contains(&player) {
        reader
            .error(
                Code::BadResult,
                checked.span.clone(),
                format!(
                    "`deck_check` names {}, who is not at this table",
                    cx.players[player].name
                ),
            )
            .help = Some(format!(
            "use `{}` or `{}`",
            cx.players[seats[0]].id, cx.players[seats[1]].id
        ));
        return None;
    }
    if !matches!(outcome, Outcome::Games(_)) {
        reader
            .error(
                Code::BadResult,
                checked.span.clone(),
                "a deck check follows a finished match, but this table has no `games`",
            )
            .help = Some(
            "record the match's games as they were played; the forfeit then replaces their result"
                .into(),
        );
        return None;
    }
    if let Some(r) = rest
        && cx.players[player].drop != Some(number)
    {
        reader
            .error(
                Code::Conflict,
                r.span.clone(),
                format!(
                    "{} forfeits every later match, so they leave the event after round {number}",
                    cx.players[player].name
                ),
            )
            .help = Some(format!(
            "add `drop = {number}` to `{}` in `[[players]]`",
            cx.players[player].id
        ));
    }
    Some(Forfeit {
        player,
        rest: rest.is_some(),
    })
}

fn validate_outcome(
    reader: &mut Reader<'_>,
    t: &RawTable,
    seats: [usize; 2],
    first_dark: Option<usize>,
    cx: &RoundContext<'_>,
) -> Outcome {
    let RoundContext {
        ruleset,
        players,
        ids,
        victory,
    } = *cx;
    let split = t.split.as_ref().filter(|s| s.value);
    if let Some(s) = split {
        if ruleset.split_points.is_none() {
            reader
                .error(
                    Code::InvalidValue,
                    s.span.clone(),
                    format!("{} has no intentional splits", ruleset.id),
                )
                .help = Some("record the games played instead".into());
        }
        if !t.games.is_empty() {
            reader
                .error(
                    Code::BadResult,
                    s.span.clone(),
                    "a table records either `games` or `split = true`, not both",
                )
                .help = Some(
                "remove `games` if the players split the round, or `split` if they played".into(),
            );
        }
        return Outcome::Split;
    }
    if t.games.is_empty() {
        return Outcome::Pending;
    }
    check_games_played_out(reader, ruleset, &t.games, t.span.clone());
    let max = ruleset.games_per_match as usize;
    if t.games.len() > max {
        reader
            .error(
                Code::BadResult,
                t.games[max].winner.span.clone(),
                format!(
                    "a match has {max} games, this table records {}",
                    t.games.len()
                ),
            )
            .help = Some(format!(
            "record at most {max} results in `games`, in playing order"
        ));
    }
    let games = t
        .games
        .iter()
        .take(max)
        .enumerate()
        .filter_map(|(i, g)| {
            // Players switch sides after the first game.
            let dark = first_dark.map(|d| {
                if i == 0 {
                    d
                } else if d == seats[0] {
                    seats[1]
                } else {
                    seats[0]
                }
            });
            let game = validate_game(reader, g, seats, players, ids)?;
            check_victory(reader, g, &game, dark, victory, players).then_some(game)
        })
        .collect();
    Outcome::Games(games)
}

/// Under rules whose matches are played out ([`Ruleset::games_played_out`], 2014): the first
/// game cannot be a draw, the second cannot be conceded, and a reported match has both games
/// (game two is always started on the time game one left, and is a draw if nobody wins by the
/// end of the light side player's turn after time). `whole` locates a missing second game.
pub(super) fn check_games_played_out(
    reader: &mut Reader<'_>,
    ruleset: &Ruleset,
    games: &[RawGame],
    whole: std::ops::Range<usize>,
) {
    if !ruleset.games_played_out {
        return;
    }
    let Some(first) = games.first() else {
        return;
    };
    let one_game = games.len() == 1;
    if first.winner.value == "draw" {
        let message = if one_game {
            format!(
                "a match of one drawn game: under {} the first game is played to its end, however long it takes, and cannot be drawn",
                ruleset.id
            )
        } else {
            format!(
                "under {} the first game of a match is played to its end, however long it takes: it cannot be drawn",
                ruleset.id
            )
        };
        reader.error(Code::BadResult, first.winner.span.clone(), message).help = Some(
            "name the winner of game one (a player may concede it: `{ winner = \"<id>\", by = \"concession\" }`); only game two, played on the time left, can be a draw".into(),
        );
    } else if one_game {
        reader
            .error(
                Code::BadResult,
                whole,
                format!("a match under {} has two games, this table records one", ruleset.id),
            )
            .help = Some(
            "add game two's result: it is played on the time game one left, and is `\"draw\"` if nobody won by the end of the light side player's turn after time".into(),
        );
    }
    if let Some(by) = games.get(1).and_then(|g| g.by.as_ref())
        && GameEnd::from_name(&by.value) == Some(GameEnd::Concession)
    {
        reader
            .error(
                Code::BadResult,
                by.span.clone(),
                format!(
                    "under {} game two is played to its conclusion: it cannot be conceded",
                    ruleset.id
                ),
            )
            .help = Some(
            "record how game two ended (`\"draw\"` if time ran out); only game one may be conceded"
                .into(),
        );
    }
}

/// What ends a game by victory: the dial at which the dark side wins and the number of
/// objectives the light side must destroy (12 and 3; 16 and 5 in a 2 vs 2 game).
#[derive(Debug, Clone, Copy)]
pub(super) struct Victory {
    pub dial: u32,
    pub objectives: u32,
}

/// Standard games.
pub(super) const VICTORY: Victory = Victory {
    dial: 12,
    objectives: 3,
};
/// 2 vs 2 games (*Balance of the Force*).
pub(super) const TEAM_VICTORY: Victory = Victory {
    dial: 16,
    objectives: 5,
};

/// Checks a game's recorded `dial` or `objectives` against the victory conditions, and the
/// winner of a dial or objectives victory against the side they played (`dark`, when the
/// table records `first_dark`). Reports and returns false on a contradiction.
pub(super) fn check_victory(
    reader: &mut Reader<'_>,
    g: &RawGame,
    game: &Game,
    dark: Option<usize>,
    victory: Victory,
    players: &[Player],
) -> bool {
    let mut ok = true;
    let by = game.by;
    let by_span = || {
        g.by.as_ref()
            .map_or(g.winner.span.clone(), |b| b.span.clone())
    };
    if let Some(dial) = &g.dial {
        let target = i64::from(victory.dial);
        if !(0..=target).contains(&dial.value) {
            reader
                .error(
                    Code::InvalidValue,
                    dial.span.clone(),
                    format!("the dial stops at {target}, not {}", dial.value),
                )
                .help = Some(format!("the dark side wins when the dial reaches {target}"));
            ok = false;
        } else if by == Some(GameEnd::Dial) && dial.value != target {
            reader
                .error(
                    Code::BadResult,
                    dial.span.clone(),
                    format!("a dial at {} does not end the game", dial.value),
                )
                .help = Some(format!(
                "the dark side wins by the dial only when it reaches {target}; correct `dial` or `by`"
            ));
            ok = false;
        } else if dial.value == target && by.is_some_and(|b| b != GameEnd::Dial) {
            reader
                .error(
                    Code::BadResult,
                    dial.span.clone(),
                    format!("a dial at {target} ends the game: the dark side won by the dial"),
                )
                .help = Some(
                "write `by = \"dial\"` and the dark side player as the winner, or correct `dial`"
                    .into(),
            );
            ok = false;
        }
    }
    if let Some(objectives) = &g.objectives {
        let target = i64::from(victory.objectives);
        if !(0..=target).contains(&objectives.value) {
            reader
                .error(
                    Code::InvalidValue,
                    objectives.span.clone(),
                    format!(
                        "the light side wins at {target} objectives, not {}",
                        objectives.value
                    ),
                )
                .help = Some(format!(
                "record how many dark side objectives were destroyed, at most {target}"
            ));
            ok = false;
        } else if by == Some(GameEnd::Objectives) && objectives.value != target {
            reader
                .error(
                    Code::BadResult,
                    objectives.span.clone(),
                    format!(
                        "{} destroyed objectives do not end the game",
                        objectives.value
                    ),
                )
                .help = Some(format!(
                "the light side wins by objectives when the {target}th is destroyed; correct `objectives` or `by`"
            ));
            ok = false;
        }
    }
    if let (Some(dark), Some(winner)) = (dark, game.winner) {
        let wrong = match by {
            Some(GameEnd::Dial) => winner != dark,
            Some(GameEnd::Objectives) => winner == dark,
            _ => false,
        };
        if wrong {
            let side = if by == Some(GameEnd::Dial) {
                "dark"
            } else {
                "light"
            };
            reader
                .error(
                    Code::BadResult,
                    by_span(),
                    format!(
                        "{} did not play the {side} side in this game",
                        players[winner].name
                    ),
                )
                .help = Some(format!(
                "a victory by {} goes to the {side} side; check the winner and who played dark (`first_dark` at a table, `dark` in a league)",
                by.map_or("", GameEnd::name)
            ));
            ok = false;
        }
    }
    ok
}

pub(super) fn validate_game(
    reader: &mut Reader<'_>,
    g: &RawGame,
    seats: [usize; 2],
    players: &[Player],
    ids: &BTreeMap<String, usize>,
) -> Option<Game> {
    let by = match &g.by {
        None => None,
        Some(b) => match GameEnd::from_name(&b.value) {
            Some(end) => Some(end),
            None => {
                reader.not_one_of(
                    b,
                    format!("`{}` is not a way a game ends", b.value),
                    GameEnd::NAMES,
                );
                return None;
            }
        },
    };
    if g.winner.value == "draw" {
        if let Some(end) = by
            && end != GameEnd::Time
        {
            let span =
                g.by.as_ref()
                    .map_or(g.winner.span.clone(), |b| b.span.clone());
            reader.error(Code::BadResult, span, format!("a game that ends by {} has a winner", end.name())).help =
                Some("a Swiss game is drawn only when time runs out: use `by = \"time\"`, or name the winner".into());
            return None;
        }
        return Some(Game { winner: None, by });
    }
    let winner = resolve(reader, ids, &g.winner, "as a winner")?;
    if !seats.contains(&winner) {
        reader
            .error(
                Code::BadResult,
                g.winner.span.clone(),
                format!("{} is not at this table", players[winner].name),
            )
            .help = Some(format!(
            "the winner is `{}`, `{}` or \"draw\"",
            players[seats[0]].id, players[seats[1]].id
        ));
        return None;
    }
    if by == Some(GameEnd::Time) {
        let span =
            g.by.as_ref()
                .map_or(g.winner.span.clone(), |b| b.span.clone());
        reader.error(Code::BadResult, span, "a Swiss game that goes to time is a draw").help =
            Some("write the result as \"draw\" (time ran out at the end of the light side player's turn)".into());
        return None;
    }
    Some(Game {
        winner: Some(winner),
        by,
    })
}
