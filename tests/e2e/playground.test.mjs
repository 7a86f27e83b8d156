// The playground in a real browser, driven through window.attnlab: it trains by itself on first load, the
// loss falls, settings change the attention grid, typed input gets labels, bad settings explain themselves.
import assert from 'node:assert/strict';
import { test, before, after, serve, launch, openPage, waitReady, screenshot, decodePng, distinctColours } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

async function open(hash = '') {
  const o = await openPage(browser);
  await o.page.goto(server.url + hash);
  await waitReady(o.page);
  return o;
}
const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.attnlab[f](...a), [fn, args]);

test('on first load it trains by itself: the step count rises without any click', async () => {
  const { context, page, problems } = await open();
  try {
    const s = await api(page, 'getState');
    assert.equal(s.task, 'pos');
    assert.equal(s.layers, 2);
    assert.equal(s.heads, 4);
    assert.equal(s.train, true);
    await page.waitForFunction(() => window.attnlab.metrics().step >= 20, null, { timeout: 30000 });
    const m = await api(page, 'metrics');
    assert.ok(m.stepsPerSec >= 0 && m.fps > 0, JSON.stringify(m));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('training makes the loss fall and the accuracy rise (deterministic steps)', async () => {
  const { context, page, problems } = await open('#train=false');
  try {
    await api(page, 'reset');
    await api(page, 'step', 50);
    const early = await api(page, 'metrics');
    await api(page, 'step', 250);
    const later = await api(page, 'metrics');
    assert.equal(later.step, 300);
    assert.ok(later.loss < early.loss * 0.7, `loss ${early.loss} -> ${later.loss}`);
    assert.ok(later.devAcc > 0.6, `dev accuracy ${later.devAcc}`);
    // Same seed, same run: a reset replays the same numbers.
    await api(page, 'reset');
    await api(page, 'step', 50);
    assert.equal((await api(page, 'metrics')).loss, early.loss);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('typed input appears with one predicted label per token', async () => {
  const { context, page, problems } = await open('#train=false');
  try {
    await api(page, 'step', 300);
    await api(page, 'setInput', 'The old man saw the boats.');
    const p = await api(page, 'predictions');
    assert.deepEqual(p.tokens, ['The', 'old', 'man', 'saw', 'the', 'boats', '.']);
    assert.equal(p.labels.length, 7);
    assert.equal(p.labels[6], '.');  // the 12 universal tags of the Brown Corpus
    assert.equal(p.labels[0], 'DET');
    assert.equal((await api(page, 'getState')).input, 'The old man saw the boats.');
    // Unknown words still get a label (shape tokens), never an error.
    await api(page, 'setInput', 'Zorblax quizzically flummoxed 42 wugs');
    assert.equal((await api(page, 'predictions')).labels.length, 5);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('changing the heads changes the attention grid; weights are rows of a softmax', async () => {
  const { context, page, problems } = await open('#train=false');
  try {
    let a = await api(page, 'attention', 1, 3);
    assert.equal(a.heads, 4);
    assert.deepEqual(a.tokens, ['I', 'saw', 'a', 'saw']);
    for (const row of a.weights) assert.ok(Math.abs(row.reduce((x, y) => x + y, 0) - 1) < 1e-4);
    await api(page, 'setState', { heads: 2, layers: 1 });
    a = await api(page, 'attention', 0, 1);
    assert.equal(a.heads, 2);
    assert.equal(a.layers, 1);
    const err = await page.evaluate(() => { try { window.attnlab.attention(0, 3); } catch (e) { return e.message; } });
    assert.match(err, /head must be between 0 and 1/);
    assert.equal((await api(page, 'metrics')).step, 0, 'a new architecture starts from step 0');
    // Causal mask: no query attends to a later key.
    await api(page, 'setState', { mask: 'causal' });
    a = await api(page, 'attention', 0, 0);
    a.weights.forEach((row, i) => row.forEach((w, j) => { if (j > i) assert.equal(w, 0); }));
    await page.waitForTimeout(300);
    await screenshot(page, 'attention-causal-2-heads.png');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('truncated attention on speech-like frames: as accurate as full attention, a fraction of the scores', async () => {
  const { context, page, problems } = await open('#train=false&task=frames&layers=1&heads=2&dim=32');
  try {
    const run = async (state) => {
      await api(page, 'setState', state);
      await api(page, 'step', 150);
      return api(page, 'metrics');
    };
    const full = await run({ mask: 'full' });
    const truncated = await run({ mask: 'window', window: 3 });
    assert.equal(truncated.step, 150, 'a new mask starts again from step 0');
    assert.equal(full.denseScoresPerStep, truncated.denseScoresPerStep, 'the same batches');
    assert.ok(full.scoresPerStep > 0.5 * full.denseScoresPerStep, JSON.stringify(full));
    assert.ok(truncated.scoresPerStep < 0.5 * full.scoresPerStep, `${truncated.scoresPerStep} vs ${full.scoresPerStep}`);
    assert.ok(truncated.devAcc >= full.devAcc - 0.02, `dev ${truncated.devAcc} vs ${full.devAcc}`);
    // A window of w: each query's weights are 0 beyond |i - j| > w.
    const a = await api(page, 'attention', 0, 0);
    a.weights.forEach((row, i) => row.forEach((w, j) => { if (Math.abs(i - j) > 3) assert.equal(w, 0); }));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a learned positional table shorter than the sentences explains itself instead of crashing', async () => {
  // reverse: sequences of 6 to 16 tokens (on pos the Brown Corpus's longest sentence has 180 words)
  const { context, page, problems } = await open('#task=reverse&train=false&pe=learned&max_len=8&panel=pe&pe_len=20');
  try {
    const m = await api(page, 'metrics');
    assert.match(m.error, /8/, `the message names the table length: ${m.error}`);
    assert.match(m.error, /longer|length|position/i);
    const err = await page.evaluate(() => { try { window.attnlab.step(1); } catch (e) { return e.message; } });
    assert.match(err ?? '', /no model to train/);
    // A table long enough works, and the PE panel shows it.
    await api(page, 'setState', { max_len: 16 });
    assert.equal((await api(page, 'metrics')).error, '');
    await api(page, 'step', 20);
    await api(page, 'setState', { pe_len: 90 });  // past the table: shown hatched, with the model's words
    await page.waitForTimeout(400);
    const img = decodePng((await screenshot(page, 'pe-learned-past-table.png')).png);
    assert.ok(distinctColours(img, { x0: 420, y0: 150, x1: 1280, y1: 780 }) > 30);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('every panel renders: screenshots for the README and docs', async () => {
  const { context, page, problems } = await open('#train=false');
  try {
    await api(page, 'step', 400);
    for (const panel of ['attention', 'step', 'matrix', 'pe', 'compare', 'history']) {
      await api(page, 'setState', { panel });
      if (panel === 'compare') await api(page, 'step', 100);  // the baseline trains next to attention
      await page.waitForTimeout(500);
      const img = decodePng((await screenshot(page, `panel-${panel}.png`)).png);
      const colours = distinctColours(img, { x0: 430, y0: 100, x1: 1280, y1: 790 });
      assert.ok(colours > 40, `${panel}: the view area is drawn (${colours} colours)`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
