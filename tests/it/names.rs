//! Every page of the built example that names a player links the name to the player's page (a
//! team's name to its entry on its event page, since a team has no page of its own).
//!
//! The test reads every generated HTML page as a tree, finds each player's name in its text, and
//! sorts each occurrence: linked to the right page, or in one of the few places where a link
//! would be wrong or pointless, each named below with its reason. Anything else fails.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use crate::common;

use crate::common::build;
use serde_json::Value;

/// An element of a page: its tag, attributes and parent.
struct Element {
    tag: String,
    attrs: Vec<(String, String)>,
    parent: Option<usize>,
}

impl Element {
    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn has_class(&self, class: &str) -> bool {
        self.attr("class")
            .is_some_and(|c| c.split_whitespace().any(|c| c == class))
    }
}

/// A page read as a tree: its elements and its text, each text under its element.
struct Page {
    elements: Vec<Element>,
    texts: Vec<(String, usize)>,
}

const VOID: [&str; 13] = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
    "wbr",
];

fn decode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(end) = rest.find(';').filter(|&e| e < 12) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..end];
        let c = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some('\u{a0}'),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn attributes(mut s: &str) -> Vec<(String, String)> {
    let mut attrs = Vec::new();
    loop {
        s = s.trim_start();
        let name_end = s
            .find(|c: char| c == '=' || c.is_whitespace())
            .unwrap_or(s.len());
        if name_end == 0 {
            return attrs;
        }
        let name = s[..name_end].to_ascii_lowercase();
        s = s[name_end..].trim_start();
        let Some(after) = s.strip_prefix('=') else {
            attrs.push((name, String::new()));
            continue;
        };
        let after = after.trim_start();
        let (value, rest) = match after.chars().next() {
            Some(q @ ('"' | '\'')) => {
                let end = after[1..].find(q).map_or(after.len(), |e| e + 1);
                (&after[1..end], after.get(end + 1..).unwrap_or(""))
            }
            _ => {
                let end = after.find(char::is_whitespace).unwrap_or(after.len());
                (&after[..end], &after[end..])
            }
        };
        attrs.push((name, decode(value)));
        s = rest;
    }
}

/// Reads `html` into a tree: enough of HTML for the pages Holonet writes (quoted attributes, no
/// omitted end tags but those of void elements).
fn parse(html: &str) -> Page {
    let mut page = Page {
        elements: Vec::new(),
        texts: Vec::new(),
    };
    let mut open: Vec<usize> = Vec::new();
    let mut rest = html;
    while !rest.is_empty() {
        let Some(at) = rest.find('<') else {
            if let Some(&parent) = open.last() {
                page.texts.push((decode(rest), parent));
            }
            break;
        };
        if at > 0
            && let Some(&parent) = open.last()
        {
            page.texts.push((decode(&rest[..at]), parent));
        }
        rest = &rest[at..];
        if let Some(comment) = rest.strip_prefix("<!--") {
            rest = comment.find("-->").map_or("", |e| &comment[e + 3..]);
            continue;
        }
        let end = rest.find('>').expect("a tag ends");
        let tag = &rest[1..end];
        rest = &rest[end + 1..];
        if tag.starts_with('!') {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            let name = name.trim().to_ascii_lowercase();
            if let Some(i) = open.iter().rposition(|&e| page.elements[e].tag == name) {
                open.truncate(i);
            }
            continue;
        }
        let tag = tag.trim_end_matches('/');
        let name_end = tag.find(char::is_whitespace).unwrap_or(tag.len());
        let name = tag[..name_end].to_ascii_lowercase();
        page.elements.push(Element {
            tag: name.clone(),
            attrs: attributes(&tag[name_end..]),
            parent: open.last().copied(),
        });
        let index = page.elements.len() - 1;
        if name == "script" || name == "style" {
            // Their text is not the page's: skip to the end tag.
            let close = format!("</{name}");
            rest = rest.find(&close).map_or("", |e| &rest[e..]);
        }
        if !VOID.contains(&name.as_str()) {
            open.push(index);
        }
    }
    page
}

impl Page {
    fn ancestors(&self, element: usize) -> impl Iterator<Item = &Element> + '_ {
        std::iter::successors(Some(element), |&e| self.elements[e].parent)
            .map(|e| &self.elements[e])
    }

    /// The innermost link around `element`, by index.
    fn link_of(&self, element: usize) -> Option<usize> {
        std::iter::successors(Some(element), |&e| self.elements[e].parent)
            .find(|&e| self.elements[e].tag == "a" && self.elements[e].attr("href").is_some())
    }

    /// The text of every link, by element index.
    fn link_texts(&self) -> BTreeMap<usize, String> {
        let mut texts: BTreeMap<usize, String> = BTreeMap::new();
        for (text, parent) in &self.texts {
            if let Some(link) = self.link_of(*parent) {
                texts.entry(link).or_default().push_str(text);
            }
        }
        texts
    }
}

