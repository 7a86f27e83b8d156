// A long session in the page, as a classroom projector sees it: training on, and every few seconds one random
// valid action (a settings change, a panel switch, a typed input, a reset, a lesson step, an export), drawn from
// a seeded generator. Every 10 s it goes back to one fixed configuration (the page as it opens, reset), waits two
// seconds and records the bytes malloc holds, the WebAssembly memory's size, the JS heap, the frame rate and the
// step: the same configuration each time, so what grows between samples is what the session left behind (a leak),
// not the working set of the last task chosen. Used by `make soak` (scripts/soak.mjs, 30 minutes) and by the 2-minute test
// (tests/e2e/soak.test.mjs).
import { openPage, mulberry32 } from './harness.mjs';

// Settings a student or a teacher would pick (every one valid on its own; they are applied one at a time).
const CHANGES = [
  { heads: 1 }, { heads: 2 }, { heads: 4 }, { dim: 16 }, { dim: 32 }, { layers: 1 }, { layers: 2 },
  { pe: 'sinusoidal' }, { pe: 'learned' }, { pe: 'none' }, { mask: 'full' }, { mask: 'causal' },
  { norm: 'softmax' }, { norm: 'relu' }, { norm: 'sigmoid' }, { lr: 0.001 }, { lr: 0.003 }, { batch: 8 },
  { batch: 16 }, { seed: 2 }, { seed: 1 }, { task: 'pos' }, { task: 'seen' }, { task: 'reverse' },
  { task: 'count' }, { task: 'image' }, { task: 'frames' }, { task: 'graph' }, { task: 'seg_zh' },
  { model: 'attention' }, { model: 'attention' }, { model: 'cnn' }, { model: 'rnn' }, { model: 'window' },
  { lang: 'zh' }, { lang: 'en' },
];
const PANELS = ['attention', 'step', 'matrix', 'pe', 'compare', 'history', 'embeddings'];
const INPUTS = ['I saw a saw', 'the old man the boat', 'time flies like an arrow', 'a saw saw a saw',
                'We saw her duck', '研究生命的起源', 'The quick brown fox jumps over the lazy dog'];
const EXPORTS = ['attention', 'step', 'matrix', 'pe', 'compare', 'history', 'training', 'data', 'model'];

// The two actions with normal refusals. A typed input the task cannot read (it reads no words) is an answer; an
// export of a view without numbers yet is one (its message says nothing, no model, not, none or recorded).
const typeInput = (page, text) =>
  page.evaluate((t) => { try { window.attnlab.setInput(t); } catch (e) { /* a task that reads no words */ } }, text);
const exportView = (page, view, kind) =>
  page.evaluate(async ([v, k]) => {
    try {
      if (k === 'csv') window.attnlab.exportCSV(v);
      else await window.attnlab.exportImage(v);
    } catch (e) {
      if (!/nothing|no model|not|none|recorded/i.test(e.message)) throw e;
    }
  }, [view, kind]);

// One action in the page; returns its name. Problems that are the action's normal refusals (a view without
// numbers yet, an input the task cannot read) are answers, not failures; anything else throws.
async function act(page, rnd) {
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const r = rnd();
  if (r < 0.35) {
    const change = pick(CHANGES);
    await page.evaluate((c) => window.attnlab.setState(c), change);
    return 'setState ' + JSON.stringify(change);
  }
  if (r < 0.50) {
    const panel = pick(PANELS);
    await page.evaluate((p) => window.attnlab.setState({ panel: p }), panel);
    return 'panel ' + panel;
  }
  if (r < 0.62) {
    const text = pick(INPUTS);
    await typeInput(page, text);
    return 'input ' + text;
  }
  if (r < 0.70) {
    await page.evaluate(() => window.attnlab.reset());
    return 'reset';
  }
  if (r < 0.82) {
    const stop = 1 + Math.floor(rnd() * 3);  // the first stops train quickly; leave again afterwards
    await page.evaluate((n) => window.attnlab.lesson(n), stop);
    return 'lesson ' + stop;
  }
  if (r < 0.88) {
    await page.evaluate(() => { window.attnlab.lesson(0); window.attnlab.train(true); });
    return 'lesson 0';
  }
  const view = pick(EXPORTS);
  const kind = rnd() < 0.5 ? 'csv' : 'png';
  await exportView(page, view, kind);
  return `export ${kind} ${view}`;
}

