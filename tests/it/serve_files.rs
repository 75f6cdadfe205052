//! `holonet serve` and the files around it, each started as the README starts it (in the site
//! folder, default flags): every way of saving every kind of site file is followed; a disk that
//! fills during an update leaves the last good site whole, and the change is applied once there
//! is room; a site folder that cannot be written never leads serve to write outside it.

use std::fs;
#[cfg(unix)]
use std::io::Write;
use std::path::{Path, PathBuf};
#[cfg(unix)]
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;
use crate::common::serve::{Errors, PATIENCE, Server, command_in, spawn};

/// `holonet serve` started in the site folder, with `env` added to its environment; what it
/// prints on standard error (its diagnostics) is read with the rest of its output.
fn serve_in(site: &Path, env: &[(&str, &Path)]) -> Server {
    let mut command = command_in(site, &[]);
    for (name, value) in env {
        command.env(name, value);
    }
    spawn(command, Errors::InOutput)
}

/// Waits until the answer for `path` satisfies `wanted`, polling.
fn wait_until(server: &Server, what: &str, path: &str, wanted: impl Fn(u16, &str) -> bool) {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let (status, body) = server.fetch(path);
        if wanted(status, &body) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{what}: {path} never came (last answer {status}: {body:.300})"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Waits until `path` is served and holds `text`.
fn shows(server: &Server, what: &str, path: &str, text: &str) {
    wait_until(server, what, path, |status, body| {
        status == 200 && body.contains(text)
    });
}

/// Waits until `path` is not served.
fn gone(server: &Server, what: &str, path: &str) {
    wait_until(server, what, path, |status, _| status == 404);
}

#[cfg(unix)]
/// Waits for lines of the server's output holding each of `texts`, in any order (its output
/// and its diagnostics come through two pipes); returns the first line for each.
fn says(server: &Server, texts: &[&str]) -> Vec<String> {
    let mut found: Vec<Option<String>> = vec![None; texts.len()];
    let deadline = Instant::now() + PATIENCE;
    while found.iter().any(Option::is_none) {
        let line = deadline
            .checked_duration_since(Instant::now())
            .and_then(|left| server.output.recv_timeout(left).ok())
            .unwrap_or_else(|| panic!("the server never said all of {texts:?}: {found:?}"));
        for (text, slot) in texts.iter().zip(&mut found) {
            if slot.is_none() && line.contains(text) {
                *slot = Some(line.clone());
            }
        }
    }
    found.into_iter().flatten().collect()
}

/// The ways a file is saved.
#[derive(Debug, Clone, Copy)]
enum Save {
    /// Written over, as `echo >` or an editor without safe writes does.
    InPlace,
    /// Written to a new file renamed over it, as `sed -i` and most editors do.
    Rename,
    /// Removed, then written anew, as `git checkout` does.
    Checkout,
}

const SAVES: [Save; 3] = [Save::InPlace, Save::Rename, Save::Checkout];

fn save(path: &Path, text: &str, how: Save) {
    match how {
        Save::InPlace => fs::write(path, text).expect("write"),
        Save::Rename => {
            let temporary = path.with_file_name("sedXy12Z9");
            fs::write(&temporary, text).expect("write");
            fs::rename(&temporary, path).expect("rename");
        }
        Save::Checkout => {
            fs::remove_file(path).expect("remove");
            fs::write(path, text).expect("write");
        }
    }
}

/// Replaces the first `from` in the file at `path` with `to`, saved `how`.
fn edit(path: &Path, from: &str, to: &str, how: Save) {
    let text = fs::read_to_string(path).expect("read");
    assert!(text.contains(from), "{} holds {from:?}", path.display());
    save(path, &text.replacen(from, to, 1), how);
}

/// Writes `files` (relative path, text) into a new folder outside the site, on the same disk.
fn folder_elsewhere(beside: &Path, name: &str, files: &[(&str, &str)]) -> PathBuf {
    let folder = beside.join(name);
    for (rel, text) in files {
        let path = folder.join(rel);
        fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
        fs::write(path, text).expect("write");
    }
    folder
}

/// Copies the folder `from` to `to`, folders first and then their files, as `cp -r` does.
fn copy_folder(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.expect("walk");
        let target = to.join(entry.path().strip_prefix(from).expect("inside"));
        if entry.file_type().is_dir() {
            fs::create_dir(&target).expect("mkdir");
        } else {
            fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

/// Replaces the site folder `folder` by a copy of itself, as a `git checkout` of another
/// branch or `git stash` does: moved away, copied back, the old one removed.
fn replace_by_copy(folder: &Path) {
    let away = folder.with_extension("away");
    fs::rename(folder, &away).expect("move away");
    copy_folder(&away, folder);
    fs::remove_dir_all(&away).expect("remove");
}

/// The small fixture with a template of its own (the built-in `base.html`) and no
/// `players.toml`, `content/` or `static/`: those are made while it is served.
fn small_site() -> tempfile::TempDir {
    let site = common::copy_site(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sites/small"),
    );
    let base = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/base.html");
    fs::create_dir_all(site.path().join("templates")).expect("mkdir");
    fs::copy(base, site.path().join("templates/base.html")).expect("copy");
    site
}

const EVENT: &str = "events/2019/small-cup.toml";
const EVENT_PAGE: &str = "/events/2019/small-cup/";

/// Every kind of site file (event, `players.toml`, `holonet.toml`, content page, template,
/// static file), saved every way (in place, by rename, by removing and writing anew), created
/// while serving, and arriving in a folder moved or copied in: each change is served. One
/// server follows them all, one after the other.
#[test]
fn every_kind_of_site_file_saved_every_way_is_served() {
    let site = small_site();
    let root = site.path();
    let elsewhere = tempfile::tempdir_in(root.parent().expect("a parent")).expect("tempdir");
    let event = fs::read_to_string(root.join(EVENT)).expect("event");
    // Ana and Ben under other ids in another event: the ids players.toml makes aliases.
    let second_ids = event
        .replacen("name = \"Small Cup\"", "name = \"Second Cup\"", 1)
        .replace("\"ana\"", "\"ana-l\"")
        .replace("\"ben\"", "\"ben-o\"");
    fs::write(root.join("events/2019/second-cup.toml"), second_ids).expect("write");
    let server = serve_in(root, &[]);
    shows(&server, "start", EVENT_PAGE, "Small Cup");
    shows(&server, "start", "/players/ana-l/", "Ana Lind");
    let other_event =
        |name: &str| event.replacen("name = \"Small Cup\"", &format!("name = \"{name}\""), 1);

    // Event files.
    for (n, how) in SAVES.into_iter().enumerate() {
        let name = format!("Small Cup {how:?}");
        edit(
            &root.join(EVENT),
            "name = \"Small Cup",
            &format!("name = \"{name}"),
            how,
        );
        shows(&server, &format!("event saved {how:?}"), EVENT_PAGE, &name);
        save(&root.join(EVENT), &event, SAVES[(n + 1) % SAVES.len()]);
        shows(&server, "event restored", EVENT_PAGE, "<h1>Small Cup</h1>");
    }
    fs::write(
        root.join("events/2019/later-cup.toml"),
        other_event("Later Cup"),
    )
    .expect("write");
    shows(
        &server,
        "event created",
        "/events/2019/later-cup/",
        "Later Cup",
    );
    let moved = folder_elsewhere(
        elsewhere.path(),
        "2027",
        &[("moved-cup.toml", &other_event("Moved Cup"))],
    );
    fs::rename(&moved, root.join("events/2027")).expect("move in");
    shows(
        &server,
        "event in a folder moved in",
        "/events/2027/moved-cup/",
        "Moved Cup",
    );
    let copied = folder_elsewhere(
        elsewhere.path(),
        "2028",
        &[
            ("copied-cup.toml", &other_event("Copied Cup")),
            ("deeper/deep-cup.toml", &other_event("Deep Cup")),
        ],
    );
    copy_folder(&copied, &root.join("events/2028"));
    shows(
        &server,
        "event in a folder copied in",
        "/events/2028/copied-cup/",
        "Copied Cup",
    );
    shows(
        &server,
        "event deeper in a folder copied in",
        "/events/2028/deeper/deep-cup/",
        "Deep Cup",
    );
    replace_by_copy(&root.join("events"));
    edit(
        &root.join(EVENT),
        "name = \"Small Cup\"",
        "name = \"Cup After Checkout\"",
        Save::InPlace,
    );
    shows(
        &server,
        "event edited after events/ was replaced",
        EVENT_PAGE,
        "Cup After Checkout",
    );

    // players.toml: created while serving, then saved every way. The page of an id made an
    // alias (of the same person's id in another event) goes; the one no longer an alias comes back.
    let players = root.join("players.toml");
    let alias_of = |kept: &str, alias: &str| {
        format!("[[players]]\nid = \"{kept}\"\naliases = [\"{alias}\"]\n")
    };
    fs::write(&players, alias_of("ana", "ana-l")).expect("write");
    gone(&server, "players.toml created", "/players/ana-l/");
    for (n, how) in SAVES.into_iter().enumerate() {
        // Ana's second id and Ben's second id take turns as the alias.
        let ((kept, alias), (name_back, back)) = if n % 2 == 0 {
            (("ben", "ben-o"), ("Ana Lind", "ana-l"))
        } else {
            (("ana", "ana-l"), ("Ben Osei", "ben-o"))
        };
        save(&players, &alias_of(kept, alias), how);
        let what = format!("players.toml saved {how:?}");
        gone(&server, &what, &format!("/players/{alias}/"));
        shows(&server, &what, &format!("/players/{back}/"), name_back);
    }

    // holonet.toml.
    for how in SAVES {
        let title = format!("Fixture {how:?}");
        let config = fs::read_to_string(root.join("holonet.toml")).expect("config");
        let old = config
            .lines()
            .find(|l| l.starts_with("title = "))
            .expect("a title")
            .to_string();
        edit(
            &root.join("holonet.toml"),
            &old,
            &format!("title = \"{title}\""),
            how,
        );
        shows(
            &server,
            &format!("holonet.toml saved {how:?}"),
            "/",
            &format!("<title>{title}"),
        );
    }

    // Content pages: content/ itself appears, with its page inside.
    let about = "+++\ntitle = \"About\"\n+++\n\nAbout this archive.\n";
    let content = folder_elsewhere(elsewhere.path(), "content", &[("about.md", about)]);
    fs::rename(&content, root.join("content")).expect("move in");
    shows(
        &server,
        "content/ moved in",
        "/about/",
        "About this archive.",
    );
    for how in SAVES {
        let text = format!("Saved {how:?}.");
        let now = fs::read_to_string(root.join("content/about.md")).expect("page");
        let body = now.lines().last().expect("a body").to_string();
        edit(&root.join("content/about.md"), &body, &text, how);
        shows(
            &server,
            &format!("content page saved {how:?}"),
            "/about/",
            &text,
        );
    }
    let guides = folder_elsewhere(
        elsewhere.path(),
        "guides",
        &[(
            "first.md",
            "+++\ntitle = \"First\"\n+++\n\nA first guide.\n",
        )],
    );
    fs::rename(&guides, root.join("content/guides")).expect("move in");
    shows(
        &server,
        "content page in a folder moved in",
        "/guides/first/",
        "A first guide.",
    );
    replace_by_copy(&root.join("content"));
    edit(
        &root.join("content/about.md"),
        "Saved",
        "After checkout",
        Save::Rename,
    );
    shows(
        &server,
        "content page edited after content/ was replaced",
        "/about/",
        "After checkout",
    );

    // Templates.
    let base = root.join("templates/base.html");
    for how in SAVES {
        let mark = format!("data-saved=\"{how:?}\"");
        let text = fs::read_to_string(&base).expect("template");
        let body = text
            .lines()
            .find(|l| l.starts_with("<body"))
            .expect("a body tag")
            .to_string();
        edit(&base, &body, &format!("<body {mark}>"), how);
        shows(
            &server,
            &format!("template saved {how:?}"),
            EVENT_PAGE,
            &mark,
        );
    }
    replace_by_copy(&root.join("templates"));
    edit(
        &base,
        "data-saved=\"Checkout\"",
        "data-saved=\"after-checkout\"",
        Save::InPlace,
    );
    shows(
        &server,
        "template edited after templates/ was replaced",
        "/",
        "data-saved=\"after-checkout\"",
    );

    // Static files: static/ appears by a copy, then its file is saved every way.
    let statics = folder_elsewhere(
        elsewhere.path(),
        "static",
        &[("extra.css", "p { color: red }\n")],
    );
    copy_folder(&statics, &root.join("static"));
    shows(&server, "static/ copied in", "/extra.css", "color: red");
    for how in SAVES {
        let colour = format!("{how:?}").to_lowercase();
        save(
            &root.join("static/extra.css"),
            &format!("p {{ color: {colour} }}\n"),
            how,
        );
        shows(
            &server,
            &format!("static file saved {how:?}"),
            "/extra.css",
            &colour,
        );
    }
    let images = folder_elsewhere(elsewhere.path(), "images", &[("note.txt", "a note\n")]);
    fs::rename(&images, root.join("static/images")).expect("move in");
    shows(
        &server,
        "static file in a folder moved in",
        "/images/note.txt",
        "a note",
    );
}

/// A save made while `serve` is still reading and rendering the site at its start is applied
/// once the site is up, never lost: the save lands as soon as serve's working folder appears,
/// which is after every event file was read and while the pages are rendered. (Before, files
/// were followed only from the end of that first build, and such a save was never seen.)
#[test]
fn a_save_while_serve_starts_is_applied() {
    let site = common::example_site();
    let root = site.path().to_path_buf();
    let starting = std::thread::spawn(move || serve_in(&root, &[]));
    let working = site.path().join(".holonet/serve-1");
    let deadline = Instant::now() + PATIENCE;
    while !working.exists() {
        assert!(
            Instant::now() < deadline,
            "serve never made {}",
            working.display()
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    edit(
        &site.path().join("events/2019/coruscant-regional.toml"),
        "name = \"Coruscant Regional Championship 2019\"",
        "name = \"Coruscant Saved While Starting\"",
        Save::Rename,
    );
    let server = starting.join().expect("serve starts");
    shows(
        &server,
        "a save while serve starts",
        "/events/2019/coruscant-regional/",
        "Coruscant Saved While Starting",
    );
}

/// Whether file permissions stop this process from writing (they do not stop the superuser).
#[cfg(unix)]
fn permissions_bind() -> bool {
    let probe = tempfile::tempdir().expect("tempdir");
    set_mode(probe.path(), 0o555);
    let written = fs::write(probe.path().join("file"), "").is_ok();
    set_mode(probe.path(), 0o755);
    !written
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).expect("chmod");
}

#[cfg(unix)]
/// A small disk (a tmpfs) mounted as serve's working folder `.holonet/`; unmounted when
/// dropped.
struct SmallDisk(PathBuf);

#[cfg(unix)]
impl SmallDisk {
    /// Only the superuser mounts; `None` where even they cannot (a container without the right).
    fn mount(site: &Path) -> Option<SmallDisk> {
        let folder = site.join(".holonet");
        fs::create_dir_all(&folder).expect("mkdir");
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=16m", "tmpfs"])
            .arg(&folder)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        mounted.then_some(SmallDisk(folder))
    }

    /// Fills the disk: writes until the system says there is no room left.
    fn fill(&self) -> PathBuf {
        let filler = self.0.join("filler");
        let mut file = fs::File::create(&filler).expect("filler");
        for chunk in [1 << 20, 4096, 1] {
            let zeros = vec![0u8; chunk];
            while file.write_all(&zeros).is_ok() {}
        }
        filler
    }
}

#[cfg(unix)]
impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

#[cfg(unix)]
/// What the server answers for `paths`, to compare before and after.
fn answers(server: &Server, paths: &[&str]) -> Vec<(u16, String)> {
    paths.iter().map(|path| server.fetch(path)).collect()
}

/// A disk that fills while an event is added: the update fails, says so, and the last good
/// site stays served whole (no index lists the event whose page is missing, no file is cut
/// short); once there is room again, the next save anywhere brings the event in. Run for real
/// on a full small disk where the test may mount one (as the superuser), and otherwise through
/// the same failure to write a file of the served site: a folder of it that cannot be written.
#[cfg(unix)]
#[test]
fn a_full_disk_during_an_update_keeps_the_last_good_site_whole_and_the_change_comes_later() {
    let site = small_site();
    let root = site.path();
    let small_disk = if permissions_bind() {
        None
    } else {
        match SmallDisk::mount(root) {
            Some(disk) => Some(disk),
            None => {
                eprintln!("skipped: permissions do not bind the superuser, and mount is refused");
                return;
            }
        }
    };
    let server = serve_in(root, &[]);
    shows(&server, "start", EVENT_PAGE, "Small Cup");
    let watched = [
        "/",
        "/events/",
        "/calendar.ics",
        "/sitemap.xml",
        "/search.json",
        "/feed.xml",
        EVENT_PAGE,
        "/events/2019/small-cup/event.json",
        "/players/",
        "/players/ana/",
    ];
    let before = answers(&server, &watched);

    let served_year = root.join(".holonet/serve-1/site/events/2019");
    let filler = match &small_disk {
        Some(disk) => Some(disk.fill()),
        None => {
            set_mode(&served_year, 0o555);
            None
        }
    };
    let event = fs::read_to_string(root.join(EVENT)).expect("event");
    let autumn = event.replacen("name = \"Small Cup\"", "name = \"Autumn Cup\"", 1);
    fs::write(root.join("events/2019/autumn-cup.toml"), autumn).expect("write");
    let said = says(&server, &["error[", "The last good site is still served"]);
    assert!(
        said[0].contains(".holonet"),
        "the error names serve's folder: {said:?}"
    );
    assert_eq!(server.fetch("/events/2019/autumn-cup/").0, 404);
    let after = answers(&server, &watched);
    for ((path, was), now) in watched.iter().zip(&before).zip(&after) {
        assert_eq!(now, was, "{path} is served as it was");
    }
    assert!(!after[7].1.is_empty(), "event.json is whole");

    match filler {
        Some(filler) => fs::remove_file(filler).expect("room again"),
        None => set_mode(&served_year, 0o755),
    }
    edit(
        &root.join(EVENT),
        "name = \"Small Cup\"",
        "name = \"Small Cup Later\"",
        Save::InPlace,
    );
    shows(&server, "the next save", EVENT_PAGE, "Small Cup Later");
    shows(
        &server,
        "the change that failed, applied",
        "/events/2019/autumn-cup/",
        "Autumn Cup",
    );
    shows(
        &server,
        "the change that failed, listed",
        "/events/",
        "Autumn Cup",
    );
    drop(server);
    drop(small_disk);
}

/// How the site folder is made read-only: permissions where they bind; as the superuser, the
/// immutable attribute (as the attack that found this did); where even that is refused, a file
/// where serve's working folder would go, which fails the same way. Undone when dropped.
#[cfg(unix)]
enum ReadOnly {
    Permissions(PathBuf),
    Immutable(PathBuf),
    Blocked,
}

#[cfg(unix)]
impl ReadOnly {
    fn make(site: &Path) -> ReadOnly {
        if permissions_bind() {
            set_mode(site, 0o555);
            return ReadOnly::Permissions(site.to_path_buf());
        }
        let immutable = Command::new("chattr")
            .arg("+i")
            .arg(site)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if immutable {
            return ReadOnly::Immutable(site.to_path_buf());
        }
        fs::write(site.join(".holonet"), "").expect("write");
        ReadOnly::Blocked
    }
}

#[cfg(unix)]
impl Drop for ReadOnly {
    fn drop(&mut self) {
        match self {
            ReadOnly::Permissions(site) => set_mode(site, 0o755),
            ReadOnly::Immutable(site) => {
                let _ = Command::new("chattr").arg("-i").arg(site).status();
            }
            ReadOnly::Blocked => {}
        }
    }
}

/// A site folder serve cannot write: its copy of the site goes to a new folder of its own in
/// the temporary folder, never to one someone else made there. Here another user has made the
/// folder older versions used (its name computed from the site's path) with a link to a victim
/// folder where the pages would go: the victim's files are untouched.
#[cfg(unix)]
#[test]
fn a_read_only_site_is_served_from_a_private_folder_and_nothing_outside_is_written() {
    use std::os::unix::fs::PermissionsExt;
    let site = small_site();
    let root = site.path().canonicalize().expect("canonical");
    let work = tempfile::tempdir().expect("tempdir");
    let temporary = work.path().join("tmp");
    let victim = work.path().join("victim");
    fs::create_dir_all(&temporary).expect("mkdir");
    fs::create_dir_all(victim.join("keepme")).expect("mkdir");
    fs::write(victim.join("index.html"), "PRECIOUS").expect("write");
    fs::write(victim.join("keepme/data.txt"), "keep").expect("write");
    let planted = temporary.join(format!(
        "holonet-serve-{:016x}",
        xxhash_rust::xxh3::xxh3_64(root.to_string_lossy().as_bytes())
    ));
    fs::create_dir_all(planted.join("serve-1")).expect("mkdir");
    std::os::unix::fs::symlink(&victim, planted.join("serve-1/site")).expect("link");

    let read_only = ReadOnly::make(&root);
    let server = serve_in(&root, &[("TMPDIR", &temporary)]);
    shows(&server, "start", EVENT_PAGE, "Small Cup");
    edit(
        &root.join(EVENT),
        "name = \"Small Cup\"",
        "name = \"Read-only Cup\"",
        Save::Rename,
    );
    shows(&server, "an edit", EVENT_PAGE, "Read-only Cup");

    assert_eq!(
        fs::read_to_string(victim.join("index.html")).expect("victim"),
        "PRECIOUS"
    );
    assert!(
        victim.join("keepme/data.txt").exists(),
        "the victim's folder is kept"
    );
    let in_planted: Vec<_> = fs::read_dir(&planted)
        .expect("planted")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(
        in_planted,
        ["serve-1"],
        "nothing is added to a folder someone else made"
    );
    let made: Vec<PathBuf> = fs::read_dir(&temporary)
        .expect("tmp")
        .map(|e| e.expect("entry").path())
        .filter(|p| *p != planted)
        .collect();
    assert_eq!(made.len(), 1, "one new folder: {made:?}");
    let mode = fs::symlink_metadata(&made[0])
        .expect("folder")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o700, "only its user can open it");
    drop(server);
    drop(read_only);
}
