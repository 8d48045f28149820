// The JavaScript side of the DOM comparison: the workloads of
// bench/compare (W1 to W12) on jsdom, happy-dom and linkedom.
//
//   node --expose-gc workloads.mjs <pagedir>
//
// <pagedir> holds the pages and the plan.json that go run ./bench/cmd/compare
// writes; the plan names the elements every workload uses, so that both sides
// act on the same ones. The result goes to stdout as JSON:
//
//   {"node": "...", "packages": {...},
//    "results": {"<workload>": {"<dom>": {"value": <median ns/op or B/element>,
//                                         "samples": [...], "check": "...",
//                                         "detail": [...], "error": "..."}}}}
//
// "check" is computed exactly as the Go side computes it (match counts,
// listener call orders, FNV-1a hashes), so the runner can tell where a DOM
// found or called something else. Progress goes to stderr.
//
// Timing: process.hrtime.bigint around a batch of operations; a batch lasts
// at least plan.batchMillis (one operation when that takes longer); a
// warm-up of at least two operations and plan.warmupMillis comes first; the
// value is the median over plan.runs batches, each preceded by a full GC.

import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { JSDOM } from "jsdom";
import { Window } from "happy-dom";
import { parseHTML } from "linkedom";
import { within } from "@testing-library/dom";
import userEvent from "@testing-library/user-event";
import * as bm from "./bitsmist-trigger.mjs";
import { addW12, htmxVersions } from "./w12.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const pageDir = process.argv[2];
if (!pageDir) {
	console.error("usage: node --expose-gc workloads.mjs <pagedir>  (the directory go run ./bench/cmd/compare writes)");
	process.exit(2);
}
if (typeof globalThis.gc !== "function") {
	console.error("workloads.mjs needs node --expose-gc");
	process.exit(2);
}
const plan = JSON.parse(readFileSync(join(pageDir, "plan.json"), "utf8"));
const pages = {};
for (const [label, file] of Object.entries(plan.pages)) {
	pages[label] = readFileSync(join(pageDir, file), "utf8");
}
const formPage = readFileSync(join(pageDir, plan.form.page), "utf8");
// W11's page; absent when the Go side did not find the sheet (plan.style.error).
const styledPage = plan.style && !plan.style.error ? readFileSync(join(pageDir, plan.style.page), "utf8") : "";
const log = (...a) => console.error("js:", ...a);

// --- the DOMs: parse a page into a new window's document ---

const DOMS = [
	{
		name: "jsdom",
		open(html) {
			const dom = new JSDOM(html);
			const w = dom.window;
			return {
				document: w.document,
				Event: w.Event,
				CustomEvent: w.CustomEvent,
				FormData: w.FormData,
				close: () => w.close(),
			};
		},
	},
	{
		name: "happy-dom",
		open(html) {
			const w = new Window();
			w.document.write(html);
			return {
				document: w.document,
				Event: w.Event,
				CustomEvent: w.CustomEvent,
				FormData: w.FormData,
				close: () => w.happyDOM.close().catch(() => {}),
			};
		},
	},
	{
		name: "linkedom",
		// W9 does not run here: Testing Library's role queries and
		// user-event call window.getComputedStyle, which linkedom does not
		// have ("Cannot read properties of undefined (reading 'bind')").
		noTestingLibrary: true,
		open(html) {
			const w = parseHTML(html);
			return {
				document: w.document,
				Event: w.Event,
				CustomEvent: w.CustomEvent,
				FormData: w.FormData,
				close: () => {},
			};
		},
	},
];

// --- timing ---

const now = () => process.hrtime.bigint();
let sink = 0;

