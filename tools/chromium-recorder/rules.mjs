// Records how Chromium parses the selectors of style rules: for each
// prelude of selector/testdata/rules/preludes.json, whether a rule with it
// is kept (CSSStyleSheet.insertRule does not throw) and, if so, its
// selectorText; for each nested rule, the same inside its parent rule.
// Writes selector/testdata/rules/chromium.json, which the selector
// package's TestRulePreludesAsChromium replays.
//
//	node tools/chromium-recorder/rules.mjs
//
// Environment: CHROMIUM (default /usr/bin/chromium).
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, '..', '..', 'selector', 'testdata', 'rules');
const { top, nested } = JSON.parse(readFileSync(join(dir, 'preludes.json'), 'utf8'));

// parseIn runs in the page. A top-level prelude is kept when insertRule
// accepts "prelude {}"; a nested one when "parent { prelude {} }" gets a
// child rule.
function parseIn(top, nested) {
  const sheet = new CSSStyleSheet();
  const out = { top: {}, nested: {} };
  for (const p of top) {
    try {
      sheet.insertRule(p + ' {}', 0);
      out.top[p] = { valid: true, text: sheet.cssRules[0].selectorText };
      sheet.deleteRule(0);
    } catch (e) {
      out.top[p] = { valid: false };
    }
  }
  for (const group of nested) {
    const results = {};
    for (const p of group.rules) {
      sheet.insertRule(group.parent + ' { ' + p + ' {} }', 0);
      const children = sheet.cssRules[0].cssRules;
      results[p] = children.length === 1 ? { valid: true, text: children[0].selectorText } : { valid: false };
      sheet.deleteRule(0);
    }
    out.nested[group.parent] = results;
  }
  return out;
}

const profile = mkdtempSync(join(tmpdir(), 'chromium-rules-'));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  userDataDir: profile,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const version = (await browser.version()).replace(/^.*\//, '');
let out;
try {
  const page = await browser.newPage();
  await page.setContent('<!DOCTYPE html><title>rules</title>');
  out = { chromium: version, ...(await page.evaluate(parseIn, top, nested)) };
  await page.close();
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
writeFileSync(join(dir, 'chromium.json'), JSON.stringify(out, null, 1) + '\n');
console.log('recorded ' + top.length + ' preludes and ' + nested.length + ' nested groups with Chromium ' + version);
