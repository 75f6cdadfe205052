//! The page model's shared vocabulary: the site-wide values, links, list entries and formatting
//! helpers every page's model is made of. Like the whole page model, it is exactly what templates
//! need, already computed, formatted and linked; templates only lay it out and compute nothing.
//!
//! Every page view (`*_view.rs`) builds on this module, so it imports none of them; the event
//! page, which gathers the views, is assembled above them in [`super::event_page`].

use serde::Serialize;

use super::addresses::{CALENDAR_FILE, CARDS_PATH, FEED_FILE, RATINGS_PATH, SITE_CARD_FILE};
use super::content::ContentPage;
use crate::config::Config;
use crate::event::{Event, GameEnd};
use crate::rules::computed::Status;

/// A link-preview card's size in pixels: the 1.91:1 image Open Graph readers (chat
/// applications, social sites) show large.
pub(crate) const CARD_SIZE: (u32, u32) = (1200, 630);

/// Site-wide values every template gets as `site`.
#[derive(Debug, Clone, Serialize)]
pub struct SiteView {
    pub(crate) title: String,
    pub(crate) description: String,
    pub(crate) language: String,
    /// The published address, ending in `/`.
    pub(crate) base_url: String,
    /// The path every link starts with, ending in `/` (`/` or `/archive/`).
    pub(crate) root: String,
    /// The main navigation: events, players, statistics, cards, ratings (when kept), search,
    /// the rules reference, then the site's top-level pages.
    pub(crate) nav: Vec<NavLink>,
    /// Whether a `theme.css` (from the theme or the site's `static/`) follows the default
    /// stylesheet: a theme restyles the site with it, without repeating the default rules.
    pub(crate) theme_stylesheet: bool,
    /// `og:locale` (`de_CH` for the language `de-CH`), when the language names a region.
    pub(crate) og_locale: Option<String>,
    /// Link to the Atom feed of results.
    pub(crate) feed_url: String,
    /// Link to the iCalendar file of coming events.
    pub(crate) calendar_url: String,
    /// The site's preview card: the link preview of every page without one of its own.
    pub(crate) card: PageImage,
}

/// An entry of the main navigation. Templates mark the current one by comparing `path` with
/// `page.path`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct NavLink {
    pub(crate) title: String,
    pub(crate) path: String,
    pub(crate) url: String,
}

impl SiteView {
    /// `pages` are the site's content pages; top-level ones (such as `about/`) join the
    /// navigation in order of their `weight`, then title.
    pub fn new(config: &Config, pages: &[ContentPage]) -> SiteView {
        let root = config.base_path();
        let link = |title: &str, path: &str| NavLink {
            title: title.to_string(),
            path: path.to_string(),
            url: format!("{root}{path}"),
        };
        // No "Home": the site's title, at the head of every page, links the home page.
        let mut nav = vec![
            link("Events", "events/"),
            link("Players", "players/"),
            link("Statistics", "stats/"),
            link("Cards", CARDS_PATH),
        ];
        if config.ratings.enabled {
            nav.push(link("Ratings", RATINGS_PATH));
        }
        nav.push(link("Search", "search/"));
        // The rules index when the site has one, else the default ruleset's page.
        let rules = config
            .default_rules
            .as_deref()
            .and_then(crate::rules::ruleset)
            .unwrap_or(crate::rules::RULESETS[0]);
        let rules_page = ["rules/", rules.reference_page]
            .into_iter()
            .find(|path| pages.iter().any(|p| p.path == *path));
        if let Some(path) = rules_page {
            nav.push(link("Rules", path));
        }
        let mut top: Vec<&ContentPage> = pages
            .iter()
            .filter(|p| {
                !p.path.is_empty() && p.path.matches('/').count() == 1 && p.path != "rules/"
            })
            .collect();
        top.sort_by(|a, b| a.weight.cmp(&b.weight).then_with(|| a.title.cmp(&b.title)));
        nav.extend(top.into_iter().map(|p| link(&p.title, &p.path)));
        SiteView {
            title: config.title.clone(),
            description: config.description.clone(),
            language: config.language.clone(),
            base_url: config.base_url.clone(),
            og_locale: og_locale(&config.language),
            feed_url: format!("{root}{FEED_FILE}"),
            calendar_url: format!("{root}{CALENDAR_FILE}"),
            card: PageImage {
                url: format!("{}{SITE_CARD_FILE}", config.base_url),
                width: CARD_SIZE.0,
                height: CARD_SIZE.1,
                alt: if config.description.is_empty() {
                    format!("{}: tournament archive", config.title)
                } else {
                    format!("{}: {}", config.title, config.description)
                },
            },
            root,
            nav,
            theme_stylesheet: false,
        }
    }

