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
  hold();  // exactly n steps from where the trainer is, in-frame; training on hands the state back after
  int done = 0;
  if (can_train(main)) done = main.trainer->step(n);
  if (compare_active && can_train(baseline)) baseline.trainer->step(n);
  return done;
}

static void hold_run(Run& r) {
  if (r.host && r.trainer) r.host->stop(*r.trainer);
}

// A host that cannot train (its worker did not start) is dropped for good: the runs train in-frame from then on.
static bool host_failed(Runs& runs, Run& r) {
  if (!r.host || r.host->failure().empty()) return false;
  runs.host_notice = r.host->failure();
  runs.make_host = nullptr;
  r.host.reset();
  return true;
}

// One frame of a run trained by its host: adopt the newest state; (re)start the host when it is not training.
// False when the run trains in-frame this frame instead (no host could be made, it failed just now, or it is
// still getting ready).
static bool host_train(Runs& runs, Run& r) {
  if (!r.trainer) return true;                      // nothing to train
  if (!r.trainer->data().complete()) return false;  // the corpus streams in here: in-frame until all of it is there
  if (!r.host) {
    if (!can_train(r)) return true;
    if (!runs.make_host) return false;
    r.host = runs.make_host();
  }
  if (host_failed(runs, r)) return false;
  if (!r.host->ready()) return false;  // a worker still loading its module: in-frame meanwhile
  r.host->set_pace(runs.pace);
  r.host->adopt(*r.trainer);
  if (host_failed(runs, r)) return false;
  if (!r.host->running() && can_train(r)) r.host->start(*r.trainer);
  return true;
}

void Runs::train_for(double budget) {
  bool main_here = true, baseline_here = compare_active;  // trained in-frame this frame
  if (make_host) {
    main_here = !host_train(*this, main);
    if (compare_active) baseline_here = !host_train(*this, baseline);
    else hold_run(baseline);
  }
  main_here = main_here && can_train(main);
  baseline_here = baseline_here && can_train(baseline);
  const double share = main_here && baseline_here ? budget / 2 : budget;  // one frame's budget for both
  if (main_here) main.trainer->step_for(share);
  if (baseline_here) baseline.trainer->step_for(share);
}

void Runs::hold() {
  hold_run(main);
  hold_run(baseline);
}

void Runs::set_schedule(double lr, int batch) {
  for (Run* r : {&main, &baseline}) {
    if (r->trainer) r->trainer->set_schedule(lr, batch);
    if (r->host) r->host->set_schedule(lr, batch);
  }
}

const char* Runs::trainer_kind() const {
  if (!make_host || (main.host && !main.host->ready())) return "frame";
  if (main.trainer && !main.trainer->data().complete()) return "frame";  // (while the corpus streams in)
  return host_kind.c_str();
}

// A run that diverged or stopped on an error (e.g. a batch too large for memory) says why in its error.
static void note_stop(Run& r) {
  if (!r.trainer || !r.trainer->done() || !r.error.empty()) return;
  const std::string& why = r.trainer->stop_reason();
  if (r.trainer->diverged()) r.error = why;
  else if (why.rfind("error: ", 0) == 0) r.error = why.substr(7);
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
