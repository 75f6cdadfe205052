//! SW:CCG events from file to results: each test writes an event file's text, loads it as
//! `holonet build` does, and checks what the rules computed from it (game by game standings,
//! byes, disqualifications, the Final Confrontation) and what the checks said.

use crate::event::Side;
use crate::event::*;
use crate::rules::ccg_event::*;
use crate::rules::ccg_format::*;
use crate::rules::ccg_replay::*;
use crate::rules::swccg;
use crate::rules::swccg::pairing::PairReason;
use crate::rules::swccg::standings::Decider;

/// A constructed SW:CCG event with players `a`.. (as many as `players`) and `games`
/// (each a game's TOML body: its `tables` and `byes`), seed 7, `extra` added to `[event]`.
fn ccg_text(players: &str, games: &[&str], extra: &str) -> String {
    let mut text = format!(
        "[event]\nname = \"E\"\ndate = 2008-05-01\nrules = \"swccg-2008\"\nformat = \"constructed\"\nstructure = \"custom\"\nswiss_rounds = 6\nseed = 7\n{extra}\n"
    );
    for p in players.chars() {
        text.push_str(&format!("[[players]]\nname = \"{p}\"\nid = \"{p}\"\n"));
    }
    for g in games {
        text.push_str(&format!("\n[[rounds]]\n{g}\n"));
    }
    text
}

fn load(text: &str) -> (Event, crate::rules::computed::Computed) {
    let (loaded, diagnostics) = crate::load::parse_event(
        std::path::Path::new("events/e.toml"),
        text,
        &crate::load::options::LoadOptions::default(),
    );
    loaded.unwrap_or_else(|| panic!("valid: {diagnostics:?}"))
}

fn table(dark: &str, light: &str, winner: &str, differential: u32) -> String {
    format!(
        "  {{ dark = \"{dark}\", light = \"{light}\", winner = \"{winner}\", differential = {differential} }},\n"
    )
}

fn game(tables: &[String], byes: &str) -> String {
    format!("byes = [{byes}]\ntables = [\n{}]", tables.concat())
}

/// A recorded pairing the guide's procedure can produce is the guide's pairing, whatever
/// its random steps gave: the first game's shuffle and a new round's coin need not be the
/// seed's. Only a table no outcome of the procedure gives is a departure, with what the
/// guide gives instead.
#[test]
fn pairing_by_the_guides_procedure_is_not_a_departure() {
    // The seed's own shuffle would differ: any first game with one Dark and one Light at
    // each table is a shuffle the guide allows.
    let g1 = game(&[table("b", "a", "b", 10), table("d", "c", "d", 5)], "");
    // Dark pile b (2), d (2); Light pile c (0), a (0): b meets c, d meets a, sides switched.
    let g2 = game(&[table("c", "b", "b", 10), table("a", "d", "d", 10)], "");
    // Standings b 4(+20), d 4(+15), c 0(-15), a 0(-20): a new round pairs b-d and c-a,
    // who never met; the odd positions (b, c) take the coin. Recorded with the coin the
    // seed did not give.
    let side = swccg::pairing::coin(7, 3).opposite();
    let (top, other) = match side {
        Side::Dark => (["b", "d"], ["c", "a"]),
        Side::Light => (["d", "b"], ["a", "c"]),
    };
    let g3 = game(
        &[
            table(top[0], top[1], "b", 5),
            table(other[0], other[1], "c", 5),
        ],
        "",
    );
    let (_, computed) = load(&ccg_text("abcd", &[&g1, &g2, &g3], ""));
    let ccg = computed.ccg().expect("swccg").clone();
    let guide = |r: PairReason| Some(TableReason::Guide(r));
    assert_eq!(ccg.reasons[0], vec![guide(PairReason::Random); 2]);
    assert_eq!(ccg.reasons[1], vec![guide(PairReason::Piles); 2]);
    assert_eq!(ccg.reasons[2], vec![guide(PairReason::Standings); 2]);
    // Game 2 paired by hand against the piles: b meets a, whom the guide gives d.
    let g2 = game(&[table("a", "b", "b", 10), table("c", "d", "d", 10)], "");
    let (event, computed) = load(&ccg_text("abcd", &[&g1, &g2], ""));
    let ccg = computed.ccg().expect("swccg").clone();
    let id = |p: usize| event.players[p].id.as_str();
    match ccg.reasons[1][0] {
        Some(TableReason::Departure {
            player,
            instead: Some(t),
        }) => {
            assert_eq!(id(player), "a");
            assert_eq!((id(t.dark), id(t.light)), ("a", "d"));
        }
        other => panic!("a departure: {other:?}"),
    }
}

/// "The penalty for a second violation is tournament disqualification": the second recorded
/// deck-check failure of a player ends their event. They are paired no more, stay in the
/// standings below every ranked player without a place, and are left out of the placings;
/// the games they played still count for their opponents. Seating them later is an error.
#[test]
fn second_deck_check_failure_disqualifies() {
    let with_violation =
        |t: String, p: &str| t.replace(" },", &format!(", violation = \"{p}\" }},"));
    let g1 = game(
        &[
            with_violation(table("a", "b", "a", 10), "a"),
            table("c", "d", "c", 5),
        ],
        "",
    );
    let g2 = game(
        &[
            with_violation(table("b", "a", "a", 10), "a"),
            table("d", "c", "c", 5),
        ],
        "",
    );
    let text = ccg_text("abcd", &[&g1, &g2], "");
    let (event, computed) = load(&text);
    let ccg = computed.ccg().expect("swccg").clone();
    let id = |p: usize| event.players[p].id.as_str();
    assert_eq!(disqualifications(&event).get(&0), Some(&2));
    assert!(event.players[0].disqualified && !event.players[0].is_active_in(3));
    // After game 1 a is still ranked; after game 2 a is listed last, unranked.
    assert!(ccg.standings[0].iter().all(|r| r.place.is_some()));
    let last = ccg.standings[1].last().expect("rows");
    assert_eq!(
        (id(last.player), last.place, last.decided_by),
        ("a", None, None)
    );
    assert_eq!(ccg.standings[1].len(), 4);
    // b keeps both full wins the penalties gave them.
    let b = ccg.standings[1]
        .iter()
        .find(|r| id(r.player) == "b")
        .expect("b");
    assert_eq!(b.score.to_string(), "4(+60)");
    // Game 3 pairs the three left: one table and a bye, no a.
    let (_, next) = ccg.next.as_ref().expect("game 3");
    assert_eq!(next.tables.len(), 1);
    assert_eq!(next.byes.len(), 1);
    assert!(
        next.tables
            .iter()
            .all(|t| id(t.dark) != "a" && id(t.light) != "a")
    );
    // Seating a in game 3 is an error.
    let g3 = game(&[table("a", "b", "a", 10)], "\"c\", \"d\"");
    let (loaded, diagnostics) = crate::load::parse_event(
        std::path::Path::new("events/e.toml"),
        &ccg_text("abcd", &[&g1, &g2, &g3], ""),
        &crate::load::options::LoadOptions::default(),
    );
    assert!(loaded.is_none());
    assert!(
        diagnostics
            .iter()
            .any(|d| d.message.contains("was disqualified in game 2")),
        "{diagnostics:?}"
    );
}

