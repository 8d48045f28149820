// W12 of bench/compare: an htmx interaction with real htmx (htmx 2 and
// htmx 4 from npm, installed as htmx2 and htmx4) on jsdom and happy-dom.
// workloads.mjs adds its rows with addW12.
//
// Each version's page (plan.htmx.versions[i].page) is opened once and
// htmx started on it by running its dist/htmx.min.js in the window. An
// operation is a click on the page's button, htmx's request, the swap of
// plan.htmx.rowCount table rows into the table's body and the settle; it
// ends with the version's last event of the request (htmx 2's
// htmx:afterOnLoad, htmx 4's htmx:finally:request). The pages set
// defaultSettleDelay to 0, so that no side waits for a real timer.
//
// The request is answered in process, as the Go side's http.Handler is:
// htmx 2's XMLHttpRequest and htmx 4's fetch are stand-ins in the window,
// served by htmxServer; nothing goes to the network. Each DOM needs a few
// things given to run htmx at all (openWindow says which and why).
//
// The check is computed as bench/compare/w12.go computes it; a click that
// leaves another number of rows than plan.htmx.rowCount fails the row.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { Window } from "happy-dom";

const base = "http://localhost/";

// cssEscape is CSSOM's CSS.escape ("serialize an identifier"), which
// jsdom lacks and htmx calls.
function cssEscape(value) {
	const s = String(value);
	let out = "";
	for (let i = 0; i < s.length; i++) {
		const c = s.charCodeAt(i);
		const digit = c >= 0x30 && c <= 0x39;
		if (c === 0) out += "\uFFFD";
		else if ((c >= 1 && c <= 0x1f) || c === 0x7f || (i === 0 && digit) || (i === 1 && digit && s.charCodeAt(0) === 0x2d)) out += "\\" + c.toString(16) + " ";
		else if (i === 0 && s.length === 1 && c === 0x2d) out += "\\" + s[i];
		else if (c >= 0x80 || c === 0x2d || c === 0x5f || digit || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) out += s[i];
		else out += "\\" + s[i];
	}
	return out;
}

// HxOnXPath stands in for XPathEvaluator where a DOM has none: it answers
// the one kind of expression htmx evaluates, the elements under a node
// with an attribute whose name starts with one of htmx's hx-on prefixes,
// by walking the subtree. The prefixes are read from the expression
// (starts-with(name(), "hx-on:") or ...).
class HxOnXPath {
	createExpression(expr) {
		const prefixes = [...String(expr).matchAll(/starts-with\(name\(\),\s*["']([^"']+)["']\)/g)].map((m) => m[1]);
		if (prefixes.length === 0) throw new Error(`W12: an XPath expression htmx was not expected to use: ${expr}`);
		return {
			evaluate(ctx) {
				const found = [];
				const walk = (n) => {
					for (let c = n.firstElementChild; c; c = c.nextElementSibling) {
						for (const a of c.attributes) {
							if (prefixes.some((p) => a.name.startsWith(p))) {
								found.push(c);
								break;
							}
						}
						walk(c);
					}
				};
				walk(ctx);
				let i = 0;
				return { snapshotLength: found.length, snapshotItem: (k) => found[k] ?? null, iterateNext: () => found[i++] ?? null };
			},
		};
	}
}

// htmxServer answers the pages' requests: the rows for a GET of
// plan.htmx.path, 404 for anything else. served counts the rows served.
function htmxServer(plan, rows) {
	return {
		served: 0,
		answer(method, url) {
			const path = new URL(url, base).pathname;
			if (String(method).toUpperCase() === "GET" && path === plan.htmx.path) {
				this.served++;
				return { status: 200, body: rows };
			}
			return { status: 404, body: "" };
		},
	};
}

