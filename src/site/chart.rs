//! Charts drawn at build time as inline SVG: no script, no library. Horizontal bar charts: each
//! row is a line with the label and its numbers, and the bar under it across the chart's width,
//! so a chart stays narrow enough for a phone and no bar runs into its numbers. Line charts: a
//! value over time ([`line_chart`], a rating), or shares over the years ([`trend_chart`], a line
//! per series on a scale from 0% to a little over the largest share, each told apart by its
//! mark as well as its colour). Colours
//! come from classes the stylesheet fills with the theme's custom properties; the SVG names
//! none. Every number is written from integers with fixed precision, so a chart's markup is the
//! same on every platform.
//!
//! A chart complements a table that gives the same numbers: its accessible name states them, or
//! sums them up where they are too many to read out.

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

/// A period on a trend chart's time axis: its label (a year) and where it stands in time, in any
/// unit that grows with time; periods are spaced by it, so a year with no events leaves a gap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Period {
    pub(crate) label: String,
    pub(crate) at: i64,
}

/// `part` of `of`: one point of a trend line, drawn as a percentage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Share {
    pub(crate) part: u32,
    pub(crate) of: u32,
}

impl Share {
    /// The share as a whole percentage, rounded half up (as the tables write it).
    fn percent(self) -> u64 {
        let (part, of) = (u64::from(self.part), u64::from(self.of));
        (part * 100 + of / 2) / of.max(1)
    }
}

/// The mark drawn at each point of a trend line and in its legend: a shape, filled or hollow,
/// so that the lines tell apart without their colours. The affiliations' shapes are their marks
/// on the pages (filled for the dark side, hollow for the light side, as the side marks are).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mark {
    Disc,
    Ring,
    /// A hollow triangle pointing up (Jedi).
    Up,
    /// A filled triangle pointing down (Sith).
    Down,
    /// A hollow diamond (Rebel Alliance).
    Diamond,
    /// A filled square (Imperial Navy).
    Square,
    /// A hollow hexagon (Smugglers and Spies).
    Hexagon,
    /// A filled hexagon (Scum and Villainy).
    HexagonFilled,
}

impl Mark {
    /// Marks for lines that have none of their own, each unlike the ones before it.
    pub(crate) const SEQUENCE: [Mark; 8] = [
        Mark::Disc,
        Mark::Square,
        Mark::Up,
        Mark::Diamond,
        Mark::Down,
        Mark::Hexagon,
        Mark::Ring,
        Mark::HexagonFilled,
    ];

    fn hollow(self) -> bool {
        matches!(self, Mark::Ring | Mark::Up | Mark::Diamond | Mark::Hexagon)
    }

    /// The mark's outline centred on (`x`, `y`), in tenths of a user unit, as path data.
    fn path(self, x: i64, y: i64) -> String {
        let at = |dx: i64, dy: i64| format!("M{} {}", signed_tenths(x + dx), signed_tenths(y + dy));
        match self {
            Mark::Disc | Mark::Ring => format!("{}a4 4 0 1 0 8 0a4 4 0 1 0-8 0z", at(-40, 0)),
            Mark::Up => format!("{}l4.4 8.4h-8.8z", at(0, -44)),
            Mark::Down => format!("{}l4.4-8.4h-8.8z", at(0, 44)),
            Mark::Diamond => format!("{}l4.8 4.8-4.8 4.8-4.8-4.8z", at(0, -48)),
            Mark::Square => format!("{}h8v8h-8z", at(-40, -40)),
            Mark::Hexagon | Mark::HexagonFilled => {
                format!("{}h4.8l2.4 4.4-2.4 4.4h-4.8l-2.4-4.4z", at(-24, -44))
            }
        }
    }
}

/// One line of a trend chart: its name, its mark, and its share in each period of the chart
/// (none where it has none: the line breaks there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Series {
    pub(crate) label: String,
    pub(crate) mark: Mark,
    pub(crate) shares: Vec<Option<Share>>,
}

/// How many colours the style sheet gives trend lines (`series-0` to `series-5`); lines past
/// them take the colours again, their marks still tell them apart.
const SERIES_COLOURS: usize = 6;
/// The trend chart's drawing: width, the plot's left, right, top and bottom edges (0% at the
/// bottom, 100% at the top), where the years are written, where the legend starts and the height
/// of one of its rows.
const TREND_WIDTH: u32 = 400;
const TREND_PLOT: (u32, u32, u32, u32) = (48, 380, 10, 170);
const TREND_YEARS_Y: u32 = 190;
const TREND_LEGEND_Y: u32 = 212;
const TREND_LEGEND_ROW: u32 = 22;
/// The legend's labels are cut to this many characters in the drawing.
const LEGEND_CHARS: usize = 20;
/// Year labels stand at least this far apart, in user units.
const YEAR_LABEL_GAP: i64 = 44;

