//! `.github/install-holonet.sh`, the first step of every workflow a site gets, run as GitHub
//! Actions runs it (`bash .github/install-holonet.sh` in the site's checkout, with `GITHUB_PATH`
//! and `RUNNER_TEMP` set) against releases served from 127.0.0.1: it installs a release whose
//! archive matches its checksum and whose program says the pinned version, and refuses, without
//! putting anything on the PATH, every other archive.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The release target the script picks on this machine, as `uname` names it.
fn target() -> Option<&'static str> {
    match (std::env::consts::OS, std::env::consts::ARCH) {
        ("linux", "x86_64") => Some("x86_64-unknown-linux-gnu"),
        ("linux", "aarch64") => Some("aarch64-unknown-linux-gnu"),
        ("macos", "x86_64") => Some("x86_64-apple-darwin"),
        ("macos", "aarch64") => Some("aarch64-apple-darwin"),
        _ => None,
    }
}

/// Serves `files` (URL path to bytes) on 127.0.0.1 from a background thread, answering 404 for
/// anything else, for at most `requests` requests. Returns the base address.
fn serve(files: HashMap<String, Vec<u8>>, requests: usize) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a local port");
    let address = format!("http://{}", listener.local_addr().expect("an address"));
    std::thread::spawn(move || {
        for stream in listener.incoming().take(requests) {
            let Ok(mut stream) = stream else { continue };
            let mut request_line = String::new();
            let mut reader = BufReader::new(stream.try_clone().expect("a stream"));
            if reader.read_line(&mut request_line).is_err() {
                continue;
            }
            // Read the headers up to the blank line.
            let mut line = String::new();
            while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                line.clear();
            }
            let path = request_line.split(' ').nth(1).unwrap_or("");
            let (status, body) = match files.get(path) {
                Some(body) => ("200 OK", body.as_slice()),
                None => ("404 Not Found", &b"not found"[..]),
            };
            let head = format!(
                "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(body);
        }
    });
    address
}

/// A release archive as the release workflow makes it: `holonet-TARGET/holonet` in a `.tar.xz`,
/// the program here a script that prints `says` for `--version` (`build` tells builds apart).
fn archive(dir: &Path, target: &str, says: &str, build: u32) -> Vec<u8> {
    let folder = dir.join(format!("holonet-{target}"));
    std::fs::create_dir_all(&folder).expect("folder");
    let program = folder.join("holonet");
    std::fs::write(
        &program,
        format!("#!/bin/sh\n# build {build}\necho '{says}'\n"),
    )
    .expect("program");
    let status = Command::new("chmod")
        .arg("+x")
        .arg(&program)
        .status()
        .expect("chmod");
    assert!(status.success());
    let tarball = dir.join("release.tar.xz");
    let status = Command::new("tar")
        .arg("-cJf")
        .arg(&tarball)
        .arg("-C")
        .arg(dir)
        .arg(format!("holonet-{target}"))
        .status()
        .expect("tar runs");
    assert!(status.success());
    std::fs::read(&tarball).expect("the archive")
}

fn sha256(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("f");
    std::fs::write(&file, bytes).expect("write");
    let out = Command::new("sha256sum")
        .arg(&file)
        .output()
        .expect("sha256sum runs");
    String::from_utf8(out.stdout).expect("utf-8")[..64].to_string()
}

struct Run {
    success: bool,
    stdout: String,
    /// The folders the script added to the job's PATH.
    path_added: Vec<PathBuf>,
    /// The job's folder, where the installed program lives; removed when the run is dropped.
    _job: tempfile::TempDir,
}

