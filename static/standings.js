/* Holonet round pages: the standings after a round, drawn from the event's event.json.
   A big event has a standings table for every round; written into every round page they were a
   third of an archive's round pages, while event.json holds them anyway (`standings_by_round`,
   rows of values under named columns). The page says where the standings are (a paragraph that
   links event.json, with the round, the keys of the tiebreaker columns, the players' notes and
   where their pages are as data attributes) and has the tiebreakers' legend, which names each tiebreaker beside its mark;
   this script builds the table (its head from those) and fills in the rows. Without it, the
   paragraph says where the standings are. The functions before `init` are pure, and Node can
   load this file to test them (tests/web/standings-test.js). It sets text only, never markup. */
(function () {
  "use strict";

  /* An exact value as event.json writes it ("15/4", or a whole number "3") rounded half up to
     three decimals ("3.750"), as Holonet shows it on the event page. */
  function decimal(exact) {
    var parts = String(exact).split("/");
    var num = BigInt(parts[0]);
    var den = BigInt(parts.length > 1 ? parts[1] : "1");
    var scaled = (num * 1000n * 2n + den) / (den * 2n);
    var frac = String(scaled % 1000n);
    return String(scaled / 1000n) + "." + "000".slice(frac.length) + frac;
  }

  /* The rows of the standings after round `round` in `doc` (a parsed event.json, format 4: a row
     leaves out its trailing nulls, so a value it lacks is null), as cell texts:
     `columns` are the tiebreaker keys shown as columns, `marks` maps a tiebreaker key to its mark,
     `notes` a player id to the note beside the name, and `pages` says where each player's page
     is: `pages.players` + id + "/", unless `pages.urls` names it (none without `pages`). A column shows every value with three
     decimals as soon as one of them is a fraction, like the event page. Returns null when the
     file has no standings after that round. */
  function rows(doc, round, columns, marks, notes, pages) {
    var entry = (doc.standings_by_round || []).filter(function (s) {
      return s.after_round === round;
    })[0];
    if (!entry) {
      return null;
    }
    var at = {};
    entry.columns.forEach(function (name, i) {
      at[name] = i;
    });
    var names = {};
    (doc.players || []).forEach(function (p) {
      names[p.id] = p.name;
    });
    var fractional = columns.map(function (key) {
      return entry.rows.some(function (r) {
        return String(r[at[key]]).indexOf("/") >= 0;
      });
    });
    return entry.rows.map(function (r) {
      var id = r[at.id];
      var byes = r[at.byes];
      var decided = r[at.decided_by];
      var unranked = r[at.rank] === null || r[at.rank] === undefined;
      return {
        ranked: !unranked,
        rank: unranked ? "DQ" : String(r[at.rank]),
        name: Object.prototype.hasOwnProperty.call(names, id) ? names[id] : id,
        url: !pages ? "" : Object.prototype.hasOwnProperty.call(pages.urls, id) ? pages.urls[id]
          : pages.players + id + "/",
        byes: byes > 0 ? "(" + byes + " bye" + (byes === 1 ? "" : "s") + ")" : "",
        note: Object.prototype.hasOwnProperty.call(notes, id) ? notes[id] : "",
        mark: decided && Object.prototype.hasOwnProperty.call(marks, decided) ? marks[decided] : "",
        points: String(r[at.points]),
        record: r[at.wins] + "\u2013" + r[at.losses] + "\u2013" + r[at.draws],
        values: columns.map(function (key, i) {
          var value = r[at[key]];
          return fractional[i] ? decimal(value) : String(value);
        })
      };
    });
  }

  /* The heads of the tiebreaker columns, keys `columns`: each its mark (`SoS`), titled with the
     tiebreaker's name as the legend writes it in its sentence ("strength of schedule"), with a
     capital ("Strength of schedule"). `marks` and `names` map a key to each. */
  function heads(columns, marks, names) {
    return columns.map(function (key) {
      var name = Object.prototype.hasOwnProperty.call(names, key) ? names[key] : "";
      return {
        text: Object.prototype.hasOwnProperty.call(marks, key) ? marks[key] : key,
        title: name.charAt(0).toUpperCase() + name.slice(1)
      };
    });
  }

  function cell(tr, text, tag) {
    var td = document.createElement(tag || "td");
    td.textContent = text;
    tr.appendChild(td);
    return td;
  }

  function note(td, text, className) {
    var span = document.createElement("span");
    span.className = className;
    span.textContent = text;
    td.appendChild(document.createTextNode(" "));
    td.appendChild(span);
  }

  /* The table as the event page writes one: caption, then rank, player, points, record and a
     column per tiebreaker value. */
  function table(round, columnHeads) {
    var wrap = document.createElement("div");
    wrap.className = "table-wrap";
    var t = document.createElement("table");
    t.className = "standings swiss";
    t.createCaption().textContent = "Standings after round " + round;
    var tr = t.createTHead().insertRow();
    var th = function (text) {
      var head = cell(tr, text, "th");
      head.setAttribute("scope", "col");
      return head;
    };
    th("Rank");
    th("Player");
    th("Points");
    note(th("Record"), "W\u2013L\u2013D", "hint");
    columnHeads.forEach(function (h) {
      var abbr = document.createElement("abbr");
      abbr.title = h.title;
      abbr.textContent = h.text;
      th("").appendChild(abbr);
    });
    t.appendChild(document.createElement("tbody"));
    wrap.appendChild(t);
    return wrap;
  }

  function draw(source, round, columnHeads, drawn) {
    var wrap = table(round, columnHeads);
    var tbody = wrap.querySelector("tbody");
    drawn.forEach(function (row) {
      var tr = document.createElement("tr");
      if (!row.ranked) {
        tr.className = "unranked";
      }
      cell(tr, row.rank);
      var name = cell(tr, row.url ? "" : row.name);
      if (row.url) {
        var page = document.createElement("a");
        page.href = row.url;
        page.textContent = row.name;
        name.appendChild(page);
      }
      if (row.byes) {
        note(name, row.byes, "note");
      }
      if (row.note) {
        note(name, row.note, "note");
      }
      if (row.mark) {
        var a = document.createElement("a");
        a.className = "tb-mark";
        a.href = "#tiebreakers";
        a.textContent = row.mark;
        name.appendChild(document.createTextNode(" "));
        name.appendChild(a);
      }
      cell(tr, row.points);
      cell(tr, row.record);
      row.values.forEach(function (v) {
        cell(tr, v);
      });
      tbody.appendChild(tr);
    });
    source.parentNode.insertBefore(wrap, source.nextSibling);
  }

  function init() {
    var source = document.getElementById("round-standings");
    var link = source && source.querySelector("a[type='application/json']");
    if (!link || typeof fetch !== "function") {
      return;
    }
    var columns = (source.getAttribute("data-columns") || "").split(" ").filter(Boolean);
    var marks = {};
    var names = {};
    // The legend: "… broken by <a>strength of schedule</a> (<span data-key="sos">SoS</span>), …"
    Array.prototype.forEach.call(document.querySelectorAll(".tiebreakers .tb-mark[data-key]"), function (m) {
      var key = m.getAttribute("data-key");
      marks[key] = m.textContent;
      names[key] = m.previousElementSibling ? m.previousElementSibling.textContent : "";
    });
    var notes = JSON.parse(source.getAttribute("data-notes") || "{}");
    var pages = {
      players: source.getAttribute("data-players") || "",
      urls: JSON.parse(source.getAttribute("data-urls") || "{}")
    };
    var round = Number(source.getAttribute("data-round"));
    fetch(link.getAttribute("href"))
      .then(function (response) {
        return response.json();
      })
      .then(function (doc) {
        var drawn = rows(doc, round, columns, marks, notes, pages.players ? pages : null);
        if (drawn) {
          draw(source, round, heads(columns, marks, names), drawn);
        }
      })
      .catch(function () {
        // Offline or opened from a file: the paragraph says where the standings are.
      });
  }

  var api = { decimal: decimal, rows: rows, heads: heads };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  }
  if (typeof document !== "undefined") {
    init();
  }
})();
