// The light-or-dark switch (static/scheme.js): which rules it rewrites and to what, with fake
// style sheets. Run by `node tests/web/scheme-test.js` (and by tests/it/scripts_js.rs when node
// is installed).
"use strict";

const assert = require("node:assert/strict");
const path = require("node:path");
const s = require(path.join(__dirname, "..", "..", "static", "scheme.js"));

assert.equal(s.mediaFor("dark"), "all");
assert.equal(s.mediaFor("light"), "not all");
assert.equal(s.mediaFor(null), "(prefers-color-scheme: dark)");
assert.equal(s.mediaFor("something else"), "(prefers-color-scheme: dark)");

// A choice made wins over the system; none follows it.
assert.equal(s.isDark("dark", false), true);
assert.equal(s.isDark("light", true), false);
assert.equal(s.isDark(null, true), true);
assert.equal(s.isDark(null, false), false);

const rule = (mediaText) => ({ media: { mediaText } });
const dark = rule("(prefers-color-scheme: dark)");
const darkToo = rule("(prefers-color-scheme:dark)");
const narrow = rule("(max-width: 40rem)");
const print = rule("print");
const plain = { selectorText: ":root" };
const theirs = {};
Object.defineProperty(theirs, "cssRules", { get() { throw new Error("SecurityError"); } });
const sheets = [{ cssRules: [plain, dark, narrow] }, theirs, { cssRules: [print, darkToo] }];

const found = s.darkRules(sheets);
assert.deepEqual(found, [dark, darkToo], "the dark rules only, another origin's sheet skipped");
s.apply(found, "dark");
assert.equal(dark.media.mediaText, "all");
assert.equal(darkToo.media.mediaText, "all");
assert.equal(narrow.media.mediaText, "(max-width: 40rem)", "other media rules stay");
s.apply(found, "light");
assert.equal(dark.media.mediaText, "not all");
s.apply(found, null);
assert.equal(dark.media.mediaText, "(prefers-color-scheme: dark)");

console.log("scheme.js: ok");
