//! Each event's link-preview image (`events/<slug>/preview.png`): the card a chat application or
//! a social site shows when someone shares the event page, named by the page's `og:image`.
//!
//! The card is an SVG written here and rasterized by `resvg` at build time, because a static
//! site has no server to draw it on request and a PNG is what every preview reader takes (few
//! take SVG). It is an output like any other, so it is made to be deterministic: the same event
//! gives the same bytes on every machine.
//!
//! - **One font, built in.** `resvg` is built without `system-fonts`, so it never looks at the
//!   fonts installed where the site is built; the card's text is set in DejaVu Sans (regular and
//!   bold, `assets/fonts/`, under the Bitstream Vera license), loaded from the binary. A
//!   character the font lacks is left out of the image; the `og:image:alt` text (see
//!   [`Card::alt`]) still has it.
//! - **Text fits without measuring the rendered glyphs.** Long names wrap, then shrink, then are
//!   cut with an ellipsis, by an estimate of each character's width in DejaVu Sans (wide and
//!   narrow letters told apart), erring on the wide side: deterministic, and independent of the
//!   text engine's output.
//! - **Event text is data.** Everything the event file says is XML-escaped before it goes into
//!   the SVG, and the SVG refers to no file: a name such as `<image href="/etc/passwd"/>` is
//!   drawn as those characters, and the image resolver resolves nothing anyway.
//! - **Only the card's facts** ([`Card`]) decide its pixels: the render cost is paid only for
//!   events whose card changed, since unchanged events keep their files (see [`super::reuse`])
//!   and `serve` keeps a card rendered from the same facts (see [`super::render`]).

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use resvg::usvg;
use serde::Serialize;

use super::escape;
use super::model::{CARD_SIZE, EventSummary};
use crate::rules::Family;
use crate::rules::computed::Status;

/// The card's size in pixels (see [`CARD_SIZE`]).
pub(crate) const WIDTH: u32 = CARD_SIZE.0;
pub(crate) const HEIGHT: u32 = CARD_SIZE.1;

/// DejaVu Sans, the card's only font (see `assets/fonts/LICENSE`).
const REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
const FAMILY: &str = "DejaVu Sans";

/// Holonet's own logo, the default theme's `logo.svg`: drawn on every card, whatever logo a
/// site's theme puts on its pages (the card names Holonet's archive format, not the theme).
const LOGO: &str = include_str!("../../static/logo.svg");

/// The card's background, a shade darker than the logo's tile so that the tile shows.
const BACKGROUND: [u8; 3] = [0x14, 0x18, 0x24];

/// The left and right margin of the card's text.
const MARGIN: f32 = 64.0;

/// The height of the two lines of facts below the event's name.
const FACTS_HEIGHT: f32 = 110.0;

/// What an event's card shows: everything that decides its pixels, and nothing else.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub(crate) struct Card {
    /// The site's title, beside the logo.
    site_title: String,
    pub(crate) name: String,
    /// "12 May 2018", "12–13 May 2018".
    pub(crate) dates: String,
    pub(crate) players: u32,
    /// Whether the event's competitors are teams ("8 teams").
    pub(crate) team: bool,
    pub(crate) game: Game,
    /// The ruleset's name.
    pub(crate) ruleset: String,
    pub(crate) state: State,
}

/// Which game an event was played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub(crate) enum Game {
    Lcg,
    Ccg,
}

impl Game {
    fn short(self) -> &'static str {
        match self {
            Game::Lcg => "LCG",
            Game::Ccg => "CCG",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Game::Lcg => "SW:LCG",
            Game::Ccg => "SW:CCG",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Game::Lcg => "Star Wars: The Card Game",
            Game::Ccg => "Star Wars CCG",
        }
    }
}

/// Where an event stands.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub(crate) enum State {
    /// Finished, won by this player or team.
    Won(String),
    /// Finished, with no winner recorded.
    Finished,
    /// Running: "3 rounds finished".
    Running(String),
    Upcoming,
    /// The record stops before the end: "2 games finished".
    Stopped(String),
}

impl Card {
    /// The card of the event `summary` stands for, on the site titled `site_title`.
    pub(crate) fn of(site_title: &str, summary: &EventSummary, family: Family, team: bool) -> Card {
        Card {
            site_title: site_title.to_string(),
            name: summary.name.clone(),
            dates: summary.date_text.clone(),
            players: summary.player_count,
            team,
            game: match family {
                Family::Lcg => Game::Lcg,
                Family::Ccg => Game::Ccg,
            },
            ruleset: summary.rules_name.clone(),
            state: match (summary.status, &summary.leader) {
                (Status::Finished, Some(leader)) => State::Won(leader.name.clone()),
                (Status::Finished, None) => State::Finished,
                (Status::Running, _) => State::Running(summary.progress.clone()),
                (Status::Upcoming, _) => State::Upcoming,
                (Status::Stopped, _) => State::Stopped(summary.progress.clone()),
            },
        }
    }

    /// "8 players", "1 team", "11 players registered" (before the event).
    fn count(&self) -> String {
        let noun = if self.team { "team" } else { "player" };
        let s = if self.players == 1 { "" } else { "s" };
        let registered = if self.state == State::Upcoming {
            " registered"
        } else {
            ""
        };
        format!("{} {noun}{s}{registered}", self.players)
    }

