// The lesson in a real browser: every stop opens, takes a prediction, trains and reveals a measured result
// (driven through window.attnlab as a student's clicks would); #lesson=N links; bad predictions; the
// Embedding view's neighbour score rising; and a screenshot of every stop, before and after the reveal
// (in build/e2e/, named after the stop's number and phase).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, before, after, serve, launch, openPage, waitReady, screenshot, decodePng, distinctColours, ROOT } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

// Trains the open stop through the API until its reveal (step() trains the stop's variants too).
async function untilReveal(page, limit = 200) {
  for (let i = 0; i < limit; i++) {
    const L = await page.evaluate(() => window.attnlab.lesson());
    if (L.phase === 'reveal' || L.error) return L;
    await page.evaluate(() => window.attnlab.step(50));
  }
  return page.evaluate(() => window.attnlab.lesson());
}

// The whole lesson, one test per stop, on one page (each stop is opened from the last one's reveal, as a student
// going through it would). The stops are counted in the string table the app is built from (a title per stop), so a
// new stop gets its test; the first test checks that the app has exactly that many.
const STOPS = [...readFileSync(join(ROOT, 'web/ui/strings_en.inc'), 'utf8').matchAll(/^#include "web\/ui\/(strings_en\w*\.inc)"/gm)]
  .map((m) => m[1]).concat(['strings_en.inc'])
  .map((f) => readFileSync(join(ROOT, 'web/ui', f), 'utf8').match(/^X\(lesson_\w+?_title,/gm)?.length ?? 0)
  .reduce((a, b) => a + b, 0);
let walk = null;  // the page the stops are walked on

test('a whole lesson: the page opens on the playground, with a stop per lesson title', async () => {
  walk = await openPage(browser);
  await walk.page.goto(server.url);
  await waitReady(walk.page);
  const start = await walk.page.evaluate(() => window.attnlab.lesson());
  assert.equal(start.stop, 0, 'the page opens on the playground');
  assert.ok(start.stops >= 12, `${start.stops} stops`);
  assert.equal(start.stops, STOPS, 'a stop for every lesson_<id>_title of the string tables');
  assert.equal(start.phase, null);
});

// Stops 10 (images as sets of vectors: attention and a CNN on the image task) and 14 (CNN vs self-attention as
// the data grows: the sweep on the corpus) train the most, in the page's frame: about 50 s alone, over 60 s on a
// loaded machine (docs/development.md, "Time limits").
const LONG_STOPS = new Set([10, 14]);
for (let n = 1; n <= STOPS; n++) {
  test(`a whole lesson, stop ${n}: it opens, predicts, reveals a measured result`,
       LONG_STOPS.has(n) ? { timeout: 120000 } : {}, async () => {
    assert.ok(walk, 'the lesson page is open');
    const { page, problems } = walk;
    const L = await page.evaluate((n) => window.attnlab.lesson(n), n);
    assert.equal(L.stop, n);
    assert.equal(L.phase, 'predict');
    assert.ok(L.title.length > 3 && L.text.length > 80 && L.question.length > 10, L.title);
    assert.doesNotMatch(L.question, /\{\w+\}/, 'every mark of the question is filled');
    assert.equal(L.prediction, null);
    const s = await page.evaluate(() => window.attnlab.getState());
    assert.equal(s.lesson, n);
    assert.equal(s.train, false, 'nothing trains before the prediction');
    assert.match(await page.evaluate(() => window.location.hash), new RegExp(`lesson=${n}(&|$)`));
    await page.waitForTimeout(200);
    await screenshot(page, `lesson_${n}_predict.png`);

    // a wrong kind of answer throws and changes nothing
    const bad = L.kind === 'choice' ? 'no such option' : 'lots';
    const msg = await page.evaluate((b) => { try { window.attnlab.predict(b); return null; } catch (e) { return e.message; } }, bad);
    assert.match(msg ?? 'no error', /predict: /);
    assert.equal((await page.evaluate(() => window.attnlab.lesson())).prediction, null);

    const guess = L.kind === 'choice' ? L.choices[L.choices.length - 1] : L.range[0];
    const P = await page.evaluate((g) => window.attnlab.predict(g), guess);
    assert.deepEqual(P.prediction, guess);
    assert.match(await page.evaluate(() => window.location.hash), /guess=/);
    const R = await untilReveal(page);
    assert.equal(R.error, null, `stop ${n}: ${R.error}`);
    assert.equal(R.phase, 'reveal', `stop ${n} reveals`);
    const r = R.result;
    assert.equal(typeof r.value, 'number', `stop ${n}: the result is a measured number`);
    assert.ok(Number.isFinite(r.value));
    assert.ok(r.numbers.length >= 1 && r.numbers.some((x) => typeof x.value === 'number'));
    assert.ok(r.text.length > 20);
    assert.doesNotMatch(r.text, /\{\w+\}/, `stop ${n}: every measured value of the sentence is filled: ${r.text}`);
    if (L.kind === 'choice') assert.ok(L.choices.includes(r.answer), `${r.answer} is one of ${L.choices}`);
    else assert.equal(r.answer, r.value);
    assert.equal(r.agrees, L.kind === 'choice' ? r.answer === guess : Math.abs(r.value - guess) <= L.tolerance,
                 `stop ${n}: predicted ${guess}, measured ${r.answer}`);
    assert.equal(r.step, R.steps);
    const again = await page.evaluate(() => { try { window.attnlab.predict(0); return null; } catch (e) { return e.message; } });
    assert.match(again ?? 'no error', /already revealed/);
    await page.waitForTimeout(200);
    const { png } = await screenshot(page, `lesson_${n}_reveal.png`);
    assert.ok(distinctColours(decodePng(png)) > 20, 'the page is drawn');
    assert.deepEqual(problems, []);
  });
}

test('a whole lesson: lesson(0) leaves it, nothing went wrong on the way', async () => {
  assert.ok(walk, 'the lesson page is open');
  try {
    const off = await walk.page.evaluate(() => window.attnlab.lesson(0));
    assert.equal(off.stop, 0);
    assert.deepEqual(walk.problems, []);
  } finally {
    await walk.context.close();
  }
});

test('a #lesson=N link opens that stop; with a guess it trains to the reveal by itself', async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url + '#lesson=11');
    await waitReady(page);
    const L = await page.evaluate(() => window.attnlab.lesson());
    assert.equal(L.stop, 11);
    assert.equal(L.phase, 'predict');
    assert.equal((await page.evaluate(() => window.attnlab.getState())).task, 'graph');

    await page.goto(server.url + '#lesson=3&guess=40');  // the hash changes: the page follows it
    await page.waitForFunction(() => window.attnlab.lesson().stop === 3, null, { timeout: 10000 });
    const P = await page.evaluate(() => window.attnlab.lesson());
    assert.equal(P.prediction, 40);
    await page.waitForFunction(() => window.attnlab.lesson().phase === 'reveal', null, { timeout: 120000, polling: 500 });
    const R = await page.evaluate(() => window.attnlab.lesson());
    assert.equal(R.result.numbers.length, 2, 'self-attention and the window FC');
    assert.ok(R.result.numbers[0].value > R.result.numbers[1].value, 'on seen attention beats a window of 3');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('bad lesson input gets a clear message and leaves the app working', async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url + '#lesson=99');
    await waitReady(page);
    assert.equal((await page.evaluate(() => window.attnlab.lesson())).stop, 0, 'an unknown stop is ignored');
    const errs = await page.evaluate(() => {
      const out = [];
      for (const f of [() => window.attnlab.predict(3), () => window.attnlab.lesson(13.5),
                       () => window.attnlab.lesson('two'), () => window.attnlab.lesson(-1),
                       () => window.attnlab.setState({ guess: 'NOUN' })]) {
        try { f(); out.push(null); } catch (e) { out.push(e.message); }
      }
      return out;
    });
    assert.match(errs[0], /no lesson stop is open/);
    assert.match(errs[1], /whole number/);
    assert.match(errs[2], /whole number/);
    assert.match(errs[3], /between 0 and/);
    assert.match(errs[4], /needs an open lesson stop/);
    await page.evaluate(() => window.attnlab.lesson(1));
    const err = await page.evaluate(() => { try { window.attnlab.predict({ tag: 'NOUN' }); } catch (e) { return e.message; } });
    assert.match(err, /expects a number or one of the stop's choices/);
    assert.equal((await page.evaluate(() => window.attnlab.step(5))), 5, 'still trains');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the Embedding view: neighbours share their tag more once the model has trained', async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url + '#train=false&panel=embeddings');
    await waitReady(page);
    const e0 = await page.evaluate(() => window.attnlab.embeddings());
    assert.equal(e0.step, 0);
    assert.ok(e0.words.length >= 100);
    assert.equal(e0.tags.length, e0.words.length);
    assert.equal(e0.points.length, e0.words.length);
    assert.ok(e0.points.every((p) => p.length === 2 && p.every(Number.isFinite)));
    assert.ok(e0.sameTag < e0.chance + 0.15, `step 0: ${e0.sameTag} vs chance ${e0.chance}`);
    await screenshot(page, 'embeddings_step0.png');
    await page.evaluate(() => window.attnlab.step(600));
    const e1 = await page.evaluate(() => window.attnlab.embeddings());
    assert.equal(e1.step, 600);
    assert.equal(e1.startSameTag, e0.sameTag, 'the step-0 score is the same model at step 0');
    assert.ok(e1.sameTag > e0.sameTag + 0.1, `${e0.sameTag} -> ${e1.sameTag}`);
    await page.waitForTimeout(300);
    await screenshot(page, 'embeddings_step600.png');
    await page.evaluate(() => window.attnlab.setState({ task: 'frames' }));
    const msg = await page.evaluate(() => { try { window.attnlab.embeddings(); } catch (e) { return e.message; } });
    assert.match(msg, /no word embeddings/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
