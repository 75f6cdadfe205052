//! The pairing audit's verdict, as data: per replayed round, game or seeded stage, each table or
//! bye that departs from Holonet's pairing, what it is, whether it breaks a rule, and the words
//! the pages and the terminal show for it. The procedure that reaches it is [`super::audit`].
//!
//! The verdict has its own module because the computed facts of an event
//! ([`super::computed::Computed`]) carry it while the procedure reads those facts: the types
//! stand below both, so that imports only point down.

/// The audit of one event: one entry per recorded round (SW:CCG: game) that can be replayed,
/// then the seeded stages recorded after them.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Default, PartialEq, Eq)]
pub struct Audit {
    pub rounds: Vec<RoundAudit>,
}

/// What part of an event a [`RoundAudit`] covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Stage {
    /// A Swiss round.
    Round,
    /// A SW:CCG game of play.
    Game,
    /// The elimination games of the cut.
    Elimination,
    /// A team event's final match.
    FinalMatch,
    /// The SW:CCG Final Confrontation.
    FinalConfrontation,
}

/// The verdict on a round, and on a whole event (its worst round).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Exactly as Holonet pairs it.
    Identical,
    /// Different, and every difference is a choice the rules allow.
    Legal,
    /// Different, no difference proven to break a rule, and at least one not decided (the
    /// search stopped at its bound).
    Undecided,
    /// At least one difference breaks a rule.
    Broken,
}

impl Status {
    /// The verdict on a round in words: "as Holonet pairs it", "another draw the rules
    /// permit", "breaks a rule". Only a proven break is called one; a different draw the
    /// rules permit is named as such, in neutral words.
    pub(crate) fn verdict(self) -> &'static str {
        match self {
            Status::Identical => "as Holonet pairs it",
            Status::Legal => "another draw the rules permit",
            Status::Undecided => UNDECIDED,
            Status::Broken => "breaks a rule",
        }
    }
}

/// The verdict on a table or bye the audit could not decide.
pub(crate) const UNDECIDED: &str = "not decided: too many possible pairings to try every one";

/// The verdict on a table of a Tournament Assistant game the audit does not replay
/// ([`DepartureKind::NotReplayed`]).
pub(crate) const NOT_REPLAYED: &str =
    "not decided: the software's moves to avoid a repeat are not replayed";

/// One round, game or seeded stage, audited.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct RoundAudit {
    pub(crate) stage: Stage,
    /// The round or game number (`None` for the seeded stages).
    pub(crate) number: Option<u32>,
    /// What differs from the replay, in table order, seating first.
    pub departures: Vec<Departure>,
}

/// A table, bye or game that differs from what Holonet pairs.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub struct Departure {
    /// The recorded table (elimination: game) number; `None` for a bye or a missing player.
    pub(crate) table: Option<u32>,
    /// The players concerned, as recorded (SW:CCG: dark first).
    pub(crate) players: Vec<usize>,
    pub(crate) kind: DepartureKind,
    /// Whether it breaks a rule (otherwise it is a choice the rules allow).
    pub(crate) broken: bool,
    /// Who the rules give the place to: the player due the bye, or the two finalists.
    pub(crate) instead: Vec<usize>,
}

/// What a departure is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum DepartureKind {
    /// Two players who had already met (SW:CCG: with the same allegiances).
    Rematch,
    /// A bye to another player than the replay's.
    Bye,
    /// Two players from different score groups.
    AcrossGroups,
    /// A table within a score group, not a rematch, that no permitted pairing keeps beside the
    /// round's other tables (keeping it leaves others a rematch or a move between groups that
    /// another pairing avoids).
    NotPermitted,
    /// 2014: a table that is not the halves pairing, which had no rematch to mend.
    NotInHalves,
    /// Another random draw the rules allow.
    OtherDraw,
    /// 2014: another way of mending a rematch of the halves pairing, which the rules leave to
    /// the organizer.
    Adjustment,
    /// 2014: the halves pairing of the players seated, who differ from the replay's (another
    /// bye).
    OtherSeating,
    /// A player seated twice in the round.
    Twice,
    /// A player in the event for the round with no table and no bye.
    Missing,
    /// A player seated who is not in the event for the round.
    NotEntered,
    /// SW:CCG: a table no outcome of the guide's procedure gives.
    NotTheGuide,
    /// A table or bye the pairing found does not give, where Holonet stopped before trying
    /// every pairing the rules permit (SW:CCG: the search's bound on the orders of players level
    /// on total score; a Swiss round: a field beyond `swiss::EXACT_FIELD`): not known to break
    /// a rule, so never called a break (`broken` is false).
    Undecided,
    /// An elimination game the bracket does not give as recorded.
    NotTheBracket,
    /// A final between others than the finalists the standings give, or a final not needed.
    NotTheFinalists,
    /// `swccg-pc-sos`: a player who plays the allegiance of the game before in a round's second
    /// game, not the one player moved to even out the piles.
    AllegianceKept,
    /// `swccg-pc-sos`: scores the Tournament Assistant's piles do not pair, in a game with no
    /// repeat to avoid.
    NotTheAssistant,
    /// `swccg-pc-sos`: a repeat of opponents and allegiances in a round's first game, which the
    /// software avoids by swapping the allegiances.
    AssistantRepeat,
    /// `swccg-pc-sos`: outside the pairs of scores the piles give, in a game where the software
    /// had repeats to avoid by moves Holonet does not replay for every draw: not known to
    /// break a rule, so never called a break.
    NotReplayed,
}

