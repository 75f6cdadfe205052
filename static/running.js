/* Holonet, a running event's pages (the event page and the current round's page), loaded only
   while the event runs: every 30 seconds while the tab is visible, it asks for the event's
   event.json and compares its `event.updated` with the one the page was built from (data-built
   on #live-notice). When they differ it says so in that polite live region, with a button to
   reload; it never reloads by itself, so nobody loses their place while reading. (The current
   round's find box is find.js's.)

   Everything works without this script. The functions before `init` take what they need as
   arguments, so Node can test them (tests/web/running-test.js). Text is only ever set with
   textContent. */
(function () {
  "use strict";

  var INTERVAL = 30000;

  /* The `event.updated` of a parsed event.json; "" when the file records none. */
  function updatedOf(doc) {
    var event = doc && doc.event;
    return event && typeof event.updated === "string" ? event.updated : "";
  }

  /* "14:05" from "2026-11-22T14:05:00+01:00": the venue's clock as the file wrote it, the same
     reading the page shows (never converted to the reader's time zone). */
  function clockOf(iso) {
    var m = /T(\d\d:\d\d)/.exec(iso);
    return m ? m[1] : "";
  }

  /* Watches `url` (an event.json) for an `event.updated` other than `built`, the one the page
     was built from. `env` gives fetch, setTimeout and clearTimeout (and `interval`, in ms);
     `onNews(updated)` is called once per new value. A failed request (offline, a site being
     published) is tried again at the next turn. `start` polls every interval, `stop` stops
     (a hidden tab), `resume` looks at once and then polls again (the tab is back). */
  function watch(url, built, env, onNews) {
    var seen = built;
    var timer = null;
    var running = false;
    var busy = false;
    var interval = env.interval || INTERVAL;

    function cancel() {
      if (timer !== null) {
        env.clearTimeout(timer);
        timer = null;
      }
    }

    function schedule() {
      cancel();
      if (running) {
        timer = env.setTimeout(check, interval);
      }
    }

    function check() {
      timer = null;
      if (busy) {
        return Promise.resolve();
      }
      busy = true;
      return Promise.resolve()
        .then(function () {
          return env.fetch(url, { cache: "no-cache", headers: { Accept: "application/json" } });
        })
        .then(function (response) {
          if (!response.ok) {
            throw new Error("HTTP " + response.status);
          }
          return response.json();
        })
        .then(function (doc) {
          var now = updatedOf(doc);
          if (now !== seen) {
            seen = now;
            onNews(now);
          }
        })
        .catch(function () {})
        .then(function () {
          busy = false;
          schedule();
        });
    }

    return {
      start: function () {
        running = true;
        schedule();
      },
      stop: function () {
        running = false;
        cancel();
      },
      resume: function () {
        running = true;
        cancel();
        return check();
      }
    };
  }

  /* Fills the live region: what changed, and a button to reload, or, when this page is gone
     (the current round's page once the round is over), a link to the event page. */
  function announce(region, updated, gone) {
    while (region.firstChild) {
      region.removeChild(region.firstChild);
    }
    var box = document.createElement("div");
    box.className = "live-notice-box";
    var text = document.createElement("p");
    var clock = clockOf(updated);
    text.textContent = (clock ? "Updated at " + clock + ": " : "") +
      (gone ? "this round is over." : "new results or pairings are published.");
    box.appendChild(text);
    var actions = document.createElement("p");
    actions.className = "live-notice-actions";
    if (gone) {
      var link = document.createElement("a");
      link.href = region.getAttribute("data-event");
      link.textContent = "Go to the event page";
      actions.appendChild(link);
    } else {
      var reload = document.createElement("button");
      reload.type = "button";
      reload.textContent = "Reload the page";
      reload.addEventListener("click", function () { window.location.reload(); });
      actions.appendChild(reload);
    }
    var later = document.createElement("button");
    later.type = "button";
    later.className = "live-notice-later";
    later.textContent = "Not now";
    later.addEventListener("click", function () {
      while (region.firstChild) {
        region.removeChild(region.firstChild);
      }
    });
    actions.appendChild(later);
    box.appendChild(actions);
    region.appendChild(box);
  }

  function initNews() {
    var region = document.getElementById("live-notice");
    // `holonet serve` reloads its pages itself after every save: polling would only repeat it.
    var served = document.querySelector("script[src*='__holonet/']");
    if (!region || served || typeof window.fetch !== "function") {
      return;
    }
    var env = {
      fetch: window.fetch.bind(window),
      setTimeout: window.setTimeout.bind(window),
      clearTimeout: window.clearTimeout.bind(window)
    };
    var watcher = watch(region.getAttribute("data-json"), region.getAttribute("data-built") || "",
      env, function (updated) {
        // Is this page still published? The current round's page goes when the round ends.
        window.fetch(window.location.href, { method: "HEAD", cache: "no-cache" })
          .then(function (response) { return response.status === 404; })
          .catch(function () { return false; })
          .then(function (gone) { announce(region, updated, gone); });
      });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") {
        watcher.stop();
      } else {
        watcher.resume();
      }
    });
    if (document.visibilityState !== "hidden") {
      watcher.start();
    }
  }

  function init() {
    initNews();
  }

  var api = {
    INTERVAL: INTERVAL,
    updatedOf: updatedOf,
    clockOf: clockOf,
    watch: watch
  };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  }
  if (typeof document !== "undefined") {
    init();
  }
})();
