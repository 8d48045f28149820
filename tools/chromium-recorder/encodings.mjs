// Records what Chromium decodes for the byte pages of
// vdom/testdata/encoding/cases.json: document.characterSet and the body's
// textContent, into vdom/testdata/encoding/chromium.json, which vdom's
// TestEncodingMatchesChromium replays. A case with a contentType is served
// over HTTP with that Content-Type (vdom: WithContentType); a case without
// one is opened as a file (vdom: Parse alone).
//
//	node tools/chromium-recorder/encodings.mjs
//
// Environment: CHROMIUM (default /usr/bin/chromium).
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, '..', '..', 'vdom', 'testdata', 'encoding');
const cases = JSON.parse(readFileSync(join(dir, 'cases.json'), 'utf8'));

// pageBytes joins a case's parts: text as UTF-8, "#..." as hex bytes.
function pageBytes(parts) {
  return Buffer.concat(parts.map((p) => (p.startsWith('#') ? Buffer.from(p.slice(1), 'hex') : Buffer.from(p, 'utf8'))));
}

const work = mkdtempSync(join(tmpdir(), 'chromium-encodings-'));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  userDataDir: join(work, 'profile'),
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const version = (await browser.version()).replace(/^.*\//, '');
const out = { chromium: version, results: [] };
try {
  for (const c of cases) {
    const body = pageBytes(c.parts);
    const page = await browser.newPage();
    let url;
    if (c.contentType !== undefined) {
      url = 'http://eventperk.test/' + c.name;
      const cdp = await page.createCDPSession();
      cdp.on('Fetch.requestPaused', async (ev) => {
        try {
          if (ev.request.url === url) {
            await cdp.send('Fetch.fulfillRequest', {
              requestId: ev.requestId, responseCode: 200,
              responseHeaders: [{ name: 'Content-Type', value: c.contentType }],
              body: body.toString('base64'),
            });
          } else {
            await cdp.send('Fetch.fulfillRequest', { requestId: ev.requestId, responseCode: 204, responseHeaders: [] });
          }
        } catch (err) {
          if (!/Target closed/.test(err.message)) console.error(c.name + ': fetch: ' + err.message);
        }
      });
      await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
    } else {
      const file = join(work, c.name + '.html');
      writeFileSync(file, body);
      url = 'file://' + file;
    }
    await page.goto(url, { waitUntil: 'load' });
    const got = await page.evaluate(() => ({
      characterSet: document.characterSet,
      text: document.body ? document.body.textContent : '',
    }));
    out.results.push({ name: c.name, ...got });
    await page.close();
  }
} finally {
  await browser.close();
  rmSync(work, { recursive: true, force: true });
}
writeFileSync(join(dir, 'chromium.json'), JSON.stringify(out, null, 1) + '\n');
console.log('recorded ' + out.results.length + ' cases with Chromium ' + version);
