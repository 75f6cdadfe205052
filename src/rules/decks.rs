//! Deckbuilding checks for *Star Wars: The Card Game*: a deck is one affiliation and a list of
//! objective sets, checked against the embedded index of the printed sets.
//!
//! The rules, and where they are written:
//!
//! - One deck (FFG Tournament Regulations 2018, "Deck Building"; Organized Play 2014, "Deck
//!   requirements and size limits"): "Each deck must contain one affiliation card and a minimum of
//!   ten objective sets." The core game's limits, which the *Balance of the Force* rules call the
//!   "objective set limits that would apply to a single player in 1v1 play", add: at most two
//!   copies of a set; one copy of a set marked "Limit 1 per objective deck"; a set marked
//!   "affiliation only" only in a deck of that affiliation. Every set in a deck is of the deck's
//!   side.
//! - A team (*Balance of the Force*, "Team deckbuilding limits"): "each player's deck must contain
//!   a minimum of 10 objective sets", "a team may not have more than two copies of any standard
//!   objective set, by title, in their decks", and a limit 1 set may be used by "only one player
//!   on the team".
//! - *The Hunt for Skywalker* (*Balance of the Force*, "Dark side deck restrictions"): "Each dark
//!   side player cannot have more than 10 objective sets in his objective deck".
//!
//! Every function is pure; the set index is parsed once, on first use, and a line that does not
//! parse is skipped rather than trusted (a test keeps the shipped file complete).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use crate::diag::{did_you_mean, edit_distance_within, worth_suggesting};
use crate::event::Side;

/// The objective set index, made by `scripts/refresh-card-data.py`; `data/README.md` describes it.
const SETS_TSV: &str = include_str!("../../data/swlcg-objective-sets.tsv");

/// Fewest objective sets in a deck, in standard and team play alike.
pub const MIN_SETS: usize = 10;

/// Most copies of one objective set in a deck, and across a team's decks of one side.
const MAX_COPIES: usize = 2;

/// Most objective sets in a dark side player's deck in *The Hunt for Skywalker*.
const HUNT_FOR_SKYWALKER_MAX_SETS: usize = 10;

/// How many "did you mean" sets an unknown id in a deck gets.
const SUGGESTIONS: usize = 3;

/// The affiliation of sets that belong to none: they go in any deck of their side.
const NEUTRAL: &str = "Neutral";

/// One printed objective set, as the deck checks need it (no card text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObjectiveSet {
    /// The set number printed on its cards: a string, since community sets use ids like `FIC01`.
    pub id: String,
    /// The title of the set's objective card.
    pub(crate) title: String,
    pub side: Side,
    /// One of the side's affiliations, or `Neutral`.
    pub affiliation: String,
    /// "Limit 1 per objective deck".
    pub limit_one: bool,
    /// Only allowed in a deck of the set's own affiliation.
    affiliation_only: bool,
}

/// The parsed index: the sets in file order, an id lookup, and each side's affiliations.
struct Catalogue {
    sets: Vec<ObjectiveSet>,
    by_id: BTreeMap<String, usize>,
    dark_affiliations: Vec<String>,
    light_affiliations: Vec<String>,
}

impl Catalogue {
    fn new(sets: Vec<ObjectiveSet>) -> Catalogue {
        let mut by_id = BTreeMap::new();
        let mut dark = BTreeSet::new();
        let mut light = BTreeSet::new();
        for (i, set) in sets.iter().enumerate() {
            by_id.entry(set.id.clone()).or_insert(i);
            if set.affiliation != NEUTRAL {
                match set.side {
                    Side::Dark => dark.insert(set.affiliation.clone()),
                    Side::Light => light.insert(set.affiliation.clone()),
                };
            }
        }
        Catalogue {
            sets,
            by_id,
            dark_affiliations: dark.into_iter().collect(),
            light_affiliations: light.into_iter().collect(),
        }
    }
}

fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| Catalogue::new(parse(SETS_TSV)))
}

/// The sets of an index file: the header line is skipped, and so is any line that does not parse.
fn parse(text: &str) -> Vec<ObjectiveSet> {
    text.lines().skip(1).filter_map(parse_line).collect()
}

/// One line of the index: `id, title, side, affiliation, limit_one, affiliation_only`, tab-separated.
fn parse_line(line: &str) -> Option<ObjectiveSet> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [id, title, side, affiliation, limit_one, affiliation_only] = fields[..] else {
        return None;
    };
    let flag = |text: &str| match text {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    };
    let side = match side {
        "Dark" => Side::Dark,
        "Light" => Side::Light,
        _ => return None,
    };
    if [id, title, affiliation].iter().any(|f| f.is_empty()) {
        return None;
    }
    Some(ObjectiveSet {
        id: id.to_string(),
        title: title.to_string(),
        side,
        affiliation: affiliation.to_string(),
        limit_one: flag(limit_one)?,
        affiliation_only: flag(affiliation_only)?,
    })
}

/// The set with this id (exactly as printed: `"7"`, not `"07"`).
pub(crate) fn objective_set(id: &str) -> Option<&'static ObjectiveSet> {
    let catalogue = catalogue();
    catalogue.by_id.get(id).map(|&i| &catalogue.sets[i])
}

/// Every set of the index, in file order.
pub fn sets() -> &'static [ObjectiveSet] {
    &catalogue().sets
}

/// The affiliations a deck of `side` may name, sorted: every affiliation of that side's sets
/// except `Neutral`.
pub fn affiliations(side: Side) -> &'static [String] {
    let catalogue = catalogue();
    match side {
        Side::Dark => &catalogue.dark_affiliations,
        Side::Light => &catalogue.light_affiliations,
    }
}

/// The affiliation `name` spells, as the game prints it, with its side; `None` when it is none
/// of the game's affiliations however written. Archives spell one affiliation several ways
/// ("Smugglers & Spies", "smugglers and spies"), and each must count as the one the game prints.
pub(crate) fn affiliation_named(name: &str) -> Option<(&'static str, Side)> {
    let wanted = affiliation_key(name);
    [Side::Dark, Side::Light].into_iter().find_map(|side| {
        affiliations(side)
            .iter()
            .find(|known| affiliation_key(known) == wanted)
            .map(|known| (known.as_str(), side))
    })
}

