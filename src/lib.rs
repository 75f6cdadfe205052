//! Holonet: a static site generator for Star Wars card game tournaments.
//!
//! Data flows one way: [`event::load`] reads and validates the archive, [`rules`] computes
//! standings from recorded facts, [`site`] models, renders and writes pages.

// `Diagnostic` is the error type throughout: it is made on cold paths only, and boxing it
// everywhere would add noise for no measurable gain.
#![allow(clippy::result_large_err)]

pub mod atomic;
pub mod builtin;
pub mod config;
pub mod diag;
pub mod edit_timing;
pub mod event;
pub mod event_template;
pub mod generate;
pub mod paths;
pub mod rules;
pub mod scaffold;
pub mod serve;
pub mod site;
pub mod terminal;
pub mod toml_reader;
pub mod wall_clock;