    /// The link to a site path such as `events/2018/x/`.
    pub(crate) fn link(&self, path: &str) -> String {
        format!("{}{}", self.root, path)
    }

    /// The published address of a site path (`base_url` + path): absolute when `base_url` is a
    /// web address, as the feed, the calendar and the pages' metadata need.
    pub(crate) fn absolute(&self, path: &str) -> String {
        format!("{}{}", self.base_url, path)
    }
}

/// Open Graph writes a locale as `language_TERRITORY`; a language tag without a two-letter
/// region (`en`, `sr-Latn`) has no sensible one, and the tag is left out.
fn og_locale(language: &str) -> Option<String> {
    let mut parts = language.split(['-', '_']);
    let lang = parts.next()?;
    let region = parts.next()?;
    let is_lang = (2..=3).contains(&lang.len()) && lang.chars().all(|c| c.is_ascii_alphabetic());
    let is_region = region.len() == 2 && region.chars().all(|c| c.is_ascii_alphabetic());
    (is_lang && is_region).then(|| {
        format!(
            "{}_{}",
            lang.to_ascii_lowercase(),
            region.to_ascii_uppercase()
        )
    })
}

/// Every template gets the page being rendered as `page`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PageView {
    pub(crate) title: String,
    /// Path under the site root (`events/2018/x/`; empty for the home page).
    pub(crate) path: String,
    /// Link to this page (root + path).
    pub(crate) url: String,
    /// Absolute address (base_url + path), for canonical links.
    pub(crate) permalink: String,
    pub(crate) description: String,
    /// Open Graph `og:type`: `article` for event pages, `website` for the others.
    pub(crate) og_type: &'static str,
    /// The image a link to the page shows in chat applications and social sites (`og:image`):
    /// event pages have one (see [`super::preview`]).
    pub(crate) image: Option<PageImage>,
}

/// A page's link-preview image.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PageImage {
    /// Its absolute address: preview readers fetch it from anywhere.
    pub(crate) url: String,
    pub(crate) width: u32,
    pub(crate) height: u32,
    /// What it shows, in one sentence (`og:image:alt`).
    pub(crate) alt: String,
}

/// An event in lists (home page, events index); kept in the event cache too (see
/// [`super::contribution`]).
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct EventSummary {
    pub(crate) name: String,
    pub(crate) url: String,
    /// `YYYY-MM-DD`.
    pub(crate) date: String,
    pub(crate) end_date: Option<String>,
    /// "12 May 2018" or "12–13 May 2018".
    pub(crate) date_text: String,
    pub(crate) year: u16,
    pub(crate) location: Option<String>,
    pub(crate) rules_id: String,
    pub(crate) rules_name: String,
    /// The ruleset's short name ("FFG 2018"), for the lists of events.
    pub(crate) rules_short: String,
    /// The ruleset's game, for its mark: `lcg` or `ccg`, from the ruleset's family, so that no
    /// template tells the game from a ruleset's id or address.
    pub(crate) game: GameMark,
    /// `standard` or `team`, with an SW:CCG limited variant after it: "standard, secret-squirrel".
    pub(crate) format: String,
    /// The tier as recorded (`premier`, `formal`, ...), if any.
    pub(crate) tier: Option<String>,
    pub(crate) status: Status,
    /// Players who took part (registered, minus those who withdrew before round 1).
    pub(crate) player_count: u32,
    /// Swiss rounds finished (SW:CCG: games; casual events: games or sessions recorded).
    pub(crate) rounds_played: usize,
    /// The same in words: "3 rounds finished", "12 games played", "1 session played".
    pub(crate) progress: String,
    /// The winner (first of the final placings), once the event is finished, linked to their
    /// page (a team to its entry on the event page).
    pub(crate) leader: Option<PlayerRef>,
    /// The current round's page (by table and by name), while the event has one.
    pub(crate) pairings: Option<PairingsLink>,
}

