// Records Chromium's computed style, and what the accessibility tree,
// innerText, checkVisibility and focus make of it, for the elements of
// every page in vdom/testdata/style/pages, and writes it to
// vdom/testdata/style/recorded, the golden files the cascade's replay tests
// compare against. See README.md.
//
//	node tools/chromium-recorder/record-style.mjs            record all pages, write what changed
//	node tools/chromium-recorder/record-style.mjs --check    record all, compare only
//	node tools/chromium-recorder/record-style.mjs cascade-   only pages whose name starts so
//
// Environment: CHROMIUM (default /usr/bin/chromium).
import { readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { origin, pageDocument, collectElements, axNode, axFields, recordPages } from './pages.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const styleDir = join(root, 'vdom', 'testdata', 'style');
const pageDir = join(styleDir, 'pages');
const sheetDir = join(styleDir, 'sheets');
const recordedDir = join(styleDir, 'recorded');

// The properties recorded for every element; a page adds its own with
// <meta name="record-props" content="--a, color">.
const baseProps = [
  'display', 'visibility', 'content-visibility', 'opacity', 'pointer-events', 'text-transform',
  'white-space', 'white-space-collapse', 'text-wrap-mode', 'position', 'float',
];

export const viewport = { width: 1280, height: 720, deviceScaleFactor: 1 };

// defaultMedium is what a page is rendered for unless it says otherwise
// with <meta name="record-media" content="print; prefers-color-scheme:
// dark">: a media type, then any media features to emulate.
const defaultMedium = { type: 'screen', features: { 'prefers-color-scheme': 'light', 'prefers-reduced-motion': 'no-preference' } };

// parseMedium reads a record-media meta's content over the default medium.
function parseMedium(content) {
  const medium = { type: defaultMedium.type, features: { ...defaultMedium.features } };
  if (content == null) return medium;
  const [type, ...features] = content.split(';').map((s) => s.trim());
  if (type) medium.type = type;
  for (const f of features) {
    if (!f) continue;
    const m = /^([a-z-]+)\s*:\s*(\S+)$/.exec(f);
    if (!m) throw new Error('record-media: cannot read feature "' + f + '"');
    medium.features[m[1]] = m[2];
  }
  return medium;
}

async function emulate(cdp, medium) {
  await cdp.send('Emulation.setEmulatedMedia', {
    media: medium.type,
    features: Object.entries(medium.features).map(([name, value]) => ({ name, value })),
  });
}

// sheetResponse answers a request for /sheets/<file>: the file of
// vdom/testdata/style/sheets with Content-Type text/css (text/plain for a
// file not named .css, to show what a browser does with a sheet of the
// wrong type), or a 404 when there is no such file.
function sheetResponse(file) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(file) || !existsSync(join(sheetDir, file))) {
    return { responseCode: 404, responseHeaders: [{ name: 'Content-Type', value: 'text/plain' }], body: '' };
  }
  const type = file.endsWith('.css') ? 'text/css' : 'text/plain';
  return {
    responseCode: 200,
    responseHeaders: [{ name: 'Content-Type', value: type + '; charset=utf-8' }],
    body: readFileSync(join(sheetDir, file)).toString('base64'),
  };
}

// styleIn runs in the page: the recorded fields of each element by id, read
// before anything is focused.
function styleIn(ids, props) {
  const out = {};
  const pseudo = (el, which) => {
    const cs = getComputedStyle(el, which);
    if (cs.content === 'none' || cs.content === 'normal') return undefined;
    return { content: cs.content, display: cs.display };
  };
  for (const id of ids) {
    const el = document.getElementById(id);
    const cs = getComputedStyle(el);
    const rec = { style: {} };
    for (const p of props) rec.style[p] = cs.getPropertyValue(p);
    const before = pseudo(el, '::before');
    if (before) rec.before = before;
    const after = pseudo(el, '::after');
    if (after) rec.after = after;
    if (el instanceof HTMLElement) rec.innerText = el.innerText;
    rec.checkVisibility = {
      plain: el.checkVisibility(),
      checkOpacity: el.checkVisibility({ checkOpacity: true }),
      checkVisibilityCSS: el.checkVisibility({ checkVisibilityCSS: true }),
      contentVisibilityAuto: el.checkVisibility({ contentVisibilityAuto: true }),
    };
    out[id] = rec;
  }
  return out;
}

// keyOfActive runs in the page: the key of the focused element as the
// recording names elements (#id, html/head/body, or a path from the
// nearest of those), or null when nothing but the body is focused.
function keyOfActive() {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement) return null;
  const steps = [];
  let e = el;
  // Up to the nearest element with an id, or html, head or body.
  while (!e.id && e.parentElement && !['html', 'head', 'body'].includes(e.localName)) {
    let k = 0;
    for (let s = e.parentElement.firstElementChild; s; s = s.nextElementSibling) {
      if (s.localName === e.localName) k++;
      if (s === e) break;
    }
    steps.unshift(e.localName + ':nth-of-type(' + k + ')');
    e = e.parentElement;
  }
  return [e.id ? '#' + e.id : e.localName, ...steps].join(' > ');
}

