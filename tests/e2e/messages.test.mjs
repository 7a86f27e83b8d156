// The postMessage bridge (web/platform/api.js): a course page on another origin embeds the playground and
// drives it by messages. dist/ is served twice, on two ports (two origins): the playground from one, the
// example course page (web/examples/course.html, copied to dist/examples/) from the other, pointed at the
// first with ?app=. Everything below talks to the iframe from the course page, as a real course page would.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, before, after, serve, launch, openPage, screenshot, ROOT } from './harness.mjs';

const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
let browser, app, course;
before(async () => {
  browser = await launch();
  app = await serve();
  course = await serve({});  // a server of its own: another origin
  assert.notEqual(new URL(app.base).origin, new URL(course.base).origin, 'two origins');
});
after(async () => { await shared?.context.close(); await browser?.close(); await app?.close(); await course?.close(); });

// The course page, with every attnlab message from the playground recorded in window.__seen (top frame only).
async function openCourse(appUrl = app.url) {
  const { context, page, problems } = await openPage(browser, { width: 960, height: 1000 });
  await page.addInitScript(() => {
    if (window.top !== window) return;
    window.__seen = [];
    window.addEventListener('message', (e) => {
      if (e.data && typeof e.data === 'object' && 'attnlab' in e.data)
        window.__seen.push({ origin: e.origin, fromLab: e.source === document.getElementById('lab')?.contentWindow,
                             data: e.data });
    });
  });
  await page.goto(`${course.base}/examples/course.html?app=${encodeURIComponent(appUrl)}`);
  return { context, page, problems };
}

// The first three tests share one course page (loading the app is most of their time), in order.
let shared = null;
async function sharedCourse() {
  if (!shared) shared = await openCourse();
  return shared;
}

