//! Tournament Assistant `SOS` events (ruleset `swccg-pc-sos`) from file to pairing: each test
//! writes an event file's text, loads it as `holonet build` does, and checks how each recorded
//! game is judged against the software's pairing and what `holonet pair` would write next.

use crate::event::Event;
use crate::rules::ccg_replay::{AssistantBreak, TableReason};
use crate::rules::computed::Computed;
use crate::rules::swccg::pairing::{PairReason, Paired};

/// An `SOS` event of `date` with players `a`.. (as many as `players`, `f` dropped after game
/// `drop_f` where given) and `games` (each a game's TOML body).
fn sos_text(date: &str, players: &str, drop_f: Option<u32>, games: &[String]) -> String {
    let mut text = format!(
        "[event]\nname = \"E\"\ndate = {date}\nrules = \"swccg-pc-sos\"\nformat = \"constructed\"\nstructure = \"custom\"\nswiss_rounds = 8\nseed = 7\n"
    );
    for p in players.chars() {
        text.push_str(&format!("[[players]]\nname = \"{p}\"\nid = \"{p}\"\n"));
        if let (Some(n), 'f') = (drop_f, p) {
            text.push_str(&format!("drop = {n}\n"));
        }
    }
    for g in games {
        text.push_str(&format!("\n[[rounds]]\n{g}\n"));
    }
    text
}

fn load(text: &str) -> (Event, Computed) {
    let (loaded, diagnostics) = crate::load::parse_event(
        std::path::Path::new("events/e.toml"),
        text,
        &crate::load::options::LoadOptions::default(),
    );
    loaded.unwrap_or_else(|| panic!("valid: {diagnostics:?}"))
}

/// A game: `tables` as (dark, light, winner), `byes` as ids.
fn game(tables: &[(&str, &str, &str)], byes: &[&str]) -> String {
    let byes: Vec<String> = byes.iter().map(|b| format!("\"{b}\"")).collect();
    let tables: String = tables
        .iter()
        .map(|(d, l, w)| format!("  {{ dark = \"{d}\", light = \"{l}\", winner = \"{w}\" }},\n"))
        .collect();
    format!("byes = [{}]\ntables = [\n{tables}]", byes.join(", "))
}

fn reasons(computed: &Computed, game: usize) -> Vec<Option<TableReason>> {
    computed.ccg().expect("swccg").reasons[game].clone()
}

fn broken_byes(computed: &Computed, game: usize) -> Vec<usize> {
    computed.ccg().expect("swccg").replays[game]
        .as_ref()
        .expect("judged")
        .broken_byes
        .clone()
}

fn id(event: &Event, p: &str) -> usize {
    event
        .players
        .iter()
        .position(|x| x.id == p)
        .expect("player")
}

/// Four players who have each met two others once: a and c on 4 points, b and d on 0, and no
/// pair has met both ways round, so the software's tops always meet in game 3.
fn two_games() -> [String; 2] {
    [
        game(&[("a", "b", "a"), ("c", "d", "c")], &[]),
        // Those who played Dark now play Light, and every winner wins again.
        game(&[("b", "c", "c"), ("d", "a", "a")], &[]),
    ]
}

#[test]
fn a_new_rounds_first_game_pairs_equal_points_and_nothing_else() {
    let [g1, g2] = two_games();
    // a and c (4 points) meet, and b and d (0): either allegiance, since either may be dealt
    // first among equal points.
    let good = game(&[("c", "a", "a"), ("b", "d", "b")], &[]);
    let (_, computed) = load(&sos_text(
        "2017-06-01",
        "abcd",
        None,
        &[g1.clone(), g2.clone(), good],
    ));
    assert_eq!(
        reasons(&computed, 2),
        vec![Some(TableReason::Guide(PairReason::Standings)); 2]
    );
    assert!(computed.audit.summary().is_some());
    // 4 points against 0 twice: the piles never give it, and no repeat was there to avoid.
    let bad = game(&[("a", "d", "a"), ("c", "b", "c")], &[]);
    let (event, computed) = load(&sos_text("2017-06-01", "abcd", None, &[g1, g2, bad]));
    for (k, dark) in ["a", "c"].into_iter().enumerate() {
        assert_eq!(
            reasons(&computed, 2)[k],
            Some(TableReason::NotTheAssistant {
                player: id(&event, dark),
                why: AssistantBreak::Pairing
            })
        );
    }
    assert!(computed.audit.summary().unwrap().contains("break a rule"));
}

#[test]
fn a_repeat_of_opponents_and_allegiances_in_a_rounds_first_game_is_a_departure() {
    let [g1, g2] = two_games();
    // d (Dark) v a (Light) again, as in game 2: the software swaps their allegiances.
    let g3 = game(&[("d", "a", "a"), ("b", "c", "c")], &[]);
    let (event, computed) = load(&sos_text("2017-06-01", "abcd", None, &[g1, g2, g3]));
    assert_eq!(
        reasons(&computed, 2)[0],
        Some(TableReason::NotTheAssistant {
            player: id(&event, "d"),
            why: AssistantBreak::Repeat
        })
    );
}

