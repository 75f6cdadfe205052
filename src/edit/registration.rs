//! Registration changes from the terminal: `holonet register`, `holonet drop` and
//! `holonet unpair`. Each is a pure function from the file's text, the event loaded from it and
//! the time to the new text and a sentence saying what changed. The edit goes through
//! `toml_edit`, so comments and layout stay as they were; the caller validates the new text like
//! any event and writes it atomically, so a change the rules reject never reaches the file.

use crate::diag::Shown;
use std::path::Path;

use toml_edit::{ArrayOfTables, DocumentMut, Item, Table, value};

use super::transaction::{DOES_NOT_FIT, FileEdit, OneEvent};

use crate::event::ids::{id_from_name, is_valid_id};
use crate::event::{Event, Kind, Timestamp};
use crate::load::people::{Named, People};
use crate::rules::LateEntry;
use crate::rules::compute;
use crate::rules::computed::Computed;
use crate::rules::structure::{self, StructureRow};
use crate::wall_clock::{Stamp, stamp};

/// The new text of the event file, and the sentence the command prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Edited {
    pub(crate) text: String,
    pub(crate) summary: String,
    /// What the organizer should know about what was written (a name close to another
    /// person's in the archive).
    pub(crate) warnings: Vec<String>,
}

/// What `holonet register` was asked.
#[derive(Debug, Clone, Copy)]
pub struct Registration<'a> {
    pub name: &'a str,
    /// The id to give, when not the one made from the name.
    pub id: Option<&'a str>,
    /// The organizer confirms a late entry (needed once a round is paired).
    pub late: bool,
    /// A team event: the team this player enters with their partner (`id` is then the team's).
    pub team: Option<TeamEntry<'a>>,
    /// Asked by an issue form, which anyone may send: an id `players.toml` joins to a person's
    /// page is then taken only under a name of theirs (the organizer may give it another
    /// spelling).
    pub by_form: bool,
}

/// A team of two entering a team event: the team's name and the second player's name.
#[derive(Debug, Clone, Copy)]
pub struct TeamEntry<'a> {
    pub name: &'a str,
    pub partner: &'a str,
}

/// "round" or, in SW:CCG events, whose `[[rounds]]` entries are single games, "game".
fn unit(computed: &Computed) -> &'static str {
    computed.ruleset.family.round_unit()
}

/// The rounds (SW:CCG: games) the file records, paired or finished.
fn recorded_rounds(event: &Event) -> u32 {
    event.rounds().len().max(event.ccg_games().len()) as u32
}

pub(super) fn parse(text: &str) -> Result<DocumentMut, String> {
    text.parse()
        .map_err(|e| format!("cannot edit this file: {e}"))
}

pub(super) fn finish(
    mut doc: DocumentMut,
    at: Timestamp,
    summary: String,
) -> Result<Edited, String> {
    stamp(&mut doc, at, Stamp::Updated)?;
    Ok(Edited {
        text: doc.to_string(),
        summary,
        warnings: Vec::new(),
    })
}

/// Adds a `[[players]]` entry after the last one. Before any round is paired this is a plain
/// registration (`late` or not: nothing has been missed yet). Once rounds exist the player is a
/// late entry from the next round to be paired, written `late = N`, and `late` must be asked
/// for, so that a registration in the wrong file, or meant for before round 1, is not silently
/// turned into one.
///
/// `archive` holds the people of the site's other events: an id one of them has under another
/// name is refused (the two would share one page), and a name close to another person's gets
/// a warning with the `players.toml` lines that settle it.
pub(crate) fn register(
    text: &str,
    event: &Event,
    computed: &Computed,
    request: Registration<'_>,
    archive: &People,
    at: Timestamp,
) -> Result<Edited, String> {
    let file = event.file.shown();
    if event.is_team() {
        return register_team(text, event, request, archive, at);
    }
    if request.team.is_some() {
        return Err(format!(
            "{file} is not a team event: register each player on their own, without --team and --with"
        ));
    }
    let name = request.name.trim();
    let made = id_from_name(name);
    let id = new_id(
        event,
        "player",
        name,
        request.id,
        &[],
        Some((archive, request.by_form)),
    )?;
    let casual = event.is_casual();
    let recorded = recorded_rounds(event);
    let unit = unit(computed);
    if casual && request.late {
        return Err(format!(
            "a `{}` event has no rounds to join late: register without --late",
            event.info.format
        ));
    }
    if matches!(event.kind, Kind::Recorded(_)) && request.late {
        return Err(format!(
            "{file} is known only by its final standings: it has no rounds to join late; register without --late"
        ));
    }
    let late = (recorded > 0).then_some(recorded + 1);
    if let Some(from) = late {
        if computed
            .swiss_rounds
            .is_some_and(|planned| recorded >= planned)
        {
            return Err(format!(
                "every planned {unit} of {file} is paired ({recorded}): a player cannot enter now"
            ));
        }
        if !request.late {
            return Err(format!(
                "{unit} {recorded} of {file} is already paired, so a player registered now is a late entry from {unit} {from} ({}); add --late to register them so",
                missed_rounds(computed, from)
            ));
        }
    }
    let mut doc = parse(text)?;
    let mut entry = Table::new();
    entry.insert("name", value(name));
    if id != made || writes_ids(&doc, "players") {
        entry.insert("id", value(id.as_str()));
    }
    if let Some(from) = late {
        entry.insert("late", value(i64::from(from)));
    }
    append(&mut doc, event, "players", entry)?;
    let number = event.players.len() + 1;
    let summary = match late {
        Some(from) => format!(
            "Registered {name} (id {id}) in {file} as a late entry from {unit} {from}: {}.{}",
            missed_rounds(computed, from),
            structure_stays(event, computed).unwrap_or_default()
        ),
        None if request.late => format!(
            "Registered {name} (id {id}) as player {number} in {file}; no {unit} is paired yet, so this is a normal registration, not a late entry."
        ),
        None => format!("Registered {name} (id {id}) as player {number} in {file}."),
    };
    let mut edited = finish(doc, at, summary)?;
    edited.warnings = name_hints(archive, &[Named { id: &id, name }]);
    Ok(edited)
}

