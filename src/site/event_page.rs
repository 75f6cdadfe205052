//! The event page's model, assembled from an event and its computed results: its summary (which
//! also stands for the event in lists, the feed and player pages), its players, rounds and
//! standings, and the parts each page view (`*_view.rs`) builds.
//!
//! It sits above the views and gathers them; the vocabulary they share is [`super::model`],
//! so no view needs this module.

use serde::Serialize;

use super::addresses::{deck_path, event_path, round_path};
use super::model::{
    AffiliationMark, EventSummary, PlayerRef, RuleLink, SiteView, TiebreakColumn,
    affiliation_marks, marks_legend, round_minutes,
};
use crate::event::penalty::Given;
use crate::event::{Event, Kind};
use crate::rules::computed::{Computed, ComputedKind, VenueDraw};
use crate::rules::standings::{Decider, Standings};
use crate::rules::{CcgStandings, Tiebreaker};

/// The event page's `event`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct EventView {
    #[serde(flatten)]
    pub(crate) summary: EventSummary,
    pub(crate) slug: String,
    pub(crate) json_url: String,
    pub(crate) venue: Option<String>,
    pub(crate) organizer: Option<String>,
    pub(crate) website: Option<String>,
    pub(crate) format: String,
    pub(crate) structure: String,
    pub(crate) tier: Option<String>,
    pub(crate) seed: u64,
    pub(crate) round_minutes: u32,
    pub(crate) swiss_rounds: Option<u32>,
    pub(crate) cut: Option<u32>,
    /// The ruleset's reference page.
    rules_url: String,
    /// `description` rendered from Markdown (sanitized).
    description_html: Option<String>,
    /// The sibling `.md` file rendered (sanitized).
    long_html: Option<String>,
    /// The players table: every competitor, or where the standings list them
    /// (`players_in_standings`), only those the standings leave out.
    pub(crate) players: Vec<PlayerView>,
    /// Whether the standings on the page list the players, each once, with their lists: the
    /// players table then holds only those without a row there.
    players_in_standings: bool,
    /// The players table's optional columns.
    player_columns: PlayerColumns,
    /// While the decklists are held back, when they come out ("Decklists are published after
    /// the cut, ..."): said where the lists and their counts would be.
    decklists_notice: Option<&'static str>,
    /// The Swiss rounds, each linking to its own page.
    pub(crate) rounds: Vec<RoundLink>,
    /// Standings after the last finished round.
    pub(crate) standings: Option<StandingsView>,
    /// Number of the round published but not finished, if any.
    current_round: Option<u32>,
    /// The current round's tables (or the elimination games ready to play), shown first on a
    /// running event's page: what players open it for between rounds.
    pub(crate) now: Option<super::pairings_view::PairingsView>,
    /// Running events: when the file was last updated, and what the page's script polls.
    pub(crate) live: Option<super::live_view::LiveView>,
    /// The next Swiss round as the rules pair it, until it is written into the file.
    top_cut: Option<super::stage_view::CutView>,
    pub(crate) bracket: Option<super::stage_view::BracketView>,
    /// Final places (empty until known).
    pub(crate) placings: Vec<super::stage_view::PlacingView>,
    /// What the affiliation marks beside the names stand for: each one on the page, once
    /// (empty when no list has one).
    marks: Vec<AffiliationMark>,
    /// Team events: whether the competitors are teams.
    pub(crate) team: bool,
    /// Team events: the final match between the teams tied for first.
    pub(crate) team_final: Option<super::stage_view::TeamFinalView>,
    /// SW:CCG events: games, standings, the next game and the Final Confrontation.
    pub(crate) ccg: Option<super::ccg_view::CcgView>,
    /// A SW:CCG bracket of two-game matches: the top cut after the Swiss games, or a
    /// match-play event's bracket.
    pub(crate) ccg_bracket: Option<super::ccg_top_cut_view::TopCutView>,
    /// Sides, endings, affiliations and objective sets of this event.
    pub(crate) stats: super::stats::StatsView,
    /// Events known only by their results: the final standings as recorded.
    pub(crate) recorded: Option<super::recorded_view::RecordedView>,
    /// Leagues and challenge events: what they recorded and computed.
    pub(crate) casual: Option<super::casual_view::CasualView>,
    /// The penalty log (`[[penalties]]`), in file order.
    penalties: Vec<PenaltyView>,
    /// The pairing audit: the badge near the top and the section listing the departures
    /// (`None` when no round is recorded).
    pub(crate) audit: Option<super::audit_view::AuditView>,
    /// schema.org `Event` data as JSON-LD, escaped to sit inside a `<script>` element as it is.
    pub(crate) json_ld: String,
}

