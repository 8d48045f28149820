// Records what headless Chromium does for every scenario in
// vdom/testdata/browser/scenarios and writes it to
// vdom/testdata/browser/recorded, the golden files vdom's replay test
// (vdom/browser_replay_test.go) compares against. See README.md.
//
//	node tools/chromium-recorder/record.mjs            re-record all, write
//	node tools/chromium-recorder/record.mjs --check    re-record all, compare only
//	node tools/chromium-recorder/record.mjs state-     only names with this prefix
//
// Environment: CHROMIUM (default /usr/bin/chromium).
import { readFileSync, writeFileSync, readdirSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { pointerPageInstall, runPointerStep } from './pointer.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const scenarioDir = join(root, 'vdom', 'testdata', 'browser', 'scenarios');
const recordedDir = join(root, 'vdom', 'testdata', 'browser', 'recorded');
const origin = 'http://eventperk.test/';

const args = process.argv.slice(2);
const check = args.includes('--check');
const prefixes = args.filter((a) => !a.startsWith('--'));

// pageDocument is the document Chromium loads for a scenario; the replay test
// builds the same string (a whole document is used as it is, a fragment goes
// into a body).
export function pageDocument(src) {
  if (/^\s*(<!doctype|<html)/i.test(src)) return src;
  return '<!DOCTYPE html><html><head><meta charset="utf-8"><title>scenario</title></head><body>' + src + '</body></html>';
}

// Keys of the `key` step: what a US keyboard sends for them. A key not
// named here is a character (see charKey).
const keys = {
  Enter: { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13, text: '\r', unmodifiedText: '\r' },
  Space: { key: ' ', code: 'Space', windowsVirtualKeyCode: 32, nativeVirtualKeyCode: 32, text: ' ', unmodifiedText: ' ' },
  Tab: { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9, nativeVirtualKeyCode: 9 },
  Escape: { key: 'Escape', code: 'Escape', windowsVirtualKeyCode: 27, nativeVirtualKeyCode: 27 },
  ...editingKeys(),
};

// editingKeys are the named keys of text editing and the function keys,
// without text.
function editingKeys() {
  const vk = {
    Backspace: 8, Delete: 46, ArrowLeft: 37, ArrowUp: 38, ArrowRight: 39, ArrowDown: 40,
    Home: 36, End: 35, PageUp: 33, PageDown: 34, Insert: 45,
    F1: 112, F2: 113, F3: 114, F4: 115, F5: 116, F6: 117, F7: 118, F8: 119, F9: 120, F10: 121, F11: 122, F12: 123,
  };
  const out = {};
  for (const [k, code] of Object.entries(vk)) {
    out[k] = { key: k, code: k, windowsVirtualKeyCode: code, nativeVirtualKeyCode: code };
  }
  return out;
}

// usCodes maps the characters of a US keyboard to the physical key (code)
// and its Windows virtual key code; shifted characters share their key's.
const usCodes = (() => {
  const m = new Map();
  for (let c = 0; c < 26; c++) {
    const lower = String.fromCharCode(97 + c);
    const upper = lower.toUpperCase();
    m.set(lower, ['Key' + upper, 65 + c]);
    m.set(upper, ['Key' + upper, 65 + c]);
  }
  const digitsShifted = ')!@#$%^&*(';
  for (let d = 0; d < 10; d++) {
    m.set(String(d), ['Digit' + d, 48 + d]);
    m.set(digitsShifted[d], ['Digit' + d, 48 + d]);
  }
  const rest = [
    [' ', 'Space', 32], ['-', 'Minus', 189], ['_', 'Minus', 189], ['=', 'Equal', 187], ['+', 'Equal', 187],
    ['[', 'BracketLeft', 219], ['{', 'BracketLeft', 219], [']', 'BracketRight', 221], ['}', 'BracketRight', 221],
    ['\\', 'Backslash', 220], ['|', 'Backslash', 220], [';', 'Semicolon', 186], [':', 'Semicolon', 186],
    ["'", 'Quote', 222], ['"', 'Quote', 222], [',', 'Comma', 188], ['<', 'Comma', 188], ['.', 'Period', 190],
    ['>', 'Period', 190], ['/', 'Slash', 191], ['?', 'Slash', 191], ['`', 'Backquote', 192], ['~', 'Backquote', 192],
  ];
  for (const [c, code, vk] of rest) m.set(c, [code, vk]);
  return m;
})();

// charKey is the key press that types the character c: its key on a US
// keyboard, or, for a character the keyboard has no key for, key c with
// no code (as an input method sends it).
function charKey(c) {
  const [code, vk] = usCodes.get(c) || ['', 0];
  return { key: c, code, windowsVirtualKeyCode: vk, nativeVirtualKeyCode: vk, text: c, unmodifiedText: c };
}

// modifierBits are the protocol's modifier flags.
const modifierBits = { Alt: 1, Control: 2, Meta: 4, Shift: 8 };

// modifierKeys are the left-hand modifier keys, for keyDown and keyUp.
const modifierKeys = {
  Shift: { key: 'Shift', code: 'ShiftLeft', windowsVirtualKeyCode: 16, nativeVirtualKeyCode: 16, location: 1 },
  Control: { key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17, nativeVirtualKeyCode: 17, location: 1 },
  Alt: { key: 'Alt', code: 'AltLeft', windowsVirtualKeyCode: 18, nativeVirtualKeyCode: 18, location: 1 },
  Meta: { key: 'Meta', code: 'MetaLeft', windowsVirtualKeyCode: 91, nativeVirtualKeyCode: 91, location: 1 },
};

// keyPress resolves a `key` step's key: a named key or a character, after
// any modifiers joined with "+" ("Shift+ArrowLeft", "Control+a"). The
// modifier keys themselves send no events, as with "Shift+Tab". With
// Control, Alt or Meta a character sends no text: the key is a shortcut
// (Chromium on Linux runs Control+a as select all from the key down) and
// makes no keypress.
function keyPress(spec, held = 0) {
  const parts = spec === '+' ? ['+'] : spec.split('+');
  let name = parts.pop();
  if (name === '' && spec.endsWith('+')) name = '+';
  let modifiers = 0;
  for (const m of parts) {
    if (!(m in modifierBits)) throw new Error('unknown modifier ' + m + ' in key ' + spec);
    modifiers |= modifierBits[m];
  }
  let k = keys[name];
  if (!k) {
    if ([...name].length !== 1) throw new Error('unknown key ' + spec);
    k = charKey(name);
  }
  k = { ...k };
  modifiers |= held;
  if (modifiers) k.modifiers = modifiers;
  if (modifiers & (modifierBits.Control | modifierBits.Alt | modifierBits.Meta)) {
    delete k.text;
    delete k.unmodifiedText;
  }
  return k;
}

// fillClipboard puts text on the clipboard before the page's listeners are
// installed: a textarea made for it, its text selected and copied with
// Control+c, removed again (http pages have no navigator.clipboard).
async function fillClipboard(page, cdp, text) {
  await page.evaluate((t) => {
    const ta = document.createElement('textarea');
    ta.id = '__clipboard';
    ta.value = t;
    document.body.append(ta);
    ta.select();
  }, text);
  await pressKey(page, cdp, keyPress('Control+c'), false);
  await page.evaluate(() => {
    document.getElementById('__clipboard').remove();
    if (document.activeElement) document.activeElement.blur();
  });
}

// pressKey sends one key press as a keyboard does: keyDown (with text, so
// Chromium fires keypress and inserts the text) or rawKeyDown, then keyUp.
// With hold the page's event loop runs in between, as it does while a
// finger holds a key: the tasks the key down queued (a select event) run
// before the key up instead of racing it.
async function pressKey(page, cdp, k, hold) {
  await cdp.send('Input.dispatchKeyEvent', { type: k.text ? 'keyDown' : 'rawKeyDown', ...k });
  if (hold) await page.evaluate(() => window.__rec.settle());
  const { text, unmodifiedText, ...up } = k;
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...up });
}