/// What two spellings of one affiliation share: `&` read as "and", then only the letters and
/// digits, in lower case (so case, spacing and punctuation do not matter).
fn affiliation_key(name: &str) -> String {
    name.replace('&', " and ")
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// "Did you mean" for an unknown set id: at most `n` sets whose id or title is a plausible slip
/// of `id` (case-insensitive edit distance at most a third of its length, and at least 1), best
/// first. Someone may write a title instead of a number, so titles count as much as ids. Ties go
/// to the numerically nearest id when both are numbers (`285` suggests 284 before 275), then to
/// index order, so the answer never varies.
fn closest_sets(id: &str, n: usize) -> Vec<&'static ObjectiveSet> {
    if !worth_suggesting(id) {
        return Vec::new();
    }
    let wanted = id.trim().to_lowercase();
    let limit = (wanted.chars().count() / 3).max(1);
    let number = wanted.parse::<u64>().ok();
    let mut scored: Vec<(usize, u64, usize, &'static ObjectiveSet)> = catalogue()
        .sets
        .iter()
        .enumerate()
        .filter_map(|(i, set)| {
            let distance = [&set.id, &set.title]
                .into_iter()
                .filter_map(|name| edit_distance_within(&wanted, &name.to_lowercase(), limit))
                .min()?;
            let gap = match (number, set.id.parse::<u64>()) {
                (Some(a), Ok(b)) => a.abs_diff(b),
                _ => u64::MAX,
            };
            Some((distance, gap, i, set))
        })
        .collect();
    scored.sort_by_key(|&(distance, gap, i, _)| (distance, gap, i));
    scored.into_iter().take(n).map(|(.., set)| set).collect()
}

/// A deck as recorded in an event file.
#[derive(Debug, Clone, Copy)]
pub struct DeckInput<'a> {
    /// Who plays the deck (a player id), for messages.
    pub owner: &'a str,
    pub side: Side,
    pub affiliation: Option<&'a str>,
    /// Objective set ids, one entry per copy.
    pub objectives: &'a [String],
}

/// Something that makes a deck, or a team's decks, illegal. Each names the deck's owner and side;
/// `index` (0-based) is the entry of `objectives` to point at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeckProblem {
    /// The deck names no affiliation (or an empty one); a deck has exactly one.
    MissingAffiliation { owner: String, side: Side },
    /// The affiliation is not one of the side's; `suggestion` is a close one, if any.
    UnknownAffiliation {
        owner: String,
        side: Side,
        affiliation: String,
        suggestion: Option<String>,
    },
    /// The affiliation is one of the other side's: a dark deck listed as "Jedi". A deck's
    /// affiliation card is of its side, so the list or the side it is recorded under is wrong.
    AffiliationOfOtherSide {
        owner: String,
        side: Side,
        /// As the game prints it.
        affiliation: String,
    },
    /// No set has this id; `suggestions` are the closest ids, best first (maybe none).
    UnknownSet {
        owner: String,
        side: Side,
        index: usize,
        id: String,
        suggestions: Vec<String>,
    },
    /// The set belongs to the other side.
    WrongSide {
        owner: String,
        side: Side,
        index: usize,
        id: String,
    },
    /// An "affiliation only" set of `set_affiliation` in a deck of `deck_affiliation`.
    AffiliationOnly {
        owner: String,
        side: Side,
        index: usize,
        id: String,
        set_affiliation: String,
        deck_affiliation: String,
    },
    /// More than two copies of a set in one deck; `index` is the third copy.
    TooManyCopies {
        owner: String,
        side: Side,
        index: usize,
        id: String,
        count: usize,
    },
    /// More than one copy of a limit 1 set in one deck; `index` is the second copy.
    LimitOneRepeated {
        owner: String,
        side: Side,
        index: usize,
        id: String,
        count: usize,
    },
    /// Fewer than ten objective sets (every listed entry counts).
    TooFewSets {
        owner: String,
        side: Side,
        count: usize,
    },
    /// More than two copies of a set across a team's decks of one side. `holders` lists each deck
    /// holding the set with its copies, in deck order; `owner` and `index` point at the first
    /// copy past two, counting at most two from each deck (a deck's own excess is
    /// [`DeckProblem::TooManyCopies`]).
    TeamTooManyCopies {
        owner: String,
        side: Side,
        index: usize,
        id: String,
        count: usize,
        holders: Vec<(String, usize)>,
    },
    /// A limit 1 set in more than one teammate's deck of one side. `holders` are the decks' owners
    /// in deck order; `owner` and `index` point at its first copy in the second holder's deck.
    TeamLimitOneShared {
        owner: String,
        side: Side,
        index: usize,
        id: String,
        holders: Vec<String>,
    },
    /// A dark deck with more than ten objective sets for *The Hunt for Skywalker*.
    HuntTooManySets { owner: String, count: usize },
}