/// One entry of the penalty log.
#[derive(Debug, Clone, Serialize)]
struct PenaltyView {
    /// "Round 3" or "Elimination game 2".
    given: String,
    /// The round's page, for a penalty given in a Swiss round.
    given_url: Option<String>,
    player: PlayerRef,
    infraction: &'static str,
    penalty: &'static str,
    note: Option<String>,
}

/// A registered player.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlayerView {
    pub(crate) id: String,
    pub(crate) name: String,
    /// The person's page across the archive; `None` for a team.
    page_url: Option<String>,
    pub(crate) number: u32,
    /// "dropped after round 3", "disqualified after round 2", "rejoined in round 4", "late entry
    /// from round 2", or empty.
    pub(crate) note: String,
    /// Team events: the team's two players (player #1 first), with their decklists.
    pub(crate) members: Vec<PlayerView>,
    /// The player's lists on the event's decklists page, when they recorded any.
    pub(crate) deck_url: Option<String>,
    /// Their lists' affiliation marks, the dark side's first.
    pub(crate) marks: Vec<AffiliationMark>,
    /// The final place, or while there is none the rank in the latest standings.
    pub(crate) rank: Option<u32>,
    /// `rank` as the players table shows it: "3", or "(17)" for a rank in the standings in a
    /// table whose other ranks are final places; empty without one.
    pub(crate) rank_text: String,
    /// "5–1–0" (won–lost–drawn), a SW:CCG record `6–2, 12 VP (+28)`, a recorded score, or
    /// empty.
    pub(crate) record: String,
}

/// The event page's players table: which columns beside the name and number it has, and their
/// heads.
#[derive(Debug, Clone, Default, Serialize)]
struct PlayerColumns {
    /// "Place" (every rank is a final place, or some are), "Rank" (none is), or `None` when no
    /// player has either.
    pub(crate) rank: Option<&'static str>,
    /// Under "Place" when some players have a rank but no place: "(Swiss rank)", what their
    /// bracketed numbers are.
    rank_hint: &'static str,
    /// "Record", "Score" (SW:CCG), "Sessions won" (challenge decks), or `None` when no player
    /// has one.
    pub(crate) record: Option<&'static str>,
    /// What the record counts: "W–L–D", "W–L, victory points (differential)", or empty.
    record_hint: &'static str,
}

/// A Swiss round as the event page lists it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RoundLink {
    pub(crate) number: u32,
    /// The round's own page.
    pub(crate) url: String,
    /// `finished`, `in-progress` (some results in) or `published` (no results yet).
    pub(crate) state: &'static str,
    pub(crate) tables: usize,
    pub(crate) byes: usize,
}

/// The standings after a round.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct StandingsView {
    pub(crate) after_round: u32,
    /// The ruleset's tiebreakers, in order, with links to their rules and the short names that
    /// mark the rows they decided.
    pub(crate) tiebreakers: Vec<TiebreakColumn>,
    /// The value tiebreakers shown as columns.
    pub(crate) columns: Vec<TiebreakColumn>,
    pub(crate) rows: Vec<StandingRow>,
    /// Who drew the random order of the players it placed, when it placed any: "drawn at the
    /// venue", "drawn by Holonet from the event's seed", or each for its ties.
    random_drawn: Option<String>,
}

/// A tiebreaker value: rounded for display, and exact.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct TiebreakValue {
    /// Three decimals (or a whole number).
    pub(crate) display: String,
    /// The exact fraction.
    pub(crate) exact: String,
}

