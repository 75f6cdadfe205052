//! Every class of diagnostic, from a fixture file, with its code, location and full message.
//! The rendered text of each fixture is a snapshot (tests/it/snapshots/) so a change to any
//! message shows up in review.

use std::path::Path;

use holonet::diag::{Code, Severity};
use holonet::load::options::LoadOptions;
use holonet::load::parse_event;

/// Parses `tests/fixtures/invalid/<name>.toml` as if it were `events/<name>.toml`.
fn diagnose(name: &str) -> (Vec<(Severity, Code, usize, usize)>, String) {
    let text =
        std::fs::read_to_string(Path::new("tests/fixtures/invalid").join(format!("{name}.toml")))
            .expect("fixture exists");
    let shown = Path::new("events").join(format!("{name}.toml"));
    let (event, diagnostics) = parse_event(&shown, &text, &LoadOptions::default());
    let has_error = diagnostics.iter().any(|d| d.is_error());
    assert_eq!(
        event.is_some(),
        !has_error,
        "an event is produced exactly when there is no error"
    );
    let summary = diagnostics
        .iter()
        .map(|d| {
            let (line, col) = d.line_col(&text).unwrap_or((0, 0));
            (d.severity, d.code, line, col)
        })
        .collect();
    let rendered = diagnostics
        .iter()
        .map(|d| d.render(Some(&text)))
        .collect::<Vec<_>>()
        .join("\n");
    (summary, rendered)
}

macro_rules! case {
    ($test:ident, $file:expr, [$(($sev:ident, $code:ident, $line:expr, $col:expr)),* $(,)?]) => {
        #[test]
        fn $test() {
            let (summary, rendered) = diagnose($file);
            let expected: Vec<(Severity, Code, usize, usize)> = vec![$((Severity::$sev, Code::$code, $line, $col)),*];
            assert_eq!(summary, expected, "\n{rendered}");
            insta::assert_snapshot!($file, rendered);
        }
    };
}

case!(syntax_error, "syntax", [(Error, Syntax, 2, 15)]);
case!(
    unknown_fields_suggest_the_known_one,
    "unknown-field",
    [(Error, UnknownField, 5, 1), (Error, UnknownField, 9, 1)]
);
case!(
    missing_required_field,
    "missing-field",
    [(Error, MissingField, 1, 1)]
);
case!(wrong_type, "wrong-type", [(Error, WrongType, 5, 17)]);
case!(
    unknown_ruleset,
    "invalid-enum",
    [(Error, InvalidValue, 4, 9)]
);
case!(
    unknown_structure_and_tier,
    "invalid-tier",
    [(Error, InvalidValue, 5, 13), (Error, InvalidValue, 6, 8)]
);
case!(
    date_that_does_not_exist,
    "invalid-date",
    [(Error, InvalidValue, 3, 8)]
);
case!(
    end_date_before_date,
    "end-before-start",
    [(Error, InvalidValue, 4, 12)]
);
case!(malformed_player_id, "bad-id", [(Error, BadId, 8, 6)]);
case!(derived_ids_collide, "duplicate-id", [(Error, BadId, 10, 8)]);
case!(
    unregistered_player_at_a_table,
    "unknown-player",
    [(Error, UnknownReference, 14, 42)]
);
case!(
    player_at_two_tables,
    "two-tables",
    [(Error, Conflict, 18, 35)]
);
case!(
    dropped_player_paired,
    "dropped-but-paired",
    [(Error, Conflict, 18, 42)]
);
case!(
    active_player_missing_from_a_round,
    "missing-from-round",
    [(Error, Conflict, 15, 1)]
);
case!(
    winner_not_at_the_table,
    "winner-not-at-table",
    [(Error, BadResult, 17, 52), (Error, BadResult, 18, 85)]
);
case!(too_many_games, "three-games", [(Error, BadResult, 14, 75)]);
case!(
    round_published_before_the_last_finished,
    "unfinished-round",
    [(Error, BadResult, 18, 3)]
);
case!(
    file_name_is_not_a_slug,
    "Bad Slug",
    [(Error, BadSlug, 0, 0)]
);
case!(
    rematch_is_a_warning,
    "rematch-warning",
    [
        (Warning, RuleDeparture, 26, 3),
        (Warning, RuleDeparture, 27, 3)
    ]
);
// A rematch is a departure only when some pairing of the round had none.
case!(
    unavoidable_rematch_is_no_departure,
    "rematch-unavoidable",
    []
);
case!(
    timed_game_state_that_cannot_be,
    "timed-impossible",
    [
        (Error, InvalidValue, 28, 58),
        (Error, InvalidValue, 28, 86),
        (Error, InvalidValue, 28, 117)
    ]
);
case!(
    elimination_sides_and_players_checked,
    "wrong-elimination-side",
    [(Error, BadResult, 32, 3), (Error, BadResult, 33, 3)]
);
case!(
    team_victory_conditions,
    "team-victory",
    [
        (Error, BadResult, 31, 102),
        (Error, BadResult, 31, 159),
        (Error, BadResult, 31, 174)
    ]
);
case!(
    team_shape_cut_and_round_time,
    "team-shape",
    [
        (Error, InvalidValue, 8, 7),
        (Error, InvalidValue, 9, 17),
        (Error, InvalidValue, 21, 11),
        (Error, Conflict, 26, 12),
        (Error, Conflict, 26, 18)
    ]
);
case!(
    teams_in_a_standard_event,
    "teams-in-standard",
    [(Error, InvalidValue, 7, 17), (Error, InvalidValue, 14, 1)]
);
case!(
    ccg_results,
    "ccg-results",
    [
        (Error, BadResult, 20, 54),
        (Error, MissingField, 21, 3),
        (Error, InvalidValue, 27, 3)
    ]
);
case!(
    ccg_quitter_plays_again,
    "ccg-quit",
    [(Error, Conflict, 26, 23)]
);
case!(
    deckbuilding_warnings,
    "deck-rules",
    [
        (Warning, Deck, 12, 14),
        (Warning, Deck, 12, 15),
        (Warning, Deck, 12, 32)
    ]
);

