//! One person, one page. Player pages group the archive's entries by id (through
//! `players.toml`), so an id given to people of two names puts both on one page, and one
//! person written two ways under two ids gets two pages. The first is an error, the second a
//! hint (H019) that `players.toml` answers either way: `[[players]]` joins the ids,
//! `[[distinct]]` says they are two people. `check`, `register` and `import` all ask here.

use crate::diag::Shown;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::ops::Range;
use std::path::{Path, PathBuf};

use toml::de::DeValue;

use super::aliases::{PlayersFile, kept_id};
use crate::diag::{Code, Diagnostic, edit_distance_within, line_col};
use crate::event::Event;
use crate::event::ids::id_from_name;
use crate::toml_reader::Reader;

/// One person's `[[players]]` entry in an event file.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Entry {
    pub(crate) id: String,
    pub(crate) name: String,
    /// The event file, relative to the site root.
    pub(crate) file: PathBuf,
    /// The entry's place among the file's `[[players]]` entries.
    pub(crate) index: usize,
    /// The player's forum handle, when the entry records one.
    pub(crate) forum_handle: Option<String>,
}

/// Each person's entry in `event`, in order.
pub(crate) fn entries_of(event: &Event) -> Vec<Entry> {
    event
        .persons()
        .iter()
        .enumerate()
        .map(|(index, person)| Entry {
            id: person.id.clone(),
            name: person.name.clone(),
            file: event.file.clone(),
            index,
            forum_handle: person.forum_handle.clone(),
        })
        .collect()
}

/// The people of the archive's valid events, and what `players.toml` says about them.
#[derive(Debug, Default)]
pub(crate) struct People {
    /// The site folder, where the event files are read to point at an entry.
    root: PathBuf,
    /// In the order of the events given (the archive's: by slug), then of their entries.
    entries: Vec<Entry>,
    /// Each id's entries, by position in `entries`.
    by_id: BTreeMap<String, Vec<usize>>,
    pub(crate) players: PlayersFile,
}

