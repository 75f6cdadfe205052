//! SW:CCG events played under rules Holonet does not model: the ruleset as data. Nothing of
//! it is computed; its events are known only by their standings as published.

use super::{Ruleset, SWCCG_2008};

/// Star Wars CCG events of Decipher's time (1995-2001) and of the Players Committee's guides
/// before 2008, whose tournament rules Holonet does not implement. An event names it to say
/// so: its standings are recorded as published (`[[standings]]`), labelled as such, and no
/// standing, pairing or placing is computed by rules the event was not played under.
pub(crate) static SWCCG_HISTORIC: Ruleset = Ruleset {
    id: "swccg-historic",
    name: "SW:CCG, rules of the time (not modelled)",
    short_name: "Historic",
    formats: &["constructed", "sealed", "draft"],
    tiers: &[],
    standings_only: true,
    reference_page: "rules/swccg-historic/",
    reference_text: include_str!("../../content/rules/swccg-historic.md"),
    // The rest is the 2008 guide's shape of a SW:CCG event (victory points and a
    // differential per row), never read to compute anything.
    ..SWCCG_2008
};