/// The hint for each new person's name close to another's in the archive.
fn name_hints(archive: &People, new: &[Named<'_>]) -> Vec<String> {
    archive
        .hints_for(new)
        .into_iter()
        .map(|(_, message, help)| format!("{message}; {help}"))
        .collect()
}

/// The id a new entry gets: `given`, else the one made from `name`; checked to be valid and
/// free among the event's people and competitors (and `also_taken`, ids this same edit adds),
/// and, for a person, not another person's in `archive`: the id names their page. With
/// `by_form`, an id `players.toml` joins to someone's page counts as theirs too.
fn new_id(
    event: &Event,
    what: &str,
    name: &str,
    given: Option<&str>,
    also_taken: &[&str],
    archive: Option<(&People, bool)>,
) -> Result<String, String> {
    let file = event.file.shown();
    if name.is_empty() {
        return Err(format!(
            "the {what}'s name is empty: give it, such as \"Tom Kessel\""
        ));
    }
    let made = id_from_name(name);
    let id = match given {
        Some(id) if !is_valid_id(id) => {
            return Err(format!(
                "`{id}` is not a valid id: use lower-case letters a-z, digits and `-`, such as `{}`",
                if is_valid_id(&made) {
                    made.as_str()
                } else {
                    "tom-kessel"
                }
            ));
        }
        Some(id) => id.to_string(),
        None if is_valid_id(&made) => made,
        None => {
            return Err(format!(
                "no id can be made from the name \"{name}\": pass --id, such as --id {what}-{}",
                event.players.len() + 1
            ));
        }
    };
    let taken = |candidate: &str| {
        also_taken.contains(&candidate)
            || event
                .persons()
                .iter()
                .chain(if event.is_team() {
                    &event.players[..]
                } else {
                    &[]
                })
                .any(|p| p.id == candidate)
    };
    if taken(&id) {
        let free = (2..)
            .map(|n| format!("{id}-{n}"))
            .find(|c| !taken(c))
            .unwrap_or_default();
        let owner = event
            .persons()
            .iter()
            .chain(&event.players)
            .find(|p| p.id == id)
            .map_or_else(|| "another entry".to_string(), |p| format!("{}'s", p.name));
        return Err(format!(
            "the id `{id}` is already {owner} in {file}: pass --id with another, such as --id {free}"
        ));
    }
    if let Some((archive, by_form)) = archive
        && let Some(other) = if by_form {
            archive.other_person_joined(&id, name)
        } else {
            archive.other_person(&id, name)
        }
    {
        let free = archive.free_id(name, taken);
        let other_name = &other.name;
        let instead = if event.is_team() {
            format!(
                "register the team by hand, writing id = \"{free}\" in {name}'s `[[players]]` entry"
            )
        } else {
            format!("pass --id with another, such as --id {free}")
        };
        return Err(format!(
            "the id `{id}` is {other_name}'s in {}: {name} would be shown on that player page, as the same person; if {name} is someone else, {instead}; if the same person, register the name as written there, or join the two ids in players.toml",
            archive.at(other, "id")
        ));
    }
    Ok(id)
}

/// Whether every entry of the array of tables `key` writes its `id`: a new entry then writes its
/// own too, to follow the file (otherwise an id is written only where the name gives another).
fn writes_ids(doc: &DocumentMut, key: &str) -> bool {
    doc.get(key)
        .and_then(Item::as_array_of_tables)
        .is_some_and(|list| !list.is_empty() && list.iter().all(|t| t.contains_key("id")))
}

/// Appends `entry` to the array of tables `key` (`[[players]]`, `[[teams]]`, a league's
/// `[[games]]`), creating it after
/// everything else when the file has none yet.
pub(super) fn append(
    doc: &mut DocumentMut,
    event: &Event,
    key: &str,
    mut entry: Table,
) -> Result<(), String> {
    match doc.get_mut(key) {
        Some(Item::ArrayOfTables(list)) => list.push(entry),
        Some(_) => {
            return Err(format!(
                "{} writes its {key} as an inline list; add the entry there by hand",
                event.file.shown()
            ));
        }
        None => {
            // The text after the last key (in a new file, the commented examples) stays where
            // it is, above the entries, rather than drifting below everything added later.
            let trailing = doc.trailing().as_str().unwrap_or_default().to_string();
            if !trailing.trim().is_empty() {
                entry
                    .decor_mut()
                    .set_prefix(format!("{}\n\n", trailing.trim_end()));
                doc.set_trailing("");
            }
            let mut list = ArrayOfTables::new();
            list.push(entry);
            doc.insert(key, Item::ArrayOfTables(list));
        }
    }
    Ok(())
}

/// A team event: both players and their `[[teams]]` entry, before round 1 (team events
/// announce their rounds and take no late entries).
fn register_team(
    text: &str,
    event: &Event,
    request: Registration<'_>,
    archive: &People,
    at: Timestamp,
) -> Result<Edited, String> {
    let file = event.file.shown();
    let Some(team) = request.team else {
        return Err(format!(
            "{file} is a team event: players enter as teams of two; give the team's name and the partner, such as --team \"Echo Base\" --with \"Bo Vos\""
        ));
    };
    if recorded_rounds(event) > 0 || request.late {
        return Err(format!(
            "{file} is a team event: teams enter before round 1 is paired, never late"
        ));
    }
    let (first, second) = (request.name.trim(), team.partner.trim());
    let checked = Some((archive, request.by_form));
    let first_id = new_id(event, "player", first, None, &[], checked)?;
    let second_id = new_id(event, "player", second, None, &[&first_id], checked)?;
    let team_name = team.name.trim();
    let team_id = new_id(
        event,
        "team",
        team_name,
        request.id,
        &[&first_id, &second_id],
        None,
    )?;
    let mut doc = parse(text)?;
    let (players_explicit, teams_explicit) =
        (writes_ids(&doc, "players"), writes_ids(&doc, "teams"));
    for (name, id) in [(first, &first_id), (second, &second_id)] {
        let mut entry = Table::new();
        entry.insert("name", value(name));
        if *id != id_from_name(name) || players_explicit {
            entry.insert("id", value(id.as_str()));
        }
        append(&mut doc, event, "players", entry)?;
    }
    let mut entry = Table::new();
    if team_id != id_from_name(team_name) || teams_explicit {
        entry.insert("id", value(team_id.as_str()));
    }
    entry.insert("name", value(team_name));
    entry.insert(
        "players",
        value(toml_edit::Array::from_iter([
            first_id.as_str(),
            second_id.as_str(),
        ])),
    );
    append(&mut doc, event, "teams", entry)?;
    let summary = format!(
        "Registered the team {team_name} (id {team_id}): {first} (id {first_id}) and {second} (id {second_id}), as team {} in {file}.",
        event.players.len() + 1
    );
    let mut edited = finish(doc, at, summary)?;
    edited.warnings = name_hints(
        archive,
        &[
            Named {
                id: &first_id,
                name: first,
            },
            Named {
                id: &second_id,
                name: second,
            },
        ],
    );
    Ok(edited)
}

/// What a late entry does not change, said when the organizer might expect it to: the
/// structure was fixed for the players of round 1 when it was paired, and the table gives
/// another for the field with this entry. `None` when it gives the same, or the file writes
/// both `swiss_rounds` and `cut` (the structure is then the file's).
fn structure_stays(event: &Event, computed: &Computed) -> Option<String> {
    let info = &event.info;
    if info.swiss_rounds.is_some() && info.cut.is_some() {
        return None;
    }
    let ruleset = computed.ruleset;
    let round_one = compute::structure_players(&event.players, true);
    let fixed = structure::lookup(ruleset, &info.structure, round_one)?;
    let field = compute::entrants(&event.players) + 1;
    let grown = structure::lookup(ruleset, &info.structure, field)?;
    let plan = |row: StructureRow| match row.cut {
        0 => format!("{} Swiss rounds and no cut", row.swiss_rounds),
        cut => format!("{} Swiss rounds and a top {cut}", row.swiss_rounds),
    };
    (grown != fixed).then(|| {
        format!(
            " The event keeps the {} structure fixed when round 1 was paired for its {round_one} players: {} (with {field} players the table gives {}); to change it, write `swiss_rounds = {}` and `cut = {}` in `[event]`, which check reports as a change from what was announced.",
            info.structure,
            plan(fixed),
            plan(grown),
            grown.swiss_rounds,
            grown.cut
        )
    })
}

/// What the rounds before `from` give a late entry under the event's ruleset.
fn missed_rounds(computed: &Computed, from: u32) -> String {
    let unit = unit(computed);
    match (computed.ruleset.late_entry, from) {
        (LateEntry::UnpairedLosses, 2) => format!("{unit} 1 counts as an unpaired loss"),
        (LateEntry::UnpairedLosses, _) => {
            format!("{unit}s 1-{} count as unpaired losses", from - 1)
        }
        (LateEntry::NotScored, 2) => format!("{unit} 1 is not scored for them"),
        (LateEntry::NotScored, _) => format!("{unit}s 1-{} are not scored for them", from - 1),
    }
}

/// Where a player sits in a recorded round (SW:CCG: game).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seat {
    Table { number: u32, reported: bool },
    Bye,
}

