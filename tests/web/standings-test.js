// The round pages' standings script, run by `node tests/web/standings-test.js` (and by
// tests/it/scripts_js.rs when node is installed). No dependencies: Node's own assert.
"use strict";

const assert = require("node:assert/strict");
const path = require("node:path");
const s = require(path.join(__dirname, "..", "..", "static", "standings.js"));

// Exact values rounded half up to three decimals, as Ratio::decimal does.
assert.equal(s.decimal("15/4"), "3.750");
assert.equal(s.decimal("3"), "3.000");
assert.equal(s.decimal("2/3"), "0.667");
assert.equal(s.decimal("1/8"), "0.125");
assert.equal(s.decimal("1/16"), "0.063", "half up");
assert.equal(s.decimal("1/3000"), "0.000");
assert.equal(s.decimal("0"), "0.000");
assert.equal(s.decimal("123456789012345678901/1000"), "123456789012345678.901", "no float rounding");

// Format 4: a row leaves out its trailing nulls (the first row's `decided_by`).
const doc = {
  players: [
    { id: "ann", name: "Ann <b>Lee</b>" },
    { id: "bo", name: "Bo Vos" },
    { id: "cy", name: "Cy Ray" },
    { id: "dee", name: "Dee Fox" }
  ],
  standings_by_round: [
    { after_round: 1, columns: ["rank", "id", "points", "wins", "losses", "draws", "byes", "rounds_played", "sos", "esos", "random", "decided_by"],
      rows: [[1, "ann", 6, 2, 0, 0, 0, 1, "3", "6", 1]] },
    { after_round: 2, columns: ["rank", "id", "points", "wins", "losses", "draws", "byes", "rounds_played", "esos", "sos", "random", "decided_by"],
      rows: [
        [1, "ann", 12, 4, 0, 0, 1, 2, "7/2", "3", 2],
        [2, "bo", 12, 4, 0, 0, 0, 2, "3", "3", 0, "esos"],
        [3, "cy", 6, 2, 1, 1, 2, 2, "3", "2", 1, "points"],
        [null, "dee", 0, 0, 4, 0, 0, 2, "1", "1", 3, null]
      ] }
  ]
};
const marks = { sos: "SoS", esos: "ESoS", random: "Random" };
const pages = { players: "/archive/players/", urls: { dee: "/archive/events/2019/cup/#player-dee" } };
const rows = s.rows(doc, 2, ["sos", "esos"], marks, { dee: "disqualified after round 2" }, pages);
assert.equal(rows.length, 4);
// Columns are found by name, whatever their order in the file.
assert.deepEqual(rows[0], {
  ranked: true, rank: "1", name: "Ann <b>Lee</b>", url: "/archive/players/ann/",
  byes: "(1 bye)", note: "", mark: "", points: "12", record: "4\u20130\u20130",
  values: ["3", "3.500"]
});
// A name links the player's page, or the page the file gives for it.
assert.equal(rows[3].url, "/archive/events/2019/cup/#player-dee");
assert.equal(s.rows(doc, 2, ["sos"], marks, {})[0].url, "", "no pages given, no links");
assert.equal(rows[1].mark, "ESoS", "the tiebreaker that placed the row");
assert.equal(rows[2].mark, "", "points are no tiebreaker mark");
assert.equal(rows[2].byes, "(2 byes)");
assert.equal(rows[2].record, "2\u20131\u20131");
assert.deepEqual(rows[2].values, ["2", "3.000"], "a column with a fraction shows three decimals");
assert.equal(rows[3].ranked, false);
assert.equal(rows[3].rank, "DQ");
assert.equal(rows[3].note, "disqualified after round 2");
assert.equal(s.rows(doc, 1, ["sos"], marks, {})[0].values[0], "3", "whole numbers stay whole");
assert.equal(s.rows(doc, 3, ["sos"], marks, {}), null, "no standings after an unplayed round");
assert.equal(s.rows({ players: [], standings_by_round: [] }, 1, [], marks, {}), null);
assert.equal(s.rows({}, 1, [], marks, {}), null, "an event without standings leaves the key out");

// The tiebreaker columns' heads, from the legend's marks and names (written in its sentence in
// lower case).
assert.deepEqual(
  s.heads(["sos", "esos"], marks, { sos: "strength of schedule", esos: "extended strength of schedule", random: "random" }),
  [
    { text: "SoS", title: "Strength of schedule" },
    { text: "ESoS", title: "Extended strength of schedule" }
  ]
);
assert.deepEqual(s.heads(["opponents_strength"], { opponents_strength: "Opp. SoS" }, { opponents_strength: "opponents' strength of schedule" }),
  [{ text: "Opp. SoS", title: "Opponents' strength of schedule" }]);
assert.deepEqual(s.heads([], marks, {}), []);

console.log("standings.js: all checks passed");
