//! Horizontal bar charts, drawn at build time as inline SVG: no script, no library. Each row is
//! a line with the label and its numbers, and the bar under it across the chart's width, so a
//! chart stays narrow enough for a phone and no bar runs into its numbers. Colours come from classes the stylesheet fills with the theme's
//! custom properties; the SVG names none. Every number is written from integers with fixed
//! precision, so a chart's markup is the same on every platform.
//!
//! A chart complements a table that gives the same numbers: its accessible name states them.

use super::templates::escape_html;

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
pub enum Tone {
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

    /// The tone of a statistics row by its label: "Dark side won", "Light side won", "Drawn".
    pub fn of_side_label(label: &str) -> Tone {
        if label.starts_with("Dark") {
            Tone::Dark
        } else if label.starts_with("Light") {
            Tone::Light
        } else {
            Tone::Neutral
        }
    }
}

/// One bar: `value` out of `of`, where `of` is drawn full width.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bar {
    pub label: String,
    pub value: u32,
    pub of: u32,
    /// The numbers written after the bar and in the accessible name ("12 games, 55%").
    pub text: String,
    pub tone: Tone,
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
pub fn spoken(what: &str, bars: &[Bar]) -> String {
    let rows: Vec<String> = bars
        .iter()
        .map(|b| format!("{}: {}", b.label, b.text))
        .collect();
    format!("{what}: {}.", rows.join("; "))
}

/// The SVG of a horizontal bar chart; `what` says what it shows, for its accessible name and
/// title. Empty when there are no bars.
pub fn bar_chart(what: &str, bars: &[Bar]) -> String {
    if bars.is_empty() {
        return String::new();
    }
    let height = ROW * u32::try_from(bars.len()).unwrap_or(u32::MAX / ROW) + 4;
    let mut svg = format!(
        "<svg class=\"chart\" role=\"img\" aria-label=\"{label}\" viewBox=\"0 0 {WIDTH} {height}\" \
         width=\"{WIDTH}\" height=\"{height}\" focusable=\"false\"><title>{title}</title>",
        label = escape_html(&spoken(what, bars)),
        title = escape_html(what),
    );
    for (i, bar) in bars.iter().enumerate() {
        let top = ROW * u32::try_from(i).unwrap_or(0);
        let length = length_tenths(bar.value, bar.of);
        svg.push_str(&format!(
            "<g class=\"chart-row\"><text class=\"chart-label\" x=\"0\" y=\"{label_y}\">{label}\
             <tspan class=\"chart-value\" dx=\"8\">{text}</tspan></text>\
             <rect class=\"{class}\" x=\"0.5\" y=\"{bar_y}.5\" width=\"{width}\" height=\"11\" rx=\"2\"/></g>",
            label_y = top + 13,
            label = escape_html(&short_label(&bar.label)),
            text = escape_html(&bar.text),
            class = bar.tone.class(),
            bar_y = top + 18,
            width = tenths(length),
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
        dark.tone = Tone::of_side_label(&dark.label);
        let mut light = bar("Light side won", 1, 3);
        light.tone = Tone::of_side_label(&light.label);
        let bars = [dark, light, bar("Drawn", 0, 3)];
        let svg = bar_chart("Sides", &bars);
        assert!(svg.contains("class=\"chart-bar tone-dark\""));
        assert!(svg.contains("class=\"chart-bar tone-light\""));
        assert!(!svg.contains("fill=") && !svg.contains('#'), "no colours");
        assert_eq!(svg, bar_chart("Sides", &bars));
        assert_eq!(bar_chart("Nothing", &[]), "");
    }
}
