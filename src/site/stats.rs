//! Meta statistics, for one event or the whole archive: which affiliations, objective sets and
//! cards were played (from recorded decklists), how often each side won, and how games ended,
//! for each of the two games apart (their results and decks have nothing in common).
//!
//! This is the view: tables, shares and charts made from the events' counts, which
//! [`super::counts`] keeps as plain data (and where what is counted is said).

use serde::Serialize;

use super::chart::{Bar, Mark, Period, Series, Share, Tone, bar_chart, trend_chart};
use super::counts::{Counted, Counts, DARK_WON, LIGHT_WON, by_year};
use super::numbers::grouped;

/// How many objective sets the tables list, most played first.
const TOP_OBJECTIVES: usize = 15;

/// One row of a statistics table: a label, a count, its share and the bar's length (0-100,
/// against the largest count of the table).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct Tally {
    pub(crate) label: String,
    /// In a sides table, the side a row's games were won by (`dark` or `light`, none for draws),
    /// for its mark and its chart bar's tone; none in other tables.
    pub(crate) side: Option<&'static str>,
    /// In the affiliations table, the row's mark ([`super::model::affiliation_mark`]).
    pub(crate) mark: Option<&'static str>,
    pub(crate) count: u32,
    /// "42%" of the table's total.
    pub(crate) share: String,
    pub(crate) bar: u32,
}

/// The statistics of some events.
#[derive(Debug, Clone, Serialize, Default)]
pub(crate) struct StatsView {
    /// Events counted.
    pub(crate) events: u32,
    /// Decklists counted (both games).
    pub(crate) decks: u32,
    /// Games whose sides are known (both games).
    sided_games: u32,
    /// SW:LCG.
    pub(crate) sides: Vec<Tally>,
    pub(crate) endings: Vec<Tally>,
    pub(crate) affiliations: Vec<Tally>,
    pub(crate) objectives: Vec<Tally>,
    /// SW:CCG.
    ccg_sides: Vec<Tally>,
    ccg_endings: Vec<Tally>,
    ccg_objectives: Vec<Tally>,
    ccg_dark_cards: Vec<Tally>,
    ccg_light_cards: Vec<Tally>,
    /// Challenge-deck sessions: each scenario's record by team size.
    pub(crate) scenarios: Vec<super::casual_view::ScenarioRecordView>,
    /// SW:LCG: each affiliation's games and wins, most played first.
    affiliation_records: Vec<RateRow>,
    /// SW:LCG: the meta, each affiliation's share of the lists beside its win rate and how
    /// often its lists reached a top cut, most played first.
    meta: Vec<MetaRow>,
    /// Events and players by year, oldest first.
    pub(crate) years: Vec<YearRow>,
    /// Side results and deck shares year by year, for each game.
    pub(crate) trends: Trends,
    /// The charts drawn beside the tables (none until [`StatsView::charted`]).
    pub(crate) charts: Charts,
    /// Whether any table has rows.
    pub(crate) any: bool,
}

/// One affiliation's record: games played with it, games won, and the win rate ("55%").
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
struct RateRow {
    pub(crate) label: String,
    /// The affiliation's mark ([`super::model::affiliation_mark`]).
    mark: Option<&'static str>,
    pub(crate) games: u32,
    pub(crate) won: u32,
    pub(crate) rate: String,
}

/// One affiliation in the meta: how much it is played, how well, and how often its lists
/// reach the top cut, side by side (the view players compare archetypes by).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
struct MetaRow {
    label: String,
    /// The affiliation's mark ([`super::model::affiliation_mark`]).
    mark: Option<&'static str>,
    /// Lists of it, and their share of the lists that name an affiliation ("24%").
    lists: u32,
    share: String,
    /// Games played with it (with known sides), and the share won; empty without a game.
    games: u32,
    win_rate: String,
    /// Lists of it brought to events with a top cut, those of players who made the cut, and
    /// that share; empty when none was brought to such an event.
    cut_lists: u32,
    cut_made: u32,
    cut_rate: String,
}

/// One year of the archive: its events and their players.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct YearRow {
    pub(crate) year: String,
    pub(crate) events: u32,
    pub(crate) players: u32,
}

