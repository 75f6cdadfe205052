//! The event file `holonet new` writes: explained in comments, and holding only the fields that
//! apply to the chosen ruleset and format. A template that listed every field of every format
//! would invite organizers to fill in keys the check then refuses (`cut` in a team event,
//! `swiss_rounds` in a league, `objectives` in a SW:CCG deck), so the file is composed from the
//! ruleset's own data and the format's shape. Every line that is not a comment is valid as
//! written, with no player registered yet; the examples below them are commented out.

use std::fmt::Write as _;

use crate::diag::did_you_mean;
use crate::rules::casual;
use crate::rules::ccg_format::{self, LIMITED_DECK_SIZE};
use crate::rules::{CcgStandings, Family, RULESETS, Ruleset};
use crate::toml_reader::Date;

/// Other names organizers give SW:CCG and SW:LCG formats, and the project's name for each.
const FORMAT_ALIASES: &[(&str, &str)] = &[
    ("2-on-2", "team"),
    ("2v2", "team"),
    ("2vs2", "team"),
    ("doubles", "team"),
    ("swiss", "standard"),
    ("booster-draft", "draft"),
    ("watto-cube", "cube"),
];

/// What a new event is: a ruleset and one of its formats, checked against each other.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Shape {
    pub(crate) ruleset: &'static Ruleset,
    pub(crate) format: &'static str,
}

impl Shape {
    /// The shape `--rules` and `--format` name; `format` defaults to the ruleset's first. An
    /// unknown or mismatched value is refused with the values that fit and the closest one.
    pub(crate) fn new(rules: &str, format: Option<&str>) -> Result<Shape, String> {
        let ruleset = crate::rules::ruleset(rules).ok_or_else(|| {
            let known: Vec<&str> = RULESETS.iter().map(|r| r.id).collect();
            let close = did_you_mean(rules, known.iter().copied())
                .map(|c| format!("did you mean `{c}`? "))
                .unwrap_or_default();
            format!(
                "unknown ruleset `{rules}`; {close}use one of: {}",
                known.join(", ")
            )
        })?;
        let Some(wanted) = format else {
            return Ok(Shape {
                ruleset,
                format: ruleset.formats[0],
            });
        };
        if let Some(&format) = ruleset.formats.iter().find(|f| **f == wanted) {
            return Ok(Shape { ruleset, format });
        }
        let formats = ruleset.formats.join(", ");
        let elsewhere: Vec<&str> = RULESETS
            .iter()
            .filter(|r| r.formats.contains(&wanted))
            .map(|r| r.id)
            .collect();
        if !elsewhere.is_empty() {
            return Err(format!(
                "`{wanted}` is a format of {}, not of {}; the formats of {} are: {formats}",
                elsewhere.join(" and "),
                ruleset.id,
                ruleset.id
            ));
        }
        let alias = FORMAT_ALIASES
            .iter()
            .find(|(alias, _)| alias.eq_ignore_ascii_case(wanted))
            .map(|(_, name)| *name)
            .filter(|name| ruleset.formats.contains(name));
        let close = alias
            .or_else(|| did_you_mean(wanted, ruleset.formats.iter().copied()))
            .map(|c| format!("did you mean `{c}`? "))
            .unwrap_or_default();
        Err(format!(
            "unknown format `{wanted}` for {}; {close}use one of: {formats}",
            ruleset.id
        ))
    }

    fn ccg(&self) -> bool {
        self.ruleset.family == Family::Ccg
    }

    fn casual(&self) -> bool {
        casual::is_casual(self.format)
    }

    fn team(&self) -> bool {
        self.format == "team"
    }

    /// Sealed, draft and cube: decks built at the event, of a size the event chooses.
    fn limited(&self) -> bool {
        matches!(self.format, "sealed" | "draft" | "cube")
    }

    /// One line on what the format is, for the `format` key's comment.
    fn summary(&self) -> &'static str {
        match (self.ruleset.family, self.format) {
            (_, "league") => "games recorded one by one as they are played; no rounds, no cut",
            (_, "challenge") => "Balance of the Force challenge-deck sessions; no rounds",
            (Family::Lcg, "team") => "2 vs 2: teams of two are the competitors; no cut",
            (Family::Ccg, "team") => "2-on-2: teams of two are the competitors; no cut",
            (_, "constructed") => "60-card decks; every game is paired on its own",
            (_, "sealed" | "draft" | "cube") => {
                "limited: decks built at the event; every game is paired on its own"
            }
            _ => "Swiss rounds of two-game matches, then the top cut",
        }
    }
}

