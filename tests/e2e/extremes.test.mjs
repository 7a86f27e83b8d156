// The extremes of every control (issue: divergence and extremes). Every numeric setting at the two ends of its
// range and every choice, as the settings table the command line and the page share lists them
// (attnlab settings --json), then the largest model on the largest input and the longest typed sentence:
// each either trains, or is refused / stops with a message and a one-click way back that trains again. Never a
// frozen page (frames go on drawing), never a NaN in what is drawn (loss, attention weights, predictions).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test, before, after, serve, launch, openPage, waitReady, screenshot, ROOT } from './harness.mjs';

const CLI = join(ROOT, 'build', 'wasm', 'attnlab.js');

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

const api = (page, fn, ...args) => page.evaluate(([f, a]) => {
  try { return { ok: window.attnlab[f](...a) }; } catch (e) { return { error: String(e.message || e) }; }
}, [fn, args]);
const frame = (page) => page.evaluate(() => window.attnlab._layout().frame);

// Some settings only act together with another one (the window mask's w, the CNN's k, the learned table's rows).
const COMPANION = { window: { mask: 'window' }, k: { model: 'cnn' }, max_len: { pe: 'learned' }, rnn: { model: 'rnn' } };

// which = 'ranges': every numeric setting at both ends; 'choices': every choice of every enum setting.
let settings = null;  // attnlab settings --json, read once
function cases(keys, which) {
  const s = settings ??= JSON.parse(execFileSync('node', [CLI, 'settings', '--json'], { encoding: 'utf8' }));
  const out = [];
  if (which === 'ranges') {
    for (const r of s.ranges) {
      if (!keys.has(r.key)) continue;
      for (const v of [r.lo, r.hi]) out.push({ ...(COMPANION[r.key] || {}), [r.key]: v });
    }
  } else {
    for (const [key, list] of Object.entries(s.choices)) {
      if (!keys.has(key)) continue;
      for (const c of list) out.push({ ...(COMPANION[key] || {}), [key]: c.name });
    }
  }
  return out;
}

const finite = (x) => typeof x === 'number' && Number.isFinite(x);

// The page keeps drawing: at least 3 frames within 20 s.
async function responsive(page, what) {
  const f0 = await frame(page);
  await page.waitForFunction((f) => window.attnlab._layout().frame >= f + 3, f0, { timeout: 20000 })
    .catch(() => assert.fail(`${what}: the page stopped drawing`));
}

// Trains a step or two, or says why not; what is drawn holds no NaN.
async function outcome(page, what) {
  await page.waitForFunction(() => {
    const m = window.attnlab.metrics();
    return m.step >= 2 || m.error || m.done;
  }, null, { timeout: 120000 }).catch(() => assert.fail(`${what}: neither trains nor says why within 120 s`));
  await responsive(page, what);
  const m = (await api(page, 'metrics')).ok;
  if (m.loss !== null) assert.ok(finite(m.loss), `${what}: loss ${m.loss}`);
  const a = await api(page, 'attention', 0, 0);
  if (a.ok) {
    for (const row of a.ok.weights) for (const w of row) assert.ok(finite(w), `${what}: attention weight ${w}`);
  }
  const p = await api(page, 'predictions');
  assert.ok(p.ok, `${what}: predictions() ${p.error}`);
  return m;
}

