//! The penalty log of a SW:LCG event (`[[penalties]]`): who was penalized, when, for which
//! infraction, and what they were given. A penalty that takes a game or a match is recorded in
//! the results too (the game or the match won by the opponent); the log says why.

/// When a penalty was given: in a Swiss round, or in a game of the elimination.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Given {
    Round(u32),
    EliminationGame(u32),
}

/// What the player did, in the words of the rules documents' conduct sections.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Infraction {
    /// A deck check found an illegal card, or the deck did not match its list (2014: "Deck
    /// check procedure").
    IllegalDeck,
    /// A deck list missing information or not matching the deck (2018: "Deck lists").
    DeckList,
    /// Failure to maintain a proper game state (2014: "Misrepresentation", special note).
    GameState,
    /// Stalling or abusing the time limit (both documents).
    SlowPlay,
    /// Unsporting conduct (2018) or unsportsmanlike conduct (2014).
    UnsportingConduct,
    /// Cheating: sleight of hand, physical manipulation, collusion, misrepresentation (2014).
    Cheating,
    /// Anything else, said in the note.
    Other,
}

/// What the player was given.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PenaltyKind {
    Warning,
    /// A game scored as lost.
    GameLoss,
    /// The match scored as lost (forfeited).
    MatchLoss,
    /// Removed from the event.
    Disqualification,
}

/// One entry of the penalty log.
#[derive(serde::Serialize, serde::Deserialize, Debug, Clone, PartialEq, Eq)]
pub(crate) struct Penalty {
    pub(crate) player: usize,
    pub(crate) given: Given,
    pub(crate) infraction: Infraction,
    pub(crate) penalty: PenaltyKind,
    /// What happened, as the organizer wrote it.
    pub(crate) note: Option<String>,
}

impl Given {
    /// The Swiss round it was given in, if it was.
    pub(crate) fn round(self) -> Option<u32> {
        match self {
            Given::Round(n) => Some(n),
            Given::EliminationGame(_) => None,
        }
    }

    /// The elimination game it was given in, if it was.
    pub(crate) fn elimination_game(self) -> Option<u32> {
        match self {
            Given::EliminationGame(n) => Some(n),
            Given::Round(_) => None,
        }
    }
}

impl Infraction {
    /// Every infraction with the id the event file writes, in the order the docs list them.
    pub(crate) const ALL: [(Infraction, &'static str); 7] = [
        (Infraction::IllegalDeck, "illegal_deck"),
        (Infraction::DeckList, "deck_list"),
        (Infraction::GameState, "game_state"),
        (Infraction::SlowPlay, "slow_play"),
        (Infraction::UnsportingConduct, "unsporting_conduct"),
        (Infraction::Cheating, "cheating"),
        (Infraction::Other, "other"),
    ];

    /// The id the event file and `event.json` write.
    pub(crate) fn id(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(i, _)| *i == self)
            .map_or("other", |(_, id)| id)
    }

    /// The infraction in words, for the pages.
    pub(crate) fn words(self) -> &'static str {
        match self {
            Infraction::IllegalDeck => "Illegal deck",
            Infraction::DeckList => "Deck list",
            Infraction::GameState => "Game state not kept",
            Infraction::SlowPlay => "Slow play",
            Infraction::UnsportingConduct => "Unsporting conduct",
            Infraction::Cheating => "Cheating",
            Infraction::Other => "Other",
        }
    }
}

impl PenaltyKind {
    /// Every penalty with the id the event file writes, lightest first.
    pub(crate) const ALL: [(PenaltyKind, &'static str); 4] = [
        (PenaltyKind::Warning, "warning"),
        (PenaltyKind::GameLoss, "game_loss"),
        (PenaltyKind::MatchLoss, "match_loss"),
        (PenaltyKind::Disqualification, "disqualification"),
    ];

    /// The id the event file and `event.json` write.
    pub(crate) fn id(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(p, _)| *p == self)
            .map_or("warning", |(_, id)| id)
    }

    /// Whether the penalty takes a game or the match, which the results then record.
    pub(crate) fn takes_games(self) -> bool {
        matches!(self, PenaltyKind::GameLoss | PenaltyKind::MatchLoss)
    }

    /// The penalty in words, for the pages.
    pub(crate) fn words(self) -> &'static str {
        match self {
            PenaltyKind::Warning => "Warning",
            PenaltyKind::GameLoss => "Game loss",
            PenaltyKind::MatchLoss => "Match loss",
            PenaltyKind::Disqualification => "Disqualification",
        }
    }
}
