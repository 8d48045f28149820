// Records what htmx 2 and htmx 4 do in headless Chromium for every scenario
// in htmx/testdata/scenarios and writes htmx/testdata/recorded/<name>.v2.json
// and <name>.v4.json, the golden files the htmx package's replay test
// compares against. See README.md.
//
//	node tools/htmx-recorder/record.mjs            re-record all, write what changed
//	node tools/htmx-recorder/record.mjs --check    re-record all, compare only, exit 1 on drift
//	node tools/htmx-recorder/record.mjs swap-      only scenarios whose name starts so
//	node tools/htmx-recorder/record.mjs --v4 swap- only the htmx 4 recordings
//
// Environment: CHROMIUM (default /usr/bin/chromium).
import { readFileSync, writeFileSync, readdirSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../chromium-recorder/pages.mjs';
import { pageScript } from './page.mjs';
import { versions, pageDocument, pick, distFile } from './scenario.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const scenarioDir = join(root, 'htmx', 'testdata', 'scenarios');
const recordedDir = join(root, 'htmx', 'testdata', 'recorded');
const origin = 'http://htmx.test';

// Request headers the browser adds on its own: left out of recordings,
// which keep htmx's headers (HX-*), Content-Type, Accept and the headers a
// page asks for (hx-headers).
const browserHeaders = new Set([
  'user-agent', 'accept-language', 'accept-encoding', 'referer', 'origin', 'connection', 'host', 'cookie',
  'upgrade-insecure-requests', 'cache-control', 'pragma', 'content-length', 'priority',
]);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// recordRequest is what a recording says of a request: method, URL,
// headers (lower-case names, sorted) and body as text; a multipart body
// as its parts, since its boundary is random.
function recordRequest(req, resourceType) {
  const out = { method: req.method, url: req.url };
  if (resourceType === 'Document') out.navigation = true;
  const headers = {};
  for (const [k, v] of Object.entries(req.headers)) {
    const name = k.toLowerCase();
    if (browserHeaders.has(name) || name.startsWith('sec-')) continue;
    if (name === 'accept' && resourceType === 'Document') continue;
    headers[name] = v;
  }
  let body = null;
  if (req.postDataEntries && req.postDataEntries.length) {
    body = Buffer.concat(req.postDataEntries.map((e) => Buffer.from(e.bytes || '', 'base64')));
  } else if (req.postData != null) body = Buffer.from(req.postData, 'utf8');
  const ct = headers['content-type'] || '';
  const m = /^multipart\/form-data;\s*boundary=(.+)$/i.exec(ct);
  if (m) headers['content-type'] = 'multipart/form-data; boundary=BOUNDARY';
  out.headers = Object.fromEntries(Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  if (body != null) out.body = m ? { multipart: parseMultipart(body, m[1]) } : body.toString('utf8');
  return out;
}

// parseMultipart lists the parts of a multipart/form-data body: name,
// filename and content type when given, value as text.
function parseMultipart(buf, boundary) {
  const text = buf.toString('latin1');
  const parts = [];
  for (const chunk of text.split('--' + boundary).slice(1)) {
    if (chunk.startsWith('--')) break;
    const sep = chunk.indexOf('\r\n\r\n');
    const head = chunk.slice(2, sep);
    let value = chunk.slice(sep + 4);
    if (value.endsWith('\r\n')) value = value.slice(0, -2);
    const part = {};
    for (const line of head.split('\r\n')) {
      const [k, ...rest] = line.split(':');
      const v = rest.join(':').trim();
      if (k.toLowerCase() === 'content-disposition') {
        const name = /\bname="([^"]*)"/.exec(v);
        const file = /\bfilename="([^"]*)"/.exec(v);
        if (name) part.name = Buffer.from(name[1], 'latin1').toString('utf8');
        if (file) part.filename = Buffer.from(file[1], 'latin1').toString('utf8');
      } else if (k.toLowerCase() === 'content-type') part.contentType = v;
    }
    part.value = Buffer.from(value, 'latin1').toString('utf8');
    parts.push(part);
  }
  return parts;
}

// Recording is one run of a scenario for one htmx version.
class Recording {
  constructor(browserContext, page, cdp, scenario, version) {
    this.ctx = browserContext;
    this.page = page;
    this.cdp = cdp;
    this.sc = scenario;
    this.version = version;
    this.responses = pick(scenario.responses, version) || {};
    this.served = new Map(); // response key -> how many times answered
    this.queue = []; // paused htmx requests, in arrival order
    this.byNetworkId = new Map();
    this.navigating = false;
    this.loads = 0;
    this.dialogAnswers = [];
    this.state = null;
    this.tempDirs = [];
  }

