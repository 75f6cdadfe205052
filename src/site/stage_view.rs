//! Page model for what comes after (and between) recorded rounds: the provisional next round,
//! the cut, the bracket and the final placings.

use serde::Serialize;

use super::addresses::deck_path;
use super::model::{AffiliationMark, PlayerRef, RuleLink, SiteView, side_affiliation_mark};
use super::names::NameLinks;
use crate::event::{Event, Side};
use crate::rules::bracket::{Decision, GameState, Part, SideReason};
use crate::rules::computed::Computed;
use crate::rules::pairing::swiss::Reason;

/// A rule link maker: anchor and label to a link on the ruleset's reference page.
pub(crate) type Rule<'a> = &'a dyn Fn(&str, &str) -> RuleLink;

/// The link explaining why a table was paired.
pub(crate) fn reason_link(reason: Reason, rule: Rule<'_>) -> RuleLink {
    match reason {
        Reason::Random => rule("swiss-pairing", "random (round 1)"),
        Reason::AvoidNotPossible => rule("swiss-pairing", "random; could not be kept apart"),
        Reason::SameGroup => rule("swiss-pairing", "same score group"),
        Reason::PairedDown => rule("swiss-pairing", "paired down"),
        Reason::AvoidsRematch => rule("swiss-pairing", "moved to avoid a rematch"),
        Reason::UnavoidableRematch => rule("swiss-pairing", "rematch"),
        Reason::AvoidableRematch => rule("swiss-pairing", "rematch a pairing could have avoided"),
    }
}

/// The cut.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct CutView {
    pub(crate) size: u32,
    pub(crate) seeds: Vec<SeedView>,
    /// Qualified players who left before the cut began.
    pub(crate) replaced: Vec<PlayerRef>,
    pub(crate) rule: RuleLink,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct SeedView {
    pub(crate) seed: u32,
    pub(crate) id: String,
    pub(crate) name: String,
    /// The player's page (a team's entry on the event page).
    pub(crate) url: String,
    pub(crate) swiss_rank: u32,
    pub(crate) replacement: bool,
}

pub(crate) fn cut_view(
    event: &Event,
    names: &NameLinks<'_>,
    computed: &Computed,
    rule: Rule<'_>,
) -> Option<CutView> {
    let swiss = computed.swiss()?;
    if swiss.seeds.is_empty() {
        return None;
    }
    Some(CutView {
        size: computed.cut.unwrap_or(0),
        seeds: swiss
            .seeds
            .iter()
            .enumerate()
            .map(|(i, s)| SeedView {
                seed: i as u32 + 1,
                id: event.players[s.player].id.clone(),
                name: event.players[s.player].name.clone(),
                url: names.competitor(&event.players[s.player].id),
                swiss_rank: s.swiss_rank,
                replacement: s.replacement,
            })
            .collect(),
        replaced: swiss.replaced.iter().map(|&p| names.player(p)).collect(),
        rule: rule("cut", "progression cut"),
    })
}

