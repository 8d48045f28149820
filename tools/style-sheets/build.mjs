// Builds vdom/testdata/style/sheets/{bootstrap.min.css, bulma.min.css,
// tailwind.css} from the packages pinned in package.json: Bootstrap's and
// Bulma's distributed files are copied as they are, Tailwind's is compiled
// by its command-line tool from tailwind.css (the classes of the tw-*
// pages). Each sheet's licence is copied beside it and its provenance
// (package, version, file, sha256) written to the sheets' README.md.
//
//	cd tools/style-sheets && npm ci && node build.mjs
import { readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const sheets = join(here, '..', '..', 'vdom', 'testdata', 'style', 'sheets');
const modules = join(here, 'node_modules');

const version = (pkg) => JSON.parse(readFileSync(join(modules, pkg, 'package.json'), 'utf8')).version;
const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

const rows = [];

for (const [pkg, file, out] of [
  ['bootstrap', 'dist/css/bootstrap.min.css', 'bootstrap.min.css'],
  ['bulma', 'css/bulma.min.css', 'bulma.min.css'],
]) {
  copyFileSync(join(modules, pkg, file), join(sheets, out));
  copyFileSync(join(modules, pkg, 'LICENSE'), join(sheets, 'LICENSE.' + pkg));
  rows.push({ out, pkg, version: version(pkg), how: '`' + file + '` as distributed', licence: 'LICENSE.' + pkg });
}

// --minify is left off so the build reads (and diffs) a rule a line.
execFileSync(join(modules, '.bin', 'tailwindcss'), ['-i', join(here, 'tailwind.css'), '-o', join(sheets, 'tailwind.css')], {
  cwd: here, stdio: 'inherit',
});
copyFileSync(join(modules, 'tailwindcss', 'LICENSE'), join(sheets, 'LICENSE.tailwindcss'));
rows.push({
  out: 'tailwind.css', pkg: 'tailwindcss', version: version('tailwindcss'),
  how: 'built by `@tailwindcss/cli` ' + version('@tailwindcss/cli') + ' from `tools/style-sheets/tailwind.css`',
  licence: 'LICENSE.tailwindcss',
});

const table = rows.map((r) => `| \`${r.out}\` | \`${r.pkg}\` ${r.version} | ${r.how} | \`${sha256(join(sheets, r.out))}\` | \`${r.licence}\` |`);
writeFileSync(join(sheets, 'README.md'), `# Style sheets of the style test data

The record-style recorder serves every file here as \`/sheets/<file>\`
(\`text/css\` for a \`.css\` file, \`text/plain\` otherwise; a file that is
not here gets a 404), so the pages of \`../pages\` link and import them.

The small sheets are written for the pages that use them. The framework
sheets come from npm packages pinned in \`tools/style-sheets/package.json\`
(locked in its \`package-lock.json\`) and are written by
\`tools/style-sheets/build.mjs\`, which also writes this file; rebuild them
with

\`\`\`sh
cd tools/style-sheets && npm ci && node build.mjs
\`\`\`

| file | package | how | sha256 | licence |
| --- | --- | --- | --- | --- |
${table.join('\n')}

All three are under the MIT licence; each licence file is the package's own,
copied beside the sheet. The Tailwind build holds only the utilities the
\`tw-*\` pages use: a page that uses a new class needs a rebuild (and a new
recording).
`);
for (const r of rows) console.log(r.out + ' ' + r.pkg + '@' + r.version);
