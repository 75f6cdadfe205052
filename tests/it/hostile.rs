//! Hostile and broken input: archives take pull requests from anyone, and organizers edit files
//! in a hurry. Absurd files are refused by a limit (H017) before they cost work, names that could leave the site
//! or break a Windows checkout are refused where they enter, and symbolic links are never followed
//! (H018).

use crate::common;

use std::fs;
use std::path::Path;

use holonet::diag::Code;
use holonet::limits::{
    MAX_DECK_ENTRIES, MAX_FILE_BYTES, MAX_NESTING, MAX_PLAYERS, MAX_ROUNDS, MAX_TABLES,
};
use holonet::load::options::LoadOptions;
use holonet::load::parse_event;
use holonet::site;

const SMALL: &str = "tests/fixtures/sites/small";

fn small_site() -> tempfile::TempDir {
    common::copy_site(Path::new(SMALL))
}

/// The codes and located-ness of the errors `check` reports for the site at `root`.
fn check_errors(root: &Path) -> Vec<(Code, String)> {
    let report = site::check(root);
    report
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| (d.code, d.file.display().to_string()))
        .collect()
}

/// Parses `text` as `events/x.toml`; the codes of its errors, which must exist and be located.
fn parse_errors(text: &str) -> Vec<Code> {
    let (event, diagnostics) =
        parse_event(Path::new("events/x.toml"), text, &LoadOptions::default());
    assert!(event.is_none());
    let errors: Vec<_> = diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(!errors.is_empty());
    for d in &errors {
        assert!(d.span.is_some(), "{d:?} is located");
        assert!(d.help.is_some(), "{d:?} says what to do");
    }
    errors.iter().map(|d| d.code).collect()
}

const HEADER: &str = "[event]\nname = \"Big\"\ndate = 2019-03-02\nrules = \"ffg-2018\"\n";

/// Bytes a `holonet check` run from the site folder reads through system calls, from the
/// kernel's count for the process (`rchar` of `/proc/PID/io`, which takes in the counts of the
/// children it has waited for): a bound on the work that no clock can give.
fn bytes_read_by_check(root: &Path) -> u64 {
    let out = std::process::Command::new("sh")
        .args([
            "-c",
            r#""$0" check >/dev/null 2>&1; cat /proc/$$/io"#,
            env!("CARGO_BIN_EXE_holonet"),
        ])
        .current_dir(root)
        .output()
        .expect("run check under sh");
    let io = String::from_utf8_lossy(&out.stdout);
    io.lines()
        .find_map(|line| line.strip_prefix("rchar: "))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("no rchar in /proc/PID/io: {io}"))
}

#[test]
fn a_100_mb_event_file_is_refused_by_its_size_before_it_is_read() {
    let site = small_site();
    // What check reads of the site and of itself (it reads its own program to key its caches).
    let read_before = bytes_read_by_check(site.path());
    let path = site.path().join("events/2019/huge.toml");
    // A sparse file: 100 MB long without writing 100 MB.
    let file = fs::File::create(&path).expect("create");
    file.set_len(100 * 1024 * 1024).expect("set_len");
    let report = site::check(site.path());
    let huge: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| d.file.ends_with("huge.toml"))
        .collect();
    assert_eq!(huge.len(), 1, "{}", report.render());
    assert_eq!(huge[0].code, Code::Limit);
    assert!(
        huge[0]
            .message
            .contains(&format!("more than the {MAX_FILE_BYTES}")),
        "{}",
        huge[0].message
    );
    // Not a byte of it is read: check reads no more than before the file came, give or take
    // the bytes of a directory listing.
    let read_after = bytes_read_by_check(site.path());
    assert!(
        read_after < read_before + 64 * 1024,
        "check read {read_after} bytes with the 100 MB file, {read_before} without it"
    );
}

#[test]
fn a_hundred_thousand_players_are_refused_in_one_message() {
    let mut text = HEADER.to_string();
    for i in 0..100_000 {
        text.push_str(&format!("[[players]]\nname = \"P{i}\"\n"));
    }
    assert!(text.len() < MAX_FILE_BYTES as usize, "under the size limit");
    let (event, diagnostics) =
        parse_event(Path::new("events/x.toml"), &text, &LoadOptions::default());
    assert!(event.is_none());
    assert_eq!(diagnostics.len(), 1, "one message, not 100,000");
    assert_eq!(diagnostics[0].code, Code::Limit);
    assert!(diagnostics[0].message.contains("100000 players"));
    // The caret points at the first player past the limit.
    let (line, _) = diagnostics[0].line_col(&text).expect("located");
    assert_eq!(line, 5 + 2 * MAX_PLAYERS);
}

