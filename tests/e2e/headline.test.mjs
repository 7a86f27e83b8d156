// The headline example in the page's default configuration: "I saw a saw" reads PRON VERB DET NOUN at step
// 500 and at every 100-step check from there to 3000, on at least 9 of 10 seeds (trained in WebAssembly,
// in the page, through window.attnlab.step).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, launch, openPage, waitReady } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

const WANT = 'PRON VERB DET NOUN';
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

test('"I saw a saw" is tagged right from step 500 to 3000 on at least 9 of 10 seeds', { timeout: 900000 }, async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url + '#train=false');
    await waitReady(page);
    const rows = [];
    for (const seed of SEEDS) {
      const wrong = await page.evaluate(({ seed, want }) => {
        const a = window.attnlab;
        a.setState({ seed, input: 'I saw a saw', train: false });
        const misses = [];
        a.step(500);
        for (let step = 500; step <= 3000; step += 100) {
          if (step > 500) a.step(100);
          const p = a.predictions();
          if (p.step !== step) throw new Error(`predictions at step ${p.step}, expected ${step}`);
          const got = p.labels.join(' ');
          if (got !== want) misses.push(`${step}: ${got}`);
        }
        return misses;
      }, { seed, want: WANT });
      rows.push({ seed, wrong });
      console.log(`seed ${seed}: ${wrong.length ? 'wrong at ' + wrong.join(', ') : 'right at every check'}`);
    }
    const right = rows.filter((r) => r.wrong.length === 0).length;
    assert.ok(right >= 9, `right at every check on ${right} of ${SEEDS.length} seeds`);
    const defaults = await page.evaluate(() => window.attnlab.getState());
    for (const [k, v] of Object.entries({ task: 'pos', model: 'attention', layers: 2, heads: 4, dim: 32, pe: 'sinusoidal',
                                          lr: 0.003, batch: 16 }))
      assert.equal(defaults[k], v, `the page's default ${k}`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