/// A deck's sets, each with the indices of its copies in `objectives`.
type Tally = Vec<(&'static ObjectiveSet, Vec<usize>)>;

/// The known sets of the deck's side, each with the indices of its copies, in order of first
/// appearance. Unknown and wrong-side entries are left out: they are reported on their own.
fn tally(deck: &DeckInput<'_>) -> Tally {
    let mut order: BTreeMap<&str, usize> = BTreeMap::new();
    let mut sets: Tally = Vec::new();
    for (index, id) in deck.objectives.iter().enumerate() {
        let Some(set) = objective_set(id).filter(|set| set.side == deck.side) else {
            continue;
        };
        let slot = *order.entry(set.id.as_str()).or_insert_with(|| {
            sets.push((set, Vec::new()));
            sets.len() - 1
        });
        sets[slot].1.push(index);
    }
    sets
}

/// Checks the affiliation of a deck recorded by its affiliation alone (archives often keep no
/// more): it must be one of the game's, of the deck's side.
pub(crate) fn check_affiliation(deck: &DeckInput<'_>) -> Vec<DeckProblem> {
    let mut problems = Vec::new();
    deck_affiliation(deck, &mut problems);
    problems
}

/// The deck's affiliation as the game prints it, when it names one of its side's; otherwise
/// `None`, with the problem pushed.
fn deck_affiliation(deck: &DeckInput<'_>, problems: &mut Vec<DeckProblem>) -> Option<&'static str> {
    let owner = deck.owner.to_string();
    let side = deck.side;
    let Some(written) = deck.affiliation.map(str::trim).filter(|a| !a.is_empty()) else {
        problems.push(DeckProblem::MissingAffiliation { owner, side });
        return None;
    };
    match affiliation_named(written) {
        Some((name, of)) if of == side => Some(name),
        Some((name, _)) => {
            problems.push(DeckProblem::AffiliationOfOtherSide {
                owner,
                side,
                affiliation: name.to_string(),
            });
            None
        }
        None => {
            let known = affiliations(side).iter().map(String::as_str);
            problems.push(DeckProblem::UnknownAffiliation {
                owner,
                side,
                affiliation: written.to_string(),
                suggestion: did_you_mean(written, known).map(str::to_string),
            });
            None
        }
    }
}

/// Checks one deck for standard play. Problems come in a fixed order: the affiliation, then each
/// entry in list order, then copy limits in order of first appearance, then the deck's size.
pub fn check_deck(deck: &DeckInput<'_>) -> Vec<DeckProblem> {
    let owner = deck.owner.to_string();
    let side = deck.side;
    let mut problems = Vec::new();

    let affiliation = deck_affiliation(deck, &mut problems);

    for (index, id) in deck.objectives.iter().enumerate() {
        let Some(set) = objective_set(id) else {
            problems.push(DeckProblem::UnknownSet {
                owner: owner.clone(),
                side,
                index,
                id: id.clone(),
                // Only sets of the deck's side would be accepted, so only those are suggested.
                suggestions: closest_sets(id, usize::MAX)
                    .into_iter()
                    .filter(|s| s.side == side)
                    .take(SUGGESTIONS)
                    .map(|s| s.id.clone())
                    .collect(),
            });
            continue;
        };
        if set.side != side {
            problems.push(DeckProblem::WrongSide {
                owner: owner.clone(),
                side,
                index,
                id: id.clone(),
            });
            continue;
        }
        // Without a valid affiliation there is nothing to compare with; that is reported above.
        let Some(affiliation) = affiliation else {
            continue;
        };
        if set.affiliation_only && set.affiliation != NEUTRAL && set.affiliation != affiliation {
            problems.push(DeckProblem::AffiliationOnly {
                owner: owner.clone(),
                side,
                index,
                id: id.clone(),
                set_affiliation: set.affiliation.clone(),
                deck_affiliation: affiliation.to_string(),
            });
        }
    }

    for (set, indices) in tally(deck) {
        let count = indices.len();
        if set.limit_one && count > 1 {
            problems.push(DeckProblem::LimitOneRepeated {
                owner: owner.clone(),
                side,
                index: indices[1],
                id: set.id.clone(),
                count,
            });
        } else if count > MAX_COPIES {
            problems.push(DeckProblem::TooManyCopies {
                owner: owner.clone(),
                side,
                index: indices[MAX_COPIES],
                id: set.id.clone(),
                count,
            });
        }
    }

    if deck.objectives.len() < MIN_SETS {
        problems.push(DeckProblem::TooFewSets {
            owner,
            side,
            count: deck.objectives.len(),
        });
    }
    problems
}

/// The team limits alone, without each deck's own checks ([`check_deck`], which already asks for
/// ten sets each): for decks already checked one by one, such as the teams a challenge event puts
/// together session by session. Any number of decks per side is accepted, so the three challengers
/// a scenario allows are covered too.
///
/// A deck's own excess is not counted twice: for the two-copy team limit each deck contributes at
/// most two copies, so a lone deck with three copies is only [`DeckProblem::TooManyCopies`]. A
/// limit 1 set is held to "only one player", which is stricter than two copies, so it gets only
/// [`DeckProblem::TeamLimitOneShared`].
pub(crate) fn team_limits(decks: &[DeckInput<'_>]) -> Vec<DeckProblem> {
    let mut problems = Vec::new();
    for side in [Side::Dark, Side::Light] {
        let tallies: Vec<(&DeckInput<'_>, Tally)> = decks
            .iter()
            .filter(|deck| deck.side == side)
            .map(|deck| (deck, tally(deck)))
            .collect();
        let mut seen = BTreeSet::new();
        let sets_in_order = tallies
            .iter()
            .flat_map(|(_, sets)| sets.iter().map(|(set, _)| *set))
            .filter(|set| seen.insert(set.id.as_str()));
        for set in sets_in_order.collect::<Vec<_>>() {
            let holders: Vec<(&DeckInput<'_>, &[usize])> = tallies
                .iter()
                .filter_map(|(deck, sets)| {
                    let (_, indices) = sets.iter().find(|(s, _)| s.id == set.id)?;
                    Some((*deck, indices.as_slice()))
                })
                .collect();
            if set.limit_one {
                if let [_, (second, indices), ..] = holders[..] {
                    problems.push(DeckProblem::TeamLimitOneShared {
                        owner: second.owner.to_string(),
                        side,
                        index: indices[0],
                        id: set.id.clone(),
                        holders: holders.iter().map(|(d, _)| d.owner.to_string()).collect(),
                    });
                }
                continue;
            }
            let past_limit = holders
                .iter()
                .flat_map(|(deck, indices)| indices.iter().take(MAX_COPIES).map(|&i| (*deck, i)))
                .nth(MAX_COPIES);
            if let Some((deck, index)) = past_limit {
                problems.push(DeckProblem::TeamTooManyCopies {
                    owner: deck.owner.to_string(),
                    side,
                    index,
                    id: set.id.clone(),
                    count: holders.iter().map(|(_, indices)| indices.len()).sum(),
                    holders: holders
                        .iter()
                        .map(|(d, indices)| (d.owner.to_string(), indices.len()))
                        .collect(),
                });
            }
        }
    }
    problems
}

/// *The Hunt for Skywalker*'s extra limit on a dark side player's deck: at most ten objective sets
/// (with the team rules' minimum of ten, exactly ten). The light side plays the challenge deck,
/// so a light deck has nothing to check here. The caller applies [`team_limits`] as well.
pub(crate) fn check_hunt_for_skywalker_dark(deck: &DeckInput<'_>) -> Vec<DeckProblem> {
    let count = deck.objectives.len();
    if deck.side == Side::Dark && count > HUNT_FOR_SKYWALKER_MAX_SETS {
        vec![DeckProblem::HuntTooManySets {
            owner: deck.owner.to_string(),
            count,
        }]
    } else {
        Vec::new()
    }
}

impl DeckProblem {
    /// The player whose deck the problem points at.
    pub(crate) fn owner(&self) -> &str {
        match self {
            DeckProblem::MissingAffiliation { owner, .. }
            | DeckProblem::UnknownAffiliation { owner, .. }
            | DeckProblem::AffiliationOfOtherSide { owner, .. }
            | DeckProblem::UnknownSet { owner, .. }
            | DeckProblem::WrongSide { owner, .. }
            | DeckProblem::AffiliationOnly { owner, .. }
            | DeckProblem::TooManyCopies { owner, .. }
            | DeckProblem::LimitOneRepeated { owner, .. }
            | DeckProblem::TooFewSets { owner, .. }
            | DeckProblem::TeamTooManyCopies { owner, .. }
            | DeckProblem::TeamLimitOneShared { owner, .. }
            | DeckProblem::HuntTooManySets { owner, .. } => owner,
        }
    }

    /// The side of the deck the problem points at.
    pub(crate) fn side(&self) -> Side {
        match *self {
            DeckProblem::MissingAffiliation { side, .. }
            | DeckProblem::UnknownAffiliation { side, .. }
            | DeckProblem::AffiliationOfOtherSide { side, .. }
            | DeckProblem::UnknownSet { side, .. }
            | DeckProblem::WrongSide { side, .. }
            | DeckProblem::AffiliationOnly { side, .. }
            | DeckProblem::TooManyCopies { side, .. }
            | DeckProblem::LimitOneRepeated { side, .. }
            | DeckProblem::TooFewSets { side, .. }
            | DeckProblem::TeamTooManyCopies { side, .. }
            | DeckProblem::TeamLimitOneShared { side, .. } => side,
            DeckProblem::HuntTooManySets { .. } => Side::Dark,
        }
    }

    /// The 0-based entry of the deck's `objectives` to point at, when one entry is at fault.
    pub(crate) fn index(&self) -> Option<usize> {
        match *self {
            DeckProblem::UnknownSet { index, .. }
            | DeckProblem::WrongSide { index, .. }
            | DeckProblem::AffiliationOnly { index, .. }
            | DeckProblem::TooManyCopies { index, .. }
            | DeckProblem::LimitOneRepeated { index, .. }
            | DeckProblem::TeamTooManyCopies { index, .. }
            | DeckProblem::TeamLimitOneShared { index, .. } => Some(index),
            DeckProblem::MissingAffiliation { .. }
            | DeckProblem::UnknownAffiliation { .. }
            | DeckProblem::AffiliationOfOtherSide { .. }
            | DeckProblem::TooFewSets { .. }
            | DeckProblem::HuntTooManySets { .. } => None,
        }
    }

    /// Whether the problem is the deck's affiliation as written, so that it is shown at the
    /// `affiliation` line rather than at the list of sets.
    pub(crate) fn at_affiliation(&self) -> bool {
        matches!(
            self,
            DeckProblem::UnknownAffiliation { .. } | DeckProblem::AffiliationOfOtherSide { .. }
        )
    }

    /// What is wrong, in one sentence.
    pub(crate) fn message(&self) -> String {
        let deck = format!("{}'s {} deck", self.owner(), self.side().name());
        match self {
            DeckProblem::MissingAffiliation { .. } => {
                format!("{deck} names no affiliation; a deck needs exactly one affiliation card")
            }
            DeckProblem::UnknownAffiliation {
                side, affiliation, ..
            } => format!(
                "{deck} names the affiliation \"{affiliation}\", which is not a {} side affiliation",
                side.name()
            ),
            DeckProblem::AffiliationOfOtherSide {
                side, affiliation, ..
            } => format!(
                "{deck} names the affiliation {affiliation}, which is a {} side affiliation",
                side.opposite().name()
            ),
            DeckProblem::UnknownSet { index, id, .. } => format!(
                "entry {} of {deck}, \"{id}\", is not a known objective set",
                index + 1
            ),
            DeckProblem::WrongSide {
                side, index, id, ..
            } => format!(
                "{} (entry {}) is a {} side set, but {deck} is a {} side deck",
                set_name(id),
                index + 1,
                side.opposite().name(),
                side.name()
            ),
            DeckProblem::AffiliationOnly {
                id,
                index,
                set_affiliation,
                deck_affiliation,
                ..
            } => format!(
                "{} (entry {}) is {set_affiliation} affiliation only, but {deck} is \
                 {deck_affiliation}",
                set_name(id),
                index + 1
            ),
            DeckProblem::TooManyCopies { id, count, .. } => format!(
                "{} appears {count} times in {deck}; a deck may hold at most two copies of a set",
                set_name(id)
            ),
            DeckProblem::LimitOneRepeated { id, count, .. } => format!(
                "{} appears {count} times in {deck}; it is limit 1 per objective deck",
                set_name(id)
            ),
            DeckProblem::TooFewSets { count, .. } => format!(
                "{deck} has {}; a deck needs at least {MIN_SETS}",
                plural(*count, "objective set", "objective sets")
            ),
            DeckProblem::TeamTooManyCopies {
                side,
                id,
                count,
                holders,
                ..
            } => {
                let per_deck: Vec<String> =
                    holders.iter().map(|(o, n)| format!("{o}: {n}")).collect();
                format!(
                    "{} appears {count} times across the team's {} decks ({}); a team may hold \
                     at most two copies of a set among its {} decks",
                    set_name(id),
                    side.name(),
                    per_deck.join(", "),
                    side.name()
                )
            }
            DeckProblem::TeamLimitOneShared {
                side, id, holders, ..
            } => format!(
                "{} is limit 1 per objective deck and appears in the {} decks of {}; only one \
                 player on a team may use it",
                set_name(id),
                side.name(),
                and_list(holders)
            ),
            DeckProblem::HuntTooManySets { count, .. } => format!(
                "{deck} has {count} objective sets; in The Hunt for Skywalker each dark side \
                 player may have at most {HUNT_FOR_SKYWALKER_MAX_SETS}"
            ),
        }
    }

    /// What to do about it, in one sentence.
    pub(crate) fn help(&self) -> String {
        match self {
            DeckProblem::MissingAffiliation { side, .. } => format!(
                "name the deck's affiliation: one of {}",
                or_list(affiliations(*side))
            ),
            DeckProblem::UnknownAffiliation {
                side, suggestion, ..
            } => match suggestion {
                Some(s) => format!("did you mean \"{s}\"?"),
                None => format!("use one of {}", or_list(affiliations(*side))),
            },
            DeckProblem::AffiliationOfOtherSide { owner, side, .. } => format!(
                "a {} deck's affiliation is one of {}; if this is {owner}'s {} deck, record it \
                 under `[players.decks.{}]`",
                side.name(),
                or_list(affiliations(*side)),
                side.opposite().name(),
                side.opposite().name()
            ),
            DeckProblem::UnknownSet { suggestions, .. } => {
                if suggestions.is_empty() {
                    "write the objective set number printed on the set's cards".to_string()
                } else {
                    let names: Vec<String> = suggestions.iter().map(|id| set_name(id)).collect();
                    format!("did you mean {}?", or_list(&names))
                }
            }
            DeckProblem::WrongSide { side, id, .. } => format!(
                "remove set {id}, or replace it with a {} side set",
                side.name()
            ),
            DeckProblem::AffiliationOnly {
                id,
                set_affiliation,
                ..
            } => format!(
                "remove set {id}, or play it in a deck whose affiliation is {set_affiliation}"
            ),
            DeckProblem::TooManyCopies { id, count, .. } => format!(
                "remove {} of set {id}",
                plural(count - MAX_COPIES, "copy", "copies")
            ),
            DeckProblem::LimitOneRepeated { id, count, .. } => {
                format!("remove {} of set {id}", plural(count - 1, "copy", "copies"))
            }
            DeckProblem::TooFewSets { count, .. } => format!(
                "add {}",
                plural(
                    MIN_SETS - count,
                    "more objective set",
                    "more objective sets"
                )
            ),
            DeckProblem::TeamTooManyCopies {
                side,
                id,
                count,
                holders,
                ..
            } => {
                let owners: Vec<String> = holders.iter().map(|(o, _)| format!("{o}'s")).collect();
                format!(
                    "remove {} of set {id} from {} {} deck",
                    plural(count - MAX_COPIES, "copy", "copies"),
                    or_list(&owners),
                    side.name()
                )
            }
            DeckProblem::TeamLimitOneShared {
                side, id, holders, ..
            } => format!(
                "keep set {id} in one teammate's {} deck and remove it from the {}",
                side.name(),
                if holders.len() > 2 {
                    "others'"
                } else {
                    "other's"
                }
            ),
            DeckProblem::HuntTooManySets { count, .. } => format!(
                "remove {} for this scenario",
                plural(
                    count - HUNT_FOR_SKYWALKER_MAX_SETS,
                    "objective set",
                    "objective sets"
                )
            ),
        }
    }
}

/// `set 7 (Jedi Training)`, or `set 7` alone if the id is unknown.
fn set_name(id: &str) -> String {
    match objective_set(id) {
        Some(set) => format!("set {id} ({})", set.title),
        None => format!("set {id}"),
    }
}

/// `1 copy`, `2 copies`.
pub(crate) fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `a`, `a and b`, `a, b and c`.
pub(crate) fn and_list(items: &[String]) -> String {
    join_last(items, "and")
}

/// `a`, `a or b`, `a, b or c`.
pub(crate) fn or_list(items: &[String]) -> String {
    join_last(items, "or")
}

fn join_last(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [init @ .., last] => format!("{} {word} {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A team's decks checked as a 2 vs 2 event checks them: each deck on its own, then the
    /// team limits among the decks of each side.
    fn check_team(decks: &[DeckInput<'_>]) -> Vec<DeckProblem> {
        let mut problems: Vec<DeckProblem> = decks.iter().flat_map(check_deck).collect();
        problems.extend(team_limits(decks));
        problems
    }

    fn ids(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn deck<'a>(
        owner: &'a str,
        side: Side,
        affiliation: Option<&'a str>,
        objectives: &'a [String],
    ) -> DeckInput<'a> {
        DeckInput {
            owner,
            side,
            affiliation,
            objectives,
        }
    }

    /// Sith: Sith sets (22 is Sith affiliation only), one Imperial Navy set that is not
    /// affiliation only (26), dark Neutral sets (34; 35 is limit 1) and the limit 1 Sith set 94.
    fn tom_dark() -> Vec<String> {
        ids(&["19", "19", "20", "21", "22", "23", "26", "34", "35", "94"])
    }

    /// Jedi: Jedi sets (4 is affiliation only), a Rebel Alliance set (8), light Neutral sets (16;
    /// 17 is limit 1) and the limit 1 Jedi set 91.
    fn tom_light() -> Vec<String> {
        ids(&["1", "1", "2", "3", "4", "5", "8", "16", "17", "91"])
    }

    /// Imperial Navy, sharing set 26 (one copy each) with Tom; 95 is limit 1.
    fn kris_dark() -> Vec<String> {
        ids(&["26", "27", "27", "29", "30", "31", "32", "41", "46", "95"])
    }

    /// Rebel Alliance, sharing set 8 (one copy each) with Tom; 13 is affiliation only, 92 limit 1.
    fn kris_light() -> Vec<String> {
        ids(&["8", "9", "10", "10", "11", "12", "13", "14", "38", "92"])
    }

    fn team<'a>(
        tom_dark: &'a [String],
        kris_dark: &'a [String],
        tom_light: &'a [String],
        kris_light: &'a [String],
    ) -> [DeckInput<'a>; 4] {
        [
            deck("tom", Side::Dark, Some("Sith"), tom_dark),
            deck("kris", Side::Dark, Some("Imperial Navy"), kris_dark),
            deck("tom", Side::Light, Some("Jedi"), tom_light),
            deck("kris", Side::Light, Some("Rebel Alliance"), kris_light),
        ]
    }

    // ---- The embedded index ----

    #[test]
    fn embedded_index_parses_completely() {
        let mut lines = SETS_TSV.lines();
        assert_eq!(
            lines.next(),
            Some("id\ttitle\tside\taffiliation\tlimit_one\taffiliation_only")
        );
        for (n, line) in lines.enumerate() {
            assert!(
                parse_line(line).is_some(),
                "line {} does not parse: {line:?}",
                n + 2
            );
        }
        let sets = &catalogue().sets;
        assert_eq!(sets.len(), 284);
        assert_eq!(catalogue().by_id.len(), 284, "ids are unique");
        let titles: BTreeSet<&str> = sets.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(
            titles.len(),
            284,
            "titles are unique, so counting by id is counting by title"
        );
        let numbers: Vec<u64> = sets.iter().map(|s| s.id.parse().unwrap()).collect();
        assert!(numbers.windows(2).all(|w| w[0] < w[1]), "sorted by id");
    }

    #[test]
    fn affiliations_per_side_come_from_the_data() {
        assert_eq!(
            affiliations(Side::Dark),
            ["Imperial Navy", "Scum and Villainy", "Sith"]
        );
        assert_eq!(
            affiliations(Side::Light),
            ["Jedi", "Rebel Alliance", "Smugglers and Spies"]
        );
    }

    #[test]
    fn lookup_by_printed_id() {
        let set = objective_set("94").unwrap();
        assert_eq!(set.title, "The Emperor's Hand");
        assert_eq!(set.side, Side::Dark);
        assert_eq!(set.affiliation, "Sith");
        assert!(set.limit_one && !set.affiliation_only);
        assert!(objective_set("094").is_none());
        assert!(objective_set("285").is_none());
    }

    #[test]
    fn bad_lines_are_skipped_not_trusted() {
        let text = "header\n\
                    7\tJedi Training\tLight\tJedi\tfalse\tfalse\n\
                    8\tNo flags\tLight\tJedi\n\
                    9\tBad side\tGrey\tJedi\tfalse\tfalse\n\
                    10\tBad flag\tLight\tJedi\tyes\tfalse\n\
                    \tNo id\tLight\tJedi\tfalse\tfalse\n\
                    11\tToo many\tLight\tJedi\tfalse\tfalse\textra\n";
        let sets = parse(text);
        assert_eq!(sets.len(), 1);
        assert_eq!(sets[0].id, "7");
    }

    // ---- Did you mean ----

    #[test]
    fn closest_sets_by_number_prefer_the_nearest() {
        let found: Vec<&str> = closest_sets("285", 3)
            .iter()
            .map(|s| s.id.as_str())
            .collect();
        assert_eq!(found, ["284", "283", "282"]);
    }

    #[test]
    fn closest_sets_by_title() {
        let found = closest_sets("a heros journey", 3);
        assert_eq!(found[0].id, "1");
        assert_eq!(closest_sets("The Emperors Hand", 1)[0].id, "94");
    }

    #[test]
    fn closest_sets_are_empty_when_nothing_is_close() {
        assert!(closest_sets("FIC01", 3).is_empty());
        assert!(closest_sets("285", 0).is_empty());
    }

    // ---- One deck ----

    #[test]
    fn valid_dark_deck() {
        let objectives = tom_dark();
        assert_eq!(
            check_deck(&deck("tom", Side::Dark, Some("Sith"), &objectives)),
            []
        );
    }

    #[test]
    fn valid_light_deck() {
        let objectives = tom_light();
        assert_eq!(
            check_deck(&deck("tom", Side::Light, Some("Jedi"), &objectives)),
            []
        );
    }

    #[test]
    fn unknown_set_with_suggestions() {
        let mut objectives = tom_dark();
        objectives[3] = "285".to_string();
        let problems = check_deck(&deck("tom", Side::Dark, Some("Sith"), &objectives));
        assert_eq!(
            problems,
            [DeckProblem::UnknownSet {
                owner: "tom".into(),
                side: Side::Dark,
                index: 3,
                id: "285".into(),
                // Dark sets only: 282 is a light set; 258 is one transposition away.
                suggestions: ids(&["284", "283", "258"]),
            }]
        );
        assert_eq!(problems[0].index(), Some(3));
        assert_eq!(
            problems[0].message(),
            "entry 4 of tom's dark deck, \"285\", is not a known objective set"
        );
        assert_eq!(
            problems[0].help(),
            "did you mean set 284 (Patrolling the Wastes), set 283 (Blizzard Assault) or \
             set 258 (The Emperor's Shadow)?"
        );
    }

    #[test]
    fn unknown_set_without_suggestions() {
        let mut objectives = tom_dark();
        objectives[0] = "FIC01".to_string();
        let problems = check_deck(&deck("tom", Side::Dark, Some("Sith"), &objectives));
        assert!(matches!(
            &problems[..],
            [DeckProblem::UnknownSet { suggestions, index: 0, .. }] if suggestions.is_empty()
        ));
        assert_eq!(
            problems[0].help(),
            "write the objective set number printed on the set's cards"
        );
    }

    #[test]
    fn set_of_the_wrong_side() {
        let mut objectives = tom_dark();
        objectives[9] = "1".to_string();
        let problems = check_deck(&deck("tom", Side::Dark, Some("Sith"), &objectives));
        assert_eq!(
            problems,
            [DeckProblem::WrongSide {
                owner: "tom".into(),
                side: Side::Dark,
                index: 9,
                id: "1".into(),
            }]
        );
        assert_eq!(
            problems[0].message(),
            "set 1 (A Hero's Journey) (entry 10) is a light side set, but tom's dark deck is a \
             dark side deck"
        );
        assert_eq!(
            problems[0].help(),
            "remove set 1, or replace it with a dark side set"
        );
    }

    #[test]
    fn fewer_than_ten_sets() {
        let objectives = tom_dark()[..9].to_vec();
        let problems = check_deck(&deck("tom", Side::Dark, Some("Sith"), &objectives));
        assert_eq!(
            problems,
            [DeckProblem::TooFewSets {
                owner: "tom".into(),
                side: Side::Dark,
                count: 9,
            }]
        );
        assert_eq!(problems[0].index(), None);
        assert_eq!(
            problems[0].message(),
            "tom's dark deck has 9 objective sets; a deck needs at least 10"
        );
        assert_eq!(problems[0].help(), "add 1 more objective set");
    }

    #[test]
    fn more_than_two_copies() {
        let mut objectives = tom_dark();
        objectives.push("19".to_string());
        let problems = check_deck(&deck("Tom", Side::Dark, Some("Sith"), &objectives));
        assert_eq!(
            problems,
            [DeckProblem::TooManyCopies {
                owner: "Tom".into(),
                side: Side::Dark,
                index: 10,
                id: "19".into(),
                count: 3,
            }]
        );
        assert_eq!(
            problems[0].message(),
            "set 19 (Fall of the Jedi) appears 3 times in Tom's dark deck; a deck may hold at \
             most two copies of a set"
        );
        assert_eq!(problems[0].help(), "remove 1 copy of set 19");
    }

    #[test]
    fn two_copies_of_a_limit_one_set() {
        let mut objectives = tom_dark();
        objectives.push("94".to_string());
        let problems = check_deck(&deck("tom", Side::Dark, Some("Sith"), &objectives));
        assert_eq!(
            problems,
            [DeckProblem::LimitOneRepeated {
                owner: "tom".into(),
                side: Side::Dark,
                index: 10,
                id: "94".into(),
                count: 2,
            }]
        );
        assert_eq!(
            problems[0].message(),
            "set 94 (The Emperor's Hand) appears 2 times in tom's dark deck; it is limit 1 per \
             objective deck"
        );
        assert_eq!(problems[0].help(), "remove 1 copy of set 94");
    }

    #[test]
    fn affiliation_only_set_of_another_affiliation() {
        let mut objectives = tom_dark();
        objectives[6] = "28".to_string(); // The Ultimate Power: Imperial Navy affiliation only
        let problems = check_deck(&deck("tom", Side::Dark, Some("Sith"), &objectives));
        assert_eq!(
            problems,
            [DeckProblem::AffiliationOnly {
                owner: "tom".into(),
                side: Side::Dark,
                index: 6,
                id: "28".into(),
                set_affiliation: "Imperial Navy".into(),
                deck_affiliation: "Sith".into(),
            }]
        );
        assert_eq!(
            problems[0].message(),
            "set 28 (The Ultimate Power) (entry 7) is Imperial Navy affiliation only, but tom's \
             dark deck is Sith"
        );
        assert_eq!(
            problems[0].help(),
            "remove set 28, or play it in a deck whose affiliation is Imperial Navy"
        );
    }

    #[test]
    fn missing_affiliation() {
        let objectives = tom_dark();
        for affiliation in [None, Some(""), Some("  ")] {
            let problems = check_deck(&deck("tom", Side::Dark, affiliation, &objectives));
            assert_eq!(
                problems,
                [DeckProblem::MissingAffiliation {
                    owner: "tom".into(),
                    side: Side::Dark,
                }]
            );
            assert_eq!(
                problems[0].help(),
                "name the deck's affiliation: one of Imperial Navy, Scum and Villainy or Sith"
            );
        }
    }

    #[test]
    fn neutral_is_no_affiliation() {
        let objectives = tom_dark();
        let problems = check_deck(&deck("tom", Side::Dark, Some("Neutral"), &objectives));
        assert_eq!(
            problems,
            [DeckProblem::UnknownAffiliation {
                owner: "tom".into(),
                side: Side::Dark,
                affiliation: "Neutral".into(),
                suggestion: None,
            }]
        );
        assert_eq!(
            problems[0].message(),
            "tom's dark deck names the affiliation \"Neutral\", which is not a dark side affiliation"
        );
        assert_eq!(
            problems[0].help(),
            "use one of Imperial Navy, Scum and Villainy or Sith"
        );
        assert!(problems[0].at_affiliation());
    }

    /// "Each deck must contain one affiliation card", and a deck's side is its affiliation's: a
    /// dark deck listed as "Jedi" cannot have been played as recorded.
    #[test]
    fn a_dark_deck_of_a_light_affiliation_is_reported() {
        let objectives = tom_dark();
        let problems = check_deck(&deck("tom", Side::Dark, Some("jedi"), &objectives));
        assert_eq!(
            problems,
            [DeckProblem::AffiliationOfOtherSide {
                owner: "tom".into(),
                side: Side::Dark,
                affiliation: "Jedi".into(),
            }]
        );
        assert_eq!(
            problems[0].message(),
            "tom's dark deck names the affiliation Jedi, which is a light side affiliation"
        );
        assert_eq!(
            problems[0].help(),
            "a dark deck's affiliation is one of Imperial Navy, Scum and Villainy or Sith; if this \
             is tom's light deck, record it under `[players.decks.light]`"
        );
        assert!(problems[0].at_affiliation());
        // Recorded by its affiliation alone, the deck is checked all the same.
        assert_eq!(
            check_affiliation(&deck("tom", Side::Dark, Some("Jedi"), &[])),
            problems
        );
        assert!(check_affiliation(&deck("tom", Side::Light, Some("Jedi"), &[])).is_empty());
    }

    #[test]
    fn spellings_of_one_affiliation_name_the_printed_one() {
        for written in [
            "Smugglers & Spies",
            "smugglers and spies",
            "SMUGGLERS AND SPIES",
            "Smugglers  &  Spies",
            "Smugglers-and-Spies.",
        ] {
            assert_eq!(
                affiliation_named(written),
                Some(("Smugglers and Spies", Side::Light)),
                "{written}"
            );
        }
        assert_eq!(
            affiliation_named("Scum & Villainy"),
            Some(("Scum and Villainy", Side::Dark))
        );
        assert_eq!(
            affiliation_named("imperial navy"),
            Some(("Imperial Navy", Side::Dark))
        );
        assert_eq!(affiliation_named("Smugglers"), None);
        assert_eq!(affiliation_named("Neutral"), None);
        // Written another way, the affiliation is the deck's own: nothing to report, and an
        // "affiliation only" set of it is allowed (13 is Rebel Alliance only).
        let light = ids(&["8", "9", "10", "10", "11", "12", "13", "14", "38", "92"]);
        assert!(check_deck(&deck("kris", Side::Light, Some("rebel alliance"), &light)).is_empty());
    }

    #[test]
    fn misspelt_affiliation_gets_a_suggestion() {
        let objectives = tom_dark();
        let problems = check_deck(&deck("tom", Side::Dark, Some("Sth"), &objectives));
        assert_eq!(problems[0].help(), "did you mean \"Sith\"?");
    }

    #[test]
    fn problems_come_in_list_order() {
        let objectives = ids(&["1", "999", "19", "19", "19"]);
        let problems = check_deck(&deck("tom", Side::Dark, None, &objectives));
        let kinds: Vec<(&str, Option<usize>)> = problems
            .iter()
            .map(|p| {
                let kind = match p {
                    DeckProblem::MissingAffiliation { .. } => "affiliation",
                    DeckProblem::WrongSide { .. } => "side",
                    DeckProblem::UnknownSet { .. } => "unknown",
                    DeckProblem::TooManyCopies { .. } => "copies",
                    DeckProblem::TooFewSets { .. } => "size",
                    _ => "other",
                };
                (kind, p.index())
            })
            .collect();
        assert_eq!(
            kinds,
            [
                ("affiliation", None),
                ("side", Some(0)),
                ("unknown", Some(1)),
                ("copies", Some(4)),
                ("size", None),
            ]
        );
    }

    // ---- Teams ----

    #[test]
    fn valid_team() {
        let (td, kd, tl, kl) = (tom_dark(), kris_dark(), tom_light(), kris_light());
        assert_eq!(check_team(&team(&td, &kd, &tl, &kl)), []);
    }

    #[test]
    fn three_copies_across_teammates() {
        let (td, tl, kl) = (tom_dark(), tom_light(), kris_light());
        let mut kd = kris_dark();
        kd[9] = "19".to_string(); // Tom already has two copies of 19
        let problems = check_team(&team(&td, &kd, &tl, &kl));
        assert_eq!(
            problems,
            [DeckProblem::TeamTooManyCopies {
                owner: "kris".into(),
                side: Side::Dark,
                index: 9,
                id: "19".into(),
                count: 3,
                holders: vec![("tom".into(), 2), ("kris".into(), 1)],
            }]
        );
        assert_eq!(
            problems[0].message(),
            "set 19 (Fall of the Jedi) appears 3 times across the team's dark decks (tom: 2, \
             kris: 1); a team may hold at most two copies of a set among its dark decks"
        );
        assert_eq!(
            problems[0].help(),
            "remove 1 copy of set 19 from tom's or kris's dark deck"
        );
    }

    #[test]
    fn a_decks_own_excess_is_not_a_team_problem_too() {
        let (kd, tl, kl) = (kris_dark(), tom_light(), kris_light());
        let mut td = tom_dark();
        td.push("19".to_string()); // three copies in Tom's deck alone
        let problems = check_team(&team(&td, &kd, &tl, &kl));
        assert!(matches!(
            &problems[..],
            [DeckProblem::TooManyCopies { count: 3, .. }]
        ));

        // With one more copy in Kris's deck the team holds four: both problems, and the team one
        // points at Kris's copy, the first past the two Tom may keep.
        let mut kd = kd;
        kd[9] = "19".to_string();
        let problems = check_team(&team(&td, &kd, &tl, &kl));
        assert!(matches!(
            &problems[..],
            [
                DeckProblem::TooManyCopies { count: 3, .. },
                DeckProblem::TeamTooManyCopies { count: 4, index: 9, owner, .. },
            ] if owner == "kris"
        ));
        assert_eq!(
            problems[1].help(),
            "remove 2 copies of set 19 from tom's or kris's dark deck"
        );
    }

    #[test]
    fn limit_one_set_in_both_teammates_decks() {
        let (td, tl, kd) = (tom_dark(), tom_light(), kris_dark());
        let mut kl = kris_light();
        kl[8] = "17".to_string(); // Tribal Support, limit 1, already in Tom's light deck
        let problems = check_team(&team(&td, &kd, &tl, &kl));
        assert_eq!(
            problems,
            [DeckProblem::TeamLimitOneShared {
                owner: "kris".into(),
                side: Side::Light,
                index: 8,
                id: "17".into(),
                holders: ids(&["tom", "kris"]),
            }]
        );
        assert_eq!(
            problems[0].message(),
            "set 17 (Tribal Support) is limit 1 per objective deck and appears in the light \
             decks of tom and kris; only one player on a team may use it"
        );
        assert_eq!(
            problems[0].help(),
            "keep set 17 in one teammate's light deck and remove it from the other's"
        );
    }

    #[test]
    fn three_challengers_share_a_limit_one_set() {
        // A challenge scenario allows three players on a side; 35 (limit 1) is in Tom's deck.
        let (td, mut kd) = (tom_dark(), kris_dark());
        kd[9] = "35".to_string();
        let ad = ids(&["33", "33", "47", "47", "52", "52", "57", "57", "86", "35"]);
        let decks = [
            deck("tom", Side::Dark, Some("Sith"), &td),
            deck("kris", Side::Dark, Some("Imperial Navy"), &kd),
            deck("ann", Side::Dark, Some("Scum and Villainy"), &ad),
        ];
        let problems = check_team(&decks);
        assert!(matches!(
            &problems[..],
            [DeckProblem::TeamLimitOneShared { holders, owner, index: 9, .. }]
                if holders == &ids(&["tom", "kris", "ann"]) && owner == "kris"
        ));
        assert_eq!(
            problems[0].message(),
            "set 35 (Corporate Exploitation) is limit 1 per objective deck and appears in the \
             dark decks of tom, kris and ann; only one player on a team may use it"
        );
        assert_eq!(
            problems[0].help(),
            "keep set 35 in one teammate's dark deck and remove it from the others'"
        );
    }

    #[test]
    fn teammate_deck_with_nine_sets() {
        let (td, kd, tl) = (tom_dark(), kris_dark(), tom_light());
        let kl = kris_light()[..9].to_vec();
        let problems = check_team(&team(&td, &kd, &tl, &kl));
        assert_eq!(
            problems,
            [DeckProblem::TooFewSets {
                owner: "kris".into(),
                side: Side::Light,
                count: 9,
            }]
        );
    }

    #[test]
    fn team_limits_count_each_side_apart() {
        // Set 26 once in each dark deck and set 8 once in each light deck: two copies per side.
        let (td, kd, tl, kl) = (tom_dark(), kris_dark(), tom_light(), kris_light());
        assert!(td.contains(&"26".to_string()) && kd.contains(&"26".to_string()));
        assert!(tl.contains(&"8".to_string()) && kl.contains(&"8".to_string()));
        assert_eq!(check_team(&team(&td, &kd, &tl, &kl)), []);
    }

    /// Worked example 16 (*Balance of the Force*, team deckbuilding limits): each deck at least
    /// 10 objective sets; across the team at most two copies of any set; a limit 1 set in only
    /// one teammate's deck.
    #[test]
    fn worked_example_16_team_deckbuilding() {
        let (td, kd, tl, kl) = (tom_dark(), kris_dark(), tom_light(), kris_light());
        assert_eq!(check_team(&team(&td, &kd, &tl, &kl)), []);

        // Each deck: at least 10 objective sets.
        let short = kd[..9].to_vec();
        assert!(matches!(
            &check_team(&team(&td, &short, &tl, &kl))[..],
            [DeckProblem::TooFewSets { count: 9, .. }]
        ));

        // Across the team: at most two copies. Two copies in one deck and one in the other is
        // too many; one in each is fine (sets 26 and 8 above).
        let mut third_copy = kd.clone();
        third_copy[0] = "19".to_string();
        assert!(matches!(
            &check_team(&team(&td, &third_copy, &tl, &kl))[..],
            [DeckProblem::TeamTooManyCopies { count: 3, .. }]
        ));

        // A limit 1 set in only one teammate's deck: Corporate Exploitation (35) in both dark
        // decks is not allowed.
        let mut shared = kd.clone();
        shared[0] = "35".to_string();
        assert!(matches!(
            &check_team(&team(&td, &shared, &tl, &kl))[..],
            [DeckProblem::TeamLimitOneShared { id, .. }] if id == "35"
        ));
    }

    // ---- The Hunt for Skywalker ----

    /// Worked example 17 (*Balance of the Force*, The Hunt for Skywalker): each dark side player
    /// has at most 10 objective sets.
    #[test]
    fn worked_example_17_hunt_for_skywalker() {
        let ten = tom_dark();
        assert_eq!(
            check_hunt_for_skywalker_dark(&deck("tom", Side::Dark, Some("Sith"), &ten)),
            []
        );

        let mut eleven = tom_dark();
        eleven.push("24".to_string());
        let problems =
            check_hunt_for_skywalker_dark(&deck("tom", Side::Dark, Some("Sith"), &eleven));
        assert_eq!(
            problems,
            [DeckProblem::HuntTooManySets {
                owner: "tom".into(),
                count: 11,
            }]
        );
        assert_eq!(problems[0].side(), Side::Dark);
        assert_eq!(
            problems[0].message(),
            "tom's dark deck has 11 objective sets; in The Hunt for Skywalker each dark side \
             player may have at most 10"
        );
        assert_eq!(
            problems[0].help(),
            "remove 1 objective set for this scenario"
        );
    }

    #[test]
    fn hunt_for_skywalker_limits_only_dark_decks() {
        let mut eleven = tom_light();
        eleven.push("6".to_string());
        assert_eq!(
            check_hunt_for_skywalker_dark(&deck("tom", Side::Light, Some("Jedi"), &eleven)),
            []
        );
    }
}