/// Where a name may link to: a person's page, or a team's entry on its event page.
#[derive(Default)]
struct Targets {
    /// Name -> the addresses it may link to.
    hrefs: BTreeMap<String, BTreeSet<String>>,
    /// Team names -> the address of their event page: a team's name means the team only on its
    /// own event's pages and where that event is listed (the example's teams are named after
    /// places and cards, such as "Echo Base", which other events and decklists name too).
    teams: BTreeMap<String, String>,
}

fn targets(out: &Path) -> Targets {
    let mut targets = Targets::default();
    // Every person: the players index names each one and links their page.
    let index = parse(&fs::read_to_string(out.join("players/index.html")).expect("players"));
    let texts = index.link_texts();
    for (i, e) in index.elements.iter().enumerate() {
        let Some(href) = e.attr("href").filter(|h| h.len() > "/players/".len()) else {
            continue;
        };
        if e.tag == "a" && href.starts_with("/players/") {
            let name = texts[&i].trim().to_string();
            targets
                .hrefs
                .entry(name)
                .or_default()
                .insert(href.to_string());
        }
    }
    // Every team, and the names each event knows its players by.
    for entry in walkdir::WalkDir::new(out.join("events")) {
        let entry = entry.expect("walk");
        if entry.file_name() != "event.json" {
            continue;
        }
        let doc: Value =
            serde_json::from_str(&fs::read_to_string(entry.path()).expect("json")).expect("json");
        let dir = entry.path().parent().expect("event folder");
        let url = format!("/{}/", dir.strip_prefix(out).expect("under out").display());
        let team = doc["teams"].as_array().is_some_and(|t| !t.is_empty());
        for p in doc["players"].as_array().expect("players") {
            let (id, name) = (
                p["id"].as_str().expect("id"),
                p["name"].as_str().expect("name"),
            );
            let href = if team {
                targets.teams.insert(name.to_string(), url.clone());
                format!("{url}#player-{id}")
            } else {
                format!("/players/{id}/")
            };
            targets
                .hrefs
                .entry(name.to_string())
                .or_default()
                .insert(href);
        }
    }
    targets
}

/// What kind of page an address is, for the counts.
fn kind(url: &str) -> &'static str {
    let parts: Vec<&str> = url.trim_matches('/').split('/').collect();
    match parts.as_slice() {
        [""] | ["events"] | ["events", "rulesets" | "tiers"] => "event lists",
        ["players"] => "players index",
        ["players", _] => "player pages",
        ["players", _, "vs"] => "head-to-head pages",
        ["cards", ..] => "card pages",
        ["events", _, _] => "event pages",
        ["events", _, _, "pairings"] => "pairings pages",
        ["events", _, _, "rounds", _] => "round pages",
        ["events", _, _, "room"] => "room screens",
        ["events", _, _, "slips"] => "result slips",
        ["events", _, _, "decks"] => "decklist pages",
        _ => "other pages",
    }
}

/// Why a name may stand unlinked where it stands, or `None` when it must be a link.
fn excuse(
    page: &Page,
    element: usize,
    name: &str,
    own_entry: bool,
    link_texts: &BTreeMap<usize, String>,
) -> Option<&'static str> {
    if own_entry {
        return Some("the entry or page of that player itself");
    }
    let ancestors: Vec<&Element> = page.ancestors(element).collect();
    if ancestors.iter().any(|e| e.has_class("deck-contents")) {
        return Some(
            "the decklists page's contents: each name leads to the player's section, whose heading links their page",
        );
    }
    if let Some(link) = page.link_of(element) {
        // A card page's row: the player's name links their list, on the decklists page, whose
        // section heading links the player's page.
        if page.elements[link]
            .attr("href")
            .is_some_and(|h| h.contains("/decks/#deck-"))
        {
            return Some("a list named by its player: the decklists page links the player's");
        }
        // A name inside a longer link's text: the decklist link "decklists of Ann Okafor", a
        // rule link "Forfeited by Ann Okafor after a deck check", an event named like a team.
        // A link whose whole text is the name must go to the player's page.
        return (link_texts[&link].trim() != name).then_some("part of a longer link's text");
    }
    if ancestors.iter().any(|e| e.tag == "summary") {
        return Some("a disclosure's label, itself interactive: no link may sit inside");
    }
    if ancestors.iter().any(|e| e.tag == "h1") {
        return Some("the page's own title");
    }
    // A round page's tables carry no cell classes: there a game's winner is named in the text
    // of its row's game winners cell, the only name in the table not inside a link (each seat
    // links its player).
    let round_page_game = ancestors.first().is_some_and(|e| e.tag == "td")
        && ancestors
            .iter()
            .any(|e| e.tag == "table" && e.has_class("round-tables"));
    if round_page_game
        || ancestors
            .iter()
            .any(|e| e.tag == "td" && (e.has_class("games") || e.has_class("how")))
    {
        return Some("a game's result beside the linked names of its row");
    }
    None
}