/// One row of the standings.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct StandingRow {
    pub(crate) rank: Option<u32>,
    /// "1", or "DQ" for a disqualified player.
    pub(crate) rank_text: String,
    pub(crate) id: String,
    pub(crate) name: String,
    /// The player's page (a team's entry on the event page).
    pub(crate) url: String,
    /// The player's lists on the event's decklists page, when they recorded any.
    pub(crate) deck_url: Option<String>,
    /// Their lists' affiliation marks, the dark side's first.
    pub(crate) marks: Vec<AffiliationMark>,
    pub(crate) points: u32,
    /// Games won–lost–drawn.
    pub(crate) record: String,
    pub(crate) byes: u32,
    pub(crate) rounds_played: u32,
    /// The ruleset's value tiebreakers, in the order of `StandingsView::columns`.
    pub(crate) values: Vec<TiebreakValue>,
    /// The tiebreaker that ranked this row below the one above on equal points, linked to its
    /// rule; `None` when points decided (or for the first row).
    pub(crate) tiebreak: Option<TiebreakColumn>,
    /// "dropped after round 3", "disqualified", "late entry from round 2", or empty.
    pub(crate) note: String,
}

/// Builds the event page's model. `markdown` renders (and sanitizes) Markdown.
pub(crate) fn event_view(
    site: &SiteView,
    event: &Event,
    computed: &Computed,
    counted: &super::counts::Counted,
    now: Option<super::pairings_view::PairingsView>,
    markdown: &dyn Fn(&str) -> String,
    aliases: &crate::load::aliases::Aliases,
) -> EventView {
    let ruleset = computed.ruleset;
    let (rules_url, rule) = rule_links(site, computed);
    let names = super::names::NameLinks::event_page(site, aliases, event);
    let (mut players, player_columns) = players_view(site, event, computed, &names);
    let url_of = |id: &str| names.competitor(id);
    let standings_view = |s: &Standings| standings_view(site, event, computed, s, &rule, &url_of);
    let rounds = event
        .rounds()
        .iter()
        .map(|round| RoundLink {
            number: round.number,
            url: site.link(&round_path(event, round.number)),
            state: round_state(round),
            tables: round.tables.len(),
            byes: round.byes.len(),
        })
        .collect();
    let current_round = event
        .rounds()
        .iter()
        .find(|r| !r.is_complete())
        .map(|r| r.number);
    // The final places carry each player's record and lists, as the players table has them:
    // the section players look at first says how each place was earned.
    let mut placings = super::stage_view::placings_view(&names, computed);
    for placing in &mut placings {
        if let Some(row) = players.iter().find(|p| p.id == placing.id) {
            placing.record.clone_from(&row.record);
            placing.deck_url.clone_from(&row.deck_url);
            placing.marks.clone_from(&row.marks);
        }
    }
    let players_in_standings = keep_players_not_in_standings(event, computed, &mut players);
    let marks: Vec<AffiliationMark> = event.players.iter().flat_map(affiliation_marks).collect();
    EventView {
        marks: marks_legend(&marks),
        summary: super::summary::summary(site, aliases, event, computed),
        slug: event.slug.clone(),
        json_url: site.link(&format!("{}event.json", event_path(event))),
        venue: event.info.venue.clone(),
        organizer: event.info.organizer.clone(),
        website: event.info.url.clone(),
        format: event.info.format.clone(),
        structure: event.info.structure.clone(),
        tier: event.info.tier.clone(),
        seed: event.info.seed,
        round_minutes: round_minutes(event, ruleset),
        swiss_rounds: computed.swiss_rounds,
        cut: computed.cut,
        rules_url: rules_url.clone(),
        description_html: event.info.description.as_deref().map(markdown),
        long_html: event.long_text.as_deref().map(markdown),
        players,
        player_columns,
        players_in_standings,
        rounds,
        standings: computed.latest().map(standings_view),
        current_round,
        now,
        live: super::live_view::live_view(site, event, computed),
        top_cut: super::stage_view::cut_view(event, &names, computed, &rule),
        bracket: super::stage_view::bracket_view(site, event, computed, &rule, &names),
        placings,
        team: event.is_team(),
        stats: super::stats::collect([counted]),
        decklists_notice: super::deck_view::withheld_notice(event, computed),
        team_final: super::stage_view::team_final_view(&names, computed, &rule),
        ccg: computed
            .ccg()
            .map(|c| super::ccg_view::ccg_view(site, event, &names, c, &rule)),
        ccg_bracket: computed.ccg().and_then(|c| match &c.top_cut {
            Some(t) => Some(super::ccg_top_cut_view::top_cut_view(
                event, &names, t, &rule,
            )),
            None if computed.ruleset.ccg_standings
                == crate::rules::CcgStandings::TournamentAssistantMatchPlay =>
            {
                super::ccg_top_cut_view::match_play_view(event, &names, c, &rule)
            }
            None => None,
        }),
        recorded: super::recorded_view::recorded_view(site, event, &names),
        casual: super::casual_view::casual_view(event, &names, computed, &rule),
        penalties: penalties_view(site, event, &names),
        audit: super::audit_view::audit_view(site, &names, event, ruleset, &computed.audit),
        json_ld: super::schema_org::event_json_ld(site, event, computed),
    }
}

