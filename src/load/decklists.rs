//! Decklists: read from the event file or from a plain-text file next to it, then checked
//! against the ruleset's deckbuilding rules. A broken rule is a warning (the event was played
//! with the deck) pointing at the entry at fault, in whichever file holds it.
//!
//! A decklist file (`file = "bespin-cup/tom-dark.txt"`, relative to the event file's folder)
//! holds one entry per line; blank lines, lines starting with `#` and headings (a line ending in
//! `:` that does not start with a number, as in an event's plain-text export of its decklists) are
//! skipped:
//! - SW:CCG: card lines, `2 Hidden Base`, exactly as in `cards`;
//! - SW:LCG: `Affiliation: Sith`, then one objective set per line, `2x 19`, `19`, or `2x 19 Fall
//!   of the Jedi` (the title after the number is ignored).

use crate::diag::Shown;
use std::ops::Range;
use std::path::{Component, Path, PathBuf};

use super::options::LoadOptions;
use super::raw::{RawDeck, RawPlayer};
use crate::diag::{Code, Diagnostic};
use crate::event::Side;
use crate::event::casual::Scenario;
use crate::event::{Decklist, Decks, EventInfo, Player};
use crate::limits::MAX_DECK_ENTRIES;
use crate::rules::Family;
use crate::rules::ccg_decks::{CcgDeckInput, check_ccg_deck};
use crate::rules::decks::{
    DeckInput, DeckProblem, affiliation_named, check_affiliation, check_deck,
    check_hunt_for_skywalker_dark, team_limits,
};
use crate::toml_reader::{Reader, Sp};

/// Where a deck's entries are written, so that a warning points at the entry at fault.
#[derive(Debug, Clone)]
pub(crate) struct DeckPlace {
    /// The file holding the entries: the event file, or the deck's own file.
    pub(crate) file: PathBuf,
    /// One span per entry of the deck's list (objective set or card line), in list order.
    pub(crate) entries: Vec<Range<usize>>,
    /// Where to point at the deck as a whole, in the event file: the list, or `file = ...`.
    pub(crate) whole: Range<usize>,
    /// SW:LCG: where the affiliation is written (`affiliation = ...`, or a file's
    /// `Affiliation:` line), in `file`.
    pub(crate) affiliation: Option<Range<usize>>,
    /// Where the deck uses the other game's keys (`cards` in a SW:LCG event; `objectives` or
    /// `affiliation` in a SW:CCG one), in the event file.
    pub(crate) foreign: Option<Range<usize>>,
}

/// One player's decklists as read, with where each is written: dark, then light.
#[derive(Debug, Clone, Default)]
pub(crate) struct PlayerDecks {
    pub(crate) decks: Decks,
    pub(crate) places: [Option<DeckPlace>; 2],
}

/// Reads every player's decklists, in the order of `players`, opening the decklist files the
/// event names. A file that cannot be read, or a deck written both ways, is an error.
pub(crate) fn read_decks(
    reader: &mut Reader<'_>,
    players: &[RawPlayer],
    family: Option<Family>,
    options: &LoadOptions,
) -> Vec<PlayerDecks> {
    let mut entries = 0;
    players
        .iter()
        .map(|player| {
            let mut read = PlayerDecks::default();
            for (i, raw) in player.decks.iter().enumerate() {
                let Some(raw) = raw else { continue };
                if entries > MAX_DECK_ENTRIES {
                    break;
                }
                let Some((deck, place)) = read_deck(reader, raw, family, options) else {
                    continue;
                };
                entries += place.entries.len();
                if entries > MAX_DECK_ENTRIES {
                    reader
                        .error(
                            Code::Limit,
                            raw.span.clone(),
                            format!("the decklists up to this one hold more than the {MAX_DECK_ENTRIES} entries an event may have"),
                        )
                        .help = Some("publish the decklists elsewhere, or only those of the top players".into());
                    continue;
                }
                if i == 0 {
                    read.decks.dark = Some(deck);
                } else {
                    read.decks.light = Some(deck);
                }
                read.places[i] = Some(place);
            }
            read
        })
        .collect()
}

