// The headline example in the page's default configuration: "I saw a saw" reads PRON VERB DET NOUN at step
// 500 and at every 100-step check from there to 3000, on at least 9 of 10 seeds (trained in WebAssembly,
// in the page, through window.attnlab.step).
import assert from 'node:assert/strict';
import { test, before, after, serve, launch, openPage, waitReady } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

const WANT = 'PRON VERB DET NOUN';
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

// One test per seed (each trains 3000 steps, about 6 s), on one page; the verdict over all of them comes last.
const rows = [];
let shared = null;

for (const seed of SEEDS) {
  test(`"I saw a saw", seed ${seed}: tagged at step 500 and every 100 steps to 3000 (recorded for the verdict)`,
       async () => {
    if (!shared) {
      shared = await openPage(browser);
      await shared.page.goto(server.url + '#train=false');
      await waitReady(shared.page);
    }
    const wrong = await shared.page.evaluate(({ seed, want }) => {
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
  });
}

test('"I saw a saw" is tagged right from step 500 to 3000 on at least 9 of 10 seeds', async () => {
  assert.ok(shared, 'the page is open');
  try {
    assert.equal(rows.length, SEEDS.length, 'every seed trained');
    const right = rows.filter((r) => r.wrong.length === 0).length;
    assert.ok(right >= 9, `right at every check on ${right} of ${SEEDS.length} seeds`);
    const defaults = await shared.page.evaluate(() => window.attnlab.getState());
    for (const [k, v] of Object.entries({ task: 'pos', model: 'attention', layers: 2, heads: 4, dim: 32, pe: 'sinusoidal',
                                          lr: 0.003, batch: 16 }))
      assert.equal(defaults[k], v, `the page's default ${k}`);
    assert.deepEqual(shared.problems, []);
  } finally {
    await shared.context.close();
  }
});
