// The pointer steps of the recorder: click, press, release, hover,
// unhover, dblclick, selectOptions, deselectOptions and upload, each a real
// mouse (and, for a select's popup, keyboard) input through the DevTools
// Input domain, and the scenario fields they use (observe, removeOn). See
// README.md.
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// pointerPageInstall runs in the page after the recorder's own listeners:
// it adds the scenario's observing listeners (Chromium dispatches
// mouseenter and its kin only at elements with a listener for them, or
// under an element with a capturing one: a window listener does not count)
// and its removing listeners, and the functions the pointer steps call.
export function pointerPageInstall(sc) {
  for (const o of sc.observe || []) {
    const els = document.querySelectorAll(o.on);
    if (els.length === 0) throw new Error('observe target not found: ' + o.on);
    for (const e of els) for (const t of o.types) e.addEventListener(t, () => {}, { capture: !!o.capture });
  }
  for (const r of sc.removeOn || []) {
    const e = document.querySelector(r.on);
    if (!e) throw new Error('removeOn target not found: ' + r.on);
    e.addEventListener(r.type, () => e.remove());
  }
  const el = (sel) => {
    const e = document.querySelector(sel);
    if (!e) throw new Error('step target not found: ' + sel);
    return e;
  };
  const middle = (e, sel) => {
    const r = e.getBoundingClientRect();
    const p = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    const hit = document.elementFromPoint(p.x, p.y);
    // An option of a listbox is hit as its select.
    if (hit !== e && !(e.localName === 'option' && hit === e.closest('select'))) {
      throw new Error('the middle of ' + sel + ' hits ' + (hit ? hit.localName + (hit.id ? '#' + hit.id : '') : 'nothing'));
    }
    return p;
  };
  // The options a value names: by value, else by label.
  const find = (s, v) => {
    const opts = [...s.options];
    return opts.find((o) => o.value === v) || opts.find((o) => o.label === v || o.text === v);
  };
  window.__ptr = {
    // point is the middle of the element, or with offset [x, y] that point
    // of its border box from its top left corner.
    point(sel, offset) {
      const e = el(sel);
      e.scrollIntoView({ block: 'center', inline: 'center' });
      if (!offset) return middle(e, sel);
      const r = e.getBoundingClientRect();
      const p = { x: r.left + offset[0], y: r.top + offset[1] };
      const hit = document.elementFromPoint(p.x, p.y);
      if (hit !== e) throw new Error('the point ' + offset + ' of ' + sel + ' hits ' + (hit ? hit.localName + (hit.id ? '#' + hit.id : '') : 'nothing'));
      return p;
    },
    // empty is a point of the page outside the body's box: the bottom
    // right corner of the viewport, where a user moves the mouse away.
    empty() {
      const p = { x: innerWidth - 2, y: innerHeight - 2 };
      const hit = document.elementFromPoint(p.x, p.y);
      if (hit !== document.documentElement) throw new Error('the empty corner hits ' + (hit && hit.localName));
      return p;
    },
    // selectPlan says how a user makes the choice: for a drop-down, the
    // arrow presses from the selected option to the wanted one in the
    // popup; for a listbox, the points of its options.
    selectPlan(sel, values) {
      const s = el(sel);
      const listbox = s.multiple || s.size > 1;
      const wanted = values.map((v) => {
        const o = find(s, v);
        if (!o) throw new Error(sel + ': no option ' + v);
        return o;
      });
      if (!listbox) {
        if (wanted.length !== 1) throw new Error(sel + ': a drop-down takes one value');
        // The popup's arrows skip disabled options.
        const usable = [...s.options].filter((o) => !o.disabled && !(o.parentElement.localName === 'optgroup' && o.parentElement.disabled));
        const from = Math.max(0, usable.indexOf(s.selectedOptions[0]));
        const to = usable.indexOf(wanted[0]);
        if (to < 0) throw new Error(sel + ': option ' + values[0] + ' is disabled');
        return { listbox: false, steps: to - from };
      }
      s.scrollIntoView({ block: 'center', inline: 'center' });
      return {
        listbox: true, multiple: s.multiple,
        points: wanted.map((o, i) => {
          o.scrollIntoView({ block: 'nearest' });
          const r = o.getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + r.height / 2, selected: o.selected };
        }),
      };
    },
  };
}

