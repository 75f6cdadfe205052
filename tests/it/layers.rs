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
    // The foundation every part may use: diagnostics (with how a path is printed), then TOML
    // with spans, paths, the keys of input files, atomic writes, limits, the clock, and reading
    // a file as text.
    ("diag", 0),
    ("atomic", 1),
    ("toml_reader", 1),
    ("paths", 1),
    ("input_key", 1),
    ("encoded", 1),
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
    // The two binaries: `holonet` (main.rs and its verbs in src/cli/) and the bench tools
    // (src/bin/holonet-bench/).
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
/// the bench binary (`src/bin/`) counts as `bench`, and the `holonet` binary's verbs
/// (`src/cli/`) as `main`.
fn module_of(file: &Path) -> String {
    let relative = file.strip_prefix("src").unwrap();
    if relative.starts_with("bin") {
        return "bench".to_string();
    }
    if relative.starts_with("cli") {
        return "main".to_string();
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
    // The folders of `site/` (a module split into files) are read too, each file by its name.
    for entry in walkdir::WalkDir::new("src/site").sort_by_file_name() {
        let entry = entry.unwrap();
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
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
                .map(|m| format!("{} uses {m}", path.display())),
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

/// The floors of `site/`, lowest first: a file may use files of its own floor or below, never
/// one above, and no files may use each other in a circle. Addresses and the HTML helpers stand
/// at the bottom, so that a page links to another by its address without knowing the module that
/// renders it; the page parts stand on them, the event page on the parts, the archive on the
/// event pages, and the build on everything.
const SITE_FLOORS: &[(&str, u32)] = &[
    // The vocabulary of every page: every address and reserved file name, escaping, whitespace.
    ("addresses", 0),
    ("batches", 0),
    ("escape", 0),
    ("numbers", 0),
    ("whitespace", 0),
    // What pages are made of before any event: Markdown, charts, the content pages and the
    // site-wide page model.
    ("markdown", 1),
    ("chart", 1),
    ("content", 1),
    ("model", 1),
    // Facts of one event that archive-wide pages read, as plain data: the names its players go
    // by, its current step, its summary, its statistics counts, its rated games, its decklists'
    // names, its standings, which of its lists hold which cards, who met whom and each player's
    // part.
    ("names", 2),
    ("current_step", 2),
    ("summary", 2),
    ("counts", 2),
    ("event_games", 2),
    ("deck_names", 2),
    ("standings", 2),
    ("card_lists", 2),
    ("meetings", 2),
    ("player_events", 2),
    // The page parts and the pages made of an event or of the archive's parts.
    ("audit_view", 3),
    ("calendar", 3),
    ("cards", 3),
    ("casual_view", 3),
    ("ccg_view", 3),
    ("ccg_top_cut_view", 3),
    ("deck_view", 3),
    ("event_index", 3),
    ("json", 3),
    ("live_view", 3),
    ("pairings_view", 3),
    ("players", 3),
    ("player_index", 3),
    ("preview", 3),
    ("ratings", 3),
    ("ratings_pages", 3),
    ("recorded_view", 3),
    ("rivalries", 3),
    ("room_view", 3),
    ("schema_org", 3),
    ("slips_view", 3),
    ("stage_view", 3),
    ("stats", 3),
    // The event page, which gathers the parts, the pages of its rounds and games, which borrow
    // its rule links, and the feed made of event pages' summaries.
    ("event_page", 4),
    ("step_pages", 4),
    ("feed", 4),
    // The archive: each event's contribution to the archive-wide pages, and the search index
    // assembled from them.
    ("contribution", 5),
    ("search", 5),
    // The build: templates, rendering, reuse of the last build's pages and drawn images, the
    // output folder, `serve`'s session, and the folder's entry points (`mod.rs`).
    ("templates", 6),
    ("render", 6),
    ("reuse", 6),
    ("preview_cache", 6),
    ("groups", 6),
    ("hosting", 6),
    ("kept", 6),
    ("output", 6),
    ("disk_tree", 6),
    ("session", 6),
    ("mod", 6),
];

fn site_floor_of(module: &str) -> u32 {
    SITE_FLOORS
        .iter()
        .find(|(name, _)| *name == module)
        .map(|(_, floor)| *floor)
        .unwrap_or_else(|| {
            panic!("src/site/{module}.rs has no floor in tests/it/layers.rs: give it one")
        })
}

/// The lines of a source file outside its `#[cfg(test)]` modules and comments: a unit test may
/// use what it needs to check its module, the module itself may not.
fn code_outside_tests(text: &str) -> Vec<(usize, &str)> {
    let mut code = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((number, line)) = lines.next() {
        if line.trim() == "#[cfg(test)]"
            && let Some((_, next)) = lines.peek()
            && next.trim_start().starts_with("mod ")
            && next.trim_end().ends_with('{')
        {
            let indent = &next[..next.len() - next.trim_start().len()];
            let end = format!("{indent}}}");
            for (_, inner) in lines.by_ref() {
                if inner == end {
                    break;
                }
            }
            continue;
        }
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") {
            continue;
        }
        code.push((number, trimmed.split(" //").next().unwrap_or(trimmed)));
    }
    code
}

/// Every (user, used) pair of `site/` files, with the first place it happens. A child names a
/// sibling through `super::` or `crate::site::`, and an item of `mod.rs` (the folder's entry
/// points) the same way; `mod.rs` names its children directly (`render::render_site`).
fn site_graph() -> BTreeMap<(String, String), String> {
    let modules: BTreeSet<String> = std::fs::read_dir("src/site")
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().to_string())
        .collect();
    let mut graph = BTreeMap::new();
    for user in &modules {
        let path = format!("src/site/{user}.rs");
        let text = std::fs::read_to_string(&path).unwrap();
        for (number, line) in code_outside_tests(&text) {
            let used: Vec<String> = if user == "mod" {
                modules
                    .iter()
                    .filter(|m| names_module(line, m))
                    .cloned()
                    .collect()
            } else {
                let mut named = used_modules(line, "super::");
                named.extend(used_modules(line, "crate::site::"));
                named
                    .into_iter()
                    .filter(|name| name != "self" && name != "super")
                    .map(|name| {
                        if modules.contains(&name) {
                            name
                        } else {
                            "mod".to_string()
                        }
                    })
                    .collect()
            };
            for used in used {
                if used != *user {
                    graph
                        .entry((user.clone(), used))
                        .or_insert_with(|| format!("{path}:{}", number + 1));
                }
            }
        }
    }
    graph
}

/// Whether a line of `mod.rs` names its child `module` as a path (`reuse::FILE`), and not as
/// the tail of another path (`crate::load::reuse::`).
fn names_module(line: &str, module: &str) -> bool {
    let pattern = format!("{module}::");
    line.match_indices(&pattern).any(|(at, _)| {
        line[..at]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':'))
    })
}

