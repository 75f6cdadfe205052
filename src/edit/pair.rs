//! Writing the next step of an event into its file (`holonet pair`): the next Swiss round, or
//! the elimination games that are ready. The file is edited with `toml_edit`, so the organizer's
//! comments and layout stay as they were, and written atomically (see [`crate::atomic`]).

use crate::diag::Shown;
use toml_edit::{Array, ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value};

use super::transaction::{FileEdit, Mode, OneEvent};
use crate::event::{CcgPlay, Event, Kind, SwissPlay};
use crate::rules::CcgStandings;
use crate::rules::bracket::{GameState, Part};
use crate::rules::ccg_event::CcgComputed;
use crate::rules::compute::next_swiss_round;
use crate::rules::computed::{Computed, ComputedKind, SwissComputed};
use crate::rules::pairing::swiss::{PairedRound, Reason};
use crate::rules::swccg::pairing::PairReason;
use crate::toml_reader::Timestamp;
use crate::wall_clock::{self, Stamp};

/// What `holonet pair` adds to an event file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NextStep {
    /// The next Swiss round.
    Swiss { number: u32, round: PairedRound },
    /// Elimination games whose players are known and that the file does not list yet.
    Elimination { games: Vec<ReadyGame> },
    /// The next SW:CCG game.
    CcgGame {
        number: u32,
        paired: crate::rules::swccg::pairing::Paired,
    },
}

impl NextStep {
    /// What it writes, in a few words: "round 3", "game 5", "elimination games 9, 10".
    pub(crate) fn what(&self) -> String {
        match self {
            NextStep::Swiss { number, .. } => format!("round {number}"),
            NextStep::CcgGame { number, .. } => format!("game {number}"),
            NextStep::Elimination { games } => {
                let numbers: Vec<String> = games.iter().map(|g| g.number.to_string()).collect();
                format!(
                    "elimination game{} {}",
                    if games.len() == 1 { "" } else { "s" },
                    numbers.join(", ")
                )
            }
        }
    }
}

/// An elimination game ready to be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadyGame {
    pub number: u32,
    pub(crate) part: Part,
    pub players: [usize; 2],
    /// The computed dark player; `None` in the first round, where the higher seed chooses.
    pub dark: Option<usize>,
    /// The player with the better seed: the one who chooses a side when `dark` is `None`.
    pub(crate) higher_seed: usize,
}

impl ReadyGame {
    /// The bracket game `state` of a Swiss event's cut, once both its players are known.
    pub(crate) fn from_state(swiss: &SwissComputed, state: &GameState) -> Option<ReadyGame> {
        let players = [state.players[0]?, state.players[1]?];
        let seed = |p: usize| swiss.seeds.iter().position(|s| s.player == p);
        let higher_seed = match (seed(players[0]), seed(players[1])) {
            (Some(a), Some(b)) if b < a => players[1],
            _ => players[0],
        };
        Some(ReadyGame {
            number: state.spec.number,
            part: state.spec.part,
            players,
            dark: state.dark,
            higher_seed,
        })
    }

    /// The game in words, for the file's comment and the terminal: "Game 5, upper bracket:
    /// Ada Quill (dark) v Bram Tolle (light)", or who chooses the sides.
    pub(crate) fn describe(&self, event: &Event) -> String {
        let part = match self.part {
            Part::Upper => "upper bracket",
            Part::Lower => "lower bracket",
            Part::Final => "final",
            Part::SecondFinal => "second final game",
        };
        let name = |p: usize| event.players[p].name.as_str();
        let [a, b] = self.players;
        match self.dark {
            Some(d) => {
                let side = |p: usize| if p == d { "dark" } else { "light" };
                format!(
                    "Game {}, {part}: {} ({}) v {} ({})",
                    self.number,
                    name(a),
                    side(a),
                    name(b),
                    side(b)
                )
            }
            None => format!(
                "Game {}, {part}: {} v {}; {}, the higher seed, chooses a side",
                self.number,
                name(a),
                name(b),
                name(self.higher_seed)
            ),
        }
    }
}

/// Why nothing can be added now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotNow {
    pub message: String,
    /// Nothing is wrong: the event's next step is not a pairing (a Final Confrontation or a
    /// final match to play, or the event is complete). `pair` says what comes next and
    /// succeeds.
    pub settled: bool,
}

