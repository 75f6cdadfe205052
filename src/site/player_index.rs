//! The players A to Z: one page while the archive is small, and split into pages of at most
//! [`PLAYERS_PER_PAGE`] names when it is not (`players/a-z/k/`, `players/a-z/ma/`), each
//! covering a run of names by their first letters, so that no page holds the whole community.

use std::collections::BTreeMap;

use serde::Serialize;

use super::addresses::players_letters_path;
use super::model::{IndexLink, ListPage, SiteView};
use super::players::PlayerPage;
use crate::event::ids::id_from_name;

/// The most names one page of the players A to Z lists. An archive with more players splits
/// the index: `players/` lists the letters and their pages, and each page holds one letter, or
/// a run of names within a letter ("Ma–Me") when the letter alone is over this many.
pub(crate) const PLAYERS_PER_PAGE: usize = 500;

/// Names that share their first this many letters, more than a page of them, are split by
/// count (labelled by their first and last names), not by ever longer beginnings.
const LONGEST_PREFIX: usize = 12;

/// One page of the players A to Z.
pub(crate) type PlayersPage = ListPage<PlayerIndex>;

/// The model of a page of the players A to Z: its names by letter and, in a split archive, the
/// pages of every letter.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlayerIndex {
    /// One sentence saying what the page lists.
    pub(crate) lede: String,
    pub(crate) letters: Vec<(String, Vec<IndexEntry>)>,
    /// A split archive's letters, each with its pages (the page itself marked).
    pub(crate) directory: Vec<(String, Vec<IndexLink>)>,
}

/// One player in the index: the name, the page and how many events they played (not the whole
/// page, which would put every row of the archive into one template's context).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct IndexEntry {
    pub(crate) name: String,
    pub(crate) url: String,
    pub(crate) events: usize,
    /// The name folded to `[a-z0-9]`, which splits a letter into runs of names.
    #[serde(skip)]
    key: String,
}

/// A run of one letter's names that makes one page: its names (a range of the letter's list)
/// and its label, the beginnings of its first and last names ("Ma–Me").
struct Run {
    names: std::ops::Range<usize>,
    label: String,
    /// The page's folder under `players/a-z/`: the first name's beginning, or the letter.
    folder: String,
}

/// The pages of the players A to Z.
pub(crate) fn pages(site: &SiteView, players: &[PlayerPage]) -> Vec<PlayersPage> {
    let mut letters = by_letter(players);
    let total = players.len();
    if total <= PLAYERS_PER_PAGE {
        return vec![PlayersPage {
            path: "players/".into(),
            title: "Players".into(),
            description: "Every player in the archive, A to Z.".into(),
            view: PlayerIndex {
                lede: "Everyone who has played an event in the archive, A to Z.".into(),
                letters,
                directory: Vec::new(),
            },
        }];
    }
    let runs: Vec<(String, Vec<Run>)> = letters
        .iter_mut()
        .map(|(letter, names)| (letter.clone(), runs_of(letter, names)))
        .collect();
    let directory = |current: Option<&str>| -> Vec<(String, Vec<IndexLink>)> {
        runs.iter()
            .map(|(letter, runs)| {
                let links = runs
                    .iter()
                    .map(|run| IndexLink {
                        label: format!("{} ({})", run.label, run.names.len()),
                        url: site.link(&players_letters_path(&run.folder)),
                        current: current == Some(run.folder.as_str()),
                    })
                    .collect();
                (letter.clone(), links)
            })
            .collect()
    };
    let mut pages = vec![PlayersPage {
        path: "players/".into(),
        title: "Players".into(),
        description: "Every player in the archive, A to Z.".into(),
        view: PlayerIndex {
            lede: format!(
                "The archive's {total} players, A to Z, a page per letter or per run of names. Search finds a player by any part of the name."
            ),
            letters: Vec::new(),
            directory: directory(None),
        },
    }];
    for ((letter, names), (_, runs)) in letters.iter().zip(&runs) {
        for run in runs {
            let count = run.names.len();
            let plural = if count == 1 { "" } else { "s" };
            pages.push(PlayersPage {
                path: players_letters_path(&run.folder),
                title: format!("Players: {}", run.label),
                description: format!(
                    "The {count} player{plural} of the archive whose names begin with {}.",
                    run.label
                ),
                view: PlayerIndex {
                    lede: format!(
                        "The {count} player{plural} whose names begin with {}, of the archive's {total}.",
                        run.label
                    ),
                    letters: vec![(letter.clone(), names[run.names.clone()].to_vec())],
                    directory: directory(Some(&run.folder)),
                },
            });
        }
    }
    pages
}