impl People {
    /// The people of `events`, in their order, leaving out the event file `leaving_out` (the
    /// one being edited, whose own entries its edit checks).
    #[cfg(test)]
    pub(crate) fn of<'e>(
        root: &Path,
        events: impl IntoIterator<Item = &'e Event>,
        players: PlayersFile,
        leaving_out: Option<&Path>,
    ) -> People {
        let entries = events
            .into_iter()
            .filter(|event| leaving_out != Some(event.file.as_path()))
            .map(entries_of);
        People::from_entries(root, entries, players)
    }

    /// The people of the events whose entries ([`entries_of`]) are `events`, in their order.
    pub(crate) fn from_entries(
        root: &Path,
        events: impl IntoIterator<Item = Vec<Entry>>,
        players: PlayersFile,
    ) -> People {
        let mut people = People {
            root: root.to_path_buf(),
            players,
            ..People::default()
        };
        for entry in events.into_iter().flatten() {
            people
                .by_id
                .entry(entry.id.clone())
                .or_default()
                .push(people.entries.len());
            people.entries.push(entry);
        }
        people
    }

    /// The first entry that gives `id` to a person whose name is not `name`: the person a new
    /// entry `name` with `id` would share a page with. An id belongs to the name it was first
    /// given.
    pub(crate) fn other_person(&self, id: &str, name: &str) -> Option<&Entry> {
        let key = name_key(name);
        self.by_id
            .get(id)?
            .iter()
            .map(|&i| &self.entries[i])
            .find(|e| name_key(&e.name) != key)
    }

    /// As [`People::other_person`], for an entry a stranger asks for (an issue form): an id no
    /// event gives yet, but that `players.toml` joins to a person's page (an alias, or the id
    /// kept), is that person's too, and only a name of theirs may take it. The organizer may
    /// give such an id another spelling of the person's name: that is what an alias is for.
    pub(crate) fn other_person_joined(&self, id: &str, name: &str) -> Option<&Entry> {
        if self.by_id.contains_key(id) {
            return self.other_person(id, name);
        }
        let key = name_key(name);
        let aliases = &self.players.aliases;
        let page = kept_id(aliases, id);
        let mut theirs = self
            .entries
            .iter()
            .filter(|e| kept_id(aliases, &e.id) == page);
        let first = theirs.clone().next()?;
        (!theirs.any(|e| name_key(&e.name) == key)).then_some(first)
    }

    /// The first entry (in the archive's order) with the forum handle `handle`, compared
    /// without case and surrounding spaces, as the forum compares them: the same person, however
    /// the name was typed at each event.
    pub fn by_forum_handle(&self, handle: &str) -> Option<&Entry> {
        let wanted = handle.trim().to_lowercase();
        self.entries.iter().find(|e| {
            e.forum_handle
                .as_deref()
                .is_some_and(|h| h.trim().to_lowercase() == wanted)
        })
    }

    /// An id for a new entry `name` that puts no one else on its page: the one made from the
    /// name, else it numbered (`ann-berg-2`), skipping the ids `taken` in the entry's own event.
    pub(crate) fn free_id(&self, name: &str, taken: impl Fn(&str) -> bool) -> String {
        let base = match id_from_name(name) {
            id if id.is_empty() => "player".to_string(),
            id => id,
        };
        let usable = |id: &str| {
            !taken(id)
                && !crate::event::ids::is_reserved_name(id)
                && self.other_person(id, name).is_none()
        };
        std::iter::once(base.clone())
            .chain((2..).map(|n| format!("{base}-{n}")))
            .find(|id| usable(id))
            .unwrap_or(base)
    }

    /// The archive's names, one per person and spelling (each with its first entry), for
    /// [`similar_names`].
    pub(crate) fn names(&self) -> Vec<Named<'_>> {
        // An id and name written as an earlier entry wrote them has that entry's key too:
        // only the first of each spelling works its key out (most entries repeat one).
        let mut spelled: HashSet<(&str, &str)> = HashSet::new();
        let mut seen = BTreeSet::new();
        self.entries
            .iter()
            .filter(|e| {
                spelled.insert((&e.id, &e.name))
                    && seen.insert((
                        kept_id(&self.players.aliases, &e.id).to_string(),
                        name_key(&e.name),
                    ))
            })
            .map(|e| Named {
                id: &e.id,
                name: &e.name,
            })
            .collect()
    }

    /// Where `entry`'s `key` is in its file, as `file:line:column`.
    pub(crate) fn at(&self, entry: &Entry, key: &str) -> String {
        Texts::new(&self.root).at(entry, key)
    }

    /// The hint (H019) for each name of `new` (the entries of one event about to be written)
    /// close to another person's in the archive: the index in `new` it is about, the message
    /// and the help. New names are not compared with each other: people of one event are two.
    pub(crate) fn hints_for(&self, new: &[Named<'_>]) -> Vec<(usize, String, String)> {
        let mut names = self.names();
        let known = names.len();
        names.extend_from_slice(new);
        let mut texts = Texts::new(&self.root);
        let mut hinted = BTreeSet::new();
        // One hint per new name, about the first name close to it.
        similar_names(&names, &self.players, |a, b| a < known && b >= known)
            .into_iter()
            .filter(|&(_, b)| hinted.insert(b))
            .map(|(a, b)| {
                let at = self
                    .first_entry(&names[a])
                    .map_or_else(String::new, |entry| texts.at(entry, "name"));
                let (message, help) = similar_hint(names[b], names[a], &at, &self.players);
                (b - known, message, help)
            })
            .collect()
    }

    /// Whether the ids `a` and `b` are both in one event: two people registered side by side
    /// are two, however close their names.
    fn in_one_event(&self, a: &str, b: &str) -> bool {
        // The files as written (the archive's relative paths): a few per person, so a list.
        let files = |id: &str| -> Vec<&std::ffi::OsStr> {
            self.by_id
                .get(id)
                .into_iter()
                .flatten()
                .map(|&i| self.entries[i].file.as_os_str())
                .collect()
        };
        let theirs = files(b);
        files(a).iter().any(|file| theirs.contains(file))
    }

    /// The first entry of `named`, one of [`People::names`].
    fn first_entry(&self, named: &Named<'_>) -> Option<&Entry> {
        self.by_id
            .get(named.id)?
            .iter()
            .map(|&i| &self.entries[i])
            .find(|e| e.name == named.name)
    }
}