#[test]
fn site_files_use_files_of_their_floor_or_below() {
    let graph = site_graph();
    println!("site/ floor by floor (floor: file -> what it uses):");
    let mut floors: Vec<&(&str, u32)> = SITE_FLOORS.iter().collect();
    floors.sort_by_key(|(name, floor)| (*floor, *name));
    for (module, floor) in floors {
        let used: Vec<&str> = graph
            .keys()
            .filter(|(user, _)| user == module)
            .map(|(_, used)| used.as_str())
            .collect();
        println!("  {floor}: {module} -> {}", used.join(", "));
    }
    let wrong: Vec<String> = graph
        .iter()
        .filter(|((user, used), _)| site_floor_of(used) > site_floor_of(user))
        .map(|((user, used), place)| {
            format!(
                "{place}: `{user}` (floor {}) uses `{used}` (floor {})",
                site_floor_of(user),
                site_floor_of(used)
            )
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "site/ imports that point up:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_site_scanner_skips_test_modules_and_reads_the_entry_points() {
    let text = "use super::model::SiteView;\n// super::render\n#[cfg(test)]\nmod tests {\n    use super::render::x;\n}\nfn f() { super::load(); }\n";
    let code: Vec<&str> = code_outside_tests(text)
        .into_iter()
        .map(|(_, l)| l)
        .collect();
    assert_eq!(
        code,
        ["use super::model::SiteView;", "fn f() { super::load(); }"]
    );
    assert!(names_module("let r = reuse::text(&x);", "reuse"));
    assert!(!names_module("use crate::load::reuse::x;", "reuse"));
    assert!(!names_module("let r = prereuse::x;", "reuse"));
}

/// The files of `folder` (`src/load`) and the files of the same folder each one uses, by the
/// paths its code names: `crate::load::read::RawEvent`, `super::decklists`, `self::x`, or a
/// child module of a `mod.rs` (`use info::validate_info`). Each path counts as the deepest file
/// it names. The folder's own `mod.rs` stands outside the graph, as does each subfolder's for
/// the files below it: it declares the files and holds the vocabulary they all share. Unit tests (from `#[cfg(test)]`) test from above and do not
/// count; comments do not either.
fn file_graph(folder: &str) -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(folder).join("mod.rs");
    let file_of = |segments: &[String]| -> Option<String> {
        (1..=segments.len()).rev().find_map(|n| {
            let base = Path::new("src").join(segments[..n].join("/"));
            [base.with_extension("rs"), base.join("mod.rs")]
                .into_iter()
                .find(|p| p.is_file())
                .map(|p| p.display().to_string())
        })
    };
    let mut graph = BTreeMap::new();
    for entry in walkdir::WalkDir::new(folder).sort_by_file_name() {
        let path = entry.unwrap().into_path();
        if path.extension().is_none_or(|e| e != "rs") || path == root {
            continue;
        }
        // The module path: `src/load/validate/info.rs` -> load, validate, info.
        let mut module: Vec<String> = path
            .strip_prefix("src")
            .unwrap()
            .with_extension("")
            .iter()
            .map(|s| s.to_string_lossy().to_string())
            .collect();
        if module.last().is_some_and(|m| m == "mod") {
            module.pop();
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let code = product_code(&text);
        let mut uses = BTreeSet::new();
        for (start, mut segments) in paths_in(&code) {
            let absolute = match start.as_str() {
                "crate" => segments,
                "self" => [module.clone(), segments].concat(),
                "super" => {
                    let mut base = module[..module.len() - 1].to_vec();
                    while segments.first().is_some_and(|s| s == "super") {
                        segments.remove(0);
                        base.pop();
                    }
                    [base, segments].concat()
                }
                // A child module named without a prefix (from a `mod.rs`, or a file's own
                // inline modules, which resolve to no file).
                child => [module.clone(), vec![child.to_string()], segments].concat(),
            };
            if let Some(file) = file_of(&absolute) {
                let used = Path::new(&file);
                // A `mod.rs` declares its folder's files and holds what they share: a file
                // using the `mod.rs` of a folder it lies in uses its own vocabulary.
                let vocabulary =
                    used.ends_with("mod.rs") && used.parent().is_some_and(|d| path.starts_with(d));
                if used.starts_with(folder) && !vocabulary && used != path {
                    uses.insert(file);
                }
            }
        }
        graph.insert(path.display().to_string(), uses);
    }
    graph
}

/// `text` without comments and without what follows each `#[cfg(test)]` (one item: a
/// declaration up to `;`, or a block up to its closing brace).
pub(crate) fn product_code(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            let mut depth = 0i32;
            for item in lines.by_ref() {
                depth += item.matches('{').count() as i32 - item.matches('}').count() as i32;
                if depth <= 0 && (item.contains('}') || item.trim_end().ends_with(';')) {
                    break;
                }
            }
            continue;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        code.push_str(line.split(" //").next().unwrap_or(line));
        code.push('\n');
    }
    code
}

/// Every module path in `code` that starts with `crate`, `super`, `self` or a plain name
/// followed by `::`, as its first word and the words after it; a group (`super::{a, b::C}`)
/// gives one path per item.
fn paths_in(code: &str) -> Vec<(String, Vec<String>)> {
    let word = |s: &str| -> usize {
        s.find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(s.len())
    };
    let mut paths = Vec::new();
    let mut at = 0;
    while let Some(found) = code[at..].find("::") {
        let colons = at + found;
        at = colons + 2;
        let before = &code[..colons];
        let start = before.len()
            - before
                .chars()
                .rev()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .map(char::len_utf8)
                .sum::<usize>();
        // Only the first `::` of a path starts one (not `a::b` inside `x::a::b`, nor `<T>::`).
        if start == colons || code[..start].ends_with("::") {
            continue;
        }
        let first = code[start..colons].to_string();
        let mut prefix = Vec::new();
        let mut rest = &code[at..];
        loop {
            if let Some(group) = rest.strip_prefix('{') {
                let mut depth = 1;
                let end = group
                    .char_indices()
                    .find(|&(_, c)| {
                        depth += i32::from(c == '{') - i32::from(c == '}');
                        depth == 0
                    })
                    .map_or(group.len(), |(i, _)| i);
                // The group's own paths are read here, not again as paths of their own.
                at = code.len() - group.len() + end;
                for item in group[..end].split(',') {
                    let item = item.trim();
                    let words: Vec<String> = item
                        .split("::")
                        .map(|w| w[..word(w)].to_string())
                        .take_while(|w| !w.is_empty() && w != "self")
                        .collect();
                    paths.push((first.clone(), [prefix.clone(), words].concat()));
                }
                break;
            }
            let n = word(rest);
            if n == 0 {
                paths.push((first.clone(), prefix.clone()));
                break;
            }
            prefix.push(rest[..n].to_string());
            rest = &rest[n..];
            match rest.strip_prefix("::") {
                Some(more) => rest = more,
                None => {
                    paths.push((first.clone(), prefix.clone()));
                    break;
                }
            }
        }
    }
    paths
}

/// The circles of a graph: each set of two or more nodes that reach each other (its strongly
/// connected components, found by following uses from each node and back).
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    let reach = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(node) = stack.pop() {
            for next in graph.get(&node).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|node| (node, reach(node))).collect();
    let mut found: Vec<BTreeSet<String>> = Vec::new();
    for (node, from_node) in &reached {
        let circle: BTreeSet<String> = from_node
            .iter()
            .filter(|other| reached.get(other).is_some_and(|r| r.contains(*node)))
            .cloned()
            .collect();
        if circle.len() > 1 && !found.contains(&circle) {
            found.push(circle);
        }
    }
    found
}

