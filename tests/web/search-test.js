// The search page's matching and ranking, run by `node tests/web/search-test.js` (and by
// tests/it/scripts_js.rs when node is installed). No dependencies: Node's own assert.
"use strict";

const assert = require("node:assert/strict");
const path = require("node:path");
const s = require(path.join(__dirname, "..", "..", "static", "search.js"));

const index = {
  v: 1,
  r: { "ffg-2018": "FFG Tournament Regulations (2018)", "swccg-2008": "SW:CCG Tournament Guide (2008)" },
  t: ["A Hero's Journey", "Hidden Base / Systems Will Slip Through Your Fingers", "Jedi", "Sith", "The Dark Lord's Fury"],
  e: [
    { n: "Maren Cup", d: "2026-03-01", r: "ffg-2018", s: "upcoming", i: "2026/maren-cup" },
    { n: "Hoth Doubles 2017", d: "2017-11-18", l: "Tromsø", r: "ffg-2018", f: "team", t: "formal", w: "Echo Base", i: "2017/hoth-doubles" },
    { n: "Maren Open", d: "2015-06-06", r: "ffg-2018", w: "Maren Voss", i: "2015/maren-open" },
    { n: "Bespin Cup 2008", d: "2008-07-12", r: "swccg-2008", f: "constructed", w: "<script>alert(1)</script>", i: "2008/bespin-cup" }
  ],
  p: [
    { n: "Ada Marenko", c: 1, i: "ada-marenko" },
    { n: "Maren", c: 1, i: "maren" },
    { n: "Maren Voss", a: ["M. Voss", "mv"], c: 5, i: "maren-voss", g: { ccg: 1490, lcg: 1612 } },
    { n: "Zoë Achterberg", c: 2, i: "zoe-achterberg", h: true },
    { n: "Voss Maren", c: 1, i: "voss-maren" }
  ],
  d: [
    { e: 2, p: 2, k: { a: 3, o: [4] }, l: { a: 2, o: [0] } },
    { e: 3, p: 3, i: "zoe", n: "Zoe A.", k: { o: [1] } }
  ],
  g: "ratings/"
};

const items = s.prepare(index);
const find = (q, limit) => s.search(items, q, limit);
const titles = (q) => find(q).results.map((it) => it.kind + ":" + it.title);

// Text is folded like ids: case, accents, letters with their own plain spelling.
assert.equal(s.normalize("Zoë O'Brien-Šťastná"), "zoe obrien stastna");
assert.equal(s.normalize("  ÆRØ Straße Łódź "), "aero strasse lodz");
assert.equal(s.normalize("!!!"), "");
assert.equal(s.dateText("2017-11-18"), "18 November 2017");
assert.deepEqual(titles("zoe"), ["player:Zoë Achterberg", "deck:Zoe A., Bespin Cup 2008"]);
assert.deepEqual(titles("ZOË"), titles("zoe"));

// A player's head-to-head page, by their name with "vs", "head to head" or "opponents" (a name
// alone lists the player once); only for players who met someone.
assert.deepEqual(titles("zoe vs"), ["versus:Zoë Achterberg: head to head"]);
assert.deepEqual(titles("head to head achterberg"), titles("zoe vs"));
assert.deepEqual(titles("opponents zo"), titles("zoe vs"));
assert.equal(find("zoe vs").results[0].url, "players/zoe-achterberg/vs/");
assert.deepEqual(titles("maren vs"), [], "Maren met no one");
assert.deepEqual(titles("tromso"), ["event:Hoth Doubles 2017"]);

// Every word must begin a word; the order of the words does not matter.
assert.deepEqual(titles("hoth 2017"), ["event:Hoth Doubles 2017"]);
assert.deepEqual(titles("2017 hoth"), ["event:Hoth Doubles 2017"]);
assert.deepEqual(titles("hoth 2016"), []);
assert.deepEqual(titles("hoth 2018"), [], "not by the year of its ruleset");
assert.deepEqual(titles("2015"), ["event:Maren Open", "deck:Maren Voss, Maren Open"]);
assert.deepEqual(titles("oth"), [], "inside a word is not a match");
assert.equal(find("").total, 0);
assert.equal(find("   ").total, 0);

// Exact name, then start of name, then inside the name, then every word, then elsewhere;
// players before events and decklists among equals, newer events first.
assert.deepEqual(titles("maren"), [
  "player:Maren",
  "player:Maren Voss",
  "event:Maren Cup",
  "event:Maren Open",
  "deck:Maren Voss, Maren Open",
  "player:Ada Marenko",
  "player:Voss Maren"
]);
const ranks = find("maren voss").results.map((it) => it.title);
assert.deepEqual(ranks.slice(0, 3), ["Maren Voss", "Maren Voss, Maren Open", "Voss Maren"]);
assert.deepEqual(titles("maren open"), ["event:Maren Open", "deck:Maren Voss, Maren Open"]);

// Aliases and ids find the player page, and their decklists.
assert.deepEqual(titles("mv"), ["player:Maren Voss", "deck:Maren Voss, Maren Open"]);

