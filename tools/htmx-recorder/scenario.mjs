// What a scenario file means: which htmx each version key stands for, how
// a field that differs per version is written, and the document Chromium
// loads for a scenario's page (the htmx replay test builds the same
// string).

// versions maps a scenario's version key to the htmx release recorded and
// the path the page loads it from. The files are the packages' own
// dist/htmx.min.js (package.json pins them under the names htmx2, htmx4).
export const versions = {
  2: { version: '2.0.11', pkg: 'htmx2', src: '/htmx-2.0.11.min.js' },
  4: { version: '4.0.1', pkg: 'htmx4', src: '/htmx-4.0.1.min.js' },
};

// distFile maps a path the page requests to the file under node_modules
// that answers it: the htmx script, or one of htmx 4's extensions
// (/htmx-4.0.1/ext/hx-prompt.js); null for any other path.
export function distFile(path) {
  for (const v of Object.values(versions)) {
    if (path === v.src) return `node_modules/${v.pkg}/dist/htmx.min.js`;
    const ext = new RegExp(`^/htmx-${v.version.replace(/\./g, '\\.')}/ext/([a-z0-9-]+)\\.js$`).exec(path);
    if (ext) return `node_modules/${v.pkg}/dist/ext/${ext[1]}.js`;
  }
  return null;
}

// pick resolves a field that may differ per version: an object whose keys
// are all version keys ("2", "4") gives the value for version; anything
// else is the value for every version.
export function pick(field, version) {
  if (field && typeof field === 'object' && !Array.isArray(field)) {
    const keys = Object.keys(field);
    if (keys.length && keys.every((k) => k in versions)) return field[version];
  }
  return field;
}

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

// htmxTags is what goes into a page for version: the htmx-config meta
// element when the scenario has a config, the htmx script, then the
// scripts of the extensions the scenario names.
export function htmxTags(sc, version) {
  const v = versions[version];
  let tags = '';
  const config = pick(sc.config, version);
  if (config) tags += `<meta name="htmx-config" content="${escapeAttr(JSON.stringify(config))}">`;
  tags += `<script src="${v.src}"></script>`;
  for (const ext of pick(sc.extensions, version) || []) tags += `<script src="/htmx-${v.version}/ext/${ext}.js"></script>`;
  return tags;
}

// pageDocument is the document served for a page of the scenario (its
// html, or a canned response loaded as a document): a body fragment goes
// into a document whose head is titled "scenario" and holds the htmx tags;
// a whole document (one starting with <!doctype or <html) gets them where
// it says {{htmx}}, else at the end of its head.
export function pageDocument(src, sc, version) {
  const tags = htmxTags(sc, version);
  if (src.includes('{{htmx}}')) return src.replace('{{htmx}}', tags);
  if (/^\s*(<!doctype|<html)/i.test(src)) {
    if (!/<\/head>/i.test(src)) throw new Error('a whole document needs a </head> or {{htmx}}');
    return src.replace(/<\/head>/i, tags + '</head>');
  }
  return '<!DOCTYPE html><html><head><meta charset="utf-8"><title>scenario</title>' + tags + '</head><body>' + src + '</body></html>';
}
