// Records which elements match :hover and :active in Chromium after a
// trusted mouse moves onto an element (and presses its left button), for
// the cases in userevent/testdata/hover-cases.json; writes
// userevent/testdata/hover-recorded.json, which userevent's
// TestHoverAgainstChromium replays.
//
//   node tools/chromium-recorder/record-hover.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cases = JSON.parse(fs.readFileSync(path.join(root, 'userevent/testdata/hover-cases.json'), 'utf8'));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
const out = { chromium: await browser.version(), cases: [] };
const page = await browser.newPage();
for (const c of cases) {
  await page.setContent('<!DOCTYPE html><html><head><meta charset="utf-8"><title>scenario</title></head><body>' + c.html + '</body></html>');
  await page.mouse.move(0, 0);
  const el = await page.$(c.on);
  const box = await el.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  if (c.press) await page.mouse.down();
  // The removal and the reads run in one task: Chromium hit-tests again
  // on a timer after the tree changes, which vdom, without layout, does
  // not model.
  const got = await page.evaluate((remove, reinsert) => {
    const name = e => e.id || e.localName;
    const read = s => [...document.querySelectorAll(s)].map(name);
    if (remove) {
      const r = document.querySelector(remove);
      const parent = r.parentNode;
      r.remove();
      if (reinsert) parent.appendChild(r);
    }
    return { hover: read(':hover'), active: read(':active') };
  }, c.remove || '', !!c.reinsert);
  if (c.press) await page.mouse.up();
  out.cases.push({ name: c.name, ...got });
}
await browser.close();
fs.writeFileSync(path.join(root, 'userevent/testdata/hover-recorded.json'), JSON.stringify(out, null, 1) + '\n');
console.log(`recorded ${out.cases.length} cases with ${out.chromium}`);
