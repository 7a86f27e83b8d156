#include "web/app/app.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/data/brown.h"
#include "engine/data/segmentation.h"
#include "engine/data/words.h"
#include "engine/settings/settings.h"

namespace attnlab {

App::App() {
  pending = state;
  rebuild_data();
}

// ------------------------------------------------------------------------------------------------ settings

const char* const App::kOwnNeedsData = "task 'own' needs a data file: drop one on the page or use Data ▸ Your data…";

std::string App::check_task_data(const AppState& next) const {
  return next.task == to_string(TaskKind::own) && !runs.own ? kOwnNeedsData : "";
}

std::vector<std::string> App::set_state(const std::vector<std::pair<std::string, std::string>>& kv) {
  AppState next = state;
  std::vector<std::string> problems = apply_pairs(next, kv);
  if (problems.empty()) {
    const std::string data = check_task_data(next);
    if (!data.empty()) problems.push_back(data);
  }
  if (problems.empty()) {
    const std::string pixel = check_pixel(next);
    if (!pixel.empty()) problems.push_back(pixel);
  }
  if (problems.empty()) {
    const AppState before = state;
    state = next;
    state_changed(before);
  }
  return problems;
}

std::string App::apply(const AppState& next) {
  std::string problem = check_state(next);
  if (problem.empty()) problem = check_task_data(next);
  if (problem.empty()) problem = check_pixel(next);
  if (!problem.empty()) return problem;
  const AppState before = state;
  state = next;
  state_changed(before);
  return "";
}

void App::load_url_state(const std::string& query) {
  const AppState before = state;
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto& pair : parse_query(query)) {  // a link cannot carry own data (the file is not in it)
    AppState probe = state;
    if (pair.first == "task" && apply_pairs(probe, {pair}).empty() && !check_task_data(probe).empty()) {
      notices.push_back({"Link setting ignored: " + check_task_data(probe), "notice_link_own"});
      continue;
    }
    pairs.push_back(pair);
  }
  if (!apply_pairs(state, pairs).empty()) {  // some are bad: take the good ones one by one
    for (const auto& pair : pairs) {
      std::vector<std::string> problems = apply_pairs(state, {pair});
      for (auto& p : problems)
        notices.push_back({"Link setting ignored: " + p, "notice_link_ignored", {{"problem", p}}});
    }
  }
  const std::string pixel = check_pixel(state);  // needs the task's image size: checked on the whole link
  if (!pixel.empty()) {
    notices.push_back({"Link setting ignored: " + pixel, "notice_link_ignored", {{"problem", pixel}}});
    state.pixel = before.pixel;
  }
  state_changed(before);
}

void App::state_changed(const AppState& before, bool data_replaced) {
  const bool new_data =
      data_replaced || state.task != before.task || state.seed != before.seed || state.train_size != before.train_size;
  if (state.task != before.task || state.seed != before.seed) cancel_sweep(*this);  // it measured the old data
  const bool rebuilt = new_data || model_changed(before, state);
  if (new_data) {
    // A new task brings its own input: the sentence box keeps "I saw a saw" only for pos.
    if (state.task != before.task && state.input == before.input) state.input = "";
    rebuild_data();
  } else if (model_changed(before, state)) {
    rebuild_runs();
  } else if (state.lr != before.lr || state.batch != before.batch) {
    runs.set_schedule(state.lr, state.batch);
  }
  if (before.train && !state.train) runs.hold();  // paused: what the next API call in this turn reads
  if (state.input != before.input || state.example != before.example) view.stale = true;
  if (state.baseline != before.baseline && runs.compare_active) {
    runs.baseline = Run{};
    ensure_baseline();
  }
  lesson_state_changed(*this, before, rebuilt);
  pending = state;
  if (on_state_changed) on_state_changed(state);
}

// ------------------------------------------------------------------------------------------------ building