// The way back: the button the Training (or Model) panel shows, clicked as a student would.
async function wayBack(page, what) {
  let at = null;
  for (let i = 0; i < 100 && !at; i++) {
    const u = await page.evaluate(() => window.attnlab._ui({ items: true }));
    const it = u.items.find((x) => /^(Back to the settings that trained|Back to the task's default settings|Lower the learning rate)/.test(x.label) &&
                                   x.visible[2] - x.visible[0] > 2 && x.visible[3] - x.visible[1] > 2);
    if (it) at = { x: (it.visible[0] + it.visible[2]) / 2, y: (it.visible[1] + it.visible[3]) / 2 };
    else await page.waitForTimeout(50);
  }
  assert.ok(at, `${what}: a way back is on the screen`);
  await page.mouse.click(at.x, at.y);
  await page.waitForFunction(() => {
    const m = window.attnlab.metrics();
    return !m.error && m.step >= 2;
  }, null, { timeout: 60000 }).catch(() => assert.fail(`${what}: the way back did not train again`));
}

// One page for all of them, in seven tests (each within the browser tests' time limit), one after the other.
const SKIP = !existsSync(CLI) && 'build/wasm/attnlab.js is not built (make dist)';
const MODEL_KEYS = ['task', 'model', 'layers', 'heads', 'dim', 'pe', 'pe_scale', 'max_len', 'mask', 'window', 'norm',
  'relevance', 'baseline', 'k', 'rnn', 'lr', 'batch', 'seed'];
let shared = null, base = null;
const summary = [];

async function page() {
  if (!shared) {
    shared = await openPage(browser);
    await shared.page.goto(server.url + '#panel=training');
    await waitReady(shared.page);
    const start = (await api(shared.page, 'getState')).ok;
    base = Object.fromEntries(MODEL_KEYS.filter((k) => k in start).map((k) => [k, start[k]]));
  }
  return shared.page;
}

// Each setting change either is refused with a reason, or trains, or stops with a message and a way back.
async function tryAll(page, all) {
  for (const c of all) {
    const what = JSON.stringify(c);
    const r = await api(page, 'setState', { ...base, train: true, ...c });
    if (r.error) {  // refused: a message naming the problem, and the page as it was
      assert.ok(r.error.length > 10, `${what}: refused without a reason`);
      summary.push(`${what}: refused (${r.error.slice(0, 80)})`);
      await responsive(page, what);
      continue;
    }
    const m = await outcome(page, what);
    if (m.error) {
      summary.push(`${what}: stopped (${m.error.slice(0, 80)})`);
      await screenshot(page, `extremes-${summary.length}.png`);
      await wayBack(page, what);
    } else {
      summary.push(`${what}: trains (step ${m.step}, ${m.trainer})`);
    }
  }
}

// Each group of cases in two tests, one after the other: a group whole took 55-58 s on a loaded machine, at the
// edge of the time limit.
const half = (list, i) => {
  const n = Math.ceil(list.length / 2);
  return list.slice(i * n, (i + 1) * n);
};
for (const [group, which] of [['the numeric settings', 'ranges'], ['every choice', 'choices']]) {
  for (const [i, part] of ['first', 'second'].entries()) {
    test(`every control at its extremes (${group}, ${part} half): it trains, or says why and offers a way back`,
         { skip: SKIP }, async () => {
      const p = await page();
      await tryAll(p, half(cases(new Set(Object.keys(base)), which), i));
    });
  }
}

for (const [model, largest] of [['attention', { task: 'image', layers: 4, heads: 8, dim: 128, batch: 128 }],
                                ['rnn', { task: 'image', model: 'rnn', dim: 128, batch: 128 }]]) {
  test(`every control at its extremes (the largest ${model} model the controls allow, on the largest input: 144 pixels)`,
       { skip: SKIP }, async () => {
    const p = await page();
    await tryAll(p, [largest]);
  });
}

test('every control at its extremes (the longest typed input); nothing went wrong on the way', { skip: SKIP },
     async () => {
  const p = await page();
  try {
    // the longest typed input the page takes (400 characters: 134 words), with a learned table of 48 rows and
    // with sinusoidal PE; one character more is refused with the limit
    const long = Array.from({ length: 67 }, () => 'I saw').join(' ').slice(0, 400);
    const words = long.split(' ').length;
    assert.match((await api(p, 'setInput', long + ' a')).error || '', /400 characters/);
    for (const pe of ['learned', 'sinusoidal']) {
      assert.ok(!(await api(p, 'setState', { ...base, pe, max_len: 48 })).error);
      const r = await api(p, 'setInput', long);
      await responsive(p, `a ${words}-word input, pe ${pe}`);
      const q = await api(p, 'predictions');
      if (pe === 'learned') {  // the typed input, or already the corpus (Brown has sentences of 180 words), is longer
        const said = r.error || q.ok?.error || (await api(p, 'metrics')).ok?.error;
        assert.ok(said && /position|learned/.test(said), `learned PE past its table: ${JSON.stringify(r)} ${JSON.stringify(q.ok?.error)}`);
      } else {
        assert.ok(!r.error, r.error);
        assert.equal(q.ok.labels.length, words, 'one label per word');
      }
      summary.push(`${words}-word input, pe ${pe}: ${r.error || q.ok?.error || 'tagged'}`.slice(0, 160));
    }
    console.log(summary.join('\n'));
    assert.deepEqual(shared.problems, []);
  } finally {
    await shared.context.close();
  }
});
