// Records where Chromium's trusted input reaches the elements of the pages
// in userevent/testdata/reach/pages, and writes it to
// userevent/testdata/reach/recorded: the golden files of userevent's
// reach replay (reach_chromium_test.go), which holds userevent's refusals
// to what a real pointer and keyboard reach. See README.md.
//
//	node tools/chromium-recorder/record-reach.mjs            record all pages, write what changed
//	node tools/chromium-recorder/record-reach.mjs --check    record all, compare only
//	node tools/chromium-recorder/record-reach.mjs inline     only pages whose name starts so
//
// For every element with a data-probe attribute, on a fresh load of its
// page each time:
//
//   - box: whether it has a box to point at (getClientRects is not empty);
//   - hit: the element document.elementFromPoint finds at the middle of
//     its border box, and events: the pointerdown, mousedown, mouseup and
//     click that a left click there through Input.dispatchMouseEvent
//     fires, each with its target, as a capture listener on the window
//     sees them (no click is sent for an element without a box);
//   - focused: whether el.focus() makes it the active element, and for a
//     text field that it is, typed: its value after the key "x" is pressed
//     through Input.dispatchKeyEvent.
//
// Environment: CHROMIUM (default /usr/bin/chromium).
import { readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { origin, pageDocument, recordPages } from './pages.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const reachDir = join(root, 'userevent', 'testdata', 'reach');
const sheetDir = join(root, 'vdom', 'testdata', 'style', 'sheets');

const viewport = { width: 1280, height: 720, deviceScaleFactor: 1 };

// serve answers the page's requests: the page, the sheets of vdom's style
// test data under /sheets/, an empty 204 for any other document (a
// followed link leaves the page where it is), a 404 for the rest.
async function serve(page, url, html) {
  const cdp = await page.createCDPSession();
  cdp.on('Fetch.requestPaused', async (ev) => {
    try {
      const u = new URL(ev.request.url);
      if (ev.request.url === url && ev.resourceType === 'Document') {
        await cdp.send('Fetch.fulfillRequest', {
          requestId: ev.requestId, responseCode: 200,
          responseHeaders: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }],
          body: Buffer.from(html, 'utf8').toString('base64'),
        });
        return;
      }
      const file = u.pathname.slice('/sheets/'.length);
      if (u.origin + '/' === origin && u.pathname.startsWith('/sheets/') && /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(file) && existsSync(join(sheetDir, file))) {
        await cdp.send('Fetch.fulfillRequest', {
          requestId: ev.requestId, responseCode: 200,
          responseHeaders: [{ name: 'Content-Type', value: 'text/css; charset=utf-8' }],
          body: readFileSync(join(sheetDir, file)).toString('base64'),
        });
        return;
      }
      const code = ev.resourceType === 'Document' ? 204 : 404;
      await cdp.send('Fetch.fulfillRequest', { requestId: ev.requestId, responseCode: code, responseHeaders: [] });
    } catch (err) {
      if (!/Target closed|Session closed/.test(err.message)) console.error(url + ': fetch: ' + err.message);
    }
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
  return cdp;
}

// probeIn runs in the page: it installs the listeners that log the
// pointer's events and says where the middle of the element is and what
// is hit there.
function probeIn(sel) {
  const name = (n) => {
    if (!n || n.nodeType !== 1) return n === document ? 'document' : String(n);
    if (n.id) return '#' + n.id;
    return n.localName;
  };
  window.__log = [];
  for (const t of ['pointerdown', 'mousedown', 'mouseup', 'click']) {
    window.addEventListener(t, (e) => window.__log.push(t + ' ' + name(e.target)), { capture: true });
  }
  const el = document.querySelector(sel);
  el.scrollIntoView({ block: 'center', inline: 'center' });
  if (el.getClientRects().length === 0) return { box: false };
  const r = el.getBoundingClientRect();
  const p = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  return { box: true, x: p.x, y: p.y, hit: name(document.elementFromPoint(p.x, p.y)) };
}

function focusIn(sel) {
  const el = document.querySelector(sel);
  el.focus();
  const focused = document.activeElement === el;
  const field = focused && (el.localName === 'textarea' || (el.localName === 'input' && ['text', 'search', 'url', 'tel', 'email', 'password'].includes(el.type)));
  return { focused, field };
}

async function load(browser, name, html) {
  const page = await browser.newPage();
  const url = origin + name;
  const cdp = await serve(page, url, html);
  await page.setViewport(viewport);
  await page.goto(url, { waitUntil: 'load' });
  return { page, cdp };
}

async function recordPage(browser, version, name, src) {
  const html = pageDocument(src, 'reach');
  const first = await load(browser, name, html);
  const probes = await first.page.evaluate(() => [...document.querySelectorAll('[data-probe]')].map((e) => '#' + e.id));
  await first.page.close();
  const elements = [];
  for (const sel of probes) {
    const rec = { on: sel };
    // The pointer, on a fresh page.
    let { page, cdp } = await load(browser, name, html);
    const at = await page.evaluate(probeIn, sel);
    rec.box = at.box;
    if (at.box) {
      rec.hit = at.hit;
      const p = { x: at.x, y: at.y };
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: p.x, y: p.y });
      await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: p.x, y: p.y, button: 'left', buttons: 1, clickCount: 1, force: 0.5 });
      await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: p.x, y: p.y, button: 'left', buttons: 0, clickCount: 1 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
      rec.events = await page.evaluate(() => window.__log);
    }
    await page.close();
    // The keyboard, on a fresh page.
    ({ page, cdp } = await load(browser, name, html));
    const f = await page.evaluate(focusIn, sel);
    rec.focused = f.focused;
    if (f.field) {
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'x', code: 'KeyX', windowsVirtualKeyCode: 88, text: 'x', unmodifiedText: 'x' });
      await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'x', code: 'KeyX', windowsVirtualKeyCode: 88 });
      rec.typed = await page.evaluate((s) => document.querySelector(s).value, sel);
    }
    await page.close();
    elements.push(rec);
  }
  return { page: name, chromium: version, elements };
}

await recordPages({
  pageDir: join(reachDir, 'pages'),
  recordedDir: join(reachDir, 'recorded'),
  profilePrefix: 'eventperk-reach-',
  argv: process.argv.slice(2),
  record: recordPage,
  noun: 'pages',
});
