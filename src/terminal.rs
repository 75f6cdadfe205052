//! Plain-text views for the terminal: what an organizer needs at the venue.

use std::fmt::Write as _;

use crate::edit::pair::{NextStep, ReadyGame};
use crate::edit::self_report::Waiting;
use crate::event::Event;
use crate::rules::casual::{ChallengeComputed, LeagueComputed};
use crate::rules::computed::{Computed, ComputedKind};
use crate::rules::standings::Decider;
use crate::rules::swccg::final_confrontation::FinalReason;
use crate::rules::verdict::Status;
use crate::rules::{CcgStandings, Tiebreaker};
use crate::site::ccg_view::{SEEDED, VENUE_COIN};

/// The pairing audit of an event (`holonet audit`): the verdict, then each round's, with every
/// departure in words under its round.
pub fn audit(event: &Event, computed: &Computed) -> String {
    let audit = &computed.audit;
    let mut out = String::new();
    let _ = writeln!(out, "{} ({})", event.info.name, event.info.date.iso());
    let ruleset = computed.ruleset;
    if ruleset.ccg_standings == CcgStandings::TournamentAssistantSos
        && !crate::rules::swccg::pc_pairing::Rules::judged(event.info.date)
    {
        let _ = writeln!(
            out,
            "Not audited: before 2016-07-21 the Players Committee's Tournament Assistant paired by rules of its own that Holonet does not model (see {}#pairing).",
            ruleset.reference_page
        );
        return out;
    }
    if ruleset.ccg_standings == CcgStandings::TournamentAssistantMatchPlay {
        let _ = writeln!(
            out,
            "Not audited: a bracket of matches from seeds the file does not hold (see {}#not-reproduced).",
            ruleset.reference_page
        );
        return out;
    }
    let Some(summary) = audit.summary() else {
        let _ = writeln!(out, "Nothing to audit: no round is recorded.");
        return out;
    };
    let _ = writeln!(out, "Pairings: {summary}.\n");
    let width = audit
        .rounds
        .iter()
        .map(|r| r.title().chars().count())
        .max()
        .unwrap_or(0);
    for round in &audit.rounds {
        // A broken round stands out in a long list.
        let verdict = match round.status() {
            Status::Broken => Status::Broken.verdict().to_uppercase(),
            status => status.verdict().to_string(),
        };
        let _ = writeln!(out, "{}  {verdict}", pad(&round.title(), width));
        for d in &round.departures {
            let place = round.place(d);
            let text = d.explain(|p| event.players[p].name.clone());
            let _ = writeln!(out, "  - {place}, {}: {text}", d.verdict());
        }
    }
    out
}

/// Pads `text` to `width` characters (not bytes: names carry accents).
fn pad(text: &str, width: usize) -> String {
    let len = text.chars().count();
    format!("{text}{}", " ".repeat(width.saturating_sub(len)))
}

fn pad_left(text: &str, width: usize) -> String {
    let len = text.chars().count();
    format!("{}{text}", " ".repeat(width.saturating_sub(len)))
}

/// What `holonet pair` writes, as an organizer reads it out or pastes it into a chat: a heading,
/// then a line per table with both names (and the sides, where the pairing gives them), then
/// the byes.
pub fn pairing(event: &Event, step: &NextStep) -> String {
    let name = |p: usize| event.players[p].name.as_str();
    let mut out = String::new();
    match step {
        NextStep::Swiss { number, round } => {
            let _ = writeln!(out, "Round {number}");
            for (i, t) in round.tables.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "Table {}: {} v {}",
                    i + 1,
                    name(t.players[0]),
                    name(t.players[1])
                );
            }
            if let Some(bye) = round.bye {
                let _ = writeln!(out, "Bye: {}", name(bye.player));
            }
        }
        NextStep::CcgGame { number, paired } => {
            let _ = writeln!(out, "Game {number}");
            for (i, t) in paired.tables.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "Table {}: {} (dark) v {} (light)",
                    i + 1,
                    name(t.dark),
                    name(t.light)
                );
            }
            if !paired.byes.is_empty() {
                let byes: Vec<&str> = paired.byes.iter().map(|b| name(b.player)).collect();
                let _ = writeln!(out, "Bye: {}", byes.join(", "));
            }
        }
        NextStep::Elimination { games } => {
            let _ = writeln!(out, "Elimination");
            for game in games {
                let _ = writeln!(out, "{}", game.describe(event));
            }
        }
    }
    out
}