// xhrFor returns an XMLHttpRequest stand-in answered by server: what htmx
// 2 uses of one, the answer on a microtask (as a response arrives after
// send returns), with the progress events htmx listens to.
function xhrFor(server) {
	return class HtmxXHR {
		constructor() {
			this.listeners = {};
			this.upload = { addEventListener() {} };
			this.readyState = 0;
			this.status = 0;
			this.response = this.responseText = "";
		}
		addEventListener(type, fn) {
			(this.listeners[type] ??= []).push(fn);
		}
		removeEventListener() {}
		fire(type, e) {
			for (const fn of this.listeners[type] ?? []) fn.call(this, e);
		}
		open(method, url) {
			this.method = method;
			this.url = url;
			this.readyState = 1;
		}
		overrideMimeType() {}
		setRequestHeader() {}
		getAllResponseHeaders() {
			return "content-type: text/html; charset=utf-8\r\n";
		}
		getResponseHeader(name) {
			return name.toLowerCase() === "content-type" ? "text/html; charset=utf-8" : null;
		}
		send() {
			const res = server.answer(this.method, this.url);
			this.fire("loadstart", { lengthComputable: false, loaded: 0, total: 0 });
			Promise.resolve().then(() => {
				this.readyState = 4;
				this.status = res.status;
				this.response = this.responseText = res.body;
				this.responseURL = new URL(this.url, base).href;
				const n = res.body.length;
				this.fire("progress", { lengthComputable: true, loaded: n, total: n });
				this.onload?.();
				this.fire("loadend", { lengthComputable: true, loaded: n, total: n });
			});
		}
		abort() {}
	};
}

// fetchFor returns a fetch stand-in answered by server: what htmx 4 reads
// of a Response (status, headers, text()).
function fetchFor(server) {
	return async (url, init = {}) => {
		const res = server.answer(init.method ?? "GET", String(url));
		return {
			ok: res.status < 300,
			status: res.status,
			url: new URL(String(url), base).href,
			redirected: false,
			headers: new Headers({ "content-type": "text/html; charset=utf-8" }),
			text: async () => res.body,
		};
	};
}

// started waits for what htmx does on a timer of w once its script has
// run on a loaded page: htmx 4 processes the body then, htmx 2 fires
// htmx:load on it.
async function started(w) {
	for (let i = 0; i < 2; i++) await new Promise((resolve) => w.setTimeout(resolve, 0));
}

// openWindow opens page in dom with htmx's script started on it and
// requests answered by server; it returns the window and how to close
// it, or null when dom cannot run htmx.
//
// jsdom: its XPathExpression.evaluate requires the result type, which
// browsers default to 0 (ANY_TYPE) and htmx leaves out; it has no
// CSS.escape. happy-dom: it has no XPathEvaluator, and its document is no
// instance of the window's Document, which htmx 2 checks (the script is
// run with the document's own Document class in scope, as its
// global-registrator runs a library: the window's properties as globals).
async function openWindow(dom, page, script, server) {
	if (dom.name === "jsdom") {
		const jd = new JSDOM(page, { url: base, runScripts: "outside-only" });
		const w = jd.window;
		if (w.document.readyState !== "complete") await new Promise((r) => w.addEventListener("load", r));
		const expr = Object.getPrototypeOf(new w.XPathEvaluator().createExpression("."));
		const evaluate = expr.evaluate;
		expr.evaluate = function (node, type = 0, result = null) {
			return evaluate.call(this, node, type, result);
		};
		w.CSS = { escape: cssEscape };
		w.XMLHttpRequest = xhrFor(server);
		w.fetch = fetchFor(server);
		w.eval(script);
		await started(w);
		return { window: w, close: () => w.close() };
	}
	if (dom.name === "happy-dom") {
		const w = new Window({ url: base });
		w.document.write(page);
		await w.happyDOM.waitUntilComplete();
		w.XPathEvaluator = HxOnXPath;
		w.XMLHttpRequest = xhrFor(server);
		w.fetch = fetchFor(server);
		let proto = Object.getPrototypeOf(w.document);
		while (proto && proto.constructor.name !== "Document") proto = Object.getPrototypeOf(proto);
		// The outer parameter has a name the window lacks: with (win), a
		// Document in the call would be the window's.
		const start = new Function("win", "documentClass", "with (win) { (function (Document) {\n" + script + "\n})(documentClass); }");
		start(w, proto.constructor);
		await started(w);
		return { window: w, close: () => w.happyDOM.close().catch(() => {}) };
	}
	return null;
}

