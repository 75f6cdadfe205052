/* Holonet round pages: the standings after a round, drawn from the event's event.json.
   A big event has a standings table for every round; written into every round page they were a
   third of an archive's round pages, while event.json holds them anyway (`standings_by_round`,
   rows of values under named columns). The page carries the table's head in a <template>, the
   tiebreakers' marks in its legend and the players' notes; this script fills in the rows.
   Without it, the page says where the standings are. The functions before `init` are pure, and
   Node can load this file to test them (tests/web/standings-test.js). It sets text only, never
   markup. */
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

  /* The rows of the standings after round `round` in `doc` (a parsed event.json), as cell texts:
     `columns` are the tiebreaker keys shown as columns, `marks` maps a tiebreaker key to its mark
     and `notes` a player id to the note beside the name. A column shows every value with three
     decimals as soon as one of them is a fraction, like the event page. Returns null when the
     file has no standings after that round. */
  function rows(doc, round, columns, marks, notes) {
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
      return {
        ranked: r[at.rank] !== null,
        rank: r[at.rank] === null ? "DQ" : String(r[at.rank]),
        name: Object.prototype.hasOwnProperty.call(names, id) ? names[id] : id,
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

  function cell(tr, text) {
    var td = document.createElement("td");
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

  function draw(template, drawn) {
    var table = template.content.cloneNode(true);
    var tbody = table.querySelector("tbody");
    drawn.forEach(function (row) {
      var tr = document.createElement("tr");
      if (!row.ranked) {
        tr.className = "unranked";
      }
      cell(tr, row.rank);
      var name = cell(tr, row.name);
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
    template.parentNode.insertBefore(table, template);
  }

  function init() {
    var template = document.getElementById("round-standings");
    if (!template || !template.content || typeof fetch !== "function") {
      return;
    }
    var columns = Array.prototype.map.call(
      template.content.querySelectorAll("th[data-key]"),
      function (th) {
        return th.getAttribute("data-key");
      }
    );
    var marks = {};
    Array.prototype.forEach.call(document.querySelectorAll(".tiebreakers .tb-mark[data-key]"), function (m) {
      marks[m.getAttribute("data-key")] = m.textContent;
    });
    var notes = JSON.parse(template.getAttribute("data-notes") || "{}");
    var round = Number(template.getAttribute("data-round"));
    fetch(template.getAttribute("data-src"))
      .then(function (response) {
        return response.json();
      })
      .then(function (doc) {
        var drawn = rows(doc, round, columns, marks, notes);
        if (drawn) {
          draw(template, drawn);
        }
      })
      .catch(function () {
        // Offline or opened from a file: the paragraph above says where the standings are.
      });
  }

  var api = { decimal: decimal, rows: rows };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  }
  if (typeof document !== "undefined") {
    init();
  }
})();
