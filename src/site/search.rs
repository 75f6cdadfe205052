//! The search index: `search.json` at the site root, which the search page's script matches
//! queries against in the reader's browser. It holds our own structured data (events, player
//! pages, players' decklists), not the text of pages, in short keys and without repeating itself:
//! decklists point at their event and player by position, and affiliation and objective names
//! are written once in a shared table. Links are relative to the site root, so the file works
//! under any base URL. The format is described on the built-in page `docs/search/`.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use super::addresses::{CARDS_PATH, RATINGS_PATH, SEARCH_PATH, page_id};
use super::cards::CardIndex;
use super::contribution::Contributions;
use super::deck_names::{EventDecks, SideEntry};
use super::model::EventSummary;
use super::players::PlayerPage;
use super::ratings::Ratings;
use crate::event::ids::id_from_name;
use crate::load::aliases::Aliases;
use crate::load::held::HeldEvent;
use crate::rules::computed::Status;

/// The layout version, the `v` key. Adding a key keeps it; renaming or changing one raises it.
pub(crate) const FORMAT: u32 = 1;

/// The whole index.
#[derive(Debug, Clone, Serialize)]
pub struct SearchIndex {
    /// Layout version ([`FORMAT`]).
    pub(crate) v: u32,
    /// Ruleset id -> name, for the rulesets the events use.
    pub(crate) r: BTreeMap<String, String>,
    /// Affiliation and objective names, sorted; decklists point into this table.
    pub(crate) t: Vec<String>,
    /// Every event, newest first (then by address).
    pub e: Vec<EventEntry>,
    /// Every player page, in id order (as the player archive).
    pub p: Vec<PlayerEntry>,
    /// Every player's lists at an event, in the order of `e`, then registration order.
    pub d: Vec<DeckEntry>,
    /// The ratings page's address (`ratings/`), when the site keeps ratings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) g: Option<&'static str>,
    /// Every card page: objective sets by number, then SW:CCG cards by name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) c: Vec<CardEntry>,
}

/// A card page: an objective set or a SW:CCG card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct CardEntry {
    /// Title.
    pub(crate) n: String,
    /// Number of published decks that played it.
    pub(crate) c: usize,
    /// The page's address under `cards/` (`sets/1`, `ccg/221`): the page is `cards/<i>/`, and
    /// its first part says the game.
    pub(crate) i: String,
    /// The card's side, `light` or `dark`, where another card has the same title (and only
    /// there, to keep the index small): what tells the two apart.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub(crate) s: String,
}

/// An event.
#[derive(Debug, Clone, Serialize)]
pub struct EventEntry {
    /// Name.
    pub(crate) n: String,
    /// First day, `YYYY-MM-DD` (the year is its first four digits).
    pub(crate) d: String,
    /// Location, when recorded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) l: Option<String>,
    /// Ruleset id, a key of [`SearchIndex::r`].
    pub(crate) r: String,
    /// Format, with an SW:CCG limited variant after it (`team`, `sealed, epp-overdrive`); left
    /// out when `standard`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) f: Option<String>,
    /// Tier, when recorded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) t: Option<String>,
    /// `upcoming` or `running`; left out once the event is finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) s: Option<Status>,
    /// The winner's name (a team's in a team event), once known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) w: Option<String>,
    /// The event's address under `events/` (`2018/outer-rim-sc`): its page is
    /// `events/<i>/`.
    pub(crate) i: String,
}

/// A player page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerEntry {
    /// Name (as in the player's latest event).
    pub(crate) n: String,
    /// Other names the player played under, and ids that the names do not already spell.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) a: Vec<String>,
    /// Number of events.
    pub(crate) c: usize,
    /// Whether the player met anyone: then they have a head-to-head page.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) h: bool,
    /// The player page's id: the page is `players/<i>/`.
    pub(crate) i: String,
    /// The player's overall rating in each game they are listed for on the ratings page
    /// (`lcg`, `ccg`), rounded.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(crate) g: BTreeMap<String, i64>,
}

