//! Decklist checks for *Star Wars CCG*: a deck is a list of card lines, `N Title`, checked against
//! the embedded index of every card and product.
//!
//! The rules, and where they are written:
//!
//! - Size (SW:CCG Tournament Guide 2008, "Supported Formats"): "A player uses two 60 card decks:
//!   one Dark Side and one Light Side." Sealed and draft formats use other sizes ("Players
//!   building 40 card decks..."), so the caller passes the size the event's format asks for;
//!   [`CONSTRUCTED_DECK_SIZE`] is the constructed one.
//! - What counts: Defensive Shields are played from outside the deck (the guide's "cards that may
//!   be used during the course of game play from *outside* these decks"), so a decklist may list
//!   them but they do not count toward the size. A `Game Aid` does not count either, and is a
//!   problem of its own: "This card is a game aid only and is not legal for inclusion in any
//!   deck" (the Hyperroute Navigation Chart). Everything else counts, objectives included ("count
//!   toward the deck's card limit", the guide says of the oversized ones).
//! - Identification (event file format, "Decklists"): "A card with a name shared by different
//!   cards must be identified uniquely (the product in parentheses)", as in
//!   `1 Luke Skywalker (Premiere)`. A product may be named by its name, its abbreviation or its
//!   GEMP name (`Premiere`, `P`), ignoring case. Published lists never name the set, so a line
//!   may say so instead, `1 Tatooine (set not named)`: the card is then one of those the title
//!   names, and the line is no problem ([`Named::SetNotNamed`]).
//!
//! A card line is read forgivingly: case, the uniqueness markers (`•`, `<>`), curly apostrophes and
//! runs of spaces do not matter, and a two-faced card (every objective) may be written by its front
//! face alone (`Hidden Base` for `Hidden Base / Systems Will Slip Through Your Fingers`). Titles
//! may themselves end in parentheses (`2X-3KPR (Tooex)`, `Coruscant (V)`), so the whole text is
//! tried as a title before a trailing `(Product)` is split off.
//!
//! Every function is pure; the index is parsed once, on first use, and a line that does not parse
//! is skipped rather than trusted (a test keeps the shipped files complete).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::decks::{and_list, or_list, plural};
use crate::diag::{edit_distance_within, worth_suggesting};
use crate::event::Side;

/// The card index, made by `scripts/refresh-card-data.py`; `data/README.md` describes it.
const CARDS_TSV: &str = include_str!("../../data/swccg-cards.tsv");

/// The product index, made by the same script.
const SETS_TSV: &str = include_str!("../../data/swccg-sets.tsv");

/// Cards in a constructed deck, one deck per side.
pub(crate) const CONSTRUCTED_DECK_SIZE: u32 = 60;

/// How many "did you mean" titles or products a problem gets.
const SUGGESTIONS: usize = 3;

/// The card type played from outside the deck, which a decklist lists but does not count.
const DEFENSIVE_SHIELD: &str = "Defensive Shield";

/// The card type that is no part of any deck.
const GAME_AID: &str = "Game Aid";

/// The mark printed before a card's title.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Uniqueness {
    /// No mark: any number of copies.
    Unrestricted,
    /// One, two or three bullets (`•`): unique, or restricted to that many.
    Bullets(u8),
    /// One or three diamonds (`<>`), as on generic locations.
    Diamonds(u8),
}

/// One card, as the checks and the pages need it (no card text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Card {
    /// The source's numeric id, unique across the index.
    pub(crate) id: u32,
    /// The GEMP blueprint id (`7_136`); an alternate image shares its card's.
    gemp_id: String,
    pub(crate) side: Side,
    /// The id of the product it comes from (a key of [`product`]).
    pub(crate) set: String,
    /// The title without uniqueness marks; both faces of a two-faced card, `A / B`.
    pub(crate) title: String,
    pub(crate) uniqueness: Uniqueness,
    /// `Character`, `Effect`, `Defensive Shield`, `Objective`, ...
    pub(crate) card_type: String,
    /// `Alien`, `Site`, `Used Or Lost`, ..., when the card has one.
    sub_type: Option<String>,
}

/// One product (a Decipher set or a virtual set).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Product {
    /// A string: `200d` exists.
    pub(crate) id: String,
    /// What the pages print: `Premiere`, `Virtual Set 0`.
    pub(crate) name: String,
    /// `P`, `V0`.
    abbr: String,
    /// The name GEMP uses: `Reflections II`, `Set 0`.
    gemp_name: String,
}

/// The parsed index with its lookups. Names are keyed by [`normalize`]d text.
struct Catalogue {
    cards: Vec<Card>,
    products: Vec<Product>,
    product_by_id: HashMap<String, usize>,
    /// Every product's name, abbreviation and GEMP name.
    product_by_name: HashMap<String, usize>,
    /// The cards a name stands for on each side (dark, then light; see [`slot`]), in file order.
    /// A card has one or two names: its title, and for a two-faced card its front face.
    cards_by_name: [HashMap<String, Vec<usize>>; 2],
    /// Each side's distinct names once, in first-seen order, for suggestions: the side, the name
    /// as the index writes it, and its normalized key.
    names: Vec<(Side, String, String)>,
}

impl Catalogue {
    fn new(cards: Vec<Card>, products: Vec<Product>) -> Catalogue {
        let mut product_by_id = HashMap::new();
        let mut product_by_name = HashMap::new();
        for (i, product) in products.iter().enumerate() {
            product_by_id.entry(product.id.clone()).or_insert(i);
            for name in [&product.name, &product.abbr, &product.gemp_name] {
                product_by_name.entry(normalize(name)).or_insert(i);
            }
        }
        // A card of a product the index does not know could never be named with its product.
        let cards: Vec<Card> = cards
            .into_iter()
            .filter(|card| product_by_id.contains_key(&card.set))
            .collect();
        let mut cards_by_name: [HashMap<String, Vec<usize>>; 2] = Default::default();
        let mut names = Vec::new();
        for (i, card) in cards.iter().enumerate() {
            for name in card_names(&card.title) {
                let key = normalize(&name);
                let holders = cards_by_name[slot(card.side)]
                    .entry(key.clone())
                    .or_default();
                if holders.is_empty() {
                    names.push((card.side, name, key));
                }
                holders.push(i);
            }
        }
        Catalogue {
            cards,
            products,
            product_by_id,
            product_by_name,
            cards_by_name,
            names,
        }
    }

    /// The cards of `side` that `key` (a normalized name) stands for.
    fn named(&self, side: Side, key: &str) -> Vec<&Card> {
        self.cards_by_name[slot(side)]
            .get(key)
            .map(|found| found.iter().map(|&i| &self.cards[i]).collect())
            .unwrap_or_default()
    }
}

/// A side's place in per-side tables ([`Side`] is not hashable).
fn slot(side: Side) -> usize {
    match side {
        Side::Dark => 0,
        Side::Light => 1,
    }
}

fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| Catalogue::new(parse_cards(CARDS_TSV), parse_products(SETS_TSV)))
}

/// The cards of an index file: the header line is skipped, and so is any line that does not parse.
fn parse_cards(text: &str) -> Vec<Card> {
    text.lines().skip(1).filter_map(parse_card).collect()
}