    /// The card's facts in one sentence, for `og:image:alt`: what a reader who cannot see the
    /// image is told instead.
    pub(crate) fn alt(&self) -> String {
        let state = match &self.state {
            State::Won(winner) => format!("won by {winner}"),
            State::Finished => "finished".to_string(),
            State::Running(progress) => format!("running, {progress}"),
            State::Upcoming => "upcoming".to_string(),
            State::Stopped(progress) => format!("stopped, {progress}"),
        };
        format!(
            "{}, {}: {}, {}, {}; {state}.",
            self.name,
            self.dates,
            self.count(),
            self.game.name(),
            self.ruleset
        )
    }

    /// The card as an SVG document of [`WIDTH`] by [`HEIGHT`] pixels.
    pub(crate) fn svg(&self) -> String {
        let mut svg = open_card(4096);
        self.header(&mut svg);
        // The name and the facts below it, centred between the header and the outcome.
        let (size, lines) = fit_block(&self.name, WIDTH as f32 - 2.0 * MARGIN);
        let height = size * 1.18 * lines.len() as f32 + FACTS_HEIGHT;
        let top = (140.0 + (470.0 - 140.0 - height) / 2.0).max(150.0);
        let facts_top = name_block(&mut svg, top, size, &lines);
        self.facts(&mut svg, facts_top);
        self.outcome(&mut svg);
        svg.push_str("</svg>");
        svg
    }

    /// The logo and the site's title, top left; the game's mark, top right.
    fn header(&self, svg: &mut String) {
        logo(svg);
        let badge_width = 150.0;
        let title_width = WIDTH as f32 - 2.0 * MARGIN - 84.0 - badge_width - 24.0;
        let (size, title) = fit_line(&self.site_title, title_width, &[30.0, 26.0, 22.0], false);
        svg.push_str(&format!(
            r##"<text x="{}" y="95" font-size="{size}" fill="#c9d3e6">{}</text>"##,
            MARGIN + 84.0,
            escape::xml(&title)
        ));
        // The game's mark: a card outline (two for SW:CCG's deck of cards), as on the pages.
        let x = WIDTH as f32 - MARGIN - badge_width;
        svg.push_str(&format!(
            r##"<rect x="{x}" y="58" width="{badge_width}" height="52" rx="26" fill="none" stroke="#4fb3ff" stroke-width="2.5"/>"##
        ));
        let glyph = match self.game {
            Game::Lcg => {
                r##"<rect x="3.75" y="1.75" width="8.5" height="12.5" rx="1.25" fill="none" stroke="#4fb3ff" stroke-width="1.5"/>"##
            }
            Game::Ccg => {
                r##"<rect x="5.75" y="1.75" width="7.5" height="10.5" rx="1.25" fill="none" stroke="#4fb3ff" stroke-width="1.5"/><path d="M3.5 5v8.5a.75.75 0 0 0 .75.75H10" fill="none" stroke="#4fb3ff" stroke-width="1.5"/>"##
            }
        };
        svg.push_str(&format!(
            r#"<svg x="{}" y="68" width="32" height="32" viewBox="0 0 16 16">{glyph}</svg>"#,
            x + 24.0
        ));
        svg.push_str(&format!(
            r##"<text x="{}" y="95" font-size="28" font-weight="bold" fill="#ffffff">{}</text>"##,
            x + 66.0,
            self.game.short()
        ));
    }

    /// The date(s) and size, then the game and ruleset, below the name.
    fn facts(&self, svg: &mut String, top: f32) {
        let width = WIDTH as f32 - 2.0 * MARGIN;
        let first = format!("{} · {}", self.dates, self.count());
        let (size, first) = fit_line(&first, width, &[34.0, 30.0, 26.0], false);
        svg.push_str(&format!(
            r##"<text x="{MARGIN}" y="{}" font-size="{size}" fill="#e6ecf5">{}</text>"##,
            top + 56.0,
            escape::xml(&first)
        ));
        let second = format!("{} · {}", self.game.title(), self.ruleset);
        let (size, second) = fit_line(&second, width, &[28.0, 24.0], false);
        svg.push_str(&format!(
            r##"<text x="{MARGIN}" y="{}" font-size="{size}" fill="#9fb0c8">{}</text>"##,
            top + 100.0,
            escape::xml(&second)
        ));
    }

    /// The winner, or where the event stands, at the bottom.
    fn outcome(&self, svg: &mut String) {
        let (label, colour, value) = match &self.state {
            State::Won(winner) => ("WINNER", "#ffd166", winner.as_str()),
            State::Finished => ("FINISHED", "#ffd166", "Final standings on the page"),
            State::Running(progress) => ("RUNNING", "#4fb3ff", progress.as_str()),
            State::Upcoming => ("UPCOMING", "#4fb3ff", "Not started yet"),
            State::Stopped(progress) => ("STOPPED", "#c9c9c9", progress.as_str()),
        };
        svg.push_str(&format!(
            r##"<rect x="{MARGIN}" y="476" width="{}" height="2" fill="#38425a"/>"##,
            WIDTH as f32 - 2.0 * MARGIN
        ));
        svg.push_str(&format!(
            r##"<text x="{MARGIN}" y="520" font-size="24" font-weight="bold" letter-spacing="3" fill="{colour}">{label}</text>"##
        ));
        let width = WIDTH as f32 - 2.0 * MARGIN;
        let (size, value) = fit_line(value, width, &[46.0, 40.0, 34.0, 28.0], true);
        svg.push_str(&format!(
            r##"<text x="{MARGIN}" y="574" font-size="{size}" font-weight="bold" fill="#ffffff">{}</text>"##,
            escape::xml(&value)
        ));
    }

