//! Helpers shared by the integration tests that build whole sites; `serve` starts
//! `holonet serve` and fetches its pages.

pub mod event_json;
pub mod links;
pub mod serve;

use std::fs;
use std::path::Path;

use holonet::site;

/// Runs `holonet ARGS` in `dir`, as a user types it in that folder (relative paths, no
/// `--root`).
pub fn holonet(args: &[&str], dir: &Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_holonet"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("holonet runs")
}

/// Runs `holonet-bench ARGS` in `dir`: the benchmark tools (a synthetic archive), which the
/// `holonet` command does not carry.
pub fn holonet_bench(args: &[&str], dir: &Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_holonet-bench"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("holonet-bench runs")
}

/// The text a reader sees: tags dropped, white space collapsed.
pub fn visible_text(html: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Copies a fixture site (or the repository's example site) into a fresh temporary folder.
pub fn copy_site(from: &Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.expect("walk");
        let rel = entry.path().strip_prefix(from).expect("prefix");
        let top = rel
            .components()
            .next()
            .map(|c| c.as_os_str().to_string_lossy().into_owned());
        if matches!(
            top.as_deref(),
            Some("target" | "public" | ".holonet" | ".git" | "src" | "tests" | "fuzz")
        ) {
            continue;
        }
        let target = dir.path().join(rel);
        if entry.file_type().is_dir() {
            fs::create_dir_all(&target).expect("mkdir");
        } else {
            fs::copy(entry.path(), &target).expect("copy");
        }
    }
    dir
}

/// Builds the site at `root` into `out`; panics with the rendered diagnostics on failure.
pub fn build(root: &Path, out: &Path, base_url: Option<&str>) -> site::BuildStats {
    match site::build(root, out, base_url) {
        Ok((stats, _)) => stats,
        Err(report) => panic!("build failed:\n{}", report.render()),
    }
}

/// A copy of the repository's example site.
pub fn example_site() -> tempfile::TempDir {
    copy_site(Path::new(env!("CARGO_MANIFEST_DIR")))
}

/// Keeps only the elimination games numbered up to `last` in the event file `file` (written
/// one game per line, as `holonet pair` writes them); returns the new text, also written.
pub fn keep_bracket_games(file: &Path, last: u32) -> String {
    let kept: String = fs::read_to_string(file)
        .expect("event")
        .lines()
        .filter(|line| {
            let game = line
                .trim_start()
                .strip_prefix("{ game = ")
                .and_then(|rest| rest.split(',').next())
                .and_then(|n| n.parse::<u32>().ok());
            game.is_none_or(|g| g <= last)
        })
        .map(|line| format!("{line}\n"))
        .collect();
    fs::write(file, &kept).expect("write");
    kept
}

/// Replaces the first `from` in the site file `file` (relative to `root`) with `to`; the file
/// must hold `from`. Returns the file's relative path.
pub fn edit(root: &Path, file: &str, from: &str, to: &str) -> std::path::PathBuf {
    let path = root.join(file);
    let text = fs::read_to_string(&path).expect("read");
    assert!(text.contains(from), "{file} holds {from:?}");
    fs::write(&path, text.replacen(from, to, 1)).expect("write");
    std::path::PathBuf::from(file)
}

/// The event files of the site at `root`, in name order.
pub fn event_files(root: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<std::path::PathBuf> = walkdir::WalkDir::new(root.join("events"))
        .into_iter()
        .map(|e| e.expect("walk").into_path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// Every file under `dir` but Holonet's own records (dot-files), with its bytes.
pub fn published_tree(dir: &Path) -> std::collections::BTreeMap<std::path::PathBuf, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.expect("walk"))
        .filter(|e| e.file_type().is_file() && !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| {
            let rel = e.path().strip_prefix(dir).expect("prefix").to_path_buf();
            (rel, fs::read(e.path()).expect("read"))
        })
        .collect()
}

/// Runs `holonet ARGS` in `root`; returns what it printed (standard error, then standard
/// output), after checking it succeeded.
pub fn run_ok(root: &Path, args: &[&str]) -> String {
    let out = holonet(args, root);
    let printed = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(out.status.success(), "holonet {args:?}: {printed}");
    printed
}

/// Builds from the site folder, then checks the output against a build into an empty folder
/// (`fresh`, removed after); returns what the build printed.
pub fn build_equals_fresh(root: &Path, what: &str) -> String {
    let printed = run_ok(root, &["build"]);
    run_ok(root, &["build", "--out", "fresh"]);
    let (built, fresh) = (
        published_tree(&root.join("public")),
        published_tree(&root.join("fresh")),
    );
    fs::remove_dir_all(root.join("fresh")).expect("remove");
    let differing: Vec<&std::path::PathBuf> = built
        .keys()
        .chain(fresh.keys())
        .filter(|path| built.get(*path) != fresh.get(*path))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    assert!(
        differing.is_empty(),
        "after {what}, {} files differ from a fresh build, among them {:?}",
        differing.len(),
        &differing[..differing.len().min(10)]
    );
    printed
}
