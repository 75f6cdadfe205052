//! Templates and static files as a contract between releases: a site made by `holonet init`
//! holds no copy of a built-in one, so each release's fixes reach it; `holonet customize`
//! copies one to change, marked with the built-in's fingerprint, and `holonet check` warns when
//! the running release's built-in differs from the one a copy was made from. Run from the site
//! folder with relative paths, as organizers do.

use std::fs;
use std::path::Path;

use holonet::site::render::TEMPLATE_FIELDS_VERSION;

use crate::common::{holonet, run_ok};

const EVENT_PAGE: &str = "public/events/2018/outer-rim-store-championship/index.html";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A site from `holonet init --example`, in the folder `site` of a temporary folder.
fn new_site() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    run_ok(dir.path(), &["init", "site", "--example"]);
    let site = dir.path().join("site");
    (dir, site)
}

#[test]
fn a_new_site_holds_no_copy_of_the_look_and_customize_copies_one() {
    let (_dir, site) = new_site();
    assert!(!site.join("templates").exists(), "no template copied");
    assert!(!site.join("static").exists(), "no static file copied");
    run_ok(&site, &["build"]);
    let before = fs::read(site.join(EVENT_PAGE)).expect("the event page");

    // The copy changes nothing until it is edited: the page is byte for byte the same.
    let said = run_ok(&site, &["customize", "event.html"]);
    assert!(said.contains("Wrote templates/event.html"), "{said}");
    let copy = fs::read_to_string(site.join("templates/event.html")).expect("the copy");
    let built_in = fs::read_to_string("templates/event.html").expect("the built-in");
    let (first, rest) = copy.split_once('\n').expect("a first line");
    assert!(
        first.starts_with("{#- holonet: a copy of the built-in templates/event.html, fingerprint "),
        "{first}"
    );
    assert_eq!(rest, built_in);
    run_ok(&site, &["build"]);
    assert_eq!(
        fs::read(site.join(EVENT_PAGE)).expect("the event page"),
        before
    );

    // Edited, it is the site's look.
    fs::write(
        site.join("templates/event.html"),
        copy.replace(
            "<h2 id=\"players-heading\">",
            "<h2 id=\"players-heading\">The field: ",
        ),
    )
    .expect("edit");
    run_ok(&site, &["build"]);
    let page = fs::read_to_string(site.join(EVENT_PAGE)).expect("the event page");
    assert!(page.contains("The field: "), "the site's own template");

    // Never overwritten; the list says which the site has its own of.
    let edited = fs::read(site.join("templates/event.html")).expect("read");
    let out = holonet(&["customize", "templates/event.html"], &site);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr)
            .contains("templates/event.html already exists in this site and was not changed"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        fs::read(site.join("templates/event.html")).expect("read"),
        edited
    );
    let listed = run_ok(&site, &["customize", "--list"]);
    assert!(
        listed.contains("templates/event.html  (this site has its own)"),
        "{listed}"
    );
    assert!(listed.contains("static/style.css\n"), "{listed}");
    let out = holonet(&["customize", "nothing.html"], &site);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("customize --list"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn check_says_when_a_copy_predates_the_running_release() {
    let (_dir, site) = new_site();
    run_ok(&site, &["customize", "static/style.css"]);
    let out = holonet(&["check"], &site);
    assert!(out.status.success());
    assert!(
        text(&out.stdout).contains("0 warning(s)"),
        "{}",
        text(&out.stderr)
    );

    // A copy made from another release's file: its fingerprint is not this release's.
    let path = site.join("static/style.css");
    let copy = fs::read_to_string(&path).expect("read");
    let (first, rest) = copy.split_once('\n').expect("a first line");
    let at = first.find("fingerprint ").expect("a fingerprint") + "fingerprint ".len();
    let older = format!("{}0000000000000000{}", &first[..at], &first[at + 16..]);
    assert_ne!(older, first);
    fs::write(&path, format!("{older}\n{rest}")).expect("write");
    let out = holonet(&["check"], &site);
    let said = text(&out.stderr);
    assert!(out.status.success(), "a warning: {said}");
    assert!(
        said.contains("warning[H013]: this copy of the built-in static/style.css was made from another release's (fingerprint 0000000000000000")
            && said.contains("static/style.css:1:1")
            && said.contains("holonet customize --show static/style.css"),
        "{said}"
    );

    // A template copied for an earlier version of the fields: the warning says they changed.
    run_ok(&site, &["customize", "templates/event.html"]);
    let path = site.join("templates/event.html");
    let copy = fs::read_to_string(&path).expect("read");
    let (first, rest) = copy.split_once('\n').expect("a first line");
    let at = first.find("fingerprint ").expect("a fingerprint") + "fingerprint ".len();
    let version = format!("template fields version {TEMPLATE_FIELDS_VERSION}:");
    assert!(first.contains(&version), "{first}");
    let older = format!("{}0000000000000000{}", &first[..at], &first[at + 16..])
        .replace(&version, "template fields version 0:");
    fs::write(&path, format!("{older}\n{rest}")).expect("write");
    let said = text(&holonet(&["check"], &site).stderr);
    assert!(
        said.contains(&format!(
            "the fields templates are given changed too, from version 0 to {TEMPLATE_FIELDS_VERSION}"
        )),
        "{said}"
    );

    // --show prints this release's built-in, to compare.
    let out = holonet(&["customize", "--show", "static/style.css", "-q"], &site);
    assert!(out.status.success());
    assert_eq!(
        text(&out.stdout).trim_end(),
        fs::read_to_string(Path::new("static/style.css"))
            .expect("built-in")
            .trim_end()
    );
}

/// The reference page of template fields lists what the example archive's templates are given,
/// under the version the release states, and a change of fields comes with a new version.
#[test]
fn the_template_fields_page_lists_what_templates_are_given_and_its_version() {
    use holonet::site::render::{
        TEMPLATE_FIELDS_FINGERPRINT, TEMPLATE_FIELDS_VERSION, fingerprint, to_markdown,
    };
    let fields = holonet::site::template_fields(std::path::Path::new("."))
        .unwrap_or_else(|report| panic!("the example site renders: {}", report.render()));
    let now = fingerprint(&fields);
    assert_eq!(
        now, TEMPLATE_FIELDS_FINGERPRINT,
        "the fields templates are given changed: give them a new TEMPLATE_FIELDS_VERSION (src/site/render/fields.rs), say what changed in content/docs/templates.md's versions, and set TEMPLATE_FIELDS_FINGERPRINT to {now}"
    );
    let page = std::fs::read_to_string("content/docs/templates.md").expect("the page");
    let marker = "without its first line. -->\n\n";
    let listed = &page[page.find(marker).expect("the generated part's marker") + marker.len()..];
    assert!(
        listed == to_markdown(&fields),
        "content/docs/templates.md lists other fields than the example archive gives: write the output of `holonet customize --fields` (without its first line) after its marker"
    );
    let versions = &page[page.find("## Versions and changes").expect("the versions")..];
    assert!(
        versions.contains(&format!("\n| {TEMPLATE_FIELDS_VERSION} |")),
        "the page's versions name version {TEMPLATE_FIELDS_VERSION}"
    );
    // What the command prints for one template is that template's part of the page.
    let out = holonet(
        &["customize", "--fields", "event.html"],
        std::path::Path::new("."),
    );
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(printed.starts_with(&format!(
        "Template fields, version {TEMPLATE_FIELDS_VERSION}, as this site's pages give them:"
    )));
    assert!(printed.contains("### `event.html`") && !printed.contains("### `player.html`"));
}
