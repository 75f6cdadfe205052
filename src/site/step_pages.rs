//! The pages of an event's steps, each apart from the event page: every Swiss round's (its
//! tables, byes and the standings after it) and every SW:CCG game's. A big event's tables and
//! standings after every round would make its event page several megabytes, so the event page
//! only lists its rounds and games and links here.
//!
//! It stands beside the event page and borrows its rule links and standings notes, so that a
//! round's page and the event page say the same things in the same words.

use serde::Serialize;

use super::addresses::{event_path, round_path};
use super::event_page::{round_state, rule_links, standing_note, tiebreak_column};
use super::model::{
    PlayerRef, RuleLink, SiteView, StepLink, Steps, TiebreakColumn, game_winner_text, link_steps,
};
use crate::event::{Event, Outcome};
use crate::rules::Tiebreaker;
use crate::rules::computed::{Computed, SwissComputed};
use crate::rules::scoring::RoundKind;
use crate::rules::standings::Standings;
use std::collections::BTreeMap;

/// One Swiss round, for its own page.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RoundView {
    pub(crate) event_name: String,
    pub(crate) event_url: String,
    /// The ruleset's reference page.
    rules_url: String,
    pub(crate) number: u32,
    /// The round's own page.
    pub(crate) url: String,
    /// The rounds before and after, on their own pages.
    pub(crate) steps: Steps,
    /// `finished`, `in-progress` (some results in) or `published` (no results yet).
    pub(crate) state: &'static str,
    pub(crate) tables: Vec<TableView>,
    /// Why the tables were paired: each reason once, the most frequent first, linked to its
    /// rule once above the table; a row names its reason in plain words only when it is not
    /// the most frequent (see [`table_reasons`]).
    pub(crate) reasons: Vec<RuleLink>,
    /// Every table was paired for the same reason: said once, with no column for it.
    one_reason: bool,
    pub(crate) byes: Vec<ByeView>,
    /// Players with an unpaired loss this round (back after a drop).
    pub(crate) unpaired_losses: Vec<PlayerRef>,
    /// Standings after this round, when it is finished and they are not the event page's: the
    /// page draws them from `event.json` (see [`RoundStandingsView`]).
    pub(crate) standings: Option<RoundStandingsView>,
    /// The standings after this round are the event page's (the latest finished round's): the
    /// page links them there rather than writing a big event's largest table twice.
    standings_on_event_page: bool,
}

/// The standings after a round that is not the latest, for its round page. The page holds no
/// row of them: `standings.js` draws the table from `standings_by_round` in the event's
/// `event.json`, which every event writes anyway (a big event has a standings table per round,
/// which written into each round page was a third of the archive's round pages); the page gives
/// the script the columns' keys, the tiebreakers' names and marks (its legend) and the players'
/// notes, and says where the standings are when scripts are off.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RoundStandingsView {
    pub(crate) after_round: u32,
    /// The event's `event.json`.
    pub(crate) json_url: String,
    /// The value tiebreakers shown as columns, in the ruleset's order.
    pub(crate) columns: Vec<KeyedTiebreak>,
    /// Every tiebreaker of the ruleset, for the legend under the table.
    pub(crate) tiebreakers: Vec<KeyedTiebreak>,
    /// The notes beside names after this round ("dropped after round 2", "late entry from
    /// round 3"), as a JSON object by player id; empty when there is none.
    pub(crate) notes: String,
    /// Where the player pages are (`/players/`): a row's name links `players/ID/` there...
    pub(crate) players_url: String,
    /// ...unless this JSON object (by id; empty when there is none) gives its page: a person's
    /// page kept under another id, a team's entry on the event page.
    pub(crate) urls: String,
}

/// A tiebreaker as the round page's script reads it: `key` is its column in `event.json`
/// (`sos`), and the column (its mark and head, `SoS`, and its rule) as every standings table has
/// it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct KeyedTiebreak {
    pub(crate) key: &'static str,
    #[serde(flatten)]
    pub(crate) column: TiebreakColumn,
}

/// A table of a round.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct TableView {
    pub(crate) number: u32,
    pub(crate) seats: [SeatView; 2],
    /// "6–0", "3–3 (split)", "not reported".
    pub(crate) result: String,
    pub(crate) pending: bool,
    pub(crate) split: bool,
    /// Link to the split rule when the table split.
    pub(crate) rule: Option<RuleLink>,
    /// Why these two players were paired, linked to the pairing rule.
    pub(crate) reason: Option<RuleLink>,
    pub(crate) games: Vec<GameView>,
}

/// A player at a table.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SeatView {
    pub(crate) id: String,
    pub(crate) name: String,
    /// The player's page (a team's entry on the event page).
    pub(crate) url: String,
    /// Points taken from this match (when reported).
    pub(crate) points: Option<u32>,
    /// Took more points than the opponent.
    pub(crate) won: bool,
    /// Played dark in the first game (when recorded).
    pub(crate) first_dark: bool,
}