/// The players by the first letter of their name as it is folded to `[a-z0-9]` (so "Émile" is
/// under E and "Ælfric" under A), each letter's names in order; names with no such letter
/// come last, under "#".
fn by_letter(players: &[PlayerPage]) -> Vec<(String, Vec<IndexEntry>)> {
    let mut letters: BTreeMap<String, Vec<IndexEntry>> = BTreeMap::new();
    for page in players {
        let key = id_from_name(&page.name).replace('-', "");
        let letter = key
            .chars()
            .next()
            .map_or_else(|| "#".to_string(), |c| c.to_ascii_uppercase().to_string());
        letters.entry(letter).or_default().push(IndexEntry {
            name: page.name.clone(),
            url: page.url.clone(),
            events: page.played,
            key,
        });
    }
    for list in letters.values_mut() {
        list.sort_by(|a, b| a.name.cmp(&b.name));
    }
    let mut letters: Vec<(String, Vec<IndexEntry>)> = letters.into_iter().collect();
    // "#" sorts before the digits and letters: put it last.
    letters.sort_by_key(|(letter, _)| letter == "#");
    letters
}

/// One letter's pages: the whole letter when it fits one, else runs of names packed by their
/// beginnings (sorted by their folded form, so each beginning's names are together).
fn runs_of(letter: &str, names: &mut [IndexEntry]) -> Vec<Run> {
    // A letter's folder is the letter; the names without one get a word of more letters than
    // any run's beginning, which no run's folder can be.
    let folder = match letter {
        "#" => "other-names".to_string(),
        _ => letter.to_lowercase(),
    };
    if names.len() <= PLAYERS_PER_PAGE {
        return vec![Run {
            names: 0..names.len(),
            label: letter.to_string(),
            folder,
        }];
    }
    names.sort_by(|a, b| a.key.cmp(&b.key).then_with(|| a.name.cmp(&b.name)));
    let mut runs = Vec::new();
    pack(names, 0..names.len(), 2, &mut runs);
    runs
}

/// Packs the names `range` into runs of at most [`PLAYERS_PER_PAGE`], keeping the names that
/// share their first `length` letters on one page where they fit in one.
fn pack(names: &[IndexEntry], range: std::ops::Range<usize>, length: usize, runs: &mut Vec<Run>) {
    let beginning = |i: usize| -> String { names[i].key.chars().take(length).collect() };
    // The range's names grouped by beginning: consecutive, since they are sorted.
    let mut groups: Vec<std::ops::Range<usize>> = Vec::new();
    for i in range {
        match groups.last_mut() {
            Some(group) if beginning(group.start) == beginning(i) => group.end = i + 1,
            _ => groups.push(i..i + 1),
        }
    }
    let mut open: Option<std::ops::Range<usize>> = None;
    let close = |open: &mut Option<std::ops::Range<usize>>, runs: &mut Vec<Run>| {
        if let Some(run) = open.take() {
            runs.push(run_of(names, run, length));
        }
    };
    for group in groups {
        if group.len() > PLAYERS_PER_PAGE {
            close(&mut open, runs);
            if length < LONGEST_PREFIX {
                pack(names, group, length + 1, runs);
            } else {
                // Pages of a count, each labelled by its first and last names.
                let mut start = group.start;
                let mut part = 1;
                while start < group.end {
                    let end = (start + PLAYERS_PER_PAGE).min(group.end);
                    let mut run = run_of(names, start..end, length);
                    run.label = format!("{} – {}", names[start].name, names[end - 1].name);
                    run.folder = format!("{}-{part}", run.folder);
                    runs.push(run);
                    (start, part) = (end, part + 1);
                }
            }
            continue;
        }
        match &mut open {
            Some(run) if run.len() + group.len() <= PLAYERS_PER_PAGE => run.end = group.end,
            _ => {
                close(&mut open, runs);
                open = Some(group);
            }
        }
    }
    close(&mut open, runs);
}