fn warnings(text: &str) -> Vec<String> {
    let (loaded, diagnostics) = crate::load::parse_event(
        std::path::Path::new("events/e.toml"),
        text,
        &crate::load::options::LoadOptions::default(),
    );
    assert!(loaded.is_some(), "{diagnostics:?}");
    diagnostics
        .into_iter()
        .map(|d| format!("{} {}", d.message, d.help.unwrap_or_default()))
        .collect()
}

/// "Tournament Directors must receive the Bye in the first round of the tournament if there
/// are an odd number of players": a playing director at a table of game 1 of an odd field
/// is a warning that links the rule.
#[test]
fn playing_director_takes_the_first_bye_of_an_odd_field() {
    let director = |text: String| text.replace("id = \"a\"\n", "id = \"a\"\norganizer = true\n");
    let played = game(
        &[table("a", "b", "a", 10), table("c", "d", "c", 5)],
        "\"e\"",
    );
    let text = director(ccg_text("abcde", &[&played], ""));
    let (_, computed) = load(&text);
    assert_eq!(
        computed.ccg().expect("swccg").reasons[0][0],
        Some(TableReason::Departure {
            player: 0,
            instead: None
        }),
        "the director's table is not the guide's"
    );
    let warned = warnings(&text);
    assert!(
        warned.iter().any(|w| w.contains("does not have the bye")
            && w.contains("rules/swccg-2008/#playing-directors")),
        "{warned:?}"
    );
    let bye = game(
        &[table("e", "b", "e", 10), table("c", "d", "c", 5)],
        "\"a\"",
    );
    assert!(warnings(&director(ccg_text("abcde", &[&bye], ""))).is_empty());
    // An even field has no bye to take.
    let even = game(&[table("a", "b", "a", 10), table("c", "d", "c", 5)], "");
    assert!(warnings(&director(ccg_text("abcd", &[&even], ""))).is_empty());
}

/// "The tournament must not be a Constructed Format Championship Level event where the PC
/// is offering a cash prize or multiple Worlds Day 2 Automatic Bids": the file does not
/// record prizes, so a director playing any constructed championship event is warned about;
/// standard events and limited formats are not.
#[test]
fn director_play_limits_at_championship_tier() {
    let director = |text: String| text.replace("id = \"a\"\n", "id = \"a\"\norganizer = true\n");
    let tier = "tier = \"championship\"\nswiss_rounds = 4";
    let championship = director(ccg_text("abcd", &[], tier).replace("swiss_rounds = 6\n", ""));
    let warned = warnings(&championship);
    assert!(
        warned
            .iter()
            .any(|w| w.contains("constructed championship event")
                && w.contains("rules/swccg-2008/#playing-directors")),
        "{warned:?}"
    );
    let sealed = championship.replace("format = \"constructed\"", "format = \"sealed\"");
    assert!(!warnings(&sealed).iter().any(|w| w.contains("championship")));
    let standard = director(ccg_text("abcd", &[], ""));
    assert!(warnings(&standard).is_empty());
}

/// Two games of four players: a and c win both, each by 10, and never meet; b and d lose
/// both. a and c are level on everything the guide compares.
fn two_games() -> [String; 2] {
    [
        game(&[table("a", "b", "a", 10), table("c", "d", "c", 10)], ""),
        game(&[table("d", "a", "a", 10), table("b", "c", "c", 10)], ""),
    ]
}

fn short(extra: &str, tail: &str) -> String {
    let [g1, g2] = two_games();
    ccg_text("abcd", &[&g1, &g2], extra).replace("swiss_rounds = 6", "swiss_rounds = 2") + tail
}

fn placings(computed: &crate::rules::computed::Computed, event: &Event) -> Vec<String> {
    computed
        .placings
        .as_ref()
        .expect("placings")
        .iter()
        .map(|&(place, p)| format!("{place} {}", event.players[p].id))
        .collect()
}

fn errors(text: &str) -> Vec<String> {
    let (loaded, diagnostics) = crate::load::parse_event(
        std::path::Path::new("events/e.toml"),
        text,
        &crate::load::options::LoadOptions::default(),
    );
    assert!(loaded.is_none(), "an error expected");
    diagnostics
        .into_iter()
        .filter(|d| d.is_error())
        .map(|d| d.message)
        .collect()
}

/// "The Final Confrontation must be played unless the second-seeded player waives their
/// right to it": `[final] waived = true` ends the event, the higher seed first and the
/// second seed second (no better or worse than losing the final), the rest by standings.
#[test]
fn second_seed_waives_the_final_confrontation() {
    let (event, computed) = load(&short("cut = 2", ""));
    assert!(computed.placings.is_none(), "the final is still due");
    assert_eq!(computed.status, crate::rules::computed::Status::Running);
    let (event_w, waived) = load(&short("cut = 2", "\n[final]\nwaived = true\n"));
    assert_eq!(waived.status, crate::rules::computed::Status::Finished);
    let rows = &computed.ccg().expect("swccg").standings[1];
    let seeds: Vec<&str> = rows
        .iter()
        .map(|r| event.players[r.player].id.as_str())
        .collect();
    let fin = waived
        .ccg()
        .and_then(|c| c.final_confrontation.as_ref())
        .expect("final");
    assert_eq!(
        fin.outcome.map(|o| o.reason),
        Some(swccg::final_confrontation::FinalReason::Waived)
    );
    assert_eq!(
        placings(&waived, &event_w),
        seeds
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {s}", i + 1))
            .collect::<Vec<_>>()
    );
    // A waived final has no games.
    let played = short(
        "cut = 2",
        &format!(
            "\n[final]\nwaived = true\ngames = [\n{}]\n",
            table(seeds[0], seeds[1], seeds[0], 5)
        ),
    );
    assert!(
        errors(&played)
            .iter()
            .any(|e| e.contains("waived Final Confrontation has no games"))
    );
}

