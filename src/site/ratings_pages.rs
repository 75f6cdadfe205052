//! The ratings pages. `ratings/` lists each table's first [`OVERVIEW_ROWS`] active players
//! (those who played a rated game within the activity window); a table with more has its own
//! pages of [`RANKS_PER_PAGE`] ranks (`ratings/lcg-overall/`, `ratings/lcg-overall/2/`), and a
//! table with inactive players an all-time list apart (`ratings/lcg-overall/all/`). So the
//! ratings of a whole community's history open on a phone, and the players of years ago do not
//! hold the top of today's list.

use serde::Serialize;

use super::model::{IndexLink, ListPage, SiteView};
use super::ratings::{OVERVIEW_ROWS, RANKS_PER_PAGE, RatingsView, Row, list_page};

/// One ratings page: its path under the site root, title, description and model.
pub(crate) type RatingsPage<'a> = ListPage<RatingsPageView<'a>>;

/// The model of a ratings page (`ratings` in `ratings.html`).
#[derive(Debug, Serialize)]
pub(crate) struct RatingsPageView<'a> {
    /// The settings and counts every page states.
    pub(crate) about: &'a RatingsView,
    pub(crate) games: Vec<ShownGame<'a>>,
    /// `ratings/` itself: each table's first active players.
    pub(crate) overview: bool,
    /// A table's page: its list's pages, this one marked (empty when it has one).
    pub(crate) pager: Vec<IndexLink>,
    /// A table's page: the other list of the same table, and `ratings/`.
    pub(crate) other_list: Option<IndexLink>,
    pub(crate) all_ratings: String,
}

/// One game's tables on a page.
#[derive(Debug, Serialize)]
pub(crate) struct ShownGame<'a> {
    pub(crate) game: &'static str,
    pub(crate) id: &'static str,
    pub(crate) active_from: &'a str,
    pub(crate) active_to: &'a str,
    pub(crate) tables: Vec<ShownTable<'a>>,
}

/// One table, or the ranks of it a page shows.
#[derive(Debug, Serialize)]
pub(crate) struct ShownTable<'a> {
    pub(crate) title: &'static str,
    /// The heading's id: the table's id on `ratings/`.
    pub(crate) id: String,
    /// "active players", "all time".
    pub(crate) list: &'static str,
    pub(crate) rows: &'a [Row],
    pub(crate) unlisted: usize,
    /// Listed players the window leaves out of the active list.
    pub(crate) inactive: usize,
    /// On `ratings/`: the table's active list, when it has more than the page shows.
    pub(crate) more: Option<IndexLink>,
    /// On `ratings/`: the all-time list, when it has players the active one leaves out.
    pub(crate) all_time: Option<IndexLink>,
}

