// A 2-minute soak (tests/e2e/soak_run.mjs; `make soak` runs 30 minutes): training on and a random valid action
// every two seconds. After the first minute the WebAssembly heap grows by less than 5 %, the page logs no error,
// and it still trains at the end.
import assert from 'node:assert/strict';
import { test, before, after, serve, launch } from './harness.mjs';
import { soak, verdict } from './soak_run.mjs';

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

test('two minutes of random actions while training: the heap stays flat, no errors', { timeout: 300000 }, async () => {
  const r = await soak(browser, server.url, { minutes: Number(process.env.ATTNLAB_SOAK_MINUTES || 2), seed: 1 });
  const v = verdict(r.samples);
  const detail = r.samples.map((s) => `${s.t.toFixed(0)}s ${(s[v.key] / 1048576).toFixed(1)}MB`).join(', ');
  assert.ok(v.growth < 0.05, `heap (${v.key}) grew ${(100 * v.growth).toFixed(1)} % after the first minute: ${detail}`);
  assert.deepEqual(r.problems, [], 'no console error, page error or failed request');
  assert.ok(r.actions.length >= 30, `${r.actions.length} actions`);
  assert.ok(r.samples[r.samples.length - 1].step > 0, 'still training');
});