// Before the first sample: every kind of action once, so what a session builds once and keeps is built before the
// heap's baseline (the first sample after a minute). Kept on purpose, each bounded: the Chinese font's glyphs in the
// font atlas (fetched on the first Chinese text; the set of characters is fixed), the second ImGui context that
// draws exported pictures (made on the first picture, with its own copy of the atlas; made again when the fonts
// change), each task's dataset, and the WebAssembly memory, which never shrinks.
const WARM_UP = [
  ...['zh', 'en'].map((lang) => ({ state: { lang } })),
  { input: '研究生命的起源' },
  ...CHANGES.filter((c) => c.task).map((state) => ({ state })),
  ...PANELS.map((panel) => ({ state: { panel } })),
  ...[1, 2, 3].map((lesson) => ({ lesson })),
  { lesson: 0 },
  ...['attention', 'training'].flatMap((view) => [{ png: view }, { csv: view }]),
  { state: { lang: 'zh' } }, { png: 'attention' }, { state: { lang: 'en' } },
];

async function warmUp(page) {
  for (const w of WARM_UP) {
    if (w.state) await page.evaluate((c) => window.attnlab.setState(c), w.state);
    if (w.input) await typeInput(page, w.input);
    if (w.lesson !== undefined) await page.evaluate((n) => window.attnlab.lesson(n), w.lesson);
    if (w.csv) await exportView(page, w.csv, 'csv');
    if (w.png) await exportView(page, w.png, 'png');
    await page.waitForTimeout(500);
  }
  await page.evaluate(() => window.attnlab.train(true));
}

// Where every sample is taken: the page as it opens (a fresh run of the default POS model).
const CANONICAL = { task: 'pos', model: 'attention', layers: 2, heads: 4, dim: 32, pe: 'sinusoidal', mask: 'full',
                    norm: 'softmax', lr: 0.006, batch: 16, seed: 1, lang: 'en', panel: 'attention', lesson: 0,
                    input: 'I saw a saw', train: true };

async function sample(page, t0) {
  await page.evaluate((c) => { window.attnlab.setState(c); window.attnlab.reset(); }, CANONICAL);
  await page.waitForTimeout(2000);
  return page.evaluate((t0) => {
    const m = window.attnlab.metrics();
    const mem = window.attnlab._memory ? window.attnlab._memory() : null;
    return {
      t: (performance.now() - t0) / 1000,
      wasmBytes: mem ? mem.wasmBytes : window.Module.HEAPU8.length,
      heapUsed: mem ? mem.heapUsed : null,
      jsHeap: performance.memory ? performance.memory.usedJSHeapSize : null,
      fps: m.fps,
      step: m.step,
    };
  }, t0);
}

// Runs the soak on a fresh page of `url` for `minutes`; actions every `every` seconds on average.
// Returns {samples, warmUp (how many warm-up actions), actions (the random ones), problems, settings}.
export async function soak(browser, url, { minutes = 2, seed = 1, every = 2, log = () => {} } = {}) {
  const { context, page, problems } = await openPage(browser);
  await page.goto(url);
  await page.evaluate(() => window.attnlab.ready);
  const rnd = mulberry32(seed);
  const t0 = await page.evaluate(() => performance.now());
  await warmUp(page);
  const samples = [await sample(page, t0)];
  const actions = [];
  const end = Date.now() + minutes * 60000;
  let nextSample = Date.now() + 10000;
  while (Date.now() < end) {
    const what = await act(page, rnd);
    actions.push(what);
    await page.waitForTimeout(every * 1000 * (0.5 + rnd()));
    if (Date.now() >= nextSample) {
      const s = await sample(page, t0);
      samples.push(s);
      log(s, actions.length, what);
      nextSample += 10000;
    }
  }
  const settings = await page.evaluate(() => window.attnlab.getState());
  await context.close();
  return { samples, warmUp: WARM_UP.length, actions, problems, settings };
}

// The verdicts: growth of the heap after the first minute (the bytes malloc holds, else the memory's size), and
// the frame rate of the last quarter against the second (the first quarter still loads and builds caches); both
// taken in the same configuration (sample()).
export function verdict(samples) {
  const after = samples.filter((s) => s.t >= 60);
  const key = samples.every((s) => s.heapUsed !== null) ? 'heapUsed' : 'wasmBytes';
  const base = after.length ? after[0][key] : samples[0][key];
  const peak = Math.max(...(after.length ? after : samples).map((s) => s[key]));
  // A leak raises the floor; a sample taken while something was still being freed is a spike. So the growth is
  // the median of the last three samples over the first after a minute (the peak is reported beside it).
  const last = (after.length ? after : samples).slice(-3).map((s) => s[key]).sort((a, b) => a - b);
  const end = last[Math.floor(last.length / 2)];
  const q = Math.max(1, Math.floor(samples.length / 4));
  const mean = (xs) => xs.reduce((a, s) => a + s.fps, 0) / Math.max(1, xs.length);
  return {
    key, base, peak, end, growth: end / base - 1,
    fpsEarly: mean(samples.slice(q, 2 * q)), fpsLate: mean(samples.slice(-q)),
    wasmFirst: samples[0].wasmBytes, wasmLast: samples[samples.length - 1].wasmBytes,
  };
}