    /// The card as a PNG file.
    pub(crate) fn png(&self) -> Vec<u8> {
        rasterize(&self.svg())
    }
}

/// A card's SVG document opened, with room for `capacity` bytes: its size and font, and the
/// accent bar along the bottom. The background ([`BACKGROUND`]) is the pixmap's fill, not a
/// shape: filling the whole card through the drawing pipeline would take longer than the rest
/// of the card.
fn open_card(capacity: usize) -> String {
    let mut svg = String::with_capacity(capacity);
    svg.push_str(&format!(
        concat!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{family}">"##,
            r##"<rect y="{bar}" width="{w}" height="14" fill="#4fb3ff"/>"##,
        ),
        w = WIDTH,
        h = HEIGHT,
        family = FAMILY,
        bar = HEIGHT - 14,
    ));
    svg
}

/// Holonet's logo, top left.
fn logo(svg: &mut String) {
    // The logo file's own `<svg>` element, placed and sized: a nested viewport.
    let logo_body = LOGO
        .split_once('>')
        .map_or("", |(_, body)| body)
        .trim_end()
        .trim_end_matches("</svg>");
    svg.push_str(&format!(
        r#"<svg x="{MARGIN}" y="52" width="64" height="64" viewBox="0 0 32 32">{logo_body}</svg>"#
    ));
}

/// The site's own card (`site-card.png` at the root): the preview of every page without a card
/// of its own (a player's page, the ratings, the statistics). It shows the site's title and
/// description only, which `holonet.toml` sets, so it changes only with them; the page's own
/// title and description are the preview's text.
pub(crate) fn site_card_svg(title: &str, description: &str) -> String {
    let mut svg = open_card(2048);
    logo(&mut svg);
    svg.push_str(&format!(
        r##"<text x="{}" y="95" font-size="28" font-weight="bold" letter-spacing="3" fill="#ffd166">TOURNAMENT ARCHIVE</text>"##,
        MARGIN + 84.0
    ));
    let width = WIDTH as f32 - 2.0 * MARGIN;
    let (size, lines) = fit_block(title, width);
    let mut below = name_block(&mut svg, 170.0, size, &lines);
    // The description, up to three lines, the last cut if it is longer.
    let size = 34.0;
    let mut lines = wrap(description, width, size);
    if lines.len() > 3 {
        let rest = lines.split_off(2).join(" ");
        lines.push(truncate(&rest, width, size, true));
    }
    for line in lines {
        below += size * 1.35;
        svg.push_str(&format!(
            r##"<text x="{MARGIN}" y="{below}" font-size="{size}" fill="#c9d3e6">{}</text>"##,
            escape::xml(&line)
        ));
    }
    svg.push_str("</svg>");
    svg
}

/// The site's card as a PNG file (see [`site_card_svg`]).
pub(crate) fn site_card(title: &str, description: &str) -> Vec<u8> {
    rasterize(&site_card_svg(title, description))
}

/// The event's name, in `lines` of `size` from `top` down (see [`fit_block`]); returns where
/// they end.
fn name_block(svg: &mut String, top: f32, size: f32, lines: &[String]) -> f32 {
    let leading = size * 1.18;
    for (i, line) in lines.iter().enumerate() {
        let baseline = top + size * 0.93 + leading * i as f32;
        svg.push_str(&format!(
            r##"<text x="{MARGIN}" y="{baseline}" font-size="{size}" font-weight="bold" fill="#ffffff">{}</text>"##,
            escape::xml(line)
        ));
    }
    top + leading * lines.len() as f32
}

/// The fonts the cards are drawn with, loaded once.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_font_data(REGULAR.to_vec());
            db.load_font_data(BOLD.to_vec());
            db.set_sans_serif_family(FAMILY);
            Arc::new(db)
        })
        .clone()
}

/// An SVG document of [`WIDTH`] by [`HEIGHT`], drawn on the card's background, as PNG bytes.
/// The SVG is one [`Card::svg`] wrote: one that does not parse is a bug, drawn as a blank card
/// rather than failing the build.
fn rasterize(svg: &str) -> Vec<u8> {
    encode(&draw(svg))
}

/// The pixels of an SVG document of the card's size (see [`rasterize`]).
fn draw(svg: &str) -> resvg::tiny_skia::Pixmap {
    let options = usvg::Options {
        font_family: FAMILY.to_string(),
        fontdb: fonts(),
        // The card refers to no image: nothing is ever read from disk.
        image_href_resolver: usvg::ImageHrefResolver {
            resolve_data: Box::new(|_, _, _| None),
            resolve_string: Box::new(|_, _| None),
        },
        ..usvg::Options::default()
    };
    let mut pixmap = resvg::tiny_skia::Pixmap::new(WIDTH, HEIGHT).expect("a non-empty size");
    let [r, g, b] = BACKGROUND;
    pixmap.fill(resvg::tiny_skia::Color::from_rgba8(r, g, b, 0xff));
    if let Ok(tree) = usvg::Tree::from_str(svg, &options) {
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::identity(),
            &mut pixmap.as_mut(),
        );
    }
    pixmap
}