/// A game's mark in the lists, as templates read it: `lcg` or `ccg`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum GameMark {
    Lcg,
    Ccg,
}

/// A link to a rule on a reference page.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct RuleLink {
    pub(crate) label: String,
    pub(crate) url: String,
}

/// The link to the current round's page.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub(crate) struct PairingsLink {
    /// `Round 2`, `Game 5`, `Top 8: games 9 and 10`.
    pub(crate) title: String,
    pub(crate) url: String,
    /// The same round on the room screen (see [`super::room_view`]).
    pub(crate) room_url: String,
}

/// A link to a neighbouring round, game or week.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct StepLink {
    /// `#game-3` on the same page, or a round's own page.
    pub(crate) href: String,
    pub(crate) number: u32,
}

/// The rounds (or games) just before and after one, for its previous and next links. Worked
/// out here rather than in the template, which would copy the whole list for each round.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct Steps {
    pub(crate) prev: Option<StepLink>,
    pub(crate) next: Option<StepLink>,
}

/// Fills each item's [`Steps`] from its neighbours' links.
pub(crate) fn link_steps<T>(
    items: &mut [T],
    link: impl Fn(&T) -> StepLink,
    steps: impl Fn(&mut T) -> &mut Steps,
) {
    let links: Vec<StepLink> = items.iter().map(link).collect();
    for (i, item) in items.iter_mut().enumerate() {
        *steps(item) = Steps {
            prev: i.checked_sub(1).map(|p| links[p].clone()),
            next: links.get(i + 1).cloned(),
        };
    }
}

/// A player named in a list.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub(crate) struct PlayerRef {
    pub(crate) id: String,
    pub(crate) name: String,
    /// The player's page (a team's entry on its event page; see [`super::names`]).
    pub(crate) url: String,
}

/// A column of tiebreaker values.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct TiebreakColumn {
    /// "SoS", "ESoS".
    pub(crate) short: String,
    pub(crate) label: String,
    pub(crate) url: String,
}

/// The home page's `home`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct HomeView<'a> {
    /// `content/_index.md` rendered, if present.
    pub(crate) intro_html: Option<String>,
    pub(crate) upcoming: Vec<&'a EventSummary>,
    pub(crate) running: Vec<&'a EventSummary>,
    pub(crate) recent: Vec<&'a EventSummary>,
    pub(crate) event_count: usize,
    pub(crate) events_url: String,
}

/// One page of a list the archive splits into pages once it is long (the events indexes, the
/// players A to Z, the ratings, a card's decklists): its path under the site root, title,
/// description, and its template's model.
pub(crate) struct ListPage<V> {
    pub(crate) path: String,
    pub(crate) title: String,
    pub(crate) description: String,
    pub(crate) view: V,
}

/// The events index pages' `index`: the same events grouped one way (by year, by ruleset and
/// format, by tier), with links to the other ways. A split archive's pages (see
/// [`super::event_index::EVENTS_PER_PAGE`]) add a directory of the pages below them, or the
/// pages beside them.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct EventsIndexView {
    /// One sentence saying how this page groups the events.
    pub(crate) lede: String,
    pub(crate) groups: Vec<EventGroup>,
    pub(crate) views: Vec<IndexLink>,
    /// A grouping's page of a split archive: each year, or each group with its years.
    pub(crate) directory: Vec<DirectoryEntry>,
    /// A year's page of a split archive: the other years of its group, itself marked.
    pub(crate) siblings: Vec<IndexLink>,
}