/// Asserts that no two files of `folder` use each other, directly or through others of it.
fn assert_no_circle_within(folder: &str) {
    let graph = file_graph(folder);
    let found: Vec<String> = circles(&graph)
        .iter()
        .map(|circle| {
            let ties: Vec<String> = circle
                .iter()
                .flat_map(|file| {
                    graph[file]
                        .iter()
                        .filter(|used| circle.contains(*used))
                        .map(move |used| format!("    {file} uses {used}"))
                })
                .collect();
            format!("  a circle of {} files:\n{}", circle.len(), ties.join("\n"))
        })
        .collect();
    assert!(
        found.is_empty(),
        "files of {folder} use each other in a circle; move what they share into a file below \
         them:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_files_of_every_folder_import_in_no_circle() {
    for folder in [
        "src/load",
        "src/rules",
        "src/site",
        "src/edit",
        "src/serve",
        "src/event",
    ] {
        assert_no_circle_within(folder);
    }
}

#[test]
fn the_circle_finder_reads_paths_and_finds_circles() {
    let paths = paths_in("use super::{casual, read::RawEvent};\nlet x = crate::load::read::f();\n");
    assert_eq!(
        paths,
        [
            ("super".to_string(), vec!["casual".to_string()]),
            ("super".to_string(), vec!["read".into(), "RawEvent".into()]),
            (
                "crate".to_string(),
                vec!["load".into(), "read".into(), "f".into()]
            ),
        ]
    );
    assert_eq!(
        product_code("use a::b;\n#[cfg(test)]\nmod tests {\n    use c::d;\n}\n"),
        "use a::b;\n"
    );
    let graph: BTreeMap<String, BTreeSet<String>> =
        [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")]
            .into_iter()
            .map(|(from, to)| (from.to_string(), BTreeSet::from([to.to_string()])))
            .collect();
    assert_eq!(
        circles(&graph),
        [BTreeSet::from(["a".to_string(), "b".into(), "c".into()])]
    );
}
