//! An archive past one page of events: the events index split by year and by ruleset per year,
//! built the way an organizer builds it (from the site folder, default flags), with every event
//! on exactly one year page and no dead link or fragment; a small archive's year pages, where
//! its event pages lead; and an event file named as a year, refused at its file with the
//! previous site left as it was.

use std::fs;
use std::path::Path;

use crate::common::links::assert_links_resolve;
use crate::common::{holonet, visible_text};

/// 130 upcoming events (no players yet), 26 a year from 2019 to 2023.
fn write_archive(root: &Path) {
    fs::write(root.join("holonet.toml"), "title = \"Large archive\"\n").expect("config");
    for i in 0..130 {
        let year = 2019 + i / 26;
        let folder = root.join(format!("events/{year}"));
        fs::create_dir_all(&folder).expect("folder");
        fs::write(
            folder.join(format!("open-{i:03}.toml")),
            format!(
                "[event]\nname = \"Open {i:03}\"\ndate = {year}-{:02}-{:02}\nrules = \"ffg-2018\"\n",
                1 + (i % 12),
                1 + (i % 28)
            ),
        )
        .expect("event file");
    }
}

fn read(root: &Path, path: &str) -> String {
    fs::read_to_string(root.join("public").join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The event names a page lists in its tables.
fn listed(html: &str) -> Vec<String> {
    html.split("<td class=\"card-title\"><a href=\"")
        .skip(1)
        .map(|cell| {
            let name = &cell[cell.find('>').expect("link") + 1..];
            name[..name.find('<').expect("end")].to_string()
        })
        .collect()
}

#[test]
fn a_large_archive_lists_the_newest_events_and_each_year_on_its_own_page() {
    let site = tempfile::tempdir().expect("temp");
    let root = site.path();
    write_archive(root);
    let out = holonet(&["build"], root);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let index = read(root, "events/index.html");
    let newest = listed(&index);
    assert_eq!(newest.len(), 100, "the newest hundred");
    let text = visible_text(&index);
    assert!(
        text.contains("The 100 newest of the archive&#39;s 130 events"),
        "{text}"
    );
    for year in 2019..=2023 {
        assert!(
            index.contains(&format!("href=\"/events/{year}/\"")),
            "{year}"
        );
    }
    // Every event on exactly one year page, which lists its year's events only.
    let mut all = Vec::new();
    for year in 2019..=2023 {
        let page = read(root, &format!("events/{year}/index.html"));
        let names = listed(&page);
        assert_eq!(names.len(), 26, "{year}");
        assert!(visible_text(&page).contains(&format!("Events of {year}")));
        all.extend(names);
    }
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 130);
    // The 2023 events are the newest, all on events/; the oldest of 2019 only on its year.
    assert!(newest.iter().any(|n| n == "Open 129"));
    assert!(!newest.iter().any(|n| n == "Open 000"));
    // By ruleset: the groups with their years on the grouping's page, a page per year.
    let rulesets = read(root, "events/rulesets/index.html");
    assert!(listed(&rulesets).is_empty());
    let group = "events/rulesets/ffg-tournament-regulations-2018-standard/2021/";
    assert!(
        rulesets.contains(&format!("href=\"/{group}\"")),
        "{rulesets}"
    );
    assert_eq!(listed(&read(root, &format!("{group}index.html"))).len(), 26);
    // An event of a year the index no longer lists leads to its year's page, and no link or
    // fragment of the archive is dead.
    let oldest = read(root, "events/2019/open-000/index.html");
    assert!(
        oldest.contains("<a href=\"/events/2019/\">2019</a>"),
        "{oldest}"
    );
    assert!(assert_links_resolve(&root.join("public"), "/") > 1000);
}

#[test]
fn a_small_archive_has_a_page_per_year_and_its_events_lead_there() {
    let site = tempfile::tempdir().expect("temp");
    let root = site.path();
    for (year, name) in [
        (2019, "Spring Open"),
        (2019, "Autumn Open"),
        (2021, "Winter Cup"),
    ] {
        let folder = root.join(format!("events/{year}"));
        fs::create_dir_all(&folder).expect("folder");
        fs::write(
            folder.join(format!("{}.toml", name.to_lowercase().replace(' ', "-"))),
            format!("[event]\nname = \"{name}\"\ndate = {year}-04-01\nrules = \"ffg-2018\"\n"),
        )
        .expect("event file");
    }
    fs::write(root.join("holonet.toml"), "title = \"Small archive\"\n").expect("config");
    let out = holonet(&["build"], root);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // One index with every event; each year's page lists that year's only.
    assert_eq!(listed(&read(root, "events/index.html")).len(), 3);
    let mut names = listed(&read(root, "events/2019/index.html"));
    names.sort();
    assert_eq!(names, ["Autumn Open", "Spring Open"]);
    assert_eq!(
        listed(&read(root, "events/2021/index.html")),
        ["Winter Cup"]
    );
    let event = read(root, "events/2021/winter-cup/index.html");
    assert!(
        event.contains("<a href=\"/events/2021/\">2021</a>"),
        "{event}"
    );
    assert!(assert_links_resolve(&root.join("public"), "/") > 50);
}

#[test]
fn an_event_file_named_as_a_year_is_refused_at_its_file_and_the_site_stays() {
    let site = tempfile::tempdir().expect("temp");
    let root = site.path();
    write_archive(root);
    assert!(holonet(&["build"], root).status.success());
    let before = read(root, "events/2020/index.html");
    fs::write(
        root.join("events/2020.toml"),
        "[event]\nname = \"Year Open\"\ndate = 2020-05-05\nrules = \"ffg-2018\"\n",
    )
    .expect("event file");
    let out = holonet(&["build"], root);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("events/2020.toml"), "{stderr}");
    assert!(
        stderr.contains("is the page of that year's events"),
        "{stderr}"
    );
    assert!(stderr.contains("events/2020/year-open.toml"), "{stderr}");
    assert_eq!(
        read(root, "events/2020/index.html"),
        before,
        "the previous site stays"
    );
}

