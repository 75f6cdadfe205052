//! Synthetic archives for benchmarks (`holonet-bench generate-archive`).
//!
//! Each event gets a size, a structure and players from a seeded random stream, then is played
//! to the end the way an organizer would: every Swiss round and every elimination game is
//! written by [`pair::next_step`] and [`pair::apply`] (what `holonet pair` does), and each
//! table's result is then drawn from the stream and written into the file. Every event is
//! validated with [`parse_event`] after each step, so the archive is valid; the same count and
//! seed always give byte-identical files, and event `i` does not depend on how many events are
//! generated.

use holonet::diag::Shown;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use toml_edit::{DocumentMut, InlineTable, Item, Value};

use holonet::edit::pair::{self, NextStep};
use holonet::event::Event;
use holonet::event::Side;
use holonet::event::ids::id_from_name;
use holonet::load::options::LoadOptions;
use holonet::load::parse_event;
use holonet::rules::computed::{Computed, Status};
use holonet::rules::decks;
use holonet::rules::random::Stream;
use holonet::toml_reader::Timestamp;

const FIRST: &[&str] = &[
    "Ada", "Aiden", "Alba", "Amir", "Anja", "Arno", "Bea", "Boris", "Cara", "Cyril", "Dana",
    "Dario", "Eira", "Emil", "Esme", "Felix", "Freya", "Gus", "Hana", "Hugo", "Ines", "Ivo",
    "Jana", "Jonas", "Kai", "Kira", "Lars", "Lena", "Luca", "Mara", "Milo", "Nadia", "Nils",
    "Nora", "Omar", "Olga", "Pablo", "Pia", "Quinn", "Rafa", "Rhea", "Rory", "Sami", "Sara", "Teo",
    "Tess", "Uma", "Ulf", "Vera", "Vik", "Wren", "Yara", "Yuri", "Zane", "Zoe", "Ilse", "Otto",
    "Ruth", "Ezra", "Maya",
];

const LAST: &[&str] = &[
    "Abbott",
    "Achebe",
    "Barros",
    "Bergman",
    "Castell",
    "Dahl",
    "Duval",
    "Eklund",
    "Ferro",
    "Garza",
    "Halvorsen",
    "Ibarra",
    "Jansen",
    "Kowal",
    "Lindqvist",
    "Marsh",
    "Moreau",
    "Nakamura",
    "Novak",
    "Okafor",
    "Pereira",
    "Quist",
    "Rossi",
    "Sandoval",
    "Takeda",
    "Tanaka",
    "Ueda",
    "Varga",
    "Weller",
    "Xu",
    "Yilmaz",
    "Zeller",
    "Brandt",
    "Costa",
    "Falk",
    "Holm",
    "Iversen",
    "Keane",
    "Lund",
    "Mendez",
    "Nair",
    "Oduya",
    "Petrov",
    "Reyes",
    "Strand",
    "Toivonen",
    "Vidal",
    "Wolff",
    "Young",
    "Zamora",
];

const PLACES: &[&str] = &[
    "Alderaan",
    "Bespin",
    "Corellia",
    "Coruscant",
    "Dagobah",
    "Dantooine",
    "Endor",
    "Felucia",
    "Geonosis",
    "Hoth",
    "Ilum",
    "Jakku",
    "Kashyyyk",
    "Kessel",
    "Lothal",
    "Mustafar",
    "Naboo",
    "Ord Mantell",
    "Ryloth",
    "Scarif",
    "Tatooine",
    "Utapau",
    "Yavin",
    "Mon Cala",
];

/// What was generated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub events: usize,
    /// Players registered, summed over the events.
    pub players: usize,
    /// Swiss tables, summed over the events.
    pub tables: usize,
    /// Elimination games, summed over the events.
    pub elimination_games: usize,
}

/// One generated event file.
#[derive(Debug, Clone)]
pub struct Generated {
    /// Relative to the site root: `events/<year>/<slug>.toml`.
    pub path: PathBuf,
    pub text: String,
    pub players: usize,
    pub tables: usize,
    pub elimination_games: usize,
}

