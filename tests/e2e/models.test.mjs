// Model files between the page and the command line (one format, engine/io/model_io.h): a model trained in
// the page and taken out with saveModel() tags with `attnlab tag --load` as it does in the page; a model the
// command line trains and saves opens in the page with its settings and the same tags; a model file dropped
// on the page loads; bad files are refused with their problem and change nothing.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, before, after, serve, launch, openPage, waitReady, screenshot, ROOT } from './harness.mjs';

// The native command line: `make test` builds it first (test-native); alone, this file builds it if missing.
const CLI = process.env.ATTNLAB_CLI || join(ROOT, 'build', 'native', 'attnlab');
function ensureCli() {
  if (existsSync(CLI)) return;
  execFileSync('cmake', ['--preset', 'native'], { cwd: ROOT, stdio: 'inherit' });
  execFileSync('cmake', ['--build', '--preset', 'native', '--target', 'attnlab'], { cwd: ROOT, stdio: 'inherit' });
}

const SENTENCES = ['I saw a saw', 'Time flies like an arrow', 'She saw a blicket', 'The cook likes to cook rice .'];

let browser, server, dir;
before(async () => {
  ensureCli();
  dir = mkdtempSync(join(tmpdir(), 'attnlab-models-'));
  browser = await launch();
  server = await serve();
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function open(hash = '') {
  const o = await openPage(browser);
  await o.page.goto(server.url + hash);
  await waitReady(o.page);
  return o;
}
const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.attnlab[f](...a), [fn, args]);

// Bytes across the Playwright boundary as base64 (a model is a few hundred KB).
async function saveModel(page) {
  const b64 = await page.evaluate(() => {
    const bytes = window.attnlab.saveModel();
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s);
  });
  return Buffer.from(b64, 'base64');
}
function loadModel(page, bytes, name) {
  return page.evaluate(([b64, n]) => {
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; ++i) bytes[i] = bin.charCodeAt(i);
    return window.attnlab.loadModel(bytes, n);
  }, [bytes.toString('base64'), name]);
}
// What loadModel throws, as {type, message}; null when it does not throw.
function loadModelError(page, what) {
  return page.evaluate((w) => {
    const arg = w === 'text' ? 'not bytes' : w === 'array' ? [65, 84, 78, 76] : new TextEncoder().encode(w);
    try { window.attnlab.loadModel(arg); return null; } catch (e) { return { type: e.constructor.name, message: e.message }; }
  }, what);
}
async function pageTags(page, sentence) {
  await api(page, 'setInput', sentence);
  const p = await api(page, 'predictions');
  return { tokens: p.tokens, tags: p.labels };
}
function cliTags(file, sentence) {
  const out = JSON.parse(execFileSync(CLI, ['tag', '--load', file, '--json', sentence], { encoding: 'utf8' }));
  return { tokens: out.tokens, tags: out.tags };
}
function cliTrain(file, args) {
  execFileSync(CLI, ['train', ...args, '--quiet', '--save', file], { encoding: 'utf8' });
  return readFileSync(file);
}