/// The most colours a card's palette holds (see [`Palette::of`]).
const COLOURS: usize = 32;

/// The share of a card's pixels a colour must cover to be one of its flat colours, which the
/// palette keeps exact: one pixel in this many (see [`Palette::of`]).
const FLAT: u64 = 2000;

/// Deflate's level for the cards: the default, 6. Level 9 makes a card's indices only 3-4%
/// smaller for two and a half times the time (about 11 ms of CPU instead of 4.5 on the
/// development machine), which a full build of a big archive pays for every event; level 3 leaves
/// them 7% bigger in half the time, level 1 two thirds bigger in a fifth. A card takes about 8 ms:
/// 3 ms drawn, 0.4 ms its palette, 4.5 ms encoded; and only when its facts change (see
/// [`super::reuse`]) and the site's cache does not hold it (see [`super::preview_cache`]).
const LEVEL: u8 = 6;

/// A card's pixels as a PNG file: an indexed image of at most [`COLOURS`] colours, a byte per
/// pixel. A card is a few flat colours and the anti-aliased edges of its text between them,
/// about 230 colours in all; the flat colours stay exact and the edges' shades are brought to the
/// nearest of the palette's, a difference the eye does not see at the card's size (see
/// [`Palette::of`]). Then Deflate at [`LEVEL`], with no filter: a filter predicts a pixel from its
/// neighbours' values, and palette indices are places, not values, so every filter makes the
/// file larger. About 18 KB a card, where the exact colours at Deflate's fastest level took
/// 34 KB. No time or other varying chunk is written, and every choice is integer arithmetic: the
/// same pixels give the same bytes on every machine.
fn encode(pixmap: &resvg::tiny_skia::Pixmap) -> Vec<u8> {
    let palette = Palette::of(pixmap.data(), COLOURS);
    let mut out = Vec::with_capacity(24 * 1024);
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.colours);
    encoder.set_filter(png::Filter::NoFilter);
    encoder.set_deflate_compression(png::DeflateCompression::Level(LEVEL));
    // Encoding in memory fails only on a size PNG cannot hold, which a card never has.
    let written = encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(&palette.pixels));
    if written.is_err() {
        return Vec::new();
    }
    out
}

/// An opaque image as a palette and each pixel's place in it.
struct Palette {
    /// RGB: the image's own colours in the order they first appear when it has few enough,
    /// else the chosen ones in the order they were chosen (so the same pixels give the same
    /// file).
    colours: Vec<u8>,
    pixels: Vec<u8>,
}

impl Palette {
    /// The palette of at most `most` colours (no more than 256) for RGBA pixels whose alpha is
    /// opaque (tiny-skia's premultiplied RGBA is then plain RGBA). An image of `most` colours
    /// or fewer keeps them all, exactly. Otherwise:
    ///
    /// - its flat colours are kept exactly: the most frequent colours, each covering at least
    ///   one pixel in [`FLAT`], up to half the palette (a card's background, text and accent
    ///   colours, the logo's tile, and the commonest shades of its text's edges);
    /// - the rest of the palette is filled with the colour farthest from every colour chosen so
    ///   far, again and again, which keeps the largest error of any pixel small (the edges'
    ///   shades along each pair of colours that meet, rather than many shades of one pair);
    /// - every pixel takes the palette's nearest colour.
    ///
    /// Distances are squared differences of the RGB values, in integers; ties go to the more
    /// frequent colour, then to the lower RGB value, then to the earlier place: nothing depends
    /// on a hash map's order or on floating point.
    fn of(rgba: &[u8], most: usize) -> Palette {
        // Each distinct colour with its number of pixels, in the order they first appear, and
        // the image as runs of one colour, each its colour's place in that list and its length.
        // Runs of one colour are the rule (a card is mostly flat colour): a colour is looked up
        // once per run, and the pixels are written a run at a time.
        let mut places: HashMap<[u8; 3], u32> = HashMap::new();
        // The colours met lately, each in a slot picked by its value: a card's runs come in a
        // few hundred colours, so nearly every run finds its colour here, without the map's
        // hashing (which took most of the palette's time). Which slots hold what changes
        // nothing but the time: places are given by the map, in order of first appearance.
        let mut recent = [(u32::MAX, 0u32); 1024];
        let mut distinct: Vec<([u8; 3], u32)> = Vec::new();
        let mut runs: Vec<(u32, u32)> = Vec::new();
        // A pixel's four bytes as one number, to compare pixels in one step (alpha included:
        // a card is opaque, and two runs of one colour would only be looked up twice).
        let word = |pixel: &[u8]| u32::from_ne_bytes(pixel.try_into().expect("four bytes"));
        let pixel_at = |i: usize| word(&rgba[4 * i..4 * i + 4]);
        let count = rgba.len() / 4;
        let mut start = 0;
        while start < count {
            let pixel = pixel_at(start);
            let mut end = start + 1;
            // Eight pixels at a time while all eight match, which the compiler compares
            // together; then one at a time.
            while end + 8 <= count
                && rgba[4 * end..4 * (end + 8)]
                    .chunks_exact(4)
                    .fold(0, |differs, next| differs | (word(next) ^ pixel))
                    == 0
            {
                end += 8;
            }
            while end < count && pixel_at(end) == pixel {
                end += 1;
            }
            let length = (end - start) as u32;
            start = end;
            let [r, g, b, _] = pixel.to_ne_bytes();
            let colour = [r, g, b];
            let value = u32::from_le_bytes([r, g, b, 0]);
            let slot = &mut recent[(value.wrapping_mul(0x9E37_79B1) >> 22) as usize];
            if slot.0 != value {
                let id = *places.entry(colour).or_insert_with(|| {
                    distinct.push((colour, 0));
                    (distinct.len() - 1) as u32
                });
                *slot = (value, id);
            }
            let id = slot.1;
            distinct[id as usize].1 += length;
            runs.push((id, length));
        }
        let (chosen, place) = if distinct.len() <= most {
            let all = distinct.iter().map(|&(colour, _)| colour).collect();
            (all, (0..distinct.len()).map(|i| i as u8).collect())
        } else {
            reduce(&distinct, most)
        };
        let mut pixels = Vec::with_capacity(rgba.len() / 4);
        for (id, length) in runs {
            pixels.resize(pixels.len() + length as usize, place[id as usize]);
        }
        Palette {
            colours: chosen.concat(),
            pixels,
        }
    }
}

