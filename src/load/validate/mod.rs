//! From raw, spanned values to a validated [`Event`]: enums against the ruleset, ids and every
//! reference resolved, each round checked for people in two places at once and for results that
//! cannot be. Every problem is reported; an event is produced only when there were no errors.
//!
//! This module holds the order of the checks ([`validate`]) and the choice of ruleset; each
//! concern has its own file: [`info`] (the `[event]` table), [`players`] (`[[players]]`),
//! [`rounds`] (Swiss `[[rounds]]`), and [`common`] (what they and the other parts of
//! [`crate::load`] share: resolving ids, ranges, games and their victory conditions).

pub(in crate::load) mod common;
mod info;
mod players;
mod rounds;

use super::options::LoadOptions;
use super::raw::RawEvent;
use super::{casual, ccg, decklists, elimination, penalties, recorded, teams, venue_draw};
use crate::diag::Code;
use crate::event::{CcgPlay, Event, Kind, Player, SwissPlay};
use crate::rules::compute;
use crate::rules::computed::{Computed, FinalProblem};
use crate::rules::{self, Family, Ruleset};
use crate::toml_reader::Reader;
use common::{TEAM_VICTORY, VICTORY, check_games_played_out};
use info::validate_info;
use players::{leaders_playing, validate_players};
use rounds::{report_pairing_departures, validate_rounds};