/// The current standings, then where the event stands (next round, cut, bracket).
pub fn standings(event: &Event, computed: &Computed) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({}, {})",
        event.info.name,
        event.info.date.iso(),
        computed.ruleset.id
    );
    if event.info.closed {
        // Only a league or a challenge event is closed; no verb changes it until reopened.
        let what = match computed.kind {
            ComputedKind::Challenge(_) => "records",
            _ => "standings",
        };
        let _ = writeln!(out, "Closed (`closed = true`): these {what} are final.\n");
    }
    let swiss = match &computed.kind {
        ComputedKind::Swiss(swiss) => swiss,
        ComputedKind::Ccg(ccg) => return ccg_standings(out, event, computed, ccg),
        ComputedKind::League(league) => return league_standings(out, event, league),
        ComputedKind::Challenge(challenge) => return challenge_record(out, challenge),
        ComputedKind::Recorded => {
            let _ = writeln!(out, "Known only by its final standings, as recorded.");
            final_places(&mut out, event, computed);
            return out;
        }
    };
    let Some(latest) = swiss.latest() else {
        let _ = writeln!(
            out,
            "No round is finished yet: {} players registered.",
            event.players.len()
        );
        return out;
    };
    let planned = computed
        .swiss_rounds
        .map_or_else(String::new, |n| format!(" of {n}"));
    let _ = writeln!(
        out,
        "Standings after round {}{planned}\n",
        latest.after_round
    );
    let width = latest
        .rows
        .iter()
        .map(|r| event.players[r.player].name.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let columns: Vec<Tiebreaker> = computed
        .ruleset
        .tiebreakers
        .iter()
        .copied()
        .filter(|t| t.is_value())
        .collect();
    let mut header = format!(
        "{}  {}  {}  {}",
        pad_left("#", 3),
        pad("Player", width),
        pad_left("Pts", 3),
        pad("W-L-D", 7)
    );
    for t in &columns {
        header.push_str(&format!("  {}", pad_left(t.abbreviation(), 8)));
    }
    let _ = writeln!(out, "{header}");
    for row in &latest.rows {
        let player = &event.players[row.player];
        let gone = player.drop.is_some_and(|d| d <= latest.after_round);
        let note = match (gone, player.disqualified) {
            (true, true) => "  disqualified",
            (true, false) => "  dropped",
            _ => "",
        };
        let mut line = format!(
            "{}  {}  {}  {}",
            pad_left(
                &row.rank.map_or_else(|| "DQ".to_string(), |r| r.to_string()),
                3
            ),
            pad(&player.name, width),
            pad_left(&row.points.to_string(), 3),
            pad(&format!("{}-{}-{}", row.wins, row.losses, row.draws), 7),
        );
        for &t in &columns {
            let value = row.value(t).map_or_else(String::new, |v| {
                if v.denom() == 1 {
                    v.to_string()
                } else {
                    v.decimal(3)
                }
            });
            line.push_str(&format!("  {}", pad_left(&value, 8)));
        }
        let decided = match row.decided_by {
            Some(Decider::Tiebreaker(Tiebreaker::Random)) if row.drawn_at_venue => {
                "  (random: drawn at the venue)".to_string()
            }
            Some(Decider::Tiebreaker(Tiebreaker::Random)) => {
                "  (random: drawn by Holonet from the event's seed)".to_string()
            }
            Some(Decider::Tiebreaker(t)) if !t.is_value() => {
                format!("  ({})", t.label().to_lowercase())
            }
            _ => String::new(),
        };
        let _ = writeln!(out, "{line}{note}{decided}");
    }
    if let Some((number, round)) = &swiss.next_round {
        let bye = round.bye.map_or_else(String::new, |b| {
            format!(", bye: {}", event.players[b.player].name)
        });
        let _ = writeln!(
            out,
            "\nNext: round {number} ({} tables{bye}); `holonet pair` writes it into the file.",
            round.tables.len()
        );
    }
    if let Some(bracket) = &swiss.bracket {
        let _ = writeln!(out, "\nTop {} (seeds):", bracket.size);
        for (i, seed) in swiss.seeds.iter().enumerate() {
            let mark = if seed.replacement {
                " (replacement)"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "{}  {}{mark}",
                pad_left(&(i + 1).to_string(), 3),
                event.players[seed.player].name
            );
        }
        if bracket.champion.is_some() {
            final_places(&mut out, event, computed);
        } else {
            let ready: Vec<ReadyGame> = bracket
                .games
                .iter()
                .filter(|g| bracket.ready.contains(&g.spec.number))
                .filter_map(|g| ReadyGame::from_state(swiss, g))
                .collect();
            if !ready.is_empty() {
                let _ = writeln!(out, "\nReady to play:");
                for game in &ready {
                    let _ = writeln!(out, "{}", game.describe(event));
                }
            }
        }
    } else if let Some(team_final) = swiss.team_final.as_ref().filter(|f| f.points.is_none()) {
        let [a, b] = team_final.teams.map(|t| event.players[t].name.as_str());
        let _ = writeln!(
            out,
            "\nFinal match: {a} v {b}, level on points at the top; `holonet report FILE 1 RESULT` records it."
        );
    } else {
        final_places(&mut out, event, computed);
    }
    out
}

