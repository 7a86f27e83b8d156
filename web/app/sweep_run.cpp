#include "web/app/sweep_run.h"

#include <algorithm>

#include "engine/settings/settings.h"
#include "web/app/app.h"

namespace attnlab {

std::string sweep_unavailable(const AppState& s) {
  TaskKind kind = TaskKind::pos;
  if (!from_string(s.task, &kind)) return "unknown task " + s.task;
  if (is_word_task(kind))
    return "the data-size sweep grows a generated training set; " + s.task + " has a fixed corpus";
  return "";
}

std::string start_sweep(App& app, int steps, int batch, const std::vector<int>& sizes) {
  SweepRun& r = app.sweep;
  r = SweepRun{};
  r.task = app.state.task;
  r.started_ms = app.clock.now_ms;
  r.error = sweep_unavailable(app.state);
  if (!r.error.empty()) return r.error;
  try {
    SweepConfig cfg;
    TaskSettings ts;
    ts.task = app.state.task;
    ts.data_seed = app.state.seed;
    cfg.task = to_task_config(ts);
    cfg.attention = App::model_config("attention", app.state);
    cfg.baseline = App::model_config("cnn", app.state);
    cfg.train = App::train_config(app.state);
    cfg.train.steps = steps > 0 ? steps : kPageSweepSteps;
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

}  // namespace attnlab