/// The penalty log as the event page lists it.
fn penalties_view(
    site: &SiteView,
    event: &Event,
    names: &super::names::NameLinks<'_>,
) -> Vec<PenaltyView> {
    let Kind::Swiss(play) = &event.kind else {
        return Vec::new();
    };
    play.penalties
        .iter()
        .map(|p| {
            let (given, given_url) = match p.given {
                Given::Round(n) => (format!("Round {n}"), Some(site.link(&round_path(event, n)))),
                Given::EliminationGame(n) => (format!("Elimination game {n}"), None),
            };
            PenaltyView {
                given,
                given_url,
                player: names.player(p.player),
                infraction: p.infraction.words(),
                penalty: p.penalty.words(),
                note: p.note.clone(),
            }
        })
        .collect()
}

/// Each player once on the event page: where the latest standings (Swiss or SW:CCG) have rows,
/// they list the players with their lists and records, and a second table of all of them (a
/// big event's longest) would repeat every name. Keeps in `players` only those without a row
/// there; returns whether the standings list the players. A team event keeps its table, which
/// names each team's players.
fn keep_players_not_in_standings(
    event: &Event,
    computed: &Computed,
    players: &mut Vec<PlayerView>,
) -> bool {
    let swiss = computed
        .latest()
        .into_iter()
        .flat_map(|s| &s.rows)
        .map(|r| r.player);
    let ccg = computed
        .ccg()
        .and_then(|c| c.standings.last())
        .into_iter()
        .flatten()
        .map(|r| r.player);
    let listed: std::collections::HashSet<&str> = swiss
        .chain(ccg)
        .filter_map(|p| event.players.get(p))
        .map(|p| p.id.as_str())
        .collect();
    if event.is_team() || listed.is_empty() {
        return false;
    }
    players.retain(|p| !listed.contains(p.id.as_str()));
    true
}

/// The players table: each competitor with their place, record and decklists; a team with its
/// two players. With the columns the rows fill.
fn players_view(
    site: &SiteView,
    event: &Event,
    computed: &Computed,
    names: &super::names::NameLinks<'_>,
) -> (Vec<PlayerView>, PlayerColumns) {
    let standings = super::standings::standings(event, computed);
    let mut players: Vec<PlayerView> = event
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let members = event.members.get(i).map(|pair| {
                pair.iter()
                    .map(|&m| {
                        let person = &event.people[m];
                        let url = names.person(&person.id);
                        player_view(site, event, person, Some(url), Vec::new())
                    })
                    .collect()
            });
            let url = (!event.is_team()).then(|| names.person(&p.id));
            player_view(site, event, p, url, members.unwrap_or_default())
        })
        .collect();
    let ranked = |s: &&super::standings::Standing| s.rank.is_some();
    let placed = standings.iter().filter(ranked).filter(|s| s.placed).count();
    let all_placed = placed == standings.iter().filter(ranked).count();
    for (view, standing) in players.iter_mut().zip(&standings) {
        view.rank = standing.rank;
        view.rank_text = match standing.rank {
            Some(r) if standing.placed || placed == 0 => r.to_string(),
            Some(r) => format!("({r})"),
            None => String::new(),
        };
        view.record.clone_from(&standing.record);
    }
    let any_record = standings.iter().any(|s| !s.record.is_empty());
    let columns = PlayerColumns {
        rank: match (standings.iter().any(|s| s.rank.is_some()), placed) {
            (false, _) => None,
            (true, 0) => Some("Rank"),
            (true, _) => Some("Place"),
        },
        rank_hint: if placed == 0 || all_placed {
            ""
        } else if matches!(computed.kind, ComputedKind::Swiss(_)) {
            "(Swiss rank)"
        } else {
            "(rank)"
        },
        record: any_record.then_some(match computed.kind {
            ComputedKind::Challenge(_) => "Sessions won",
            _ => "Record",
        }),
        record_hint: match &computed.kind {
            _ if !any_record => "",
            ComputedKind::Swiss(_) | ComputedKind::League(_) => "W–L–D",
            ComputedKind::Ccg(_)
                if computed.ruleset.ccg_standings == CcgStandings::TournamentAssistantSos =>
            {
                "W–L, victory points"
            }
            ComputedKind::Ccg(_) => "W–L, victory points (differential)",
            ComputedKind::Challenge(_) | ComputedKind::Recorded => "",
        },
    };
    // By place (or rank) while there is one, the others after them in registration order.
    players.sort_by_key(|p| (p.rank.is_none(), p.rank, p.number));
    (players, columns)
}