/// Where an event stands (`holonet status FILE`): the step under way and the tables still
/// missing a result, with both names, the players' reports waiting, then what to type next. `file` is the event file as the
/// organizer named it, to print in the commands.
/// `waiting` are the players' reports from their phones that wait for the other player or the
/// organizer (`serve --self-report`).
pub fn status(event: &Event, computed: &Computed, waiting: &[Waiting], file: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({}, {})",
        event.info.name,
        event.info.date.iso(),
        computed.ruleset.id
    );
    let left = event
        .players
        .iter()
        .filter(|p| p.drop.is_some() && p.rejoin.is_none())
        .count();
    let who = if event.is_team() { "teams" } else { "players" };
    let _ = writeln!(
        out,
        "{} {who}{}",
        event.players.len(),
        if left > 0 {
            format!(", {left} dropped")
        } else {
            String::new()
        }
    );
    if event.info.closed {
        let _ = writeln!(
            out,
            "\nClosed (`closed = true`): its standings are final, and no game or session is recorded in it. To record more, reopen it: holonet close --reopen {file}"
        );
        final_places(&mut out, event, computed);
        return out;
    }
    if let Some(day) = event
        .info
        .stopped
        .filter(|_| computed.status == crate::rules::computed::Status::Stopped)
    {
        let _ = writeln!(
            out,
            "\nStopped: the record ends on {} (`stopped`), with nothing under way. To carry the event on, remove the `stopped` line from [event].",
            day.iso()
        );
        return out;
    }
    under_way(&mut out, event, computed, waiting, file);
    out
}

