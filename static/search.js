/* Holonet search: matches a query against search.json, the index of events, players and
   decklists that the build writes at the site root. It runs in the reader's browser: no
   server, no libraries. The index is megabytes for a community's history, so where the browser
   can, this same file runs a second time as a worker that fetches, reads and searches it off
   the page's thread (`answer`), and the page only shows what it sends back: a phone stays
   responsive while the index is read. The functions before `init` are pure, and Node can load
   this file to test them (tests/web/search-test.js). Text from the index is only ever set with
   textContent. */
(function () {
  "use strict";

  // This script's own address, to start it again as the worker.
  var SELF = typeof document !== "undefined" && document.currentScript
    ? document.currentScript.src : "";

  var LIMIT = 50;
  var KINDS = { player: "Player", versus: "Head to head", event: "Event", deck: "Decklist",
    card: "Card", page: "Page" };
  var GAMES = { lcg: "SW:LCG", ccg: "SW:CCG" };
  var KIND_ORDER = { player: 0, versus: 1, event: 2, deck: 3, card: 4, page: 5 };
  // A player's head-to-head page is found by their name with one of these words, so that a
  // name alone lists the player once.
  var VERSUS_WORDS = ["vs", "versus", "head", "opponents", "rivals", "rivalry", "h2h"];
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December"];
  // Letters that lose nothing to a decomposition but still have a plain spelling.
  var FOLD = { "æ": "ae", "œ": "oe", "ø": "o", "ß": "ss", "ł": "l", "đ": "d", "ð": "d",
    "þ": "th", "ı": "i" };

  // Names come back again and again (a player's decklists, an event's), so each text is
  // folded once.
  var folded = new Map();

  /* Lower case, accents off, apostrophes dropped, anything but letters and digits a space:
     "Zoë O'Brien-Šťastná" -> "zoe obrien stastna". */
  function normalize(text) {
    var key = String(text == null ? "" : text);
    var done = folded.get(key);
    if (done === undefined) {
      done = fold(key);
      folded.set(key, done);
    }
    return done;
  }

  function fold(text) {
    return text
      .toLowerCase()
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[æœøßłđðþı]/g, function (c) { return FOLD[c]; })
      .replace(/['’‘ʼ`]/g, "")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  }

  // The words of each text met so far.
  var textWords = new Map();

  /* The words of some texts, each once. A word with an apostrophe counts both joined and
     split, so "hero's" is found by "heros" and by "hero". */
  function wordsOf(texts) {
    var seen = new Set();
    texts.forEach(function (text) {
      if (text == null || text === "") {
        return;
      }
      var words = textWords.get(text);
      if (!words) {
        var spaced = String(text).replace(/['’‘ʼ`]/g, " ");
        words = (normalize(text) + " " + normalize(spaced)).split(" ");
        textWords.set(text, words);
      }
      words.forEach(function (w) {
        if (w) {
          seen.add(w);
        }
      });
    });
    return Array.from(seen);
  }

  /* "2018-05-12" -> "12 May 2018". */
  function dateText(iso) {
    var parts = String(iso).split("-");
    var month = MONTHS[Number(parts[1]) - 1];
    return month ? Number(parts[2]) + " " + month + " " + parts[0] : String(iso);
  }

  /* A ruleset's words to search by: its name and id without their years, which would
     otherwise find every event of a ruleset by the year it was written. */
  function rulesetWords(rules, id) {
    return normalize((rules[id] || "") + " " + id).split(" ").filter(function (w) {
      return !/^[0-9]+$/.test(w);
    }).join(" ");
  }

  function item(kind, order, title, names, texts, url, date, count, facts, extra) {
    var normal = names.filter(Boolean).map(normalize);
    return {
      kind: kind,
      order: order,
      title: title,
      key: normal[0] || "",
      names: normal,
      nameWords: normal.map(function (n) { return n.split(" "); }),
      words: wordsOf(texts),
      url: url,
      date: date,
      count: count,
      facts: facts,
      extra: extra || []
    };
  }

  /* Turns the index into a flat list of things to find, each with its words. */
  function prepare(index) {
    var rules = index.r || {};
    var terms = index.t || [];
    var events = index.e || [];
    var players = index.p || [];
    var items = [];
    events.forEach(function (e, i) {
      var ruleset = rules[e.r] || e.r;
      var status = e.s === "running" ? "In progress" : e.s === "upcoming" ? "Upcoming" : null;
      var facts = [
        dateText(e.d),
        e.l,
        ruleset + (e.f ? " (" + e.f + ")" : ""),
        e.t,
        e.w ? "Winner: " + e.w : status
      ];
      items.push(item("event", i, e.n, [e.n],
        [e.n, e.d.slice(0, 4), MONTHS[Number(e.d.slice(5, 7)) - 1], e.l, rulesetWords(rules, e.r),
          e.f || "standard", e.t, e.s || "finished", e.w],
        "events/" + e.i + "/", e.d, 0, facts));
    });
    players.forEach(function (p, i) {
      var aliases = p.a || [];
      var facts = [p.c + (p.c === 1 ? " event" : " events")];
      if (aliases.length) {
        facts.push("also " + aliases.join(", "));
      }
      Object.keys(p.g || {}).forEach(function (game) {
        facts.push(GAMES[game] + " rating " + p.g[game]);
      });
      items.push(item("player", i, p.n, [p.n].concat(aliases), [p.n].concat(aliases),
        "players/" + p.i + "/", "", p.c, facts));
      if (p.h) {
        var versus = item("versus", i, p.n + ": head to head", [p.n].concat(aliases),
          [p.n].concat(aliases, VERSUS_WORDS, ["head to head"]), "players/" + p.i + "/vs/", "", p.c,
          ["Every opponent " + p.n + " met, and every game between them"]);
        versus.needs = VERSUS_WORDS;
        items.push(versus);
      }
    });
    if (index.g) {
      items.push(item("page", 0, "Ratings", ["Ratings"],
        ["Ratings rating Glicko-2 ranking"],
        index.g, "", 0, ["Every player's Glicko-2 rating, by game and side"]));
    }
    (index.d || []).forEach(function (d, i) {
      var e = events[d.e];
      var p = players[d.p];
      if (!e || !p) {
        return;
      }
      var name = d.n || p.n;
      var texts = [name, p.n].concat(p.a || [], [e.n, e.d.slice(0, 4), rulesetWords(rules, e.r)]);
      var facts = [dateText(e.d)];
      var objectives = [];
      [["Dark", d.k], ["Light", d.l]].forEach(function (pair) {
        var side = pair[1];
        if (!side) {
          return;
        }
        texts.push(pair[0]);
        // What names the list: its affiliation (SW:LCG) or its objective (SW:CCG).
        var shown = side.a != null ? terms[side.a] : side.o && side.o.length ? terms[side.o[0]]
          : null;
        facts.push(shown ? pair[0] + ": " + shown : pair[0] + " side");
        if (side.a != null) {
          texts.push(terms[side.a]);
        }
        (side.o || []).forEach(function (o) {
          if (terms[o] != null) {
            texts.push(terms[o]);
            if (objectives.indexOf(terms[o]) < 0 && terms[o] !== shown) {
              objectives.push(terms[o]);
            }
          }
        });
      });
      items.push(item("deck", i, name + ", " + e.n, [name, p.n].concat(p.a || []), texts,
        "events/" + e.i + "/decks/#deck-" + (d.i || p.i), e.d, 0, facts, objectives));
    });
    (index.c || []).forEach(function (c, i) {
      var game = c.i.lastIndexOf("ccg/", 0) === 0 ? "SW:CCG card" : "SW:LCG objective set";
      // Where two cards share a title, their sides tell them apart.
      var kind = c.s ? game + ", " + c.s + " side" : game;
      items.push(item("card", i, c.n, [c.n], [c.n, game, c.s || ""], "cards/" + c.i + "/", "", c.c,
        [kind, c.c + (c.c === 1 ? " deck" : " decks")]));
    });
    return items;
  }

  function startsAWord(words, w) {
    for (var i = 0; i < words.length; i++) {
      if (words[i].lastIndexOf(w, 0) === 0) {
        return true;
      }
    }
    return false;
  }

  /* How well a matching item's name answers the query, best first: 0 the name itself, 1 the
     start of the name, 2 inside the name, 3 every word in the name, 4 found elsewhere (an
     event's place or winner, a decklist's event or objectives). */
  function rank(it, q, qwords) {
    var best = 4;
    it.names.forEach(function (name, i) {
      var at = name.indexOf(q);
      var tier = name === q ? 0 : at === 0 ? 1 : at > 0 ? 2
        : qwords.every(function (w) { return startsAWord(it.nameWords[i], w); }) ? 3 : 4;
      best = Math.min(best, tier);
    });
    return best;
  }

  function compare(a, b) {
    var x = a.item;
    var y = b.item;
    return a.tier - b.tier ||
      KIND_ORDER[x.kind] - KIND_ORDER[y.kind] ||
      (x.date < y.date ? 1 : x.date > y.date ? -1 : 0) ||
      y.count - x.count ||
      (x.key < y.key ? -1 : x.key > y.key ? 1 : 0) ||
      x.order - y.order;
  }

  /* Every item in which each word of the query begins a word, best first; at most `limit`
     of them in `results`, and how many matched in `total`. */
  function search(items, query, limit) {
    var q = normalize(query);
    if (!q) {
      return { total: 0, results: [], words: [] };
    }
    var qwords = q.split(" ").filter(function (w, i, all) { return all.indexOf(w) === i; });
    var hits = [];
    items.forEach(function (it) {
      if (it.needs && !qwords.some(function (w) { return startsAWord(it.needs, w); })) {
        return;
      }
      if (qwords.every(function (w) { return startsAWord(it.words, w); })) {
        hits.push({ item: it, tier: rank(it, q, qwords) });
      }
    });
    hits.sort(compare);
    return {
      total: hits.length,
      words: qwords,
      results: hits.slice(0, limit == null ? LIMIT : limit).map(function (h) { return h.item; })
    };
  }

  /* The line under a result: its facts, and for a decklist the objectives the query found. */
  function describe(it, qwords) {
    var facts = it.facts.filter(Boolean);
    var found = it.extra.filter(function (name) {
      var words = normalize(name).split(" ");
      return qwords.some(function (w) { return startsAWord(words, w); });
    });
    if (found.length) {
      facts.push("with " + found.slice(0, 3).join(", "));
    }
    return facts.join(" · ");
  }

  function statusText(found, query, limit) {
    var q = "“" + String(query).trim() + "”";
    var max = limit == null ? LIMIT : limit;
    if (found.total === 0) {
      return "No results for " + q + ".";
    }
    var text = found.total + (found.total === 1 ? " result" : " results") + " for " + q;
    return found.total > max ? text + "; the first " + max + " are shown." : text + ".";
  }

  /* The results of `query` as the page shows them: their count, and the first LIMIT, each its
     kind, address, title and the line under it. The page and the worker answer alike. */
  function answerTo(items, query) {
    var found = search(items, query);
    return {
      total: found.total,
      results: found.results.map(function (it) {
        return { kind: it.kind, url: it.url, title: it.title, line: describe(it, found.words) };
      })
    };
  }

  /* The parsed index at `url`, asked for with `fetchIndex` (the page's fetch, or the worker's);
     rejects when the answer is not the file. */
  function readIndex(fetchIndex, url) {
    return fetchIndex(url).then(function (response) {
      if (!response.ok) {
        throw new Error(response.status);
      }
      return response.json();
    });
  }

  /* What the worker does with each message from the page (`scope` receives and posts them;
     `fetchIndex(url)` resolves to the parsed index): `{ index: url }` reads the index and
     answers `{ ready: true }` (or `{ failed: true }`); `{ id, query }` answers `{ id, found }`,
     the results as the page shows them (kind, url, title and the line under it). */
  function answer(scope, fetchIndex) {
    var items = null;
    scope.onmessage = function (ev) {
      var m = ev.data || {};
      if (typeof m.index === "string") {
        return Promise.resolve()
          .then(function () { return fetchIndex(m.index); })
          .then(function (index) {
            items = prepare(index);
            scope.postMessage({ ready: true });
          })
          .catch(function () {
            scope.postMessage({ failed: true });
          });
      }
      if (typeof m.query === "string" && items) {
        scope.postMessage({ id: m.id, found: answerTo(items, m.query) });
      }
      return undefined;
    };
  }

  function init() {
    var form = document.querySelector("form[data-index]");
    var input = form && form.querySelector("input[name=q]");
    var status = document.getElementById("search-status");
    var list = document.getElementById("search-results");
    if (!input || !status || !list) {
      return;
    }
    var root = form.getAttribute("data-root") || "/";
    // The prepared index, here (`items`), or in the worker once it says it is ready.
    var items = null;
    var worker = null;
    var workerReady = false;
    var asked = 0;
    var failed = false;
    var timer = 0;
    input.value = new URLSearchParams(window.location.search).get("q") || "";

    function show(found) {
      var fragment = document.createDocumentFragment();
      found.results.forEach(function (it) {
        var li = document.createElement("li");
        li.className = "result result-" + it.kind;
        var kind = document.createElement("span");
        kind.className = "result-kind";
        kind.textContent = KINDS[it.kind];
        var link = document.createElement("a");
        link.href = root + it.url;
        link.textContent = it.title;
        var facts = document.createElement("span");
        facts.className = "result-facts";
        facts.textContent = it.line;
        li.appendChild(kind);
        li.appendChild(document.createTextNode(" "));
        li.appendChild(link);
        li.appendChild(facts);
        fragment.appendChild(li);
      });
      while (list.firstChild) {
        list.removeChild(list.firstChild);
      }
      list.appendChild(fragment);
    }

    function run(remember) {
      var query = input.value;
      if (remember) {
        var url = new URL(window.location.href);
        if (query.trim()) {
          url.searchParams.set("q", query.trim());
        } else {
          url.searchParams.delete("q");
        }
        window.history.replaceState(null, "", url.href);
      }
      if (failed) {
        status.textContent = "The search index could not be loaded. Every event, player and " +
          "decklist is also listed on the events, players and statistics pages.";
        return;
      }
      if (!items && !workerReady) {
        status.textContent = query.trim() ? "Loading the index…" : "";
        return;
      }
      if (workerReady) {
        asked += 1;
        worker.postMessage({ id: asked, query: query });
        return;
      }
      shown(answerTo(items, query), query);
    }

    function shown(found, query) {
      show(found);
      status.textContent = normalize(query) ? statusText(found, query) : "";
    }

    input.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(function () { run(true); }, 150);
    });
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      window.clearTimeout(timer);
      run(true);
    });
    // Arrow keys: from the box to the first result, and between results.
    input.addEventListener("keydown", function (ev) {
      var first = list.querySelector("a");
      if (ev.key === "ArrowDown" && first) {
        ev.preventDefault();
        first.focus();
      }
    });
    list.addEventListener("keydown", function (ev) {
      if (ev.key !== "ArrowDown" && ev.key !== "ArrowUp" && ev.key !== "Escape") {
        return;
      }
      var links = Array.prototype.slice.call(list.querySelectorAll("a"));
      var at = links.indexOf(document.activeElement);
      if (at < 0) {
        return;
      }
      ev.preventDefault();
      if (ev.key === "ArrowDown") {
        links[Math.min(at + 1, links.length - 1)].focus();
      } else if (ev.key === "ArrowUp" && at > 0) {
        links[at - 1].focus();
      } else {
        input.focus();
      }
    });

    // The index is the whole archive (megabytes for a community's history): it is fetched
    // when someone is about to search (the box is focused or typed in, or the address holds a
    // query), not with the page, so the page opens at once on a phone.
    var requested = false;
    function load() {
      if (requested) {
        return;
      }
      requested = true;
      if (startWorker()) {
        return;
      }
      readIndex(window.fetch.bind(window), form.getAttribute("data-index"))
        .then(function (index) {
          items = prepare(index);
        })
        .catch(function () {
          failed = true;
        })
        .then(function () {
          run(false);
        });
    }
    // The worker reads the index and searches it; the page shows the answer to the latest
    // question only. Where no worker can start (an old browser, a page opened from a file), the
    // page does it all itself.
    function startWorker() {
      if (typeof window.Worker !== "function" || !SELF) {
        return false;
      }
      try {
        worker = new window.Worker(SELF);
      } catch (e) {
        return false;
      }
      worker.onmessage = function (ev) {
        var m = ev.data || {};
        if (m.ready) {
          workerReady = true;
          run(false);
        } else if (m.failed) {
          failed = true;
          run(false);
        } else if (m.found && m.id === asked) {
          shown(m.found, input.value);
        }
      };
      worker.onerror = function () {
        failed = true;
        run(false);
      };
      worker.postMessage({ index: new URL(form.getAttribute("data-index"), window.location.href).href });
      return true;
    }
    input.addEventListener("focus", load);
    input.addEventListener("input", load);
    input.addEventListener("pointerdown", load);

    run(false);
    if (input.value.trim() || document.activeElement === input) {
      load();
    }
  }

  var api = {
    LIMIT: LIMIT,
    normalize: normalize,
    wordsOf: wordsOf,
    dateText: dateText,
    prepare: prepare,
    rank: rank,
    search: search,
    describe: describe,
    answerTo: answerTo,
    answer: answer,
    statusText: statusText
  };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  }
  if (typeof document !== "undefined") {
    init();
  } else if (typeof self !== "undefined" && typeof self.importScripts === "function") {
    // Started as the search page's worker.
    answer(self, function (url) {
      return readIndex(self.fetch.bind(self), url);
    });
  }
})();