/// One player's lists at one event: their section of the event's decklists page.
#[derive(Debug, Clone, Serialize)]
pub struct DeckEntry {
    /// The event: a position in [`SearchIndex::e`].
    pub(crate) e: usize,
    /// The player page: a position in [`SearchIndex::p`].
    pub(crate) p: usize,
    /// The player's id at the event, when it is not the player page's (an alias joined in
    /// `players.toml`): the lists are at `events/<event's i>/decks/#deck-<this i or the player's i>`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) i: Option<String>,
    /// The player's name at the event, when it is not the player page's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) n: Option<String>,
    /// The dark side list, when recorded.
    #[serde(rename = "k", skip_serializing_if = "Option::is_none")]
    pub(crate) dark: Option<SideEntry>,
    /// The light side list, when recorded.
    #[serde(rename = "l", skip_serializing_if = "Option::is_none")]
    pub(crate) light: Option<SideEntry>,
}

/// Whether every word of `id` starts a word of one of `names` (as ids spell them): such an id
/// finds nothing the names do not.
fn spelt_by(id: &str, words: &[String]) -> bool {
    id.split('-').all(|part| {
        words
            .iter()
            .any(|w| w.split('-').any(|word| word.starts_with(part)))
    })
}

/// The parts of the index made from the whole archive rather than from each event on its own:
/// every player page (names, events, ratings) and every card page. Building them takes the
/// player archive, the ratings and the card pages, so a build that keeps those pages as the last
/// build left them takes these parts from the last build's index instead ([`ArchiveParts::read`]).
#[derive(Debug, Clone, PartialEq)]
pub struct ArchiveParts {
    /// [`SearchIndex::p`].
    pub(crate) p: Vec<PlayerEntry>,
    /// [`SearchIndex::c`].
    pub(crate) c: Vec<CardEntry>,
}

/// What the last render's index lends the next one: its players' part while the pages it is
/// made from (the players A to Z and the ratings) are kept, its cards' part while the card
/// pages are (see [`super::groups::kept_search_parts`]). An edit that moves a rating keeps the
/// card pages, and the index made again then builds no card page.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct LastParts {
    pub(crate) players: Option<Vec<PlayerEntry>>,
    pub(crate) cards: Option<Vec<CardEntry>>,
}

impl ArchiveParts {
    /// The parts for the player archive `players` (in id order), with their `ratings` when the
    /// site keeps ratings, and the card pages' index `cards`.
    pub fn of(players: &[PlayerPage], ratings: Option<&Ratings>, cards: &CardIndex) -> Self {
        ArchiveParts {
            p: ArchiveParts::players_part(players, ratings),
            c: ArchiveParts::cards_part(cards),
        }
    }

    /// [`SearchIndex::p`] for the player archive `players` (in id order), with their
    /// `ratings` when the site keeps ratings.
    pub(crate) fn players_part(
        players: &[PlayerPage],
        ratings: Option<&Ratings>,
    ) -> Vec<PlayerEntry> {
        players
            .iter()
            .map(|page| {
                let (names, ids) = (&page.known.names, &page.known.ids);
                let words: Vec<String> = names.iter().map(|n| id_from_name(n)).collect();
                let mut a: Vec<String> =
                    names.iter().filter(|n| **n != page.name).cloned().collect();
                a.extend(
                    ids.iter()
                        .chain(std::iter::once(&page.id))
                        .filter(|id| !spelt_by(id, &words))
                        .cloned(),
                );
                a.sort();
                a.dedup();
                PlayerEntry {
                    n: page.name.clone(),
                    a,
                    c: page.played,
                    h: page.met_anyone,
                    i: page.id.clone(),
                    g: ratings
                        .map(|r| r.listed(&page.id))
                        .unwrap_or_default()
                        .into_iter()
                        .map(|(game, rating)| (game.to_string(), rating))
                        .collect(),
                }
            })
            .collect()
    }