/// One game at a table.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct GameView {
    pub(crate) number: u32,
    /// Its winner and how: "Tom Kessel (dial)", "Tom Kessel", "Draw (time)".
    pub(crate) text: String,
}

/// A bye.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ByeView {
    pub(crate) id: String,
    pub(crate) name: String,
    /// The player's page (a team's entry on the event page).
    pub(crate) url: String,
    pub(crate) points: u32,
    pub(crate) rule: RuleLink,
}

/// The standings after a round, for its round page's script: the columns, legend, notes and
/// links a standings table has, without its rows (the script reads them from `event.json`).
/// `url_of` gives a competitor's page (see [`super::names::NameLinks::competitor`]).
fn round_standings_view(
    event: &Event,
    computed: &Computed,
    s: &Standings,
    rule: &dyn Fn(&str, &str) -> RuleLink,
    json_url: &str,
    players_url: &str,
    url_of: &dyn Fn(&str) -> String,
) -> RoundStandingsView {
    let keyed = |t: Tiebreaker| KeyedTiebreak {
        key: t.short(),
        column: tiebreak_column(t, rule),
    };
    let all = &computed.ruleset.tiebreakers;
    let notes: BTreeMap<&str, String> = s
        .rows
        .iter()
        .map(|r| &event.players[r.player])
        .map(|p| (p.id.as_str(), standing_note(event, p, s.after_round)))
        .filter(|(_, note)| !note.is_empty())
        .collect();
    // Most players' pages are at `players/ID/`; the others (a person's page kept under another
    // id, a team's entry on the event page) are written out.
    let urls: BTreeMap<&str, String> = s
        .rows
        .iter()
        .map(|r| event.players[r.player].id.as_str())
        .map(|id| (id, url_of(id)))
        .filter(|(id, url)| *url != format!("{players_url}{id}/"))
        .collect();
    RoundStandingsView {
        after_round: s.after_round,
        json_url: json_url.to_string(),
        players_url: players_url.to_string(),
        columns: all
            .iter()
            .copied()
            .filter(|t| t.is_value())
            .map(keyed)
            .collect(),
        tiebreakers: all.iter().copied().map(keyed).collect(),
        notes: json_object(&notes),
        urls: json_object(&urls),
    }
}

/// A map of strings as a JSON object for a page's script; empty when the map is.
fn json_object(map: &BTreeMap<&str, String>) -> String {
    if map.is_empty() {
        String::new()
    } else {
        serde_json::to_string(map).expect("a map of strings serializes")
    }
}

/// Each reason the tables were paired for, once, the most frequent first (ties in the order
/// the tables first give them); and whether every table gives the same one. Where they differ,
/// the page says the most frequent once and the rows name theirs only when it is another, so
/// that "same score group" is not repeated down a round of a hundred tables: the rows giving
/// the most frequent reason lose it here.
fn table_reasons(tables: &mut [TableView]) -> (Vec<RuleLink>, bool) {
    let mut counted: Vec<(RuleLink, usize)> = Vec::new();
    for reason in tables.iter().filter_map(|t| t.reason.as_ref()) {
        match counted.iter_mut().find(|(r, _)| r == reason) {
            Some((_, n)) => *n += 1,
            None => counted.push((reason.clone(), 1)),
        }
    }
    // A stable sort keeps the first-given order among equal counts.
    counted.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    let reasons: Vec<RuleLink> = counted.into_iter().map(|(r, _)| r).collect();
    let one_reason = reasons.len() == 1 && tables.iter().all(|t| t.reason.is_some());
    if let (false, Some(usual)) = (one_reason, reasons.first()) {
        for table in tables.iter_mut() {
            if table.reason.as_ref() == Some(usual) {
                table.reason = None;
            }
        }
    }
    (reasons, one_reason)
}

/// The games of a SW:CCG event, each for its own page (see [`super::ccg_view::game_views`]).
pub(crate) fn ccg_game_views(
    site: &SiteView,
    event: &Event,
    computed: &Computed,
    aliases: &crate::load::aliases::Aliases,
) -> Vec<super::ccg_view::CcgGameView> {
    let Some(ccg) = computed.ccg() else {
        return Vec::new();
    };
    let (_, rule) = rule_links(site, computed);
    let names = super::names::NameLinks::elsewhere(site, aliases, event);
    super::ccg_view::game_views(
        site,
        event,
        &names,
        ccg,
        computed.ruleset.ccg_standings,
        &rule,
    )
}