ModelConfig App::model_config(const std::string& kind, const AppState& settings) {
  // The app's controls as named settings; engine/settings/settings.h turns them into a model, exactly as it
  // does for the command line's flags. Throws SettingsError when they do not make a model.
  ModelSettings s;
  s.model = kind;
  s.layers = settings.layers;
  s.heads = settings.heads;
  s.dim = settings.dim;
  s.ffn = 2 * settings.dim;
  s.pe = settings.pe;
  s.pe_scale = settings.pe_scale;
  s.mask = settings.mask;
  s.window_mask = settings.mask == "window" ? settings.window : -1;
  s.norm = settings.norm;
  s.relevance = settings.relevance;
  s.max_len = settings.pe == "learned" ? settings.max_len : 0;  // 0: fitted to the data
  s.hidden = 2 * settings.dim;
  s.window = settings.k;  // the window FC's width and the CNN's kernel share one control
  s.kernel = settings.k;
  s.cnn_layers = 2;
  s.rnn = settings.rnn;
  s.bidirectional = true;
  s.seed = settings.seed;
  ModelConfig mc = to_model_config(s, parse_task(settings.task));
  mc.max_batch = std::max(settings.batch, 32);
  return mc;
}

TrainConfig App::train_config(const AppState& settings) {
  TrainConfig tc;
  tc.steps = 1000000;  // the playground trains until paused
  tc.batch = settings.batch;
  tc.lr = settings.lr;
  tc.warmup = 50;
  tc.cosine = false;
  tc.seed = static_cast<std::uint32_t>(settings.seed);
  tc.eval_every = 50;
  tc.eval_max = 200;
  tc.max_snapshots = 96;
  tc.snapshot_every = 5;
  return tc;
}

// The task's data from settings: as the command line maps them (engine/settings/settings.h); own from the
// loaded own data. Throws with a message for the student.
static std::shared_ptr<const Dataset> make_app_dataset(const AppState& settings, const Runs& runs) {
  TaskSettings ts;
  ts.task = settings.task;
  ts.data_seed = settings.seed;
  if (!is_word_task(parse_task(settings.task))) ts.train_size = settings.train_size;  // the first N (0 = all)
  const TaskConfig task = to_task_config(ts);
  if (task.kind == TaskKind::pos) {
    // The Brown Corpus's data set takes a second or two to make in the page (1.16 M words): the last one is kept,
    // so going back to pos (a lesson stop, a course page's message) is at once. Data sets are never changed.
    // (While the corpus streams in, each call makes the data set of the parts there so far.)
    static std::shared_ptr<const Dataset> last;
    if (!last || last->task.seed != task.seed || !last->complete()) last = make_dataset(task, "");
    return last;
  }
  if (task.kind != TaskKind::own) return make_dataset(task, "");
  if (!runs.own) throw std::runtime_error(App::kOwnNeedsData);
  return std::make_shared<Dataset>(make_own_dataset(task, runs.own->text));
}

// A real example of the task as the input text: the first dev sequence that fits the input field.
static std::string example_input(const Dataset& d) {
  std::string first;
  for (const Sequence& s : d.dev) {
    std::string text;
    for (std::size_t i = 0; i < s.tokens.size(); ++i)
      text += (i ? " " : "") + (s.words.empty() ? d.token_names[static_cast<std::size_t>(s.tokens[i])] : s.words[i]);
    if (text.size() <= kMaxInputChars) return text;
    if (first.empty()) first = text;
  }
  // every dev sentence is longer: the first one's words that fit
  std::string cut;
  for (const std::string& w : split_blanks(first)) {
    if (cut.size() + w.size() + 1 > kMaxInputChars) break;
    cut += (cut.empty() ? "" : " ") + w;
  }
  return cut;
}

void App::rebuild_data() {
  runs.data.reset();
  runs.data_error.clear();
  runs.data_pending = false;
  try {
    runs.data = make_app_dataset(state, runs);
  } catch (const CorpusPending&) {
    runs.data_pending = true;  // the page fetches it (web/platform/main.cpp), then data_arrived()
  } catch (const std::exception& e) {
    runs.data_error = e.what();
  }
  runs.data_name.clear();
  runs.data_note.clear();
  runs.chance = runs.data ? majority_share(*runs.data, runs.data->dev, &runs.chance_tag) : -1;
  fill_default_input();
  rebuild_runs();
}