/// A name under an id, as the near-name hint compares them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Named<'a> {
    pub(crate) id: &'a str,
    pub(crate) name: &'a str,
}

/// A name as the hint and the id check compare it: "Last, First" turned to "First Last", then
/// as ids are made (lower case, accents and punctuation gone), so `Kessel, Tom`, `Tom Kessel`
/// and `tom  kessel` are one name. A name with no Latin letter is compared as written, in lower
/// case.
pub fn name_key(name: &str) -> String {
    let name = match name.split_once(',') {
        Some((last, first))
            if !first.contains(',') && !last.trim().is_empty() && !first.trim().is_empty() =>
        {
            format!("{} {}", first.trim(), last.trim())
        }
        _ => name.to_string(),
    };
    match id_from_name(&name) {
        key if key.is_empty() => name
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase(),
        key => key,
    }
}

/// The scripts whose letters look alike: a name that mixes them may be made to look like
/// another's (`Tоm Kessel` with a Cyrillic `о`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Script {
    Latin,
    Greek,
    Cyrillic,
}

impl Script {
    fn name(self) -> &'static str {
        match self {
            Script::Latin => "Latin",
            Script::Greek => "Greek",
            Script::Cyrillic => "Cyrillic",
        }
    }
}

/// The script of a letter of Latin, Greek or Cyrillic; `None` for anything else (digits,
/// punctuation, letters of other scripts).
fn script(c: char) -> Option<Script> {
    if !c.is_alphabetic() {
        return None;
    }
    match u32::from(c) {
        0x41..=0x5a
        | 0x61..=0x7a
        | 0xc0..=0x24f
        | 0x250..=0x2af
        | 0x1e00..=0x1eff
        | 0x2c60..=0x2c7f
        | 0xa720..=0xa7ff
        | 0xab30..=0xab6f
        | 0xff21..=0xff3a
        | 0xff41..=0xff5a => Some(Script::Latin),
        0x370..=0x3ff | 0x1f00..=0x1fff => Some(Script::Greek),
        0x400..=0x52f | 0x1c80..=0x1c8f | 0x2de0..=0x2dff | 0xa640..=0xa69f => {
            Some(Script::Cyrillic)
        }
        _ => None,
    }
}

/// When `name` writes letters of two of Latin, Greek and Cyrillic, what it mixes, said for a
/// message ("Latin and Cyrillic letters (`о` is Cyrillic)"). A whole name in one script is
/// never mixed, whatever the script.
pub(crate) fn mixed_scripts(name: &str) -> Option<String> {
    let mut letters = name.chars().filter_map(|c| Some((c, script(c)?)));
    let (_, first) = letters.next()?;
    let (other, second) = letters.find(|&(_, s)| s != first)?;
    Some(format!(
        "{} and {} letters (`{other}` is {})",
        first.name(),
        second.name(),
        second.name()
    ))
}

/// The Latin letter a Cyrillic or Greek letter is drawn like in most fonts, else `None`.
fn latin_lookalike(c: char) -> Option<char> {
    Some(match c {
        'а' | 'α' => 'a',
        'с' | 'ϲ' => 'c',
        'ԁ' => 'd',
        'е' => 'e',
        'һ' => 'h',
        'і' | 'ι' => 'i',
        'ј' | 'ϳ' => 'j',
        'κ' => 'k',
        'ӏ' => 'l',
        'о' | 'ο' => 'o',
        'р' | 'ρ' => 'p',
        'ԛ' => 'q',
        'ѕ' => 's',
        'υ' => 'u',
        'ν' => 'v',
        'ԝ' => 'w',
        'х' | 'χ' => 'x',
        'у' => 'y',
        'А' | 'Α' => 'A',
        'В' | 'Β' => 'B',
        'С' | 'Ϲ' => 'C',
        'Е' | 'Ε' => 'E',
        'Н' | 'Η' => 'H',
        'І' | 'Ι' | 'Ӏ' => 'I',
        'Ј' => 'J',
        'К' | 'Κ' => 'K',
        'М' | 'Μ' => 'M',
        'Ν' => 'N',
        'О' | 'Ο' => 'O',
        'Р' | 'Ρ' => 'P',
        'Ԛ' => 'Q',
        'Ѕ' => 'S',
        'Т' | 'Τ' => 'T',
        'Ԝ' => 'W',
        'Х' | 'Χ' => 'X',
        'У' | 'Υ' => 'Y',
        'Ζ' => 'Z',
        _ => return None,
    })
}