/// Appends `line` with `comment` after it, in column 34 when the line leaves room, so the
/// comments of a block line up.
fn commented(out: &mut String, line: &str, comment: &str) {
    let _ = writeln!(out, "{line:<32} # {comment}");
}

/// Joins values as "a, b or c".
fn or_list<T: ToString>(values: &[T]) -> String {
    let values: Vec<String> = values.iter().map(T::to_string).collect();
    match values.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The text of a new event file named `name`, dated `date`, of `shape`.
pub(crate) fn render(shape: Shape, name: &str, date: Date) -> String {
    let mut out = String::new();
    let ruleset = shape.ruleset;
    let _ = writeln!(
        out,
        "# {name}: a {} event of {}, under the {}.",
        shape.format, ruleset.game, ruleset.name
    );
    out.push_str(
        "# One file per event, the only record of what happened. Lines starting with # are comments;\n\
         # remove the # to use a line. Only the fields of this ruleset and format are listed; the\n\
         # full reference is the site's \"Event file\" page (content/docs/event-file.md).\n\n",
    );
    event_table(&mut out, shape, name, date);
    players(&mut out, shape);
    if shape.team() {
        teams(&mut out);
    }
    records(&mut out, shape);
    out
}

fn event_table(out: &mut String, shape: Shape, name: &str, date: Date) {
    let ruleset = shape.ruleset;
    let date = date.iso();
    out.push_str("[event]\n");
    commented(
        out,
        &format!("name = {}", toml::Value::String(name.to_string())),
        "shown on every page",
    );
    commented(
        out,
        &format!("date = {date}"),
        "the first day, written YYYY-MM-DD",
    );
    let end = if shape.format == "league" {
        "the last day: games after it are refused"
    } else {
        "the last day, for an event over several days"
    };
    commented(out, &format!("# end_date = {date}"), end);
    commented(
        out,
        &format!("rules = \"{}\"", ruleset.id),
        &format!("the ruleset: {}", or_list(&ids())),
    );
    commented(
        out,
        &format!("format = \"{}\"", shape.format),
        shape.summary(),
    );
    if !shape.casual() {
        plan(out, shape);
    }
    commented(
        out,
        &format!("# tier = \"{}\"", ruleset.tiers[0]),
        &or_list(ruleset.tiers),
    );
    if shape.format != "challenge" {
        commented(
            out,
            "# seed = 12345",
            "drives every random decision; default: a hash of the file's path",
        );
    }
    out.push_str(
        "# location = \"Springfield\"\n\
         # venue = \"The Game Vault\"\n\
         # organizer = \"Alex Doe\"\n\
         # url = \"https://example.org/events/spring-open\"\n\
         # description = \"A sentence or two of Markdown. A file next to this one, with the same name and .md, holds a longer report.\"\n",
    );
    if shape.format == "league" {
        commented(
            out,
            "# min_games = 5",
            "games a player needs to be ranked; fewer and they are listed unranked",
        );
    }
    if shape.casual() {
        commented(
            out,
            "# closed = true",
            "holonet close writes it: the standings are final; holonet close --reopen takes it out",
        );
    }
    decklists(out, shape);
}

/// When the site shows the decklists, in the terms of the format, with what the setting cannot
/// do: an organizer who holds lists back must also keep them out of a public repository.
fn decklists(out: &mut String, shape: Shape) {
    let (value, when) = if shape.casual() {
        ("after-event", "or after-event (once the event is closed)")
    } else if shape.ccg() {
        (
            "after-cut",
            "after-cut (once the games are over) or after-event",
        )
    } else {
        (
            "after-cut",
            "after-cut (once the Swiss rounds are over) or after-event",
        )
    };
    commented(
        out,
        &format!("# decklists = \"{value}\""),
        &format!("when the site shows decklists: public (the default), {when}"),
    );
    commented(
        out,
        "#",
        "the site only: a public repository shows every list committed to it (the site's \"Decklists\" page)",
    );
}

/// The planned rounds, cut, round length and, for limited SW:CCG formats, the decks' size.
fn plan(out: &mut String, shape: Shape) {
    let ruleset = shape.ruleset;
    let cuts: Vec<u32> = ruleset.cuts.to_vec();
    if shape.ccg() {
        let games = if shape.limited() {
            "the number of games, each paired on its own; a player keeps one side"
        } else {
            "the number of games, each paired on its own; a round is two, one per side"
        };
        commented(out, "swiss_rounds = 4", games);
        if !shape.team() && ruleset.cuts.contains(&2) {
            // The guide ends its tournaments with a Final Confrontation; the event may announce none.
            commented(
                out,
                "cut = 2",
                "a Final Confrontation between the top two ([final] below); 4, 8 or 16 for a top cut of two-game matches ([top_cut] below); 0 for none",
            );
        } else if !shape.team() && ruleset.cuts.contains(&8) {
            commented(
                out,
                "cut = 8",
                "a top cut of two-game matches after the Swiss games ([top_cut] below): 4, 8 or 16; 0 for none",
            );
        }
    } else if shape.team() {
        commented(
            out,
            "structure = \"custom\"",
            "team events announce their rounds: no structure table",
        );
        commented(
            out,
            "swiss_rounds = 4",
            "teams level on points at the top then play a final ([final] below)",
        );
    } else if ruleset.structure_tables.is_empty() {
        commented(
            out,
            "swiss_rounds = 4",
            "announced before round 1: these rules have no structure table",
        );
        commented(
            out,
            "cut = 0",
            &format!("players who go on to the elimination: {}", or_list(&cuts)),
        );
    } else {
        let tables: Vec<&str> = ruleset.structure_tables.iter().map(|(n, _)| *n).collect();
        commented(
            out,
            &format!("structure = \"{}\"", tables[0]),
            &format!(
                "{}: rounds and cut from the number of players; or custom",
                or_list(&tables)
            ),
        );
        commented(
            out,
            "# swiss_rounds = 4",
            "custom structure only: the number of Swiss rounds",
        );
        commented(
            out,
            "# cut = 8",
            &format!("custom structure only: {}", or_list(&cuts)),
        );
    }
    let (mut default, min, max) = ruleset.round_minutes(shape.format);
    let minutes = if shape.ccg() && shape.limited() {
        // One minute per card of the default deck.
        default = LIMITED_DECK_SIZE;
        format!("minutes per game; default one per card of the deck; {min} to {max}")
    } else if shape.ccg() {
        format!("minutes per game; default {default}; {min} to {max}")
    } else {
        format!("minutes per round; default {default}; {min} to {max}")
    };
    commented(out, &format!("# round_minutes = {default}"), &minutes);
    if shape.ccg() && shape.limited() {
        commented(
            out,
            &format!("# deck_size = {LIMITED_DECK_SIZE}"),
            &format!(
                "cards per deck: default {LIMITED_DECK_SIZE} (30 in EPP Overdrive); sets the game time"
            ),
        );
        let variants = ccg_format::variants(shape.format);
        if let Some(first) = variants.first() {
            let notes: Vec<String> = variants
                .iter()
                .map(|v| format!("{v} ({})", variant_note(v)))
                .collect();
            commented(
                out,
                &format!("# variant = \"{first}\""),
                &format!("optional: {}", or_list(&notes)),
            );
        }
    }
}

/// What a SW:CCG limited variant changes, in a few words.
fn variant_note(variant: &str) -> &'static str {
    match variant {
        "secret-squirrel" => "every deck holds both sides",
        "epp-overdrive" => "30-card decks, 15-minute games",
        _ => "see the SW:CCG rules page",
    }
}

