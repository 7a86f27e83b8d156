// Training runs in a Web Worker (web/platform/worker_host.h): the page as it opens trains there
// (metrics().trainer 'worker'), the UI thread only adopts its states, and pause / step(n) / resume / a settings
// change / Compare's second model behave as with in-frame training. A worker that cannot load (its script or
// its module missing on the server) gives a notice and training goes on in-frame.
import assert from 'node:assert/strict';
import { test, before, after, serve, launch, openPage, waitReady } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.attnlab[f](...a), [fn, args]);
const metrics = (page) => api(page, 'metrics');
const until = (page, fn, arg, timeout = 60000) => page.waitForFunction(fn, arg, { timeout });

test('the page trains in a Web Worker; pause, step(n), resume and settings changes stay exact',
     async () => {
  const { context, page, problems } = await openPage(browser);
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  try {
    await page.goto(server.url);
    await waitReady(page);
    await until(page, () => window.attnlab.metrics().trainer === 'worker');
    assert.ok(workers.some((u) => u.endsWith('/trainer_worker.js')), `workers: ${workers}`);
    const s0 = (await metrics(page)).step;
    await until(page, (s) => window.attnlab.metrics().step > s + 20, s0);

    // pause: the step count holds still (the worker's later steps are discarded), then step(5) is exact
    await api(page, 'train', false);
    const paused = (await metrics(page)).step;
    await page.waitForTimeout(700);
    assert.equal((await metrics(page)).step, paused, 'nothing trains while paused');
    assert.equal(await api(page, 'step', 5), 5);
    assert.equal((await metrics(page)).step, paused + 5);

    // resume: the worker goes on from there
    await api(page, 'train', true);
    await until(page, (s) => window.attnlab.metrics().step > s + 10, paused + 5);
    assert.equal((await metrics(page)).trainer, 'worker');

    // a settings change makes a new run: it starts from step 0 in a (reused) worker
    await api(page, 'setState', { heads: 2 });
    await until(page, () => window.attnlab.metrics().step > 10 && window.attnlab.metrics().trainer === 'worker');
    // the predictions and attention the views show come from the adopted states
    const a = await api(page, 'attention', 0, 0);
    assert.ok(a.weights.length > 1 && a.step > 0, JSON.stringify({ step: a.step }));

    // Compare: the baseline trains in a second worker alongside the main run
    await api(page, 'setState', { panel: 'compare' });
    for (let t = 0; t < 100 && workers.length < 2; ++t) await page.waitForTimeout(100);
    assert.ok(workers.filter((u) => u.endsWith('/trainer_worker.js')).length >= 2,
              `a second worker for the baseline: ${workers}`);
    const before = (await metrics(page)).step;
    await until(page, (s) => window.attnlab.metrics().step > s + 10, before);
    assert.equal((await metrics(page)).trainer, 'worker');
    assert.deepEqual(await api(page, '_notices'), []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

for (const missing of ['trainer_worker.js', 'trainer.wasm']) {
  test(`without ${missing} on the server: a notice, and training goes on in-frame`, async () => {
    const broken = await serve({ override: (path) => (path === missing ? { status: 404, body: 'not found' } : null) });
    const { context, page } = await openPage(browser);
    try {
      await page.goto(broken.url);
      await waitReady(page);
      await until(page, () => window.attnlab._notices().some((n) => n.key === 'notice_trainer_fallback'));
      const notice = (await api(page, '_notices')).find((n) => n.key === 'notice_trainer_fallback');
      assert.match(notice.text, /Training runs between the frames/, notice.text);
      assert.equal((await metrics(page)).trainer, 'frame');
      const s = (await metrics(page)).step;
      await until(page, (s0) => window.attnlab.metrics().step > s0 + 10, s);
      await api(page, 'train', false);
      const paused = (await metrics(page)).step;
      assert.equal(await api(page, 'step', 3), 3);
      assert.equal((await metrics(page)).step, paused + 3);
    } finally {
      await context.close();
      await broken.close();
    }
  });
}

// On a machine of 2 cores or fewer the worker and the page's drawing share the cores: while the page is in use
// (the mouse moves) the worker trains the `speed` share of the time (metrics().trainerPace), and at full speed
// again half a second after the last input. Resting changes when steps come, never which: the weights at the step
// it was paused at are bit for bit those of a page that trained as many steps in-frame.
test('on 2 cores the worker trains the speed share while the page is in use, and the same steps',
     async () => {
  const settings = '#heads=2&dim=16&layers=1&speed=20';
  const { context, page, problems } = await openPage(browser);
  const other = await openPage(browser);
  try {
    await page.goto(server.url + settings);
    await waitReady(page);
    await until(page, () => window.attnlab.metrics().trainer === 'worker');
    await assert.rejects(api(page, '_cores', -1), /_cores\(n\) expects a whole number/);
    await assert.rejects(api(page, '_cores', 'two'), /_cores\(n\) expects a whole number/);
    assert.equal(await api(page, '_cores', 2), 2);
    assert.equal((await metrics(page)).trainerPace, 1, 'nobody has touched the page');
    const size = page.viewportSize();
    const s0 = (await metrics(page)).step;
    let paces = [];
    for (let i = 0; i < 60; ++i) {  // ~2 s of a moving mouse
      await page.mouse.move(size.width * (0.5 + 0.2 * Math.cos(i / 5)), size.height * (0.5 + 0.2 * Math.sin(i / 5)));
      await page.waitForTimeout(30);
      paces.push((await metrics(page)).trainerPace);
    }
    assert.ok(paces.slice(5).every((p) => Math.abs(p - 0.2) < 1e-9), `pace while moving: ${paces}`);
    assert.ok((await metrics(page)).step > s0, 'it still trains while the page is in use');
    await until(page, () => window.attnlab.metrics().trainerPace === 1, undefined, 5000);
    const s1 = (await metrics(page)).step;
    await until(page, (s) => window.attnlab.metrics().step > s + 20, s1);
    // many cores: never paced
    await api(page, '_cores', 16);
    await page.mouse.move(10, 10);
    await page.mouse.move(size.width / 2, size.height / 2);
    assert.equal((await metrics(page)).trainerPace, 1);

    await api(page, 'train', false);
    const paused = (await metrics(page)).step;
    await other.page.goto(server.url + settings + '&train=false');
    await waitReady(other.page);
    assert.equal(await api(other.page, 'step', paused), paused);
    const a = await api(page, 'attention', 0, 0), b = await api(other.page, 'attention', 0, 0);
    assert.equal(a.step, paused);
    assert.equal(b.step, paused);
    assert.deepEqual(a.weights, b.weights, 'the same weights after the same steps');
    assert.deepEqual(problems, []);
    assert.deepEqual(other.problems, []);
  } finally {
    await context.close();
    await other.context.close();
  }
});
