// How fast does the page train, and does training cost the UI its smoothness? `make bench-page` runs this:
// headless Chromium opens dist/ with a configuration in the link, and for each configuration it measures
//   steps/s in the page        (window.attnlab's step count over a timed window, training on)
//   steps/s headless           (the same settings with the WebAssembly CLI under Node: build/wasm/attnlab.js)
//   frame times, training on and off (requestAnimationFrame intervals: median, 95th percentile, longest), with
//                              nobody touching the page and with the mouse moving over it, and how many frames
//                              per second the page drew (it skips a frame that would look like the last)
//   the same with the accessibility layer off (attnlab._mirror(false): web/ui/a11y.h notes nothing, the layer is
//                              emptied), for what the semantic mirror costs: steps/s and the UI thread's time
// and prints one table with the ratios the speed issue asks for: page/headless >= 85 %, the frame time the same
// with training on as off, and no frame longer with a ~100 ms training step than with training off.
// Then, for real English (`learn`), it opens the page as a student does (a fresh tab, nothing cached, pos with the
// page's defaults) and times, from the moment the link is opened: the page ready, the first step (on the Brown
// Corpus's first parts), all of the corpus arrived, and the default model's dev accuracy passing the
// most-frequent-tag baseline and passing 95 % (the page evaluates 200 dev sentences every 50 steps; the baseline is dataset().baseline.dev, on the whole dev set),
// for --learn-seeds seeds (goal: 95 % within 60 s).
//
//   node scripts/bench_page.mjs [--seconds S] [--only NAME] [--json FILE] [--learn-seeds N]
//
// Figures move with the machine and its load (2 shared cores here): trust the ratios of one run, not the
// absolute numbers. Always exits 0 when it could measure (it is a report); 1 when the page or the CLI failed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, openPage, ROOT } from '../tests/e2e/harness.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
if (args.includes('--help') || args.includes('-h')) {
  console.log('usage: node scripts/bench_page.mjs [--seconds S] [--only NAME|learn] [--json FILE] [--learn-seeds N]');
  process.exit(0);
}
const SECONDS = Number(opt('--seconds', '8'));
const ONLY = opt('--only', '');
const JSON_OUT = opt('--json', join(ROOT, 'build', 'bench', 'page.json'));
const LEARN_SEEDS = Number(opt('--learn-seeds', '3'));
const LEARN_LIMIT_S = 180;  // a run that has not passed 95 % by then is reported as such
const CLI = process.env.ATTNLAB_WASM || join(ROOT, 'build', 'wasm', 'attnlab.js');

// The configurations: settings as the link and the app's state name them. Every key here is also a flag of
// `attnlab train` (key with '-' for '_'), so the CLI runs exactly the page's model.
const CONFIGS = [
  { name: 'default', what: 'the page as it opens: pos, attention L2 H4 D32, batch 16',
    settings: { task: 'pos', model: 'attention', layers: 2, heads: 4, dim: 32, batch: 16 } },
  { name: 'heavy', what: 'a ~100 ms step: image 16x16 (T = 256), attention L2 H4 D64, batch 8',
    settings: { task: 'image', image_size: 16, model: 'attention', layers: 2, heads: 4, dim: 64, batch: 8 } },
].filter((c) => !ONLY || c.name === ONLY);

// What the page's trainer does besides the model settings (web/app/app.cpp, App::train_config): warm-up 50,
// constant learning rate, a dev evaluation of at most 200 sequences every 50 steps. The CLI is told the same.
const PAGE_TRAIN_FLAGS = ['--warmup', '50', '--constant-lr', '--eval-every', '50', '--eval-max', '200'];

function cliFlags(settings) {
  const out = [];
  for (const [k, v] of Object.entries(settings)) out.push('--' + k.replace(/_/g, '-'), String(v));
  return out;
}

