// Attention Lab: the page-side JavaScript. Checks what the browser can do, loads the WebAssembly app with a
// progress bar, and exposes the embedding API:
//
//   window.attnlab.version   "@PROJECT_VERSION@"
//   window.attnlab.ready     a Promise, resolved (with window.attnlab) once the first frame is drawn,
//                            rejected with an Error if the app cannot start here
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
  // The smallest module that uses a SIMD128 instruction (i8x16.splat): validates only where SIMD exists.
  var SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1,
                                   8, 0, 65, 0, 253, 15, 253, 98, 11]);
  function missingFeature() {
    if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function')
      return ['This browser cannot run WebAssembly.',
              'Attention Lab runs its neural network in WebAssembly. Please use a current Chrome, Edge, Firefox ' +
              'or Safari, and check that WebAssembly is not disabled by a policy or an extension.'];
    try {
      if (!WebAssembly.validate(SIMD_PROBE))
        return ['This browser has WebAssembly, but not WebAssembly SIMD.',
                'Attention Lab needs 128-bit WebAssembly SIMD (Chrome 91+, Firefox 89+, Safari 16.4+). ' +
                'Please update your browser.'];
    } catch (e) { /* validate threw: treat as missing SIMD below */
      return ['This browser has WebAssembly, but not WebAssembly SIMD.', String(e)];
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
  // Fetch app.wasm ourselves to show real download progress, then hand the bytes to the Emscripten module.
  function fetchWithProgress(url) {
    return fetch(url).then(function (response) {
      if (!response.ok) throw new Error('HTTP ' + response.status + ' for ' + url);
      var total = Number(response.headers.get('Content-Length')) || 0;
      if (!response.body || !response.body.getReader) return response.arrayBuffer();
      var reader = response.body.getReader(), chunks = [], received = 0;
      function pump() {
        return reader.read().then(function (r) {
          if (r.done) {
            var out = new Uint8Array(received), off = 0;
            chunks.forEach(function (c) { out.set(c, off); off += c.length; });
            return out.buffer;
          }
          chunks.push(r.value);
          received += r.value.length;
          setProgress('Downloading the engine… ' + Math.round(received / 1024) + ' KB' +
                      (total ? ' of ' + Math.round(total / 1024) + ' KB' : ''), total ? received / total : null);
          return pump();
        });
      }
      return pump();
    });
  }

  function start() {
    var missing = missingFeature();
    if (missing) { fail(missing[0], missing[1]); return; }
    var canvas = $('canvas');
    canvas.addEventListener('webglcontextlost', function (e) {
      e.preventDefault();
      fail('The graphics context was lost.', 'Reload the page to start again.');
    }, false);

    setProgress('Downloading the engine…', 0);
    fetchWithProgress('app.wasm').then(function (bytes) {
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
          resolveReady(api);
        },
      };
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