#[test]
fn too_many_rounds_standings_or_teams_are_refused() {
    let rounds = format!("{HEADER}{}", "[[rounds]]\n".repeat(MAX_ROUNDS + 1));
    assert_eq!(parse_errors(&rounds), [Code::Limit]);
    let standings = format!(
        "{HEADER}{}",
        "[[standings]]\nrank = 1\nplayer = \"a\"\n".repeat(MAX_PLAYERS + 1)
    );
    assert_eq!(parse_errors(&standings), [Code::Limit]);
    let teams = format!("{HEADER}{}", "[[teams]]\n".repeat(MAX_PLAYERS + 1));
    assert_eq!(parse_errors(&teams), [Code::Limit]);
    // Tables add up across rounds: 4,096 players for thirty rounds would make a 100 MB page.
    let round = format!(
        "[[rounds]]\ntables = [\n{}]\n",
        "{ table = 1, players = [\"a\", \"b\"] },\n".repeat(MAX_TABLES / 4)
    );
    let tables = format!("{HEADER}{}", round.repeat(5));
    let (_, diagnostics) =
        parse_event(Path::new("events/x.toml"), &tables, &LoadOptions::default());
    let limit = diagnostics
        .iter()
        .find(|d| d.code == Code::Limit)
        .expect("the tables over the limit are refused");
    let span = limit.span.clone().expect("located");
    let first_over = HEADER.len() + 4 * round.len() + round.find('{').expect("a table");
    assert_eq!(span.start, first_over, "at the first table over the limit");
}

#[test]
fn deep_nesting_is_refused_before_parsing() {
    for (open, close) in [("[", "]"), ("{a=", "}")] {
        for depth in [MAX_NESTING + 1, 100_000] {
            let text = format!(
                "{HEADER}x = {}{}\n",
                open.repeat(depth),
                close.repeat(depth)
            );
            assert_eq!(parse_errors(&text), [Code::Limit], "{open} x {depth}");
        }
    }
    // Dotted keys are levels too: located where the limit is passed, in every TOML file.
    let dotted = format!("{HEADER}[{}]\n", vec!["a"; 300].join("."));
    assert_eq!(parse_errors(&dotted), [Code::Limit]);
    let site = small_site();
    fs::write(
        site.path().join("players.toml"),
        format!("{}\n", vec!["k"; 500].join(".") + " = 1"),
    )
    .expect("write");
    let report = site::check(site.path());
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.file.ends_with("players.toml"))
        .expect("reported");
    assert_eq!(d.code, Code::Limit);
    assert!(d.span.as_ref().is_some_and(|s| s.start > 0), "{d:?}");
    // Brackets never closed are caught the same way.
    assert_eq!(
        parse_errors(&format!("{HEADER}x = {}", "[".repeat(50))),
        [Code::Limit]
    );
}

#[test]
fn windows_device_names_cannot_be_event_addresses_or_ids() {
    for name in ["con", "nul", "aux", "com1", "lpt1", "prn"] {
        let site = small_site();
        let root = site.path();
        fs::copy(
            root.join("events/2019/small-cup.toml"),
            root.join(format!("events/2019/{name}.toml")),
        )
        .expect("copy");
        assert_eq!(
            check_errors(root),
            [(Code::BadSlug, format!("events/2019/{name}.toml"))]
        );
        let explicit = format!("{HEADER}[[players]]\nname = \"X\"\nid = \"{name}\"\n");
        assert!(parse_errors(&explicit).contains(&Code::BadId), "{name}");
        let derived = format!("{HEADER}[[players]]\nname = \"{}\"\n", name.to_uppercase());
        assert!(parse_errors(&derived).contains(&Code::BadId), "{name}");
    }
}

#[test]
fn event_addresses_cannot_climb_or_hide() {
    let site = small_site();
    let root = site.path();
    let event = fs::read_to_string(root.join("events/2019/small-cup.toml")).expect("event");
    for name in [
        "x..toml",
        "x .toml",
        "..toml",
        "a b.toml",
        "Cup.toml",
        "x\\y.toml",
    ] {
        let path = root.join("events/2019").join(name);
        fs::write(&path, &event).expect("write");
        let errors = check_errors(root);
        assert!(
            errors.iter().any(|(code, _)| *code == Code::BadSlug),
            "{name}: {errors:?}"
        );
        fs::remove_file(&path).expect("remove");
    }
}

#[test]
fn a_theme_name_cannot_be_a_path() {
    for theme in [
        "../../etc",
        "/etc",
        "..",
        "a/b",
        "a\\b",
        "con",
        "dark.",
        "dark ",
    ] {
        let errors = holonet::config::Config::parse(&format!("title = 't'\ntheme = '{theme}'\n"))
            .expect_err(theme);
        assert_eq!(errors[0].code, Code::Config, "{theme}");
        assert!(errors[0].span.is_some());
    }
}

#[cfg(unix)]
mod links {
    use super::*;
    use std::os::unix::fs::symlink;

