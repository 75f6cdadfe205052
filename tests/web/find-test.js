// The find boxes' script (static/find.js): how a row is matched by name or number, and what the
// box says. Run by `node tests/web/find-test.js` (and by tests/it/scripts_js.rs when node is
// installed).
"use strict";

const assert = require("node:assert/strict");
const path = require("node:path");
const f = require(path.join(__dirname, "..", "..", "static", "find.js"));

// Names fold like the search page's: case, accents, letters with a plain spelling.
assert.equal(f.fold("Zoë O'Brien-Šťastná"), "zoe obrien stastna");
assert.equal(f.fold("Jürgen Łódź"), "jurgen lodz");

// A name: every word begins a word of the name, in any order.
assert.ok(f.matches("zoe", "Zoë Achterberg", "3"));
assert.ok(f.matches("ACHTER", "Zoë Achterberg", "3"));
assert.ok(f.matches("achterberg zo", "Zoë Achterberg", "3"));
assert.ok(!f.matches("berg", "Zoë Achterberg", "3"), "inside a word is not a match");
assert.ok(!f.matches("zoe x", "Zoë Achterberg", "3"));
// A number: the whole table number, nothing else.
assert.ok(f.matches("3", "Zoë Achterberg", "3"));
assert.ok(f.matches(" 3 ", "Zoë Achterberg", "3"));
assert.ok(!f.matches("1", "Zoë Achterberg", "13"));
assert.ok(!f.matches("3", "Player 3", "1"), "a number is a table, not part of a name");
// A bye, and the empty query that shows everyone.
assert.ok(f.matches("bye", "Tobias Lund", "Bye"));
assert.ok(f.matches("", "Tobias Lund", "Bye"));
assert.ok(f.matches("   ", "Tobias Lund", "Bye"));
// A table of two players is found by either, and by words of both.
assert.ok(f.matches("lund", "Zoë Achterberg Tobias Lund", "12"));
assert.ok(f.matches("zoe tob", "Zoë Achterberg Tobias Lund", "12"));
// A row without a number (a standings row, a decklist) is found by name only.
assert.ok(f.matches("tobias", "Tobias Lund", null));
assert.ok(!f.matches("7", "Tobias Lund", null));
assert.ok(!f.matches("7", "Tobias Lund", ""));

const advice = "Check the spelling, or ask the organizer.";
assert.equal(f.findStatus("", 9, 9, "player", "players", advice), "");
assert.equal(f.findStatus("zoe", 1, 9, "player", "players", advice), "1 of 9 players shown.");
assert.equal(f.findStatus("zoe", 2, 127, "table", "tables", "Check the spelling."),
  "2 of 127 tables shown.");
assert.equal(f.findStatus(" xyz ", 0, 9, "player", "players", advice),
  "No player matches \u201cxyz\u201d. Check the spelling, or ask the organizer.");

console.log("find.js: ok");
