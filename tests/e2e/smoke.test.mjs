// The smoke test of `make check`: the page starts, trains a few steps, and draws every panel (the views and the
// settings column's sections), each with its title on screen and something drawn, without a console error. The
// full browser suite (make test-e2e) checks what the panels say; this one checks in seconds that they all draw.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, before, after, serve, launch, openPage, waitReady, screenshot, decodePng, greyVariance, frames, ROOT }
  from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

// The English titles, from the table the app is built from (X(panel_<name>, "Title") lines).
const EN = {};
for (const m of readFileSync(join(ROOT, 'web/ui/strings_en.inc'), 'utf8').matchAll(/^X\((panel_\w+), "([^"]*)"\)/gm))
  EN[m[1]] = m[2];
// Every panel of web/app/state.h's kPanelNames, as `attnlab settings`' link key `panel` takes them.
const PANELS = ['data', 'model', 'training', 'attention', 'step', 'matrix', 'pe', 'compare', 'history', 'embeddings'];


test('every panel draws: its title is on screen and the canvas is not blank', async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url + '#train=false');
    await waitReady(page);
    await page.evaluate(() => window.attnlab.step(30));
    assert.equal((await page.evaluate(() => window.attnlab.metrics())).step, 30);
    await page.evaluate(() => window.attnlab._ui({ items: true }));  // the widget hooks on, for the labels
    for (const panel of PANELS) {
      await page.evaluate((p) => window.attnlab.setState({ panel: p }), panel);
      await frames(page, 4);
      const shown = (await page.evaluate(() => window.attnlab._ui({ items: true }))).items
        .map((it) => it.label.split('###')[0].split('##')[0]);
      const title = EN[`panel_${panel}`];
      assert.ok(title, `no title panel_${panel} in strings_en.inc`);
      assert.ok(shown.some((l) => l.startsWith(title)),  // (a settings header goes on with a summary)
                `${panel}: "${title}" is not on screen; labels: ${shown.slice(0, 30).join(' | ')}`);
      const png = decodePng((await screenshot(page, `smoke-${panel}.png`)).png);
      assert.ok(greyVariance(png) > 50, `${panel}: the canvas is blank`);
      assert.equal((await page.evaluate(() => window.attnlab.getState())).panel, panel);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
