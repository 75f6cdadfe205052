//! Decklist pages: each player's lists of an event on a page of their own, with the objective
//! titles and counts, and a plain-text export to paste into other tools.

use serde::Serialize;

use super::model::{SiteView, event_path};
use crate::event::{Decklist, Event, Player};
use crate::rules::decks::objective_set;

/// One objective set of a list: its number, title (when known) and copies.
#[derive(Debug, Clone, Serialize)]
pub struct SetLine {
    pub id: String,
    pub title: String,
    pub count: usize,
}

/// A list on its page.
#[derive(Debug, Clone, Serialize)]
pub struct ListView {
    /// `dark` or `light`.
    pub side: &'static str,
    pub affiliation: Option<String>,
    /// Objective sets in number order, copies counted.
    pub sets: Vec<SetLine>,
    pub set_count: usize,
    /// SW:CCG card lines as recorded.
    pub cards: Vec<String>,
}

/// The page's `decks`.
#[derive(Debug, Clone, Serialize)]
pub struct DeckPageView {
    pub player: String,
    pub event_name: String,
    pub event_url: String,
    pub text_url: String,
    pub lists: Vec<ListView>,
}

/// The path of a player's decklist page under the site root.
pub fn deck_path(event: &Event, player: &Player) -> String {
    format!("{}decks/{}/", event_path(event), player.id)
}

/// The link to a player's decklist page, when they recorded any list: standings, brackets, the
/// player list and player pages all point there.
pub fn deck_url(site: &SiteView, event: &Event, player: &Player) -> Option<String> {
    has_decks(player).then(|| site.link(&deck_path(event, player)))
}

/// Whether the player recorded any list.
pub fn has_decks(player: &Player) -> bool {
    player.decks.dark.is_some() || player.decks.light.is_some()
}

fn list_view(side: &'static str, deck: &Decklist) -> ListView {
    let mut ids: Vec<&String> = deck.objectives.iter().collect();
    ids.sort_by(|a, b| {
        (a.parse::<u32>().unwrap_or(u32::MAX), a.as_str())
            .cmp(&(b.parse::<u32>().unwrap_or(u32::MAX), b.as_str()))
    });
    ids.dedup();
    let sets = ids
        .into_iter()
        .map(|id| SetLine {
            id: id.clone(),
            title: objective_set(id).map_or_else(|| "unknown set".to_string(), |s| s.title.clone()),
            count: deck.objectives.iter().filter(|o| *o == id).count(),
        })
        .collect();
    ListView {
        side,
        affiliation: deck.affiliation.clone(),
        sets,
        set_count: deck.objectives.len(),
        cards: deck.cards.clone(),
    }
}

/// A player's lists, dark first.
pub fn deck_page(site: &SiteView, event: &Event, player: &Player) -> DeckPageView {
    let mut lists = Vec::new();
    if let Some(d) = &player.decks.dark {
        lists.push(list_view("dark", d));
    }
    if let Some(l) = &player.decks.light {
        lists.push(list_view("light", l));
    }
    let path = deck_path(event, player);
    DeckPageView {
        player: player.name.clone(),
        event_name: event.info.name.clone(),
        event_url: site.link(&event_path(event)),
        text_url: site.link(&format!("{path}deck.txt")),
        lists,
    }
}

/// The plain-text export of a player's lists.
pub fn deck_text(page: &DeckPageView) -> String {
    let mut out = format!("{} - {}\n", page.player, page.event_name);
    for list in &page.lists {
        let side = if list.side == "dark" {
            "Dark side"
        } else {
            "Light side"
        };
        let affiliation = list
            .affiliation
            .as_deref()
            .map(|a| format!(": {a}"))
            .unwrap_or_default();
        out.push_str(&format!("\n{side}{affiliation}"));
        if list.set_count > 0 {
            out.push_str(&format!(" ({} objective sets)", list.set_count));
        }
        out.push('\n');
        for set in &list.sets {
            out.push_str(&format!("{}x {} {}\n", set.count, set.id, set.title));
        }
        for card in &list.cards {
            out.push_str(&format!("{card}\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Decks;

    #[test]
    fn sets_are_counted_in_number_order_with_titles() {
        let deck = Decklist {
            affiliation: Some("Jedi".into()),
            objectives: vec!["2".into(), "1".into(), "2".into()],
            cards: vec![],
        };
        let list = list_view("light", &deck);
        let lines: Vec<(String, usize)> =
            list.sets.iter().map(|s| (s.id.clone(), s.count)).collect();
        assert_eq!(lines, vec![("1".to_string(), 1), ("2".to_string(), 2)]);
        assert_eq!(list.sets[0].title, "A Hero's Journey");
        let page = DeckPageView {
            player: "Tom".into(),
            event_name: "Cup".into(),
            event_url: "/".into(),
            text_url: "/deck.txt".into(),
            lists: vec![list],
        };
        assert_eq!(
            deck_text(&page),
            "Tom - Cup\n\nLight side: Jedi (3 objective sets)\n1x 1 A Hero's Journey\n2x 2 In You Must Go\n"
        );
        let _ = Decks::default();
    }
}
