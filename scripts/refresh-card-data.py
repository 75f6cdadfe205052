#!/usr/bin/env python3
"""Regenerate the card index files in data/ from the shared card extracts.

Usage: scripts/refresh-card-data.py SHARED_DIR [OUTPUT_DIR]

SHARED_DIR holds the shared extracts (`/work/shared/data`); OUTPUT_DIR defaults to the `data/`
folder of this script's repository. One run writes every file:

- `swlcg-objective-sets.tsv` from `swlcg-objective-sets.json` (a list of objects with number,
  title, side, affiliation, limit_one_per_objective_deck, affiliation_only, product): the
  objective sets of Star Wars: The Card Game, sorted by numeric id (ids that are not numbers, such
  as community sets, follow in text order).
- `swccg-sets.tsv` from `swccg-sets.json` (id, name, gempName, abbr, position, ...): the Star Wars
  CCG products, in the source's position order, ties broken by id.
- `swccg-cards.tsv` from `swccg-cards.json` (id, gempId, side, set, title, type, subType,
  uniqueness, legacy): the Star Wars CCG cards, in product order, then by GEMP blueprint number,
  then by id. The uniqueness markers leave the title for their own column (see data/README.md).

Each file keeps only what the deck checks and the pages need (no card text, no images), with LF
line endings, so the same input always gives the same bytes. Bad input stops the script with a
message before anything is written.
"""

import json
import re
import sys
from pathlib import Path

SIDES = {"Dark", "Light"}

LCG_COLUMNS = ["id", "title", "side", "affiliation", "limit_one", "affiliation_only"]
CCG_SET_COLUMNS = ["id", "name", "abbr", "gemp_name"]
CCG_CARD_COLUMNS = ["id", "gemp_id", "side", "set", "title", "uniqueness", "type", "sub_type"]

# The uniqueness markers a SW:CCG title may start with, as the source spells them in `uniqueness`
# and as the title shows them: bullets (unique, or restricted to two or three) and diamonds.
UNIQUENESS_FROM_PREFIX = {
    "•": "*",
    "••": "**",
    "•••": "***",
    "<>": "<>",
    "<><><>": "<><><>",
}
TITLE_PREFIX = re.compile(r"^(?:•+|(?:<>)+)")
GEMP_ID = re.compile(r"^(\d+)_(\d+)$")


def fail(message):
    sys.exit(f"refresh-card-data: {message}")


def load_list(path, what):
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        fail(f"cannot read {path}: {error}")
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        fail(f"{path}: expected a list of {what} objects")
    return entries


def clean(label, key, value):
    """A value as it may go in a TSV cell: no tab or line break, no surrounding spaces."""
    if any(c in value for c in "\t\r\n"):
        fail(f"{label}: `{key}` holds a tab or line break: {value!r}")
    return value.strip()


def text_field(label, entry, key):
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        fail(f"{label}: `{key}` must be a non-empty string, got {value!r}")
    return clean(label, key, value)


def optional_text_field(label, entry, key):
    if key not in entry:
        fail(f"{label}: `{key}` is missing (null is allowed)")
    value = entry[key]
    if value is None:
        return ""
    if not isinstance(value, str) or not value.strip():
        fail(f"{label}: `{key}` must be null or a non-empty string, got {value!r}")
    return clean(label, key, value)


def int_field(label, entry, key):
    value = entry.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        fail(f"{label}: `{key}` must be a whole number, got {value!r}")
    return value


def flag_field(label, entry, key):
    value = entry.get(key)
    if not isinstance(value, bool):
        fail(f"{label}: `{key}` must be true or false, got {value!r}")
    return value


def side_field(label, entry):
    side = text_field(label, entry, "side")
    if side not in SIDES:
        fail(f"{label}: side must be Dark or Light, got {side!r}")
    return side


def lcg_objective_sets(entries):
    rows = []
    seen = set()
    for entry in entries:
        label = f"set {entry.get('number')!r}"
        row = [
            text_field(label, entry, "number"),
            text_field(label, entry, "title"),
            side_field(label, entry),
            text_field(label, entry, "affiliation"),
            "true" if flag_field(label, entry, "limit_one_per_objective_deck") else "false",
            "true" if flag_field(label, entry, "affiliation_only") else "false",
        ]
        if row[0] in seen:
            fail(f"set {row[0]!r} appears twice")
        seen.add(row[0])
        rows.append(row)

    def sort_key(row):
        set_id = row[0]
        return (0, int(set_id), "") if set_id.isdigit() else (1, 0, set_id)

    rows.sort(key=sort_key)
    return rows