/// "A deck list that does not match the deck before the Final Confrontation ... will result
/// in a disqualification from the Final Confrontation for the offending player, and the next
/// highest scoring player will receive the opportunity to play": `[final] replaced` names
/// the finalist; the next in the standings takes the place; the replaced player keeps their
/// standings order among the players after the final's two.
#[test]
fn next_highest_player_replaces_a_finalist_whose_deck_does_not_match() {
    let (event, computed) = load(&short("cut = 2", ""));
    let rows = &computed.ccg().expect("swccg").standings[1];
    let seeds: Vec<&str> = rows
        .iter()
        .map(|r| event.players[r.player].id.as_str())
        .collect();
    let final_games = format!(
        "games = [\n{}{}]\n",
        table(seeds[0], seeds[2], seeds[2], 5),
        table(seeds[2], seeds[0], seeds[2], 5)
    );
    let text = short(
        "cut = 2",
        &format!("\n[final]\nreplaced = [\"{}\"]\n{final_games}", seeds[1]),
    );
    let (event, replaced) = load(&text);
    let fin = replaced
        .ccg()
        .and_then(|c| c.final_confrontation.as_ref())
        .expect("final");
    let id = |p: usize| event.players[p].id.as_str();
    assert_eq!(
        [id(fin.finalists[0]), id(fin.finalists[1])],
        [seeds[0], seeds[2]]
    );
    assert_eq!(
        placings(&replaced, &event),
        [
            format!("1 {}", seeds[2]),
            format!("2 {}", seeds[0]),
            format!("3 {}", seeds[1]),
            format!("4 {}", seeds[3]),
        ]
    );
    // Only a finalist can be replaced.
    let wrong = short(
        "cut = 2",
        &format!("\n[final]\nreplaced = [\"{}\"]\n", seeds[3]),
    );
    assert!(
        errors(&wrong)
            .iter()
            .any(|e| e.contains("was not a finalist"))
    );
}

/// "If there is a tie with both points and differential, a tiebreaker game can be played":
/// recorded in `tiebreaker_games`, it puts its winner above the loser, before the other
/// tiebreakers, and counts for nothing else. Only the two players level on points and
/// differential after the last game can play it.
fn tiebreaker(dark: &str, light: &str, winner: &str) -> String {
    format!(
        "\n[[tiebreaker_games]]\ndark = \"{dark}\"\nlight = \"{light}\"\nwinner = \"{winner}\"\ndifferential = 3\n"
    )
}

#[test]
fn tiebreaker_game_decides_the_tie_it_was_played_for() {
    for winner in ["a", "c"] {
        let tail = tiebreaker("a", "c", winner);
        let (event, computed) = load(&short("", &tail));
        let rows = &computed.ccg().expect("swccg").standings[1];
        assert_eq!(event.players[rows[0].player].id, winner);
        assert_eq!(rows[1].decided_by, Some(Decider::TiebreakerGame));
        assert_eq!(
            rows[0].score.to_string(),
            "4(+20)",
            "the game is not scored"
        );
        assert_eq!(placings(&computed, &event)[0], format!("1 {winner}"));
    }
    let uneven = short("", &tiebreaker("a", "b", "a"));
    assert!(
        errors(&uneven)
            .iter()
            .any(|e| e.contains("not the only two players level"))
    );
    let early = ccg_text("abcd", &[&two_games()[0]], "") + &tiebreaker("a", "c", "a");
    assert!(
        errors(&early)
            .iter()
            .any(|e| e.contains("after the last game"))
    );
}

/// The guide's last tiebreaker is random: a director's own draw may order the players it
/// separates otherwise than the seed, and a pairing from that order is the guide's too.
#[test]
fn pairing_from_a_random_tiebreak_drawn_otherwise_is_the_guides() {
    // a and c both 2(+10), b and d both 0(-10), nobody separable but at random: the piles
    // can meet either way round.
    let g1 = game(&[table("a", "b", "a", 10), table("c", "d", "c", 10)], "");
    let (event, computed) = load(&ccg_text("abcd", &[&g1], ""));
    let ccg = computed.ccg().expect("swccg").clone();
    let rows = &ccg.standings[0];
    assert_eq!(rows[1].decided_by, Some(Decider::Random));
    let id = |p: usize| event.players[p].id.clone();
    let (_, next) = ccg.next.expect("game 2");
    // The other way round from the seed's: swap the Light players (last game's Dark pile).
    let [t1, t2] = &next.tables[..] else {
        panic!("two tables")
    };
    let other = game(
        &[
            table(&id(t1.dark), &id(t2.light), &id(t1.dark), 5),
            table(&id(t2.dark), &id(t1.light), &id(t2.dark), 5),
        ],
        "",
    );
    let (_, computed) = load(&ccg_text("abcd", &[&g1, &other], ""));
    let reasons = &computed.ccg().expect("swccg").reasons[1];
    assert_eq!(
        reasons,
        &vec![Some(TableReason::Guide(PairReason::Piles)); 2]
    );
}

/// The player with a first-game bye holds the last scorecard, an odd position in an odd
/// field, so they take the allegiance of the odd positions (the coin's) and join that pile
/// for the second game.
#[test]
fn first_game_bye_joins_the_pile_of_the_odd_positions() {
    let g1 = game(
        &[table("a", "b", "a", 10), table("c", "d", "c", 5)],
        "\"e\"",
    );
    let (event, computed) = load(&ccg_text("abcde", &[&g1], ""));
    let ccg = computed.ccg().expect("swccg").clone();
    let id = |p: usize| event.players[p].id.as_str();
    let (_, next) = ccg.next.expect("game 2");
    let tables: Vec<(&str, &str)> = next
        .tables
        .iter()
        .map(|t| (id(t.dark), id(t.light)))
        .collect();
    let byes: Vec<&str> = next.byes.iter().map(|b| id(b.player)).collect();
    // Standings a 2(+10), c 2(+5), e 2(+0), d 0(-5), b 0(-10).
    match swccg::pairing::coin(7, 1) {
        // Dark pile a, c, e against Light pile d, b: e had a bye, so c, next lowest, has it.
        Side::Dark => {
            assert_eq!(tables, [("d", "a"), ("b", "e")]);
            assert_eq!(byes, ["c"]);
        }
        // Dark pile a, c against Light pile e, d, b: b, bottom of the larger, has it.
        Side::Light => {
            assert_eq!(tables, [("e", "a"), ("d", "c")]);
            assert_eq!(byes, ["b"]);
        }
    }
    // The recorded first game does not tell its coin: a second game paired with e in the
    // other pile follows the guide as well.
    let (other, bye) = match swccg::pairing::coin(7, 1) {
        Side::Dark => ([("e", "a"), ("d", "c")], "b"),
        Side::Light => ([("d", "a"), ("b", "e")], "c"),
    };
    let g2 = game(
        &other.map(|(d, l)| table(d, l, d, 5)),
        &format!("\"{bye}\""),
    );
    let (_, computed) = load(&ccg_text("abcde", &[&g1, &g2], ""));
    assert_eq!(
        computed.ccg().expect("swccg").reasons[1],
        vec![Some(TableReason::Guide(PairReason::Piles)); 2]
    );
}

fn info(format: &str, variant: Option<&str>) -> EventInfo {
    let mut ev = crate::rules::standings::tests::event_with(2, vec![]);
    ev.info.format = format.into();
    ev.info.variant = variant.map(str::to_string);
    ev.info
}