/// The tops a trend chart's scale may have, in percent: each a multiple of 4, so that its
/// quarters, where the gridlines are, are whole percentages.
const TREND_TOPS: [u32; 10] = [8, 12, 16, 20, 24, 32, 40, 60, 80, 100];

/// The top of a trend chart's scale: the smallest of [`TREND_TOPS`] that holds every share, so
/// that six affiliations near 17% each spread over the chart rather than share one band at the
/// bottom of a 0-100% scale.
fn trend_top(series: &[Series]) -> u32 {
    let fits = |top: u32| {
        series
            .iter()
            .flat_map(|s| s.shares.iter().flatten())
            .filter(|v| v.of > 0)
            .all(|v| u64::from(v.part) * 100 <= u64::from(v.of) * u64::from(top))
    };
    TREND_TOPS.into_iter().find(|&top| fits(top)).unwrap_or(100)
}

/// Tenths of a user unit, signed, as a decimal with one digit: `-5` -> `-0.5`.
fn signed_tenths(n: i64) -> String {
    let sign = if n < 0 { "-" } else { "" };
    format!("{sign}{}", tenths(n.unsigned_abs()))
}

/// The trend chart's accessible name: `what` and its periods, then each line's first and last
/// share, and its range where the line has more than two points. The table beside the chart
/// gives every figure.
pub(crate) fn trend_spoken(what: &str, periods: &[Period], series: &[Series]) -> String {
    let span = match (periods.first(), periods.last()) {
        (Some(first), Some(last)) if periods.len() > 1 => {
            format!("{} to {}", first.label, last.label)
        }
        (Some(only), _) => only.label.clone(),
        _ => String::new(),
    };
    let lines: Vec<String> = series
        .iter()
        .filter_map(|s| {
            let points: Vec<(&str, u64)> = periods
                .iter()
                .zip(&s.shares)
                .filter_map(|(p, share)| {
                    Some((p.label.as_str(), share.filter(|v| v.of > 0)?.percent()))
                })
                .collect();
            let (first, last) = (points.first()?, points.last()?);
            Some(if points.len() == 1 {
                format!("{} {}% in {}", s.label, first.1, first.0)
            } else {
                let mut text = format!(
                    "{} {}% in {}, {}% in {}",
                    s.label, first.1, first.0, last.1, last.0
                );
                if points.len() > 2 {
                    let low = points.iter().map(|p| p.1).min().unwrap_or(0);
                    let high = points.iter().map(|p| p.1).max().unwrap_or(0);
                    text.push_str(&format!(" (between {low}% and {high}%)"));
                }
                text
            })
        })
        .collect();
    format!("{what}, {span}: {}.", lines.join("; "))
}

