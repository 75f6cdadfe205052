//! `holonet pair` and `holonet standings` on a copy of an event, from registration to champion:
//! every Swiss round, the cut, and every elimination game, with the file's comments kept.

use std::path::Path;

use holonet::load::options::LoadOptions;
use holonet::load::parse_event;
use toml_edit::{DocumentMut, Value};

use crate::common::holonet;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const EVENT: &str = r#"# The spring open: comments like this one must survive every edit.
[event]
name = "Spring Open"
date = 2026-04-11
rules = "ffg-2018"
structure = "basic"   # 9 players: 4 Swiss rounds and a top 4
seed = 7

[[players]]
name = "Ada Quill"
[[players]]
name = "Bram Tolle"
[[players]]
name = "Cleo Marsh"
[[players]]
name = "Dev Anand"
[[players]]
name = "Esme Hart"
[[players]]
name = "Fynn Grau"
[[players]]
name = "Gia Lenz"
[[players]]
name = "Hugo Sand"
[[players]]
name = "Ines Vidal"   # registered last
"#;

fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("holonet.toml"), "title = \"T\"\n").expect("config");
    std::fs::create_dir_all(dir.path().join("events")).expect("mkdir");
    std::fs::write(dir.path().join("events/spring.toml"), EVENT).expect("event");
    dir
}

fn load(dir: &Path) -> (holonet::event::Event, holonet::rules::computed::Computed) {
    let text = std::fs::read_to_string(dir.join("events/spring.toml")).expect("read");
    let (event, diagnostics) = parse_event(
        Path::new("events/spring.toml"),
        &text,
        &LoadOptions::default(),
    );
    event.unwrap_or_else(|| panic!("valid: {diagnostics:?}"))
}

/// Records a result for every open table of the last round: the first player wins both games,
/// except on the last table, where time was called in game one: one drawn game (so score groups
/// stay mixed).
fn report_last_round(dir: &Path) {
    let path = dir.join("events/spring.toml");
    let mut doc: DocumentMut = std::fs::read_to_string(&path)
        .expect("read")
        .parse()
        .expect("toml");
    let rounds = doc["rounds"].as_array_of_tables_mut().expect("rounds");
    let last = rounds.iter_mut().last().expect("a round");
    let tables = last["tables"].as_array_mut().expect("tables");
    let count = tables.len();
    for (i, table) in tables.iter_mut().enumerate() {
        let t = table.as_inline_table_mut().expect("inline table");
        let first = t["players"]
            .as_array()
            .expect("players")
            .get(0)
            .and_then(Value::as_str)
            .expect("id")
            .to_string();
        let games: toml_edit::Array = if i + 1 == count {
            ["draw"].into_iter().collect()
        } else {
            [first.as_str(), first.as_str()].into_iter().collect()
        };
        t.insert("games", Value::Array(games));
    }
    std::fs::write(&path, doc.to_string()).expect("write");
}

/// Records every open elimination game: the first player wins; first-round games also record
/// the higher seed's side choice (dark).
fn report_elimination(dir: &Path) {
    let (event, computed) = load(dir);
    let bracket = computed.swiss().unwrap().bracket.clone().expect("bracket");
    let path = dir.join("events/spring.toml");
    let mut doc: DocumentMut = std::fs::read_to_string(&path)
        .expect("read")
        .parse()
        .expect("toml");
    let games = doc["elimination"]["games"].as_array_mut().expect("games");
    for entry in games.iter_mut() {
        let t = entry.as_inline_table_mut().expect("inline");
        if t.contains_key("winner") {
            continue;
        }
        let number = t["game"].as_integer().expect("game") as u32;
        let state = bracket
            .games
            .iter()
            .find(|g| g.spec.number == number)
            .expect("game");
        let first = state.players[0].expect("known");
        t.insert("winner", Value::from(event.players[first].id.as_str()));
        if state.spec.round == 1 {
            t.insert("dark", Value::from(event.players[first].id.as_str()));
        }
    }
    std::fs::write(&path, doc.to_string()).expect("write");
}

