// `make soak`: a long classroom session in headless Chromium (tests/e2e/soak_run.mjs): training on, a random
// valid action every few seconds (settings, panel, typed input, reset, lesson step, export), the WebAssembly
// heap, the JS heap and the frame rate recorded every 10 s. Prints the samples and the verdicts: after the first
// minute the heap grows by less than 5 %, and the frame rate of the last quarter is not below the second's.
//
//   node scripts/soak.mjs [--minutes M] [--seed S] [--json FILE]     (default 30 minutes, seed 1)
//
// A report: exit 0 when it could run (1 if the page failed); `--strict` exits 1 when a target is missed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, ROOT } from '../tests/e2e/harness.mjs';
import { soak, verdict } from '../tests/e2e/soak_run.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : dflt;
};
if (args.includes('--help') || args.includes('-h')) {
  console.log('usage: node scripts/soak.mjs [--minutes M] [--seed S] [--json FILE] [--strict]');
  process.exit(0);
}
const MINUTES = Number(opt('--minutes', '30'));
const SEED = Number(opt('--seed', '1'));
const OUT = opt('--json', join(ROOT, 'build', 'bench', 'soak.json'));
const MB = (b) => (b === null || b === undefined ? 'n/a' : (b / 1048576).toFixed(1));

async function main() {
  const server = await serve();
  const browser = await launch();
  let r;
  try {
    console.log(`soak: ${MINUTES} min, seed ${SEED}`);
    console.log('   t s   wasm MB  malloc MB  JS heap MB    fps    step  actions  last action');
    r = await soak(browser, server.url, {
      minutes: MINUTES, seed: SEED,
      log: (s, n, what) => console.log(`${s.t.toFixed(0).padStart(6)} ${MB(s.wasmBytes).padStart(9)} ${MB(s.heapUsed).padStart(10)} ` +
                                       `${MB(s.jsHeap).padStart(11)} ${s.fps.toFixed(1).padStart(6)} ${String(s.step).padStart(7)} ` +
                                       `${String(n).padStart(8)}  ${what.slice(0, 60)}`),
    });
  } finally {
    await browser.close();
    await server.close();
  }
  const v = verdict(r.samples);
  const heapOk = v.growth < 0.05;
  const fpsOk = v.fpsLate >= v.fpsEarly * 0.9;
  console.log(`\n${r.warmUp} warm-up actions (each kind once), then ${r.actions.length} random ones; page problems: ${r.problems.length ? r.problems.slice(0, 5).join('; ') : 'none'}`);
  console.log(`heap (${v.key}) after the first minute: ${MB(v.base)} MB -> ${MB(v.end)} MB at the end (median of the ` +
              `last three; peak ${MB(v.peak)} MB), ${(100 * v.growth).toFixed(1)} % (target < 5 %: ${heapOk ? 'met' : 'NOT met'})`);
  console.log(`WebAssembly memory: ${MB(v.wasmFirst)} MB at the start, ${MB(v.wasmLast)} MB at the end`);
  console.log(`fps: ${v.fpsEarly.toFixed(1)} in the second quarter, ${v.fpsLate.toFixed(1)} in the last ` +
              `(target: not falling, within 10 %: ${fpsOk ? 'met' : 'NOT met'})`);
  mkdirSync(join(OUT, '..'), { recursive: true });
  writeFileSync(OUT, JSON.stringify({ minutes: MINUTES, seed: SEED, ...r, verdict: v }, null, 1));
  console.log(`samples: ${OUT}`);
  if (args.includes('--strict') && !(heapOk && fpsOk)) process.exit(1);
}

main().catch((e) => {
  console.error('soak: ' + (e && e.message ? e.message : e));
  process.exit(1);
});
