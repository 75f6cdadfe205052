//! Whatever bytes an event file holds, loading it never panics, and a file that is rejected
//! always says why.

use std::path::Path;

use holonet::event::load::parse_event;
use holonet::event::validate::LoadOptions;
use proptest::prelude::*;

const EXAMPLE: &str = include_str!("../events/2018/outer-rim-store-championship.toml");
const SMALL: &str = include_str!("fixtures/sites/small/events/2019/small-cup.toml");

fn check(text: &str) {
    let (event, diagnostics) =
        parse_event(Path::new("events/x.toml"), text, &LoadOptions::default());
    if event.is_none() {
        assert!(
            diagnostics.iter().any(|d| d.is_error()),
            "a rejected file has an error diagnostic"
        );
    }
    for d in &diagnostics {
        let rendered = d.render(Some(text));
        assert!(rendered.contains("events/x.toml"));
    }
}

/// Applies byte-level edits at positions chosen by the strategy.
fn mutate(base: &str, edits: &[(usize, u8, u8)]) -> String {
    let mut bytes = base.as_bytes().to_vec();
    for &(pos, kind, byte) in edits {
        if bytes.is_empty() {
            break;
        }
        let at = pos % bytes.len();
        match kind % 4 {
            0 => bytes[at] = byte,
            1 => {
                bytes.remove(at);
            }
            2 => bytes.insert(at, byte),
            _ => {
                let end = (at + usize::from(byte)).min(bytes.len());
                let chunk: Vec<u8> = bytes[at..end].to_vec();
                bytes.splice(at..at, chunk);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn mutated_example_never_panics(edits in proptest::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..8)) {
        check(&mutate(EXAMPLE, &edits));
    }

    #[test]
    fn mutated_small_event_never_panics(edits in proptest::collection::vec((any::<usize>(), any::<u8>(), b' '..b'~'), 1..6)) {
        check(&mutate(SMALL, &edits));
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        check(&text);
    }
}

/// Line-level edits that keep TOML valid but break meaning: swapped ids, numbers out of range.
#[test]
fn meaningful_edits_are_reported_not_crashed() {
    let replacements = [
        ("drop = 1", "drop = -1"),
        ("drop = 1", "drop = 99999999999"),
        ("seed = 20180317", "seed = -5"),
        ("rules = \"ffg-2018\"", "rules = 2018"),
        ("structure = \"basic\"", "structure = \"custom\""),
        ("date = 2018-03-17", "date = 2018-03-17T10:00:00"),
        ("[[rounds]]", "[[rounds]]\ntables = 5"),
        ("tables = [", "tables = [[],"),
    ];
    for (from, to) in replacements {
        assert!(EXAMPLE.contains(from), "{from}");
        let text = EXAMPLE.replacen(from, to, 1);
        let (event, diagnostics) =
            parse_event(Path::new("events/x.toml"), &text, &LoadOptions::default());
        assert!(event.is_none(), "{to} is rejected");
        assert!(
            diagnostics.iter().any(|d| d.is_error() && d.span.is_some()),
            "{to} is located"
        );
    }
}
