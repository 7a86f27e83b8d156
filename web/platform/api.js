// Attention Lab: the page-side JavaScript. Checks what the browser can do, loads the WebAssembly app with a
// progress bar, and exposes the embedding API:
//
//   window.attnlab.version   "@PROJECT_VERSION@"
//   window.attnlab.ready     a Promise, resolved (with window.attnlab) once the first frame is drawn,
//                            rejected with an Error if the app cannot start here
//   window.attnlab.getState()        every setting as a plain object
//   window.attnlab.setState(partial) applies settings; unknown keys or bad values throw, changing nothing
//   window.attnlab.onStateChange(fn) fn(query) after every change; the URL hash holds the same settings
//   window.attnlab.train(on), step(n), reset(), setInput(text)
//   window.attnlab.metrics()            {step, loss, trainAcc, devAcc, fps, stepsPerSec, msPerStep, done, error}
//   window.attnlab.dataset()            {name, source, tagset, tags, sentences, tokens, ...} or, while the corpus
//                                       arrives, {pending, received, total} (and {parts, of, waiting} once its
//                                       first parts train)
//   window.attnlab.dataReady()          a Promise of dataset() once the data is there (pos: the corpus fetched)
//   window.attnlab.predictions()        {tokens, labels, step}
//   window.attnlab.attention(l, h)      {tokens, weights: T x T (row = query), step}; an image: T = width * height
//                                       pixels row by row, and the query pixel the views show (pixel)
//   window.attnlab.image()              the image task's shown image: {width, height, pixels: [[r, g, b]], truth,
//                                       predicted, tags, example, examples, pixel, step}
//   window.attnlab.lesson()             {stop, stops, title, phase: 'predict'|'reveal', choices, prediction,
//                                        result, ...}; lesson(n) opens stop n (from 1; 0 = the playground)
//   window.attnlab.predict(value)       answers the open stop's question (a number, or one of its choices)
//   window.attnlab.embeddings()         {words, tags, points: [[x, y]], sameTag, chance, startSameTag, step}
//   window.attnlab.exportImage(view)    Promise of a PNG Blob of the view; exportCSV(view): its numbers as CSV
//   window.attnlab.exportTorch(name)    the model as a PyTorch module: a Uint8Array of a .zip (NAME.py,
//                                       NAME.weights, NAME.json; name defaults to attnlab_model)
//   window.attnlab.saveModel()          the model as a file (Uint8Array), the format attnlab tag --load reads
//   window.attnlab.loadModel(bytes)     loads a model file (Uint8Array or ArrayBuffer): {task, model, step, ...}
//   window.attnlab.downloadModel()      the Save model button: the browser downloads the file; {name, size}
//
// A page on any origin that embeds the playground in an iframe calls the same functions by postMessage (the
// "postMessage bridge" block below; docs/teachers.md, "Driving it by messages"; web/examples/course.html):
//   request  {attnlab: 1, id, method, args}  ->  reply {attnlab: 1, id, result} or {attnlab: 1, id, error}
//   events to the embedding page: {attnlab: 1, event: 'ready' | 'error' | 'state' | 'metrics', ...}
//   window.attnlab.loadData(text, name) your own data: {sentences, tokens, tags, ...} or throws (line and problem)
//
// Needs no special HTTP headers (no SharedArrayBuffer) and requests nothing from any other host, so any static
// server, a sub-path or an iframe can serve it. index.html provides #canvas, #status, #progress and #message.
(function () {
  'use strict';

  var api = (window.attnlab = window.attnlab || {});
  api.version = '@PROJECT_VERSION@';
  var resolveReady, rejectReady;
  api.ready = new Promise(function (resolve, reject) { resolveReady = resolve; rejectReady = reject; });
  api.ready.catch(function () {});  // the page shows the problem itself; avoid an unhandled-rejection error

  // ------------------------------------------------------------------ API (valid once ready resolved)
  function call(name, argTypes, args) {
    if (!window.Module || !Module.ccall || !api._started) throw new Error('attnlab: not ready yet (await attnlab.ready)');
    return Module.ccall(name, 'string', argTypes || [], args || []);
  }
  // All settings as a plain object: {task: 'pos', heads: 4, pe: 'sinusoidal', ...}.
  api.getState = function () { return JSON.parse(call('attnlab_get_state')); };
  // Applies some settings. Unknown keys or bad values throw an Error naming them, and change nothing.
  api.setState = function (partial) {
    if (partial === null || typeof partial !== 'object' || Array.isArray(partial) || ArrayBuffer.isView(partial) ||
        partial instanceof ArrayBuffer)
      throw new TypeError('attnlab.setState expects an object such as {heads: 2}');
    var problems = call('attnlab_set_state', ['string'], [JSON.stringify(partial)]);
    if (problems) throw new Error(problems);
    return api.getState();
  };
  function invoke(name, args) {
    var r = JSON.parse(call('attnlab_call', ['string', 'string'], [name, JSON.stringify(args || [])]));
    if (r.error !== undefined) throw new Error(r.error);
    return r.ok;
  }
  api.train = function (on) { return invoke('train', [on === undefined ? true : !!on]); };  // run / pause
  api.step = function (n) { return invoke('step', [n === undefined ? 1 : n]); };  // n training steps now
  api.reset = function () { return invoke('reset'); };              // new weights (same seed), step 0
  api.setInput = function (text) { return invoke('setInput', [text]); };  // the sentence / tokens shown
  // {step, loss, trainAcc, devAcc, fps, stepsPerSec, msPerStep, done, error}
  api.metrics = function () { return invoke('metrics'); };
  // What the task's data is: {name, source, tagset, tags, sentences: {train, dev, test}, tokens: {...}, documents,
  // vocabulary, baseline} (what `attnlab data --json` answers), or {pending: true, received, total} while the page
  // fetches the corpus (pos: the Brown Corpus), or {pending: false, error} when there is none.
  api.dataset = function () { return invoke('dataset'); };
  // A Promise of dataset() once the data is there (rejected with the reason when it cannot be).
  api.dataReady = function (timeoutMs) {
    var limit = Date.now() + (timeoutMs || 120000);
    return new Promise(function (resolve, reject) {
      (function poll() {
        var d;
        try { d = api.dataset(); } catch (e) { return reject(e); }
        if (!d.pending) return d.error ? reject(new Error(d.error)) : resolve(d);
        if (Date.now() > limit) return reject(new Error('attnlab.dataReady: the data did not arrive in time'));
        setTimeout(poll, 50);
      })();
    });
  };
  // {tokens, labels, step}: the predicted label of every token of the current input
  api.predictions = function () { return invoke('predictions'); };
  // {layer, head, tokens, weights (T x T, row = query), step}: layer and head count from 0
  api.attention = function (layer, head) { return invoke('attention', [layer, head]); };
  // The image task: the shown dev image {width, height, pixels: [[r, g, b]] row by row, truth, predicted (label
  // names per pixel; predicted null before a model), tags, example, examples, pixel (the query), step}
  api.image = function () { return invoke('image'); };
  // The lesson: lesson() where it is; lesson(n) opens stop n (stops count from 1; 0 leaves the lesson)
  api.lesson = function (n) { return invoke('lesson', n === undefined ? [] : [n]); };
  // The Compare panel's data-size sweep: sweep() where it is ({running, done, run, runs, size, model, step,
  // points: [{size, model, devAcc, trainAcc, chance, epochs}], verdict, sentence, ...}); sweep({start: true})
  // starts it as the button does (steps, batch, sizes: a smaller budget); sweep({cancel: true}) stops it
  api.sweep = function (opts) { return invoke('sweep', opts === undefined ? [] : [opts]); };
  // The open stop's prediction, as the student's click: a number, or one of lesson().choices (or its index)
  api.predict = function (value) { return invoke('predict', [value]); };
  // {words, tags, points: [[x, y]], sameTag, chance, startSameTag, explained, step}: the Embedding view
  api.embeddings = function () { return invoke('embeddings'); };
  // Internal (tests): where the last frame drew its parts, in CSS pixels: {rects: [{name, x, y, w, h}], frame};
  // names: screen, font (w = h = the font size), the title line's parts, left, views, view, drawer, card, the
  // embed's parts, the share dialog's parts (layout.cpp, embed.cpp, share.cpp).
  api._layout = function () { return invoke('layout'); };
  // Internal (benchmarks): _drawEveryFrame(true) hands every frame to the GPU, as the app did before it learned to
  // skip the frames that look like the one on screen (presented counts those it drew); false: back to skipping.
  api._drawEveryFrame = function (on) { return invoke('drawEveryFrame', [on]); };
  // Internal (benchmarks): _mirror(false) empties the accessibility layer and stops noting the widgets (what the
  // layer costs a frame); true: the layer is made again.
  api._mirror = function (on) { return invoke('mirror', [on]); };
  // Internal (tests): _cores(n) makes the app see n logical cores (App::host_pace: on 2 or fewer, the worker trains
  // `speed` percent of the time while the page is in use; metrics().trainerPace says the share now).
  api._cores = function (n) { return invoke('cores', [n]); };
  // The current model as a PyTorch module (the files of `attnlab export-torch`), zipped: a Uint8Array whose
  // .fileName is NAME.zip. The bytes arrive as base64 inside the JSON answer.
  api.exportTorch = function (name) {
    var r = invoke('exportTorch', name === undefined ? [] : [name]);
    var text = atob(r.base64), bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i);
    bytes.fileName = r.name;
    return bytes;
  };
  // Model files, in the command line's format (attnlab train --save, attnlab tag --load). saveModel() copies the
  // file out of the app's memory; loadModel(bytes[, name]) copies the bytes in, and throws an Error with the
  // file's problem (nothing changes then). Loading sets the settings to the model's and pauses training.
  api.saveModel = function () {
    var r = invoke('saveModel');
    return Module.HEAPU8.slice(r.ptr, r.ptr + r.size);
  };
  api.downloadModel = function () { return invoke('downloadModel'); };
  api.loadModel = function (bytes, name) {
    var data;
    if (bytes instanceof Uint8Array) data = bytes;
    else if (bytes instanceof ArrayBuffer) data = new Uint8Array(bytes);
    else throw new TypeError('attnlab.loadModel expects the bytes of a model file: a Uint8Array or an ArrayBuffer');
    if (name !== undefined && typeof name !== 'string') throw new TypeError('attnlab.loadModel: the name must be a string');
    if (!api._started) throw new Error('attnlab: not ready yet (await attnlab.ready)');
    var ptr = Module._malloc(Math.max(1, data.length));
    try {
      Module.HEAPU8.set(data, ptr);
      return invoke('loadModel', [ptr, data.length, name || 'loadModel()']);
    } finally { Module._free(ptr); }
  };

  // Internal, for the browser tests (read-only, may change without notice): the scrollable windows' scroll
  // positions, the views' heatmap zoom, the font size and frame padding; _ui({items: true}) also lists the
  // widgets drawn in the last frame with their labels and rectangles (web/platform/browser_input.cpp).
  // Internal (the soak benchmark): {wasmBytes: the WebAssembly memory's size (it only grows), heapUsed: the bytes
  // malloc holds now}.
  api._memory = function () {
    var m = JSON.parse(call('attnlab_memory'));
    m.wasmBytes = Module.HEAPU8.length;
    return m;
  };
  // Internal (the browser tests): the notices on screen, oldest first: [{key, text}] (text in English).
  api._notices = function () { return JSON.parse(call('attnlab_notices')); };
  api._ui = function (opts) { return JSON.parse(call('attnlab_ui', ['number'], [opts && opts.items ? 1 : 0])); };
  // Your own data: the text of a CoNLL-U file or of word/TAG lines; the task becomes 'own'. Returns
  // {sentences, tokens, tags, name, format, train, dev, chance, chanceTag}; a malformed or too large text
  // throws an Error naming the line and the problem, and nothing changes.
  api.loadData = function (text, name) {
    if (typeof text !== 'string') throw new TypeError('attnlab.loadData(text, name) expects the file\'s text as a string');
    if (!window.Module || !Module.ccall || !api._started) throw new Error('attnlab: not ready yet (await attnlab.ready)');
    var bytes = new TextEncoder().encode(text);  // on the heap: a C string argument would go on the small stack
    var ptr = Module._malloc(Math.max(1, bytes.length));
    var r;
    try {
      Module.HEAPU8.set(bytes, ptr);
      r = JSON.parse(Module.ccall('attnlab_load_data', 'string', ['string', 'number', 'number'],
                                  [name === undefined || name === null ? '' : String(name), ptr, bytes.length]));
    } finally { Module._free(ptr); }
    if (r.error !== undefined) throw new Error(r.error);
    return r.ok;
  };

  // ---- Export: a view (a panel name as in the URL's `panel`, or 'training', 'data', 'model') as a picture
  // or its numbers. exportImage(view) -> Promise of a PNG Blob, drawn after the next frame; exportCSV(view) ->
  // the CSV text (attention: the shown layer and head, one row per query token). A bad view name throws.
  var imageWaits = {};
  api.exportImage = function (view) {
    var id = invoke('exportImage', [view]);
    return new Promise(function (resolve, reject) { imageWaits[id] = { resolve: resolve, reject: reject }; });
  };
  api._imageReady = function (id, blob, error) {
    var w = imageWaits[id];
    if (!w) return;
    delete imageWaits[id];
    if (error || !blob) w.reject(new Error('exportImage: ' + (error || 'no picture')));
    else w.resolve(blob);
  };
  api.exportCSV = function (view) { return invoke('exportCSV', [view]); };

  // Called by the app after every settings change (the URL hash is already updated).
  var listeners = [];
  api.onStateChange = function (fn) { listeners.push(fn); };
  api._stateChanged = function (query) {
    listeners.forEach(function (fn) { try { fn(query); } catch (e) { console.warn(e); } });
  };

  // ------------------------------------------------------------------ files in (web/platform/files.h)
  // A file picked with the app's "Open…" buttons or dropped on the page goes to the app (attnlab_open_file),
  // which decides what it is (a model file, a data file). Files over the app's limit are refused unread.
  function openFile(file) {
    var limit = Module.ccall('attnlab_max_open_file_bytes', 'number', [], []);
    if (file.size > limit) {
      Module.ccall('attnlab_open_file', null, ['string', 'number', 'number', 'string'],
                   [file.name, 0, 0, file.name + ' is ' + (file.size / 1048576).toFixed(1) + ' MB; the app opens files up to ' +
                    Math.round(limit / 1048576) + ' MB']);
      return;
    }
    var reader = new FileReader();
    reader.onload = function () {
      var bytes = new Uint8Array(reader.result);
      var ptr = Module._malloc(Math.max(1, bytes.length));
      Module.HEAPU8.set(bytes, ptr);
      try {
        Module.ccall('attnlab_open_file', null, ['string', 'number', 'number', 'string'], [file.name, ptr, bytes.length, '']);
      } finally { Module._free(ptr); }
    };
    reader.onerror = function () {
      Module.ccall('attnlab_open_file', null, ['string', 'number', 'number', 'string'],
                   [file.name, 0, 0, 'the browser could not read ' + file.name]);
    };
    reader.readAsArrayBuffer(file);
  }
  api._pickFile = function (accept) {
    var input = document.createElement('input');
    input.type = 'file';
    input.accept = accept || '';
    input.style.display = 'none';
    input.addEventListener('change', function () {
      if (input.files && input.files[0]) openFile(input.files[0]);
      input.remove();
    });
    document.body.appendChild(input);
    input.click();
  };
  function listenForDrops() {
    window.addEventListener('dragover', function (e) {
      if (e.dataTransfer && Array.prototype.indexOf.call(e.dataTransfer.types || [], 'Files') >= 0) {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }
    });
    window.addEventListener('drop', function (e) {
      if (!e.dataTransfer || !e.dataTransfer.files || !e.dataTransfer.files.length) return;
      e.preventDefault();
      if (!api._started) return;
      Array.prototype.forEach.call(e.dataTransfer.files, openFile);
    });
  }

  // ------------------------------------------------------------------ postMessage bridge
  // Lets a page on another origin drive the playground in its iframe. The protocol (docs/teachers.md, "Driving it by
  // messages"):
  //
  //   request  {attnlab: 1, id, method, args}      id: a string or a number, repeated in the reply;
  //                                                method: a window.attnlab function; args: an array (or absent)
  //   replies  {attnlab: 1, id, result}            to the sender (targetOrigin = its origin), once the call is
  //            {attnlab: 1, id, error}             done; error is a message naming the problem (a malformed
  //                                                request, an unknown method or bad arguments change nothing)
  //   events   {attnlab: 1, event: 'ready', version, state}   to window.parent, only when embedded
  //            {attnlab: 1, event: 'error', error}            the app cannot start here
  //            {attnlab: 1, event: 'state', state, query}     after settings change, at most every 200 ms
  //                                                           (trailing: the last change is always sent)
  //            {attnlab: 1, event: 'metrics', step, loss, ...} window.attnlab.metrics() whenever its step,
  //                                                           done or error moved, checked every 500 ms
  //
  // The callable methods are window.attnlab's own functions whose names do not start with '_', except
  // onStateChange (it takes a function; the 'state' event replaces it). They are looked up when a request is
  // answered, so a function added to window.attnlab later is callable without touching this block. A message
  // is data only: its method is one own-property lookup, nothing is evaluated. A request that arrives before
  // the app is ready waits for attnlab.ready (and gets an error if the app cannot start). A result that is a
  // Promise is awaited; Blobs, typed arrays and plain objects are posted as they are (structured clone), and a
  // result that cannot be cloned gets an error reply. Messages without an `attnlab` key belong to other
  // scripts and are ignored, and so are replies and events (an `event`, `result` or `error` key and no
  // `method`), so that two bridges never answer each other.
  //
  // Events go to window.parent with targetOrigin '*': the embedding page is the only document that can receive
  // them, and it could ask for the same data (getState, metrics) by request from any origin anyway.
  (function bridge() {
    var STATE_EVERY_MS = 200, METRICS_EVERY_MS = 500;
    var own = function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); };
    var embedded = window.parent && window.parent !== window;

    function methods() {
      return Object.keys(api).filter(function (k) {
        return typeof api[k] === 'function' && k.charAt(0) !== '_' && k !== 'onStateChange';
      }).sort();
    }
    function text(e) { return String(e instanceof Error ? e.message : e); }
    function kind(v) { return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v; }

    // The problem with a request's envelope, or '' when it is well formed.
    function envelopeProblem(d) {
      if (d.attnlab !== 1) return 'attnlab must be 1 (the protocol version), got ' + kind(d.attnlab);
      if (!own(d, 'id')) return 'id missing: a request needs an id (a string or a number) that its reply repeats';
      if (typeof d.id !== 'string' && !(typeof d.id === 'number' && isFinite(d.id)))
        return 'id must be a string or a number, got ' + kind(d.id);
      if (typeof d.method !== 'string') return 'method must be the name of a window.attnlab function, got ' + kind(d.method);
      if (own(d, 'args') && d.args !== undefined && !Array.isArray(d.args))
        return 'args must be an array of the arguments of ' + d.method + ', got ' + kind(d.args);
      return '';
    }

    // The function a method name stands for, looked up now; throws naming what exists otherwise.
    function lookUp(name) {
      if (name === 'onStateChange')
        throw new Error('onStateChange takes a function, which a message cannot carry: listen for ' +
                        "{attnlab: 1, event: 'state'} messages instead");
      if (name.charAt(0) !== '_' && own(api, name) && typeof api[name] === 'function') return api[name];
      throw new Error('unknown method ' + name + '; available: ' + methods().join(', '));
    }

    function answer(e, body) {
      var target = e.origin === 'null' ? '*' : e.origin;  // an opaque origin (sandbox, file:) has no name
      try {
        e.source.postMessage(body, target);
      } catch (err) {
        if (!own(body, 'result')) { console.warn('attnlab: could not answer a message:', err); return; }
        answer(e, {attnlab: 1, id: body.id, error: 'the result of ' + e.data.method + ' cannot be sent by ' +
                                                    'postMessage (' + text(err) + ')'});
      }
    }

    window.addEventListener('message', function (e) {
      var d = e.data;
      if (d === null || typeof d !== 'object' || !own(d, 'attnlab')) return;  // another script's message
      if (!own(d, 'method') && (own(d, 'event') || own(d, 'result') || own(d, 'error'))) return;
      if (!e.source) return;  // nowhere to answer
      var problem = envelopeProblem(d);
      var id = typeof d.id === 'string' || typeof d.id === 'number' ? d.id : null;
      if (problem) { answer(e, {attnlab: 1, id: id, error: problem}); return; }
      var method = d.method, args = d.args || [];
      api.ready.then(function () {
        return lookUp(method).apply(api, args);
      }, function (err) {
        throw new Error('the app could not start: ' + text(err));
      }).then(function (result) {
        answer(e, {attnlab: 1, id: id, result: result});
      }, function (err) {
        answer(e, {attnlab: 1, id: id, error: text(err)});
      });
    });

    if (!embedded) return;
    function post(body) {
      try { window.parent.postMessage(body, '*'); } catch (err) { console.warn('attnlab: could not post an event:', err); }
    }

    var stateTimer = null, lastQuery = '';
    api.onStateChange(function (query) {
      lastQuery = query;
      if (stateTimer === null) stateTimer = setTimeout(function () {
        stateTimer = null;
        var state;
        try { state = api.getState(); } catch (err) { return; }  // the app stopped meanwhile
        post({attnlab: 1, event: 'state', state: state, query: lastQuery});
      }, STATE_EVERY_MS);
    });

    api.ready.then(function () {
      post({attnlab: 1, event: 'ready', version: api.version, state: api.getState()});
      var last = null;
      setInterval(function () {
        var m;
        try { m = api.metrics(); } catch (err) { return; }
        var key = [m.step, m.done, m.error].join('|');
        if (key === last) return;
        last = key;
        var body = {};
        Object.keys(m).forEach(function (k) { body[k] = m[k]; });
        body.attnlab = 1;
        body.event = 'metrics';
        post(body);
      }, METRICS_EVERY_MS);
    }, function (err) {
      post({attnlab: 1, event: 'error', error: text(err)});
    });
  })();

  var $ = function (id) { return document.getElementById(id); };

  function setProgress(text, fraction) {
    var s = $('status'), p = $('progress');
    if (s) s.textContent = text;
    if (p) {
      if (fraction == null) p.removeAttribute('value');
      else p.value = Math.max(0, Math.min(1, fraction));
    }
  }

  // A clear human message instead of a blank page. `detail` is for the curious (shown small).
  function fail(title, detail) {
    var loading = $('loading'), box = $('message');
    if (loading) loading.hidden = true;
    if (box) {
      box.hidden = false;
      box.querySelector('h1').textContent = title;
      box.querySelector('p').textContent = detail || '';
    }
    var c = $('canvas');
    if (c) c.hidden = true;
    rejectReady(new Error(title + (detail ? ': ' + detail : '')));
  }
  api._fail = fail;

  // ------------------------------------------------------------------ feature checks
  // The WebAssembly features the engine needs, each with the smallest module that validates only where the
  // browser has it, and what the page says when it does not.
  var FEATURES = [
    // SIMD128 (i8x16.splat)
    [new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253,
                     15, 253, 98, 11]),
     'This browser has WebAssembly, but not WebAssembly SIMD.',
     'Attention Lab needs 128-bit WebAssembly SIMD (Chrome 91+, Firefox 89+, Safari 16.4+). Please update your ' +
     'browser.'],
    // exception handling (a try block; the engine's C++ errors are WebAssembly exceptions)
    [new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 10, 7, 1, 5, 0, 6, 64, 11, 11]),
     'This browser has WebAssembly, but not its exception handling.',
     'Attention Lab needs WebAssembly exception handling (Chrome 95+, Firefox 100+, Safari 15.2+). Please update ' +
     'your browser.'],
  ];
  function missingFeature() {
    if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function')
      return ['This browser cannot run WebAssembly.',
              'Attention Lab runs its neural network in WebAssembly. Please use a current Chrome, Edge, Firefox ' +
              'or Safari, and check that WebAssembly is not disabled by a policy or an extension.'];
    for (var i = 0; i < FEATURES.length; ++i) {
      var f = FEATURES[i];
      try {
        if (!WebAssembly.validate(f[0])) return [f[1], f[2]];
      } catch (e) { /* validate threw: that feature is missing, and the error says why */
        return [f[1], String(e)];
      }
    }
    var gl = null;
    try { gl = document.createElement('canvas').getContext('webgl2'); } catch (e) { gl = null; }
    if (!gl)
      return ['This browser cannot draw with WebGL2.',
              'Attention Lab draws its heatmaps with WebGL2. It may be turned off in the browser settings, ' +
              'blocked for this graphics card, or unavailable in this embedded view.'];
    return null;
  }

  // ------------------------------------------------------------------ loading
  // Download app.wasm ourselves to show real progress, then hand the bytes to the Emscripten module.
  // (XMLHttpRequest rather than a fetch body reader: its progress events are exact and it completes cleanly.)
  function downloadWithProgress(url) {
    return new Promise(function (resolve, reject) {
      var xhr = new XMLHttpRequest();
      xhr.open('GET', url, true);
      xhr.responseType = 'arraybuffer';
      xhr.onprogress = function (e) {
        setProgress('Downloading the engine… ' + Math.round(e.loaded / 1024) + ' KB' +
                    (e.lengthComputable ? ' of ' + Math.round(e.total / 1024) + ' KB' : ''),
                    e.lengthComputable ? e.loaded / e.total : null);
      };
      xhr.onload = function () {
        if (xhr.status >= 200 && xhr.status < 300 && xhr.response) resolve(xhr.response);
        else reject(new Error('HTTP ' + xhr.status + ' for ' + url));
      };
      xhr.onerror = function () { reject(new Error('network error for ' + url)); };
      xhr.send();
    });
  }

  function start() {
    var missing = missingFeature();
    if (missing) { fail(missing[0], missing[1]); return; }
    var canvas = $('canvas');
    // The browser may take the WebGL context away (a GPU reset, too many contexts in the tab) and give it back.
    // preventDefault asks for it back; meanwhile the app trains on and draws nothing (main.cpp makes every GL
    // object again once it is restored), and a short notice says so in the interface's language.
    canvas.addEventListener('webglcontextlost', function (e) {
      e.preventDefault();
      if (window.Module && Module._attnlab_gl_context) Module._attnlab_gl_context(1);
      var zh = false;
      try { zh = api._started && api.getState().lang === 'zh'; } catch (err) { /* not started yet */ }
      var box = $('gpu-lost');
      if (box) {
        box.querySelector('h1').textContent = zh ? '图形暂时不可用' : 'The graphics are gone for a moment';
        box.querySelector('p').textContent = zh
          ? '浏览器收回了 GPU（图形上下文丢失）。训练仍在继续；浏览器归还后画面会自动恢复。'
          : 'The browser took the GPU back (the WebGL context was lost). Training goes on; the picture returns ' +
            'by itself when the browser gives it back.';
        box.hidden = false;
        var counter = box.querySelector('.step');  // the step count, so the student sees it go on
        clearInterval(api._lostTimer);
        api._lostTimer = setInterval(function () {
          try {
            var m = api.metrics();
            counter.textContent = zh ? '第 ' + m.step + ' 步' : 'step ' + m.step;
          } catch (err) { counter.textContent = ''; }
        }, 250);
      }
    }, false);
    canvas.addEventListener('webglcontextrestored', function () {
      if (window.Module && Module._attnlab_gl_context) Module._attnlab_gl_context(0);
      clearInterval(api._lostTimer);
      var box = $('gpu-lost');
      if (box) box.hidden = true;
    }, false);

    listenForDrops();
    setProgress('Downloading the engine…', 0);
    downloadWithProgress('app.wasm').then(function (bytes) {
      setProgress('Starting…', 1);
      window.Module = {
        canvas: canvas,
        wasmBinary: bytes,
        print: function (t) { console.log(t); },
        printErr: function (t) { console.warn(t); },
        onAbort: function (what) { fail('Attention Lab stopped unexpectedly.', String(what)); },
        attnlabFirstFrame: function () {
          var loading = $('loading');
          if (loading) loading.hidden = true;
          api._started = true;
          resolveReady(api);
        },
      };
      window.addEventListener('hashchange', function () {
        if (api._started) Module.ccall('attnlab_load_url', null, ['string'], [window.location.hash]);
      });
      var script = document.createElement('script');
      script.src = 'app.js';
      script.onerror = function () { fail('Could not load the app.', 'app.js could not be downloaded.'); };
      document.body.appendChild(script);
    }).catch(function (e) {
      fail('Could not download the engine.', String(e && e.message || e));
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