impl DepartureKind {
    /// Whether Holonet could not decide if the rules permit it (never a break).
    pub(crate) fn is_undecided(self) -> bool {
        matches!(self, DepartureKind::Undecided | DepartureKind::NotReplayed)
    }
}

impl RoundAudit {
    pub fn status(&self) -> Status {
        if self.departures.iter().any(|d| d.broken) {
            Status::Broken
        } else if self.departures.iter().any(|d| d.kind.is_undecided()) {
            Status::Undecided
        } else if self.departures.is_empty() {
            Status::Identical
        } else {
            Status::Legal
        }
    }

    /// Where a departure of this round is: "Table 4", "Game 7" (the seeded stages number their
    /// games), "Bye" or "Seating" (a player missing or seated twice outside a table).
    pub(crate) fn place(&self, d: &Departure) -> String {
        match (d.table, d.kind) {
            (Some(n), _) if matches!(self.stage, Stage::Round | Stage::Game) => {
                format!("Table {n}")
            }
            (Some(n), _) => format!("Game {n}"),
            (None, DepartureKind::Bye | DepartureKind::Undecided) => "Bye".into(),
            (None, _) => "Seating".into(),
        }
    }

    /// "Round 3", "Game 2", "Elimination games", "Final match", "Final Confrontation".
    pub fn title(&self) -> String {
        let n = self.number.unwrap_or(0);
        match self.stage {
            Stage::Round => format!("Round {n}"),
            Stage::Game => format!("Game {n}"),
            Stage::Elimination => "Elimination games".into(),
            Stage::FinalMatch => "Final match".into(),
            Stage::FinalConfrontation => "Final Confrontation".into(),
        }
    }
}

impl Audit {
    /// The worst status of any round; `None` when nothing was audited.
    pub fn status(&self) -> Option<Status> {
        self.rounds.iter().map(RoundAudit::status).max()
    }

    /// Every departure of every audited round.
    pub(crate) fn departures(&self) -> impl Iterator<Item = &Departure> {
        self.rounds.iter().flat_map(|r| &r.departures)
    }

    /// The verdict in a few words, for the badge and the terminal: "every round as Holonet
    /// pairs it", "2 differences, all permitted by the rules", "1 difference breaks a rule",
    /// "3 differences, 1 breaks a rule". `None` when nothing was audited.
    pub(crate) fn summary(&self) -> Option<String> {
        let status = self.status()?;
        let total = self.departures().count();
        let broken = self.departures().filter(|d| d.broken).count();
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        Some(match status {
            // SW:CCG events count games.
            Status::Identical if self.rounds.iter().any(|r| r.stage == Stage::Game) => {
                "every game as Holonet pairs it".into()
            }
            Status::Identical => "every round as Holonet pairs it".into(),
            Status::Legal => format!(
                "{}, all permitted by the rules",
                plural(total, "difference")
            ),
            Status::Undecided => {
                let open = self.departures().filter(|d| d.kind.is_undecided()).count();
                format!("{}, {open} not decided", plural(total, "difference"))
            }
            Status::Broken if total == broken => format!(
                "{} {}",
                plural(total, "difference"),
                if total == 1 {
                    "breaks a rule"
                } else {
                    "break a rule"
                }
            ),
            Status::Broken => format!(
                "{}, {broken} {} a rule",
                plural(total, "difference"),
                if broken == 1 { "breaks" } else { "break" }
            ),
        })
    }
}