void App::data_arrived() {
  if (runs.data_pending) {  // its first parts (or all of it): the data and runs are built now
    rebuild_data();
    return;
  }
  // More parts of the corpus the runs already train on: the same data set, longer; each trainer goes on with it
  // (Trainer::extend_data: the steps do not depend on when the parts arrive).
  if (!runs.data || runs.data->complete() || to_string(runs.data->task.kind) != state.task) return;
  std::shared_ptr<const Dataset> more;
  try {
    more = make_app_dataset(state, runs);
  } catch (const CorpusPending&) {
    return;
  } catch (const std::exception& e) {  // the whole corpus does not keep its header's word: no data
    data_failed(e.what());
    return;
  }
  if (more->train.size() == runs.data->train.size() && !more->complete()) return;
  for (Run* r : {&runs.main, &runs.baseline})
    if (r->trainer && r->trainer->shared_data() == runs.data) r->trainer->extend_data(more);
  runs.data = more;
  runs.chance = majority_share(*runs.data, runs.data->dev, &runs.chance_tag);
}

void App::data_failed(const std::string& why) {
  const bool broke_off = runs.data && !runs.data->complete();  // after its first parts: no data (pos again retries)
  if (!runs.data_pending && !broke_off) return;
  runs.data_pending = false;
  runs.data_error = why;
  notices.push_back(why);
  if (!broke_off) return;
  runs.data.reset();
  rebuild_runs();
}

void App::fill_default_input() {
  if (runs.data && state.input.empty() && runs.data->task.kind == TaskKind::seg_zh) {
    state.input = kSegExample;  // a sentence whose segmentation needs context (研究 生命 / 研究生)
    return;
  }
  if (runs.data && state.input.empty() && input_is_text() && !runs.data->dev.empty()) {
    state.input = example_input(*runs.data);  // show a real example of the task
  }
}

std::string App::load_data(const std::string& text, const std::string& name) {
  auto own = std::make_shared<OwnData>();
  own->name = name;  // "" = no name given: the Data panel says "your data" in the interface's language
  const std::string called = name.empty() ? "your data" : name;  // what the returned problem starts with
  try {
    own->text = parse_tagged_text(text);
  } catch (const DataFileError& e) {
    return called + ": " + e.what();
  }
  // The settings it will train with: task own (with its defaults), out of the lesson, training.
  AppState next = state;
  next.task = to_string(TaskKind::own);
  follow_task_defaults(state, next);
  next.lesson = 0;
  next.guess.clear();
  next.input.clear();  // a dev sentence of the new data (rebuild_data)
  next.example = 0;
  next.train = true;
  std::string problem = check_state(next);
  if (!problem.empty()) return problem;
  // Build the data and a model on it before anything changes, so a problem leaves the app as it was.
  Runs trial;
  trial.own = own;
  try {
    std::shared_ptr<const Dataset> data = make_app_dataset(next, trial);
    Run run;
    build_run(run, data, model_config(next.model, next), train_config(next));
    if (!run.trainer) problem = run.error;
  } catch (const std::exception& e) {
    problem = e.what();
  }
  if (!problem.empty()) return called + ": " + problem;
  runs.own = std::move(own);
  const AppState before = state;
  state = next;
  state_changed(before, /*data_replaced=*/true);
  return "";
}

void App::start_run(Run& run, const std::string& kind) { start_run(run, kind, state); }

void App::start_run(Run& run, const std::string& kind, const AppState& settings) {
  try {
    // settings of other data (a lesson variant with another training-set size) bring their own data set
    std::shared_ptr<const Dataset> data = runs.data;
    if (runs.data &&
        (settings.train_size != state.train_size || settings.task != state.task || settings.seed != state.seed))
      data = make_app_dataset(settings, runs);
    build_run(run, data, model_config(kind, settings), train_config(settings));
  } catch (const std::exception& e) {  // the settings make no model: say why
    run = Run{};
    run.error = e.what();
  }
}

void App::rebuild_runs() {
  start_run(runs.main, state.model);
  built = state;
  runs.baseline = Run{};
  if (runs.compare_active) ensure_baseline();
  picks.history = -1;
  view.stale = true;
}