    /// A secret outside the site, which no link may bring in.
    fn secret() -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("tempdir");
        fs::write(dir.path().join("secret.toml"), "SECRET = 'do not print'\n").expect("write");
        fs::write(dir.path().join("secret.md"), "+++\ntitle = 'SECRET'\n+++\n").expect("write");
        fs::create_dir(dir.path().join("templates")).expect("mkdir");
        dir
    }

    fn assert_refused(root: &Path, shown: &str) {
        let report = site::check(root);
        let rendered = report.render();
        assert!(
            report
                .diagnostics
                .iter()
                .any(|d| d.code == Code::UnsafePath && d.file == Path::new(shown)),
            "{shown}: {rendered}"
        );
        assert!(!rendered.contains("do not print"), "{rendered}");
        let out = root.join("public");
        assert!(site::build(root, &out, None).is_err());
        assert!(!out.exists(), "nothing written");
    }

    /// `holonet new` and `import` never write through a linked folder under `events/`.
    #[test]
    fn a_new_event_is_not_written_through_a_linked_folder() {
        let (site, secret) = (small_site(), secret());
        symlink(secret.path(), site.path().join("events/2030")).expect("symlink");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_holonet"))
            .args(["new", "events/2030/spring.toml"])
            .current_dir(site.path())
            .output()
            .expect("run new");
        assert!(!out.status.success());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("events/2030 is a symbolic link"),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            !secret.path().join("spring.toml").exists(),
            "nothing written there"
        );
    }

    #[test]
    fn a_linked_event_file_is_refused() {
        let (site, secret) = (small_site(), secret());
        symlink(
            secret.path().join("secret.toml"),
            site.path().join("events/2019/x.toml"),
        )
        .expect("link");
        assert_refused(site.path(), "events/2019/x.toml");
    }

    #[test]
    fn a_linked_events_folder_is_refused() {
        let (site, secret) = (small_site(), secret());
        symlink(secret.path(), site.path().join("events/2020")).expect("link");
        assert_refused(site.path(), "events/2020");
        fs::remove_file(site.path().join("events/2020")).expect("unlink");
        fs::remove_dir_all(site.path().join("events")).expect("rm");
        symlink(secret.path(), site.path().join("events")).expect("link");
        assert_refused(site.path(), "events");
    }

    #[test]
    fn a_linked_content_page_is_refused() {
        let (site, secret) = (small_site(), secret());
        fs::create_dir(site.path().join("content")).expect("mkdir");
        symlink(
            secret.path().join("secret.md"),
            site.path().join("content/x.md"),
        )
        .expect("link");
        assert_refused(site.path(), "content/x.md");
    }

    #[test]
    fn a_linked_theme_or_template_folder_is_refused() {
        let (site, secret) = (small_site(), secret());
        let root = site.path();
        let config = fs::read_to_string(root.join("holonet.toml")).expect("config");
        fs::write(
            root.join("holonet.toml"),
            format!("{config}theme = \"night\"\n"),
        )
        .expect("w");
        fs::create_dir(root.join("themes")).expect("mkdir");
        symlink(secret.path(), root.join("themes/night")).expect("link");
        assert_refused(root, "themes/night");
        fs::remove_file(root.join("themes/night")).expect("unlink");
        fs::create_dir(root.join("themes/night")).expect("mkdir");
        symlink(
            secret.path().join("templates"),
            root.join("themes/night/templates"),
        )
        .expect("link");
        assert_refused(root, "themes/night/templates");
        fs::write(root.join("holonet.toml"), &config).expect("w");
        symlink(secret.path().join("templates"), root.join("templates")).expect("link");
        assert_refused(root, "templates");
    }
}

/// `new`, `import` and `init` never replace a file, and leave no temporary file behind.
mod writes {
    use super::*;
    use holonet::scaffold;

    fn temporaries(root: &Path) -> Vec<String> {
        walkdir::WalkDir::new(root)
            .into_iter()
            .map(|e| e.expect("walk").file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".holonet-tmp"))
            .collect()
    }

    fn today() -> holonet::event::Date {
        holonet::event::Date::parse_iso("2026-04-01").expect("date")
    }

    #[test]
    fn new_writes_a_whole_file_and_never_replaces_one() {
        let site = small_site();
        let root = site.path();
        let path = Path::new("events/2026/spring-open.toml");
        let written = holonet::edit::new::new_event(root, path, None, None, today()).expect("new");
        let text = fs::read_to_string(&written).expect("read");
        // The template's last line is the penalty log's example note.
        assert!(
            text.ends_with(
                "# note = \"The deck did not match its list: game 1 to the opponent.\"\n"
            ),
            "whole file"
        );
        fs::write(&written, "my edits").expect("edit");
        let err =
            holonet::edit::new::new_event(root, path, None, None, today()).expect_err("exists");
        assert!(err.contains("already exists"), "{err}");
        assert_eq!(fs::read_to_string(&written).expect("read"), "my edits");
        assert!(temporaries(root).is_empty());
    }

    #[test]
    fn new_writes_only_under_events_with_a_safe_address() {
        let site = small_site();
        let root = site.path();
        let before = fs::read_dir(root).expect("dir").count();
        for path in [
            "../x.toml",
            "/tmp/holonet-new-test.toml",
            "events/../x.toml",
            "events/../../x.toml",
            "events/2026/../../../x.toml",
            "events/con.toml",
            "events/2026/lpt1.toml",
            "events/x..toml",
            "events/x .toml",
            "events\\x.toml",
            "events/2026/x.md",
            "content/x.toml",
        ] {
            assert!(
                holonet::edit::new::new_event(root, Path::new(path), None, None, today()).is_err(),
                "{path}"
            );
        }
        assert!(!Path::new("/tmp/holonet-new-test.toml").exists());
        assert!(!root.parent().expect("parent").join("x.toml").exists());
        assert_eq!(fs::read_dir(root).expect("dir").count(), before);
        assert!(!root.join("events/2026").exists());
    }

    #[test]
    fn import_never_replaces_a_file() {
        let site = small_site();
        let root = site.path();
        fs::write(root.join("r.csv"), "rank,player\n1,Tom\n").expect("csv");
        let options = holonet::edit::import::ImportOptions {
            name: "X".into(),
            date: today(),
            rules: "ffg-2018".into(),
            format: None,
            tier: None,
            location: None,
            skip: Vec::new(),
        };
        let path = Path::new("events/2026/x.toml");
        let (csv, text) = (root.join("r.csv"), "rank,player\n1,Tom\n");
        holonet::edit::import::import_csv(root, &csv, text, path, &options).expect("import");
        fs::write(root.join(path), "my edits").expect("edit");
        assert!(holonet::edit::import::import_csv(root, &csv, text, path, &options).is_err());
        assert_eq!(
            fs::read_to_string(root.join(path)).expect("read"),
            "my edits"
        );
        assert!(temporaries(root).is_empty());
    }

    #[test]
    fn init_writes_only_into_an_empty_folder() {
        let dir = tempfile::tempdir().expect("tempdir");
        let count = scaffold::init(dir.path(), true).expect("init");
        assert!(count > 10);
        assert!(temporaries(dir.path()).is_empty());
        let other = tempfile::tempdir().expect("tempdir");
        fs::write(other.path().join("mine.txt"), "keep").expect("write");
        assert!(scaffold::init(other.path(), false).is_err());
        assert_eq!(
            fs::read_to_string(other.path().join("mine.txt")).expect("r"),
            "keep"
        );
        assert_eq!(fs::read_dir(other.path()).expect("dir").count(), 1);
    }
}