const mouse = (cdp, type, p, extra) => cdp.send('Input.dispatchMouseEvent', { type, x: p.x, y: p.y, ...extra });

// click is a press and release of the left button at p (force 0.5 while
// pressed: a mouse without pressure sensing reports 0.5 while a button is
// down, Pointer Events §4.1.2, and the protocol's default is 0), with the
// click count and modifier bits given; hold, when given, runs while the
// button is down.
async function click(cdp, p, count, modifiers, hold) {
  await mouse(cdp, 'mousePressed', p, { button: 'left', buttons: 1, clickCount: count, force: 0.5, modifiers });
  if (hold) await hold();
  await mouse(cdp, 'mouseReleased', p, { button: 'left', buttons: 0, clickCount: count, modifiers });
}

// The buttons of the protocol's mouse and their bits in buttons.
const buttonBits = { left: 1, right: 2, middle: 4 };

function buttonOf(step) {
  const b = step.button || 'left';
  if (!(b in buttonBits)) throw new Error(step.action + ': unknown button ' + b + ' (left, middle, right)');
  return b;
}

// move moves the mouse to p; with buttons held it names one of them (the
// left first) and reports the pressure of a pressed button (0.5), as a
// real mouse's drag does (and puppeteer's moves).
const move = (cdp, p, modifiers, buttons = 0) => mouse(cdp, 'mouseMoved', p, {
  button: buttons & 1 ? 'left' : buttons & 2 ? 'right' : buttons & 4 ? 'middle' : 'none',
  buttons, modifiers, force: buttons ? 0.5 : 0,
});

const control = { key: 'Control', code: 'ControlLeft', windowsVirtualKeyCode: 17, nativeVirtualKeyCode: 17, location: 1 };
const arrow = (k, code) => ({ key: k, code: k, windowsVirtualKeyCode: code, nativeVirtualKeyCode: code });
const keysOf = {
  ArrowDown: arrow('ArrowDown', 40),
  ArrowUp: arrow('ArrowUp', 38),
  Enter: { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13, text: '\r', unmodifiedText: '\r' },
};