/// Writes a new site with `events` synthetic events into `out` (new or empty): `holonet.toml`
/// as `holonet init` writes it, the home page, and one file per event.
pub fn generate(out: &Path, events: usize, seed: u64, mix: Mix) -> Result<Summary, String> {
    if out.exists()
        && std::fs::read_dir(out)
            .map_err(|e| format!("cannot read {}: {e}", out.shown()))?
            .next()
            .is_some()
    {
        return Err(format!(
            "{} is not empty; choose a new folder so nothing in it is overwritten",
            out.shown()
        ));
    }
    let generated: Vec<Generated> = (0..events)
        .into_par_iter()
        .map(|i| event(i, seed, mix))
        .collect::<Result<_, _>>()?;
    let write = |path: &Path, text: &str| -> Result<(), String> {
        let target = out.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.shown()))?;
        }
        std::fs::write(&target, text).map_err(|e| format!("cannot write {}: {e}", target.shown()))
    };
    for (path, text) in holonet::builtin::SITE_FILES {
        if matches!(*path, "holonet.toml" | "content/_index.md") {
            write(Path::new(path), text)?;
        }
    }
    write(Path::new(holonet::load::aliases::FILE), &players_file())?;
    let mut summary = Summary::default();
    for g in &generated {
        write(&g.path, &g.text)?;
        summary.events += 1;
        summary.players += g.players;
        summary.tables += g.tables;
        summary.elimination_games += g.elimination_games;
    }
    Ok(summary)
}

/// `players.toml`: the pool's people are all different, though some of their names are one
/// slip apart (`Cara Dahl`, `Mara Dahl`); said once, so that `check` gives no hint (H019) about
/// them, as an organizer would answer it.
fn players_file() -> String {
    let names: Vec<String> = (0..FIRST.len() * LAST.len()).map(person_name).collect();
    let keys: Vec<String> = names
        .iter()
        .map(|n| holonet::load::people::name_key(n))
        .collect();
    let close: std::collections::BTreeSet<usize> =
        holonet::load::people::close_pairs(&keys, |_, _| true)
            .into_iter()
            .flat_map(|(a, b)| [a, b])
            .collect();
    let mut text = String::from(
        "# Different people whose names are one slip apart: no hint that they may be one.\n[[distinct]]\nids = [\n",
    );
    for &i in &close {
        let _ = writeln!(text, "  {},", quoted(&id_from_name(&names[i])));
    }
    text.push_str("]\n");
    text
}

/// A uniform number in `lo..=hi`.
fn between(rng: &mut Stream, lo: u64, hi: u64) -> u64 {
    lo + rng.below(hi - lo + 1)
}

/// `ceil(log2(n))` for `n >= 1`.
fn ceil_log2(n: u64) -> u64 {
    u64::from(64 - (n - 1).leading_zeros())
}

/// A TOML basic string.
fn quoted(text: &str) -> String {
    Value::from(text).to_string().trim().to_string()
}

/// A person of the name pool: the same index always gives the same name and skill.
fn person_name(index: usize) -> String {
    format!("{} {}", FIRST[index / LAST.len()], LAST[index % LAST.len()])
}

/// A player's strength (0..100), fixed per person so results follow a pattern across events.
fn skill(index: usize) -> u64 {
    Stream::new(index as u64, "skill").below(100)
}

/// A legal objective deck of `side`: an affiliation and five sets of it (or neutral), two
/// copies each.
fn deck(rng: &mut Stream, side: Side) -> (String, Vec<String>) {
    let affiliations = decks::affiliations(side);
    let affiliation = affiliations[rng.below(affiliations.len() as u64) as usize].clone();
    let mut candidates: Vec<&decks::ObjectiveSet> = decks::sets()
        .iter()
        .filter(|s| {
            s.side == side
                && !s.limit_one
                && (s.affiliation == affiliation || s.affiliation == "Neutral")
                && s.id.parse::<u32>().is_ok()
        })
        .collect();
    rng.shuffle(&mut candidates);
    let mut chosen: Vec<&str> = candidates.iter().take(5).map(|s| s.id.as_str()).collect();
    chosen.sort_by_key(|id| id.parse::<u32>().unwrap_or(u32::MAX));
    let objectives: Vec<String> = chosen
        .iter()
        .flat_map(|id| [id.to_string(), id.to_string()])
        .collect();
    (affiliation, objectives)
}