/// A name as it looks: [`name_key`] of the name with its Cyrillic and Greek letters drawn like
/// Latin ones read as those, when that leaves it all Latin (`Тоm Kessel` and `Tom Kessel` give
/// `tom-kessel`). A name with a letter of its own script (`Иван`) keeps its own key, so two
/// Cyrillic names never meet through the few letters they share with Latin.
fn look_key(name: &str) -> String {
    let drawn: String = name
        .chars()
        .map(|c| latin_lookalike(c).unwrap_or(c))
        .collect();
    if drawn
        .chars()
        .any(|c| matches!(script(c), Some(Script::Greek | Script::Cyrillic)))
    {
        name_key(name)
    } else {
        name_key(&drawn)
    }
}

/// How many names may share one bucket of [`close_pairs`] before the bucket is passed over:
/// names that many alike (`Player 1` to `Player 9`) are not one person's slips, and the cap
/// keeps the work in proportion to the archive's size.
const BUCKET_LIMIT: usize = 64;

/// The pairs `(a, b)`, `a < b`, of `keys` no more than one slip apart (a letter added, left
/// out, changed, or two swapped), equal keys included, for which `wanted(a, b)` holds; in
/// order. Each key goes into a bucket for itself and for each one-letter deletion of it: two
/// keys one slip apart always share a bucket ("googlen" and "gogolen" both give "goglen"), so
/// only keys sharing one are compared, never every pair of a large archive.
pub fn close_pairs(keys: &[String], wanted: impl Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
    let mut buckets: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, key) in keys.iter().enumerate() {
        let mut variants = BTreeSet::from([key.clone()]);
        for (at, c) in key.char_indices() {
            variants.insert(format!("{}{}", &key[..at], &key[at + c.len_utf8()..]));
        }
        for variant in variants {
            buckets.entry(variant).or_default().push(i);
        }
    }
    let mut pairs = BTreeSet::new();
    for bucket in buckets.values().filter(|b| b.len() <= BUCKET_LIMIT) {
        for (n, &a) in bucket.iter().enumerate() {
            for &b in &bucket[n + 1..] {
                let (a, b) = (a.min(b), a.max(b));
                if !pairs.contains(&(a, b))
                    && edit_distance_within(&keys[a], &keys[b], 1).is_some()
                    && wanted(a, b)
                {
                    pairs.insert((a, b));
                }
            }
        }
    }
    pairs.into_iter().collect()
}

/// The pairs of `names` (as [`close_pairs`]) whose names are one slip apart or the same under
/// two ids that are not one page, and that `players.toml` does not call two people; `wanted`
/// narrows them (to those with a new name).
fn similar_names(
    names: &[Named<'_>],
    players: &PlayersFile,
    wanted: impl Fn(usize, usize) -> bool,
) -> Vec<(usize, usize)> {
    let keys: Vec<String> = names.iter().map(|n| look_key(n.name)).collect();
    let kept = |i: usize| kept_id(&players.aliases, names[i].id);
    close_pairs(&keys, |a, b| {
        wanted(a, b) && kept(a) != kept(b) && !players.are_distinct(kept(a), kept(b))
    })
}

/// The hint about the name `new` (one of a close pair) and `known`, which is at `at`
/// ("events/2019/coruscant.toml:7:8"): the message, and the help with the `players.toml`
/// lines either answer takes.
fn similar_hint(
    new: Named<'_>,
    known: Named<'_>,
    at: &str,
    players: &PlayersFile,
) -> (String, String) {
    let how = if name_key(new.name) == name_key(known.name) {
        "is the same name as"
    } else if look_key(new.name) == look_key(known.name) {
        "looks like, written in other letters,"
    } else {
        "is close to"
    };
    let (known_id, new_id) = (
        kept_id(&players.aliases, known.id),
        kept_id(&players.aliases, new.id),
    );
    // The page kept is the known one's, unless only the new id is its name's, a full name
    // rather than a nickname (`ivan-petrov` over `ivan`).
    let natural = |named: &Named<'_>, id: &str| id_from_name(&name_key(named.name)) == id;
    let (keep, alias) = if natural(&new, new_id) && !natural(&known, known_id) {
        (new_id, known_id)
    } else {
        (known_id, new_id)
    };
    (
        format!(
            "`{}` (id {}) {how} `{}` (id {}) in {at}: two ids have two player pages",
            new.name, new.id, known.name, known.id
        ),
        format!(
            "if they are one person, join them in players.toml: [[players]] id = \"{keep}\" aliases = [\"{alias}\"]; if they are two people, say so there: [[distinct]] ids = [\"{keep}\", \"{alias}\"]"
        ),
    )
}

/// The event files' texts, read once each, to point at an entry's line and column.
struct Texts<'r> {
    root: &'r Path,
    texts: BTreeMap<PathBuf, Option<String>>,
}