// Decklists by side, affiliation and objective, apostrophes either way.
assert.deepEqual(titles("sith"), ["deck:Maren Voss, Maren Open"]);
assert.deepEqual(titles("heros journey"), titles("hero journey"));
assert.deepEqual(titles("hero's"), ["deck:Maren Voss, Maren Open"]);
assert.deepEqual(titles("hidden base"), ["deck:Zoe A., Bespin Cup 2008"]);
const deck = find("fury").results[0];
assert.equal(deck.url, "events/2015/maren-open/decks/#deck-maren-voss");
assert.equal(s.describe(deck, find("fury").words), "6 June 2015 · Dark: Sith · Light: Jedi · with The Dark Lord's Fury");
const ccg = find("hidden").results[0];
assert.equal(ccg.url, "events/2008/bespin-cup/decks/#deck-zoe", "the id at the event");
assert.equal(find("zoe").results[0].url, "players/zoe-achterberg/");
assert.equal(find("hoth").results[0].url, "events/2017/hoth-doubles/");
assert.equal(s.describe(ccg, ["hidden"]), "12 July 2008 · Dark: Hidden Base / Systems Will Slip Through Your Fingers");

// The ratings page by its name and its method; a player's listed ratings in their result.
assert.deepEqual(titles("ratings"), ["page:Ratings"]);
assert.deepEqual(titles("glicko"), ["page:Ratings"]);
assert.equal(find("rating").results[0].url, "ratings/");
const voss = find("maren voss").results[0];
assert.equal(s.describe(voss, []), "5 events · also M. Voss, mv · SW:CCG rating 1490 · SW:LCG rating 1612");

// Events by ruleset, format, tier, status, place and winner.
assert.deepEqual(titles("ccg"), ["event:Bespin Cup 2008", "deck:Zoe A., Bespin Cup 2008"]);
assert.deepEqual(titles("upcoming"), ["event:Maren Cup"]);
assert.deepEqual(titles("formal team"), ["event:Hoth Doubles 2017"]);
assert.deepEqual(titles("echo"), ["event:Hoth Doubles 2017"]);
assert.deepEqual(titles("november"), ["event:Hoth Doubles 2017"]);
const hoth = find("hoth").results[0];
assert.equal(s.describe(hoth, ["hoth"]), "18 November 2017 · Tromsø · FFG Tournament Regulations (2018) (team) · formal · Winner: Echo Base");
assert.equal(s.describe(find("maren cup").results[0], []), "1 March 2026 · FFG Tournament Regulations (2018) · Upcoming");

// A hostile name is a string like any other (the page sets it with textContent).
assert.deepEqual(titles("script alert"), ["event:Bespin Cup 2008"]);
assert.ok(s.describe(find("script").results[0], []).includes("Winner: <script>alert(1)</script>"));

// At most LIMIT results; the status says how many matched.
const many = { e: [], p: [] };
for (let i = 0; i < 120; i++) {
  many.p.push({ n: "Player " + String(i).padStart(3, "0"), c: 1, i: "p" + i });
}
const all = s.search(s.prepare(many), "player");
assert.equal(all.total, 120);
assert.equal(all.results.length, s.LIMIT);
assert.equal(s.LIMIT, 50);
assert.equal(all.results[0].title, "Player 000");
assert.equal(s.statusText(all, " player "), "120 results for “player”; the first 50 are shown.");
assert.equal(s.statusText(find("hoth"), "hoth"), "1 result for “hoth”.");
assert.equal(s.statusText(find("maren"), "maren"), "7 results for “maren”.");
assert.equal(s.statusText(find("xyzzy"), "xyzzy"), "No results for “xyzzy”.");

// The worker: it reads the index when asked, then answers each question with the results as
// the page shows them; a question before the index is read gets no answer, and an index it
// cannot read is said to have failed.
(async () => {
  const posted = [];
  const scope = { postMessage: (m) => posted.push(m) };
  s.answer(scope, (url) => {
    assert.equal(url, "https://example.org/search.json");
    return Promise.resolve(index);
  });
  await scope.onmessage({ data: { id: 1, query: "maren" } });
  assert.deepEqual(posted, [], "nothing to search yet");
  await scope.onmessage({ data: { index: "https://example.org/search.json" } });
  assert.deepEqual(posted, [{ ready: true }]);
  scope.onmessage({ data: { id: 2, query: "hoth" } });
  assert.equal(posted.length, 2);
  assert.equal(posted[1].id, 2);
  assert.equal(posted[1].found.total, find("hoth").total);
  assert.deepEqual(posted[1].found.results, find("hoth").results.map((it) => ({
    kind: it.kind, url: it.url, title: it.title, line: s.describe(it, find("hoth").words)
  })));
  const failing = { postMessage: (m) => posted.push(m) };
  s.answer(failing, () => Promise.reject(new Error("404")));
  await failing.onmessage({ data: { index: "https://example.org/missing.json" } });
  assert.deepEqual(posted[2], { failed: true });
  console.log("search.js: all checks passed");
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
