//! What `holonet import` makes of what it is given: a folder of events saved by the Players
//! Committee's Tournament Assistant, one saved event, or a CSV of standings, and which of the
//! command's options go with which. A file is told by what it holds, not by its name.

use crate::diag::Shown;
use std::path::{Path, PathBuf};

use super::import::{ImportError, ImportOptions};
use super::tournament_assistant::{self as saved, InFolder, Outcome, SavedOptions};
use crate::diag::Report;
use crate::toml_reader::Date;

/// `holonet import` as the command line gives it; relative paths are read from the site folder.
#[derive(Debug, Clone, Default)]
pub struct ImportRequest {
    /// The CSV, the saved event, or the folder of saved events.
    pub file: PathBuf,
    pub out: Option<PathBuf>,
    pub name: Option<String>,
    pub date: Option<Date>,
    pub rules: Option<String>,
    pub format: Option<String>,
    pub tier: Option<String>,
    pub location: Option<String>,
    pub skip: Vec<String>,
    /// The saved `MATCH_PLAY` file of a saved Swiss event's top 8.
    pub top_cut: Option<PathBuf>,
}

/// What an import request comes to, once its file is read.
#[derive(Debug)]
pub enum ImportPlan {
    /// Every saved event of a folder: [`import_folder`].
    Folder {
        folder: PathBuf,
        options: SavedOptions,
    },
    /// One saved event, with its text: [`saved::import_saved`].
    Saved {
        file: PathBuf,
        text: String,
        options: SavedOptions,
    },
    /// A CSV of standings, with its text: [`super::import::import_csv`].
    Csv {
        file: PathBuf,
        text: String,
        out: PathBuf,
        options: ImportOptions,
    },
}

/// Reads `request`'s file and decides what to import, refusing the options that do not go
/// with it: a folder takes no `--out`, `--name` or `--top-cut` (they name one event); a saved
/// event takes none of the CSV's options (its mode gives the ruleset); a CSV takes no
/// `--top-cut` and needs `--out`, `--name` and `--date`. A JSON object given no CSV option
/// is read as a saved event, to say what it lacks.
pub fn plan(root: &Path, request: ImportRequest) -> Result<ImportPlan, ImportError> {
    let usage = |message: String| Err(ImportError::Usage(message));
    let file = crate::paths::under_root(root, &request.file);
    let top_cut = match request.top_cut.map(|f| crate::paths::under_root(root, &f)) {
        Some(_) if file.is_dir() => {
            return usage(format!(
                "--top-cut goes with one saved Swiss event: import the files of {} one at a time to give it",
                file.shown()
            ));
        }
        Some(cut) => {
            let text = read(&cut)?;
            Some((cut, text))
        }
        None => None,
    };
    let options = |out: Option<PathBuf>, undated_only: bool| SavedOptions {
        date: request.date,
        undated_only,
        name: request.name.clone(),
        out,
        top_cut: top_cut.clone(),
    };
    if file.is_dir() {
        if request.out.is_some() || request.name.is_some() {
            return usage(format!(
                "--out and --name name one event; import the files of {} one at a time to give them",
                file.shown()
            ));
        }
        // A folder's --date is for the files saved without one: a saved date wins.
        let options = options(None, true);
        return Ok(ImportPlan::Folder {
            folder: file,
            options,
        });
    }
    let text = read(&file)?;
    if saved::is_saved_event(&text) || (saved::is_json_object(&text) && request.out.is_none()) {
        for (flag, given) in [
            ("--rules", request.rules.is_some()),
            ("--format", request.format.is_some()),
            ("--tier", request.tier.is_some()),
            ("--location", request.location.is_some()),
            ("--skip", !request.skip.is_empty()),
        ] {
            if given {
                return usage(format!(
                    "{flag} is not read for a saved Tournament Assistant event (its mode gives the ruleset); add it to the event file after the import"
                ));
            }
        }
        let options = options(request.out, false);
        return Ok(ImportPlan::Saved {
            file,
            text,
            options,
        });
    }
    if top_cut.is_some() {
        return usage(format!(
            "--top-cut goes with a saved Tournament Assistant event, and {} is a table of standings",
            file.shown()
        ));
    }
    let (Some(out), Some(name), Some(date)) = (request.out, request.name, request.date) else {
        return usage(
            "a CSV of standings needs --out, --name and --date, such as --out events/2014/hoth-open.toml --name \"Hoth Open\" --date 2014-06-14"
                .to_string(),
        );
    };
    let rules = request
        .rules
        .unwrap_or_else(|| super::new::default_rules(root));
    Ok(ImportPlan::Csv {
        file,
        text,
        out,
        options: ImportOptions {
            name,
            date,
            rules,
            format: request.format,
            tier: request.tier,
            location: request.location,
            skip: request.skip,
        },
    })
}

/// A file given to `import`, read with the limits every input file has.
fn read(file: &Path) -> Result<String, ImportError> {
    saved::read_source(file).map_err(|diagnostic| {
        let mut report = Report::default();
        report.diagnostics.push(diagnostic);
        ImportError::Invalid(report)
    })
}

