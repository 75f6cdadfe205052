/* Holonet, the find boxes of long pages: the current round's pairings, an event's standings, a
   round's or a game's tables, an event's decklists. Each box filters the rows of the list it
   names (its input's aria-controls) as you type, by name or by number. Without JavaScript the
   box stays hidden and the list is read as it is.

   The markup, written by the `finder` macro (templates/macros.html): a `.finder` holding a
   label, an input whose aria-controls names the list and whose aria-describedby names the
   status line, and that status line. The list's rows (its children with a data-name) say what
   they are found by: data-name, the name or names on the row, and data-place, its number (a
   table's, or "Bye"), when it has one. The input says what a row is (data-one, data-many:
   "player", "players") and what to do when nothing matches (data-advice).

   The functions before `init` take what they need as arguments, so Node can test them
   (tests/web/find-test.js). Text is only ever set with textContent. */
(function () {
  "use strict";

  // Letters that lose nothing to a decomposition but still have a plain spelling (as search.js).
  var FOLD = { "æ": "ae", "œ": "oe", "ø": "o", "ß": "ss", "ł": "l", "đ": "d", "ð": "d",
    "þ": "th", "ı": "i" };

  /* Lower case, accents off, apostrophes dropped, anything but letters and digits a space:
     "Zoë O'Brien" -> "zoe obrien". */
  function fold(text) {
    return String(text == null ? "" : text)
      .toLowerCase()
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[æœøßłđðþı]/g, function (c) { return FOLD[c]; })
      .replace(/['’‘ʼ`]/g, "")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  }

  /* Whether a row (the names on it, and its number: "3", "Bye", or none) answers a query: a
     number is a row's number and must be the whole of it; words must each begin a word of the
     names or the number, in any order ("zoe", "achter", "bye"). An empty query keeps every
     row. */
  function matches(query, name, place) {
    var q = fold(query);
    if (q === "") {
      return true;
    }
    if (/^\d+$/.test(q)) {
      return fold(place) === q;
    }
    var words = fold(name + " " + (place || "")).split(" ");
    return q.split(" ").every(function (w) {
      return words.some(function (word) { return word.indexOf(w) === 0; });
    });
  }

  /* What the box says after filtering: nothing while every row is shown. `one` and `many` name
     a row ("player", "players"); `advice` is what to do when none matches. */
  function findStatus(query, shown, total, one, many, advice) {
    if (shown === total) {
      return "";
    }
    if (shown === 0) {
      return "No " + one + " matches \u201c" + query.trim() + "\u201d. " + advice;
    }
    return shown + " of " + total + " " + (total === 1 ? one : many) + " shown.";
  }

  /* Makes one box work: shows it, and filters its list's rows as the reader types. */
  function initFinder(finder) {
    // A page with two boxes loads the script twice: each box is made to work once.
    if (finder.hasAttribute("data-ready")) {
      return;
    }
    finder.setAttribute("data-ready", "");
    var input = finder.querySelector("input");
    var list = input && document.getElementById(input.getAttribute("aria-controls"));
    var status = input && document.getElementById(input.getAttribute("aria-describedby"));
    if (!list || !status) {
      return;
    }
    var rows = Array.prototype.filter.call(list.children, function (row) {
      return row.hasAttribute("data-name");
    });
    var one = input.getAttribute("data-one") || "row";
    var many = input.getAttribute("data-many") || "rows";
    var advice = input.getAttribute("data-advice") || "Check the spelling.";
    function run() {
      var shown = 0;
      rows.forEach(function (row) {
        var keep = matches(input.value, row.getAttribute("data-name"), row.getAttribute("data-place"));
        row.hidden = !keep;
        shown += keep ? 1 : 0;
      });
      status.textContent = findStatus(input.value, shown, rows.length, one, many, advice);
    }
    input.addEventListener("input", run);
    finder.hidden = false;
    // A phone's keyboard covers the lower part of the screen: the box goes to the top, and the
    // rows it keeps, right below it, stay in view.
    input.addEventListener("focus", function () {
      finder.scrollIntoView({ block: "start" });
    });
    // A value the browser kept from before a reload.
    if (input.value) {
      run();
    }
  }

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll(".finder"), initFinder);
  }

  var api = {
    fold: fold,
    matches: matches,
    findStatus: findStatus
  };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  }
  if (typeof document !== "undefined") {
    init();
  }
})();
