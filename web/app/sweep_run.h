// The Compare panel's data-size sweep (engine/train/sweep.h) in the page: started with the page's attention
// settings against the CNN, trained across frames within the training budget (App::tick gives it the whole
// budget while it runs: the main run and the baseline pause and go on when it is done or cancelled). It
// belongs to the App, not to the panel, so it keeps running when another panel is shown. Not part of the
// settings or the URL: it is a measurement, started by a button (or the JavaScript API).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/train/sweep.h"

namespace attnlab {

struct App;
struct AppState;

// What the page's sweep trains: a budget the browser finishes in a few minutes (attention L2 H4 D32 on the
// 12x12 images takes about 60 ms a step at batch 16 in WebAssembly, the CNN about 15), the same for every
// size: 300 steps of 16 images are 4.8 epochs of 1000 images, about one of 5000 (and 96 of 50).
inline constexpr int kPageSweepSteps = 300;
inline constexpr int kPageSweepBatch = 16;
// On a corpus (pos: the Brown Corpus) fewer points and a budget of its own, labelled as such in the panel: 500 and
// 5000 sentences and the whole training split, 2000 steps of 16 sentences (113 s in headless Chromium here;
// `make results` measures 500, 2000, 10000 and all with 6000 steps of 32: docs/data.md).
inline constexpr int kPageCorpusSweepSteps = 2000;
inline const std::vector<int> kPageCorpusSweepSizes = {500, 5000};  // then the whole split (those below it)
// The page's sizes on a corpus whose training split has `whole` sentences: kPageCorpusSweepSizes below it, then it.
std::vector<int> page_corpus_sweep_sizes(int whole);

struct SweepRun {
  std::unique_ptr<Sweep> sweep;  // null until started
  std::string error;             // why it could not start, in words
  std::string task;              // the task it runs on (AppState::task when started)
  int steps = 0, batch = 0;      // its budget per run
  double started_ms = 0;         // App::clock.now_ms when it started (for the time left)
  bool running() const { return sweep && !sweep->done() && !sweep->cancelled(); }
};

// The sweep offered for these settings: a generated task, or pos and seg_zh on their corpus (not own, whose data
// is the student's and small). "" when it can run, else why.
std::string sweep_unavailable(const AppState& settings);
bool sweep_on_corpus(const std::string& task);  // pos, seg_zh: sentences of a corpus, not generated sequences
// Starts (or restarts) the sweep with the page's settings: attention as the Model panel sets it (whatever
// model the main run is), the CNN with the page's kernel, training settings of the page with steps and batch
// (0 = kPageSweepSteps, or kPageCorpusSweepSteps on a corpus; kPageSweepBatch) and sizes (empty = 50, 200, 1000,
// 5000; on a corpus page_corpus_sweep_sizes). A corpus sweep uses the page's data set (runs.data): while the
// Brown Corpus is still on its way it cannot start. "" or the problem.
std::string start_sweep(App& app, int steps = 0, int batch = 0, const std::vector<int>& sizes = {});
void cancel_sweep(App& app);

// The verdict in the app's words: the key of its sentence (sweep_verdict_crossover, ...), the values that fill
// it ({before}, {after}, {b_att}, {b_base}, {a_att}, {a_base} in percent) and the key of its {items} (images, or
// a corpus's sentences). The Compare panel and the lesson's stop "Self-attention vs CNN" say it the same way.
const char* sweep_verdict_key(const SweepVerdict& v);
std::vector<std::pair<std::string, std::string>> sweep_verdict_values(const SweepVerdict& v);
const char* sweep_items_key(bool corpus);

}  // namespace attnlab
