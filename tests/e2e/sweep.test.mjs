// The data-size sweep in a real browser: on the image task the Compare panel's button starts it (the main run
// pauses), its progress moves, it can be cancelled, and a small sweep (a tiny budget through attnlab.sweep)
// finishes with one point per size and model and a verdict; the Training panel's chance line is the dev share
// of the most frequent tag (metrics().chance). On pos the sweep runs on the Brown Corpus's sentences: 500, 5000 and
// all of the training split. Screenshots in build/e2e/sweep-*.png.
import assert from 'node:assert/strict';
import { test, before, after, serve, launch, openPage, waitReady, screenshot } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

const sweep = (page, o) => page.evaluate((o) => window.attnlab.sweep(o), o);

// A widget drawn in the last frame, by its label, scrolled into view with the mouse wheel over the views.
async function findWidget(page, re) {
  for (let i = 0; i < 60; i++) {
    const u = await page.evaluate(() => window.attnlab._ui({ items: true }));
    const it = u.items.find((x) => re.test(x.label) && x.visible[2] - x.visible[0] > 2 && x.visible[3] - x.visible[1] > 2);
    if (it) return { x: (it.visible[0] + it.visible[2]) / 2, y: (it.visible[1] + it.visible[3]) / 2 };
    const view = u.items.find((x) => /^(dev accuracy|training loss|##cmp)/.test(x.label)) ?? { visible: [700, 300, 701, 301] };
    await page.mouse.move((view.visible[0] + view.visible[2]) / 2, (view.visible[1] + view.visible[3]) / 2);
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(80);
  }
  return null;
}

test('the sweep button starts the sweep, its progress moves, a small sweep ends with both curves', async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url + '#task=image&panel=compare&baseline=cnn');
    await waitReady(page);
    const idle = await sweep(page);
    assert.equal(idle.running, false);
    assert.deepEqual(idle.points, []);
    const button = await findWidget(page, /^Run the sweep/);
    assert.ok(button, 'the Compare panel shows the sweep button on the image task');
    await page.mouse.click(button.x, button.y);
    let s = await sweep(page);
    for (let i = 0; i < 50 && !s.running; i++) { await page.waitForTimeout(100); s = await sweep(page); }
    assert.equal(s.running, true, 'the button starts the sweep');
    assert.deepEqual(s.sizes, [50, 200, 1000, 5000]);
    assert.equal(s.steps, 300, 'the page budget');
    // the frame after the click holds the main run (its worker stops at its exact state): read it once the sweep trains
    for (let i = 0; i < 100 && s.step < 1; i++) { await page.waitForTimeout(100); s = await sweep(page); }
    const mainStep = (await page.evaluate(() => window.attnlab.metrics())).step;
    for (let i = 0; i < 100 && s.step < 3; i++) { await page.waitForTimeout(200); s = await sweep(page); }
    assert.ok(s.step >= 3 && s.run === 0 && s.size === 50 && s.model === 'attention', JSON.stringify(s));
    assert.equal((await page.evaluate(() => window.attnlab.metrics())).step, mainStep, 'the main run waits');
    await screenshot(page, 'sweep-running.png');
    s = await sweep(page, { cancel: true });
    assert.equal(s.cancelled, true);
    assert.equal(s.running, false);

    // a tiny budget through the API: 4 runs of 5 steps, on 20 and 60 images
    s = await sweep(page, { start: true, steps: 5, batch: 8, sizes: [20, 60] });
    assert.equal(s.running, true);
    const t0 = Date.now();
    while (!s.done && Date.now() - t0 < 120000) { await page.waitForTimeout(250); s = await sweep(page); }
    assert.equal(s.done, true, JSON.stringify(s));
    assert.equal(s.error, '');
    assert.deepEqual(s.points.map((p) => [p.size, p.model]), [[20, 'attention'], [20, 'cnn'], [60, 'attention'], [60, 'cnn']]);
    for (const p of s.points) {
      assert.ok(p.devAcc >= 0 && p.devAcc <= 1, JSON.stringify(p));  // 5 steps: anything, but a measured number
      assert.ok(p.chance > 0.5 && p.chance < 0.9, 'most pixels are background');
      assert.equal(p.steps, 5);
    }
    assert.ok(['crossover', 'reverse', 'attention_always', 'baseline_always', 'level', 'mixed'].includes(s.verdict), s.verdict);
    assert.match(s.sentence, /\d+\.\d%/);
    await page.waitForTimeout(300);
    await screenshot(page, 'sweep-done.png');
    // the main run goes on once the sweep is done
    const m0 = (await page.evaluate(() => window.attnlab.metrics())).step;
    await page.waitForTimeout(1500);
    assert.ok((await page.evaluate(() => window.attnlab.metrics())).step > m0, 'the main run trains again');
    // bad options are refused with a message
    const msg = await page.evaluate(() => { try { window.attnlab.sweep({ start: true, sizes: [60, 20] }); return null; } catch (e) { return e.message; } });
    assert.match(msg ?? 'no error', /sweep: .*grow/);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('on pos the sweep runs on the corpus: 500 and 5000 sentences and the whole training split, with a verdict', async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url + '#panel=compare');
    await waitReady(page);
    const d = await page.evaluate(() => window.attnlab.dataReady(120000));
    const whole = d.sentences.train;
    assert.ok(await findWidget(page, /^Run the sweep/), 'the Compare panel offers the sweep on pos');
    let s = await sweep(page, { start: true, steps: 3, batch: 8 });
    assert.equal(s.running, true);
    assert.deepEqual(s.sizes, [500, 5000, whole]);
    const t0 = Date.now();
    while (!s.done && Date.now() - t0 < 120000) { await page.waitForTimeout(250); s = await sweep(page); }
    assert.equal(s.done, true, JSON.stringify(s));
    assert.equal(s.error, '');
    assert.deepEqual(s.points.map((p) => p.size), [500, 500, 5000, 5000, whole, whole]);
    for (const p of s.points) assert.ok(p.devAcc >= 0 && p.devAcc <= 1 && p.steps === 3, JSON.stringify(p));
    assert.match(s.sentence, /sentences/);
    await page.waitForTimeout(300);
    await screenshot(page, 'sweep-pos-done.png');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('the Training panel draws the chance level: the dev share of the most frequent tag', async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url + '#task=image&panel=training');
    await waitReady(page);
    const m = await page.evaluate(() => window.attnlab.metrics());
    assert.equal(m.chanceTag, 'background');
    assert.ok(m.chance > 0.6 && m.chance < 0.75, `${m.chance}`);
    await page.evaluate(() => window.attnlab.setState({ task: 'seen' }));
    const seen = await page.evaluate(() => window.attnlab.metrics());
    assert.ok(seen.chance > 0.3 && seen.chance < 0.8 && ['new', 'seen'].includes(seen.chanceTag), JSON.stringify(seen));
    await page.waitForTimeout(1500);
    await screenshot(page, 'sweep-training-chance.png');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