/// `most` colours (at least 1, at most 256) to stand for `distinct` ones, each given with its
/// number of pixels, and for each of those the place of its nearest (see [`Palette::of`]).
fn reduce(distinct: &[([u8; 3], u32)], most: usize) -> (Vec<[u8; 3]>, Vec<u8>) {
    let total: u64 = distinct.iter().map(|&(_, n)| u64::from(n)).sum();
    // The most frequent first; equal counts by RGB value.
    let mut order: Vec<([u8; 3], u32)> = distinct.to_vec();
    order.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let flat = order
        .iter()
        .take(most / 2)
        .take_while(|&&(_, n)| u64::from(n) * FLAT >= total)
        .count()
        .max(1);
    let mut chosen: Vec<[u8; 3]> = order[..flat].iter().map(|&(colour, _)| colour).collect();
    // How far each colour (in `order`) is from the nearest chosen one.
    let mut gap: Vec<u32> = order
        .iter()
        .map(|&(colour, _)| nearest(&chosen, colour).1)
        .collect();
    while chosen.len() < most {
        // The farthest colour; of equals, the first in `order`.
        let Some((at, far)) =
            gap.iter()
                .enumerate()
                .fold(None, |best: Option<(usize, u32)>, (i, &g)| match best {
                    Some((_, b)) if b >= g => best,
                    _ => Some((i, g)),
                })
        else {
            break;
        };
        if far == 0 {
            break;
        }
        let colour = order[at].0;
        chosen.push(colour);
        for (g, &(c, _)) in gap.iter_mut().zip(&order) {
            *g = (*g).min(distance(c, colour));
        }
    }
    let place = distinct
        .iter()
        .map(|&(colour, _)| nearest(&chosen, colour).0 as u8)
        .collect();
    (chosen, place)
}

/// The place of the colour of `palette` nearest to `colour` (the first of equals), and its
/// distance.
fn nearest(palette: &[[u8; 3]], colour: [u8; 3]) -> (usize, u32) {
    palette
        .iter()
        .enumerate()
        .map(|(i, &p)| (i, distance(p, colour)))
        .min_by_key(|&(_, d)| d)
        .unwrap_or((0, u32::MAX))
}

/// The squared distance of two RGB colours.
fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    a.iter()
        .zip(b)
        .map(|(&x, y)| u32::from(x.abs_diff(y)).pow(2))
        .sum()
}

/// The estimated width of `text` set in DejaVu Sans at `size` pixels: each character's advance
/// by its kind, rounded up (the bold face's advances, up to 12% wider than the regular one's, when
/// `bold`). An overestimate only leaves a little room at the end of a line.
fn text_width(text: &str, size: f32, bold: bool) -> f32 {
    let ems: f32 = text.chars().map(advance).sum();
    ems * size * if bold { 1.14 } else { 1.0 }
}

/// A character's advance in DejaVu Sans (regular), in ems, by kind.
fn advance(c: char) -> f32 {
    match c {
        ' ' => 0.32,
        'i' | 'l' | 'j' | '.' | ',' | ':' | ';' | '\'' | '!' | '|' | 'I' => 0.30,
        'f' | 't' | 'r' | '(' | ')' | '[' | ']' | '-' | '"' => 0.42,
        'm' | 'w' | 'M' | 'W' | '@' | '%' | '—' | '…' => 1.0,
        'A'..='Z' => 0.74,
        '0'..='9' => 0.64,
        'a'..='z' => 0.62,
        '–' | '·' | '#' | '&' | '+' | '=' | '<' | '>' | '?' | '/' | '*' => 0.84,
        c if c.is_ascii() => 0.64,
        // Accented Latin, Greek and Cyrillic letters are about as wide as upper case; other
        // scripts (which DejaVu Sans mostly lacks) are counted a full em.
        c if (c as u32) < 0x0530 => 0.76,
        _ => 1.0,
    }
}