    /// [`SearchIndex::c`] for the card pages' index `cards`.
    pub(crate) fn cards_part(cards: &CardIndex) -> Vec<CardEntry> {
        let mut titles: HashMap<&str, usize> = HashMap::new();
        for entry in cards.sets.iter().chain(&cards.ccg) {
            *titles.entry(entry.title.as_str()).or_default() += 1;
        }
        cards
            .sets
            .iter()
            .chain(&cards.ccg)
            .map(|entry| CardEntry {
                n: entry.title.clone(),
                c: entry.decks,
                i: entry
                    .path
                    .trim_start_matches(CARDS_PATH)
                    .trim_end_matches('/')
                    .to_string(),
                s: if titles[entry.title.as_str()] > 1 {
                    entry.side.to_string()
                } else {
                    String::new()
                },
            })
            .collect()
    }

    /// The parts as an index written in this layout holds them (`search.json`'s bytes), or
    /// `None` when the bytes are not such an index.
    pub(crate) fn read(bytes: &[u8]) -> Option<Self> {
        // Not `flatten`, which would buffer the whole index: the other keys are skipped.
        #[derive(Deserialize)]
        struct Written {
            v: u32,
            p: Vec<PlayerEntry>,
            #[serde(default)]
            c: Vec<CardEntry>,
        }
        let Written { v, p, c } = serde_json::from_slice(bytes).ok()?;
        (v == FORMAT).then_some(ArchiveParts { p, c })
    }
}

/// The index of `events` (with their `summaries` and `contributions`, in the same order), their
/// players known by `aliases`, with the archive-wide `parts`; `rated` when the site keeps
/// ratings.
pub fn build(
    events: &[HeldEvent],
    summaries: &[&EventSummary],
    contributions: &Contributions,
    aliases: &Aliases,
    rated: bool,
    parts: ArchiveParts,
) -> SearchIndex {
    let mut order: Vec<usize> = (0..events.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&events[a], &events[b]);
        y.first_day
            .cmp(&x.first_day)
            .then_with(|| x.slug.cmp(&y.slug))
    });
    let ArchiveParts { p, c } = parts;
    let position: HashMap<&str, usize> = p
        .iter()
        .enumerate()
        .map(|(i, entry)| (entry.i.as_str(), i))
        .collect();

    let mut r = BTreeMap::new();
    let mut e = Vec::with_capacity(events.len());
    // (event position, player position, id and name at the event, dark, light), with the
    // lists' names as positions in their event's names.
    type Pending<'a> = (
        usize,
        usize,
        Option<String>,
        Option<String>,
        Option<&'a SideEntry>,
        Option<&'a SideEntry>,
    );
    let mut pending: Vec<Pending> = Vec::new();
    // Each event's lists, in the order of `e`.
    let mut tables: Vec<&EventDecks> = Vec::with_capacity(events.len());
    for (position_in_e, &i) in order.iter().enumerate() {
        let held = &events[i];
        let summary = &summaries[i];
        r.insert(held.ruleset.id.to_string(), held.ruleset.name.to_string());
        e.push(EventEntry {
            n: summary.name.clone(),
            d: summary.date.clone(),
            l: summary.location.clone(),
            r: summary.rules_id.clone(),
            f: (summary.format != "standard").then(|| summary.format.clone()),
            t: summary.tier.clone(),
            s: (summary.status != Status::Finished).then_some(summary.status),
            w: summary.leader.as_ref().map(|l| l.name.clone()),
            i: held.slug.clone(),
        });
        let decks = &contributions[&held.slug].decks;
        for names in &decks.decks {
            let Some(&player) = position.get(page_id(aliases, &names.id)) else {
                continue;
            };
            let name = (p[player].n != names.name).then(|| names.name.clone());
            let id = (p[player].i != names.id).then(|| names.id.clone());
            pending.push((
                position_in_e,
                player,
                id,
                name,
                names.dark.as_ref(),
                names.light.as_ref(),
            ));
        }
        tables.push(decks);
    }

    // Every name the archive's lists use, in order (a running count the contributions keep),
    // and each event's names as positions in them: both lists are sorted, so one walk.
    let t: Vec<String> = contributions.deck_names().map(str::to_string).collect();
    let renumbered: Vec<Vec<usize>> = tables
        .iter()
        .map(|decks| {
            let mut global = t.iter().enumerate();
            decks
                .names()
                .iter()
                .map(|name| {
                    global
                        .find(|(_, g)| *g == name)
                        .map_or(0, |(position, _)| position)
                })
                .collect()
        })
        .collect();
    let d = pending
        .iter()
        .map(|(e, p, i, n, dark, light)| {
            let global = &renumbered[*e];
            let side_entry = |side: &SideEntry| SideEntry {
                a: side.a.map(|a| global[a]),
                o: side.o.iter().map(|&o| global[o]).collect(),
            };
            DeckEntry {
                e: *e,
                p: *p,
                i: i.clone(),
                n: n.clone(),
                dark: dark.map(side_entry),
                light: light.map(side_entry),
            }
        })
        .collect();
    SearchIndex {
        v: FORMAT,
        r,
        t,
        e,
        p,
        d,
        g: rated.then_some(RATINGS_PATH),
        c,
    }
}