#[test]
fn every_allegiance_switches_in_a_rounds_second_game() {
    let g1 = game(&[("a", "b", "a"), ("c", "d", "c")], &[]);
    // a plays Dark again.
    let g2 = game(&[("a", "b", "a"), ("d", "c", "c")], &[]);
    let (event, computed) = load(&sos_text("2017-06-01", "abcd", None, &[g1, g2]));
    assert_eq!(
        reasons(&computed, 1)[0],
        Some(TableReason::NotTheAssistant {
            player: id(&event, "a"),
            why: AssistantBreak::Allegiance
        })
    );
    assert_eq!(
        reasons(&computed, 1)[1],
        Some(TableReason::Guide(PairReason::Piles))
    );
}

/// Six players, f dropped after game 1, b's bye in game 2: the piles are d (Dark) against a,
/// c, e (Light).
fn after_a_drop(date: &str, g2: String) -> (Event, Computed) {
    let g1 = game(&[("a", "b", "a"), ("c", "d", "c"), ("e", "f", "e")], &[]);
    load(&sos_text(date, "abcdef", Some(1), &[g1, g2]))
}

#[test]
fn until_september_2018_one_player_moves_to_even_out_the_piles() {
    // e (2 points, the fewest of the longer pile, level with a and c) plays Dark again.
    let g2 = game(&[("d", "a", "a"), ("e", "c", "c")], &["b"]);
    let (_, computed) = after_a_drop("2017-06-01", g2);
    assert_eq!(
        reasons(&computed, 1),
        vec![Some(TableReason::Guide(PairReason::Piles)); 2]
    );
    assert!(broken_byes(&computed, 1).is_empty());
    // From 2018-09-13 nobody moves: the two left over take byes.
    let g2 = game(&[("d", "a", "a")], &["b", "c", "e"]);
    let (_, computed) = after_a_drop("2019-06-01", g2);
    assert_eq!(
        reasons(&computed, 1),
        vec![Some(TableReason::Guide(PairReason::Piles))]
    );
    assert!(broken_byes(&computed, 1).is_empty());
    let g2 = game(&[("d", "a", "a"), ("e", "c", "c")], &["b"]);
    let (event, computed) = after_a_drop("2019-06-01", g2);
    assert_eq!(
        reasons(&computed, 1)[1],
        Some(TableReason::NotTheAssistant {
            player: id(&event, "e"),
            why: AssistantBreak::Allegiance
        })
    );
}

#[test]
fn the_bye_goes_to_the_fewest_points_among_the_fewest_byes() {
    // d has 0 points like b: either may take it.
    let g2 = game(&[("b", "a", "a"), ("e", "c", "c")], &["d"]);
    let (_, computed) = after_a_drop("2017-06-01", g2);
    assert!(broken_byes(&computed, 1).is_empty());
    // a has 2 points: the bye is b's or d's.
    let g2 = game(&[("b", "c", "c"), ("d", "e", "e")], &["a"]);
    let (event, computed) = after_a_drop("2017-06-01", g2);
    assert_eq!(broken_byes(&computed, 1), vec![id(&event, "a")]);
}

#[test]
fn pair_writes_the_softwares_next_game() {
    let g1 = game(&[("a", "b", "a"), ("c", "d", "c"), ("e", "f", "e")], &[]);
    let (event, computed) = load(&sos_text("2017-06-01", "abcdef", Some(1), &[g1]));
    let (number, paired): &(u32, Paired) = computed
        .ccg()
        .expect("swccg")
        .next
        .as_ref()
        .expect("a next game");
    assert_eq!(*number, 2);
    // Five players: the bye to b or d (0 points); d against a Light player; one of a, c, e
    // moved across to play Dark again.
    assert_eq!(paired.byes.len(), 1);
    let bye = paired.byes[0].player;
    assert!([id(&event, "b"), id(&event, "d")].contains(&bye));
    assert_eq!(paired.tables.len(), 2);
    let mut seated: Vec<usize> = paired
        .tables
        .iter()
        .flat_map(|t| [t.dark, t.light])
        .chain([bye])
        .collect();
    seated.sort_unstable();
    let mut expected: Vec<usize> = ["a", "b", "c", "d", "e"]
        .iter()
        .map(|p| id(&event, p))
        .collect();
    expected.sort_unstable();
    assert_eq!(seated, expected);
    // The pairing the engine proposes is one the audit accepts.
    let text = sos_text(
        "2017-06-01",
        "abcdef",
        Some(1),
        &[
            game(&[("a", "b", "a"), ("c", "d", "c"), ("e", "f", "e")], &[]),
            {
                let name = |p: usize| event.players[p].id.clone();
                let tables: Vec<(String, String)> = paired
                    .tables
                    .iter()
                    .map(|t| (name(t.dark), name(t.light)))
                    .collect();
                let refs: Vec<(&str, &str, &str)> = tables
                    .iter()
                    .map(|(d, l)| (d.as_str(), l.as_str(), d.as_str()))
                    .collect();
                game(&refs, &[name(bye).as_str()])
            },
        ],
    );
    let (_, again) = load(&text);
    assert!(
        reasons(&again, 1)
            .iter()
            .all(|r| matches!(r, Some(TableReason::Guide(_))))
    );
    assert!(broken_byes(&again, 1).is_empty());
}

#[test]
fn events_before_july_2016_are_not_judged() {
    let [g1, g2] = two_games();
    let (_, computed) = load(&sos_text("2016-05-01", "abcd", None, &[g1, g2]));
    assert!(reasons(&computed, 1).iter().all(Option::is_none));
    assert!(computed.audit.summary().is_none());
}
