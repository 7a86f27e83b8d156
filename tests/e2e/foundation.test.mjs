// The page loads, draws, resizes, serves from a sub-path and an iframe, and explains itself when it cannot run.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, before, after, serve, launch, openPage, waitReady, screenshot, decodePng, greyVariance, distinctColours,
  ROOT } from './harness.mjs';

const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test('the app loads, resolves attnlab.ready after drawing, and requests nothing from other hosts', async () => {
  const server = await serve();
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url);
    const r = await waitReady(page);
    assert.equal(r.ok, true);
    assert.equal(r.version, VERSION, 'window.attnlab.version matches the project version');
    await page.waitForTimeout(500);  // a few more frames
    assert.equal(await page.locator('#loading').isHidden(), true, 'the loading indicator goes away');
    const { png } = await screenshot(page, 'first-screen.png');
    const img = decodePng(png);
    assert.equal(img.width, 1280);
    assert.ok(greyVariance(img) > 200, `canvas is not blank (grey variance ${greyVariance(img).toFixed(1)})`);
    // The positional-encoding heatmap is drawn by the shader: a big region with many distinct colours.
    const colours = distinctColours(img, { x0: 0, y0: 150, x1: 1280, y1: 780 });
    assert.ok(colours > 100, `heatmaps drawn (${colours} distinct colours)`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('the canvas fills the window and follows a resize', async () => {
  const server = await serve();
  const { context, page, problems } = await openPage(browser, { width: 1000, height: 700 });
  try {
    await page.goto(server.url);
    await waitReady(page);
    await page.waitForTimeout(300);
    const size = () => page.evaluate(() => {
      const c = document.getElementById('canvas');
      return { w: c.clientWidth, h: c.clientHeight, bw: c.width, bh: c.height };
    });
    let s = await size();
    assert.deepEqual([s.w, s.h], [1000, 700]);
    assert.deepEqual([s.bw, s.bh], [1000, 700], 'drawing buffer matches the CSS size');
    await page.setViewportSize({ width: 800, height: 900 });
    await page.waitForFunction(() => document.getElementById('canvas').width === 800, null, { timeout: 10000 });
    s = await size();
    assert.deepEqual([s.bw, s.bh], [800, 900]);
    const img = decodePng((await screenshot(page, 'resized-800x900.png')).png);
    // The app's root window (with its 1-pixel frame) is laid out to the new size: its frame runs along the
    // new bottom edge, which lies outside the old 700-pixel-high window.
    let framed = 0;
    for (let x = 0; x < img.width; x++) {
      const i = ((img.height - 1) * img.width + x) * img.channels;
      if (img.data[i] + img.data[i + 1] + img.data[i + 2] > 3 * 40) framed++;
    }
    assert.ok(framed > 0.9 * img.width, `root window frame along the new bottom edge (${framed} px)`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('works from a sub-path and inside an iframe of another page', async () => {
  const prefix = '/course/week-3/attention-lab/';
  const host = '<!doctype html><title>Course</title><link rel="icon" href="data:,"><h1>Week 3</h1>' +
               `<iframe id="lab" src="${prefix}" width="900" height="600"></iframe>`;
  const server = await serve({ prefix, extraRoutes: { '/lecture.html': host } });
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.base + '/lecture.html');
    const frame = page.frame({ url: (u) => u.pathname === prefix });
    assert.ok(frame, 'iframe loaded');
    const r = await waitReady(frame);
    assert.equal(r.ok, true);
    await page.waitForTimeout(300);
    const img = decodePng(await page.locator('#lab').screenshot());
    assert.ok(greyVariance(img) > 200, 'the embedded app draws');
    await screenshot(page, 'iframe-subpath.png');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});

test('without WebAssembly the page says so clearly instead of staying blank', async () => {
  const server = await serve();
  const { context, page } = await openPage(browser);
  try {
    await context.addInitScript(() => { delete window.WebAssembly; });
    await page.goto(server.url);
    const err = await page.evaluate(() => window.attnlab.ready.then(() => null, (e) => e.message));
    assert.match(err, /cannot run WebAssembly/);
    const box = page.locator('#message');
    await box.waitFor({ state: 'visible' });
    assert.match(await box.innerText(), /cannot run WebAssembly/);
    assert.equal(await page.locator('#loading').isHidden(), true);
    await screenshot(page, 'no-webassembly.png');
  } finally {
    await context.close();
    await server.close();
  }
});

test('without WebAssembly SIMD, its exception handling or WebGL2 the page names what is missing', async () => {
  const server = await serve();
  for (const [name, init, pattern] of [
    ['simd', () => { const v = WebAssembly.validate; WebAssembly.validate = () => false; void v; }, /not WebAssembly SIMD/],
    ['exceptions', () => {  // a browser that knows SIMD but not the try block (opcode 0x06 in a function body)
      const v = WebAssembly.validate;
      WebAssembly.validate = (b) => !(b.length < 64 && b.some((x, i) => x === 6 && b[i + 1] === 64)) && v(b);
    }, /not its exception handling/],
    ['webgl2', () => {
      const get = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
        return kind === 'webgl2' ? null : get.call(this, kind, ...rest);
      };
    }, /cannot draw with WebGL2/],
  ]) {
    const { context, page } = await openPage(browser);
    try {
      await context.addInitScript(init);
      await page.goto(server.url);
      const err = await page.evaluate(() => window.attnlab.ready.then(() => null, (e) => e.message));
      assert.match(err ?? '', pattern, name);
      assert.match(await page.locator('#message').innerText(), pattern, name);
    } finally {
      await context.close();
    }
  }
  await server.close();
});

test('a broken deployment (app.wasm missing) gives a message, not a blank page', async () => {
  const server = await serve({ override: (p) => (p === 'app.wasm' ? { status: 404, body: 'gone' } : null) });
  const { context, page } = await openPage(browser);
  try {
    await page.goto(server.url);
    const err = await page.evaluate(() => window.attnlab.ready.then(() => null, (e) => e.message));
    assert.match(err ?? '', /Could not download the engine.*404/);
    await page.locator('#message').waitFor({ state: 'visible' });
  } finally {
    await context.close();
    await server.close();
  }
});