fn read_deck(
    reader: &mut Reader<'_>,
    raw: &RawDeck,
    family: Option<Family>,
    options: &LoadOptions,
) -> Option<(Decklist, DeckPlace)> {
    let Some(file) = &raw.file else {
        // Written in the event file: each entry points at its own string.
        let (entries, whole) = if raw.cards.is_empty() {
            (&raw.objectives, raw.objectives_span.clone())
        } else {
            (&raw.cards, raw.cards_span.clone())
        };
        let deck = Decklist {
            affiliation: raw
                .affiliation
                .as_ref()
                .map(|a| printed_affiliation(family, &a.value)),
            objectives: values(&raw.objectives),
            cards: values(&raw.cards),
        };
        let foreign = match family {
            Some(Family::Lcg) => raw.cards_span.clone(),
            Some(Family::Ccg) => raw
                .objectives_span
                .clone()
                .or_else(|| raw.affiliation.as_ref().map(|a| a.span.clone())),
            None => None,
        };
        let place = DeckPlace {
            file: reader.file.to_path_buf(),
            entries: entries.iter().map(|e| e.span.clone()).collect(),
            whole: whole.unwrap_or_else(|| raw.span.clone()),
            affiliation: raw.affiliation.as_ref().map(|a| a.span.clone()),
            foreign,
        };
        return Some((deck, place));
    };
    if raw.affiliation.is_some() || !raw.objectives.is_empty() || !raw.cards.is_empty() {
        reader
            .error(
                Code::Conflict,
                file.span.clone(),
                "this deck is written both here and in a decklist file",
            )
            .help = Some(
            "keep the list in one place: remove `file`, or move the entries into the file".into(),
        );
        return None;
    }
    let (shown, text) = open_deck_file(reader, file, options)?;
    let (mut deck, entries, affiliation) = match family {
        Some(Family::Ccg) => {
            let (deck, entries) = parse_card_lines(&text);
            (deck, entries, None)
        }
        _ => parse_objective_lines(&text),
    };
    deck.affiliation = deck
        .affiliation
        .map(|written| printed_affiliation(family, &written));
    Some((
        deck,
        DeckPlace {
            file: shown,
            entries,
            whole: file.span.clone(),
            affiliation,
            foreign: None,
        },
    ))
}

/// A SW:LCG affiliation as the game prints it when `written` is one of its spellings ("Smugglers
/// & Spies"), so that pages, statistics and exports count it as one; otherwise as written, for
/// the checks to report.
fn printed_affiliation(family: Option<Family>, written: &str) -> String {
    match affiliation_named(written) {
        Some((printed, _)) if family == Some(Family::Lcg) => printed.to_string(),
        _ => written.to_string(),
    }
}

fn values(list: &[Sp<String>]) -> Vec<String> {
    list.iter().map(|s| s.value.clone()).collect()
}

/// Reads the decklist file `file` names: a `.txt` file under the event file's folder. Returns
/// its path as shown (relative to the site root) and its text.
fn open_deck_file(
    reader: &mut Reader<'_>,
    file: &Sp<String>,
    options: &LoadOptions,
) -> Option<(PathBuf, String)> {
    let relative = Path::new(&file.value);
    let plain = !file.value.contains('\\')
        && relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
        && relative.extension().is_some_and(|e| e == "txt");
    if !plain {
        reader
            .error(
                Code::InvalidValue,
                file.span.clone(),
                format!("`{}` cannot be a decklist file", file.value),
            )
            .help = Some(
            "name a .txt file in this event's folder or below it, with `/` between folders, such as \"bespin-cup/tom-dark.txt\"".into(),
        );
        return None;
    }
    let shown = reader.file.parent().unwrap_or(Path::new("")).join(relative);
    let Some(root) = &options.site_root else {
        reader
            .error(
                Code::Io,
                file.span.clone(),
                "decklist files are read only when the event is part of a site",
            )
            .help = Some("check the event with `holonet check` in the site's folder".into());
        return None;
    };
    let full = root.join(&shown);
    // A symbolic link must not lead out of the events folder.
    let outside = match (full.canonicalize(), root.join("events").canonicalize()) {
        (Ok(target), Ok(events)) => !target.starts_with(events),
        _ => false,
    };
    let problem = if !full.is_file() {
        format!("there is no decklist file {}", shown.shown())
    } else if outside {
        format!(
            "the decklist file {} leads outside the events folder",
            shown.shown()
        )
    } else {
        match crate::text_file::read_plain_text(&full, &shown) {
            Ok(text) => return Some((shown, text)),
            Err(problem) => format!("the decklist file {}: {}", shown.shown(), problem.message),
        }
    };
    reader.error(Code::Io, file.span.clone(), problem).help = Some(format!(
        "write the list in {}, next to the event file, or fix the name",
        shown.shown()
    ));
    None
}

