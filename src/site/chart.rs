//! Horizontal bar charts, drawn at build time as inline SVG: no script, no library. Each row is
//! a line with the label and its numbers, and the bar under it across the chart's width, so a
//! chart stays narrow enough for a phone and no bar runs into its numbers. Colours come from classes the stylesheet fills with the theme's
//! custom properties; the SVG names none. Every number is written from integers with fixed
//! precision, so a chart's markup is the same on every platform.
//!
//! A chart complements a table that gives the same numbers: its accessible name states them.

use super::escape;

/// The drawing's width in user units.
const WIDTH: u32 = 320;
/// The width of a bar standing for its whole scale (its outline stays inside the drawing).
const BAR_MAX: u32 = 318;
/// One row: the label's line, then the bar.
const ROW: u32 = 36;
/// Labels longer than this are cut (with an ellipsis) in the drawing; the accessible name and
/// the table keep them whole.
const LABEL_CHARS: usize = 28;

/// How a bar is filled: as the side it stands for, or in the chart colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tone {
    /// The chart colour.
    Plain,
    /// Filled in the text colour, like the dark side's mark.
    Dark,
    /// Outlined in the text colour, like the light side's mark.
    Light,
    /// Neither side (a drawn game).
    Neutral,
}

impl Tone {
    fn class(self) -> &'static str {
        match self {
            Tone::Plain => "chart-bar",
            Tone::Dark => "chart-bar tone-dark",
            Tone::Light => "chart-bar tone-light",
            Tone::Neutral => "chart-bar tone-neutral",
        }
    }
}

/// One bar: `value` out of `of`, where `of` is drawn full width.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Bar {
    pub(crate) label: String,
    pub(crate) value: u32,
    pub(crate) of: u32,
    /// The numbers written after the bar and in the accessible name ("12 games, 55%").
    pub(crate) text: String,
    pub(crate) tone: Tone,
}

/// A bar's length in tenths of a user unit, rounded, never longer than the full width.
fn length_tenths(value: u32, of: u32) -> u64 {
    if of == 0 {
        return 0;
    }
    let full = u64::from(BAR_MAX) * 10;
    ((u64::from(value) * full + u64::from(of) / 2) / u64::from(of)).min(full)
}

/// Tenths as a decimal with one digit: `1205` -> `120.5`.
fn tenths(n: u64) -> String {
    format!("{}.{}", n / 10, n % 10)
}

/// The label as drawn: at most [`LABEL_CHARS`] characters.
fn short_label(label: &str) -> String {
    if label.chars().count() <= LABEL_CHARS {
        label.to_string()
    } else {
        let cut: String = label.chars().take(LABEL_CHARS - 1).collect();
        format!("{}…", cut.trim_end())
    }
}

/// The chart's accessible name: `what`, then each bar's label and numbers.
pub(crate) fn spoken(what: &str, bars: &[Bar]) -> String {
    let rows: Vec<String> = bars
        .iter()
        .map(|b| format!("{}: {}", b.label, b.text))
        .collect();
    format!("{what}: {}.", rows.join("; "))
}

/// The SVG of a horizontal bar chart; `what` says what it shows, for its accessible name and
/// title. Empty when there are no bars.
pub(crate) fn bar_chart(what: &str, bars: &[Bar]) -> String {
    if bars.is_empty() {
        return String::new();
    }
    let height = ROW * u32::try_from(bars.len()).unwrap_or(u32::MAX / ROW) + 4;
    let mut svg = format!(
        "<svg class=\"chart\" role=\"img\" aria-label=\"{label}\" viewBox=\"0 0 {WIDTH} {height}\" \
         width=\"{WIDTH}\" height=\"{height}\" focusable=\"false\"><title>{title}</title>",
        label = escape::html(&spoken(what, bars)),
        title = escape::html(what),
    );
    for (i, bar) in bars.iter().enumerate() {
        let top = ROW * u32::try_from(i).unwrap_or(0);
        let length = length_tenths(bar.value, bar.of);
        svg.push_str(&format!(
            "<g class=\"chart-row\"><text class=\"chart-label\" x=\"0\" y=\"{label_y}\">{label}\
             <tspan class=\"chart-value\" dx=\"8\">{text}</tspan></text>\
             <rect class=\"{class}\" x=\"0.5\" y=\"{bar_y}.5\" width=\"{width}\" height=\"11\" rx=\"2\"/></g>",
            label_y = top + 13,
            label = escape::html(&short_label(&bar.label)),
            text = escape::html(&bar.text),
            class = bar.tone.class(),
            bar_y = top + 18,
            width = tenths(length),
        ));
    }
    svg.push_str("</svg>");
    svg
}

/// One point of a line chart: what it stands for (a period) and its value (a whole number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Point {
    pub(crate) label: String,
    pub(crate) value: i64,
    /// Where the point stands on the time axis, in any unit that grows with time (a day
    /// number): points are spaced by it, so a long gap is drawn long.
    pub(crate) at: i64,
}

