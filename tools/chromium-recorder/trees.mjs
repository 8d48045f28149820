// Writes Chromium's tree for every case of html5lib tree construction .dat
// files into the case's #document section, as tools/parse5-trees does
// with parse5's trees, for the cases where Chromium is the reference
// (internal/htmlparse/testdata/xnet-departures/README.md).
//
//	node tools/chromium-recorder/trees.mjs [--check] FILE.dat ...
//
// With --check it writes nothing and exits 1 when a file's trees differ
// from Chromium's.
//
// A document is parsed with scripting enabled by document.write into an
// iframe's document (scripting disabled, for #script-off cases, by
// DOMParser); a fragment by setting innerHTML on a context element made
// with createElementNS in a no-quirks document, of the page or, for
// #script-off, of DOMParser (a template context's fragment is its
// content). The trees are printed as html5lib
// prints them, as tools/parse5-trees does.
//
// Environment: CHROMIUM (default /usr/bin/chromium).
import { readFileSync, writeFileSync } from 'node:fs';
import { launchChromium } from './pages.mjs';

// parseCases returns the cases of a .dat file: the input, the context
// (null for a document) and the scripting flag.
function parseCases(text) {
  const lines = text.split('\n');
  const cases = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i] !== '#data') {
      i++;
      continue;
    }
    i++;
    const data = [];
    while (i < lines.length && lines[i] !== '#errors') data.push(lines[i++]);
    let context = null;
    let scripting = true;
    while (i < lines.length && lines[i] !== '#document') {
      if (lines[i] === '#document-fragment') context = lines[i + 1].trim();
      if (lines[i] === '#script-off') scripting = false;
      i++;
    }
    if (i === lines.length) throw new Error(`case ${JSON.stringify(data.join('\n'))}: no #document`);
    cases.push({ data: data.join('\n'), context, scripting });
  }
  return cases;
}

// treesIn runs in the page and returns each case's tree as the lines of its
// #document section.
function treesIn(cases) {
  const HTML = 'http://www.w3.org/1999/xhtml';
  const namespaces = { svg: 'http://www.w3.org/2000/svg', math: 'http://www.w3.org/1998/Math/MathML' };
  const elementPrefix = { [namespaces.svg]: 'svg ', [namespaces.math]: 'math ' };
  const attributePrefix = {
    'http://www.w3.org/1999/xlink': 'xlink ',
    'http://www.w3.org/XML/1998/namespace': 'xml ',
    'http://www.w3.org/2000/xmlns/': 'xmlns ',
  };
  const indent = (l) => '| ' + '  '.repeat(l);
  function dump(node, level, out) {
    for (const c of node.childNodes) {
      switch (c.nodeType) {
        case Node.TEXT_NODE:
          out.push(indent(level) + '"' + c.data + '"');
          break;
        case Node.COMMENT_NODE:
          out.push(indent(level) + '<!-- ' + c.data + ' -->');
          break;
        case Node.DOCUMENT_TYPE_NODE:
          if (c.publicId || c.systemId) out.push(indent(level) + `<!DOCTYPE ${c.name} "${c.publicId}" "${c.systemId}">`);
          else out.push(indent(level) + `<!DOCTYPE ${c.name}>`);
          break;
        case Node.ELEMENT_NODE: {
          out.push(indent(level) + '<' + (elementPrefix[c.namespaceURI] ?? '') + c.localName + '>');
          const attrs = [...c.attributes].map((a) => [(a.namespaceURI ? attributePrefix[a.namespaceURI] ?? '' : '') + a.localName, a.value]);
          attrs.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
          for (const [k, v] of attrs) out.push(indent(level + 1) + `${k}="${v}"`);
          if (c.localName === 'template' && c.namespaceURI === HTML) {
            out.push(indent(level + 1) + 'content');
            dump(c.content, level + 2, out);
          }
          dump(c, level + 1, out);
        }
      }
    }
  }
  let frame = document.querySelector('iframe');
  if (!frame) {
    frame = document.createElement('iframe');
    document.body.appendChild(frame);
  }
  return cases.map(({ data, context, scripting }) => {
    const out = [];
    if (context === null && !scripting) {
      dump(new DOMParser().parseFromString(data, 'text/html'), 0, out);
    } else if (context === null) {
      const doc = frame.contentDocument;
      doc.open();
      doc.write(data);
      doc.close();
      dump(doc, 0, out);
    } else {
      // The fragment parser's scripting flag is the context's document's.
      const owner = scripting ? document : new DOMParser().parseFromString('<!DOCTYPE html>', 'text/html');
      const space = context.indexOf(' ');
      const el = space < 0
        ? owner.createElement(context)
        : owner.createElementNS(namespaces[context.slice(0, space)], context.slice(space + 1));
      el.innerHTML = data;
      dump(el.localName === 'template' && el.namespaceURI === HTML ? el.content : el, 0, out);
    }
    return out;
  });
}

// update returns the text of a .dat file with every #document section
// replaced by the tree in trees, in order.
function update(text, trees) {
  const lines = text.split('\n');
  const out = [];
  let i = 0;
  let k = 0;
  while (i < lines.length) {
    if (lines[i] !== '#document') {
      out.push(lines[i++]);
      continue;
    }
    out.push(lines[i++]);
    // The old tree ends at the blank line before the next case (a text
    // node may span lines).
    while (i < lines.length && !(lines[i] === '' && (i + 1 === lines.length || lines[i + 1] === '#data'))) i++;
    out.push(...trees[k++]);
  }
  return out.join('\n');
}

const args = process.argv.slice(2);
const check = args[0] === '--check';
const files = check ? args.slice(1) : args;
if (files.length === 0) {
  console.error('usage: node trees.mjs [--check] FILE.dat ...');
  process.exit(2);
}
const chromium = await launchChromium('eventperk-trees-');
let drift = false;
try {
  const page = await chromium.browser.newPage();
  await page.setContent('<!DOCTYPE html><html><head></head><body></body></html>');
  for (const f of files) {
    const old = readFileSync(f, 'utf8');
    const cases = parseCases(old);
    const trees = [];
    for (let s = 0; s < cases.length; s += 500) {
      trees.push(...(await page.evaluate(treesIn, cases.slice(s, s + 500))));
    }
    const now = update(old, trees);
    if (now === old) continue;
    if (check) {
      console.log(`drift: ${f}`);
      drift = true;
    } else {
      writeFileSync(f, now);
      console.log(`wrote ${f} (Chromium ${chromium.version})`);
    }
  }
} finally {
  await chromium.close();
}
process.exit(drift ? 1 : 0);
