//! What a host receives of a build, and the warning when it passes a host's limit.
//!
//! Hosts cap what one site may hold (the table of `content/docs/publishing.md#hosting-limits`).
//! What they count is the files themselves, as GitHub's publishing step uploads them: one tar
//! archive of the output folder, its dot-files left out. [`Upload`] measures that tar from the
//! build's own list of files, without reading or archiving anything, and [`over_limits`] warns,
//! naming the host and what to do, when the site has outgrown the host it is published on.

use std::collections::BTreeMap;
use std::path::Path;

use super::numbers::grouped;
use crate::diag::{Code, Diagnostic};

/// A tar archive's block: every header, and every file's bytes rounded up to it.
const BLOCK: u64 = 512;
/// GNU tar writes whole records of 20 blocks, the last one padded.
const RECORD: u64 = 20 * BLOCK;
/// A member's name longer than this takes an extra header and its own blocks (GNU tar's
/// `././@LongLink`).
const NAME_FIELD: usize = 100;

/// The output as a host receives it: `tar --exclude='.[^/]*' -cf - -C public .`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Upload {
    /// The tar archive's length in bytes.
    pub bytes: u64,
    /// How many files it holds (folders not counted).
    pub files: usize,
    /// The largest file, in bytes, with its path.
    pub largest: (u64, String),
    /// The folder with the most entries (files and folders) directly in it, with their count;
    /// the output folder itself is `""`.
    pub fullest_folder: (usize, String),
}

impl Upload {
    /// Measures the tar of `files` (each a path under the output with `/` between its parts,
    /// and its length). A path with a part that starts with a dot is left out, as the
    /// publishing step leaves it out.
    pub fn of<'a>(files: impl IntoIterator<Item = (&'a str, u64)>) -> Upload {
        let mut upload = Upload::default();
        // Every folder's entries, by the folder's path.
        let mut entries: BTreeMap<&str, usize> = BTreeMap::from([("", 0)]);
        // `./` itself.
        let mut bytes = BLOCK;
        for (rel, len) in files {
            if rel.split('/').any(|part| part.starts_with('.')) {
                continue;
            }
            upload.files += 1;
            if len > upload.largest.0 || upload.largest.1.is_empty() {
                upload.largest = (len, rel.to_string());
            }
            bytes += member(rel.len(), false) + len.div_ceil(BLOCK) * BLOCK;
            // The file is an entry of its folder; each folder above it, met for the first
            // time, is a member of the tar and an entry of the folder above it; a new file or
            // folder at the top is an entry of the output folder.
            let mut path = rel;
            while let Some((folder, _)) = path.rsplit_once('/') {
                let known = entries.contains_key(folder);
                *entries.entry(folder).or_default() += 1;
                if known {
                    break;
                }
                bytes += member(folder.len(), true);
                path = folder;
            }
            if !path.contains('/') {
                *entries.entry("").or_default() += 1;
            }
        }
        upload.fullest_folder = entries
            .iter()
            .map(|(folder, n)| (*n, folder.to_string()))
            .fold((0, String::new()), |most, this| {
                if this.0 > most.0 { this } else { most }
            });
        // Two zero blocks end the archive; the last record is padded.
        bytes += 2 * BLOCK;
        upload.bytes = bytes.div_ceil(RECORD) * RECORD;
        upload
    }
}

/// The header blocks of one member whose path under the output is `len` bytes long: tar names
/// it `./<path>`, and a folder `./<path>/`.
fn member(len: usize, folder: bool) -> u64 {
    let name = 2 + len + usize::from(folder);
    if name > NAME_FIELD {
        // The long name's header, then the name and its closing zero byte in whole blocks.
        2 * BLOCK + (name as u64 + 1).div_ceil(BLOCK) * BLOCK
    } else {
        BLOCK
    }
}

/// A host and the limits it states (publishing.md's table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Host {
    GitHubPages,
    GitLabPages,
    CloudflarePages,
    Netlify,
}

impl Host {
    const ALL: [Host; 4] = [
        Host::GitHubPages,
        Host::GitLabPages,
        Host::CloudflarePages,
        Host::Netlify,
    ];

    /// "GitHub Pages' limits", "Netlify's limits".
    fn owns(self) -> String {
        let name = self.name();
        if name.ends_with('s') {
            format!("{name}'")
        } else {
            format!("{name}'s")
        }
    }