/// The event's name at the largest size that fits in `width` in as few lines as can be: one
/// line of the two larger sizes (rather than a word alone on a second line), else two lines of
/// the three larger sizes, else three of the smaller ones, whose last line is cut with an
/// ellipsis if the name is longer still.
fn fit_block(text: &str, width: f32) -> (f32, Vec<String>) {
    const SIZES: [(f32, usize); 7] = [
        (72.0, 1),
        (64.0, 1),
        (72.0, 2),
        (64.0, 2),
        (56.0, 2),
        (48.0, 3),
        (42.0, 3),
    ];
    for (size, most) in SIZES {
        let lines = wrap(text, width, size);
        if lines.len() <= most {
            return (size, lines);
        }
    }
    let (size, most) = SIZES[SIZES.len() - 1];
    let mut lines = wrap(text, width, size);
    let rest = lines.split_off(most - 1).join(" ");
    lines.push(truncate(&rest, width, size, true));
    (size, lines)
}

/// One line of `text` at the largest of `sizes` it fits at, else at the smallest, cut with an
/// ellipsis.
fn fit_line(text: &str, width: f32, sizes: &[f32], bold: bool) -> (f32, String) {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for &size in sizes {
        if text_width(&text, size, bold) <= width {
            return (size, text);
        }
    }
    let size = sizes.last().copied().unwrap_or(24.0);
    (size, truncate(&text, width, size, bold))
}