#[test]
fn pods_as_text() {
    assert_eq!(
        pods(&info("draft", None), 9).as_deref(),
        Some("4 + 6, with a dummy hand")
    );
    assert_eq!(pods(&info("draft", None), 12).as_deref(), Some("4 + 4 + 4"));
    assert_eq!(pods(&info("cube", None), 7).as_deref(), Some("4 + 3"));
    assert_eq!(
        pods(&info("cube", Some("secret-squirrel")), 17).as_deref(),
        Some("9 + 8")
    );
    assert_eq!(pods(&info("constructed", None), 9), None);
    assert_eq!(pods(&info("draft", None), 30), None);
}

#[test]
fn game_time_from_the_deck() {
    let mut sealed = info("sealed", None);
    sealed.deck_size = Some(45);
    assert_eq!(game_minutes(&sealed), 45);
    assert_eq!(game_minutes(&info("constructed", None)), 60);
    assert_eq!(game_minutes(&info("sealed", Some("epp-overdrive"))), 15);
    let mut set = info("constructed", None);
    set.round_minutes = Some(75);
    assert_eq!(game_minutes(&set), 75);
}

#[test]
fn secret_squirrel_decks_hold_both_sides() {
    assert!(fixed_sides(&info("sealed", None)));
    assert!(fixed_sides(&info("cube", None)));
    assert!(!fixed_sides(&info("sealed", Some("secret-squirrel"))));
    assert!(!fixed_sides(&info("constructed", None)));
    assert_eq!(variants("sealed"), &["secret-squirrel", "epp-overdrive"]);
    assert!(variants("constructed").is_empty());
}

/// The pairing audit of a SW:CCG event: a game the guide's procedure gives under another draw
/// (the first game's shuffle, a new round's coin) is legal; a game paired against the piles
/// breaks the guide's pairing, and a repeat with the same allegiances is named as a rematch.
#[test]
fn the_audit_judges_each_game_by_the_guides_procedure() {
    use crate::rules::verdict::{DepartureKind, Stage, Status};
    let g1 = game(&[table("b", "a", "b", 10), table("d", "c", "d", 5)], "");
    let g2 = game(&[table("c", "b", "b", 10), table("a", "d", "d", 10)], "");
    let side = swccg::pairing::coin(7, 3).opposite();
    let (top, other) = match side {
        Side::Dark => (["b", "d"], ["c", "a"]),
        Side::Light => (["d", "b"], ["a", "c"]),
    };
    let g3 = game(
        &[
            table(top[0], top[1], "b", 5),
            table(other[0], other[1], "c", 5),
        ],
        "",
    );
    let (_, computed) = load(&ccg_text("abcd", &[&g1, &g2, &g3], ""));
    let audit = &computed.audit;
    assert_eq!(audit.rounds.len(), 3);
    assert!(audit.rounds.iter().all(|r| r.stage == Stage::Game));
    assert_eq!(audit.rounds[1].status(), Status::Identical);
    // The coin the seed did not give: both tables differ, both within the guide.
    assert_eq!(audit.rounds[2].status(), Status::Legal);
    assert!(
        audit.rounds[2]
            .departures
            .iter()
            .all(|d| d.kind == DepartureKind::OtherDraw && !d.broken)
    );

    // Game 2 against the piles: b meets a again, with the allegiances of game 1.
    let g2 = game(&[table("b", "a", "b", 10), table("d", "c", "d", 10)], "");
    let (_, computed) = load(&ccg_text("abcd", &[&g1, &g2], ""));
    let round = &computed.audit.rounds[1];
    assert_eq!(round.status(), Status::Broken);
    let kinds: Vec<(DepartureKind, bool)> = round
        .departures
        .iter()
        .map(|d| (d.kind, d.broken))
        .collect();
    assert_eq!(kinds, [(DepartureKind::Rematch, true); 2]);

    // Game 2 with the sides of game 1 switched: no repeat, but not the piles' pairing.
    let g2 = game(&[table("a", "b", "b", 10), table("c", "d", "d", 10)], "");
    let (_, computed) = load(&ccg_text("abcd", &[&g1, &g2], ""));
    let round = &computed.audit.rounds[1];
    assert!(
        round
            .departures
            .iter()
            .all(|d| d.kind == DepartureKind::NotTheGuide && d.broken)
    );
}

/// The guide orders each pile "according to the player's total score" (victory points and
/// differential) and by nothing else: b and d both won game 1 by 10, a and c both lost by 10,
/// so either order of each pile is the guide's, and game 2 may pair b with a or with c.
#[test]
fn level_players_in_a_pile_may_lie_in_either_order() {
    use crate::rules::verdict::Status;
    let g1 = game(&[table("b", "a", "b", 10), table("d", "c", "d", 10)], "");
    // The Light pile (a, c) plays Dark in game 2, against the Dark pile (b, d).
    for tables in [
        [table("a", "b", "b", 5), table("c", "d", "d", 5)],
        [table("c", "b", "b", 5), table("a", "d", "d", 5)],
    ] {
        let text = ccg_text("abcd", &[&g1, &game(&tables, "")], "");
        let (_, computed) = load(&text);
        assert_ne!(computed.audit.rounds[1].status(), Status::Broken);
        assert!(
            computed.audit.rounds[1]
                .departures
                .iter()
                .all(|d| !d.broken)
        );
        let (_, diagnostics) = crate::load::parse_event(
            std::path::Path::new("events/e.toml"),
            &text,
            &crate::load::options::LoadOptions::default(),
        );
        assert!(
            !diagnostics.iter().any(|d| d.message.starts_with("game 2")),
            "{diagnostics:?}"
        );
    }
}

/// After two games b and d are level on total score, 2(+4), and only the end-of-event
/// tiebreakers (b's best game, +10, against d's +6) rank b first. The guide's pile for a new
/// round uses the total score alone, so the order c, d, b, a is the guide's too, and with it
/// game 3 pairs c with d and b with a (each with the allegiances they have not played yet,
/// whatever the coin): legal, and `check` says nothing of it.
#[test]
fn a_table_only_a_later_tiebreaker_would_forbid_is_legal() {
    let g1 = game(&[table("b", "a", "b", 10), table("d", "c", "c", 2)], "");
    // Dark pile b 2(+10), d 0(-2); Light pile c 2(+2), a 0(-10); sides switch.
    let g2 = game(&[table("c", "b", "c", 6), table("a", "d", "d", 6)], "");
    let g3 = game(&[table("c", "d", "c", 5), table("a", "b", "b", 5)], "");
    let text = ccg_text("abcd", &[&g1, &g2, &g3], "");
    let (_, computed) = load(&text);
    let rows = &computed.ccg().expect("swccg").standings[1];
    let score = |p: usize| rows.iter().find(|r| r.player == p).map(|r| r.score);
    assert_eq!(score(1), score(3));
    let game3 = &computed.audit.rounds[2];
    assert!(game3.departures.iter().all(|d| !d.broken), "{game3:?}");
    let (_, diagnostics) = crate::load::parse_event(
        std::path::Path::new("events/e.toml"),
        &text,
        &crate::load::options::LoadOptions::default(),
    );
    assert!(!diagnostics.iter().any(|d| d.message.starts_with("game 3")));
}

