//! Events known only by their results: the field, the seeds and the final they may record, each
//! checked against the rows and reported where it is written.

use super::testing::{SWISS_2014, assert_clean, diagnose, event, find, line_of, players};
use crate::diag::{Code, Severity};
use crate::event::Kind;
use crate::event::recorded::{FinalResult, final_rows};
use crate::load::options::LoadOptions;
use crate::load::parse_event;

/// A recorded 2014 event of four registered players and their rows, with `info` added to
/// `[event]` and `extra[i]` added to row `i`.
fn recorded(info: &str, extra: [&str; 4]) -> String {
    let rows: String = ["ann", "bo", "cy", "di"]
        .iter()
        .zip(extra)
        .enumerate()
        .map(|(i, (id, more))| {
            format!(
                "[[standings]]\nrank = {}\nplayer = \"{id}\"\n{more}\n",
                i + 1
            )
        })
        .collect();
    event(
        &format!("rules = \"ffg-2014\"\n{info}"),
        &players(&["Ann", "Bo", "Cy", "Di"]),
        &rows,
    )
}

#[test]
fn a_top_of_a_larger_field_records_the_field_its_seeds_and_its_final() {
    let text = recorded(
        "field_size = 48\ncut = 8",
        [
            "seed = 3\nfinal_result = \"won\"",
            "seed = 1\nfinal_result = \"lost\"",
            "seed = 2",
            "",
        ],
    );
    assert_clean(&text);
    let (event, _) = parse_event(
        std::path::Path::new("events/test.toml"),
        &text,
        &LoadOptions::default(),
    );
    let (event, _) = event.expect("the event loads");
    assert_eq!(event.info.field_size, Some(48));
    let Kind::Recorded(rows) = &event.kind else {
        panic!("a recorded event")
    };
    let seeds: Vec<Option<u32>> = rows.iter().map(|r| r.seed).collect();
    assert_eq!(seeds, [Some(3), Some(1), Some(2), None]);
    assert_eq!(rows[0].final_result, Some(FinalResult::Won));
    assert_eq!(final_rows(rows), Some((0, 1)));
}

#[test]
fn a_field_smaller_than_the_standings_is_refused() {
    let text = recorded("field_size = 3", ["", "", "", ""]);
    let d = find(&text, "`field_size` is 3");
    assert_eq!(
        d.message,
        "`field_size` is 3, but the standings have 4 rows"
    );
    assert_eq!((d.severity, d.code), (Severity::Error, Code::InvalidValue));
    assert_eq!(
        (d.line, d.spanned.as_str()),
        (line_of(&text, "field_size"), "3")
    );
    assert_eq!(
        d.help,
        "give the number of players who took part: at least 4"
    );
}

#[test]
fn a_field_smaller_than_the_registered_players_is_refused() {
    let mut text = recorded("field_size = 4", ["", "", "", ""]);
    text = text.replacen(
        "[[standings]]",
        "[[players]]\nname = \"Eve\"\n\n[[standings]]",
        1,
    );
    let d = find(&text, "`field_size` is 4");
    assert_eq!(
        d.message,
        "`field_size` is 4, but 5 competitors are registered"
    );
}

#[test]
fn field_size_belongs_to_events_known_only_by_their_results() {
    let text = event(
        &format!("{SWISS_2014}\nfield_size = 20"),
        &players(&["Ann", "Bo"]),
        "",
    );
    let d = find(
        &text,
        "`field_size` is for an event known only by its results",
    );
    assert_eq!(
        (d.code, d.line),
        (Code::InvalidValue, line_of(&text, "field_size"))
    );
}

#[test]
fn two_rows_cannot_share_a_seed() {
    let text = recorded("", ["seed = 1", "seed = 2", "seed = 1", ""]);
    let d = find(&text, "seed 1 is also");
    assert_eq!(d.message, "seed 1 is also `ann`'s");
    assert_eq!((d.severity, d.code), (Severity::Error, Code::Conflict));
    // The third row's seed, the later of the two.
    let third = text.find("player = \"cy\"").expect("cy's row");
    assert_eq!(
        d.line,
        crate::diag::line_col(&text, third).0 + 1,
        "at cy's `seed`"
    );
}

#[test]
fn a_seed_beyond_the_cut_is_refused() {
    let text = recorded("cut = 8", ["seed = 9", "", "", ""]);
    let d = find(&text, "seed 9");
    assert_eq!(d.message, "seed 9 is beyond the cut of 8");
    assert_eq!(
        (d.line, d.spanned.as_str()),
        (line_of(&text, "seed = 9"), "9")
    );
    // Without a cut, the field is the limit.
    let text = recorded("field_size = 10", ["seed = 11", "", "", ""]);
    assert_eq!(
        find(&text, "seed 11").message,
        "seed 11 is beyond the field of 10"
    );
}

#[test]
fn a_final_needs_its_winner_and_its_loser() {
    let text = recorded("", ["final_result = \"won\"", "", "", ""]);
    let d = find(&text, "has no loser");
    assert_eq!(d.message, "the final of `ann` has no loser");
    assert_eq!(d.code, Code::MissingField);
    assert_eq!(d.line, line_of(&text, "final_result"));
    assert_eq!(
        d.help,
        "give the final's loser `final_result = \"lost\"` in their row"
    );

    let text = recorded(
        "",
        [
            "final_result = \"won\"",
            "final_result = \"won\"",
            "final_result = \"lost\"",
            "",
        ],
    );
    let d = find(&text, "the final has one winner");
    assert_eq!(
        d.message,
        "the final has one winner, and `ann` is already marked `won`"
    );
}

#[test]
fn the_winner_of_the_final_is_ranked_above_its_loser() {
    let text = recorded(
        "",
        ["final_result = \"lost\"", "final_result = \"won\"", "", ""],
    );
    let d = find(&text, "won the final");
    assert_eq!(
        d.message,
        "`bo` won the final but is ranked 2, not above `ann` (ranked 1)"
    );
    assert_eq!((d.severity, d.code), (Severity::Error, Code::Conflict));
}

#[test]
fn a_final_result_is_won_or_lost() {
    let text = recorded(
        "",
        ["final_result = \"win\"", "final_result = \"lost\"", "", ""],
    );
    let d = find(&text, "is not a part in a final");
    assert_eq!(d.label.as_deref(), Some("did you mean `won`?"));
    assert_eq!(d.help, "use one of: won, lost");
    assert!(
        diagnose(&text)
            .iter()
            .all(|d| !d.message.contains("has no winner"))
    );
}