/// The SVG of a trend chart: one line per series, each period placed left to right by its time
/// (`at`), on a scale from 0% to [`trend_top`] with gridlines every quarter, and a legend under the years
/// naming each line beside its mark. `what` is its title; its accessible name summarizes each
/// line ([`trend_spoken`]). Empty when no series has a point.
pub(crate) fn trend_chart(what: &str, periods: &[Period], series: &[Series]) -> String {
    let point_count = series
        .iter()
        .flat_map(|s| s.shares.iter().take(periods.len()))
        .filter(|v| v.is_some_and(|v| v.of > 0))
        .count();
    if periods.is_empty() || point_count == 0 {
        return String::new();
    }
    let (left, right, top, bottom) = TREND_PLOT;
    let (start, span) = (periods[0].at, periods[periods.len() - 1].at - periods[0].at);
    let x_of = |p: &Period| along(left, right - left, p.at - start, span) as i64;
    let scale = trend_top(series);
    let y_of = |v: Share| {
        let (part, whole) = (i64::from(v.part) * 100, i64::from(v.of) * i64::from(scale));
        (u64::from(bottom) * 10 - along(0, bottom - top, part, whole)) as i64
    };
    let columns = 2;
    let rows = u32::try_from(series.len().div_ceil(columns)).unwrap_or(0);
    let height = TREND_LEGEND_Y + rows * TREND_LEGEND_ROW;
    let mut svg = format!(
        "<svg class=\"chart chart-lines chart-trend\" role=\"img\" aria-label=\"{label}\" \
         viewBox=\"0 0 {TREND_WIDTH} {height}\" width=\"{TREND_WIDTH}\" height=\"{height}\" \
         focusable=\"false\"><title>{title}</title>",
        label = escape::html(&trend_spoken(what, periods, series)),
        title = escape::html(what),
    );
    // The scale: a gridline and its percentage every quarter, the axis at 0%.
    let mut grid = String::new();
    for quarter in 0..=4u32 {
        let y = bottom - (bottom - top) * quarter / 4;
        if quarter > 0 {
            grid.push_str(&format!("M{left} {y}.5H{right}"));
        }
        svg.push_str(&format!(
            "<text class=\"chart-value\" x=\"{x}\" y=\"{y}\" dy=\"4\" text-anchor=\"end\">{p}%</text>",
            x = left - 6,
            p = quarter * scale / 4,
        ));
    }
    svg.push_str(&format!(
        "<path class=\"chart-grid\" d=\"{grid}\"/><path class=\"chart-axis\" d=\"M{left} {bottom}.5H{right}\"/>"
    ));
    // The years: a tick at each, a label where there is room: always the first, the last where
    // it is not too close to the first (in place of the one before it when that is too close).
    let xs: Vec<i64> = periods.iter().map(x_of).collect();
    let mut labelled: Vec<usize> = Vec::new();
    for (i, &x) in xs.iter().enumerate() {
        let room = |j: usize| x - xs[j] >= YEAR_LABEL_GAP * 10;
        match labelled.last() {
            Some(&j) if !room(j) && i == xs.len() - 1 && j > 0 => {
                labelled.pop();
                labelled.push(i);
            }
            Some(&j) if !room(j) => {}
            _ => labelled.push(i),
        }
    }
    let mut ticks = String::new();
    for (i, p) in periods.iter().enumerate() {
        let x = signed_tenths(xs[i]);
        ticks.push_str(&format!("M{x} {bottom}v5"));
        if labelled.contains(&i) {
            svg.push_str(&format!(
                "<text class=\"chart-value\" x=\"{x}\" y=\"{TREND_YEARS_Y}\" text-anchor=\"middle\">{}</text>",
                escape::html(&short_label(&p.label))
            ));
        }
    }
    svg.push_str(&format!("<path class=\"chart-axis\" d=\"{ticks}\"/>"));
    for (i, s) in series.iter().enumerate() {
        // The runs of consecutive points: a line joins each run's points, and breaks where a
        // period has no share.
        let mut runs: Vec<Vec<(i64, i64)>> = vec![Vec::new()];
        for (p, share) in periods.iter().zip(&s.shares) {
            match share.filter(|v| v.of > 0) {
                Some(v) => {
                    if let Some(run) = runs.last_mut() {
                        run.push((x_of(p), y_of(v)));
                    }
                }
                None => runs.push(Vec::new()),
            }
        }
        let marks: String = runs
            .iter()
            .flatten()
            .map(|&(x, y)| s.mark.path(x, y))
            .collect();
        // A point alone is only its mark.
        let line: String = runs
            .iter()
            .filter(|run| run.len() > 1)
            .map(|run| {
                let points: Vec<String> = run
                    .iter()
                    .map(|&(x, y)| format!("{} {}", signed_tenths(x), signed_tenths(y)))
                    .collect();
                format!("M{}L{}", points[0], points[1..].join(" "))
            })
            .collect();
        let column = u32::try_from(i % columns).unwrap_or(0);
        let row = u32::try_from(i / columns).unwrap_or(0);
        let (lx, ly) = (
            column * TREND_WIDTH / 2,
            TREND_LEGEND_Y + row * TREND_LEGEND_ROW,
        );
        svg.push_str(&format!(
            "<g class=\"series series-{colour}{hollow}\">{line}<path class=\"chart-mark\" d=\"{marks}\"/>\
             <path class=\"chart-trend-line\" d=\"M{lx} {sample_y}.5h22\"/>\
             <path class=\"chart-mark\" d=\"{legend_mark}\"/>\
             <text x=\"{text_x}\" y=\"{text_y}\">{label}</text></g>",
            colour = i % SERIES_COLOURS,
            hollow = if s.mark.hollow() { " hollow" } else { "" },
            line = if line.is_empty() {
                String::new()
            } else {
                format!("<path class=\"chart-trend-line\" d=\"{line}\"/>")
            },
            sample_y = ly - 5,
            legend_mark = s.mark.path(i64::from(lx) * 10 + 110, i64::from(ly) * 10 - 45),
            text_x = lx + 28,
            text_y = ly,
            label = escape::html(&legend_label(&s.label)),
        ));
    }
    svg.push_str("</svg>");
    svg
}

