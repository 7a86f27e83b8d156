#include "web/app/sweep_run.h"

#include <algorithm>

#include <cstdio>

#include "engine/settings/settings.h"
#include "web/app/app.h"

namespace attnlab {

bool sweep_on_corpus(const std::string& task) { return task == "pos" || task == "seg_zh"; }

std::vector<int> page_corpus_sweep_sizes(int whole) {
  std::vector<int> sizes;
  for (int n : kPageCorpusSweepSizes)
    if (n < whole) sizes.push_back(n);
  sizes.push_back(std::max(whole, 1));
  return sizes;
}

std::string sweep_unavailable(const AppState& s) {
  TaskKind kind = TaskKind::pos;
  if (!from_string(s.task, &kind)) return "unknown task " + s.task;
  if (is_word_task(kind) && !sweep_on_corpus(s.task))
    return "the data-size sweep needs a corpus or a generated task; " + s.task + " is your own data";
  return "";
}

std::string start_sweep(App& app, int steps, int batch, const std::vector<int>& sizes) {
  SweepRun& r = app.sweep;
  r = SweepRun{};
  r.task = app.state.task;
  r.started_ms = app.clock.now_ms;
  r.error = sweep_unavailable(app.state);
  if (!r.error.empty()) return r.error;
  const bool corpus = sweep_on_corpus(app.state.task);
  const bool streaming = app.runs.data && !app.runs.data->complete();  // its first parts are there, not all
  if (corpus && (!app.runs.data || streaming || to_string(app.runs.data->task.kind) != app.state.task)) {
    r.error = app.runs.data_pending || streaming ? "the corpus is still on its way: start the sweep once it has arrived"
                                                 : "the corpus is not there: " + app.runs.data_error;
    return r.error;
  }
  try {
    SweepConfig cfg;
    TaskSettings ts;
    ts.task = app.state.task;
    ts.data_seed = app.state.seed;
    cfg.task = to_task_config(ts);
    if (corpus) {
      cfg.data = app.runs.data;  // the page's own data set: its split, its seed's order
      cfg.task = cfg.data->task;
      cfg.sizes = page_corpus_sweep_sizes(static_cast<int>(cfg.data->train.size()));
    }
    cfg.attention = App::model_config("attention", app.state);
    cfg.baseline = App::model_config("cnn", app.state);
    cfg.train = App::train_config(app.state);
    cfg.train.steps = steps > 0 ? steps : corpus ? kPageCorpusSweepSteps : kPageSweepSteps;
    cfg.train.batch = batch > 0 ? batch : kPageSweepBatch;
    cfg.train.cosine = true;                 // a fixed budget: warm-up, then decay to its end
    cfg.train.eval_every = cfg.train.steps;  // one dev evaluation per run, at its last step
    cfg.train.eval_max = 0;                  // the whole dev set
    cfg.attention.max_batch = cfg.baseline.max_batch = std::max(cfg.train.batch, 32);
    if (!sizes.empty()) cfg.sizes = sizes;
    r.steps = cfg.train.steps;
    r.batch = cfg.train.batch;
    r.sweep = std::make_unique<Sweep>(cfg);
  } catch (const std::exception& e) {
    r.sweep.reset();
    r.error = e.what();
  }
  return r.error;
}

void cancel_sweep(App& app) {
  if (app.sweep.sweep) app.sweep.sweep->cancel();
}

const char* sweep_verdict_key(const SweepVerdict& v) {
  using K = SweepVerdict::Kind;
  return v.kind == K::crossover          ? "sweep_verdict_crossover"
         : v.kind == K::reverse          ? "sweep_verdict_reverse"
         : v.kind == K::attention_always ? "sweep_verdict_attention"
         : v.kind == K::baseline_always  ? "sweep_verdict_cnn"
         : v.kind == K::level            ? "sweep_verdict_level"
                                         : "sweep_verdict_mixed";
}

const char* sweep_items_key(bool corpus) { return corpus ? "sweep_items_sentences" : "sweep_items_images"; }

std::vector<std::pair<std::string, std::string>> sweep_verdict_values(const SweepVerdict& v) {
  const auto pct = [](double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", 100.0 * x);
    return std::string(buf);
  };
  return {{"before", std::to_string(v.before)}, {"after", std::to_string(v.after)}, {"b_att", pct(v.before_attention)},
          {"b_base", pct(v.before_baseline)},   {"a_att", pct(v.after_attention)},  {"a_base", pct(v.after_baseline)}};
}

}  // namespace attnlab
