// The pos task's corpus in the page (web/platform/corpus_fetch.h): the Brown Corpus is not part of the first load;
// the page fetches brown.pack.gz when pos is first used, shows its progress, and answers attnlab.dataset() with
// what `attnlab data --task pos --json` answers. A missing or broken file leaves a notice and a working app.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test, before, after, serve, launch, openPage, waitReady, waitData, DIST, ROOT } from './harness.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const CLI = join(ROOT, 'build', 'native', 'attnlab');

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

for (const [what, override] of [
  ['missing (404)', { status: 404, body: 'not found' }],
  ['not gzip', { status: 200, body: 'this is not a corpus' }],
]) {
  test(`a corpus file that is ${what} gives a notice and leaves a working app`, async () => {
    const server = await serve({ override: (path) => (path === 'brown.pack.gz' ? override : null) });
    const { context, page } = await openPage(browser);
    try {
      await page.goto(server.url + '#task=pos&train=false');
      await waitReady(page, 60000, { data: false });
      const d = await waitData(page);
      assert.ok(d.error && /Brown Corpus could not be loaded/.test(d.error), `dataset() says why: ${JSON.stringify(d)}`);
      const notices = await page.evaluate(() => window.attnlab._notices().map((n) => n.text));
      assert.ok(notices.some((n) => /Brown Corpus could not be loaded/.test(n)), `a notice: ${notices.join(' | ')}`);
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
