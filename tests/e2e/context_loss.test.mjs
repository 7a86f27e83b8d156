// The browser takes the WebGL context away and gives it back (forced here with WEBGL_lose_context, as a GPU reset
// or a tab with too many contexts would): the app keeps training and answering the API, shows a short notice,
// and once the context is restored draws everything again (shaders, the font texture and the heatmaps made
// anew), with no console error and no blank page. Twice in a row, in English and in Chinese.
import assert from 'node:assert/strict';
import { test, before, after, serve, launch, openPage, waitReady, screenshot, decodePng, greyVariance, distinctColours } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

const lose = (page) => page.evaluate(() => {
  const gl = document.getElementById('canvas').getContext('webgl2');
  window.__lose = window.__lose || gl.getExtension('WEBGL_lose_context');
  window.__lose.loseContext();
});
const restore = (page) => page.evaluate(() => window.__lose.restoreContext());
const frame = (page) => page.evaluate(() => window.attnlab._layout().frame);
const step = (page) => page.evaluate(() => window.attnlab.metrics().step);

async function drawn(page, name) {
  const img = decodePng((await screenshot(page, name)).png);
  return { grey: greyVariance(img), colours: distinctColours(img, { x0: 0, y0: 150, x1: img.width, y1: img.height - 20 }) };
}

for (const lang of ['en', 'zh']) {
  test(`a lost WebGL context (${lang}): training goes on, a notice, everything drawn again when restored`,
       async () => {
    const { context, page, problems } = await openPage(browser);
    try {
      await page.goto(server.url + `#panel=attention&lang=${lang}`);
      await waitReady(page);
      await page.waitForFunction(() => window.attnlab.metrics().step > 5, null, { timeout: 60000 });
      const before = await drawn(page, `context-before-${lang}.png`);
      assert.ok(before.grey > 200 && before.colours > 100, `drawn before: ${JSON.stringify(before)}`);

      for (let round = 1; round <= 2; ++round) {
        await lose(page);
        await page.waitForFunction(() => !document.getElementById('gpu-lost').hidden, null, { timeout: 10000 });
        const notice = await page.locator('#gpu-lost').innerText();
        assert.match(notice, lang === 'zh' ? /训练仍在继续/ : /Training goes on/, notice);
        // the notice counts the steps, so the student sees training go on
        const shown = async () => Number(((await page.locator('#gpu-lost .step').innerText()).match(/\d+/) || [-1])[0]);
        await page.waitForFunction(() => /\d/.test(document.querySelector('#gpu-lost .step').textContent));
        const c0 = await shown();
        await page.waitForFunction((c) => Number((document.querySelector('#gpu-lost .step').textContent.match(/\d+/) || [-1])[0]) > c,
                                   c0, { timeout: 30000 });
        // training and the API go on while nothing can be drawn
        const s0 = await step(page);
        await page.waitForFunction((s) => window.attnlab.metrics().step > s + 3, s0, { timeout: 30000 });
        assert.equal(await page.evaluate(() => window.attnlab.step(2)), 2, 'step(n) while the context is lost');
        const a = await page.evaluate(() => window.attnlab.attention(0, 0));
        assert.ok(a.weights.length > 1, 'attention() while the context is lost');

        await restore(page);
        await page.waitForFunction(() => document.getElementById('gpu-lost').hidden, null, { timeout: 10000 });
        const f0 = await frame(page);
        await page.waitForFunction((f) => window.attnlab._layout().frame > f + 5, f0, { timeout: 30000 });
        const after = await drawn(page, `context-restored-${lang}-${round}.png`);
        assert.ok(after.grey > 200, `drawn again after round ${round}: grey variance ${after.grey}`);
        assert.ok(after.colours > 100, `heatmaps drawn again after round ${round}: ${after.colours} colours`);
      }
      assert.deepEqual(problems, [], 'no console or page errors');
      assert.equal((await page.evaluate(() => window.attnlab.metrics())).error, '', 'the run has no error');
    } finally {
      await context.close();
    }
  });
}