/// Charts of the numbers where a share or a trend is the point, as inline SVG (empty when there
/// is nothing to draw). Each repeats numbers a table gives.
#[derive(Debug, Clone, Serialize, Default)]
pub(crate) struct Charts {
    pub(crate) sides: String,
    ccg_sides: String,
    pub(crate) endings: String,
    ccg_endings: String,
    pub(crate) affiliations: String,
    affiliation_records: String,
    pub(crate) years: String,
    trend_sides: String,
    trend_ccg_sides: String,
    trend_affiliations: String,
    trend_ccg_objectives: String,
}

/// How the archive changed year by year, each game apart: which side won, and what decks the
/// published lists were (SW:LCG affiliations, SW:CCG objectives).
#[derive(Debug, Clone, Serialize, Default)]
pub(crate) struct Trends {
    pub(crate) sides: Vec<YearSides>,
    ccg_sides: Vec<YearSides>,
    pub(crate) affiliations: Vec<YearShares>,
    ccg_objectives: Vec<YearShares>,
}

/// One year's games with known sides: each side's wins and win rate ("52%" of the year's games).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct YearSides {
    pub(crate) year: String,
    pub(crate) games: u32,
    pub(crate) dark: u32,
    pub(crate) light: u32,
    pub(crate) drawn: u32,
    dark_rate: String,
    light_rate: String,
}

/// One year's published decklists of a game that name an affiliation (SW:LCG) or an objective
/// (SW:CCG), and each one's share of them.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub(crate) struct YearShares {
    pub(crate) year: String,
    pub(crate) decks: u32,
    /// Most played first; SW:CCG objectives cut to the most played few.
    pub(crate) rows: Vec<Tally>,
}

/// How many SW:CCG objectives the trends follow: the most played over all the years.
const TOP_TREND_OBJECTIVES: usize = 5;
/// How many lines a trend chart of deck shares draws at most: the most played over all the
/// years (the table gives every one).
const TREND_LINES: usize = 6;

/// Each year's side results, from `year -> label -> games` counts.
fn year_sides(counts: &Counts) -> Vec<YearSides> {
    by_year(counts)
        .into_iter()
        .map(|(year, results)| {
            let get = |label: &str| results.get(label).copied().unwrap_or(0);
            let (dark, light, drawn) = (get("Dark side won"), get("Light side won"), get("Drawn"));
            let games = dark + light + drawn;
            YearSides {
                year: year.to_string(),
                games,
                dark,
                light,
                drawn,
                dark_rate: percent(dark, games),
                light_rate: percent(light, games),
            }
        })
        .collect()
}

/// Each year's deck shares, from `year -> label -> decks`, of the year's decks that name one
/// (a list names one affiliation, or one SW:CCG objective): every label played that year, or,
/// with `follow`, the `follow` most played over all the years, each year (played or not).
fn year_shares(counts: &Counts, follow: Option<usize>) -> Vec<YearShares> {
    let years = by_year(counts);
    let followed: Option<Vec<String>> = follow.map(|limit| {
        let mut totals = Counts::new();
        for labels in years.values() {
            for (label, &n) in labels {
                *totals.entry(label.clone()).or_default() += n;
            }
        }
        tallies(totals, limit, None)
            .into_iter()
            .map(|t| t.label)
            .collect()
    });
    years
        .into_iter()
        .map(|(year, labels)| {
            let decks = labels.values().sum();
            let rows = match &followed {
                None => tallies(labels, usize::MAX, Some(decks)),
                Some(followed) => {
                    let max = followed
                        .iter()
                        .filter_map(|l| labels.get(l))
                        .max()
                        .map_or(1, |&n| n.max(1));
                    followed
                        .iter()
                        .map(|label| {
                            let count = labels.get(label).copied().unwrap_or(0);
                            Tally {
                                label: label.clone(),
                                side: None,
                                mark: None,
                                count,
                                share: percent(count, decks),
                                bar: count * 100 / max,
                            }
                        })
                        .collect()
                }
            };
            YearShares {
                year: year.to_string(),
                decks,
                rows,
            }
        })
        .collect()
}

