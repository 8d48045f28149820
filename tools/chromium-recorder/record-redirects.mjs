// Records where Chromium goes for the Location values of
// browse/testdata/chromium/redirect-cases.json and writes
// browse/testdata/chromium/redirects.json, which browse's redirect test
// (browse/location_chromium_test.go) compares against. See README.md.
//
//	node tools/chromium-recorder/record-redirects.mjs           record, write when changed
//	node tools/chromium-recorder/record-redirects.mjs --check   record, compare only
//
// Environment: CHROMIUM (default /usr/bin/chromium).
//
// A raw TCP server on 127.0.0.1 answers the first request of each case
// with a 302 whose Location header carries the case's bytes as they are
// (UTF-8), and every later request with a 200 page. Chromium resolves
// every host name to that server (--host-resolver-rules), so no request
// leaves the machine. What is recorded is the URL of the request Chromium
// makes after the redirect (its fragment from the page's URL), or the
// error that ended the navigation, or that Chromium showed the 302's own
// page.
import { readFileSync, writeFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = join(here, '..', '..', 'browse', 'testdata', 'chromium');
const casesFile = join(dataDir, 'redirect-cases.json');
const recordedFile = join(dataDir, 'redirects.json');
const check = process.argv.includes('--check');

// serve answers the first request after arm() with a 302 to location and
// every other request with a small page.
function startServer() {
  let location = null;
  const server = createServer((sock) => {
    let buf = Buffer.alloc(0);
    sock.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      if (buf[0] === 0x16) {
        // A TLS handshake (an https URL): refused at once, the request
        // having been recorded.
        sock.destroy();
        return;
      }
      if (!buf.includes('\r\n\r\n')) return;
      let head;
      if (location !== null) {
        head = Buffer.concat([
          Buffer.from('HTTP/1.1 302 Found\r\nLocation: '),
          Buffer.from(location, 'utf8'),
          Buffer.from('\r\nCache-Control: no-store\r\nContent-Type: text/html\r\nContent-Length: 15\r\nConnection: close\r\n\r\n<p>redirect</p>'),
        ]);
        location = null;
      } else {
        head = Buffer.from('HTTP/1.1 200 OK\r\nCache-Control: no-store\r\nContent-Type: text/html\r\nContent-Length: 9\r\nConnection: close\r\n\r\n<p>ok</p>');
      }
      sock.end(head);
    });
    sock.on('error', () => {});
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({
      port: server.address().port,
      arm: (loc) => { location = loc; },
      close: () => server.close(),
    }));
  });
}

async function recordCase(browser, srv, base, c) {
  const page = await browser.newPage();
  const requests = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) requests.push(r.url());
  });
  srv.arm(c.location);
  let error = '';
  let status = 0;
  try {
    const resp = await page.goto(base, { waitUntil: 'load', timeout: 10000 });
    status = resp ? resp.status() : 0;
  } catch (err) {
    error = String(err.message).split(' at ')[0].trim();
  }
  const shown = page.url();
  await page.close();
  srv.arm(null);
  const out = { name: c.name, location: c.location };
  if (requests.length > 1) {
    // Where a request was made, how it ended is the server's business
    // (an https or ftp URL, which this server does not speak). The
    // request carries no fragment; the page's URL keeps it.
    out.url = requests[requests.length - 1];
    if (shown.startsWith(out.url + '#')) out.url = shown;
  } else if (error) out.error = error;
  else if (requests.length <= 1) out.shown = `the ${status} response`;
  return out;
}

function format(out) {
  return '{\n "chromium": ' + JSON.stringify(out.chromium) + ',\n "base": ' + JSON.stringify(out.base) +
    ',\n "cases": [\n' + out.cases.map((c) => '  ' + JSON.stringify(c)).join(',\n') + '\n ]\n}\n';
}

async function main() {
  const spec = JSON.parse(readFileSync(casesFile, 'utf8'));
  const srv = await startServer();
  const profile = mkdtempSync(join(tmpdir(), 'chromium-recorder-redirects-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    userDataDir: profile,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync',
      `--host-resolver-rules=MAP * 127.0.0.1:${srv.port}`,
    ],
  });
  const version = (await browser.version()).replace(/^.*\//, '');
  const out = { chromium: version, base: spec.base, cases: [] };
  try {
    for (const c of spec.cases) out.cases.push(await recordCase(browser, srv, spec.base, c));
  } finally {
    await browser.close();
    srv.close();
    rmSync(profile, { recursive: true, force: true });
  }
  const text = format(out);
  const old = existsSync(recordedFile) ? readFileSync(recordedFile, 'utf8') : null;
  if (old !== text) {
    if (check) {
      const same = old && JSON.stringify({ ...JSON.parse(old), chromium: '' }) === JSON.stringify({ ...out, chromium: '' });
      if (!same) {
        console.log('drift: redirects.json');
        process.exitCode = 1;
      }
    } else {
      writeFileSync(recordedFile, text);
      console.log(old ? 'updated: redirects.json' : 'new: redirects.json');
    }
  }
  console.log(`${out.cases.length} Location values, Chromium ${version}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
