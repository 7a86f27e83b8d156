#include "web/app/app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "engine/data/words.h"

namespace attnlab {

App::App() {
  pending = state;
  rebuild_data();
}

// ------------------------------------------------------------------------------------------------ settings

std::vector<std::string> App::set_state(const std::vector<std::pair<std::string, std::string>>& kv) {
  const AppState before = state;
  std::vector<std::string> problems = apply_pairs(state, kv);
  if (problems.empty()) state_changed(before);
  return problems;
}

std::string App::apply(const AppState& next) {
  const std::string problem = check_state(next);
  if (!problem.empty()) return problem;
  const AppState before = state;
  state = next;
  state_changed(before);
  return "";
}

void App::load_url_state(const std::string& query) {
  const AppState before = state;
  const auto pairs = parse_query(query);
  if (!apply_pairs(state, pairs).empty()) {  // some are bad: take the good ones one by one
    for (const auto& pair : pairs) {
      std::vector<std::string> problems = apply_pairs(state, {pair});
      for (auto& p : problems) notices.push_back("Link setting ignored: " + p);
    }
  }
  state_changed(before);
}

void App::state_changed(const AppState& before) {
  if (state.task != before.task || state.seed != before.seed) {
    // A new task brings its own input: the sentence box keeps "I saw a saw" only for pos.
    if (state.task != before.task && state.input == before.input) state.input = "";
    rebuild_data();
  } else if (model_changed(before, state)) {
    rebuild_runs();
  } else if (state.lr != before.lr || state.batch != before.batch) {
    if (main.trainer) main.trainer->set_schedule(state.lr, state.batch);
    if (baseline.trainer) baseline.trainer->set_schedule(state.lr, state.batch);
  }
  if (state.input != before.input || state.example != before.example) input_dirty = true;
  if (state.baseline != before.baseline && compare_active) {
    baseline = Run{};
    ensure_baseline();
  }
  pending = state;
  if (on_state_changed) on_state_changed(state);
}

// ------------------------------------------------------------------------------------------------ building

ModelConfig App::model_config(const std::string& kind) const {
  ModelConfig mc;
  from_string(kind, &mc.kind);
  TaggerConfig& t = mc.tagger;
  t.dim = state.dim;
  t.heads = state.heads;
  t.layers = state.layers;
  t.ffn = 2 * state.dim;
  from_string(state.pe, &t.pe);
  from_string(state.norm, &t.norm);
  from_string(state.relevance, &t.relevance);
  t.mask.causal = state.mask == "causal";
  t.mask.window = state.mask == "window" ? state.window : -1;
  t.max_len = state.pe == "learned" ? state.max_len : 0;  // 0: fitted to the data
  t.max_batch = std::max(state.batch, 32);
  t.seed = static_cast<std::uint32_t>(state.seed);
  mc.hidden = 2 * state.dim;
  mc.window = state.k | 1;  // odd: centred on the token
  mc.kernel = state.k | 1;
  mc.cnn_layers = 2;
  from_string(state.rnn, &mc.cell);
  mc.bidirectional = true;
  return mc;
}

TrainConfig App::train_config() const {
  TrainConfig tc;
  tc.steps = 1000000;  // the playground trains until paused
  tc.batch = state.batch;
  tc.lr = state.lr;
  tc.warmup = 50;
  tc.cosine = false;
  tc.seed = static_cast<std::uint32_t>(state.seed);
  tc.eval_every = 50;
  tc.eval_max = 200;
  tc.max_snapshots = 96;
  tc.snapshot_every = 5;
  return tc;
}

void App::rebuild_data() {
  data.reset();
  data_error.clear();
  try {
    TaskKind kind = TaskKind::pos;
    from_string(state.task, &kind);
    TaskConfig tc = default_task_config(kind);
    tc.seed = static_cast<std::uint32_t>(state.seed);
    if (kind == TaskKind::pos) {
      std::string name;
      const std::string text = default_pos_corpus(&name);
      data = std::make_shared<const Dataset>(make_pos_dataset(tc, text, name));
    } else {
      data = std::make_shared<const Dataset>(make_synthetic_dataset(tc));
    }
  } catch (const std::exception& e) {
    data_error = e.what();
  }
  if (data && state.input.empty()) {
    // Show a real example of the task as the default input.
    const Sequence& s = data->dev.front();
    std::string text;
    if (input_is_text()) {
      for (std::size_t i = 0; i < s.tokens.size(); ++i)
        text += (i ? " " : "") + (s.words.empty() ? data->token_names[static_cast<std::size_t>(s.tokens[i])] : s.words[i]);
      state.input = text;
    }
  }
  rebuild_runs();
}

static void build_run(Run& run, const std::shared_ptr<const Dataset>& data, const ModelConfig& mc,
                      const TrainConfig& tc) {
  run = Run{};
  if (!data) return;
  try {
    run.trainer = std::make_unique<Trainer>(data, mc, tc);
    run.what = describe(run.trainer->model_config());
  } catch (const std::exception& e) {
    run.error = e.what();
  }
}

void App::rebuild_runs() {
  build_run(main, data, model_config(state.model), train_config());
  baseline = Run{};
  if (compare_active) ensure_baseline();
  history_pick = -1;
  input_dirty = true;
}

void App::ensure_baseline() {
  compare_active = true;
  if (!baseline.trainer && baseline.error.empty()) build_run(baseline, data, model_config(state.baseline), train_config());
}

void App::reset() { rebuild_runs(); }

// ------------------------------------------------------------------------------------------------ training

static bool can_train(const Run& r) { return r.trainer && !r.trainer->done(); }

int App::train_steps(int n) {
  int done = 0;
  if (can_train(main)) done = main.trainer->step(n);
  if (compare_active && can_train(baseline)) baseline.trainer->step(n);
  return done;
}

static void note_stop(Run& r) {
  if (r.trainer && r.trainer->done() && r.error.empty() && r.trainer->diverged()) r.error = r.trainer->stop_reason();
}

static void measure(Run& r, double now_ms) {
  if (r.time_mark == 0) {
    r.time_mark = now_ms;
    r.steps_mark = r.step();
  } else if (now_ms - r.time_mark >= 1000) {
    r.steps_per_sec = static_cast<double>(r.step() - r.steps_mark) * 1000.0 / (now_ms - r.time_mark);
    r.time_mark = now_ms;
    r.steps_mark = r.step();
  }
}

void App::tick(double now, double frame_ms) {
  now_ms = now;
  if (state.train) {
    // Spend `speed` percent of a frame training; the rest is left for drawing, so the UI stays smooth.
    const double budget = std::clamp(frame_ms, 8.0, 34.0) * state.speed / 100.0;
    const bool both = compare_active && can_train(baseline);
    if (can_train(main)) main.trainer->step_for(both ? budget / 2 : budget);
    if (both) baseline.trainer->step_for(budget / 2);
  }
  note_stop(main);
  note_stop(baseline);
  measure(main, now);
  measure(baseline, now);
  ensure_view();
}

void App::ensure_view() {
  if (input_dirty || (main.trainer && view.at_step != main.step())) refresh_view();
}

// ------------------------------------------------------------------------------------------------ input

bool App::input_is_text() const {
  return !data || (data->input == InputMode::tokens && !data->has_graphs());
}

const std::vector<std::string>& App::tag_names() const {
  static const std::vector<std::string> none;
  return data ? data->tag_names : none;
}

std::string App::tag_name(int t) const {
  const auto& names = tag_names();
  return t >= 0 && t < static_cast<int>(names.size()) ? names[static_cast<std::size_t>(t)] : "?";
}

// Text → a sequence of the task. pos: words (unknown ones map to shape tokens, never fail); the synthetic
// token tasks: the task's token names separated by spaces; frames / graph: a dev example.
std::string App::set_input(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> kv = {{"input", text}};
  auto problems = set_state(kv);
  return problems.empty() ? "" : problems.front();
}

static std::string build_input(const App& app, Sequence* seq, std::vector<std::string>* labels) {
  const Dataset& d = *app.data;
  *seq = Sequence{};
  labels->clear();
  if (!app.input_is_text()) {
    if (d.dev.empty()) return "this task has no examples";
    const std::size_t i = static_cast<std::size_t>(app.state.example) % d.dev.size();
    *seq = d.dev[i];
    for (int t = 0; t < seq->length(); ++t) labels->push_back(d.has_graphs() ? "n" + std::to_string(t) : std::to_string(t));
    return "";
  }
  if (d.task.kind == TaskKind::pos) {
    const std::vector<std::string> words = split_words(app.state.input);
    if (words.empty()) return "type a sentence to tag";
    *seq = sequence_from_words(d, words);
    *labels = words;
    return "";
  }
  std::istringstream in(app.state.input);
  std::string tok;
  while (in >> tok) {
    const auto it = std::find(d.token_names.begin(), d.token_names.end(), tok);
    if (it == d.token_names.end()) {
      std::string known;
      for (std::size_t i = 0; i < d.token_names.size() && i < 24; ++i) known += (i ? " " : "") + d.token_names[i];
      return "'" + tok + "' is not a token of this task (its tokens: " + known + ")";
    }
    seq->tokens.push_back(static_cast<int>(it - d.token_names.begin()));
    labels->push_back(tok);
  }
  if (seq->tokens.empty()) return "type some tokens, separated by spaces";
  // The true labels of a synthetic task follow from the tokens: recompute them for display.
  seq->tags.assign(seq->tokens.size(), -1);
  return "";
}

void App::refresh_view() {
  input_dirty = false;
  view = InputView{};
  if (!data) return;
  std::vector<std::string> labels;
  view.error = build_input(*this, &input_seq, &labels);
  view.tokens = labels;
  if (!view.error.empty() || !main.trainer) return;
  if (input_seq.tags.empty()) input_seq.tags.assign(input_seq.tokens.size(), -1);
  const bool known_truth = std::any_of(input_seq.tags.begin(), input_seq.tags.end(), [](int t) { return t >= 0; });
  if (known_truth) view.truth = input_seq.tags;

  SeqModel<float>& model = main.trainer->model();
  BatchBuilder builder;
  std::vector<Sequence> one = {input_seq};
  const int idx = 0;
  const ModelBatch<float>& batch = builder.build(*data, one, &idx, 1, /*with_tags=*/false);
  std::string err;
  if (!model.forward(batch, &err)) {
    view.error = err;
    return;
  }
  const int T = input_seq.length();
  view.T = T;
  view.predicted.assign(static_cast<std::size_t>(T), 0);
  std::vector<int> all(static_cast<std::size_t>(model.batch_size() * model.seq_len()));
  model.predict(all.data());
  std::copy(all.begin(), all.begin() + T, view.predicted.begin());
  view.L = model.attention_layers();
  view.H = model.attention_heads();
  view.weights.resize(static_cast<std::size_t>(view.L) * view.H * T * T);
  for (int l = 0; l < view.L; ++l)
    for (int h = 0; h < view.H; ++h) {
      CView<float> w = model.attention_weights(l, 0, h);
      float* dst = view.weights.data() + (static_cast<long>(l) * view.H + h) * T * T;
      for (int i = 0; i < T; ++i)
        for (int j = 0; j < T; ++j) dst[i * T + j] = w(i, j);
    }
  view.at_step = main.step();
}

}  // namespace attnlab