impl Departure {
    /// "breaks a rule", "not decided: ..." or "permitted by the rules".
    pub(crate) fn verdict(&self) -> &'static str {
        if self.broken {
            Status::Broken.verdict()
        } else if self.kind == DepartureKind::NotReplayed {
            NOT_REPLAYED
        } else if self.kind.is_undecided() {
            UNDECIDED
        } else {
            "permitted by the rules"
        }
    }

    /// The departure in plain words, with the players' names (`name` gives each player's).
    pub(crate) fn explain(&self, name: impl Fn(usize) -> String) -> String {
        let who = |i: usize| self.players.get(i).map_or_else(String::new, |&p| name(p));
        let (a, b) = (who(0), who(1));
        let instead = self
            .instead
            .iter()
            .map(|&p| name(p))
            .collect::<Vec<_>>()
            .join(" and ");
        match (self.kind, self.broken) {
            (DepartureKind::Rematch, true) => format!(
                "{a} and {b} had already met, and the round could have had fewer rematches: no pairing the rules permit keeps this table beside the round's other tables."
            ),
            (DepartureKind::Rematch, false) => format!(
                "{a} and {b} had already met, but no pairing of the round has fewer rematches: this is one the round needed, in a pairing the rules permit."
            ),
            (DepartureKind::Bye, true) if instead.is_empty() => {
                format!("{a} got a bye the round did not need.")
            }
            (DepartureKind::Bye, true) => {
                format!("{a} got the bye, which the rules give to {instead}.")
            }
            (DepartureKind::Bye, false) => format!(
                "{a} got the bye rather than {instead}: another draw the rules permit (a draw, or players only chance separates)."
            ),
            (DepartureKind::AcrossGroups, true) => format!(
                "{a} and {b} are from different score groups, and no pairing the rules permit keeps this table beside the round's other tables: the round could have had fewer rematches or fewer, shorter moves between groups."
            ),
            (DepartureKind::AcrossGroups, false) => format!(
                "{a} and {b} are from different score groups, as the procedure pairs the odd player of a group (or avoids a rematch): another draw the rules permit."
            ),
            (DepartureKind::NotPermitted, _) => format!(
                "{a} v {b} is in no pairing the rules permit beside the round's other tables: with it, the others need a rematch or a move between groups that another pairing avoids."
            ),
            (DepartureKind::NotInHalves, _) => format!(
                "{a} v {b} is not the pairing in halves by player number, which had no rematch to mend."
            ),
            (DepartureKind::OtherDraw, _) => {
                format!("{a} v {b} is another draw the rules permit.")
            }
            (DepartureKind::Adjustment, _) => format!(
                "{a} v {b} is another way to mend a rematch of the pairing in halves, which the rules leave to the organizer."
            ),
            (DepartureKind::OtherSeating, _) => format!(
                "{a} v {b} is the pairing in halves of the players seated, once the round's other bye is taken into account."
            ),
            (DepartureKind::Twice, _) => format!("{a} is seated twice in the round."),
            (DepartureKind::Missing, _) => {
                format!("{a} is in the event this round but has no table and no bye.")
            }
            (DepartureKind::NotEntered, _) => format!(
                "{a} is seated but is not in the event this round (dropped, not entered yet, or disqualified)."
            ),
            (DepartureKind::NotTheGuide, _) => format!(
                "{a} (dark) v {b} (light) is not a table the guide's pairing gives from the games before, under any draw."
            ),
            (DepartureKind::Undecided, _) if b.is_empty() => format!(
                "{a} got the bye, which the outcome of the guide's procedure the search found does not give; the search stopped before trying every order of the players level on total score, so whether another order gives it is not known, and it is not called a break."
            ),
            (DepartureKind::Undecided, _) => format!(
                "{a} v {b} is not a table of the pairing Holonet found; it stopped before trying every pairing the rules permit (SW:CCG: every order of the players level on total score; a Swiss round: a field of more than {} players), so whether one gives this table is not known, and it is not called a break.",
                super::pairing::swiss::EXACT_FIELD
            ),
            (DepartureKind::NotTheBracket, _) if a.is_empty() => {
                "The result recorded for this game is one the bracket does not give (no such game, its players not known yet, or not needed).".into()
            }
            (DepartureKind::NotTheBracket, _) => {
                format!("{a} is recorded in this game, but the bracket seats other players there.")
            }
            (DepartureKind::NotTheFinalists, _) if instead.is_empty() => {
                "A final is recorded, but the standings do not call for one.".into()
            }
            (DepartureKind::NotTheFinalists, _) => {
                format!("The final is played by {instead}, not as recorded.")
            }
            (DepartureKind::AllegianceKept, _) => format!(
                "{a} plays the allegiance of the game before again, in the second game of a round: the Tournament Assistant switches every player's allegiance, and moves only one player, of the fewest points in the longer pile, to even out unequal piles."
            ),
            (DepartureKind::NotTheAssistant, _) => format!(
                "{a} (dark) v {b} (light) is not a table the Tournament Assistant's pairing gives from the games before, under any draw: with no repeat to avoid in this game, the tops of its piles always meet, so which scores meet is fixed."
            ),
            (DepartureKind::AssistantRepeat, _) => format!(
                "{a} (dark) and {b} (light) had already met with these allegiances; in the first game of a round the Tournament Assistant swaps their allegiances instead."
            ),
            (DepartureKind::NotReplayed, _) => format!(
                "{a} v {b} is not a table the Tournament Assistant's piles give when their tops meet; in this game the software had repeats to avoid (by pairing down or swapping opponents), which Holonet does not replay for every draw, so whether it gives this table is not known, and it is not called a break."
            ),
        }
    }
}