fn player_view(
    site: &SiteView,
    event: &Event,
    p: &crate::event::Player,
    page_url: Option<String>,
    members: Vec<PlayerView>,
) -> PlayerView {
    PlayerView {
        id: p.id.clone(),
        name: p.name.clone(),
        page_url,
        number: p.number,
        note: player_note(event, p),
        members,
        deck_url: deck_path(event, p).map(|path| site.link(&path)),
        marks: affiliation_marks(p),
        rank: None,
        rank_text: String::new(),
        record: String::new(),
    }
}

fn player_note(event: &Event, p: &crate::event::Player) -> String {
    // SW:CCG events count games (two to a round), and their files number games.
    let unit = unit(event);
    let left = match (p.drop, p.rejoin, p.disqualified) {
        (Some(0), None, false) => format!("withdrew before {unit} 1"),
        (Some(d), _, true) => format!("disqualified after {unit} {d}"),
        (Some(d), Some(j), _) => format!("dropped after {unit} {d}, back from {unit} {j}"),
        (Some(d), None, false) => format!("dropped after {unit} {d}"),
        _ => String::new(),
    };
    match (late_note(event, p), left.is_empty()) {
        (Some(late), true) => late,
        (Some(late), false) => format!("{late}, {left}"),
        (None, _) => left,
    }
}

/// "late entry from round 3" (SW:CCG: "from game 3", its rounds being games).
fn late_note(event: &Event, p: &crate::event::Player) -> Option<String> {
    let unit = unit(event);
    p.late.map(|n| format!("late entry from {unit} {n}"))
}

/// The event's ruleset reference page, and links into it by anchor and label (shared by the
/// event page and the round pages).
pub(super) fn rule_links(
    site: &SiteView,
    computed: &Computed,
) -> (String, impl Fn(&str, &str) -> RuleLink + use<>) {
    let rules_url = site.link(computed.ruleset.reference_page);
    let page = rules_url.clone();
    let rule = move |anchor: &str, label: &str| RuleLink {
        label: label.to_string(),
        url: format!("{page}#{anchor}"),
    };
    (rules_url, rule)
}

/// `finished`, `in-progress` (some results in) or `published` (no results yet).
pub(super) fn round_state(round: &crate::event::Round) -> &'static str {
    if round.is_complete() {
        "finished"
    } else if round.is_unreported() {
        "published"
    } else {
        "in-progress"
    }
}

/// A tiebreaker as a standings table shows it: its mark and column head, and its rule.
pub(super) fn tiebreak_column(
    t: Tiebreaker,
    rule: &dyn Fn(&str, &str) -> RuleLink,
) -> TiebreakColumn {
    let link = rule(t.anchor(), t.label());
    TiebreakColumn {
        short: t.abbreviation().to_string(),
        label: link.label,
        url: link.url,
    }
}

/// The note beside a player's name in the standings after round `after_round`: why they left
/// by then ("dropped after round 2"), else a late entry.
pub(super) fn standing_note(event: &Event, p: &crate::event::Player, after_round: u32) -> String {
    if p.drop.is_some_and(|d| d <= after_round) {
        player_note(event, p)
    } else {
        late_note(event, p).unwrap_or_default()
    }
}

