// The lesson's machinery: opening a stop, checking a prediction, training the stop's variants towards the
// reveal within the frame budget, and measuring the result. The stops themselves are declared in
// lesson_stops.cpp.
#include "web/app/lesson.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "engine/data/words.h"
#include "web/app/app.h"
#include "web/app/state.h"

namespace attnlab {

int lesson_stop_count() { return static_cast<int>(lesson_stops().size()); }

const LessonStop* lesson_stop(int n) {
  return n >= 1 && n <= lesson_stop_count() ? &lesson_stops()[static_cast<std::size_t>(n - 1)] : nullptr;
}

AppState lesson_start_state(int n) {
  AppState s;
  const LessonStop* stop = lesson_stop(n);
  if (!stop) return s;
  const std::vector<std::string> problems = apply_query(s, stop->setup);
  (void)problems;   // a setup that does not apply is a bug: tests/app/lesson_test.cpp opens every stop
  s.train = false;  // nothing trains before the student has predicted
  s.lesson = n;
  s.guess = "";
  return s;
}

double LessonContext::dev_accuracy(int variant) const {
  const Run* r = runs[static_cast<std::size_t>(variant)];
  if (!r || !r->trainer) return NAN;
  return 100.0 * r->trainer->evaluate(r->trainer->data().dev).accuracy;
}

// ------------------------------------------------------------------------------------------------ predictions

std::string check_prediction(const App& app, int n, const std::string& value, std::string* canonical) {
  const LessonStop* stop = lesson_stop(n);
  if (!stop) return "no lesson stop is open";
  const LessonQuestion& q = stop->question;
  if (q.kind == LessonQuestion::Kind::number) {
    char* end = nullptr;
    const double v = value.empty() ? NAN : std::strtod(value.c_str(), &end);
    if (value.empty() || *end || !std::isfinite(v)) return "predict: this stop asks for a number, got '" + value + "'";
    if (v < q.lo || v > q.hi) {
      char buf[96];
      std::snprintf(buf, sizeof buf, "predict: %s is outside %g to %g", value.c_str(), q.lo, q.hi);
      return buf;
    }
    if (canonical) *canonical = value;
    return "";
  }
  const std::vector<std::string> choices = q.choices(app);
  for (std::size_t i = 0; i < choices.size(); ++i)
    if (choices[i] == value) {
      if (canonical) *canonical = value;
      return "";
    }
  // a choice may also be given by its index (0-based), as a number
  char* end = nullptr;
  const long i = value.empty() ? -1 : std::strtol(value.c_str(), &end, 10);
  if (!value.empty() && !*end && i >= 0 && i < static_cast<long>(choices.size())) {
    if (canonical) *canonical = choices[static_cast<std::size_t>(i)];
    return "";
  }
  return "predict: '" + value + "' is not one of " + join_names(choices) + " (or their index, from 0)";
}

bool lesson_asks_for_token(const App& app) {
  const LessonStop* stop = lesson_stop(app.state.lesson);
  return stop && stop->question.on_tokens && app.state.guess.empty() && !app.lesson.result;
}

const char* lesson_choice_key(const LessonStop& stop, const std::string& choice) {
  if (stop.question.on_variants)
    for (const LessonVariant& v : stop.variants)
      if (choice == v.name) return v.label;
  for (const auto& [option, key] : stop.question.labels)
    if (choice == option) return key;
  return nullptr;
}

bool prediction_agrees(const LessonStop& stop, const std::string& prediction, const LessonResult& result) {
  if (prediction.empty()) return false;
  if (stop.question.kind == LessonQuestion::Kind::choice) return prediction == result.answer;
  const double p = std::strtod(prediction.c_str(), nullptr);
  return std::isfinite(result.value) && std::fabs(p - result.value) <= stop.question.tolerance;
}

double LessonRuns::progress(long main_step) const {
  const LessonStop* s = lesson_stop(stop);
  if (!s || result) return result ? 1.0 : 0.0;
  if (!measuring || s->steps <= 0) return 0.0;
  long done = std::min<long>(main_step, s->steps), want = s->steps;
  for (const Run& r : variants) {
    done += std::min<long>(r.step(), s->steps);
    want += s->steps;
  }
  return static_cast<double>(done) / static_cast<double>(want);
}

// ------------------------------------------------------------------------------------------------ the runs

// Variant i's run: 0 is the App's main run, the others are the lesson's own.
static Run& variant_run(App& app, std::size_t i) { return i == 0 ? app.runs.main : app.lesson.variants[i - 1]; }

static std::size_t variant_count(const App& app) { return 1 + app.lesson.variants.size(); }

void lesson_start_measuring(App& app) {
  LessonRuns& L = app.lesson;
  const LessonStop* stop = lesson_stop(L.stop);
  L.variants.clear();
  L.result.reset();
  L.error.clear();
  L.measuring = stop != nullptr;
  if (!stop) return;
  // The reveal is measured at exactly stop->steps: a main run trained further (before the prediction) starts
  // again from step 0.
  if (app.runs.main.step() > stop->steps) app.rebuild_runs();
  for (std::size_t i = 1; i < stop->variants.size(); ++i) {
    AppState s = app.state;
    const std::vector<std::string> problems = apply_query(s, stop->variants[i].settings);
    Run run;
    if (!problems.empty()) run.error = problems.front();
    else app.start_run(run, s.model, s);
    L.variants.push_back(std::move(run));
  }
  lesson_update(app);  // a stop that trains nothing is measured at once
}

// Trains every variant towards stop->steps: n steps each at most (n < 0: within budget_ms, shared).
static int train_variants(App& app, int n, double budget_ms) {
  const LessonStop* stop = lesson_stop(app.lesson.stop);
  if (!stop) return 0;
  std::vector<Run*> todo;
  for (std::size_t i = 0; i < variant_count(app); ++i) {
    Run& r = variant_run(app, i);
    if (r.trainer && !r.trainer->done() && r.step() < stop->steps) todo.push_back(&r);
  }
  int main_taken = 0;
  for (Run* r : todo) {
    const int left = static_cast<int>(stop->steps - r->step());
    int taken = 0;
    if (n >= 0) {
      taken = r->trainer->step(std::min(n, left));
    } else {  // the frame's budget, split between the runs still training
      const auto t0 = std::chrono::steady_clock::now();
      const double share = budget_ms / static_cast<double>(todo.size());
      do {
        taken += r->trainer->step(1);
      } while (taken < left && !r->trainer->done() &&
               std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() < share);
    }
    if (r == &app.runs.main) main_taken = taken;
  }
  return main_taken;
}

int lesson_train_steps(App& app, int n) { return train_variants(app, n, -1); }
void lesson_train_for(App& app, double budget_ms) { train_variants(app, -1, budget_ms); }

void lesson_update(App& app) {
  LessonRuns& L = app.lesson;
  const LessonStop* stop = lesson_stop(L.stop);
  if (!stop || !L.measuring || L.result) return;
  LessonContext ctx{app, {}};
  for (std::size_t i = 0; i < variant_count(app); ++i) {
    Run& r = variant_run(app, i);
    if (!r.trainer) {  // a variant that cannot be built or trained: say so instead of a result
      L.error = stop->variants[i].name + std::string(": ") + (r.error.empty() ? "no model" : r.error);
      L.measuring = false;
      return;
    }
    const bool finished = r.step() >= stop->steps || r.trainer->done();
    if (!finished) return;
    ctx.runs.push_back(&r);
  }
  try {
    L.result = stop->measure(ctx);
    L.result->step = std::max<long>(0, stop->steps);
  } catch (const std::exception& e) {
    L.error = e.what();
  }
  L.measuring = false;
  app.view.stale = true;  // the panels show the model as measured
}

void lesson_state_changed(App& app, const AppState& before, bool runs_rebuilt) {
  LessonRuns& L = app.lesson;
  AppState& s = app.state;
  if (s.lesson != before.lesson || (s.lesson == 0 && L.stop != 0)) {
    L = LessonRuns{};
    L.stop = s.lesson;
    // the views start where the questions look: the last token as the query, layer 1, head 1
    const std::size_t words = split_words(s.input).size();
    app.picks.query = words > 0 ? static_cast<int>(words) - 1 : 0;
    app.picks.layer = app.picks.head = 0;
  }
  if (s.lesson == 0) return;
  if (s.guess != before.guess || (s.lesson != before.lesson && !s.guess.empty())) {
    if (s.guess.empty()) {
      L.variants.clear();
      L.result.reset();
      L.measuring = false;
      return;
    }
    std::string canonical;
    const std::string problem = check_prediction(app, s.lesson, s.guess, &canonical);
    if (!problem.empty()) {
      app.notices.push_back(problem);
      s.guess.clear();
      return;
    }
    s.guess = canonical;
    s.train = true;  // the prediction is made: train towards the reveal
    lesson_start_measuring(app);
  } else if (runs_rebuilt && !s.guess.empty()) {
    lesson_start_measuring(app);  // the student changed the model: measure again on the new one
  }
}

}  // namespace attnlab
