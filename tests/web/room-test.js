// The room screen's clock and paging, run by `node tests/web/room-test.js` (and by
// tests/it/scripts_js.rs when node is installed). No dependencies: Node's own assert.
"use strict";

const assert = require("node:assert/strict");
const path = require("node:path");
const r = require(path.join(__dirname, "..", "..", "static", "room.js"));

// The clock: minutes and seconds left, rounded up; it stops at the end ("time"), never
// counting on, even days later.
const end = Date.parse("2026-11-22T15:15:00+01:00");
const at = (iso) => r.clock(end, Date.parse(iso));
assert.deepEqual(at("2026-11-22T14:05:00+01:00"), { text: "70:00", over: false, ending: false });
assert.equal(at("2026-11-22T14:05:00.4+01:00").text, "70:00");
assert.equal(at("2026-11-22T14:05:00Z").text, "10:00", "offsets are honoured");
assert.deepEqual(at("2026-11-22T15:10:00+01:00"), { text: "05:00", over: false, ending: true });
assert.deepEqual(at("2026-11-22T15:14:59.5+01:00"), { text: "00:01", over: false, ending: true });
assert.deepEqual(at("2026-11-22T15:15:00+01:00"), { text: "00:00", over: true, ending: false });
assert.deepEqual(at("2026-11-22T15:17:05+01:00"), { text: "00:00", over: true, ending: false });
assert.deepEqual(at("2026-11-27T10:45:30+01:00"), { text: "00:00", over: true, ending: false });
assert.equal(r.clock(0, -180 * 60 * 1000).text, "180:00", "long rounds count in minutes");

// How many fit: whole rows, times the columns, at least one row.
assert.deepEqual(r.capacity(800, 90, 10, 2), { rows: 8, perPage: 16 });
assert.deepEqual(r.capacity(789, 90, 10, 2), { rows: 7, perPage: 14 });
assert.deepEqual(r.capacity(50, 90, 10, 3), { rows: 1, perPage: 3 });
assert.deepEqual(r.capacity(800, 90, 10, 0), { rows: 8, perPage: 8 });

// Pages filled evenly, covering every player once.
assert.deepEqual(r.pages(9, 16), [[0, 9]]);
assert.deepEqual(r.pages(23, 10), [[0, 8], [8, 16], [16, 23]]);
assert.deepEqual(r.pages(42, 12), [[0, 11], [11, 22], [22, 33], [33, 42]]);
assert.deepEqual(r.pages(20, 10), [[0, 10], [10, 20]]);
assert.deepEqual(r.pages(0, 10), [[0, 0]]);
assert.deepEqual(r.pages(5, 0), [[0, 1], [1, 2], [2, 3], [3, 4], [4, 5]]);

assert.equal(r.pageLabel(1, 3, "Hana", "Niamh"), "Page 2 of 3 · Hana – Niamh");

console.log("room.js: all checks passed");