case!(
    recorded_standings_in_order_once_each_with_the_rulesets_scores,
    "recorded-standings",
    [
        (Error, InvalidValue, 21, 8),
        (Error, InvalidValue, 23, 18),
        (Error, Conflict, 27, 10),
        (Error, UnknownReference, 31, 10),
    ]
);
case!(
    recorded_standings_or_rounds_not_both,
    "recorded-and-rounds",
    [(Error, Conflict, 15, 1), (Error, InvalidValue, 18, 10)]
);
case!(
    ccg_deckbuilding_warnings,
    "ccg-deck-rules",
    [
        (Warning, RuleDeparture, 1, 1),
        (Warning, Deck, 14, 9),
        (Warning, Deck, 15, 5),
        (Warning, Deck, 16, 5),
        (Warning, Deck, 17, 5),
        (Warning, Deck, 18, 5),
        (Warning, Deck, 19, 5),
        (Warning, Deck, 24, 15),
    ]
);
case!(
    league_games_checked_one_by_one,
    "league-errors",
    [
        (Error, InvalidValue, 7, 13),
        (Error, InvalidValue, 8, 13),
        (Error, InvalidValue, 13, 8),
        (Error, UnknownReference, 22, 9),
        (Error, Conflict, 28, 9),
        (Error, InvalidValue, 32, 8),
        (Error, InvalidValue, 43, 16),
        (Error, MissingField, 45, 1),
        (Error, BadResult, 55, 6),
        (Error, InvalidValue, 57, 1),
    ]
);
case!(
    ccg_league_games_in_their_own_terms,
    "ccg-league-errors",
    [
        (Error, MissingField, 15, 1),
        (Error, InvalidValue, 20, 6),
        (Error, MissingField, 22, 1),
        (Error, InvalidValue, 29, 8),
    ]
);
case!(
    challenge_sessions_checked_one_by_one,
    "challenge-errors",
    [
        (Error, InvalidValue, 7, 13),
        (Error, InvalidValue, 30, 12),
        (Error, InvalidValue, 38, 8),
        (Error, InvalidValue, 44, 8),
        (Error, Conflict, 50, 9),
        (Error, InvalidValue, 54, 8),
        (Error, BadResult, 58, 10),
        (Error, UnknownReference, 63, 17),
        (Error, BadResult, 64, 10),
        (Error, InvalidValue, 66, 1),
    ]
);
case!(
    challenge_team_decks_and_scenario_limits,
    "challenge-decks",
    [(Warning, Deck, 18, 14), (Warning, Deck, 30, 69)]
);
case!(
    league_fields_in_a_swiss_event,
    "games-in-standard",
    [(Error, InvalidValue, 5, 10), (Error, InvalidValue, 15, 1)]
);

