// Browser end-to-end harness: a static server for dist/ on 127.0.0.1 and Debian's Chromium driven by
// playwright-core (never a downloaded browser). Flags from ../shared/TOOLCHAIN.md.
import { createServer } from 'node:http';
import { readFile, mkdir } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { test as nodeTest } from 'node:test';
import assert from 'node:assert/strict';

export { decodePng, greyVariance, distinctColours } from './png.mjs';
export { before, after } from 'node:test';

// node:test's test() with a time limit: a browser test that runs longer than TEST_TIMEOUT_MS fails, unless it gives
// { timeout } itself, and docs/development.md lists it with its reason (so one that grows fails loudly).
export const TEST_TIMEOUT_MS = 60000;
export function test(name, options, fn) {
  if (typeof options === 'function') return nodeTest(name, { timeout: TEST_TIMEOUT_MS }, options);
  return nodeTest(name, { timeout: TEST_TIMEOUT_MS, ...options }, fn);
}

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = process.env.ATTNLAB_DIST || join(ROOT, 'dist');
export const SHOTS = join(ROOT, 'build', 'e2e');

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
                '.png': 'image/png', '.css': 'text/css', '.json': 'application/json', '.ttf': 'font/ttf' };

// Serves `dir` under `prefix` (e.g. '/' or '/course/week3/attention/'); anything else is a 404.
// `override(path)` may return {status, body} to simulate a broken deployment.
// Under tests/e2e/run.mjs, `serve()` with no options is the runner's one server of dist/ (ATTNLAB_DIST_URL): its
// close() leaves it running for the other files.
export async function serve(options) {
  if (!options && process.env.ATTNLAB_DIST_URL) {
    const url = process.env.ATTNLAB_DIST_URL;
    return { base: new URL(url).origin, url, close: async () => {} };
  }
  return serveDir(options);
}

// options.trickle(path): {rate, cut} to send that file at `rate` bytes per second, as a slow network would,
// and (cut, 0..1) to break the connection off after that share of it; null for the others.
async function serveDir({ dir = DIST, prefix = '/', override = null, extraRoutes = {}, trickle = null } = {}) {
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir}/index.html missing: run 'make dist' first`);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    let path = decodeURIComponent(url.pathname);
    if (extraRoutes[path]) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(extraRoutes[path]);
      return;
    }
    if (!path.startsWith(prefix)) { res.writeHead(404); res.end('not found'); return; }
    path = path.slice(prefix.length) || 'index.html';
    if (path.endsWith('/')) path += 'index.html';
    const o = override && override(path);
    if (o) { res.writeHead(o.status, { 'Content-Type': 'text/plain' }); res.end(o.body || ''); return; }
    const file = normalize(join(dir, path));
    if (!file.startsWith(dir)) { res.writeHead(403); res.end(); return; }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream',
                           'Content-Length': body.length, 'Cache-Control': 'no-store' });
      const slow = trickle && trickle(path);
      if (!slow) { res.end(body); return; }
      const piece = Math.max(1, Math.round(slow.rate / 20)), stop = Math.round((slow.cut ?? 1) * body.length);
      for (let at = 0; at < stop; at += piece) {
        if (at > 0) await new Promise((ok) => setTimeout(ok, 50));
        res.write(body.subarray(at, Math.min(stop, at + piece)));
      }
      if (stop < body.length) res.destroy();  // broken off
      else res.end();
    } catch {
      res.writeHead(404); res.end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${server.address().port}`;
  return { base, url: base + prefix, close: () => new Promise((ok) => server.close(ok)) };
}