/// Polls `path` on `server` until `wanted` holds of its status and body, within the serve
/// helpers' patience.
fn wait_until(
    server: &crate::common::serve::Server,
    path: &str,
    wanted: impl Fn(u16, &str) -> bool,
) {
    let deadline = std::time::Instant::now() + crate::common::serve::PATIENCE;
    loop {
        let (status, body) = server.fetch(path);
        if wanted(status, &body) {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{path} never came (last answer {status}: {body:.300})"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn serve_takes_down_the_pages_an_archive_shrunk_to_one_page_no_longer_has() {
    let site = tempfile::tempdir().expect("temp");
    let root = site.path();
    write_archive(root);
    let server = crate::common::serve::serve_in(root, &[]);
    wait_until(&server, "/events/2019/", |status, body| {
        status == 200 && body.contains("Open 000")
    });
    // Thirty of 2019's events deleted at once (26 of them), and four of 2020's: 100 are left,
    // one page of them.
    for i in 0..30 {
        let year = 2019 + i / 26;
        fs::remove_file(root.join(format!("events/{year}/open-{i:03}.toml"))).expect("delete");
    }
    wait_until(&server, "/events/", |status, body| {
        status == 200 && listed(body).len() == 100 && !body.contains("Every year")
    });
    // A year with no event left has no page; the others keep theirs, as in any archive.
    wait_until(&server, "/events/2019/", |status, _| status == 404);
    wait_until(&server, "/events/2020/", |status, body| {
        status == 200 && listed(body).len() == 22
    });
    wait_until(
        &server,
        "/events/rulesets/ffg-tournament-regulations-2018-standard/2021/",
        |status, _| status == 404,
    );
}