/// A table no order of the piles gives still breaks the guide's pairing, and `check` warns
/// about it in the audit's words, at the table.
#[test]
fn a_table_against_the_piles_is_still_a_broken_rule_and_warned() {
    let g1 = game(&[table("b", "a", "b", 10), table("d", "c", "d", 5)], "");
    // The piles give b v c and d v a; recorded: b and a again, with game 1's allegiances.
    let g2 = game(&[table("b", "a", "b", 10), table("d", "c", "d", 10)], "");
    let text = ccg_text("abcd", &[&g1, &g2], "");
    let (_, computed) = load(&text);
    assert_eq!(
        computed.audit.rounds[1]
            .departures
            .iter()
            .filter(|d| d.broken)
            .count(),
        2
    );
    let (_, diagnostics) = crate::load::parse_event(
        std::path::Path::new("events/e.toml"),
        &text,
        &crate::load::options::LoadOptions::default(),
    );
    let warned: Vec<&str> = diagnostics
        .iter()
        .filter(|d| d.message.starts_with("game 2, table"))
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(warned.len(), 2, "{warned:?}");
    assert!(warned[0].contains("had already met") || warned[0].contains("not a table"));
}

/// A game of `tables` where the last table is a true tie between `dark` and `light` with
/// counts `[dark lost pile, light lost pile, dark hand, light hand]` and `winner` (the coin's
/// winner as recorded) when given.
fn tie_table(dark: &str, light: &str, counts: [u32; 4], winner: Option<&str>) -> String {
    let [dl, ll, dh, lh] = counts;
    let coin = winner.map_or(String::new(), |w| format!(", winner = \"{w}\""));
    format!(
        "  {{ dark = \"{dark}\", light = \"{light}\", tie = {{ dark_lost_pile = {dl}, light_lost_pile = {ll}, dark_hand = {dh}, light_hand = {lh} }}{coin} }},\n"
    )
}

/// "3) Winner determined randomly. (Coin toss or other random method)": a true tie level on
/// the lost piles and on the hands goes to the winner of the coin tossed at the venue, when
/// the file records it, whatever the event's seed would have drawn; without it, the seed
/// decides.
#[test]
fn true_tie_level_on_piles_and_hands_records_the_venue_coin() {
    for (seed, winner) in [(1, "b"), (2, "b"), (3, "a"), (4, "a")] {
        let g1 = game(
            &[
                tie_table("a", "b", [9, 9, 3, 3], Some(winner)),
                table("c", "d", "c", 5),
            ],
            "",
        );
        let text = ccg_text("abcd", &[&g1], "").replace("seed = 7", &format!("seed = {seed}"));
        let (event, computed) = load(&text);
        let tie = &computed.ccg().expect("swccg").games()[0][0];
        assert_eq!(event.players[tie.winner].id, winner);
        assert_eq!(
            tie.true_tie,
            Some(swccg::scoring::TrueTieDecider::VenueCoin)
        );
        let mut scores = [tie.scores[0].to_string(), tie.scores[1].to_string()];
        if winner == "b" {
            scores.reverse();
        }
        assert_eq!(scores, ["1(+1)", "0(-1)"]);
    }
    let g1 = game(
        &[
            tie_table("a", "b", [9, 9, 3, 3], None),
            table("c", "d", "c", 5),
        ],
        "",
    );
    let (_, computed) = load(&ccg_text("abcd", &[&g1], ""));
    assert_eq!(
        computed.ccg().expect("swccg").games()[0][0].true_tie,
        Some(swccg::scoring::TrueTieDecider::Random)
    );
}

/// "1) Player with least cards in their Lost Pile is declared the winner": a recorded coin
/// that gives the tie to the other player is refused, at the `winner`, saying what decided it.
#[test]
fn true_tie_decided_by_lost_pile_refuses_a_contrary_winner() {
    let g1 = game(
        &[
            tie_table("a", "b", [7, 11, 3, 3], Some("b")),
            table("c", "d", "c", 5),
        ],
        "",
    );
    let said = errors(&ccg_text("abcd", &[&g1], ""));
    assert_eq!(
        said,
        [
            "`winner` gives this true tie to b, but a has fewer cards in the lost pile (7 against 11) and wins it"
        ]
    );
}

/// "2) Player with least cards in their hand": where the hands decide, a recorded coin is
/// refused even when it names the same player, since no coin was tossed.
#[test]
fn true_tie_decided_by_hand_refuses_a_redundant_winner() {
    let g1 = game(
        &[
            tie_table("a", "b", [9, 9, 5, 2], Some("b")),
            table("c", "d", "c", 5),
        ],
        "",
    );
    let said = errors(&ccg_text("abcd", &[&g1], ""));
    assert_eq!(
        said,
        [
            "this true tie is not left to a coin: b has fewer cards in hand (2 against 5) and wins it without `winner`"
        ]
    );
}

/// Two games where the final is split and level on every tiebreaker before the coin: a and c
/// finish 4(+20), each with a best win of +10; their final games are +10 each way.
fn level_final(tail: &str) -> String {
    let games = format!(
        "\n[final]\n{tail}games = [\n{}{}]\n",
        table("a", "c", "a", 10),
        table("c", "a", "c", 10)
    );
    short("cut = 2", &games)
}

/// "4) Winner determined randomly. (Coin toss or other random method)": `[final] winner`
/// records the finalist who won the coin tossed at the venue, and decides the event where
/// the final is level on games, victory points, differential and the highest winning
/// differential; elsewhere it is refused at its line.
#[test]
fn final_confrontation_coin_recorded_at_the_venue() {
    use swccg::final_confrontation::FinalReason;
    for coin in ["a", "c"] {
        let (event, computed) = load(&level_final(&format!("winner = \"{coin}\"\n")));
        let fin = computed
            .ccg()
            .and_then(|c| c.final_confrontation.as_ref())
            .expect("final");
        let outcome = fin.outcome.expect("decided");
        assert_eq!(event.players[outcome.winner].id, coin);
        assert_eq!(outcome.reason, FinalReason::VenueCoin);
        assert_eq!(placings(&computed, &event)[0], format!("1 {coin}"));
    }
    let (_, seeded) = load(&level_final(""));
    let fin = seeded.ccg().and_then(|c| c.final_confrontation.as_ref());
    assert_eq!(
        fin.and_then(|f| f.outcome).map(|o| o.reason),
        Some(FinalReason::Random)
    );
    // A final one finalist won both games is not left to a coin.
    let won = short(
        "cut = 2",
        &format!(
            "\n[final]\nwinner = \"c\"\ngames = [\n{}{}]\n",
            table("a", "c", "a", 10),
            table("c", "a", "a", 10)
        ),
    );
    assert_eq!(
        errors(&won),
        ["the Final Confrontation is not left to a coin: a wins it on more games won"]
    );
    // Only a finalist can win the coin.
    // a and c are level for first place, so the seed orders them.
    let said = errors(&level_final("winner = \"b\"\n"));
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].starts_with("b is not a finalist (")
            && said[0].ends_with(
                " are): `winner` records the finalist who won the coin toss at the venue"
            ),
        "{said:?}"
    );
}