impl NotNow {
    /// Pairing is refused: something must be done first, or the event has no pairings.
    fn refused(message: impl Into<String>) -> NotNow {
        NotNow {
            message: message.into(),
            settled: false,
        }
    }

    /// The next step is not a pairing.
    fn settled(message: impl Into<String>) -> NotNow {
        NotNow {
            message: message.into(),
            settled: true,
        }
    }
}

/// Decides what comes next for an event, or why nothing can.
pub fn next_step(event: &Event, computed: &Computed) -> Result<NextStep, NotNow> {
    match &event.kind {
        Kind::League(_) | Kind::Challenge(_) => Err(NotNow::refused(format!(
            "a `{}` event has no pairing rounds: record each game with `holonet game FILE DARK LIGHT RESULT` (a challenge session: `holonet session FILE SCENARIO SOLO --team A B --winner solo|team`) as it is played",
            event.info.format
        ))),
        Kind::Recorded(_) => Err(NotNow::refused(
            "this event is known only by its final standings (`[[standings]]`): it has no rounds to pair",
        )),
        // The bracket's seeds are not in the file, so its matches cannot be paired from it.
        Kind::Ccg(_)
            if computed.ruleset.ccg_standings == CcgStandings::TournamentAssistantMatchPlay =>
        {
            Err(NotNow::refused(format!(
                "{} events are a bracket of two-game matches whose seeds are not in the file: write each match's two games in the file, one [[rounds]] entry per game (see {}#event-file)",
                computed.ruleset.id, computed.ruleset.reference_page
            )))
        }
        Kind::Ccg(play) => match &computed.kind {
            ComputedKind::Ccg(ccg) => next_ccg_game(event, play, ccg),
            _ => unreachable!("a SW:CCG event is computed game by game"),
        },
        Kind::Swiss(play) => match &computed.kind {
            ComputedKind::Swiss(swiss) => next_swiss_step(event, play, computed, swiss),
            _ => unreachable!("a Swiss event is computed round by round"),
        },
    }
}

/// The top cut's matches waiting for a game, in words with their numbers: "match 5: Ann v
/// Cid", what `pair` and `report` tell the organizer.
pub(super) fn open_top_cut_matches(
    event: &Event,
    top_cut: &crate::rules::ccg_event::CcgTopCut,
) -> Vec<String> {
    let name = |p: usize| event.players[p].name.as_str();
    top_cut
        .bracket
        .open_matches()
        .map(|m| {
            format!(
                "match {}: {} v {}",
                m.number,
                name(m.players[0]),
                name(m.players[1])
            )
        })
        .collect()
}

/// The next SW:CCG game, once every recorded game is finished, or why there is none.
fn next_ccg_game(event: &Event, play: &CcgPlay, ccg: &CcgComputed) -> Result<NextStep, NotNow> {
    if let Some(open) = play.games.iter().find(|g| !g.is_complete()) {
        let tables: Vec<String> = open
            .tables
            .iter()
            .filter(|t| t.result.is_none())
            .map(|t| t.number.to_string())
            .collect();
        return Err(NotNow::refused(format!(
            "game {} still has unreported tables ({}); record their results first",
            open.number,
            tables.join(", ")
        )));
    }
    if let Some((number, paired)) = &ccg.next {
        return Ok(NextStep::CcgGame {
            number: *number,
            paired: paired.clone(),
        });
    }
    if let Some(top_cut) = &ccg.top_cut {
        let open = open_top_cut_matches(event, top_cut);
        return Err(NotNow::settled(if open.is_empty() {
            "every game is recorded: the event is complete".to_string()
        } else {
            format!(
                "the Swiss games are finished and the top {} needs no pairing: the bracket seats its matches ({}); record each match's games with holonet report FILE MATCH WINNER+DIFFERENTIAL,lost=DARK/LIGHT",
                top_cut.seeds.len(),
                open.join("; ")
            )
        }));
    }
    Err(NotNow::settled(
        match ccg
            .final_confrontation
            .as_ref()
            .filter(|f| f.outcome.is_none())
        {
            Some(fin) => format!(
                "the games are finished: the Final Confrontation is {} v {}; record its games with holonet report, numbered 1 and up (with --dark for the higher seed's choice of allegiance, where it has one)",
                event.players[fin.finalists[0]].name, event.players[fin.finalists[1]].name
            ),
            None => "every game is recorded: the event is complete".into(),
        },
    ))
}