// earlyInstall runs in the page before anything of it (evaluateOnNewDocument)
// for a scenario with loadEvents: capture listeners on the window keep the
// events of those types that fire while the page loads (a details element
// parsed with open queues its toggle then), for pageInstall's log.
function earlyInstall(types) {
  window.__early = [];
  for (const t of types) window.addEventListener(t, (ev) => window.__early.push({ ev, target: ev.target }), true);
}

// The page side: listeners that record events and the functions the steps
// call. Runs in the page through evaluate, so it may use only page globals.
function pageInstall(opts) {
  const cancels = opts.listeners;
  const withSelection = opts.selection;
  const withKeyCodes = opts.keyCodes;
  const recordedTypes = [
    'click', 'dblclick', 'auxclick', 'contextmenu', 'mousedown', 'mouseup', 'pointerdown', 'pointerup',
    'input', 'change', 'beforeinput', 'submit', 'reset', 'invalid', 'formdata', 'toggle',
    'focus', 'blur', 'focusin', 'focusout', 'keydown', 'keypress', 'keyup', 'select', 'paste',
    // The scenario's own further types (alsoRecord): hashchange,
    // popstate, selectionchange, beforematch, ... which the older recordings do
    // not have.
    ...(opts.alsoRecord || []),
  ];
  const hoverTypes = [
    'mouseover', 'mouseout', 'mouseenter', 'mouseleave', 'mousemove',
    'pointerover', 'pointerout', 'pointerenter', 'pointerleave', 'pointermove',
  ];
  const desc = (t) => {
    if (t == null) return null;
    if (t === window) return 'window';
    if (t === document) return 'document';
    if (t.nodeType !== 1) return '#' + t.nodeName;
    if (t.id) return '#' + t.id;
    const name = t.localName;
    if (name === 'html' || name === 'head' || name === 'body' || !t.parentElement) return name;
    let k = 1;
    for (let s = t.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === name) k++;
    return desc(t.parentElement) + ' > ' + name + ':nth-of-type(' + k + ')';
  };
  const log = [];
  const record = (hover) => (ev) => {
    const r = { ev, type: ev.type, target: desc(ev.target) };
    if (hover) r.hover = true;
    if ('relatedTarget' in ev) r.relatedTarget = desc(ev.relatedTarget);
    if ('submitter' in ev) r.submitter = desc(ev.submitter);
    log.push(r);
  };
  // The events of the scenario's loadEvents types that fired while the
  // page loaded, recorded by earlyInstall before the page's own scripts.
  for (const e of window.__early || []) log.push({ ev: e.ev, type: e.ev.type, target: desc(e.target) });
  if (window.__early) window.__early.length = 0;
  for (const t of recordedTypes) window.addEventListener(t, record(false), true);
  for (const t of hoverTypes) window.addEventListener(t, record(true), true);
  for (const c of cancels || []) {
    const el = document.querySelector(c.on);
    if (!el) throw new Error('listener target not found: ' + c.on);
    if (c.cancel) el.addEventListener(c.cancel, (e) => e.preventDefault());
    // A listener that sets the value, as a page's formatting code does.
    if (c.setValue != null) el.addEventListener(c.event, () => { el.value = c.setValue; });
  }

  const historyAtStart = history.length;
  const take = () => selectFirst(log.splice(0).map((r) => {
    const ev = r.ev;
    const o = {
      type: r.type, target: r.target, interface: ev.constructor.name,
      isTrusted: ev.isTrusted, bubbles: ev.bubbles, cancelable: ev.cancelable,
      defaultPrevented: ev.defaultPrevented,
    };
    if (r.hover) o.hover = true;
    if (ev instanceof MouseEvent) {
      Object.assign(o, { button: ev.button, buttons: ev.buttons, detail: ev.detail });
    }
    if (ev instanceof PointerEvent) {
      Object.assign(o, {
        pointerId: ev.pointerId, pointerType: ev.pointerType, isPrimary: ev.isPrimary,
        width: ev.width, height: ev.height, pressure: ev.pressure,
      });
    }
    if (ev instanceof KeyboardEvent) {
      Object.assign(o, { key: ev.key, code: ev.code, location: ev.location, repeat: ev.repeat, isComposing: ev.isComposing });
      if (withKeyCodes) Object.assign(o, { keyCode: ev.keyCode, charCode: ev.charCode });
    }
    if (ev instanceof MouseEvent || ev instanceof KeyboardEvent) {
      Object.assign(o, { ctrlKey: ev.ctrlKey, shiftKey: ev.shiftKey, altKey: ev.altKey, metaKey: ev.metaKey });
    }
    if (ev instanceof InputEvent) {
      Object.assign(o, { inputType: ev.inputType, data: ev.data, isComposing: ev.isComposing });
    }
    if (ev instanceof MouseEvent || ev instanceof FocusEvent) o.relatedTarget = r.relatedTarget;
    if (typeof SubmitEvent !== 'undefined' && ev instanceof SubmitEvent) o.submitter = r.submitter;
    if (typeof ToggleEvent !== 'undefined' && ev instanceof ToggleEvent) {
      Object.assign(o, { oldState: ev.oldState, newState: ev.newState });
    }
    if (ev instanceof HashChangeEvent) Object.assign(o, { oldURL: ev.oldURL, newURL: ev.newURL });
    if (ev instanceof PopStateEvent) Object.assign(o, { state: ev.state, hasUAVisualTransition: ev.hasUAVisualTransition });
    return o;
  }));
  // selectFirst writes a selectionchange followed by a select at the same
  // element as select, selectionchange: Chromium queues the two in task
  // queues of their own (selectionchange in the misc platform API queue,
  // a script's select in the user interaction one), and which runs first
  // changes from run to run.
  function selectFirst(events) {
    for (let i = 0; i + 1 < events.length; i++) {
      const a = events[i], b = events[i + 1];
      if (a.type === 'selectionchange' && b.type === 'select' && a.target === b.target) {
        events[i] = b;
        events[i + 1] = a;
        i++;
      }
    }
    return events;
  }

  const validityNames = [
    'valueMissing', 'typeMismatch', 'patternMismatch', 'tooLong', 'tooShort', 'rangeUnderflow',
    'rangeOverflow', 'stepMismatch', 'badInput', 'customError',
  ];
  const validation = (el, o) => {
    o.validity = validityNames.filter((n) => el.validity[n]);
    o.validationMessage = el.validationMessage;
    o.willValidate = el.willValidate;
  };
  const pseudoClasses = [
    ':checked', ':disabled', ':enabled', ':required', ':optional', ':valid', ':invalid', ':in-range',
    ':out-of-range', ':read-only', ':read-write', ':placeholder-shown', ':default', ':focus', ':focus-within',
    ':focus-visible', ':indeterminate', ':any-link', ':link',
  ];
  const state = () => {
    const controls = [];
    for (const el of document.querySelectorAll('input[id], select[id], textarea[id], button[id], option[id], details[id], dialog[id], form[id], fieldset[id], a[id]')) {
      const o = { id: el.id };
      switch (el.localName) {
        case 'input':
          o.value = el.value;
          if (el.type === 'checkbox' || el.type === 'radio') {
            o.checked = el.checked;
            o.indeterminate = el.indeterminate;
          }
          validation(el, o);
          break;
        case 'textarea':
          o.value = el.value;
          validation(el, o);
          break;
        case 'select':
          o.value = el.value;
          o.selectedIndex = el.selectedIndex;
          validation(el, o);
          break;
        case 'button':
          o.value = el.value;
          validation(el, o);
          break;
        case 'option':
          o.value = el.value;
          o.selected = el.selected;
          break;
        case 'details':
          o.open = el.open;
          break;
        case 'dialog':
          o.open = el.open;
          o.returnValue = el.returnValue;
          break;
      }
      if (withSelection && (el.localName === 'input' || el.localName === 'textarea') && el.selectionStart != null) {
        Object.assign(o, { selectionStart: el.selectionStart, selectionEnd: el.selectionEnd, selectionDirection: el.selectionDirection });
      }
      o.matches = pseudoClasses.filter((p) => el.matches(p));
      controls.push(o);
    }
    const out = { activeElement: desc(document.activeElement), controls };
    if (opts.location) {
      // The document's URL as the Window reports it, what it indicates
      // (the :target element), and the session history entries added
      // since the recorder's listeners were installed.
      Object.assign(out, {
        url: document.URL, hash: location.hash, target: desc(document.querySelector(':target')),
        historyAdded: history.length - historyAtStart,
      });
    }
    if (opts.attributes) {
      // The named attributes of the elements with an id that have them.
      const attrs = {};
      for (const e of document.querySelectorAll('[id]')) {
        const o = {};
        for (const n of opts.attributes) if (e.hasAttribute(n)) o[n] = e.getAttribute(n);
        if (Object.keys(o).length) attrs['#' + e.id] = o;
      }
      out.attributes = attrs;
    }
    return out;
  };

  const el = (sel) => {
    const e = document.querySelector(sel);
    if (!e) throw new Error('step target not found: ' + sel);
    return e;
  };
  const calls = {
    click: (e) => e.click(),
    focus: (e) => e.focus(),
    blur: (e) => e.blur(),
    requestSubmit: (e, sub) => (sub == null ? e.requestSubmit() : e.requestSubmit(el(sub))),
    submit: (e) => e.submit(),
    reset: (e) => e.reset(),
    setValue: (e, v) => { e.value = v; },
    setDefaultValue: (e, v) => { e.defaultValue = v; },
    setChecked: (e, b) => { e.checked = b; },
    setDefaultChecked: (e, b) => { e.defaultChecked = b; },
    setIndeterminate: (e, b) => { e.indeterminate = b; },
    setSelected: (e, b) => { e.selected = b; },
    setSelectedIndex: (e, i) => { e.selectedIndex = i; },
    setCustomValidity: (e, m) => e.setCustomValidity(m),
    checkValidity: (e) => e.checkValidity(),
    reportValidity: (e) => e.reportValidity(),
    setAttribute: (e, n, v) => e.setAttribute(n, v),
    removeAttribute: (e, n) => e.removeAttribute(n),
    stepUp: (e, n) => e.stepUp(n),
    stepDown: (e, n) => e.stepDown(n),
    remove: (e) => e.remove(),
    select: (e) => e.select(),
    setSelectionRange: (e, ...a) => e.setSelectionRange(...a),
    setRangeText: (e, ...a) => e.setRangeText(...a),
    setSelectionStart: (e, v) => { e.selectionStart = v; },
    setSelectionEnd: (e, v) => { e.selectionEnd = v; },
    setSelectionDirection: (e, v) => { e.selectionDirection = v; },
    insertAdjacentHTML: (e, pos, html) => e.insertAdjacentHTML(pos, html),
  };
  window.__rec = {
    take, state,
    call(on, method, args) {
      const f = calls[method];
      if (!f) throw new Error('unknown call: ' + method);
      try {
        const v = f(el(on), ...(args || []));
        return v === undefined ? {} : { return: v };
      } catch (err) {
        return { throws: err.name };
      }
    },
    settle: () => new Promise((res) => setTimeout(() => requestAnimationFrame(() => setTimeout(res, 20)), 20)),
  };
}

