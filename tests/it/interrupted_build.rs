//! A build stopped at any point (killed, or refused a folder) leaves `public/` as the previous
//! build or the new one, whole, and the next build ends exactly where a clean build does.
//! Run the way an organizer runs it: `holonet build` in the site folder, default output.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::common::{example_site, holonet};

/// Every entry under `dir` (files with their bytes, links with their target), as a reader of
/// the folder sees it.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .min_depth(1)
        .into_iter()
        .map(|e| e.expect("walk"))
        .filter(|e| !e.file_type().is_dir())
        .map(|e| {
            let rel = e.path().strip_prefix(dir).expect("prefix");
            let bytes = if e.file_type().is_symlink() {
                format!("-> {}", fs::read_link(e.path()).expect("link").display()).into_bytes()
            } else {
                fs::read(e.path()).expect("read")
            };
            (rel.to_string_lossy().into_owned(), bytes)
        })
        .collect()
}

/// Whether this system exchanges two folders in one step (see `src/atomic.rs`).
const EXCHANGE_IN_ONE_STEP: bool = cfg!(any(
    target_os = "linux",
    target_os = "android",
    target_vendor = "apple"
));

/// Which of `old` and `new` the folder is, whole: "old", "new", or a description of the mix.
fn which(
    public: &Path,
    old: &BTreeMap<String, Vec<u8>>,
    new: &BTreeMap<String, Vec<u8>>,
) -> String {
    let now = snapshot(public);
    if now == *old {
        return "old".into();
    }
    if now == *new {
        return "new".into();
    }
    let differ = |other: &BTreeMap<String, Vec<u8>>| {
        now.iter().filter(|(k, v)| other.get(*k) != Some(v)).count()
            + other.keys().filter(|k| !now.contains_key(*k)).count()
    };
    format!(
        "a mix: {} files differ from the old build, {} from the new",
        differ(old),
        differ(new)
    )
}

