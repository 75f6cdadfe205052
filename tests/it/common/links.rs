//! The site's links, followed: every internal link names a file the build wrote, and every
//! fragment an element of that page (a dead `#year-2019` is as broken as a missing page).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

/// Every file under `dir`: relative path -> bytes.
pub fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.expect("walk"))
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            (
                e.path().strip_prefix(dir).expect("prefix").to_path_buf(),
                fs::read(e.path()).expect("read"),
            )
        })
        .collect()
}

/// Every value of the attribute `attr` (such as `href="`) in `html`.
fn attribute_values(html: &str, attr: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find(attr) {
        rest = &rest[i + attr.len()..];
        if let Some(end) = rest.find('"') {
            found.push(rest[..end].to_string());
        }
    }
    found
}

/// Every `href` and `src` in the site's HTML.
pub fn links(html: &str) -> Vec<String> {
    let mut found = attribute_values(html, " href=\"");
    found.extend(attribute_values(html, " src=\""));
    found
}

/// A relative link on the page at `page` (a file path under the output), as a link from the
/// site root under `base`.
fn resolve_relative(page: &Path, link: &str, base: &str) -> String {
    let mut parts: Vec<String> = page
        .parent()
        .map(|p| p.iter().map(|c| c.to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    for segment in link.split('/') {
        match segment {
            ".." => {
                parts.pop();
            }
            "." => {}
            other => parts.push(other.to_string()),
        }
    }
    format!("{base}{}", parts.join("/"))
}

/// Asserts that every internal link in the HTML under `out` starts with `base` and names a
/// file that exists, and that every fragment (on another page or the same one) names an `id`
/// of its page; returns how many links were followed.
pub fn assert_links_resolve(out: &Path, base: &str) -> usize {
    let files = tree(out);
    // Each page's ids, read once.
    let mut ids: HashMap<PathBuf, BTreeSet<String>> = HashMap::new();
    let mut ids_of = |file: &Path| -> BTreeSet<String> {
        ids.entry(file.to_path_buf())
            .or_insert_with(|| {
                let html = String::from_utf8_lossy(&files[file]);
                attribute_values(&html, " id=\"").into_iter().collect()
            })
            .clone()
    };
    let mut checked = 0;
    for (path, bytes) in &files {
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let html = String::from_utf8(bytes.clone()).expect("utf-8");
        for link in links(&html) {
            if link.starts_with("https://")
                || link.starts_with("http://")
                || link.starts_with("mailto:")
                || link.starts_with("data:")
            {
                continue;
            }
            let (target, fragment) = match link.split_once('#') {
                Some((target, fragment)) => (target.to_string(), Some(fragment.to_string())),
                None => (link.clone(), None),
            };
            let file = if target.is_empty() {
                path.clone()
            } else {
                let target = if target.starts_with('/') {
                    target
                } else {
                    resolve_relative(path, &target, base)
                };
                assert!(
                    target.starts_with(base),
                    "{link} in {} does not start with {base}",
                    path.display()
                );
                let target = &target[base.len()..];
                let target = target.split('?').next().unwrap_or_default();
                PathBuf::from(if target.is_empty() || target.ends_with('/') {
                    format!("{target}index.html")
                } else {
                    target.to_string()
                })
            };
            assert!(
                files.contains_key(&file),
                "{link} in {} points to a missing file",
                path.display()
            );
            if let Some(fragment) = fragment.filter(|f| !f.is_empty()) {
                assert!(
                    ids_of(&file).contains(&fragment),
                    "{link} in {} points to no element of {}",
                    path.display(),
                    file.display()
                );
            }
            checked += 1;
        }
    }
    checked
}