// Wall time of `attnlab train` for `steps` steps (data, model and start-up included).
function cliSeconds(settings, steps) {
  const t0 = process.hrtime.bigint();
  const out = execFileSync('node', ['--no-experimental-fetch', CLI, 'train', ...cliFlags(settings), ...PAGE_TRAIN_FLAGS,
                                    '--steps', String(steps), '--json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const t = Number(process.hrtime.bigint() - t0) / 1e9;
  const last = JSON.parse(out.trim().split('\n').pop());
  return { seconds: t, msPerStep: last.ms_per_step };
}

// Headless steps/s: (N - n) steps over the difference of two runs' wall times, so start-up and data cancel out.
function headless(settings) {
  const probe = cliSeconds(settings, 3);
  const n = 3;
  const N = Math.max(n + 20, Math.round(n + (SECONDS * 1000) / Math.max(probe.msPerStep, 0.05)));
  const big = cliSeconds(settings, N);
  return { stepsPerSec: (N - n) / Math.max(big.seconds - probe.seconds, 1e-6), msPerStep: big.msPerStep, steps: N };
}

function stats(intervals) {
  const xs = [...intervals].sort((a, b) => a - b);
  if (!xs.length) return { frames: 0, median: NaN, p95: NaN, max: NaN, mean: NaN };
  const at = (q) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))];
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return { frames: xs.length, median: at(0.5), p95: at(0.95), max: xs[xs.length - 1], mean };
}

// Frame intervals (ms) over `seconds`, recorded by a requestAnimationFrame loop beside the app's own, the UI
// thread's own time in each frame the app ran (attnlab._layout().busyMs: what the page itself spends per frame,
// whatever else the machine's cores are doing), and how many of those frames it handed to the GPU (presented:
// the app skips a frame that looks like the one on screen). With `moving`, the mouse sweeps over the view the
// whole time (Playwright's input, as a student's hand would), so every frame looks different and is drawn:
// the UI's smoothness while it is being used.
async function frames(page, seconds, moving) {
  const done = page.evaluate((ms) => new Promise((resolve) => {
    const out = [], busy = [];
    let last = null, lastFrame = -1;
    const t0 = performance.now(), p0 = window.attnlab._layout().presented;
    function tick(t) {
      if (last !== null) out.push(t - last);
      last = t;
      const l = window.attnlab._layout();
      if (l.frame !== lastFrame) { busy.push(l.busyMs); lastFrame = l.frame; }
      if (t - t0 < ms) requestAnimationFrame(tick);
      else resolve({ intervals: out, busy, presentedPerSec: ((l.presented - p0) * 1000) / (t - t0) });
    }
    requestAnimationFrame(tick);
  }), seconds * 1000);
  if (!moving) return done;
  let finished = false;
  done.then(() => { finished = true; }, () => { finished = true; });
  const size = page.viewportSize();
  for (let i = 0; !finished; ++i) {  // a slow circle over the middle of the page (the views)
    const a = i * 0.15;
    await page.mouse.move(size.width * (0.6 + 0.2 * Math.cos(a)), size.height * (0.5 + 0.25 * Math.sin(a)));
  }
  return done;
}

// The page's training speed over `seconds` (training on), with its frames.
async function trainingWindow(page, seconds, moving) {
  const m0 = await page.evaluate(() => ({ step: window.attnlab.metrics().step, t: performance.now() }));
  const f = await frames(page, seconds, moving);
  const m1 = await page.evaluate(() => ({ ...window.attnlab.metrics(), t: performance.now() }));
  return { ...f, stepsPerSec: ((m1.step - m0.step) * 1000) / (m1.t - m0.t), m1 };
}

