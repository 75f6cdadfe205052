// Loads every page of a built site in headless Chromium, checks it with axe-core, checks that
// it fits a phone's width and that no text overlaps other text at phone and desktop widths; optionally takes screenshots of the main pages at phone and desktop
// widths. Run by tests/it/web.rs:
//
//   node tests/web/check.js --tools DIR --root DIR --base /archive/ [--screens DIR]
//
// --tools    the folder scripts/install-web-tools installs into (with node_modules/)
// --root     the folder to serve as the web server's root; the site is in <root><base>
// --base     the path the site is published under: / or /archive/ for a GitHub project site
// --screens  where to write the screenshots (none are taken without it)
// --chromium the browser [default: /usr/bin/chromium]
//
// Exit status: 0 when axe finds nothing, every page and file it uses loads, no page is wider
// than a phone's screen and no text is printed over other text at either width; 1 with a report of what was found; 2 when the check itself could not
// run. The last line of the output is `pages-checked: N`, the number of pages axe checked at
// desktop width.
'use strict';

const fs = require('fs');
const http = require('http');
const path = require('path');
const { createRequire } = require('module');

const DESKTOP = { name: 'desktop', width: 1280, height: 900 };
const PHONE = { name: 'phone', width: 390, height: 844 };

// The pages to photograph: a name for the file, and the page's path under the base (or a
// pattern, for pages whose address depends on the example data: the first match is taken).
const SCREENSHOTS = [
  ['home', ''],
  ['events', 'events/'],
  ['event-bracket', 'events/2015/mos-eisley-open/'],
  ['event-swccg', 'events/2008/bespin-cup/'],
  ['decklists', 'events/2008/bespin-cup/decks/'],
  ['player', /^players\/[^/]+\/$/],
  ['statistics', 'stats/'],
  ['ratings', 'ratings/'],
];

// Pages a player reads on a phone, where nothing inside `main` may scroll sideways at phone
// width: each list becomes cards, each table fits. A box may scroll only where a visible
// `.scroll-cue` just before it says so.
const NO_SIDEWAYS = [
  'events/',
  // Every event page and its decklists, pairings and player pages.
  /^events\/\d{4}\/[^/]+\/(decks\/|pairings\/)?$/,
  /^players\/[^/]+\/$/,
  'stats/',
  'ratings/',
];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

function usage(message) {
  console.error(`check.js: ${message}`);
  process.exit(2);
}

function parseArgs(argv) {
  const args = { chromium: '/usr/bin/chromium' };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i];
    const value = argv[i + 1];
    if (!key.startsWith('--') || value === undefined) usage(`unexpected argument ${key}`);
    args[key.slice(2)] = value;
  }
  for (const required of ['tools', 'root', 'base']) {
    if (!args[required]) usage(`--${required} is required`);
  }
  if (!args.base.startsWith('/') || !args.base.endsWith('/')) usage('--base must start and end with /');
  args.root = path.resolve(args.root);
  return args;
}

// Every .html file under `dir`, as paths relative to it with / separators, sorted.
function htmlFiles(dir) {
  const found = [];
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && entry.name.endsWith('.html')) {
        found.push(path.relative(dir, full).split(path.sep).join('/'));
      }
    }
  };
  walk(dir);
  return found.sort();
}

// The address of a file: `a/b/index.html` is served as `a/b/`.
function pagePath(file) {
  if (file === 'index.html') return '';
  return file.endsWith('/index.html') ? file.slice(0, -'index.html'.length) : file;
}