/// The step under way, if any: its tables still missing a result, with the reports waiting
/// for them, or its games; else what comes next.
fn under_way(
    out: &mut String,
    event: &Event,
    computed: &Computed,
    waiting: &[Waiting],
    file: &str,
) {
    use crate::site::current_step::{Step, current_step};
    let name = |p: usize| event.players[p].name.as_str();
    let report = format!("holonet report {file}");
    match &current_step(event, computed) {
        Some(Step::Round(round)) => {
            let open: Vec<(u32, String)> = round
                .tables
                .iter()
                .filter(|t| t.outcome == crate::event::Outcome::Pending)
                .map(|t| {
                    (
                        t.number,
                        format!("{} v {}", name(t.players[0]), name(t.players[1])),
                    )
                })
                .collect();
            still_to_report(
                out,
                &format!("Round {}", round.number),
                &open,
                &waiting_reports(event, waiting, file),
                round.tables.len(),
                &format!("{report} TABLE RESULT (such as 2-0) for each, then holonet pair {file}"),
            );
        }
        Some(Step::CcgGame(game)) => {
            let open: Vec<(u32, String)> = game
                .tables
                .iter()
                .filter(|t| t.result.is_none())
                .map(|t| {
                    let who = format!("{} (dark) v {} (light)", name(t.dark), name(t.light));
                    (t.number, who)
                })
                .collect();
            still_to_report(
                out,
                &format!("Game {}", game.number),
                &open,
                &waiting_reports(event, waiting, file),
                game.tables.len(),
                &format!(
                    "{report} TABLE WINNER+DIFFERENTIAL (such as tom+12) for each, then holonet pair {file}"
                ),
            );
        }
        Some(step @ Step::Final { fin, game, .. }) => {
            let _ = writeln!(
                out,
                "\n{}: {} v {}",
                step.title(),
                name(fin.finalists[0]),
                name(fin.finalists[1])
            );
            let _ = writeln!(
                out,
                "\nNext: {report} {game} WINNER+DIFFERENTIAL (with --dark for the side chosen, where it is a choice)"
            );
        }
        Some(step @ Step::CcgTopCut { matches, .. }) => {
            let _ = writeln!(out, "\n{}", step.title());
            for (number, [dark, light]) in matches {
                let _ = writeln!(
                    out,
                    "  match {number}: {} (dark) v {} (light)",
                    name(*dark),
                    name(*light)
                );
            }
            let _ = writeln!(
                out,
                "\nNext: {report} MATCH WINNER+DIFFERENTIAL,lost=DARK/LIGHT (such as tom+12,lost=20/26: the cards each side lost, which decide a match level on differential) for each match's next game; in a match's first game, --dark for the player who takes the dark side, where it is not the one listed"
            );
        }
        Some(step @ Step::Elimination { games, .. }) => {
            elimination_status(out, event, computed, &step.title(), games, file);
        }
        None => between_steps(out, event, computed, file),
    }
}

/// The elimination games under way (`title`), those ready to play, and how to go on: pair
/// the games not written yet, or report those written.
fn elimination_status(
    out: &mut String,
    event: &Event,
    computed: &Computed,
    title: &str,
    games: &[&crate::rules::bracket::GameState],
    file: &str,
) {
    let listed: Vec<u32> = match &event.kind {
        crate::event::Kind::Swiss(play) => play.elimination.iter().map(|g| g.number).collect(),
        _ => Vec::new(),
    };
    let _ = writeln!(out, "\n{title}");
    if let Some(swiss) = computed.swiss() {
        for g in games {
            if let Some(ready) = crate::edit::pair::ReadyGame::from_state(swiss, g) {
                let _ = writeln!(out, "  {}", ready.describe(event));
            }
        }
    }
    let unwritten = games.iter().any(|g| !listed.contains(&g.spec.number));
    let next = if unwritten {
        format!("holonet pair {file} writes the games ready to play")
    } else {
        format!("holonet report {file} GAME WINNER for each")
    };
    let _ = writeln!(out, "\nNext: {next}");
}

/// What comes next when no step is under way: the next pairing, or why there is none.
fn between_steps(out: &mut String, event: &Event, computed: &Computed, file: &str) {
    use crate::edit::pair::{NotNow, next_step};
    match next_step(event, computed) {
        Ok(step) => {
            let so_far = if event.rounds().is_empty() && event.ccg_games().is_empty() {
                "Nothing is paired yet"
            } else {
                "Every result is in"
            };
            let _ = writeln!(
                out,
                "\n{so_far}. Next: holonet pair {file} (writes {})",
                step.what()
            );
        }
        Err(NotNow {
            message,
            settled: true,
        }) => {
            let _ = writeln!(out, "\nNothing to pair: {message}.");
            final_places(out, event, computed);
        }
        Err(NotNow { message, .. }) if event.players.is_empty() => {
            let _ = writeln!(
                out,
                "\nNo one is registered yet ({message}). Next: holonet register {file} NAME"
            );
        }
        Err(NotNow { message, .. }) => {
            let _ = writeln!(out, "\n{}{}.", message[..1].to_uppercase(), &message[1..]);
        }
    }
}