/// One card line: `id, gemp_id, side, set, title, uniqueness, type, sub_type`, tab-separated.
fn parse_card(line: &str) -> Option<Card> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [
        id,
        gemp_id,
        side,
        set,
        title,
        uniqueness,
        card_type,
        sub_type,
    ] = fields[..]
    else {
        return None;
    };
    let side = match side {
        "Dark" => Side::Dark,
        "Light" => Side::Light,
        _ => return None,
    };
    let uniqueness = match uniqueness {
        "" => Uniqueness::Unrestricted,
        "*" => Uniqueness::Bullets(1),
        "**" => Uniqueness::Bullets(2),
        "***" => Uniqueness::Bullets(3),
        "<>" => Uniqueness::Diamonds(1),
        "<><><>" => Uniqueness::Diamonds(3),
        _ => return None,
    };
    if [gemp_id, set, title, card_type]
        .iter()
        .any(|f| f.is_empty())
    {
        return None;
    }
    Some(Card {
        id: id.parse().ok()?,
        gemp_id: gemp_id.to_string(),
        side,
        set: set.to_string(),
        title: title.to_string(),
        uniqueness,
        card_type: card_type.to_string(),
        sub_type: (!sub_type.is_empty()).then(|| sub_type.to_string()),
    })
}

/// The products of an index file, skipping the header and any line that does not parse.
fn parse_products(text: &str) -> Vec<Product> {
    text.lines().skip(1).filter_map(parse_product).collect()
}

/// One product line: `id, name, abbr, gemp_name`, tab-separated, none empty.
fn parse_product(line: &str) -> Option<Product> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [id, name, abbr, gemp_name] = fields[..] else {
        return None;
    };
    if fields.iter().any(|f| f.is_empty()) {
        return None;
    }
    Some(Product {
        id: id.to_string(),
        name: name.to_string(),
        abbr: abbr.to_string(),
        gemp_name: gemp_name.to_string(),
    })
}

/// The names a card may be written by: its title, and for a two-faced card (`Front / Back`) the
/// front face too. A suffix after the back face that belongs to the whole card, such as `(V)` or
/// `(AI)`, is kept on the front face, so `Hunt Down And Destroy The Jedi (V)` names the virtual
/// card and not the original.
fn card_names(title: &str) -> Vec<String> {
    let Some((front, back)) = title.split_once(" / ") else {
        return vec![title.to_string()];
    };
    let mut suffix_start = back.len();
    while let Some(rest) = back[..suffix_start].trim_end().strip_suffix(')') {
        match rest.rfind('(') {
            Some(open) if open > 0 => suffix_start = open,
            _ => break,
        }
    }
    let suffix = back[suffix_start..].trim();
    let front = if suffix.is_empty() {
        front.to_string()
    } else {
        format!("{} {suffix}", front.trim_end())
    };
    vec![title.to_string(), front]
}

/// The form names are compared in: lowercase, without uniqueness marks, with curly apostrophes
/// made straight and every run of spaces made one.
fn normalize(text: &str) -> String {
    text.replace('•', "")
        .replace("<>", "")
        .replace(['’', '‘'], "'")
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every card of the index, in file order (product, then GEMP number).
pub(crate) fn cards() -> &'static [Card] {
    &catalogue().cards
}

/// The product with this id (`"1"` is Premiere, `"200"` Virtual Set 0).
pub(crate) fn product(set_id: &str) -> Option<&'static Product> {
    let catalogue = catalogue();
    catalogue
        .product_by_id
        .get(set_id)
        .map(|&i| &catalogue.products[i])
}

/// Whether the card counts toward the deck's size: Defensive Shields are played from outside the
/// deck, and a game aid is no part of one.
pub(crate) fn counts_toward_deck(card: &Card) -> bool {
    card.card_type != DEFENSIVE_SHIELD && card.card_type != GAME_AID
}

/// The card's name as a decklist should write it, and as the pages show it: its title, followed by
/// its product in parentheses when another card of its side has the same name. It always resolves
/// back to this card.
pub(crate) fn display_name(card: &Card) -> String {
    if catalogue().named(card.side, &normalize(&card.title)).len() > 1 {
        let product = product(&card.set).map_or(card.set.as_str(), |p| p.name.as_str());
        format!("{} ({product})", card.title)
    } else {
        card.title.clone()
    }
}

/// Why a card line does not name exactly one card of the deck's side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum LineProblem {
    /// Not `N Title` with a whole number N of at least 1 (`Nx Title` is fine too).
    Unreadable,
    /// No card of either side has this name; `suggestions` are the closest names, deck's side
    /// first on a tie, best first (maybe none).
    UnknownCard { suggestions: Vec<String> },
    /// The title is known but the parenthesized `product` is not a product; `suggestions` are
    /// the closest product names.
    UnknownProduct {
        product: String,
        suggestions: Vec<String>,
    },
    /// The title is known on the deck's side, but not in `product`; `cards` are the cards of that
    /// title, so the message can name their products.
    NotInProduct {
        count: u32,
        product: &'static Product,
        cards: Vec<&'static Card>,
    },
    /// The card exists only on the other side.
    WrongSide,
    /// Several cards of the deck's side share the name and no product was given; `cards` are
    /// the candidates, in index order.
    Ambiguous {
        count: u32,
        cards: Vec<&'static Card>,
    },
}

/// Reads a card line, `N Title` or `Nx Title`: the count (at least 1) and the rest, trimmed.
pub(crate) fn read_line(line: &str) -> Option<(u32, &str)> {
    let (count, title) = line.trim().split_once(char::is_whitespace)?;
    let count = count.strip_suffix(['x', 'X']).unwrap_or(count);
    // `parse` would accept a leading `+`; a count is digits only.
    if !count.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let count: u32 = count.parse().ok().filter(|&n| n >= 1)?;
    let title = title.trim();
    (!title.is_empty()).then_some((count, title))
}

/// Splits a trailing `(Product)` off a card's text: `("Jawa", "Premiere")`.
fn split_product(text: &str) -> Option<(&str, &str)> {
    let inner = text.strip_suffix(')')?;
    let open = inner.rfind('(')?;
    let (title, product) = (inner[..open].trim(), inner[open + 1..].trim());
    (!title.is_empty() && !product.is_empty()).then_some((title, product))
}

/// The product a decklist names, by name, abbreviation or GEMP name, ignoring case.
fn find_product(name: &str) -> Option<&'static Product> {
    let catalogue = catalogue();
    catalogue
        .product_by_name
        .get(&normalize(name))
        .map(|&i| &catalogue.products[i])
}

