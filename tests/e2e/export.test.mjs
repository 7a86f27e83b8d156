// Saving views (web/app/export.h, web/platform/view_image.h): every view as a PNG that decodes, has the
// view's own size (not the window's) and is not blank; the attention CSV is exactly attention(l, h); the
// metrics CSV has one row per logged point; the view's menu downloads a PNG; bad view names throw.
import assert from 'node:assert/strict';
import { test, before, after, serve, launch, openPage, waitReady, screenshot, decodePng, distinctColours, greyVariance } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

async function open(hash = '', size = {}) {
  const o = await openPage(browser, size);
  await o.page.goto(server.url + hash);
  await waitReady(o.page);
  return o;
}
const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.attnlab[f](...a), [fn, args]);

// exportImage(view) in the page -> {type, bytes} (the Blob read back as bytes)
async function exportImage(page, view) {
  const r = await page.evaluate(async (v) => {
    const blob = await window.attnlab.exportImage(v);
    return { type: blob.type, bytes: Array.from(new Uint8Array(await blob.arrayBuffer())) };
  }, view);
  return { type: r.type, png: Buffer.from(r.bytes) };
}

// RFC 4180: quoted fields ("" inside), CRLF between lines.
function parseCsv(text) {
  const rows = [];
  let row = [], field = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i++; }
    else field += c;
  }
  assert.equal(field + row.join(''), '', 'the CSV ends with CRLF');
  return rows;
}

const VIEWS = ['attention', 'step', 'matrix', 'pe', 'compare', 'history', 'embeddings', 'training', 'data', 'model'];