fn seat(event: &Event, player: usize, round: u32) -> Option<Seat> {
    let at = |number, reported| Some(Seat::Table { number, reported });
    if let Some(r) = event.rounds().iter().find(|r| r.number == round) {
        if let Some(t) = r.tables.iter().find(|t| t.players.contains(&player)) {
            return at(t.number, t.outcome != crate::event::Outcome::Pending);
        }
        return r.byes.contains(&player).then_some(Seat::Bye);
    }
    let g = event.ccg_games().iter().find(|g| g.number == round)?;
    if let Some(t) = g
        .tables
        .iter()
        .find(|t| t.dark == player || t.light == player)
    {
        return at(t.number, t.result.is_some());
    }
    g.byes.contains(&player).then_some(Seat::Bye)
}

/// Records that competitor `id` dropped after round `after`, by default the last round in the
/// file: every active player is in it (at a table or with the bye), so that is their last
/// round. If their table there has no result yet, the drop is refused with the ways out
/// (report it first, unpair the round, or say `after` explicitly): dropping them after the
/// round before would leave them seated in a round they are not in, which no file may say.
pub(crate) fn drop(
    text: &str,
    event: &Event,
    computed: &Computed,
    id: &str,
    after: Option<u32>,
    at: Timestamp,
) -> Result<Edited, String> {
    let file = event.file.shown();
    if event.is_casual() {
        return Err(format!(
            "a `{}` event has no rounds to drop out of: a player simply plays no more games",
            event.info.format
        ));
    }
    if matches!(event.kind, Kind::Recorded(_)) {
        return Err(format!(
            "{file} is known only by its final standings: it records no rounds to drop out of"
        ));
    }
    let who = if event.is_team() { "team" } else { "player" };
    let p = entrant(event, id)?;
    let player = &event.players[p];
    let unit = unit(computed);
    if let Some(d) = player.drop {
        return Err(format!(
            "{} already dropped after {unit} {d}; the file records one drop per {who}: edit `drop` there to correct it",
            player.name
        ));
    }
    let recorded = recorded_rounds(event);
    let elimination_begun = elimination_begun(event);
    let after = match after {
        Some(n) => n,
        None if elimination_begun => {
            return Err(format!(
                "the elimination of {file} has begun: pass --after with the Swiss rounds plus the bracket rounds the player finished (after {recorded} Swiss rounds, --after {} is after the first bracket round)",
                recorded + 1
            ));
        }
        None => recorded,
    };
    if let Some(late) = player.late.filter(|&late| after < late) {
        return Err(format!(
            "{} is a late entry from {unit} {late} and has not played: remove their `[[players]]` entry from the file instead",
            player.name
        ));
    }
    if after > recorded && !(computed.swiss_finished() && computed.cut.unwrap_or(0) > 0) {
        return Err(format!(
            "{unit} {after} is not paired yet: the last {unit} in {file} is {recorded}; drop them after it (leave out --after)"
        ));
    }
    for round in after + 1..=recorded {
        if seat(event, p, round).is_some() {
            return Err(format!(
                "{} plays in {unit} {round}, after {unit} {after}: drop them after {unit} {recorded}, or run `holonet unpair {file}` to take the {unit}s after {after} back first",
                player.name
            ));
        }
    }
    if let Some(Seat::Table {
        number,
        reported: false,
    }) = seat(event, p, after)
    {
        return Err(format!(
            "{} is at table {number} of {unit} {after}, which has no result yet: record it first (`holonet report {file} {number} RESULT`), then drop them; or run `holonet unpair {file}`, drop them, and pair {unit} {after} again without them",
            player.name
        ));
    }
    let mut doc = parse(text)?;
    let entry = roster_entry(&mut doc, event, p)?;
    entry.insert("drop", value(i64::from(after)));
    let summary = if after == 0 {
        format!("{} withdrew before {unit} 1 in {file}.", player.name)
    } else {
        let cut = if computed.swiss_rounds == Some(after) && computed.cut.unwrap_or(0) > 0 {
            " (before the cut: if they qualified, the next player takes their seed)"
        } else {
            ""
        };
        format!(
            "{} dropped after {unit} {after}{cut} in {file}: not paired from {unit} {} on.",
            player.name,
            after + 1
        )
    };
    finish(doc, at, summary)
}