/// One entry of a split events index's directory: a year with its page (`url`), or a ruleset's
/// or tier's group with a page per year (`years`).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct DirectoryEntry {
    pub(crate) title: String,
    pub(crate) url: String,
    pub(crate) events: usize,
    pub(crate) years: Vec<IndexLink>,
}

/// One group of events, newest first.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct EventGroup {
    /// The fragment id of the group's section.
    pub(crate) id: String,
    pub(crate) title: String,
    /// The group's table rows, each as `event_row.html` renders it (once per event, for the
    /// three index pages), one per line. Ready-made HTML rather than a list of summaries: the
    /// three pages list every event of the archive, and handing each page a thousand summaries
    /// to walk cost more than the rows themselves.
    pub(crate) rows: String,
}

/// A link to one of the events index pages; `current` marks the page itself.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct IndexLink {
    pub(crate) label: String,
    pub(crate) url: String,
    pub(crate) current: bool,
}

/// A Markdown page's `content`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ContentView {
    pub(crate) title: String,
    pub(crate) description: String,
    pub(crate) html: String,
    /// The page's sections, listed above it when it has enough of them to need a map.
    pub(crate) toc: Vec<super::markdown::Heading>,
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

fn month(m: u8) -> &'static str {
    MONTHS
        .get(usize::from(m).wrapping_sub(1))
        .copied()
        .unwrap_or("")
}

/// The mark the style sheet draws for an SW:LCG affiliation (`g-jedi`, …), from its name as
/// the game prints it (decklists are read into those names); none for any other affiliation.
/// Light affiliations are open shapes and dark ones filled, the shape pairing them: triangles
/// for Jedi and Sith, diamond and square for the Rebel Alliance and the Imperial Navy,
/// hexagons for Smugglers and Spies and Scum and Villainy.
pub(crate) fn affiliation_mark(name: &str) -> Option<&'static str> {
    match name {
        "Jedi" => Some("jedi"),
        "Sith" => Some("sith"),
        "Rebel Alliance" => Some("rebel"),
        "Imperial Navy" => Some("navy"),
        "Smugglers and Spies" => Some("smugglers"),
        "Scum and Villainy" => Some("scum"),
        _ => None,
    }
}

/// The SW:LCG affiliation a player's list was built for, as a mark beside their name in the
/// standings, the placings, the players table and the bracket: the style sheet's shape
/// (`jedi`) and the affiliation's name, which is what the mark says to a screen reader and in
/// the page's legend. SW:CCG lists and lists naming no affiliation have none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct AffiliationMark {
    pub(crate) mark: &'static str,
    pub(crate) name: String,
}

impl AffiliationMark {
    /// The mark of a list, when it names an affiliation that has one.
    fn of(list: Option<&crate::event::Decklist>) -> Option<Self> {
        let name = list?.affiliation.as_deref()?;
        affiliation_mark(name).map(|mark| AffiliationMark {
            mark,
            name: name.to_string(),
        })
    }
}

/// The marks of a player's lists, the dark side's first.
pub(crate) fn affiliation_marks(player: &crate::event::Player) -> Vec<AffiliationMark> {
    [&player.decks.dark, &player.decks.light]
        .into_iter()
        .filter_map(|list| AffiliationMark::of(list.as_ref()))
        .collect()
}

/// The mark of the list a player played `side` with (a bracket game's seat).
pub(crate) fn side_affiliation_mark(
    player: &crate::event::Player,
    side: crate::event::Side,
) -> Option<AffiliationMark> {
    AffiliationMark::of(match side {
        crate::event::Side::Dark => player.decks.dark.as_ref(),
        crate::event::Side::Light => player.decks.light.as_ref(),
    })
}

/// The legend of a page's marks: each affiliation that has a mark on it once, in the order the
/// game lists them (light and dark in pairs).
pub(crate) fn marks_legend<'a>(
    marks: impl IntoIterator<Item = &'a AffiliationMark>,
) -> Vec<AffiliationMark> {
    let mut legend: Vec<AffiliationMark> = Vec::new();
    for mark in marks {
        if !legend.contains(mark) {
            legend.push(mark.clone());
        }
    }
    legend.sort_by_key(|m| MARK_ORDER.iter().position(|&o| o == m.mark));
    legend
}