/// Six players, two games: a finishes first on 4(+30); c and e both 4(+20), never met, each
/// with a best game of +10 and opponents with no points, so only the random last tiebreaker
/// separates them for the second finalist's seat.
fn random_second_seat(tail: &str) -> String {
    let g1 = game(
        &[
            table("a", "b", "a", 20),
            table("c", "d", "c", 10),
            table("e", "f", "e", 10),
        ],
        "",
    );
    let g2 = game(
        &[
            table("d", "a", "a", 10),
            table("f", "c", "c", 10),
            table("b", "e", "e", 10),
        ],
        "",
    );
    ccg_text("abcdef", &[&g1, &g2], "cut = 2").replace("swiss_rounds = 6", "swiss_rounds = 2")
        + tail
}

/// Where the random last tiebreaker decided a finalist's seat, the venue's own draw may have
/// seated the other player: the recorded Final Confrontation between the finalists that draw
/// gave stands, and the standings follow the venue's draw, marked as drawn at the venue.
#[test]
fn final_confrontation_between_finalists_the_venue_drew() {
    let (event, computed) = load(&random_second_seat(""));
    let rows = computed.ccg().expect("swccg").standings[1].clone();
    let id = |p: usize| event.players[p].id.clone();
    assert_eq!(id(rows[0].player), "a");
    assert_eq!(rows[2].decided_by, Some(Decider::Random));
    let (seeded, drawn) = (id(rows[1].player), id(rows[2].player));
    let final_games = format!(
        "\n[final]\ngames = [\n{}{}]\n",
        table("a", &drawn, &drawn, 5),
        table(&drawn, "a", &drawn, 5)
    );
    let (event, computed) = load(&random_second_seat(&final_games));
    let ccg = computed.ccg().expect("swccg");
    let fin = ccg.final_confrontation.as_ref().expect("final");
    assert!(fin.problems.is_empty(), "{:?}", fin.problems);
    assert_eq!(
        [id(fin.finalists[0]), id(fin.finalists[1])],
        ["a", drawn.as_str()]
    );
    let rows = &ccg.standings[1];
    assert_eq!(
        rows.iter()
            .map(|r| id(r.player))
            .take(3)
            .collect::<Vec<_>>(),
        ["a", drawn.as_str(), seeded.as_str()]
    );
    assert_eq!(rows[1].decided_by, Some(Decider::Differential));
    assert_eq!(rows[2].decided_by, Some(Decider::DrawnAtVenue));
    assert_eq!(
        placings(&computed, &event)[..3],
        [
            format!("1 {drawn}"),
            "2 a".to_string(),
            format!("3 {seeded}")
        ]
    );
    // A player the random tiebreaker never placed level with a finalist is no finalist.
    let other = format!(
        "\n[final]\ngames = [\n{}{}]\n",
        table("a", "b", "b", 5),
        table("b", "a", "b", 5)
    );
    assert!(
        errors(&random_second_seat(&other))
            .iter()
            .any(|e| e.contains("is not between the finalists"))
    );
}

/// A sealed event of four: a and c play dark, b and d light, all event. After two games d
/// leads 4(+25), then a 2(+5), c 2(-10), b 0(-20).
fn sealed(tail: &str, g2_first: &str) -> String {
    let g1 = game(&[table("a", "b", "a", 10), table("c", "d", "d", 20)], "");
    let g2 = game(&[g2_first.to_string(), table("c", "b", "c", 10)], "");
    ccg_text("abcd", &[&g1, &g2], "cut = 2")
        .replace("format = \"constructed\"", "format = \"sealed\"")
        .replace("swiss_rounds = 6", "swiss_rounds = 2")
        + tail
}

/// The sealed Final Confrontation pairs "the top finishing Light player against the top
/// finishing Dark player"; its finalists are listed as every final's are, the higher seed
/// first, and each keeps their allegiance in the final.
#[test]
fn sealed_final_confrontation_lists_the_higher_seed_first() {
    let (event, computed) = load(&sealed("", &table("a", "d", "d", 5)));
    let ccg = computed.ccg().expect("swccg");
    let fin = ccg.final_confrontation.as_ref().expect("final");
    let id = |p: usize| event.players[p].id.as_str();
    assert_eq!([id(fin.finalists[0]), id(fin.finalists[1])], ["d", "a"]);
    let play = match &event.kind {
        Kind::Ccg(play) => play,
        _ => panic!("swccg"),
    };
    let sides = ruled_final_sides(&event, play, fin, 1).expect("fixed");
    assert_eq!([id(sides[0]), id(sides[1])], ["a", "d"]);
}

/// "players do not switch allegiances in Sealed Deck play": a sealed player on the other side
/// than in their first game is warned about, once, at that game's table; constructed players
/// switch every game, and Secret Squirrel decks hold both sides.
#[test]
fn sealed_players_keep_their_allegiance() {
    let switched = sealed("", &table("d", "a", "d", 5));
    let said = warnings(&switched);
    let about: Vec<&String> = said
        .iter()
        .filter(|w| w.contains("switch allegiances"))
        .collect();
    assert_eq!(about.len(), 2, "{said:?}");
    assert!(about[0].starts_with(
        "d plays dark in game 2 but played light in game 1: players do not switch allegiances in sealed play"
    ));
    assert!(about[1].starts_with("a plays light in game 2 but played dark in game 1"));
    let kept = warnings(&sealed("", &table("a", "d", "d", 5)));
    assert!(
        !kept.iter().any(|w| w.contains("switch allegiances")),
        "{kept:?}"
    );
    let squirrel = switched.replace(
        "format = \"sealed\"",
        "format = \"sealed\"\nvariant = \"secret-squirrel\"",
    );
    assert!(
        !warnings(&squirrel)
            .iter()
            .any(|w| w.contains("switch allegiances"))
    );
}

/// A major deck-check violation "results in a full loss for the prior game (and a full win
/// for the opponent)": the scored result is a full win, whatever was recorded.
#[test]
fn deck_check_penalty_makes_the_result_a_full_win() {
    let g1 = game(
        &[
            "  { dark = \"a\", light = \"b\", winner = \"a\", differential = 4, modified = true, violation = \"a\" },\n".to_string(),
            tie_table("c", "d", [9, 9, 3, 3], Some("c")).replace(" },\n", ", violation = \"c\" },\n"),
        ],
        "",
    );
    let (event, computed) = load(&ccg_text("abcd", &[&g1], ""));
    for t in &computed.ccg().expect("swccg").games()[0] {
        assert!(t.penalty);
        assert_eq!(t.kind, swccg::scoring::ResultKind::FullWin);
        assert_eq!(t.true_tie, None);
        assert!(["b", "d"].contains(&event.players[t.winner].id.as_str()));
    }
}