/// Runs the repository's install script as a site's workflow runs it, with `env` on top.
fn install(source: &str, env: &[(&str, &str)]) -> Run {
    let job = tempfile::tempdir().expect("tempdir");
    let checkout = job.path().join("site");
    std::fs::create_dir(&checkout).expect("checkout");
    let path_file = job.path().join("github_path");
    std::fs::write(&path_file, "").expect("GITHUB_PATH");
    let script = Path::new(".github/install-holonet.sh")
        .canonicalize()
        .expect("the script");
    let out = Command::new("bash")
        .arg(&script)
        .current_dir(&checkout)
        .env("GITHUB_PATH", &path_file)
        .env("RUNNER_TEMP", job.path())
        .env("HOLONET_SOURCE", source)
        .envs(env.iter().copied())
        .output()
        .expect("bash runs");
    let path_added = std::fs::read_to_string(&path_file)
        .expect("GITHUB_PATH")
        .lines()
        .map(PathBuf::from)
        .collect();
    Run {
        success: out.status.success(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        path_added,
        _job: job,
    }
}

fn tools_present() -> bool {
    ["curl", "tar", "xz", "sha256sum"].iter().all(|tool| {
        Command::new(tool)
            .arg("--version")
            .output()
            .is_ok_and(|out| out.status.success())
    })
}

const VERSION: &str = env!("CARGO_PKG_VERSION");

/// A release folder for `version` holding `archive` and the checksum `published`.
fn release(
    version: &str,
    target: &str,
    archive: Vec<u8>,
    published: &str,
) -> HashMap<String, Vec<u8>> {
    let base = format!("/owner/holonet/releases/download/v{version}/holonet-{target}.tar.xz");
    HashMap::from([
        (
            format!("{base}.sha256"),
            format!("{published} *holonet-{target}.tar.xz\n").into_bytes(),
        ),
        (base, archive),
    ])
}

#[test]
fn the_script_installs_a_release_that_matches_its_checksum_and_refuses_any_other() {
    let Some(target) = target() else {
        eprintln!("no Holonet release for this platform: skipped");
        return;
    };
    assert!(tools_present(), "curl, tar, xz and sha256sum are needed");
    let dir = tempfile::tempdir().expect("tempdir");
    let good = archive(
        &dir.path().join("good"),
        target,
        &format!("holonet {VERSION}"),
        1,
    );
    let good_sum = sha256(&good);

    // The release as published: installed, and on the PATH.
    let base = serve(release(VERSION, target, good.clone(), &good_sum), 2);
    let run = install(&format!("{base}/owner/holonet"), &[]);
    assert!(run.success, "{}", run.stdout);
    assert_eq!(run.path_added.len(), 1, "{}", run.stdout);
    let said = Command::new(run.path_added[0].join("holonet"))
        .arg("--version")
        .output()
        .expect("the installed program runs");
    assert_eq!(
        String::from_utf8_lossy(&said.stdout).trim(),
        format!("holonet {VERSION}")
    );
    assert!(run.stdout.contains(&good_sum), "{}", run.stdout);

    // Pinned to the same checksum: installed.
    let base = serve(release(VERSION, target, good.clone(), &good_sum), 2);
    let run = install(
        &format!("{base}/owner/holonet"),
        &[("HOLONET_SHA256", &good_sum)],
    );
    assert!(run.success, "{}", run.stdout);

    // An archive changed after its checksum was published.
    let mut tampered = good.clone();
    let last = tampered.len() - 1;
    tampered[last] ^= 1;
    let base = serve(release(VERSION, target, tampered, &good_sum), 2);
    let run = install(&format!("{base}/owner/holonet"), &[]);
    assert!(!run.success && run.path_added.is_empty(), "{}", run.stdout);
    assert!(
        run.stdout.contains("::error") && run.stdout.contains("does not match"),
        "{}",
        run.stdout
    );

    // A release replaced whole (archive and checksum) after the site pinned its checksum.
    let other = archive(
        &dir.path().join("other"),
        target,
        &format!("holonet {VERSION}"),
        2,
    );
    let other_sum = sha256(&other);
    let base = serve(release(VERSION, target, other, &other_sum), 2);
    let run = install(
        &format!("{base}/owner/holonet"),
        &[("HOLONET_SHA256", &good_sum)],
    );
    assert!(!run.success && run.path_added.is_empty(), "{}", run.stdout);
    assert!(run.stdout.contains("HOLONET_SHA256"), "{}", run.stdout);

    // A program that is not the version the site pins.
    let base = serve(release("9.9.9", target, good.clone(), &good_sum), 2);
    let run = install(
        &format!("{base}/owner/holonet"),
        &[("HOLONET_VERSION", "9.9.9")],
    );
    assert!(!run.success && run.path_added.is_empty(), "{}", run.stdout);
    assert!(run.stdout.contains("not holonet 9.9.9"), "{}", run.stdout);

    // A version that was never released.
    let base = serve(HashMap::new(), 4);
    let run = install(
        &format!("{base}/owner/holonet"),
        &[("HOLONET_VERSION", "0.0.9")],
    );
    assert!(!run.success && run.path_added.is_empty(), "{}", run.stdout);
    assert!(
        run.stdout.contains("Could not download") && run.stdout.contains("0.0.9"),
        "{}",
        run.stdout
    );
}

/// What the script checks the downloaded program against: `holonet --version` prints the
/// package's version and nothing else.
#[test]
fn holonet_version_prints_the_release_version() {
    let out = Command::new(env!("CARGO_BIN_EXE_holonet"))
        .arg("--version")
        .output()
        .expect("holonet runs");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("holonet {VERSION}\n")
    );
}
