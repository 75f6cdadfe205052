// The room screen's clock, fitting and paging, run by `node tests/web/room-test.js` (and by
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

// Fitting a 1920x1080 screen. The sizes are room.css's at that size (type 30.84px: a seat
// 105.8px high with its 1px border, rows 10.8px apart, columns at least 22em = 678.5px wide and
// 2em = 61.7px apart) and the space the list has there (1843px wide once the page's margins
// are off, 753px high under the head and above the foot).
const screen1080 = { width: 1843, height: 753 };
const sizes1080 = { row: 105.8, rowGap: 10.8, column: 678.5, columnGap: 61.7 };
const onScreens = (count) => {
  const chosen = r.arrange(count, screen1080, sizes1080);
  return { chosen, screens: r.pages(count, chosen.perPage).length };
};
// At full size two columns of six: 14 players would take two screens of 7, leaving a third of
// it empty. The type shrinks a little instead, and 14 fit one screen.
assert.deepEqual(r.capacity(screen1080.height, sizes1080.row, sizes1080.rowGap, 2), { rows: 6, perPage: 12 });
assert.deepEqual(onScreens(14), { chosen: { scale: 0.9, columns: 2, rows: 7, perPage: 14 }, screens: 1 });
// A small round keeps the full size; up to 44 players fit one screen, in four columns.
assert.deepEqual(onScreens(8), { chosen: { scale: 1, columns: 2, rows: 6, perPage: 12 }, screens: 1 });
assert.deepEqual(onScreens(40), { chosen: { scale: 0.6, columns: 4, rows: 10, perPage: 40 }, screens: 1 });
assert.deepEqual(onScreens(44).screens, 1);
// Only past that does the list page, at the smallest type, with pages filled evenly.
assert.deepEqual(onScreens(45), { chosen: { scale: 0.55, columns: 4, rows: 11, perPage: 44 }, screens: 2 });
assert.deepEqual(r.pages(45, 44), [[0, 23], [23, 45]]);
// A narrow, short space never goes below the smallest type, and always holds a row.
assert.deepEqual(r.arrange(10, { width: 300, height: 50 }, sizes1080), { scale: 0.55, columns: 1, rows: 1, perPage: 1 });

assert.equal(r.pageLabel(1, 3, "Hana", "Niamh"), "Page 2 of 3 · Hana – Niamh");

console.log("room.js: all checks passed");