/// The entries of a decklist file: each line's content, trimmed, with its span; blank lines,
/// `#` comments and headings (`Characters:`) are left out.
fn entry_lines(text: &str) -> impl Iterator<Item = (&str, Range<usize>)> {
    let mut start = 0;
    text.split_inclusive('\n').filter_map(move |line| {
        let line_start = start;
        start += line.len();
        let trimmed = line.trim();
        let heading = trimmed.ends_with(':') && !trimmed.starts_with(|c: char| c.is_ascii_digit());
        if trimmed.is_empty() || trimmed.starts_with('#') || heading {
            return None;
        }
        let offset = line_start + (line.len() - line.trim_start().len());
        Some((trimmed, offset..offset + trimmed.len()))
    })
}

/// A SW:CCG decklist file: every entry is a card line.
fn parse_card_lines(text: &str) -> (Decklist, Vec<Range<usize>>) {
    let (cards, spans) = entry_lines(text)
        .map(|(line, span)| (line.to_string(), span))
        .unzip();
    (
        Decklist {
            cards,
            ..Decklist::default()
        },
        spans,
    )
}

/// A SW:LCG decklist file: `Affiliation: X`, then objective sets as `2x 19`, `19`, or with the
/// set's title after the number. A line of `n` copies gives `n` entries, all pointing at it.
/// Also returns where the affiliation line is.
fn parse_objective_lines(text: &str) -> (Decklist, Vec<Range<usize>>, Option<Range<usize>>) {
    let mut deck = Decklist::default();
    let mut spans = Vec::new();
    let mut affiliation = None;
    for (line, span) in entry_lines(text) {
        if let Some((key, value)) = line.split_once(':')
            && key.trim().eq_ignore_ascii_case("affiliation")
        {
            deck.affiliation = Some(value.trim().to_string());
            affiliation = Some(span);
            continue;
        }
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or_default();
        let copies = first
            .strip_suffix(['x', 'X'])
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|&n| (1..=100).contains(&n));
        let (copies, id) = match copies {
            Some(n) => (n, words.next().unwrap_or_default()),
            None => (1, first),
        };
        for _ in 0..copies {
            deck.objectives.push(id.to_string());
            spans.push(span.clone());
        }
    }
    (deck, spans, affiliation)
}

