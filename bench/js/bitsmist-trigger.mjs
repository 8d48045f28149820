// A re-implementation of the event path of BitsmistJS v1's EventPerk, for
// workloads W7 (trigger, triggerSync) and W8 (starting a unit) of the DOM
// comparison (go run ./bench/cmd/compare). BitsmistJS is not published as a
// package, so this file rebuilds, in its own code, what the original
// (src/core/perk/event-perk.js and the helpers of src/core/util/util.js in
// the bitsmist-js_v1 repository) does on that path, step for step, so that
// its cost on a DOM is the original's:
//
// - one native listener per element and event name, added the first time a
//   handler is installed for that pair, runs the element's handler list;
//   the lists live in a WeakMap keyed by element, with the unit, the
//   pending promise and a status per event name;
// - installing a handler pushes an entry and re-sorts the list by "order",
//   ascending, default 1000 (the original's rule; the specification, which
//   the Go EventPerk follows, runs the higher order first);
// - state is read and written through dotted-path helpers that split the
//   path on every call, as the original's Util.safeGet and Util.safeSet do;
// - trigger dispatches a CustomEvent whose detail is the options, then
//   returns the promise the native listener left for that event; that
//   listener chains the handlers with then(), so each starts after the
//   previous one settled, and clears its bookkeeping when the chain ends;
// - triggerSync marks the options with async = true (which leaks into the
//   detail, as in the original) and the listener calls every handler at
//   once;
// - element entries resolve through a scoped query (":scope #id") minus the
//   same query under elements marked bm-powered (nested units), two
//   querySelectorAll calls per entry;
// - starting a unit attaches the perk (its doApplySettings and
//   afterTransform handlers, order 210) and fires the start events one
//   after another with trigger; doApplySettings installs every entry and
//   afterTransform installs the entries that are not the unit itself once
//   more, so those handlers run twice per event, as in the original.
//
// Left out, because they are not on the measured path: the rest of the
// unit's life cycle (other perks, settings merging, templates, stop), the
// "penetrate" option's callers, error messages' formatting. The unit is a
// plain object holding its root element, not a custom element, and the
// CustomEvent constructor is the DOM's own, passed in, since Node's global
// one cannot be dispatched into these DOMs. This is a benchmark model, not
// a port.

const elementState = new WeakMap();

// Dotted-path read: the value at path inside obj, or fallback when a step is
// missing (the original's Util.safeGet).
function pathGet(obj, path, fallback) {
	let cur = obj;
	const steps = path.split(".");
	for (let i = 0; i < steps.length; i++) {
		if (cur !== null && typeof cur === "object" && steps[i] in cur) {
			cur = cur[steps[i]];
		} else {
			return fallback;
		}
	}
	return cur;
}

// Dotted-path write, creating the objects on the way (Util.safeSet).
function pathSet(obj, path, value) {
	const steps = path.split(".");
	let cur = obj;
	for (let i = 0; i < steps.length - 1; i++) {
		if (cur === null || typeof cur !== "object") {
			throw new TypeError(`cannot set ${path}: ${steps[i - 1]} is not an object`);
		}
		if (!(steps[i] in cur)) {
			cur[steps[i]] = {};
		}
		cur = cur[steps[i]];
	}
	cur[steps[steps.length - 1]] = value;
	return obj;
}

function ensure(cond, message) {
	if (!cond) {
		throw new TypeError(typeof message === "function" ? message() : message);
	}
}

// A unit: its root element, settings ({event: {events: {...}}}), methods
// (looked up by name when a handler is a string) and the DOM's CustomEvent.
export class Unit {
	constructor(root, { settings = {}, methods = {}, CustomEvent }) {
		this.root = root;
		this.tagName = root.tagName;
		this.settings = settings;
		this.CustomEvent = CustomEvent;
		Object.assign(this, methods);
	}
}

