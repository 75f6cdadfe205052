/* Holonet, light or dark: the style sheet follows the reader's system setting (its
   `@media (prefers-color-scheme: dark)` rules); this script adds a switch to the header that
   overrides it, remembered in this browser (localStorage) across the site's pages.

   It is loaded, without `defer`, right after the style sheets, so that a remembered choice is
   applied before the page is first drawn: it rewrites the media of those dark rules ("all"
   for dark, "not all" for light) rather than carrying a second copy of the dark colours.
   Without JavaScript, or with storage off, the system setting rules and there is no switch.

   The functions before `init` take what they need as arguments, so Node can test them
   (tests/web/scheme-test.js). Text is only ever set with textContent. */
(function () {
  "use strict";

  var KEY = "holonet-scheme";
  var DARK_QUERY = "(prefers-color-scheme: dark)";

  /* Whether a rule is one of the style sheet's dark rules. */
  function isDarkRule(rule) {
    return Boolean(rule.media) && /prefers-color-scheme:\s*dark/.test(rule.media.mediaText);
  }

  /* The media the dark rules take for a choice: "dark", "light", or anything else (none made:
     the system's setting). */
  function mediaFor(choice) {
    if (choice === "dark") {
      return "all";
    }
    if (choice === "light") {
      return "not all";
    }
    return DARK_QUERY;
  }

  /* Whether the page is dark: the choice made, else the system's setting. */
  function isDark(choice, systemDark) {
    return choice === "dark" || (choice !== "light" && systemDark);
  }

  /* The dark rules of `sheets` (document.styleSheets), found once, before any is rewritten. */
  function darkRules(sheets) {
    var found = [];
    Array.prototype.forEach.call(sheets, function (sheet) {
      var rules;
      try {
        rules = sheet.cssRules;
      } catch (e) {
        return; // another origin's sheet: none of ours
      }
      Array.prototype.forEach.call(rules || [], function (rule) {
        if (isDarkRule(rule)) {
          found.push(rule);
        }
      });
    });
    return found;
  }

  /* Gives every dark rule the media of `choice`. */
  function apply(rules, choice) {
    rules.forEach(function (rule) {
      rule.media.mediaText = mediaFor(choice);
    });
  }

  function stored() {
    try {
      return window.localStorage.getItem(KEY);
    } catch (e) {
      return null;
    }
  }

  function remember(choice) {
    try {
      window.localStorage.setItem(KEY, choice);
      return true;
    } catch (e) {
      return false;
    }
  }

  function init() {
    var root = document.documentElement;
    var system = window.matchMedia ? window.matchMedia(DARK_QUERY) : null;
    var choice = stored();
    var rules = darkRules(document.styleSheets);
    function show() {
      apply(rules, choice);
      if (choice === "dark" || choice === "light") {
        root.style.colorScheme = choice;
      }
    }
    show();
    function addSwitch() {
      var header = document.querySelector(".site-header-inner, .holo-panel");
      if (!header || document.querySelector(".scheme-switch")) {
        return;
      }
      var button = document.createElement("button");
      button.type = "button";
      button.className = "scheme-switch";
      button.textContent = "Dark mode";
      function label() {
        button.setAttribute("aria-pressed", String(isDark(choice, system && system.matches)));
      }
      label();
      button.addEventListener("click", function () {
        choice = isDark(choice, system && system.matches) ? "light" : "dark";
        remember(choice);
        show();
        label();
      });
      if (system && system.addEventListener) {
        system.addEventListener("change", label);
      }
      header.appendChild(button);
    }
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", addSwitch);
    } else {
      addSwitch();
    }
  }

  var api = {
    KEY: KEY,
    isDarkRule: isDarkRule,
    mediaFor: mediaFor,
    isDark: isDark,
    darkRules: darkRules,
    apply: apply
  };
  if (typeof module === "object" && module.exports) {
    module.exports = api;
  }
  if (typeof document !== "undefined") {
    init();
  }
})();