/// The bracket, by part and round.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct BracketView {
    pub(crate) size: u32,
    pub(crate) upper: Vec<BracketRoundView>,
    pub(crate) lower: Vec<BracketRoundView>,
    /// The final and, when it was needed, the second final game.
    pub(crate) finals: Vec<BracketGameView>,
    /// The desktop layout, as classes for the stylesheet: `cols-N` (N columns: the lower
    /// bracket's rounds and the final) and `skip-K` (the upper bracket's last game reaches the
    /// final across K empty columns).
    pub(crate) layout: String,
    /// Wider than a wide screen's page column (seven columns: a top 16 with its lower
    /// bracket): the page says it scrolls sideways.
    pub(crate) wide: bool,
    pub(crate) champion: Option<PlayerRef>,
    pub(crate) rule: RuleLink,
    /// How most games' sides were decided, said once above the bracket (see
    /// [`common_side_reason`]); a game with another reason says its own.
    pub(crate) side_reason: Option<RuleLink>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct BracketRoundView {
    pub(crate) round: u32,
    pub(crate) games: Vec<BracketGameView>,
    /// How the round's games feed the part's next round, for the connectors: `join-pair` (each
    /// pair of games feeds one), `join-straight` (each game feeds one), or empty (the last round).
    pub(crate) join: &'static str,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct BracketGameView {
    pub(crate) number: u32,
    /// `played`, `ready`, `waiting` or `not-needed`.
    pub(crate) state: &'static str,
    pub(crate) slots: [Option<BracketSeatView>; 2],
    /// What each empty slot shows: where its player will come from ("Winner of game 3", linked
    /// to that game), or that nobody came.
    pub(crate) sources: [SourceView; 2],
    pub(crate) side_reason: Option<RuleLink>,
    /// How the game was decided when it was not simply played ("time: light 4.9 to dark 5.35",
    /// "bye: the opponent left"), linked to the rule applied.
    pub(crate) decision: Option<RuleLink>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct BracketSeatView {
    pub(crate) id: String,
    pub(crate) name: String,
    /// The player's page across the archive.
    pub(crate) url: String,
    pub(crate) seed: u32,
    /// The player's section of the decklists page, when they recorded lists.
    pub(crate) deck_url: Option<String>,
    /// `dark`, `light`, or empty when not known yet.
    pub(crate) side: &'static str,
    /// The affiliation mark of the list the player played the game's side with.
    pub(crate) mark: Option<AffiliationMark>,
    pub(crate) won: bool,
    /// The game's result for this player, shown in the box: `won`, the points when the game
    /// went to time, `bye` or `left`; empty for a game not decided yet (and the loser of a game
    /// played out, whose row is simply not marked).
    pub(crate) result: String,
    /// The result said in full for screen readers ("won on time, 51.5 points").
    result_said: String,
}

/// An empty slot of a bracket game.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SourceView {
    pub(crate) text: String,
    /// The game the player comes from (`game-3`), when there is one.
    pub(crate) game: Option<String>,
}

/// `units` as a decimal number of points (`per_point` units make a point): 174 halves are
/// "87", 173 halves "86.5", 173 twentieths "8.65".
fn points(units: u32, per_point: u32) -> String {
    let per_point = per_point.max(1);
    let whole = units / per_point;
    let rest = units % per_point;
    if rest == 0 {
        return whole.to_string();
    }
    // Decimal digits: per_point is 2 or 20 here, so two places are always exact.
    let hundredths = rest * 100 / per_point;
    let text = format!("{whole}.{hundredths:02}");
    text.trim_end_matches('0').to_string()
}

/// What an empty slot shows: where its player comes from, or, once the game is decided without
/// them (a player who left), that nobody came.
fn source_view(source: crate::rules::bracket::Source, decided: bool) -> SourceView {
    use crate::rules::bracket::Source;
    if decided {
        return SourceView {
            text: "No opponent".to_string(),
            game: None,
        };
    }
    match source {
        Source::Seed(n) => SourceView {
            text: format!("Seed {n}"),
            game: None,
        },
        Source::Winner(g) => SourceView {
            text: format!("Winner of game {g}"),
            game: Some(format!("game-{g}")),
        },
        Source::Loser(g) => SourceView {
            text: format!("Loser of game {g}"),
            game: Some(format!("game-{g}")),
        },
    }
}

/// A seat's result: what the box shows and what a screen reader says.
fn seat_result(game: &GameState, p: usize) -> (String, String) {
    let won = game.winner == Some(p);
    match game.decision {
        None => (String::new(), String::new()),
        Some(Decision::Played) if won => ("won".to_string(), "won".to_string()),
        Some(Decision::Played) => (String::new(), "lost".to_string()),
        Some(Decision::Time {
            light,
            dark,
            per_point,
        }) => {
            let mine = if game.dark == Some(p) { dark } else { light };
            let shown = points(mine, per_point);
            let said = if won {
                format!("won on time, {shown} points")
            } else {
                format!("lost on time, {shown} points")
            };
            (shown, said)
        }
        Some(Decision::Bye) if won => ("bye".to_string(), "won by a bye".to_string()),
        Some(Decision::Bye) => ("left".to_string(), "left the event".to_string()),
    }
}