    fn name(self) -> &'static str {
        match self {
            Host::GitHubPages => "GitHub Pages",
            Host::GitLabPages => "GitLab Pages",
            Host::CloudflarePages => "Cloudflare Pages",
            Host::Netlify => "Netlify",
        }
    }

    /// The host a site is published on: told by its address's domain, else by the publishing
    /// files in the site folder (`holonet init` writes a GitHub workflow); `None` when neither
    /// says.
    fn of_site(base_url: &str, root: &Path) -> Option<Host> {
        let host = base_url
            .split_once("://")
            .map_or("", |(_, rest)| rest.split(['/', ':']).next().unwrap_or(""))
            .to_ascii_lowercase();
        let by_domain = [
            (".github.io", Host::GitHubPages),
            (".gitlab.io", Host::GitLabPages),
            (".pages.dev", Host::CloudflarePages),
            (".netlify.app", Host::Netlify),
        ];
        if let Some((_, h)) = by_domain.iter().find(|(end, _)| host.ends_with(end)) {
            return Some(*h);
        }
        let by_file = [
            (".github/workflows", Host::GitHubPages),
            (".gitlab-ci.yml", Host::GitLabPages),
            ("wrangler.toml", Host::CloudflarePages),
            ("netlify.toml", Host::Netlify),
        ];
        by_file
            .iter()
            .find(|(file, _)| root.join(file).exists())
            .map(|(_, h)| *h)
    }

    /// What of `upload` passes this host's limits, each said with the limit it passes.
    fn passed(self, upload: &Upload) -> Vec<String> {
        const GB: u64 = 1_000_000_000;
        const MIB: u64 = 1 << 20;
        const GITLAB_FILES: usize = 200_000;
        const CLOUDFLARE_FREE_FILES: usize = 20_000;
        const CLOUDFLARE_PAID_FILES: usize = 100_000;
        const NETLIFY_FOLDER_ENTRIES: usize = 54_000;
        let mut passed = Vec::new();
        let name = self.name();
        let owns = self.owns();
        if matches!(self, Host::GitHubPages | Host::GitLabPages) && upload.bytes > GB {
            passed.push(format!(
                "{} as {name} receives it (a tar of the output, dot-files left out), over its 1 GB",
                size(upload.bytes)
            ));
        }
        if self == Host::GitLabPages && upload.files > GITLAB_FILES {
            passed.push(format!(
                "{} files, over {owns} {}",
                grouped(upload.files as u64),
                grouped(GITLAB_FILES as u64)
            ));
        }
        if self == Host::CloudflarePages {
            if upload.files > CLOUDFLARE_FREE_FILES {
                let paid = grouped(CLOUDFLARE_PAID_FILES as u64);
                let plan = if upload.files > CLOUDFLARE_PAID_FILES {
                    format!("and its paid plans' {paid}")
                } else {
                    format!("(its paid plans take {paid})")
                };
                passed.push(format!(
                    "{} files, over {owns} {} on the free plan {plan}",
                    grouped(upload.files as u64),
                    grouped(CLOUDFLARE_FREE_FILES as u64)
                ));
            }
            if upload.largest.0 > 25 * MIB {
                passed.push(format!(
                    "{} is {}, over {owns} 25 MiB a file",
                    upload.largest.1,
                    size(upload.largest.0)
                ));
            }
        }
        if self == Host::Netlify && upload.fullest_folder.0 > NETLIFY_FOLDER_ENTRIES {
            let folder = match upload.fullest_folder.1.as_str() {
                "" => "the output folder".to_string(),
                f => format!("{f}/"),
            };
            passed.push(format!(
                "{folder} holds {} entries, over {owns} {} in a folder",
                grouped(upload.fullest_folder.0 as u64),
                grouped(NETLIFY_FOLDER_ENTRIES as u64)
            ));
        }
        passed
    }
}

/// The warnings of a build whose output, as `upload` measures it, passes a limit of the host it
/// is published on (see [`Host::of_site`]; every host in the table when nothing says which).
pub(crate) fn over_limits(upload: &Upload, base_url: &str, root: &Path) -> Vec<Diagnostic> {
    let hosts = match Host::of_site(base_url, root) {
        Some(host) => vec![host],
        None => Host::ALL.to_vec(),
    };
    hosts
        .into_iter()
        .filter_map(|host| {
            let passed = host.passed(upload);
            (!passed.is_empty()).then(|| {
                Diagnostic::warning(
                    Code::HostLimit,
                    Path::new(crate::config::FILE),
                    None,
                    format!(
                        "the site passes {} limits: {}",
                        host.owns(),
                        passed.join("; ")
                    ),
                )
                .with_help(
                    "publish the older events as a second site (their own folder and repository), \
                     or publish on a host whose limits the archive fits: see \
                     docs/publishing/#hosting-limits",
                )
            })
        })
        .collect()
}

