// Your own data in the page: attnlab.loadData(text, name) makes the task 'own' with the file's tags, trains
// on it past the chance level, and every view speaks the file's tags; malformed or too large texts are
// refused with the line (or the limit) and leave the run as it was; task=own without data is refused.
import assert from 'node:assert/strict';
import { test, before, after, serve, launch, openPage, waitReady, screenshot } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

// Sentences of pairs "a W" (W is N) or "to W" (W is V) in a seeded random order: the tag of W follows from
// the word before it, not from W itself or its position.
function easyText(n, seed = 1) {
  let x = seed;
  const rnd = () => { x = (x * 1103515245 + 12345) % 2147483648; return x / 2147483648; };
  const words = ['run', 'walk', 'fish', 'swim', 'dance', 'cook'];
  const lines = [];
  for (let s = 0; s < n; ++s) {
    const toks = [];
    const pairs = 2 + Math.floor(rnd() * 4);
    for (let p = 0; p < pairs; ++p) {
      const w = words[Math.floor(rnd() * words.length)];
      if (rnd() < 0.5) toks.push('a/D', `${w}/N`); else toks.push('to/P', `${w}/V`);
    }
    lines.push(toks.join(' '));
  }
  return lines.join('\n') + '\n';
}

// The message of the Error that loadData(text, name) throws in the page, or null.
function loadError(page, text, name) {
  return page.evaluate(([t, n]) => {
    try { window.attnlab.loadData(t, n); return null; } catch (e) { return e.message; }
  }, [text, name]);
}

test('loadData trains on your data past the chance level, and the views show its tags', async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url + '#train=false');
    await waitReady(page);
    const info = await page.evaluate((t) => window.attnlab.loadData(t, 'easy.txt'), easyText(300));
    assert.equal(info.sentences, 300);
    assert.deepEqual(info.tags, ['D', 'N', 'P', 'V']);
    assert.equal(info.format, 'word/TAG');
    assert.equal(info.train + info.dev, 300);
    assert.equal(info.dev, 30);
    assert.ok(info.tokens > 1000, JSON.stringify(info));
    assert.ok(info.chance > 0.2 && info.chance < 0.4, `chance ${info.chance}`);
    const state = await page.evaluate(() => window.attnlab.getState());
    assert.equal(state.task, 'own');
    assert.equal(state.train, true, 'training starts');
    const hash = await page.evaluate(() => window.location.hash);
    assert.match(hash, /task=own/);
    assert.doesNotMatch(hash, /easy/, 'the data is not in the URL');

    await page.evaluate(() => window.attnlab.train(false));
    await page.evaluate(() => window.attnlab.step(400));
    const m = await page.evaluate(() => window.attnlab.metrics());
    assert.equal(m.error, '');
    assert.ok(m.devAcc > info.chance + 0.4, `dev accuracy ${m.devAcc} vs chance ${info.chance}`);
    assert.ok(m.devAcc >= 0.9, `dev accuracy ${m.devAcc}`);

    // the shown input is a dev sentence of the file; its labels are the file's tags
    const p = await page.evaluate(() => window.attnlab.predictions());
    assert.ok(p.tokens.length >= 4, JSON.stringify(p));
    for (const l of p.labels) assert.ok(info.tags.includes(l), `label ${l}`);
    await page.evaluate(() => window.attnlab.setInput('to fish a fish'));
    const q = await page.evaluate(() => window.attnlab.predictions());
    assert.deepEqual(q.tokens, ['to', 'fish', 'a', 'fish']);
    assert.deepEqual(q.labels, ['P', 'V', 'D', 'N']);
    const att = await page.evaluate(() => window.attnlab.attention(0, 0));
    assert.deepEqual(att.tokens, ['to', 'fish', 'a', 'fish']);
    const emb = await page.evaluate(() => window.attnlab.embeddings());
    for (const t of emb.tags) assert.ok(info.tags.includes(t), `embedding tag ${t}`);

    // to pos and back: the data stays for the session
    await page.evaluate(() => window.attnlab.setState({ task: 'pos' }));
    await page.evaluate(() => window.attnlab.setState({ task: 'own' }));
    const back = await page.evaluate(() => window.attnlab.predictions());
    for (const l of back.labels) assert.ok(info.tags.includes(l), `label ${l} after pos and back`);
    await page.evaluate(() => window.attnlab.setState({ panel: 'attention' }));
    await page.waitForTimeout(300);
    await screenshot(page, 'owndata.png');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a malformed or too large text is refused with its line or the limit, and the run goes on', async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url + '#task=seen&train=false');
    await waitReady(page);
    await page.evaluate(() => window.attnlab.step(12));
    const before = await page.evaluate(() => [window.attnlab.getState(), window.attnlab.metrics().step]);
    const cases = [
      ['I/PRON saw/VERB\nthe/DET saw man/NOUN\n', /^bad\.txt: line 2: token 'saw' has no \/TAG/],
      ['# c\n1\tI\tI\tPRON\n', /^bad\.txt: line 2: CoNLL-U needs 10 tab-separated columns .*found 4/],
      ['1\tI\tI\tPRON\t_\t_\t_\t_\t_\t_\n3\ty\ty\tNOUN\t_\t_\t_\t_\t_\t_\n', /line 2: word ID 3 out of order/],
      ['a/D run/N\nto/P walk/\n', /line 2: token 'walk\/' has an empty tag/],
      ['only/ADV one/NUM\n', /only one sentence: need at least 2 \(one for the dev set\)/],
      ['# nothing but comments\n', /no sentences found/],
    ];
    for (const [text, pattern] of cases) {
      const msg = await loadError(page, text, 'bad.txt');
      assert.match(msg ?? 'no error', pattern, JSON.stringify(text));
    }
    const big = await page.evaluate(() => {
      const line = 'a/D run/N to/P walk/V\n';
      try { window.attnlab.loadData(line.repeat(Math.ceil((9 << 20) / line.length)), 'big.txt'); return null; }
      catch (e) { return e.message; }
    });
    assert.match(big ?? 'no error', /^big\.txt: the file is 9\.0 MB: data files may be at most 8 MB/);
    const typeErr = await page.evaluate(() => { try { window.attnlab.loadData(42); } catch (e) { return e.name; } });
    assert.equal(typeErr, 'TypeError');
    const afterAll = await page.evaluate(() => [window.attnlab.getState(), window.attnlab.metrics().step]);
    assert.deepEqual(afterAll, before, 'state and step unchanged');
    await page.evaluate(() => window.attnlab.step(3));
    assert.equal(await page.evaluate(() => window.attnlab.metrics().step), before[1] + 3, 'the old run goes on');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('task=own without data is refused by setState and ignored in a link with a notice', async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url + '#task=own&heads=2');
    await waitReady(page);
    const s = await page.evaluate(() => window.attnlab.getState());
    assert.equal(s.task, 'pos', 'a link cannot bring a file');
    assert.equal(s.heads, 2, 'the rest of the link applies');
    const msg = await page.evaluate(() => {
      try { window.attnlab.setState({ task: 'own' }); return null; } catch (e) { return e.message; }
    });
    assert.match(msg ?? 'no error', /task 'own' needs a data file: drop one on the page or use Data ▸ Your data…/);
    assert.equal((await page.evaluate(() => window.attnlab.getState())).task, 'pos');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