/// What the event's rounds are called: a SW:CCG event is played in games.
fn unit(event: &Event) -> &'static str {
    if crate::rules::ruleset(&event.info.rules)
        .is_some_and(|r| r.family == crate::rules::Family::Ccg)
    {
        "game"
    } else {
        "round"
    }
}

/// Who drew the random order the standings `s` show, in words, when it placed anyone: a tie
/// the venue drew (recorded in `venue_draw`, or shown by the bracket the venue played) or one
/// Holonet drew from the event's seed.
fn random_drawn(event: &Event, computed: &Computed, s: &Standings) -> Option<String> {
    let random = Some(Decider::Tiebreaker(Tiebreaker::Random));
    let placed: Vec<&crate::rules::standings::Standing> =
        s.rows.iter().filter(|r| r.decided_by == random).collect();
    if placed.is_empty() {
        return None;
    }
    let at_venue = match computed.swiss().and_then(|sw| sw.venue_draw) {
        Some(VenueDraw::Bracket) => "drawn at the venue (as the bracket it played shows)",
        _ => "drawn at the venue",
    };
    let seeded = format!(
        "drawn by Holonet from the event's seed ({})",
        event.info.seed
    );
    // The places the venue's draw decided, as runs of ranks: "3 to 6".
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for rank in s
        .rows
        .iter()
        .filter(|r| r.drawn_at_venue)
        .filter_map(|r| r.rank)
    {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == rank => *end = rank,
            _ => runs.push((rank, rank)),
        }
    }
    let places: Vec<String> = runs.iter().map(|(a, b)| format!("{a} to {b}")).collect();
    Some(if runs.is_empty() {
        seeded
    } else if placed.iter().all(|r| r.drawn_at_venue) {
        at_venue.to_string()
    } else {
        let places = match places.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
            _ => places.join(""),
        };
        format!("{at_venue} for places {places}, and {seeded} for the other ties")
    })
}

fn standings_view(
    site: &SiteView,
    event: &Event,
    computed: &Computed,
    s: &Standings,
    rule: &dyn Fn(&str, &str) -> RuleLink,
    url_of: &dyn Fn(&str) -> String,
) -> StandingsView {
    let value_tiebreakers: Vec<Tiebreaker> = computed
        .ruleset
        .tiebreakers
        .iter()
        .copied()
        .filter(|&t| t.is_value())
        .collect();
    let column = |t: Tiebreaker| tiebreak_column(t, rule);
    // A column shows every value with the same decimals: three as soon as one value needs
    // them ("3.000" above "3.250", not "3").
    let fractional: Vec<bool> = value_tiebreakers
        .iter()
        .map(|&t| {
            s.rows
                .iter()
                .any(|r| r.value(t).is_some_and(|v| v.denom() != 1))
        })
        .collect();
    StandingsView {
        after_round: s.after_round,
        random_drawn: random_drawn(event, computed, s),
        columns: value_tiebreakers.iter().map(|&t| column(t)).collect(),
        tiebreakers: computed
            .ruleset
            .tiebreakers
            .iter()
            .map(|&t| column(t))
            .collect(),
        rows: s
            .rows
            .iter()
            .map(|r| {
                let p = &event.players[r.player];
                StandingRow {
                    rank: r.rank,
                    rank_text: r.rank.map_or_else(|| "DQ".to_string(), |n| n.to_string()),
                    id: p.id.clone(),
                    name: p.name.clone(),
                    url: url_of(&p.id),
                    deck_url: deck_path(event, p).map(|path| site.link(&path)),
                    marks: affiliation_marks(p),
                    points: r.points,
                    record: format!("{}–{}–{}", r.wins, r.losses, r.draws),
                    byes: r.byes,
                    rounds_played: r.rounds_played,
                    values: value_tiebreakers
                        .iter()
                        .zip(&fractional)
                        .filter_map(|(&t, &fractional)| r.value(t).map(|v| (v, fractional)))
                        .map(|(v, fractional)| TiebreakValue {
                            display: if fractional {
                                v.decimal(3)
                            } else {
                                v.to_string()
                            },
                            exact: v.to_string(),
                        })
                        .collect(),
                    tiebreak: match r.decided_by {
                        Some(Decider::Tiebreaker(t)) => Some(column(t)),
                        Some(Decider::Points) | None => None,
                    },
                    note: standing_note(event, p, s.after_round),
                }
            })
            .collect(),
    }
}
