//! `holonet report`: writes one table's result into the event file, from the terminal, keeping
//! the file's comments and layout (the edit goes through `toml_edit`). The caller validates the
//! new text before it is written, so a result the rules reject never reaches the file.
//!
//! What a result looks like depends on what is being played:
//! - a Swiss match (SW:LCG): `2-0`, `1-1`, `1-0`, `0-0`, `0-1`, `0-2`, or the same with `:`
//!   (`2:0`), as a chat or a scoresheet writes it: games won and lost by the first player listed
//!   at the table, then the drawn game if any (a draw means time was called, which ends the
//!   match: under ffg-2018 `0-0` is time called in game one, one drawn game); or game by game,
//!   `tom,draw` or `tom:dial,nick` (each game's winner id, or `draw`, with `:how` it ended), or
//!   `draw` alone for time called in game one; or `split`. `--dark` records `first_dark`;
//! - a SW:CCG game, or a game of the Final Confrontation: `tom+12` (the winner and the
//!   differential), `tom+12,modified` (a modified win on time), `tom+20,quit` (the other player
//!   quit), or `tie:3,3,2,1` (a true tie: dark and light lost piles, then dark and light hands);
//!   under `swccg-pc-sos`, whose differential is optional, also the winner's id alone, `tom`;
//! - an elimination game: the winner's id, with `--dark` naming the player on the dark side
//!   when the higher seed's choice is not recorded yet, or `--timed` with the game state when
//!   it went to time (the winner is then computed from it).
//!
//! Without `--round`, a result goes into the round being played; with `--replace` alone, it
//! corrects the last round that has results, since a correction is almost always of what was
//! just entered.

use crate::diag::Shown;
use toml_edit::{DocumentMut, InlineTable, Item, Value};

use super::transaction::{DOES_NOT_FIT, FileEdit, OneEvent};
use crate::event::{Event, Kind};
use crate::event::{Side, Timed};
use crate::rules::CcgStandings;
use crate::rules::computed::{Computed, ComputedKind};
use crate::toml_reader::Timestamp;
use crate::wall_clock::{self, Stamp};

mod document;
pub(crate) mod parse;
mod place;

use document::entry_mut;
use parse::{Values, ccg_result, player, swiss_result, timed_state};
pub use place::Request;
use place::{Place, dark_player, find_place, open_places, side_chosen};

/// The new text of the event file, and what to tell the organizer.
#[derive(Debug, Clone)]
pub(crate) struct Reported {
    pub(crate) text: String,
    /// Where the result went, such as "table 4 of round 2".
    pub(crate) place: String,
    /// The same place, to look the result up once computed.
    at: Place,
    /// What the file now records there, as written (`games = ["tom", "tom"]`).
    pub(crate) recorded: String,
    /// With `--replace`: what the file recorded there before.
    pub(crate) previous: Option<String>,
    /// What the file now records there in words, with the players' names as the file has them,
    /// such as "Tom Kessel 2–0 Nadia Ray" (with `--replace`, followed by what it was): for a
    /// player who reported it and knows no ids or TOML.
    pub(crate) words: String,
    /// What the organizer must know about the result as recorded, such as a capped differential.
    pub(crate) warnings: Vec<String>,
}

/// The keys that hold a result: a new result needs them absent, `--replace` clears them.
const RESULT_KEYS: [&str; 8] = [
    "games",
    "split",
    "winner",
    "differential",
    "modified",
    "quit",
    "tie",
    "timed",
];

/// Writes `request` into `text`, the file `event` was read from, stamping `updated` with `at`.
pub(crate) fn report(
    text: &str,
    event: &Event,
    computed: &Computed,
    request: &Request<'_>,
    at: Timestamp,
) -> Result<Reported, String> {
    let (place, players) = find_place(event, computed, request)?;
    let Values { values, warnings } = result_values(event, computed, place, players, request)?;
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e| format!("cannot edit this file: {e}"))?;
    let entry = entry_mut(&mut doc, place)?;
    let previous: Vec<String> = RESULT_KEYS
        .iter()
        .filter_map(|&key| {
            entry
                .get(key)
                .map(|item| format!("{key} = {}", item.to_string().trim()))
        })
        .collect();
    let previous_values: Vec<(&'static str, Value)> = RESULT_KEYS
        .iter()
        .filter_map(|&key| Some((key, entry.get(key)?.as_value()?.clone())))
        .collect();
    if !request.replace && !previous.is_empty() {
        return Err(format!(
            "{} already has a result ({}); pass --replace to correct it",
            place.describe(),
            previous.join(", ")
        ));
    }
    if request.replace && previous.is_empty() {
        let chosen = if request.round.is_none() {
            " (--replace alone corrects the last round with results; pass --round to correct another)"
        } else {
            ""
        };
        return Err(format!(
            "{} has no result to correct{chosen}; leave out --replace to record it",
            place.describe()
        ));
    }
    for key in RESULT_KEYS {
        entry.remove(key);
    }
    let mut words = in_words(event, place, players, &values);
    if request.replace {
        words = format!(
            "{words} (was: {})",
            in_words(event, place, players, &previous_values)
        );
    }
    let mut recorded = Vec::new();
    for (key, value) in values {
        if RESULT_KEYS.contains(&key) {
            recorded.push(format!("{key} = {}", value.to_string().trim()));
        }
        entry.insert(key, Item::Value(value));
    }
    entry.fmt();
    wall_clock::stamp(&mut doc, at, Stamp::Updated)?;
    Ok(Reported {
        text: doc.to_string(),
        place: place.describe(),
        at: place,
        recorded: recorded.join(", "),
        previous: request.replace.then(|| previous.join(", ")),
        words,
        warnings,
    })
}

