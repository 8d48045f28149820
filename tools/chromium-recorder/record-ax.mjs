// Records what Chromium's accessibility tree says of the elements of every
// page in a11y/testdata/chromium/pages and writes it to
// a11y/testdata/chromium/recorded, the golden files a11y's Chromium test
// (a11y/chromium_test.go) compares against. See README.md.
//
//	node tools/chromium-recorder/record-ax.mjs            record all pages, write what changed
//	node tools/chromium-recorder/record-ax.mjs --check    record all, compare only
//	node tools/chromium-recorder/record-ax.mjs roles-     only pages whose name starts so
//	node tools/chromium-recorder/record-ax.mjs --wpt      the web platform tests' pages of a11y/testdata/wpt
//
// Environment: CHROMIUM (default /usr/bin/chromium).
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  origin, pageDocument, collectElements, axNode, axFields, recordPages, baseStateProps, allStateProps,
} from './pages.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
// With --wpt, the web platform tests' pages (a11y/testdata/wpt, by their
// paths) are recorded into a11y/testdata/wpt/recorded, as a11y's TestWPT
// reads them: a whole page as it is, its scripts run (the test harness's
// own scripts are not served).
const wpt = process.argv.includes('--wpt');
const pageDir = wpt ? join(root, 'a11y', 'testdata', 'wpt') : join(root, 'a11y', 'testdata', 'chromium', 'pages');
const recordedDir = wpt ? join(root, 'a11y', 'testdata', 'wpt', 'recorded')
  : join(root, 'a11y', 'testdata', 'chromium', 'recorded');

// Elements recorded: those with an id, and those that carry the
// expectations of the web platform tests they come from.
const recordedAttrs = ['id', 'data-expectedlabel', 'data-expectedrole', 'data-testname'];

// statePropsOf is the properties a page's recording has: all of them
// (listed in the recording's "properties") for a new page, and for a page
// recorded before they were, the first six, so that re-recording it, or
// checking it, compares what it recorded then.
function statePropsOf(name) {
  const file = join(recordedDir, name + '.json');
  if (!existsSync(file)) return allStateProps;
  return JSON.parse(readFileSync(file, 'utf8')).properties || baseStateProps;
}

async function recordPage(browser, version, name, src) {
  const props = statePropsOf(name);
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  const url = origin + name;
  cdp.on('Fetch.requestPaused', async (ev) => {
    try {
      if (ev.request.url === url && ev.resourceType === 'Document') {
        await cdp.send('Fetch.fulfillRequest', {
          requestId: ev.requestId, responseCode: 200,
          responseHeaders: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }],
          body: Buffer.from(pageDocument(src, 'a11y'), 'utf8').toString('base64'),
        });
        return;
      }
      // Images and other subresources: nothing, so no network is needed.
      await cdp.send('Fetch.fulfillRequest', { requestId: ev.requestId, responseCode: 404, responseHeaders: [] });
    } catch (err) {
      console.error(name + ': fetch: ' + err.message);
    }
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
  await page.setViewport({ width: 1000, height: 800 });
  await page.goto(url, { waitUntil: 'load' });
  await cdp.send('Accessibility.enable');
  const { root: doc } = await cdp.send('DOM.getDocument', { depth: -1 });
  const out = { page: name, chromium: version };
  if (props !== baseStateProps) out.properties = props;
  out.elements = [];
  for (const el of collectElements(doc, recordedAttrs)) {
    out.elements.push({ key: el.key, tag: el.tag, ...axFields(await axNode(cdp, el.backendNodeId), props) });
  }
  await cdp.detach();
  await page.close();
  return out;
}

recordPages({
  pageDir, recordedDir, profilePrefix: 'chromium-recorder-ax-', argv: process.argv.slice(2), record: recordPage,
  recursive: wpt,
}).catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