// event.add: install one handler for eventName on element (the unit's root
// by default).
export function addHandler(unit, eventName, handlerInfo, element, bindTo) {
	element = element || unit.root;
	const info = typeof handlerInfo === "object" ? handlerInfo : {};
	const handler = typeof handlerInfo === "object" ? handlerInfo.handler : handlerInfo;
	ensure(handler, () => `addHandler: no handler. name=${unit.tagName}, eventName=${eventName}`);

	let state = elementState.get(element);
	if (!state) {
		state = { unit, listeners: {}, promises: {}, statuses: {} };
		elementState.set(element, state);
	}
	const lists = state.listeners;
	if (!lists[eventName]) {
		lists[eventName] = [];
		// The original reads the options under this misspelt key.
		element.addEventListener(eventName, runHandlers, info.listnerOptions);
	}
	const order = pathGet(info, "order", 1000);
	lists[eventName].push({ handler, options: info.options, bindTo, order });
	lists[eventName].sort((a, b) => (a.order === b.order ? 0 : a.order > b.order ? 1 : -1));
}

// event.remove: drop the last registration of handler for eventName.
export function removeHandler(unit, eventName, handlerInfo, element) {
	element = element || unit.root;
	const handler = typeof handlerInfo === "object" ? handlerInfo.handler : handlerInfo;
	const list = pathGet(elementState.get(element), `listeners.${eventName}`);
	if (list) {
		for (let i = list.length - 1; i >= 0; i--) {
			if (list[i].handler === handler) {
				list.splice(i, 1);
				break;
			}
		}
	}
}

function isSelf(elementName, entry) {
	return elementName === "this" || (entry && (entry.rootNode ?? entry.selector) === "this");
}

// The original's scoped query: matches of ":scope <query>" under root, minus
// those inside a nested unit (an element marked bm-powered).
export function scopedSelectAll(root, query, options) {
	const base = root.unitRoot || root;
	const fragment = base.nodeType === 11;
	const all = new Set(base.querySelectorAll(fragment ? query : ":scope " + query.replace(",", ",:scope ")));
	if (!options || !options.penetrate) {
		const nested = fragment
			? "[bm-powered] " + query.replace(",", ", [bm-powered] ")
			: ":scope [bm-powered] " + query.replace(",", ", :scope [bm-powered] ");
		for (const el of base.querySelectorAll(nested)) {
			all.delete(el);
		}
	}
	return Array.from(all);
}

function targets(unit, rootNode, elementName, entry) {
	rootNode = rootNode || unit.root;
	if (isSelf(elementName, entry)) {
		return [rootNode];
	}
	const selector = entry && (entry.rootNode ?? entry.selector);
	return scopedSelectAll(rootNode, selector ? selector : `#${elementName}`);
}

// event.init: install the handlers of one element entry.
export function initEntry(unit, elementName, entry, rootNode) {
	entry = entry ? entry : pathGet(unit.settings, `event.events.${elementName}`);
	const elements = targets(unit, rootNode, elementName, entry);
	for (const eventName of Object.keys(entry.handlers)) {
		const given = entry.handlers[eventName];
		const handlers = Array.isArray(given) ? given : [given];
		for (let i = 0; i < handlers.length; i++) {
			for (let j = 0; j < elements.length; j++) {
				addHandler(unit, eventName, handlers[i], elements[j]);
			}
		}
	}
}

// The native listener: "this" is the element it is on.
function runHandlers(e) {
	const state = elementState.get(this);
	const list = pathGet(state, `listeners.${e.type}`);
	const sender = pathGet(e, "detail.sender", this);
	const unit = pathGet(state, "unit");
	const statusPath = `statuses.${e.type}`;
	const promisePath = `promises.${e.type}`;

	pathSet(state, statusPath, "handling");
	if (pathGet(e, "detail.async", false) === false) {
		state.promises[e.type] = chain(e, sender, unit, list)
			.then(() => {
				pathSet(state, promisePath, null);
				pathSet(state, statusPath, "");
			})
			.catch((err) => {
				pathSet(state, promisePath, null);
				pathSet(state, statusPath, "");
				throw err;
			});
	} else {
		try {
			state.promises[e.type] = callAll(e, sender, unit, list);
			pathSet(state, promisePath, null);
			pathSet(state, statusPath, "");
		} catch (err) {
			pathSet(state, promisePath, null);
			pathSet(state, statusPath, "");
			throw err;
		}
	}
}

