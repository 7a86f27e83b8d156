// Settings travel through the URL hash and window.attnlab.getState/setState: a shared link reproduces a view.
import assert from 'node:assert/strict';
import { test, before, after, serve, launch, openPage, waitReady, screenshot } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

test('getState returns every setting, typed; setState applies and updates the URL hash', async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url);
    await waitReady(page);
    const s = await page.evaluate(() => window.attnlab.getState());
    assert.equal(s.task, 'pos');
    assert.equal(s.heads, 4);
    assert.equal(typeof s.lr, 'number');
    assert.equal(typeof s.train, 'boolean');
    const after = await page.evaluate(() => window.attnlab.setState({ heads: 2, pe: 'learned', pe_len: 20 }));
    assert.equal(after.heads, 2);
    assert.equal(after.pe, 'learned');
    const hash = await page.evaluate(() => window.location.hash);
    assert.match(hash, /heads=2/);
    assert.match(hash, /pe=learned/);
    assert.match(hash, /pe_len=20/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('setState rejects unknown keys and bad values with an Error naming them, and changes nothing', async () => {
  const { context, page } = await openPage(browser);
  try {
    await page.goto(server.url);
    await waitReady(page);
    const before = await page.evaluate(() => window.attnlab.getState());
    for (const [bad, pattern] of [
      [{ colour: 'blue' }, /colour: unknown setting/],
      [{ heads: 3 }, /heads: 3 heads do not divide the width dim=32/],
      [{ heads: 2, pe: 'fourier' }, /pe: 'fourier' is not one of none, sinusoidal, learned, alibi/],
      [{ layers: 0 }, /layers: 0 is out of range \(1 to 4\)/],
      [{ lr: 'fast' }, /lr: 'fast' is not a number/],
      [{ heads: [2] }, /heads: expected a number, a string or true\/false/],
    ]) {
      const msg = await page.evaluate((b) => {
        try { window.attnlab.setState(b); return null; } catch (e) { return e.message; }
      }, bad);
      assert.match(msg ?? 'no error', pattern, JSON.stringify(bad));
    }
    assert.throws(() => { throw new Error(); });  // sanity: assert.throws works in this runner
    const typeErr = await page.evaluate(() => { try { window.attnlab.setState('heads=2'); } catch (e) { return e.name; } });
    assert.equal(typeErr, 'TypeError');
    assert.deepEqual(await page.evaluate(() => window.attnlab.getState()), before, 'nothing changed');
  } finally {
    await context.close();
  }
});

test('a link with settings in the hash opens that view; a bad setting is reported on screen, the rest applied', async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url + '#heads=2&pe_len=12&colour=blue&panel=pe');
    await waitReady(page);
    const s = await page.evaluate(() => window.attnlab.getState());
    assert.equal(s.heads, 2);
    assert.equal(s.pe_len, 12);
    assert.equal(s.panel, 'pe');
    // The bad key is dropped from the hash, which again describes exactly the state.
    const hash = await page.evaluate(() => window.location.hash);
    assert.doesNotMatch(hash, /colour/);
    await page.waitForTimeout(300);
    await screenshot(page, 'link-with-bad-setting.png');
    // Editing the hash by hand applies it too.
    await page.evaluate(() => { window.location.hash = 'heads=8&pe_len=30'; });
    await page.waitForFunction(() => window.attnlab.getState().heads === 8, null, { timeout: 5000 });
    assert.equal((await page.evaluate(() => window.attnlab.getState())).pe_len, 30);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a link to the graph task opens a working graph model: attention along the edges only', async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url + '#task=graph&train=false');
    await waitReady(page);
    const s = await page.evaluate(() => window.attnlab.getState());
    assert.equal(s.mask, 'graph');
    assert.equal(s.pe, 'none', 'graph nodes have no order');
    assert.equal((await page.evaluate(() => window.attnlab.metrics())).error, '');
    await page.evaluate(() => window.attnlab.step(100));
    const m = await page.evaluate(() => window.attnlab.metrics());
    assert.ok(m.devAcc > 0.9, `dev accuracy ${m.devAcc}`);
    // Back to another task: the usual model again, and the hash names only the task.
    await page.evaluate(() => window.attnlab.setState({ task: 'seen' }));
    const t = await page.evaluate(() => window.attnlab.getState());
    assert.equal(t.mask, 'full');
    assert.equal(t.pe, 'sinusoidal');
    assert.match(await page.evaluate(() => location.hash), /task=seen/);
    assert.doesNotMatch(await page.evaluate(() => location.hash), /pe=|mask=/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});


// The lecture: self-attention on a graph is a graph network only when it is restricted to the edges. The page
// once kept attending along the edges with mask=full (its own copy of the settings mapping); the CLI and the
// README and docs/students.md report ~59% vs 100%. Same seed, same steps: ignoring the edges must be clearly worse, and its
// weights must reach nodes that are not neighbours.
test('on the graph task mask=full ignores the edges: lower dev accuracy, weights off the edges', async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    const run = async (hash) => {
      await page.goto(server.url + 'index.html?' + Math.random() + hash);
      await waitReady(page);
      assert.equal((await page.evaluate(() => window.attnlab.metrics())).error, '');
      await page.evaluate(() => window.attnlab.step(300));
      const m = await page.evaluate(() => window.attnlab.metrics());
      const a = await page.evaluate(() => window.attnlab.attention(0, 0));
      return { dev: m.devAcc, weights: a.weights, state: await page.evaluate(() => window.attnlab.getState()) };
    };
    const edges = await run('#task=graph&train=false&seed=1');
    const full = await run('#task=graph&mask=full&train=false&seed=1');
    assert.equal(edges.state.mask, 'graph');
    assert.equal(full.state.mask, 'full');
    assert.ok(edges.dev > 0.9, `along the edges: dev accuracy ${edges.dev}`);
    assert.ok(full.dev < edges.dev - 0.2, `edges ignored: dev ${full.dev} should be far below ${edges.dev}`);
    // Where the graph model gives a pair exactly 0 (not an edge), the full model attends too.
    const T = edges.weights.length;
    assert.equal(full.weights.length, T, 'the same example is shown');
    let offEdge = 0, reached = 0;
    for (let i = 0; i < T; i++)
      for (let j = 0; j < T; j++)
        if (edges.weights[i][j] === 0) {
          offEdge++;
          if (full.weights[i][j] > 0) reached++;
        }
    assert.ok(offEdge > 0, 'the example has pairs that are not edges');
    assert.equal(reached, offEdge, `mask=full attends to every non-neighbour (${reached} of ${offEdge})`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
