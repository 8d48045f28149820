// Records what Chromium does to a tab's session history for the cases of
// browse/testdata/chromium/history-cases.json and writes
// browse/testdata/chromium/history.json, which browse's history test
// (browse/history_chromium_test.go) replays through a Session. See
// README.md.
//
//	node tools/chromium-recorder/record-history.mjs           record, write when changed
//	node tools/chromium-recorder/record-history.mjs --check   record, compare only
//
// Environment: CHROMIUM (default /usr/bin/chromium).
//
// The case file's pages are served for their paths under its origin
// through the DevTools Fetch domain (Cache-Control: no-store, and the
// back-forward cache is off, so that Back loads a page that is not the
// current document again, as a session does); any other request gets a
// 404. Each case runs in a new tab. Steps: open (Page.navigate, as a URL
// typed in the address bar), click (a trusted click at the middle of the
// element, scrolled into view), back and forward (Page.navigateToHistoryEntry,
// as the browser's buttons), reload (Page.reload). After each step the
// recorder waits for the page to load and its event loop to settle, then
// writes the document requests the step made, the events of the current
// document (capture listeners on its window, installed before its own
// code runs), which document it is (numbered in the order they appear),
// its URL, the :target element, the active element, history.length and
// the tab's entries with the current index. The tab's first entry, the
// about:blank it opens with, is left out of the entries, the index and
// the length.
import { readFileSync, writeFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = join(here, '..', '..', 'browse', 'testdata', 'chromium');
const casesFile = join(dataDir, 'history-cases.json');
const recordedFile = join(dataDir, 'history.json');
const check = process.argv.includes('--check');

const eventTypes = ['popstate', 'hashchange', 'focus', 'blur', 'focusin', 'focusout'];

// install runs in every document before its own code: it numbers the
// document and records the events.
function install(types) {
  window.__doc = Math.random().toString(36).slice(2);
  window.__events = [];
  const name = (t) => {
    if (t === window) return 'window';
    if (t === document) return 'document';
    if (!t || !t.localName) return null;
    return t.id ? '#' + t.id : t.localName;
  };
  window.__name = name;
  for (const type of types) {
    window.addEventListener(type, (e) => {
      const o = { type, target: name(e.target) };
      if (e instanceof HashChangeEvent) Object.assign(o, { oldURL: e.oldURL, newURL: e.newURL });
      window.__events.push(o);
    }, true);
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// settle waits until the current document has loaded and its timers and
// an animation frame have run (a queued hashchange fires then).
async function settle(page) {
  for (let i = 0; i < 50; i++) {
    await sleep(100);
    try {
      const ready = await page.evaluate(() => document.readyState === 'complete' && typeof window.__doc === 'string');
      if (!ready) continue;
      await page.evaluate(() => new Promise((r) => setTimeout(() => requestAnimationFrame(() => setTimeout(r, 30)), 30)));
      await sleep(100);
      await page.evaluate(() => new Promise((r) => setTimeout(() => requestAnimationFrame(() => setTimeout(r, 30)), 30)));
      return;
    } catch {
      // The document went away while asked: a navigation is under way.
    }
  }
  throw new Error('the page did not settle');
}

async function recordCase(browser, spec, c) {
  const page = await browser.newPage();
  await page.setViewport({ width: 800, height: 600 });
  const cdp = await page.createCDPSession();
  const requests = [];
  cdp.on('Fetch.requestPaused', async (ev) => {
    try {
      const u = new URL(ev.request.url);
      const html = u.origin === spec.origin ? spec.pages[u.pathname] : undefined;
      if (ev.resourceType === 'Document') requests.push(ev.request.method + ' ' + ev.request.url);
      if (html !== undefined && ev.resourceType === 'Document') {
        await cdp.send('Fetch.fulfillRequest', {
          requestId: ev.requestId, responseCode: 200,
          responseHeaders: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }, { name: 'Cache-Control', value: 'no-store' }],
          body: Buffer.from(html, 'utf8').toString('base64'),
        });
      } else {
        await cdp.send('Fetch.fulfillRequest', { requestId: ev.requestId, responseCode: 404, responseHeaders: [] });
      }
    } catch (err) {
      console.error(c.name + ': fetch: ' + err.message);
    }
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
  await page.evaluateOnNewDocument(install, eventTypes);
  const before = (await cdp.send('Page.getNavigationHistory')).entries.length;
  const docs = [];
  const out = { name: c.name, steps: [] };
  for (const step of c.steps) {
    switch (step.action) {
      case 'open':
        await cdp.send('Page.navigate', { url: spec.origin + step.url });
        break;
      case 'click':
        await page.click(step.on);
        break;
      case 'back':
      case 'forward': {
        const h = await cdp.send('Page.getNavigationHistory');
        const e = h.entries[h.currentIndex + (step.action === 'back' ? -1 : 1)];
        if (!e || h.currentIndex + (step.action === 'back' ? -1 : 1) < before) throw new Error(c.name + ': no entry to go ' + step.action + ' to');
        await cdp.send('Page.navigateToHistoryEntry', { entryId: e.id });
        break;
      }
      case 'reload':
        await cdp.send('Page.reload', {});
        break;
      default:
        throw new Error(c.name + ': unknown action ' + step.action);
    }
    await settle(page);
    const st = await page.evaluate(() => {
      const events = window.__events;
      window.__events = [];
      return {
        doc: window.__doc, events, url: document.URL, target: window.__name(document.querySelector(':target')),
        active: window.__name(document.activeElement), length: history.length,
      };
    });
    if (!docs.includes(st.doc)) docs.push(st.doc);
    const h = await cdp.send('Page.getNavigationHistory');
    out.steps.push({
      requests: requests.splice(0),
      events: st.events,
      document: docs.indexOf(st.doc) + 1,
      url: st.url,
      target: st.target,
      active: st.active,
      historyLength: st.length - before,
      history: h.entries.slice(before).map((e) => e.url),
      index: h.currentIndex - before,
    });
  }
  await cdp.detach();
  await page.close();
  return out;
}

// format writes one line per request, event and entry.
function format(out) {
  const lines = ['{', ' "chromium": ' + JSON.stringify(out.chromium) + ',', ' "cases": ['];
  out.cases.forEach((c, ci) => {
    lines.push('  {', '   "name": ' + JSON.stringify(c.name) + ',', '   "steps": [');
    c.steps.forEach((s, si) => {
      const list = (k, xs) => (xs.length === 0 ? '     "' + k + '": [],' : '     "' + k + '": [\n' + xs.map((x) => '      ' + JSON.stringify(x)).join(',\n') + '\n     ],');
      lines.push('    {');
      lines.push(list('requests', s.requests));
      lines.push(list('events', s.events));
      for (const k of ['document', 'url', 'target', 'active', 'historyLength']) lines.push('     "' + k + '": ' + JSON.stringify(s[k]) + ',');
      lines.push(list('history', s.history));
      lines.push('     "index": ' + JSON.stringify(s.index));
      lines.push('    }' + (si + 1 < c.steps.length ? ',' : ''));
    });
    lines.push('   ]', '  }' + (ci + 1 < out.cases.length ? ',' : ''));
  });
  lines.push(' ]', '}');
  return lines.join('\n') + '\n';
}

async function main() {
  const spec = JSON.parse(readFileSync(casesFile, 'utf8'));
  const profile = mkdtempSync(join(tmpdir(), 'chromium-recorder-history-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    userDataDir: profile,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-features=BackForwardCache',
    ],
  });
  const version = (await browser.version()).replace(/^.*\//, '');
  const out = { chromium: version, cases: [] };
  try {
    for (const c of spec.cases) out.cases.push(await recordCase(browser, spec, c));
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  const text = format(out);
  const old = existsSync(recordedFile) ? readFileSync(recordedFile, 'utf8') : null;
  if (old !== text) {
    if (check) {
      const same = old && JSON.stringify({ ...JSON.parse(old), chromium: '' }) === JSON.stringify({ ...out, chromium: '' });
      if (!same) {
        console.log('drift: history.json');
        process.exitCode = 1;
      }
    } else {
      writeFileSync(recordedFile, text);
      console.log(old ? 'updated: history.json' : 'new: history.json');
    }
  }
  console.log(`${out.cases.length} cases, Chromium ${version}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