void App::ensure_baseline() {
  runs.compare_active = true;
  if (!runs.baseline.trainer && runs.baseline.error.empty()) start_run(runs.baseline, state.baseline);
}

void App::reset() { rebuild_runs(); }

// ------------------------------------------------------------------------------------------------ way back

App::Trouble App::trouble() const {
  const Trainer* t = runs.main.trainer.get();
  if (!t) return runs.main.error.empty() ? Trouble::none : Trouble::failed;
  if (t->diverged()) return Trouble::diverged;
  if (t->done() && t->stop_reason().rfind("error", 0) == 0) return Trouble::failed;
  return Trouble::none;
}

float App::lower_lr_value() const {
  const float lo = static_cast<float>(setting_range("lr").lo);
  return std::max(lo, state.lr / 10);
}

std::string App::lower_lr() {
  AppState next = state;
  next.lr = lower_lr_value();
  const std::string problem = apply(next);
  if (problem.empty()) reset();  // a live lr change alone would go on from the diverged step
  return problem;
}

std::string App::back_to_working() {
  AppState next = has_working ? working : AppState{};
  if (!has_working) next.task = state.task;  // the defaults of the same task (its PE and mask defaults follow)
  // what the page looks like stays as it is: language, panel, embed, the lesson
  next.lang = state.lang;
  next.panel = state.panel;
  next.embed = state.embed;
  next.panels = state.panels;
  next.controls = state.controls;
  next.caption = state.caption;
  next.lesson = state.lesson;
  next.guess = state.guess;
  const std::string problem = apply(next);
  if (problem.empty() && trouble() != Trouble::none) reset();  // the same settings: train them from step 0
  return problem;
}

// ------------------------------------------------------------------------------------------------ training

int App::train_steps(int n) {
  runs.hold();  // in-frame, from the exact state the host trained to
  // While a lesson stop trains towards its reveal, its variants train with the main run (up to its steps).
  const int done = lesson.measuring ? lesson_train_steps(*this, n) : runs.train_steps(n);
  lesson_update(*this);
  return done;
}

void App::tick(double now, double frame_ms) {
  clock.now_ms = now;
  // A lesson stop towards its reveal and the data-size sweep train in-frame (the main run waits for the sweep);
  // paused, the replicas hold their trainers' exact state.
  if (!state.train || lesson.measuring || sweep.running()) runs.hold();
  if (state.train) {
    // Spend `speed` percent of a frame training; the rest is left for drawing, so the UI stays smooth.
    // While a lesson stop trains towards its reveal the student is waiting for it: give it most of the frame.
    const int share = lesson.measuring ? std::max(state.speed, 80) : state.speed;
    const double budget = std::clamp(frame_ms, 8.0, 34.0) * share / 100.0;
    runs.pace = host_pace();
    if (lesson.measuring) lesson_train_for(*this, sweep.running() ? budget / 2 : budget);
    else if (!sweep.running()) runs.train_for(budget);
  }
  // The data-size sweep, once started, trains whether or not the main run is paused: it has the frame's
  // training budget to itself (the main run waits), half of it while a lesson stop trains towards its reveal.
  if (sweep.running()) {
    const double budget = std::clamp(frame_ms, 8.0, 34.0) * std::max(state.speed, 80) / 100.0;
    sweep.sweep->step_for(lesson.measuring && state.train ? budget / 2 : budget);
  }
  if (!runs.host_notice.empty()) {  // the hosts could not train: in-frame from now on
    notices.push_back({"Training runs between the frames (on the UI thread) instead: " + runs.host_notice,
                       "notice_trainer_fallback",
                       {{"reason", runs.host_notice}}});
    runs.host_notice.clear();
  }
  lesson_update(*this);
  runs.measure(now);
  if (runs.main.serial != working_serial && runs.main.step() > 0 && trouble() == Trouble::none) {
    working = built;  // these settings train: the way back goes here
    has_working = true;
    working_serial = runs.main.serial;
  }
  // prefers-reduced-motion: while training, the views follow the model once a second, not every frame; a new
  // input or model (a stale view) still shows at once
  if (clock.reduced_motion && state.train && !view.stale && clock.now_ms - clock.view_ms < kReducedMotionViewMs) return;
  ensure_view();
}