// format writes JSON with one line per event, control and navigation, so a
// recording reads (and diffs) one fact a line.
function format(v, indent = '') {
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    const inner = indent + ' ';
    if (v.every((x) => x === null || typeof x !== 'object' || !Object.values(x).some((y) => Array.isArray(y) && y.some((z) => typeof z === 'object')))) {
      return '[\n' + v.map((x) => inner + JSON.stringify(x)).join(',\n') + '\n' + indent + ']';
    }
    return '[\n' + v.map((x) => inner + format(x, inner)).join(',\n') + '\n' + indent + ']';
  }
  if (v !== null && typeof v === 'object') {
    const inner = indent + ' ';
    const parts = Object.entries(v).map(([k, x]) => inner + JSON.stringify(k) + ': ' + format(x, inner));
    return parts.length ? '{\n' + parts.join(',\n') + '\n' + indent + '}' : '{}';
  }
  return JSON.stringify(v);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// normaliseBody replaces Chromium's random multipart boundary.
function navigationRecord(req) {
  const headers = Object.fromEntries(Object.entries(req.headers || {}).map(([k, v]) => [k.toLowerCase(), v]));
  let contentType = headers['content-type'] || '';
  let body = '';
  if (req.postDataEntries) {
    body = Buffer.concat(req.postDataEntries.map((e) => Buffer.from(e.bytes || '', 'base64'))).toString('utf8');
  } else if (req.postData) {
    body = req.postData;
  }
  const m = /boundary=(\S+)/.exec(contentType);
  if (m) {
    contentType = contentType.replace(m[1], 'BOUNDARY');
    body = body.split(m[1]).join('BOUNDARY');
  }
  const o = { method: req.method, url: req.url };
  if (contentType) o.contentType = contentType;
  if (body) o.body = body;
  return o;
}

