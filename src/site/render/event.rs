//! One event's files: its page, its Swiss rounds' or SW:CCG games' pages, `event.json`, its
//! link-preview image, its decklists page and export, and, while it has a current round, that
//! round's pairings, room screen and result slips.

use rayon::prelude::*;

use super::RenderInput;
use super::pages::{Pages, page_view};
use crate::event::Event;
use crate::rules::computed::Computed;
use crate::site::json::event_json;
use crate::site::model::{self, PageView};

/// Renders one event's files: its page, `event.json`, its decklists page and export, and the
/// current round's page while it has one.
pub(super) fn render_event(
    input: &RenderInput<'_>,
    pages: &Pages<'_, '_>,
    event: &Event,
    computed: &Computed,
) -> Vec<String> {
    let (site, output) = (pages.site, pages.output);
    let source = event.file.as_path();
    let mut files = Vec::new();
    // Notes each file's path as it goes out.
    let mut named = |path: String| {
        files.push(path.clone());
        path
    };
    // The current round, while the event has one: first on the event page, and its own pages.
    let now = crate::site::pairings_view::pairings_view(site, input.aliases, event, computed);
    let view = crate::site::event_page::event_view(
        site,
        event,
        computed,
        &input.contributions[&event.slug].shares().stats.open(),
        // Between rounds the event page shows no current round: its standings are the news.
        now.clone().filter(|view| view.waiting.is_none()),
        &crate::site::markdown::render,
        input.aliases,
    );
    let path = crate::site::addresses::event_path(event);
    let card = event_card(input, event, computed);
    let view_summary = view.summary.clone();
    let description = event_description(&view.summary);
    // Every page of the event that people paste into a chat (the event, its rounds, the
    // current pairings) shows the event's card in the preview.
    let image = model::PageImage {
        url: site.absolute(&format!("{path}{}", crate::site::addresses::PREVIEW_FILE)),
        width: crate::site::preview::WIDTH,
        height: crate::site::preview::HEIGHT,
        alt: card.alt(),
    };
    let with_image = |page: PageView| PageView {
        image: Some(image.clone()),
        ..page
    };
    let page = PageView {
        og_type: "article",
        ..with_image(page_view(site, &event.info.name, &path, &description))
    };
    pages.emit(
        "event.html",
        &page,
        Some(("event", &view)),
        source,
        named(format!("{path}index.html")),
        source,
    );
    // Each Swiss round's tables, results and the standings after it, on a page of its own.
    let rounds: Vec<String> =
        crate::site::step_pages::round_views(site, event, computed, input.aliases)
            .par_iter()
            .map(|round| {
                let round_path = crate::site::addresses::round_path(event, round.number);
                let title = format!("Round {}: {}", round.number, event.info.name);
                let description = format!(
                    "{} tables, their results and the standings after round {} · {}",
                    round.tables.len(),
                    round.number,
                    event_description(&view.summary)
                );
                let file = format!("{round_path}index.html");
                pages.emit(
                    "round.html",
                    &with_image(page_view(site, &title, &round_path, &description)),
                    Some(("round", round)),
                    source,
                    file.clone(),
                    source,
                );
                file
            })
            .collect();
    // Each SW:CCG game's tables, scores and the standings after it, on a page of its own.
    let games: Vec<String> =
        crate::site::step_pages::ccg_game_views(site, event, computed, input.aliases)
            .par_iter()
            .map(|game| {
                let game_path = crate::site::addresses::game_path(event, game.number);
                let title = format!("Game {}: {}", game.number, event.info.name);
                let description = format!(
                    "{} tables, their scores and the standings after game {} · {}",
                    game.tables.len(),
                    game.number,
                    event_description(&view.summary)
                );
                let file = format!("{game_path}index.html");
                pages.emit(
                    "ccg_game.html",
                    &with_image(page_view(site, &title, &game_path, &description)),
                    Some(("game", game)),
                    source,
                    file.clone(),
                    source,
                );
                file
            })
            .collect();
    for file in rounds.into_iter().chain(games) {
        named(file);
    }
    output.add(
        named(format!("{path}event.json")),
        event_json(event, computed).into_bytes(),
        source,
    );
    // The link-preview image, drawn again only when its card changed: the previous build's
    // (or, in `serve`, the last render's) is kept when the card's key is the same, and a build
    // into a folder without it takes it from the site's cache of drawn images.
    let preview = named(format!("{path}{}", crate::site::addresses::PREVIEW_FILE));
    let card_key = crate::site::reuse::card_key(input.previews.program, &card);
    let seen = pages
        .memo
        .is_some_and(|memo| memo.image_unchanged(&preview, card_key))
        || input.previews.last.get(&event.slug) == Some(&card_key);
    if !(seen && output.keep(std::slice::from_ref(&preview), source)) {
        let png = if output.store.discards() {
            Vec::new()
        } else {
            input.previews.image(&card, card_key)
        };
        output.add(preview, png, source);
    }
    // Every published list of the event: one page, a section per player, and one plain-text
    // export of them all.
    if let Some(view) = crate::site::deck_view::decks_page(site, input.aliases, event, computed) {
        let path = crate::site::addresses::decks_path(event);
        let title = format!("Decklists: {}", event.info.name);
        let description = format!("Every published decklist of {}", event.info.name);
        output.add(
            named(format!("{path}{}", crate::site::addresses::DECKS_TEXT_FILE)),
            crate::site::deck_view::decks_text(&view).into_bytes(),
            source,
        );
        pages.emit(
            "decks.html",
            &page_view(site, &title, &path, &description),
            Some(("decks", &view)),
            source,
            named(format!("{path}index.html")),
            source,
        );
    }
    // The current round, by table and by name; its room screen and its result slips.
    if let Some(view) = now {
        let path = crate::site::addresses::pairings_path(event);
        let title = format!("{}: {}", view.title, event.info.name);
        let description = match &view.waiting {
            Some(waiting) => format!(
                "{}; {} is not paired yet · {}",
                waiting.complete,
                waiting.next,
                event_description(&view_summary)
            ),
            None => format!(
                "Find your {}: {} {}s by player name and by number, {} reported so far · {}",
                view.unit.to_lowercase(),
                view.tables.len(),
                view.unit.to_lowercase(),
                view.reported,
                event_description(&view_summary)
            ),
        };
        let page = with_image(page_view(site, &title, &path, &description));
        pages.emit(
            "pairings.html",
            &page,
            Some(("pairings", &view)),
            source,
            named(format!("{path}index.html")),
            source,
        );
        // The room screen and the slips are of a step under way.
        if view.waiting.is_none() {
            render_venue_pages(pages, event, computed, view, &mut named);
        }
    }
    files
}

