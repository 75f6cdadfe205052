//! Holonet's integration tests, in one test binary so that the crate and the test harness are
//! linked once for all of them rather than once per file. Each module tests the program as
//! organizers run it (the binary started in a site folder) or the library's public face;
//! `common` holds what they share. `cargo test --test it serve_files::` runs one module.

mod common;

mod archive_pages;
mod audit;
mod build;
mod cli;
mod closed_events;
mod code_size;
mod concurrent_edits;
mod customize;
mod decklists;
mod diagnostics;
mod end_date;
mod event_cache;
mod finding;
mod hostile;
mod incremental_build;
mod install_script;
mod interrupted_build;
mod issue_forms;
mod large_archive;
mod layers;
mod names;
mod pair;
mod pc_sos;
mod penalties;
mod published_standings;
mod random_edits;
mod ratings;
// The reports workflow runs its script under bash on GitHub's Ubuntu runners; so does its test.
#[cfg(unix)]
mod record_reports;
mod recorded_events;
mod records;
mod registration;
mod robustness;
mod scripts_js;
mod self_report;
mod serve;
mod serve_files;
mod serve_lan;
mod session;
mod tournament_assistant;
mod tournament_day;
mod venue;
mod web;
mod workflows;
