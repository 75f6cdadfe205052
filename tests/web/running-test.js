// The running event pages' script (static/running.js): the poll for a newer event.json, with a
// fake fetch and fake timers. Run by `node tests/web/running-test.js` (and by tests/it/scripts_js.rs when node is installed).
"use strict";

const assert = require("node:assert/strict");
const path = require("node:path");
const r = require(path.join(__dirname, "..", "..", "static", "running.js"));

assert.equal(r.updatedOf({ event: { updated: "2026-11-22T14:05:00Z" } }), "2026-11-22T14:05:00Z");
assert.equal(r.updatedOf({ event: {} }), "");
assert.equal(r.updatedOf(null), "");
assert.equal(r.clockOf("2026-11-22T14:05:00+01:00"), "14:05");
assert.equal(r.clockOf("2026-11-22T09:07:00"), "09:07");
assert.equal(r.clockOf(""), "");
assert.equal(r.INTERVAL, 30000);

// The poll, with a fake fetch (answers queued by the test) and fake timers.
function harness(built) {
  const calls = [];
  const answers = [];
  const timers = new Map();
  const news = [];
  let next = 1;
  const env = {
    fetch(url, options) {
      calls.push({ url, options });
      const answer = answers.shift();
      assert.ok(answer, "an answer for every request");
      return answer();
    },
    setTimeout(fn, ms) {
      timers.set(next, { fn, ms });
      return next++;
    },
    clearTimeout(id) {
      timers.delete(id);
    }
  };
  const w = r.watch("/archive/events/2026/x/event.json", built, env, (u) => news.push(u));
  const json = (updated, ok = true) => () =>
    Promise.resolve({ ok, status: ok ? 200 : 503, json: () => Promise.resolve({ event: updated ? { updated } : {} }) });
  const offline = () => Promise.reject(new TypeError("Failed to fetch"));
  // Runs the one pending timer (the next poll) to the end of its request.
  async function tick() {
    assert.equal(timers.size, 1, "exactly one poll pending");
    const [id, { fn, ms }] = [...timers][0];
    assert.equal(ms, 30000);
    timers.delete(id);
    await fn();
  }
  return { w, calls, answers, timers, news, json, offline, tick };
}

(async () => {
  const T1 = "2026-11-22T14:05:00Z";
  const T2 = "2026-11-22T14:31:00Z";

  // Nothing is asked before the first 30 s; the same `updated` is no news.
  {
    const h = harness(T1);
    h.w.start();
    assert.equal(h.calls.length, 0);
    h.answers.push(h.json(T1));
    await h.tick();
    assert.equal(h.calls[0].url, "/archive/events/2026/x/event.json");
    assert.equal(h.calls[0].options.cache, "no-cache", "revalidated, never a stale copy");
    assert.deepEqual(h.news, []);
    // A new value is news once; the same value again is not.
    h.answers.push(h.json(T2));
    await h.tick();
    assert.deepEqual(h.news, [T2]);
    h.answers.push(h.json(T2));
    await h.tick();
    assert.deepEqual(h.news, [T2]);
    // Offline, or a server error: no news, and the next poll is still due.
    h.answers.push(h.offline);
    await h.tick();
    h.answers.push(h.json(T1, false));
    await h.tick();
    assert.deepEqual(h.news, [T2]);
    assert.equal(h.timers.size, 1);
  }

  // A hidden tab stops polling; back in view, it looks at once and polls again.
  {
    const h = harness(T1);
    h.w.start();
    h.w.stop();
    assert.equal(h.timers.size, 0, "no poll while hidden");
    h.answers.push(h.json(T2));
    await h.w.resume();
    assert.equal(h.calls.length, 1);
    assert.deepEqual(h.news, [T2]);
    assert.equal(h.timers.size, 1);
    // Hidden while a request is under way: nothing is scheduled after it.
    let finish;
    h.answers.push(() => new Promise((resolve) => { finish = resolve; }));
    const pending = h.tick();
    await Promise.resolve();
    h.w.stop();
    finish({ ok: true, json: () => Promise.resolve({ event: { updated: T2 } }) });
    await pending;
    assert.equal(h.timers.size, 0);
  }

  // A page built from a file without `updated` hears of the first one written.
  {
    const h = harness("");
    h.w.start();
    h.answers.push(h.json(null));
    await h.tick();
    assert.deepEqual(h.news, []);
    h.answers.push(h.json(T1));
    await h.tick();
    assert.deepEqual(h.news, [T1]);
  }

  console.log("running.js: all checks passed");
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