/// The next Swiss round or the elimination games that are ready, or why there are none.
fn next_swiss_step(
    event: &Event,
    play: &SwissPlay,
    computed: &Computed,
    swiss: &SwissComputed,
) -> Result<NextStep, NotNow> {
    if let Some(round) = play.rounds.iter().find(|r| !r.is_complete()) {
        let open: Vec<String> = round
            .tables
            .iter()
            .filter(|t| t.outcome == crate::event::Outcome::Pending)
            .map(|t| t.number.to_string())
            .collect();
        return Err(NotNow::refused(format!(
            "round {} still has unreported tables ({}); record their results first",
            round.number,
            open.join(", ")
        )));
    }
    if let Some((number, round)) = next_swiss_round(event, computed) {
        return Ok(NextStep::Swiss { number, round });
    }
    if !computed.swiss_finished() {
        return Err(NotNow::refused(
            "there are not enough players in the event to pair a round",
        ));
    }
    if let Some(team_final) = swiss.team_final.as_ref().filter(|f| f.points.is_none()) {
        let [a, b] = team_final.teams.map(|t| event.players[t].name.as_str());
        return Err(NotNow::settled(format!(
            "the Swiss rounds are finished and {a} and {b} are level on points at the top: they play a final match, which needs no pairing; record it with holonet report FILE 1 RESULT (such as 2-0), with --dark for the team that plays dark first"
        )));
    }
    let Some(bracket) = swiss.bracket.as_ref() else {
        return Err(if computed.cut.unwrap_or(0) == 0 {
            NotNow::settled(
                "the Swiss rounds are finished and the event has no cut: it is complete",
            )
        } else {
            NotNow::refused("the cut cannot be made: there are not enough eligible players")
        });
    };
    if let Some(open) = play.elimination.iter().find(|g| !g.is_reported()) {
        return Err(NotNow::refused(format!(
            "elimination game {} is published but has no result; record it first",
            open.number
        )));
    }
    if bracket.champion.is_some() {
        return Err(NotNow::settled(
            "the bracket is finished: the event is complete",
        ));
    }
    let listed: Vec<u32> = play.elimination.iter().map(|g| g.number).collect();
    let games: Vec<ReadyGame> = bracket
        .games
        .iter()
        .filter(|g| bracket.ready.contains(&g.spec.number) && !listed.contains(&g.spec.number))
        .filter_map(|g| ReadyGame::from_state(swiss, g))
        .collect();
    if games.is_empty() {
        return Err(NotNow::refused("no elimination game is ready to be played"));
    }
    Ok(NextStep::Elimination { games })
}

/// The comment above a Swiss table whose pairing needs explaining: a sentence the organizer
/// can read in the file.
fn reason_comment(reason: Reason) -> Option<&'static str> {
    match reason {
        Reason::Random | Reason::SameGroup => None,
        Reason::AvoidNotPossible => {
            Some("These two asked to be kept apart, but no pairing of round 1 could do it.")
        }
        Reason::PairedDown => {
            Some("Paired down: the odd player of a score group meets the next group down.")
        }
        Reason::AvoidsRematch => Some("Paired across score groups to avoid a rematch."),
        Reason::UnavoidableRematch => {
            Some("A rematch: every pairing of this round has at least one.")
        }
        // Only a recorded table gets this label, but it reads the same in the file.
        Reason::AvoidableRematch => {
            Some("A rematch that another pairing of this round would have avoided.")
        }
    }
}

/// The comment above a SW:CCG table whose pairing needs explaining, as the guide's pairing
/// rules give it.
fn ccg_reason_comment(reason: PairReason) -> Option<&'static str> {
    match reason {
        PairReason::Random | PairReason::Piles | PairReason::Standings => None,
        PairReason::RematchStands => {
            Some("They met before with the opposite allegiances, so the pairing stands.")
        }
        PairReason::AllegiancesSwapped => {
            Some("They met before with these allegiances, so the allegiances were swapped.")
        }
        PairReason::RankingSwitched => Some(
            "Both allegiance combinations had been played, so the lower-ranked player switched places with the next in the standings.",
        ),
        PairReason::RematchModified => Some(
            "Paired with a lower player of the other pile, so as not to meet the same opponent with the same allegiances again.",
        ),
        PairReason::RematchLeft => Some(
            "Every player left had been met with these allegiances, so the original pairing stands.",
        ),
        PairReason::SamePile => Some(
            "One allegiance pile had more players, so two players of the same pile meet, the higher-ranked switching allegiance.",
        ),
    }
}

