//! The example site checked with the tools browsers and validators use, at the site root and
//! under a GitHub Pages sub-path: the W3C Nu HTML Checker over every page, lychee for internal
//! links and #fragments (offline), and axe-core in headless Chromium over every page
//! (`tests/web/check.js`, which also checks that each page fits a phone's width and takes
//! screenshots into `target/web-check/screens/`).
//!
//! `scripts/install-web-tools` installs the tools. Without them each test says it is skipped
//! and passes, unless `HOLONET_WEB_CHECKS=require` (as `.ci/run` sets it): then it fails.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

use crate::common::{build, copy_site};
use serde_json::Value;

/// Where the tools are.
struct Tools {
    java: PathBuf,
    node: PathBuf,
    vnu: PathBuf,
    lychee: PathBuf,
    /// The folder with `node_modules/` (playwright-core, axe-core).
    node_tools: PathBuf,
}

const CHROMIUM: &str = "/usr/bin/chromium";

/// Cargo's target folder (`CARGO_TARGET_TMPDIR` is its `tmp/`), where
/// `scripts/install-web-tools` installs the tools and the screenshots are written.
fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target folder")
        .to_path_buf()
}

/// The program `name` on PATH.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|file| file.is_file())
}

impl Tools {
    /// The tools, or the names of those that are missing.
    fn find() -> Result<Tools, Vec<String>> {
        let web_tools = target_dir().join("web-tools");
        let modules = web_tools.join("node_modules");
        let mut missing = Vec::new();
        let mut need = |found: Option<PathBuf>, name: &str| {
            if found.is_none() {
                missing.push(name.to_string());
            }
            found.unwrap_or_default()
        };
        let existing = |path: PathBuf| path.is_file().then_some(path);
        let java = need(on_path("java"), "java");
        let node = need(on_path("node"), "node");
        need(existing(PathBuf::from(CHROMIUM)), CHROMIUM);
        let vnu = need(
            existing(modules.join("vnu-jar/build/dist/vnu.jar")),
            "vnu-jar",
        );
        need(
            existing(modules.join("playwright-core/package.json")),
            "playwright-core",
        );
        need(existing(modules.join("axe-core/axe.min.js")), "axe-core");
        let lychee = need(
            existing(web_tools.join("python/bin/lychee")).or_else(|| on_path("lychee")),
            "lychee",
        );
        if missing.is_empty() {
            Ok(Tools {
                java,
                node,
                vnu,
                lychee,
                node_tools: web_tools,
            })
        } else {
            Err(missing)
        }
    }
}

/// The tools; `None` (the test is skipped) when some are missing, unless they are required.
fn tools_or_skip(base: &str) -> Option<Tools> {
    match Tools::find() {
        Ok(tools) => Some(tools),
        Err(missing) => {
            let missing = missing.join(", ");
            if std::env::var("HOLONET_WEB_CHECKS").is_ok_and(|v| v == "require") {
                panic!(
                    "HOLONET_WEB_CHECKS=require, but the web check tools are missing ({missing}): \
                     run scripts/install-web-tools"
                );
            }
            // Written past the test harness's capture, so the skip is seen in every run.
            let _ = writeln!(
                std::io::stderr(),
                "web checks of the site at {base}: skipped: run scripts/install-web-tools (missing: {missing})"
            );
            None
        }
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn run(command: &mut Command) -> Output {
    command
        .output()
        .unwrap_or_else(|e| panic!("cannot run {command:?}: {e}"))
}

/// Every .html file under `dir`.
fn html_pages(dir: &Path) -> usize {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.expect("walk"))
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "html"))
        .count()
}

/// The W3C Nu HTML Checker over every page in `out`: no errors, and every page read.
fn vnu(tools: &Tools, out: &Path, pages: usize) -> Result<String, String> {
    let output = run(Command::new(&tools.java)
        .arg("-jar")
        .arg(&tools.vnu)
        .args([
            "--errors-only",
            "--skip-non-html",
            "--verbose",
            "--format",
            "json",
        ])
        .arg(out));
    // With --verbose it names each file it checks on stdout; the messages are JSON on stderr.
    let checked = text(&output.stdout)
        .lines()
        .filter(|l| l.ends_with(".html"))
        .count();
    let stderr = text(&output.stderr);
    let report = stderr
        .lines()
        .rev()
        .find(|l| l.starts_with('{'))
        .and_then(|l| serde_json::from_str::<Value>(l).ok())
        .ok_or_else(|| format!("the Nu HTML Checker gave no report:\n{stderr}"))?;
    let messages = report["messages"].as_array().cloned().unwrap_or_default();
    if !messages.is_empty() || !output.status.success() {
        // Each distinct message once, with where it is (a template error is on every page).
        let mut seen: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for m in &messages {
            let what = format!(
                "{}: {}",
                m["type"].as_str().unwrap_or("?"),
                m["message"].as_str().unwrap_or("?")
            );
            seen.entry(what).or_default().push(format!(
                "{}:{}:{}: {}",
                m["url"].as_str().unwrap_or("?"),
                m["lastLine"],
                m["firstColumn"].as_u64().unwrap_or(0),
                m["extract"].as_str().unwrap_or("").replace('\n', " "),
            ));
        }
        let mut lines = vec![format!(
            "the Nu HTML Checker found {} error(s):",
            messages.len()
        )];
        for (what, places) in &seen {
            lines.push(format!("  {what} ({} time(s)), such as", places.len()));
            lines.extend(places.iter().take(3).map(|p| format!("    {p}")));
        }
        if messages.is_empty() {
            lines.push(stderr);
        }
        return Err(lines.join("\n"));
    }
    if checked != pages {
        return Err(format!(
            "the Nu HTML Checker read {checked} pages of {pages}"
        ));
    }
    Ok(format!("Nu HTML Checker: {checked} pages, no errors"))
}

