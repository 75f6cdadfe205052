/* Holonet room screen: counts the round down from the times the page carries (the build never
   reads the clock; the browser's clock is the room's), fits the list to a wide screen (more
   columns, smaller type), shows a list too long even then a screenful at a time, and reloads when the site changes (a result, the next round). The
   functions before `init` are pure, and Node can load this file to test them
   (tests/web/room-test.js). It sets text only, never markup. */
(function () {
  "use strict";

  var PAGE_SECONDS = 12;
  var POLL_SECONDS = 30;
  var ENDING_MINUTES = 5;
  // Narrower than this (a phone), the page scrolls as a plain list.
  var PAGED_MIN_WIDTH = 700;
  // The list's type shrinks in these steps, down to this share of its size, before it pages:
  // a round of 40 fits a 1920x1080 screen whole, still legible across the room.
  var SCALE_STEP = 0.05;
  var MIN_SCALE = 0.55;
  // A column's least width, in the list's type size: `minmax(min(100%, 22em), 1fr)` in room.css.
  var COLUMN_EM = 22;

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

  /* The type scale, columns and rows that show `count` players on one screen: the largest
     scale, from 1 down to MIN_SCALE in steps of SCALE_STEP, at which every player fits the
     list's `space` ({ width, height } in pixels). `sizes` are the list's at scale 1: a `row`'s
     height and the `rowGap` between rows, a `column`'s least width and the `columnGap`; all
     shrink with the type, and the columns are as many as fit the width (CSS's auto-fill). Where
     even MIN_SCALE does not fit them all, it holds as many as fit, and the list pages. */
  function arrange(count, space, sizes) {
    var best = null;
    for (var step = 0; ; step++) {
      var scale = Math.round((1 - step * SCALE_STEP) * 100) / 100;
      if (scale < MIN_SCALE) {
        return best;
      }
      var columns = Math.max(
        1,
        Math.floor((space.width + sizes.columnGap * scale) / ((sizes.column + sizes.columnGap) * scale))
      );
      var fit = capacity(space.height, sizes.row * scale, sizes.rowGap * scale, columns);
      best = { scale: scale, columns: columns, rows: fit.rows, perPage: fit.perPage };
      if (fit.perPage >= count) {
        return best;
      }
    }
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

    /* The list's sizes as the screen lays it out at its present scale (see `arrange`). */
    function measured() {
      // Columns counted as the list flows row by row: flowing by column, every player past
      // the first row would count as a column of its own.
      root.classList.remove("room-paged");
      var columns = getComputedStyle(list).gridTemplateColumns.split(" ").filter(Boolean).length;
      root.classList.add("room-paged");
      var style = getComputedStyle(list);
      return {
        columns: columns,
        row: items.reduce(function (h, item) {
          return Math.max(h, item.getBoundingClientRect().height);
        }, 0),
        rowGap: parseFloat(style.rowGap) || 0,
        column: COLUMN_EM * parseFloat(style.fontSize),
        columnGap: parseFloat(style.columnGap) || 0,
        space: {
          width: list.clientWidth,
          height: box.clientHeight - list.offsetTop + box.offsetTop
        }
      };
    }

    function layout() {
      items.forEach(function (item) {
        item.hidden = false;
      });
      root.classList.remove("room-paged");
      list.style.removeProperty("--room-rows");
      list.style.removeProperty("--room-scale");
      note.hidden = true;
      plan = [[0, items.length]];
      if (root.clientWidth < PAGED_MIN_WIDTH || items.length === 0) {
        return;
      }
      var first = measured();
      var chosen = arrange(items.length, first.space, first);
      list.style.setProperty("--room-scale", String(chosen.scale));
      // What the screen makes of that scale decides: a border that does not shrink with the
      // type may leave a row fewer than `arrange` worked out, and then the list pages.
      var sizes = measured();
      var fit = capacity(sizes.space.height, sizes.row, sizes.rowGap, sizes.columns);
      plan = pages(items.length, fit.perPage);
      var onPage = plan[0][1] - plan[0][0];
      list.style.setProperty(
        "--room-rows",
        String(Math.min(fit.rows, Math.ceil(onPage / sizes.columns)))
      );
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
    arrange: arrange,
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