fn ids() -> Vec<&'static str> {
    RULESETS.iter().map(|r| r.id).collect()
}

fn players(out: &mut String, shape: Shape) {
    out.push_str(
        "\n# One [[players]] entry per registered player, in registration order (none yet is fine).\n\
         # A player's keys go above its [players.decks...] lines: below them, they belong to the deck.\n\
         # [[players]]\n\
         # name = \"Tom Kessel\"\n",
    );
    commented(
        out,
        "# id = \"tom\"",
        "optional; made from the name when left out (tom-kessel)",
    );
    if !shape.casual() && !shape.team() {
        commented(
            out,
            "# number = 1",
            "optional; registration order by default",
        );
        if !shape.ccg() {
            commented(
                out,
                "# avoid = [\"nick\"]",
                "optional; kept apart in the first round when possible",
            );
        }
        commented(
            out,
            "# drop = 3",
            "optional; dropped after round 3 (0: before round 1)",
        );
        if shape.ruleset.allows_rejoin {
            commented(
                out,
                "# rejoin = 5",
                "optional; back from round 5, rounds missed count as losses",
            );
        }
        commented(
            out,
            "# disqualified = true",
            "optional; with drop: removed, shown as disqualified",
        );
        if shape.ccg() {
            commented(
                out,
                "# organizer = true",
                "optional; the tournament director plays",
            );
        }
    }
    out.push_str("#\n");
    if shape.ccg() {
        commented(
            out,
            "# [players.decks.light]",
            "optional decklists: [players.decks.dark] and [players.decks.light]",
        );
        out.push_str("# cards = [\"1 Hidden Base\", \"2 Rebel Fleet\", \"1 Jawa (Premiere)\"]\n");
        commented(
            out,
            "# file = \"spring-open/tom-light.txt\"",
            "or a plain-text list next to this file, instead of cards",
        );
    } else {
        commented(
            out,
            "# [players.decks.dark]",
            "optional decklists: [players.decks.dark] and [players.decks.light]",
        );
        out.push_str(
            "# affiliation = \"Sith\"\n\
             # objectives = [\"21\", \"21\", \"22\", \"22\", \"66\", \"66\", \"143\", \"143\", \"204\", \"139\"]\n",
        );
    }
}