async function measurePage(browser, base, c) {
  const { context, page, problems } = await openPage(browser);
  const hash = Object.entries(c.settings).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  await page.goto(base + '#' + hash);
  await page.evaluate(() => window.attnlab.ready);
  await page.waitForFunction(() => window.attnlab.metrics().step > 0, null, { timeout: 120000 });
  await page.waitForTimeout(2000);  // past the first steps and the first evaluation
  const on = await trainingWindow(page, SECONDS, false);
  const onMoving = await trainingWindow(page, SECONDS, true);
  // the same without the accessibility layer (its cost: the widgets' notes, the change, the DOM)
  await page.evaluate(() => window.attnlab._mirror(false));
  const onBare = await trainingWindow(page, SECONDS, false);
  const onMovingBare = await trainingWindow(page, SECONDS, true);
  await page.evaluate(() => window.attnlab._mirror(true));
  // the same with the worker at full speed whatever the machine (App::host_pace: on 2 cores or fewer it trains the
  // `speed` share of the time while the page is in use; a machine of many cores never paces)
  const cores = await page.evaluate(() => navigator.hardwareConcurrency | 0);
  await page.evaluate(() => window.attnlab._cores(64));
  const onMovingFull = await trainingWindow(page, SECONDS, true);
  await page.evaluate((n) => window.attnlab._cores(n), cores);
  // as the page did before it skipped unchanged frames: every frame drawn
  await page.evaluate(() => window.attnlab._drawEveryFrame(true));
  const onEvery = await trainingWindow(page, SECONDS, false);
  await page.evaluate(() => window.attnlab._drawEveryFrame(false));
  await page.evaluate(() => window.attnlab.train(false));
  await page.waitForTimeout(1000);
  const off = await frames(page, SECONDS, false);
  const offMoving = await frames(page, SECONDS, true);
  await page.evaluate(() => window.attnlab._mirror(false));
  const offBare = await frames(page, SECONDS, false);
  await page.evaluate(() => window.attnlab._mirror(true));
  const m1 = on.m1;
  await context.close();
  if (m1.error) throw new Error(`${c.name}: the page reports ${m1.error}`);
  const view = (w) => ({ ...stats(w.intervals), busy: stats(w.busy), presentedPerSec: w.presentedPerSec });
  return {
    stepsPerSec: on.stepsPerSec, stepsPerSecMoving: onMoving.stepsPerSec, stepsPerSecEveryFrame: onEvery.stepsPerSec,
    stepsPerSecMovingFull: onMovingFull.stepsPerSec, paceMoving: onMoving.m1.trainerPace, cores,
    stepsPerSecBare: onBare.stepsPerSec, stepsPerSecMovingBare: onMovingBare.stepsPerSec,
    onBare: view(onBare), onMovingBare: view(onMovingBare), offBare: view(offBare),
    pageStepsPerSec: m1.stepsPerSec, msPerStep: m1.msPerStep, trainer: m1.trainer || 'frame',
    on: view(on), onMoving: view(onMoving), onMovingFull: view(onMovingFull), onEvery: view(onEvery), off: view(off), offMoving: view(offMoving), problems,
  };
}

// Real English as a student meets it: a fresh tab opened on the page (pos, the defaults, this seed), polled every
// 100 ms. Seconds are from page.goto(); null = not reached within LEARN_LIMIT_S.
async function learning(browser, base, seed) {
  const { context, page, problems } = await openPage(browser);
  const t0 = Date.now();
  const at = () => (Date.now() - t0) / 1000;
  await page.goto(base + (seed === 1 ? '' : `#seed=${seed}`));
  await page.evaluate(() => window.attnlab.ready);
  const out = { seed, ready: at(), data: null, firstStep: null, baseline: null, pass95: null, baselineAcc: null,
                curve: [], problems };
  // (training starts on the corpus's first parts: the first step comes before all of it has arrived)
  let lastStep = -1;
  while (at() < LEARN_LIMIT_S && out.pass95 === null) {
    const [d, m] = await page.evaluate(() => [window.attnlab.dataset(), window.attnlab.metrics()]);
    if (out.data === null && !d.pending) {
      out.data = at();
      out.baselineAcc = d.baseline ? d.baseline.dev : null;
    }
    if (m.error) throw new Error(`learn seed ${seed}: the page reports ${m.error}`);
    if (m.step > 0 && out.firstStep === null) out.firstStep = at();
    if (m.step !== lastStep && m.devAcc !== null && m.devAcc !== undefined) {
      out.curve.push([at(), m.step, m.devAcc]);
      if (m.devAcc >= 0.95) out.pass95 = at();
      lastStep = m.step;
    }
    await page.waitForTimeout(100);
  }
  const past = out.baselineAcc === null ? null : out.curve.find(([, , acc]) => acc > out.baselineAcc);
  out.baseline = past ? past[0] : null;
  out.steps = lastStep;
  await context.close();
  return out;
}

const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : 'n/a');
const pct = (x) => (Number.isFinite(x) ? (100 * x).toFixed(0) + '%' : 'n/a');