fn game_view(
    site: &SiteView,
    event: &Event,
    computed: &Computed,
    game: &GameState,
    rule: Rule<'_>,
    names: &NameLinks<'_>,
) -> BracketGameView {
    let seeds = computed.swiss().map_or(&[][..], |s| &s.seeds);
    let seed_of = |p: usize| {
        seeds
            .iter()
            .position(|s| s.player == p)
            .map_or(0, |i| i as u32 + 1)
    };
    let seat = |p: Option<usize>| {
        p.map(|p| BracketSeatView {
            id: event.players[p].id.clone(),
            name: event.players[p].name.clone(),
            url: names.competitor(&event.players[p].id),
            seed: seed_of(p),
            deck_url: deck_path(event, &event.players[p]).map(|path| site.link(&path)),
            side: match game.dark {
                Some(d) if d == p => "dark",
                Some(_) => "light",
                None => "",
            },
            mark: game.dark.and_then(|d| {
                let side = if d == p { Side::Dark } else { Side::Light };
                side_affiliation_mark(&event.players[p], side)
            }),
            won: game.winner == Some(p),
            result: seat_result(game, p).0,
            result_said: seat_result(game, p).1,
        })
    };
    let state = if !game.needed {
        "not-needed"
    } else if game.winner.is_some() || game.decision.is_some() {
        "played"
    } else if game.players.iter().all(Option::is_some) {
        "ready"
    } else {
        "waiting"
    };
    BracketGameView {
        number: game.spec.number,
        state,
        slots: [seat(game.players[0]), seat(game.players[1])],
        sources: [
            source_view(game.spec.from[0], game.winner.is_some()),
            source_view(game.spec.from[1], game.winner.is_some()),
        ],
        side_reason: game.side_reason.map(|r| match r {
            SideReason::HigherSeedChose => rule("deck-choice", "higher seed's choice"),
            SideReason::FewerTimes => rule("deck-choice", "side played fewer times"),
            SideReason::GreaterDifferential => rule("deck-choice", "greater differential"),
            SideReason::CoinFlip => rule("deck-choice", "coin flip"),
            SideReason::HigherSeedChoseTie => {
                rule("deck-choice", "equal; the higher seed's choice")
            }
            SideReason::FinalistsSwitch => rule("deck-choice", "finalists switch sides"),
        }),
        decision: game.decision.and_then(|d| match d {
            Decision::Played => None,
            Decision::Time {
                light,
                dark,
                per_point,
            } => Some(rule(
                "going-to-time",
                &format!(
                    "went to time: light {} to dark {}",
                    points(light, per_point),
                    points(dark, per_point)
                ),
            )),
            Decision::Bye => Some(rule("drops", "bye: the opponent left")),
        }),
    }
}

pub(crate) fn bracket_view(
    site: &SiteView,
    event: &Event,
    computed: &Computed,
    rule: Rule<'_>,
    names: &NameLinks<'_>,
) -> Option<BracketView> {
    let bracket = computed.swiss()?.bracket.as_ref()?;
    let by_round = |part: Part| {
        let mut rounds: Vec<BracketRoundView> = Vec::new();
        for game in bracket.games.iter().filter(|g| g.spec.part == part) {
            let view = game_view(site, event, computed, game, rule, names);
            match rounds.iter_mut().find(|r| r.round == game.spec.round) {
                Some(r) => r.games.push(view),
                None => rounds.push(BracketRoundView {
                    round: game.spec.round,
                    games: vec![view],
                    join: "",
                }),
            }
        }
        rounds.sort_by_key(|r| r.round);
        let counts: Vec<usize> = rounds.iter().map(|r| r.games.len()).collect();
        for (round, next) in rounds.iter_mut().zip(counts.iter().skip(1)) {
            round.join = join(round.games.len(), *next);
        }
        rounds
    };
    let finals = bracket
        .games
        .iter()
        .filter(|g| {
            matches!(g.spec.part, Part::Final | Part::SecondFinal)
                && (g.needed || g.spec.part == Part::Final)
        })
        .map(|g| game_view(site, event, computed, g, rule, names))
        .collect();
    let mut upper = by_round(Part::Upper);
    let mut lower = by_round(Part::Lower);
    // The last game of each part feeds the final.
    for (rounds, join) in [
        (&mut upper, "join-final-upper"),
        (&mut lower, "join-final-lower"),
    ] {
        if let Some(last) = rounds.last_mut() {
            last.join = join;
        }
    }
    let mut finals: Vec<BracketGameView> = finals;
    let side_reason = common_side_reason(&mut upper, &mut lower, &mut finals);
    let columns = lower.len().max(upper.len()) + 1;
    let skip = columns - 1 - upper.len();
    Some(BracketView {
        size: bracket.size,
        layout: format!("cols-{columns} skip-{skip}"),
        wide: columns >= 7,
        upper,
        lower,
        finals,
        side_reason,
        champion: bracket.champion.map(|p| names.player(p)),
        rule: rule("double-elimination", "double elimination"),
    })
}