#[test]
fn every_page_links_the_names_of_players_to_their_pages() {
    let site = common::example_site();
    let out = site.path().join("public");
    build(site.path(), &out, None);
    let targets = targets(&out);
    // Longest first, so that a name inside a longer one is not counted twice.
    let mut names: Vec<&String> = targets.hrefs.keys().collect();
    names.sort_by_key(|n| std::cmp::Reverse(n.chars().count()));

    let mut linked: BTreeMap<&str, usize> = BTreeMap::new();
    let mut excused: BTreeMap<&str, usize> = BTreeMap::new();
    let mut unlinked: Vec<String> = Vec::new();
    let mut pages = 0;
    for entry in walkdir::WalkDir::new(&out) {
        let entry = entry.expect("walk");
        if entry.path().extension().is_none_or(|x| x != "html") {
            continue;
        }
        pages += 1;
        let rel = entry.path().strip_prefix(&out).expect("under out");
        let url = format!("/{}", rel.display()).replace("index.html", "");
        let kind = kind(&url);
        let page = parse(&fs::read_to_string(entry.path()).expect("page"));
        let link_texts = page.link_texts();
        // The screens not made for reading on a device of one's own: the room screen is shown
        // on a projector across the room (no one can follow a link there, and its script pages
        // through the list), and the result slips are printed and cut apart.
        let not_for_links = matches!(kind, "room screens" | "result slips");
        for (text, parent) in &page.texts {
            let ancestors: Vec<&Element> = page.ancestors(*parent).collect();
            // Not names of players: what authors wrote (Markdown prose, code samples), card
            // names in decklists, and the head's title.
            if ancestors.iter().any(|e| {
                matches!(e.tag.as_str(), "code" | "pre" | "title" | "head")
                    || e.has_class("prose")
                    || e.has_class("deck-cards")
            }) {
                continue;
            }
            let mut taken: Vec<(usize, usize)> = Vec::new();
            for name in &names {
                if let Some(event_url) = targets.teams.get(name.as_str())
                    && ((url.starts_with("/events/")
                        && !url.starts_with(event_url.as_str())
                        && kind != "event lists")
                        // Card pages name cards, which teams are named after.
                        || kind == "card pages")
                {
                    continue;
                }
                for (at, _) in text.match_indices(name.as_str()) {
                    let end = at + name.len();
                    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
                    if word(text[..at].chars().next_back()) || word(text[end..].chars().next()) {
                        continue;
                    }
                    if taken.iter().any(|&(a, b)| at < b && a < end) {
                        continue;
                    }
                    taken.push((at, end));
                    let hrefs = &targets.hrefs[name.as_str()];
                    let href = page
                        .link_of(*parent)
                        .and_then(|l| page.elements[l].attr("href"))
                        .map(|h| {
                            if h.starts_with('#') {
                                format!("{url}{h}")
                            } else {
                                h.to_string()
                            }
                        });
                    if href.as_ref().is_some_and(|h| hrefs.contains(h)) {
                        *linked.entry(kind).or_default() += 1;
                        continue;
                    }
                    // The player's own page, or the team's own entry (the element the link
                    // would go to).
                    let own_entry = hrefs.contains(&url)
                        || ancestors.iter().any(|e| {
                            e.attr("id")
                                .is_some_and(|id| hrefs.contains(&format!("{url}#{id}")))
                        });
                    match excuse(&page, *parent, name, own_entry, &link_texts) {
                        Some(_) => *excused.entry(kind).or_default() += 1,
                        None if not_for_links => *excused.entry(kind).or_default() += 1,
                        None => unlinked.push(format!(
                            "{url}: {name:?} in <{}> {:?}{}",
                            page.elements[*parent].tag,
                            text.trim(),
                            href.map_or(String::new(), |h| format!(", linked to {h}"))
                        )),
                    }
                }
            }
        }
    }
    assert!(
        unlinked.is_empty(),
        "{} names not linked to their player's page:\n{}",
        unlinked.len(),
        unlinked.join("\n")
    );
    eprintln!("{pages} pages; linked names: {linked:?}; excused: {excused:?}");
    // Each kind of page names players (as the example has them: 14 events, their Swiss rounds,
    // 34 players' decklists, one running event with its pairings), and links every name it gives.
    // Round pages name the players of their tables and byes (the standings after an earlier
    // round are drawn on the page by a script, from event.json).
    let at_least = [
        ("event pages", 750),
        ("round pages", 250),
        ("event lists", 39),
        ("player pages", 75),
        ("decklist pages", 34),
        ("pairings pages", 24),
        ("head-to-head pages", 400),
    ];
    for (kind, least) in at_least {
        let n = linked.get(kind).copied().unwrap_or(0);
        assert!(
            n >= least,
            "{kind}: {n} linked names, expected {least} or more"
        );
    }
    // Card pages name a list's player in the link to the list, whose section on the decklists
    // page links the player's page.
    let lists = excused.get("card pages").copied().unwrap_or(0);
    assert!(
        lists >= 100,
        "card pages: {lists} lists named by their players"
    );
}
