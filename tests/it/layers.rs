//! The crate's layers, checked: data flows one way (files -> facts -> rules -> pages), so a
//! module may use the modules on its own layer's level or below, never one above. Every
//! `crate::` path in `src/` outside comments counts, unit tests included: a test that needs a
//! higher layer belongs to that layer.
//!
//! Running this test prints the module graph (`cargo test --test it layers:: -- --nocapture`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Each top-level module and its layer, lowest first. A module may use modules of a lower layer;
/// modules on one layer may not use each other.
const LAYERS: &[(&str, u32)] = &[
    // The foundation every part may use: diagnostics, then TOML with spans, paths, the keys
    // of input files, atomic writes, limits, the clock, and reading a file as text.
    ("diag", 0),
    ("atomic", 0),
    ("toml_reader", 1),
    ("paths", 1),
    ("input_key", 1),
    ("limits", 2),
    ("wall_clock", 2),
    ("text_file", 3),
    // The files built into the binary: defaults a site may override, and what `init` writes.
    ("builtin", 3),
    // The recorded facts of an event.
    ("event", 10),
    // Pure computation on the facts.
    ("rules", 20),
    // Files to facts: reading, validation, computing; and the site configuration.
    ("load", 30),
    ("config", 30),
    // What stands on loaded events: the commands that write event files, and the pages.
    ("edit", 40),
    ("site", 40),
    // The commands that put those together.
    ("scaffold", 50),
    ("terminal", 50),
    ("serve", 50),
    // The two binaries: `holonet` (main.rs) and the bench tools (src/bin/holonet-bench/).
    ("main", 80),
    ("bench", 80),
];

fn layer_of(module: &str) -> u32 {
    LAYERS
        .iter()
        .find(|(name, _)| *name == module)
        .map(|(_, layer)| *layer)
        .unwrap_or_else(|| {
            panic!("module `{module}` has no layer in tests/it/layers.rs: give it one")
        })
}

/// The top-level module a source file belongs to (`src/load/read.rs` -> `load`); every file of
/// the bench binary (`src/bin/`) counts as `bench`.
fn module_of(file: &Path) -> String {
    let relative = file.strip_prefix("src").unwrap();
    if relative.starts_with("bin") {
        return "bench".to_string();
    }
    let first = relative.components().next().unwrap().as_os_str();
    let name = first.to_string_lossy();
    name.strip_suffix(".rs").unwrap_or(&name).to_string()
}

/// The top-level modules a line of code names through `crate::` (or `holonet::` in the binaries).
fn used_modules(line: &str, prefix: &str) -> Vec<String> {
    let mut used = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find(prefix) {
        // `somecrate::` must not count as `crate::`.
        let before = rest[..at].chars().next_back();
        rest = &rest[at + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            for item in group.split(',') {
                let name: String = item
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    used.push(name);
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            used.push(name);
        }
    }
    used
}

/// Every (user, used) pair of top-level modules, with the first place it happens.
fn module_graph() -> BTreeMap<(String, String), String> {
    let mut graph = BTreeMap::new();
    for entry in walkdir::WalkDir::new("src").sort_by_file_name() {
        let entry = entry.unwrap();
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "rs") || path == Path::new("src/lib.rs") {
            continue;
        }
        let user = module_of(path);
        // The binaries reach the library by its name; their own `crate::` is not the library.
        let prefix = if user == "main" || user == "bench" {
            "holonet::"
        } else {
            "crate::"
        };
        let text = std::fs::read_to_string(path).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            // A trailing comment is not code either.
            let code = code.split(" //").next().unwrap_or(code);
            for used in used_modules(code, prefix) {
                if used != user {
                    graph
                        .entry((user.clone(), used))
                        .or_insert_with(|| format!("{}:{}", path.display(), number + 1));
                }
            }
        }
    }
    graph
}

#[test]
fn no_module_uses_a_module_above_it_or_beside_it() {
    let graph = module_graph();
    let mut uses: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (user, used) in graph.keys() {
        uses.entry(user).or_default().insert(used);
    }
    println!("module graph (layer: module -> what it uses):");
    for (module, layer) in LAYERS {
        let list: Vec<&str> = uses
            .get(module)
            .map(|s| s.iter().copied().collect())
            .unwrap_or_default();
        println!("  {layer}: {module} -> {}", list.join(", "));
    }
    let wrong: Vec<String> = graph
        .iter()
        .filter(|((user, used), _)| layer_of(used) >= layer_of(user))
        .map(|((user, used), place)| {
            format!(
                "{place}: `{user}` (layer {}) uses `{used}` (layer {})",
                layer_of(user),
                layer_of(used)
            )
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "imports that point up or sideways:\n{}",
        wrong.join("\n")
    );
}

/// Within `site/`: the page vocabulary (`model.rs`) uses no page part, and no page part
/// (`*_view.rs`) uses the event page's assembly (`event_page.rs`), which stands on them all.
#[test]
fn the_page_vocabulary_stands_below_the_views_and_the_views_below_the_event_page() {
    let mut wrong = Vec::new();
    for entry in std::fs::read_dir("src/site").unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let code = text.lines().filter(|l| !l.trim_start().starts_with("//"));
        let used: BTreeSet<String> = code
            .flat_map(|line| {
                let mut used = used_modules(line, "super::");
                used.extend(used_modules(line, "crate::site::"));
                used
            })
            .collect();
        let forbidden = |module: &str| match name.as_str() {
            "model" => module.ends_with("_view") || module == "event_page" || module == "render",
            view if view.ends_with("_view") => module == "event_page",
            _ => false,
        };
        wrong.extend(
            used.iter()
                .filter(|m| forbidden(m))
                .map(|m| format!("src/site/{name}.rs uses {m}")),
        );
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_scanner_reads_paths_and_groups() {
    assert_eq!(
        used_modules("use crate::rules::swiss::Reason;", "crate::"),
        ["rules"]
    );
    assert_eq!(
        used_modules("use crate::{diag::Code, event::Event};", "crate::"),
        ["diag", "event"]
    );
    assert_eq!(
        used_modules(
            "let x = crate::load::parse(a, crate::event::ids::f(b));",
            "crate::"
        ),
        ["load", "event"]
    );
    assert!(used_modules("use somecrate::event::Event;", "crate::").is_empty());
}
