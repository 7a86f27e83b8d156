// Same seed, same losses: the page trains exactly what the headless WebAssembly command line trains for the
// same settings (node build/wasm/attnlab.js train ... --json), whichever trainer the page uses
// (metrics().trainer), and a pause followed by step(n) goes on exactly from where training stopped.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test, before, after, serve, launch, openPage, waitReady, ROOT } from './harness.mjs';

// The WebAssembly command line (built by `make dist` with the page): the same kernels as the page.
const CLI = join(ROOT, 'build', 'wasm', 'attnlab.js');

let browser, server;
before(async () => { browser = await launch(); server = await serve(); });
after(async () => { await browser?.close(); await server?.close(); });

const api = (page, fn, ...args) => page.evaluate(([f, a]) => window.attnlab[f](...a), [fn, args]);

// The page's training settings as the command line's flags (web/app/app.cpp: App::model_config, train_config).
function cliLines(s, steps) {
  const args = ['--no-experimental-fetch', CLI, 'train', '--task', s.task, '--seed', String(s.seed),
    '--data-seed', String(s.seed), '--layers', String(s.layers), '--heads', String(s.heads), '--dim', String(s.dim),
    '--batch', String(s.batch), '--lr', String(Math.fround(s.lr)),  // the page's lr is a float
    '--warmup', '50', '--constant-lr', '--eval-every', '50',
    '--eval-max', '200', '--steps', String(steps), '--json'];
  const out = execFileSync('node', args, { encoding: 'utf8', env: { ...process.env, NODE_PATH: '/usr/share/nodejs' } });
  return out.trim().split('\n').map((l) => JSON.parse(l)).filter((l) => l.step !== undefined && l.loss !== undefined);
}

test('the page trains the same losses as the headless command line, and step(n) after a pause is exact', {
  skip: !existsSync(CLI) && 'build/wasm/attnlab.js is not built (make dist)',
}, async () => {
  const { context, page, problems } = await openPage(browser);
  try {
    await page.goto(server.url + '#heads=2&dim=16&layers=1&train=false');
    await waitReady(page);
    const s = await api(page, 'getState');
    const m0 = await api(page, 'metrics');
    assert.ok(['frame', 'worker', 'thread'].includes(m0.trainer), `metrics().trainer = ${m0.trainer}`);
    const cli = cliLines(s, 400);
    const at = (step) => cli.find((l) => l.step === step);
    assert.ok(at(50) && at(400), JSON.stringify(cli.map((l) => l.step)));
    const expectLine = (m, step) => {
      assert.equal(m.step, step);
      assert.equal(m.loss, at(step).loss, `loss at step ${step}`);
      assert.equal(m.devAcc, at(step).dev_acc, `dev accuracy at step ${step}`);
    };

    assert.equal(await api(page, 'step', 50), 50);
    expectLine(await api(page, 'metrics'), 50);
    // then the page's trainer trains for a while, and is paused wherever it is: exact from there on
    await api(page, 'train', true);
    await page.waitForFunction(() => window.attnlab.metrics().step >= 60, null, { timeout: 60000 });
    await api(page, 'train', false);
    const paused = (await api(page, 'metrics')).step;
    const next = Math.ceil((paused + 1) / 50) * 50;
    assert.ok(next <= 350, `paused at step ${paused}: past the command line's lines`);
    assert.equal(await api(page, 'step', next - paused), next - paused);
    expectLine(await api(page, 'metrics'), next);
    assert.equal(await api(page, 'step', 50), 50);
    expectLine(await api(page, 'metrics'), next + 50);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