  newState(step) {
    this.state = { step, requests: [], events: [], dialogs: [], console: [] };
    this.dialogAnswers = (step.dialogs || (step.dialog ? [step.dialog] : [])).slice();
  }

  // lookup finds the canned response for a request: by method, path and
  // query, then by method and path; a list answers successive requests in
  // turn, its last entry answering all later ones.
  lookup(method, url) {
    for (const key of [method + ' ' + url.pathname + url.search, method + ' ' + url.pathname]) {
      if (!(key in this.responses)) continue;
      let spec = this.responses[key];
      const n = this.served.get(key) || 0;
      this.served.set(key, n + 1);
      if (Array.isArray(spec)) spec = spec[Math.min(n, spec.length - 1)];
      return { key, spec };
    }
    return null;
  }

  async onPaused(ev) {
    const { requestId, request, resourceType } = ev;
    const url = new URL(request.url);
    const fulfill = (status, headers, body) => this.cdp.send('Fetch.fulfillRequest', {
      requestId,
      responseCode: status,
      responseHeaders: Object.entries(headers).map(([name, value]) => ({ name, value: String(value) })),
      body: Buffer.from(body).toString('base64'),
    }).catch(() => {});
    if (url.origin !== origin) {
      this.state.requests.push({ ...recordRequest(request, resourceType), failed: 'not the page origin' });
      await this.cdp.send('Fetch.failRequest', { requestId, errorReason: 'AddressUnreachable' }).catch(() => {});
      return;
    }
    const dist = distFile(url.pathname);
    if (dist) return fulfill(200, { 'Content-Type': 'text/javascript' }, readFileSync(join(here, dist)));
    if (url.pathname === '/favicon.ico') return fulfill(404, { 'Content-Type': 'text/plain' }, '');
    const rec = recordRequest(request, resourceType);
    this.state.requests.push(rec);
    const pageURL = new URL(this.sc.url || '/', origin);
    const isPage = url.pathname === pageURL.pathname && url.search === pageURL.search;
    // A navigation to the scenario's page always loads its html (the first
    // load, a reload); a response for the page's URL answers htmx.
    const found = isPage && resourceType === 'Document' ? null : this.lookup(request.method, url);
    let status = 404;
    let headers = { 'Content-Type': 'text/plain' };
    let body = '';
    if (found) {
      status = found.spec.status ?? 200;
      headers = { 'Content-Type': 'text/html; charset=utf-8', ...(found.spec.headers || {}) };
      body = found.spec.body ?? '';
    } else if (isPage && request.method === 'GET') {
      // The scenario's page, to a navigation and to htmx alike (a
      // history restore asks for it).
      status = 200;
      headers = { 'Content-Type': 'text/html; charset=utf-8' };
      body = pageDocument(pick(this.sc.html, this.version), this.sc, this.version);
    }
    headers['Cache-Control'] = 'no-store';
    rec.status = status;
    if (!found && !(isPage && request.method === 'GET')) rec.unmatched = true;
    if (resourceType === 'Document') {
      // A canned response loaded as a document is a page like the
      // scenario's: htmx goes in.
      if (found && /html/.test(headers['Content-Type'])) body = pageDocument(body, this.sc, this.version);
      if (ev.frameId === this.page.mainFrame()._id) this.navigating = true;
      return fulfill(status, headers, body);
    }
    if (found && found.spec.fail) {
      // A network error: no response at all.
      rec.status = 0;
      rec.failed = 'network error';
      await this.cdp.send('Fetch.failRequest', { requestId, errorReason: 'ConnectionRefused' }).catch(() => {});
      return;
    }
    const item = { rec, networkId: ev.networkId, held: !!(found && found.spec.hold), key: found && found.key, send: () => fulfill(status, headers, body) };
    this.queue.push(item);
    this.byNetworkId.set(ev.networkId, item);
  }

  onLoadingFailed(ev) {
    const item = this.byNetworkId.get(ev.requestId);
    if (!item) return;
    if (ev.canceled) item.rec.aborted = true;
    const i = this.queue.indexOf(item);
    if (i >= 0) this.queue.splice(i, 1);
  }