/// The run of `range`, labelled by the beginnings of its first and last names.
fn run_of(names: &[IndexEntry], range: std::ops::Range<usize>, length: usize) -> Run {
    let beginning = |i: usize| -> String { names[i].key.chars().take(length).collect() };
    let (first, last) = (beginning(range.start), beginning(range.end - 1));
    let shown = |b: &str| crate::event::ids::capitalized(b);
    let label = if first == last {
        shown(&first)
    } else {
        format!("{}–{}", shown(&first), shown(&last))
    };
    Run {
        names: range,
        label,
        folder: first,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example site's first player page under each of `names`.
    fn players(names: &[String]) -> (SiteView, Vec<PlayerPage>) {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let (site, report) = crate::site::load(root, None);
        let site = site.unwrap_or_else(|| panic!("the example site loads: {}", report.render()));
        let view = SiteView::new(&site.config, &site.pages);
        let model = site.contributions.player_pages(&view, None).remove(0);
        let pages = names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let mut page = model.clone();
                page.name = name.clone();
                page.url = format!("/players/p{i}/");
                page
            })
            .collect();
        (view, pages)
    }

    fn names(prefix: &str, count: usize) -> Vec<String> {
        (0..count).map(|i| format!("{prefix}{i:05}")).collect()
    }

    #[test]
    fn a_small_archive_keeps_one_page_a_to_z() {
        let (site, pages) = players(&names("Ann ", PLAYERS_PER_PAGE));
        let index = super::pages(&site, &pages);
        assert_eq!(index.len(), 1);
        assert_eq!(index[0].path, "players/");
        assert!(index[0].view.directory.is_empty());
    }

    #[test]
    fn a_large_archive_splits_by_letter_then_by_beginnings_and_lists_each_player_once() {
        let mut all = names("Mara ", 700); // one beginning ("ma") over a page: split further
        all.extend(names("Mel ", 300));
        all.extend(names("Smith ", 1200)); // "smith" and on, down to pages of a count
        all.extend(names("Zoë ", 20));
        all.extend(names("Émile ", 30)); // under E
        all.push("★".into()); // no letter at all
        all.extend(names("Christopherson ", 600)); // one long beginning: pages of a count
        let (site, pages) = players(&all);
        let index = super::pages(&site, &pages);
        assert_eq!(index[0].path, "players/");
        assert!(index[0].view.letters.is_empty());
        let letters: Vec<&str> = index[0]
            .view
            .directory
            .iter()
            .map(|(l, _)| l.as_str())
            .collect();
        assert_eq!(letters, ["C", "E", "M", "S", "Z", "#"]);
        let listed: Vec<&str> = index[1..]
            .iter()
            .flat_map(|p| &p.view.letters)
            .flat_map(|(_, names)| names.iter().map(|n| n.name.as_str()))
            .collect();
        assert_eq!(listed.len(), all.len());
        let mut unique = listed.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), all.len(), "each player once");
        let paths: std::collections::BTreeSet<&str> =
            index.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(paths.len(), index.len(), "each page its own address");
        for page in &index[1..] {
            let count: usize = page.view.letters.iter().map(|(_, n)| n.len()).sum();
            assert!(
                (1..=PLAYERS_PER_PAGE).contains(&count),
                "{}: {count}",
                page.path
            );
            assert_eq!(
                crate::site::groups::Group::of(&format!("{}index.html", page.path)),
                Some(crate::site::groups::Group::Players),
                "{}",
                page.path
            );
        }
        let titles: Vec<&str> = index.iter().map(|p| p.title.as_str()).collect();
        assert!(titles.contains(&"Players: E"));
        assert!(titles.contains(&"Players: Z"));
        // "Ma" is over a page: split by longer beginnings; "Me" fits one.
        assert!(titles.contains(&"Players: Mara000–Mara004"), "{titles:?}");
        assert!(titles.contains(&"Players: Me"), "{titles:?}");
        assert!(
            titles.contains(&"Players: Christopherson 00000 – Christopherson 00499"),
            "{titles:?}"
        );
        assert!(paths.contains("players/a-z/other-names/"));
    }
}