/// The result `values` at `place` in words, with the names the file gives the players: "Tom
/// Kessel 2–0 Nadia Ray" (games won by each, the first player's first), "Tom Kessel (dark) beat
/// Nadia Ray (light) by 12", "Tom Kessel beat Nadia Ray".
fn in_words(
    event: &Event,
    place: Place,
    players: [usize; 2],
    values: &[(&'static str, Value)],
) -> String {
    let get = |key: &str| values.iter().find(|(k, _)| *k == key).map(|(_, v)| v);
    let name_of = |id: &str| {
        event
            .players
            .iter()
            .find(|p| p.id == id)
            .map_or_else(|| id.to_string(), |p| p.name.clone())
    };
    let ccg = matches!(
        place,
        Place::Ccg { .. } | Place::Final { .. } | Place::TopCut { .. }
    );
    // SW:CCG places list their players [dark, light].
    let [a, b] = players.map(|p| {
        let name = &event.players[p].name;
        match (ccg, p == players[0]) {
            (true, true) => format!("{name} (dark)"),
            (true, false) => format!("{name} (light)"),
            (false, _) => name.clone(),
        }
    });
    let mut words = if get("split").is_some() {
        format!("{a} and {b} split the match")
    } else if let Some(games) = get("games").and_then(Value::as_array) {
        let winners: Vec<&str> = games
            .iter()
            .filter_map(|g| {
                g.as_str()
                    .or_else(|| g.as_inline_table()?.get("winner")?.as_str())
            })
            .collect();
        let won_by = |p: usize| {
            winners
                .iter()
                .filter(|&&w| w == event.players[p].id)
                .count()
        };
        let (won, lost) = (won_by(players[0]), won_by(players[1]));
        let drawn = games.len() - won - lost;
        match (drawn, games.len()) {
            (0, _) => format!("{a} {won}–{lost} {b}"),
            (1, 1) => format!("{a} {won}–{lost} {b}, time called in game one: one game drawn"),
            (1, _) => format!("{a} {won}–{lost} {b}, one game drawn"),
            _ => format!("{a} {won}–{lost} {b}, {drawn} games drawn"),
        }
    } else if let Some(tie) = get("tie").and_then(Value::as_inline_table) {
        let count = |key| tie.get(key).and_then(Value::as_integer).unwrap_or(0);
        let coin = match get("winner").and_then(Value::as_str) {
            Some(w) if w == event.players[players[0]].id => format!("; {a} won the coin toss"),
            Some(_) => format!("; {b} won the coin toss"),
            None => String::new(),
        };
        format!(
            "{a} and {b} tied: lost piles {} and {}, hands {} and {}{coin}",
            count("dark_lost_pile"),
            count("light_lost_pile"),
            count("dark_hand"),
            count("light_hand")
        )
    } else if let Some(winner) = get("winner").and_then(Value::as_str) {
        let (winner, loser) = if winner == event.players[players[1]].id {
            (&b, &a)
        } else {
            (&a, &b)
        };
        let mut words = format!("{winner} beat {loser}");
        if let Some(differential) = get("differential").and_then(Value::as_integer) {
            words.push_str(&format!(" by {differential}"));
        }
        if get("modified").is_some() {
            words.push_str(", a modified win on time");
        }
        if get("quit").is_some() {
            words.push_str(&format!(", {loser} having quit"));
        }
        if get("timed").is_some() {
            words.push_str(" on time");
        }
        words
    } else if get("timed").is_some() {
        format!("{a} v {b} went to time: the game state decides")
    } else {
        format!("{a} v {b}: no result")
    };
    // The sides of a SW:CCG game are in its names already.
    let (dark, when) = match place {
        Place::Elimination { .. } => (get("dark"), ""),
        Place::Swiss { .. } | Place::TeamFinal => (get("first_dark"), " in the first game"),
        Place::Ccg { .. } | Place::Final { .. } | Place::TopCut { .. } => (None, ""),
    };
    if let Some(id) = dark.and_then(Value::as_str) {
        words.push_str(&format!("; {} played dark{when}", name_of(id)));
    }
    words
}

/// What to write at `place`, from the request.
fn result_values(
    event: &Event,
    computed: &Computed,
    place: Place,
    players: [usize; 2],
    request: &Request<'_>,
) -> Result<Values, String> {
    let ccg = matches!(
        place,
        Place::Ccg { .. } | Place::Final { .. } | Place::TopCut { .. }
    );
    if request.timed.is_some() && !matches!(place, Place::Elimination { .. }) {
        return Err(if ccg {
            "--timed is the game state of an elimination game that went to time; a SW:CCG game on time is a modified win: report it as WINNER+DIFFERENTIAL,modified (such as tom+12,modified), or a true tie as tie:DARK_LOST,LIGHT_LOST,DARK_HAND,LIGHT_HAND".into()
        } else {
            "--timed is the game state of an elimination game that went to time; a Swiss game still going at time is a draw: report the match game by game, such as tom,draw".into()
        });
    }
    let needed = |example: &str| {
        request
            .result
            .ok_or_else(|| format!("give the result of {}, such as {example}", place.describe()))
    };
    let first = event.players[players[0]].id.as_str();
    match place {
        Place::Swiss { .. } | Place::TeamFinal => {
            let mut values = swiss_result(event, computed.ruleset, players, needed("2-0")?)?;
            if let Some(dark) = request.dark {
                let dark = dark_player(event, players, dark)?;
                values.push(("first_dark", Value::from(event.players[dark].id.clone())));
            }
            Ok(values.into())
        }
        Place::Ccg { .. } => {
            if request.dark.is_some() {
                return Err(format!(
                    "the sides of {} are in the file (`dark` and `light`); --dark is for elimination games and the Final Confrontation",
                    place.describe()
                ));
            }
            let sos = computed.ruleset.ccg_standings == CcgStandings::TournamentAssistantSos;
            let example = if sos {
                first.to_string()
            } else {
                format!("{first}+12")
            };
            ccg_result(event, players, needed(&example)?, sos)
        }
        Place::TopCut { .. } => {
            let typed = needed(&format!("{first}+12"))?;
            let (typed, lost_cards) = top_cut_lost_cards(typed)?;
            let mut result = ccg_result(event, players, &typed, false)?;
            let sides = [
                ("dark", Value::from(first)),
                ("light", Value::from(event.players[players[1]].id.as_str())),
            ];
            result.values.splice(0..0, sides);
            result.values.extend(lost_cards);
            Ok(result)
        }
        Place::Final { .. } => {
            let mut result = ccg_result(event, players, needed(&format!("{first}+12"))?, false)?;
            let sides = [
                ("dark", Value::from(first)),
                ("light", Value::from(event.players[players[1]].id.as_str())),
            ];
            result.values.splice(0..0, sides);
            Ok(result)
        }
        Place::Elimination { game } => {
            if request.dark.is_none() {
                side_chosen(event, computed, game)?;
            }
            Ok(elimination_result(event, game, players, request)?.into())
        }
    }
}

/// A key of the file and the value to write there.
type Entry = (&'static str, Value);

/// A top cut game's result without its `lost=DARK/LIGHT` part, and that part as the game's
/// `lost_cards` (the cards each side lost, which decide a match level on differential).
fn top_cut_lost_cards(typed: &str) -> Result<(String, Option<Entry>), String> {
    let mut kept = Vec::new();
    let mut lost_cards = None;
    for part in typed.split(',') {
        let Some(counts) = part.trim().strip_prefix("lost=") else {
            kept.push(part);
            continue;
        };
        let usage = "write the cards each side lost as lost=DARK/LIGHT, such as tom+12,lost=20/26";
        let (dark, light) = counts
            .split_once('/')
            .ok_or_else(|| format!("`{part}`: {usage}"))?;
        let count = |n: &str| {
            n.trim()
                .parse::<u32>()
                .map_err(|_| format!("`{part}`: {usage}"))
        };
        let mut table = InlineTable::new();
        table.insert("dark", Value::from(i64::from(count(dark)?)));
        table.insert("light", Value::from(i64::from(count(light)?)));
        lost_cards = Some(("lost_cards", Value::InlineTable(table)));
    }
    Ok((kept.join(","), lost_cards))
}

/// `dark`, `timed` and `winner` for an elimination game.
fn elimination_result(
    event: &Event,
    game: u32,
    players: [usize; 2],
    request: &Request<'_>,
) -> Result<Vec<(&'static str, Value)>, String> {
    let mut values = Vec::new();
    if let Some(dark) = request.dark {
        let dark = player(event, players, dark)?;
        values.push(("dark", Value::from(event.players[dark].id.clone())));
    }
    let winner = request
        .result
        .map(|id| player(event, players, id))
        .transpose()?;
    if let Some(timed) = request.timed {
        let state = timed_state(timed)?;
        let mut table = InlineTable::new();
        for ((key, _), count) in Timed::COUNTS.iter().zip(state.counts()) {
            table.insert(*key, Value::from(i64::from(count)));
        }
        let balance = match state.balance {
            Side::Dark => "dark",
            Side::Light => "light",
        };
        table.insert("balance", Value::from(balance));
        values.push(("timed", Value::InlineTable(table)));
    } else if winner.is_none() {
        return Err(format!(
            "give the winner of elimination game {game} (`{}` or `{}`), or --timed with the game state if it went to time",
            event.players[players[0]].id, event.players[players[1]].id
        ));
    }
    // With `timed`, a winner given as well is written too: the check refuses it if the
    // going-to-time scores say otherwise.
    if let Some(winner) = winner {
        values.push(("winner", Value::from(event.players[winner].id.clone())));
    }
    Ok(values)
}

/// What the rules make of the result just written into `text`, where its keys do not say it
/// themselves: who won a true tie, and on what; that a player who quit leaves the event; who
/// won an elimination game that went to time. `None` for every other result.
fn decided(loaded: &OneEvent, text: &str, place: Place) -> Option<String> {
    use crate::event::CcgResult;
    let options = crate::load::options::LoadOptions {
        default_rules: Some(loaded.computed.ruleset.id.to_string()),
        site_root: None,
    };
    let (parsed, _) = crate::load::parse_event(&loaded.event.file, text, &options);
    let (event, computed) = parsed?;
    let name = |p: usize| event.players[p].name.clone();
    match (place, &computed.kind) {
        (Place::Ccg { game, table }, ComputedKind::Ccg(ccg)) => {
            let Kind::Ccg(play) = &event.kind else {
                return None;
            };
            let recorded = play
                .games
                .get(game as usize - 1)?
                .tables
                .iter()
                .find(|t| t.number == table)?
                .result?;
            let scored = ccg
                .reported
                .get(game as usize - 1)?
                .iter()
                .find(|t| t.table == table)?;
            if let Some(decider) = scored.true_tie {
                use crate::rules::swccg::scoring::TrueTieDecider;
                let on = match decider {
                    TrueTieDecider::LostPile => "fewer cards in the lost pile",
                    TrueTieDecider::Hand => "fewer cards in hand, the lost piles being level",
                    TrueTieDecider::VenueCoin => "the coin tossed at the venue",
                    TrueTieDecider::Random => {
                        let [dark, light] =
                            [scored.dark, scored.light].map(|p| &event.players[p].id);
                        let counts = match recorded {
                            CcgResult::TrueTie {
                                lost_pile, hand, ..
                            } => {
                                format!("{},{},{},{}", lost_pile[0], lost_pile[1], hand[0], hand[1])
                            }
                            _ => return None,
                        };
                        return Some(format!(
                            "The true tie is level on lost piles and hands too: the guide leaves it to a coin. Toss one at the table and add its winner to the counts (--replace, such as tie:{counts},{dark} or tie:{counts},{light}); until then Holonet draws it from the event's seed, and {} has it for now.",
                            name(scored.winner)
                        ));
                    }
                };
                return Some(format!(
                    "{} wins the true tie on {on}.",
                    name(scored.winner)
                ));
            }
            match recorded {
                CcgResult::Quit { quitter, .. } => Some(quitter),
                _ => None,
            }
            .map(|quitter| {
                format!(
                    "{} quit: they leave the event and are paired no more. If they play on, correct the result without `,quit` (--replace).",
                    name(quitter)
                )
            })
        }
        // The game that decides a Final Confrontation says what decided it.
        (Place::Final { .. }, ComputedKind::Ccg(ccg)) => {
            use crate::rules::swccg::final_confrontation::FinalReason;
            let fin = ccg.final_confrontation.as_ref()?;
            let outcome = fin.outcome?;
            let total = |p: usize| -> i64 {
                fin.games
                    .iter()
                    .map(|t| {
                        let seat = usize::from(t.light == p);
                        i64::from(t.scores[seat].differential)
                    })
                    .sum()
            };
            let other = if fin.finalists[0] == outcome.winner {
                fin.finalists[1]
            } else {
                fin.finalists[0]
            };
            let why = match outcome.reason {
                FinalReason::Games => "more games won".to_string(),
                FinalReason::VictoryPoints => "games split, more victory points".to_string(),
                FinalReason::Differential => format!(
                    "games split, a higher differential ({:+} against {:+})",
                    total(outcome.winner),
                    total(other)
                ),
                FinalReason::HighestWinDifferential => {
                    "level in the final: the highest winning differential of the event".to_string()
                }
                FinalReason::VenueCoin => "level on every tiebreaker: the coin tossed at the venue".to_string(),
                FinalReason::Random => "level on every tiebreaker: a coin drawn by Holonet from the event's seed, until the venue's toss is recorded".to_string(),
                FinalReason::Waived => return None,
            };
            Some(format!(
                "{} wins the Final Confrontation and the event: {why}.",
                name(outcome.winner)
            ))
        }
        (Place::Elimination { game }, ComputedKind::Swiss(swiss)) => {
            let state = swiss
                .bracket
                .as_ref()?
                .games
                .iter()
                .find(|g| g.spec.number == game)?;
            let timed = matches!(
                event.kind,
                Kind::Swiss(ref play) if play.elimination.iter().any(|g| g.number == game && g.timed.is_some())
            );
            let winner = state.winner?;
            timed.then(|| {
                format!(
                    "{} wins game {game} on the game state at time.",
                    name(winner)
                )
            })
        }
        _ => None,
    }
}

/// Every problem `request` has, not only the first: for an issue form, whose player would
/// otherwise learn of one problem per edit. The place (round and table); the result read there,
/// or, when the place is wrong, a result that no table of the round being played could take
/// (one that cannot be read at all); then who played dark.
pub(crate) fn every_problem(
    event: &Event,
    computed: &Computed,
    request: &Request<'_>,
) -> Vec<String> {
    let mut problems = Vec::new();
    let without_dark = Request {
        dark: None,
        ..request.clone()
    };
    match find_place(event, computed, request) {
        Ok((place, players)) => {
            if let Err(problem) = result_values(event, computed, place, players, &without_dark) {
                problems.push(problem);
            }
            if let (Some(dark), Place::Swiss { .. } | Place::TeamFinal) = (request.dark, place)
                && let Err(problem) = dark_player(event, players, dark)
            {
                problems.push(problem);
            }
        }
        Err(problem) => {
            problems.push(problem);
            let tried: Vec<Result<Values, String>> = open_places(event)
                .into_iter()
                .map(|(place, players)| {
                    result_values(event, computed, place, players, &without_dark)
                })
                .collect();
            // A result naming players says "not at this table" at every table but theirs:
            // only a result no table can read is a problem of its own.
            if let Some(Err(unreadable)) = tried.first()
                && tried.iter().all(Result::is_err)
                && !unreadable.contains("is not at this table")
            {
                problems.push(unreadable.clone());
            }
            if let Some(dark) = request.dark
                && !event
                    .players
                    .iter()
                    .any(|p| p.id == dark.trim() || p.name.eq_ignore_ascii_case(dark.trim()))
            {
                problems.push(format!(
                    "`{dark}` (who played dark) is not a player of this event: give their id or their name as the pairings show it"
                ));
            }
        }
    }
    problems.dedup();
    problems
}

/// `report`'s edit of the loaded event file, from the command line or an issue form.
pub fn file_edit(loaded: &OneEvent, request: &Request<'_>) -> Result<FileEdit, String> {
    let reported = report(
        &loaded.text,
        &loaded.event,
        &loaded.computed,
        request,
        wall_clock::now(),
    )?;
    let file = loaded.path.shown();
    let decided = decided(loaded, &reported.text, reported.at);
    let summary = match &reported.previous {
        Some(previous) => format!(
            "Corrected {} in {file}: {} (was {previous}).",
            reported.place, reported.recorded
        ),
        None => format!(
            "Recorded {} in {file}: {}.",
            reported.place, reported.recorded
        ),
    };
    let summary = match decided {
        Some(decided) => format!("{summary}\n{decided}"),
        None => summary,
    };
    Ok(FileEdit {
        text: reported.text,
        summary,
        recorded: format!(
            "{}: {}.",
            crate::event::ids::capitalized(&reported.place),
            reported.words
        ),
        corrected: reported.previous.is_some(),
        warnings: reported.warnings,
        unfit: DOES_NOT_FIT.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::parse::match_score;
    use super::*;
    use crate::load::options::LoadOptions;
    use crate::load::parse_event;
    use crate::toml_reader::Date;

    const AT: Timestamp = Timestamp {
        date: Date {
            year: 2026,
            month: 4,
            day: 11,
        },
        hour: 14,
        minute: 5,
        second: 0,
        offset_minutes: Some(120),
    };

    fn run(text: &str, request: &Request<'_>) -> Result<Reported, String> {
        let (loaded, diagnostics) =
            parse_event(Path::new("events/e.toml"), text, &LoadOptions::default());
        let (event, computed) = loaded.unwrap_or_else(|| panic!("valid: {diagnostics:?}"));
        report(text, &event, &computed, request, AT)
    }

    const SWISS: &str = "[event]\nname = \"E\"\ndate = 2026-04-11\nrules = \"ffg-2018\"\nstructure = \"custom\"\nswiss_rounds = 3\n\n[[players]]\nname = \"Ann\"\n[[players]]\nname = \"Bob\"\n[[players]]\nname = \"Cy\"\n[[players]]\nname = \"Di\"\n\n[[rounds]]\ntables = [\n  { table = 1, players = [\"ann\", \"bob\"], games = [\"ann\", \"ann\"] },\n  { table = 2, players = [\"cy\", \"di\"], games = [\"cy\", \"draw\"] },\n]\n\n[[rounds]]\ntables = [\n  { table = 1, players = [\"ann\", \"cy\"] },\n  { table = 2, players = [\"bob\", \"di\"] },\n]\n";

    fn request(table: u32, result: &str) -> Request<'_> {
        Request {
            table,
            result: Some(result),
            ..Request::default()
        }
    }

    #[test]
    fn scores_read_with_a_dash_or_a_colon_and_ids_are_not_scores() {
        assert_eq!(match_score("2-0"), Some((2, 0)));
        assert_eq!(match_score("1:1"), Some((1, 1)));
        assert_eq!(match_score(" 0 : 2 "), Some((0, 2)));
        assert_eq!(match_score("tom:dial"), None);
        assert_eq!(match_score("jonas-weber:dial"), None);
    }

    #[test]
    fn a_colon_score_is_written_like_a_dash_score_and_stamps_updated() {
        let dash = run(SWISS, &request(1, "2-0")).unwrap();
        let colon = run(SWISS, &request(1, "2:0")).unwrap();
        assert_eq!(dash.text, colon.text);
        assert_eq!(dash.place, "table 1 of round 2");
        assert!(
            colon.text.contains(
                "{ table = 1, players = [\"ann\", \"cy\"], games = [\"ann\", \"ann\"] },"
            ),
            "{}",
            colon.text
        );
        assert!(
            colon.text.contains("updated = 2026-04-11T14:05:00+02:00\n"),
            "{}",
            colon.text
        );
        assert!(!colon.text.contains("paired ="));
        assert_eq!(colon.previous, None);
    }

    #[test]
    fn replace_alone_corrects_the_last_round_with_results() {
        // Round 2 has no result yet: the correction is of round 1.
        let fixed = run(
            SWISS,
            &Request {
                replace: true,
                ..request(2, "0-2")
            },
        )
        .unwrap();
        assert_eq!(fixed.place, "table 2 of round 1");
        assert_eq!(
            fixed.previous.as_deref(),
            Some("games = [\"cy\", \"draw\"]")
        );
        assert!(fixed.text.contains("games = [\"di\", \"di\"]"));
        // Once round 2 has a result, it is the last round with results; its table 2 has none.
        let reported = run(SWISS, &request(1, "2-0")).unwrap();
        let refused = run(
            &reported.text,
            &Request {
                replace: true,
                ..request(2, "0-2")
            },
        )
        .unwrap_err();
        assert!(
            refused.starts_with("table 2 of round 2 has no result to correct"),
            "{refused}"
        );
        // A result already there is not overwritten without --replace.
        let again = run(&reported.text, &request(1, "0-2")).unwrap_err();
        assert!(again.contains("already has a result"), "{again}");
    }

    /// 2018: time ends the round, so a drawn game is the match's last. `0-0` and `draw` are
    /// time called in game one (one drawn game, 1 point each), `1-0` a win then game two drawn;
    /// a draw before another game cannot be typed. 2014 plays game one to its end: `0-0` and a
    /// lone `draw` cannot happen there.
    #[test]
    fn time_called_in_game_one_is_one_draw() {
        let games = |text: &str, result: &str| run(text, &request(2, result)).map(|r| r.recorded);
        assert_eq!(games(SWISS, "0-0").unwrap(), "games = [\"draw\"]");
        assert_eq!(games(SWISS, "draw").unwrap(), "games = [\"draw\"]");
        assert_eq!(
            games(SWISS, "draw:time").unwrap(),
            "games = [{ winner = \"draw\", by = \"time\" }]"
        );
        assert_eq!(games(SWISS, "1-0").unwrap(), "games = [\"bob\", \"draw\"]");
        assert_eq!(games(SWISS, "0:1").unwrap(), "games = [\"di\", \"draw\"]");
        let one_win = games(SWISS, "bob").unwrap_err();
        assert!(
            one_win.contains("or `draw` alone when time was called in game one"),
            "{one_win}"
        );
        let old = SWISS.replace("ffg-2018", "ffg-2014");
        let refused = games(&old, "0-0").unwrap_err();
        assert!(
            refused.starts_with(
                "`0-0` cannot happen under ffg-2014: the first game is played to its end"
            ),
            "{refused}"
        );
        assert!(
            games(&old, "draw")
                .unwrap_err()
                .starts_with("a match has 2 games")
        );
        assert_eq!(games(&old, "1-0").unwrap(), "games = [\"bob\", \"draw\"]");
    }

    #[test]
    fn a_result_is_told_in_words_with_the_names_of_the_file() {
        let words = |request: &Request<'_>| run(SWISS, request).unwrap().words;
        assert_eq!(words(&request(1, "2-0")), "Ann 2–0 Cy");
        assert_eq!(words(&request(2, "0:1")), "Bob 0–1 Di, one game drawn");
        assert_eq!(
            words(&request(2, "0-0")),
            "Bob 0–0 Di, time called in game one: one game drawn"
        );
        assert_eq!(
            words(&request(1, "cy:dial,ann")),
            "Ann 1–1 Cy",
            "a game's ending is not told"
        );
        assert_eq!(words(&request(1, "split")), "Ann and Cy split the match");
        assert_eq!(
            words(&Request {
                dark: Some("cy"),
                ..request(1, "2-0")
            }),
            "Ann 2–0 Cy; Cy played dark in the first game"
        );
        assert_eq!(
            words(&Request {
                replace: true,
                ..request(2, "0-2")
            }),
            "Cy 0–2 Di (was: Cy 1–0 Di, one game drawn)"
        );
        let words = |text: &str, request: &Request<'_>| run(text, request).unwrap().words;
        assert_eq!(
            words(CCG, &request(1, "bob+12")),
            "Bob (light) beat Ann (dark) by 12"
        );
        assert_eq!(
            words(CCG, &request(1, "ann+3,modified")),
            "Ann (dark) beat Bob (light) by 3, a modified win on time"
        );
        assert_eq!(
            words(CCG, &request(1, "ann+20,quit")),
            "Ann (dark) beat Bob (light) by 20, Bob (light) having quit"
        );
        assert_eq!(
            words(CCG, &request(1, "tie:3,4,2,1")),
            "Ann (dark) and Bob (light) tied: lost piles 3 and 4, hands 2 and 1"
        );
        assert_eq!(
            words(CCG, &request(1, "tie:3,3,2,2,bob")),
            "Ann (dark) and Bob (light) tied: lost piles 3 and 3, hands 2 and 2; Bob (light) won the coin toss"
        );
        // The counts decide this tie: no coin was tossed, so the checks the caller runs before
        // writing refuse the new text.
        let written = run(CCG, &request(1, "tie:3,4,2,2,bob")).unwrap().text;
        let (loaded, diagnostics) = parse_event(
            Path::new("events/e.toml"),
            &written,
            &LoadOptions::default(),
        );
        assert!(loaded.is_none());
        assert!(
            diagnostics
                .iter()
                .any(|d| d.message.contains("fewer cards in the lost pile")),
            "{diagnostics:?}"
        );
        let played = run(CCG, &request(1, "bob+10")).unwrap().text;
        assert_eq!(
            words(
                &played,
                &Request {
                    dark: Some("bob"),
                    ..request(1, "ann+3")
                }
            ),
            "Ann (light) beat Bob (dark) by 3"
        );
    }

    #[test]
    fn timed_states_are_read_by_the_files_keys_and_checked() {
        let state =
            timed_state("dial=9, light_objectives=1,light_damage=5,dark_damage=6,balance=dark")
                .unwrap();
        assert_eq!(state, Timed::from_counts([1, 5, 9, 6], Side::Dark));
        for (text, says) in [
            (
                "light_objectives=1,dial=9",
                "also needs light_damage, dark_damage and balance",
            ),
            (
                "light_objectives=3,light_damage=5,dial=9,dark_damage=6,balance=dark",
                "from 0 to 2",
            ),
            (
                "light_objectives=1,light_damage=5,dail=9,dark_damage=6,balance=dark",
                "`dail` is not part",
            ),
            (
                "light_objectives=1,light_damage=5,dial=9,dial=8,balance=dark",
                "`dial` is given twice",
            ),
            (
                "light_objectives=1,light_damage=5,dial=9,dark_damage=6,balance=grey",
                "`dark` or `light`",
            ),
            ("light_objectives 1", "key=value"),
        ] {
            let error = timed_state(text).unwrap_err();
            assert!(error.contains(says), "{text}: {error}");
        }
    }

    #[test]
    fn timed_is_refused_outside_elimination() {
        let error = run(
            SWISS,
            &Request {
                timed: Some("dial=1"),
                ..request(1, "2-0")
            },
        )
        .unwrap_err();
        assert!(error.contains("a draw"), "{error}");
    }

    const CCG: &str = "[event]\nname = \"C\"\ndate = 2008-05-10\nrules = \"swccg-2008\"\nstructure = \"custom\"\nswiss_rounds = 1\ncut = 2\n\n[[players]]\nname = \"Ann\"\n[[players]]\nname = \"Bob\"\n\n[[rounds]]\ntables = [\n  { table = 1, dark = \"ann\", light = \"bob\" },\n]\n";

    #[test]
    fn a_differential_over_the_cap_is_written_as_reported_with_a_warning() {
        let reported = run(CCG, &request(1, "bob+72")).unwrap();
        assert!(
            reported
                .text
                .contains("winner = \"bob\", differential = 72 }")
        );
        let [warning] = &reported.warnings[..] else {
            panic!("one warning: {:?}", reported.warnings);
        };
        assert!(warning.contains("`differential = 72`"), "{warning}");
        assert!(
            warning.contains("2(+59) for Bob and 0(-59) for Ann"),
            "{warning}"
        );
        let modified = run(CCG, &request(1, "bob+60,modified")).unwrap();
        assert!(modified.warnings[0].contains("1(+59) for Bob"));
        assert!(run(CCG, &request(1, "bob+59")).unwrap().warnings.is_empty());
        let both = run(CCG, &request(1, "bob+5,modified,quit")).unwrap_err();
        assert!(both.contains("not both"), "{both}");
    }

    #[test]
    fn final_confrontation_games_take_the_higher_seeds_choice_then_switch() {
        let played = run(CCG, &request(1, "bob+10")).unwrap().text;
        // Bob leads: he is the higher seed and chooses the first game's allegiance.
        let asked = run(&played, &request(1, "bob+3")).unwrap_err();
        assert!(
            asked.contains("Bob (the higher seed, who chooses)"),
            "{asked}"
        );
        let first = run(
            &played,
            &Request {
                dark: Some("bob"),
                ..request(1, "ann+3")
            },
        )
        .unwrap();
        assert_eq!(first.place, "game 1 of the Final Confrontation");
        assert!(
            first.text.contains(
                "[final]\ngames = [\n  { dark = \"bob\", light = \"ann\", winner = \"ann\", differential = 3 },\n]"
            ),
            "{}",
            first.text
        );
        let second = run(&first.text, &request(2, "bob+8")).unwrap();
        assert!(
            second.text.contains(
                "  { dark = \"ann\", light = \"bob\", winner = \"bob\", differential = 8 },\n]"
            ),
            "{}",
            second.text
        );
        let wrong = run(
            &first.text,
            &Request {
                dark: Some("bob"),
                ..request(2, "bob+8")
            },
        )
        .unwrap_err();
        assert!(wrong.contains("Ann plays dark in game 2"), "{wrong}");
        let third = run(&second.text, &request(3, "bob+8")).unwrap_err();
        assert!(third.contains("two games"), "{third}");
    }

    /// `report`'s summary as the organizer reads it, for `text`.
    fn summary(text: &str, request: &Request<'_>) -> String {
        let path = Path::new("events/e.toml");
        let (loaded, diagnostics) = parse_event(path, text, &LoadOptions::default());
        let (event, computed) = loaded.unwrap_or_else(|| panic!("valid: {diagnostics:?}"));
        let one = OneEvent {
            event,
            computed,
            text: text.to_string(),
            path: path.to_path_buf(),
            report: crate::diag::Report::default(),
        };
        file_edit(&one, request).expect("recorded").summary
    }

    #[test]
    fn a_quit_and_a_true_tie_say_what_they_decide() {
        let quit = summary(CCG, &request(1, "bob+20,quit"));
        assert!(
            quit.ends_with("\nAnn quit: they leave the event and are paired no more. If they play on, correct the result without `,quit` (--replace)."),
            "{quit}"
        );
        let on_hands = summary(CCG, &request(1, "tie:3,3,2,1"));
        assert!(
            on_hands.ends_with(
                "\nBob wins the true tie on fewer cards in hand, the lost piles being level."
            ),
            "{on_hands}"
        );
        let level = summary(CCG, &request(1, "tie:3,3,2,2"));
        assert!(
            level.contains("toss one at the table") || level.contains("Toss one at the table"),
            "{level}"
        );
        assert!(
            level.contains("tie:3,3,2,2,ann or tie:3,3,2,2,bob"),
            "{level}"
        );
        let coin = summary(CCG, &request(1, "tie:3,3,2,2,ann"));
        assert!(
            coin.ends_with("\nAnn wins the true tie on the coin tossed at the venue."),
            "{coin}"
        );
        let plain = summary(CCG, &request(1, "bob+20"));
        assert!(!plain.contains('\n'), "{plain}");
    }
}