/// Checks every decklist of the event once the players, teams and `[event]` are known.
pub(crate) fn check_decks(
    reader: &mut Reader<'_>,
    family: Family,
    info: &EventInfo,
    people: &[Player],
    members: &[[usize; 2]],
    read: &[PlayerDecks],
) {
    let place = |owner: &str, side: Side| -> Option<&DeckPlace> {
        let i = people.iter().position(|p| p.id == owner)?;
        read.get(i)?.places[side_index(side)].as_ref()
    };
    let mut warnings: Vec<DeckWarning> = Vec::new();
    for (person, decks) in people.iter().zip(read) {
        for (side, deck) in [
            (Side::Dark, &person.decks.dark),
            (Side::Light, &person.decks.light),
        ] {
            let Some(deck) = deck else { continue };
            let Some(here) = decks.places[side_index(side)].as_ref() else {
                continue;
            };
            if let Some(foreign) = &here.foreign
                && let Some((message, help)) = foreign_entries(family, info, &person.id, side)
            {
                let mut at = here.clone();
                at.whole = foreign.clone();
                warnings.push((at, At::Whole, message, help));
            }
            match family {
                Family::Lcg if !deck.objectives.is_empty() || deck.affiliation.is_some() => {
                    let input = DeckInput {
                        owner: &person.id,
                        side,
                        affiliation: deck.affiliation.as_deref(),
                        objectives: &deck.objectives,
                    };
                    // A deck recorded by its affiliation alone, as archives often keep them, has
                    // only its affiliation to check: its sets were not recorded, not left out.
                    let problems = if deck.objectives.is_empty() {
                        check_affiliation(&input)
                    } else {
                        check_deck(&input)
                    };
                    for problem in problems {
                        warnings.push((
                            here.clone(),
                            At::of(&problem),
                            problem.message(),
                            problem.help(),
                        ));
                    }
                }
                Family::Ccg if !deck.cards.is_empty() && checks_ccg_decks(info) => {
                    let input = CcgDeckInput {
                        owner: &person.id,
                        side,
                        cards: &deck.cards,
                        size: crate::rules::ccg_format::deck_size(info),
                    };
                    for problem in check_ccg_deck(&input) {
                        warnings.push((
                            here.clone(),
                            problem.index().map_or(At::Whole, At::Entry),
                            problem.message(),
                            problem.help(),
                        ));
                    }
                }
                _ => {}
            }
        }
    }
    if family == Family::Lcg {
        for pair in members {
            let decks: Vec<DeckInput<'_>> = pair
                .iter()
                .map(|&p| &people[p])
                .flat_map(|person| {
                    [
                        (Side::Dark, &person.decks.dark),
                        (Side::Light, &person.decks.light),
                    ]
                    .into_iter()
                    .filter_map(move |(side, deck)| {
                        deck.as_ref().map(|deck| DeckInput {
                            owner: &person.id,
                            side,
                            affiliation: deck.affiliation.as_deref(),
                            objectives: &deck.objectives,
                        })
                    })
                })
                .collect();
            for problem in team_limits(&decks) {
                if let Some(here) = place(problem.owner(), problem.side()) {
                    warnings.push((
                        here.clone(),
                        At::of(&problem),
                        problem.message(),
                        problem.help(),
                    ));
                }
            }
        }
    }
    emit(reader, warnings);
}

/// A deck warning: where the deck is written, the part at fault, message and help.
type DeckWarning = (DeckPlace, At, String, String);

/// The part of a deck a warning points at.
#[derive(Debug, Clone, Copy)]
enum At {
    /// The deck as a whole: its list, or its `file = ...`.
    Whole,
    /// One entry of its list (0-based).
    Entry(usize),
    /// Its affiliation, where it is written.
    Affiliation,
}

impl At {
    fn of(problem: &DeckProblem) -> At {
        match problem.index() {
            Some(index) => At::Entry(index),
            None if problem.at_affiliation() => At::Affiliation,
            None => At::Whole,
        }
    }
}