/// Sealed: a and c (dark) and f (light) all finish 4(+20), never met, with the same best game
/// and strength of schedule, so the random tiebreaker alone picks the top Dark player. A
/// recorded final between f and the dark player the venue's draw put first stands.
#[test]
fn sealed_final_confrontation_between_finalists_the_venue_drew() {
    let g1 = game(
        &[
            table("a", "b", "a", 10),
            table("c", "d", "c", 10),
            table("e", "f", "f", 10),
        ],
        "",
    );
    let g2 = game(
        &[
            table("a", "d", "a", 10),
            table("c", "b", "c", 10),
            table("e", "f", "f", 10),
        ],
        "",
    );
    let text = |tail: &str| {
        ccg_text("abcdef", &[&g1, &g2], "cut = 2")
            .replace("format = \"constructed\"", "format = \"sealed\"")
            .replace("swiss_rounds = 6", "swiss_rounds = 2")
            + tail
    };
    let (event, computed) = load(&text(""));
    let id = |p: usize| event.players[p].id.clone();
    let fin = computed
        .ccg()
        .and_then(|c| c.final_confrontation.as_ref())
        .expect("final");
    let seeded_dark = if id(fin.finalists[0]) == "f" {
        id(fin.finalists[1])
    } else {
        id(fin.finalists[0])
    };
    let drawn = if seeded_dark == "a" { "c" } else { "a" };
    let tail = format!("\n[final]\ngames = [\n{}]\n", table(drawn, "f", "f", 3));
    let (event, computed) = load(&text(&tail));
    let ccg = computed.ccg().expect("swccg");
    let fin = ccg.final_confrontation.as_ref().expect("final");
    assert!(fin.problems.is_empty(), "{:?}", fin.problems);
    let mut finalists = [id(fin.finalists[0]), id(fin.finalists[1])];
    finalists.sort();
    let mut expected = [drawn.to_string(), "f".to_string()];
    expected.sort();
    assert_eq!(finalists, expected);
    let rows = &ccg.standings[1];
    let place = |who: &str| rows.iter().position(|r| id(r.player) == who);
    assert!(
        place(drawn) < place(&seeded_dark),
        "the venue's draw stands"
    );
    assert!(
        rows.iter()
            .any(|r| r.decided_by == Some(Decider::DrawnAtVenue))
    );
    assert_eq!(placings(&computed, &event)[0], "1 f");
}

/// A Tournament Assistant make-up bye: a late entry (`late = 2`) given a bye beside their own
/// table in game 2 scores it as any bye (a win of 2 victory points and the bye's differential,
/// with the bye among their games); `makeup_byes` holds only a late entry who plays the game,
/// once a game, and no more than the games they missed.
#[test]
fn a_late_entrys_makeup_bye_scores_as_a_bye_beside_their_table() {
    let g1 = game(&[table("a", "b", "a", 10), table("c", "d", "c", 5)], "");
    let g2 = |makeup: &str| {
        game(
            &[table("a", "c", "a", 10), table("e", "b", "e", 8)],
            "\"d\"",
        ) + &format!("\nmakeup_byes = [{makeup}]")
    };
    let late = |text: String, who: &str, first: u32| {
        text.replace(
            &format!("id = \"{who}\"\n"),
            &format!("id = \"{who}\"\nlate = {first}\n"),
        )
    };
    let text = late(ccg_text("abcde", &[&g1, &g2("\"e\"")], ""), "e", 2);
    let (event, computed) = load(&text);
    let ccg = computed.ccg().expect("swccg");
    let row = |who: &str| {
        ccg.standings[1]
            .iter()
            .find(|r| event.players[r.player].id == who)
            .expect(who)
    };
    // e: the win at their table (2, +8) and the make-up bye (2, +0 under the guide's bye).
    assert_eq!(row("e").score.to_string(), "4(+8)");
    // d's ordinary bye beside it: a loss (2, -5) and the bye.
    assert_eq!(row("d").score.to_string(), "2(-5)");
    let game_2 = &event.ccg_games()[1];
    assert_eq!(game_2.makeup_byes, vec![4]);
    assert_eq!(game_2.scored_byes().collect::<Vec<_>>(), vec![3, 4]);

    // Not a late entry: nothing missed to make up.
    let errs = errors(&ccg_text("abcde", &[&g1, &g2("\"e\"")], ""));
    assert!(
        errs.iter().any(|e| e.contains("e is no late entry")),
        "{errs:?}"
    );
    // A late entry from game 2 missed one game: a second make-up bye in game 3 is one too many.
    let g3 = game(
        &[table("a", "e", "a", 10), table("b", "c", "b", 5)],
        "\"d\"",
    ) + "\nmakeup_byes = [\"e\"]";
    let errs = errors(&late(
        ccg_text("abcde", &[&g1, &g2("\"e\""), &g3], ""),
        "e",
        2,
    ));
    assert!(
        errs.iter()
            .any(|e| e.contains("missed 1 game as a late entry")),
        "{errs:?}"
    );
    // Twice in one game.
    let errs = errors(&late(
        ccg_text("abcde", &[&g1, &g2("\"e\", \"e\"")], ""),
        "e",
        2,
    ));
    assert!(
        errs.iter()
            .any(|e| e.contains("two make-up byes in game 2")),
        "{errs:?}"
    );
    // A make-up bye comes beside the player's own game: a late entry not seated in game 2
    // (late from game 3) cannot make one up there.
    let g2_without_e =
        game(&[table("a", "c", "a", 10), table("b", "d", "b", 5)], "") + "\nmakeup_byes = [\"e\"]";
    let errs = errors(&late(ccg_text("abcde", &[&g1, &g2_without_e], ""), "e", 3));
    assert!(
        errs.iter()
            .any(|e| e.contains("e has a make-up bye but no table and no bye in game 2")),
        "{errs:?}"
    );
}

/// Eight players, two Swiss games and `extra` in `[event]`: the final Swiss standings are a
/// 4(+40), e 4(+22), c 2(-5), f 2(-6), g 2(-7), b 2(-8), h 0(-8), d 0(-27).
fn swiss_of_eight(extra: &str, top_cut: &str) -> String {
    let g1 = game(
        &[
            table("a", "b", "a", 20),
            table("c", "d", "c", 15),
            table("e", "f", "e", 10),
            table("g", "h", "g", 5),
        ],
        "",
    );
    let g2 = game(
        &[
            table("c", "a", "a", 20),
            table("g", "e", "e", 12),
            table("b", "d", "b", 12),
            table("f", "h", "f", 4),
        ],
        "",
    );
    ccg_text("abcdefgh", &[&g1, &g2], extra).replace("swiss_rounds = 6", "swiss_rounds = 2")
        + top_cut
}