/// The event file's header and players, before any round.
struct Plan {
    path: PathBuf,
    text: String,
    /// Skill by player id.
    skills: HashMap<String, u64>,
    players: usize,
}

/// The sizes of the archive's events: how many players, and from that the rounds and the cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Mix {
    /// Events of the sizes real communities hold (the default). Most archived events are store
    /// events of 8 to 16 players; the Players Committee's saved events
    /// (`shared/data/pc-tournament-assistant/`: 8 to 62 players, 28 on average, median 24.5,
    /// 4 to 8 games) are the regionals, nationals and worlds above them. So: 55 % of 8 to 16
    /// players, 30 % of 17 to 32, 12 % of 33 to 64, 3 % of 65 to 128 (23 players on average);
    /// the Swiss rounds and the cut as the 2018 regulations' basic structure (that of store
    /// championships) gives them for the size: 3 rounds and no cut up to 8 players, 4 and a
    /// top 4 up to 24, 4 and a top 8 up to 32, 5 and a top 8 up to 64, 6 and a top 8 up to
    /// 96, 6 and a top 16 up to 128.
    Real,
    /// The mix of the earlier benchmarks, for figures comparable with theirs: 16 to 256
    /// players (57 on average), 4 to 9 rounds.
    Bench,
}

impl Mix {
    /// Players, Swiss rounds and the cut of one event, drawn from `rng`.
    fn draw(self, rng: &mut Stream) -> (u64, u64, u64) {
        let bucket = rng.below(100);
        let (lo, hi) = match (self, bucket) {
            (Mix::Real, 0..55) => (8, 16),
            (Mix::Real, 55..85) => (17, 32),
            (Mix::Real, 85..97) => (33, 64),
            (Mix::Real, _) => (65, 128),
            // Mostly store-sized events, a few large ones.
            (Mix::Bench, 0..45) => (16, 32),
            (Mix::Bench, 45..75) => (33, 64),
            (Mix::Bench, 75..93) => (65, 128),
            (Mix::Bench, _) => (129, 256),
        };
        let players = between(rng, lo, hi);
        if self == Mix::Real {
            let (rounds, cut) = match players {
                ..9 => (3, 0),
                9..25 => (4, 4),
                25..33 => (4, 8),
                33..65 => (5, 8),
                65..97 => (6, 8),
                _ => (6, 16),
            };
            return (players, rounds, cut);
        }
        let rounds = (ceil_log2(players) + rng.below(2)).clamp(4, 9);
        let cuts: &[u64] = match players {
            ..24 => &[0, 4],
            24..48 => &[0, 4, 8],
            48..96 => &[4, 8],
            _ => &[8, 16],
        };
        let cut = cuts[rng.below(cuts.len() as u64) as usize];
        (players, rounds, cut)
    }
}