// The usual slips, each named once with its fix instead of the parser's own words.
case!(
    curly_quotes_are_named,
    "curly-quotes",
    [(Error, Syntax, 2, 8)]
);
case!(
    curly_single_quotes_are_named,
    "curly-single-quotes",
    [(Error, Syntax, 5, 12)]
);
case!(
    a_day_first_date_gets_its_iso_form,
    "date-day-first",
    [(Error, Syntax, 3, 8)]
);
case!(
    a_dotted_date_gets_its_iso_form,
    "date-dotted",
    [(Error, Syntax, 3, 8)]
);
case!(
    an_ambiguous_date_gets_both_readings,
    "date-ambiguous",
    [(Error, Syntax, 3, 8)]
);
case!(
    a_quoted_month_first_date_gets_its_iso_form,
    "date-quoted-month-first",
    [(Error, InvalidValue, 4, 12)]
);
case!(
    player_keys_below_a_deck_header_are_named_once,
    "key-below-deck",
    [
        (Error, UnknownField, 12, 1),
        (Error, UnknownField, 13, 1),
        (Error, UnknownField, 18, 1)
    ]
);
case!(
    structure_table_does_not_cover_the_players,
    "structure-outside-table",
    [(Error, InvalidValue, 5, 13)]
);
case!(
    structure_table_not_reached_while_registering,
    "structure-outside-table-registering",
    [(Warning, RuleDeparture, 5, 13)]
);
// 2014: the first game is played to its end (conceded perhaps, never drawn), the second to its
// conclusion (never conceded), so a reported match has both games.
case!(
    ffg_2014_first_game_played_to_completion_second_never_conceded,
    "games-played-out-2014",
    [
        (Error, BadResult, 26, 39),
        (Error, BadResult, 27, 38),
        (Error, BadResult, 28, 3),
        (Error, BadResult, 29, 102),
    ]
);
// Leaders who play: never at Formal or Premier (2018), never at premier championships (2014);
// at the other tiers with a second leader present, which the file does not record.
case!(
    ffg_2018_leaders_do_not_play_at_formal_and_premier,
    "leader-plays-formal",
    [(Warning, RuleDeparture, 9, 13)]
);
case!(
    ffg_2014_organizers_do_not_play_at_premier,
    "leader-plays-premier-2014",
    [(Warning, RuleDeparture, 12, 13)]
);
case!(
    ffg_2018_leaders_may_play_at_relaxed,
    "leader-plays-relaxed",
    []
);
// 2018 byes: after round 1, the bye goes to the lowest-ranked player who has not had one (Bo, on
// 0 points), not to Di (1 point).
case!(
    ffg_2018_bye_goes_to_the_lowest_ranked_player_without_one,
    "bye-not-lowest",
    [(Warning, RuleDeparture, 25, 9)]
);
// 2014 deck checks: the player named is at the table, and one who forfeits the rest leaves the
// event (`drop`); the 2018 regulations have no such forfeit.
case!(
    ffg_2014_deck_check_forfeits_are_checked,
    "deck-check-errors",
    [
        (Error, Conflict, 22, 90),
        (Error, BadResult, 23, 64),
        (Error, MissingField, 24, 70),
    ]
);
case!(
    ffg_2018_has_no_deck_check_forfeits,
    "deck-check-2018",
    [(Error, InvalidValue, 17, 67)]
);

/// 2014 deck checks recorded in the file: the match is forfeited whatever its games said, and
/// a deck that could not be made legal forfeits every later match (its player leaves the event).
#[test]
fn ffg_2014_deck_check_forfeits_score_the_match_and_the_rest() {
    let text = r#"[event]
name = "Endor Store Night"
date = 2014-09-20
rules = "ffg-2014"
swiss_rounds = 2

[[players]]
name = "Ann"
drop = 1
[[players]]
name = "Bo"
[[players]]
name = "Cy"
[[players]]
name = "Di"

[[rounds]]
tables = [
  { players = ["ann", "bo"], games = ["ann", "ann"], deck_check = "ann", forfeits_rest = true },
  { players = ["cy", "di"], games = ["di", "draw"], deck_check = "di" },
]

[[rounds]]
byes = ["bo"]
tables = [{ players = ["cy", "di"], games = ["cy", "cy"] }]
"#;
    let (loaded, diagnostics) = parse_event(
        Path::new("events/endor.toml"),
        text,
        &LoadOptions::default(),
    );
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let (event, computed) = loaded.expect("the event loads");
    let standings = computed
        .swiss()
        .unwrap()
        .standings
        .last()
        .expect("standings");
    let row = |id: &str| {
        standings
            .rows
            .iter()
            .find(|r| event.players[r.player].id == id)
            .map(|r| (r.points, r.wins, r.losses, r.draws))
            .expect("a row")
    };
    assert_eq!(row("bo"), (12, 4, 0, 0));
    assert_eq!(row("cy"), (12, 4, 0, 0));
    assert_eq!(row("di"), (0, 0, 4, 0));
    assert_eq!(row("ann"), (0, 0, 4, 0));
    let json = holonet::site::json::event_json(&event, &computed);
    let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let forfeits: Vec<serde_json::Value> = (1..=doc["rounds"].as_array().expect("rounds").len())
        .flat_map(|round| crate::common::event_json::tables(&doc, round))
        .filter(|t| t["forfeit"].is_object())
        .map(|t| t["forfeit"].clone())
        .collect();
    assert_eq!(
        forfeits,
        [
            serde_json::json!({ "seat": 0, "rest": true, "player": "ann" }),
            serde_json::json!({ "seat": 1, "player": "di" })
        ],
        "{json}"
    );
}

case!(
    true_tie_coin_recorded_where_the_counts_decide,
    "ccg-true-tie-coin",
    [(Error, BadResult, 21, 137), (Error, BadResult, 22, 136)]
);
case!(
    final_confrontation_coin_recorded_where_the_games_decide,
    "ccg-final-coin",
    [(Warning, RuleDeparture, 1, 1), (Error, BadResult, 33, 10)]
);
case!(
    sealed_players_switching_allegiance,
    "ccg-sealed-allegiance",
    [
        (Warning, RuleDeparture, 1, 1),
        (Warning, RuleDeparture, 1, 1),
        (Warning, RuleDeparture, 27, 3),
        (Warning, RuleDeparture, 27, 23),
        (Warning, RuleDeparture, 27, 38)
    ]
);