/// Bytes in GB (decimal, as the hosts state their limits), or MiB below one GB.
pub fn size(bytes: u64) -> String {
    if bytes >= 1_000_000_000 {
        format!("{:.2} GB", bytes as f64 / 1e9)
    } else {
        format!("{:.1} MiB", bytes as f64 / (1u64 << 20) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tar_is_measured_as_gnu_tar_writes_it() {
        // ./ (1 block), ./a.html (1 + 1), ./b/ (1), ./b/c.css (1 + 3 for 1,025 bytes),
        // the end (2): 10 blocks, one record.
        let upload = Upload::of([("a.html", 3), ("b/c.css", 1025)]);
        assert_eq!(upload.bytes, RECORD);
        assert_eq!(upload.files, 2);
        assert_eq!(upload.largest, (1025, "b/c.css".to_string()));
        // A record's worth of one file: 1 + (1 + 16) + 2 = 20 blocks exactly; one byte
        // more takes a block more, and a second record.
        assert_eq!(Upload::of([("a", 16 * BLOCK)]).bytes, RECORD);
        assert_eq!(Upload::of([("a", 16 * BLOCK + 1)]).bytes, 2 * RECORD);
    }

    #[test]
    fn a_long_name_takes_its_own_header_and_blocks() {
        assert_eq!(member(98, false), BLOCK);
        // `./` + 99 bytes: 101, one over the name field.
        assert_eq!(member(99, false), 3 * BLOCK);
        assert_eq!(member(98, true), 3 * BLOCK);
        // 2 + 600 + 1: two blocks of name.
        assert_eq!(member(600, false), 4 * BLOCK);
    }

    #[test]
    fn dot_files_are_left_out_and_folders_counted_once() {
        let upload = Upload::of([
            (".holonet-manifest", 10_000_000),
            ("x/.hidden/y", 10_000_000),
            ("p/a/index.html", 1),
            ("p/b/index.html", 1),
            ("p/c/index.html", 1),
            ("index.html", 1),
        ]);
        assert_eq!(upload.files, 4);
        // ./, ./p/, three folders and four files with a block each, the end.
        assert_eq!(upload.bytes, RECORD);
        assert_eq!(upload.fullest_folder, (3, "p".to_string()));
        let root = Upload::of([("a", 1), ("b", 1), ("c/d", 1)]);
        assert_eq!(root.fullest_folder, (3, String::new()));
    }

    #[test]
    fn the_host_is_told_by_the_address_then_by_the_site_folder() {
        let none = Path::new("/nonexistent-site-folder");
        let of = |url| Host::of_site(url, none);
        assert_eq!(
            of("https://club.github.io/archive/"),
            Some(Host::GitHubPages)
        );
        assert_eq!(of("https://Club.GitLab.io/"), Some(Host::GitLabPages));
        assert_eq!(
            of("https://archive.pages.dev/"),
            Some(Host::CloudflarePages)
        );
        assert_eq!(
            of("https://archive.netlify.app:443/x/"),
            Some(Host::Netlify)
        );
        assert_eq!(of("https://holonet.example.org/"), None);
        assert_eq!(of("/archive/"), None);
        let site = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(site.path().join(".github/workflows")).unwrap();
        assert_eq!(
            Host::of_site("https://holonet.example.org/", site.path()),
            Some(Host::GitHubPages)
        );
    }

    #[test]
    fn a_site_over_a_limit_is_warned_of_naming_the_host_and_what_to_do() {
        let none = Path::new("/nonexistent-site-folder");
        let big = Upload {
            bytes: 1_200_000_000,
            files: 30_000,
            largest: (1 << 20, "events/x/event.json".into()),
            fullest_folder: (12_000, "players".into()),
        };
        let warned = over_limits(&big, "https://club.github.io/", none);
        assert_eq!(warned.len(), 1);
        assert_eq!(warned[0].code, Code::HostLimit);
        assert!(!warned[0].is_error());
        assert_eq!(
            warned[0].message,
            "the site passes GitHub Pages' limits: 1.20 GB as GitHub Pages receives it \
             (a tar of the output, dot-files left out), over its 1 GB"
        );
        assert!(
            warned[0]
                .help
                .as_deref()
                .unwrap()
                .contains("#hosting-limits")
        );
        // Nothing says which host: every host whose limit it passes is named.
        let hosts: Vec<String> = over_limits(&big, "/", none)
            .iter()
            .map(|d| d.message.clone())
            .collect();
        assert_eq!(hosts.len(), 3, "{hosts:?}");
        let files = format!(
            "{} files, over Cloudflare Pages' {} on the free plan",
            grouped(30_000),
            grouped(20_000)
        );
        assert!(hosts[2].contains(&files), "{hosts:?}");
        // Under every limit: no warning.
        let small = Upload {
            bytes: 400 << 20,
            files: 18_000,
            ..big
        };
        assert!(over_limits(&small, "/", none).is_empty());
    }
}