impl<'r> Texts<'r> {
    pub(crate) fn new(root: &'r Path) -> Self {
        Texts {
            root,
            texts: BTreeMap::new(),
        }
    }

    /// The span of `entry`'s value of `key` (`id` or `name`), else of its `name`.
    pub(crate) fn span(&mut self, entry: &Entry, key: &str) -> Option<Range<usize>> {
        let text = self
            .texts
            .entry(entry.file.clone())
            .or_insert_with(|| {
                crate::text_file::read_text(&self.root.join(&entry.file), &entry.file).ok()
            })
            .as_deref()?;
        let mut reader = Reader::new(&entry.file);
        let doc = reader.parse(text)?;
        let DeValue::Array(players) = doc.get_ref().get("players")?.get_ref() else {
            return None;
        };
        let DeValue::Table(table) = players.get(entry.index)?.get_ref() else {
            return None;
        };
        table
            .get(key)
            .or_else(|| table.get("name"))
            .map(|v| v.span())
    }

    /// Where `entry`'s `key` is, as `file:line:column` (the file alone if it cannot be read).
    pub(crate) fn at(&mut self, entry: &Entry, key: &str) -> String {
        match self.span(entry, key) {
            Some(span) => {
                let text = self.texts[&entry.file].as_deref().unwrap_or_default();
                let (line, column) = line_col(text, span.start);
                format!("{}:{line}:{column}", entry.file.shown())
            }
            None => entry.file.shown().to_string(),
        }
    }

    /// The texts read, to show the lines the diagnostics point at.
    fn into_sources(self) -> Vec<(PathBuf, String)> {
        self.texts
            .into_iter()
            .filter_map(|(file, text)| Some((file, text?)))
            .collect()
    }
}