// A seeded generator of numbers in [0, 1) (mulberry32), for tests that draw random actions or requests.
export function mulberry32(a) {
  return () => {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function launchOptions() {
  return {
    executablePath: process.env.ATTNLAB_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-quic', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
           '--ignore-gpu-blocklist'],
  };
}

// Debian's Chromium; under tests/e2e/run.mjs, a connection to the runner's one browser (ATTNLAB_BROWSER_WS), whose
// close() closes this file's contexts and disconnects. Each test opens its own context either way.
export async function launch() {
  if (process.env.ATTNLAB_BROWSER_WS) return chromium.connect(process.env.ATTNLAB_BROWSER_WS);
  return chromium.launch(launchOptions());
}

// A page that records every console error, page error, failed request and request to another host.
// `device`: Playwright context options instead of the plain desktop viewport (e.g. devices['Pixel 5']).
export async function openPage(browser, { width = 1280, height = 800, device = null } = {}) {
  // English unless a test asks for another locale: the app starts in the browser's language.
  const context = await browser.newContext({ locale: 'en-US',
                                             ...(device || { viewport: { width, height }, deviceScaleFactor: 1 }) });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // (Chromium reports a fetch whose body the page reads to its end through a stream reader as ERR_ABORTED; the
  // page reads the corpus that way, piece by piece. Its real failures are notices, which the tests check.)
  page.on('requestfailed', (r) => {
    const streamed = /\/(brown\.pack|seg_zh\.txt)\.gz$/.test(r.url()) && r.failure()?.errorText === 'net::ERR_ABORTED';
    if (!streamed) problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`);
  });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['127.0.0.1', 'localhost'].includes(u.hostname) && u.protocol !== 'data:' && u.protocol !== 'blob:')
      problems.push(`request to another host: ${r.url()}`);
  });
  return { context, page, problems };
}

// Waits for n animation frames of the page (what it drew after a change is on screen by then).
export const frames = (page, n = 2) => page.evaluate((k) => new Promise((done) => {
  const step = () => (k-- <= 0 ? done() : requestAnimationFrame(step));
  step();
}), n);

// Waits for window.attnlab.ready (resolved after the first frame) and returns what it resolved to; then, when
// the task's data is still on its way (pos: the page fetches the Brown Corpus), for the data too, so a test
// starts on a page that can train. waitReady(page, t, {data: false}) does not wait for the data.
export async function waitReady(page, timeout = 60000, { data = true } = {}) {
  const r = await page.evaluate((t) => Promise.race([
    window.attnlab.ready.then(() => ({ ok: true, version: window.attnlab.version })),
    new Promise((_, no) => setTimeout(() => no(new Error('attnlab.ready did not resolve in time')), t)),
  ]), timeout);
  if (data) await waitData(page, timeout);
  return r;
}

// Waits until the task's data is there (attnlab.dataReady) and returns attnlab.dataset(); a task whose data
// could not be made resolves with its {error} (the test decides).
export async function waitData(page, timeout = 60000) {
  return page.evaluate((t) => window.attnlab.dataReady(t).catch((e) => ({ error: String(e.message || e) })), timeout);
}

export async function screenshot(page, name) {
  await mkdir(SHOTS, { recursive: true });
  const path = join(SHOTS, name);
  const png = await page.screenshot({ path });
  return { path, png };
}

// Calls check() every 100 ms until it gives something truthy, which it returns; fails after `ms` naming `what`.
export async function until(page, what, check, ms = 30000) {
  const t0 = Date.now();
  for (;;) {
    const v = await check();
    if (v) return v;
    assert.ok(Date.now() - t0 < ms, `timed out waiting for ${what}`);
    await page.waitForTimeout(100);
  }
}

// The X(key, "text") lines of a string table in web/ui/ ("strings_zh.inc") as {key: text}, C escapes (\" and
// \n) undone: the texts the app is built from, so a test checks that they reach the page, not what they say.
export function stringTable(file) {
  const out = {};
  for (const m of readFileSync(join(ROOT, 'web/ui', file), 'utf8').matchAll(/^X\((\w+), "((?:[^"\\]|\\.)*)"\)/gm))
    out[m[1]] = m[2].replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
  return out;
}
