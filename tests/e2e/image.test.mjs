// The image task in the browser: the Attention panel leads with the image, a click (a tap on a phone) on a
// pixel makes it the query (the setting `pixel`, in the URL), and attnlab.attention(layer, head) has one row per
// pixel (T = S·S) whose weights sum to 1; with the window mask (w = 1) a pixel attends to its 3×3 neighbourhood
// only. Screenshots in build/e2e/image-*.png.
//
// The pixels are found through the layout hook attnlab._layout() (web/panels/image_views.cpp records where the
// image went: image.attention, image.data.input; and each head's map: image.map.<layer>.<head>).
import assert from 'node:assert/strict';
import { devices } from 'playwright-core';
import { test, before, after, serve, launch, openPage, waitReady, screenshot, frames } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

async function open(hash, options = {}) {
  const o = await openPage(browser, options);
  await o.page.goto(server.url + hash);
  await waitReady(o.page);
  return o;
}
const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.attnlab[f](...a), [fn, args]);

// Where the last frame drew `name` (CSS pixels), waiting a few frames for it to appear.
async function rect(page, name) {
  for (let tries = 0; tries < 20; ++tries) {
    const r = (await api(page, '_layout')).rects.find((x) => x.name === name);
    if (r && r.w > 0) return r;
    await frames(page, 3);
  }
  throw new Error(`nothing drawn as ${name}`);
}
// The centre of pixel (row, col) of an S×S image drawn in rectangle r.
const at = (r, S, row, col) => ({ x: r.x + (col + 0.5) * r.w / S, y: r.y + (row + 0.5) * r.h / S });

async function click(page, p) {
  await page.mouse.move(p.x, p.y);
  await frames(page, 2);
  await page.mouse.down();
  await frames(page, 2);
  await page.mouse.up();
  await frames(page, 3);
}

const rowSum = (row) => row.reduce((a, b) => a + b, 0);

