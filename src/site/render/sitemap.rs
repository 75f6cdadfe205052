//! The files that describe the finished tree: the sitemap (every HTML page) and `robots.txt`,
//! which points to it. They are added once every other file is.

use std::collections::BTreeSet;
use std::path::Path;

use super::store::Output;
use crate::config::Config;
use crate::site::content::ContentPage;
use crate::site::escape;
use crate::site::model::SiteView;

/// Adds the files that describe the finished tree: the sitemap (every HTML page) and
/// `robots.txt`, which points to it.
pub(crate) fn finish(config: &Config, pages: &[ContentPage], output: &Output<'_>) {
    for (path, bytes) in finishing_files(config, pages, &output.paths()) {
        output.add(path, bytes, Path::new("the sitemap"));
    }
}

/// The sitemap and `robots.txt` of a tree with these `paths`.
pub(crate) fn finishing_files(
    config: &Config,
    pages: &[ContentPage],
    paths: &BTreeSet<String>,
) -> [(String, Vec<u8>); 2] {
    let site = SiteView::new(config, pages);
    let robots = format!(
        "User-agent: *\nAllow: /\n\nSitemap: {}sitemap.xml\n",
        site.base_url
    );
    [
        ("sitemap.xml".into(), sitemap(&site, paths).into_bytes()),
        ("robots.txt".into(), robots.into_bytes()),
    ]
}

/// A sitemap of every HTML page but the 404 page, in path order.
fn sitemap(site: &SiteView, paths: &BTreeSet<String>) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for path in paths.iter().filter(|p| p.ends_with("index.html")) {
        let page = path.trim_end_matches("index.html");
        out.push_str(&format!(
            "  <url><loc>{}</loc></url>\n",
            escape::xml(&format!("{}{}", site.base_url, page))
        ));
    }
    out.push_str("</urlset>\n");
    out
}