function resolveHandler(unit, entry, e) {
	let fn = entry.handler;
	fn = typeof fn === "string" ? unit[fn] : fn;
	ensure(typeof fn === "function", () => `handler is not a function. name=${unit.tagName}, eventName=${e.type}`);
	return fn;
}

// trigger's path: each handler starts when the previous one has settled.
function chain(e, sender, unit, list) {
	let p = Promise.resolve();
	let stop = false;
	for (let i = 0; i < list.length; i++) {
		const ex = { unit, options: list[i].options ? list[i].options : {} };
		p = p.then(() => {
			const fn = resolveHandler(unit, list[i], e);
			return fn.call(list[i].bindTo ? list[i].bindTo : unit, sender, e, ex);
		});
		if (list[i].options && list[i].options.stopPropagation) {
			stop = true;
		}
	}
	if (stop) {
		e.stopPropagation();
	}
	return p;
}

// triggerSync's path: every handler now, without waiting.
function callAll(e, sender, unit, list) {
	let stop = false;
	for (let i = 0; i < list.length; i++) {
		const ex = { unit, options: list[i].options ? list[i].options : {} };
		const fn = resolveHandler(unit, list[i], e);
		fn.call(list[i].bindTo ? list[i].bindTo : unit, sender, e, ex);
		if (list[i].options && list[i].options.stopPropagation) {
			stop = true;
		}
	}
	if (stop) {
		e.stopPropagation();
	}
	return Promise.resolve();
}

// event.trigger: fire eventName on element (the unit's root by default) and
// return the promise of its handler chain.
export function trigger(unit, eventName, options, element) {
	options = options || {};
	element = element ? element : unit.root;
	element.dispatchEvent(new unit.CustomEvent(eventName, { detail: options }));
	return pathGet(elementState.get(element), `promises.${eventName}`) || Promise.resolve();
}

// event.triggerSync: the same, calling the handlers without waiting.
export function triggerSync(unit, eventName, options, element) {
	options = options || {};
	options.async = true;
	return trigger(unit, eventName, options, element);
}

function onDoApplySettings(sender, e, ex) {
	for (const [name, entry] of Object.entries(pathGet(e.detail, "settings.event.events", {}))) {
		initEntry(this, name, entry);
	}
}

function onAfterTransform(sender, e, ex) {
	for (const [name, entry] of Object.entries(pathGet(this.settings, "event.events", {}))) {
		if (!isSelf(name, entry)) {
			initEntry(this, name, entry);
		}
	}
}

// The start events, in the order a unit fires them.
export const START_EVENTS = [
	"beforeApplySettings",
	"doApplySettings",
	"afterApplySettings",
	"beforeStart",
	"beforeTransform",
	"doTransform",
	"afterTransform",
	"doStart",
	"afterStart",
	"afterReady",
];

// start: attach the perk, then fire the start events one after another.
export async function start(unit) {
	addHandler(unit, "doApplySettings", { handler: onDoApplySettings, order: 210 });
	addHandler(unit, "afterTransform", { handler: onAfterTransform, order: 210 });
	for (const name of START_EVENTS) {
		const options = name.endsWith("ApplySettings") ? { settings: unit.settings } : {};
		await trigger(unit, name, options);
	}
}

// For the benchmark only, not in the original: forget everything installed
// on element and remove its native listeners, so that the next run starts
// from the same page.
export function release(element) {
	const state = elementState.get(element);
	if (!state) {
		return;
	}
	for (const eventName of Object.keys(state.listeners)) {
		element.removeEventListener(eventName, runHandlers);
	}
	elementState.delete(element);
}