// A host trains beside the page at full speed, except on a machine with few cores while the page is in use: there
// the trainer's worker (or thread) and the page's drawing share the cores (in a browser without a GPU its software
// renderer too, which needs more CPU time per drawn frame than the UI thread), and every frame drawn while the
// mouse moves waited for the trainer. So for kInUseMs after the last input the hosts train `speed` percent of the
// time (the setting that already gives in-frame training its share); steps are the same, only later.
double App::host_pace() const {
  const bool few_cores = clock.cores > 0 && clock.cores <= kFewCores;
  return few_cores && clock.now_ms - clock.input_ms < kInUseMs ? state.speed / 100.0 : 1.0;
}

void App::ensure_view() {
  if (view.stale || (runs.main.trainer && view.at_step != runs.main.step())) refresh_view();
}

// ------------------------------------------------------------------------------------------------ input

bool App::input_is_text() const { return attnlab::input_is_text(runs.data.get()); }

std::vector<const Sequence*> App::shown_examples() const {
  std::vector<const Sequence*> out;
  if (!runs.data || !input_is_text()) return out;
  const std::vector<Sequence>& train = runs.data->train;
  for (std::size_t e = 0; e < 3 && e < train.size(); ++e) out.push_back(&train[e * 7 % train.size()]);
  return out;
}

int App::query_pixel() const {
  if (view.grid_w <= 0) return -1;
  const int T = view.grid_w * view.grid_h;
  return state.pixel >= 0 && state.pixel < T ? state.pixel : default_query_pixel(view);
}

std::string App::check_pixel(const AppState& next) const {
  if (next.pixel < 0 || next.task != to_string(TaskKind::image)) return "";  // -1, or a task without images
  // the side of next's images: the data's when the task stays (a model file may bring another), else the task's
  int side = default_task_config(TaskKind::image).image_size;
  if (next.task == state.task && runs.data && runs.data->is_image()) side = runs.data->grid_w;
  const int T = side * side;
  if (next.pixel < T) return "";
  return "pixel: " + std::to_string(next.pixel) + " is not a pixel of the " + std::to_string(side) + "x" +
         std::to_string(side) + " image (0 to " + std::to_string(T - 1) + ": row*" + std::to_string(side) +
         " + column; -1 = the default one)";
}

const std::vector<std::string>& App::tag_names() const {
  static const std::vector<std::string> none;
  return runs.data ? runs.data->tag_names : none;
}

std::string App::tag_name(int t) const {
  const auto& names = tag_names();
  return t >= 0 && t < static_cast<int>(names.size()) ? names[static_cast<std::size_t>(t)] : "?";
}

std::string App::set_input(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> kv = {{"input", text}};
  auto problems = set_state(kv);
  return problems.empty() ? "" : problems.front();
}

void App::ensure_embeddings() {
  EmbeddingView& e = embeddings;
  const Trainer* t = runs.main.trainer.get();
  if (e.of == runs.main.serial && e.at_step == runs.main.step()) return;
  if (e.of != runs.main.serial) e = EmbeddingView{};
  e.of = runs.main.serial;
  e.at_step = runs.main.step();
  if (!t) {
    e.error = runs.main.error.empty() ? "no model" : runs.main.error;
    return;
  }
  try {
    if (!std::isfinite(e.start_same_tag)) {  // the same model at step 0: same seed, same initial vectors
      auto fresh = make_model<float>(t->model_config());
      e.start_same_tag = embedding_map(*fresh, t->data()).same_tag;
    }
    e.map = embedding_map(runs.main.trainer->model(), t->data());
    e.error.clear();
  } catch (const std::exception& ex) {
    e.map = EmbeddingMap{};
    e.error = ex.what();
  }
}

void App::refresh_view() {
  clock.view_ms = clock.now_ms;
  view = InputView{};
  view.stale = false;
  if (!runs.data) return;
  SeqModel<float>* model = runs.main.trainer ? &runs.main.trainer->model() : nullptr;
  view = make_input_view(*runs.data, state, model, runs.main.step());
}

}  // namespace attnlab