/// The step `title` under way: its tables still missing a result (`open`: number, both names)
/// of `total`, and the command that reports them (`next`).
fn still_to_report(
    out: &mut String,
    title: &str,
    open: &[(u32, String)],
    waiting: &str,
    total: usize,
    next: &str,
) {
    let _ = writeln!(
        out,
        "\n{title}: {} of {total} tables still to report",
        open.len()
    );
    let lines: Vec<String> = open
        .iter()
        .map(|(number, who)| format!("  Table {number}: {who}"))
        .collect();
    let _ = writeln!(out, "{}", lines.join("\n"));
    out.push_str(waiting);
    let _ = writeln!(out, "\nNext: {next}");
}

/// The players' reports waiting, table by table: one player's (to confirm, or to wait for the
/// other's), or two that disagree (for the organizer to settle). Empty when none waits.
fn waiting_reports(event: &Event, waiting: &[Waiting], file: &str) -> String {
    if waiting.is_empty() {
        return String::new();
    }
    let name = |id: &str| {
        event
            .players
            .iter()
            .find(|p| p.id == id)
            .map_or(id.to_string(), |p| p.name.clone())
    };
    let named = |id: &str| format!("{} ({id})", name(id));
    let mut tables: Vec<u32> = waiting.iter().map(|w| w.table).collect();
    tables.sort_unstable();
    tables.dedup();
    let mut out = String::from("\nReported from the players' phones, waiting:\n");
    for table in tables {
        let here: Vec<&Waiting> = waiting.iter().filter(|w| w.table == table).collect();
        let line = match here.as_slice() {
            [one] => format!(
                "  Table {table}: {} reported \"{}\"; to record it now: holonet confirm {file} {table}",
                name(&one.player),
                one.words
            ),
            [first, second, ..] => format!(
                "  Table {table}: the players disagree: {} reported \"{}\", {} reported \"{}\"; settle it with holonet confirm {file} {table} --player ID, or holonet report {file} {table} RESULT",
                named(&first.player),
                first.words,
                named(&second.player),
                second.words
            ),
            [] => continue,
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The event's final places, best first, once they are known.
fn final_places(out: &mut String, event: &Event, computed: &Computed) {
    let Some(placings) = computed.placings.as_ref().filter(|p| !p.is_empty()) else {
        return;
    };
    let _ = writeln!(out, "\nFinal places:");
    for (place, player) in placings {
        let _ = writeln!(
            out,
            "{}  {}",
            pad_left(&place.to_string(), 3),
            event.players[*player].name
        );
    }
}

/// A challenge event's record by scenario.
fn challenge_record(mut out: String, challenge: &ChallengeComputed) -> String {
    if challenge.records.is_empty() {
        let _ = writeln!(out, "No session recorded yet.");
    }
    for r in &challenge.records {
        let _ = writeln!(
            out,
            "{}: {} session(s), solo {} won, team {} won",
            r.scenario.name(),
            r.total.sessions,
            r.total.solo_wins,
            r.total.team_wins
        );
        for (size, t) in &r.by_team_size {
            let _ = writeln!(
                out,
                "  team of {size}: {} session(s), solo {} won, team {} won",
                t.sessions, t.solo_wins, t.team_wins
            );
        }
    }
    out
}

/// A league's standings.
fn league_standings(mut out: String, event: &Event, league: &LeagueComputed) -> String {
    if league.games.is_empty() {
        let _ = writeln!(out, "No league game recorded yet.");
        return out;
    }
    let _ = writeln!(
        out,
        "League standings after {} game(s)\n",
        league.games.len()
    );
    let width = event
        .players
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let _ = writeln!(
        out,
        "{}  {}  {}  {}  {}",
        pad_left("#", 3),
        pad("Player", width),
        pad_left("Pts", 8),
        pad_left("Games", 5),
        pad("W-L-D", 7)
    );
    for row in &league.standings {
        let score = if league.differential {
            row.score.to_string()
        } else {
            row.score.points.to_string()
        };
        let note = match row.games_short {
            0 => String::new(),
            n => format!("  unranked: {n} more game(s) needed"),
        };
        let _ = writeln!(
            out,
            "{}  {}  {}  {}  {}{note}",
            pad_left(
                &row.rank.map_or_else(|| "-".to_string(), |r| r.to_string()),
                3
            ),
            pad(&event.players[row.player].name, width),
            pad_left(&score, 8),
            pad_left(&row.games.to_string(), 5),
            pad(&format!("{}-{}-{}", row.wins, row.losses, row.draws), 7)
        );
    }
    out
}

/// SW:CCG standings: victory points and differential, written `2(+15)`.
fn ccg_standings(
    mut out: String,
    event: &Event,
    computed: &Computed,
    ccg: &crate::rules::ccg_event::CcgComputed,
) -> String {
    let Some(rows) = ccg.standings.last() else {
        let _ = writeln!(
            out,
            "No game is finished yet: {} players registered.",
            event.players.len()
        );
        if let Some((number, paired)) = &ccg.next {
            let _ = writeln!(
                out,
                "Next: game {number} ({} tables); `holonet pair` writes it into the file.",
                paired.tables.len()
            );
        }
        return out;
    };
    let planned = computed
        .swiss_rounds
        .map_or_else(String::new, |n| format!(" of {n}"));
    let _ = writeln!(
        out,
        "Standings after game {}{planned}\n",
        ccg.standings.len()
    );
    let width = rows
        .iter()
        .map(|r| event.players[r.player].name.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let _ = writeln!(
        out,
        "{}  {}  {}",
        pad_left("#", 3),
        pad("Player", width),
        pad_left("Score", 8)
    );
    for row in rows {
        let _ = writeln!(
            out,
            "{}  {}  {}",
            pad_left(&row.place.map_or("DQ".to_string(), |p| p.to_string()), 3),
            pad(&event.players[row.player].name, width),
            pad_left(&row.score_text(), 8)
        );
    }
    if let Some((number, paired)) = &ccg.next {
        let _ = writeln!(
            out,
            "\nNext: game {number} ({} tables); `holonet pair` writes it into the file.",
            paired.tables.len()
        );
    }
    if let Some(fin) = &ccg.final_confrontation {
        let names = |p: usize| event.players[p].name.as_str();
        match &fin.outcome {
            Some(o) => {
                let chance = match o.reason {
                    FinalReason::VenueCoin => format!(" (level on every tiebreaker: {VENUE_COIN})"),
                    FinalReason::Random => format!(" (level on every tiebreaker: {SEEDED})"),
                    _ => String::new(),
                };
                let _ = writeln!(
                    out,
                    "\nFinal Confrontation: {} won{chance}.",
                    names(o.winner)
                );
                final_places(&mut out, event, computed);
            }
            None => {
                let _ = writeln!(
                    out,
                    "\nFinal Confrontation: {} v {}.",
                    names(fin.finalists[0]),
                    names(fin.finalists[1])
                );
            }
        }
    }
    if let Some(top_cut) = &ccg.top_cut {
        let names = |p: usize| event.players[p].name.as_str();
        let seeds: Vec<String> = top_cut
            .seeds
            .iter()
            .enumerate()
            .map(|(i, &p)| format!("{} {}", i + 1, names(p)))
            .collect();
        let _ = writeln!(
            out,
            "\nTop {}, seeded {}: {}.",
            top_cut.seeds.len(),
            if top_cut.venue_seeds {
                "as the venue set the seeds"
            } else {
                "from these standings"
            },
            seeds.join(", ")
        );
        for m in top_cut.bracket.rounds.iter().flatten() {
            let result = match m.outcome {
                Some((winner, _)) => format!("{} won", names(winner)),
                None => format!("{} of 2 games recorded", m.games.len()),
            };
            let _ = writeln!(
                out,
                "  match {}: {} v {}: {result}",
                m.number,
                names(m.players[0]),
                names(m.players[1])
            );
        }
        final_places(&mut out, event, computed);
    }
    out
}