/// The line chart's drawing area, in user units: left edge (after the scale's numbers), right
/// edge, top and bottom.
const PLOT: (u32, u32, u32, u32) = (44, 314, 10, 118);
/// The line chart's height; the period labels sit under the drawing area.
const LINE_HEIGHT: u32 = 140;
/// The scale runs between multiples of this around the values.
const SCALE_STEP: i64 = 50;

/// A position in tenths along `span` user units from `start`: `part` of `whole`.
fn along(start: u32, span: u32, part: i64, whole: i64) -> u64 {
    let (start, span) = (u64::from(start) * 10, u64::from(span) * 10);
    if whole <= 0 {
        return start + span / 2;
    }
    let (part, whole) = (part.clamp(0, whole) as u64, whole as u64);
    start + (part * span + whole / 2) / whole
}

/// The SVG of a line chart of `points`, placed left to right by their time (`at`), on a scale
/// from the lowest to the highest value rounded out to fifty, with its middle marked; `what` is its title and `spoken` its
/// accessible name (the page gives the numbers in a table as well). Empty when there are no
/// points.
pub(crate) fn line_chart(what: &str, spoken: &str, points: &[Point]) -> String {
    let (Some(low), Some(high)) = (
        points.iter().map(|p| p.value).min(),
        points.iter().map(|p| p.value).max(),
    ) else {
        return String::new();
    };
    let (left, right, top, bottom) = PLOT;
    let floor = low.div_euclid(SCALE_STEP) * SCALE_STEP;
    let ceiling = (high.div_euclid(SCALE_STEP) + 1) * SCALE_STEP;
    let (start, span) = (points[0].at, points[points.len() - 1].at - points[0].at);
    let at = |i: usize, value: i64| {
        let x = along(left, right - left, points[i].at - start, span);
        let y = u64::from(bottom) * 10 - along(0, bottom - top, value - floor, ceiling - floor);
        (tenths(x), tenths(y))
    };
    let mut svg = format!(
        "<svg class=\"chart chart-lines\" role=\"img\" aria-label=\"{label}\" viewBox=\"0 0 {WIDTH} {LINE_HEIGHT}\" \
         width=\"{WIDTH}\" height=\"{LINE_HEIGHT}\" focusable=\"false\"><title>{title}</title>\
         <path class=\"chart-axis\" d=\"M{left}.5 {top}V{bottom}.5H{right}\"/>\
         <text class=\"chart-value\" x=\"0\" y=\"{top_y}\">{ceiling}</text>\
         <text class=\"chart-value\" x=\"0\" y=\"{bottom}\">{floor}</text>",
        label = escape::html(spoken),
        title = escape::html(what),
        top_y = top + 8,
    );
    // The middle of the scale, where it falls on a step, as a faint line with its number.
    let middle = floor + (ceiling - floor) / 2 / SCALE_STEP * SCALE_STEP;
    if middle > floor && middle < ceiling {
        let y = tenths(
            u64::from(bottom) * 10 - along(0, bottom - top, middle - floor, ceiling - floor),
        );
        svg.push_str(&format!(
            "<path class=\"chart-grid\" d=\"M{left} {y}H{right}\"/><text class=\"chart-value\" x=\"0\" y=\"{y}\" dy=\"4\">{middle}</text>"
        ));
    }
    let line: Vec<String> = points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (x, y) = at(i, p.value);
            format!("{x},{y}")
        })
        .collect();
    svg.push_str(&format!(
        "<polyline class=\"chart-line\" points=\"{}\"/>",
        line.join(" ")
    ));
    for (i, p) in points.iter().enumerate() {
        let (x, y) = at(i, p.value);
        svg.push_str(&format!(
            "<circle class=\"chart-point\" cx=\"{x}\" cy=\"{y}\" r=\"2.5\"/>"
        ));
    }
    let first = &points[0].label;
    svg.push_str(&format!(
        "<text class=\"chart-value\" x=\"{left}\" y=\"{LINE_HEIGHT}\">{}</text>",
        escape::html(&short_label(first))
    ));
    if points.len() > 1 {
        let end = &points[points.len() - 1].label;
        svg.push_str(&format!(
            "<text class=\"chart-value\" x=\"{right}\" y=\"{LINE_HEIGHT}\" text-anchor=\"end\">{}</text>",
            escape::html(&short_label(end))
        ));
    }
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bar(label: &str, value: u32, of: u32) -> Bar {
        Bar {
            label: label.into(),
            value,
            of,
            text: format!("{value} of {of}"),
            tone: Tone::Plain,
        }
    }

    /// The `width` attributes of the chart's bars, in order.
    fn widths(svg: &str) -> Vec<String> {
        svg.split("<rect ")
            .skip(1)
            .map(|rect| {
                let from = rect.find("width=\"").unwrap() + 7;
                let len = rect[from..].find('"').unwrap();
                rect[from..from + len].to_string()
            })
            .collect()
    }

    #[test]
    fn bars_are_proportional_with_one_fixed_decimal() {
        let svg = bar_chart(
            "Games",
            &[
                bar("a", 3, 3),
                bar("b", 1, 3),
                bar("c", 0, 3),
                bar("d", 1, 2),
            ],
        );
        assert_eq!(widths(&svg), ["318.0", "106.0", "0.0", "159.0"]);
        assert!(
            svg.contains(">a<tspan class=\"chart-value\" dx=\"8\">3 of 3</tspan>"),
            "{svg}"
        );
    }

    #[test]
    fn lengths_round_and_never_overflow() {
        assert_eq!(length_tenths(2, 7), 909, "90.86 rounds to 90.9");
        assert_eq!(length_tenths(1, 7), 454, "45.43 rounds to 45.4");
        assert_eq!(
            length_tenths(5, 3),
            3180,
            "a value over its scale is drawn full"
        );
        assert_eq!(length_tenths(1, 0), 0, "an empty scale draws nothing");
        assert_eq!(length_tenths(u32::MAX, u32::MAX), 3180);
        assert_eq!(tenths(5), "0.5");
    }

    #[test]
    fn labels_and_numbers_are_escaped_everywhere() {
        let mut b = bar("<script>\"R&D\"</script>", 1, 1);
        b.text = "1 <b>".into();
        let svg = bar_chart("A & B", &[b]);
        assert!(!svg.contains("<script>"), "{svg}");
        assert!(!svg.contains("<b>"), "{svg}");
        assert!(svg.contains("&lt;script&gt;&quot;R&amp;D&quot;&lt;/script&gt;"));
        assert!(svg.contains("<title>A &amp; B</title>"));
        assert!(svg.contains(
            "aria-label=\"A &amp; B: &lt;script&gt;&quot;R&amp;D&quot;&lt;/script&gt;: 1 &lt;b&gt;.\""
        ));
    }

    #[test]
    fn the_accessible_name_states_every_number() {
        let bars = [bar("Dark side won", 5, 9), bar("Light side won", 4, 9)];
        assert_eq!(
            spoken("Games won by each side", &bars),
            "Games won by each side: Dark side won: 5 of 9; Light side won: 4 of 9."
        );
        let svg = bar_chart("Games won by each side", &bars);
        assert!(svg.starts_with("<svg class=\"chart\" role=\"img\" aria-label=\"Games won"));
        assert!(svg.contains("viewBox=\"0 0 320 76\""), "two rows: {svg}");
    }

    #[test]
    fn long_labels_are_cut_in_the_drawing_only() {
        let long = "An affiliation whose name goes on and on past any sensible width";
        let svg = bar_chart("Decks", &[bar(long, 1, 1)]);
        assert!(svg.contains(&format!("aria-label=\"Decks: {long}: 1 of 1.\"")));
        let drawn = short_label(long);
        assert_eq!(drawn.chars().count(), 28);
        assert!(drawn.ends_with('…'));
        assert!(svg.contains(&format!(">{drawn}<tspan")));
    }

    #[test]
    fn tones_give_classes_and_output_is_deterministic() {
        let mut dark = bar("Dark side won", 2, 3);
        dark.tone = Tone::Dark;
        let mut light = bar("Light side won", 1, 3);
        light.tone = Tone::Light;
        let bars = [dark, light, bar("Drawn", 0, 3)];
        let svg = bar_chart("Sides", &bars);
        assert!(svg.contains("class=\"chart-bar tone-dark\""));
        assert!(svg.contains("class=\"chart-bar tone-light\""));
        assert!(!svg.contains("fill=") && !svg.contains('#'), "no colours");
        assert_eq!(svg, bar_chart("Sides", &bars));
        assert_eq!(bar_chart("Nothing", &[]), "");
    }

    #[test]
    fn a_line_chart_spans_its_scale_places_points_by_time_and_escapes_its_labels() {
        let point = |label: &str, value, at| Point {
            label: label.to_string(),
            value,
            at,
        };
        let svg = line_chart(
            "Rating <of> A",
            "from 1500 to 1620 & up",
            &[
                point("2018-01", 1500, 0),
                point("2018-03", 1620, 10),
                point("<x>", 1580, 40),
            ],
        );
        assert!(svg.contains("aria-label=\"from 1500 to 1620 &amp; up\""));
        assert!(svg.contains("<title>Rating &lt;of&gt; A</title>"));
        assert!(svg.contains(">&lt;x&gt;</text>"));
        // 1500 sits on the floor (1500), 1620 under the ceiling (1650): 120 of 150 up 108 units.
        // The second point is a quarter of the way in time (10 of 40), so a quarter across.
        assert!(
            svg.contains("points=\"44.0,118.0 111.5,31.6 314.0,60.4\""),
            "{svg}"
        );
        assert!(svg.contains(">1650</text>") && svg.contains(">1500</text>"));
        assert!(svg.contains(">1550</text>"), "the scale's middle: {svg}");
        assert_eq!(line_chart("x", "y", &[]), "");
        let one = line_chart("x", "y", &[point("a", 1500, 7)]);
        assert!(one.contains("points=\"179.0,118.0\""), "{one}");
    }
}