/// The index as the file's bytes: compact JSON and a final newline.
pub fn to_json(index: &SearchIndex) -> String {
    let mut text = serde_json::to_string(index).expect("the search index serializes");
    text.push('\n');
    text
}

/// The search page's `search`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SearchPageView {
    index_url: String,
    pub(crate) script_url: String,
    pub(crate) docs_url: String,
    pub(crate) events_url: String,
    players_url: String,
    stats_url: String,
    pub(crate) events: usize,
    pub(crate) players: usize,
    pub(crate) decks: usize,
}

/// The search page's model.
pub(crate) fn page_view(site: &super::model::SiteView, index: &SearchIndex) -> SearchPageView {
    SearchPageView {
        index_url: site.link(SEARCH_PATH),
        script_url: site.link("search.js"),
        docs_url: site.link("docs/search/"),
        events_url: site.link("events/"),
        players_url: site.link("players/"),
        stats_url: site.link("stats/"),
        events: index.e.len(),
        players: index.p.len(),
        decks: index.d.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::model::SiteView;
    use crate::site::summary::summary;
    use std::path::Path;

    fn index_of(root: &Path, aliases: Option<Aliases>) -> SearchIndex {
        let (site, report) = crate::site::load(root, None);
        let site = site.unwrap_or_else(|| panic!("{}", report.render()));
        let aliases = aliases.unwrap_or_else(|| site.aliases.clone());
        let view = SiteView::new(&site.config, &site.pages);
        let summaries: Vec<EventSummary> = site
            .opened_events()
            .iter()
            .map(|(e, c)| summary(&view, &aliases, e, c))
            .collect();
        let contributions = Contributions::of_all(&view, &aliases, &site.events);
        let players = contributions.player_pages(&view, None);
        let summaries: Vec<&EventSummary> = summaries.iter().collect();
        let ratings = contributions.ratings(&view, &site.config.ratings, &players, None);
        let cards = contributions.card_pages(&view, usize::MAX, None, drop);
        build(
            &site.events,
            &summaries,
            &contributions,
            &aliases,
            true,
            ArchiveParts::of(&players, Some(&ratings), &cards),
        )
    }

    #[test]
    fn the_small_fixture_has_one_event_and_six_players() {
        let index = index_of(Path::new("tests/fixtures/sites/small"), None);
        assert_eq!(index.e.len(), 1);
        let event = &index.e[0];
        assert_eq!(
            (
                event.n.as_str(),
                event.d.as_str(),
                event.r.as_str(),
                event.i.as_str()
            ),
            ("Small Cup", "2019-03-02", "ffg-2018", "2019/small-cup")
        );
        assert_eq!(event.s, Some(Status::Running));
        assert_eq!(event.w, None, "no winner while running");
        assert_eq!(
            index.r.get("ffg-2018").map(String::as_str),
            Some("FFG Tournament Regulations (2018)")
        );
        // Fin withdrew before round 1 but registered: every person has a page.
        let names: Vec<&str> = index.p.iter().map(|p| p.n.as_str()).collect();
        assert_eq!(
            names,
            [
                "Ana Lind",
                "Ben Osei",
                "Cy Marrow",
                "Dee Varga",
                "Eve Tanaka",
                "Fin Holt"
            ]
        );
        // `ana` only abbreviates "Ana Lind": nothing to add.
        assert!(index.p.iter().all(|p| p.a.is_empty() && p.c == 1));
        assert_eq!(index.p[0].i, "ana");
        assert!(index.d.is_empty() && index.t.is_empty());
        assert_eq!(
            to_json(&index),
            concat!(
                r#"{"v":1,"r":{"ffg-2018":"FFG Tournament Regulations (2018)"},"t":[],"#,
                r#""e":[{"n":"Small Cup","d":"2019-03-02","r":"ffg-2018","s":"running","i":"2019/small-cup"}],"#,
                r#""p":[{"n":"Ana Lind","c":1,"h":true,"i":"ana"},{"n":"Ben Osei","c":1,"h":true,"i":"ben"},"#,
                r#"{"n":"Cy Marrow","c":1,"h":true,"i":"cy"},{"n":"Dee Varga","c":1,"h":true,"i":"dee"},"#,
                // Fin has had the bye: no one met yet, no head-to-head page.
                r#"{"n":"Eve Tanaka","c":1,"h":true,"i":"eve"},{"n":"Fin Holt","c":1,"i":"fin"}],"d":[],"g":"ratings/"}"#,
                "\n"
            )
        );
    }

    #[test]
    fn the_example_site_counted_by_hand() {
        let index = index_of(Path::new("."), None);
        // Sixteen event files, newest first.
        let dates: Vec<&str> = index.e.iter().map(|e| e.d.as_str()).collect();
        assert_eq!(index.e.len(), 16, "{dates:?}");
        assert!(dates.windows(2).all(|w| w[0] >= w[1]), "{dates:?}");
        assert_eq!(index.e[0].i, "2026/kessel-run-regional");
        let orsc = index
            .e
            .iter()
            .position(|e| e.i == "2018/outer-rim-store-championship")
            .expect("the store championship");
        assert_eq!(index.e[orsc].w.as_deref(), Some("Zoë Achterberg"));
        assert_eq!(index.e[orsc].s, None, "finished");
        // Every player's lists at an event, and each points at its event and player.
        let decks_of = |slug: &str| {
            let e = index.e.iter().position(|e| e.i == slug).expect("event");
            index.d.iter().filter(move |d| d.e == e)
        };
        assert_eq!(decks_of("2018/outer-rim-store-championship").count(), 13);
        let zoe = index
            .p
            .iter()
            .position(|p| p.i == "zoe-achterberg")
            .expect("zoe");
        assert_eq!(index.p[zoe].c, 3, "2018 and twice in 2026");
        let hers = decks_of("2018/outer-rim-store-championship")
            .find(|d| d.p == zoe)
            .expect("her decks");
        assert_eq!(hers.i, None, "the id of her page");
        assert_eq!(hers.n, None, "the same name as her page");
        let dark = hers.dark.as_ref().expect("a dark list");
        assert_eq!(
            dark.a.map(|a| index.t[a].as_str()),
            Some("Scum and Villainy")
        );
        assert_eq!(dark.o.len(), 6, "six sets, each once");
        // SW:CCG lists name their objective cards.
        let bespin: Vec<&DeckEntry> = decks_of("2008/bespin-cup").collect();
        assert_eq!(bespin.len(), 10);
        assert!(
            bespin
                .iter()
                .flat_map(|d| [&d.dark, &d.light])
                .flatten()
                .any(|s| s.o.iter().any(|&o| index.t[o].contains(" / "))),
            "a two-faced objective"
        );
        // Bespin 10, the store championship 13, Dantooine 2, Hoth doubles 2 (team members),
        // the cantina league 1, the challenge nights 6.
        assert_eq!(index.d.len(), 34);
        assert_eq!(decks_of("2014/echo-base-challenge-nights").count(), 6);
        assert_eq!(decks_of("2017/hoth-doubles").count(), 2);
        // The table is sorted and each name is written once.
        assert!(index.t.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn merged_players_carry_their_other_names_and_ids() {
        // The example site's own players.toml joins, and two more.
        let (site, _) = crate::site::load(Path::new("."), None);
        let mut aliases = site.expect("the example site").aliases;
        aliases.insert("amara-okonkwo".into(), "zoe-achterberg".into());
        aliases.insert("yuki-tanaka".into(), "zoe-achterberg".into());
        let plain = index_of(Path::new("."), None);
        let index = index_of(Path::new("."), Some(aliases));
        assert_eq!(index.p.len(), plain.p.len() - 2, "one page for three ids");
        assert!(!index.p.iter().any(|p| p.i == "amara-okonkwo"));
        let zoe_at = index
            .p
            .iter()
            .position(|p| p.i == "zoe-achterberg")
            .expect("zoe");
        let zoe = &index.p[zoe_at];
        assert_eq!(zoe.n, "Zoë Achterberg", "the name of her latest event");
        assert_eq!(
            zoe.a,
            ["Amara Okonkwo", "Yuki Tanaka"],
            "the ids are spelt by the names"
        );
        assert_eq!(zoe.c, 5, "2008, 2018, 2019 and twice in 2026");
        // Her lists as Yuki keep the name and the address of that event.
        let bespin = index
            .e
            .iter()
            .position(|e| e.i == "2008/bespin-cup")
            .expect("bespin");
        assert!(index.d.iter().any(|d| d.e == bespin
            && d.p == zoe_at
            && d.i.as_deref() == Some("yuki-tanaka")
            && d.n.as_deref() == Some("Yuki Tanaka")));
        assert_eq!(index.d.len(), plain.d.len());
    }

    #[test]
    fn ids_the_names_do_not_spell_are_kept() {
        let names = [id_from_name("Zoë Achterberg")];
        assert!(spelt_by("zoe", &names));
        assert!(spelt_by("z-achterberg", &names));
        assert!(!spelt_by("za", &names));
        assert!(!spelt_by("zoe-b", &names));
    }

    #[test]
    fn the_archive_parts_read_back_from_the_written_index_make_the_same_index() {
        let (site, report) = crate::site::load(Path::new("."), None);
        let site = site.unwrap_or_else(|| panic!("{}", report.render()));
        let index = index_of(Path::new("."), None);
        assert!(index.p.iter().any(|p| !p.g.is_empty()), "ratings");
        assert!(index.p.iter().any(|p| p.h), "head-to-head pages");
        assert!(!index.c.is_empty());
        let written = to_json(&index);
        let parts = ArchiveParts::read(written.as_bytes()).expect("the parts read back");
        assert_eq!((&parts.p, &parts.c), (&index.p, &index.c));
        let view = SiteView::new(&site.config, &site.pages);
        let summaries: Vec<EventSummary> = site
            .opened_events()
            .iter()
            .map(|(e, c)| summary(&view, &site.aliases, e, c))
            .collect();
        let summaries: Vec<&EventSummary> = summaries.iter().collect();
        let contributions = Contributions::of_all(&view, &site.aliases, &site.events);
        let again = build(
            &site.events,
            &summaries,
            &contributions,
            &site.aliases,
            true,
            parts,
        );
        assert_eq!(to_json(&again), written);
        assert_eq!(
            ArchiveParts::read(b"{\"v\":0,\"p\":[]}"),
            None,
            "another layout"
        );
        assert_eq!(ArchiveParts::read(b"not json"), None);
    }
}
