//! The two sides of the Force, and the state of a game recorded when time was called: facts
//! that the Swiss rounds, the top cut, the SW:CCG games and the challenge scenarios all name.

/// A side of the Force.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Dark,
    Light,
}

impl Side {
    /// The other side.
    pub(crate) fn opposite(self) -> Side {
        match self {
            Side::Dark => Side::Light,
            Side::Light => Side::Dark,
        }
    }

    /// Index into `[dark, light]` arrays.
    pub(crate) fn index(self) -> usize {
        match self {
            Side::Dark => 0,
            Side::Light => 1,
        }
    }

    /// `dark` or `light`, as event files and pages write it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Side::Dark => "dark",
            Side::Light => "light",
        }
    }
}

/// The game state recorded when an elimination game goes to time (2018 scoring).
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timed {
    /// Objectives in the light side player's victory pile.
    pub(crate) light_objectives: u32,
    /// Damage on the dark side player's objectives.
    pub(crate) light_damage: u32,
    /// The Death Star dial (0 to 11).
    pub(crate) dial: u32,
    /// Damage on the light side player's objectives.
    pub(crate) dark_damage: u32,
    /// Who holds the Balance of the Force.
    pub(crate) balance: Side,
}

impl Timed {
    /// The counts of the state as the event file names them, in field order, each with the most
    /// it can be when time is called: a third destroyed objective or the dial reaching 12 would
    /// have ended the game before time; damage has no such end, and 99 keeps typing mistakes out.
    /// The file's reader and `holonet report --timed` both check against this one table.
    pub(crate) const COUNTS: [(&'static str, u32); 4] = [
        ("light_objectives", 2),
        ("light_damage", 99),
        ("dial", 11),
        ("dark_damage", 99),
    ];

    /// A state from its counts in [`Timed::COUNTS`] order.
    pub(crate) fn from_counts(counts: [u32; 4], balance: Side) -> Timed {
        let [light_objectives, light_damage, dial, dark_damage] = counts;
        Timed {
            light_objectives,
            light_damage,
            dial,
            dark_damage,
            balance,
        }
    }

    /// The counts in [`Timed::COUNTS`] order.
    pub(crate) fn counts(&self) -> [u32; 4] {
        [
            self.light_objectives,
            self.light_damage,
            self.dial,
            self.dark_damage,
        ]
    }
}