// Posts `raw` to the playground's iframe and resolves with the first reply carrying `id` (null for requests
// whose id is missing or malformed). Also returns the replies that came before it.
function exchange(page, raw, id = raw && raw.id, timeout = 20000) {
  return page.evaluate(([raw, id, timeout]) => new Promise((resolve, reject) => {
    const frame = document.getElementById('lab');
    const others = [];
    const timer = setTimeout(() => { removeEventListener('message', on); reject(new Error(`no reply with id ${id}`)); },
                             timeout);
    function on(e) {
      if (e.source !== frame.contentWindow || !e.data || typeof e.data !== 'object' || 'event' in e.data) return;
      if (e.data.id !== id) { others.push(e.data); return; }
      clearTimeout(timer);
      removeEventListener('message', on);
      resolve({ reply: e.data, others, origin: e.origin });
    }
    addEventListener('message', on);
    frame.contentWindow.postMessage(raw, new URL(frame.src).origin);
  }), [raw, id ?? null, timeout]);
}
let nextId = 1;
async function call(page, method, ...args) {
  const id = `t${nextId++}`;
  const { reply } = await exchange(page, { attnlab: 1, id, method, args });
  if ('error' in reply) throw new Error(reply.error);
  return reply.result;
}
async function callError(page, method, ...args) {
  const id = nextId++;  // a number id this time
  const { reply } = await exchange(page, { attnlab: 1, id, method, args });
  assert.equal(reply.id, id);
  assert.ok('error' in reply, `${method} should fail, got ${JSON.stringify(reply)}`);
  assert.equal(typeof reply.error, 'string');
  return reply.error;
}
const seen = (page) => page.evaluate(() => window.__seen);
// The first event since message number `from` (a count of (await seen(page)).length) that satisfies pred.
async function waitEvent(page, pred, what, { from = 0, timeout = 15000 } = {}) {
  const t0 = Date.now();
  for (;;) {
    const ev = (await seen(page)).slice(from).map((s) => s.data).filter((d) => d.event);
    const hit = ev.find(pred);
    if (hit) return hit;
    if (Date.now() - t0 > timeout) throw new Error(`no ${what} event; saw ${JSON.stringify(ev.map((d) => d.event))}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const labFrame = (page) => page.frame({ url: (u) => u.origin === new URL(app.base).origin });

test('a course page on another origin drives the playground by messages: round trip, errors, events', async () => {
  const { page, problems } = await sharedCourse();
  // ready: posted to the parent once the app has drawn its first frame, with the settings of the iframe's link.
  const ready = await waitEvent(page, (d) => d.event === 'ready', 'ready', { timeout: 60000 });
  assert.equal(ready.version, VERSION);
  assert.equal(ready.state.heads, 2, 'the iframe src #heads=2 applied');
  const fromLab = (await seen(page)).find((s) => s.data.event === 'ready');
  assert.equal(fromLab.origin, new URL(app.base).origin);
  assert.equal(fromLab.fromLab, true);

  // Round trip. Pause first so that step counts are exact.
  assert.equal(await call(page, 'train', false), false);
  const s0 = await call(page, 'getState');
  assert.equal(s0.heads, 2);
  assert.equal(s0.panel, 'attention');
  assert.equal(s0.train, false);
  let mark = (await seen(page)).length;
  const s1 = await call(page, 'setState', { heads: 4 });
  assert.equal(s1.heads, 4, 'setState answers with the new state');
  assert.equal((await call(page, 'getState')).heads, 4);
  const stateEv = await waitEvent(page, (d) => d.event === 'state' && d.state.heads === 4, 'state (heads 4)', { from: mark });
  assert.doesNotMatch(stateEv.query, /heads=/, 'the hash names only settings that differ from the defaults');
  mark = (await seen(page)).length;
  assert.equal(await call(page, 'setState', { heads: 2 }).then((s) => s.heads), 2);
  assert.equal((await call(page, 'getState')).heads, 2);
  const stateEv2 = await waitEvent(page, (d) => d.event === 'state' && d.state.heads === 2, 'state (heads 2)', { from: mark });
  assert.match(stateEv2.query, /heads=2/);
  assert.match(stateEv2.query, /train=false/);
  const m0 = await call(page, 'metrics');
  assert.equal(await call(page, 'step', 3), 3);
  const m1 = await call(page, 'metrics');
  assert.equal(m1.step, m0.step + 3);
  const a = await call(page, 'attention', 0, 0);
  const T = a.tokens.length;
  assert.ok(T >= 2, `tokens ${JSON.stringify(a.tokens)}`);
  assert.equal(a.weights.length, T);
  for (const row of a.weights) {
    assert.equal(row.length, T);
    assert.ok(Math.abs(row.reduce((x, y) => x + y, 0) - 1) < 1e-4, 'softmax rows sum to 1');
  }

  // Errors: each gets a reply naming the problem, and none changes anything. They are sent all at once, with
  // messages that must get no answer mixed in (other scripts' messages without an attnlab key, and messages
  // shaped like replies or events), and a getState last: the replies come back in order.
  const before = await call(page, 'getState');
  const eventsBefore = (await seen(page)).filter((s) => s.data.event === 'state').length;
  const req = (id, method, ...args) => ({ attnlab: 1, id, method, args });
  const unknown = (name) => new RegExp(`^unknown method ${name.replace(/[_$.]/g, '\\$&')}; available: ` +
                                       '(\\w+, )*getState, (\\w+, )*setState\\b');
  const cases = [  // [message, the reply's id, the error]
    [req(1, 'nope'), 1, unknown('nope')],
    ...['__proto__', 'constructor', 'toString', 'hasOwnProperty', '_fail', '_stateChanged', 'ready', 'version',
        '', 'toString.call', 'setState.constructor'].map((name, i) => [req(`u${i}`, name), `u${i}`, unknown(name)]),
    [req('o1', 'onStateChange', 1), 'o1', /^onStateChange takes a function.*event: 'state'/],
    [req('a1', 'setState', { heads: 'x' }), 'a1', /heads: 'x' is not/],
    [req('a2', 'setState', { heads: 3 }), 'a2', /heads: 3 heads do not divide/],
    [req('a3', 'setState', 'heads=8'), 'a3', /setState expects an object/],
    [req('a4', 'setState'), 'a4', /setState expects an object/],
    [req('a5', 'step', 'ten'), 'a5', /step\(n\): n must be a whole number/],
    [req('a6', 'attention', 0, 99), 'a6', /head must be between 0 and 1/],
    [{ attnlab: 1, method: 'getState' }, null, /^id missing/],
    [{ attnlab: 1, id: { x: 1 }, method: 'getState' }, null, /^id must be a string or a number, got object/],
    [{ attnlab: 1, id: null, method: 'getState' }, null, /^id must be a string or a number, got null/],
    [{ attnlab: 1, id: [1], method: 'getState' }, null, /^id must be a string or a number, got an array/],
    [{ attnlab: 1, id: 'm1' }, 'm1', /^method must be the name of a window.attnlab function, got undefined/],
    [{ attnlab: 1, id: 'm2', method: ['getState'] }, 'm2', /^method must be .* got an array/],
    [{ attnlab: 1, id: 'm3', method: 'setState', args: { heads: 8 } }, 'm3', /^args must be an array .* got object/],
    [{ attnlab: 1, id: 'm4', method: 'setState', args: 'heads=8' }, 'm4', /^args must be an array .* got string/],
    [{ attnlab: 1, id: 'm5', method: 'setState', args: null }, 'm5', /^args must be an array .* got null/],
    [{ attnlab: 2, id: 'm6', method: 'getState' }, 'm6', /^attnlab must be 1 \(the protocol version\), got number/],
    [{ attnlab: '1', id: 'm7', method: 'getState' }, 'm7', /^attnlab must be 1 .* got string/],
    [{ attnlab: null, id: 'm8', method: 'setState', args: [{ heads: 8 }] }, 'm8', /^attnlab must be 1 .* got null/],
  ];
  const ignored = ['hello', 42, null, [1, 2], { id: 'x1', method: 'setState', args: [{ heads: 8 }] },
                   { type: 'resize', height: 300 }, { attnlab: 1, id: 'x2', result: 5 },
                   { attnlab: 1, id: 'x3', error: 'boom' }, { attnlab: 1, event: 'ready', version: '9' }];
  const sent = [];
  cases.forEach(([raw], i) => { sent.push(raw); if (i < ignored.length) sent.push(ignored[i]); });
  sent.push(req('after', 'getState'));
  const replies = await page.evaluate((sent) => new Promise((resolve, reject) => {
    const frame = document.getElementById('lab');
    const got = [];
    const timer = setTimeout(() => reject(new Error(`only ${got.length} replies`)), 20000);
    addEventListener('message', function on(e) {
      if (e.source !== frame.contentWindow || !e.data || typeof e.data !== 'object' || 'event' in e.data) return;
      got.push(e.data);
      if (e.data.id !== 'after') return;
      clearTimeout(timer);
      removeEventListener('message', on);
      resolve(got);
    });
    for (const m of sent) frame.contentWindow.postMessage(m, new URL(frame.src).origin);
  }), sent);
  assert.equal(replies.length, cases.length + 1, 'one reply per request, none for the ignored messages');
  cases.forEach(([raw, id, pattern], i) => {
    const r = replies[i];
    assert.equal(r.attnlab, 1);
    assert.equal(r.id, id, JSON.stringify(raw));
    assert.ok(!('result' in r), JSON.stringify(raw));
    assert.match(r.error ?? 'no error', pattern, JSON.stringify(raw));
  });
  assert.doesNotMatch(replies[0].error, /_fail|_stateChanged|onStateChange|\bready\b|\bversion\b/,
                      'the list names only callable methods');
  const after = replies[cases.length];
  assert.deepEqual(after.result, before, 'the state is unchanged after all those errors');
  await page.waitForTimeout(400);  // longer than the state event's 200 ms
  assert.equal((await seen(page)).filter((s) => s.data.event === 'state').length, eventsBefore,
               'no state event: nothing changed');
  // The app still runs (the error replies were replies, not failures of the page).
  assert.equal(await labFrame(page).evaluate(() => document.getElementById('canvas').hidden), false);

  // metrics events while training (at most about 2 a second), with the step moving.
  const t0 = Date.now();
  const startStep = (await call(page, 'metrics')).step;
  mark = (await seen(page)).length;
  const firstMetrics = (await seen(page)).filter((s) => s.data.event === 'metrics').length;
  await call(page, 'train', true);
  const mev = await waitEvent(page, (d) => d.event === 'metrics' && d.step > startStep + 5, 'metrics while training',
                              { from: mark });
  for (const k of ['loss', 'trainAcc', 'devAcc', 'stepsPerSec', 'done', 'error']) assert.ok(k in mev, k);
  await page.waitForTimeout(1500);
  await call(page, 'train', false);
  const n = (await seen(page)).filter((s) => s.data.event === 'metrics').length - firstMetrics;
  const secs = (Date.now() - t0) / 1000;
  assert.ok(n >= 2, `${n} metrics events while training`);
  assert.ok(n <= 2.5 * secs + 2, `${n} metrics events in ${secs.toFixed(1)} s: throttled`);
  // A reset is a milestone too: the step goes back to 0.
  mark = (await seen(page)).length;
  assert.equal(await call(page, 'reset'), true);
  await waitEvent(page, (d) => d.event === 'metrics' && d.step === 0, 'metrics after reset', { from: mark });
  assert.deepEqual(problems, []);
});

test('a Promise result is awaited, Blob and Uint8Array arrive as they are, an uncloneable one is an error', async () => {
  const { page, problems } = await sharedCourse();
  await waitEvent(page, (d) => d.event === 'ready', 'ready', { timeout: 60000 });
  // Methods added to window.attnlab after the bridge started (as exportImage will be) are callable at once.
  assert.match(await callError(page, 'laterBlob'), /^unknown method laterBlob;/);
  await labFrame(page).evaluate(() => {
    window.attnlab.laterBlob = () => new Promise((r) => setTimeout(() => r(new Blob(['a,b\n1,2\n'], { type: 'text/csv' })), 50));
    window.attnlab.laterBytes = () => Promise.resolve(new Uint8Array([1, 2, 250]));
    window.attnlab.laterFail = () => Promise.reject(new Error('no image yet'));
    window.attnlab.laterFunction = () => () => 1;
    window.attnlab._laterPrivate = () => 'secret';
  });
  const blob = await page.evaluate(() => new Promise((resolve) => {
    const frame = document.getElementById('lab');
    addEventListener('message', async function on(e) {
      if (e.data?.id !== 'blob') return;
      removeEventListener('message', on);
      const r = e.data.result;
      resolve({ isBlob: r instanceof Blob, type: r.type, text: await r.text() });
    });
    frame.contentWindow.postMessage({ attnlab: 1, id: 'blob', method: 'laterBlob' }, new URL(frame.src).origin);
  }));
  assert.deepEqual(blob, { isBlob: true, type: 'text/csv', text: 'a,b\n1,2\n' });
  const bytes = await page.evaluate(() => new Promise((resolve) => {
    const frame = document.getElementById('lab');
    addEventListener('message', function on(e) {
      if (e.data?.id !== 'bytes') return;
      removeEventListener('message', on);
      resolve({ isBytes: e.data.result instanceof Uint8Array, values: Array.from(e.data.result) });
    });
    frame.contentWindow.postMessage({ attnlab: 1, id: 'bytes', method: 'laterBytes', args: [] }, new URL(frame.src).origin);
  }));
  assert.deepEqual(bytes, { isBytes: true, values: [1, 2, 250] });
  assert.equal(await callError(page, 'laterFail'), 'no image yet');
  assert.match(await callError(page, 'laterFunction'), /^the result of laterFunction cannot be sent by postMessage/);
  assert.match(await callError(page, '_laterPrivate'), /^unknown method _laterPrivate;/);
  assert.match(await callError(page, 'nope'), /available: .*laterBlob/);
  assert.equal((await call(page, 'getState')).heads, 2, 'still answering');
  assert.deepEqual(problems, []);
});

test("the course page's buttons change the embedded app", async () => {
  const { page, problems } = await sharedCourse();
  await waitEvent(page, (d) => d.event === 'ready', 'ready', { timeout: 60000 });
  await page.locator('#heads4').waitFor({ state: 'visible' });
  await page.waitForFunction(() => !document.getElementById('heads4').disabled);
  const lab = labFrame(page);
  const until = (pred, what) => page.waitForFunction(pred, null, { timeout: 10000, polling: 100 }).catch(() => {
    throw new Error(what);
  });

  // Clicks in a row: each sends its request at once, and the playground answers them in order.
  const labUntil = (fn, arg) => lab.waitForFunction(fn, arg, { timeout: 15000, polling: 100 });
  await page.click('#pause');
  await page.click('#heads4');
  await page.click('#peLearned');
  await labUntil(() => { const s = window.attnlab.getState(); return !s.train && s.heads === 4 && s.pe === 'learned'; });
  await until(() => /4 heads · learned positions · paused/.test(document.getElementById('settings').textContent),
              'the page shows the settings');
  await until(() => /state: 4 heads · learned positions · paused/.test(document.getElementById('log').innerText),
              'the state event is logged');
  await page.click('#peSinusoidal');
  await page.click('#heads2');
  await page.click('#train');
  await labUntil(() => { const s = window.attnlab.getState(); return s.train && s.heads === 2 && s.pe === 'sinusoidal'; });
  const s0 = await lab.evaluate(() => window.attnlab.metrics().step);
  await labUntil((s) => window.attnlab.metrics().step > s + 3, s0);
  await page.click('#pause');
  await labUntil(() => window.attnlab.getState().train === false);
  await page.waitForTimeout(300);  // the last step of a frame in flight

  // Attention of layer 1, head 2 as numbers: the table matches the app's own weights, rounded.
  await page.click('#showAttention');
  await until(() => document.querySelectorAll('#weights tr').length > 1, 'the weights table appears');
  const shown = await page.evaluate(() => Array.from(document.querySelectorAll('#weights tr')).map((tr) =>
    Array.from(tr.children).map((c) => c.textContent)));
  const a = await lab.evaluate(() => window.attnlab.attention(0, 1));
  assert.equal(a.head, 1);
  assert.deepEqual(shown[0], ['', ...a.tokens]);
  assert.equal(shown.length, a.tokens.length + 1);
  a.weights.forEach((row, i) => assert.deepEqual(shown[i + 1], [a.tokens[i], ...row.map((w) => w.toFixed(2))]));

  // The event log shows ready, the settings changes and the training.
  const log = await page.locator('#log').innerText();
  assert.match(log, new RegExp(`ready: Attention Lab ${VERSION.replace(/\./g, '\\.')}`));
  assert.match(log, /state: 4 heads · learned positions · paused \(#pe=learned&train=false&embed=true[^)]*\)/);
  assert.match(log, /state: 2 heads · sinusoidal positions · training \(#heads=2&embed=true[^)]*\)/);
  assert.match(log, /metrics: step \d+, loss (–|\d\.\d{3}), dev accuracy (–|\d+\.\d%)/);
  await screenshot(page, 'course-page.png');
  assert.deepEqual(problems, []);
});

test('requests sent before the app is ready wait for it, or get an error if it cannot start', async () => {
  const broken = await serve({ override: (p) => (p === 'app.wasm' ? { status: 404, body: 'gone' } : null) });
  const { context, page } = await openCourse(broken.url);
  try {
    // The course page's own first request (sent at load, long before any app could be ready) is answered
    // with the reason, and the page logs it.
    const err = await waitEvent(page, (d) => d.event === 'error', 'error');
    assert.match(err.error, /Could not download the engine.*HTTP 404/);
    await page.waitForFunction(() => /error: the app could not start: Could not download the engine/
      .test(document.getElementById('log').innerText), null, { timeout: 10000, polling: 100 });
    assert.match(await callError(page, 'getState'), /^the app could not start: Could not download the engine/);
    assert.match(await callError(page, 'nope'), /^the app could not start/);
  } finally {
    await context.close();
    await broken.close();
  }
});