/// Every string from an event file or a page that can reach the output is escaped or sanitized:
/// a site full of scripts, event handlers and `javascript:` links is built, and every file it
/// writes is scanned for live code.
mod sanitizing {
    use super::*;

    /// Every payload carries `alert(`, so a scan can tell that each was seen, escaped.
    const PLAYED: &str = r#"[event]
name = "<script>alert('name')</script> Cup"
date = 2019-05-04
rules = "ffg-2018"
structure = "custom"
swiss_rounds = 1
location = "</script><script>alert('location')</script>"
venue = "\"><img src=x onerror=alert('venue')>"
organizer = "<svg onload=alert('organizer')>"
url = "https://example.org/?q=\"><script>alert('url')</script>"
description = """<script>alert('description')</script> [click](javascript:alert('link'))
![i](data:text/html;base64,PHNjcmlwdD4=) <a href="javascript:alert('raw')">raw</a>

# Heading {onclick=alert('heading')}
"""

[[players]]
name = "<img src=x onerror=alert('player')>"
id = "p1"

[players.decks.dark]
affiliation = "Sith"
objectives = ["<script>alert('deck')</script>", "1", "1", "7", "7", "12", "13", "13", "20", "21"]

[[players]]
name = "\"><svg onload=alert('player2')>"
id = "p2"

[[rounds]]
tables = [{ table = 1, players = ["p1", "p2"], games = ["p1", "p2"] }]
"#;

    const LONG_TEXT: &str = "<iframe src=\"javascript:alert('long')\"></iframe>\n\n[x](vbscript:alert('vb')) [y](JaVaScRiPt:alert('mixed'))\n";

    const RECORDED: &str = r#"[event]
name = "Recorded"
date = 2018-01-01
rules = "ffg-2018"

[[players]]
name = "<script>alert('recorded')</script>"
id = "r1"

[[standings]]
rank = 1
player = "r1"
points = 3
note = "<img src=x onerror=alert('note')>"
"#;

    const UPCOMING: &str = "[event]\nname = \"Soon\\r\\nX-INJECTED:1 <script>alert('soon')</script>\"\ndate = 2030-01-01\nrules = \"ffg-2018\"\nlocation = \"Town\\nBEGIN:VEVENT\"\n";

    const PAGE: &str = "+++\ntitle = \"<script>alert('title')</script>\"\ndescription = \"\\\"><svg onload=alert('pagedesc')>\"\n+++\n<script>alert('page')</script>\n\n[a](javascript:alert('pagelink')) ![b](vbscript:alert('img')) <javascript:alert('auto')>\n\n# T {onclick=alert('pageheading') style=x}\n";

    fn hostile_site() -> tempfile::TempDir {
        let site = small_site();
        let root = site.path();
        let config = fs::read_to_string(root.join("holonet.toml")).expect("config");
        let config = config.replacen(
            "title = ",
            "description = \"<script>alert('sitedesc')</script>\"\ntitle = ",
            1,
        );
        fs::write(root.join("holonet.toml"), config).expect("config");
        for (path, text) in [
            ("events/2019/hostile.toml", PLAYED),
            ("events/2019/hostile.md", LONG_TEXT),
            ("events/2018/recorded.toml", RECORDED),
            ("events/2030/soon.toml", UPCOMING),
            ("content/hostile.md", PAGE),
        ] {
            let path = root.join(path);
            fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            fs::write(path, text).expect("write");
        }
        site
    }

    /// The HTML entities Holonet's escaping writes, decoded.
    fn unescape(value: &str) -> String {
        value
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&")
    }

