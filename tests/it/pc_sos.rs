//! The Tournament Assistant's `SOS` standings (`swccg-pc-sos`) against the standings the
//! software saved in ten real events. Each fixture (made by `fixtures/pc-sos/make.py` from a
//! saved file) is the event file an import writes, with the saved standings beside it; the
//! standings computed from the event file must list the same players in the same order with the
//! same values, under the version the event's date selects.

use std::path::Path;

use holonet::event::Date;
use holonet::rules::swccg::pc_sos::{Game, Row, Separated, Sos, Version, standings};

/// The event file's players (ids, in file order), game numbers, and games (byes last in each
/// game number, as the software stores them).
fn read_event(text: &str) -> (Date, Vec<String>, u32, Vec<Game>) {
    let doc: toml::Table = text.parse().expect("the fixture is TOML");
    let event = doc["event"].as_table().expect("[event]");
    let date =
        Date::parse_iso(&event["date"].as_datetime().expect("date").to_string()).expect("a date");
    let ids: Vec<String> = doc["players"]
        .as_array()
        .expect("[[players]]")
        .iter()
        .map(|p| p["id"].as_str().expect("id").to_string())
        .collect();
    let index = |id: &str| ids.iter().position(|i| i == id).expect("a listed player");
    let rounds = doc["rounds"].as_array().expect("[[rounds]]");
    let mut games = Vec::new();
    for (n, round) in rounds.iter().enumerate() {
        let number = n as u32 + 1;
        for t in round["tables"].as_array().expect("tables") {
            games.push(Game {
                number,
                seats: [
                    Some(index(t["dark"].as_str().unwrap())),
                    Some(index(t["light"].as_str().unwrap())),
                ],
                winner: t.get("winner").map(|w| index(w.as_str().unwrap())),
            });
        }
        for bye in round
            .get("byes")
            .and_then(|b| b.as_array())
            .into_iter()
            .flatten()
        {
            let p = index(bye.as_str().unwrap());
            games.push(Game {
                number,
                seats: [None, Some(p)],
                winner: Some(p),
            });
        }
    }
    (date, ids, rounds.len() as u32, games)
}

fn ratio_value(sos: Sos) -> Option<f64> {
    match sos {
        Sos::Average(a) => a.map(|r| r.numer() as f64 / r.denom() as f64),
        Sos::Sum(s) => Some(f64::from(s)),
    }
}

fn check(name: &str, version: Version) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/fixtures/pc-sos");
    let text = std::fs::read_to_string(dir.join(format!("{name}.toml"))).expect("fixture");
    let expected: Vec<serde_json::Value> = serde_json::from_str(
        &std::fs::read_to_string(dir.join(format!("{name}.expected.json"))).expect("expected"),
    )
    .expect("JSON");
    let (date, ids, created, games) = read_event(&text);
    assert_eq!(
        Version::at(date),
        version,
        "{name}: the version its date selects"
    );
    let rows: Vec<Row> = standings(ids.len(), created, &games, version);
    assert_eq!(rows.len(), expected.len());
    for (i, (row, saved)) in rows.iter().zip(&expected).enumerate() {
        let at = format!("{name}, row {}", i + 1);
        assert_eq!(
            ids[row.player],
            saved["id"].as_str().unwrap(),
            "{at}: order"
        );
        assert_eq!(
            u64::from(row.wins),
            saved["wins"].as_u64().unwrap(),
            "{at}: wins"
        );
        assert_eq!(
            u64::from(row.losses),
            saved["losses"].as_u64().unwrap(),
            "{at}: losses"
        );
        assert_eq!(
            u64::from(row.points),
            saved["vp"].as_u64().unwrap(),
            "{at}: vp"
        );
        match (ratio_value(row.sos), saved["sos"].as_f64()) {
            (Some(a), Some(b)) => assert!((a - b).abs() < 1e-9, "{at}: sos {a} against {b}"),
            (a, b) => assert_eq!(a, b, "{at}: sos"),
        }
        let field = |key: &str| saved.get(key).and_then(|v| v.as_u64());
        assert_eq!(
            row.adjusted.map(u64::from),
            field("adjusted"),
            "{at}: adjusted points"
        );
        assert_eq!(
            row.tiebreaker.map(u64::from),
            field("tiebreaker"),
            "{at}: tiebreaker"
        );
        if let Some(h2h) = saved.get("head_to_head").and_then(|v| v.as_bool()) {
            let ours = matches!(row.separated, Some(Separated::HeadToHead { .. }));
            assert_eq!(ours, h2h, "{at}: decided head to head");
        }
        assert_eq!(
            row.opponents_sos.map(u64::from),
            field("opponents_sos"),
            "{at}: opponents' SOS"
        );
        if let Some(t) = saved.get("true_tie").and_then(|v| v.as_bool()) {
            assert_eq!(row.true_tie, t, "{at}: true tie");
        }
    }
    // Places never go down, and rows share one only where the software left them level.
    for pair in rows.windows(2) {
        assert!(pair[0].place <= pair[1].place, "{name}: places in order");
    }
}

#[test]
fn worlds_2015_average_per_game() {
    check("worlds-2015-fab9232f", Version::Average);
}

#[test]
fn worlds_2016_day_2_sum_of_adjusted_points() {
    check("worlds-2016-day-2-81e8cdf4", Version::Sum);
}

#[test]
fn europeans_2016_sum_of_adjusted_points() {
    check("2016-europeans-d7839d26", Version::Sum);
}

#[test]
fn texas_mini_worlds_2016_sum_of_adjusted_points() {
    check("texas-mini-worlds-2016-e2646ad3", Version::Sum);
}

#[test]
fn endor_grand_prix_2017_drop_weakest_last_group_untouched() {
    check("2017-endor-grand-prix-29f7de7b", Version::DropWeakest);
}

#[test]
fn uk_regional_2017_drop_weakest() {
    check("uk-regional-2017-d3dabb66", Version::DropWeakest);
}

#[test]
fn nationals_2017_drop_weakest() {
    check("nationals-2017-734613dd", Version::DropWeakest);
}

#[test]
fn us_nationals_2018_drop_weakest() {
    check("2018-us-nationals-272d7d14", Version::DropWeakest);
}

#[test]
fn polish_nationals_2018_drop_weakest() {
    check("polish-nationals-f70eb144", Version::DropWeakest);
}

#[test]
fn head_to_head_and_true_tie_sample_opponents_sos() {
    check("headtoheadandtruetiesample-ea4959b7", Version::OpponentsSos);
}