/// The words of `text` in lines of bold text at `size` no wider than `width`; a word wider than
/// a line on its own is broken where it reaches the end.
fn wrap(text: &str, width: f32, size: f32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let joined = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if text_width(&joined, size, true) <= width {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        // The word on a line of its own, broken if it is wider than one.
        for c in word.chars() {
            line.push(c);
            if text_width(&line, size, true) > width {
                line.pop();
                lines.push(std::mem::take(&mut line));
                line.push(c);
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` cut to fit `width` at `size`, with an ellipsis, if it does not fit whole.
fn truncate(text: &str, width: f32, size: f32, bold: bool) -> String {
    if text_width(text, size, bold) <= width {
        return text.to_string();
    }
    let mut cut: String = String::new();
    for c in text.chars() {
        cut.push(c);
        if text_width(&format!("{cut}…"), size, bold) > width {
            cut.pop();
            break;
        }
    }
    format!("{}…", cut.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_site_card_shows_the_title_and_description_escaped_and_is_a_png_of_the_card_size() {
        let svg = site_card_svg(
            "Kessel <Runners> Archive",
            "Every event & result since 2013.",
        );
        assert!(svg.contains("Kessel &lt;Runners&gt; Archive"), "{svg}");
        assert!(
            svg.contains("Every event &amp; result since 2013."),
            "{svg}"
        );
        assert!(!svg.contains("<Runners>"));
        let png = site_card("Kessel Runners Archive", "Every event since 2013.");
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        // Width and height, big-endian, in the IHDR chunk.
        assert_eq!(u32::from_be_bytes(png[16..20].try_into().unwrap()), WIDTH);
        assert_eq!(u32::from_be_bytes(png[20..24].try_into().unwrap()), HEIGHT);
        assert_eq!(
            png,
            site_card("Kessel Runners Archive", "Every event since 2013.")
        );
        // A long description keeps to three lines.
        let long = "word ".repeat(200);
        assert_eq!(
            site_card_svg("T", &long)
                .matches("font-size=\"34\"")
                .count(),
            3
        );
    }

    fn card(name: &str, state: State) -> Card {
        Card {
            site_title: "Holonet Tournament Archive".into(),
            name: name.into(),
            dates: "12–13 May 2018".into(),
            players: 24,
            team: false,
            game: Game::Lcg,
            ruleset: "FFG Tournament Regulations (2018)".into(),
            state,
        }
    }

    /// Width and height from a PNG's header chunk.
    fn png_size(png: &[u8]) -> (u32, u32) {
        let be = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().expect("4 bytes"));
        assert_eq!(&png[12..16], b"IHDR");
        (be(16), be(20))
    }

    /// Every text of the card, laid out by usvg: each must lie inside the card.
    fn text_boxes(svg: &str) -> Vec<usvg::Rect> {
        let options = usvg::Options {
            fontdb: fonts(),
            ..usvg::Options::default()
        };
        let tree = usvg::Tree::from_str(svg, &options).expect("the card parses");
        let mut boxes = Vec::new();
        fn walk(group: &usvg::Group, boxes: &mut Vec<usvg::Rect>) {
            for node in group.children() {
                match node {
                    usvg::Node::Group(g) => walk(g, boxes),
                    usvg::Node::Text(t) => boxes.push(t.abs_bounding_box()),
                    _ => {}
                }
            }
        }
        walk(tree.root(), &mut boxes);
        boxes
    }

    #[test]
    fn a_card_is_a_png_of_the_open_graph_size() {
        let png = card(
            "Outer Rim Store Championship",
            State::Won("Ana Lind".into()),
        )
        .png();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(png_size(&png), (WIDTH, HEIGHT));
    }

    /// A decoded PNG: its colour type, size, number of palette colours (0 without a palette)
    /// and pixels as RGB.
    struct Decoded {
        colour: png::ColorType,
        size: (u32, u32),
        colours: usize,
        rgb: Vec<u8>,
    }

    fn decoded(png: &[u8]) -> Decoded {
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .expect("a PNG");
        let info = reader.info();
        let (colour, size) = (info.color_type, (info.width, info.height));
        let palette = info.palette.as_ref().map(|p| p.to_vec());
        let mut data = vec![0; reader.output_buffer_size().expect("a size")];
        reader.next_frame(&mut data).expect("one frame");
        let (colours, rgb) = match palette {
            Some(palette) => (
                palette.len() / 3,
                data.iter()
                    .flat_map(|&i| palette[3 * i as usize..3 * i as usize + 3].to_vec())
                    .collect(),
            ),
            None => (0, data),
        };
        Decoded {
            colour,
            size,
            colours,
            rgb,
        }
    }

    /// An opaque image's pixels as RGB: tiny-skia's premultiplied RGBA, alpha dropped.
    fn rgb(pixmap: &resvg::tiny_skia::Pixmap) -> Vec<u8> {
        pixmap
            .data()
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect()
    }

    /// The largest and the mean squared distance between the pixels of two RGB images.
    fn errors(a: &[u8], b: &[u8]) -> (u32, f64) {
        let distances: Vec<u32> = a
            .chunks_exact(3)
            .zip(b.chunks_exact(3))
            .map(|(p, q)| distance([p[0], p[1], p[2]], [q[0], q[1], q[2]]))
            .collect();
        let sum: u64 = distances.iter().map(|&d| u64::from(d)).sum();
        let largest = distances.iter().copied().max().unwrap_or(0);
        (largest, sum as f64 / distances.len() as f64)
    }

    #[test]
    fn a_card_is_a_palette_image_with_its_flat_colours_exact() {
        let svg = card("Corellia Spring Open", State::Won("Zoë Achterberg".into())).svg();
        let pixmap = draw(&svg);
        let original = rgb(&pixmap);
        let png = encode(&pixmap);
        let image = decoded(&png);
        assert_eq!(image.colour, png::ColorType::Indexed);
        assert_eq!(image.size, (WIDTH, HEIGHT));
        assert!(
            (2..=COLOURS).contains(&image.colours),
            "{} colours",
            image.colours
        );
        // The card has many more colours than that: the shades of its text's edges.
        assert!(Palette::of(pixmap.data(), 256).colours.len() / 3 > 4 * COLOURS);
        // The background, the accent bar and the logo's tile, pixel for pixel.
        let at = |rgb: &[u8], x: u32, y: u32| {
            let i = 3 * (y * WIDTH + x) as usize;
            [rgb[i], rgb[i + 1], rgb[i + 2]]
        };
        for (x, y, colour) in [
            (10, 10, BACKGROUND),
            (600, HEIGHT - 5, [0x4f, 0xb3, 0xff]),
            (MARGIN as u32 + 4, 60, [0x1d, 0x22, 0x30]),
        ] {
            assert_eq!(at(&image.rgb, x, y), colour, "at {x},{y}");
            assert_eq!(at(&original, x, y), colour, "at {x},{y}");
        }
        // The colours that cover more than one pixel in FLAT are all exact.
        let mut counts: HashMap<[u8; 3], u64> = HashMap::new();
        for p in original.chunks_exact(3) {
            *counts.entry([p[0], p[1], p[2]]).or_default() += 1;
        }
        let total = u64::from(WIDTH * HEIGHT);
        for (i, (p, q)) in original
            .chunks_exact(3)
            .zip(image.rgb.chunks_exact(3))
            .enumerate()
        {
            if counts[&[p[0], p[1], p[2]]] * FLAT >= 4 * total {
                assert_eq!(p, q, "pixel {i}");
            }
        }
        // Every other pixel near the card's own: none farther than 40 (of 441, from black to
        // white), and the whole card within 2 on average (a mean squared distance under 4).
        let (largest, mean) = errors(&original, &image.rgb);
        assert!(largest <= 40 * 40, "largest squared error {largest}");
        assert!(mean < 4.0, "mean squared error {mean}");
    }

    #[test]
    fn few_colours_stay_exact_and_many_become_a_palette_near_them() {
        // Three colours: kept as they are.
        let mut few = resvg::tiny_skia::Pixmap::new(30, 2).expect("a size");
        for (i, pixel) in few.data_mut().chunks_exact_mut(4).enumerate() {
            pixel.copy_from_slice(&[[0x14, 0x18, 0x24, 0xff], [0xff; 4], [9, 8, 7, 0xff]][i % 3]);
        }
        let image = decoded(&encode(&few));
        assert_eq!((image.colour, image.colours), (png::ColorType::Indexed, 3));
        assert!(image.rgb == rgb(&few));
        // 4,096 colours (a grid of 16 levels of each primary): the palette's 32, each pixel
        // near its own.
        let mut many = resvg::tiny_skia::Pixmap::new(256, 16).expect("a size");
        for (i, pixel) in many.data_mut().chunks_exact_mut(4).enumerate() {
            let level = |n: usize| (n % 16 * 17) as u8;
            pixel.copy_from_slice(&[level(i), level(i / 16), level(i / 256), 0xff]);
        }
        let png = encode(&many);
        let image = decoded(&png);
        assert_eq!(
            (image.colour, image.colours),
            (png::ColorType::Indexed, COLOURS)
        );
        let (largest, _) = errors(&rgb(&many), &image.rgb);
        assert!(largest <= 3 * 70 * 70, "largest squared error {largest}");
        assert_eq!(
            png,
            encode(&many.clone()),
            "the same pixels, the same bytes"
        );
    }

    #[test]
    fn runs_of_every_length_keep_every_pixel_in_place() {
        // Runs of 1 to 19 pixels of four colours in turn (two of them a step apart), over rows
        // whose width is no multiple of eight: the palette compares eight pixels at a time, then
        // one at a time, and looks colours up in a table of recent ones before its map.
        let mut image = resvg::tiny_skia::Pixmap::new(37, 11).expect("a size");
        let colours = [
            [1, 2, 3, 0xff],
            [200, 100, 50, 0xff],
            [1, 2, 4, 0xff],
            [0xff; 4],
        ];
        let (mut run, mut left, mut colour) = (1, 1, 0);
        for pixel in image.data_mut().chunks_exact_mut(4) {
            pixel.copy_from_slice(&colours[colour]);
            left -= 1;
            if left == 0 {
                run = run % 19 + 1;
                left = run;
                colour = (colour + 1) % colours.len();
            }
        }
        let decoded = decoded(&encode(&image));
        assert_eq!(decoded.colours, colours.len());
        assert!(decoded.rgb == rgb(&image), "every pixel its own colour");
    }

    #[test]
    fn the_same_card_gives_the_same_bytes() {
        let card = card("Outer Rim Store Championship", State::Upcoming);
        let first = card.png();
        assert_eq!(first, card.png());
        assert_eq!(decoded(&first).colour, png::ColorType::Indexed);
        assert_ne!(
            first,
            Card {
                players: 25,
                ..card
            }
            .png(),
            "a different card gives a different image"
        );
    }

    #[test]
    fn event_text_is_escaped_and_never_markup() {
        let hostile = "<script>alert(1)</script> & <image href=\"/etc/passwd\"/>";
        let card = card(hostile, State::Won("\"Bob\" <b>'&'</b>\u{1}".into()));
        let svg = card.svg();
        assert!(!svg.contains("<script"), "{svg}");
        assert!(!svg.contains("<image"), "{svg}");
        assert!(!svg.contains("<b>"), "{svg}");
        assert!(svg.contains("&lt;script&gt;"), "{svg}");
        assert!(svg.contains("&quot;Bob&quot; &lt;b&gt;&apos;&amp;&apos;&lt;/b&gt;"));
        // It still parses, so the card is drawn, not left blank.
        assert!(!text_boxes(&svg).is_empty());
        assert_eq!(png_size(&card.png()), (WIDTH, HEIGHT));
    }

    #[test]
    fn long_names_wrap_shrink_and_stay_on_the_card() {
        let short = card("Hoth Open", State::Upcoming);
        let long = card(
            "The Grand Galactic Invitational Championship of the Outer Rim Territories and the \
             Mid Rim, Sponsored by the Mos Eisley Cantina Traders' Guild, Autumn Session",
            State::Won("Maximiliana Wolfeschlegelsteinhausenbergerdorff-Montgomery".into()),
        );
        let word = card(&"W".repeat(80), State::Running("3 rounds finished".into()));
        assert_eq!(fit_block(&short.name, 1072.0).0, 72.0);
        let (size, lines) = fit_block(&long.name, 1072.0);
        assert_eq!((size, lines.len()), (42.0, 3));
        assert!(lines[2].ends_with('…'), "{lines:?}");
        let (_, lines) = fit_block(&word.name, 1072.0);
        assert!(lines.len() > 1, "a long word is broken: {lines:?}");
        for card in [short, long, word] {
            for bbox in text_boxes(&card.svg()) {
                assert!(
                    bbox.left() >= MARGIN - 1.0
                        && bbox.right() <= WIDTH as f32 - MARGIN + 1.0
                        && bbox.top() >= 0.0
                        && bbox.bottom() <= HEIGHT as f32,
                    "{bbox:?} leaves the card of {:?}",
                    card.name
                );
            }
        }
    }

    #[test]
    fn the_alt_text_says_what_the_card_shows() {
        assert_eq!(
            card("Hoth Open", State::Won("Ana Lind".into())).alt(),
            "Hoth Open, 12–13 May 2018: 24 players, SW:LCG, FFG Tournament Regulations (2018); \
             won by Ana Lind."
        );
        assert_eq!(
            Card {
                team: true,
                players: 1,
                game: Game::Ccg,
                ..card("Cup", State::Upcoming)
            }
            .alt(),
            "Cup, 12–13 May 2018: 1 team registered, SW:CCG, FFG Tournament Regulations (2018); \
             upcoming."
        );
    }
}