    /// Each tag of an HTML page as (name, attributes). Text never holds a bare `<` (it is
    /// escaped), so every `<` opens a tag.
    fn tags(html: &str) -> Vec<(String, Vec<(String, String)>)> {
        let mut found = Vec::new();
        let mut rest = html;
        while let Some(start) = rest.find('<') {
            let tag = &rest[start + 1..];
            let end = tag.find('>').expect("every tag is closed");
            let inner = &tag[..end];
            rest = &tag[end..];
            if inner.starts_with(['/', '!']) {
                continue;
            }
            let name_end = inner
                .find(|c: char| c.is_whitespace() || c == '/')
                .unwrap_or(inner.len());
            let mut attrs = Vec::new();
            let mut a = inner[name_end..].trim_start_matches('/');
            loop {
                a = a.trim_start_matches(|c: char| c.is_whitespace() || c == '/');
                if a.is_empty() {
                    break;
                }
                let key_end = a
                    .find(|c: char| c == '=' || c.is_whitespace())
                    .unwrap_or(a.len());
                let key = a[..key_end].to_ascii_lowercase();
                a = &a[key_end..];
                let value = if let Some(v) = a.strip_prefix("=\"") {
                    let close = v.find('"').expect("quoted value closed");
                    a = &v[close + 1..];
                    unescape(&v[..close])
                } else {
                    String::new()
                };
                attrs.push((key, value));
            }
            found.push((inner[..name_end].to_ascii_lowercase(), attrs));
        }
        found
    }

    fn dangerous_url(url: &str) -> bool {
        let squeezed: String = url
            .chars()
            .filter(|c| !c.is_whitespace() && !c.is_control())
            .collect::<String>()
            .to_ascii_lowercase();
        ["javascript:", "vbscript:", "data:"]
            .iter()
            .any(|s| squeezed.starts_with(s))
    }

    fn scan_html(file: &Path, html: &str) {
        let shown = file.display();
        for (name, attrs) in tags(html) {
            // Holonet writes its own <svg> charts; no page has a frame or a plugin.
            assert!(
                !["iframe", "frame", "object", "embed", "base"].contains(&name.as_str()),
                "{shown}: <{name}> {attrs:?}"
            );
            for (key, value) in &attrs {
                assert!(
                    !key.starts_with("on"),
                    "{shown}: <{name} {key}=\"{value}\">"
                );
                assert!(
                    key != "style" || name != "h1",
                    "{shown}: style on a heading"
                );
                if ["href", "src", "action", "formaction", "poster", "content"]
                    .contains(&key.as_str())
                {
                    assert!(!dangerous_url(value), "{shown}: <{name} {key}=\"{value}\">");
                }
            }
            if name == "script" {
                let ld = attrs.contains(&("type".into(), "application/ld+json".into()));
                // The search page's, running events', the find boxes', the light-or-dark
                // switch's, the room screen's and the round pages' standings' own scripts.
                let own = attrs.iter().any(|(k, v)| {
                    k == "src"
                        && [
                            "/search.js",
                            "/running.js",
                            "/find.js",
                            "/scheme.js",
                            "/room.js",
                            "/standings.js",
                        ]
                        .iter()
                        .any(|own| v.ends_with(own))
                });
                assert!(
                    ld || own,
                    "{shown}: a script Holonet did not write: {attrs:?}"
                );
            }
        }
        // The structured data is JSON that nothing in it can end early.
        for block in html.split("<script type=\"application/ld+json\">").skip(1) {
            let json = &block[..block.find("</script>").expect("closed")];
            assert!(!json.contains('<'), "{shown}: {json}");
            let value: serde_json::Value = serde_json::from_str(json).expect("JSON-LD parses");
            assert!(value["name"].is_string());
        }
    }

    #[test]
    fn no_payload_reaches_any_output_file_as_live_code() {
        let site = hostile_site();
        let root = site.path();
        let out = root.join("public");
        let stats = common::build(root, &out, None);
        assert!(stats.files > 10);
        let mut seen_payloads = 0;
        for entry in walkdir::WalkDir::new(&out) {
            let entry = entry.expect("walk");
            if !entry.file_type().is_file() {
                continue;
            }
            let path = entry.path();
            let Ok(text) = fs::read_to_string(path) else {
                continue;
            };
            seen_payloads += text.matches("alert(").count();
            match path.extension().and_then(|e| e.to_str()) {
                Some("html") => scan_html(path, &text),
                Some("xml") => {
                    let mut reader = quick_xml::Reader::from_str(&text);
                    loop {
                        match reader.read_event().expect("well-formed XML") {
                            quick_xml::events::Event::Eof => break,
                            quick_xml::events::Event::Start(e)
                            | quick_xml::events::Event::Empty(e) => {
                                let name = e.name().0.to_lowercase();
                                assert!(name != "script", "{}", path.display());
                            }
                            _ => {}
                        }
                    }
                }
                Some("json") => {
                    let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
                    if path.ends_with("search.json") {
                        for url in value.to_string().split("\"url\":\"").skip(1) {
                            let url = &url[..url.find('"').expect("closed")];
                            assert!(
                                url.chars().all(|c| c.is_ascii_lowercase()
                                    || c.is_ascii_digit()
                                    || "-/#.".contains(c)),
                                "search.json url {url}"
                            );
                        }
                    }
                }
                Some("ics") => {
                    for line in text.split("\r\n") {
                        assert!(!line.contains('\n') && !line.contains('\r'), "{line:?}");
                        assert!(!line.starts_with("X-INJECTED"), "{line:?}");
                    }
                    assert_eq!(
                        text.matches("\r\nBEGIN:VEVENT").count(),
                        text.matches("\r\nUID:").count(),
                        "{text}"
                    );
                    assert!(text.contains("Town\\nBEGIN:VEVENT"), "{text}");
                }
                _ => {}
            }
        }
        // The payloads did reach the pages, as text: the scan looked at them.
        assert!(seen_payloads > 20, "{seen_payloads}");
        let event = fs::read_to_string(out.join("events/2019/hostile/index.html")).expect("page");
        assert!(event.contains("&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;"));
        let page = fs::read_to_string(out.join("hostile/index.html")).expect("page");
        assert!(
            page.contains("&lt;script&gt;alert('page')&lt;/script&gt;"),
            "{page}"
        );
    }