/// The tables of `round` (SW:CCG: game) that have a result.
fn reported_tables(event: &Event, round: u32) -> std::collections::BTreeSet<u32> {
    (0..event.players.len())
        .filter_map(|p| match seat(event, p, round) {
            Some(Seat::Table {
                number,
                reported: true,
            }) => Some(number),
            _ => None,
        })
        .collect()
}

/// Whether the elimination of a Swiss event has games in the file.
fn elimination_begun(event: &Event) -> bool {
    matches!(&event.kind, Kind::Swiss(play) if !play.elimination.is_empty())
}

/// The `[[players]]` (team event: `[[teams]]`) entry of player `p` in `doc`.
fn roster_entry<'a>(
    doc: &'a mut DocumentMut,
    event: &Event,
    p: usize,
) -> Result<&'a mut Table, String> {
    let list = if event.is_team() { "teams" } else { "players" };
    doc.get_mut(list)
        .and_then(Item::as_array_of_tables_mut)
        .and_then(|tables| tables.get_mut(p))
        .ok_or_else(|| {
            format!(
                "cannot find {}'s `[[{list}]]` entry in {}",
                event.players[p].name,
                event.file.shown()
            )
        })
}

/// The index of the player (or team) `id`, or what to type instead: the id of a player
/// written by name, or the closest id.
pub(super) fn entrant(event: &Event, id: &str) -> Result<usize, String> {
    let file = event.file.shown();
    let who = if event.is_team() { "team" } else { "player" };
    if let Some(p) = event.players.iter().position(|p| p.id == id) {
        return Ok(p);
    }
    let by_name = event
        .players
        .iter()
        .find(|p| p.name.eq_ignore_ascii_case(id.trim()))
        .map(|p| p.id.as_str());
    let hint = by_name
        .or_else(|| crate::diag::did_you_mean(id, event.players.iter().map(|p| p.id.as_str())));
    Err(match hint {
        Some(hint) => format!("no {who} has the id `{id}` in {file}; did you mean `{hint}`?"),
        None => {
            format!("no {who} has the id `{id}` in {file}; `holonet standings {file}` lists them")
        }
    })
}

/// Undoes a drop (`drop --undo`). While no round has been paired since the drop, the drop goes
/// and nothing was missed. Once rounds were paired without the player, they come back from
/// the next round to be paired (`rejoin`), and the rounds missed count as unpaired losses,
/// where the ruleset lets a dropped player return (ffg-2018); elsewhere the return is refused,
/// with how to take unplayed rounds back first. A drop during the elimination, a disqualification
/// and a return already recorded are refused with what to do.
pub(crate) fn undo_drop(
    text: &str,
    event: &Event,
    computed: &Computed,
    id: &str,
    at: Timestamp,
) -> Result<Edited, String> {
    let file = event.file.shown();
    if event.is_casual() || matches!(event.kind, Kind::Recorded(_)) {
        return Err(format!(
            "{file} has no rounds to drop out of, so no drop to undo"
        ));
    }
    let p = entrant(event, id)?;
    let player = &event.players[p];
    let unit = unit(computed);
    let Some(dropped) = player.drop else {
        return Err(format!(
            "{} has not dropped: there is nothing to undo",
            player.name
        ));
    };
    if player.disqualified {
        return Err(format!(
            "{} was disqualified, which drop --undo does not take back: if it was a mistake, remove `disqualified` and `drop` from their entry in {file}",
            player.name
        ));
    }
    if let Some(back) = player.rejoin {
        return Err(format!(
            "{} already rejoined from {unit} {back}: edit `rejoin` in {file} to correct it",
            player.name
        ));
    }
    let swiss_rounds = computed.swiss_rounds.unwrap_or(u32::MAX);
    let elimination_begun = elimination_begun(event);
    if elimination_begun && dropped >= swiss_rounds {
        return Err(format!(
            "{} left during the cut, whose games were played on without them: the bracket cannot take them back",
            player.name
        ));
    }
    let recorded = recorded_rounds(event);
    let mut doc = parse(text)?;
    let entry = roster_entry(&mut doc, event, p)?;
    if recorded <= dropped {
        entry.remove("drop");
        let summary = format!(
            "{}'s drop is undone in {file}: nothing was missed, and they are paired from {unit} {} on.",
            player.name,
            dropped + 1
        );
        return finish(doc, at, summary);
    }
    let missed = if dropped + 1 == recorded {
        format!("{unit} {recorded}")
    } else {
        format!("{unit}s {}–{recorded}", dropped + 1)
    };
    let open_last = reported_tables(event, recorded).is_empty();
    let unpair_first = if open_last {
        format!(
            "; to seat them in {unit} {recorded}, which has no result yet, run `holonet unpair {file}` first, then undo the drop and pair again"
        )
    } else {
        String::new()
    };
    if !computed.ruleset.allows_rejoin {
        return Err(format!(
            "{} does not let a dropped {} come back once {missed} was paired without them (see {}#drops){unpair_first}",
            computed.ruleset.id,
            if event.is_team() { "team" } else { "player" },
            computed.ruleset.reference_page
        ));
    }
    let back = recorded + 1;
    entry.insert("rejoin", value(i64::from(back)));
    let summary = format!(
        "{} rejoins {file} from {unit} {back}; {missed} count{} as unpaired losses{unpair_first}.",
        player.name,
        if dropped + 1 == recorded { "s" } else { "" }
    );
    finish(doc, at, summary)
}

