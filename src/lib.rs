//! Holonet: a static site generator for Star Wars card game tournaments.
//!
//! Data flows one way: [`event::load`] reads and validates the archive, [`rules`] computes
//! standings from recorded facts, [`site`] models, renders and writes pages.

pub mod config;
pub mod diag;
pub mod event;
pub mod rules;
pub mod toml_reader;
pub mod scaffold;
pub mod site;