/// The reason most of the bracket's games give for their sides, when two or more give it (the
/// first given on a tie): said once above the bracket and taken off those games, which leaves
/// each game saying only a reason that differs.
fn common_side_reason(
    upper: &mut [BracketRoundView],
    lower: &mut [BracketRoundView],
    finals: &mut [BracketGameView],
) -> Option<RuleLink> {
    let games = || {
        upper
            .iter()
            .chain(lower.iter())
            .flat_map(|r| &r.games)
            .chain(finals.iter())
    };
    let mut counts: Vec<(&RuleLink, usize)> = Vec::new();
    for reason in games().filter_map(|g| g.side_reason.as_ref()) {
        match counts.iter_mut().find(|(r, _)| *r == reason) {
            Some((_, n)) => *n += 1,
            None => counts.push((reason, 1)),
        }
    }
    let most = counts.iter().map(|&(_, n)| n).max().filter(|&n| n >= 2)?;
    let common = counts.into_iter().find(|&(_, n)| n == most)?.0.clone();
    for game in upper
        .iter_mut()
        .chain(lower.iter_mut())
        .flat_map(|r| &mut r.games)
        .chain(finals.iter_mut())
    {
        if game.side_reason.as_ref() == Some(&common) {
            game.side_reason = None;
        }
    }
    Some(common)
}

/// How a bracket round of `count` games feeds a next round of `next` games.
fn join(count: usize, next: usize) -> &'static str {
    if next * 2 == count {
        "join-pair"
    } else if next == count {
        "join-straight"
    } else {
        ""
    }
}

/// A final place.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlacingView {
    pub(crate) place: u32,
    pub(crate) id: String,
    pub(crate) name: String,
    /// The player's page (a team's entry on the event page).
    pub(crate) url: String,
    /// The player's record as the players table gives it ("5–1–0"), or empty.
    pub(crate) record: String,
    /// The player's lists on the decklists page, when published.
    pub(crate) deck_url: Option<String>,
    /// Their lists' affiliation marks, the dark side's first.
    pub(crate) marks: Vec<AffiliationMark>,
}

pub(crate) fn placings_view(names: &NameLinks<'_>, computed: &Computed) -> Vec<PlacingView> {
    computed
        .placings
        .iter()
        .flatten()
        .map(|&(place, p)| {
            let player = names.player(p);
            PlacingView {
                place,
                id: player.id,
                name: player.name,
                url: player.url,
                record: String::new(),
                deck_url: None,
                marks: Vec::new(),
            }
        })
        .collect()
}

/// The final match of a team event.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct TeamFinalView {
    pub(crate) teams: [PlayerRef; 2],
    /// Points each team took, once recorded.
    pub(crate) points: Option<[u32; 2]>,
    pub(crate) champion: Option<PlayerRef>,
    /// "Final match drawn: ..." and the like, for the page to say.
    pub(crate) state: &'static str,
    pub(crate) rule: RuleLink,
}

pub(crate) fn team_final_view(
    names: &NameLinks<'_>,
    computed: &Computed,
    rule: Rule<'_>,
) -> Option<TeamFinalView> {
    let fin = computed.swiss()?.team_final.as_ref()?;
    let state = match (fin.points, fin.champion) {
        (None, _) => "needed",
        (Some(_), Some(_)) => "played",
        (Some(_), None) => "level",
    };
    Some(TeamFinalView {
        teams: [names.player(fin.teams[0]), names.player(fin.teams[1])],
        points: fin.points,
        champion: fin.champion.map(|p| names.player(p)),
        state,
        rule: rule("team-final", "final match"),
    })
}