fn teams(out: &mut String) {
    out.push_str(
        "\n# One [[teams]] entry per team of two registered players. Rounds, byes and winners name\n\
         # teams, not players.\n\
         # [[teams]]\n",
    );
    commented(
        out,
        "# id = \"echo-base\"",
        "optional; made from the name when left out",
    );
    out.push_str("# name = \"Echo Base\"\n");
    commented(
        out,
        "# players = [\"tom\", \"nick\"]",
        "player #1, player #2",
    );
    commented(
        out,
        "# drop = 2",
        "optional; the team dropped after round 2",
    );
}

/// What happened: rounds and the cut, a team final, league games or challenge sessions.
fn records(out: &mut String, shape: Shape) {
    match shape.format {
        "league" => league_games(out, shape),
        "challenge" => out.push_str(
            "\n# One [[sessions]] entry per challenge-deck game: one player with the scenario's deck\n\
             # against a team of two or three.\n\
             # [[sessions]]\n\
             # date = 2026-11-23                 # optional, within the event's dates\n\
             # scenario = \"hunt-for-skywalker\"   # or \"jerjerrods-task\"\n\
             # solo = \"tom\"                      # the player with the challenge deck\n\
             # team = [\"nick\", \"kris\"]           # two or three other players\n\
             # winner = \"solo\"                   # or \"team\"\n",
        ),
        _ if shape.ccg() => ccg_rounds(out, shape),
        _ => lcg_rounds(out, shape),
    }
}

fn league_games(out: &mut String, shape: Shape) {
    out.push_str(
        "\n# One [[games]] entry per game, as it is played; the same players may meet again.\n\
         # `holonet game FILE DARK LIGHT RESULT` writes one for you (and `holonet close FILE` ends the league).\n\
         # [[games]]\n\
         # date = 2026-11-23\n\
         # dark = \"tom\"\n\
         # light = \"nick\"\n",
    );
    if shape.ccg() {
        out.push_str(
            "# winner = \"tom\"\n\
             # differential = 12               # cards left in the winner's Life Force\n\
             # modified = true                 # optional; decided on time\n",
        );
    } else {
        out.push_str(
            "# winner = \"tom\"                   # a player id, or \"draw\"\n\
             # by = \"dial\"                      # optional: dial, objectives, deck, time, concession, forfeit\n",
        );
    }
}