/// `part` of `whole` as a whole percentage, rounded: "42%".
/// The meta table's rows: each affiliation of the lists (`affiliations`, most played first) with
/// its win rate (`records`) and its top cuts (`cut_lists`, `cut_made`: see [`Counted`]).
fn meta_rows(
    affiliations: &[Tally],
    records: &[RateRow],
    cut_lists: &Counts,
    cut_made: &Counts,
) -> Vec<MetaRow> {
    affiliations
        .iter()
        .map(|row| {
            let record = records.iter().find(|r| r.label == row.label);
            let games = record.map_or(0, |r| r.games);
            let cut_lists = cut_lists.get(&row.label).copied().unwrap_or(0);
            let cut_made = cut_made.get(&row.label).copied().unwrap_or(0);
            MetaRow {
                label: row.label.clone(),
                mark: row.mark,
                lists: row.count,
                share: row.share.clone(),
                games,
                win_rate: record
                    .filter(|_| games > 0)
                    .map_or_else(String::new, |r| r.rate.clone()),
                cut_lists,
                cut_made,
                cut_rate: if cut_lists > 0 {
                    percent(cut_made, cut_lists)
                } else {
                    String::new()
                },
            }
        })
        .collect()
}

fn percent(part: u32, whole: u32) -> String {
    let (part, whole) = (u64::from(part), u64::from(whole));
    format!("{}%", (part * 100 + whole / 2) / whole.max(1))
}

/// The bars of a share chart: each row's count against the table's total.
fn share_bars(rows: &[Tally], sided: bool) -> Vec<Bar> {
    let total = rows.iter().map(|r| r.count).sum();
    rows.iter()
        .map(|r| Bar {
            label: r.label.clone(),
            value: r.count,
            of: total,
            text: format!("{} · {}", grouped(r.count.into()), r.share),
            tone: match (sided, r.side) {
                (false, _) => Tone::Plain,
                (true, Some("dark")) => Tone::Dark,
                (true, Some(_)) => Tone::Light,
                (true, None) => Tone::Neutral,
            },
        })
        .collect()
}

/// Turns counts into rows, largest first (ties by label), keeping at most `limit`. Shares are
/// of `total`, or of the counts' sum when `None`.
fn tallies(counts: Counts, limit: usize, total: Option<u32>) -> Vec<Tally> {
    let total: u32 = total.unwrap_or_else(|| counts.values().sum());
    let mut rows: Vec<(String, u32)> = counts.into_iter().filter(|&(_, n)| n > 0).collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    rows.truncate(limit);
    let max = rows.first().map_or(1, |r| r.1.max(1));
    rows.into_iter()
        .map(|(label, count)| Tally {
            side: None,
            mark: None,
            share: percent(count, total),
            bar: count * 100 / max,
            label,
            count,
        })
        .collect()
}

/// A sides table's rows, each with the side that won its games.
fn side_tallies(counts: Counts) -> Vec<Tally> {
    let mut rows = tallies(counts, usize::MAX, None);
    for row in &mut rows {
        row.side = match row.label.as_str() {
            DARK_WON => Some("dark"),
            LIGHT_WON => Some("light"),
            _ => None,
        };
    }
    rows
}

/// How many most played cards of each side the SW:CCG tables list.
const TOP_CARDS: usize = 15;

