//! The one entry point that every fuzzing of event files drives: the `cargo fuzz` target
//! (`fuzz/fuzz_targets/event.rs`, nightly only), the stable-toolchain mutation loop and the
//! proptests of `tests/it/robustness.rs`. One function, so that what CI checks and what the fuzzer
//! checks never drift apart.

use std::path::Path;

use super::options::LoadOptions;
use super::parse_event;

/// The path the fuzzed text is read as.
const FILE: &str = "events/fuzz/event.toml";

/// Reads `data` as an event file (bytes that are not UTF-8 replaced, as they never get past
/// [`crate::text_file::read_text`] anyway), validates and computes it, and renders each diagnostic in
/// every output format. Panics when an invariant breaks: a rejected file without an error, or a
/// diagnostic that does not name the file. A panic anywhere below is a bug the fuzzer found.
pub fn event_bytes(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let file = Path::new(FILE);
    let (event, diagnostics) = parse_event(file, &text, &LoadOptions::default());
    assert!(
        event.is_some() || diagnostics.iter().any(|d| d.is_error()),
        "a rejected file has an error diagnostic"
    );
    for d in &diagnostics {
        assert!(d.render(Some(&text)).contains(FILE), "{d:?} names the file");
        assert!(d.github(Some(&text)).contains(FILE), "{d:?} names the file");
        let json = d.json(Some(&text));
        assert_eq!(json["file"], FILE);
        if d.span.is_some() {
            assert!(json["line"].is_u64(), "{d:?} is located");
        }
    }
}
