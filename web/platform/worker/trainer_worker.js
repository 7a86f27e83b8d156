// Attention Lab: the trainer's Web Worker. It runs trainer.js + trainer.wasm (the engine alone:
// web/platform/worker/trainer_worker.cpp) so that training never takes the page's UI thread; the page's app
// keeps the replica of the model its views read (web/platform/worker_host.cpp says the protocol's rules).
//
// page -> worker
//   {type: 'start', gen, setup, state, history, snapshot, publishMs, share, sliceMs, maxRestMs}   train from
//        this state (setup: the run's setup bytes, the first time and whenever the run changed; else null: the same
//        trainer continues); share, sliceMs, maxRestMs: its pace, as below
//   {type: 'pace', gen, share}           the share of the time it trains (TrainerHost::set_pace): below 1 it
//        trains slices of sliceMs and rests between them (at most maxRestMs), so the page's drawing gets the core
//        back
//   {type: 'stop', gen}                  stop training (messages of that generation are ignored from now on)
//   {type: 'schedule', lr, batch}        the live sliders, from the next step on
//   {type: 'ack', gen, history, snapshot}  what the replica has now: later states leave it out
// worker -> page
//   {type: 'ready'}                      the module is compiled; starts are served from now on
//   {type: 'state', gen, state, step, done}  a trainer state (ArrayBuffer, transferred) every publishMs
//   {type: 'error', gen, message}        the module could not load, or training failed
//
// Plain messages only (no SharedArrayBuffer), so no special HTTP headers are needed.
'use strict';

var M = null;           // the module, once compiled
var queued = [];        // messages that came before it
var gen = -1;           // the generation being trained (-1: none)
var running = false;
var publishMs = 200;
var share = 1;          // the pace (1: train without rest)
var sliceMs = 8;        // a slice at a pace below 1, and the longest rest (the host sends trainer_host.h's
var maxRestMs = 1000;   // kPaceSliceMs and kMaxRestMs)
var published = 0;      // when the last state went out
var resting = null;     // the timer of a rest between slices (null: not resting)
var base = { history: 0, snapshot: -1 };  // what the replica has
var wake = new MessageChannel();           // a zero-delay "next chunk" (setTimeout would be clamped)
var chain = 0;                             // the wake-ups of the latest start (older ones are dropped)

function fail(g, message) {
  running = false;
  postMessage({ type: 'error', gen: g, message: String(message) });
}

function bytesIn(buffer, fn) {  // copies an ArrayBuffer into the module's heap for one call
  var n = buffer.byteLength, p = M._malloc(Math.max(1, n));
  M.HEAPU8.set(new Uint8Array(buffer), p);
  try { return fn(p, n); } finally { M._free(p); }
}

function publish() {
  var p = M._tw_save(base.history, base.snapshot), n = M._tw_saved_size();
  var state = M.HEAPU8.slice(p, p + n).buffer;  // a copy of its own, transferred to the page
  postMessage({ type: 'state', gen: gen, state: state, step: M._tw_step(), done: M._tw_done() === 1 }, [state]);
}

function chunk(e) {
  if (!running || e.data !== chain) return;
  var t0 = performance.now();
  var steps = M._tw_train(share < 1 ? sliceMs : publishMs);
  if (steps < 0) return fail(gen, M.UTF8ToString(M._tw_error()));
  var now = performance.now(), done = M._tw_done() === 1;
  if (share >= 1 || done || now - published >= publishMs) {
    publish();
    published = now;
  }
  if (done) { running = false; return; }
  if (share >= 1) return wake.port2.postMessage(chain);  // the next chunk, after the messages that came meanwhile
  var c = chain, rest = Math.min((now - t0) * (1 - share) / share, maxRestMs);
  resting = setTimeout(function () { resting = null; wake.port2.postMessage(c); }, rest);
}
wake.port1.onmessage = chunk;

function paceOf(x) { return x > 0 && x <= 1 ? x : 1; }  // a share of the time in (0, 1], else full speed

function cancelRest() {  // true if it was resting (its wake-up will not come)
  if (resting === null) return false;
  clearTimeout(resting);
  resting = null;
  return true;
}

function handle(m) {
  if (m.type === 'start') {
    running = false;
    cancelRest();
    gen = m.gen;
    publishMs = m.publishMs > 0 ? m.publishMs : 200;
    share = paceOf(m.share);
    if (m.sliceMs > 0) sliceMs = m.sliceMs;
    if (m.maxRestMs > 0) maxRestMs = m.maxRestMs;
    published = performance.now();
    base = { history: m.history, snapshot: m.snapshot };
    if (m.setup && !bytesIn(m.setup, M._tw_setup)) return fail(gen, M.UTF8ToString(M._tw_error()));
    if (!bytesIn(m.state, M._tw_load_state)) return fail(gen, M.UTF8ToString(M._tw_error()));
    if (M._tw_done() === 1) return publish();
    running = true;
    wake.port2.postMessage(++chain);
  } else if (m.type === 'stop') {
    if (m.gen === gen) { running = false; cancelRest(); }
  } else if (m.type === 'pace') {
    if (m.gen !== gen) return;
    share = paceOf(m.share);
    if (cancelRest() && running) wake.port2.postMessage(chain);  // the new pace from now, not after the old rest
  } else if (m.type === 'schedule') {
    M._tw_schedule(m.lr, m.batch);
  } else if (m.type === 'ack') {
    if (m.gen === gen) base = { history: m.history, snapshot: m.snapshot };
  }
}

onmessage = function (e) {
  if (!M) { queued.push(e.data); return; }
  handle(e.data);
};

try {
  importScripts('trainer.js');  // beside this file; defines AttnlabTrainer (MODULARIZE)
  AttnlabTrainer().then(function (module) {
    M = module;
    postMessage({ type: 'ready' });
    queued.splice(0).forEach(handle);
  }, function (e) { fail(-1, 'trainer.wasm: ' + ((e && e.message) || e)); });
} catch (e) {
  fail(-1, 'trainer.js: ' + ((e && e.message) || e));
}