/// The Swiss rounds of an event, each for its own page (see [`round_path`]): the event page
/// only lists them, since a big event's tables and standings after every round would make it
/// several megabytes.
pub(crate) fn round_views(
    site: &SiteView,
    event: &Event,
    computed: &Computed,
    aliases: &crate::load::aliases::Aliases,
) -> Vec<RoundView> {
    let no_swiss = SwissComputed::default();
    let swiss = computed.swiss().unwrap_or(&no_swiss);
    let ruleset = computed.ruleset;
    let (rules_url, rule) = rule_links(site, computed);
    let names = super::names::NameLinks::elsewhere(site, aliases, event);
    let url_of = |id: &str| names.competitor(id);
    let json_url = site.link(&format!("{}event.json", event_path(event)));
    let players_url = site.link("players/");
    let standings_view = |s: &Standings| {
        round_standings_view(event, computed, s, &rule, &json_url, &players_url, &url_of)
    };
    let latest = computed.latest().map(|s| s.after_round);
    let mut rounds: Vec<RoundView> = event
        .rounds()
        .iter()
        .enumerate()
        .map(|(i, round)| {
            let scores = swiss.round_scores.get(i);
            let state = round_state(round);
            let mut tables: Vec<TableView> = round
                .tables
                .iter()
                .enumerate()
                .map(|(table_index, t)| {
                    let reason = swiss
                        .table_reasons
                        .get(i)
                        .and_then(|r| r.get(table_index))
                        .map(|&r| super::stage_view::reason_link(r, &rule));
                    table_view(event, computed, t, reason, &rule, &url_of)
                })
                .collect();
            let byes = round
                .byes
                .iter()
                .map(|&p| ByeView {
                    id: event.players[p].id.clone(),
                    name: event.players[p].name.clone(),
                    url: url_of(&event.players[p].id),
                    points: ruleset.bye_points(),
                    rule: rule("byes", "Bye"),
                })
                .collect();
            let unpaired_losses = scores
                .map(|s| {
                    s.iter()
                        .enumerate()
                        .filter(|(_, sc)| sc.is_some_and(|sc| sc.kind == RoundKind::UnpairedLoss))
                        .map(|(p, _)| names.player(p))
                        .collect()
                })
                .unwrap_or_default();
            let (reasons, one_reason) = table_reasons(&mut tables);
            RoundView {
                event_name: event.info.name.clone(),
                event_url: site.link(&event_path(event)),
                rules_url: rules_url.clone(),
                number: round.number,
                url: site.link(&round_path(event, round.number)),
                steps: Steps::default(),
                state,
                tables,
                reasons,
                one_reason,
                byes,
                unpaired_losses,
                standings: swiss
                    .standings
                    .get(i)
                    .filter(|s| Some(s.after_round) != latest)
                    .map(standings_view),
                standings_on_event_page: swiss
                    .standings
                    .get(i)
                    .is_some_and(|s| Some(s.after_round) == latest),
            }
        })
        .collect();
    link_steps(
        &mut rounds,
        |r| StepLink {
            href: r.url.clone(),
            number: r.number,
        },
        |r| &mut r.steps,
    );
    rounds
}

/// A table of a round as its page shows it: its seats with the points each took, its result
/// and games, the rule behind a split or a forfeit, and `reason`, why it was paired.
fn table_view(
    event: &Event,
    computed: &Computed,
    t: &crate::event::Table,
    reason: Option<RuleLink>,
    rule: &dyn Fn(&str, &str) -> RuleLink,
    url_of: &dyn Fn(&str) -> String,
) -> TableView {
    let ruleset = computed.ruleset;
    let [a, b] = t.players;
    let scores = crate::rules::scoring::table_scores(ruleset, t);
    let (pa, pb) = (scores.map(|s| s[0].points), scores.map(|s| s[1].points));
    let seat = |p: usize, mine: Option<u32>, theirs: Option<u32>| SeatView {
        id: event.players[p].id.clone(),
        name: event.players[p].name.clone(),
        url: url_of(&event.players[p].id),
        points: mine,
        won: matches!((mine, theirs), (Some(x), Some(y)) if x > y),
        first_dark: t.first_dark == Some(p),
    };
    let games = match &t.outcome {
        Outcome::Games(games) => games
            .iter()
            .enumerate()
            .map(|(n, g)| GameView {
                number: n as u32 + 1,
                text: game_winner_text(event, g.winner, g.by),
            })
            .collect(),
        _ => Vec::new(),
    };
    let split = t.outcome == Outcome::Split;
    TableView {
        number: t.number,
        seats: [seat(a, pa, pb), seat(b, pb, pa)],
        result: super::model::swiss_result_text(ruleset, t)
            .unwrap_or_else(|| "not reported".to_string()),
        pending: t.outcome == Outcome::Pending,
        split,
        rule: match t.forfeit {
            _ if split => Some(rule("intentional-split", "Intentional split")),
            Some(f) => Some(rule(
                "deck-checks",
                &format!(
                    "Forfeited by {} after a deck check",
                    event.players[f.player].name
                ),
            )),
            None => None,
        },
        reason,
        games,
    }
}