/// Appends `value` to an inline array on a line of its own (after a comment line, when given),
/// as organizers write tables by hand.
pub(super) fn push_line(array: &mut Array, mut value: Value, comment: Option<&str>) {
    let prefix = match comment {
        Some(c) => format!("\n  # {c}\n  "),
        None => "\n  ".to_string(),
    };
    value.decor_mut().set_prefix(prefix);
    array.push_formatted(value);
    array.set_trailing("\n");
    array.set_trailing_comma(true);
}

/// An inline array written one element per line.
fn multiline(items: Vec<(Value, Option<String>)>) -> Array {
    let mut array = Array::new();
    for (value, comment) in items {
        push_line(&mut array, value, comment.as_deref());
    }
    array
}

fn string_array(values: &[&str]) -> Value {
    Value::Array(values.iter().copied().collect())
}

/// Appends a `[[rounds]]` entry, creating the list when the file has none.
fn push_round(doc: &mut DocumentMut, entry: Table) -> Result<(), String> {
    match doc.get_mut("rounds") {
        Some(Item::ArrayOfTables(rounds)) => rounds.push(entry),
        Some(_) => return Err("`rounds` is not a list of `[[rounds]]` tables".into()),
        None => {
            let mut rounds = ArrayOfTables::new();
            rounds.push(entry);
            doc.insert("rounds", Item::ArrayOfTables(rounds));
        }
    }
    Ok(())
}

/// The event file's text with `step` added and `paired` (and `updated`) stamped with `at`, the
/// time the caller read from the clock. Fails only when the file is not TOML that `toml_edit`
/// can edit (it was already validated, so in practice never).
pub fn apply(text: &str, event: &Event, step: &NextStep, at: Timestamp) -> Result<String, String> {
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e| format!("cannot edit this file: {e}"))?;
    let id = |p: usize| event.players[p].id.as_str();
    match step {
        NextStep::Swiss { number, round } => {
            let tables = round
                .tables
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let mut table = InlineTable::new();
                    table.insert("table", Value::from(i as i64 + 1));
                    table.insert(
                        "players",
                        string_array(&[id(t.players[0]), id(t.players[1])]),
                    );
                    (
                        Value::InlineTable(table),
                        reason_comment(t.reason).map(str::to_string),
                    )
                })
                .collect();
            let mut entry = Table::new();
            entry
                .decor_mut()
                .set_prefix(format!("\n# Round {number}, paired by holonet pair.\n"));
            entry.insert("tables", Item::Value(Value::Array(multiline(tables))));
            if let Some(bye) = round.bye {
                entry.insert("byes", Item::Value(string_array(&[id(bye.player)])));
            }
            push_round(&mut doc, entry)?;
        }
        NextStep::CcgGame { number, paired } => {
            let tables = paired
                .tables
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let mut table = InlineTable::new();
                    table.insert("table", Value::from(i as i64 + 1));
                    table.insert("dark", Value::from(id(t.dark)));
                    table.insert("light", Value::from(id(t.light)));
                    (
                        Value::InlineTable(table),
                        ccg_reason_comment(t.reason).map(str::to_string),
                    )
                })
                .collect();
            let mut entry = Table::new();
            entry
                .decor_mut()
                .set_prefix(format!("\n# Game {number}, paired by holonet pair.\n"));
            entry.insert("tables", Item::Value(Value::Array(multiline(tables))));
            if !paired.byes.is_empty() {
                let byes: Vec<&str> = paired.byes.iter().map(|b| id(b.player)).collect();
                entry.insert("byes", Item::Value(string_array(&byes)));
            }
            push_round(&mut doc, entry)?;
        }
        NextStep::Elimination { games } => {
            let entries: Vec<(Value, Option<String>)> = games
                .iter()
                .map(|g| {
                    let mut table = InlineTable::new();
                    table.insert("game", Value::from(i64::from(g.number)));
                    let choice = if g.dark.is_none() {
                        " Record the choice as `dark`."
                    } else {
                        ""
                    };
                    let comment = format!("{}.{choice}", g.describe(event));
                    (Value::InlineTable(table), Some(comment))
                })
                .collect();
            let elimination = doc
                .entry("elimination")
                .or_insert_with(|| Item::Table(Table::new()));
            let Some(elimination) = elimination.as_table_like_mut() else {
                return Err("`elimination` is not a table".into());
            };
            match elimination.get_mut("games") {
                Some(Item::Value(Value::Array(array))) => {
                    for (value, comment) in entries {
                        push_line(array, value, comment.as_deref());
                    }
                }
                Some(Item::ArrayOfTables(tables)) => {
                    for (value, comment) in entries {
                        let Value::InlineTable(inline) = value else {
                            continue;
                        };
                        let mut table = inline.into_table();
                        if let Some(c) = comment {
                            table.decor_mut().set_prefix(format!("\n# {c}\n"));
                        }
                        tables.push(table);
                    }
                }
                Some(_) => return Err("`elimination.games` is not a list".into()),
                None => {
                    elimination.insert("games", Item::Value(Value::Array(multiline(entries))));
                }
            }
        }
    }
    wall_clock::stamp(&mut doc, at, Stamp::Paired)?;
    Ok(doc.to_string())
}

