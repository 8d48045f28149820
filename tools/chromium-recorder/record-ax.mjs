// Records what Chromium's accessibility tree says of the elements of every
// page in a11y/testdata/chromium/pages and writes it to
// a11y/testdata/chromium/recorded, the golden files a11y's Chromium test
// (a11y/chromium_test.go) compares against. See README.md.
//
//	node tools/chromium-recorder/record-ax.mjs            record all pages, write what changed
//	node tools/chromium-recorder/record-ax.mjs --check    record all, compare only
//	node tools/chromium-recorder/record-ax.mjs roles-     only pages whose name starts so
//
// Environment: CHROMIUM (default /usr/bin/chromium).
import { readFileSync, writeFileSync, readdirSync, existsSync, mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const pageDir = join(root, 'a11y', 'testdata', 'chromium', 'pages');
const recordedDir = join(root, 'a11y', 'testdata', 'chromium', 'recorded');
const origin = 'http://eventperk.test/';

const args = process.argv.slice(2);
const check = args.includes('--check');
const prefixes = args.filter((a) => !a.startsWith('--'));

// ariaRoles maps the role names Chromium's DevTools protocol reports where
// they differ from the ARIA role an author would write. Chromium reports an
// ARIA name for most roles (type "role") and an internal name for the rest
// (type "internalRole"); the internal ones with no ARIA equivalent map to
// "" (no role): HTML-AAM gives those elements no ARIA role either.
export const ariaRoles = {
  image: 'img',
  // The popup and options of a drop-down select.
  MenuListPopup: 'listbox',
  MenuListOption: 'option',
  // Internal roles with no ARIA counterpart.
  RootWebArea: '',
  StaticText: '',
  InlineTextBox: '',
  LineBreak: '',
  LabelText: '',
  Legend: '',
  Abbr: '',
  Audio: '',
  Video: '',
  Canvas: '',
  Caption: 'caption',
  Figcaption: '',
  Iframe: '',
  IframePresentational: '',
  EmbeddedObject: '',
  PluginObject: '',
  Ruby: '',
  RubyAnnotation: '',
  DisclosureTriangle: 'button',
  DisclosureTriangleGrouped: 'button',
  ListMarker: '',
  Details: 'group',
  DescriptionList: 'list',
  DescriptionListTerm: 'term',
  DescriptionListDetail: 'definition',
  ColorWell: '',
  Date: '',
  DateTime: '',
  InputTime: '',
  Pre: 'generic',
  Section: '',
  SectionWithoutName: '',
  Unknown: '',
  Column: '',
  TableHeaderContainer: '',
  ContentDeletion: 'deletion',
  ContentInsertion: 'insertion',
  Mark: 'mark',
  Time: 'time',
  Meter: 'meter',
  Search: 'search',
  Summary: '',
  svgRoot: 'graphics-document',
  SvgRoot: 'graphics-document',
  Emphasis: 'emphasis',
  Strong: 'strong',
  Subscript: 'subscript',
  Superscript: 'superscript',
  Code: 'code',
  Blockquote: 'blockquote',
  Paragraph: 'paragraph',
  Term: 'term',
  Definition: 'definition',
  Comment: 'comment',
  Suggestion: 'suggestion',
  Math: 'math',
  MathMLMath: 'math',
  Header: 'banner',
  Footer: 'contentinfo',
  HeaderAsNonLandmark: 'sectionheader',
  FooterAsNonLandmark: 'sectionfooter',
  SectionHeader: 'sectionheader',
  SectionFooter: 'sectionfooter',
};

// Reasons Chromium gives for leaving a node out of the tree that mean the
// node is hidden (as opposed to ignored because it is uninteresting, say a
// presentational image or a generic wrapper whose children are kept).
const hiddenReasons = new Set([
  'notRendered', 'notVisible', 'ariaHiddenElement', 'ariaHiddenSubtree', 'inertElement', 'inertSubtree',
  'activeModalDialog', 'hiddenByChildTree',
]);

// States recorded from the node's properties.
const stateProps = ['checked', 'pressed', 'selected', 'expanded', 'disabled', 'level'];

// pageDocument is the document Chromium loads for a page file: a whole
// document is used as it is, a fragment goes into a body. The Go test builds
// the same string.
export function pageDocument(src) {
  if (/^\s*(<!doctype|<html)/i.test(src)) return src;
  return '<!DOCTYPE html><html><head><meta charset="utf-8"><title>a11y</title></head><body>' + src + '</body></html>';
}

// Elements recorded: those with an id, and those that carry the
// expectations of the web platform tests they come from.
const recordedAttrs = ['id', 'data-expectedlabel', 'data-expectedrole', 'data-testname'];

// collect walks the DOM the protocol returned and lists the recorded
// elements in tree order, each keyed by its id or by its path.
function collect(node, parentKey, out) {
  const counts = {};
  for (const child of node.children || []) {
    if (child.nodeType !== 1) continue;
    const name = child.localName;
    counts[name] = (counts[name] || 0) + 1;
    const attrs = {};
    for (let i = 0; i + 1 < (child.attributes || []).length; i += 2) attrs[child.attributes[i]] = child.attributes[i + 1];
    let key;
    if (attrs.id) key = '#' + attrs.id;
    else if (name === 'html' || name === 'head' || name === 'body') key = name;
    else key = parentKey + ' > ' + name + ':nth-of-type(' + counts[name] + ')';
    if (recordedAttrs.some((a) => a in attrs)) out.push({ key, tag: name, backendNodeId: child.backendNodeId });
    collect(child, key, out);
  }
  return out;
}

function propValue(p) {
  const v = p.value;
  if (!v) return undefined;
  return v.value;
}

async function recordPage(browser, version, name, src) {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  const url = origin + name;
  cdp.on('Fetch.requestPaused', async (ev) => {
    try {
      if (ev.request.url === url && ev.resourceType === 'Document') {
        await cdp.send('Fetch.fulfillRequest', {
          requestId: ev.requestId, responseCode: 200,
          responseHeaders: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }],
          body: Buffer.from(pageDocument(src), 'utf8').toString('base64'),
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
  const elements = collect(doc, '', []);
  const out = { page: name, chromium: version, elements: [] };
  for (const el of elements) {
    const rec = { key: el.key, tag: el.tag };
    let node;
    try {
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { backendNodeId: el.backendNodeId, fetchRelatives: false });
      node = nodes.find((n) => n.backendDOMNodeId === el.backendNodeId) || nodes[0];
    } catch (err) {
      node = undefined;
    }
    if (!node) {
      rec.absent = true;
      rec.hidden = true;
      out.elements.push(rec);
      continue;
    }
    const raw = node.role ? node.role.value : '';
    rec.chromiumRole = raw;
    rec.role = raw in ariaRoles ? ariaRoles[raw] : raw;
    rec.name = node.name ? node.name.value : '';
    if (node.description && node.description.value) rec.description = node.description.value;
    rec.ignored = !!node.ignored;
    const reasons = (node.ignoredReasons || []).filter((r) => r.value && r.value.value !== false).map((r) => r.name);
    if (reasons.length) rec.ignoredReasons = reasons;
    rec.hidden = reasons.some((r) => hiddenReasons.has(r));
    const states = {};
    for (const p of node.properties || []) {
      if (stateProps.includes(p.name)) states[p.name] = propValue(p);
    }
    if (Object.keys(states).length) rec.states = states;
    out.elements.push(rec);
  }
  await cdp.detach();
  await page.close();
  return out;
}

// format writes one element a line, so a recording reads (and diffs) one
// element a line.
function format(out) {
  const { elements, ...head } = out;
  const lines = Object.entries(head).map(([k, v]) => ' ' + JSON.stringify(k) + ': ' + JSON.stringify(v));
  lines.push(' "elements": [\n' + elements.map((e) => '  ' + JSON.stringify(e)).join(',\n') + '\n ]');
  return '{\n' + lines.join(',\n') + '\n}\n';
}

async function main() {
  const names = readdirSync(pageDir).filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5)).sort()
    .filter((n) => prefixes.length === 0 || prefixes.some((p) => n.startsWith(p)));
  mkdirSync(recordedDir, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'chromium-recorder-ax-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    userDataDir: profile,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
    ],
  });
  const version = (await browser.version()).replace(/^.*\//, '');
  let drift = 0;
  let failed = 0;
  let count = 0;
  try {
    for (const name of names) {
      const src = readFileSync(join(pageDir, name + '.html'), 'utf8');
      let out;
      try {
        out = await recordPage(browser, version, name, src);
      } catch (err) {
        failed++;
        console.error(name + ': ' + err.message);
        continue;
      }
      count += out.elements.length;
      const text = format(out);
      const file = join(recordedDir, name + '.json');
      const old = existsSync(file) ? readFileSync(file, 'utf8') : null;
      if (old === text) continue;
      if (check) {
        const same = old && JSON.stringify({ ...JSON.parse(old), chromium: '' }) === JSON.stringify({ ...out, chromium: '' });
        if (same) continue; // only the version moved
        drift++;
        console.log('drift: ' + name + (old ? '' : ' (no recording)'));
      } else {
        writeFileSync(file, text);
        console.log((old ? 'updated: ' : 'new: ') + name);
      }
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  console.log(`${names.length} pages, ${count} elements, Chromium ${version}` + (check ? `, ${drift} drifted` : '') + (failed ? `, ${failed} failed` : ''));
  if (failed || drift) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
