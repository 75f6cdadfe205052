//! A SW:LCG deck's affiliation: checked against the game's six, of the deck's side, even when the
//! deck is recorded by its affiliation alone, and reported at the `affiliation` line.

use super::testing::{SWISS, assert_clean, event, find, line_of};
use crate::diag::{Code, Severity};
use crate::load::options::LoadOptions;
use crate::load::parse_event;

/// Ann and Bo, Ann with a dark deck of `dark` (TOML lines under `[players.decks.dark]`).
fn with_dark_deck(dark: &str) -> String {
    let players = format!(
        "[[players]]\nname = \"Ann\"\n\n[players.decks.dark]\n{dark}\n\n[[players]]\nname = \"Bo\"\n"
    );
    event(SWISS, &players, "")
}

#[test]
fn a_dark_deck_listed_as_jedi_is_warned_at_its_affiliation() {
    let text = with_dark_deck("affiliation = \"Jedi\"");
    let d = find(&text, "names the affiliation");
    assert_eq!(
        d.message,
        "ann's dark deck names the affiliation Jedi, which is a light side affiliation"
    );
    assert_eq!((d.severity, d.code), (Severity::Warning, Code::Deck));
    assert_eq!(
        (d.line, d.col, d.spanned.as_str()),
        (line_of(&text, "affiliation"), 15, "\"Jedi\"")
    );
}

#[test]
fn an_unknown_affiliation_gets_the_closest_and_points_at_itself() {
    let text = with_dark_deck(
        "affiliation = \"Imperial Navvy\"\nobjectives = [\"26\", \"26\", \"27\", \"27\", \"29\", \"29\", \"41\", \"41\", \"46\", \"51\"]",
    );
    let d = find(&text, "names the affiliation");
    assert_eq!(d.help, "did you mean \"Imperial Navy\"?");
    assert_eq!(d.line, line_of(&text, "affiliation"), "not at `objectives`");
}

#[test]
fn spellings_of_an_affiliation_are_the_one_the_game_prints() {
    let text = with_dark_deck("affiliation = \"scum & villainy\"");
    assert_clean(&text);
    let (event, _) = parse_event(
        std::path::Path::new("events/test.toml"),
        &text,
        &LoadOptions::default(),
    );
    let (event, _) = event.expect("the event loads");
    let deck = event.players[0]
        .decks
        .dark
        .as_ref()
        .expect("ann's dark deck");
    assert_eq!(deck.affiliation.as_deref(), Some("Scum and Villainy"));
}
