#include "web/app/runs.h"

#include <stdexcept>

namespace attnlab {

void build_run(Run& run, const std::shared_ptr<const Dataset>& data, const ModelConfig& mc, const TrainConfig& tc) {
  static long serials = 0;
  run = Run{};
  run.serial = ++serials;
  if (!data) return;
  try {
    run.trainer = std::make_unique<Trainer>(data, mc, tc);
    run.what = describe(run.trainer->model_config());
  } catch (const std::exception& e) {
    run.error = e.what();
  }
}

static bool can_train(const Run& r) { return r.trainer && !r.trainer->done(); }

int Runs::train_steps(int n) {
  int done = 0;
  if (can_train(main)) done = main.trainer->step(n);
  if (compare_active && can_train(baseline)) baseline.trainer->step(n);
  return done;
}

void Runs::train_for(double budget) {
  const bool both = compare_active && can_train(baseline);
  if (can_train(main)) main.trainer->step_for(both ? budget / 2 : budget);
  if (both) baseline.trainer->step_for(budget / 2);
}

static void note_stop(Run& r) {
  if (r.trainer && r.trainer->done() && r.error.empty() && r.trainer->diverged()) r.error = r.trainer->stop_reason();
}

static void measure_run(Run& r, double now_ms) {
  if (r.time_mark == 0) {
    r.time_mark = now_ms;
    r.steps_mark = r.step();
  } else if (now_ms - r.time_mark >= 1000) {
    r.steps_per_sec = static_cast<double>(r.step() - r.steps_mark) * 1000.0 / (now_ms - r.time_mark);
    r.time_mark = now_ms;
    r.steps_mark = r.step();
  }
}

void Runs::measure(double now_ms) {
  note_stop(main);
  note_stop(baseline);
  measure_run(main, now_ms);
  measure_run(baseline, now_ms);
}

}  // namespace attnlab