/// Every ratings page.
pub(crate) fn pages<'a>(site: &SiteView, ratings: &'a RatingsView) -> Vec<RatingsPage<'a>> {
    let all_ratings = site.link(super::addresses::RATINGS_PATH);
    let overview = RatingsPageView {
        about: ratings,
        games: ratings
            .games
            .iter()
            .map(|g| ShownGame {
                game: g.game,
                id: g.id,
                active_from: &g.active_from,
                active_to: &g.active_to,
                tables: g
                    .tables
                    .iter()
                    .map(|t| ShownTable {
                        title: t.title,
                        id: t.id.clone(),
                        list: "active players",
                        rows: &t.active[..t.active.len().min(OVERVIEW_ROWS)],
                        unlisted: t.unlisted,
                        inactive: t.inactive(),
                        more: (t.active.len() > OVERVIEW_ROWS).then(|| IndexLink {
                            label: format!("All {} active players", t.active.len()),
                            url: site.link(&t.list_folder(false)),
                            current: false,
                        }),
                        all_time: (t.inactive() > 0).then(|| IndexLink {
                            label: format!("All time: {} players", t.all_time.len()),
                            url: site.link(&t.list_folder(true)),
                            current: false,
                        }),
                    })
                    .collect(),
            })
            .collect(),
        overview: true,
        pager: Vec::new(),
        other_list: None,
        all_ratings: all_ratings.clone(),
    };
    let mut pages = vec![RatingsPage {
        path: super::addresses::RATINGS_PATH.to_string(),
        title: "Ratings".into(),
        description: "Glicko-2 ratings of the archive's active players, by game and side, with the all-time lists apart.".into(),
        view: overview,
    }];
    for g in &ratings.games {
        for t in &g.tables {
            for (all_time, rows) in [(false, &t.active), (true, &t.all_time)] {
                if !t.has_own_pages(all_time) {
                    continue;
                }
                let folder = t.list_folder(all_time);
                let count = rows.len().div_ceil(RANKS_PER_PAGE);
                let range = |n: usize| t.page_ranks(all_time, n);
                let list = if all_time {
                    "all time"
                } else {
                    "active players"
                };
                for number in 1..=count {
                    let (first, last) = range(number);
                    let ranks = if count == 1 {
                        String::new()
                    } else {
                        format!(", ranks {first}–{last}")
                    };
                    let title = format!(
                        "{} ratings, {}: {list}{ranks}",
                        g.game,
                        t.title.to_lowercase()
                    );
                    let other_list = if all_time {
                        IndexLink {
                            label: format!("Active players only ({})", t.active.len()),
                            url: site.link(&t.list_folder(false)),
                            current: false,
                        }
                    } else {
                        IndexLink {
                            label: format!("All time ({} players)", t.all_time.len()),
                            url: site.link(&t.list_folder(true)),
                            current: false,
                        }
                    };
                    // The active list of a table without its own page is on `ratings/`.
                    let other_list = match all_time && !t.has_own_pages(false) {
                        true => IndexLink {
                            url: format!("{all_ratings}#{}", t.id),
                            ..other_list
                        },
                        false => other_list,
                    };
                    pages.push(RatingsPage {
                        path: list_page(&folder, number),
                        description: format!(
                            "{} players ranked by their Glicko-2 rating in {}, {}{}.",
                            rows.len(),
                            g.game,
                            t.title.to_lowercase(),
                            if all_time {
                                ", of all time"
                            } else {
                                ", active in the last months"
                            }
                        ),
                        title,
                        view: RatingsPageView {
                            about: ratings,
                            games: vec![ShownGame {
                                game: g.game,
                                id: g.id,
                                active_from: &g.active_from,
                                active_to: &g.active_to,
                                tables: vec![ShownTable {
                                    title: t.title,
                                    id: t.id.clone(),
                                    list,
                                    rows: &rows[first - 1..last],
                                    unlisted: t.unlisted,
                                    inactive: t.inactive(),
                                    more: None,
                                    all_time: None,
                                }],
                            }],
                            overview: false,
                            pager: if count == 1 {
                                Vec::new()
                            } else {
                                (1..=count)
                                    .map(|n| {
                                        let (a, b) = range(n);
                                        IndexLink {
                                            label: format!("{a}–{b}"),
                                            url: site.link(&list_page(&folder, n)),
                                            current: n == number,
                                        }
                                    })
                                    .collect()
                            },
                            other_list: Some(other_list),
                            all_ratings: all_ratings.clone(),
                        },
                    });
                }
            }
        }
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::ratings::{GameTables, Ratings, Table};

    fn row(rank: usize) -> Row {
        Row {
            rank,
            name: format!("p{rank}"),
            url: String::new(),
            rating: 2000 - rank as i64,
            deviation: 50,
            games: 10,
            last_event: String::new(),
            last_url: String::new(),
            provisional: false,
        }
    }

    fn view(active: usize, all_time: usize) -> (SiteView, RatingsView) {
        let config = crate::config::Config::parse("title = \"T\"").expect("a valid configuration");
        let site = SiteView::new(&config, &[]);
        let mut view = Ratings::of(
            &site,
            &config.ratings,
            &[],
            &crate::site::names::People::new([]),
            None,
        )
        .view;
        let table = |id: &str| Table {
            title: "Overall",
            id: id.into(),
            active: (1..=active).map(row).collect(),
            all_time: (1..=all_time).map(row).collect(),
            unlisted: 0,
        };
        view.games = vec![GameTables {
            game: "SW:LCG",
            id: "lcg",
            tables: vec![table("lcg-overall"), table("lcg-light")],
            active_from: "2024-12".into(),
            active_to: "2026-11".into(),
        }];
        (site, view)
    }

    #[test]
    fn long_lists_get_pages_of_ranks_and_the_inactive_an_all_time_list_apart() {
        let (site, view) = view(260, 301);
        let pages = pages(&site, &view);
        let paths: Vec<&str> = pages.iter().map(|p| p.path.as_str()).collect();
        let of = |t: &str| {
            [
                format!("ratings/{t}/"),
                format!("ratings/{t}/2/"),
                format!("ratings/{t}/3/"),
                format!("ratings/{t}/all/"),
                format!("ratings/{t}/all/2/"),
                format!("ratings/{t}/all/3/"),
                format!("ratings/{t}/all/4/"),
            ]
        };
        let mut expected = vec!["ratings/".to_string()];
        expected.extend(of("lcg-overall"));
        expected.extend(of("lcg-light"));
        assert_eq!(paths, expected);
        // `ratings/` shows the first active ranks of each table, and links to the rest.
        let overview = &pages[0].view.games[0].tables[0];
        assert_eq!(overview.rows.len(), OVERVIEW_ROWS);
        assert_eq!(
            overview.more.as_ref().unwrap().label,
            "All 260 active players"
        );
        assert_eq!(overview.inactive, 41);
        // The last page of the active list: ranks 201 to 260, marked in its pager.
        let last = &pages[3];
        let shown = &last.view.games[0].tables[0].rows;
        assert_eq!((shown[0].rank, shown.len()), (201, 60));
        assert_eq!(
            last.title,
            "SW:LCG ratings, overall: active players, ranks 201–260"
        );
        let current: Vec<&str> = last
            .view
            .pager
            .iter()
            .filter(|p| p.current)
            .map(|p| p.label.as_str())
            .collect();
        assert_eq!(current, ["201–260"]);
        assert_eq!(
            pages[7].view.games[0].tables[0].rows.last().unwrap().rank,
            301
        );
        let most = pages.iter().map(|p| {
            p.view.games[0]
                .tables
                .iter()
                .map(|t| t.rows.len())
                .sum::<usize>()
        });
        assert!(most.max().unwrap() <= 2 * OVERVIEW_ROWS.max(RANKS_PER_PAGE));
    }

    #[test]
    fn a_players_place_links_to_the_page_that_lists_that_rank() {
        for (active, all_time) in [(260, 301), (OVERVIEW_ROWS, OVERVIEW_ROWS + 3), (100, 100)] {
            let (site, view) = view(active, all_time);
            let pages = pages(&site, &view);
            let table = &view.games[0].tables[0];
            for (list, len) in [(false, active), (true, all_time)] {
                if list && !table.has_own_pages(true) {
                    continue;
                }
                for rank in 1..=len {
                    let place = table.place(&site, list, rank);
                    let (page, anchor) = place.url.split_once('#').unwrap_or((&place.url, ""));
                    let page = pages
                        .iter()
                        .find(|p| site.link(&p.path) == page)
                        .unwrap_or_else(|| panic!("rank {rank}: no page at {}", place.url));
                    let shown = page.view.games[0]
                        .tables
                        .iter()
                        .find(|t| anchor.is_empty() || t.id == anchor)
                        .expect("the table the anchor names");
                    let ranks: Vec<usize> = shown.rows.iter().map(|r| r.rank).collect();
                    assert!(ranks.contains(&rank), "rank {rank} is not on {}", place.url);
                    assert_eq!(shown.list, if list { "all time" } else { "active players" });
                    let (first, last) = (ranks[0], ranks[ranks.len() - 1]);
                    let expected = if rank <= RANKS_PER_PAGE {
                        rank.to_string()
                    } else {
                        format!("{first}–{last}")
                    };
                    assert_eq!((place.ranks, place.all_time), (expected, list));
                }
            }
        }
    }

    #[test]
    fn a_short_list_of_active_players_only_stays_whole_on_one_page() {
        let (site, view) = view(OVERVIEW_ROWS, OVERVIEW_ROWS);
        let pages = pages(&site, &view);
        assert_eq!(pages.len(), 1);
        let table = &pages[0].view.games[0].tables[0];
        assert_eq!(table.rows.len(), OVERVIEW_ROWS);
        assert!(table.more.is_none() && table.all_time.is_none());
    }
}
