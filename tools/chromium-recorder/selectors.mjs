// Records which elements match each selector on the pages of
// vdom/testdata/selectors/pages.json in Chromium: for every element of the
// page, el.matches(selector), after clicking the page's "clicks" in order
// with el.click(). Writes vdom/testdata/selectors/chromium.json, which
// vdom's TestSelectorsMatchChromium replays. A selector Chromium refuses is
// recorded as an error.
//
//	node tools/chromium-recorder/selectors.mjs
//
// Environment: CHROMIUM (default /usr/bin/chromium).
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, '..', '..', 'vdom', 'testdata', 'selectors');
const { pages } = JSON.parse(readFileSync(join(dir, 'pages.json'), 'utf8'));

// matchesIn runs in the page: the elements (by id, else local name and
// position) that match each selector, or "error" when matches() throws.
function matchesIn(selectors) {
  const all = Array.from(document.querySelectorAll('*'));
  const name = (el) => el.id || el.localName + '[' + all.indexOf(el) + ']';
  const out = {};
  for (const s of selectors) {
    try {
      out[s] = all.filter((el) => el.matches(s)).map(name);
    } catch (e) {
      out[s] = 'error';
    }
  }
  return out;
}

const profile = mkdtempSync(join(tmpdir(), 'chromium-selectors-'));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  userDataDir: profile,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const version = (await browser.version()).replace(/^.*\//, '');
const out = { chromium: version, pages: {} };
try {
  for (const pg of pages) {
    const url = pg.url || 'http://eventperk.test/' + pg.name;
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    cdp.on('Fetch.requestPaused', async (ev) => {
      try {
        if (ev.request.url === url.replace(/#.*/, '') && ev.resourceType === 'Document' && !page.__loaded) {
          await cdp.send('Fetch.fulfillRequest', {
            requestId: ev.requestId, responseCode: 200,
            responseHeaders: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }],
            body: Buffer.from(pg.html, 'utf8').toString('base64'),
          });
        } else {
          await cdp.send('Fetch.fulfillRequest', { requestId: ev.requestId, responseCode: 204, responseHeaders: [] });
        }
      } catch (err) {
        if (!/Target closed/.test(err.message)) console.error(pg.name + ': fetch: ' + err.message);
      }
    });
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
    await page.goto(url, { waitUntil: 'load' });
    page.__loaded = true;
    for (const c of pg.clicks || []) {
      await page.evaluate((s) => document.querySelector(s).click(), c);
    }
    out.pages[pg.name] = await page.evaluate(matchesIn, pg.selectors);
    await cdp.detach();
    await page.close();
  }
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
writeFileSync(join(dir, 'chromium.json'), JSON.stringify(out, null, 1) + '\n');
console.log('recorded ' + pages.length + ' pages with Chromium ' + version);