fn plan(index: usize, seed: u64, mix: Mix) -> Plan {
    let mut rng = Stream::new(seed, &format!("event {index}"));
    let (players, rounds, cut) = mix.draw(&mut rng);
    let year = between(&mut rng, 2013, 2025);
    let month = between(&mut rng, 1, 12);
    let day = between(&mut rng, 1, 28);
    let place = PLACES[rng.below(PLACES.len() as u64) as usize];
    let (kind, tier) = match players {
        ..16 => ("Store Tournament", "relaxed"),
        16..33 => ("Store Championship", "relaxed"),
        33..65 => ("Regional", "formal"),
        65..129 => ("National Championship", "premier"),
        _ => ("Grand Open", "premier"),
    };
    let slug = format!(
        "{}-{:04}",
        id_from_name(&format!("{place} {kind}")),
        index + 1
    );
    let path = PathBuf::from(format!("events/{year}/{slug}.toml"));
    let event_seed = rng.below(1_000_000_000);

    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Synthetic event {} of a benchmark archive (holonet generate-archive, seed {seed}):\n\
         # every round paired by holonet, every result drawn at random.\n",
        index + 1
    );
    let _ = writeln!(text, "[event]");
    let _ = writeln!(text, "name = {}", quoted(&format!("{place} {kind} {year}")));
    let _ = writeln!(text, "date = {year}-{month:02}-{day:02}");
    let _ = writeln!(text, "rules = \"ffg-2018\"");
    let _ = writeln!(text, "structure = \"custom\"");
    let _ = writeln!(text, "swiss_rounds = {rounds}");
    let _ = writeln!(text, "cut = {cut}");
    let _ = writeln!(text, "tier = \"{tier}\"");
    let _ = writeln!(text, "seed = {event_seed}");
    let _ = writeln!(text, "location = {}", quoted(place));

    // Distinct people from the pool: a partial Fisher-Yates shuffle.
    let mut pool: Vec<usize> = (0..FIRST.len() * LAST.len()).collect();
    let mut skills = HashMap::new();
    for i in 0..players as usize {
        let j = i + rng.below((pool.len() - i) as u64) as usize;
        pool.swap(i, j);
        let person = pool[i];
        let name = person_name(person);
        skills.insert(id_from_name(&name), skill(person));
        let _ = writeln!(text, "\n[[players]]\nname = {}", quoted(&name));
        if rng.below(100) < 30 {
            for (side, key) in [(Side::Dark, "dark"), (Side::Light, "light")] {
                let (affiliation, objectives) = deck(&mut rng, side);
                let list: Vec<String> = objectives.iter().map(|o| quoted(o)).collect();
                let _ = writeln!(
                    text,
                    "\n[players.decks.{key}]\naffiliation = {}\nobjectives = [{}]",
                    quoted(&affiliation),
                    list.join(", ")
                );
            }
        }
    }
    Plan {
        path,
        text,
        skills,
        players: players as usize,
    }
}

/// Parses and validates the event's text, or says why it is not valid.
fn load(path: &Path, text: &str) -> Result<(Event, Computed), String> {
    let (event, diagnostics) = parse_event(path, text, &LoadOptions::default());
    event.ok_or_else(|| {
        let messages: Vec<String> = diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| format!("  {:?}: {}", d.code, d.message))
            .collect();
        format!(
            "generated event {} does not validate:\n{}",
            path.shown(),
            messages.join("\n")
        )
    })
}

