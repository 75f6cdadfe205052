//! Tournament structures: how many Swiss rounds and how large a cut, from the player count.

use super::Ruleset;

/// One row of a structure table: from `min_players` up, `swiss_rounds` rounds and a cut of `cut`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct StructureRow {
    pub(crate) min_players: u32,
    pub(crate) swiss_rounds: u32,
    pub(crate) cut: u32,
}

pub(crate) const fn row(min_players: u32, swiss_rounds: u32, cut: u32) -> StructureRow {
    StructureRow {
        min_players,
        swiss_rounds,
        cut,
    }
}

/// The structure table's row for `players`, or `None` when the structure has no table or the
/// table does not cover so few players.
pub(crate) fn lookup(ruleset: &Ruleset, structure: &str, players: u32) -> Option<StructureRow> {
    let (_, rows) = ruleset
        .structure_tables
        .iter()
        .find(|(name, _)| *name == structure)?;
    rows.iter()
        .rev()
        .find(|r| players >= r.min_players)
        .copied()
}

/// The smallest player count a structure's table covers.
pub(crate) fn minimum_players(ruleset: &Ruleset, structure: &str) -> Option<u32> {
    let (_, rows) = ruleset
        .structure_tables
        .iter()
        .find(|(name, _)| *name == structure)?;
    rows.first().map(|r| r.min_players)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::FFG_2018;

    fn at(structure: &str, players: u32) -> Option<(u32, u32)> {
        lookup(&FFG_2018, structure, players).map(|r| (r.swiss_rounds, r.cut))
    }

    /// Worked example 13: both tables at every boundary.
    #[test]
    fn ffg_2018_structure_tables() {
        assert_eq!(at("basic", 3), None);
        for (n, expect) in [
            (4, (3, 0)),
            (8, (3, 0)),
            (9, (4, 4)),
            (24, (4, 4)),
            (25, (4, 8)),
            (32, (4, 8)),
            (33, (5, 8)),
            (64, (5, 8)),
            (65, (6, 8)),
            (96, (6, 8)),
            (97, (6, 16)),
            (128, (6, 16)),
            (129, (7, 16)),
            (5000, (7, 16)),
        ] {
            assert_eq!(at("basic", n), Some(expect), "basic, {n} players");
        }
        assert_eq!(at("advanced", 8), None);
        for (n, expect) in [
            (9, (4, 4)),
            (20, (4, 4)),
            (21, (4, 8)),
            (32, (4, 8)),
            (33, (5, 8)),
            (56, (5, 8)),
            (57, (6, 8)),
            (80, (6, 8)),
            (81, (7, 8)),
            (128, (7, 8)),
            (129, (7, 16)),
            (176, (7, 16)),
            (177, (8, 16)),
            (272, (8, 16)),
            (273, (9, 16)),
        ] {
            assert_eq!(at("advanced", n), Some(expect), "advanced, {n} players");
        }
        assert_eq!(at("custom", 20), None);
        assert_eq!(minimum_players(&FFG_2018, "advanced"), Some(9));
    }
}