/// What a link preview says of an event beyond its name: who won (or which round is under
/// way), how many played, where and when, under which rules. "Won by Amara Okonkwo · 24
/// players · Lyon · 15 June 2019 · FFG Tournament Regulations (2018)".
fn event_description(summary: &model::EventSummary) -> String {
    let mut parts = Vec::new();
    match (&summary.leader, &summary.pairings) {
        (Some(winner), _) if summary.status == crate::rules::computed::Status::Finished => {
            parts.push(format!("Won by {}", winner.name));
        }
        (_, Some(pairings)) => parts.push(format!("{} under way", pairings.title)),
        _ => {}
    }
    let players = summary.player_count;
    parts.push(format!(
        "{players} player{}",
        if players == 1 { "" } else { "s" }
    ));
    parts.extend(summary.location.clone());
    parts.push(summary.date_text.clone());
    parts.push(summary.rules_name.clone());
    parts.join(" · ")
}

/// The card of an event's link-preview image: what [`crate::site::preview`] draws, and what decides
/// whether it is drawn again.
fn event_card(
    input: &RenderInput<'_>,
    event: &Event,
    computed: &Computed,
) -> crate::site::preview::Card {
    crate::site::preview::Card::of(
        &input.config.title,
        &input.contributions[&event.slug].summary,
        computed.ruleset.family,
        event.is_team(),
    )
}

/// The current round's room screen and result slips (see [`crate::site::room_view`] and
/// [`crate::site::slips_view`]), each file's path noted by `named`.
fn render_venue_pages(
    pages: &Pages<'_, '_>,
    event: &Event,
    computed: &Computed,
    pairings: crate::site::pairings_view::PairingsView,
    named: &mut dyn FnMut(String) -> String,
) {
    let (site, source) = (pages.site, event.file.as_path());
    let slips = crate::site::slips_view::slips_view(site, event, computed, &pairings);
    let path = crate::site::addresses::slips_path(event);
    let title = format!("Result slips, {}: {}", slips.title, event.info.name);
    pages.emit(
        "slips.html",
        &page_view(site, &title, &path, &title),
        Some(("slips", &slips)),
        source,
        named(format!("{path}index.html")),
        source,
    );
    let room = crate::site::room_view::room_view(site, event, computed, pairings);
    let path = crate::site::addresses::room_path(event);
    let title = format!("{}: {}, room screen", room.pairings.title, event.info.name);
    pages.emit(
        "room.html",
        &page_view(site, &title, &path, &title),
        Some(("room", &room)),
        source,
        named(format!("{path}index.html")),
        source,
    );
}