def ccg_sets(entries):
    """The product rows, and each set id's sort position for ordering the cards."""
    rows = []
    positions = {}
    for entry in entries:
        label = f"SW:CCG set {entry.get('id')!r}"
        set_id = text_field(label, entry, "id")
        if set_id in positions:
            fail(f"SW:CCG set {set_id!r} appears twice")
        positions[set_id] = (int_field(label, entry, "position"), set_id)
        rows.append(
            [
                set_id,
                text_field(label, entry, "name"),
                text_field(label, entry, "abbr"),
                text_field(label, entry, "gempName"),
            ]
        )
    rows.sort(key=lambda row: positions[row[0]])
    return rows, positions


def split_title(label, title, listed):
    """The title without uniqueness markers, and the marker for the `uniqueness` column.

    The leading marker (bullets or diamonds) becomes the `uniqueness` cell; bullets inside the
    title (combo cards such as `•Artoo & •Threepio`, two-faced cards such as `•The Mythrol /
    •The Mythrol`) are dropped too, since deck lists never write them. The source's `uniqueness`
    field must agree with the marker when both are present; when the field is null and the title
    has a marker (one card, `•Eyes In The Dark`), the printed marker wins.
    """
    match = TITLE_PREFIX.match(title)
    prefix = match.group(0) if match else ""
    if prefix and prefix not in UNIQUENESS_FROM_PREFIX:
        fail(f"{label}: unknown uniqueness marker {prefix!r} in title {title!r}")
    marker = UNIQUENESS_FROM_PREFIX.get(prefix, "")
    if listed and marker and listed != marker:
        fail(f"{label}: uniqueness {listed!r} does not match the title's marker {prefix!r}")
    if listed and listed not in UNIQUENESS_FROM_PREFIX.values():
        fail(f"{label}: unknown uniqueness {listed!r}")
    bare = " ".join(title[len(prefix) :].replace("•", "").split())
    if not bare:
        fail(f"{label}: title {title!r} is only a marker")
    if "<>" in bare:
        fail(f"{label}: a diamond marker inside the title {title!r}")
    return bare, marker or listed


def ccg_cards(entries, set_positions):
    keyed = []
    seen = set()
    for entry in entries:
        label = f"SW:CCG card {entry.get('id')!r}"
        card_id = int_field(label, entry, "id")
        if card_id in seen:
            fail(f"SW:CCG card {card_id} appears twice")
        seen.add(card_id)
        gemp_id = text_field(label, entry, "gempId")
        gemp = GEMP_ID.match(gemp_id)
        if not gemp:
            fail(f"{label}: gempId must look like 12_34, got {gemp_id!r}")
        set_id = text_field(label, entry, "set")
        if set_id not in set_positions:
            fail(f"{label}: set {set_id!r} is not in swccg-sets.json")
        if flag_field(label, entry, "legacy"):
            fail(f"{label}: legacy cards are not in the index; decide how the checks treat them first")
        title, uniqueness = split_title(
            label, text_field(label, entry, "title"), optional_text_field(label, entry, "uniqueness")
        )
        row = [
            str(card_id),
            gemp_id,
            side_field(label, entry),
            set_id,
            title,
            uniqueness,
            text_field(label, entry, "type"),
            optional_text_field(label, entry, "subType"),
        ]
        key = (set_positions[set_id], int(gemp.group(1)), int(gemp.group(2)), card_id)
        keyed.append((key, row))
    keyed.sort(key=lambda pair: pair[0])
    return [row for _, row in keyed]


def tsv(columns, rows):
    return "\n".join("\t".join(cells) for cells in [columns] + rows) + "\n"


def main(argv):
    if len(argv) not in (2, 3):
        fail("usage: refresh-card-data.py SHARED_DIR [OUTPUT_DIR]")
    source = Path(argv[1])
    output = Path(argv[2]) if len(argv) == 3 else Path(__file__).resolve().parent.parent / "data"

    lcg_sets = lcg_objective_sets(
        load_list(source / "swlcg-objective-sets.json", "objective set")
    )
    products, positions = ccg_sets(load_list(source / "swccg-sets.json", "SW:CCG set"))
    cards = ccg_cards(load_list(source / "swccg-cards.json", "SW:CCG card"), positions)

    # Everything is checked before anything is written, so bad input leaves data/ as it was.
    files = [
        ("swlcg-objective-sets.tsv", tsv(LCG_COLUMNS, lcg_sets), "objective sets", len(lcg_sets)),
        ("swccg-sets.tsv", tsv(CCG_SET_COLUMNS, products), "SW:CCG sets", len(products)),
        ("swccg-cards.tsv", tsv(CCG_CARD_COLUMNS, cards), "SW:CCG cards", len(cards)),
    ]
    output.mkdir(parents=True, exist_ok=True)
    for name, text, what, count in files:
        with open(output / name, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        print(f"wrote {count} {what} to {output / name}")


if __name__ == "__main__":
    main(sys.argv)