test('a model trained in the page tags with attnlab tag --load exactly as in the page', async () => {
  const { context, page, problems } = await open('#train=false&heads=2');
  try {
    await api(page, 'step', 200);
    const bytes = await saveModel(page);
    assert.equal(bytes.subarray(0, 8).toString('latin1'), 'ATNLMODL');
    const file = join(dir, 'page.model');
    writeFileSync(file, bytes);
    for (const s of SENTENCES) assert.deepEqual(cliTags(file, s), await pageTags(page, s), s);

    // The Save model button's download: the same bytes, named after task, model and step.
    const [download] = await Promise.all([page.waitForEvent('download'), api(page, 'downloadModel')]);
    assert.equal(download.suggestedFilename(), 'attnlab-pos-attention-step200.model');
    const saved = join(dir, 'downloaded.model');
    await download.saveAs(saved);
    assert.ok(readFileSync(saved).equals(bytes), 'the download is the saveModel() file');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a model trained and saved by the command line opens in the page with its settings and tags', async () => {
  const file = join(dir, 'cli.model');
  const bytes = cliTrain(file, ['--task', 'pos', '--heads', '2', '--pe', 'learned', '--steps', '300', '--seed', '5']);
  const { context, page, problems } = await open();  // training, with the default settings
  try {
    await page.waitForFunction(() => window.attnlab.metrics().step >= 5, null, { timeout: 30000 });
    const r = await loadModel(page, bytes, 'cli.model');
    assert.equal(r.task, 'pos');
    assert.equal(r.model, 'attention');
    assert.equal(r.step, 0);
    assert.equal(r.name, 'cli.model');
    assert.ok(r.devAcc > 0.5, `dev accuracy of the loaded model ${r.devAcc}`);
    const s = await api(page, 'getState');
    assert.equal(s.heads, 2);
    assert.equal(s.pe, 'learned');
    assert.equal(s.dim, 64);
    assert.equal(s.layers, 2);
    assert.equal(s.train, false, 'training pauses on a loaded model');
    assert.ok(await page.evaluate(() => window.location.hash.includes('heads=2')), 'the URL hash follows');
    assert.equal((await api(page, 'metrics')).loadedFrom, 'cli.model');
    for (const sentence of SENTENCES) assert.deepEqual(await pageTags(page, sentence), cliTags(file, sentence), sentence);
    await page.waitForTimeout(500);
    assert.equal((await api(page, 'metrics')).step, 0, 'paused: the loaded weights stay as they are');
    await screenshot(page, 'models-loaded.png');
    // Saved again from the page, the CLI reads the same model.
    writeFileSync(join(dir, 'again.model'), await saveModel(page));
    assert.deepEqual(cliTags(join(dir, 'again.model'), SENTENCES[0]), cliTags(file, SENTENCES[0]));
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a model file dropped on the page loads', async () => {
  const file = join(dir, 'reverse.model');
  const bytes = cliTrain(file, ['--task', 'reverse', '--layers', '1', '--heads', '2', '--dim', '32', '--steps', '200']);
  const { context, page, problems } = await open('#train=false');
  try {
    await page.evaluate((b64) => {
      const bin = atob(b64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; ++i) bytes[i] = bin.charCodeAt(i);
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'reverse.model', { type: 'application/octet-stream' }));
      document.getElementById('canvas').dispatchEvent(
        new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, bytes.toString('base64'));
    await page.waitForFunction(() => window.attnlab.metrics().loadedFrom === 'reverse.model', null, { timeout: 10000 });
    const s = await api(page, 'getState');
    assert.equal(s.task, 'reverse');
    assert.equal(s.layers, 1);
    assert.equal(s.heads, 2);
    assert.equal(s.dim, 32);
    const shown = await api(page, 'predictions');
    assert.deepEqual(cliTags(file, shown.tokens.join(' ')), { tokens: shown.tokens, tags: shown.labels });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('bad files are refused with their problem and change nothing', async () => {
  const { context, page, problems } = await open('#train=false&task=seen');
  try {
    await api(page, 'step', 30);
    const good = await saveModel(page);
    const state = await api(page, 'getState');
    const tags = await api(page, 'predictions');
    const unchanged = async (what) => {
      assert.deepEqual(await api(page, 'getState'), state, what);
      assert.equal((await api(page, 'metrics')).step, 30, what);
      assert.equal((await api(page, 'metrics')).loadedFrom, null, what);
      assert.deepEqual(await api(page, 'predictions'), tags, what);
    };
    const refused = async (bytes, message) => {
      await assert.rejects(loadModel(page, bytes, 'bad.model'), (e) => e.message.includes(message), message);
      await unchanged(message);
    };
    await refused(Buffer.from('word\tTAG\nwords\tTAGS\n'), 'not an Attention Lab model file');
    await refused(good.subarray(0, good.length - 100), 'truncated');
    const corrupted = Buffer.from(good);
    corrupted[corrupted.length >> 1] ^= 0x10;
    await refused(corrupted, 'corrupted');
    const newer = Buffer.from(good);
    newer[8] = 9;
    await refused(newer, 'newer than this attnlab understands');
    const rnn = cliTrain(join(dir, 'rnn.model'), ['--task', 'seen', '--model', 'rnn', '--steps', '5']);
    await refused(rnn, "the page cannot show this model's settings: hidden width (--hidden) 64 (the page: 128)");

    for (const what of ['text', 'array']) {
      const e = await loadModelError(page, what);
      assert.equal(e?.type, 'TypeError', JSON.stringify(e));
    }
    // A file that is not a model, dropped on the page: a notice, and nothing else changes.
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['I PRON\nsaw VERB\n'], 'notes.txt', { type: 'text/plain' }));
      document.getElementById('canvas').dispatchEvent(
        new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.waitForTimeout(300);
    await unchanged('a dropped text file');
    // and the page goes on working: it trains and tags
    await api(page, 'step', 5);
    assert.equal((await api(page, 'metrics')).step, 35);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