// A static file server for `root` on 127.0.0.1 and a free port, as GitHub Pages serves a site:
// a folder's address ends with / and shows its index.html.
function serve(root) {
  const server = http.createServer((request, response) => {
    let file;
    let urlPath;
    try {
      urlPath = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
      file = path.join(root, urlPath);
    } catch {
      response.writeHead(400).end('bad request');
      return;
    }
    if (file !== root && !file.startsWith(root + path.sep)) {
      response.writeHead(403).end('outside the site');
      return;
    }
    fs.stat(file, (error, stat) => {
      if (!error && stat.isDirectory()) {
        if (!urlPath.endsWith('/')) {
          response.writeHead(301, { Location: urlPath + '/' }).end();
          return;
        }
        file = path.join(file, 'index.html');
      }
      fs.readFile(file, (readError, body) => {
        if (readError) {
          response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
          return;
        }
        const type = TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream';
        response.writeHead(200, { 'Content-Type': type }).end(body);
      });
    });
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function shorten(text, length) {
  const flat = String(text).replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const toolsRequire = createRequire(path.join(path.resolve(args.tools), 'package.json'));
  const { chromium } = toolsRequire('playwright-core');
  const axeSource = fs.readFileSync(toolsRequire.resolve('axe-core/axe.min.js'), 'utf8');

  const siteDir = path.join(args.root, args.base);
  const pages = htmlFiles(siteDir).map((file) => ({ file, path: pagePath(file) }));
  if (pages.length === 0) usage(`no .html files under ${siteDir}`);

  const server = await serve(args.root);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: args.chromium, headless: true });
  const context = await browser.newContext({ viewport: { width: DESKTOP.width, height: DESKTOP.height } });
  const page = await context.newPage();
  page.setDefaultTimeout(30000);

  // Anything on a page that fails to load, or a script error, is a problem like a violation.
  const problems = [];
  let current = null;
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.push(`${current}: ${response.url()} answered ${response.status()}`);
    }
  });
  // The browser fetches the icon after `load`, so the next page's navigation can abort it: an
  // aborted request for a file the server has already answered with success is that, not a
  // fault of the page. Every other failure, aborted or not, is reported.
  const served = new Set();
  page.on('response', (response) => {
    if (response.ok()) served.add(response.url());
  });
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText;
    if (error === 'net::ERR_ABORTED' && served.has(request.url())) return;
    problems.push(`${current}: ${request.url()} failed (${error})`);
  });
  page.on('pageerror', (error) => problems.push(`${current}: script error: ${error.message}`));

  const violations = []; // { page, viewport, id, impact, help, nodes: [{ target, html }] }
  const check = async (pagePathUnderBase, viewport) => {
    current = args.base + pagePathUnderBase;
    const response = await page.goto(origin + current, { waitUntil: 'load' });
    if (!response || response.status() !== 200) {
      problems.push(`${current}: answered ${response ? response.status() : 'nothing'}`);
      return;
    }
    await page.evaluate(axeSource);
    const result = await page.evaluate(() =>
      window.axe.run(document, { resultTypes: ['violations'] }).then((r) =>
        r.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html })),
        })),
      ),
    );
    for (const v of result) violations.push({ page: current, viewport: viewport.name, ...v });
  };

  // A page must fit a phone's width: only its own scrolling boxes (wide tables, brackets) may
  // scroll sideways, never the whole page. Checked on the page already loaded, by resizing.
  const checkPhoneWidth = async (strict) => {
    await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
    const wide = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth <= width) return null;
      const scrolls = (e) => ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(e).overflowX);
      for (const e of document.body.querySelectorAll('*')) {
        if (e.getBoundingClientRect().right <= width + 1) continue;
        let inside = false;
        for (let a = e.parentElement; a && !inside; a = a.parentElement) inside = scrolls(a);
        if (!inside) {
          const name = e.tagName.toLowerCase() + (e.className ? `.${String(e.className).split(' ')[0]}` : '');
          return { page: document.documentElement.scrollWidth, name };
        }
      }
      return { page: document.documentElement.scrollWidth, name: '?' };
    });
    if (wide) {
      problems.push(
        `${current}: ${wide.page} px wide on a ${PHONE.width} px phone screen, so the whole page scrolls sideways (first too wide: ${wide.name})`,
      );
    }
    await checkOverlaps(PHONE.width);
    if (strict) {
      const scrollers = await page.evaluate(() => {
        const hidden = (e) => e.closest('.visually-hidden') || e.getClientRects().length === 0;
        const cued = (e) => {
          const cue = e.previousElementSibling;
          return cue && cue.classList.contains('scroll-cue') && cue.getClientRects().length > 0;
        };
        return [...document.querySelectorAll('main *')]
          .filter((e) => !hidden(e) && e.clientWidth > 2 && e.scrollWidth > e.clientWidth + 1)
          .filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && !cued(e))
          .map((e) => e.tagName.toLowerCase() + (e.className ? `.${String(e.className).split(' ')[0]}` : ''))
          .slice(0, 5);
      });
      if (scrollers.length) {
        problems.push(
          `${current}: at ${PHONE.width} px these scroll sideways without a visible cue: ${scrollers.join(', ')}`,
        );
      }
    }
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  };

  // No text is printed over other text, at either width: every text run in the page keeps to
  // itself (two runs of different elements whose boxes intersect are an overprint), and no
  // table cell or definition spills its content (a label drawn by CSS included) beyond
  // its own box into its neighbours (a list item's may: a bracket's connectors are drawn so).
  const checkOverlaps = async (width) => {
    const found = await page.evaluate(() => {
      const name = (e) => e.tagName.toLowerCase() + (e.className ? `.${String(e.className).split(' ')[0]}` : '');
      // Hidden, or kept for screen readers only (clipped to nothing, as a phone card table's
      // column heads are).
      const shown = (e) => {
        if (e.closest('.visually-hidden, [hidden], details:not([open]) > :not(summary)')) return false;
        for (let a = e; a; a = a.parentElement) {
          const style = getComputedStyle(a);
          if (style.clipPath !== 'none' || style.display === 'none') return false;
        }
        const style = getComputedStyle(e);
        return style.visibility !== 'hidden' && e.getClientRects().length > 0;
      };
      const spills = [];
      for (const e of document.querySelectorAll('main :is(td, th, dd, dt)')) {
        if (!shown(e)) continue;
        const style = getComputedStyle(e);
        if (style.overflowX !== 'visible' && style.overflowY !== 'visible') continue;
        const label = getComputedStyle(e, '::before').content;
        const hasText = (e.textContent.trim() !== '') || (label && label !== 'none' && label !== 'normal' && label !== '""');
        if (!hasText) continue;
        if (e.scrollWidth > e.clientWidth + 2 || e.scrollHeight > e.clientHeight + 2) {
          spills.push(`${name(e)} "${e.textContent.trim().slice(0, 40)}" spills out of its box (${e.scrollWidth}×${e.scrollHeight} in ${e.clientWidth}×${e.clientHeight})`);
          if (spills.length >= 3) break;
        }
      }
      // Text runs: each text node's line boxes, bucketed by 50 px rows.
      const runs = [];
      const walker = document.createTreeWalker(document.querySelector('main') || document.body, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent.trim() || !n.parentElement || !shown(n.parentElement)) continue;
        if (n.parentElement.closest('svg, .scroll-cue')) continue;
        range.selectNodeContents(n);
        for (const box of range.getClientRects()) {
          if (box.width < 1 || box.height < 1) continue;
          // The glyphs' core: a line's box reaches above the capitals and below the baseline
          // (a large clock's box covers the small line under it without touching its text).
          const r = { left: box.left, right: box.right, top: box.top + box.height * 0.15, bottom: box.bottom - box.height * 0.25 };
          runs.push({ el: n.parentElement, r, text: n.textContent.trim().slice(0, 30) });
        }
      }
      const rows = new Map();
      runs.forEach((run, i) => {
        for (let y = Math.floor(run.r.top / 50); y <= Math.floor(run.r.bottom / 50); y++) {
          if (!rows.has(y)) rows.set(y, []);
          rows.get(y).push(i);
        }
      });
      const clips = (e) => {
        for (let a = e; a; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.overflowX !== 'visible' || s.overflowY !== 'visible') return a;
        }
        return null;
      };
      const overprints = [];
      const seen = new Set();
      for (const members of rows.values()) {
        for (let x = 0; x < members.length && overprints.length < 3; x++) {
          for (let y = x + 1; y < members.length; y++) {
            const a = runs[members[x]], b = runs[members[y]];
            if (a.el === b.el) continue;
            const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
            const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
            // Line boxes of neighbouring lines may touch by a pixel or two.
            if (w <= 2 || h <= 3) continue;
            // Text scrolled out of a scrolling box is not on the screen.
            if (clips(a.el) !== clips(b.el)) continue;
            const key = `${members[x]}:${members[y]}`;
            if (seen.has(key)) continue;
            seen.add(key);
            overprints.push(`"${a.text}" (${name(a.el)}) and "${b.text}" (${name(b.el)}) are printed over each other`);
          }
        }
      }
      return spills.concat(overprints);
    });
    for (const f of found) problems.push(`${current}: at ${width} px, ${f}`);
  };

  const started = Date.now();
  const strictly = (p) => NO_SIDEWAYS.some((w) => (typeof w === 'string' ? w === p : w.test(p)));
  for (const { path: p } of pages) {
    await check(p, DESKTOP);
    await checkOverlaps(DESKTOP.width);
    await checkPhoneWidth(strictly(p));
  }
  const checked = pages.length;
  const desktopSeconds = (Date.now() - started) / 1000;

  // The search page opens without its index (the whole archive), fetches it once someone
  // types, and then finds what they typed.
  if (pages.some((p) => p.path === 'search/')) {
    const fetched = [];
    const onRequest = (request) => {
      if (request.url().endsWith('/search.json')) fetched.push(request.url());
    };
    page.on('request', onRequest);
    current = `${args.base}search/`;
    await page.goto(origin + current, { waitUntil: 'load' });
    if (fetched.length > 0) problems.push(`${current}: fetched its index before anyone searched`);
    await page.fill('#search-q', 'corellia');
    try {
      await page.waitForSelector('#search-results li a', { timeout: 20000 });
      const first = await page.textContent('#search-results li a');
      if (!/corellia/i.test(first)) problems.push(`${current}: "corellia" first found ${first}`);
    } catch (error) {
      problems.push(`${current}: typing "corellia" found nothing (${error.message.split('\n')[0]})`);
    }
    if (fetched.length !== 1) problems.push(`${current}: fetched its index ${fetched.length} times`);
    page.off('request', onRequest);
  }

  // Screenshots of the main pages, which axe also checks at phone width.
  let phoneChecked = 0;
  if (args.screens) {
    fs.mkdirSync(args.screens, { recursive: true });
    for (const [name, wanted] of SCREENSHOTS) {
      const found = pages.find((p) => (typeof wanted === 'string' ? p.path === wanted : wanted.test(p.path)));
      if (!found) {
        problems.push(`no page for the ${name} screenshot (${wanted}) in the site`);
        continue;
      }
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        if (viewport === PHONE) {
          await check(found.path, PHONE);
          phoneChecked += 1;
        } else {
          await page.goto(origin + args.base + found.path, { waitUntil: 'load' });
        }
        await page.screenshot({ path: path.join(args.screens, `${name}-${viewport.name}.png`), fullPage: true });
      }
    }
    await page.setViewportSize({ width: DESKTOP.width, height: DESKTOP.height });
  }

  await browser.close();
  server.close();

  if (violations.length > 0) {
    // First each rule with the number of pages it fails on (a template error fails on all of
    // them), then the details of the first pages.
    const rules = new Map();
    const byPage = new Map();
    for (const v of violations) {
      const rule = `${v.id} (${v.impact}): ${v.help}`;
      rules.set(rule, (rules.get(rule) || 0) + 1);
      const key = `${v.page} (${v.viewport})`;
      if (!byPage.has(key)) byPage.set(key, []);
      byPage.get(key).push(v);
    }
    console.log(`axe found ${violations.length} violation(s) on ${byPage.size} page(s):`);
    for (const [rule, count] of rules) console.log(`  ${rule}: on ${count} page(s)`);
    const shown = [...byPage].slice(0, 10);
    for (const [key, list] of shown) {
      console.log(key);
      for (const v of list) {
        console.log(`  ${v.id} (${v.impact})`);
        for (const n of v.nodes.slice(0, 5)) {
          console.log(`    ${n.target}  ${shorten(n.html, 120)}`);
        }
        if (v.nodes.length > 5) console.log(`    and ${v.nodes.length - 5} more element(s)`);
      }
    }
    if (byPage.size > shown.length) console.log(`and ${byPage.size - shown.length} more page(s)`);
  }
  if (problems.length > 0) {
    console.log(`${problems.length} other problem(s):`);
    for (const p of problems.slice(0, 30)) console.log(`  ${p}`);
    if (problems.length > 30) console.log(`  and ${problems.length - 30} more`);
  }
  console.log(
    `axe: ${checked} pages at ${DESKTOP.width}x${DESKTOP.height} in ${desktopSeconds.toFixed(1)} s` +
      (args.screens ? `, ${phoneChecked} at ${PHONE.width}x${PHONE.height}, screenshots in ${args.screens}` : '') +
      `; ${violations.length} violation(s), ${problems.length} other problem(s)`,
  );
  console.log(`pages-checked: ${checked}`);
  process.exit(violations.length > 0 || problems.length > 0 ? 1 : 0);
}

// A hung browser must not hang the test run. On a 2-core CI machine the two runs (the site at
// its root and under a sub-path) share the cores, and each has taken 13 to 16 minutes: the
// limit leaves room for that, well inside CI's time.
setTimeout(() => {
  console.error('check.js: gave up after 30 minutes');
  process.exit(2);
}, 30 * 60 * 1000).unref();

main().catch((error) => {
  console.error(`check.js: ${error && error.stack ? error.stack : error}`);
  process.exit(2);
});
