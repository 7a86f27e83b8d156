// The headline example in the page's default configuration, on real English (the Brown Corpus, 12 universal
// tags), trained in WebAssembly in the page through window.attnlab.step, on seeds 1-3:
//   "I saw a saw" starts PRON VERB DET at step 500 and at every 100-step check from there to 3000 (the issue asks for
//   9 of 10 seeds; of these three, at most one may miss: in WebAssembly seed 2 reads "a" as NOUN once, at step 1000,
//   and seeds 1-10 hold it on 9, natively on 10: tests/training/saw_test.py), and
//   "She saw a blicket" reads PRON VERB DET NOUN at step 3000: a word never seen in training, read from context
//   (on most seeds; a few read it as ADJ, which "a ___" also allows).
// How often the second "saw" is read as NOUN is printed, not required: on Brown it is usually VERB ("saw" is a
// noun 5 times in 352; docs/data.md says why). tests/training/saw_test.py is the same check through the CLI.
import assert from 'node:assert/strict';
import { test, before, after, serve, launch, openPage, waitReady } from './harness.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

const WANT = 'PRON VERB DET';  // the first three words of "I saw a saw"
const BLICKET = 'PRON VERB DET NOUN';
// Three seeds here (3000 steps of the Brown Corpus take about 30 s a seed in the page); the same ten seeds of the
// same configuration run natively in tests/training/saw_test.py, and tests/e2e/determinism.test.mjs holds the page
// to the command line's numbers.
const SEEDS = [1, 2, 3];

// One test per seed (each trains 3000 steps, about 6 s), on one page; the verdict over all of them comes last.
const rows = [];
let shared = null;

async function open() {
  if (shared) return;
  shared = await openPage(browser);
  await shared.page.goto(server.url + '#train=false');
  await waitReady(shared.page);
}

// Opening the page (and its corpus, 4 s alone) is a test of its own, so that each seed's time is its training
// only: seed 1 took 55 s of the 60 s limit on a loaded machine, 22 s alone.
test('the page opens on the Brown Corpus, not training', async () => {
  await open();
  const s = await shared.page.evaluate(() => window.attnlab.getState());
  assert.equal(s.task, 'pos');
  assert.equal(s.train, false);
});

for (const seed of SEEDS) {
  test(`"I saw a saw", seed ${seed}: tagged at step 500 and every 100 steps to 3000 (recorded for the verdict)`,
       async () => {
    await open();
    const r = await shared.page.evaluate(({ seed, want }) => {
      const a = window.attnlab;
      a.setState({ seed, input: 'I saw a saw', train: false });
      const misses = [], second = [];
      a.step(500);
      for (let step = 500; step <= 3000; step += 100) {
        if (step > 500) a.step(100);
        const p = a.predictions();
        if (p.step !== step) throw new Error(`predictions at step ${p.step}, expected ${step}`);
        const got = p.labels.slice(0, 3).join(' ');
        if (got !== want) misses.push(`${step}: ${p.labels.join(' ')}`);
        second.push(p.labels[3]);
      }
      a.setInput('She saw a blicket');
      const blicket = a.predictions().labels.join(' ');
      a.setInput('I saw a saw');
      return { misses, second, blicket };
    }, { seed, want: WANT });
    rows.push({ seed, ...r });
    console.log(`seed ${seed}: ${r.misses.length ? 'wrong at ' + r.misses.join(', ') : 'PRON VERB DET at every check'}; ` +
                `second saw ${r.second.map((t) => (t === 'NOUN' ? 'N' : 'v')).join('')}; She saw a blicket: ${r.blicket}`);
  });
}

test('"I saw a saw" starts PRON VERB DET from step 500 to 3000 on all seeds but one at most, "She saw a blicket" ends on NOUN on most', async () => {
  assert.ok(shared, 'the page is open');
  try {
    assert.equal(rows.length, SEEDS.length, 'every seed trained');
    const right = rows.filter((r) => r.misses.length === 0).length;
    const blicket = rows.filter((r) => r.blicket === BLICKET).length;
    const noun = rows.filter((r) => r.second[r.second.length - 1] === 'NOUN').length;
    console.log(`"I saw a" right on ${right} of ${SEEDS.length} seeds; "She saw a blicket" on ${blicket}; ` +
                `the second "saw" read as NOUN at step 3000 on ${noun}`);
    assert.ok(right >= SEEDS.length - 1, `"I saw a" right on ${right} of ${SEEDS.length} seeds`);
    assert.ok(blicket > SEEDS.length / 2, `"She saw a blicket" right on ${blicket} of ${SEEDS.length} seeds`);
    const defaults = await shared.page.evaluate(() => window.attnlab.getState());
    for (const [k, v] of Object.entries({ task: 'pos', model: 'attention', layers: 2, heads: 4, dim: 32, pe: 'sinusoidal',
                                          lr: 0.006, batch: 16 }))
      assert.equal(defaults[k], v, `the page's default ${k}`);
    assert.deepEqual(shared.problems, []);
  } finally {
    await shared.context.close();
  }
});
