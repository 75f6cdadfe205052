//! Whatever bytes an event file holds, loading it never panics, and a file that is rejected
//! always says why. The checks themselves are [`holonet::load::fuzz::event_bytes`], the entry
//! point the `cargo fuzz` target drives too (fuzz/README.md).

use crate::common;

use std::path::{Path, PathBuf};

use holonet::load::fuzz::event_bytes;
use holonet::load::options::LoadOptions;
use holonet::load::parse_event;
use holonet::site;
use proptest::prelude::*;

const EXAMPLE: &str = include_str!("../../events/2018/outer-rim-store-championship.toml");
const SMALL_SITE: &str = "tests/fixtures/sites/small";
const SMALL: &str = include_str!("../fixtures/sites/small/events/2019/small-cup.toml");

/// Pieces of event files that a mutation inserts: TOML syntax, the format's keys, values that
/// are out of range or of the wrong type.
const DICTIONARY: &[&str] = &[
    "[[players]]\n",
    "[[rounds]]\n",
    "[[teams]]\n",
    "[[standings]]\n",
    "[elimination]\n",
    "[final]\n",
    "[event]\n",
    "[players.decks.dark]\n",
    "\ntables = [\n",
    "{ table = 1, ",
    "players = [",
    "games = [",
    "byes = [",
    "winner = ",
    "dark = ",
    "light = ",
    "drop = ",
    "rejoin = ",
    "split = true",
    "first_dark = ",
    "timed = { ",
    "by = \"dial\"",
    "cut = 8",
    "swiss_rounds = ",
    "structure = \"custom\"",
    "rules = \"swccg-2008\"",
    "rules = \"ffg-2014\"",
    "format = \"team\"",
    "differential = ",
    "modified = true",
    "quit = true",
    "number = ",
    "avoid = [",
    "disqualified = true",
    "organizer = true",
    "file = \"",
    "objectives = [",
    "cards = [",
    "affiliation = ",
    "\"draw\"",
    "\"tom\"",
    "0",
    "-1",
    "99999999999",
    "2018-02-30",
    "1.5",
    "true",
    "\"\"",
    "[]",
    "{}",
    "=",
    ",",
    "]",
    "}",
    "\"",
    "'",
    "\n",
    "#",
    "\u{0}",
    "\u{feff}",
    "é",
    "\r\n",
];

/// A small deterministic random stream (xorshift64*), so a run is repeated from its seed.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (which must not be 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Applies 1 to 8 random edits to `base`: bytes changed, removed or inserted, a chunk
/// duplicated, a dictionary piece inserted, or a piece of `other` spliced in.
fn mutate(base: &[u8], other: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut bytes = base.to_vec();
    for _ in 0..=rng.below(8) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(6) {
            0 if at < bytes.len() => bytes[at] = rng.next() as u8,
            1 if at < bytes.len() => {
                let end = (at + 1 + rng.below(16)).min(bytes.len());
                bytes.drain(at..end);
            }
            2 => bytes.insert(at, rng.next() as u8),
            3 if at < bytes.len() => {
                let end = (at + 1 + rng.below(256)).min(bytes.len());
                let chunk = bytes[at..end].to_vec();
                bytes.splice(at..at, chunk);
            }
            4 if !other.is_empty() => {
                let from = rng.below(other.len());
                let end = (from + 1 + rng.below(512)).min(other.len());
                bytes.splice(at..at, other[from..end].iter().copied());
            }
            _ => {
                let piece = DICTIONARY[rng.below(DICTIONARY.len())];
                bytes.splice(at..at, piece.bytes());
            }
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn mutated_example_never_panics(seed in any::<u64>()) {
        event_bytes(&mutate(EXAMPLE.as_bytes(), SMALL.as_bytes(), &mut Rng::new(seed)));
    }

    #[test]
    fn mutated_small_event_never_panics(seed in any::<u64>()) {
        event_bytes(&mutate(SMALL.as_bytes(), EXAMPLE.as_bytes(), &mut Rng::new(seed)));
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        event_bytes(text.as_bytes());
    }
}

proptest! {
    // Each case checks and builds a whole site: fewer cases, each worth more.
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// A mutated event file in a real site, through `check` and `build`: neither panics, they
    /// agree, a rejected site has located errors naming the file, and a failed build writes
    /// nothing.
    #[test]
    fn mutated_event_through_check_and_build(seed in any::<u64>()) {
        let site = common::copy_site(Path::new(SMALL_SITE));
        let root = site.path();
        let file = PathBuf::from("events/2019/small-cup.toml");
        let bytes = mutate(SMALL.as_bytes(), EXAMPLE.as_bytes(), &mut Rng::new(seed));
        std::fs::write(root.join(&file), &bytes).expect("write");
        let checked = site::check(root);
        let out = root.join("public");
        match site::build(root, &out, None) {
            Ok(_) => prop_assert!(!checked.has_errors(), "{}", checked.render()),
            Err(report) => {
                prop_assert!(checked.has_errors());
                prop_assert_eq!(report.errors(), checked.errors());
                prop_assert!(!out.exists(), "a failed build writes nothing");
                for d in report.diagnostics.iter().filter(|d| d.is_error()) {
                    prop_assert_eq!(&d.file, &file);
                    let rendered = d.render(report.sources.get(&d.file).map(String::as_str));
                    if d.span.is_some() {
                        prop_assert!(rendered.contains("events/2019/small-cup.toml:"), "{}", rendered);
                    }
                }
            }
        }
    }
}

/// The fuzz target's loop on the stable toolchain, for machines without nightly: every event
/// file of the repository and every invalid fixture is a seed, mutated as above, and each result
/// goes through [`event_bytes`]. Runs `HOLONET_FUZZ_RUNS` executions (default 100,000) from
/// `HOLONET_FUZZ_SEED` (default 1); an input that panics is saved under
/// `target/fuzz-stable/` to replay. Run it as
/// `cargo test --release --test it robustness::fuzz_on_stable -- --ignored --nocapture`.
#[test]
#[ignore = "long-running; see fuzz/README.md"]
fn fuzz_on_stable() {
    let env = |name: &str, default: u64| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (runs, seed) = (
        env("HOLONET_FUZZ_RUNS", 100_000),
        env("HOLONET_FUZZ_SEED", 1),
    );
    let mut seeds = Vec::new();
    for dir in ["events", "tests/fixtures"] {
        for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
            let entry = entry.expect("walk");
            if entry.path().extension().is_some_and(|e| e == "toml") {
                seeds.push(std::fs::read(entry.path()).expect("read seed"));
            }
        }
    }
    let mut rng = Rng::new(seed);
    let started = std::time::Instant::now();
    for run in 0..runs {
        let base = &seeds[rng.below(seeds.len())];
        let other = &seeds[rng.below(seeds.len())];
        let input = mutate(base, other, &mut rng);
        if std::panic::catch_unwind(|| event_bytes(&input)).is_err() {
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("../fuzz-stable");
            std::fs::create_dir_all(&dir).expect("mkdir");
            let saved = dir.join(format!("crash-seed{seed}-run{run}.toml"));
            std::fs::write(&saved, &input).expect("save");
            panic!("run {run} panicked; the input is in {}", saved.display());
        }
    }
    println!(
        "fuzz_on_stable: {runs} executions from {} seeds (seed {seed}) in {:.1} s, no crash",
        seeds.len(),
        started.elapsed().as_secs_f64()
    );
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