/// What `check` and `build` say about the archive's people: an error at each entry whose id an
/// earlier entry (in slug order) gives a person of another name, since both would be shown on
/// one page as one person; and a warning (H019) at each name one slip from an earlier one under
/// another id, or the same name under two ids, since one person would have two pages. With the
/// texts of the files they point into.
pub(crate) fn check(people: &People) -> (Vec<Diagnostic>, Vec<(PathBuf, String)>) {
    let mut texts = Texts::new(&people.root);
    let mut diagnostics = Vec::new();
    for (id, at) in &people.by_id {
        let first = &people.entries[at[0]];
        let key = std::cell::OnceCell::new();
        for entry in at.iter().map(|&i| &people.entries[i]) {
            // The same spelling is the same name; another is compared by its key.
            if entry.name == first.name
                || name_key(&entry.name) == *key.get_or_init(|| name_key(&first.name))
            {
                continue;
            }
            let there = texts.at(first, "id");
            let free = people.free_id(&entry.name, |_| false);
            diagnostics.push(
                Diagnostic::error(
                    Code::BadId,
                    &entry.file,
                    texts.span(entry, "id"),
                    format!(
                        "the id `{id}` is {} here, but {} in {there}: their results would be shown on one page, as one person's",
                        entry.name, first.name
                    ),
                )
                .with_help(format!(
                    "if they are two people, give this one an id of their own, such as id = \"{free}\"; if one, write the name as there, or give this entry its own id and join the two in players.toml"
                )),
            );
        }
    }
    let names = people.names();
    for named in &names {
        let (Some(mixed), Some(entry)) = (mixed_scripts(named.name), people.first_entry(named))
        else {
            continue;
        };
        diagnostics.push(
            Diagnostic::warning(
                Code::SimilarName,
                &entry.file,
                texts.span(entry, "name"),
                format!(
                    "`{}` mixes {mixed}: it looks like a name it is not, and may pass for another player's",
                    named.name
                ),
            )
            .with_help("type the name in one script, as the player writes it"),
        );
    }
    let apart = |a: usize, b: usize| !people.in_one_event(names[a].id, names[b].id);
    let mut hinted = BTreeSet::new();
    // One hint per name, about the first name close to it.
    for (a, b) in similar_names(&names, &people.players, apart)
        .into_iter()
        .filter(|&(_, b)| hinted.insert(b))
    {
        let (Some(known), Some(new)) =
            (people.first_entry(&names[a]), people.first_entry(&names[b]))
        else {
            continue;
        };
        let there = texts.at(known, "name");
        let (message, help) = similar_hint(names[b], names[a], &there, &people.players);
        diagnostics.push(
            Diagnostic::warning(
                Code::SimilarName,
                &new.file,
                texts.span(new, "name"),
                message,
            )
            .with_help(help),
        );
    }
    (diagnostics, texts.into_sources())
}