/// The top 4 of the example above, played out: a (seed 1) beats f (4) on differential, c
/// (3) beats e (2) on lost cards (level on differential, e lost 30 + 22, c 20 + 25), and a
/// beats c in the final by one card of differential.
const TOP_FOUR: &str = r#"
[top_cut]
games = [
  { dark = "a", light = "f", winner = "a", differential = 10 },
  { dark = "e", light = "c", winner = "c", differential = 5, lost_cards = { dark = 30, light = 20 } },
  { dark = "f", light = "a", winner = "f", differential = 3 },
  { dark = "c", light = "e", winner = "e", differential = 5, lost_cards = { dark = 25, light = 22 } },
  { dark = "a", light = "c", winner = "c", differential = 8 },
  { dark = "c", light = "a", winner = "a", differential = 9 },
]
"#;

/// The Players Committee's major events: Swiss games, then a top cut of two-game matches
/// seeded from the final standings (1 v 4, 2 v 3), each match to the player who won both
/// games, else the higher summed differential, else the fewer lost cards. The cut places its
/// players by the final and the round they went out in; the rest follow the Swiss standings.
#[test]
fn a_top_cut_of_matches_follows_the_swiss_games_in_one_event() {
    let (event, computed) = load(&swiss_of_eight("cut = 4", TOP_FOUR));
    let top_cut = computed
        .ccg()
        .and_then(|c| c.top_cut.as_ref())
        .expect("the cut");
    let id = |p: usize| event.players[p].id.as_str();
    assert_eq!(
        top_cut.seeds.iter().map(|&p| id(p)).collect::<Vec<_>>(),
        ["a", "e", "c", "f"]
    );
    assert!(!top_cut.venue_seeds);
    let semis = &top_cut.bracket.rounds[0];
    assert_eq!(
        semis
            .iter()
            .map(|m| m.outcome.map(|(w, how)| (id(w), how)))
            .collect::<Vec<_>>(),
        [
            Some(("a", swccg::pc_match_play::MatchDecided::Differential)),
            Some(("c", swccg::pc_match_play::MatchDecided::LostCards)),
        ]
    );
    assert_eq!(
        placings(&computed, &event),
        ["1 a", "2 c", "3 e", "3 f", "5 g", "6 b", "7 h", "8 d"]
    );
    assert_eq!(computed.status, crate::rules::computed::Status::Finished);
    // Before the final's second game the event runs, and nothing is placed.
    let cut = TOP_FOUR.replace(
        "  { dark = \"c\", light = \"a\", winner = \"a\", differential = 9 },\n",
        "",
    );
    let (_, running) = load(&swiss_of_eight("cut = 4", &cut));
    assert!(running.placings.is_none());
    assert_eq!(running.status, crate::rules::computed::Status::Running);
    // With the Swiss games over and no game of the cut yet, the semi-finals are set.
    let (_, due) = load(&swiss_of_eight("cut = 4", ""));
    let bracket = &due
        .ccg()
        .and_then(|c| c.top_cut.as_ref())
        .expect("cut")
        .bracket;
    assert_eq!(bracket.open_matches().count(), 2);
}

/// The venue's seeds stand where the file records them, with a warning where the Swiss
/// standings give others; games outside the bracket, a top cut before the Swiss games are
/// over, and a `[top_cut]` without a cut of matches are errors.
#[test]
fn the_top_cut_is_held_to_its_bracket() {
    let venue = "\n[top_cut]\nseeds = [\"a\", \"c\", \"e\", \"f\"]\n";
    let text = swiss_of_eight("cut = 4", venue);
    let (event, computed) = load(&text);
    let top_cut = computed
        .ccg()
        .and_then(|c| c.top_cut.as_ref())
        .expect("cut");
    assert!(top_cut.venue_seeds);
    let first = &top_cut.bracket.rounds[0][1].players;
    assert_eq!(
        [
            event.players[first[0]].id.as_str(),
            event.players[first[1]].id.as_str()
        ],
        ["c", "e"]
    );
    assert!(
        warnings(&text).iter().any(|w| w.starts_with(
            "the seeds differ from the final Swiss standings, which give 1 a, 2 e, 3 c, 4 f"
        )),
        "{:?}",
        warnings(&text)
    );
    let stray = "\n[top_cut]\ngames = [\n  { dark = \"a\", light = \"e\", winner = \"a\", differential = 3 },\n]\n";
    assert_eq!(
        errors(&swiss_of_eight("cut = 4", stray)),
        ["game 1 of the top cut: its two players have no match of the top cut to play"]
    );
    let same_sides = "\n[top_cut]\ngames = [\n  { dark = \"a\", light = \"f\", winner = \"a\", differential = 3 },\n  { dark = \"a\", light = \"f\", winner = \"a\", differential = 3 },\n]\n";
    assert_eq!(
        errors(&swiss_of_eight("cut = 4", same_sides)),
        [
            "game 2 of the top cut: the second game of a match is played with the other sides, and this one repeats the first game's"
        ]
    );
    let early = swiss_of_eight("cut = 4", TOP_FOUR).replace("swiss_rounds = 2", "swiss_rounds = 3");
    assert_eq!(
        errors(&early),
        ["the top cut is recorded, but the Swiss games are not all finished"]
    );
    assert_eq!(
        errors(&swiss_of_eight("cut = 2", TOP_FOUR)),
        ["`[top_cut]` records a top cut of two-game matches, and this event announces none"]
    );
}

/// "If the lost piles and hands are also tied, flip a coin": until the venue's toss is
/// recorded, every command that loads the file says the coin is still owed, at the table,
/// with the command that records it; recorded, nothing is said.
#[test]
fn a_coin_still_owed_is_said_until_it_is_recorded() {
    let tie = "  { dark = \"a\", light = \"b\", tie = { dark_lost_pile = 9, light_lost_pile = 9, dark_hand = 3, light_hand = 3 } },\n  { dark = \"c\", light = \"d\", winner = \"c\", differential = 4 },\n";
    let text = ccg_text("abcd", &[&format!("tables = [\n{tie}]")], "");
    let owed: Vec<String> = warnings(&text)
        .into_iter()
        .filter(|w| w.starts_with("a coin is still owed"))
        .collect();
    assert_eq!(owed.len(), 1, "{owed:?}");
    assert!(
        owed[0].starts_with(
            "a coin is still owed: game 1, table 1: a and b are level on lost piles and hands, and Holonet drew"
        ),
        "{}",
        owed[0]
    );
    assert!(
        owed[0].contains("holonet report events/e.toml 1 tie:9,9,3,3,ID --round 1 --replace"),
        "{}",
        owed[0]
    );
    let tossed = text.replace(
        "dark_hand = 3, light_hand = 3 } }",
        "dark_hand = 3, light_hand = 3 }, winner = \"b\" }",
    );
    assert!(
        warnings(&tossed)
            .iter()
            .all(|w| !w.starts_with("a coin is still owed")),
        "{:?}",
        warnings(&tossed)
    );
}