/// Validates `raw`, then checks what the rules compute from it (the bracket's view of the
/// recorded elimination games). Returns the event and its computed facts when no error was found.
pub(crate) fn validate(
    reader: &mut Reader<'_>,
    raw: RawEvent,
    slug: &str,
    options: &LoadOptions,
) -> Option<(Event, Computed)> {
    let errors = |reader: &Reader<'_>| reader.diagnostics.iter().filter(|d| d.is_error()).count();
    let errors_before = errors(reader);
    let ruleset = resolve_ruleset(reader, &raw, options);
    if let Some(r) = ruleset.filter(|r| r.standings_only) {
        require_standings(reader, &raw, r);
    }
    let decks = decklists::read_decks(reader, &raw.players, ruleset.map(|r| r.family), options);
    let people = validate_players(reader, &raw.players, &decks, ruleset, raw.rounds.len());
    let team = raw.info.format.as_ref().is_some_and(|f| f.value == "team");
    let (mut players, people, members) = competitors(reader, &raw, people, team)?;
    // The structure is read for the players of round 1 once it is paired (see
    // `compute::structure_players`).
    let round_one_paired = !raw.rounds.is_empty();
    let info = ruleset.and_then(|r| {
        let count = compute::structure_players(&players, round_one_paired);
        validate_info(reader, &raw, r, slug, count)
    });
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
        ccg::warnings::warn_below_minimums(reader, &raw, &info, compute::entrants(&players));
        let (games, disqualified) =
            ccg::validate_games(reader, &raw, &players, ruleset.ccg_standings);
        // A player disqualified by a second deck-check failure leaves the event after that
        // game, as a player recorded `disqualified` with that `drop` would.
        for (p, game) in disqualified {
            let player = &mut players[p];
            player.disqualified = true;
            player.drop = Some(player.drop.map_or(game, |d| d.min(game)));
        }
        ccg::warnings::warn_director_play(reader, &raw, &info, &players, &games);
        ccg::warnings::warn_switched_allegiance(reader, &raw, &info, &players);
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
        Some(f) if ccg => {
            ccg::final_games::validate_final_games(reader, &f.ccg_games, &players, false)
        }
        _ => Vec::new(),
    };
    let final_record =
        ccg::final_games::validate_final_record(reader, raw.final_match.as_ref(), ccg, &players);
    let top_cut = match &raw.top_cut {
        Some(t) if ccg && casual.is_none() => {
            let cut = compute::structure_in_force(ruleset, &info, &players, round_one_paired).1;
            ccg::final_games::validate_top_cut(reader, t, cut.unwrap_or(0), &players)
        }
        Some(t) => {
            reader
                .error(
                    Code::InvalidValue,
                    t.span.clone(),
                    "`[top_cut]` records a SW:CCG event's top cut of two-game matches",
                )
                .help = Some(
                "remove `[top_cut]`: only a SW:CCG event of Swiss games has one (a SW:LCG event records its cut under `[elimination]`)".into(),
            );
            None
        }
        None => None,
    };
    let tiebreaker_games = match &raw.tiebreaker_games_span {
        Some(_) if ccg && casual.is_none() => {
            ccg::final_games::validate_final_games(reader, &raw.tiebreaker_games, &players, false)
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
    let (swiss_rounds, cut) =
        compute::structure_in_force(ruleset, &info, &players, round_one_paired);
    warn_extra_rounds(reader, &raw, swiss_rounds, ccg);
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
            recorded::validate_standings(reader, &raw, ruleset, &info, &players),
        )
    };
    recorded::check_field_size(reader, &raw, &info, players.len());
    let swiss = casual.is_none() && recorded.is_empty() && !ccg;
    let venue_draw = venue_draw::validate_venue_draw(reader, &raw, &players, swiss);
    let penalties =
        penalties::validate_penalties(reader, &raw, &players, &rounds, &elimination, swiss);
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
            final_waived: final_record.waived,
            final_replaced: final_record.replaced,
            final_coin: final_record.coin,
            tiebreaker_games,
            top_cut,
        })
    } else {
        Kind::Swiss(SwissPlay {
            rounds,
            elimination,
            final_match,
            venue_draw,
            penalties,
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
    report_computed_problems(reader, &raw, &event, &computed);
    (errors(reader) == errors_before).then_some((event, computed))
}

/// The players who compete (teams in a team event), the people, and each team's two members.
type Competitors = (Vec<Player>, Vec<Player>, Vec<[usize; 2]>);

/// Who competes: the people, or in a team event the teams (with each team's two members); a
/// late entry or `[[teams]]` where they do not belong is an error. `None` when the event cannot
/// be read as a team event.
fn competitors(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    people: Vec<Player>,
    team: bool,
) -> Option<Competitors> {
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
    Some(if team {
        let (teams, members) = teams::validate_teams(reader, raw, &people)?;
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
    })
}

/// A warning for a round (SW:CCG: game) recorded past the number the structure plans.
fn warn_extra_rounds(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    swiss_rounds: Option<u32>,
    ccg: bool,
) {
    if let Some(planned) = swiss_rounds
        && let Some(extra) = raw.rounds.get(planned as usize)
    {
        // SW:CCG events count games: each `[[rounds]]` entry is one.
        let (planned_text, unit) = if ccg {
            (format!("{planned} games"), "game")
        } else {
            (format!("{planned} Swiss rounds"), "round")
        };
        reader
            .warning(
                Code::RuleDeparture,
                extra.span.clone(),
                format!(
                    "the event has {planned_text}, but {unit} {} is recorded",
                    planned + 1
                ),
            )
            .help = Some(format!(
            "set `swiss_rounds` (with `structure = \"custom\"`) if the event announced more {unit}s"
        ));
    }
}

/// What the rules' computation finds wrong with what is recorded: a bracket or venue draw that
/// does not fit, departures from the pairing rules, a Final Confrontation, top cut, tiebreaker
/// or team final that the computed standings do not call for.
fn report_computed_problems(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    event: &Event,
    computed: &Computed,
) {
    elimination::report_bracket_problems(reader, raw, &event.players, computed);
    venue_draw::report_venue_draw_problems(reader, raw, &event.players, computed);
    report_pairing_departures(reader, raw, event, computed);
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
    if let (Some(problem), Some(winner)) = (
        computed
            .ccg()
            .and_then(|c| c.final_confrontation.as_ref())
            .and_then(|f| f.coin_problem.as_ref()),
        raw.final_match.as_ref().and_then(|f| f.winner.as_ref()),
    ) {
        reader
            .error(Code::BadResult, winner.span.clone(), problem.clone())
            .help = Some(
            "remove `winner` from `[final]`: it records the coin tossed at the venue, which decides only a final level on games, victory points, differential and the highest winning differential".into(),
        );
    }
    if let Some(recorded) = &raw.top_cut {
        ccg::final_games::report_top_cut_problems(reader, recorded, event, computed);
    }
    super::coins::report_owed_coins(reader, raw, event, computed);
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
            FinalProblem::NotNeeded => (
                "no final match is needed: no two teams are tied for first after the Swiss rounds"
                    .to_string(),
                "remove `[final]`, or record the Swiss rounds' results first".to_string(),
            ),
            FinalProblem::NotAFinalist(team) => (
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
}

/// An event of a ruleset Holonet models no rules of play for is known only by its standings
/// as published: without `[[standings]]` there is nothing it could record or compute.
fn require_standings(reader: &mut Reader<'_>, raw: &RawEvent, ruleset: &Ruleset) {
    if raw.standings_span.is_some() {
        return;
    }
    let span = raw.info.rules.as_ref().map_or(0..0, |r| r.span.clone());
    reader
        .error(
            Code::InvalidValue,
            span,
            format!(
                "`{}` events are known by their standings only: Holonet does not model the rules they were played under",
                ruleset.id
            ),
        )
        .help = Some(
        "record the standings as published with `[[standings]]` rows (or `holonet import` a table of them), or name a ruleset whose games Holonet computes"
            .into(),
    );
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

#[cfg(test)]
mod affiliation_tests;
#[cfg(test)]
mod recorded_tests;
#[cfg(test)]
mod testing;

#[cfg(test)]
mod tests {
    use super::testing::{SWISS, assert_clean, event, find, four, line_of, round};
    use crate::diag::{Code, Severity};

    #[test]
    fn an_unknown_ruleset_is_named_with_the_closest() {
        let text = event("rules = \"fg-2018\"", &four(), "");
        let d = find(&text, "unknown ruleset");
        assert_eq!(d.message, "unknown ruleset `fg-2018`");
        assert_eq!((d.severity, d.code), (Severity::Error, Code::InvalidValue));
        assert_eq!(d.label.as_deref(), Some("did you mean `ffg-2018`?"));
        assert_eq!(
            d.help,
            "use one of: ffg-2018, ffg-2014, swccg-2008, swccg-pc-sos, swccg-pc-match-play, swccg-historic"
        );
        assert_eq!((d.line, d.col, d.spanned.as_str()), (4, 9, "\"fg-2018\""));
    }

    #[test]
    fn an_event_without_rules_and_no_default() {
        let text = event("", &four(), "");
        let d = find(&text, "`[event]` has no `rules`");
        assert_eq!(d.code, Code::MissingField);
        assert!(d.help.contains("or set `default_rules` in holonet.toml"));
        assert_eq!((d.line, d.col), (1, 1));
    }

    #[test]
    fn teams_belong_to_team_events() {
        let teams = "[[teams]]\nname = \"Rebels\"\nplayers = [\"ann\", \"bo\"]\n";
        let text = event(SWISS, &format!("{}{teams}", four()), "");
        let d = find(&text, "`[[teams]]` belong to team events");
        assert_eq!(
            (d.code, d.line),
            (Code::InvalidValue, line_of(&text, "Rebels") - 1)
        );
    }

    #[test]
    fn a_round_beyond_the_planned_ones_is_a_departure() {
        let info = "rules = \"ffg-2018\"\nstructure = \"custom\"\nswiss_rounds = 1";
        let tables = [
            "players = [\"ann\", \"bo\"], games = [\"ann\", \"ann\"]",
            "players = [\"cy\", \"di\"], games = [\"cy\", \"cy\"]",
        ];
        let one = round(&tables);
        let second = round(&[
            "players = [\"ann\", \"cy\"], games = [\"ann\", \"ann\"]",
            "players = [\"bo\", \"di\"], games = [\"bo\", \"bo\"]",
        ]);
        assert_clean(&event(info, &four(), &one));
        let text = event(info, &four(), &format!("{one}{second}"));
        let d = find(
            &text,
            "the event has 1 Swiss rounds, but round 2 is recorded",
        );
        assert_eq!(
            (d.severity, d.code),
            (Severity::Warning, Code::RuleDeparture)
        );
        assert_eq!(
            d.line,
            text.rfind("[[rounds]]")
                .map(|at| text[..at].lines().count() + 1)
                .unwrap()
        );
    }

    #[test]
    fn a_final_belongs_to_team_events() {
        let text = event(SWISS, &four(), "[final]\ngames = [\"ann\"]\n");
        let d = find(&text, "`[final]` is the final match of a team event");
        assert_eq!(
            (d.code, d.line),
            (Code::InvalidValue, line_of(&text, "[final]"))
        );
    }
}