test('every view saves as a PNG of its own size that is not blank', async () => {
  const { context, page, problems } = await open('#train=false', { width: 800, height: 600 });
  try {
    await api(page, 'step', 120);
    for (const view of VIEWS) {
      const { type, png } = await exportImage(page, view);
      assert.equal(type, 'image/png', view);
      const img = decodePng(png);
      const left = ['training', 'data', 'model'].includes(view);
      assert.equal(img.width, left ? 560 : 1200, `${view} width`);
      if (left) assert.ok(img.height >= 200 && img.height <= 1600, `${view} height ${img.height}`);
      else assert.equal(img.height, 800, `${view} height`);
      const variance = greyVariance(img), colours = distinctColours(img);
      assert.ok(variance > 100, `${view}: blank? grey variance ${variance}`);
      assert.ok(colours > (['attention', 'matrix', 'pe', 'history'].includes(view) ? 100 : 8),
                `${view}: only ${colours} colours`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// The CSV read back as {tokens, weights}, as attention(l, h) gives them.
function attentionFromCsv(text) {
  const rows = parseCsv(text);
  return { keys: rows[0].slice(1), tokens: rows.slice(1).map((r) => r[0]),
           weights: rows.slice(1).map((r) => r.slice(1).map(Number)) };
}
const sameHead = (csv, a) => csv.tokens.length === a.tokens.length &&
  csv.weights.every((r, i) => r.every((w, j) => Math.fround(w) === Math.fround(a.weights[i][j])));

test("exportCSV('attention') is attention(l, h) of the shown head, to float precision", async () => {
  const { context, page, problems } = await open('#train=false&input=I%20saw%20a%20saw');
  try {
    await api(page, 'step', 80);
    let csv = attentionFromCsv(await api(page, 'exportCSV', 'attention'));
    const a = await api(page, 'attention', 0, 0);  // the shown head: layer 1, head 1 until one is clicked
    assert.deepEqual(csv.keys, a.tokens);
    assert.deepEqual(csv.tokens, a.tokens, 'one row per query token');
    assert.ok(sameHead(csv, a), 'the weights of layer 1, head 1');
    // A click on a head in the grid shows it alone: the CSV follows it. The last head is the lowest
    // colourful spot near the right edge.
    const grid = decodePng((await screenshot(page, 'export-attention-grid.png')).png);
    const x = grid.width - 60;
    let yLast = -1;
    for (let y = 60; y < grid.height; y++) {
      const i = (y * grid.width + x) * grid.channels, px = grid.data.subarray(i, i + 3);
      if (Math.max(...px) - Math.min(...px) > 40) yLast = y;
    }
    assert.ok(yLast > 0, 'a heatmap at the right edge');
    await page.mouse.click(x, yLast - 30);
    await page.waitForTimeout(300);
    csv = attentionFromCsv(await api(page, 'exportCSV', 'attention'));
    const heads = [];
    for (let l = 0; l < a.layers; l++) for (let h = 0; h < a.heads; h++)
      if (sameHead(csv, await api(page, 'attention', l, h))) heads.push([l, h]);
    assert.equal(heads.length, 1, `the CSV is exactly one head: ${JSON.stringify(heads)}`);
    assert.notDeepEqual(heads[0], [0, 0], 'the clicked head, not the first');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the metrics CSV has one row per logged point and ends at metrics().step', async () => {
  const { context, page, problems } = await open('#train=false');
  try {
    await api(page, 'step', 150);
    const rows = parseCsv(await api(page, 'exportCSV', 'training'));
    assert.deepEqual(rows[0].slice(0, 4), ['step', 'loss', 'train_acc', 'dev_acc']);
    const m = await api(page, 'metrics');
    assert.equal(Number(rows.at(-1)[0]), m.step);
    assert.equal(Number(rows.at(-1)[1]), m.loss);
    const steps = rows.slice(1).map((r) => Number(r[0]));
    assert.ok(steps.length >= 2, `${steps.length} points`);
    assert.deepEqual([...steps].sort((x, y) => x - y), steps, 'in step order');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('bad view names and views without numbers throw with the reason', async () => {
  const { context, page } = await open('#train=false');
  try {
    const err = (fn, ...args) => page.evaluate(async ([f, a]) => {
      try { await window.attnlab[f](...a); return null; } catch (e) { return e.message; }
    }, [fn, args]);
    for (const fn of ['exportImage', 'exportCSV']) {
      const m = await err(fn, 'heatmap');
      assert.match(m, /view must be one of data, model, training, attention, step, matrix, pe, compare, history, embeddings/);
      assert.match(await err(fn), /view must be one of/);
    }
    await api(page, 'setState', { model: 'cnn' });
    assert.match(await err('exportCSV', 'attention'), /no attention/);
    assert.match(await err('exportCSV', 'training'), /nothing is recorded yet/);
  } finally {
    await context.close();
  }
});


for (const shape of [{ name: '1280x800', width: 1280, height: 800 }, { name: 'phone', device: 'Pixel 5' }]) {
  test(`the view's menu downloads its PNG (${shape.name})`, async () => {
    let o;
    if (shape.device) {
      const { devices } = await import('playwright-core');
      const context = await browser.newContext({ ...devices[shape.device] });
      const page = await context.newPage();
      await page.goto(server.url + '#train=false');
      await waitReady(page);
      o = { context, page, problems: [] };
    } else {
      o = await open('#train=false', shape);
    }
    const { context, page, problems } = o;
    try {
      await api(page, 'step', 60);
      await page.waitForTimeout(300);
      // The Export button and its Save PNG item, found by their labels among the widgets the last frame drew
      // (attnlab._ui({items: true})), wherever the layout puts them at this size.
      const find = async (re) => {
        for (let i = 0; i < 100; i++) {
          const u = await page.evaluate(() => window.attnlab._ui({ items: true }));
          const it = u.items.find((x) => re.test(x.label) && x.visible[2] - x.visible[0] > 2 && x.visible[3] - x.visible[1] > 2);
          if (it) return { x: (it.visible[0] + it.visible[2]) / 2, y: (it.visible[1] + it.visible[3]) / 2 };
          await page.waitForTimeout(50);
        }
        return null;
      };
      await screenshot(page, `export-menu-${shape.name}-closed.png`);
      const button = await find(/^Export/);
      assert.ok(button, 'the Export button is on the screen');
      await page.mouse.click(button.x, button.y);
      const item = await find(/^Save PNG/);
      assert.ok(item, 'the menu shows Save PNG');
      await screenshot(page, `export-menu-${shape.name}-open.png`);
      const download = page.waitForEvent('download', { timeout: 20000 });
      await page.mouse.click(item.x, item.y);
      const d = await download;
      assert.match(d.suggestedFilename(), /^attnlab-[a-z]+-step\d+\.png$/);
      const bytes = await (async () => {
        const chunks = [];
        for await (const c of await d.createReadStream()) chunks.push(c);
        return Buffer.concat(chunks);
      })();
      const saved = decodePng(bytes);
      assert.ok(saved.width >= 560 && greyVariance(saved) > 100, `${saved.width}x${saved.height}`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}
