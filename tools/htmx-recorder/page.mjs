// The page side of the recorder: a script Chromium runs at the start of
// every document of a recording, before any of the page's own scripts (so
// before htmx), through Page.addScriptToEvaluateOnNewDocument. It
//
//  - replaces setTimeout, setInterval, their clear functions, Date.now and
//    performance.now with a virtual clock that stands still until the
//    recorder advances it, so delays, throttles, polling and swap/settle
//    timing happen at the same virtual moment on every run;
//  - counts the XMLHttpRequests and fetches in flight (and the response
//    bodies being read), so the recorder knows when the page is idle;
//  - reports every event a script dispatches (htmx's events, the events of
//    HX-Trigger headers) through the CDP binding __recEmit, with its target
//    as a selector and its detail made JSON-safe, at dispatch time;
//  - notes when the document is about to be left (a navigate event whose
//    destination is another document).
//
// pageScript returns the source; it runs in the page, so it may use only
// page globals.
export function pageScript() {
  return '(' + install.toString() + ')();';
}

function install() {
  if (window.__rec) return;
  const emit = window.__recEmit;
  const realSetTimeout = window.setTimeout.bind(window);

  // Virtual clock. Timers run only when the recorder calls runDue (those
  // due by now, in due order, then creation order) or advances now.
  let now = 0;
  const epoch = 1704067200000; // 2024-01-01T00:00:00Z
  let seq = 0;
  const timers = new Map();
  const addTimer = (fn, ms, args, repeat) => {
    const id = ++seq;
    const d = Math.max(0, Number(ms) || 0);
    timers.set(id, { id, due: now + d, fn, args, every: repeat ? Math.max(1, d) : 0 });
    return id;
  };
  window.setTimeout = function setTimeout(fn, ms, ...args) { return addTimer(fn, ms, args, false); };
  window.setInterval = function setInterval(fn, ms, ...args) { return addTimer(fn, ms, args, true); };
  window.clearTimeout = function clearTimeout(id) { timers.delete(id); };
  window.clearInterval = function clearInterval(id) { timers.delete(id); };
  Date.now = () => epoch + now;
  performance.now = () => now;
  const nextTimer = () => {
    let best = null;
    for (const t of timers.values()) if (!best || t.due < best.due || (t.due === best.due && t.id < best.id)) best = t;
    return best;
  };

  // Requests in flight: an XMLHttpRequest from send to loadend, a fetch
  // until its promise settles, a response body until it has been read.
  let pending = 0;
  const origSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function send(...a) {
    pending++;
    this.addEventListener('loadend', () => { pending--; }, { once: true });
    try {
      return origSend.apply(this, a);
    } catch (e) {
      pending--;
      throw e;
    }
  };
  const origFetch = window.fetch;
  window.fetch = function fetch(...a) {
    pending++;
    let p;
    try {
      p = origFetch.apply(this, a);
    } catch (e) {
      pending--;
      throw e;
    }
    p.then(() => { pending--; }, () => { pending--; });
    return p;
  };
  for (const m of ['text', 'json', 'arrayBuffer', 'blob', 'formData']) {
    const orig = Response.prototype[m];
    Response.prototype[m] = function read(...a) {
      pending++;
      const p = orig.apply(this, a);
      p.then(() => { pending--; }, () => { pending--; });
      return p;
    };
  }

  let leaving = false;
  if (window.navigation) {
    navigation.addEventListener('navigate', (e) => {
      if (!e.destination.sameDocument) leaving = true;
    });
  }

  // desc names a node for a recording: "#id", html/head/body, a path of
  // :nth-of-type steps from the nearest of those, "document", "window";
  // a node outside the document is "detached:" and its tag (and id).
  const desc = (n) => {
    if (n == null) return null;
    if (n === window) return 'window';
    if (n === document) return 'document';
    if (n.nodeType === 11) return '#fragment';
    if (n.nodeType !== 1) return '#' + n.nodeName.replace(/^#/, '');
    if (!n.isConnected) return 'detached:' + n.localName + (n.id ? '#' + n.id : '');
    const parts = [];
    for (let e = n; e; e = e.parentElement) {
      if (e.id && e.ownerDocument.getElementById(e.id) === e) { parts.push('#' + e.id); break; }
      const name = e.localName;
      if (name === 'html' || name === 'head' || name === 'body' || !e.parentElement) { parts.push(name); break; }
      let k = 1;
      for (let s = e.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === name) k++;
      parts.push(name + ':nth-of-type(' + k + ')');
    }
    return parts.reverse().join(' > ');
  };
  const fragmentHTML = (f) => [...f.childNodes].map((c) => (c.nodeType === 1 ? c.outerHTML : c.textContent)).join('');
  const entries = (fd) => {
    const out = [];
    for (const [k, v] of fd) out.push([k, typeof v === 'string' ? v : { file: v.name, size: v.size }]);
    return out;
  };
  const eventSummary = (e) => (e && typeof e === 'object' && 'type' in e ? { type: e.type, target: desc(e.target) } : e);

  // Keys of event details left out: the response text (the scenario has
  // it), references back to the element (the event's target), functions
  // and objects of the browser's machinery.
  const skip = new Set([
    'elt', 'etc', 'settleInfo', 'fetch', 'signal', 'abort', 'requestTimeout', 'text', 'serverResponse', 'cache',
    'content', 'unfilteredParameters', 'unfilteredFormData', 'formData', 'document', 'raw', 'issueRequest',
    'dropRequest', 'listeners', 'useUrlParams', 'withCredentials', 'credentials', 'mode',
  ]);
  const ser = (v, key, depth, seen) => {
    if (v == null || typeof v === 'boolean' || typeof v === 'number') return v;
    if (typeof v === 'string') return (key === 'response' || key === 'serverResponse') ? undefined : v;
    if (typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') return undefined;
    if (v === window || v instanceof Node) {
      if (v instanceof DocumentFragment) return { fragment: fragmentHTML(v) };
      return desc(v);
    }
    if (v instanceof Event) return eventSummary(v);
    if (v instanceof URL) return v.href;
    if (v instanceof FormData || v instanceof URLSearchParams) return entries(v);
    if (v instanceof Headers) return Object.fromEntries([...v].sort());
    if (v instanceof XMLHttpRequest) return { status: v.status };
    if (v instanceof Response) return { status: v.status, url: v.url };
    if (v instanceof Error) return v.name + ': ' + v.message;
    if (v instanceof AbortSignal || v instanceof AbortController || v instanceof Promise) return undefined;
    if (typeof File !== 'undefined' && v instanceof File) return { file: v.name, size: v.size };
    if (seen.has(v)) return '[cycle]';
    if (depth > 5) return '[deep]';
    seen.add(v);
    try {
      if (Array.isArray(v) || v instanceof NodeList || v instanceof HTMLCollection) {
        return [...v].map((x) => { const s = ser(x, '', depth + 1, seen); return s === undefined ? null : s; });
      }
      if (key === 'xhr') return { status: v.status };
      if (key === 'requestConfig') return { verb: v.verb, path: v.path };
      if (key === 'item') return { url: v.url, title: v.title };
      const out = {};
      for (const k of Object.keys(v)) {
        if (skip.has(k)) continue;
        let s;
        try { s = ser(v[k], k, depth + 1, seen); } catch (e) { s = '[error]'; }
        if (s !== undefined) out[k] = s;
      }
      return out;
    } finally {
      seen.delete(v);
    }
  };
  // htmx 4 puts its request context (ctx) into most details; the request
  // (headers, body) is given in full where it is being configured and
  // sent, and only by method and action elsewhere.
  const fullRequest = new Set(['htmx:config:request', 'htmx:before:request', 'htmx:confirm']);
  const summarize = (type, detail) => {
    if (detail == null || typeof detail !== 'object') return ser(detail, '', 0, new WeakSet());
    const out = ser(detail, '', 0, new WeakSet());
    if (out && out.ctx && out.ctx.request && !fullRequest.has(type)) {
      const r = out.ctx.request;
      out.ctx.request = { method: r.method, action: r.action };
    }
    if (out && out.ctx && out.ctx.response) delete out.ctx.response.headers;
    return out;
  };

  const kebab = (s) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  const ownEvents = new WeakSet();
  let lastDetail = null;
  let lastType = '';
  const origDispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function dispatchEvent(ev) {
    if (ownEvents.has(ev)) return origDispatch.call(this, ev);
    const detail = ev instanceof CustomEvent ? ev.detail : undefined;
    // htmx 2 dispatches each camelCase event a second time under its
    // kebab-case name with the same detail: noted on the first record.
    if (detail != null && typeof detail === 'object' && detail === lastDetail && ev.type === kebab(lastType) && ev.type !== lastType) {
      emit(JSON.stringify({ kind: 'alias', type: ev.type }));
      return origDispatch.call(this, ev);
    }
    const rec = { t: now, type: ev.type, target: desc(this) };
    if (!ev.bubbles) rec.bubbles = false;
    let d;
    try { d = summarize(ev.type, detail); } catch (e) { d = '[error: ' + e.message + ']'; }
    if (d !== undefined && !(d && typeof d === 'object' && !Array.isArray(d) && Object.keys(d).length === 0)) rec.detail = d;
    lastDetail = detail;
    lastType = ev.type;
    emit(JSON.stringify({ kind: 'event', rec }));
    const result = origDispatch.call(this, ev);
    if (ev.defaultPrevented) emit(JSON.stringify({ kind: 'prevented', type: ev.type }));
    return result;
  };

  const strip = (root) => {
    for (const s of root.querySelectorAll('script[src^="/htmx-"]')) s.remove();
    return root;
  };
  const controls = () => {
    const out = {};
    for (const el of document.querySelectorAll('input, textarea, select')) {
      const key = desc(el);
      if (el.localName === 'select') {
        const changed = [...el.options].some((o) => o.selected !== o.defaultSelected);
        if (changed) out[key] = [...el.selectedOptions].map((o) => o.value);
      } else if (el.type === 'checkbox' || el.type === 'radio') {
        if (el.checked !== el.defaultChecked) out[key] = el.checked;
      } else if (el.type !== 'file' && el.value !== el.defaultValue) out[key] = el.value;
    }
    return out;
  };

  Object.defineProperty(window, '__rec', {
    enumerable: false,
    value: {
      state() {
        const t = nextTimer();
        return { pending, leaving, now, due: !!(t && t.due <= now), next: t ? t.due : null };
      },
      clearLeaving() { leaving = false; },
      // runDue runs the timers due by now, one at a time, letting the
      // page's microtasks run between them as the event loop would.
      async runDue() {
        for (let n = 0; n < 1000; n++) {
          const t = nextTimer();
          if (!t || t.due > now) return n;
          if (t.every) t.due += t.every;
          else timers.delete(t.id);
          try {
            if (typeof t.fn === 'function') t.fn.apply(window, t.args);
            else (0, eval)(String(t.fn));
          } catch (e) {
            realSetTimeout(() => { throw e; });
          }
          await new Promise((r) => realSetTimeout(r, 0));
        }
        throw new Error('more than 1000 timers at one moment');
      },
      // moveTo moves the clock forward to ms (never back).
      moveTo(ms) { if (ms > now) now = ms; return now; },
      // idle waits for two animation frames and a task, for the work the
      // page schedules outside timers (observers, rendering).
      idle() {
        return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => realSetTimeout(r, 0))));
      },
      dispatch(selector, type, detail, bubbles) {
        const el = selector === 'document' ? document : selector === 'window' ? window : document.querySelector(selector);
        if (!el) throw new Error('dispatch: no element ' + selector);
        const ev = new CustomEvent(type, { bubbles, cancelable: true, detail });
        ownEvents.add(ev);
        return el.dispatchEvent(ev);
      },
      snapshot() {
        const body = document.body ? strip(document.body.cloneNode(true)).outerHTML : null;
        const a = document.activeElement;
        const out = { t: now, url: location.href, title: document.title };
        if (a && a !== document.body && a !== document.documentElement) out.focus = desc(a);
        const scroll = {};
        if (window.scrollY) scroll.window = Math.round(window.scrollY);
        for (const el of document.querySelectorAll('*')) if (el !== document.documentElement && el.scrollTop) scroll[desc(el)] = Math.round(el.scrollTop);
        if (Object.keys(scroll).length) out.scroll = scroll;
        const v = controls();
        if (Object.keys(v).length) out.values = v;
        out.body = body;
        return out;
      },
    },
  });
}