fn ccg_rounds(out: &mut String, shape: Shape) {
    if shape.ruleset.ccg_standings == CcgStandings::TournamentAssistantSos {
        // The Tournament Assistant records winners only, and pairs its own way.
        out.push_str(
            "\n# One [[rounds]] entry per game, in order: each table names the dark and light side player\n\
             # and the winner; a differential is optional. Byes go in `byes`.\n\
             # [[rounds]]\n\
             # tables = [\n\
             #   { table = 1, dark = \"tom\", light = \"nick\", winner = \"nick\" },\n\
             # ]\n\
             # byes = [\"lara\"]\n",
        );
        return;
    }
    if shape.ruleset.ccg_standings == CcgStandings::TournamentAssistantMatchPlay {
        // A bracket of two-game matches, written by hand: its seeds are not in the file.
        out.push_str(
            "\n# Two [[rounds]] entries per bracket round: the first game of every match, then the\n\
             # second, sides switched. Every win records its differential. A player out of the\n\
             # bracket gets `drop` = the last game they played.\n\
             # [[rounds]]\n\
             # tables = [\n\
             #   { table = 1, dark = \"tom\", light = \"nick\", winner = \"nick\", differential = 8 },\n\
             # ]\n\
             # [[rounds]]\n\
             # tables = [\n\
             #   { table = 1, dark = \"nick\", light = \"tom\", winner = \"tom\", differential = 3 },\n\
             # ]\n",
        );
        return;
    }
    let (who, a, b) = if shape.team() {
        ("team", "echo-base", "hoth-squad")
    } else {
        ("player", "tom", "nick")
    };
    let _ = write!(
        out,
        "\n# One [[rounds]] entry per game, in order: each table names the dark and light side {who}.\n\
         # A table without a winner is a published pairing. `holonet pair` writes the next game.\n\
         # [[rounds]]\n\
         # tables = [\n\
         #   {{ table = 1, dark = \"{a}\", light = \"{b}\", winner = \"{b}\", differential = 8 }},\n\
         #   {{ table = 2, dark = \"kris\", light = \"ann\", winner = \"kris\", differential = 3, modified = true }},  # on time\n\
         #   {{ table = 3, dark = \"bo\", light = \"cid\", tie = {{ dark_lost_pile = 7, light_lost_pile = 11, dark_hand = 3, light_hand = 5 }} }},\n\
         # ]\n\
         # byes = [\"lara\"]\n"
    );
    if !shape.team() {
        out.push_str(
            "\n# With cut = 2, the Final Confrontation's games, the higher seed's chosen side first.\n\
             # [final]\n\
             # games = [\n\
             #   { dark = \"tom\", light = \"nick\", winner = \"nick\", differential = 8 },\n\
             # ]\n",
        );
    }
    if !shape.team() && shape.ruleset.cuts.contains(&8) {
        out.push_str(
            "\n# With a cut of 4, 8 or 16, the top cut's games as played, once the Swiss games are over:\n\
             # the bracket seats the matches; `holonet report FILE MATCH RESULT` writes them.\n\
             # [top_cut]\n\
             # games = [\n\
             #   { dark = \"tom\", light = \"nick\", winner = \"tom\", differential = 8, lost_cards = { dark = 20, light = 26 } },\n\
             # ]\n",
        );
    }
}