/// lychee, offline, over every page in `out`: every internal link and #fragment resolves.
/// `root` is the folder that stands for the server's root (`out` is `root` + the base path).
fn lychee(tools: &Tools, root: &Path, out: &Path, pages: usize) -> Result<String, String> {
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("lychee.toml");
    let output = run(Command::new(&tools.lychee)
        .args(["--offline", "--no-progress", "--include-fragments"])
        .args(["--format", "json", "--config"])
        .arg(&config)
        .arg("--root-dir")
        .arg(root)
        .arg(out));
    let stdout = text(&output.stdout);
    let report: Value = serde_json::from_str(&stdout).map_err(|e| {
        format!(
            "lychee gave no report ({e}):\n{stdout}\n{}",
            text(&output.stderr)
        )
    })?;
    let count = |key: &str| report[key].as_u64().unwrap_or(0);
    let (total, errors) = (count("total"), count("errors"));
    if errors > 0 || !output.status.success() {
        let mut lines = vec![format!("lychee found {errors} broken link(s):")];
        if let Some(map) = report["error_map"].as_object() {
            // The first pages with broken links (one in a template breaks on every page).
            for (page, links) in map.iter().take(10) {
                lines.push(format!("  {page}"));
                for link in links.as_array().into_iter().flatten().take(10) {
                    lines.push(format!(
                        "    {} (line {}): {}",
                        link["url"].as_str().unwrap_or("?"),
                        link["span"]["line"],
                        link["status"]["text"].as_str().unwrap_or("?"),
                    ));
                }
            }
            if map.len() > 10 {
                lines.push(format!("  and {} more page(s)", map.len() - 10));
            }
        }
        lines.push(text(&output.stderr));
        return Err(lines.join("\n"));
    }
    // Every page links to the home page, the navigation and its stylesheet at least.
    if total < 3 * pages as u64 {
        return Err(format!(
            "lychee followed only {total} links in {pages} pages"
        ));
    }
    Ok(format!(
        "lychee: {total} links ({} excluded: external, offline), no errors",
        count("excludes")
    ))
}

/// axe-core in headless Chromium over every page, and screenshots into `screens`.
fn axe(
    tools: &Tools,
    root: &Path,
    base: &str,
    pages: usize,
    screens: Option<&Path>,
) -> Result<String, String> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/web/check.js");
    let mut command = Command::new(&tools.node);
    command
        .arg(script)
        .arg("--tools")
        .arg(&tools.node_tools)
        .arg("--root")
        .arg(root)
        .args(["--base", base, "--chromium", CHROMIUM]);
    if let Some(screens) = screens {
        command.arg("--screens").arg(screens);
    }
    let output = run(&mut command);
    let stdout = text(&output.stdout);
    if !output.status.success() {
        return Err(format!("{stdout}{}", text(&output.stderr)));
    }
    let checked: usize = stdout
        .lines()
        .find_map(|l| l.strip_prefix("pages-checked: "))
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| format!("check.js did not say how many pages it checked:\n{stdout}"))?;
    if checked != pages {
        return Err(format!("axe checked {checked} pages of {pages}"));
    }
    let summary = stdout
        .lines()
        .find(|l| l.starts_with("axe: "))
        .unwrap_or("axe: no violations");
    Ok(summary.to_string())
}

/// Runs one check, adding how long it took to its summary.
fn timed(check: impl FnOnce() -> Result<String, String>) -> Result<String, String> {
    let started = Instant::now();
    check().map(|summary| format!("{summary} ({:.1} s)", started.elapsed().as_secs_f64()))
}

/// Builds the example site for `base_url` (whose path is `base`) and runs the three checks.
fn check_example_site(base_url: Option<&str>, base: &str, screens: Option<&Path>) {
    let Some(tools) = tools_or_skip(base) else {
        return;
    };
    let site = copy_site(Path::new("."));
    // The folder a web server would serve; the site is in its sub-folder `base`.
    let www = tempfile::tempdir().expect("tempdir");
    let out = www.path().join(base.trim_matches('/'));
    build(site.path(), &out, base_url);
    let pages = html_pages(&out);
    assert!(pages > 100, "only {pages} pages in the example site");

    let results = [
        ("vnu", timed(|| vnu(&tools, &out, pages))),
        ("lychee", timed(|| lychee(&tools, www.path(), &out, pages))),
        (
            "axe",
            timed(|| axe(&tools, www.path(), base, pages, screens)),
        ),
    ];
    let mut failures = Vec::new();
    for (name, result) in results {
        match result {
            Ok(summary) => println!("{summary}"),
            Err(report) => failures.push(format!("{name} ({base}):\n{report}")),
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
}

#[test]
fn every_page_passes_the_validator_links_and_axe_at_the_site_root() {
    let screens = target_dir().join("web-check/screens");
    let _ = std::fs::remove_dir_all(&screens);
    check_example_site(None, "/", Some(&screens));
}

#[test]
fn every_page_passes_the_validator_links_and_axe_under_a_sub_path() {
    check_example_site(
        Some("https://example.github.io/archive/"),
        "/archive/",
        None,
    );
}