/// Finds the card of `side` that a line's text names (the count already read off).
fn find_card(text: &str, side: Side, count: u32) -> Result<&'static Card, LineProblem> {
    let catalogue = catalogue();
    let key = normalize(text);
    match catalogue.named(side, &key)[..] {
        [card] => return Ok(card),
        [] => {}
        ref several => {
            return Err(LineProblem::Ambiguous {
                count,
                cards: several.to_vec(),
            });
        }
    }
    let split = split_product(text).map(|(title, product)| (normalize(title), product));
    if let Some((title_key, product_name)) = &split {
        let candidates = catalogue.named(side, title_key);
        if !candidates.is_empty() {
            let Some(product) = find_product(product_name) else {
                return Err(LineProblem::UnknownProduct {
                    product: product_name.to_string(),
                    suggestions: closest_products(product_name),
                });
            };
            return match candidates.iter().find(|card| card.set == product.id) {
                Some(card) => Ok(card),
                None => Err(LineProblem::NotInProduct {
                    count,
                    product,
                    cards: candidates,
                }),
            };
        }
    }
    let mut keys = vec![key];
    keys.extend(split.map(|(title_key, _)| title_key));
    if keys
        .iter()
        .any(|key| !catalogue.named(side.opposite(), key).is_empty())
    {
        return Err(LineProblem::WrongSide);
    }
    Err(LineProblem::UnknownCard {
        suggestions: closest_names(&keys, side),
    })
}

/// What a line writes in place of a product when the published list it copies did not name the
/// card's set: `1 Tatooine (set not named)`, compared as [`normalize`]d text.
pub(crate) const SET_NOT_NAMED: &str = "set not named";

/// What a readable card line names among the cards of the deck's side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Named {
    /// Exactly one card.
    Card(&'static Card),
    /// A title several cards of the side share, on a line that says the published list did not
    /// name the set ([`SET_NOT_NAMED`]): the cards it could be, in index order. The line is no
    /// problem (the list was published so), but it names no one card.
    SetNotNamed(Vec<&'static Card>),
}

/// The title before a trailing `(set not named)`, when the text ends with one.
fn strip_set_not_named(text: &str) -> Option<&str> {
    let (title, product) = split_product(text)?;
    (normalize(product) == SET_NOT_NAMED).then_some(title)
}

/// Finds what a line's text names on `side` (the count already read off): [`find_card`], except
/// that a title followed by `(set not named)` may be one that several cards share. A title that
/// only one card has names that card, mark or not.
fn find_named(text: &str, side: Side, count: u32) -> Result<Named, LineProblem> {
    if let Some(title) = strip_set_not_named(text)
        && catalogue().named(side, &normalize(text)).is_empty()
    {
        return match find_card(title, side, count) {
            Ok(card) => Ok(Named::Card(card)),
            Err(LineProblem::Ambiguous { cards, .. }) => Ok(Named::SetNotNamed(cards)),
            Err(problem) => Err(problem),
        };
    }
    find_card(text, side, count).map(Named::Card)
}

/// Reads one decklist line and finds what it names among the deck's side: the count and the card,
/// or the cards of a shared title whose set the published list did not name.
pub(crate) fn resolve_entry(line: &str, side: Side) -> Result<(u32, Named), LineProblem> {
    let (count, text) = read_line(line).ok_or(LineProblem::Unreadable)?;
    find_named(text, side, count).map(|named| (count, named))
}

/// Reads one decklist line and finds its card among the deck's side: the count and the card. A
/// line whose set was not named ([`Named::SetNotNamed`]) names no one card: it comes back as
/// [`LineProblem::Ambiguous`], though [`check_ccg_deck`] does not report it.
pub(crate) fn resolve_line(line: &str, side: Side) -> Result<(u32, &'static Card), LineProblem> {
    match resolve_entry(line, side)? {
        (count, Named::Card(card)) => Ok((count, card)),
        (count, Named::SetNotNamed(cards)) => Err(LineProblem::Ambiguous { count, cards }),
    }
}

/// "Did you mean" for an unknown card: up to [`SUGGESTIONS`] names within a plausible typo of
/// any of `keys` (edit distance at most a third of the length, and at least 1), best first; on a
/// tie, the deck's side first, then index order. A name of both sides is offered once.
fn closest_names(keys: &[String], side: Side) -> Vec<String> {
    if !keys.iter().all(|key| worth_suggesting(key)) {
        return Vec::new();
    }
    let mut scored: Vec<(usize, bool, usize, &str)> = catalogue()
        .names
        .iter()
        .enumerate()
        .filter_map(|(i, (name_side, name, name_key))| {
            let distance = keys
                .iter()
                .filter_map(|key| {
                    edit_distance_within(key, name_key, (key.chars().count() / 3).max(1))
                })
                .min()?;
            Some((distance, *name_side != side, i, name.as_str()))
        })
        .collect();
    scored.sort_by_key(|&(distance, other_side, i, _)| (distance, other_side, i));
    let mut found: Vec<String> = Vec::new();
    for (.., name) in scored {
        if !found.iter().any(|f| f.eq_ignore_ascii_case(name)) {
            found.push(name.to_string());
        }
        if found.len() == SUGGESTIONS {
            break;
        }
    }
    found
}

/// "Did you mean" for an unknown product: the names of up to [`SUGGESTIONS`] products whose name,
/// abbreviation or GEMP name is a plausible typo of `name`, best first, then in index order.
fn closest_products(name: &str) -> Vec<String> {
    if !worth_suggesting(name) {
        return Vec::new();
    }
    let wanted = normalize(name);
    let limit = (wanted.chars().count() / 3).max(1);
    let mut scored: Vec<(usize, usize, &Product)> = catalogue()
        .products
        .iter()
        .enumerate()
        .filter_map(|(i, product)| {
            let distance = [&product.name, &product.abbr, &product.gemp_name]
                .into_iter()
                .filter_map(|n| edit_distance_within(&wanted, &normalize(n), limit))
                .min()?;
            Some((distance, i, product))
        })
        .collect();
    scored.sort_by_key(|&(distance, i, _)| (distance, i));
    scored
        .into_iter()
        .take(SUGGESTIONS)
        .map(|(.., product)| product.name.clone())
        .collect()
}

/// A decklist as recorded in an event file.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CcgDeckInput<'a> {
    /// Who plays the deck (a player id), for messages.
    pub(crate) owner: &'a str,
    pub(crate) side: Side,
    /// Card lines, `N Title`.
    pub(crate) cards: &'a [String],
    /// The number of cards the event's format asks for ([`CONSTRUCTED_DECK_SIZE`] in constructed).
    pub(crate) size: u32,
}

/// Something wrong with a decklist. Each names the deck's owner and side; `index` (0-based) is the
/// line of `cards` to point at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum CcgDeckProblem {
    /// The line does not name exactly one card of the deck's side; `line` is as written.
    Line {
        owner: String,
        side: Side,
        index: usize,
        line: String,
        problem: LineProblem,
    },
    /// The line names a game aid, which no deck may hold.
    GameAid {
        owner: String,
        side: Side,
        index: usize,
        card: &'static Card,
    },
    /// The deck does not hold `expected` cards. `count` adds up every readable line except the
    /// cards played from outside the deck; `shields` is how many Defensive Shields were left out.
    WrongSize {
        owner: String,
        side: Side,
        count: u32,
        shields: u32,
        expected: u32,
    },
}