fn build_ok(dir: &Path) {
    let out = holonet(&["build"], dir);
    assert!(
        out.status.success(),
        "build failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The two versions of the site the builds go back and forth between: a change of title
/// rewrites every page, the largest change one edit can make.
fn set_version(root: &Path, version: usize) {
    let config = root.join("holonet.toml");
    let text = fs::read_to_string(&config).expect("config");
    let title_line = text
        .lines()
        .find(|l| l.starts_with("title"))
        .expect("title line")
        .to_string();
    let title = if version == 0 {
        "title = \"Holonet interrupted\""
    } else {
        "title = \"Holonet interrupted, again\""
    };
    fs::write(&config, text.replacen(&title_line, title, 1)).expect("write config");
}

/// What a clean build of each version writes.
fn clean_builds(root: &Path) -> [BTreeMap<String, Vec<u8>>; 2] {
    [0, 1].map(|version| {
        set_version(root, version);
        let clean = tempfile::tempdir().expect("tempdir");
        let out = clean.path().join("public");
        let run = Command::new(env!("CARGO_BIN_EXE_holonet"))
            .args(["build", "--out"])
            .arg(&out)
            .current_dir(root)
            .output()
            .expect("build");
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        snapshot(&out)
    })
}

/// A copy of the example site built (from its folder) at `version`, with what a clean build of
/// each version writes.
fn site_built_at(version: usize) -> (tempfile::TempDir, [BTreeMap<String, Vec<u8>>; 2]) {
    let site = example_site();
    let versions = clean_builds(site.path());
    set_version(site.path(), version);
    build_ok(site.path());
    (site, versions)
}

#[test]
fn a_build_killed_at_any_point_leaves_the_old_or_the_new_site_and_the_next_one_converges() {
    let (site, versions) = site_built_at(0);
    let root = site.path();
    let public = root.join("public");
    assert_eq!(
        snapshot(&public),
        versions[0],
        "a build equals a clean build"
    );

    // How long a whole build of the other version takes, to spread the kills over it.
    set_version(root, 1);
    let started = Instant::now();
    build_ok(root);
    let whole = started.elapsed();
    assert_eq!(snapshot(&public), versions[1]);

    let mut seen = BTreeMap::new();
    let mut current = 1;
    const KILLS: u32 = 16;
    for kill in 0..KILLS {
        let target = 1 - current;
        set_version(root, target);
        // Spread over the whole build and a little past it, so that some kills land on the
        // last steps.
        let delay = whole.mul_f64(1.2 * f64::from(kill) / f64::from(KILLS));
        let mut child = Command::new(env!("CARGO_BIN_EXE_holonet"))
            .arg("build")
            .current_dir(root)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn");
        std::thread::sleep(delay);
        let _ = child.kill();
        let _ = child.wait();
        // Where two folders cannot be exchanged in one step (Windows), the exchange is three
        // renames: a kill between the first two leaves no public/, and the previous build
        // whole where it waits, which the next build puts back before anything else.
        let between_renames = !EXCHANGE_IN_ONE_STEP
            && !public.exists()
            && snapshot(&root.join(".holonet/public.swap")) == versions[current];
        let state = if between_renames {
            "between the renames".to_string()
        } else {
            which(&public, &versions[current], &versions[target])
        };
        assert!(
            state == "old" || state == "new" || between_renames,
            "killed after {delay:?}: public/ is {state}"
        );
        *seen.entry(state).or_insert(0) += 1;
        // The next build, from whatever the kill left (a half-made spare copy included),
        // writes exactly what a clean build writes.
        build_ok(root);
        assert_eq!(
            snapshot(&public),
            versions[target],
            "the build after a kill at {delay:?} equals a clean build"
        );
        current = target;
    }
    eprintln!("after {KILLS} kills public/ was: {seen:?}");
}

#[cfg(unix)]
#[test]
fn a_refused_folder_leaves_the_old_site_says_so_and_the_next_build_converges() {
    use std::os::unix::fs::PermissionsExt;
    let (site, versions) = site_built_at(0);
    let root = site.path();
    let public = root.join("public");
    set_version(root, 1);
    build_ok(root);
    let mode = |path: &Path, mode: u32| {
        fs::set_permissions(path, fs::Permissions::from_mode(mode)).expect("chmod");
    };

    // A read-only folder inside the output: Holonet never writes there, so the build goes on.
    mode(&public.join("events"), 0o555);
    set_version(root, 0);
    build_ok(root);
    assert_eq!(snapshot(&public), versions[0]);
    // The read-only folder is now in the spare copy, which the next build brings up to date.
    set_version(root, 1);
    build_ok(root);
    assert_eq!(snapshot(&public), versions[1]);

    // A folder Holonet must write in, refused: the build fails, says public/ was not changed,
    // and public/ is the previous build, whole. Root may write anywhere, so the refusal is
    // also made in a way that holds for root: a file where Holonet's folder must be.
    let work = root.join(".holonet");
    mode(&root.join(".holonet/public.spare/events"), 0o555);
    mode(&work, 0o555);
    let probe = work.join("probe");
    let refused = fs::write(&probe, "").is_err();
    let _ = fs::remove_file(&probe);
    set_version(root, 0);
    if refused {
        assert_fails_and_keeps(
            root,
            &versions[1],
            "public was not changed: it still holds the previous build",
        );
    }
    mode(&work, 0o755);
    build_ok(root);
    assert_eq!(
        snapshot(&public),
        versions[0],
        "the next build equals a clean build"
    );

    fs::rename(&work, root.join("moved")).expect("move");
    fs::write(&work, "in the way").expect("file");
    set_version(root, 1);
    assert_fails_and_keeps(root, &versions[0], "it is not a folder");
    fs::remove_file(&work).expect("rm");
    build_ok(root);
    // With .holonet/ gone, so is the site folder's secret: the build's records are sealed
    // under a new one, and its published files are a clean build's.
    let published = |files: &BTreeMap<String, Vec<u8>>| {
        let mut files = files.clone();
        files.retain(|path, _| !path.starts_with(".holonet-"));
        files
    };
    assert_eq!(
        published(&snapshot(&public)),
        published(&versions[1]),
        "the next build equals a clean build"
    );
}

#[cfg(unix)]
/// Runs a build that must fail with `message`, saying `public/` was not changed, and checks
/// that `public/` is still `previous`, whole.
fn assert_fails_and_keeps(root: &Path, previous: &BTreeMap<String, Vec<u8>>, message: &str) {
    let run = holonet(&["build"], root);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success(), "the build fails");
    assert!(stderr.contains(message), "{message:?} in:\n{stderr}");
    assert!(
        stderr.contains("public was not changed: it still holds the previous build"),
        "the message says which build public/ holds:\n{stderr}"
    );
    assert_eq!(
        snapshot(&root.join("public")),
        *previous,
        "the old site, whole"
    );
}

#[test]
fn two_builds_at_once_take_turns_and_both_end_with_the_whole_site() {
    let (site, versions) = site_built_at(1);
    let root = site.path();
    set_version(root, 0);
    let children: Vec<_> = (0..3)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_holonet"))
                .arg("build")
                .current_dir(root)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .expect("spawn")
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().expect("wait");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(snapshot(&root.join("public")), versions[0]);
}