impl StatsView {
    /// The tables of `counted`.
    pub(crate) fn of(counted: Counted) -> StatsView {
        let mut view = StatsView {
            events: counted.events,
            decks: counted.decks,
            ..StatsView::default()
        };
        let ccg_decks = counted.ccg_decks;
        view.sided_games =
            counted.sides.values().sum::<u32>() + counted.ccg_sides.values().sum::<u32>();
        view.sides = side_tallies(counted.sides);
        view.endings = tallies(counted.endings, usize::MAX, None);
        view.affiliations = tallies(counted.affiliations, usize::MAX, None)
            .into_iter()
            .map(|row| Tally {
                mark: super::model::affiliation_mark(&row.label),
                ..row
            })
            .collect();
        // A set's (or card's) share is of the decks, since one deck holds many.
        let lcg_decks = view.decks - ccg_decks.decks.iter().sum::<u32>();
        view.objectives = tallies(counted.objectives, TOP_OBJECTIVES, Some(lcg_decks));
        view.ccg_sides = side_tallies(counted.ccg_sides);
        view.ccg_endings = tallies(counted.ccg_endings, usize::MAX, None);
        view.ccg_objectives = tallies(
            ccg_decks.objectives,
            TOP_CARDS,
            Some(ccg_decks.decks.iter().sum()),
        );
        let [dark_cards, light_cards] = ccg_decks.cards;
        view.ccg_dark_cards = tallies(dark_cards, TOP_CARDS, Some(ccg_decks.decks[0]));
        view.ccg_light_cards = tallies(light_cards, TOP_CARDS, Some(ccg_decks.decks[1]));
        view.scenarios = crate::rules::casual::scenario_records(&counted.sessions)
            .iter()
            .map(|r| super::casual_view::record_view(r, None))
            .collect();
        let mut records: Vec<RateRow> = counted
            .deck_games
            .iter()
            .map(|(label, &games)| {
                let won = counted.deck_wins.get(label).copied().unwrap_or(0);
                RateRow {
                    mark: super::model::affiliation_mark(label),
                    label: label.clone(),
                    games,
                    won,
                    rate: percent(won, games),
                }
            })
            .collect();
        records.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.label.cmp(&b.label)));
        view.meta = meta_rows(
            &view.affiliations,
            &records,
            &counted.cut_lists,
            &counted.cut_made,
        );
        view.affiliation_records = records;
        view.years = counted
            .year_events
            .iter()
            .map(|(year, &events)| YearRow {
                year: year.clone(),
                events,
                players: counted.year_players.get(year).copied().unwrap_or(0),
            })
            .collect();
        view.trends = Trends {
            sides: year_sides(&counted.year_sides),
            ccg_sides: year_sides(&counted.year_ccg_sides),
            affiliations: year_shares(&counted.year_affiliations, None),
            ccg_objectives: year_shares(&counted.year_ccg_objectives, Some(TOP_TREND_OBJECTIVES)),
        };
        view.any = !view.scenarios.is_empty()
            || [
                &view.sides,
                &view.endings,
                &view.affiliations,
                &view.objectives,
                &view.ccg_sides,
                &view.ccg_endings,
                &view.ccg_objectives,
                &view.ccg_dark_cards,
                &view.ccg_light_cards,
            ]
            .iter()
            .any(|t| !t.is_empty());
        view
    }

    /// These statistics with their charts drawn.
    pub(crate) fn charted(mut self) -> StatsView {
        self.charts = charts(&self);
        self
    }
}