/// Checks one decklist: each line in list order, then the deck's size.
///
/// The size adds up the count of every line that reads as `N Title`, whether or not its card is
/// found (an unknown card is still a card in the deck), except lines whose card is played from
/// outside the deck ([`counts_toward_deck`]); a line whose card is not known exactly counts
/// unless every card it could be is such a card. A shared title marked `(set not named)` is no
/// problem ([`Named::SetNotNamed`]), and counts by the same rule.
pub(crate) fn check_ccg_deck(deck: &CcgDeckInput<'_>) -> Vec<CcgDeckProblem> {
    let owner = deck.owner.to_string();
    let side = deck.side;
    let mut problems = Vec::new();
    let (mut count, mut shields) = (0u32, 0u32);
    for (index, line) in deck.cards.iter().enumerate() {
        let Some((n, text)) = read_line(line) else {
            problems.push(CcgDeckProblem::Line {
                owner: owner.clone(),
                side,
                index,
                line: line.trim().to_string(),
                problem: LineProblem::Unreadable,
            });
            continue;
        };
        let found = find_named(text, side, n);
        // The cards the line could be: one when found, the candidates when not known exactly
        // (a shared title whose set the published list did not name among them).
        let candidates: &[&Card] = match &found {
            Ok(Named::Card(card)) => std::slice::from_ref(card),
            Ok(Named::SetNotNamed(cards))
            | Err(LineProblem::Ambiguous { cards, .. } | LineProblem::NotInProduct { cards, .. }) => {
                cards
            }
            Err(_) => &[],
        };
        if candidates.is_empty() || candidates.iter().any(|c| counts_toward_deck(c)) {
            count = count.saturating_add(n);
        } else if candidates.iter().all(|c| c.card_type == DEFENSIVE_SHIELD) {
            shields = shields.saturating_add(n);
        }
        match found {
            Ok(Named::Card(card)) if card.card_type == GAME_AID => {
                problems.push(CcgDeckProblem::GameAid {
                    owner: owner.clone(),
                    side,
                    index,
                    card,
                })
            }
            // A line that says its set was not named is as the list was published: no problem.
            Ok(_) => {}
            Err(problem) => problems.push(CcgDeckProblem::Line {
                owner: owner.clone(),
                side,
                index,
                line: line.trim().to_string(),
                problem,
            }),
        }
    }
    if count != deck.size {
        problems.push(CcgDeckProblem::WrongSize {
            owner,
            side,
            count,
            shields,
            expected: deck.size,
        });
    }
    problems
}

impl CcgDeckProblem {
    /// The player whose deck the problem points at.
    pub(crate) fn owner(&self) -> &str {
        match self {
            CcgDeckProblem::Line { owner, .. }
            | CcgDeckProblem::GameAid { owner, .. }
            | CcgDeckProblem::WrongSize { owner, .. } => owner,
        }
    }

    /// The side of the deck the problem points at.
    pub(crate) fn side(&self) -> Side {
        match *self {
            CcgDeckProblem::Line { side, .. }
            | CcgDeckProblem::GameAid { side, .. }
            | CcgDeckProblem::WrongSize { side, .. } => side,
        }
    }

    /// The 0-based line of the deck's `cards` to point at, when one line is at fault.
    pub(crate) fn index(&self) -> Option<usize> {
        match *self {
            CcgDeckProblem::Line { index, .. } | CcgDeckProblem::GameAid { index, .. } => {
                Some(index)
            }
            CcgDeckProblem::WrongSize { .. } => None,
        }
    }

    /// What is wrong, in one sentence.
    pub(crate) fn message(&self) -> String {
        let deck = format!("{}'s {} deck", self.owner(), self.side().name());
        match self {
            CcgDeckProblem::Line {
                side,
                index,
                line,
                problem,
                ..
            } => {
                let entry = format!("entry {} of {deck}, \"{line}\",", index + 1);
                match problem {
                    LineProblem::Unreadable => {
                        format!("{entry} is not a count followed by a card title")
                    }
                    LineProblem::UnknownCard { .. } => {
                        format!("{entry} is not a known Star Wars CCG card")
                    }
                    LineProblem::UnknownProduct { product, .. } => {
                        format!(
                            "{entry} names the product \"{product}\", which is not a Star Wars \
                             CCG product"
                        )
                    }
                    LineProblem::NotInProduct { product, cards, .. } => format!(
                        "{entry} names a card that is not in {}; the {} side {} in {}",
                        product.name,
                        side.name(),
                        if cards.len() == 1 {
                            "card of that title is"
                        } else {
                            "cards of that title are"
                        },
                        and_list(&product_names(cards))
                    ),
                    LineProblem::WrongSide => format!(
                        "{entry} is a {} side card, but the deck is a {} side deck",
                        side.opposite().name(),
                        side.name()
                    ),
                    LineProblem::Ambiguous { cards, .. } => format!(
                        "{entry} could be any of {} {} side cards of that title, from {}",
                        cards.len(),
                        side.name(),
                        and_list(&product_names(cards))
                    ),
                }
            }
            CcgDeckProblem::GameAid { index, card, .. } => format!(
                "entry {} of {deck}, \"{}\", is a game aid, which is not legal in any deck",
                index + 1,
                card.title
            ),
            CcgDeckProblem::WrongSize {
                count,
                shields,
                expected,
                ..
            } => {
                let not_counting = if *shields > 0 {
                    format!(
                        " (not counting {}, played from outside the deck)",
                        plural(*shields as usize, "Defensive Shield", "Defensive Shields")
                    )
                } else {
                    String::new()
                };
                format!(
                    "{deck} has {}{not_counting}; it should have {expected}",
                    plural(*count as usize, "card", "cards")
                )
            }
        }
    }

    /// What to do about it, in one sentence.
    pub(crate) fn help(&self) -> String {
        match self {
            CcgDeckProblem::Line {
                side,
                line,
                problem,
                ..
            } => match problem {
                LineProblem::Unreadable => {
                    let title = title_part(line);
                    let example = if title.is_empty() {
                        "Hidden Base"
                    } else {
                        title
                    };
                    format!(
                        "write the number of copies (at least 1), a space and the title, as in \
                         \"1 {example}\""
                    )
                }
                LineProblem::UnknownCard { suggestions } => {
                    if suggestions.is_empty() {
                        "write the card's title as printed, with its product in parentheses only \
                         where the title is shared"
                            .to_string()
                    } else {
                        format!("did you mean {}?", or_list(&quoted(suggestions)))
                    }
                }
                LineProblem::UnknownProduct { suggestions, .. } => {
                    if suggestions.is_empty() {
                        "write the product's name or abbreviation, as in \"(Premiere)\" or \"(P)\""
                            .to_string()
                    } else {
                        format!("did you mean {}?", or_list(&quoted(suggestions)))
                    }
                }
                LineProblem::NotInProduct { count, cards, .. }
                | LineProblem::Ambiguous { count, cards } => {
                    let lines: Vec<String> = cards
                        .iter()
                        .map(|card| format!("{count} {}", display_name(card)))
                        .collect();
                    let write = match &quoted(&lines)[..] {
                        [only] => format!("write {only}"),
                        several => format!("write one of {}", or_list(several)),
                    };
                    if matches!(problem, LineProblem::Ambiguous { .. }) {
                        // The title as written: it named these cards, so it reads back the same.
                        let title = read_line(line).map_or(line.as_str(), |(_, title)| title);
                        format!(
                            "{write}; if the published list did not name the set, write \
                             \"{count} {title} ({SET_NOT_NAMED})\""
                        )
                    } else {
                        write
                    }
                }
                LineProblem::WrongSide => format!(
                    "remove the line, or list the card in the {} side deck",
                    side.opposite().name()
                ),
            },
            CcgDeckProblem::GameAid { .. } => "remove the line".to_string(),
            CcgDeckProblem::WrongSize {
                count, expected, ..
            } => {
                if count < expected {
                    format!(
                        "add {}",
                        plural((expected - count) as usize, "card", "cards")
                    )
                } else {
                    format!(
                        "remove {}",
                        plural((count - expected) as usize, "card", "cards")
                    )
                }
            }
        }
    }
}

