#!/usr/bin/env python3
"""Regenerate data/swlcg-objective-sets.tsv from the shared objective-set extract.

Usage: scripts/refresh-card-data.py SHARED_JSON [OUTPUT_TSV]

SHARED_JSON is the shared `swlcg-objective-sets.json` (a list of objects with number, title, side,
affiliation, limit_one_per_objective_deck, affiliation_only, product). OUTPUT_TSV defaults to
data/swlcg-objective-sets.tsv next to this script's repository. The output keeps only what the
deck checks need (no card text, no product), one set per line, sorted by numeric id (ids that are
not numbers, such as community sets, follow in text order), with LF line endings, so the same input
always gives the same bytes. Bad input stops the script with a message and writes nothing.
"""

import json
import sys
from pathlib import Path

COLUMNS = ["id", "title", "side", "affiliation", "limit_one", "affiliation_only"]
SIDES = {"Dark", "Light"}


def fail(message):
    sys.exit(f"refresh-card-data: {message}")


def text_field(entry, key):
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        fail(f"set {entry.get('number')!r}: `{key}` must be a non-empty string, got {value!r}")
    if any(c in value for c in "\t\r\n"):
        fail(f"set {entry.get('number')!r}: `{key}` holds a tab or line break: {value!r}")
    return value.strip()


def flag_field(entry, key):
    value = entry.get(key)
    if not isinstance(value, bool):
        fail(f"set {entry.get('number')!r}: `{key}` must be true or false, got {value!r}")
    return "true" if value else "false"


def sort_key(row):
    set_id = row[0]
    return (0, int(set_id), "") if set_id.isdigit() else (1, 0, set_id)


def main(argv):
    if len(argv) not in (2, 3):
        fail("usage: refresh-card-data.py SHARED_JSON [OUTPUT_TSV]")
    source = Path(argv[1])
    output = (
        Path(argv[2])
        if len(argv) == 3
        else Path(__file__).resolve().parent.parent / "data" / "swlcg-objective-sets.tsv"
    )
    try:
        entries = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        fail(f"cannot read {source}: {error}")
    if not isinstance(entries, list):
        fail(f"{source}: expected a list of objective sets")

    rows = []
    seen = set()
    for entry in entries:
        if not isinstance(entry, dict):
            fail(f"{source}: expected an object, got {entry!r}")
        row = [
            text_field(entry, "number"),
            text_field(entry, "title"),
            text_field(entry, "side"),
            text_field(entry, "affiliation"),
            flag_field(entry, "limit_one_per_objective_deck"),
            flag_field(entry, "affiliation_only"),
        ]
        if row[2] not in SIDES:
            fail(f"set {row[0]!r}: side must be Dark or Light, got {row[2]!r}")
        if row[0] in seen:
            fail(f"set {row[0]!r} appears twice")
        seen.add(row[0])
        rows.append(row)
    rows.sort(key=sort_key)

    lines = ["\t".join(COLUMNS)] + ["\t".join(row) for row in rows]
    output.parent.mkdir(parents=True, exist_ok=True)
    with open(output, "w", encoding="utf-8", newline="\n") as out:
        out.write("\n".join(lines) + "\n")
    print(f"wrote {len(rows)} objective sets to {output}")


if __name__ == "__main__":
    main(sys.argv)