/// Takes back the last thing `holonet pair` wrote, as long as nothing of it has a result: the
/// elimination games without a winner (the last batch written), else the last Swiss round
/// (SW:CCG: game). The `paired` stamp goes with it, since it timed that pairing.
pub(crate) fn unpair(
    text: &str,
    event: &Event,
    computed: &Computed,
    at: Timestamp,
) -> Result<Edited, String> {
    let file = event.file.shown();
    if event.is_casual() {
        return Err(format!(
            "a `{}` event has no pairing rounds to take back",
            event.info.format
        ));
    }
    let unit = unit(computed);
    let mut doc = parse(text)?;
    let (elimination, final_recorded) = match &event.kind {
        Kind::Swiss(play) => (&play.elimination[..], play.final_match.is_some()),
        Kind::Ccg(play) => (&[][..], !play.final_games.is_empty()),
        _ => (&[][..], false),
    };
    let summary = if !elimination.is_empty() {
        let open: Vec<u32> = elimination
            .iter()
            .filter(|g| !g.is_reported())
            .map(|g| g.number)
            .collect();
        if open.is_empty() {
            return Err(format!(
                "every elimination game in {file} has its result: there is nothing to take back (correct a result with `holonet report --replace`)"
            ));
        }
        let games = doc
            .get_mut("elimination")
            .and_then(|e| e.get_mut("games"))
            .and_then(Item::as_array_mut)
            .ok_or_else(|| format!("cannot find `[elimination]` games in {file}"))?;
        games.retain(|g| {
            g.as_inline_table()
                .is_none_or(|t| t.contains_key("winner") || t.contains_key("timed"))
        });
        let list: Vec<String> = open.iter().map(u32::to_string).collect();
        format!(
            "Took back elimination game{} {} from {file}: run holonet pair to write them again.",
            if open.len() == 1 { "" } else { "s" },
            list.join(", ")
        )
    } else {
        if final_recorded {
            return Err(format!(
                "{file} records its final: take it out of the file by hand before unpairing a {unit}"
            ));
        }
        let last = recorded_rounds(event);
        if last == 0 {
            return Err(format!("{file} has no {unit} to take back"));
        }
        let reported: Vec<String> = reported_tables(event, last)
            .iter()
            .map(u32::to_string)
            .collect();
        if !reported.is_empty() {
            return Err(format!(
                "{unit} {last} already has results (table {}): only a {unit} without results can be taken back; correct a result with `holonet report --replace`",
                reported.join(", ")
            ));
        }
        // Late entries waiting for the round after this one can now join this one instead
        // (before round 1 that is a plain registration): their `late` follows the pairing.
        let waiting: Vec<usize> = (0..event.players.len())
            .filter(|&p| event.players[p].late == Some(last + 1))
            .collect();
        if let Some(players) = doc
            .get_mut("players")
            .and_then(Item::as_array_of_tables_mut)
        {
            for &p in &waiting {
                if let Some(entry) = players.get_mut(p) {
                    if last == 1 {
                        entry.remove("late");
                    } else if let Some(late) = entry.get_mut("late").and_then(Item::as_value_mut) {
                        let decor = late.decor().clone();
                        *late = i64::from(last).into();
                        *late.decor_mut() = decor;
                    }
                }
            }
        }
        match doc.get_mut("rounds") {
            Some(Item::ArrayOfTables(rounds)) => {
                rounds.remove(rounds.len() - 1);
            }
            _ => {
                return Err(format!(
                    "{file} does not write its {unit}s as `[[rounds]]` entries; remove {unit} {last} by hand"
                ));
            }
        }
        if recorded_rounds(event) == 1 {
            doc.remove("rounds");
        }
        let names: Vec<&str> = waiting
            .iter()
            .map(|&p| event.players[p].name.as_str())
            .collect();
        let joining = match names.len() {
            0 => String::new(),
            _ if last == 1 => format!(" ({} now registered before {unit} 1)", names.join(", ")),
            _ => format!(" ({} now joining from {unit} {last})", names.join(", ")),
        };
        format!("Took back {unit} {last} from {file}{joining}: run holonet pair to pair it again.")
    };
    if let Some(event_table) = doc.get_mut("event").and_then(Item::as_table_mut) {
        event_table.remove("paired");
    }
    finish(doc, at, summary)
}

impl From<Edited> for FileEdit {
    fn from(edited: Edited) -> FileEdit {
        FileEdit {
            text: edited.text,
            recorded: edited.summary.clone(),
            summary: edited.summary,
            corrected: false,
            warnings: edited.warnings,
            unfit: DOES_NOT_FIT.to_string(),
        }
    }
}

/// `register`'s edit of the loaded event file, from the command line or an issue form,
/// checked against the people of the site's other events.
pub fn register_edit(
    root: &Path,
    loaded: &OneEvent,
    request: Registration<'_>,
) -> Result<FileEdit, String> {
    let archive = super::archive_people(root, Some(&loaded.event.file));
    register(
        &loaded.text,
        &loaded.event,
        &loaded.computed,
        request,
        &archive,
        crate::wall_clock::now(),
    )
    .map(FileEdit::from)
}

/// `drop`'s edit of the loaded event file.
pub fn drop_edit(loaded: &OneEvent, id: &str, after: Option<u32>) -> Result<FileEdit, String> {
    drop(
        &loaded.text,
        &loaded.event,
        &loaded.computed,
        id,
        after,
        crate::wall_clock::now(),
    )
    .map(FileEdit::from)
}

/// `drop --undo`'s edit of the loaded event file.
pub fn undo_drop_edit(loaded: &OneEvent, id: &str) -> Result<FileEdit, String> {
    undo_drop(
        &loaded.text,
        &loaded.event,
        &loaded.computed,
        id,
        crate::wall_clock::now(),
    )
    .map(FileEdit::from)
}

