//! Holonet: a static site generator for Star Wars card game tournaments.
//!
//! Data flows one way: [`load`] reads and validates the archive into [`event`]'s plain facts,
//! [`rules`] computes standings from them, [`site`] models, renders and writes pages, and
//! [`edit`] changes event files for the commands that record a tournament as it is played.
//! `tests/it/layers.rs` keeps every import pointing down; `ARCHITECTURE.md` draws the layers.

// `Diagnostic` is the error type throughout: it is made on cold paths only, and boxing it
// everywhere would add noise for no measurable gain.
#![allow(clippy::result_large_err)]

pub mod atomic;
pub mod builtin;
pub mod config;
pub mod diag;
pub mod edit;
pub mod encoded;
pub mod event;
pub mod input_key;
pub mod limits;
pub mod load;
pub mod paths;
pub mod rules;
pub mod scaffold;
pub mod serve;
pub mod site;
pub mod terminal;
pub mod text_file;
pub mod toml_reader;
pub mod wall_clock;
