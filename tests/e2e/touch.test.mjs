// Touch, pinch and the on-screen keyboard, in Chromium's device emulation (touch events on): taps on tabs,
// a slider dragged by a finger, a panel scrolled by a swipe, heatmaps zoomed by a pinch and by the zoom
// buttons (and panned by a drag), the sentence typed through the hidden <input> a phone's keyboard types
// into, text of at least 12 CSS px; and desktop typing unchanged (one character per key).
//
// Widgets are found by their labels through attnlab._ui({items: true}) (internal test hook); touches are sent
// with CDP's Input.dispatchTouchEvent, one frame apart, as a finger moves.
import assert from 'node:assert/strict';
import { devices } from 'playwright-core';
import { test, before, after, serve, launch, openPage, waitReady, screenshot, frames } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

const PHONE = devices['Pixel 5'];  // 393 x 727 CSS px, devicePixelRatio 2.75, touch
const TABLET = { viewport: { width: 1180, height: 820 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

async function open(device, hash = '#train=false') {
  const o = await openPage(browser, device ? { device } : {});
  await o.page.goto(server.url + hash);
  await waitReady(o.page);
  o.cdp = await o.context.newCDPSession(o.page);
  return o;
}
const state = (page) => page.evaluate(() => window.attnlab.getState());
const ui = (page) => page.evaluate(() => window.attnlab._ui({ items: true }));

// Keys typed in a burst reach the field about one per frame (a key released in the frame it was pressed in waits
// for the next one: web/platform/main.cpp), so a field is read once it has settled: equal to what is expected,
// or unchanged for 10 frames (a lost or doubled key then shows as the wrong text).
async function settledInput(page, expected) {
  let last = null, same = 0;
  for (let i = 0; i < 200 && same < 10; ++i) {
    const now = (await state(page)).input;
    if (now === expected) return now;
    same = now === last ? same + 1 : 0;
    last = now;
    await frames(page, 1);
  }
  return last;
}

// The widget whose label matches (the visible part of it, which must be big enough to touch).
async function item(page, match, inWindow = '') {
  await ui(page);
  await frames(page, 3);
  const u = await ui(page);
  const found = u.items.filter((it) => (typeof match === 'string' ? it.label === match : match.test(it.label)) &&
                                       it.window.includes(inWindow) &&
                                       it.visible[2] - it.visible[0] > 2 && it.visible[3] - it.visible[1] > 2);
  assert.ok(found.length > 0, `no visible widget labelled ${match} in '${inWindow}': ` +
            u.items.map((it) => it.label).slice(0, 80).join(' | '));
  const v = found[0].visible;
  return { ...found[0], x: (v[0] + v[2]) / 2, y: (v[1] + v[3]) / 2, w: v[2] - v[0], h: v[3] - v[1] };
}

async function touch(o, type, points) {
  await o.cdp.send('Input.dispatchTouchEvent',
                   { type, touchPoints: points.map((p, i) => ({ x: p.x, y: p.y, id: p.id ?? i })) });
}
// One finger from `a` to `b` in `steps` moves, a frame apart.
async function swipe(o, a, b, steps = 10) {
  await touch(o, 'touchStart', [a]);
  await frames(o.page);
  for (let k = 1; k <= steps; ++k) {
    await touch(o, 'touchMove', [{ x: a.x + (b.x - a.x) * k / steps, y: a.y + (b.y - a.y) * k / steps }]);
    await frames(o.page, 1);
  }
  await touch(o, 'touchEnd', []);
  await frames(o.page);
}
// Two fingers around `c`, from `d0` apart to `d1` apart (horizontally).
async function pinch(o, c, d0, d1, steps = 8) {
  const at = (d) => [{ x: c.x - d / 2, y: c.y, id: 1 }, { x: c.x + d / 2, y: c.y, id: 2 }];
  await touch(o, 'touchStart', at(d0));
  await frames(o.page);
  for (let k = 1; k <= steps; ++k) {
    await touch(o, 'touchMove', at(d0 + (d1 - d0) * k / steps));
    await frames(o.page, 1);
  }
  await touch(o, 'touchEnd', []);
  await frames(o.page);
}

for (const [name, device] of [['Pixel 5', PHONE], ['tablet landscape', TABLET]]) {
  test(`${name}: a tap on a tab opens it; finger-sized frames; text of at least 12 CSS px`, async () => {
    const o = await open(device);
    try {
      assert.equal((await state(o.page)).panel, 'attention');
      const tab = await item(o.page, 'Step by step', '##right');
      await o.page.touchscreen.tap(tab.x, tab.y);  // start and end in one go: the press must still be seen
      await frames(o.page, 3);
      assert.equal((await state(o.page)).panel, 'step');
      const u = await ui(o.page);
      assert.equal(u.touchUsed, true);
      assert.ok(u.fontPx >= 12, `font ${u.fontPx} px`);
      assert.ok(u.frameHeight >= 32, `frame height ${u.frameHeight} px`);
      assert.ok(u.framebufferScale >= 2, `framebuffer scale ${u.framebufferScale}`);
      assert.deepEqual(o.problems, []);
    } finally {
      await o.context.close();
    }
  });
}

test('Pixel 5: a finger drags a slider (positions of the PE panel) and the setting follows', async () => {
  const o = await open(PHONE, '#train=false&panel=pe&pe_len=16');
  try {
    const s = await item(o.page, 'positions (input length)', '##view');
    await swipe(o, { x: s.x - s.w * 0.3, y: s.y }, { x: s.x + s.w * 0.45, y: s.y }, 12);
    const after = (await state(o.page)).pe_len;
    assert.ok(after > 16, `pe_len stayed ${after}`);
    assert.deepEqual(o.problems, []);
  } finally {
    await o.context.close();
  }
});

// A phone shows the settings in a drawer: a tap on ≡ Settings in the title line opens it.
// A tap's down and up can reach the app in one frame, and _ui() lists the last complete frame: wait (up to 20
// frames) until the drawer is listed rather than a fixed number of frames.
async function openDrawer(o) {
  const button = await item(o.page, /^≡/);
  await o.page.touchscreen.tap(button.x, button.y);
  for (let i = 0; i < 20; ++i) {
    await frames(o.page, 1);
    if ((await ui(o.page)).windows.some((w) => w.name.includes('##drawer'))) break;
  }
  await frames(o.page, 2);
}

test('Pixel 5: a swipe up scrolls the settings drawer with the finger, a swipe down brings it back, nothing pressed', async () => {
  const o = await open(PHONE);
  try {
    await openDrawer(o);
    const left = () => ui(o.page).then((u) => u.windows.find((w) => w.name.includes('##drawer') &&
                                                                    !w.name.includes('##drawer/')));
    const before = await left();
    assert.ok(before && before.scrollMaxY > 100, `drawer scroll range ${JSON.stringify(before)}`);
    // Start on a widget (a tree node's header) so the drag must not stay a press on it.
    const header = await item(o.page, 'Training examples', '##drawer');
    const from = { x: header.x, y: header.y };
    assert.ok(from.y > 250, `header at ${from.y}`);
    await swipe(o, from, { x: from.x, y: from.y - 120 }, 8);
    const afterSwipe = await left();
    assert.ok(afterSwipe.scrollY >= before.scrollY + 80, `scrolled ${before.scrollY} -> ${afterSwipe.scrollY}`);
    // Down again (inside the column): the content comes back with the finger.
    await frames(o.page, 40);
    const mid = (await left()).scrollY;
    await swipe(o, { x: from.x, y: from.y - 120 }, { x: from.x, y: from.y }, 8);
    await frames(o.page, 40);
    const end = (await left()).scrollY;
    assert.ok(end < mid - 80, `a swipe down scrolls back: ${mid} -> ${end}`);
    assert.equal((await state(o.page)).task, 'pos', 'no widget changed under the swipes');
    assert.deepEqual(o.problems, []);
  } finally {
    await o.context.close();
  }
});

test('tablet: a pinch zooms the attention heatmaps, a drag pans them, the buttons zoom and fit', async () => {
  const o = await open(TABLET);
  try {
    const cells = await item(o.page, '##cells', '##view');
    await pinch(o, { x: cells.x, y: cells.y }, 40, 160);
    let z = (await ui(o.page)).zoom.attention;
    assert.ok(z.zoom > 2, `pinch zoom ${z.zoom}`);
    // A drag on the zoomed heatmap moves it (and does not scroll the view).
    const cx = z.cx;
    await swipe(o, { x: cells.x + 20, y: cells.y }, { x: cells.x - 40, y: cells.y }, 6);
    z = (await ui(o.page)).zoom.attention;
    assert.ok(z.cx > cx + 0.01, `pan: centre ${cx} -> ${z.cx}`);
    const fit = await item(o.page, 'fit', '##view');
    await o.page.touchscreen.tap(fit.x, fit.y);
    await frames(o.page, 3);
    assert.equal((await ui(o.page)).zoom.attention.zoom, 1);
    const plus = await item(o.page, '+', '##view');
    await o.page.touchscreen.tap(plus.x, plus.y);
    await frames(o.page, 3);
    assert.ok(Math.abs((await ui(o.page)).zoom.attention.zoom - 1.5) < 1e-4);
    const minus = await item(o.page, '−', '##view');
    await o.page.touchscreen.tap(minus.x, minus.y);
    await frames(o.page, 3);
    assert.ok(Math.abs((await ui(o.page)).zoom.attention.zoom - 1) < 1e-4);
    assert.equal((await state(o.page)).panel, 'attention');
    assert.deepEqual(o.problems, []);
  } finally {
    await o.context.close();
  }
});

test('desktop mouse: the zoom buttons zoom, a drag pans, a click without a drag still picks a head', async () => {
  const o = await open(null);
  try {
    const plus = await item(o.page, '+', '##view');
    await o.page.mouse.move(plus.x, plus.y);
    await frames(o.page, 2);
    await o.page.mouse.click(plus.x, plus.y);
    await frames(o.page, 30);  // past the double-click time: two single clicks
    await o.page.mouse.click(plus.x, plus.y);
    await frames(o.page, 3);
    let z = (await ui(o.page)).zoom.attention;
    assert.ok(Math.abs(z.zoom - 2.25) < 1e-4, `zoom ${z.zoom}`);
    const cells = await item(o.page, '##cells', '##view');
    await o.page.mouse.move(cells.x, cells.y);
    await o.page.mouse.down();
    for (let k = 1; k <= 5; ++k) { await o.page.mouse.move(cells.x - 10 * k, cells.y - 6 * k); await frames(o.page, 1); }
    await o.page.mouse.up();
    await frames(o.page, 2);
    z = (await ui(o.page)).zoom.attention;
    assert.ok(z.cx > 0.5 && z.cy > 0.5, `pan ${JSON.stringify(z)}`);
    const heads = (await ui(o.page)).items.filter((it) => it.label === '##cells').length;
    await o.page.mouse.move(cells.x, cells.y);
    await frames(o.page, 2);
    await o.page.mouse.click(cells.x, cells.y);  // a click on a head shows it alone
    // (down and up often reach the app in one frame: pressed then, released the next, one head drawn the one
    // after, and _ui() lists the last complete frame's widgets; so a few frames, not a fixed count)
    const shown = async () => (await ui(o.page)).items.filter((it) => it.label === '##cells').length;
    let alone = await shown();
    for (let i = 0; i < 10 && alone !== 1; ++i) {
      await frames(o.page, 1);
      alone = await shown();
    }
    assert.ok(heads > 1 && alone === 1, `heads shown ${heads} -> ${alone}`);
    assert.deepEqual(o.problems, []);
  } finally {
    await o.context.close();
  }
});

test('Pixel 5: a tap on the sentence focuses the hidden input; its text reaches the sentence; it blurs after', async () => {
  const o = await open(PHONE, '#train=false&input=the%20dog');
  try {
    await openDrawer(o);
    const field = await item(o.page, '##input', '##drawer');
    await o.page.touchscreen.tap(field.x, field.y);
    await frames(o.page, 3);
    assert.equal(await o.page.evaluate(() => document.activeElement && document.activeElement.id),
                 'attnlab-text-input');
    assert.equal((await ui(o.page)).wantTextInput, true);
    // Select all (a real key chord, through SDL), then type as an on-screen keyboard does: text without keys.
    await o.page.keyboard.press('Control+A');
    await frames(o.page, 2);
    await o.page.keyboard.insertText('a saw');
    await frames(o.page, 3);
    assert.equal(await settledInput(o.page, 'a saw'), 'a saw');
    // An on-screen keyboard's Backspace: an input event that deletes, with no key code.
    await o.page.evaluate(() => {
      const el = document.getElementById('attnlab-text-input');
      el.value = '';
      el.dispatchEvent(new InputEvent('input', { inputType: 'deleteContentBackward', bubbles: true }));
    });
    await frames(o.page, 4);
    assert.equal(await settledInput(o.page, 'a sa'), 'a sa');
    // Composition (IME, or Android's word-at-a-time keyboards): the word arrives when it is committed.
    await o.page.evaluate(() => {
      const el = document.getElementById('attnlab-text-input');
      el.dispatchEvent(new CompositionEvent('compositionend', { data: 'w I saw' }));
    });
    await frames(o.page, 3);
    assert.equal(await settledInput(o.page, 'a saw I saw'), 'a saw I saw');
    // Keys typed on a real keyboard with the input focused arrive once.
    await o.page.keyboard.type('!x');
    await frames(o.page, 3);
    assert.equal(await settledInput(o.page, 'a saw I saw!x'), 'a saw I saw!x');
    // A tap somewhere else ends the editing: the input lets go of the focus (the keyboard closes).
    const tab = await item(o.page, 'Step by step', '##right');
    await o.page.touchscreen.tap(tab.x, tab.y);
    await frames(o.page, 4);
    assert.notEqual(await o.page.evaluate(() => document.activeElement && document.activeElement.id),
                    'attnlab-text-input');
    assert.deepEqual(o.problems, []);
  } finally {
    await o.context.close();
  }
});

test('desktop: typing into the sentence gives one character per key, through the focused hidden input', async () => {
  const o = await open(null, '#train=false&input=the%20dog');
  try {
    const field = await item(o.page, '##input', '##left');
    await o.page.mouse.move(field.visible[2] - 4, field.y);
    await frames(o.page, 2);
    await o.page.mouse.click(field.visible[2] - 4, field.y);
    await frames(o.page, 3);
    await o.page.keyboard.press('End');
    await o.page.keyboard.type(' barks');
    await o.page.keyboard.press('Backspace');
    await frames(o.page, 3);
    assert.equal(await settledInput(o.page, 'the dog bark'), 'the dog bark');
    // A key pressed and released between two frames (one task of the page's event loop) still counts once.
    // (First the Backspace above is let go of for good: a press of a key that ImGui still sees down is not a new
    // press, and a burst's last release can come a frame or two after the text shows its effect.)
    await frames(o.page, 10);
    await o.page.evaluate(() => {
      for (const type of ['keydown', 'keyup'])
        window.dispatchEvent(new KeyboardEvent(type, { key: 'Backspace', code: 'Backspace', bubbles: true }));
    });
    await frames(o.page, 3);
    assert.equal(await settledInput(o.page, 'the dog bar'), 'the dog bar');
    // The hidden input holds the focus while the field is edited (a desktop's input method composes in it),
    // and nothing typed arrives twice.
    assert.equal(await o.page.evaluate(() => document.activeElement && document.activeElement.id),
                 'attnlab-text-input');
    assert.equal((await ui(o.page)).touchUsed, false);
    assert.deepEqual(o.problems, []);
  } finally {
    await o.context.close();
  }
});

test('text stays 16 CSS px, drawn at the pixel ratio, from a 360x640 phone to 4K', async () => {
  const sizes = [
    { viewport: { width: 360, height: 640 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
    { viewport: { width: 640, height: 360 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    { viewport: { width: 3840, height: 2160 }, deviceScaleFactor: 1 },
  ];
  for (const device of sizes) {
    const o = await open(device);
    try {
      await ui(o.page);
      await frames(o.page, 3);
      const u = await ui(o.page);
      assert.ok(u.items.length > 20, 'widgets listed');
      const what = `${device.viewport.width}x${device.viewport.height} @${device.deviceScaleFactor}`;
      assert.ok(u.fontPx >= 12 && Math.abs(u.fontPx - 16) < 1e-3, `${what}: font ${u.fontPx} px`);
      assert.equal(u.framebufferScale, device.deviceScaleFactor, what);
      if (device.viewport.width === 360) await screenshot(o.page, 'touch-360x640.png');
      assert.deepEqual(o.problems, [], what);
    } finally {
      await o.context.close();
    }
  }
});

test('screenshots: Pixel 5 (portrait, scrolled), tablet landscape, 1280x800 zoomed in', async () => {
  const o1 = await open(PHONE, '');
  try {
    await o1.page.waitForFunction(() => window.attnlab.metrics().step >= 30, null, { timeout: 30000 });
    await frames(o1.page, 5);
    await screenshot(o1.page, 'touch-pixel5.png');
    const pe = await item(o1.page, 'Positional encoding', '##right');
    await o1.page.touchscreen.tap(pe.x, pe.y);
    await frames(o1.page, 5);
    await screenshot(o1.page, 'touch-pixel5-pe.png');
  } finally {
    await o1.context.close();
  }
  const o2 = await open(TABLET, '');
  try {
    await frames(o2.page, 10);
    await screenshot(o2.page, 'touch-tablet.png');
  } finally {
    await o2.context.close();
  }
  const o3 = await open(null, '#train=false');
  try {
    await o3.page.evaluate(() => window.attnlab.step(200));
    const plus = await item(o3.page, '+', '##view');
    for (let k = 0; k < 3; ++k) {
      await o3.page.mouse.click(plus.x, plus.y);
      await frames(o3.page, 30);
    }
    await frames(o3.page, 5);
    await screenshot(o3.page, 'touch-desktop-zoomed.png');
  } finally {
    await o3.context.close();
  }
});