/// One file of a folder import, as it is done.
pub enum FolderStep<'a> {
    /// Not an event saved by the Tournament Assistant: skipped.
    Skipped(&'a Path),
    /// A saved event, and how its import went.
    Imported(&'a Path, &'a Result<Outcome, ImportError>),
}

/// `holonet import DIR`: every saved Tournament Assistant event of the folder, in file name
/// order, each told to `each` as it is done. One file's errors do not stop the others. The
/// number imported; an error when any file failed, or none was a saved event.
pub fn import_folder(
    root: &Path,
    folder: &Path,
    options: &SavedOptions,
    mut each: impl FnMut(FolderStep),
) -> Result<usize, String> {
    let (mut imported, mut failed) = (0, 0);
    for found in saved::folder_files(folder)? {
        let (file, text) = match found {
            InFolder::Saved(file, text) => (file, text),
            InFolder::Other(file) => {
                each(FolderStep::Skipped(&file));
                continue;
            }
        };
        let outcome = saved::import_saved(root, &file, &text, options);
        if outcome.is_ok() {
            imported += 1;
        } else {
            failed += 1;
        }
        each(FolderStep::Imported(&file, &outcome));
    }
    if failed > 0 {
        return Err(format!(
            "{failed} file(s) of {} could not be imported; {imported} were",
            folder.shown()
        ));
    }
    if imported == 0 {
        return Err(format!(
            "{} holds no event saved by the Tournament Assistant",
            folder.shown()
        ));
    }
    Ok(imported)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A site folder holding `files` (name, text).
    fn site(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("tempdir");
        for (name, text) in files {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    const SAVED: &str = r#"{"mode": "SOS", "players": [], "games": [], "rounds": []}"#;
    const CSV: &str = "rank,player\n1,Tom Kessel\n";

    fn request(file: &str) -> ImportRequest {
        ImportRequest {
            file: PathBuf::from(file),
            ..ImportRequest::default()
        }
    }

    fn refusal(planned: Result<ImportPlan, ImportError>) -> String {
        match planned {
            Err(ImportError::Usage(message)) => message,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn a_file_is_told_by_what_it_holds_not_by_its_name() {
        let dir = site(&[("saved.csv", SAVED), ("standings.json", CSV)]);
        let date = Date::parse_iso("2014-06-14");
        assert!(matches!(
            plan(dir.path(), request("saved.csv")),
            Ok(ImportPlan::Saved { .. })
        ));
        let csv = ImportRequest {
            out: Some("events/2014/hoth.toml".into()),
            name: Some("Hoth Open".into()),
            date,
            ..request("standings.json")
        };
        let Ok(ImportPlan::Csv { file, options, .. }) = plan(dir.path(), csv) else {
            panic!("a table of standings is a CSV whatever its name");
        };
        // A relative file is read from the site folder, and the ruleset defaults as `new`'s.
        assert_eq!(file, dir.path().join("standings.json"));
        assert_eq!(options.rules, "ffg-2018");
    }

    #[test]
    fn options_that_do_not_go_with_the_file_are_refused() {
        let dir = site(&[("saved/a.json", SAVED), ("a.json", SAVED), ("s.csv", CSV)]);
        let folder_out = ImportRequest {
            out: Some("events/x.toml".into()),
            ..request("saved")
        };
        assert!(refusal(plan(dir.path(), folder_out)).contains("--out and --name name one event"));
        let folder_cut = ImportRequest {
            top_cut: Some("a.json".into()),
            ..request("saved")
        };
        assert!(refusal(plan(dir.path(), folder_cut)).starts_with("--top-cut goes with one"));
        let saved_rules = ImportRequest {
            rules: Some("ffg-2018".into()),
            ..request("a.json")
        };
        assert!(refusal(plan(dir.path(), saved_rules)).starts_with("--rules is not read"));
        let csv_cut = ImportRequest {
            top_cut: Some("a.json".into()),
            ..request("s.csv")
        };
        assert!(refusal(plan(dir.path(), csv_cut)).contains("is a table of standings"));
        assert!(
            refusal(plan(dir.path(), request("s.csv"))).contains("needs --out, --name and --date")
        );
    }

    #[test]
    fn a_folders_date_is_for_its_undated_files_only() {
        let dir = site(&[("saved/a.json", SAVED)]);
        let dated = ImportRequest {
            date: Date::parse_iso("2020-01-01"),
            ..request("saved")
        };
        let Ok(ImportPlan::Folder { options, .. }) = plan(dir.path(), dated) else {
            panic!("a folder is imported file by file");
        };
        assert!(options.undated_only);
    }

    #[test]
    fn a_file_that_cannot_be_read_says_why_in_a_diagnostic() {
        let dir = site(&[]);
        match plan(dir.path(), request("missing.csv")) {
            Err(ImportError::Invalid(report)) => assert_eq!(report.errors(), 1),
            other => panic!("expected the file's diagnostic, got {other:?}"),
        }
    }
}