#[test]
fn pair_runs_an_event_from_round_one_to_a_champion() {
    let dir = site();
    let file = "events/spring.toml";
    // A dry run writes nothing.
    let out = holonet(&["pair", file, "--dry-run"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    // The round by table, with names, as it can be read out; no TOML.
    let announced = text(&out.stdout);
    assert!(announced.starts_with("Round 1\nTable 1: "), "{announced}");
    assert_eq!(announced.matches(" v ").count(), 4, "{announced}");
    assert!(announced.contains("\nBye: "), "{announced}");
    assert!(!announced.contains("[[rounds]]"), "{announced}");
    assert!(
        announced.contains("Dry run: round 1 was not written"),
        "{announced}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join(file)).expect("read"),
        EVENT
    );
    let mut met = std::collections::BTreeSet::new();
    for round in 1..=4 {
        let out = holonet(&["pair", file], dir.path());
        assert!(out.status.success(), "round {round}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains(&format!("Wrote round {round}")));
        assert!(text(&out.stdout).starts_with(&format!("Round {round}\nTable 1: ")));
        // Pairing again before results are in is refused.
        let again = holonet(&["pair", file], dir.path());
        assert_eq!(again.status.code(), Some(1));
        assert!(
            text(&again.stderr).contains("unreported tables"),
            "{}",
            text(&again.stderr)
        );
        let (event, _) = load(dir.path());
        let r = event.rounds().last().expect("round");
        assert_eq!(r.tables.len(), 4);
        assert_eq!(r.byes.len(), 1, "9 players: one bye");
        for t in &r.tables {
            assert!(
                met.insert((
                    t.players[0].min(t.players[1]),
                    t.players[0].max(t.players[1])
                )),
                "no rematch"
            );
        }
        report_last_round(dir.path());
    }
    let written = std::fs::read_to_string(dir.path().join(file)).expect("read");
    assert!(
        written.starts_with("# The spring open: comments like this one must survive every edit.")
    );
    assert!(written.contains("structure = \"basic\"   # 9 players: 4 Swiss rounds and a top 4"));
    assert!(written.contains("name = \"Ines Vidal\"   # registered last"));
    // The standings view, then the cut.
    let out = holonet(&["standings", file], dir.path());
    assert!(out.status.success());
    assert!(
        text(&out.stdout).contains("Standings after round 4 of 4"),
        "{}",
        text(&out.stdout)
    );
    let written = std::fs::read_to_string(dir.path().join(file)).expect("read");
    let stamped = written
        .lines()
        .find(|l| l.starts_with("paired = "))
        .expect("pair stamps `paired`");
    assert!(written.contains(&stamped.replace("paired", "updated")));
    // Before the cut's first games are written, standings name their players: the higher seed
    // chooses a side.
    let out = holonet(&["standings", file], dir.path());
    let (event, computed) = load(dir.path());
    let seed = |n: usize| {
        event.players[computed.swiss().unwrap().seeds[n].player]
            .name
            .as_str()
    };
    assert!(
        text(&out.stdout).contains(&format!(
            "Ready to play:\nGame 1, upper bracket: {} v {}; {}, the higher seed, chooses a side\n",
            seed(0),
            seed(3),
            seed(0)
        )),
        "{}",
        text(&out.stdout)
    );
    let mut steps = 0;
    loop {
        let out = holonet(&["pair", file], dir.path());
        assert!(out.status.success(), "{}", text(&out.stderr));
        if text(&out.stdout).starts_with("Nothing to pair: ") {
            assert!(
                text(&out.stdout).contains("the bracket is finished"),
                "{}",
                text(&out.stdout)
            );
            break;
        }
        report_elimination(dir.path());
        steps += 1;
        assert!(steps < 10, "the bracket ends");
    }
    let (_, computed) = load(dir.path());
    let bracket = computed.swiss().unwrap().bracket.clone().expect("bracket");
    assert!(bracket.champion.is_some());
    let placings = computed.placings.clone().expect("placings");
    assert_eq!(
        placings.iter().map(|p| p.0).collect::<Vec<_>>(),
        vec![1, 2, 3, 4]
    );
    assert_eq!(
        placings[0].1,
        computed.swiss().unwrap().seeds[0].player,
        "seed 1 always won its games here"
    );
    // Once the bracket is done, standings give the final places.
    let (event, _) = load(dir.path());
    let out = holonet(&["standings", file], dir.path());
    let places: String = placings
        .iter()
        .map(|(place, p)| format!("{place:>3}  {}\n", event.players[*p].name))
        .collect();
    assert!(
        text(&out.stdout).ends_with(&format!("\nFinal places:\n{places}")),
        "{}",
        text(&out.stdout)
    );
    let out = holonet(&["check"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn pair_refuses_a_file_with_errors() {
    let dir = site();
    std::fs::write(
        dir.path().join("events/spring.toml"),
        EVENT.replace("seed = 7", "seed = \"seven\""),
    )
    .expect("write");
    let out = holonet(&["pair", "events/spring.toml"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("events/spring.toml:7:8"),
        "{}",
        text(&out.stderr)
    );
}

/// SW:CCG: `pair` writes one game at a time; the second game of a round comes from the
/// allegiance piles, every player switching sides.
#[test]
fn pair_writes_swccg_games() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("holonet.toml"), "title = \"T\"\n").expect("config");
    std::fs::create_dir_all(dir.path().join("events")).expect("mkdir");
    let event = "[event]\nname = \"Cup\"\ndate = 2008-05-10\nrules = \"swccg-2008\"\nstructure = \"custom\"\nswiss_rounds = 4\nseed = 3\n\n[[players]]\nname = \"Ann\"\n[[players]]\nname = \"Bob\"\n[[players]]\nname = \"Cid\"\n[[players]]\nname = \"Dot\"\n";
    let path = dir.path().join("events/cup.toml");
    std::fs::write(&path, event).expect("event");
    let out = holonet(&["pair", "events/cup.toml"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let announced = text(&out.stdout);
    assert!(announced.starts_with("Game 1\nTable 1: "), "{announced}");
    assert_eq!(
        announced.matches(" (dark) v ").count(),
        2,
        "each table with its sides: {announced}"
    );
    let again = holonet(&["pair", "events/cup.toml"], dir.path());
    assert!(
        text(&again.stderr).contains("game 1 still has unreported tables (1, 2)"),
        "{}",
        text(&again.stderr)
    );
    // Every dark side player wins game 1 by 10.
    let mut doc: DocumentMut = std::fs::read_to_string(&path)
        .expect("read")
        .parse()
        .expect("toml");
    let mut first_sides = std::collections::BTreeMap::new();
    for table in doc["rounds"][0]["tables"]
        .as_array_mut()
        .expect("tables")
        .iter_mut()
    {
        let t = table.as_inline_table_mut().expect("inline");
        let dark = t["dark"].as_str().expect("dark").to_string();
        first_sides.insert(dark.clone(), "dark");
        first_sides.insert(t["light"].as_str().expect("light").to_string(), "light");
        t.insert("winner", Value::from(dark.as_str()));
        t.insert("differential", Value::from(10));
    }
    std::fs::write(&path, doc.to_string()).expect("write");
    let out = holonet(&["pair", "events/cup.toml"], dir.path());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let doc: DocumentMut = std::fs::read_to_string(&path)
        .expect("read")
        .parse()
        .expect("toml");
    for table in doc["rounds"][1]["tables"].as_array().expect("tables") {
        let t = table.as_inline_table().expect("inline");
        assert_eq!(
            first_sides[t["dark"].as_str().expect("dark")],
            "light",
            "everyone switches allegiance"
        );
    }
    let out = holonet(&["standings", "events/cup.toml"], dir.path());
    assert!(
        text(&out.stdout).contains("2(+10)"),
        "{}",
        text(&out.stdout)
    );
}

/// SW:CCG Secret Squirrel (sealed with both sides in each deck): games are paired from the
/// standings, and the Final Confrontation is between the top two, whatever their sides.
#[test]
fn secret_squirrel_final_is_the_top_two() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("holonet.toml"), "title = \"T\"\n").expect("config");
    std::fs::create_dir_all(dir.path().join("events")).expect("mkdir");
    let mut event = String::from(
        "[event]\nname = \"Squirrel\"\ndate = 2008-05-10\nrules = \"swccg-2008\"\nformat = \"sealed\"\nvariant = \"secret-squirrel\"\nstructure = \"custom\"\nswiss_rounds = 3\ncut = 2\nseed = 9\n",
    );
    for name in ["Ann", "Bob", "Cid", "Dot", "Eve", "Fay"] {
        event.push_str(&format!("\n[[players]]\nname = \"{name}\"\n"));
    }
    let path = dir.path().join("events/sq.toml");
    std::fs::write(&path, event).expect("event");
    for game in 0..3 {
        let out = holonet(&["pair", "events/sq.toml"], dir.path());
        assert!(out.status.success(), "{}", text(&out.stderr));
        let mut doc: DocumentMut = std::fs::read_to_string(&path)
            .expect("read")
            .parse()
            .expect("toml");
        for table in doc["rounds"][game]["tables"]
            .as_array_mut()
            .expect("tables")
            .iter_mut()
        {
            let t = table.as_inline_table_mut().expect("inline");
            let light = t["light"].as_str().expect("light").to_string();
            t.insert("winner", Value::from(light.as_str()));
            t.insert("differential", Value::from(5 + game as i64));
        }
        std::fs::write(&path, doc.to_string()).expect("write");
    }
    let (_, computed) = load_file(dir.path(), "events/sq.toml");
    let ccg = computed.ccg().expect("ccg").clone();
    let rows = ccg.standings.last().expect("standings");
    let fin = ccg.final_confrontation.expect("a Final Confrontation");
    assert_eq!(
        fin.finalists,
        [rows[0].player, rows[1].player],
        "the top two, whatever their sides"
    );
}

fn load_file(
    dir: &Path,
    file: &str,
) -> (holonet::event::Event, holonet::rules::computed::Computed) {
    let text = std::fs::read_to_string(dir.join(file)).expect("read");
    let (event, diagnostics) = parse_event(Path::new(file), &text, &LoadOptions::default());
    event.unwrap_or_else(|| panic!("valid: {diagnostics:?}"))
}

/// A league has no rounds: `pair` and `report` refuse it and leave the file as it was, and
/// `standings` prints the league's table.
#[test]
fn pair_and_report_leave_a_league_alone() {
    let dir = site();
    let league = EVENT.replace(
        "structure = \"basic\"   # 9 players: 4 Swiss rounds and a top 4",
        "format = \"league\"\nmin_games = 1",
    ) + "\n[[games]]\ndate = 2026-04-12\ndark = \"ada-quill\"\nlight = \"bram-tolle\"\nwinner = \"ada-quill\"\n";
    let path = dir.path().join("events/spring.toml");
    std::fs::write(&path, &league).expect("write");
    for args in [
        &["pair", "events/spring.toml"][..],
        &["report", "events/spring.toml", "1", "2-0"][..],
    ] {
        let out = holonet(args, dir.path());
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(
            text(&out.stderr).contains("a `league` event has no"),
            "{}",
            text(&out.stderr)
        );
    }
    assert_eq!(std::fs::read_to_string(&path).expect("read"), league);
    let out = holonet(&["standings", "events/spring.toml"], dir.path());
    let table = text(&out.stdout);
    assert!(
        table.contains("League standings after 1 game(s)"),
        "{table}"
    );
    assert!(table.contains("1  Ada Quill"), "{table}");
    assert!(table.contains("unranked: 1 more game(s) needed"), "{table}");
}

/// 2018 structures: the Advanced table starts at 9 players. With 8 it plans no rounds, so
/// `pair` refuses to start the event (at the `structure` value, suggesting a custom
/// structure) instead of pairing rounds forever.
#[test]
fn structure_table_must_cover_the_players() {
    let dir = site();
    let file = dir.path().join("events/spring.toml");
    let eight = EVENT
        .replace(
            "structure = \"basic\"   # 9 players: 4 Swiss rounds and a top 4",
            "structure = \"advanced\"",
        )
        .replace(
            "[[players]]\nname = \"Ines Vidal\"   # registered last\n",
            "",
        );
    std::fs::write(&file, &eight).expect("event");
    let check = holonet(&["check"], dir.path());
    assert!(check.status.success(), "{}", text(&check.stderr));
    assert!(
        text(&check.stderr).contains("the advanced structure's table starts at 9 players"),
        "{}",
        text(&check.stderr)
    );
    let out = holonet(&["pair", "events/spring.toml"], dir.path());
    assert!(!out.status.success());
    let stderr = text(&out.stderr);
    assert!(stderr.contains("events/spring.toml:6:13"), "{stderr}");
    assert!(stderr.contains("structure = \"custom\""), "{stderr}");
    assert_eq!(std::fs::read_to_string(&file).expect("read"), eight);
}