// htmxScript reads v's dist/htmx.min.js, after checking that the
// installed package is the release the page names.
function htmxScript(here, v) {
	const dir = join(here, "node_modules", v.package);
	const got = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;
	if (got !== v.release) throw new Error(`W12: node_modules/${v.package} is htmx ${got}, want ${v.release}`);
	return readFileSync(join(dir, "dist", "htmx.min.js"), "utf8");
}

// children says what el's children are: "50 button, 100 #text".
function children(el) {
	const n = new Map();
	for (let c = el?.firstChild; c; c = c.nextSibling) {
		const name = c.nodeName.toLowerCase();
		n.set(name, (n.get(name) ?? 0) + 1);
	}
	return n.size === 0 ? "nothing" : [...n].map(([name, k]) => `${k} ${name}`).join(", ");
}

// rowsOf returns the rows of the target, failing unless there are
// plan.htmx.rowCount of them.
function rowsOf(plan, doc) {
	const rows = doc.querySelectorAll(`#${plan.htmx.target} > tr`);
	if (rows.length !== plan.htmx.rowCount || rows.length === 0) {
		throw new Error(`#${plan.htmx.target} has ${rows.length} rows after the click, want ${plan.htmx.rowCount}: the rows were not swapped in (it holds ${children(doc.getElementById(plan.htmx.target))})`);
	}
	return rows;
}

// addW12 adds W12's rows, one per version, with workloads.mjs's add and
// measure.
export function addW12({ add, measure, plan, pageDir, here }) {
	if (!plan.htmx) return;
	const rows = readFileSync(join(pageDir, plan.htmx.rows), "utf8");
	for (const v of plan.htmx.versions) {
		add(v.key, async (dom) => {
			if (dom.name === "linkedom") {
				return { value: 0, error: "not run: linkedom has no XMLHttpRequest, no DOMParser for whole documents and no template contents htmx can use" };
			}
			const page = readFileSync(join(pageDir, v.page), "utf8");
			const server = htmxServer(plan, rows);
			const h = await openWindow(dom, page, htmxScript(here, v), server);
			try {
				const doc = h.window.document;
				const counts = {};
				for (const type of [v.processed, v.settled, v.done]) {
					counts[type] = 0;
					doc.addEventListener(type, () => counts[type]++);
				}
				const button = doc.getElementById(plan.htmx.button);
				if (!button) throw new Error(`W12: no element #${plan.htmx.button}`);
				// One operation: the click, and the wait for the end of its
				// request, which the answer brings.
				const click = () =>
					new Promise((resolve) => {
						doc.addEventListener(v.done, resolve, { once: true });
						button.click();
					});
				// The check: what one click did.
				for (const k in counts) counts[k] = 0;
				server.served = 0;
				await click();
				const found = rowsOf(plan, doc);
				const check =
					`rows=${found.length} first=${found[0].id} last=${found[found.length - 1].id} requests=${server.served}` +
					` processed=${counts[v.processed]} settled=${counts[v.settled]} done=${counts[v.done]}`;
				server.served = 0;
				let clicks = 0;
				const m = await measure(() => (clicks++, click()), { isAsync: true });
				rowsOf(plan, doc);
				if (server.served !== clicks) throw new Error(`W12: ${clicks} clicks sent ${server.served} requests`);
				m.check = check;
				return m;
			} finally {
				h.close();
			}
		});
	}
}

// htmxVersions returns the installed releases of W12's packages, for the
// report's list of packages.
export function htmxVersions(plan, here) {
	const out = {};
	for (const v of plan.htmx?.versions ?? []) {
		try {
			out[v.package] = JSON.parse(readFileSync(join(here, "node_modules", v.package, "package.json"), "utf8")).version;
		} catch {
			out[v.package] = "";
		}
	}
	return out;
}