test('task=image: the image is shown, a click on a pixel makes it the query, rows of attention are pixels', async () => {
  const { context, page, problems } = await open('#task=image&train=false');
  try {
    await api(page, 'step', 20);
    const img = await api(page, 'image');
    const S = img.width;
    assert.equal(S, 12);
    assert.equal(img.height, 12);
    assert.equal(img.pixels.length, S * S, 'one RGB vector per pixel');
    assert.equal(img.pixels[0].length, 3);
    assert.equal(img.truth.length, S * S);
    assert.equal(img.predicted.length, S * S, 'the model labels every pixel');
    assert.deepEqual(img.tags, ['background', 'same edge', 'same inside', 'other edge', 'other inside']);

    // the Attention panel leads with the image: click pixel (5, 9)
    const r = await rect(page, 'image.attention');
    assert.ok(r.w >= 100 && Math.abs(r.w - r.h) < 1, `the image is large and square: ${JSON.stringify(r)}`);
    await click(page, at(r, S, 5, 9));
    const s = await api(page, 'getState');
    assert.equal(s.pixel, 5 * S + 9, 'the clicked pixel is the query');
    assert.match(await page.evaluate(() => location.hash), /pixel=69/, 'the link keeps it');

    const a = await api(page, 'attention', 0, 1);
    assert.equal(a.width, S);
    assert.equal(a.height, S);
    assert.equal(a.pixel, 69);
    assert.equal(a.weights.length, S * S, 'one row per pixel');
    for (const row of a.weights) assert.equal(row.length, S * S);
    assert.ok(Math.abs(rowSum(a.weights[69]) - 1) < 1e-4, `softmax: the row sums to 1 (${rowSum(a.weights[69])})`);
    assert.ok(a.weights[69].every((w) => w >= 0));
    assert.equal(a.tokens[69], '5,9', 'tokens name the pixels by row,column');

    // every head's map is drawn, and a click on one shows it alone
    const layers = a.layers, heads = a.heads;
    for (let l = 0; l < layers; ++l)
      for (let h = 0; h < heads; ++h) await rect(page, `image.map.${l}.${h}`);
    const m = await rect(page, 'image.map.1.2');
    await click(page, at(m, S, 0, 0));
    const big = await rect(page, 'image.map.1.2');
    assert.ok(big.w > m.w * 1.5, `head 2 of layer 2 shown alone, larger (${m.w} -> ${big.w})`);
    assert.equal((await api(page, '_layout')).rects.filter((x) => x.name.startsWith('image.map.')).length, 1);
    await screenshot(page, 'image-attention-1280x800.png');

    // the Data panel shows the image and its label maps; a click there picks the query too
    const d = await rect(page, 'image.data.input');
    await click(page, at(d, S, 11, 11));
    assert.equal((await api(page, 'getState')).pixel, 143);

    // another dev image; bad values explain themselves and change nothing
    await api(page, 'setState', { example: 7 });
    assert.equal((await api(page, 'image')).example, 7);
    const errs = await page.evaluate(() => {
      const out = [];
      for (const f of [() => window.attnlab.setState({ pixel: 144 }), () => window.attnlab.setState({ pixel: -2 }),
                       () => window.attnlab.setState({ example: 500 })]) {
        try { f(); out.push(null); } catch (e) { out.push(e.message); }
      }
      return out;
    });
    assert.match(errs[0], /pixel: 144 is not a pixel of the 12x12 image/);
    assert.match(errs[1], /pixel/);
    assert.match(errs[2], /example/);
    assert.equal((await api(page, 'getState')).pixel, 143);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('image() on a task without images throws; the API sets the query pixel', async () => {
  const { context, page, problems } = await open('#train=false');
  try {
    const err = await page.evaluate(() => { try { window.attnlab.image(); return null; } catch (e) { return e.message; } });
    assert.match(err, /no images/);
    await api(page, 'setState', { task: 'image', pixel: 30 });
    const a = await api(page, 'attention', 1, 0);
    assert.equal(a.pixel, 30);
    assert.equal(a.weights.length, 144);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// Needs the two-dimensional window mask (MaskSpec::grid_w): with a one-dimensional one, a pixel would see its
// left and right neighbours in the row-by-row order, not the pixels above and below it.
test('mask=window&window=1: a pixel attends to its 3x3 neighbourhood only', async () => {
  const { context, page, problems } = await open('#task=image&mask=window&window=1&train=false&pixel=69');
  try {
    await api(page, 'step', 5);
    const S = 12, q = 69, qr = 5, qc = 9;
    const a = await api(page, 'attention', 0, 0);
    const row = a.weights[q];
    assert.ok(Math.abs(rowSum(row) - 1) < 1e-4);
    const nonzero = row.map((w, j) => (w > 0 ? j : -1)).filter((j) => j >= 0).sort((x, y) => x - y);
    const square = [];
    for (let r = qr - 1; r <= qr + 1; ++r) for (let c = qc - 1; c <= qc + 1; ++c) square.push(r * S + c);
    assert.deepEqual(nonzero, square, 'the weights are non-zero exactly on the 3x3 square around the query');
    // a corner pixel: its square is cut by the border (2x2)
    await api(page, 'setState', { pixel: 0 });
    const corner = (await api(page, 'attention', 0, 0)).weights[0];
    assert.deepEqual(corner.map((w, j) => (w > 0 ? j : -1)).filter((j) => j >= 0), [0, 1, S, S + 1]);
    await screenshot(page, 'image-window-1280x800.png');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('Pixel 5: a tap on a pixel makes it the query', async () => {
  const { context, page, problems } = await open('#task=image&train=false', { device: devices['Pixel 5'] });
  try {
    await api(page, 'step', 5);
    const r = await rect(page, 'image.attention');
    assert.ok(r.x >= 0 && r.x + r.w <= 393 + 1, `the image fits the phone's width: ${JSON.stringify(r)}`);
    const p = at(r, 12, 3, 4);
    await page.touchscreen.tap(p.x, p.y);
    await frames(page, 4);
    assert.equal((await api(page, 'getState')).pixel, 3 * 12 + 4);
    await screenshot(page, 'image-pixel5.png');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