async function runScenario(browser, version, name, sc) {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  const url = origin + name;
  const navigations = [];
  let loaded = false;
  cdp.on('Fetch.requestPaused', async (ev) => {
    const req = ev.request;
    try {
      if (!loaded && req.url === url && ev.resourceType === 'Document') {
        await cdp.send('Fetch.fulfillRequest', {
          requestId: ev.requestId, responseCode: 200,
          responseHeaders: [{ name: 'Content-Type', value: 'text/html; charset=utf-8' }],
          body: Buffer.from(pageDocument(sc.html), 'utf8').toString('base64'),
        });
        return;
      }
      if (ev.resourceType === 'Document') navigations.push(navigationRecord(req));
      await cdp.send('Fetch.fulfillRequest', { requestId: ev.requestId, responseCode: 204, responseHeaders: [] });
    } catch (err) {
      console.error(name + ': fetch: ' + err.message);
    }
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
  await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
  await page.setViewport({ width: 1000, height: 800 });
  if (sc.loadEvents) await page.evaluateOnNewDocument(earlyInstall, sc.loadEvents);
  await page.goto(url, { waitUntil: 'load' });
  loaded = true;
  if (sc.clipboard != null) await fillClipboard(page, cdp, sc.clipboard);
  await page.evaluate(pageInstall, {
    listeners: sc.listeners || [], selection: !!sc.selection, alsoRecord: sc.alsoRecord, location: !!sc.location,
    attributes: sc.attributes, keyCodes: !!sc.keyCodes,
  });
  await page.evaluate(pointerPageInstall, { observe: sc.observe, removeOn: sc.removeOn });
  await page.evaluate(() => window.__rec.settle());
  const out = { scenario: name, chromium: version };
  if (sc.loadEvents) {
    // The events of the load (and the listeners' installation, which
    // fires none of these types), before the initial state.
    out.loadEvents = await page.evaluate(() => window.__rec.take());
  }
  out.initial = await page.evaluate(() => { window.__rec.take(); return window.__rec.state(); });
  out.steps = [];
  // The devices' state between steps: the modifier keys held down (their
  // flags go with every key and mouse event) and the mouse buttons held;
  // holdMouse is the scenario's holdMouse.
  const devices = { modifiers: 0, buttons: 0, holdMouse: !!sc.holdMouse };
  for (const step of sc.steps) {
    const rec = {};
    switch (step.action) {
      case 'key':
        await pressKey(page, cdp, keyPress(step.key, devices.modifiers), !!sc.holdKeys);
        break;
      case 'keyDown':
      case 'keyUp': {
        // A modifier key pressed and held, or released: its flag is set
        // on its own keydown and on everything until its keyup.
        const m = modifierKeys[step.key];
        if (!m) throw new Error(name + ': ' + step.action + ' takes a modifier key (Shift, Control, Alt, Meta), not ' + step.key);
        if (step.action === 'keyDown') {
          devices.modifiers |= modifierBits[step.key];
          await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', modifiers: devices.modifiers, ...m });
        } else {
          devices.modifiers &= ~modifierBits[step.key];
          await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', modifiers: devices.modifiers, ...m });
        }
        break;
      }
      case 'wait':
        // Time passes without input (a type-ahead search times out).
        await sleep(step.ms);
        break;
      case 'type':
        // One key press per character (a code point), as typed on a
        // keyboard: no Shift key events, the character as it is.
        for (const c of step.text) await pressKey(page, cdp, charKey(c), !!sc.holdKeys);
        break;
      case 'call':
        Object.assign(rec, await page.evaluate((on, m, a) => window.__rec.call(on, m, a), step.on, step.method, step.args || []));
        break;
      default:
        if (!(await runPointerStep(page, cdp, step, devices))) throw new Error(name + ': unknown action ' + step.action);
    }
    await page.evaluate(() => window.__rec.settle());
    await sleep(60);
    await page.evaluate(() => window.__rec.settle());
    rec.events = await page.evaluate(() => window.__rec.take());
    rec.navigations = navigations.splice(0);
    rec.state = await page.evaluate(() => window.__rec.state());
    out.steps.push(rec);
  }
  await cdp.detach();
  await page.close();
  return out;
}

async function main() {
  const names = readdirSync(scenarioDir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort()
    .filter((n) => prefixes.length === 0 || prefixes.some((p) => n.startsWith(p)));
  const profile = mkdtempSync(join(tmpdir(), 'chromium-recorder-'));
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
  let drift = 0;
  let failed = 0;
  try {
    for (const name of names) {
      const sc = JSON.parse(readFileSync(join(scenarioDir, name + '.json'), 'utf8'));
      let out;
      try {
        out = await runScenario(browser, version, name, sc);
      } catch (err) {
        failed++;
        console.error(name + ': ' + err.message);
        continue;
      }
      const text = format(out) + '\n';
      const file = join(recordedDir, name + '.json');
      const old = existsSync(file) ? readFileSync(file, 'utf8') : null;
      if (old === text) continue;
      if (check) {
        const oldV = old && JSON.parse(old).chromium;
        const same = old && JSON.stringify({ ...JSON.parse(old), chromium: '' }) === JSON.stringify({ ...out, chromium: '' });
        if (same) continue; // only the version moved
        drift++;
        console.log('drift: ' + name + (old ? '' : ' (no recording)') + (oldV && oldV !== version ? ' (recorded with ' + oldV + ')' : ''));
      } else {
        writeFileSync(file, text);
        console.log((old ? 'updated: ' : 'new: ') + name);
      }
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  if (prefixes.length === 0) {
    for (const f of readdirSync(recordedDir).filter((f) => f.endsWith('.json'))) {
      if (!names.includes(f.slice(0, -5))) console.log('orphan recording: ' + f);
    }
  }
  console.log(`${names.length} scenarios, Chromium ${version}` + (check ? `, ${drift} drifted` : '') + (failed ? `, ${failed} failed` : ''));
  if (failed || drift) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
