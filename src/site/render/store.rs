//! Where rendered files go ([`Store`]: `serve`'s copy of the site, nowhere for `check`, the
//! output folder for `build`), and the [`Output`] every page is handed to, which refuses a
//! second file at one address and gathers every problem of a render.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Mutex;

use crate::diag::{Code, Diagnostic};
use crate::site::templates::LayerFile;

/// Where rendered files go: `serve`'s copy of the site (see [`crate::site::disk_tree`]), nowhere
/// (`check`), or staged in the output folder (`build`, see [`crate::site::output::Staging`]). Called from many threads at once.
pub trait Store: Sync {
    fn store(&self, path: &str, bytes: Vec<u8>) -> Result<(), Diagnostic>;

    /// Takes a static file as it is; a store that writes files streams an on-disk one into
    /// place rather than reading it whole.
    fn store_file(&self, path: &str, file: &LayerFile) -> Result<(), Diagnostic> {
        self.store(path, file.read()?)
    }

    /// Keeps the files `paths` as a previous build wrote them, if the store can vouch for all
    /// of them (see [`crate::site::reuse`]); a store that holds no previous build cannot.
    fn keep(&self, _paths: &[String]) -> bool {
        false
    }

    /// Whether the store throws every file away (`check`): then what costs time to make and
    /// cannot fail (a link-preview image) is not made.
    fn discards(&self) -> bool {
        false
    }
}

/// Keeps nothing: for `check`, which renders pages to find errors and writes none.
pub(crate) struct Discard;

impl Store for Discard {
    fn store(&self, _path: &str, _bytes: Vec<u8>) -> Result<(), Diagnostic> {
        Ok(())
    }

    /// An event's files are only offered when the last build rendered them from the same
    /// inputs, so they rendered without an error: nothing needs writing, so nothing can fail.
    fn keep(&self, _paths: &[String]) -> bool {
        true
    }

    fn store_file(&self, _path: &str, _file: &LayerFile) -> Result<(), Diagnostic> {
        Ok(())
    }

    fn discards(&self) -> bool {
        true
    }
}

/// The output of a render: hands each file to a [`Store`], refuses a second file at one
/// address, and keeps every path (the sitemap lists them) and every problem.
pub(crate) struct Output<'s> {
    pub(super) store: &'s dyn Store,
    paths: Mutex<BTreeSet<String>>,
    diagnostics: Mutex<Vec<Diagnostic>>,
    /// Set by the first file the store could not take (a full disk, a refused folder): the
    /// files after it are not handed over, so the cause is told once, not once per page.
    store_failed: std::sync::atomic::AtomicBool,
}

impl<'s> Output<'s> {
    pub(crate) fn new(store: &'s dyn Store) -> Output<'s> {
        Output {
            store,
            paths: Mutex::new(BTreeSet::new()),
            diagnostics: Mutex::new(Vec::new()),
            store_failed: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// Adds one output file; two files at one address is an error naming the second one's
    /// source.
    pub(super) fn add(&self, path: String, bytes: Vec<u8>, source: &Path) {
        self.hand_over(&path, source, |store| store.store(&path, bytes));
    }

    /// [`Output::add`] for a static file, which the store takes from where it is.
    pub(super) fn add_file(&self, path: &str, file: &LayerFile) {
        self.hand_over(path, &file.source, |store| store.store_file(path, file));
    }

    /// Claims `path` and hands its file to the store with `give`.
    fn hand_over(
        &self,
        path: &str,
        source: &Path,
        give: impl FnOnce(&dyn Store) -> Result<(), Diagnostic>,
    ) {
        use std::sync::atomic::Ordering;
        if !self.claim(path, source) || self.store_failed.load(Ordering::Relaxed) {
            return;
        }
        if let Err(d) = give(self.store)
            && !self.store_failed.swap(true, Ordering::Relaxed)
        {
            self.fail(d);
        }
    }

    /// Records `path` as taken; false (and an error naming `source`) when it already was.
    fn claim(&self, path: &str, source: &Path) -> bool {
        let fresh = self
            .paths
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(path.to_string());
        if !fresh {
            self.fail(
                Diagnostic::error(
                    Code::Content,
                    source,
                    None,
                    format!("the address `{path}` is already taken by another page"),
                )
                .with_help("rename this file so that its page has an address of its own"),
            );
        }
        fresh
    }

    /// Keeps an event's files from the previous build, if the store can: see [`Store::keep`].
    pub(super) fn keep(&self, paths: &[String], source: &Path) -> bool {
        if !self.store.keep(paths) {
            return false;
        }
        for path in paths {
            self.claim(path, source);
        }
        true
    }

    pub(super) fn fail(&self, diagnostic: Diagnostic) {
        self.diagnostics
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(diagnostic);
    }

    /// Whether anything went wrong so far.
    pub(crate) fn failed(&self) -> bool {
        !self
            .diagnostics
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_empty()
    }

    /// The paths of every file added so far.
    pub(crate) fn paths(&self) -> BTreeSet<String> {
        self.paths.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The problems, in a stable order (files render in parallel).
    pub(crate) fn into_result(self) -> Result<(), Vec<Diagnostic>> {
        let mut diagnostics = self
            .diagnostics
            .into_inner()
            .unwrap_or_else(|e| e.into_inner());
        if diagnostics.is_empty() {
            return Ok(());
        }
        diagnostics.sort_by(|a, b| (&a.file, &a.message).cmp(&(&b.file, &b.message)));
        // A fragment shared by many pages fails once per use: it is reported once.
        diagnostics.dedup_by(|a, b| (&a.file, &a.message) == (&b.file, &b.message));
        Err(diagnostics)
    }
}