/// Picks the winner of a game between `a` and `b`, the stronger player more often.
/// The ids in an event file's table's `players` (for the archive tools, which edit event files
/// as TOML documents).
pub(crate) fn player_ids(table: &InlineTable) -> Vec<String> {
    table
        .get("players")
        .and_then(Value::as_array)
        .map(|ids| {
            ids.iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

fn winner<'a>(rng: &mut Stream, skills: &HashMap<String, u64>, a: &'a str, b: &'a str) -> &'a str {
    let (sa, sb) = (skills[a] as i64, skills[b] as i64);
    let chance_a = (50 + (sa - sb) / 3).clamp(10, 90) as u64;
    if rng.below(100) < chance_a { a } else { b }
}

/// The two player ids of a generated table or game.
fn ids_of(players: [usize; 2], event: &Event) -> [&str; 2] {
    let id = |p: usize| -> &str { &event.players[p].id };
    [id(players[0]), id(players[1])]
}

/// Writes a result into every table of the round just added.
fn report_round(
    doc: &mut DocumentMut,
    rng: &mut Stream,
    skills: &HashMap<String, u64>,
) -> Result<usize, String> {
    let Some(Item::ArrayOfTables(rounds)) = doc.get_mut("rounds") else {
        return Err("the paired round is missing".into());
    };
    let round = rounds
        .iter_mut()
        .last()
        .ok_or("the paired round is missing")?;
    let Some(Item::Value(Value::Array(tables))) = round.get_mut("tables") else {
        return Err("the paired round has no tables".into());
    };
    let mut count = 0;
    for table in tables.iter_mut() {
        let Value::InlineTable(table) = table else {
            return Err("a paired table is not an inline table".into());
        };
        let players = player_ids(table);
        let [a, b] = &players[..] else {
            return Err("a paired table does not have two players".into());
        };
        let first_dark = if rng.below(2) == 0 { a } else { b };
        let second_dark = if first_dark == a { b } else { a };
        let mut games = toml_edit::Array::new();
        for (game, dark) in [first_dark, second_dark].into_iter().enumerate() {
            // The second game sometimes runs out of time.
            if game == 1 && rng.below(100) < 4 {
                games.push("draw");
                continue;
            }
            let won = winner(rng, skills, a, b);
            if rng.below(3) == 0 {
                games.push(won);
            } else {
                let mut result = InlineTable::new();
                result.insert("winner", Value::from(won));
                let by = if won == dark { "dial" } else { "objectives" };
                result.insert("by", Value::from(by));
                games.push(result);
            }
        }
        table.insert("first_dark", Value::from(first_dark.as_str()));
        table.insert("games", Value::Array(games));
        table.fmt();
        count += 1;
    }
    Ok(count)
}

/// Writes a winner (and, in the first bracket round, the dark side player) into each
/// elimination game just added.
fn report_elimination(
    doc: &mut DocumentMut,
    rng: &mut Stream,
    skills: &HashMap<String, u64>,
    event: &Event,
    games: &[pair::ReadyGame],
) -> Result<(), String> {
    let Some(Item::Value(Value::Array(entries))) = doc
        .get_mut("elimination")
        .and_then(Item::as_table_like_mut)
        .and_then(|t| t.get_mut("games"))
    else {
        return Err("the elimination games are missing".into());
    };
    for game in games {
        let entry = entries
            .iter_mut()
            .find_map(|v| match v {
                Value::InlineTable(t)
                    if t.get("game").and_then(Value::as_integer)
                        == Some(i64::from(game.number)) =>
                {
                    Some(t)
                }
                _ => None,
            })
            .ok_or_else(|| format!("elimination game {} is missing", game.number))?;
        let [a, b] = ids_of(game.players, event);
        if game.dark.is_none() {
            let dark = if rng.below(2) == 0 { a } else { b };
            entry.insert("dark", Value::from(dark));
        }
        entry.insert("winner", Value::from(winner(rng, skills, a, b)));
        entry.fmt();
    }
    Ok(())
}

/// Generates event `index` of the archive made with `seed`, played to the end.
pub fn event(index: usize, seed: u64, mix: Mix) -> Result<Generated, String> {
    let Plan {
        path,
        mut text,
        skills,
        players,
    } = plan(index, seed, mix);
    let mut rng = Stream::new(seed, &format!("event {index} results"));
    let mut tables = 0;
    let mut elimination_games = 0;
    let mut steps: u8 = 0;
    loop {
        let (event, computed) = load(&path, &text)?;
        let step = match pair::next_step(&event, &computed) {
            Ok(step) => step,
            Err(pair::NotNow { message, .. }) => {
                if computed.status != Status::Finished {
                    return Err(format!(
                        "generated event {} stopped before its end: {message}",
                        path.shown()
                    ));
                }
                break;
            }
        };
        // A plausible, fixed time on the event's day: one hour per step from 9:00, so the same
        // seed always gives the same files.
        steps = steps.saturating_add(1);
        let at = Timestamp {
            date: event.info.date,
            hour: (8 + steps).min(23),
            minute: 0,
            second: 0,
            offset_minutes: Some(0),
        };
        let paired = pair::apply(&text, &event, &step, at)?;
        let mut doc: DocumentMut = paired
            .parse()
            .map_err(|e| format!("cannot edit {}: {e}", path.shown()))?;
        match &step {
            NextStep::Swiss { .. } => tables += report_round(&mut doc, &mut rng, &skills)?,
            NextStep::Elimination { games } => {
                report_elimination(&mut doc, &mut rng, &skills, &event, games)?;
                elimination_games += games.len();
            }
            NextStep::CcgGame { .. } => {
                return Err("a SW:LCG event was paired as SW:CCG".into());
            }
        }
        text = doc.to_string();
    }
    Ok(Generated {
        path,
        text,
        players,
        tables,
        elimination_games,
    })
}

/// The players of an event still in it at `round` (for the tests).
#[cfg(test)]
fn active(players: &[holonet::event::Player], round: u32) -> Vec<usize> {
    players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.drop.is_none_or(|d| d >= round))
        .map(|(i, _)| i)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_valid_complete_and_paired() {
        for (index, mix) in (0..6).zip([Mix::Real, Mix::Bench].into_iter().cycle()) {
            let generated = event(index, 42, mix).unwrap();
            let (event, computed) = load(&generated.path, &generated.text).unwrap();
            assert_eq!(
                computed.status,
                Status::Finished,
                "{}",
                generated.path.shown()
            );
            let (players, swiss_rounds) = match mix {
                Mix::Real => (8..=128, 3..=6),
                Mix::Bench => (16..=256, 4..=9),
            };
            assert!(players.contains(&event.players.len()));
            let rounds = computed.swiss_rounds.unwrap();
            assert!(swiss_rounds.contains(&rounds));
            assert_eq!(event.rounds().len(), rounds as usize);
            for round in event.rounds() {
                assert!(round.is_complete());
                let mut seen: Vec<usize> = round
                    .tables
                    .iter()
                    .flat_map(|t| t.players)
                    .chain(round.byes.iter().copied())
                    .collect();
                seen.sort_unstable();
                assert_eq!(seen, active(&event.players, round.number));
            }
            match computed.cut.unwrap() {
                0 => assert!(computed.swiss().unwrap().bracket.is_none()),
                4 | 8 | 16 => {
                    assert!(
                        computed
                            .swiss()
                            .unwrap()
                            .bracket
                            .as_ref()
                            .unwrap()
                            .champion
                            .is_some()
                    );
                    assert!(
                        matches!(&event.kind, holonet::event::Kind::Swiss(play) if !play.elimination.is_empty())
                    );
                }
                other => panic!("cut {other}"),
            }
            for player in &event.players {
                for deck in [&player.decks.dark, &player.decks.light]
                    .into_iter()
                    .flatten()
                {
                    assert_eq!(deck.objectives.len(), decks::MIN_SETS);
                }
            }
        }
    }

    #[test]
    fn decks_are_legal() {
        let mut rng = Stream::new(3, "decks");
        for side in [Side::Dark, Side::Light].into_iter().cycle().take(40) {
            let (affiliation, objectives) = deck(&mut rng, side);
            let problems = decks::check_deck(&decks::DeckInput {
                owner: "x",
                side,
                affiliation: Some(&affiliation),
                objectives: &objectives,
            });
            assert!(problems.is_empty(), "{problems:?}");
        }
    }

    #[test]
    fn same_seed_same_bytes_and_events_do_not_depend_on_the_count() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        let summary = generate(&a, 5, 7, Mix::Real).unwrap();
        assert_eq!(summary.events, 5);
        generate(&b, 5, 7, Mix::Real).unwrap();
        let files = |root: &Path| -> Vec<(PathBuf, Vec<u8>)> {
            let mut files: Vec<_> = walkdir::WalkDir::new(root)
                .into_iter()
                .filter_map(Result::ok)
                .filter(|e| e.file_type().is_file())
                .map(|e| {
                    (
                        e.path().strip_prefix(root).unwrap().to_path_buf(),
                        std::fs::read(e.path()).unwrap(),
                    )
                })
                .collect();
            files.sort();
            files
        };
        let files_a = files(&a);
        // The events, holonet.toml, the home page and players.toml.
        assert_eq!(files_a.len(), 5 + 3);
        assert_eq!(files_a, files(&b));
        let text = |seed, mix| event(2, seed, mix).unwrap().text;
        assert_eq!(text(7, Mix::Real), text(7, Mix::Real));
        assert_ne!(text(7, Mix::Real), text(8, Mix::Real));
        assert_ne!(text(7, Mix::Real), text(7, Mix::Bench));
        // The whole site builds without an error.
        let report = holonet::site::check(&a);
        assert!(!report.has_errors(), "{}", report.render());
        assert!(
            generate(&a, 1, 7, Mix::Real).is_err(),
            "a folder in use is refused"
        );
    }
}
