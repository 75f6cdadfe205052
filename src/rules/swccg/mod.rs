//! The Star Wars CCG tournament guide (Official SW:CCG Tournament Guide v4.1, 2008): scoring by
//! victory points and differential, the final-standings tiebreakers, the pile pairing of
//! constructed rounds (two games a round, one per allegiance), fixed-allegiance pairing of
//! sealed, draft and Watto's Cube events, the Final Confrontation, draft pods, minimums and game
//! time.
//!
//! Everything here is a pure function of its arguments. Randomness only comes from
//! [`Stream`]s, with these labels:
//!
//! - `"game 1 order"`: the shuffle of the scorecards before the first game ([`pair_first_game`],
//!   and each allegiance pile of [`pair_fixed`] for game 1).
//! - `"game 1 allegiance"`: the coin for the allegiance of the odd positions in game 1.
//! - `"game {game} allegiance"`: the coin of a new round (game 3, 5, ...; [`pair_new_round`]).
//! - the caller's label for a true tie ([`score_game`]), for the random end of the standings
//!   ([`rank`]) and for the random end of a Final Confrontation ([`final_confrontation()`]).
//!   Suggested: `"game {game} table {table} true tie"`, `"standings after game {game}"`,
//!   `"final confrontation"`.
//!
//! [`Stream`]: crate::rules::random::Stream
//! [`pair_first_game`]: pairing::pair_first_game
//! [`pair_fixed`]: pairing::pair_fixed
//! [`pair_new_round`]: pairing::pair_new_round
//! [`score_game`]: scoring::score_game
//! [`rank`]: standings::rank
//! [`final_confrontation()`]: final_confrontation::final_confrontation
//!
//! Each concept has its file: [`scoring`] (a game's score, deck-check penalties), [`standings`]
//! (the guide's tiebreakers), [`pairing`] (piles and fixed allegiances), [`outcomes`] (every
//! outcome of the pairing's random steps, for judging a recorded game),
//! [`final_confrontation`] and [`formats`] (pods, minimums, time). What they all speak of, the
//! allegiance a player plays, is here.

pub(crate) mod final_confrontation;
pub(crate) mod formats;
pub(crate) mod outcomes;
pub(crate) mod pairing;
pub(crate) mod pc_match_play;
pub(crate) mod pc_pairing;
pub(crate) mod pc_sos;
pub(crate) mod scoring;
pub(crate) mod standings;
pub(crate) mod top_cut;

/// A seat of a game is named by the allegiance played there: in every game one player plays
/// Dark Side and the other Light Side, so arrays of two are indexed `[dark, light]`
/// ([`Side::index`]).
pub(crate) type Seat = Side;

use crate::event::Side;