/// An event of `names` at `file`, known by its standings: the archive the tests of the
/// close-name hint (here and in `import`) weigh names against.
#[cfg(test)]
pub(crate) fn standings_event(file: &str, names: &[&str]) -> Event {
    let mut text =
        "[event]\nname = \"Open\"\ndate = 2019-05-01\nrules = \"ffg-2014\"\n".to_string();
    for name in names {
        text.push_str(&format!("\n[[players]]\nname = \"{name}\"\n"));
    }
    for (rank, name) in names.iter().enumerate() {
        let id = id_from_name(name);
        text.push_str(&format!(
            "\n[[standings]]\nrank = {}\nplayer = \"{id}\"\n",
            rank + 1
        ));
    }
    let (event, diagnostics) = crate::load::parse_event(
        Path::new(file),
        &text,
        &crate::load::options::LoadOptions::default(),
    );
    event.unwrap_or_else(|| panic!("{diagnostics:?}")).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_first_is_the_same_name_as_first_last() {
        assert_eq!(name_key("Kessel, Tom"), "tom-kessel");
        assert_eq!(name_key("Tom  KESSEL"), "tom-kessel");
        assert_eq!(name_key("Zoë Achterberg"), "zoe-achterberg");
        // Not a "Last, First" name: kept in its order.
        assert_eq!(name_key("Kessel, Tom, Jr."), "kessel-tom-jr");
        assert_eq!(name_key("東京 太郎"), "東京 太郎");
    }

    fn keys(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| name_key(n)).collect()
    }

    #[test]
    fn names_one_slip_apart_pair_up_and_others_do_not() {
        let names = keys(&[
            "Chris Googlen",
            "Corey lauer",
            "Tom Kessel",
            "Chris Gogolen",
            "Cory Lauer",
            "Kessel, Tom",
            "Bo Lind",
            "Bo Lindqvist",
            "Ann Ekberg",
        ]);
        assert_eq!(
            close_pairs(&names, |_, _| true),
            [(0, 3), (1, 4), (2, 5)],
            "a swap, a letter left out and the same name; nothing further apart"
        );
        assert_eq!(close_pairs(&names, |a, _| a != 1), [(0, 3), (2, 5)]);
    }

    #[test]
    fn people_of_one_event_are_two_however_close_their_names() {
        let events = [
            standings_event("events/2019/a.toml", &["Dana Dahl", "Hana Dahl"]),
            standings_event("events/2020/b.toml", &["Jana Dahl"]),
        ];
        let people = People::of(Path::new("no-site"), &events, PlayersFile::default(), None);
        let (diagnostics, _) = check(&people);
        let found: Vec<(&str, &Path)> = diagnostics
            .iter()
            .map(|d| (d.message.as_str(), d.file.as_path()))
            .collect();
        assert_eq!(
            found,
            [(
                "`Jana Dahl` (id jana-dahl) is close to `Dana Dahl` (id dana-dahl) in events/2019/a.toml: two ids have two player pages",
                Path::new("events/2020/b.toml")
            )]
        );
    }

    #[test]
    fn in_a_form_an_id_joined_in_players_toml_belongs_to_that_persons_names() {
        let events = [standings_event("events/2019/a.toml", &["Ivan Petrov"])];
        let players = crate::load::aliases::parse(
            "[[players]]\nid = \"ivan-petrov\"\naliases = [\"ivan\"]\n",
        )
        .expect("players.toml");
        let people = People::of(Path::new("no-site"), &events, players, None);
        // The alias no event gives yet is Ivan's page: in a form, another name may not take it.
        let other = people
            .other_person_joined("ivan", "Troll McTroll")
            .expect("refused");
        assert_eq!(other.name, "Ivan Petrov");
        assert!(people.other_person_joined("ivan", "Petrov, Ivan").is_none());
        assert!(people.other_person_joined("ivan-petrov", "Troll").is_some());
        assert!(people.other_person_joined("troll", "Troll").is_none());
        // The organizer may write another spelling of Ivan under the alias.
        assert!(people.other_person("ivan", "Ivan P.").is_none());
    }

    #[test]
    fn mixed_scripts_and_look_alike_letters_are_seen() {
        assert_eq!(
            mixed_scripts("T\u{43e}m Kessel").as_deref(),
            Some("Latin and Cyrillic letters (`\u{43e}` is Cyrillic)")
        );
        for one in [
            "Tom Kessel",
            "Иван Петров",
            "Νίκος",
            "Zoë Šťastná",
            "R2-D2 東京",
        ] {
            assert_eq!(mixed_scripts(one), None, "{one}");
        }
        // Drawn like Latin letters, Cyrillic and Greek ones read as those; a name with a
        // letter of its own script keeps its own key.
        assert_eq!(look_key("T\u{43e}m Kessel"), "tom-kessel");
        assert_eq!(look_key("\u{422}\u{43e}\u{43c}"), "\u{442}\u{43e}\u{43c}");
        assert_eq!(look_key("\u{394}\u{391}\u{39d}"), "\u{3b4}\u{3b1}\u{3bd}");
        assert_eq!(look_key("\u{421}\u{435}\u{455}\u{430}r"), "cesar");
        assert_eq!(look_key("Иван Петров"), name_key("Иван Петров"));
    }

    #[test]
    fn a_name_in_look_alike_letters_gets_the_hint_and_a_mixed_one_a_warning() {
        let events = [
            standings_event("events/2019/a.toml", &["Tom Kessel"]),
            standings_event("events/2020/b.toml", &["T\u{43e}m Kessel"]),
        ];
        let people = People::of(Path::new("no-site"), &events, PlayersFile::default(), None);
        let (diagnostics, _) = check(&people);
        let found: Vec<&str> = diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            found,
            [
                "`T\u{43e}m Kessel` mixes Latin and Cyrillic letters (`\u{43e}` is Cyrillic): it looks like a name it is not, and may pass for another player's",
                "`T\u{43e}m Kessel` (id t-m-kessel) looks like, written in other letters, `Tom Kessel` (id tom-kessel) in events/2019/a.toml: two ids have two player pages",
            ]
        );
    }

    #[test]
    fn a_bucket_of_names_too_alike_is_passed_over() {
        let many: Vec<String> = (0..BUCKET_LIMIT + 1)
            .map(|n| format!("player-{n:03}"))
            .collect();
        // Numbered names share buckets with a score of others at most: those are compared.
        let pairs = close_pairs(&many, |_, _| true);
        assert!(pairs.contains(&(1, 2)), "{pairs:?}");
        // Names all alike fill one bucket past the cap: it is passed over.
        let same: Vec<String> = (0..BUCKET_LIMIT + 1).map(|_| "x".to_string()).collect();
        assert!(close_pairs(&same, |_, _| true).is_empty());
    }
}