/// The charts of `view`'s tables.
fn charts(view: &StatsView) -> Charts {
    let most = |rows: &[YearRow]| rows.iter().map(|r| r.events).max().unwrap_or(0);
    let record_bars: Vec<Bar> = view
        .affiliation_records
        .iter()
        .map(|r| Bar {
            label: r.label.clone(),
            value: r.won,
            of: r.games,
            text: format!(
                "{} of {} · {}",
                grouped(r.won.into()),
                grouped(r.games.into()),
                r.rate
            ),
            tone: Tone::Plain,
        })
        .collect();
    let year_bars: Vec<Bar> = view
        .years
        .iter()
        .map(|r| Bar {
            label: r.year.clone(),
            value: r.events,
            of: most(&view.years),
            text: format!(
                "{} event{} · {} player{}",
                grouped(r.events.into()),
                if r.events == 1 { "" } else { "s" },
                grouped(r.players.into()),
                if r.players == 1 { "" } else { "s" }
            ),
            tone: Tone::Plain,
        })
        .collect();
    Charts {
        sides: bar_chart(
            "Share of SW:LCG games won by each side",
            &share_bars(&view.sides, true),
        ),
        ccg_sides: bar_chart(
            "Share of SW:CCG games won by each side",
            &share_bars(&view.ccg_sides, true),
        ),
        endings: bar_chart(
            "How SW:LCG games ended, as a share of games",
            &share_bars(&view.endings, false),
        ),
        ccg_endings: bar_chart(
            "How SW:CCG games ended, as a share of games",
            &share_bars(&view.ccg_endings, false),
        ),
        affiliations: bar_chart(
            "Affiliations as a share of recorded SW:LCG decklists",
            &share_bars(&view.affiliations, false),
        ),
        affiliation_records: bar_chart(
            "Games won with each affiliation, of games played with it",
            &record_bars,
        ),
        years: bar_chart("Events per year, with their players", &year_bars),
        trend_sides: trend_chart(
            "SW:LCG games won by each side, year by year",
            &periods(view.trends.sides.iter().map(|y| y.year.as_str())),
            &side_series(&view.trends.sides),
        ),
        trend_ccg_sides: trend_chart(
            "SW:CCG games won by each side, year by year",
            &periods(view.trends.ccg_sides.iter().map(|y| y.year.as_str())),
            &side_series(&view.trends.ccg_sides),
        ),
        trend_affiliations: trend_chart(
            "Affiliations as a share of each year's published SW:LCG decklists",
            &periods(view.trends.affiliations.iter().map(|y| y.year.as_str())),
            &share_series(&view.trends.affiliations),
        ),
        trend_ccg_objectives: trend_chart(
            "The most played SW:CCG objectives as a share of each year's published decklists",
            &periods(view.trends.ccg_objectives.iter().map(|y| y.year.as_str())),
            &share_series(&view.trends.ccg_objectives),
        ),
    }
}

/// The years of a trend on its time axis, each placed by its number (a year with no events
/// leaves a gap); a year that is not a number (none is) takes its place in the order.
fn periods<'a>(years: impl Iterator<Item = &'a str>) -> Vec<Period> {
    let years: Vec<&str> = years.collect();
    let numbers: Option<Vec<i64>> = years.iter().map(|y| y.parse().ok()).collect();
    years
        .iter()
        .enumerate()
        .map(|(i, year)| Period {
            label: (*year).to_string(),
            at: numbers
                .as_ref()
                .map_or(i64::try_from(i).unwrap_or(0), |n| n[i]),
        })
        .collect()
}

/// Two lines: the dark side's wins of each year's games, then the light side's, marked as the
/// pages mark the sides (a disc, a ring).
fn side_series(years: &[YearSides]) -> Vec<Series> {
    [("Dark side", Mark::Disc), ("Light side", Mark::Ring)]
        .into_iter()
        .map(|(label, mark)| Series {
            label: label.to_string(),
            mark,
            shares: years
                .iter()
                .map(|y| {
                    let part = if mark == Mark::Disc { y.dark } else { y.light };
                    Some(Share { part, of: y.games })
                })
                .collect(),
        })
        .collect()
}

/// A line for each of the most played kinds of deck over all the years (at most
/// [`TREND_LINES`]), its share of each year's decks; an affiliation is marked by its shape on
/// the pages, anything else by the next mark not taken.
fn share_series(years: &[YearShares]) -> Vec<Series> {
    let mut totals = Counts::new();
    for y in years {
        for r in &y.rows {
            *totals.entry(r.label.clone()).or_default() += r.count;
        }
    }
    let labels: Vec<String> = tallies(totals, TREND_LINES, None)
        .into_iter()
        .map(|t| t.label)
        .collect();
    let own = |label: &str| match super::model::affiliation_mark(label) {
        Some("jedi") => Some(Mark::Up),
        Some("sith") => Some(Mark::Down),
        Some("rebel") => Some(Mark::Diamond),
        Some("navy") => Some(Mark::Square),
        Some("smugglers") => Some(Mark::Hexagon),
        Some("scum") => Some(Mark::HexagonFilled),
        _ => None,
    };
    let mut taken: Vec<Mark> = labels.iter().filter_map(|l| own(l)).collect();
    labels
        .iter()
        .map(|label| {
            let mark = own(label).unwrap_or_else(|| {
                let next = Mark::SEQUENCE
                    .into_iter()
                    .find(|m| !taken.contains(m))
                    .unwrap_or(Mark::Disc);
                taken.push(next);
                next
            });
            Series {
                label: label.clone(),
                mark,
                shares: years
                    .iter()
                    .map(|y| {
                        let part = y
                            .rows
                            .iter()
                            .find(|r| &r.label == label)
                            .map_or(0, |r| r.count);
                        Some(Share { part, of: y.decks })
                    })
                    .collect(),
            }
        })
        .collect()
}

