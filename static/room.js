/* Holonet room screen: counts the round down from the times the page carries (the build never
   reads the clock; the browser's clock is the room's), shows a list too long for the screen
   a screenful at a time, and reloads when the site changes (a result, the next round). The
   functions before `init` are pure, and Node can load this file to test them
   (tests/web/room-test.js). It sets text only, never markup. */
(function () {
  "use strict";

  var PAGE_SECONDS = 12;
  var POLL_SECONDS = 30;
  var ENDING_MINUTES = 5;
  // Narrower than this (a phone), the page scrolls as a plain list.
  var PAGED_MIN_WIDTH = 700;

  function pad(n) {
    return (n < 10 ? "0" : "") + n;
  }

  /* What the clock shows `nowMs` into a round ending at `endMs`: minutes and seconds left
     ("69:59"), whole seconds rounded up so that "00:00" is the moment time is called; from
     then on it stays at "00:00" (the screen says "time"), however long the page stays open:
     the end of the round is the last thing a clock can say. */
  function clock(endMs, nowMs) {
    var left = endMs - nowMs;
    var over = left <= 0;
    var seconds = over ? 0 : Math.ceil(left / 1000);
    return {
      text: pad(Math.floor(seconds / 60)) + ":" + pad(seconds % 60),
      over: over,
      ending: !over && seconds <= ENDING_MINUTES * 60
    };
  }

  /* How many players fit a screen: whole rows of `itemHeight` (rows `gap` apart) in
     `available` pixels, times the columns; at least one row. */
  function capacity(available, itemHeight, gap, columns) {
    var rows = Math.max(1, Math.floor((available + gap) / (itemHeight + gap)));
    return { rows: rows, perPage: rows * Math.max(1, columns) };
  }

  /* The pages of `count` players, `perPage` to a page, filled evenly (23 players at 10 a
     page: 8, 8, 7 rather than 10, 10, 3), as [first, end) index pairs. */
  function pages(count, perPage) {
    var n = Math.max(1, Math.ceil(count / Math.max(1, perPage)));
    var size = Math.ceil(count / n);
    var out = [];
    for (var start = 0; start < count; start += size) {
      out.push([start, Math.min(count, start + size)]);
    }
    return out.length ? out : [[0, 0]];
  }

  /* "Page 2 of 3 · Hana – Niamh": which names a page holds, for players waiting for theirs. */
  function pageLabel(index, total, firstName, lastName) {
    return "Page " + (index + 1) + " of " + total + " · " + firstName + " – " + lastName;
  }

  function startClock() {
    var el = document.querySelector("[data-round-end]");
    var end = el && Date.parse(el.getAttribute("data-round-end"));
    if (!el || isNaN(end)) {
      return;
    }
    var time = el.querySelector(".room-countdown-time");
    var label = el.querySelector(".room-countdown-label");
    var timer = null;
    function tick() {
      var shown = clock(end, Date.now());
      time.textContent = shown.text;
      label.textContent = shown.over ? "time" : "left";
      el.classList.toggle("is-ending", shown.ending);
      el.classList.toggle("is-over", shown.over);
      // Time is called: the clock stops there.
      if (shown.over && timer !== null) {
        clearInterval(timer);
      }
      return shown.over;
    }
    el.hidden = false;
    if (!tick()) {
      timer = setInterval(tick, 1000);
    }
  }

  function startPaging() {
    var root = document.documentElement;
    var list = document.querySelector(".room-list");
    var box = document.querySelector(".room-pairings");
    var note = document.querySelector(".room-page");
    if (!list || !box || !note) {
      return;
    }
    var items = Array.prototype.slice.call(list.children);
    var plan = [];
    var current = 0;

    function show(index) {
      current = index % plan.length;
      var range = plan[current];
      items.forEach(function (item, i) {
        item.hidden = i < range[0] || i >= range[1];
      });
      note.hidden = plan.length < 2;
      if (plan.length > 1) {
        var name = function (i) {
          return items[i].querySelector(".room-name").textContent;
        };
        note.textContent = pageLabel(current, plan.length, name(range[0]), name(range[1] - 1));
      }
    }

    function layout() {
      items.forEach(function (item) {
        item.hidden = false;
      });
      root.classList.remove("room-paged");
      list.style.removeProperty("--room-rows");
      note.hidden = true;
      plan = [[0, items.length]];
      if (root.clientWidth < PAGED_MIN_WIDTH || items.length === 0) {
        return;
      }
      // Columns counted as the list flows row by row: flowing by column, every player past
      // the first row would count as a column of its own.
      var columns = getComputedStyle(list).gridTemplateColumns.split(" ").filter(Boolean).length;
      root.classList.add("room-paged");
      var gap = parseFloat(getComputedStyle(list).rowGap) || 0;
      var tallest = items.reduce(function (h, item) {
        return Math.max(h, item.getBoundingClientRect().height);
      }, 0);
      var fit = capacity(box.clientHeight - list.offsetTop + box.offsetTop, tallest, gap, columns);
      plan = pages(items.length, fit.perPage);
      var onPage = plan[0][1] - plan[0][0];
      list.style.setProperty("--room-rows", String(Math.min(fit.rows, Math.ceil(onPage / columns))));
      show(0);
    }

    layout();
    window.addEventListener("resize", layout);
    setInterval(function () {
      if (plan.length > 1) {
        show(current + 1);
      }
    }, PAGE_SECONDS * 1000);
  }

  /* Reloads when the page changes (a reported result, a new round); once the round is over
     its page is gone, and the screen says so until the next round's appears. */
  function startPolling() {
    var status = document.querySelector(".room-status");
    var seen = null;
    function poll() {
      fetch(location.href, { cache: "no-store" })
        .then(function (response) {
          if (!response.ok) {
            status.textContent = "This round is over: the next pairings appear here once they are published.";
            seen = seen === null ? "" : seen;
            return null;
          }
          return response.text();
        })
        .then(function (text) {
          if (text === null) {
            return;
          }
          if (seen !== null && text !== seen) {
            location.reload();
          }
          seen = text;
        })
        .catch(function () {
          // Offline or opened from a file: the screen keeps what it shows.
        });
    }
    poll();
    setInterval(poll, POLL_SECONDS * 1000);
  }

  function init() {
    startClock();
    startPaging();
    if (typeof fetch === "function" && location.protocol !== "file:") {
      startPolling();
    }
  }

  var api = {
    clock: clock,
    capacity: capacity,
    pages: pages,
    pageLabel: pageLabel
  };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  }
  if (typeof document !== "undefined") {
    init();
  }
})();