    #[test]
    fn an_event_url_must_be_a_web_address() {
        for url in [
            "javascript:alert(1)",
            "data:text/html,x",
            " JAVASCRIPT:x",
            "//evil.example/",
        ] {
            let text = format!("{HEADER}url = \"{url}\"\n");
            assert_eq!(parse_errors(&text), [Code::InvalidValue], "{url}");
        }
    }
}

#[test]
fn a_file_that_is_not_utf8_says_where() {
    let site = small_site();
    fs::write(
        site.path().join("events/2019/latin1.toml"),
        b"[event]\nname = \"Caf\xe9\"\n",
    )
    .expect("write");
    let report = site::check(site.path());
    let d = report
        .diagnostics
        .iter()
        .find(|d| d.file.ends_with("latin1.toml"))
        .expect("reported");
    assert_eq!(d.code, Code::Io);
    assert!(d.message.contains("line 2, column 12"), "{}", d.message);
}

/// The largest event the limits let through (4,096 players, four complete rounds: 8,192 tables,
/// 16,380 decklist entries) is checked without an error: the limits agree with each other, and
/// its speed is the bench's to measure.
#[test]
fn the_largest_allowed_event_is_checked() {
    let rounds = MAX_TABLES / (MAX_PLAYERS / 2);
    let mut text = format!("{HEADER}structure = \"custom\"\nswiss_rounds = {rounds}\n");
    let deck = "[players.decks.dark]\naffiliation = \"Sith\"\nobjectives = [\"1\", \"1\", \"7\", \"7\", \"12\", \"13\", \"13\", \"20\", \"21\", \"22\"]\n";
    for i in 0..MAX_PLAYERS {
        text.push_str(&format!("[[players]]\nname = \"P{i}\"\nid = \"p{i}\"\n"));
        // As many decklists as the limit on entries allows.
        if i < MAX_DECK_ENTRIES / 10 {
            text.push_str(deck);
        }
    }
    // Round r pairs i with i xor r: never the same two players twice.
    for round in 1..=rounds {
        text.push_str("[[rounds]]\ntables = [\n");
        let mut table = 0;
        for i in 0..MAX_PLAYERS {
            let j = i ^ round;
            if i < j {
                table += 1;
                text.push_str(&format!(
                    "{{ table = {table}, players = [\"p{i}\", \"p{j}\"], games = [\"p{i}\", \"draw\"] }},\n"
                ));
            }
        }
        text.push_str("]\n");
    }
    assert!(text.len() < MAX_FILE_BYTES as usize, "{} bytes", text.len());
    let (event, diagnostics) =
        parse_event(Path::new("events/x.toml"), &text, &LoadOptions::default());
    let errors: Vec<_> = diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{:?}", errors.first());
    assert!(event.is_some());
}

/// Decklists are bounded per event (each unknown card is compared with every card name), and a
/// SW:CCG decklist full of unknown names is reported like any other (its speed is the bench's).
#[test]
fn decklist_entries_are_bounded() {
    let mut text = HEADER.to_string();
    let decks = MAX_DECK_ENTRIES / 10 + 1;
    for i in 0..decks {
        text.push_str(&format!(
            "[[players]]\nname = \"P{i}\"\n[players.decks.dark]\naffiliation = \"Sith\"\nobjectives = [\"1\", \"1\", \"7\", \"7\", \"12\", \"13\", \"13\", \"20\", \"21\", \"22\"]\n"
        ));
    }
    let codes = parse_errors(&text);
    assert_eq!(codes, [Code::Limit]);

    let ccg = "[event]\nname = \"C\"\ndate = 2008-10-04\nrules = \"swccg-2008\"\n[[players]]\nname = \"A\"\n[players.decks.dark]\ncards = [";
    let mut text = ccg.to_string();
    for i in 0..200 {
        text.push_str(&format!("\"1 Zq{i}xw Unheard Of Card Nobody Printed\", "));
    }
    text.push_str("]\n");
    let (_, diagnostics) = parse_event(Path::new("events/x.toml"), &text, &LoadOptions::default());
    assert!(diagnostics.iter().any(|d| d.code == Code::Deck));
}

/// A decklist line of megabytes (within the file size limit) gets no "did you mean": comparing
/// it with every card name would take minutes.
#[test]
fn a_huge_unknown_card_line_is_reported_without_a_search() {
    let line = format!("1 {}", "Zq".repeat(1_500_000));
    let text = format!(
        "[event]\nname = \"C\"\ndate = 2008-10-04\nrules = \"swccg-2008\"\n[[players]]\nname = \"A\"\n[players.decks.dark]\ncards = [\"{line}\"]\n"
    );
    assert!(text.len() < MAX_FILE_BYTES as usize);
    let (_, diagnostics) = parse_event(Path::new("events/x.toml"), &text, &LoadOptions::default());
    let d = diagnostics
        .iter()
        .find(|d| d.code == Code::Deck)
        .expect("the unknown card is reported");
    assert!(!d.message.contains("did you mean"), "{}", d.message);
    assert!(
        d.message.len() < 2_000,
        "the message does not repeat the line whole"
    );
}