  async release(item) {
    const i = this.queue.indexOf(item);
    if (i >= 0) this.queue.splice(i, 1);
    if (item.held) item.rec.held = true;
    await item.send();
  }

  async pageState() {
    return this.page.evaluate(() => (window.__rec ? window.__rec.state() : null));
  }

  // waitForDocument waits, after the page said it is leaving, for the next
  // document to load, or for 3 s when no document comes (a navigation
  // answered with 204 leaves the page where it is).
  async waitForDocument(loadsBefore) {
    for (let i = 0; i < 300; i++) {
      if (this.loads > loadsBefore && !this.navigating) {
        try {
          const st = await this.pageState();
          if (st) return;
        } catch (e) { /* context not ready yet */ }
      }
      await sleep(10);
    }
    this.navigating = false;
    await this.page.evaluate(() => window.__rec && window.__rec.clearLeaving()).catch(() => {});
  }

  // settle lets the page run until it is idle at the current virtual time:
  // timers due by now have run, every htmx request has been answered (one
  // at a time, in the order sent, each answer taken in before the next) or
  // is held by its scenario, no document is loading, and two animation
  // frames have passed with nothing new.
  async settle() {
    let quiet = 0;
    for (let i = 0; i < 5000; i++) {
      let st;
      try {
        st = await this.pageState();
      } catch (e) {
        st = null;
      }
      if (!st) {
        await this.waitForDocument(this.loads - 1);
        quiet = 0;
        continue;
      }
      if (st.leaving || this.navigating) {
        await this.waitForDocument(this.loads);
        quiet = 0;
        continue;
      }
      if (st.due) {
        await this.page.evaluate(() => window.__rec.runDue()).catch(() => {});
        quiet = 0;
        continue;
      }
      if (st.pending > this.queue.length) {
        await sleep(5);
        quiet = 0;
        continue;
      }
      const next = this.queue.find((q) => !q.held);
      if (next) {
        await this.release(next);
        quiet = 0;
        continue;
      }
      if (++quiet >= 2) return;
      await this.page.evaluate(() => window.__rec.idle()).catch(() => {});
    }
    throw new Error('the page did not settle');
  }

  // advance moves the virtual clock forward by ms, stopping at each timer
  // on the way so that what it starts (a request, a swap) is settled
  // before the clock moves on, as it would be on a fast network.
  async advance(ms) {
    await this.settle();
    const { now } = await this.pageState();
    const end = now + ms;
    for (let i = 0; i < 100000; i++) {
      const st = await this.pageState();
      if (st.next == null || st.next > end) break;
      await this.page.evaluate((t) => window.__rec.moveTo(t), st.next);
      await this.settle();
    }
    await this.page.evaluate((t) => window.__rec.moveTo(t), end);
    await this.settle();
  }

  async element(selector) {
    const el = await this.page.$(selector);
    if (!el) throw new Error('no element ' + selector);
    return el;
  }

  async traverse(delta) {
    const { currentIndex, entries } = await this.cdp.send('Page.getNavigationHistory');
    const entry = entries[currentIndex + delta];
    if (!entry) throw new Error('no history entry ' + delta + ' from ' + currentIndex);
    await this.cdp.send('Page.navigateToHistoryEntry', { entryId: entry.id });
  }