fn lcg_rounds(out: &mut String, shape: Shape) {
    let (a, b, c, d) = if shape.team() {
        ("echo-base", "hoth-squad", "rogue-two", "red-five")
    } else {
        ("tom", "nick", "kris", "john")
    };
    let _ = write!(
        out,
        "\n# One [[rounds]] entry per Swiss round, in order. A table without games is a published\n\
         # pairing. `holonet pair` writes the next round here, and `holonet report` its results.\n\
         # [[rounds]]\n\
         # tables = [\n\
         #   {{ table = 1, players = [\"{a}\", \"{b}\"], games = [\"{a}\", \"draw\"], first_dark = \"{a}\" }},\n\
         #   {{ table = 2, players = [\"{c}\", \"{d}\"], games = [\"{d}\", {{ winner = \"{c}\", by = \"dial\" }}] }},\n"
    );
    if shape.ruleset.split_points.is_some() && !shape.team() {
        out.push_str("#   { table = 3, players = [\"greg\", \"ann\"], split = true },\n");
    }
    out.push_str("# ]\n# byes = [\"stella\"]\n");
    if shape.team() {
        out.push_str(
            "\n# Only when two teams finish level on points at the top: their final match.\n\
             # [final]\n\
             # first_dark = \"echo-base\"\n\
             # games = [\"echo-base\", \"draw\"]\n",
        );
    } else {
        out.push_str(
            "\n# The top cut's games, once the Swiss rounds are finished; the bracket says who plays whom.\n\
             # [elimination]\n\
             # games = [\n\
             #   { game = 1, dark = \"tom\", winner = \"tom\" },     # first round: `dark` is the higher seed's choice\n\
             #   { game = 5, timed = { light_objectives = 2, light_damage = 7, dial = 10, dark_damage = 4, balance = \"dark\" } },\n\
             # ]\n",
        );
    }
    let _ = write!(
        out,
        "\n# The penalty log, one entry per penalty given. A game or match loss is in the results too,\n\
         # as the game won by the opponent (`{d}:forfeit` in `holonet report`, `by = \"forfeit\"`).\n\
         # [[penalties]]\n\
         # player = \"{c}\"\n\
         # round = 1                 # or `game = 2`, an elimination game\n\
         # infraction = \"deck_list\"  # illegal_deck, game_state, slow_play, unsporting_conduct, cheating, other\n\
         # penalty = \"game_loss\"     # warning, match_loss, disqualification\n\
         # note = \"The deck did not match its list: game 1 to the opponent.\"\n"
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn every_shape() -> Vec<Shape> {
        // A ruleset known by its standings only has no template (`holonet new` refuses it).
        RULESETS
            .iter()
            .filter(|r| !r.standings_only)
            .flat_map(|r| r.formats.iter().map(|f| Shape::new(r.id, Some(f)).unwrap()))
            .collect()
    }

    fn text(shape: Shape) -> String {
        render(shape, "Spring Open", Date::parse_iso("2026-11-23").unwrap())
    }

    /// The keys a template sets or shows in its comments, as `key =` at a line's start.
    fn mentions(text: &str, key: &str) -> bool {
        text.lines().any(|line| {
            line.trim_start_matches('#')
                .trim_start()
                .starts_with(&format!("{key} ="))
        })
    }

    #[test]
    fn every_template_checks_clean_with_no_player() {
        let shapes = every_shape();
        assert_eq!(shapes.len(), 16);
        for shape in shapes {
            let text = text(shape);
            let path = Path::new("events/2026/spring-open.toml");
            let (event, diagnostics) = crate::load::parse_event(
                path,
                &text,
                &crate::load::options::LoadOptions::default(),
            );
            let rendered: Vec<String> = diagnostics.iter().map(|d| d.render(Some(&text))).collect();
            assert!(
                event.is_some() && diagnostics.is_empty(),
                "{} {}:\n{}\n{text}",
                shape.ruleset.id,
                shape.format,
                rendered.join("\n")
            );
        }
    }

    /// The `decklists` value a template suggests is one the check accepts.
    #[test]
    fn the_suggested_decklists_setting_checks_clean() {
        for shape in every_shape() {
            let text = text(shape).replacen("# decklists = ", "decklists = ", 1);
            let (event, diagnostics) = crate::load::parse_event(
                Path::new("events/2026/spring-open.toml"),
                &text,
                &crate::load::options::LoadOptions::default(),
            );
            assert!(
                diagnostics.is_empty(),
                "{} {}: {diagnostics:#?}",
                shape.ruleset.id,
                shape.format
            );
            let release = event.expect("valid").0.info.decklists;
            assert_ne!(release, crate::event::DecklistRelease::Public);
        }
    }

    #[test]
    fn templates_list_only_what_their_format_uses() {
        for shape in every_shape() {
            let text = text(shape);
            let id = format!("{} {}", shape.ruleset.id, shape.format);
            let swiss = !shape.casual();
            assert_eq!(mentions(&text, "swiss_rounds"), swiss, "{id}");
            assert_eq!(mentions(&text, "round_minutes"), swiss, "{id}");
            assert_eq!(mentions(&text, "drop"), swiss, "{id}");
            // A ruleset without elimination (cuts of 0 only) has no cut to announce.
            assert_eq!(
                mentions(&text, "cut"),
                swiss && !shape.team() && shape.ruleset.cuts != [0],
                "{id}: a cut"
            );
            assert_eq!(text.contains("[[teams]]"), shape.team(), "{id}");
            assert_eq!(text.contains("[[games]]"), shape.format == "league", "{id}");
            assert_eq!(
                text.contains("[[sessions]]"),
                shape.format == "challenge",
                "{id}"
            );
            assert_eq!(text.contains("[[rounds]]"), swiss, "{id}");
            assert_eq!(
                text.contains("[elimination]"),
                swiss && !shape.team() && !shape.ccg(),
                "{id}"
            );
            assert_eq!(mentions(&text, "min_games"), shape.format == "league");
            assert_eq!(mentions(&text, "closed"), shape.casual(), "{id}");
            assert!(mentions(&text, "decklists"), "{id}");
            assert_eq!(mentions(&text, "cards"), shape.ccg(), "{id}");
            assert_eq!(mentions(&text, "objectives"), !shape.ccg(), "{id}");
            assert_eq!(
                mentions(&text, "deck_size"),
                shape.ccg() && shape.limited(),
                "{id}"
            );
            assert_eq!(
                mentions(&text, "variant"),
                matches!(shape.format, "sealed" | "cube"),
                "{id}"
            );
            assert_eq!(
                mentions(&text, "rejoin"),
                swiss && !shape.team() && shape.ruleset.allows_rejoin,
                "{id}"
            );
            assert_eq!(
                text.contains("split = true"),
                swiss && !shape.team() && shape.ruleset.split_points.is_some(),
                "{id}"
            );
            assert!(
                text.contains(&format!("tier = \"{}\"", shape.ruleset.tiers[0])),
                "{id}"
            );
        }
    }

    #[test]
    fn the_2018_structures_and_the_2014_announced_rounds() {
        let basic = text(Shape::new("ffg-2018", None).unwrap());
        assert!(basic.contains("\nstructure = \"basic\""));
        assert!(basic.contains("\n# swiss_rounds = 4"));
        let announced = text(Shape::new("ffg-2014", None).unwrap());
        assert!(!mentions(&announced, "structure"));
        assert!(announced.contains("\nswiss_rounds = 4"));
        assert!(announced.contains("0, 4, 8 or 16"));
        let sealed = text(Shape::new("swccg-2008", Some("sealed")).unwrap());
        assert!(sealed.contains("secret-squirrel (every deck holds both sides) or epp-overdrive"));
        assert!(sealed.contains("# round_minutes = 40 "));
    }

    #[test]
    fn unknown_and_mismatched_choices_name_the_valid_ones() {
        let error = |rules: &str, format: Option<&str>| Shape::new(rules, format).unwrap_err();
        assert_eq!(
            error("ffg2018", None),
            "unknown ruleset `ffg2018`; did you mean `ffg-2018`? use one of: ffg-2018, ffg-2014, swccg-2008, swccg-pc-sos, swccg-pc-match-play, swccg-historic"
        );
        assert_eq!(
            error("ffg-2018", Some("sealed")),
            "`sealed` is a format of swccg-2008 and swccg-historic, not of ffg-2018; the formats of ffg-2018 are: standard, team, league, challenge"
        );
        assert_eq!(
            error("swccg-2008", Some("2-on-2")),
            "unknown format `2-on-2` for swccg-2008; did you mean `team`? use one of: constructed, sealed, draft, cube, team, league"
        );
        assert_eq!(
            error("ffg-2014", Some("leage")),
            "unknown format `leage` for ffg-2014; did you mean `league`? use one of: standard, team, league, challenge"
        );
        assert_eq!(
            error("ffg-2014", Some("gauntlet")),
            "unknown format `gauntlet` for ffg-2014; use one of: standard, team, league, challenge"
        );
        assert_eq!(
            Shape::new("swccg-2008", None).unwrap().format,
            "constructed"
        );
    }
}
