// Records Chromium's HTML serialization (outerHTML and innerHTML) of the
// cases in vdom/testdata/serialize/cases.json and writes
// vdom/testdata/serialize/chromium.json, which vdom's
// TestSerializeAsChromium replays.
//
//	node tools/chromium-recorder/serialize.mjs            # record, write when changed
//	node tools/chromium-recorder/serialize.mjs --check    # record, compare only, exit 1 on drift
//
// A case's "html" is set as the innerHTML of a div made with
// createElement (not in the document; the fragment parser's scripting flag
// is the page's, enabled); a case's "document" is written with
// document.write into an iframe's document. "steps" then change the tree
// (see the README of that directory), and the node "on" names (a selector
// inside the div or the document; the div or the html element when absent)
// is serialized.
//
// Environment: CHROMIUM (default /usr/bin/chromium).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './pages.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, '..', '..', 'vdom', 'testdata', 'serialize');
const out = join(dir, 'chromium.json');
const cases = JSON.parse(readFileSync(join(dir, 'cases.json'), 'utf8'));

// serializeIn runs in the page and returns each case's serializations.
function serializeIn(cases) {
  let frame = document.querySelector('iframe');
  if (!frame) {
    frame = document.createElement('iframe');
    document.body.appendChild(frame);
  }
  return cases.map((c) => {
    let root;
    let doc = document;
    if (c.document !== undefined) {
      doc = frame.contentDocument;
      doc.open();
      doc.write(c.document);
      doc.close();
      root = doc;
    } else {
      root = document.createElement('div');
      root.innerHTML = c.html;
    }
    const find = (sel) => {
      if (sel === '') return root;
      const n = root.querySelector(sel);
      if (!n) throw new Error(`case ${c.name}: nothing matches ${sel}`);
      return n;
    };
    for (const s of c.steps || []) {
      if (s.append !== undefined) find(s.to).appendChild(doc.createElement(s.append));
      else if (s.appendText !== undefined) find(s.to).appendChild(doc.createTextNode(s.appendText));
      else if (s.appendComment !== undefined) find(s.to).appendChild(doc.createComment(s.appendComment));
      else if (s.setAttribute !== undefined) find(s.on).setAttribute(s.setAttribute[0], s.setAttribute[1]);
      else throw new Error(`case ${c.name}: unknown step ${JSON.stringify(s)}`);
    }
    const node = c.on !== undefined ? find(c.on) : root === doc ? doc.documentElement : root;
    return { name: c.name, outerHTML: node.outerHTML, innerHTML: node.innerHTML };
  });
}

const check = process.argv.includes('--check');
const chromium = await launchChromium('eventperk-serialize-');
let drift = false;
try {
  const page = await chromium.browser.newPage();
  await page.setContent('<!DOCTYPE html><html><head></head><body></body></html>');
  const recorded = await page.evaluate(serializeIn, cases);
  const body = (version) => '{\n "chromium": ' + JSON.stringify(version) + ',\n "cases": [\n' +
    recorded.map((r) => '  ' + JSON.stringify(r)).join(',\n') + '\n ]\n}\n';
  let old = '';
  try {
    old = readFileSync(out, 'utf8');
  } catch {}
  // A change of the Chromium version alone is not drift.
  const oldVersion = old ? JSON.parse(old).chromium : chromium.version;
  if (body(oldVersion) !== old) {
    if (check) {
      console.log(`drift: ${out}`);
      drift = true;
    } else {
      writeFileSync(out, body(chromium.version));
      console.log(`wrote ${out} (Chromium ${chromium.version})`);
    }
  }
} finally {
  await chromium.close();
}
process.exit(drift ? 1 : 0);