  async runStep(step) {
    const p = this.page;
    switch (step.action) {
      case 'click': {
        const el = await this.element(step.on);
        await el.click(step.modifiers ? {} : undefined);
        break;
      }
      case 'type': {
        const el = await this.element(step.on);
        await el.focus();
        if (step.clear) {
          await el.evaluate((e) => e.select());
          await p.keyboard.press('Backspace');
        }
        await p.keyboard.type(step.text);
        break;
      }
      case 'key':
        await p.keyboard.press(step.key);
        break;
      case 'files': {
        // Files for a file input: written under a fresh directory so the
        // browser sends their names as given.
        const dir = mkdtempSync(join(tmpdir(), 'htmx-recorder-files-'));
        this.tempDirs.push(dir);
        const paths = step.files.map((f) => {
          const path = join(dir, f.name);
          writeFileSync(path, f.content);
          return path;
        });
        await (await this.element(step.on)).uploadFile(...paths);
        break;
      }
      case 'focus':
        await (await this.element(step.on)).focus();
        break;
      case 'blur':
        await (await this.element(step.on)).evaluate((e) => e.blur());
        break;
      case 'select':
        await (await this.element(step.on)).select(...[].concat(step.value));
        break;
      case 'submit':
        await (await this.element(step.on)).evaluate((e) => (e.localName === 'form' ? e.requestSubmit() : e.form.requestSubmit(e)));
        break;
      case 'dispatch':
        await p.evaluate((s) => window.__rec.dispatch(s.on, s.event, s.detail ?? null, s.bubbles ?? true), step);
        break;
      case 'advance':
        await this.advance(step.ms);
        return;
      case 'respond': {
        // Answers the oldest held request (for the response key "to"), or
        // with "all", every held request one after the other, including
        // those sent while answering (a queued trigger).
        for (let n = 0; ; n++) {
          await this.settle();
          const held = this.queue.filter((q) => q.held && (!step.to || q.key === step.to));
          if (!held.length) {
            if (n === 0 && !step.all) throw new Error('respond: no held request' + (step.to ? ' for ' + step.to : ''));
            break;
          }
          await this.release(held[0]);
          if (!step.all) break;
        }
        break;
      }
      case 'back':
        await this.traverse(-1);
        break;
      case 'forward':
        await this.traverse(1);
        break;
      case 'reload':
        await this.cdp.send('Page.reload', {});
        break;
      default:
        throw new Error('unknown action ' + step.action);
    }
    await this.settle();
  }

  async snapshot() {
    const snap = await this.page.evaluate(() => window.__rec.snapshot());
    const s = this.state;
    const out = { step: s.step, t: snap.t, url: snap.url, title: snap.title };
    if (snap.focus) out.focus = snap.focus;
    if (snap.values) out.values = snap.values;
    out.requests = s.requests;
    out.events = s.events;
    if (s.dialogs.length) out.dialogs = s.dialogs;
    if (s.console.length) out.console = s.console;
    out.body = snap.body;
    return out;
  }
}

// recordScenario runs one scenario for one htmx version in a fresh browser
// context and returns its states: one after the page has loaded, then one
// after every step.
async function recordScenario(browser, sc, version) {
  const tempDirsOf = [];
  const bctx = await browser.createBrowserContext();
  try {
    const page = await bctx.newPage();
    const cdp = await page.createCDPSession();
    const r = new Recording(bctx, page, cdp, sc, version);
    r.tempDirs = tempDirsOf;
    cdp.on('Fetch.requestPaused', (ev) => { r.onPaused(ev).catch((e) => console.error(e)); });
    cdp.on('Network.loadingFailed', (ev) => r.onLoadingFailed(ev));
    cdp.on('Page.loadEventFired', () => { r.loads++; r.navigating = false; });
    cdp.on('Page.frameStoppedLoading', (ev) => { if (ev.frameId === page.mainFrame()._id) r.navigating = false; });
    cdp.on('Runtime.bindingCalled', (ev) => {
      if (ev.name !== '__recEmit' || !r.state) return;
      const msg = JSON.parse(ev.payload);
      const evs = r.state.events;
      if (msg.kind === 'event') evs.push(msg.rec);
      else if (msg.kind === 'alias') {
        for (let i = evs.length - 1; i >= 0; i--) if (!evs[i].alias) { evs[i].alias = msg.type; break; }
      } else if (msg.kind === 'prevented') {
        for (let i = evs.length - 1; i >= 0; i--) if (evs[i].type === msg.type) { evs[i].prevented = true; break; }
      }
    });
    cdp.on('Runtime.consoleAPICalled', (ev) => {
      if (!r.state || (ev.type !== 'error' && ev.type !== 'warning')) return;
      const text = ev.args.filter((a) => a.type === 'string').map((a) => a.value).join(' ');
      r.state.console.push(ev.type + ': ' + text);
    });
    cdp.on('Runtime.exceptionThrown', (ev) => {
      if (!r.state) return;
      const d = ev.exceptionDetails;
      r.state.console.push('exception: ' + ((d.exception && d.exception.description) || d.text).split('\n')[0]);
    });
    page.on('dialog', async (d) => {
      const answer = r.dialogAnswers.shift();
      const rec = { type: d.type(), message: d.message() };
      if (d.type() === 'prompt') rec.defaultValue = d.defaultValue();
      if (!answer) rec.unexpected = true;
      if (answer && answer.accept) {
        rec.accepted = true;
        if (d.type() === 'prompt') rec.text = answer.text ?? '';
        await d.accept(answer.text);
      } else {
        rec.accepted = false;
        await d.dismiss();
      }
      if (r.state) r.state.dialogs.push(rec);
    });
    await cdp.send('Runtime.enable');
    await cdp.send('Runtime.addBinding', { name: '__recEmit' });
    await cdp.send('Page.enable');
    await cdp.send('Network.enable');
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: pageScript() });

    const states = [];
    r.newState({ action: 'load' });
    const loadsBefore = r.loads;
    await cdp.send('Page.navigate', { url: origin + (sc.url || '/') });
    await r.waitForDocument(loadsBefore);
    await r.settle();
    states.push(await r.snapshot());
    for (const step of pick(sc.steps, version) || []) {
      r.newState(step);
      await r.runStep(step);
      states.push(await r.snapshot());
    }
    return states;
  } finally {
    await bctx.close();
    for (const d of tempDirsOf.splice(0)) rmSync(d, { recursive: true, force: true });
  }
}