/// A byte-order mark, as some editors write first, is not part of a Markdown page or a decklist
/// file: the site checks and builds exactly as without it.
#[test]
fn a_byte_order_mark_changes_nothing() {
    let check = |root: &Path| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_holonet"))
            .arg("check")
            .current_dir(root)
            .output()
            .expect("run check");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let site = common::example_site();
    let before = check(site.path());
    for file in [
        "content/about.md",
        "events/2008/bespin-cup/osric-haldane-dark.txt",
        "events/2008/mos-espa-doubles.md",
    ] {
        let path = site.path().join(file);
        let text = fs::read_to_string(&path).expect("read");
        fs::write(&path, format!("\u{feff}{text}")).expect("write");
    }
    assert_eq!(check(site.path()), before);
    let out = site.path().join("public");
    common::build(site.path(), &out, None);
    let about = fs::read_to_string(out.join("about/index.html")).expect("about page");
    assert!(about.contains("<title>About"), "the front matter is read");
}

/// A site without its `events/` folder (or with a file in its place) is refused with a located
/// error, and the published pages stay: it is not built as an archive of no events.
#[test]
fn a_missing_events_folder_is_refused_and_the_site_kept() {
    let site = common::example_site();
    let out = site.path().join("public");
    common::build(site.path(), &out, None);
    let page = out.join("events/2018/outer-rim-store-championship/index.html");
    assert!(page.is_file());
    let events = site.path().join("events");
    fs::rename(&events, site.path().join("events-moved")).expect("move");
    for shape in ["missing", "a file"] {
        if shape == "a file" {
            fs::write(&events, "not a folder").expect("write");
        }
        let report = match site::build(site.path(), &out, None) {
            Ok(_) => panic!("a site with its events folder {shape} builds"),
            Err(report) => report,
        };
        assert!(
            report
                .diagnostics
                .iter()
                .any(|d| d.file == Path::new("events") && d.is_error()),
            "{shape}: {}",
            report.render()
        );
        assert!(page.is_file(), "{shape}: the published pages stay");
    }
}

/// A static file named like the output's own records, or larger than the limit, is refused by
/// name and place before anything is written; a sparse file's size is never read into memory.
#[test]
fn reserved_names_and_oversized_files_in_static_are_refused() {
    for (name, size, code) in [
        (".holonet-manifest", 10, Code::UnsafePath),
        (".holonet-events", 10, Code::UnsafePath),
        (
            "video.mp4",
            holonet::limits::MAX_STATIC_BYTES + 1,
            Code::Limit,
        ),
    ] {
        let site = small_site();
        fs::create_dir_all(site.path().join("static")).expect("mkdir");
        let file = fs::File::create(site.path().join("static").join(name)).expect("create");
        file.set_len(size).expect("sparse file");
        let report = site::check(site.path());
        assert!(
            report
                .diagnostics
                .iter()
                .any(|d| d.code == code && d.file == Path::new("static").join(name)),
            "{name}: {}",
            report.render()
        );
        let out = site.path().join("public");
        assert!(site::build(site.path(), &out, None).is_err());
        assert!(!out.exists(), "{name}: nothing written");
    }
}

/// Control characters in an event file's strings (a terminal escape that clears the screen or
/// retitles the window, a NUL) are refused where they are, and `check` prints none of them raw,
/// even from the file's own line.
#[test]
fn control_characters_are_refused_and_never_printed_raw() {
    assert_eq!(
        parse_errors(
            "[event]\nname = \"Cup \\u001b[2J\\u001b]0;owned\\u0007\"\ndate = 2026-11-23\nrules = \"ffg-2018\"\n"
        ),
        vec![Code::InvalidValue]
    );
    assert_eq!(
        parse_errors(
            "[event]\nname = \"Cup\"\ndate = 2026-11-23\nrules = \"ffg-2018\"\n\n[[players]]\nname = \"Nul\\u0000\"\n"
        ),
        vec![Code::InvalidValue]
    );
    // Raw bytes in a comment (which TOML refuses) reach no terminal either: the line is shown
    // with U+FFFD in their place.
    let site = small_site();
    let file = site.path().join("events/2019/small-cup.toml");
    let text = fs::read_to_string(&file).expect("read");
    fs::write(
        &file,
        format!("# \u{1b}]0;owned\u{7}\u{1b}[2J\nnmae = 1\n{text}"),
    )
    .expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_holonet"))
        .arg("check")
        .current_dir(site.path())
        .output()
        .expect("run check");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("1 | # \u{fffd}]0;owned"), "{stderr}");
    assert!(
        !stderr.chars().any(|c| c.is_control() && c != '\n'),
        "{stderr:?}"
    );
}