/// The marks in the order the game lists its affiliations: each light one beside its dark one.
const MARK_ORDER: [&str; 6] = ["jedi", "sith", "rebel", "navy", "smugglers", "scum"];

/// A Swiss table's result as the pages show it: each player's match points, the first
/// player's first (`5–0`), marked when the players split the round or one forfeited it after a
/// deck check; `None` until it is reported. The round's page and the current round's tables
/// show the same words.
pub(crate) fn swiss_result_text(
    ruleset: &crate::rules::Ruleset,
    table: &crate::event::Table,
) -> Option<String> {
    let [a, b] = crate::rules::scoring::table_scores(ruleset, table)?.map(|s| s.points);
    Some(if table.outcome == crate::event::Outcome::Split {
        format!("{a}–{b} (split)")
    } else if table.forfeit.is_some() {
        format!("{a}–{b} (forfeit)")
    } else {
        format!("{a}–{b}")
    })
}

/// "12 May 2018", "12–13 May 2018", "30 May – 1 June 2018".
pub(crate) fn date_text(event: &Event) -> String {
    range_text(event.info.date, event.info.end_date)
}

/// The days from `d` to `end`, written as [`date_text`] writes an event's.
pub(crate) fn range_text(d: crate::event::Date, end: Option<crate::event::Date>) -> String {
    match end {
        Some(e) if e != d => {
            if e.year != d.year {
                format!(
                    "{} {} {} – {} {} {}",
                    d.day,
                    month(d.month),
                    d.year,
                    e.day,
                    month(e.month),
                    e.year
                )
            } else if e.month != d.month {
                format!(
                    "{} {} – {} {} {}",
                    d.day,
                    month(d.month),
                    e.day,
                    month(e.month),
                    e.year
                )
            } else {
                format!("{}–{} {} {}", d.day, e.day, month(d.month), d.year)
            }
        }
        _ => format!("{} {} {}", d.day, month(d.month), d.year),
    }
}

/// The length of a Swiss round (SW:CCG: of a game): the event's `round_minutes`, else what
/// the ruleset gives its format (SW:CCG: one minute per card of the event's decks).
pub(crate) fn round_minutes(event: &Event, ruleset: &crate::rules::Ruleset) -> u32 {
    if ruleset.family == crate::rules::Family::Ccg {
        crate::rules::ccg_format::game_minutes(&event.info)
    } else {
        event
            .info
            .round_minutes
            .unwrap_or(ruleset.round_minutes(&event.info.format).0)
    }
}

/// A game in a list of game winners: "Tom Kessel (dial)", "Tom Kessel" (won without a recorded
/// way), "Draw (time)".
pub(super) fn game_winner_text(
    event: &Event,
    winner: Option<usize>,
    by: Option<GameEnd>,
) -> String {
    match (winner, by) {
        (Some(w), Some(b)) => format!("{} ({})", event.players[w].name, b.name()),
        (Some(w), None) => event.players[w].name.clone(),
        (None, _) => game_text(event, winner, by),
    }
}

/// "Tom Kessel won (dial)", "Draw (time)".
pub(super) fn game_text(event: &Event, winner: Option<usize>, by: Option<GameEnd>) -> String {
    let how = by.map(|b| format!(" ({})", b.name())).unwrap_or_default();
    match winner {
        Some(w) => format!("{} won{how}", event.players[w].name),
        None => format!(
            "Draw{}",
            if how.is_empty() {
                " (time)".to_string()
            } else {
                how
            }
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::og_locale;

    #[test]
    fn open_graph_locales_need_a_region() {
        assert_eq!(og_locale("de-CH").as_deref(), Some("de_CH"));
        assert_eq!(og_locale("en-gb").as_deref(), Some("en_GB"));
        assert_eq!(og_locale("pt_BR").as_deref(), Some("pt_BR"));
        assert_eq!(og_locale("en"), None);
        assert_eq!(og_locale("sr-Latn"), None);
        assert_eq!(og_locale("es-419"), None);
        assert_eq!(og_locale(""), None);
    }
}