/// The statistics of the events whose counts are `counted`.
pub(crate) fn collect<'a>(counted: impl IntoIterator<Item = &'a Counted>) -> StatsView {
    let mut total = Counted::default();
    for c in counted {
        total.add(c);
    }
    StatsView::of(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_sort_share_and_scale() {
        let counts: Counts = [
            ("a".to_string(), 1),
            ("b".to_string(), 3),
            ("c".to_string(), 0),
        ]
        .into_iter()
        .collect();
        let rows = tallies(counts, 10, None);
        assert_eq!(rows.len(), 2, "zero counts are left out");
        assert_eq!(
            rows[0],
            Tally {
                label: "b".into(),
                side: None,
                mark: None,
                count: 3,
                share: "75%".into(),
                bar: 100
            }
        );
        assert_eq!((rows[1].share.as_str(), rows[1].bar), ("25%", 33));
    }

    fn year_counts(rows: &[(&str, &str, u32)]) -> Counts {
        rows.iter()
            .map(|&(year, label, n)| (format!("{year}\u{1f}{label}"), n))
            .collect()
    }

    #[test]
    fn followed_shares_are_the_most_played_over_all_the_years_each_year() {
        let counts = year_counts(&[
            ("2018", "A", 3),
            ("2018", "B", 1),
            ("2019", "B", 4),
            ("2019", "C", 1),
        ]);
        let years = year_shares(&counts, Some(2));
        let rows = |y: &YearShares| -> Vec<(String, u32, String)> {
            y.rows
                .iter()
                .map(|r| (r.label.clone(), r.count, r.share.clone()))
                .collect()
        };
        assert_eq!(
            rows(&years[0]),
            [("B".into(), 1, "25%".into()), ("A".into(), 3, "75%".into())],
            "B (5) then A (3); C left out"
        );
        assert_eq!(
            rows(&years[1]),
            [("B".into(), 4, "80%".into()), ("A".into(), 0, "0%".into())]
        );
        let every = year_shares(&counts, None);
        assert_eq!(every[1].rows.len(), 2, "each year's own: B and C");
        let series = share_series(&years);
        assert_eq!(series.len(), 2);
        assert_eq!(series[0].label, "B");
        assert_eq!(series[0].mark, Mark::Disc);
        assert_eq!(series[1].mark, Mark::Square, "the next mark not taken");
        assert_eq!(
            series[1].shares,
            [
                Some(Share { part: 3, of: 4 }),
                Some(Share { part: 0, of: 5 })
            ]
        );
    }

    #[test]
    fn affiliations_keep_their_marks_and_sides_are_disc_and_ring() {
        let counts = year_counts(&[("2019", "Sith", 2), ("2019", "Jedi", 1), ("2019", "Odd", 1)]);
        let marks: Vec<(String, Mark)> = share_series(&year_shares(&counts, None))
            .into_iter()
            .map(|s| (s.label, s.mark))
            .collect();
        assert_eq!(
            marks,
            [
                ("Sith".to_string(), Mark::Down),
                ("Jedi".to_string(), Mark::Up),
                ("Odd".to_string(), Mark::Disc)
            ]
        );
        let sides = year_sides(&year_counts(&[
            ("2019", DARK_WON, 3),
            ("2019", LIGHT_WON, 1),
        ]));
        let series = side_series(&sides);
        assert_eq!(series[0].shares, [Some(Share { part: 3, of: 4 })]);
        assert_eq!(
            (series[1].label.as_str(), series[1].mark),
            ("Light side", Mark::Ring)
        );
        assert_eq!(
            periods(["2008", "2011"].into_iter()),
            [
                Period {
                    label: "2008".into(),
                    at: 2008
                },
                Period {
                    label: "2011".into(),
                    at: 2011
                }
            ]
        );
    }
}