// format writes a recording with one state field a line and one request
// or event a line, so that it diffs by line.
function format(out) {
  const lines = ['{', ' "scenario": ' + JSON.stringify(out.scenario) + ',', ' "htmx": ' + JSON.stringify(out.htmx) + ',',
    ' "chromium": ' + JSON.stringify(out.chromium) + ',', ' "states": ['];
  out.states.forEach((s, i) => {
    const fields = Object.entries(s).map(([k, v]) => {
      if (Array.isArray(v) && v.length && k !== 'step') {
        return '   ' + JSON.stringify(k) + ': [\n' + v.map((x) => '    ' + JSON.stringify(x)).join(',\n') + '\n   ]';
      }
      return '   ' + JSON.stringify(k) + ': ' + JSON.stringify(v);
    });
    lines.push('  {\n' + fields.join(',\n') + '\n  }' + (i < out.states.length - 1 ? ',' : ''));
  });
  lines.push(' ]', '}');
  return lines.join('\n') + '\n';
}

async function main() {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const only = ['2', '4'].filter((v) => args.includes('--v' + v));
  const prefixes = args.filter((a) => !a.startsWith('--'));
  const names = readdirSync(scenarioDir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort()
    .filter((n) => prefixes.length === 0 || prefixes.some((p) => n.startsWith(p)));
  mkdirSync(recordedDir, { recursive: true });
  const chromium = await launchChromium('htmx-recorder-');
  let drift = 0;
  let failed = 0;
  let count = 0;
  const expected = new Set();
  try {
    for (const name of names) {
      let sc;
      try {
        sc = JSON.parse(readFileSync(join(scenarioDir, name + '.json'), 'utf8'));
      } catch (err) {
        failed++;
        console.error(name + ': ' + err.message);
        continue;
      }
      for (const v of sc.versions || ['2', '4']) {
        expected.add(name + '.v' + v + '.json');
        if (only.length && !only.includes(v)) continue;
        let states;
        try {
          states = await recordScenario(chromium.browser, sc, v);
        } catch (err) {
          failed++;
          console.error(name + ' (htmx ' + v + '): ' + err.message);
          continue;
        }
        count++;
        const out = { scenario: name, htmx: versions[v].version, chromium: chromium.version, states };
        const text = format(out);
        const file = join(recordedDir, name + '.v' + v + '.json');
        const old = existsSync(file) ? readFileSync(file, 'utf8') : null;
        if (old === text) continue;
        if (check) {
          const same = old && JSON.stringify({ ...JSON.parse(old), chromium: '' }) === JSON.stringify({ ...out, chromium: '' });
          if (same) continue;
          drift++;
          console.log('drift: ' + name + '.v' + v + (old ? '' : ' (no recording)'));
        } else {
          writeFileSync(file, text);
          console.log((old ? 'updated: ' : 'new: ') + name + '.v' + v);
        }
      }
    }
  } finally {
    await chromium.close();
  }
  if (prefixes.length === 0 && only.length === 0) {
    for (const f of readdirSync(recordedDir).filter((f) => f.endsWith('.json'))) {
      if (!expected.has(f)) console.log('orphan recording: ' + f);
    }
  }
  console.log(`${names.length} scenarios, ${count} recordings, Chromium ${chromium.version}` +
    (check ? `, ${drift} drifted` : '') + (failed ? `, ${failed} failed` : ''));
  if (failed || drift) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
