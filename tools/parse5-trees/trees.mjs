// Writes parse5's tree for every case of html5lib tree construction .dat
// files into the case's #document section (see README.md).
//
//   node trees.mjs [--check] [FILE.dat ...]
//
// Without files it takes every .dat file of
// internal/htmlparse/testdata/tree-construction. With --check it writes
// nothing and exits 1 when a file's trees differ from parse5's.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseFragment, defaultTreeAdapter, html } from 'parse5';

const here = dirname(fileURLToPath(import.meta.url));
const defaultDir = join(here, '..', '..', 'internal', 'htmlparse', 'testdata', 'tree-construction');

const elementPrefix = { [html.NS.SVG]: 'svg ', [html.NS.MATHML]: 'math ' };
const attributePrefix = { [html.NS.XLINK]: 'xlink ', [html.NS.XML]: 'xml ', [html.NS.XMLNS]: 'xmlns ' };
const contextNamespace = { svg: html.NS.SVG, math: html.NS.MATHML };

// dump writes the children of node in the html5lib format, one line per
// node, indented two spaces per level after "| ".
function dump(node, level, out) {
  const indent = (l) => '| ' + '  '.repeat(l);
  for (const c of node.childNodes ?? []) {
    switch (c.nodeName) {
      case '#text':
        out.push(indent(level) + '"' + c.value + '"');
        break;
      case '#comment':
        out.push(indent(level) + '<!-- ' + c.data + ' -->');
        break;
      case '#documentType':
        if (c.publicId || c.systemId) {
          out.push(indent(level) + `<!DOCTYPE ${c.name} "${c.publicId}" "${c.systemId}">`);
        } else {
          out.push(indent(level) + `<!DOCTYPE ${c.name}>`);
        }
        break;
      default: {
        out.push(indent(level) + '<' + (elementPrefix[c.namespaceURI] ?? '') + c.tagName + '>');
        const attrs = c.attrs.map((a) => [(a.namespace ? attributePrefix[a.namespace] ?? '' : '') + a.name, a.value]);
        attrs.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
        for (const [k, v] of attrs) out.push(indent(level + 1) + `${k}="${v}"`);
        if (c.tagName === 'template' && c.namespaceURI === html.NS.HTML) {
          out.push(indent(level + 1) + 'content');
          dump(c.content, level + 2, out);
        }
        dump(c, level + 1, out);
      }
    }
  }
}

// tree returns parse5's tree for one case as the lines of its #document
// section.
function tree(data, context, scripting) {
  const options = { scriptingEnabled: scripting };
  let root;
  if (context === null) {
    root = parse(data, options);
  } else {
    let ns = html.NS.HTML;
    let name = context;
    const space = context.indexOf(' ');
    if (space >= 0) {
      ns = contextNamespace[context.slice(0, space)];
      name = context.slice(space + 1);
    }
    root = parseFragment(defaultTreeAdapter.createElement(name, ns, []), data, options);
  }
  const out = [];
  dump(root, 0, out);
  return out;
}

// update returns the text of a .dat file with every #document section
// replaced by parse5's tree.
function update(text) {
  const lines = text.split('\n');
  const out = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i] !== '#data') {
      out.push(lines[i++]);
      continue;
    }
    const dataLines = [];
    out.push(lines[i++]);
    while (i < lines.length && lines[i] !== '#errors') dataLines.push(lines[i]), out.push(lines[i++]);
    let context = null;
    let scripting = true;
    while (i < lines.length && lines[i] !== '#document') {
      if (lines[i] === '#document-fragment') context = lines[i + 1].trim();
      if (lines[i] === '#script-off') scripting = false;
      out.push(lines[i++]);
    }
    if (i === lines.length) throw new Error(`case ${JSON.stringify(dataLines.join('\n'))}: no #document`);
    out.push(lines[i++]);
    // The old tree ends at the blank line before the next case (a text
    // node may span lines).
    while (i < lines.length && !(lines[i] === '' && (i + 1 === lines.length || lines[i + 1] === '#data'))) i++;
    out.push(...tree(dataLines.join('\n'), context, scripting));
  }
  return out.join('\n');
}

const args = process.argv.slice(2);
const check = args[0] === '--check';
let files = check ? args.slice(1) : args;
if (files.length === 0) {
  files = readdirSync(defaultDir).filter((f) => f.endsWith('.dat')).map((f) => join(defaultDir, f));
}
let drift = false;
for (const f of files) {
  const old = readFileSync(f, 'utf8');
  const now = update(old);
  if (now === old) continue;
  if (check) {
    console.log(`drift: ${f}`);
    drift = true;
  } else {
    writeFileSync(f, now);
    console.log(`wrote ${f}`);
  }
}
process.exit(drift ? 1 : 0);