// focusableIn runs in the page: for each id, whether el.focus() makes the
// element the focused one (it is blurred again at once). The body is
// document.activeElement whenever nothing is focused, so it is recorded as
// not focusable. (:focus is not asked: it also needs the window to have the
// system's focus, which a busy headless run may not have.)
function focusableIn(ids) {
  const out = {};
  for (const id of ids) {
    const el = document.getElementById(id);
    if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur();
    el.focus({ preventScroll: true });
    out[id] = document.activeElement === el && el !== document.body;
    if (out[id]) el.blur();
  }
  return out;
}

const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

const tabKey = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9, nativeVirtualKeyCode: 9 };

// tabOrder presses Tab from the start of the page until focus leaves the
// page or comes back to an element it reached before, and lists the keys of
// the elements reached.
async function tabOrder(page, cdp, limit) {
  const order = [];
  for (let i = 0; i < limit; i++) {
    await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...tabKey });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...tabKey });
    const key = await page.evaluate(keyOfActive);
    if (key === null || order.includes(key)) return order;
    order.push(key);
  }
  throw new Error('Tab did not leave the page after ' + limit + ' presses');
}

async function recordPage(browser, version, name, src) {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  const url = origin + name;
  cdp.on('Fetch.requestPaused', async (ev) => {
    try {
      const u = new URL(ev.request.url);
      if (ev.request.url === url && ev.resourceType === 'Document') {
        await cdp.send('Fetch.fulfillRequest', {
          requestId: ev.requestId, responseCode: 200,
          responseHeaders: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }],
          body: Buffer.from(pageDocument(src, 'style'), 'utf8').toString('base64'),
        });
        return;
      }
      if (u.origin + '/' === origin && u.pathname.startsWith('/sheets/')) {
        await cdp.send('Fetch.fulfillRequest', { requestId: ev.requestId, ...sheetResponse(u.pathname.slice('/sheets/'.length)) });
        return;
      }
      // Images and other subresources: nothing, so no network is needed.
      await cdp.send('Fetch.fulfillRequest', { requestId: ev.requestId, responseCode: 404, responseHeaders: [] });
    } catch (err) {
      if (!/Target closed|Session closed/.test(err.message)) console.error(name + ': fetch: ' + err.message);
    }
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
  await page.setViewport(viewport);
  await emulate(cdp, defaultMedium);
  await page.goto(url, { waitUntil: 'load' });
  const meta = await page.evaluate(() => {
    const content = (n) => {
      const m = document.querySelector('meta[name="' + n + '"]');
      return m ? m.getAttribute('content') : null;
    };
    return { media: content('record-media'), props: content('record-props') };
  });
  const medium = parseMedium(meta.media);
  if (JSON.stringify(medium) !== JSON.stringify(defaultMedium)) {
    // Loaded again under the page's medium, so its sheets load as they
    // would for it from the start.
    await emulate(cdp, medium);
    await page.reload({ waitUntil: 'load' });
  }
  const extra = meta.props ? meta.props.split(',').map((s) => s.trim()).filter(Boolean) : [];
  const props = [...baseProps, ...extra.filter((p) => !baseProps.includes(p))];
  // Two frames, so content-visibility: auto has decided what is near the
  // viewport.
  await page.evaluate(frames);
  await cdp.send('Accessibility.enable');
  const { root: doc } = await cdp.send('DOM.getDocument', { depth: -1 });
  const elements = collectElements(doc, ['id']);
  const ids = elements.map((e) => e.key.slice(1));
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup !== undefined) throw new Error('two elements have the id ' + JSON.stringify(dup));
  const styles = await page.evaluate(styleIn, ids, props);
  const out = { page: name, chromium: version, viewport, medium, elements: [], tabOrder: [] };
  for (const el of elements) {
    const id = el.key.slice(1);
    const { absent, role, name: axName, ignored, hidden, ignoredReasons } = axFields(await axNode(cdp, el.backendNodeId));
    const ax = absent ? { absent, hidden } : { role, name: axName, ignored, hidden };
    if (ignoredReasons) ax.ignoredReasons = ignoredReasons;
    out.elements.push({ key: el.key, tag: el.tag, ...styles[id], ax });
  }
  // Tab goes first, from a page nothing has been focused in yet: a call
  // of focus() moves the point sequential navigation starts from.
  await page.bringToFront();
  out.tabOrder = await tabOrder(page, cdp, 2 * elements.length + 50);
  await page.evaluate(() => {
    if (document.activeElement) document.activeElement.blur();
    window.scrollTo(0, 0);
  });
  const focusable = await page.evaluate(focusableIn, ids);
  for (const e of out.elements) {
    e.focusable = focusable[e.key.slice(1)];
  }
  await cdp.detach();
  await page.close();
  return out;
}

recordPages({
  pageDir, recordedDir, profilePrefix: 'chromium-recorder-style-', argv: process.argv.slice(2), record: recordPage,
}).catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