/// Checks the teams of a challenge event, session by session: each team's decks of the side it
/// plays against the team deckbuilding limits, and in *The Hunt for Skywalker* each dark deck
/// against the scenario's own limit. Each deck was checked on its own already
/// ([`check_decks`]); a team (or a deck, for the scenario's limit) that plays several sessions
/// is checked once, at its first session.
pub(crate) fn check_session_decks(
    reader: &mut Reader<'_>,
    people: &[Player],
    read: &[PlayerDecks],
    sessions: &[crate::event::casual::Session],
) {
    let mut warnings: Vec<DeckWarning> = Vec::new();
    let mut teams_seen = std::collections::BTreeSet::new();
    let mut hunt_seen = std::collections::BTreeSet::new();
    for session in sessions {
        let side = session.scenario.team_side();
        let context = format!(" (session {}, {})", session.number, session.scenario.name());
        let decks: Vec<(usize, DeckInput<'_>)> = session
            .team
            .iter()
            .filter_map(|&p| {
                let person = people.get(p)?;
                let deck = match side {
                    Side::Dark => person.decks.dark.as_ref(),
                    Side::Light => person.decks.light.as_ref(),
                }?;
                Some((
                    p,
                    DeckInput {
                        owner: &person.id,
                        side,
                        affiliation: deck.affiliation.as_deref(),
                        objectives: &deck.objectives,
                    },
                ))
            })
            .collect();
        let mut problems: Vec<(usize, DeckProblem)> = Vec::new();
        let mut team: Vec<usize> = session.team.clone();
        team.sort_unstable();
        if teams_seen.insert((side_index(side), team)) {
            let inputs: Vec<DeckInput<'_>> = decks.iter().map(|(_, d)| *d).collect();
            for problem in team_limits(&inputs) {
                if let Some(&(p, _)) = decks.iter().find(|(_, d)| d.owner == problem.owner()) {
                    problems.push((p, problem));
                }
            }
        }
        if session.scenario == Scenario::HuntForSkywalker {
            for (p, deck) in &decks {
                if hunt_seen.insert(*p) {
                    problems.extend(
                        check_hunt_for_skywalker_dark(deck)
                            .into_iter()
                            .map(|d| (*p, d)),
                    );
                }
            }
        }
        for (p, problem) in problems {
            if let Some(here) = read
                .get(p)
                .and_then(|d| d.places[side_index(side)].as_ref())
            {
                warnings.push((
                    here.clone(),
                    At::of(&problem),
                    format!("{}{context}", problem.message()),
                    problem.help(),
                ));
            }
        }
    }
    emit(reader, warnings);
}

/// Reports deck warnings, each at the entry at fault in whichever file holds it, or at the deck.
fn emit(reader: &mut Reader<'_>, warnings: Vec<DeckWarning>) {
    for (place, at, message, help) in warnings {
        let span = match at {
            At::Whole => None,
            At::Entry(i) => place.entries.get(i).cloned(),
            At::Affiliation => place.affiliation.clone(),
        };
        let in_event_file = place.file == reader.file;
        match (span, in_event_file) {
            (Some(span), true) => reader.warning(Code::Deck, span, message).help = Some(help),
            (Some(span), false) => reader.diagnostics.push(
                Diagnostic::warning(Code::Deck, &place.file, Some(span), message).with_help(help),
            ),
            (None, _) => {
                reader
                    .warning(Code::Deck, place.whole.clone(), message)
                    .help = Some(help)
            }
        }
    }
}

fn side_index(side: Side) -> usize {
    match side {
        Side::Dark => 0,
        Side::Light => 1,
    }
}

/// Secret Squirrel decks hold both sides' cards from a shared pool, so the per-side card checks
/// do not apply to them.
fn checks_ccg_decks(info: &EventInfo) -> bool {
    info.variant.as_deref() != Some("secret-squirrel")
}

/// The warning for a deck written in the other game's terms: card lines in a SW:LCG event, or
/// objective sets and an affiliation in a SW:CCG one.
fn foreign_entries(
    family: Family,
    info: &EventInfo,
    owner: &str,
    side: Side,
) -> Option<(String, String)> {
    let side = match side {
        Side::Dark => "dark",
        Side::Light => "light",
    };
    match family {
        Family::Lcg => Some((
            format!(
                "{owner}'s {side} deck lists cards, but {} decks are objective sets",
                info.rules
            ),
            "write the deck as `affiliation` and `objectives` (set numbers)".into(),
        )),
        Family::Ccg => Some((
            format!(
                "{owner}'s {side} deck lists objective sets or an affiliation, but {} decks are card lines",
                info.rules
            ),
            "write the deck as `cards = [\"1 Hidden Base\", ...]`".into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_files_skip_comments_headings_and_blank_lines() {
        let text = "# Tom's deck\nObjective:\n1 Hidden Base\n\n  2 Rebel Fleet  \r\nCharacters:\n";
        let (deck, spans) = parse_card_lines(text);
        assert_eq!(deck.cards, ["1 Hidden Base", "2 Rebel Fleet"]);
        assert_eq!(&text[spans[0].clone()], "1 Hidden Base");
        assert_eq!(&text[spans[1].clone()], "2 Rebel Fleet");
    }

    #[test]
    fn objective_files_read_the_export_form() {
        let text = "Affiliation: Sith\n2x 19 Fall of the Jedi\n20\n1X 21\n";
        let (deck, spans, affiliation) = parse_objective_lines(text);
        assert_eq!(deck.affiliation.as_deref(), Some("Sith"));
        assert_eq!(
            &text[affiliation.expect("an affiliation line")],
            "Affiliation: Sith"
        );
        assert_eq!(deck.objectives, ["19", "19", "20", "21"]);
        assert_eq!(&text[spans[1].clone()], "2x 19 Fall of the Jedi");
        assert_eq!(&text[spans[3].clone()], "1X 21");
    }
}
