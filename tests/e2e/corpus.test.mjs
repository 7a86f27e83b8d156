// The corpora in the page (web/platform/corpus_fetch.h): neither is part of the first load. The page fetches
// brown.pack.gz when pos is first used, shows its progress, and answers attnlab.dataset() with what
// `attnlab data --task pos --json` answers. On a slow network training starts on the corpus's first parts and
// takes the steps the command line takes on all of it. seg_zh fetches seg_zh.txt.gz (real Chinese) the same way,
// and trains the command line's losses bit for bit. A missing, broken or broken-off file leaves a notice and a
// working app.
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test, before, after, serve, launch, openPage, waitReady, waitData, DIST, ROOT } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const CLI = join(ROOT, 'build', 'native', 'attnlab');
const WASM_CLI = join(ROOT, 'build', 'wasm', 'attnlab.js');  // the page's kernels, for bit-for-bit losses

test('the first load is under 3 MB and fetches no corpus until pos is used; then dataset() is the CLI\'s', async () => {
  const first = statSync(join(DIST, 'app.wasm')).size + statSync(join(DIST, 'app.js')).size;
  assert.ok(first <= 3e6, `app.wasm + app.js = ${first} bytes`);
  const server = await serve();
  const { context, page, problems } = await openPage(browser);
  const asked = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname.split('/').pop()));
  try {
    await page.goto(server.url + '#task=seen');
    await waitReady(page);
    await page.waitForTimeout(300);
    assert.ok(!asked.includes('brown.pack.gz'), `no corpus fetched for seen (asked: ${asked.join(' ')})`);
    await page.evaluate(() => window.attnlab.setState({ task: 'pos' }));
    const progress = await page.evaluate(() => window.attnlab.dataset());
    assert.equal(progress.pending, true, 'pos waits for its corpus');
    const d = await waitData(page);
    assert.ok(asked.includes('brown.pack.gz'), 'the corpus is fetched once pos is used');
    assert.equal(d.name, 'Brown Corpus');
    assert.match(d.source, /Francis.*Ku.era.*1964/);
    assert.equal(d.tagset, 'universal');
    assert.deepEqual(d.tags, ['NOUN', 'VERB', 'ADJ', 'ADV', 'PRON', 'DET', 'ADP', 'NUM', 'CONJ', 'PRT', '.', 'X']);
    if (existsSync(CLI)) {  // the native command line (make test builds it first)
      const c = JSON.parse(execFileSync(CLI, ['data', '--task', 'pos', '--json'], { cwd: ROOT, encoding: 'utf8' }));
      for (const k of ['name', 'source', 'tagset', 'tags', 'sentences', 'tokens', 'documents', 'vocabulary'])
        assert.deepEqual(d[k], c[k], `dataset().${k} is what attnlab data --json says`);
    }
    assert.equal(d.sentences.train + d.sentences.dev + d.sentences.test, 57340);
    assert.equal(d.tokens.train + d.tokens.dev + d.tokens.test, 1161192);
    const [before, m] = await page.evaluate(() => {
      window.attnlab.train(false);
      const b = window.attnlab.metrics().step;
      window.attnlab.step(20);
      return [b, window.attnlab.metrics()];
    });
    assert.equal(m.step, before + 20, 'it trains on the corpus');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});

// the command line's losses at `steps` for the page's settings s (the page's schedule: warm-up 50, then constant)
async function cliLosses(task, s, steps, model) {
  const args = ['--no-experimental-fetch', WASM_CLI, 'train', '--task', task, '--seed', String(s.seed),
    '--data-seed', String(s.seed), ...model, '--batch', String(s.batch), '--lr', String(Math.fround(s.lr)),
    '--warmup', '50', '--constant-lr', '--eval-every', '50', '--eval-max', '200', '--steps', String(steps), '--json'];
  const { stdout } = await promisify(execFile)('node', args, { cwd: ROOT, encoding: 'utf8' });  // (the server serves on)
  return stdout.trim().split('\n').map((l) => JSON.parse(l)).find((l) => l.step === steps && l.loss !== undefined);
}

