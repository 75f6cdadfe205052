//! Team (2 vs 2) events: `[[teams]]` register pairs of players, and the teams are the
//! competitors that rounds, standings and the final match name. The people stay available for
//! the pages and their decklists.

use std::collections::BTreeMap;

use super::raw::{RawEvent, RawFinal};
use super::validate::common::{in_range, name_and_id, resolve};
use crate::diag::Code;
use crate::event::{Decks, FinalMatch, Game, Player};
use crate::rules::MAX_ROUNDS;
use crate::toml_reader::Reader;

/// The teams of a team event as competitors, and each team's two members (indices into the
/// people). Reports what is wrong; `None` when the event cannot be read as a team event.
pub(crate) fn validate_teams(
    reader: &mut Reader<'_>,
    raw: &RawEvent,
    people: &[Player],
) -> Option<(Vec<Player>, Vec<[usize; 2]>)> {
    // Before registration opens there is nobody to form teams; once players register, their
    // teams are needed.
    if raw.teams.is_empty() && raw.players.is_empty() {
        return Some((Vec::new(), Vec::new()));
    }
    if raw.teams.is_empty() {
        let span = raw
            .info
            .format
            .as_ref()
            .map_or(raw.info.span.clone(), |f| f.span.clone());
        reader
            .error(Code::MissingField, span, "a team event needs its teams")
            .help = Some(
            "add a `[[teams]]` entry for each team: `id`, `name` and its two `players`".into(),
        );
        return None;
    }
    let person_ids: BTreeMap<String, usize> = people
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id.clone(), i))
        .collect();
    let mut team_of: BTreeMap<usize, usize> = BTreeMap::new();
    let mut ids: BTreeMap<String, usize> = BTreeMap::new();
    let mut competitors = Vec::new();
    let mut members = Vec::new();
    for (index, team) in raw.teams.iter().enumerate() {
        let (name, id) = name_and_id(reader, &team.name, &team.id, "team");
        if !id.is_empty() && ids.insert(id.clone(), index).is_some() {
            let span = team
                .id
                .as_ref()
                .map_or(team.span.clone(), |i| i.span.clone());
            reader
                .error(Code::BadId, span, format!("team id `{id}` is used twice"))
                .help = Some("give each team its own `id`".into());
        }
        let seats: Vec<usize> = team
            .players
            .iter()
            .filter_map(|p| resolve(reader, &person_ids, p, "in this team"))
            .collect();
        if team.players.len() != 2 {
            let span = team.players_span.clone().unwrap_or(team.span.clone());
            reader
                .error(
                    Code::InvalidValue,
                    span,
                    format!(
                        "a team has two players, this one lists {}",
                        team.players.len()
                    ),
                )
                .help = Some("list the two players' ids, player #1 first".into());
        }
        for (&p, sp) in seats.iter().zip(&team.players) {
            if let Some(&other) = team_of.get(&p) {
                reader
                    .error(
                        Code::Conflict,
                        sp.span.clone(),
                        format!(
                            "{} is already in another team (team {})",
                            people[p].name,
                            other + 1
                        ),
                    )
                    .help = Some("a player plays for one team only".into());
            } else {
                team_of.insert(p, index);
            }
        }
        let drop = in_range(reader, &team.drop, "`drop`", 0, i64::from(MAX_ROUNDS));
        if let [a, b] = seats[..] {
            members.push([a, b]);
        } else {
            members.push([0, 0]);
        }
        competitors.push(Player {
            id,
            name,
            number: index as u32 + 1,
            avoid: Vec::new(),
            drop,
            rejoin: None,
            late: None,
            disqualified: false,
            organizer: false,
            forum_handle: None,
            decks: Decks::default(),
        });
    }
    for (i, person) in people.iter().enumerate() {
        if !team_of.contains_key(&i) {
            let span = raw.players.get(i).map_or(0..0, |p| p.span.clone());
            reader
                .warning(
                    Code::RuleDeparture,
                    span,
                    format!("{} is registered but in no team", person.name),
                )
                .help =
                Some("add the player to a `[[teams]]` entry, or remove the registration".into());
        }
    }
    Some((competitors, members))
}

/// Reads `[final]`: the games of the final match, with winners among the teams (which two teams
/// play it is computed from the standings and checked afterwards).
pub(crate) fn validate_final(
    reader: &mut Reader<'_>,
    raw: &RawFinal,
    teams: &[Player],
) -> Option<FinalMatch> {
    let ids: BTreeMap<String, usize> = teams
        .iter()
        .enumerate()
        .map(|(i, t)| (t.id.clone(), i))
        .collect();
    if raw.games.len() > 2 {
        reader
            .error(
                Code::BadResult,
                raw.span.clone(),
                format!("a match has 2 games, the final records {}", raw.games.len()),
            )
            .help = Some("record the final's two games, in playing order".into());
        return None;
    }
    let mut games = Vec::new();
    for g in &raw.games {
        let winner = if g.winner.value == "draw" {
            None
        } else {
            Some(resolve(
                reader,
                &ids,
                &g.winner,
                "as the winner of the final",
            )?)
        };
        games.push(Game { winner, by: None });
    }
    let first_dark = match &raw.first_dark {
        Some(fd) => Some(resolve(reader, &ids, fd, "in `first_dark`")?),
        None => None,
    };
    Some(FinalMatch { games, first_dark })
}