function median(xs) {
	const s = [...xs].sort((a, b) => a - b);
	const m = s.length >> 1;
	return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

// measure runs op (sync or async) in batches and returns the median ns/op.
// With setup and teardown, each op is timed alone: setup's result is op's
// argument, and teardown(that, op's result) runs untimed after it.
// runs and warmOps lower the number of runs (plan.runs) and of warm-up
// operations (two) for operations that take many seconds each.
async function measure(op, { isAsync = false, setup, teardown, single = false, runs = plan.runs, warmOps = 2 } = {}) {
	const batchNs = plan.batchMillis * 1e6;
	// cpu: the process's CPU time (user and system, every thread) of the
	// last batch's timed part, in ns, beside the wall time.
	let cpu = 0;
	const cpuNs = (since) => {
		const c = process.cpuUsage(since);
		return (c.user + c.system) * 1e3;
	};
	const runBatch = async (k) => {
		if (setup) {
			let total = 0;
			cpu = 0;
			for (let i = 0; i < k; i++) {
				const ctx = await setup();
				const c = process.cpuUsage();
				const t = now();
				const res = isAsync ? await op(ctx) : op(ctx);
				total += Number(now() - t);
				cpu += cpuNs(c);
				await teardown(ctx, res);
			}
			return total;
		}
		const c = process.cpuUsage();
		const t = now();
		if (isAsync) {
			for (let i = 0; i < k; i++) await op();
		} else {
			for (let i = 0; i < k; i++) op();
		}
		const wall = Number(now() - t);
		cpu = cpuNs(c);
		return wall;
	};
	// Warm-up: at least two operations and plan.warmupMillis (five batches
	// by default), growing the batch until one lasts batchMillis.
	// single: one operation per run and a warm-up of two, for operations
	// whose untimed setup is expensive.
	const warmNs = single ? 0 : (plan.warmupMillis ?? 5 * plan.batchMillis) * 1e6;
	let k = 1;
	let per = 0;
	for (let spent = 0, ops = 0; ops < warmOps || spent < warmNs; ) {
		const t = await runBatch(k);
		spent += t;
		ops += k;
		per = t / k;
		k = single ? 1 : Math.max(1, Math.min(1e7, Math.ceil(batchNs / Math.max(per, 1))));
	}
	const samples = [];
	const cpus = [];
	for (let r = 0; r < runs; r++) {
		globalThis.gc();
		samples.push((await runBatch(k)) / k);
		cpus.push(cpu / k);
	}
	return { value: median(samples), samples, cpu: median(cpus) };
}

// --- checks, computed as bench/compare computes them ---

function fnv8(s) {
	let h = 0x811c9dc5;
	for (let i = 0; i < s.length; i++) {
		h ^= s.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	return (h >>> 0).toString(16).padStart(8, "0");
}

function shapeCheck(document) {
	let elements = 0;
	let ids = 0;
	const parts = [];
	const walk = (n, depth) => {
		for (let c = n.firstElementChild; c; c = c.nextElementSibling) {
			elements++;
			if (c.id) ids++;
			parts.push(`${depth}:${c.localName};`);
			walk(c, depth + 1);
		}
	};
	walk(document, 1);
	return { check: `elements=${elements} ids=${ids} shape=${fnv8(parts.join(""))}`, elements };
}

function elementIndex(document) {
	const idx = new Map();
	const walk = (n) => {
		for (let c = n.firstElementChild; c; c = c.nextElementSibling) {
			idx.set(c, idx.size);
			walk(c);
		}
	};
	walk(document);
	return idx;
}

function byId(document, id) {
	const el = document.getElementById(id);
	if (!el) throw new Error(`no element #${id}`);
	return el;
}

// --- the workloads; each returns {value, samples, check, detail} ---

const workloads = [];
// plan.only, when set, lists the workloads to run by the start of their key
// ("W9", "W2 div").
const wanted = (key) => !plan.only || plan.only.length === 0 || plan.only.some((p) => key.startsWith(p));
const add = (key, fn) => {
	if (wanted(key)) workloads.push({ key, fn });
};

// W1: parse a page into a document.
for (const label of plan.parse) {
	add(`W1 parse ${label}`, async (dom) => {
		const html = pages[label];
		// Each parse is timed alone; closing its window (which jsdom and
		// happy-dom need to let it go) is not timed.
		const m = await measure(() => dom.open(html), {
			setup: () => null,
			teardown: (_, d) => d.close(),
		});
		const d = dom.open(html);
		m.check = shapeCheck(d.document).check;
		d.close();
		return m;
	});
}

// W2 to W4 share one parse of the work page per DOM.
const workDocs = new Map();
function workDoc(dom) {
	if (!workDocs.has(dom.name)) workDocs.set(dom.name, dom.open(pages[plan.workPage]));
	return workDocs.get(dom.name);
}

// W2: querySelectorAll of each selector from every root.
for (const sel of plan.selectors) {
	add(`W2 ${sel}`, async (dom) => {
		const { document } = workDoc(dom);
		const roots = plan.queryRoots.map((id) => byId(document, id));
		// Check first: an unsupported selector fails here, with its message.
		const idx = elementIndex(document);
		const order = [];
		const detail = [];
		roots.forEach((r, i) => {
			const res = r.querySelectorAll(sel);
			for (const n of res) order.push(idx.get(n));
			detail.push(`${plan.queryRoots[i]}:${res.length}`);
		});
		const m = await measure(() => {
			let n = 0;
			for (const r of roots) n += r.querySelectorAll(sel).length;
			sink += n;
		});
		m.check = `matches=${order.length} order=${fnv8(order.join(","))}`;
		m.detail = detail;
		return m;
	});
}

// W2 once more, each run on a freshly parsed page: happy-dom keeps every
// querySelectorAll result per element and selector until a change affects
// it, and W2 repeats the same queries on an unchanged page, so there it
// answers from that cache. Here every (root, selector) query of a run is the
// first on its page. Parsing and closing the page are not timed.
add("W2 all 8, first queries on a fresh page", async (dom) => {
	const open = () => {
		const d = dom.open(pages[plan.workPage]);
		return { d, roots: plan.queryRoots.map((id) => byId(d.document, id)) };
	};
	const all = ({ roots }) => {
		let n = 0;
		for (const sel of plan.selectors) for (const r of roots) n += r.querySelectorAll(sel).length;
		return n;
	};
	const m = await measure((ctx) => (sink += all(ctx)), {
		setup: open,
		teardown: (ctx) => ctx.d.close(),
		single: true,
	});
	const ctx = open();
	m.check = `matches=${all(ctx)}`;
	ctx.d.close();
	return m;
});

// W3: a bubbling click on the deepest element; on each element of its path
// a bubble listener, then a capture listener.
add("W3 deep click", async (dom) => {
	const { document, Event } = workDoc(dom);
	const target = byId(document, plan.deepTarget);
	const st = { calls: 0, logging: false, log: [] };
	for (let n = target; n && n.nodeType === 1; n = n.parentNode) {
		const tag = n.id || n.localName;
		for (const capture of [false, true]) {
			const kind = capture ? "c" : "b";
			n.addEventListener(
				"click",
				(e) => {
					st.calls++;
					if (st.logging) st.log.push(`${tag}:${e.eventPhase}:${kind}`);
				},
				{ capture },
			);
		}
	}
	const m = await measure(() => {
		st.calls = 0;
		target.dispatchEvent(new Event("click", { bubbles: true }));
	});
	if (st.calls !== plan.deepCalls) throw new Error(`${st.calls} listener calls per dispatch, want ${plan.deepCalls}`);
	st.logging = true;
	st.log = [];
	target.dispatchEvent(new Event("click", { bubbles: true }));
	m.check = `calls=${st.log.length} order=${fnv8(st.log.join(","))}`;
	m.detail = st.log;
	return m;
});

// W4: a non-bubbling CustomEvent with a detail to 10 listeners. The detail
// is an object of a fixed shape ({ id: 7 }, a struct in Go); the second row
// reads it from a Map instead, as the Go side then reads a map[string]any.
function customEvent(asMap) {
	return async (dom) => {
		const { document, CustomEvent } = workDoc(dom);
		const el = byId(document, plan.customTarget);
		const st = { calls: 0, logging: false, order: [] };
		const called = (i) => {
			st.calls++;
			if (st.logging) st.order.push(i);
		};
		const detail = asMap ? new Map([["id", 7]]) : { id: 7 };
		const listeners = [];
		for (let i = 0; i < plan.customListeners; i++) {
			listeners.push(asMap
				? (e) => { if (e.detail instanceof Map && e.detail.get("id") === 7) called(i); }
				: (e) => { if (e.detail && e.detail.id === 7) called(i); });
			el.addEventListener("update", listeners[i]);
		}
		const m = await measure(() => {
			st.calls = 0;
			el.dispatchEvent(new CustomEvent("update", { detail }));
		});
		if (st.calls !== plan.customListeners) throw new Error(`${st.calls} listener calls per dispatch, want ${plan.customListeners}`);
		st.logging = true;
		st.calls = 0;
		el.dispatchEvent(new CustomEvent("update", { detail }));
		m.check = `calls=${st.calls} order=${st.order.join(",")}`;
		// Both W4 rows use the same element of the same document.
		for (const l of listeners) el.removeEventListener("update", l);
		return m;
	};
}
add("W4 CustomEvent", customEvent(false));
add("W4 CustomEvent, map detail", customEvent(true));

// W5: add then remove 1,000 distinct listeners on one element.
add(`W5 add+remove ${plan.listeners}`, async (dom) => {
	const d = dom.open('<div id="t"></div>');
	const el = byId(d.document, "t");
	const st = { logging: false, calls: [] };
	const ls = [];
	for (let i = 0; i < plan.listeners; i++) {
		ls.push(() => {
			if (st.logging) st.calls.push(i);
		});
	}
	const m = await measure(() => {
		for (const l of ls) el.addEventListener("click", l);
		for (const l of ls) el.removeEventListener("click", l);
	});
	st.logging = true;
	for (const l of ls) el.addEventListener("click", l);
	el.dispatchEvent(new d.Event("click"));
	const added = st.calls.length;
	const inOrder = st.calls.every((c, i) => c === i) ? "ok" : "wrong";
	for (const l of ls) el.removeEventListener("click", l);
	st.calls = [];
	el.dispatchEvent(new d.Event("click"));
	m.check = `after-add=${added} order=${inOrder} after-remove=${st.calls.length}`;
	d.close();
	return m;
});

// W7: BitsmistJS v1's trigger and triggerSync of an event with 10 handlers
// on a unit (handler i with order i%3).
function triggerUnit(dom) {
	const d = dom.open(pages[plan.workPage]);
	const root = byId(d.document, plan.triggerRoot);
	const st = { calls: 0, logging: false, order: [] };
	const methods = {};
	const handlers = [];
	for (let i = 0; i < plan.handlers; i++) {
		methods[`h${i}`] = function () {
			st.calls++;
			if (st.logging) st.order.push(i);
		};
		handlers.push({ handler: `h${i}`, order: i % 3 });
	}
	const unit = new bm.Unit(root, {
		settings: { event: { events: { this: { handlers: { refresh: handlers } } } } },
		methods,
		CustomEvent: d.CustomEvent,
	});
	return { d, unit, st };
}

for (const sync of [false, true]) {
	add(sync ? "W7 triggerSync" : "W7 trigger", async (dom) => {
		const { d, unit, st } = triggerUnit(dom);
		await bm.start(unit);
		const fire = sync
			? () => bm.triggerSync(unit, "refresh", { id: 1 })
			: () => bm.trigger(unit, "refresh", { id: 1 });
		const m = await measure(
			async () => {
				st.calls = 0;
				await fire();
			},
			{ isAsync: true },
		);
		if (st.calls !== plan.handlers) throw new Error(`${st.calls} handler calls per trigger, want ${plan.handlers}`);
		st.logging = true;
		st.calls = 0;
		await fire();
		m.check = `calls=${st.calls} order=${st.order.join(",")}`;
		d.close();
		return m;
	});
}

// W8: starting a unit on body with 100 element entries (a click handler
// each). Every run starts a new unit on the same page and releases what it
// installed afterwards (not timed).
add("W8 start unit", async (dom) => {
	const d = dom.open(pages[plan.workPage]);
	const body = d.document.body;
	const entries = plan.startEntries.map((id) => byId(d.document, id));
	const events = {};
	for (const id of plan.startEntries) events[id] = { handlers: { click: [{ handler: "onClick" }] } };
	const st = { calls: 0 };
	const newUnit = () =>
		new bm.Unit(body, {
			settings: { event: { events } },
			methods: {
				onClick() {
					st.calls++;
				},
			},
			CustomEvent: d.CustomEvent,
		});
	const release = () => {
		bm.release(body);
		for (const el of entries) bm.release(el);
	};
	const m = await measure((unit) => bm.start(unit), { isAsync: true, setup: newUnit, teardown: release });
	// Check: start once more, click every entry's element (not bubbling),
	// wait for the handler chains, count.
	const unit = newUnit();
	await bm.start(unit);
	st.calls = 0;
	let wired = 0;
	const notWired = [];
	for (const [i, el] of entries.entries()) {
		const before = st.calls;
		el.dispatchEvent(new d.Event("click"));
		await new Promise((r) => setImmediate(r));
		if (st.calls > before) wired++;
		else notWired.push(`not wired: ${el.localName}#${plan.startEntries[i]}`);
	}
	m.check = `wired=${wired} calls=${st.calls}`;
	m.detail = notWired;
	release();
	d.close();
	return m;
});

// W9: a whole page test with Testing Library, as a JavaScript project
// writes it: parse the form page, start its two units (BitsmistJS's start
// path, as W8), five role queries, type 20 characters, click a checkbox,
// choose an option, click the submit button, and read the entries a submit
// listener finds in FormData. user-event runs with delay: null, which
// leaves out the setTimeout it would otherwise await between keys and
// clicks: the JavaScript side waits for no timer.
async function formTest(dom) {
	const f = plan.form;
	const d = dom.open(formPage);
	const doc = d.document;
	const st = { added: 0, entries: null };
	const form = byId(doc, f.form);
	const count = byId(doc, f.count);
	const status = byId(doc, f.status);
	const formUnit = new bm.Unit(byId(doc, f.formUnit), {
		settings: {
			event: {
				events: {
					name: { handlers: { input: [{ handler: "onNameInput" }] } },
					subscribe: { handlers: { change: [{ handler: "onSubscribe" }] } },
					// submit bubbles from the form to the unit's root.
					this: { handlers: { submit: [{ handler: "onSubmit" }] } },
				},
			},
		},
		methods: {
			onNameInput(sender) {
				count.textContent = String(sender.value.length);
			},
			onSubscribe(sender) {
				status.textContent = sender.checked ? "Subscribed" : "";
			},
			onSubmit() {
				form.setAttribute("data-state", "sent");
			},
		},
		CustomEvent: d.CustomEvent,
	});
	const listUnit = new bm.Unit(byId(doc, f.listUnit), {
		settings: { event: { events: { add: { rootNode: "button[data-action=add]", handlers: { click: [{ handler: "onAdd" }] } } } } },
		methods: {
			onAdd() {
				st.added++;
			},
		},
		CustomEvent: d.CustomEvent,
	});
	await bm.start(formUnit);
	await bm.start(listUnit);
	// The page's own submit listener: the request is not sent, its entries
	// are read.
	form.addEventListener("submit", (e) => {
		e.preventDefault();
		st.entries = [...new d.FormData(form)].map(([k, v]) => `${k}=${v}`);
	});

	const screen = within(doc.body);
	const found = f.queries.map((q) => screen.getByRole(q.role, { name: q.name }));
	const [, textbox, checkbox, select, submit] = found;
	const user = userEvent.setup({ document: doc, delay: null });
	await user.type(textbox, f.text);
	await user.click(checkbox);
	await user.selectOptions(select, f.option);
	await user.click(submit);
	// The handler chains BitsmistJS started run on promises: let them end.
	await new Promise((r) => setImmediate(r));
	if (!st.entries) throw new Error("the form was not submitted");
	const name = (el) => el.localName + (el.id ? "#" + el.id : "");
	const check =
		`found=${found.map(name).join(",")} count=${count.textContent} status=${status.textContent}` +
		` state=${form.getAttribute("data-state")} entries=${st.entries.join("&")}`;
	return { d, check };
}

add("W9 page test", async (dom) => {
	if (dom.noTestingLibrary) {
		return { value: 0, error: "not run: Testing Library calls window.getComputedStyle, which linkedom does not have" };
	}
	const m = await measure((ctx) => formTest(dom), {
		isAsync: true,
		setup: () => null,
		teardown: (_, res) => res.d.close(),
	});
	const res = await formTest(dom);
	m.check = res.check;
	res.d.close();
	return m;
});

// W12: an htmx interaction with real htmx 2 and htmx 4 (w12.mjs).
addW12({ add, measure, plan, pageDir, here });

// W6: live heap per element after parsing the largest page, after a full GC.
add(`W6 memory ${plan.memoryPage}`, async (dom) => {
	const html = pages[plan.memoryPage];
	const per = plan.elements[plan.memoryPage];
	const samples = [];
	let check = "";
	for (let r = 0; r < Math.min(plan.runs, 3); r++) {
		globalThis.gc();
		globalThis.gc();
		const before = process.memoryUsage().heapUsed;
		let d = dom.open(html);
		globalThis.gc();
		globalThis.gc();
		const after = process.memoryUsage().heapUsed;
		samples.push((after - before) / per);
		if (!check) check = `elements=${shapeCheck(d.document).elements}`;
		d.close();
		d = null;
	}
	return { value: median(samples), samples, check };
});

// W10: memory under churn. plan.churnCyclesJS cycles (fewer than Go's
// plan.churnCycles: see bench/compare/w10.go) of inserting a ten-element
// subtree by innerHTML into an element of a fresh copy of the work page,
// reading every element of it and removing it; after every
// plan.churnEveryJS cycles a full GC and the live heap (heapUsed). The
// value is the median time per cycle over the segments; "heap" the
// figures; the check what one cycle read.
add("W10 churn", async (dom) => {
	const d = dom.open(pages[plan.workPage]);
	const slot = byId(d.document, plan.churnTarget);
	const markup = plan.churnMarkup;
	let cycles = 0, elements = 0, chars = 0, attrs = 0;
	const samples = [];
	const heap = [];
	for (let done = 0; done < plan.churnCyclesJS; ) {
		const n = Math.min(plan.churnEveryJS, plan.churnCyclesJS - done);
		const t = now();
		for (let i = 0; i < n; i++) {
			slot.innerHTML = markup;
			const els = slot.querySelectorAll("*");
			if (els.length === 0) throw new Error("W10: the inserted subtree has no element");
			for (const el of els) {
				chars += el.textContent.length;
				if (el.getAttribute("data-i") !== null) attrs++;
			}
			elements += els.length;
			cycles++;
			els[0].remove();
		}
		samples.push(Number(now() - t) / n);
		globalThis.gc();
		globalThis.gc();
		heap.push(process.memoryUsage().heapUsed);
		done += n;
	}
	d.close();
	const c = Math.max(cycles, 1);
	const check = elements % c || chars % c || attrs % c
		? `uneven: ${cycles} cycles read ${elements} elements, ${chars} characters, ${attrs} attributes`
		: `per cycle: elements=${elements / c} chars=${chars / c} attrs=${attrs / c}`;
	return { value: median(samples), samples, heap, check };
});

// W11: every element's display and visibility through getComputedStyle,
// on the work page with Bootstrap's whole sheet in a <style> element
// (plan.style): the first time after load, again with nothing changed,
// and after a class change that hides a container. Each side must compute
// plan.style.probeDisplay for the probe (the first element whose only
// class is card: Bootstrap's .card makes it a flex box) and none for the container with Bootstrap's d-none,
// or the row fails: the sheet would not apply.
function styleOpen(dom) {
	const st = plan.style;
	if (st.error) throw new Error(st.error);
	const d = dom.open(styledPage);
	const view = d.document.defaultView;
	// The sheet is parsed outside the timer (the Go side parses a sheet
	// once for every document that has the same bytes).
	for (const sheet of d.document.styleSheets) sheet.cssRules.length;
	const els = [];
	const walk = (n) => {
		for (let c = n.firstElementChild; c; c = c.nextElementSibling) {
			els.push(c);
			walk(c);
		}
	};
	walk(d.document);
	const probe = d.document.querySelector(st.probe);
	if (!probe) throw new Error(`W11: no element ${st.probe}`);
	return { d, view, els, probe, container: byId(d.document, st.container) };
}

function stylePass(s) {
	let hidden = 0;
	for (const el of s.els) {
		const cs = s.view.getComputedStyle(el);
		if (cs.getPropertyValue("display") === "none" || cs.getPropertyValue("visibility") !== "visible") hidden++;
	}
	return hidden;
}

// styleCheck is bench/compare's styledDoc.check.
function styleCheck(s, hidden) {
	const st = plan.style;
	const probe = s.view.getComputedStyle(s.probe).getPropertyValue("display");
	if (probe !== st.probeDisplay) {
		throw new Error(`W11: the first ${st.probe}, a ${s.probe.localName}, has display "${probe}", want "${st.probeDisplay}": the sheet does not apply`);
	}
	const got = s.view.getComputedStyle(s.container).getPropertyValue("display");
	if (hidden !== (got === "none")) throw new Error(`W11: #${st.container} has display "${got}" with class "${s.container.className}"`);
	const detail = [];
	const parts = [];
	let none = 0, invisible = 0;
	for (const el of s.els) {
		const cs = s.view.getComputedStyle(el);
		const d = cs.getPropertyValue("display"), v = cs.getPropertyValue("visibility");
		if (d === "none") none++;
		if (v !== "visible") invisible++;
		const pair = `${d}/${v}`;
		detail.push(`${el.localName} ${pair}`);
		parts.push(pair + ";");
	}
	return { check: `elements=${s.els.length} none=${none} invisible=${invisible} values=${fnv8(parts.join(""))}`, detail };
}

const styleDocs = new Map(); // a DOM's page of the cached and change rows
const slowStyle = { single: true, runs: plan.style ? plan.style.runsJS : 1, warmOps: 1 };
const noComputedStyle = (dom) => {
	const d = dom.open("<p>x</p>");
	const has = typeof d.document.defaultView?.getComputedStyle === "function";
	d.close();
	return has ? null : { value: 0, error: `not run: ${dom.name} has no window.getComputedStyle` };
};

add("W11 styles, first after load", async (dom) => {
	const no = noComputedStyle(dom);
	if (no) return no;
	// The last run's page is kept: its styles, computed by that run, give
	// the check, and the next rows use it (on the 10k page happy-dom's
	// first computation takes about a minute).
	let kept = null;
	const keep = (s) => {
		if (kept) kept.d.close();
		kept = s;
	};
	const m = await measure((s) => (sink += stylePass(s)), { ...slowStyle, setup: () => styleOpen(dom), teardown: keep });
	Object.assign(m, styleCheck(kept, false));
	if (wanted("W11 styles, cached") || wanted("W11 styles, after a class hides a container")) styleDocs.set(dom.name, kept);
	else kept.d.close();
	return m;
});

function styleDoc(dom) {
	if (!styleDocs.has(dom.name)) {
		const s = styleOpen(dom);
		stylePass(s);
		styleDocs.set(dom.name, s);
	}
	return styleDocs.get(dom.name);
}

add("W11 styles, cached", async (dom) => {
	const no = noComputedStyle(dom);
	if (no) return no;
	const s = styleDoc(dom);
	const m = await measure(() => (sink += stylePass(s)));
	return Object.assign(m, styleCheck(s, false));
});

add("W11 styles, after a class hides a container", async (dom) => {
	const no = noComputedStyle(dom);
	if (no) return no;
	const s = styleDoc(dom);
	const cls = plan.style.hideClass;
	try {
		// Between runs, not timed: the class removed and every style read
		// again, so that each run starts from kept styles, as after W11's
		// cached row.
		const m = await measure(
			() => {
				s.container.classList.add(cls);
				sink += stylePass(s);
			},
			{
				...slowStyle,
				setup: () => {
					s.container.classList.remove(cls);
					stylePass(s);
				},
				teardown: () => {},
			},
		);
		return Object.assign(m, styleCheck(s, true));
	} finally {
		s.d.close();
		styleDocs.delete(dom.name);
	}
});

// --- run ---

function version(pkg) {
	try {
		return JSON.parse(readFileSync(join(here, "node_modules", pkg, "package.json"), "utf8")).version;
	} catch {
		return "";
	}
}

const TESTING_LIBRARY = ["@testing-library/dom", "@testing-library/user-event"];
const out = { node: process.version, packages: {}, results: {} };
for (const dom of DOMS) out.packages[dom.name] = version(dom.name);
for (const pkg of TESTING_LIBRARY) out.packages[pkg] = version(pkg);
Object.assign(out.packages, htmxVersions(plan, here));

for (const w of workloads) {
	out.results[w.key] = {};
	for (const dom of DOMS) {
		const t = Date.now();
		try {
			const res = await w.fn(dom);
			if (res === null) continue; // not run on this DOM
			out.results[w.key][dom.name] = res;
		} catch (err) {
			out.results[w.key][dom.name] = { value: 0, error: String((err && err.message) || err).split("\n")[0] };
		}
		const r = out.results[w.key][dom.name];
		log(`${w.key} ${dom.name}: ${r.error ? "error: " + r.error : r.value.toFixed(0)} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
	}
	if (w.key.startsWith("W4")) {
		for (const d of workDocs.values()) d.close();
		workDocs.clear();
	}
}
if (sink === -1) log(sink);
process.stdout.write(JSON.stringify(out) + "\n");
