// The browser suite's runner (make test-e2e): one Chromium and one served dist/ for every test file, and the
// files run two at a time, each in its own `node --test` process. Each file still works alone (`node --test FILE`
// launches its own browser); here the harness connects to the shared one (ATTNLAB_BROWSER_WS) and `serve()` with no
// options returns the shared server (ATTNLAB_DIST_URL). A test that needs a server of its own (a sub-path, a broken
// deployment) still starts one.
//
//   node tests/e2e/run.mjs                      every tests/e2e/*.test.mjs
//   node tests/e2e/run.mjs lesson smoke         those files (a name, or a path)
//   ATTNLAB_E2E_JOBS=1 node tests/e2e/run.mjs   one file at a time
//
// The longest files start first: the durations of the last run are kept in build/e2e/durations.json; a first run
// orders them by tests/e2e/durations.json (one measured run, committed), a file missing from both by its size.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync, mkdirSync, statSync } from 'node:fs';
import { join, basename } from 'node:path';
import { chromium } from 'playwright-core';
import { serve, launchOptions, ROOT, SHOTS } from './harness.mjs';

const DIR = join(ROOT, 'tests', 'e2e');
const DURATIONS = join(SHOTS, 'durations.json');
const jobs = Math.max(1, Number(process.env.ATTNLAB_E2E_JOBS || 2));

function pick(args) {
  const all = readdirSync(DIR).filter((f) => f.endsWith('.test.mjs')).sort();
  if (!args.length) return all.map((f) => join(DIR, f));
  return args.map((a) => {
    const name = basename(a).replace(/(\.test)?\.mjs$/, '');
    if (!all.includes(`${name}.test.mjs`)) throw new Error(`no browser test file ${a} (have: ${all.join(' ')})`);
    return join(DIR, `${name}.test.mjs`);
  });
}

function readJson(path) {
  try { return JSON.parse(readFileSync(path, 'utf8')); } catch { return {}; }
}

function ordered(files) {
  const known = { ...readJson(join(DIR, 'durations.json')), ...readJson(DURATIONS) };
  const guess = (f) => known[basename(f)] ?? statSync(f).size;
  return [...files].sort((a, b) => guess(b) - guess(a));
}

// Runs one file in its own `node --test` process: {file, code, pass, fail, ms, output}.
function runFile(file, env) {
  const t0 = Date.now();
  return new Promise((done) => {
    const args = ['--test', '--test-reporter=tap', file];  // (each test's time limit: harness.mjs's test())
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (b) => { output += b; });
    child.stderr.on('data', (b) => { output += b; });
    child.on('close', (c, signal) => {
      const count = (what) => Number((new RegExp(`^# ${what} (\\d+)$`, 'm').exec(output) || [0, 0])[1]);
      done({ file, code: signal ? 1 : c, pass: count('pass'), fail: count('fail'), ms: Date.now() - t0, output });
    });
  });
}

const files = ordered(pick(process.argv.slice(2)));
const server = await serve();
const browserServer = await chromium.launchServer(launchOptions());
const env = { ...process.env, ATTNLAB_BROWSER_WS: browserServer.wsEndpoint(), ATTNLAB_DIST_URL: server.url };
const queue = [...files], results = [];
await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, async () => {
  while (queue.length) {
    const r = await runFile(queue.shift(), env);
    results.push(r);
    process.stdout.write(`# ---- ${basename(r.file)}: ${r.pass} passed, ${r.fail} failed, ${(r.ms / 1000).toFixed(1)} s` +
                         `${r.code ? ` (exit ${r.code})` : ''}\n${r.output}`);
  }
}));
await browserServer.close();
await server.close();

try {
  mkdirSync(SHOTS, { recursive: true });
  const known = readJson(DURATIONS);
  for (const r of results) known[basename(r.file)] = r.ms;
  writeFileSync(DURATIONS, JSON.stringify(known, null, 1) + '\n');
} catch (e) {
  console.error(`e2e: could not keep the durations: ${e.message}`);
}
const failed = results.filter((r) => r.code !== 0);
console.log('\nbrowser test files, slowest first:');
for (const r of [...results].sort((a, b) => b.ms - a.ms))
  console.log(`  ${(r.ms / 1000).toFixed(1).padStart(6)} s  ${basename(r.file)}${r.code ? '  FAILED' : ''}`);
const pass = results.reduce((n, r) => n + r.pass, 0), fail = results.reduce((n, r) => n + r.fail, 0);
if (failed.length) console.log(`failed files: ${failed.map((r) => basename(r.file)).join(' ')}`);
console.log(`e2e: ${pass} passed, ${fail + failed.filter((r) => r.fail === 0).length} failed`);
process.exit(failed.length ? 1 : 0);
