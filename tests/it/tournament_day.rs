//! A tournament day end to end, as an organizer runs it: `holonet init`, then only CLI verbs
//! (`new`, `register`, `pair`, `report`, `drop`, `status`, `standings`) from the site folder,
//! while `holonet serve` (started in the site folder) keeps the site live; one round is reported
//! by the players themselves, from the pairings page's forms (`serve --self-report`). After
//! every step the served `event.json` and pages must show the change.

use std::path::Path;
use std::process::Output;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::event_json::tables;
use crate::common::holonet;
use crate::common::serve::{CARDS, Server, player_codes, post_form, report_form, serve_in};

/// One organizer's event on one served site.
struct Day<'a> {
    site: &'a Path,
    file: &'a str,
    slug: &'a str,
    server: &'a Server,
}

impl Day<'_> {
    /// Runs `holonet ARGS` in the site folder; panics with its output when it fails.
    fn run(&self, args: &[&str]) -> String {
        let out = self.try_run(args);
        assert!(
            out.status.success(),
            "holonet {args:?} failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn try_run(&self, args: &[&str]) -> Output {
        holonet(args, self.site)
    }

    /// A verb on this event's file: `holonet VERB FILE REST...`.
    fn verb(&self, verb: &str, rest: &[&str]) -> String {
        let mut args = vec![verb, self.file];
        args.extend_from_slice(rest);
        self.run(&args)
    }

    /// The served `event.json` once `ready` holds for it (the server rebuilds after each save).
    fn served(&self, what: &str, ready: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(20);
        let path = format!("/events/{}/event.json", self.slug);
        loop {
            let (status, body) = self.server.fetch(&path);
            if status == 200 {
                let json: Value = serde_json::from_str(&body).expect("event.json parses");
                if ready(&json) {
                    return json;
                }
            }
            assert!(
                Instant::now() < deadline,
                "the served site never showed {what}; it served {status}: {body}"
            );
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    /// The served page at `rel` (under the event) once it contains `wanted`.
    fn page_with(&self, rel: &str, wanted: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        let path = format!("/events/{}/{rel}", self.slug);
        loop {
            let (status, body) = self.server.fetch(&path);
            if status == 200 && body.contains(wanted) {
                return body;
            }
            assert!(
                Instant::now() < deadline,
                "{path} never showed {wanted:?} (status {status})"
            );
            std::thread::sleep(Duration::from_millis(40));
        }
    }
}

/// A new site from `holonet init` and an empty event file from `holonet new`.
fn new_site(file: &str, new_args: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    assert!(holonet(&["init", "site"], dir.path()).status.success());
    let site = dir.path().join("site");
    let mut args = vec!["new", file];
    args.extend_from_slice(new_args);
    let out = holonet(&args, &site);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir
}

const NAMES: [&str; 12] = [
    "Ada Quill",
    "Bo Lenn",
    "Cy Rusk",
    "Dee Vos",
    "Eli Marr",
    "Fay Tonn",
    "Gus Pell",
    "Hal Dray",
    "Ivy Kest",
    "Jo Wren",
    "Kai Sorn",
    "Lu Hask",
];

fn str_of(value: &Value) -> &str {
    value.as_str().unwrap_or("")
}

/// The last Swiss round of the served event.json.
fn last_round(json: &Value) -> &Value {
    json["rounds"]
        .as_array()
        .and_then(|r| r.last())
        .expect("a round")
}

fn round_count(json: &Value) -> usize {
    json["rounds"].as_array().map_or(0, Vec::len)
}

/// The elimination games that are ready to play.
fn ready_games(json: &Value) -> Vec<Value> {
    json["elimination"]["games"]
        .as_array()
        .map(|games| {
            games
                .iter()
                .filter(|g| g["ready"].as_bool() == Some(true))
                .cloned()
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn an_ffg_2018_event_runs_from_an_empty_file_to_a_champion_from_the_terminal() {
    let file = "events/2026/day.toml";
    let dir = new_site(file, &["--rules", "ffg-2018"]);
    let site = dir.path().join("site");
    let server = serve_in(&site, &["--self-report"]);
    let day = Day {
        site: &site,
        file,
        slug: "2026/day",
        server: &server,
    };
    day.served("the new event", |j| j["event"]["status"] == "upcoming");

    // Twelve registrations, each on the served site as soon as it is saved.
    for name in NAMES {
        let said = day.verb("register", &[name]);
        assert!(said.contains(name), "{said}");
        let players = day.served(&format!("{name} registered"), |j| {
            j["players"]
                .as_array()
                .is_some_and(|p| p.iter().any(|p| p["name"] == name))
        });
        assert!(players["players"].as_array().expect("players").len() <= NAMES.len());
    }
    day.page_with("", "Lu Hask");

    let mut late_entered = false;
    let mut dropped = false;
    let mut corrected = false;
    let mut rounds_paired = 0;
    let mut went_to_time = false;
    let mut self_reported = false;
    loop {
        let out = day.try_run(&["pair", file]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let said = String::from_utf8_lossy(&out.stdout).into_owned();
        if said.starts_with("Nothing to pair: ") {
            // The bracket is over: pair says so and succeeds.
            assert!(said.contains("finished"), "{said}");
            break;
        }
        if said.starts_with("Round ") {
            // A Swiss round: announced by table with names, then on the served pairings page.
            rounds_paired += 1;
            let json = day.served(&format!("round {rounds_paired}"), |j| {
                round_count(j) == rounds_paired
            });
            let round = last_round(&json);
            let round_tables = tables(&json, round_count(&json));
            let first = &round_tables[0];
            let first_name = name_of(&json, str_of(&first["players"][0]));
            assert!(
                said.contains(&format!("Table 1: {first_name} v ")),
                "{said}"
            );
            day.page_with("pairings/", &first_name);
            let tables: Vec<(u64, String)> = round_tables
                .iter()
                .map(|t| {
                    (
                        t["table"].as_u64().expect("table"),
                        str_of(&t["players"][0]).to_string(),
                    )
                })
                .collect();
            let round_number = round["number"].as_u64().expect("number");
            // Round 3 is reported by the players: both players of each table send the same
            // result from the pairings page's form, each with the code on their own card.
            let by_players = round_number == 3;
            let (pairings, codes) = if by_players {
                let cards = day.server.wait_for_page(CARDS, "player-code");
                (
                    day.page_with("pairings/", "Report your result"),
                    player_codes(&cards, file),
                )
            } else {
                (String::new(), Default::default())
            };
            for (i, (table, _)) in tables.iter().enumerate() {
                let result = ["2-0", "1-1", "0-2", "2:0", "1-0", "0:2"][i % 6];
                if !by_players {
                    day.verb("report", &[&table.to_string(), result]);
                    day.served(&format!("table {table} reported"), |j| {
                        self::tables(j, round_number as usize)[i]["result"] != "pending"
                    });
                    continue;
                }
                let number = u32::try_from(*table).expect("a table number");
                let (action, hidden) = report_form(&pairings, number);
                // The form offers scores written with a dash.
                let score = result.replace(':', "-");
                let seated = &round_tables[i]["players"];
                for seat in 0..2 {
                    let mut fields: Vec<(&str, &str)> = hidden
                        .iter()
                        .map(|(name, value)| (name.as_str(), value.as_str()))
                        .collect();
                    fields.extend([
                        ("player", str_of(&seated[seat])),
                        ("result", score.as_str()),
                        ("code", codes[str_of(&seated[seat])].as_str()),
                    ]);
                    let (status, page) = post_form(day.server.local(), &action, &fields);
                    assert_eq!(status, 200, "{page}");
                    let wanted = if seat == 0 {
                        "is recorded as soon as"
                    } else {
                        "Both players agree"
                    };
                    assert!(page.contains(wanted), "{page}");
                }
                day.served(&format!("table {table} reported"), |j| {
                    self::tables(j, round_number as usize)[i]["result"] != "pending"
                });
                self_reported = true;
            }
            if round_number == 2 && !corrected {
                // A slip handed in wrong: table 1 of the round just finished is corrected.
                let said = day.verb("report", &["1", "0-2", "--replace"]);
                assert!(said.contains("round 2"), "{said}");
                let loser = tables[0].1.clone();
                day.served("the corrected result", |j| {
                    let round2 = self::tables(j, 2);
                    round2[0]["games"].as_array().is_some_and(|g| {
                        g.len() == 2
                            && g.iter()
                                .all(|g| !g["winner"].is_null() && g["winner"] != loser.as_str())
                    })
                });
                corrected = true;
            }
            if round_number == 1 && !late_entered {
                // One late entry joins from round 2; one player leaves after round 1.
                day.verb("register", &["Mo Late", "--late"]);
                let json = day.served("the late entry", |j| {
                    j["players"]
                        .as_array()
                        .is_some_and(|p| p.iter().any(|p| p["name"] == "Mo Late"))
                });
                let late = json["players"]
                    .as_array()
                    .expect("players")
                    .iter()
                    .find(|p| p["name"] == "Mo Late")
                    .expect("late entry")
                    .clone();
                assert_eq!(late["late"], 2, "{late}");
                assert_eq!(json["players"].as_array().expect("players").len(), 13);
                day.page_with("", "late entry");
                late_entered = true;
                day.verb("drop", &["lu-hask"]);
                day.served("the drop", |j| {
                    j["players"]
                        .as_array()
                        .is_some_and(|p| p.iter().any(|p| p["id"] == "lu-hask" && p["drop"] == 1))
                });
                dropped = true;
                // A drop typed for the wrong player is taken back before the next round:
                // nothing was missed, and the file records no drop for her.
                day.verb("drop", &["ada-quill"]);
                let undone = day.verb("drop", &["ada-quill", "--undo"]);
                assert!(undone.contains("nothing was missed"), "{undone}");
                day.served("the drop undone", |j| {
                    j["players"].as_array().is_some_and(|p| {
                        p.iter()
                            .any(|p| p["id"] == "ada-quill" && p["drop"].is_null())
                    })
                });
                // Where the event stands: every result of round 1 is in, round 2 is next.
                let status = day.verb("status", &[]);
                assert!(status.contains("13 players, 1 dropped"), "{status}");
                assert!(
                    status.contains(&format!(
                        "Every result is in. Next: holonet pair {file} (writes round 2)"
                    )),
                    "{status}"
                );
            }
        } else {
            // The cut: every game that is ready is played; the first goes to time.
            assert!(said.contains("Game "), "{said}");
            let json = day.served("the ready games", |j| !ready_games(j).is_empty());
            for game in ready_games(&json) {
                let number = game["game"].as_u64().expect("game").to_string();
                let first = str_of(&game["players"][0]).to_string();
                let mut args = vec![number.as_str()];
                if !went_to_time {
                    went_to_time = true;
                    args.extend([
                        "--timed",
                        "light_objectives=2,light_damage=5,dial=9,dark_damage=6,balance=dark",
                    ]);
                } else {
                    args.push(&first);
                }
                if game["dark"].is_null() {
                    args.extend(["--dark", first.as_str()]);
                }
                let timed = args.contains(&"--timed");
                let said = day.verb("report", &args);
                if timed {
                    // The game state decides; the organizer is told whom it makes the winner.
                    assert!(
                        said.contains(&format!("wins game {number} on the game state at time.")),
                        "{said}"
                    );
                }
                day.served(&format!("elimination game {number} reported"), |j| {
                    j["elimination"]["games"]
                        .as_array()
                        .expect("games")
                        .iter()
                        .any(|g| {
                            g["game"].as_u64().map(|n| n.to_string()) == Some(number.clone())
                                && !g["winner"].is_null()
                        })
                });
            }
        }
    }
    assert!(late_entered && dropped && corrected && self_reported);
    let json = day.served("the finished event", |j| j["event"]["status"] == "finished");
    let timed = json["elimination"]["games"]
        .as_array()
        .expect("a cut")
        .iter()
        .filter(|g| g["decision"].get("time").is_some())
        .count();
    assert_eq!(timed, 1, "one elimination game went to time");
    // Mo Late played from round 2 on; Lu Hask never after round 1.
    for (i, round) in json["rounds"]
        .as_array()
        .expect("rounds")
        .iter()
        .enumerate()
    {
        let round_tables = tables(&json, i + 1);
        let seated: Vec<&str> = round_tables
            .iter()
            .flat_map(|t| t["players"].as_array().expect("players").iter().map(str_of))
            .chain(round["byes"].as_array().into_iter().flatten().map(str_of))
            .collect();
        let number = round["number"].as_u64().expect("number");
        assert_eq!(
            seated.contains(&"mo-late"),
            number >= 2,
            "round {number}: {seated:?}"
        );
        assert_eq!(
            seated.contains(&"lu-hask"),
            number == 1,
            "round {number}: {seated:?}"
        );
    }
    let standings = day.verb("standings", &[]);
    assert!(standings.contains("Final places"), "{standings}");
    let champion = standings
        .lines()
        .skip_while(|l| !l.contains("Final places"))
        .nth(1)
        .expect("a first place")
        .to_string();
    let champion_name = NAMES
        .iter()
        .chain(["Mo Late"].iter())
        .find(|n| champion.contains(*n))
        .unwrap_or_else(|| panic!("a player in {champion:?}"));
    day.page_with("", champion_name);
}

/// The name of the player with id `id` in event.json.
fn name_of(json: &Value, id: &str) -> String {
    json["players"]
        .as_array()
        .and_then(|p| p.iter().find(|p| p["id"] == id))
        .map(|p| str_of(&p["name"]).to_string())
        .unwrap_or_else(|| panic!("player {id}"))
}

#[test]
fn a_swccg_constructed_event_runs_through_its_final_confrontation_from_the_terminal() {
    let file = "events/2026/bespin-night.toml";
    let dir = new_site(file, &["--rules", "swccg-2008", "--format", "constructed"]);
    let site = dir.path().join("site");
    let server = serve_in(&site, &[]);
    let day = Day {
        site: &site,
        file,
        slug: "2026/bespin-night",
        server: &server,
    };
    day.served("the new event", |j| j["event"]["status"] == "upcoming");
    for name in &NAMES[..8] {
        day.verb("register", &[name]);
        day.served(&format!("{name} registered"), |j| {
            j["players"]
                .as_array()
                .is_some_and(|p| p.iter().any(|p| p["name"] == *name))
        });
    }
    let games_of = |j: &Value| j["ccg"]["games"].as_array().map_or(0, Vec::len);
    let mut capped = false;
    let mut paired = 0;
    let finalists = loop {
        let out = day.try_run(&["pair", file]);
        let said = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        if said.starts_with("Nothing to pair: ") {
            // The games are over: pair names the Final Confrontation, says how to report it,
            // and succeeds: it is the event's next step.
            assert!(said.contains("Final Confrontation"), "{said}");
            break said;
        }
        paired += 1;
        assert!(said.starts_with(&format!("Game {paired}")), "{said}");
        assert!(said.contains("(dark) v "), "{said}");
        let json = day.served(&format!("game {paired}"), |j| games_of(j) == paired);
        let game = json["ccg"]["games"][paired - 1].clone();
        day.page_with(
            "pairings/",
            &name_of(&json, str_of(&game["tables"][0]["dark"])),
        );
        for (i, table) in game["tables"]
            .as_array()
            .expect("tables")
            .iter()
            .enumerate()
        {
            let number = table["table"].as_u64().expect("table").to_string();
            // Dark wins at even tables, light at odd ones; one light win beyond the cap.
            let (winner, differential) = if i % 2 == 0 {
                (str_of(&table["dark"]), "12")
            } else if !capped {
                (str_of(&table["light"]), "72")
            } else {
                (str_of(&table["light"]), "7")
            };
            let out = day.try_run(&["report", file, &number, &format!("{winner}+{differential}")]);
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            if differential == "72" {
                let stderr = String::from_utf8_lossy(&out.stderr);
                assert!(stderr.contains("capped"), "{stderr}");
                capped = true;
            }
            day.served(&format!("game {paired} table {number}"), |j| {
                !j["ccg"]["games"][paired - 1]["tables"][i]["winner"].is_null()
            });
        }
    };
    assert_eq!(paired, 4, "the template's four games: {finalists}");
    assert!(capped);
    let json = day.served("the finalists", |j| {
        j["ccg"]["final_confrontation"]["finalists"]
            .as_array()
            .is_some_and(|f| f.len() == 2)
    });
    let seeds: Vec<String> = json["ccg"]["final_confrontation"]["finalists"]
        .as_array()
        .expect("finalists")
        .iter()
        .map(|f| str_of(f).to_string())
        .collect();
    assert!(
        finalists.contains(&name_of(&json, &seeds[0])),
        "{finalists}"
    );
    // The higher seed chooses dark for the first game; the second game switches sides.
    day.verb(
        "report",
        &["1", &format!("{}+8", seeds[0]), "--dark", &seeds[0]],
    );
    day.served("the first final game", |j| {
        j["ccg"]["final_confrontation"]["games"]
            .as_array()
            .is_some_and(|g| g.len() == 1)
    });
    let second = day.page_with("pairings/", "Final Confrontation: game 2 of 2");
    assert!(
        second.contains("light"),
        "the higher seed plays light in game 2: {second}"
    );
    day.verb("report", &["2", &format!("{}+3", seeds[0])]);
    let json = day.served("the champion", |j| j["event"]["status"] == "finished");
    assert_eq!(
        json["ccg"]["final_confrontation"]["winner"],
        seeds[0].as_str()
    );
    let standings = day.verb("standings", &[]);
    let first = standings
        .lines()
        .skip_while(|l| !l.contains("Final places"))
        .nth(1)
        .expect("a first place")
        .to_string();
    let champion = name_of(&json, &seeds[0]);
    assert!(first.contains(&champion), "{standings}");
    day.page_with("", &champion);
}

/// A league night and a challenge evening run with verbs only, from the site folder: `new`,
/// `register`, `game` (a win by dial, a plain win, a draw on time), `session`, `standings` and
/// `close`; the files check, and the closed league's site lists its final places.
#[test]
fn a_league_night_and_a_challenge_evening_need_no_hand_written_toml() {
    let dir = tempfile::tempdir().expect("tempdir");
    assert!(holonet(&["init", "site"], dir.path()).status.success());
    let site = dir.path().join("site");
    let run = |args: &[&str]| crate::common::run_ok(&site, args);
    let league = "events/league-night.toml";
    run(&["new", league, "--rules", "ffg-2018", "--format", "league"]);
    for name in ["Ann Lee", "Bo Vos", "Cy Moe", "Di Ray"] {
        run(&["register", league, name]);
    }
    let said = run(&["game", league, "ann-lee", "bo-vos", "ann-lee:dial"]);
    assert!(
        said.contains("Ann Lee (dark) v Bo Vos (light), Ann Lee won by dial"),
        "{said}"
    );
    run(&["game", league, "cy-moe", "di-ray", "di-ray"]);
    let said = run(&["game", league, "bo-vos", "cy-moe", "draw"]);
    assert!(said.contains("a draw on time"), "{said}");
    // A wrong result is refused with the file unchanged.
    let before = std::fs::read_to_string(site.join(league)).expect("file");
    let out = holonet(&["game", league, "ann-lee", "di-ray", "zed"], &site);
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("names neither player"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(site.join(league)).expect("file"),
        before
    );
    let standings = run(&["standings", league]);
    assert!(standings.contains("Ann Lee"), "{standings}");
    let said = run(&["close", league]);
    assert!(said.contains("its standings are final"), "{said}");

    let evening = "events/challenge-evening.toml";
    run(&[
        "new",
        evening,
        "--rules",
        "ffg-2018",
        "--format",
        "challenge",
    ]);
    for name in ["Ann Lee", "Bo Vos", "Cy Moe"] {
        run(&["register", evening, name]);
    }
    let said = run(&[
        "session",
        evening,
        "jerjerrods-task",
        "ann-lee",
        "--team",
        "bo-vos",
        "cy-moe",
        "--winner",
        "team",
    ]);
    assert!(said.contains("the team won"), "{said}");

    let checked = run(&["check"]);
    assert!(!checked.contains("error"), "{checked}");
    run(&["build"]);
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(site.join("public/events/league-night/event.json"))
            .expect("event.json"),
    )
    .expect("JSON");
    assert_eq!(json["event"]["status"], "finished", "{}", json["event"]);
    assert_eq!(
        json["league"]["games"].as_array().map(Vec::len),
        Some(3),
        "{json}"
    );
    let text = std::fs::read_to_string(site.join(league)).expect("file");
    assert!(text.contains("closed = true"), "{text}");
}