/// A legend's label as drawn: at most [`LEGEND_CHARS`] characters.
fn legend_label(label: &str) -> String {
    if label.chars().count() <= LEGEND_CHARS {
        label.to_string()
    } else {
        let cut: String = label.chars().take(LEGEND_CHARS - 1).collect();
        format!("{}…", cut.trim_end())
    }
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

    fn period(year: i64) -> Period {
        Period {
            label: year.to_string(),
            at: year,
        }
    }

    fn share(part: u32, of: u32) -> Option<Share> {
        Some(Share { part, of })
    }

    fn series(label: &str, mark: Mark, shares: Vec<Option<Share>>) -> Series {
        Series {
            label: label.to_string(),
            mark,
            shares,
        }
    }

    /// The `d` attributes of the chart's trend lines, in order.
    fn lines(svg: &str) -> Vec<&str> {
        svg.split("<path class=\"chart-trend-line\" d=\"")
            .skip(1)
            .map(|rest| &rest[..rest.find('"').unwrap()])
            .filter(|d| !d.ends_with("h22"))
            .collect()
    }

    #[test]
    fn a_trend_chart_places_points_by_time_and_share() {
        let periods = [period(2010), period(2011), period(2014)];
        let svg = trend_chart(
            "Dark side wins",
            &periods,
            &[series(
                "Dark side",
                Mark::Disc,
                vec![share(0, 4), share(1, 2), share(4, 4)],
            )],
        );
        // 2011 is a quarter of the way from 2010 to 2014: a quarter of the 332 units across.
        // 0% sits on the axis (170), 50% halfway up (90), 100% at the top (10).
        assert_eq!(lines(&svg), ["M48.0 170.0L131.0 90.0 380.0 10.0"], "{svg}");
        assert!(
            svg.contains("d=\"M44.0 170.0a4 4 0 1 0 8 0a4 4 0 1 0-8 0zM127.0 90.0a4"),
            "a disc at each point: {svg}"
        );
        for label in ["0%", "25%", "50%", "75%", "100%", "2010", "2011", "2014"] {
            assert!(svg.contains(&format!(">{label}</text>")), "{label}: {svg}");
        }
        assert!(svg.contains("<path class=\"chart-grid\" d=\"M48 130.5H380M48 90.5H380"));
        assert!(svg.contains("class=\"series series-0\""), "{svg}");
        assert!(
            svg.contains("viewBox=\"0 0 400 234\""),
            "one legend row: {svg}"
        );
    }

    /// Shares that stay low are drawn on a scale that ends a little above the largest, its
    /// quarters whole percentages: six lines near 17% spread over the chart.
    #[test]
    fn a_trend_chart_scales_to_its_largest_share() {
        let periods = [period(2010), period(2011)];
        let svg = trend_chart(
            "Affiliations",
            &periods,
            &[
                series("Jedi", Mark::Up, vec![share(1, 6), share(22, 100)]),
                series("Sith", Mark::Down, vec![share(12, 100), share(1, 6)]),
            ],
        );
        // 22% needs a scale to 24%: 12% is halfway up (90), 24% would be at the top (10).
        for label in ["0%", "6%", "12%", "18%", "24%"] {
            assert!(svg.contains(&format!(">{label}</text>")), "{label}: {svg}");
        }
        assert!(!svg.contains(">100%</text>"), "{svg}");
        assert!(svg.contains("M48.0 90.0L380.0 "), "{svg}");
        assert_eq!(
            trend_top(&[series("A", Mark::Disc, vec![share(1, 1)])]),
            100
        );
        assert_eq!(trend_top(&[series("A", Mark::Disc, vec![share(0, 5)])]), 8);
        assert_eq!(
            trend_top(&[series("A", Mark::Disc, vec![share(8, 100)])]),
            8
        );
        assert_eq!(
            trend_top(&[series("A", Mark::Disc, vec![share(81, 100)])]),
            100
        );
    }

    #[test]
    fn a_long_trend_labels_every_other_year_and_marks_every_one() {
        let periods: Vec<Period> = (2008..=2019).map(period).collect();
        let shares = (0..12).map(|i| share(i, 12)).collect();
        let svg = trend_chart("x", &periods, &[series("a", Mark::Square, shares)]);
        assert!(svg.contains(">2008</text>") && svg.contains(">2010</text>"));
        assert!(
            !svg.contains(">2009</text>"),
            "11 years in 332 units: {svg}"
        );
        assert!(
            svg.contains(">2019</text>") && !svg.contains(">2018</text>"),
            "the last year in place of the one before: {svg}"
        );
        assert_eq!(
            svg.matches("h8v8h-8z").count(),
            13,
            "12 points and the legend's"
        );
    }

    #[test]
    fn a_lone_point_is_a_mark_and_a_gap_breaks_the_line() {
        let one = trend_chart(
            "x",
            &[period(2019)],
            &[series("a", Mark::Disc, vec![share(1, 3)])],
        );
        assert!(lines(&one).is_empty(), "no line through one point: {one}");
        // One period stands in the middle; 1 of 3 (33%) on a scale to 40% is five sixths of
        // the 160 units up.
        assert!(one.contains("d=\"M210.0 36.7a4"), "{one}");
        let gap = trend_chart(
            "x",
            &[period(2010), period(2011), period(2012), period(2013)],
            &[series(
                "a",
                Mark::Ring,
                vec![share(1, 1), None, share(0, 1), share(1, 2)],
            )],
        );
        assert_eq!(lines(&gap), ["M269.3 170.0L380.0 90.0"], "{gap}");
        assert_eq!(
            gap.matches("a4 4 0 1 0 8 0").count(),
            4,
            "three points and the legend's"
        );
        assert!(gap.contains("class=\"series series-0 hollow\""));
        assert_eq!(trend_chart("x", &[], &[]), "");
        assert_eq!(
            trend_chart(
                "x",
                &[period(2010)],
                &[series("a", Mark::Disc, vec![None, share(1, 0)])]
            ),
            "",
            "nothing to draw"
        );
    }

    #[test]
    fn a_trend_chart_escapes_its_labels_and_is_the_same_every_time() {
        let periods = [period(2018), period(2019)];
        let lines = [
            series("<Jedi & \"co\">", Mark::Up, vec![share(1, 2), share(2, 3)]),
            series(
                "A very long objective name that goes on",
                Mark::Down,
                vec![share(1, 2), share(1, 3)],
            ),
            series("c", Mark::Diamond, vec![None, share(0, 3)]),
        ];
        let svg = trend_chart("Shares <by> year", &periods, &lines);
        assert!(!svg.contains("<Jedi"), "{svg}");
        assert!(
            svg.contains(">&lt;Jedi &amp; &quot;co&quot;&gt;</text>"),
            "{svg}"
        );
        assert!(svg.contains("<title>Shares &lt;by&gt; year</title>"));
        assert!(svg.contains(">A very long objecti…</text>"), "{svg}");
        assert!(
            svg.contains("viewBox=\"0 0 400 256\""),
            "two legend rows: {svg}"
        );
        assert!(!svg.contains("fill=") && !svg.contains('#'), "no colours");
        assert_eq!(svg, trend_chart("Shares <by> year", &periods, &lines));
    }

    #[test]
    fn a_trend_charts_name_summarizes_each_line() {
        let periods = [period(2017), period(2018), period(2019)];
        let spoken = trend_spoken(
            "Games won by each side",
            &periods,
            &[
                series(
                    "Dark side",
                    Mark::Disc,
                    vec![share(5, 8), share(1, 4), share(1, 2)],
                ),
                series(
                    "Light side",
                    Mark::Ring,
                    vec![None, share(3, 4), share(1, 2)],
                ),
                series("Nobody", Mark::Up, vec![None, None, share(0, 0)]),
                series("Once", Mark::Up, vec![share(2, 3), None, None]),
            ],
        );
        assert_eq!(
            spoken,
            "Games won by each side, 2017 to 2019: Dark side 63% in 2017, 50% in 2019 \
             (between 25% and 63%); Light side 75% in 2018, 50% in 2019; Once 67% in 2017."
        );
        let svg = trend_chart("Games won by each side", &periods, &[]);
        assert_eq!(svg, "", "no series");
    }
}