/// The title part of an unreadable line, for the example in its help: the line without a first
/// word that was meant as a count (`0`, `x2`, `-1`, `1.5`).
fn title_part(line: &str) -> &str {
    let line = line.trim();
    let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let meant_as_count = first.chars().any(|c| c.is_ascii_digit())
        && first
            .chars()
            .all(|c| c.is_ascii_digit() || "xX+-.,".contains(c));
    if meant_as_count { rest.trim() } else { line }
}

/// The names of the cards' products, in the cards' order.
fn product_names(cards: &[&Card]) -> Vec<String> {
    cards
        .iter()
        .map(|card| product(&card.set).map_or(card.set.clone(), |p| p.name.clone()))
        .collect()
}

/// Each item in double quotes, for "did you mean" lists.
fn quoted(items: &[String]) -> Vec<String> {
    items.iter().map(|item| format!("\"{item}\"")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    /// The card a line resolves to on `side`, by the source's id; panics with the problem.
    fn id_of(line: &str, side: Side) -> u32 {
        match resolve_line(line, side) {
            Ok((_, card)) => card.id,
            Err(problem) => panic!("{line:?} did not resolve: {problem:?}"),
        }
    }

    fn problem_of(line: &str, side: Side) -> LineProblem {
        match resolve_line(line, side) {
            Ok((_, card)) => panic!("{line:?} resolved to {card:?}"),
            Err(problem) => problem,
        }
    }

    /// The message and help of the problem `check_ccg_deck` reports for a deck of one line (the
    /// deck's size is not the point here).
    fn line_report(line: &str, side: Side) -> (String, String) {
        let cards = lines(&[line]);
        let problems = check_ccg_deck(&CcgDeckInput {
            owner: "tom",
            side,
            cards: &cards,
            size: CONSTRUCTED_DECK_SIZE,
        });
        let problem = &problems[0];
        assert_eq!(problem.index(), Some(0), "{problems:?}");
        (problem.message(), problem.help())
    }

    /// A 60-card light deck, hand-counted: objective, characters, effects, devices and locations,
    /// with shared titles written with their product.
    fn light_sixty() -> Vec<String> {
        lines(&[
            "1 Hidden Base",               // 1
            "2 Rebel Fleet",               // 3
            "1 Luke Skywalker (Premiere)", // 4
            "1 Han Solo",                  // 5
            "1 Leia Organa",               // 6
            "1 Obi-Wan Kenobi",            // 7
            "4 Rebel Guard",               // 11
            "4 Rebel Trooper",             // 15
            "3 Vaporator",                 // 18
            "4x Jawa (Premiere)",          // 22
            "4 Jawa (Coruscant)",          // 26
            "2 2X-3KPR (Tooex)",           // 28
            "1 Desert",                    // 29
            "1 Eyes In The Dark",          // 30
            "1 Artoo & Threepio",          // 31
            "4 Rebel Pilot",               // 35
            "3 Talz",                      // 38
            "3 Shistavanen Wolfman",       // 41
            "1 Biggs Darklighter",         // 42
            "1 Red Leader",                // 43
            "1 General Dodonna",           // 44
            "2 Electrobinoculars",         // 46
            "2 Restraining Bolt",          // 48
            "2 Targeting Computer",        // 50
            "1 Death Star Plans",          // 51
            "1 Affect Mind",               // 52
            "1 A Tremor In The Force",     // 53
            "3 Caller",                    // 56
            "4 Asteroid Field",            // 60
        ])
    }

    fn check(side: Side, cards: &[String]) -> Vec<CcgDeckProblem> {
        check_ccg_deck(&CcgDeckInput {
            owner: "tom",
            side,
            cards,
            size: CONSTRUCTED_DECK_SIZE,
        })
    }

    // ---- The embedded index ----

    #[test]
    fn embedded_index_parses_completely() {
        let mut card_lines = CARDS_TSV.lines();
        assert_eq!(
            card_lines.next(),
            Some("id\tgemp_id\tside\tset\ttitle\tuniqueness\ttype\tsub_type")
        );
        for (n, line) in card_lines.enumerate() {
            assert!(
                parse_card(line).is_some(),
                "card line {} does not parse: {line:?}",
                n + 2
            );
        }
        let mut set_lines = SETS_TSV.lines();
        assert_eq!(set_lines.next(), Some("id\tname\tabbr\tgemp_name"));
        for (n, line) in set_lines.enumerate() {
            assert!(
                parse_product(line).is_some(),
                "product line {} does not parse: {line:?}",
                n + 2
            );
        }
        let catalogue = catalogue();
        assert_eq!(catalogue.products.len(), 67);
        assert_eq!(catalogue.product_by_id.len(), 67, "product ids are unique");
        // Every card's product is known, so none was left out of the catalogue.
        assert_eq!(cards().len(), 3797);
        let mut ids: Vec<u32> = cards().iter().map(|c| c.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 3797, "card ids are unique");
        let light = cards().iter().filter(|c| c.side == Side::Light).count();
        assert_eq!(
            light + cards().iter().filter(|c| c.side == Side::Dark).count(),
            3797
        );
    }

    #[test]
    fn product_names_abbreviations_and_gemp_names_never_collide() {
        // Each of the 67 products adds three names; a collision would make a name pick a product
        // silently. Some products use one string twice (Premiere's name is its GEMP name).
        for product in &catalogue().products {
            for name in [&product.name, &product.abbr, &product.gemp_name] {
                assert_eq!(find_product(name), Some(product), "{name}");
            }
        }
    }

    #[test]
    fn bad_lines_are_skipped_not_trusted() {
        let text = "header\n\
                    2\t1_1\tLight\t1\t2X-3KPR (Tooex)\t\tCharacter\tDroid\n\
                    3\t7_163\tGrey\t7\tNo side\t\tCharacter\tDroid\n\
                    4\t4_114\tDark\t4\tBad mark\t****\tEffect\t\n\
                    x\t4_114\tDark\t4\tBad id\t*\tEffect\t\n\
                    5\t4_114\tDark\t4\t\t*\tEffect\t\n\
                    6\t4_114\tDark\t4\tNo sub-type column\t*\tEffect\n";
        let cards = parse_cards(text);
        assert_eq!(cards.len(), 1);
        assert_eq!(cards[0].id, 2);
        assert_eq!(cards[0].sub_type.as_deref(), Some("Droid"));
        let products =
            parse_products("header\n1\tPremiere\tP\tPremiere\n2\tA New Hope\t\tA New Hope\n");
        assert_eq!(products.len(), 1);
    }

    #[test]
    fn cards_and_products_carry_the_index_fields() {
        let luke = &cards()[id_index(1593)];
        assert_eq!(luke.title, "Luke Skywalker");
        assert_eq!(luke.gemp_id, "1_19");
        assert_eq!(luke.side, Side::Light);
        assert_eq!(luke.uniqueness, Uniqueness::Bullets(1));
        assert_eq!(luke.card_type, "Character");
        assert_eq!(luke.sub_type.as_deref(), Some("Rebel"));
        let premiere = product(&luke.set).unwrap();
        assert_eq!(
            (premiere.name.as_str(), premiere.abbr.as_str()),
            ("Premiere", "P")
        );
        let shields = product("200d").unwrap();
        assert_eq!(shields.name, "Virtual Defensive Shields");
        assert_eq!(shields.gemp_name, "Set D");
        assert!(product("999").is_none());
        // The diamonds and the bullet the source forgot in its uniqueness field.
        assert_eq!(cards()[id_index(149)].uniqueness, Uniqueness::Diamonds(3));
        assert_eq!(cards()[id_index(917)].uniqueness, Uniqueness::Bullets(1));
        assert_eq!(cards()[id_index(2765)].uniqueness, Uniqueness::Bullets(2));
        assert_eq!(cards()[id_index(5576)].uniqueness, Uniqueness::Unrestricted);
    }

    fn id_index(id: u32) -> usize {
        cards().iter().position(|c| c.id == id).unwrap()
    }

    // ---- Reading a line ----

    #[test]
    fn lookups_by_title() {
        // The objective by its front face, and by both.
        assert_eq!(id_of("1 Hidden Base", Side::Light), 5576);
        assert_eq!(
            id_of(
                "1 Hidden Base / Systems Will Slip Through Your Fingers",
                Side::Light
            ),
            5576
        );
        assert_eq!(id_of("2 Rebel Fleet", Side::Light), 2036);
        assert_eq!(id_of("1 Luke Skywalker", Side::Light), 1593);
        assert_eq!(id_of("1 Luke Skywalker (V)", Side::Light), 1594);
        // Parentheses that belong to the title, not a product.
        assert_eq!(id_of("1 2X-3KPR (Tooex)", Side::Light), 2);
        assert_eq!(id_of("1 Coruscant (V) (AI)", Side::Dark), 7362);
        // A combo card, whose bullets inside the title are dropped.
        assert_eq!(id_of("1 Artoo & Threepio", Side::Light), 137);
    }

    #[test]
    fn a_product_given_where_not_needed_is_checked_and_accepted() {
        assert_eq!(id_of("1 Luke Skywalker (Premiere)", Side::Light), 1593);
        assert_eq!(id_of("1 Rebel Fleet (SE)", Side::Light), 2036);
    }

    #[test]
    fn case_markers_apostrophes_and_spaces_do_not_matter() {
        assert_eq!(id_of("1 HIDDEN BASE", Side::Light), 5576);
        assert_eq!(id_of("  1   hidden    base  ", Side::Light), 5576);
        assert_eq!(id_of("1 •Luke Skywalker", Side::Light), 1593);
        assert_eq!(id_of("1 <><><>Asteroid Field", Side::Light), 149);
        assert_eq!(id_of("1 •Artoo & •Threepio", Side::Light), 137);
        assert_eq!(id_of("1 I’ve Lost Artoo!", Side::Dark), 1238);
        assert_eq!(id_of("1 I've lost artoo!", Side::Dark), 1238);
        assert_eq!(id_of("1 jawa (premiere)", Side::Light), 1373);
    }

    #[test]
    fn counts_may_carry_an_x() {
        assert_eq!(resolve_line("2x Rebel Fleet", Side::Light).unwrap().0, 2);
        assert_eq!(resolve_line("3X Rebel Fleet", Side::Light).unwrap().0, 3);
        assert_eq!(resolve_line("12 Rebel Fleet", Side::Light).unwrap().0, 12);
    }

    #[test]
    fn a_title_on_both_sides_takes_the_decks_side() {
        assert_eq!(id_of("4 Asteroid Field", Side::Light), 149);
        assert_eq!(id_of("4 Asteroid Field", Side::Dark), 148);
        assert_eq!(id_of("1 Desert", Side::Dark), 710);
    }

    #[test]
    fn shared_titles_are_ambiguous_until_a_product_picks_one() {
        let LineProblem::Ambiguous { count, cards } = problem_of("2 Jawa", Side::Light) else {
            panic!("Jawa is on two light side cards");
        };
        assert_eq!(count, 2);
        assert_eq!(cards.iter().map(|c| c.id).collect::<Vec<_>>(), [1373, 1375]);
        assert!(matches!(
            problem_of("1 Jawa", Side::Dark),
            LineProblem::Ambiguous { .. }
        ));

        assert_eq!(id_of("1 Jawa (Premiere)", Side::Light), 1373);
        assert_eq!(id_of("1 Jawa (P)", Side::Light), 1373);
        assert_eq!(id_of("1 Jawa (Coruscant)", Side::Light), 1375);
        assert_eq!(id_of("1 Jawa (COR)", Side::Light), 1375);
        assert_eq!(id_of("1 Jawa (Premiere)", Side::Dark), 1372);
        assert_eq!(id_of("1 Jawa (Coruscant)", Side::Dark), 1374);

        // A title that itself ends in parentheses, shared by two virtual sets.
        assert!(matches!(
            problem_of("1 Coruscant (V)", Side::Dark),
            LineProblem::Ambiguous { .. }
        ));
        assert_eq!(id_of("1 Coruscant (V) (Virtual Set 3)", Side::Dark), 5028);
        assert_eq!(id_of("1 Coruscant (V) (V26)", Side::Dark), 7446);
        assert_eq!(id_of("1 Coruscant (V) (set 26)", Side::Dark), 7446);
    }

    #[test]
    fn a_two_faced_cards_suffix_stays_on_its_front_face() {
        // The original objective and its virtual version, both dark.
        assert_eq!(id_of("1 Hunt Down And Destroy The Jedi", Side::Dark), 6361);
        assert_eq!(
            id_of("1 Hunt Down And Destroy The Jedi (V)", Side::Dark),
            6821
        );
    }

    #[test]
    fn unreadable_lines() {
        for line in [
            "Hidden Base",
            "0 Hidden Base",
            "1",
            "",
            "   ",
            "x2 Hidden Base",
            "-1 Hidden Base",
            "+1 Hidden Base",
            "1.5 Hidden Base",
            "99999999999 Hidden Base",
        ] {
            assert_eq!(
                problem_of(line, Side::Light),
                LineProblem::Unreadable,
                "{line:?}"
            );
        }
    }

    #[test]
    fn unknown_cards_get_suggestions() {
        assert_eq!(
            problem_of("1 Hiden Base", Side::Light),
            LineProblem::UnknownCard {
                suggestions: vec!["Hidden Base".into()]
            }
        );
        // A typo of a title written with a product is compared without the product.
        assert_eq!(
            problem_of("1 Jawwa (Premiere)", Side::Light),
            LineProblem::UnknownCard {
                suggestions: vec!["Jawa".into()]
            }
        );
        assert_eq!(
            problem_of("1 Nothing Like Any Card", Side::Light),
            LineProblem::UnknownCard {
                suggestions: vec![]
            }
        );
    }

    #[test]
    fn suggestions_prefer_the_decks_side_on_a_tie() {
        // "2X-5KPR (Tooex)" is one letter from the light 2X-3KPR and the dark 2X-7KPR.
        let LineProblem::UnknownCard { suggestions } = problem_of("1 2X-5KPR (Tooex)", Side::Dark)
        else {
            panic!("not a card");
        };
        assert_eq!(suggestions, ["2X-7KPR (Tooex)", "2X-3KPR (Tooex)"]);
        let LineProblem::UnknownCard { suggestions } = problem_of("1 2X-5KPR (Tooex)", Side::Light)
        else {
            panic!("not a card");
        };
        assert_eq!(suggestions, ["2X-3KPR (Tooex)", "2X-7KPR (Tooex)"]);
    }

    #[test]
    fn unknown_products_get_suggestions() {
        assert_eq!(
            problem_of("1 Jawa (Premier)", Side::Light),
            LineProblem::UnknownProduct {
                product: "Premier".into(),
                suggestions: vec!["Premiere".into()]
            }
        );
        assert_eq!(
            problem_of("1 Jawa (Nowhere At All)", Side::Light),
            LineProblem::UnknownProduct {
                product: "Nowhere At All".into(),
                suggestions: vec![]
            }
        );
    }

    #[test]
    fn a_title_not_in_the_named_product() {
        let LineProblem::NotInProduct {
            count,
            product,
            cards,
        } = problem_of("3 Jawa (Hoth)", Side::Light)
        else {
            panic!("Jawa is not in Hoth");
        };
        assert_eq!((count, product.name.as_str()), (3, "Hoth"));
        assert_eq!(cards.iter().map(|c| c.id).collect::<Vec<_>>(), [1373, 1375]);
        // A product with no cards of its own in the source.
        assert!(matches!(
            problem_of("1 A Close Race (Virtual Defensive Shields)", Side::Light),
            LineProblem::NotInProduct { .. }
        ));
    }

    #[test]
    fn a_card_of_the_other_side() {
        assert_eq!(
            problem_of("1 Hidden Base", Side::Dark),
            LineProblem::WrongSide
        );
        assert_eq!(
            problem_of("1 2X-3KPR (Tooex)", Side::Dark),
            LineProblem::WrongSide
        );
        assert_eq!(
            problem_of("1 Luke Skywalker (Premiere)", Side::Dark),
            LineProblem::WrongSide
        );
    }

    // ---- Messages ----

    #[test]
    fn line_messages_and_help() {
        assert_eq!(
            line_report("Hidden Base", Side::Light),
            (
                "entry 1 of tom's light deck, \"Hidden Base\", is not a count followed by a card \
                 title"
                    .to_string(),
                "write the number of copies (at least 1), a space and the title, as in \
                 \"1 Hidden Base\""
                    .to_string()
            )
        );
        assert_eq!(
            line_report("0 Rebel Fleet", Side::Light).1,
            "write the number of copies (at least 1), a space and the title, as in \
             \"1 Rebel Fleet\""
        );
        for (line, example) in [
            ("x2 Jawa (Premiere)", "1 Jawa (Premiere)"),
            ("2X-3KPR (Tooex)", "1 2X-3KPR (Tooex)"),
            ("1", "1 Hidden Base"),
            ("", "1 Hidden Base"),
        ] {
            assert!(
                line_report(line, Side::Light)
                    .1
                    .ends_with(&format!("as in \"{example}\"")),
                "{line:?}"
            );
        }
        assert_eq!(
            line_report("1 Hiden Base", Side::Light),
            (
                "entry 1 of tom's light deck, \"1 Hiden Base\", is not a known Star Wars CCG card"
                    .to_string(),
                "did you mean \"Hidden Base\"?".to_string()
            )
        );
        assert_eq!(
            line_report("1 Jawa (Premier)", Side::Light),
            (
                "entry 1 of tom's light deck, \"1 Jawa (Premier)\", names the product \
                 \"Premier\", which is not a Star Wars CCG product"
                    .to_string(),
                "did you mean \"Premiere\"?".to_string()
            )
        );
        assert_eq!(
            line_report("3 Jawa (Hoth)", Side::Light),
            (
                "entry 1 of tom's light deck, \"3 Jawa (Hoth)\", names a card that is not in \
                 Hoth; the light side cards of that title are in Premiere and Coruscant"
                    .to_string(),
                "write one of \"3 Jawa (Premiere)\" or \"3 Jawa (Coruscant)\"".to_string()
            )
        );
        assert_eq!(
            line_report("1 Rebel Fleet (Hoth)", Side::Light),
            (
                "entry 1 of tom's light deck, \"1 Rebel Fleet (Hoth)\", names a card that is not \
                 in Hoth; the light side card of that title is in Special Edition"
                    .to_string(),
                "write \"1 Rebel Fleet\"".to_string()
            )
        );
        assert_eq!(
            line_report("1 Hidden Base", Side::Dark),
            (
                "entry 1 of tom's dark deck, \"1 Hidden Base\", is a light side card, but the \
                 deck is a dark side deck"
                    .to_string(),
                "remove the line, or list the card in the light side deck".to_string()
            )
        );
        assert_eq!(
            line_report("2 Jawa", Side::Light),
            (
                "entry 1 of tom's light deck, \"2 Jawa\", could be any of 2 light side cards of \
                 that title, from Premiere and Coruscant"
                    .to_string(),
                "write one of \"2 Jawa (Premiere)\" or \"2 Jawa (Coruscant)\"; if the published \
                 list did not name the set, write \"2 Jawa (set not named)\""
                    .to_string()
            )
        );
    }

    // ---- A set the published list did not name ----

    /// The ids of the cards a line says it could be, when it says its set was not named.
    fn unnamed_ids(line: &str, side: Side) -> Vec<u32> {
        match resolve_entry(line, side) {
            Ok((_, Named::SetNotNamed(cards))) => cards.iter().map(|c| c.id).collect(),
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn a_shared_title_may_say_the_list_did_not_name_its_set() {
        assert_eq!(
            unnamed_ids("2 Jawa (set not named)", Side::Light),
            [1373, 1375]
        );
        assert_eq!(
            unnamed_ids("2x jawa ( Set  Not Named )", Side::Light),
            [1373, 1375]
        );
        assert_eq!(
            unnamed_ids("1 Tatooine (set not named)", Side::Dark).len(),
            2
        );
        assert_eq!(
            unnamed_ids("1 Coruscant (V) (set not named)", Side::Dark),
            [5028, 7446]
        );
        // Where a card is wanted, the line names none: the cards it could be.
        assert!(matches!(
            problem_of("2 Jawa (set not named)", Side::Light),
            LineProblem::Ambiguous { count: 2, .. }
        ));
    }

    #[test]
    fn set_not_named_on_a_title_one_card_has_names_that_card() {
        assert_eq!(
            id_of("1 Rebel Fleet (set not named)", Side::Light),
            id_of("1 Rebel Fleet", Side::Light)
        );
        assert_eq!(
            id_of("1 Jawa (Premiere) (set not named)", Side::Light),
            1373
        );
    }

    #[test]
    fn set_not_named_does_not_excuse_an_unknown_title_or_the_other_side() {
        assert_eq!(
            line_report("1 Tatoine (set not named)", Side::Dark).1,
            "did you mean \"Tatooine\"?"
        );
        assert_eq!(
            problem_of("1 Hidden Base (set not named)", Side::Dark),
            LineProblem::WrongSide
        );
    }

    #[test]
    fn set_not_named_silences_the_shared_title_warning_on_its_line_only() {
        let deck = lines(&[
            "1 Tatooine (set not named)",
            "1 Tatooine",
            "1 Sense (Set not named)",
        ]);
        let problems: Vec<CcgDeckProblem> = check(Side::Light, &deck)
            .into_iter()
            .filter(|p| !matches!(p, CcgDeckProblem::WrongSize { .. }))
            .collect();
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].index(), Some(1));
        assert!(matches!(
            &problems[0],
            CcgDeckProblem::Line {
                problem: LineProblem::Ambiguous { .. },
                ..
            }
        ));
    }

    #[test]
    fn a_line_whose_set_was_not_named_still_counts_toward_the_deck() {
        let mut deck = light_sixty();
        assert_eq!(deck[9], "4x Jawa (Premiere)");
        deck[9] = "4 Jawa (set not named)".into();
        assert_eq!(check(Side::Light, &deck), []);
        // An Effect in one set and a Defensive Shield in another counts, as the Effect would.
        deck.push("1 A Tragedy Has Occurred (set not named)".into());
        assert!(matches!(
            check(Side::Light, &deck)[..],
            [CcgDeckProblem::WrongSize {
                count: 61,
                shields: 0,
                ..
            }]
        ));
    }

    // ---- Whole decks ----

    #[test]
    fn a_sixty_card_deck_is_clean() {
        assert_eq!(check(Side::Light, &light_sixty()), []);
    }

    #[test]
    fn fifty_nine_and_sixty_one_cards() {
        let mut short = light_sixty();
        short[1] = "1 Rebel Fleet".into();
        let problems = check(Side::Light, &short);
        assert_eq!(
            problems,
            [CcgDeckProblem::WrongSize {
                owner: "tom".into(),
                side: Side::Light,
                count: 59,
                shields: 0,
                expected: 60,
            }]
        );
        assert_eq!(problems[0].index(), None);
        assert_eq!(
            problems[0].message(),
            "tom's light deck has 59 cards; it should have 60"
        );
        assert_eq!(problems[0].help(), "add 1 card");

        let mut long = light_sixty();
        long.push("1 Vaporator".into());
        let problems = check(Side::Light, &long);
        assert_eq!(
            problems[0].message(),
            "tom's light deck has 61 cards; it should have 60"
        );
        assert_eq!(problems[0].help(), "remove 1 card");
    }

    #[test]
    fn the_caller_sets_the_size() {
        let forty = lines(&["4 Rebel Guard"; 10]);
        let deck = CcgDeckInput {
            owner: "tom",
            side: Side::Light,
            cards: &forty,
            size: 40,
        };
        assert_eq!(check_ccg_deck(&deck), []);
        assert_eq!(check(Side::Light, &forty)[0].help(), "add 20 cards");
    }

    #[test]
    fn defensive_shields_are_listed_but_not_counted() {
        let mut deck = light_sixty();
        deck.push("1 A Close Race".into());
        deck.push("1 A Close Race (V)".into());
        assert_eq!(check(Side::Light, &deck), []);

        deck[1] = "1 Rebel Fleet".into();
        let problems = check(Side::Light, &deck);
        assert_eq!(
            problems[0].message(),
            "tom's light deck has 59 cards (not counting 2 Defensive Shields, played from \
             outside the deck); it should have 60"
        );
        assert!(
            counts_toward_deck(&cards()[id_index(5576)]),
            "objectives count"
        );
        assert!(
            !counts_toward_deck(&cards()[id_index(16)]),
            "A Close Race is a shield"
        );
    }

    #[test]
    fn a_line_not_known_exactly_still_counts_unless_all_it_could_be_are_shields() {
        // "A Tragedy Has Occurred" is a light Effect (Coruscant) and a Defensive Shield
        // (Reflections 3): written bare it is ambiguous and counts, as the Effect would.
        let mut deck = light_sixty();
        deck[1] = "1 Rebel Fleet".into();
        deck.push("1 A Tragedy Has Occurred".into());
        deck.push("1 Hiden Base".into());
        let problems = check(Side::Light, &deck);
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(matches!(
            problems[2],
            CcgDeckProblem::WrongSize { count: 61, .. }
        ));
    }

    #[test]
    fn a_game_aid_is_not_legal_in_a_deck() {
        let deck = lines(&["1 Hyperoute Navigation Chart"]);
        let problems = check(Side::Dark, &deck);
        assert_eq!(problems.len(), 2);
        assert_eq!(problems[0].index(), Some(0));
        assert_eq!(
            problems[0].message(),
            "entry 1 of tom's dark deck, \"Hyperoute Navigation Chart\", is a game aid, which \
             is not legal in any deck"
        );
        assert_eq!(problems[0].help(), "remove the line");
        assert!(matches!(
            problems[1],
            CcgDeckProblem::WrongSize {
                count: 0,
                shields: 0,
                ..
            }
        ));
    }

    #[test]
    fn problems_come_in_list_order_then_the_size() {
        let mut deck = light_sixty();
        deck.insert(3, "1 Hiden Base".into());
        deck.insert(0, "Rebel Fleet".into());
        deck.push("2 Jawa".into());
        let problems = check(Side::Light, &deck);
        let indices: Vec<Option<usize>> = problems.iter().map(CcgDeckProblem::index).collect();
        assert_eq!(indices, [Some(0), Some(4), Some(31), None]);
        // 60, plus the unknown card and the ambiguous Jawas; the unreadable line counts nothing.
        assert!(matches!(
            problems[3],
            CcgDeckProblem::WrongSize { count: 63, .. }
        ));
        assert!(
            problems
                .iter()
                .all(|p| p.owner() == "tom" && p.side() == Side::Light)
        );
    }

    // ---- Display names ----

    #[test]
    fn display_names_add_the_product_only_where_the_title_is_shared() {
        assert_eq!(display_name(&cards()[id_index(1373)]), "Jawa (Premiere)");
        assert_eq!(display_name(&cards()[id_index(1374)]), "Jawa (Coruscant)");
        assert_eq!(
            display_name(&cards()[id_index(5028)]),
            "Coruscant (V) (Virtual Set 3)"
        );
        assert_eq!(display_name(&cards()[id_index(1593)]), "Luke Skywalker");
        assert_eq!(
            display_name(&cards()[id_index(5576)]),
            "Hidden Base / Systems Will Slip Through Your Fingers"
        );
    }

    #[test]
    fn every_display_name_resolves_back_to_its_card() {
        let mut shared = 0;
        for card in cards() {
            let name = display_name(card);
            shared += usize::from(name != card.title);
            match resolve_line(&format!("2 {name}"), card.side) {
                Ok((2, found)) => {
                    assert_eq!(found.id, card.id, "{name:?} resolved to another card")
                }
                other => panic!("{name:?} ({:?}) gave {other:?}", card.side),
            }
        }
        // The titles shared within a side (44 names on 88 cards, by the data's own count).
        assert_eq!(shared, 88);
    }
}