/// `unpair`'s edit of the loaded event file.
pub fn unpair_edit(loaded: &OneEvent) -> Result<FileEdit, String> {
    unpair(
        &loaded.text,
        &loaded.event,
        &loaded.computed,
        crate::wall_clock::now(),
    )
    .map(FileEdit::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Date;
    use crate::load::options::LoadOptions;
    use crate::load::parse_event;
    use std::path::Path;

    const AT: Timestamp = Timestamp {
        date: Date {
            year: 2026,
            month: 11,
            day: 23,
        },
        hour: 14,
        minute: 5,
        second: 0,
        offset_minutes: Some(60),
    };

    /// Four players; `rounds` is appended as written.
    fn file(rules: &str, rounds: &str) -> String {
        format!(
            "# Spring Open\n[event]\nname = \"Spring Open\"   # the name\ndate = 2026-11-23\nrules = \"{rules}\"\nstructure = \"custom\"\nswiss_rounds = 4\n\n[[players]]\nname = \"Ann Lee\"\n\n[[players]]\nname = \"Bo Lind\"   # came with Ann\n\n[[players]]\nname = \"Cid Moe\"\n\n[[players]]\nname = \"Dot Ray\"\n{rounds}"
        )
    }

    const ROUND_1: &str = "\n# round 1\n[[rounds]]\ntables = [\n  { table = 1, players = [\"ann-lee\", \"bo-lind\"], games = [\"ann-lee\", \"ann-lee\"] },\n  { table = 2, players = [\"cid-moe\", \"dot-ray\"], games = [\"draw\"] },\n]\n";
    const ROUND_2_OPEN: &str = "\n# round 2\n[[rounds]]\ntables = [\n  { table = 1, players = [\"ann-lee\", \"cid-moe\"] },\n  { table = 2, players = [\"bo-lind\", \"dot-ray\"], games = [\"bo-lind\", \"bo-lind\"] },\n]\n";

    fn load(text: &str) -> (Event, Computed) {
        let (loaded, diagnostics) = parse_event(
            Path::new("events/2026/spring-open.toml"),
            text,
            &LoadOptions::default(),
        );
        let errors: Vec<_> = diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "{errors:?}\n{text}");
        loaded.expect("the event loads")
    }

    fn register_in(text: &str, name: &str, id: Option<&str>, late: bool) -> Result<Edited, String> {
        let (event, computed) = load(text);
        let request = Registration {
            name,
            id,
            late,
            team: None,
            by_form: false,
        };
        register(text, &event, &computed, request, &People::default(), AT)
    }

    const TEAM_EVENT: &str = "[event]\nname = \"Hoth Doubles\"\ndate = 2026-11-23\nrules = \"ffg-2018\"\nformat = \"team\"\nstructure = \"custom\"\nswiss_rounds = 3\n";

    fn register_team_in(
        text: &str,
        first: &str,
        partner: &str,
        team: &str,
    ) -> Result<Edited, String> {
        let (event, computed) = load(text);
        let request = Registration {
            name: first,
            id: None,
            late: false,
            team: Some(TeamEntry {
                name: team,
                partner,
            }),
            by_form: false,
        };
        register(text, &event, &computed, request, &People::default(), AT)
    }

    #[test]
    fn a_team_enters_whole_with_both_players() {
        let one =
            register_team_in(TEAM_EVENT, "Ann Lee", "Bo Vos", "Echo Base").expect("registers");
        let two =
            register_team_in(&one.text, "Cid Moe", "Dot Ray", "Rogue Two").expect("registers");
        kept(TEAM_EVENT, &two.text);
        let (event, _) = load(&two.text);
        let ids: Vec<&str> = event.players.iter().map(|t| t.id.as_str()).collect();
        assert_eq!(ids, ["echo-base", "rogue-two"]);
        let people: Vec<&str> = event.people.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(people, ["ann-lee", "bo-vos", "cid-moe", "dot-ray"]);
        assert_eq!(event.members, [[0, 1], [2, 3]]);
        assert!(
            two.summary.contains("Rogue Two (id rogue-two)"),
            "{}",
            two.summary
        );
        // A taken team or player id, a missing partner, or a team in a solo event: refused.
        let taken = register_team_in(&two.text, "Eve Orr", "Fay Tonn", "Echo Base").unwrap_err();
        assert!(taken.contains("--id echo-base-2"), "{taken}");
        let twice = register_team_in(&two.text, "Ann Lee", "Fay Tonn", "Gold Leader").unwrap_err();
        assert!(twice.contains("`ann-lee` is already Ann Lee's"), "{twice}");
        let alone = register_in(&two.text, "Eve Orr", None, false).unwrap_err();
        assert!(alone.contains("--with"), "{alone}");
        let solo = file("ffg-2018", "");
        let wrong = register_team_in(&solo, "Eve Orr", "Fay Tonn", "Gold Leader").unwrap_err();
        assert!(wrong.contains("not a team event"), "{wrong}");
    }

    /// Everything of `before` is still in `after`, line for line, in order.
    fn kept(before: &str, after: &str) {
        let mut lines = after.lines();
        for line in before.lines() {
            assert!(
                lines.any(|l| l == line),
                "`{line}` was lost or moved:\n{after}"
            );
        }
    }

    #[test]
    fn registering_before_round_1_appends_a_player_and_keeps_the_file() {
        let text = file("ffg-2018", "");
        let edited = register_in(&text, "Eve Sol", None, false).unwrap();
        kept(&text, &edited.text);
        assert!(
            edited
                .text
                .ends_with("name = \"Dot Ray\"\n\n[[players]]\nname = \"Eve Sol\"\n"),
            "{}",
            edited.text
        );
        assert!(edited.text.contains("updated = 2026-11-23T14:05:00+01:00"));
        assert_eq!(
            edited.summary,
            "Registered Eve Sol (id eve-sol) as player 5 in events/2026/spring-open.toml."
        );
        let (event, _) = load(&edited.text);
        assert_eq!(event.players[4].late, None);
        // --late before round 1 is a normal registration, and says so.
        let edited = register_in(&text, "Eve Sol", Some("eve"), true).unwrap();
        assert!(edited.text.contains("name = \"Eve Sol\"\nid = \"eve\"\n"));
        assert!(!edited.text.contains("late"), "{}", edited.text);
        assert!(edited.summary.contains("normal registration"));
    }

    #[test]
    fn bad_and_duplicate_ids_are_refused() {
        let text = file("ffg-2018", "");
        let e = register_in(&text, "Ann Lee", None, false).unwrap_err();
        assert!(
            e.contains("already Ann Lee's") && e.contains("--id ann-lee-2"),
            "{e}"
        );
        let e = register_in(&text, "Zed", Some("Zed!"), false).unwrap_err();
        assert!(e.contains("`Zed!` is not a valid id"), "{e}");
        let e = register_in(&text, "東京", None, false).unwrap_err();
        assert!(e.contains("pass --id"), "{e}");
    }

    #[test]
    fn once_a_round_is_paired_a_registration_is_a_late_entry() {
        let text = file("ffg-2018", ROUND_1);
        let e = register_in(&text, "Eve Sol", None, false).unwrap_err();
        assert!(
            e.contains("late entry from round 2") && e.contains("add --late"),
            "{e}"
        );
        let edited = register_in(&text, "Eve Sol", None, true).unwrap();
        kept(&text, &edited.text);
        assert!(edited.text.contains("name = \"Eve Sol\"\nlate = 2\n"));
        assert!(
            edited
                .summary
                .contains("round 1 counts as an unpaired loss")
        );
        let (event, computed) = load(&edited.text);
        assert_eq!(event.players[4].late, Some(2));
        assert!(!event.players[4].is_active_in(1) && event.players[4].is_active_in(2));
        // ffg-2018: round 1 is an unpaired loss; the player is paired from round 2.
        let eve = computed.swiss().unwrap().round_scores[0][4].expect("scored");
        assert_eq!(eve.kind, crate::rules::scoring::RoundKind::UnpairedLoss);
        let (_, next) = computed
            .swiss()
            .unwrap()
            .next_round
            .as_ref()
            .expect("round 2 is ready");
        let seated = next.tables.iter().any(|t| t.players.contains(&4))
            || next.bye.as_ref().is_some_and(|b| b.player == 4);
        assert!(seated, "{next:?}");
    }

    #[test]
    fn a_late_entry_under_2014_and_swccg_takes_nothing_for_the_rounds_before() {
        // Under 2014 the first game of a match is never drawn.
        let round_1 = ROUND_1.replace(r#"["draw"]"#, r#"["cid-moe", "draw"]"#);
        let edited = register_in(&file("ffg-2014", &round_1), "Eve Sol", None, true).unwrap();
        assert!(
            edited.summary.contains("round 1 is not scored"),
            "{}",
            edited.summary
        );
        let (_, computed) = load(&edited.text);
        assert_eq!(computed.swiss().unwrap().round_scores[0][4], None);
        let ccg = "\n[[rounds]]\ntables = [\n  { table = 1, dark = \"ann-lee\", light = \"bo-lind\", winner = \"ann-lee\", differential = 8 },\n  { table = 2, dark = \"cid-moe\", light = \"dot-ray\", winner = \"dot-ray\", differential = 3 },\n]\n";
        let text = file("swccg-2008", ccg).replace("structure = \"custom\"\n", "");
        let edited = register_in(&text, "Eve Sol", None, true).unwrap();
        assert!(
            edited.summary.contains("late entry from game 2"),
            "{}",
            edited.summary
        );
        let (event, computed) = load(&edited.text);
        assert_eq!(event.players[4].late, Some(2));
        let (number, paired) = computed.ccg().and_then(|c| c.next.clone()).expect("game 2");
        assert_eq!(number, 2);
        let seated = paired.tables.iter().any(|t| t.dark == 4 || t.light == 4)
            || paired.byes.iter().any(|b| b.player == 4);
        assert!(seated, "{paired:?}");
    }

    #[test]
    fn late_is_validated() {
        let late = |n: &str| {
            file("ffg-2018", ROUND_1).replace(
                "name = \"Dot Ray\"\n",
                &format!("name = \"Dot Ray\"\nlate = {n}\n"),
            )
        };
        for (n, message) in [
            ("1", "not a late entry"),
            ("3", "the next round to be paired is round 2"),
        ] {
            let (loaded, diagnostics) = parse_event(
                Path::new("events/2026/spring-open.toml"),
                &late(n).replace("\"dot-ray\"", "\"cid-moe\"").replace(
                    "{ table = 2, players = [\"cid-moe\", \"cid-moe\"], games = [\"draw\"] },\n",
                    "",
                ),
                &LoadOptions::default(),
            );
            assert!(loaded.is_none());
            assert!(
                diagnostics.iter().any(|d| d.message.contains(message)),
                "{n}: {diagnostics:?}"
            );
        }
        // Seated in a round before joining.
        let (loaded, diagnostics) = parse_event(
            Path::new("events/2026/spring-open.toml"),
            &late("2"),
            &LoadOptions::default(),
        );
        assert!(loaded.is_none());
        assert!(
            diagnostics
                .iter()
                .any(|d| d.message.contains("is a late entry from round 2")),
            "{diagnostics:?}"
        );
    }

    #[test]
    fn old_files_write_a_late_entry_as_drop_0_and_rejoin() {
        let text = file("ffg-2018", ROUND_1).replace(
            "[[players]]\nname = \"Ann Lee\"\n",
            "[[players]]\nname = \"Ann Lee\"\n\n[[players]]\nname = \"Eve Sol\"\ndrop = 0\nrejoin = 2\n",
        );
        let (event, computed) = load(&text);
        let eve = &event.players[1];
        assert_eq!((eve.drop, eve.rejoin, eve.late), (None, None, Some(2)));
        assert!(computed.swiss().unwrap().round_scores[0][1].is_some());
    }

    fn drop_in(text: &str, id: &str, after: Option<u32>) -> Result<Edited, String> {
        let (event, computed) = load(text);
        drop(text, &event, &computed, id, after, AT)
    }

    #[test]
    fn a_drop_is_after_the_last_round_and_keeps_the_file() {
        let text = file("ffg-2018", ROUND_1);
        let edited = drop_in(&text, "bo-lind", None).unwrap();
        kept(&text, &edited.text);
        assert!(
            edited
                .text
                .contains("name = \"Bo Lind\"   # came with Ann\ndrop = 1\n"),
            "{}",
            edited.text
        );
        assert_eq!(
            edited.summary,
            "Bo Lind dropped after round 1 in events/2026/spring-open.toml: not paired from round 2 on."
        );
        let (event, _) = load(&edited.text);
        assert_eq!(event.players[1].drop, Some(1));
        let e = drop_in(&edited.text, "bo-lind", None).unwrap_err();
        assert!(e.contains("already dropped after round 1"), "{e}");
        let before_round_1 = drop_in(&file("ffg-2018", ""), "ann-lee", None).unwrap();
        assert!(before_round_1.summary.contains("withdrew before round 1"));
    }

    #[test]
    fn drops_that_cannot_be_are_refused_with_the_file_unchanged() {
        let text = file("ffg-2018", &format!("{ROUND_1}{ROUND_2_OPEN}"));
        let e = drop_in(&text, "bo-lnd", None).unwrap_err();
        assert!(e.contains("did you mean `bo-lind`?"), "{e}");
        let e = drop_in(&text, "Bo Lind", None).unwrap_err();
        assert!(e.contains("did you mean `bo-lind`?"), "{e}");
        // Ann's table of round 2 has no result yet.
        let e = drop_in(&text, "ann-lee", None).unwrap_err();
        assert!(
            e.contains("table 1 of round 2, which has no result yet")
                && e.contains("holonet unpair"),
            "{e}"
        );
        // Bo's has one: he drops after round 2.
        assert!(
            drop_in(&text, "bo-lind", None)
                .unwrap()
                .text
                .contains("drop = 2")
        );
        let e = drop_in(&text, "bo-lind", Some(1)).unwrap_err();
        assert!(e.contains("plays in round 2"), "{e}");
        let e = drop_in(&text, "bo-lind", Some(3)).unwrap_err();
        assert!(e.contains("round 3 is not paired yet"), "{e}");
    }

    fn undo_in(text: &str, id: &str) -> Result<Edited, String> {
        let (event, computed) = load(text);
        undo_drop(text, &event, &computed, id, AT)
    }

    #[test]
    fn a_drop_undone_before_the_next_round_leaves_no_trace() {
        let text = file("ffg-2018", ROUND_1);
        let dropped = drop_in(&text, "bo-lind", None).unwrap().text;
        let undone = undo_in(&dropped, "bo-lind").unwrap();
        assert!(!undone.text.contains("drop = "), "{}", undone.text);
        kept(&text, &undone.text);
        assert_eq!(
            undone.summary,
            "Bo Lind's drop is undone in events/2026/spring-open.toml: nothing was missed, and they are paired from round 2 on."
        );
        let e = undo_in(&undone.text, "bo-lind").unwrap_err();
        assert!(e.contains("has not dropped"), "{e}");
    }

    /// Round 2 paired and finished without Bo, who dropped after round 1.
    fn bo_missed_round_2(rules: &str) -> String {
        let round_2 = "\n# round 2\n[[rounds]]\ntables = [\n  { table = 1, players = [\"ann-lee\", \"cid-moe\"], games = [\"ann-lee\", \"ann-lee\"] },\n]\nbyes = [\"dot-ray\"]\n";
        file(rules, &format!("{ROUND_1}{round_2}"))
            .replace("# came with Ann\n", "# came with Ann\ndrop = 1\n")
            // A match of one drawn game is an ffg-2018 result only.
            .replace("games = [\"draw\"]", "games = [\"cid-moe\", \"cid-moe\"]")
    }

    #[test]
    fn a_drop_undone_after_a_missed_round_rejoins_where_the_rules_allow() {
        let text = bo_missed_round_2("ffg-2018");
        let undone = undo_in(&text, "bo-lind").unwrap();
        assert!(
            undone.text.contains("drop = 1\nrejoin = 3\n"),
            "{}",
            undone.text
        );
        assert_eq!(
            undone.summary,
            "Bo Lind rejoins events/2026/spring-open.toml from round 3; round 2 counts as unpaired losses."
        );
        let (event, _) = load(&undone.text);
        assert_eq!(
            (event.players[1].drop, event.players[1].rejoin),
            (Some(1), Some(3))
        );
        // The 2014 rules let no dropped player return once a round went on without them.
        let e = undo_in(&bo_missed_round_2("ffg-2014"), "bo-lind").unwrap_err();
        assert!(
            e.contains("ffg-2014 does not let a dropped player come back once round 2 was paired without them"),
            "{e}"
        );
    }

    fn unpair_in(text: &str) -> Result<Edited, String> {
        let (event, computed) = load(text);
        unpair(text, &event, &computed, AT)
    }

    #[test]
    fn unpair_takes_back_a_round_without_results_only() {
        let open = "\n# round 2\n[[rounds]]\ntables = [\n  { table = 1, players = [\"ann-lee\", \"cid-moe\"] },\n  { table = 2, players = [\"bo-lind\", \"dot-ray\"] },\n]\n";
        let text = file("ffg-2018", &format!("{ROUND_1}{open}")).replace(
            "date = 2026-11-23\n",
            "date = 2026-11-23\npaired = 2026-11-23T13:00:00+01:00\n",
        );
        let edited = unpair_in(&text).unwrap();
        assert_eq!(
            edited.text,
            file("ffg-2018", ROUND_1).replace(
                "swiss_rounds = 4\n",
                "swiss_rounds = 4\nupdated = 2026-11-23T14:05:00+01:00\n"
            )
        );
        assert!(edited.summary.starts_with("Took back round 2"));
        let e = unpair_in(&file("ffg-2018", &format!("{ROUND_1}{ROUND_2_OPEN}"))).unwrap_err();
        assert!(e.contains("round 2 already has results (table 2)"), "{e}");
        let e = unpair_in(&file("ffg-2018", "")).unwrap_err();
        assert!(e.contains("no round to take back"), "{e}");
    }

    #[test]
    fn unpairing_moves_a_waiting_late_entry_to_the_round_taken_back() {
        let open = "\n[[rounds]]\ntables = [\n  { table = 1, players = [\"ann-lee\", \"cid-moe\"] },\n  { table = 2, players = [\"bo-lind\", \"dot-ray\"] },\n]\n";
        let text = file("ffg-2018", &format!("{ROUND_1}{open}"));
        let text = register_in(&text, "Eve Sol", None, true).unwrap().text;
        assert!(text.contains("late = 3"));
        let edited = unpair_in(&text).unwrap();
        assert!(
            edited.text.contains("name = \"Eve Sol\"\nlate = 2\n"),
            "{}",
            edited.text
        );
        assert!(
            edited.summary.contains("Eve Sol now joining from round 2"),
            "{}",
            edited.summary
        );
        load(&edited.text);
    }
}