test('seg_zh fetches the corpus of real Chinese when first used; dataset() is the CLI\'s and so are the losses', {
  skip: !existsSync(WASM_CLI) && 'build/wasm/attnlab.js is not built (make dist)',
}, async () => {
  const server = await serve();
  const { context, page, problems } = await openPage(browser);
  const asked = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname.split('/').pop()));
  try {
    await page.goto(server.url + '#task=seen&train=false&heads=2&dim=16&layers=1');
    await waitReady(page);
    await page.waitForTimeout(300);
    assert.ok(!asked.includes('seg_zh.txt.gz'), `no Chinese corpus fetched for seen (asked: ${asked.join(' ')})`);
    await page.evaluate(() => window.attnlab.setState({ task: 'seg_zh' }));
    assert.equal((await page.evaluate(() => window.attnlab.dataset())).pending, true, 'seg_zh waits for its corpus');
    const d = await waitData(page);
    assert.ok(asked.includes('seg_zh.txt.gz'), 'the corpus is fetched once seg_zh is used');
    assert.equal(d.name, 'real Chinese (seg_zh.txt)');
    assert.match(d.source, /Debian.*jieba/);
    assert.deepEqual(d.tags, ['B', 'M', 'E', 'S']);
    if (existsSync(CLI)) {
      const c = JSON.parse(execFileSync(CLI, ['data', '--task', 'seg_zh', '--json'], { cwd: ROOT, encoding: 'utf8' }));
      for (const k of ['name', 'source', 'tagset', 'tags', 'sentences', 'tokens', 'vocabulary', 'baseline'])
        assert.deepEqual(d[k], c[k], `dataset().${k} is what attnlab data --json says`);
    }
    assert.ok(d.sentences.train > 30000 && d.vocabulary > 5000, JSON.stringify(d));
    const s = await page.evaluate(() => window.attnlab.getState());
    const m = await page.evaluate(() => { window.attnlab.step(100); return window.attnlab.metrics(); });
    const at = await cliLosses('seg_zh', s, 100, ['--layers', '1', '--heads', '2', '--dim', '16']);
    assert.equal(m.step, 100);
    assert.equal(m.loss, at.loss, 'loss at step 100: the page is the command line bit for bit');
    assert.equal(m.devAcc, at.dev_acc, 'dev accuracy at step 100');
    // a sentence of one's own gets a label per character
    const p = await page.evaluate(() => { window.attnlab.setInput('南京市长江大桥'); return window.attnlab.predictions(); });
    assert.deepEqual(p.tokens, [...'南京市长江大桥']);
    assert.equal(p.labels.length, 7);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});

const corpus = (answer, file = 'brown.pack.gz') => (path) => (path === file ? answer : null);
const brown = ['pos', /Brown Corpus could not be loaded/], chinese = ['seg_zh', /Chinese corpus could not be loaded/];
for (const [what, served, [task, says]] of [
  ['missing (404)', { override: corpus({ status: 404, body: 'not found' }) }, brown],
  ['not gzip', { override: corpus({ status: 200, body: 'this is not a corpus' }) }, brown],
  ['broken off midway', { trickle: corpus({ rate: 4e6, cut: 0.5 }) }, brown],  // after training began on its first parts
  ['missing (404)', { override: corpus({ status: 404, body: 'not found' }, 'seg_zh.txt.gz') }, chinese],
  ['broken off midway', { trickle: corpus({ rate: 4e6, cut: 0.5 }, 'seg_zh.txt.gz') }, chinese],
]) {
  test(`a ${task} corpus file that is ${what} gives a notice and leaves a working app`, async () => {
    const server = await serve(served);
    const { context, page } = await openPage(browser);
    try {
      await page.goto(server.url + `#task=${task}&train=false`);
      await waitReady(page, 60000, { data: false });
      const d = await waitData(page);
      assert.ok(d.error && says.test(d.error), `dataset() says why: ${JSON.stringify(d)}`);
      const notices = await page.evaluate(() => window.attnlab._notices().map((n) => n.text));
      assert.ok(notices.some((n) => says.test(n)), `a notice: ${notices.join(' | ')}`);
      // the other tasks work
      await page.evaluate(() => window.attnlab.setState({ task: 'seen' }));
      const m = await page.evaluate(() => { window.attnlab.step(10); return window.attnlab.metrics(); });
      assert.equal(m.step, 10);
      assert.equal(m.error, '');
    } finally {
      await context.close();
      await server.close();
    }
  });
}

test('on a slow network training starts on the first parts and takes the command line\'s steps', {
  skip: !existsSync(WASM_CLI) && 'build/wasm/attnlab.js is not built (make dist)',
}, async () => {
  // about 6 s for the whole corpus: training starts well before it is all there
  const server = await serve({ trickle: corpus({ rate: 480000 }) });
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url + '#heads=2&dim=16&layers=1');
    await waitReady(page, 60000, { data: false });
    const early = await page.waitForFunction(() => {
      const d = window.attnlab.dataset(), m = window.attnlab.metrics();
      return d.pending && d.parts >= 1 && m.step > 0 && d.received < d.total ? { d, step: m.step } : null;
    }, null, { timeout: 60000, polling: 50 }).then((h) => h.jsonValue());
    assert.ok(early.d.parts < early.d.of, `it trains on ${early.d.parts} of ${early.d.of} parts at step ${early.step}`);
    const d = await page.waitForFunction(() => {  // paused as soon as all is there (the command line retrains it)
      const d = window.attnlab.dataset();
      if (d.pending) return null;
      window.attnlab.train(false);
      return d;
    }, null, { timeout: 60000, polling: 50 }).then((h) => h.jsonValue());
    assert.equal(d.sentences.train + d.sentences.dev + d.sentences.test, 57340, JSON.stringify(d));
    const s = await page.evaluate(() => window.attnlab.getState());
    const paused = (await page.evaluate(() => window.attnlab.metrics())).step;
    const next = Math.ceil((paused + 1) / 50) * 50;
    await page.evaluate((n) => window.attnlab.step(n), next - paused);
    const m = await page.evaluate(() => window.attnlab.metrics());
    const at = await cliLosses('pos', s, next, ['--layers', '1', '--heads', '2', '--dim', '16']);
    assert.equal(m.step, next);
    assert.equal(m.loss, at.loss, `loss at step ${next} (the page started at step 0 on ${early.d.parts} parts)`);
    assert.equal(m.devAcc, at.dev_acc, `dev accuracy at step ${next}`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    await server.close();
  }
});