/// `pair`'s edit of the loaded event file: the next step written in, or why nothing can be
/// paired. `announce` words the tables for the organizer to read out (the terminal's layout,
/// which lives above this module); in a dry run the summary says that nothing was written.
pub fn file_edit(
    loaded: &OneEvent,
    mode: Mode,
    announce: fn(&Event, &NextStep) -> String,
) -> Result<FileEdit, String> {
    let step = match next_step(&loaded.event, &loaded.computed) {
        Ok(step) => step,
        // Nothing to write, and nothing wrong: the file stays as it is, and the organizer is
        // told what comes next.
        Err(NotNow {
            message,
            settled: true,
        }) => {
            let summary = format!("Nothing to pair: {message}.");
            return Ok(FileEdit {
                text: loaded.text.clone(),
                recorded: summary.clone(),
                summary,
                corrected: false,
                warnings: Vec::new(),
                unfit: String::new(),
            });
        }
        Err(NotNow { message, .. }) => return Err(format!("nothing to pair: {message}")),
    };
    let text = apply(&loaded.text, &loaded.event, &step, wall_clock::now())?;
    let what = step.what();
    let announcement = announce(&loaded.event, &step);
    let path = loaded.path.shown();
    let summary = match mode {
        Mode::Write | Mode::WriteHoldingReports => {
            format!("{announcement}\nWrote {what} into {path}.")
        }
        Mode::DryRun => {
            format!("{announcement}\nDry run: {what} was not written; {path} is unchanged.")
        }
    };
    Ok(FileEdit {
        text,
        recorded: summary.clone(),
        summary,
        corrected: false,
        warnings: Vec::new(),
        // What the rules refuse once a round is recorded (a structure whose table does not
        // cover the players, say) is refused at its place in the file, before anything is
        // written.
        unfit: format!("{what} cannot be paired until the event file is corrected"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every comment `pair` can write above a table reads as a sentence, whatever the ruleset.
    #[test]
    fn pairing_comments_are_sentences() {
        let swiss = [
            Reason::Random,
            Reason::AvoidNotPossible,
            Reason::SameGroup,
            Reason::PairedDown,
            Reason::AvoidsRematch,
            Reason::UnavoidableRematch,
            Reason::AvoidableRematch,
        ]
        .map(reason_comment);
        let ccg = [
            PairReason::Random,
            PairReason::Piles,
            PairReason::Standings,
            PairReason::RematchStands,
            PairReason::AllegiancesSwapped,
            PairReason::RankingSwitched,
            PairReason::RematchModified,
            PairReason::RematchLeft,
            PairReason::SamePile,
        ]
        .map(ccg_reason_comment);
        let written: Vec<&str> = swiss.iter().chain(&ccg).flatten().copied().collect();
        assert_eq!(written.len(), 11);
        for comment in written {
            assert!(
                comment.starts_with(char::is_uppercase) && comment.ends_with('.'),
                "{comment}"
            );
            assert!(comment.split(' ').count() > 4, "{comment}");
        }
    }
}
