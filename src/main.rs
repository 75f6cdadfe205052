//! The `holonet` command: parses arguments, calls the library, prints diagnostics, sets the
//! exit code. Everything it does is reachable from the library for tests.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Instant;

use clap::{CommandFactory, Parser, Subcommand};

use holonet::edit::issue_form::FormKind;
use holonet::edit::transaction::{self, Mode, Outcome};
use holonet::edit::{casual, from_issue, pair, registration, report};
use holonet::{scaffold, site};

/// mimalloc rather than the system allocator: a build allocates and frees millions of small
/// strings and template values across threads, and a `serve` session keeps the whole output in
/// memory, where glibc's allocator spends much of an update walking its free lists.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Gives the memory mimalloc holds freed back to the system. mimalloc keeps freed pages to
/// reuse them, so a `serve` update, which frees about as much as the loaded site takes, would
/// leave the process that much bigger until later allocations happened to purge them.
fn release_freed_memory() {
    // SAFETY: `mi_collect` takes no pointers and may be called from any thread at any time.
    unsafe { libmimalloc_sys::mi_collect(true) }
}

/// Static sites for Star Wars card game tournaments: pairings, standings and results from one
/// TOML file per event.
#[derive(Parser)]
#[command(name = "holonet", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Print only errors (and what a command must print, such as `check --format json`).
    #[arg(long, short, global = true, conflicts_with = "verbose")]
    quiet: bool,
    /// Print what each stage did and how long it took.
    #[arg(long, short, global = true)]
    verbose: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Validate every event and page, compute standings and write the site.
    ///
    /// Nothing is written unless everything is valid: on any error the previous output stays
    /// as it was. Unchanged files keep their bytes and modification time.
    Build {
        /// The site folder (with holonet.toml).
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Where to write the site [default: <root>/public].
        #[arg(long)]
        out: Option<PathBuf>,
        /// Publish under this address instead of holonet.toml's base_url, for example
        /// https://example.github.io/archive/
        #[arg(long, value_parser = base_url_arg)]
        base_url: Option<String>,
    },
    /// Serve the site on 127.0.0.1 (with --lan, also to phones on the local network), rebuild
    /// what each saved change touches, and reload the open browser tabs.
    ///
    /// The site is built into a working folder of its own, .holonet/serve-N/ (public/ is not
    /// touched). A change that breaks the site prints its diagnostics here and shows them over
    /// the broken event's pages in this computer's browser only; the last good site keeps being
    /// served.
    Serve {
        /// The site folder (with holonet.toml).
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// The port; 0 picks a free one.
        #[arg(long, short, default_value_t = 8000)]
        port: u16,
        /// Serve under this address's path instead of holonet.toml's base_url, such as
        /// https://example.github.io/archive/ (served at http://127.0.0.1:PORT/archive/).
        #[arg(long, value_parser = base_url_arg)]
        base_url: Option<String>,
        /// Open the site in the browser.
        #[arg(long)]
        open: bool,
        /// Also serve on this computer's local network address, for players' phones on the
        /// venue's Wi-Fi: prints the address with a QR code, and a poster to print at
        /// /__holonet/poster/. Anyone on the network can read the site (read-only).
        #[arg(long)]
        lan: bool,
        /// Let players report their own table from their phones: the running round's pairings
        /// page offers each table a form, and each player sends it with the personal code on
        /// their own player card (print the cards from /__holonet/cards/ on this computer; no
        /// other device gets them). A report is recorded when both players' reports agree, or
        /// when you confirm it (type `confirm FILE TABLE` here, or run holonet confirm); a
        /// disagreement is shown here and never applied.
        #[arg(long)]
        self_report: bool,
    },
    /// Validate every event and page without writing anything; exit 1 on any error.
    Check {
        /// The site folder (with holonet.toml).
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// How to print the diagnostics: `human` (with the lines), `github` (annotations on a
        /// pull request's lines in GitHub Actions) or `json` (one document, for other tools).
        #[arg(long, value_enum, default_value_t = OutputFormat::Human)]
        format: OutputFormat,
    },
    /// Copy built-in templates or static files into the site, to change them there.
    ///
    /// A new site holds none: its pages use the templates and static files built into Holonet,
    /// so each release's fixes reach it. To change one, copy it: holonet customize
    /// templates/event.html (or event.html alone) writes the site's own templates/event.html,
    /// which replaces the built-in one from then on. Its first line names the built-in file and
    /// its fingerprint, and holonet check warns when a later release's built-in differs. A file
    /// the site already has is never overwritten.
    Customize {
        /// The built-in files to copy, such as templates/event.html or static/style.css.
        #[arg(required_unless_present_any = ["list"])]
        files: Vec<String>,
        /// List the built-in templates and static files, and which the site has its own of.
        #[arg(long, conflicts_with = "show")]
        list: bool,
        /// Print this release's built-in file instead of copying it (to compare with the
        /// site's own).
        #[arg(long)]
        show: bool,
        /// The site folder (with holonet.toml).
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Create a new, working site in DIR: configuration, workflows, pages and an example event.
    Init {
        /// The folder to create (it must not exist, or be empty).
        dir: PathBuf,
        /// Add an example event (a finished store championship) to try the pages on; delete
        /// it before publishing.
        #[arg(long)]
        example: bool,
    },
    /// Write the next step of an event into its file: the next Swiss round, the cut's first
    /// games, or the elimination games that are ready.
    ///
    /// Prints the tables with the players' names, to read out or paste into a chat. Refuses
    /// while the current round has unreported tables. Comments and layout of the file are kept;
    /// the file is replaced atomically, with the time in `paired`.
    Pair {
        /// The event file, such as events/2026/spring-open.toml.
        file: PathBuf,
        /// Print the tables it would write, without writing.
        #[arg(long)]
        dry_run: bool,
        /// The site folder (with holonet.toml); a relative FILE is read from it, as `git -C`
        /// does.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Record one table's result in an event file, keeping its comments and layout.
    ///
    /// RESULT for a Swiss match: 2-0, 1-1, 1-0, 0-0, 0-1 or 0-2, or 2:0 and so on (games won
    /// and lost by the first player at the table, then the drawn game if any), game by game as
    /// tom,draw or tom:dial,nick, or split. A drawn game is one still going when time was
    /// called, which ends the match: time called in game one is 0-0 or draw (ffg-2018: one game
    /// drawn, 1 point each; ffg-2014 plays game one to its end, so only game two is drawn). For
    /// a SW:CCG game: tom+12, tom+12,modified, tom+20,quit (the other player quit), or
    /// tie:3,3,2,1 (lost piles then hands, dark first; tie:3,3,2,2,tom when both are level and
    /// tom won the coin tossed at the venue). Once the Swiss
    /// rounds are over, TABLE is an elimination game and RESULT its winner, or --timed gives
    /// the game state when it went to time; once the SW:CCG games are over, TABLE is a game of
    /// the Final Confrontation. The file is checked before it is written, and written
    /// atomically. With --from-issue, the same request comes from a player's GitHub issue form.
    Report {
        /// The event file, such as events/2026/spring-open.toml.
        #[arg(required_unless_present = "from_issue", conflicts_with = "from_issue")]
        file: Option<PathBuf>,
        /// The table (or elimination game, or Final Confrontation game) number.
        #[arg(required_unless_present = "from_issue", conflicts_with = "from_issue")]
        table: Option<u32>,
        /// The result, such as 2-0, 2:0, tom,draw or tom+12; an elimination game's winner.
        #[arg(
            required_unless_present_any = ["timed", "from_issue"],
            conflicts_with = "from_issue"
        )]
        result: Option<String>,
        /// The round (SW:CCG: game) to write into; default: the one being played, or with
        /// --replace alone, the last one with results.
        #[arg(long, conflicts_with = "from_issue")]
        round: Option<u32>,
        /// Who played dark: in an elimination game, the higher seed's choice; in a Final
        /// Confrontation, the first game's; at a Swiss table, the first game's (first_dark).
        #[arg(long, conflicts_with = "from_issue")]
        dark: Option<String>,
        /// An elimination game that went to time: its state, such as
        /// light_objectives=1,light_damage=5,dial=9,dark_damage=6,balance=dark
        #[arg(long, value_name = "STATE", conflicts_with = "from_issue")]
        timed: Option<String>,
        /// Correct a result already in the file (alone: in the last round with results).
        #[arg(long, conflicts_with = "from_issue")]
        replace: bool,
        /// Take the result from a GitHub issue form's body saved in BODY, instead of the
        /// arguments: its fields Event (the event's file, address or page link), Round, Table,
        /// Result, Dark side (an id or a name) and the Correction box (--replace). Exit 0: recorded;
        /// 1: the form or the result was refused; 2: a wrong invocation.
        #[arg(long, value_name = "BODY")]
        from_issue: Option<PathBuf>,
        /// With --from-issue: write a Markdown reply for the issue into REPLY.md, saying what
        /// was recorded, or what was wrong and how to fix the form.
        // clap waives `requires` when the required argument conflicts with one given (FILE,
        // which excludes --from-issue), so that conflict is stated too.
        #[arg(
            long,
            value_name = "REPLY.md",
            requires = "from_issue",
            conflicts_with = "file"
        )]
        reply: Option<PathBuf>,
        /// The site folder (with holonet.toml); a relative FILE is read from it, as `git -C`
        /// does.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Print a shell completion script: `holonet completions bash > ~/.local/share/bash-completion/completions/holonet`.
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Check every recorded round of an event against the pairing Holonet gives it.
    ///
    /// Each round (SW:CCG: game) is paired again from the file's seed and the results before
    /// it, as `holonet pair` pairs it, and compared with what the file records; each difference
    /// is permitted by the rules or breaks a rule. Exit status 0 when no rule is broken, 1 when
    /// one is, 2 when the file cannot be read or checked.
    Audit {
        /// The event file, such as events/2026/spring-open.toml.
        file: PathBuf,
        /// The site folder (with holonet.toml); a relative FILE is read from it, as `git -C`
        /// does.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Record what a player reported from their phone (holonet serve --self-report) for one
    /// table of the running round, without waiting for the other player's report.
    Confirm {
        /// The event file, such as events/2026/spring-open.toml.
        file: PathBuf,
        /// The table number.
        table: u32,
        /// Where the two players' reports differ: the id of the player whose report is right.
        #[arg(long, value_name = "ID")]
        player: Option<String>,
        /// The site folder (with holonet.toml); a relative FILE is read from it, as `git -C`
        /// does.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Where an event stands: the round (SW:CCG: game) under way, the tables still missing a
    /// result with both names, the players' reports waiting (serve --self-report), and what to
    /// type next.
    Status {
        /// The event file, such as events/2026/spring-open.toml.
        file: PathBuf,
        /// The site folder (with holonet.toml); a relative FILE is read from it, as `git -C`
        /// does.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Print an event's current standings, and what comes next.
    Standings {
        /// The event file, such as events/2026/spring-open.toml.
        file: PathBuf,
        /// The site folder (with holonet.toml); a relative FILE is read from it, as `git -C`
        /// does.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Register a player in an event file, keeping its comments and layout.
    ///
    /// Before round 1 is paired this is a normal registration. Once a round (SW:CCG: game) is
    /// paired, the player is a late entry from the next one, written `late = N` in the file:
    /// pass --late to confirm. What the rounds before give a late entry depends on the
    /// ruleset (ffg-2018: unpaired losses; ffg-2014 and swccg-2008: nothing). In a team event
    /// (2 vs 2) a team enters whole, before round 1: holonet register FILE "Ann Lee" --with
    /// "Bo Vos" --team "Echo Base". The file is checked before it is written, and written
    /// atomically. With --from-issue, the same request comes from a player's GitHub issue form.
    Register {
        /// The event file, such as events/2026/spring-open.toml.
        #[arg(required_unless_present = "from_issue", conflicts_with = "from_issue")]
        file: Option<PathBuf>,
        /// The player's name, such as "Tom Kessel".
        #[arg(required_unless_present = "from_issue", conflicts_with = "from_issue")]
        name: Option<String>,
        /// The player's id [default: made from the name, as in the file: tom-kessel]; in a team
        /// event, the team's. An id another event gives a person of another name is refused:
        /// it names one player page.
        #[arg(long, conflicts_with = "from_issue")]
        id: Option<String>,
        /// Confirm a late entry, once rounds are paired (before round 1 it changes nothing).
        #[arg(long, conflicts_with = "from_issue")]
        late: bool,
        /// A team event (2 vs 2): the name of the team this player enters, with --with.
        #[arg(long, requires = "with", conflicts_with = "from_issue")]
        team: Option<String>,
        /// A team event: the partner's name; both players and the team are registered.
        #[arg(long, requires = "team", conflicts_with = "from_issue")]
        with: Option<String>,
        /// Take the registration from a GitHub issue form's body saved in BODY, instead of the
        /// arguments: its fields Event (the event's file, address or page link), Name, Player
        /// id, Team and Partner, and the Late entry box, which a late entry needs ticked. Exit
        /// 0: registered; 1: the form or the registration was refused; 2: a wrong invocation.
        #[arg(long, value_name = "BODY")]
        from_issue: Option<PathBuf>,
        /// With --from-issue: write a Markdown reply for the issue into REPLY.md, saying what
        /// was registered, or what was wrong and how to fix the form.
        // clap waives `requires` when the required argument conflicts with one given (FILE,
        // which excludes --from-issue), so that conflict is stated too.
        #[arg(
            long,
            value_name = "REPLY.md",
            requires = "from_issue",
            conflicts_with = "file"
        )]
        reply: Option<PathBuf>,
        /// The site folder (with holonet.toml); a relative FILE is read from it, as `git -C`
        /// does.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Record that a player (in a team event, a team) left the event: not paired again.
    ///
    /// By default the player drops after the last round in the file, which they are in. If
    /// their table there has no result yet, report it first (or run holonet unpair and pair
    /// the round again without them). The file is checked before it is written, and written
    /// atomically.
    Drop {
        /// The event file, such as events/2026/spring-open.toml.
        file: PathBuf,
        /// The player's (or team's) id.
        id: String,
        /// The last round the player was in (0: withdrew before round 1). Elimination rounds
        /// count on from the Swiss rounds.
        #[arg(long, conflicts_with = "undo")]
        after: Option<u32>,
        /// Take the drop back: nothing missed while no round was paired since; otherwise the
        /// player rejoins from the next round, the rounds missed counting as unpaired losses,
        /// where the ruleset allows a return.
        #[arg(long)]
        undo: bool,
        /// The site folder (with holonet.toml); a relative FILE is read from it, as `git -C`
        /// does.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Record a league game as it is played (format = "league"): who played dark, who played
    /// light, and the result.
    Game {
        /// The event file, such as events/2026/spring-league.toml.
        file: PathBuf,
        /// The id of the player who played the dark side.
        dark: String,
        /// The id of the player who played the light side.
        light: String,
        /// SW:LCG: the winner's id (tom), with how the game ended (tom:dial, tom:objectives,
        /// tom:deck, tom:time, tom:concession, tom:forfeit), or draw (on time). SW:CCG: tom+12,
        /// tom+12,modified, tom+20,quit, or tie:DARK_LOST,LIGHT_LOST,DARK_HAND,LIGHT_HAND.
        result: String,
        /// The day it was played, YYYY-MM-DD [default: today, which must be within the
        /// league's dates].
        #[arg(long, value_parser = parse_date)]
        date: Option<holonet::event::Date>,
        /// The site folder (with holonet.toml); a relative FILE is read from it, as `git -C`
        /// does.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Record a challenge-deck session (format = "challenge"): the scenario, the player with
    /// the challenge deck, the team and who won.
    Session {
        /// The event file, such as events/2026/challenge-nights.toml.
        file: PathBuf,
        /// The scenario: jerjerrods-task or hunt-for-skywalker.
        scenario: String,
        /// The id of the player with the challenge deck.
        solo: String,
        /// The ids of the team's two or three players.
        #[arg(long, num_args = 2..=3, required = true)]
        team: Vec<String>,
        /// Who won: solo or team.
        #[arg(long)]
        winner: String,
        /// The day it was played, YYYY-MM-DD [default: today, which must be within the
        /// event's dates].
        #[arg(long, value_parser = parse_date)]
        date: Option<holonet::event::Date>,
        /// The site folder (with holonet.toml); a relative FILE is read from it, as `git -C`
        /// does.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Close a league or challenge event (closed = true): its standings become final, and no
    /// verb or issue form changes it until it is reopened with --reopen.
    Close {
        /// The event file, such as events/2026/spring-league.toml.
        file: PathBuf,
        /// Open a closed event again (closed = true taken out): its standings are no longer
        /// final, and games or sessions are recorded again.
        #[arg(long)]
        reopen: bool,
        /// The site folder (with holonet.toml); a relative FILE is read from it, as `git -C`
        /// does.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Take back the last round (SW:CCG: game) or elimination games written by holonet pair,
    /// while none of it has a result.
    ///
    /// Use it to pair again after a late registration or a drop. A round with any result is
    /// refused: correct results with holonet report --replace.
    Unpair {
        /// The event file, such as events/2026/spring-open.toml.
        file: PathBuf,
        /// The site folder (with holonet.toml); a relative FILE is read from it, as `git -C`
        /// does.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Make an event from a CSV of final standings, or from the Tournament Assistant's saved files.
    ///
    /// The CSV's first line names its columns: `rank` (the final place) and `player` (the
    /// name), and any of `seed`, `id`, `points` (SW:LCG), `victory_points` and `differential`
    /// (SW:CCG), `wins`, `losses`, `draws`, `note`. Headings are read without case, and as
    /// people publish them: `rank` as `Place`, `Position`, `Pos`, `Pos.`, `Finish` or `#`;
    /// `seed` as `Seed` (the seed the player entered the cut with, never the place: a table of
    /// seeds with no place column is refused); `player` as `Name`; `points` as `Tournament
    /// points`, `TP` or `Total`; `victory_points` as `VP`, `Total`, or `VP (diff)` and `Points
    /// (diff)` with cells `8 (25)` (victory points and differential); `differential` as `Diff`;
    /// `wins`, `losses`, `draws` as `W`, `L`, `D` (or `T`), or one record column `W;L;D`
    /// (`5;1;0`). Any column whose every cell reads `8 (25)`, `12 (+3)` or `6 (-14)` is read as
    /// victory points and differential, whatever its heading. Places and seeds may be written
    /// `1st`, numbers with the minus sign; an empty rank is a player without a place. A column of
    /// numbers under any other heading is refused (rename it, or leave it out with --skip); other
    /// columns are left out with a warning. The new file has a `[[players]]` entry per line and
    /// a `[[standings]]` row per placed line; it is validated before it is written, and an
    /// existing file is never replaced.
    ///
    /// A JSON file saved by the Players Committee's Star Wars CCG Tournament Assistant (or a
    /// folder of them) becomes events/YEAR/SLUG.TOML with every player and game, named and dated
    /// as saved; importing the same event again updates its file. With --top-cut, the event's
    /// top 8 saved in MATCH_PLAY mode joins it as its top cut.
    Import {
        /// The CSV file of standings, a saved Tournament Assistant event (.json), or a folder
        /// of saved events.
        file: PathBuf,
        /// The event file to create, such as events/2014/dantooine-regional.toml (required
        /// for a CSV).
        #[arg(long)]
        out: Option<PathBuf>,
        /// The event's name (required for a CSV).
        #[arg(long)]
        name: Option<String>,
        /// The event's date, YYYY-MM-DD: required for a CSV and for a saved event without one;
        /// given with one saved event, it replaces the saved date; given with a folder, it
        /// dates only the files saved without a date, the others keeping theirs.
        #[arg(long, value_parser = parse_date)]
        date: Option<holonet::event::Date>,
        /// The ruleset of a CSV [default: holonet.toml's default_rules, else ffg-2018].
        #[arg(long)]
        rules: Option<String>,
        /// The format, when not the ruleset's first (such as sealed).
        #[arg(long)]
        format: Option<String>,
        /// The tier, such as competitive or regional.
        #[arg(long)]
        tier: Option<String>,
        /// Where the event took place.
        #[arg(long)]
        location: Option<String>,
        /// A column of the CSV to leave out, by its heading (such as --skip SoS); may be given
        /// more than once.
        #[arg(long, value_name = "HEADING")]
        skip: Vec<String>,
        /// The saved top 8 (a MATCH_PLAY file) of the saved Swiss event FILE: both become one
        /// event, the top 8's games its `[top_cut]`.
        #[arg(long, value_name = "MATCH_PLAY_FILE")]
        top_cut: Option<PathBuf>,
        /// The site folder (with holonet.toml); a relative FILE is read from it, as `git -C`
        /// does.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Create a new event file, its fields explained, such as events/2026/spring-open.toml.
    ///
    /// The file lists, in comments, only the fields of its ruleset and format; it passes
    /// `holonet check` as written, with no player registered yet.
    New {
        /// The event file to create, under events/.
        path: PathBuf,
        /// The ruleset: ffg-2018, ffg-2014 or swccg-2008 [default: holonet.toml's default_rules, else ffg-2018].
        #[arg(long)]
        rules: Option<String>,
        /// The format: standard, team, league or challenge (FFG rulesets); constructed, sealed,
        /// draft, cube, team or league (swccg-2008) [default: the ruleset's first].
        #[arg(long)]
        format: Option<String>,
        /// The site folder (with holonet.toml); a relative FILE is read from it, as `git -C`
        /// does.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
}

/// `check --format`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum OutputFormat {
    Human,
    Github,
    Json,
}

impl From<OutputFormat> for holonet::diag::Format {
    fn from(format: OutputFormat) -> Self {
        match format {
            OutputFormat::Human => holonet::diag::Format::Human,
            OutputFormat::Github => holonet::diag::Format::Github,
            OutputFormat::Json => holonet::diag::Format::Json,
        }
    }
}

fn parse_date(text: &str) -> Result<holonet::event::Date, String> {
    holonet::event::Date::parse_iso(text)
        .filter(holonet::event::Date::is_valid)
        .ok_or_else(|| format!("`{text}` is not a date; write it as YYYY-MM-DD"))
}

/// How much the command prints, from `--quiet` and `--verbose`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verbosity {
    Quiet,
    Normal,
    Verbose,
}

/// Set once from the command line, before any command runs.
static VERBOSITY: OnceLock<Verbosity> = OnceLock::new();

fn verbosity() -> Verbosity {
    VERBOSITY.get().copied().unwrap_or(Verbosity::Normal)
}

/// Writes `text` to standard output. A reader that went away (`| head`) or a full disk
/// (`> /dev/full`) does not undo what the command did, so it does not change its outcome: a
/// closed pipe is the reader's choice and goes unsaid, any other failure is said once on
/// standard error.
fn write_out(text: &str) {
    use std::io::Write;
    static WARNED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush())
        && e.kind() != std::io::ErrorKind::BrokenPipe
        && !WARNED.swap(true, std::sync::atomic::Ordering::Relaxed)
    {
        let _ = writeln!(
            std::io::stderr(),
            "warning: the output could not be written ({e}); what the command did stands"
        );
    }
}

/// `println!` through [`write_out`].
macro_rules! out {
    ($($arg:tt)*) => {
        write_out(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` through [`write_out`].
macro_rules! out_part {
    ($($arg:tt)*) => {
        write_out(&format!($($arg)*))
    };
}

/// A line saying what a command did, on standard output; `--quiet` leaves it out.
macro_rules! say {
    ($($arg:tt)*) => {
        if verbosity() != Verbosity::Quiet {
            out!($($arg)*);
        }
    };
}

/// `holonet import` of one saved Tournament Assistant event: says what it wrote, or why not.
fn import_saved(
    root: &Path,
    file: &Path,
    text: &str,
    options: &holonet::edit::tournament_assistant::SavedOptions,
) -> ExitCode {
    use holonet::edit::import::ImportError;
    match holonet::edit::tournament_assistant::import_saved(root, file, text, options) {
        Ok(outcome) => {
            print_report(&outcome.report);
            say!(
                "{} {} from {}. Run holonet check, then holonet build.",
                if outcome.updated {
                    "Updated"
                } else {
                    "Created"
                },
                outcome.written.display(),
                file.display()
            );
            ExitCode::SUCCESS
        }
        Err(ImportError::Usage(message)) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
        Err(ImportError::Invalid(report)) => {
            print_report(&report);
            eprintln!(
                "error: {} error(s) in {}; nothing was written for it",
                report.errors(),
                file.display()
            );
            ExitCode::FAILURE
        }
    }
}

/// `holonet import DIR`: every saved Tournament Assistant event of the folder, in file name
/// order; other files are skipped with a note. One file's errors do not stop the others, and
/// the command fails when any file failed.
fn import_folder(
    root: &Path,
    folder: &Path,
    options: &holonet::edit::tournament_assistant::SavedOptions,
) -> ExitCode {
    use holonet::edit::tournament_assistant::{InFolder, folder_files};
    let files = match folder_files(folder) {
        Ok(files) => files,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::FAILURE;
        }
    };
    let (mut imported, mut failed) = (0, 0);
    for found in files {
        let (file, text) = match found {
            InFolder::Saved(file, text) => (file, text),
            InFolder::Other(file) => {
                say!(
                    "Skipped {}: not an event saved by the Tournament Assistant.",
                    file.display()
                );
                continue;
            }
        };
        if import_saved(root, &file, &text, options) == ExitCode::SUCCESS {
            imported += 1;
        } else {
            failed += 1;
        }
    }
    if failed > 0 {
        eprintln!(
            "error: {failed} file(s) of {} could not be imported; {imported} were",
            folder.display()
        );
        return ExitCode::FAILURE;
    }
    if imported == 0 {
        eprintln!(
            "error: {} holds no event saved by the Tournament Assistant",
            folder.display()
        );
        return ExitCode::FAILURE;
    }
    say!("Imported {imported} event(s) from {}.", folder.display());
    ExitCode::SUCCESS
}

/// Prints a report's diagnostics on standard error; `--quiet` keeps only the errors.
fn print_report(report: &holonet::diag::Report) {
    let shown;
    let report = if verbosity() == Verbosity::Quiet {
        shown = report.errors_only();
        &shown
    } else {
        report
    };
    if !report.diagnostics.is_empty() {
        eprintln!("{}", report.render());
    }
}

/// Tells how a build goes: each stage with its time when verbose, else a line on a terminal that
/// is rewritten as the build moves on and cleared at the end.
fn build_progress(stage: site::Progress) {
    let live = verbosity() == Verbosity::Normal && std::io::stderr().is_terminal();
    let line = match stage {
        site::Progress::Loaded {
            events,
            from_cache,
            elapsed,
        } => {
            let cached = match from_cache {
                0 => String::new(),
                n => format!(" ({n} unchanged, from the cache)"),
            };
            format!(
                "Loaded and checked {events} events{cached} in {} ms",
                elapsed.as_millis()
            )
        }
        site::Progress::Rendered { files, elapsed } => {
            format!("Rendered {files} files in {} ms", elapsed.as_millis())
        }
        site::Progress::Written { elapsed } => {
            format!("Wrote the output folder in {} ms", elapsed.as_millis())
        }
    };
    if verbosity() == Verbosity::Verbose {
        eprintln!("{line}");
    } else if live {
        let end = if matches!(stage, site::Progress::Written { .. }) {
            "\r\x1b[2K"
        } else {
            ""
        };
        eprint!("\r\x1b[2K{line}…{end}");
    }
}

/// Loads one event file for `audit` and `standings`, printing diagnostics; on failure, the
/// exit code.
fn load_one(root: &Path, file: &Path) -> Result<transaction::OneEvent, ExitCode> {
    match transaction::load_event(root, file) {
        Ok(loaded) => {
            print_report(&loaded.report);
            Ok(loaded)
        }
        Err(refused) => Err(print_outcome(&refused)),
    }
}

/// `--base-url`, checked as `base_url` in holonet.toml is.
fn base_url_arg(url: &str) -> Result<String, String> {
    holonet::config::check_base_url(url)
        .map(|()| url.to_string())
        .map_err(|problem| problem.replace("`base_url`", "the address"))
}

/// Prints how an edit ended, as every editing command does; its exit code.
fn print_outcome(outcome: &Outcome) -> ExitCode {
    for report in &outcome.reports {
        print_report(report);
    }
    match &outcome.result {
        Ok(written) => {
            for warning in &written.edit.warnings {
                eprintln!("warning: {warning}");
            }
            say!("{}", written.edit.summary);
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Runs a verb that edits an event file (`report`, `register`, `drop`, `unpair`, `game`,
/// `session`) and prints how it ended; a closed event is refused.
fn run_edit(
    root: &Path,
    file: &Path,
    edit: impl FnOnce(&transaction::OneEvent) -> Result<transaction::FileEdit, String>,
) -> ExitCode {
    print_outcome(&transaction::edit_event(root, file, Mode::Write, edit))
}

fn run_pair(root: &Path, file: &Path, dry_run: bool) -> ExitCode {
    let mode = if dry_run { Mode::DryRun } else { Mode::Write };
    let outcome = transaction::edit_event(root, file, mode, |loaded| {
        pair::file_edit(loaded, mode, holonet::terminal::pairing)
    });
    match (&outcome.result, mode) {
        // A dry run prints its tables even with --quiet: they are what it was asked for.
        (Ok(written), Mode::DryRun) => {
            for report in &outcome.reports {
                print_report(report);
            }
            out!("{}", written.edit.summary);
            ExitCode::SUCCESS
        }
        _ => print_outcome(&outcome),
    }
}

/// `report --from-issue` and `register --from-issue`: makes the edit the form of `kind` in the
/// file `body` asks for, prints how it ended, and writes the issue's reply into `reply`.
fn run_issue(root: &Path, body: &Path, reply: Option<&Path>, kind: FormKind) -> ExitCode {
    // As for every verb, relative paths are read from (and written in) the site folder.
    let body = holonet::paths::under_root(root, body);
    let reply = reply.map(|r| holonet::paths::under_root(root, r));
    let reply = reply.as_deref();
    let answered = from_issue::answer(root, &body, kind);
    let code = match &answered.outcome {
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        Ok(outcome) => print_outcome(outcome),
    };
    let Some(reply) = reply else {
        return code;
    };
    match from_issue::write_reply(reply, &answered.reply) {
        Ok(()) => code,
        Err(e) => {
            eprintln!("error: the reply was not written: {e}");
            ExitCode::from(2)
        }
    }
}

/// What `serve` prints: rebuilds on standard output, diagnostics on standard error.
struct ServeLog;

impl holonet::serve::Log for ServeLog {
    fn info(&self, line: &str) {
        say!("{line}");
    }

    fn report(&self, report: &holonet::diag::Report) {
        print_report(report);
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let _ = VERBOSITY.set(match (cli.quiet, cli.verbose) {
        (true, _) => Verbosity::Quiet,
        (_, true) => Verbosity::Verbose,
        _ => Verbosity::Normal,
    });
    match cli.command {
        Command::Build {
            root,
            out,
            base_url,
        } => {
            let started = Instant::now();
            let out = out.unwrap_or_else(|| root.join("public"));
            match site::build_with_progress(&root, &out, base_url.as_deref(), &mut build_progress) {
                Ok((stats, report)) => {
                    print_report(&report);
                    say!(
                        "Built {} events into {}: {} files ({} written, {} unchanged, {} removed) in {} ms",
                        stats.events,
                        out.display(),
                        stats.files,
                        stats.write.written,
                        stats.write.unchanged,
                        stats.write.removed,
                        started.elapsed().as_millis()
                    );
                    ExitCode::SUCCESS
                }
                Err(report) => {
                    print_report(&report);
                    eprintln!(
                        "error: build failed with {} error(s); {} was not changed",
                        report.errors(),
                        out.display()
                    );
                    ExitCode::FAILURE
                }
            }
        }
        Command::Serve {
            root,
            port,
            base_url,
            open,
            lan,
            self_report,
        } => {
            let options = holonet::serve::Options {
                root,
                port,
                base_url,
                open,
                lan,
                self_report,
                release_memory: release_freed_memory,
                terminal_colors: std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
            };
            match holonet::serve::serve(&options, std::sync::Arc::new(ServeLog)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(message) => {
                    eprintln!("error: {message}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Check { root, format } => {
            let report = site::check(&root);
            if !matches!(format, OutputFormat::Human) {
                // Machine formats go to standard output, alone, for the tool reading them.
                out_part!("{}", report.render_as(format.into()));
                return if report.has_errors() {
                    ExitCode::FAILURE
                } else {
                    ExitCode::SUCCESS
                };
            }
            print_report(&report);
            if report.has_errors() {
                eprintln!(
                    "error: {} error(s), {} warning(s)",
                    report.errors(),
                    report.warnings()
                );
                ExitCode::FAILURE
            } else {
                say!("All good: {} warning(s)", report.warnings());
                ExitCode::SUCCESS
            }
        }
        Command::Customize {
            files,
            list,
            show,
            root,
        } => {
            let done = if list {
                Ok(scaffold::list_look(&root))
            } else if show {
                files
                    .iter()
                    .map(|name| scaffold::show_look(name))
                    .collect::<Result<Vec<&str>, String>>()
                    .map(|texts| texts.concat())
            } else {
                scaffold::customize(&root, &files)
            };
            match done {
                // The built-in file itself is what the command prints, even with --quiet.
                Ok(text) if show => {
                    out!("{}", text.trim_end());
                    ExitCode::SUCCESS
                }
                Ok(text) => {
                    say!("{}", text.trim_end());
                    ExitCode::SUCCESS
                }
                Err(message) => {
                    eprintln!("error: {message}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Init { dir, example } => match scaffold::init(&dir, example) {
            Ok(count) if example => {
                say!(
                    "Created a new site in {} ({count} files), with an example event: events/2018/outer-rim-store-championship.toml and the .md beside it. Delete both before you publish the site. Next: cd {} && holonet build",
                    dir.display(),
                    dir.display()
                );
                ExitCode::SUCCESS
            }
            Ok(count) => {
                say!(
                    "Created a new site in {} ({count} files), with no events yet. Next: cd {} && holonet new events/{}/my-event.toml, then holonet build (holonet init --example adds an example event to try the pages on)",
                    dir.display(),
                    dir.display(),
                    &holonet::wall_clock::today().iso()[..4]
                );
                ExitCode::SUCCESS
            }
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::FAILURE
            }
        },
        Command::Pair {
            file,
            dry_run,
            root,
        } => run_pair(&root, &file, dry_run),
        Command::Report {
            from_issue: Some(body),
            reply,
            root,
            ..
        } => run_issue(&root, &body, reply.as_deref(), FormKind::Result),
        Command::Report {
            file: Some(file),
            table: Some(table),
            result,
            round,
            dark,
            timed,
            replace,
            root,
            ..
        } => run_edit(&root, &file, |loaded| {
            report::file_edit(
                loaded,
                &report::Request {
                    table,
                    result: result.as_deref(),
                    round,
                    dark: dark.as_deref(),
                    timed: timed.as_deref(),
                    replace,
                },
            )
        }),
        Command::Report { .. } => unreachable!("clap requires FILE and TABLE without --from-issue"),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "holonet", &mut script);
            // A closed pipe (`| head`) is the reader's choice, not a failure worth a panic.
            match std::io::Write::write_all(&mut std::io::stdout(), &script) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: cannot write the completion script: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Audit { file, root } => match load_one(&root, &file) {
            Ok(loaded) => {
                let audit = &loaded.computed.audit;
                out_part!(
                    "{}",
                    holonet::terminal::audit(&loaded.event, &loaded.computed)
                );
                if audit.status() == Some(holonet::rules::verdict::Status::Broken) {
                    ExitCode::FAILURE
                } else {
                    ExitCode::SUCCESS
                }
            }
            // Bad input is not a verdict on the pairings.
            Err(_) => ExitCode::from(2),
        },
        Command::Status { file, root } => match load_one(&root, &file) {
            Ok(loaded) => {
                out_part!(
                    "{}",
                    holonet::terminal::status(
                        &loaded.event,
                        &loaded.computed,
                        &holonet::edit::self_report::waiting_for(&root, &loaded.event),
                        &file.display().to_string()
                    )
                );
                ExitCode::SUCCESS
            }
            Err(code) => code,
        },
        Command::Confirm {
            file,
            table,
            player,
            root,
        } => print_outcome(&holonet::edit::self_report::confirm(
            &root,
            &file,
            table,
            player.as_deref(),
        )),
        Command::Standings { file, root } => match load_one(&root, &file) {
            Ok(loaded) => {
                out_part!(
                    "{}",
                    holonet::terminal::standings(&loaded.event, &loaded.computed)
                );
                ExitCode::SUCCESS
            }
            Err(code) => code,
        },
        Command::Register {
            from_issue: Some(body),
            reply,
            root,
            ..
        } => run_issue(&root, &body, reply.as_deref(), FormKind::Registration),
        Command::Register {
            file: Some(file),
            name: Some(name),
            id,
            late,
            team,
            with,
            root,
            ..
        } => run_edit(&root, &file, |loaded| {
            let request = registration::Registration {
                name: &name,
                id: id.as_deref(),
                late,
                team: team
                    .as_deref()
                    .zip(with.as_deref())
                    .map(|(name, partner)| registration::TeamEntry { name, partner }),
                by_form: false,
            };
            registration::register_edit(&root, loaded, request)
        }),
        Command::Register { .. } => {
            unreachable!("clap requires FILE and NAME without --from-issue")
        }
        Command::Drop {
            file,
            id,
            after,
            undo,
            root,
        } => run_edit(&root, &file, |loaded| {
            if undo {
                registration::undo_drop_edit(loaded, &id)
            } else {
                registration::drop_edit(loaded, &id, after)
            }
        }),
        Command::Unpair { file, root } => run_edit(&root, &file, registration::unpair_edit),
        Command::Game {
            file,
            dark,
            light,
            result,
            date,
            root,
        } => run_edit(&root, &file, |loaded| {
            casual::game_edit(
                loaded,
                casual::GameRequest {
                    dark: &dark,
                    light: &light,
                    result: &result,
                    date,
                },
            )
        }),
        Command::Session {
            file,
            scenario,
            solo,
            team,
            winner,
            date,
            root,
        } => {
            let request = casual::SessionRequest {
                scenario: &scenario,
                solo: &solo,
                team: team.iter().map(String::as_str).collect(),
                winner: &winner,
                date,
            };
            run_edit(&root, &file, |loaded| {
                casual::session_edit(loaded, &request)
            })
        }
        Command::Close { file, reopen, root } => {
            print_outcome(&casual::close_event(&root, &file, reopen))
        }
        Command::Import {
            file,
            out,
            name,
            date,
            rules,
            format,
            tier,
            location,
            skip,
            top_cut,
            root,
        } => {
            // As for every verb, a relative FILE is read from the site folder.
            let file = holonet::paths::under_root(&root, &file);
            let read_or_report = |file: &Path| {
                holonet::edit::tournament_assistant::read_source(file).map_err(|diagnostic| {
                    let mut report = holonet::diag::Report::default();
                    report.diagnostics.push(diagnostic);
                    print_report(&report);
                    ExitCode::FAILURE
                })
            };
            let top_cut = match top_cut.map(|f| holonet::paths::under_root(&root, &f)) {
                Some(_) if file.is_dir() => {
                    eprintln!(
                        "error: --top-cut goes with one saved Swiss event: import the files of {} one at a time to give it",
                        file.display()
                    );
                    return ExitCode::FAILURE;
                }
                Some(cut) => match read_or_report(&cut) {
                    Ok(text) => Some((cut, text)),
                    Err(code) => return code,
                },
                None => None,
            };
            let saved = |out: Option<PathBuf>| holonet::edit::tournament_assistant::SavedOptions {
                date,
                undated_only: false,
                name: name.clone(),
                out,
                top_cut: top_cut.clone(),
            };
            if file.is_dir() {
                if out.is_some() || name.is_some() {
                    eprintln!(
                        "error: --out and --name name one event; import the files of {} one at a time to give them",
                        file.display()
                    );
                    return ExitCode::FAILURE;
                }
                // A folder's --date is for the files saved without one: a saved date wins.
                let options = holonet::edit::tournament_assistant::SavedOptions {
                    undated_only: true,
                    ..saved(None)
                };
                return import_folder(&root, &file, &options);
            }
            let text = match read_or_report(&file) {
                Ok(text) => text,
                Err(code) => return code,
            };
            // A JSON object given no CSV options is read as a saved event, to say what it lacks.
            if holonet::edit::tournament_assistant::is_saved_event(&text)
                || (holonet::edit::tournament_assistant::is_json_object(&text) && out.is_none())
            {
                for (flag, given) in [
                    ("--rules", rules.is_some()),
                    ("--format", format.is_some()),
                    ("--tier", tier.is_some()),
                    ("--location", location.is_some()),
                    ("--skip", !skip.is_empty()),
                ] {
                    if given {
                        eprintln!(
                            "error: {flag} is not read for a saved Tournament Assistant event (its mode gives the ruleset); add it to the event file after the import"
                        );
                        return ExitCode::FAILURE;
                    }
                }
                return import_saved(&root, &file, &text, &saved(out));
            }
            if top_cut.is_some() {
                eprintln!(
                    "error: --top-cut goes with a saved Tournament Assistant event, and {} is a table of standings",
                    file.display()
                );
                return ExitCode::FAILURE;
            }
            let (Some(out), Some(name), Some(date)) = (out, name, date) else {
                eprintln!(
                    "error: a CSV of standings needs --out, --name and --date, such as --out events/2014/hoth-open.toml --name \"Hoth Open\" --date 2014-06-14"
                );
                return ExitCode::FAILURE;
            };
            let rules = rules.unwrap_or_else(|| holonet::edit::new::default_rules(&root));
            let options = holonet::edit::import::ImportOptions {
                name,
                date,
                rules,
                format,
                tier,
                location,
                skip,
            };
            match holonet::edit::import::import_file(&root, &file, &out, &options) {
                Ok((written, report)) => {
                    print_report(&report);
                    say!(
                        "Created {} from {}. Run holonet check, then holonet build.",
                        written.display(),
                        file.display()
                    );
                    ExitCode::SUCCESS
                }
                Err(holonet::edit::import::ImportError::Usage(message)) => {
                    eprintln!("error: {message}");
                    ExitCode::FAILURE
                }
                Err(holonet::edit::import::ImportError::Invalid(report)) => {
                    print_report(&report);
                    eprintln!("error: {} error(s); nothing was written", report.errors());
                    ExitCode::FAILURE
                }
            }
        }
        Command::New {
            path,
            rules,
            format,
            root,
        } => match holonet::edit::new::new_event(
            &root,
            &path,
            rules.as_deref(),
            format.as_deref(),
            holonet::wall_clock::today(),
        ) {
            Ok(written) => {
                let file = path.display();
                say!(
                    "Created {}. Register each player with holonet register {file} \"NAME\", then write round 1 with holonet pair {file}.",
                    written.display()
                );
                ExitCode::SUCCESS
            }
            Err(message) => {
                eprintln!("error: {message}");
                ExitCode::FAILURE
            }
        },
    }
}