async function press(cdp, k) {
  await cdp.send('Input.dispatchKeyEvent', { type: k.text ? 'keyDown' : 'rawKeyDown', ...k });
  const { text, unmodifiedText, ...up } = k;
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...up });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// runPointerStep runs a pointer step and reports whether it was one.
// devices holds the modifier keys held down (their protocol bits, which
// every mouse event carries), the mouse buttons held (press and release
// change them) and the scenario's holdMouse: the page's event loop then
// runs while the button of a click or a dblclick is down, as it does
// during a person's press, so the tasks the press queued (a
// selectionchange) run before the release instead of racing it.
export async function runPointerStep(page, cdp, step, devices) {
  const point = (sel, offset) => page.evaluate((s, o) => window.__ptr.point(s, o), sel, offset || null);
  const settle = () => page.evaluate(() => window.__rec.settle());
  const hold = devices.holdMouse ? settle : undefined;
  const mods = devices.modifiers;
  switch (step.action) {
    case 'click': {
      // A move to the point, then a press and release of the button (an
      // option of a listbox is hit as its select, and is clicked).
      const b = buttonOf(step);
      const p = await point(step.on, step.offset);
      await move(cdp, p, mods, devices.buttons);
      await mouse(cdp, 'mousePressed', p, { button: b, buttons: devices.buttons | buttonBits[b], clickCount: 1, force: 0.5, modifiers: mods });
      if (hold) await hold();
      await mouse(cdp, 'mouseReleased', p, { button: b, buttons: devices.buttons, clickCount: 1, modifiers: mods, force: devices.buttons ? 0.5 : 0 });
      return true;
    }
    case 'press':
    case 'release': {
      // A move to the point with the buttons held so far, then the
      // press (or the release) of the button alone.
      const b = buttonOf(step);
      const p = await point(step.on, step.offset);
      await move(cdp, p, mods, devices.buttons);
      if (step.action === 'press') {
        devices.buttons |= buttonBits[b];
        await mouse(cdp, 'mousePressed', p, { button: b, buttons: devices.buttons, clickCount: 1, force: 0.5, modifiers: mods });
      } else {
        devices.buttons &= ~buttonBits[b];
        await mouse(cdp, 'mouseReleased', p, { button: b, buttons: devices.buttons, clickCount: 1, modifiers: mods, force: devices.buttons ? 0.5 : 0 });
      }
      return true;
    }
    case 'hover':
      await move(cdp, await point(step.on), mods);
      return true;
    case 'unhover':
      await move(cdp, await page.evaluate(() => window.__ptr.empty()), mods);
      return true;
    case 'clickHeld': {
      // A click whose button stays down over two animation frames, as a
      // person's does: when a listener changes the page during the press,
      // Chromium finds what is under the pointer again at the next frame,
      // and a click sent without the pause races that frame.
      const p = await point(step.on);
      await move(cdp, p, mods);
      await mouse(cdp, 'mousePressed', p, { button: 'left', buttons: 1, clickCount: 1, force: 0.5, modifiers: mods });
      await page.evaluate(() => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(res))));
      await mouse(cdp, 'mouseReleased', p, { button: 'left', buttons: 0, clickCount: 1, modifiers: mods });
      return true;
    }
    case 'dblclick': {
      // What a double click sends: two presses, the second with click
      // count 2 (puppeteer's click({count: 2}) does the same). The page's
      // event loop runs between them, as it does in the tenth of a second
      // between a person's two clicks: the tasks the first click queued
      // (a details' toggle) run before the second.
      const p = await point(step.on);
      await move(cdp, p, mods);
      await click(cdp, p, 1, mods, hold);
      await settle();
      await click(cdp, p, 2, mods, hold);
      return true;
    }
    case 'selectOptions':
    case 'deselectOptions': {
      const plan = await page.evaluate((s, v) => window.__ptr.selectPlan(s, v), step.on, step.values);
      if (!plan.listbox) {
        // A click opens the popup; the arrows move in it and Enter
        // chooses, as a user with the keyboard in the popup does.
        const p = await point(step.on);
        await move(cdp, p);
        await click(cdp, p, 1);
        await sleep(100);
        for (let i = 0; i < Math.abs(plan.steps); i++) await press(cdp, plan.steps > 0 ? keysOf.ArrowDown : keysOf.ArrowUp);
        await press(cdp, keysOf.Enter);
        return true;
      }
      // A listbox: a click on each option, with Control held in a
      // multiple select so that each adds to (or, on a selected option,
      // takes from) the selection.
      const ctrl = plan.multiple ? 2 : 0;
      // A Ctrl-click toggles: an option already as wanted gets none, and
      // when none needs one nothing is pressed.
      const points = plan.points.filter((p) => !plan.multiple || p.selected !== (step.action === 'selectOptions'));
      if (points.length === 0) return true;
      if (ctrl) await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', modifiers: 2, ...control });
      for (const p of points) {
        await move(cdp, p, ctrl);
        await click(cdp, p, 1, ctrl);
      }
      if (ctrl) await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', modifiers: 0, ...control });
      return true;
    }
    case 'upload': {
      // The file chooser is intercepted: the click that opens it is the
      // user's, accepting it is the user's choice of files.
      const dir = mkdtempSync(join(tmpdir(), 'chromium-recorder-files-'));
      try {
        const paths = (step.files || []).map((f) => {
          const path = join(dir, f.name);
          writeFileSync(path, f.content || '');
          return path;
        });
        const p = await point(step.on);
        const chosen = page.waitForFileChooser({ timeout: 1500 }).then((c) => c, () => null);
        await move(cdp, p);
        await click(cdp, p, 1);
        const chooser = await chosen;
        if (chooser) await chooser.accept(paths);
        await sleep(100);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      return true;
    }
  }
  return false;
}