async function main() {
  if (!existsSync(CLI)) throw new Error(`${CLI} missing: run 'make wasm' first`);
  const server = await serve();
  const browser = await launch();
  const results = [], learned = [];
  try {
    for (const c of CONFIGS) {
      process.stderr.write(`bench-page: ${c.name} (${c.what})\n`);
      const page = await measurePage(browser, server.url, c);
      const head = headless(c.settings);
      results.push({ ...c, page, headless: head });
    }
    if (!ONLY || ONLY === 'learn') {
      for (let seed = 1; seed <= LEARN_SEEDS; ++seed) {
        process.stderr.write(`bench-page: learn, seed ${seed} (a fresh tab on pos, the page's defaults)\n`);
        learned.push(await learning(browser, server.url, seed));
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }

  console.log(`\nbench-page: headless Chromium (${SECONDS} s windows) vs the WebAssembly CLI under Node, one run`);
  console.log('(idle: nobody touches the page; moving: the mouse sweeps over the views all the time; every frame: ' +
              'the page draws every frame, as before it skipped those that look the same; paced: on a machine of ' +
              `2 cores or fewer (this one: ${results.length ? results[0].page.cores : '?'}) the worker trains that ` +
              'share of the time while the page is in use; full speed: as on a machine of more cores)');
  const row = (...c) => console.log(c[0].padEnd(8) + ' ' + c[1].padEnd(30) + ' ' + c[2].padStart(8) + ' ' +
                                   c[3].padStart(9) + ' ' + c[4].padStart(6) + '   ' + c[5].padEnd(24) + ' ' +
                                   c[6].padStart(10) + ' ' + c[7].padStart(11));
  row('config', 'window', 'step/s', 'headless', 'ratio', 'frame median/p95/max ms', 'drawn/s', 'UI ms/frame');
  const frameCols = (w) => [`${f1(w.median)} / ${f1(w.p95)} / ${f1(w.max)}`, f1(w.presentedPerSec), f1(w.busy.median)];
  for (const r of results) {
    const p = r.page, h = r.headless.stepsPerSec;
    row(r.name, 'training, idle', f1(p.stepsPerSec), f1(h), pct(p.stepsPerSec / h), ...frameCols(p.on));
    const paced = p.paceMoving < 1 ? `paced ${pct(p.paceMoving)}` : 'full speed';
    row('', `training, moving (${paced})`, f1(p.stepsPerSecMoving), f1(h), pct(p.stepsPerSecMoving / h),
        ...frameCols(p.onMoving));
    row('', 'training, moving (full speed)', f1(p.stepsPerSecMovingFull), f1(h), pct(p.stepsPerSecMovingFull / h),
        ...frameCols(p.onMovingFull));
    row('', 'training, every frame', f1(p.stepsPerSecEveryFrame), f1(h), pct(p.stepsPerSecEveryFrame / h),
        ...frameCols(p.onEvery));
    row('', 'paused, idle', '', '', '', ...frameCols(p.off));
    row('', 'paused, moving', '', '', '', ...frameCols(p.offMoving));
    row('', 'no a11y layer: training, idle', f1(p.stepsPerSecBare), f1(h), pct(p.stepsPerSecBare / h), ...frameCols(p.onBare));
    row('', 'no a11y layer: training, moving', f1(p.stepsPerSecMovingBare), f1(h), pct(p.stepsPerSecMovingBare / h),
        ...frameCols(p.onMovingBare));
    row('', 'no a11y layer: paused, idle', '', '', '', ...frameCols(p.offBare));
  }
  console.log('\ntargets');
  // "the same within noise": the median frame with training on at most 10% (or 2 ms) above the one off
  const same = (on, off) => on.median <= Math.max(off.median * 1.1, off.median + 2);
  for (const r of results) {
    const p = r.page;
    const ratio = p.stepsPerSec / r.headless.stepsPerSec;
    console.log(`  ${r.name}: steps/s in the page vs headless ${pct(ratio)} (target >= 85%: ${ratio >= 0.85 ? 'met' : 'NOT met'}; ` +
                `${pct(p.stepsPerSecMoving / r.headless.stepsPerSec)} while the mouse moves, ` +
                `${pct(p.stepsPerSecEveryFrame / r.headless.stepsPerSec)} drawing every frame); headless step ` +
                `${f1(r.headless.msPerStep)} ms, the trainer's own ${f1(p.msPerStep)} ms`);
    console.log(`  ${r.name}: median frame idle: on ${f1(p.on.median)} ms vs off ${f1(p.off.median)} ms ` +
                `(${same(p.on, p.off) ? 'met' : 'NOT met'}); moving: on ${f1(p.onMoving.median)} ms vs off ` +
                `${f1(p.offMoving.median)} ms (target: the same within noise: ${same(p.onMoving, p.offMoving) ? 'met' : 'NOT met'})`);
    console.log(`  ${r.name}: the UI thread's own time per frame, moving: on ${f1(p.onMoving.busy.median)} ms ` +
                `(p95 ${f1(p.onMoving.busy.p95)}) vs off ${f1(p.offMoving.busy.median)} ms (p95 ${f1(p.offMoving.busy.p95)})`);
    console.log(`  ${r.name}: the accessibility layer's cost: steps/s with it ${pct(p.stepsPerSec / p.stepsPerSecBare)} of ` +
                `without (idle), ${pct(p.stepsPerSecMoving / p.stepsPerSecMovingBare)} (moving); the UI thread's time per ` +
                `frame, moving: ${f1(p.onMoving.busy.median)} ms with it vs ${f1(p.onMovingBare.busy.median)} ms without ` +
                `(p95 ${f1(p.onMoving.busy.p95)} vs ${f1(p.onMovingBare.busy.p95)}); paused and idle it draws ` +
                `${f1(p.off.presentedPerSec)} vs ${f1(p.offBare.presentedPerSec)} frames/s (target: the same)`);
    if (r.name === 'heavy') {
      const ok = (on, off) => on.max <= Math.max(off.max * 1.5, off.max + 8);
      console.log(`  ${r.name}: longest frame while ${f1(r.headless.msPerStep)} ms steps train: idle ${f1(p.on.max)} ms ` +
                  `vs off ${f1(p.off.max)} ms (${ok(p.on, p.off) ? 'met' : 'NOT met'}), moving ${f1(p.onMoving.max)} ms ` +
                  `vs off ${f1(p.offMoving.max)} ms (target: no longer than off: ${ok(p.onMoving, p.offMoving) ? 'met' : 'NOT met'})`);
    }
    if (p.problems.length) console.log(`  ${r.name}: page problems: ${p.problems.slice(0, 3).join('; ')}`);
  }
  if (learned.length) {
    const s = (x) => (x === null ? `> ${LEARN_LIMIT_S}` : x.toFixed(1));
    console.log('\nreal English: seconds from opening the page (pos, the page\'s defaults, a fresh tab, the corpus from ' +
                'the local server)');
    console.log('seed   ready   corpus (all)   1st step   dev > baseline   dev >= 95 %   steps   baseline (dev)');
    for (const r of learned)
      console.log(`${String(r.seed).padEnd(4)} ${s(r.ready).padStart(7)} ${s(r.data).padStart(14)} ${s(r.firstStep).padStart(10)} ` +
                  `${s(r.baseline).padStart(16)} ${s(r.pass95).padStart(13)} ${String(r.steps).padStart(7)}   ` +
                  `${r.baselineAcc === null ? 'n/a' : (100 * r.baselineAcc).toFixed(2) + ' %'}`);
    const worst = Math.max(...learned.map((r) => (r.pass95 === null ? Infinity : r.pass95)));
    console.log(`  goal: dev >= 95 % within 60 s of opening the page on every seed: ${worst <= 60 ? 'met' : 'NOT met'} ` +
                `(slowest ${Number.isFinite(worst) ? worst.toFixed(1) + ' s' : 'never'})`);
  }
  mkdirSync(join(JSON_OUT, '..'), { recursive: true });
  writeFileSync(JSON_OUT, JSON.stringify({ speed: results, learn: learned }, null, 1));
  console.log(`\nfigures: ${JSON_OUT}`);
}

main().catch((e) => {
  console.error('bench-page: ' + (e && e.message ? e.message : e));
  process.exit(1);
});