/// A site file of the wrong kind (a folder named `players.toml`, a file named `static`, a folder
/// in the place of a template, a pipe among the static files) is refused by name, where it
/// would otherwise be skipped without a word or block the build; the published site stays.
#[test]
fn site_files_of_the_wrong_kind_are_refused_by_name() {
    type Make = fn(&Path);
    let cases: [(&str, Make); 4] = [
        ("players.toml", |root| {
            fs::create_dir_all(root.join("players.toml")).expect("mkdir");
        }),
        ("static", |root| {
            let _ = fs::remove_dir_all(root.join("static"));
            fs::write(root.join("static"), "not a folder").expect("write");
        }),
        ("templates/base.html", |root| {
            let _ = fs::remove_file(root.join("templates/base.html"));
            fs::create_dir_all(root.join("templates/base.html")).expect("mkdir");
        }),
        ("holonet.toml", |root| {
            fs::remove_file(root.join("holonet.toml")).expect("rm");
            fs::create_dir_all(root.join("holonet.toml")).expect("mkdir");
        }),
    ];
    for (name, make) in cases {
        let site = small_site();
        let out = site.path().join("public");
        common::build(site.path(), &out, None);
        let before = fs::read(out.join("index.html")).expect("home page");
        make(site.path());
        let run = common::holonet(&["build"], site.path());
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success(), "{name}: the build fails");
        assert!(
            stderr.contains(&format!("--> {name}")),
            "{name}: named\n{stderr}"
        );
        assert!(
            stderr.contains("where Holonet reads"),
            "{name}: says what it should be\n{stderr}"
        );
        assert_eq!(
            fs::read(out.join("index.html")).expect("kept"),
            before,
            "{name}"
        );
    }
    #[cfg(unix)]
    {
        let site = small_site();
        fs::create_dir_all(site.path().join("static")).expect("mkdir");
        let fifo = site.path().join("static/feed.css");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let run = common::holonet(&["check"], site.path());
            let stderr = String::from_utf8_lossy(&run.stderr);
            assert!(!run.status.success());
            assert!(stderr.contains("--> static/feed.css"), "{stderr}");
        }
    }
}

/// The configuration is checked as strictly as an event: an address on another host, a
/// language that is not a tag, an empty title; and dates in event files are whole ISO dates.
#[test]
fn configuration_and_dates_that_would_mislead_are_refused() {
    for (line, expected) in [
        ("base_url = \"//other.host/\"", "names another host"),
        ("base_url = \"https://x.org/a b/\"", "cannot"),
        ("language = \"english\"", "not a language tag"),
        ("language = \"en\\\"><script>\"", "not a language tag"),
        ("title = \"\"", "`title` is empty"),
    ] {
        let site = small_site();
        let config = site.path().join("holonet.toml");
        let text = fs::read_to_string(&config).expect("config");
        let key = line.split(' ').next().expect("key");
        let kept: String = text
            .lines()
            .filter(|l| !l.starts_with(key))
            .map(|l| format!("{l}\n"))
            .collect();
        fs::write(&config, format!("{line}\n{kept}")).expect("write");
        let run = common::holonet(&["check"], site.path());
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success(), "{line}");
        assert!(stderr.contains(expected), "{line}: {stderr}");
        assert!(
            stderr.contains("--> holonet.toml:1:"),
            "{line}: located\n{stderr}"
        );
    }
    let site = small_site();
    let run = common::holonet(&["build", "--base-url", "//other.host/"], site.path());
    assert!(!run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).contains("names another host"));

    for date in ["\"2019-12-5\"", "0000-01-01", "\"0000-01-01\""] {
        let text = format!("[event]\nname = \"D\"\ndate = {date}\nrules = \"ffg-2018\"\n");
        assert_eq!(parse_errors(&text), [Code::InvalidValue], "{date}");
    }
    let (_, diagnostics) = parse_event(
        Path::new("events/x.toml"),
        "[event]\nname = \"D\"\ndate = \"2019-12-5\"\nrules = \"ffg-2018\"\n",
        &LoadOptions::default(),
    );
    assert_eq!(
        diagnostics[0].help.as_deref(),
        Some("write `2019-12-05`"),
        "the fix is offered"
    );
}

/// NUL, escape and other control characters in a Markdown page or report reach no page raw.
#[test]
fn control_characters_in_markdown_never_reach_the_pages() {
    let site = small_site();
    fs::write(
        site.path().join("events/2019/small-cup.md"),
        "Report \u{0}with a NUL, \u{1b}[2J an escape and a \u{7} bell.\n",
    )
    .expect("write");
    let out = site.path().join("public");
    common::build(site.path(), &out, None);
    let page = fs::read_to_string(out.join("events/2019/small-cup/index.html")).expect("page");
    assert!(page.contains("with a NUL"), "the report is shown");
    assert!(
        !page
            .chars()
            .any(|c| c.is_control() && !matches!(c, '\n' | '\t' | '\r')),
        "no raw control character in the page"
    );
}

/// A file named like a Windows device is told why it cannot be one and offered a name that can.
#[test]
fn a_device_name_gets_a_usable_suggestion() {
    let text = "[event]\nname = \"C\"\ndate = 2019-03-02\nrules = \"ffg-2018\"\n";
    let (_, diagnostics) = parse_event(
        Path::new("events/2019/con.toml"),
        text,
        &LoadOptions::default(),
    );
    let help = diagnostics[0].help.as_deref().expect("help");
    assert!(help.contains("events/2019/con-event.toml"), "{help}");
    assert!(help.contains("Windows keeps for a device"), "{help}");
}
