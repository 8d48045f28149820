// What the page recorders share (record-ax.mjs for accessibility trees,
// record-style.mjs for computed style): the Chromium they launch, how a page
// file becomes the document Chromium loads, what an element's accessibility
// node says, the one-element-a-line recording format, and the loop that
// records every page and writes, or with --check compares, its recording.
import { readFileSync, writeFileSync, readdirSync, existsSync, mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';

export const origin = 'http://eventperk.test/';

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
export const hiddenReasons = new Set([
  'notRendered', 'notVisible', 'ariaHiddenElement', 'ariaHiddenSubtree', 'inertElement', 'inertSubtree',
  'activeModalDialog', 'hiddenByChildTree',
]);

// States recorded from the node's properties: the first recordings have
// baseStateProps; a recording that lists its properties (see record-ax.mjs)
// has allStateProps, where "value" is the node's value (a range's value
// now, a text field's text) rather than one of its properties.
export const baseStateProps = ['checked', 'pressed', 'selected', 'expanded', 'disabled', 'level'];
export const allStateProps = [...baseStateProps, 'busy', 'required', 'invalid', 'readonly', 'hasPopup', 'focusable',
  'value', 'valuemin', 'valuemax', 'valuetext'];

// pageDocument is the document Chromium loads for a page file: a whole
// document (one that starts with <!doctype or <html) is used as it is, a
// fragment goes into a body under a head titled title. The Go tests build
// the same string.
export function pageDocument(src, title) {
  if (/^\s*(<!doctype|<html)/i.test(src)) return src;
  return '<!DOCTYPE html><html><head><meta charset="utf-8"><title>' + title + '</title></head><body>' + src + '</body></html>';
}

// collectElements walks the DOM the protocol returned (DOM.getDocument with
// depth -1) and lists, in tree order, the elements that have one of attrs,
// each keyed by its id ("#id") or else by its path from the nearest html,
// head or body ("body > div:nth-of-type(2)").
export function collectElements(doc, attrs) {
  const out = [];
  // An explicit stack instead of recursion, so a deep page cannot overflow
  // it; children are pushed in reverse so they pop in tree order.
  const stack = [];
  const expand = (node, parentKey) => {
    const counts = {};
    const children = [];
    for (const child of node.children || []) {
      if (child.nodeType !== 1) continue;
      const name = child.localName;
      counts[name] = (counts[name] || 0) + 1;
      const a = {};
      for (let i = 0; i + 1 < (child.attributes || []).length; i += 2) a[child.attributes[i]] = child.attributes[i + 1];
      let key;
      if (a.id) key = '#' + a.id;
      else if (name === 'html' || name === 'head' || name === 'body') key = name;
      else key = parentKey + ' > ' + name + ':nth-of-type(' + counts[name] + ')';
      children.push({ node: child, key, tag: name, attrs: a });
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  };
  expand(doc, '');
  while (stack.length) {
    const c = stack.pop();
    if (attrs.some((a) => a in c.attrs)) out.push({ key: c.key, tag: c.tag, backendNodeId: c.node.backendNodeId });
    expand(c.node, c.key);
  }
  return out;
}

// axNode is the accessibility node Chromium has for the DOM node, or
// undefined when it has none.
export async function axNode(cdp, backendNodeId) {
  try {
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { backendNodeId, fetchRelatives: false });
    return nodes.find((n) => n.backendDOMNodeId === backendNodeId) || nodes[0];
  } catch (err) {
    return undefined;
  }
}

// axFields is what a recording says of an accessibility node: chromiumRole
// (Chromium's own role name), role (the ARIA role it stands for), name,
// description (when not empty), ignored, ignoredReasons (when any), hidden
// and states (the properties props names, baseStateProps unless given); for
// no node at all, absent and hidden.
export function axFields(node, props = baseStateProps) {
  if (!node) return { absent: true, hidden: true };
  const rec = {};
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
    if (props.includes(p.name)) states[p.name] = p.value ? p.value.value : undefined;
  }
  if (props.includes('value') && node.value && node.value.value !== undefined && node.value.value !== '') {
    states.value = node.value.value;
  }
  if (Object.keys(states).length) rec.states = states;
  return rec;
}

// formatRecording writes a recording's fields one a line, in their order,
// and its elements one element a line, so a recording reads (and diffs)
// one element a line.
export function formatRecording(out) {
  const lines = Object.entries(out).map(([k, v]) => {
    if (k === 'elements') return ' "elements": [\n' + v.map((e) => '  ' + JSON.stringify(e)).join(',\n') + '\n ]';
    return ' ' + JSON.stringify(k) + ': ' + JSON.stringify(v);
  });
  return '{\n' + lines.join(',\n') + '\n}\n';
}

// launchChromium starts headless Chromium (CHROMIUM, default
// /usr/bin/chromium) with a fresh profile; close ends it and removes the
// profile.
export async function launchChromium(profilePrefix) {
  const profile = mkdtempSync(join(tmpdir(), profilePrefix));
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
  return {
    browser,
    version,
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// recordPages records every page file pageDir/<name>.html whose name starts
// with one of prefixes (all when none) through record(browser, version,
// name, src), which returns the recording, and writes it to
// recordedDir/<name>.json when it changed; with check it writes nothing and
// reports drift instead (a change of the Chromium version alone is not
// drift). A page that fails or drifts makes the exit code non-zero.
//
// A page in a subdirectory of pageDir (listed with recursive) is named by
// its path with "__" for each "/": accname/name/comp_label.html records
// to accname__name__comp_label.json.
export async function recordPages({ pageDir, recordedDir, profilePrefix, argv, record, noun = 'pages', recursive = false }) {
  const check = argv.includes('--check');
  const prefixes = argv.filter((a) => !a.startsWith('--'));
  const files = recursive ? readdirSync(pageDir, { recursive: true }).map(String) : readdirSync(pageDir);
  const names = files.filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5).split('/').join('__')).sort()
    .filter((n) => prefixes.length === 0 || prefixes.some((p) => n.startsWith(p)));
  mkdirSync(recordedDir, { recursive: true });
  const chromium = await launchChromium(profilePrefix);
  const { browser, version } = chromium;
  let drift = 0;
  let failed = 0;
  let count = 0;
  try {
    for (const name of names) {
      const src = readFileSync(join(pageDir, name.split('__').join('/') + '.html'), 'utf8');
      let out;
      try {
        out = await record(browser, version, name, src);
      } catch (err) {
        failed++;
        console.error(name + ': ' + err.message);
        continue;
      }
      count += out.elements.length;
      const text = formatRecording(out);
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
    await chromium.close();
  }
  if (prefixes.length === 0) {
    for (const f of readdirSync(recordedDir).filter((f) => f.endsWith('.json'))) {
      if (!names.includes(f.slice(0, -5))) console.log('orphan recording: ' + f);
    }
  }
  console.log(`${names.length} ${noun}, ${count} elements, Chromium ${version}` + (check ? `, ${drift} drifted` : '') + (failed ? `, ${failed} failed` : ''));
  if (failed || drift) process.exitCode = 1;
}
