// Model files in the app: the main run's model saved, a model file loaded into the main run, and the one
// dispatch for files the user brings (dropped on the page or the window, or picked). The format is the
// command line's (engine/io/model_io.h): a model trained in the page opens with `attnlab tag --load`, and
// one saved by `attnlab train --save` opens here.
//
// Loading is all or nothing: the file is read, the page's settings for it are worked out and checked, its data
// set is made and its run built with the file's weights, all aside; only then do they replace the app's.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>

#include "engine/io/model_io.h"
#include "engine/io/torch_export.h"
#include "engine/io/zip.h"
#include "engine/settings/settings.h"
#include "web/app/app.h"

namespace attnlab {

namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;

std::string join(const std::vector<std::string>& parts, const char* sep) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : sep) + p;
  return out;
}

std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);  // a float's exact value survives the round trip through text
  return buf;
}

// The task settings that differ between a file's data and the data the page makes for the same task and seed
// ("vocab 20 (the page: 16)"); empty when they are the same.
std::vector<std::string> task_differences(const TaskConfig& f, const TaskConfig& p) {
  std::vector<std::string> out;
  auto num = [&](const char* name, double a, double b) {
    if (a != b) out.push_back(std::string(name) + " " + number_text(a) + " (the page: " + number_text(b) + ")");
  };
  num("train sequences", f.train, p.train);
  num("dev sequences", f.dev, p.dev);
  num("test sequences", f.test, p.test);
  num("min length", f.min_len, p.min_len);
  num("max length", f.max_len, p.max_len);
  num("vocab", f.vocab, p.vocab);
  num("cap", f.cap, p.cap);
  num("classes", f.classes, p.classes);
  num("feature width", f.feat_dim, p.feat_dim);
  num("noise", f.noise, p.noise);
  num("min segment", f.min_seg, p.min_seg);
  num("max segment", f.max_seg, p.max_seg);
  num("degree", f.degree, p.degree);
  num("dev share", f.dev_frac, p.dev_frac);
  num("test share", f.test_frac, p.test_frac);
  num("min count", f.min_count, p.min_count);
  num("lowercase", f.lowercase, p.lowercase);
  return out;
}

// The page's name for a configuration's mask (the inverse of engine/settings/settings.h's mapping).
std::string mask_name(const ModelConfig& m, TaskKind task) {
  if (task == TaskKind::graph) return m.graph_mask ? "graph" : "full";
  if (m.mask.causal) return "causal";
  if (m.mask.window >= 0) return "window";
  return "full";
}

// The page's settings for a model file, as (key, value) pairs: apply_pairs checks them as it checks a link.
// The data seed becomes the page's seed (it decides the data, and so the vocabulary; the file's weights make
// the model seed moot). Loading leaves the lesson and pauses training.
Pairs settings_of(const ModelConfig& m, const TaskConfig& t) {
  Pairs kv = {{"task", to_string(t.kind)},
              {"model", to_string(m.kind)},
              {"seed", std::to_string(t.seed)},
              {"layers", std::to_string(m.layers)},
              {"heads", std::to_string(m.heads)},
              {"dim", std::to_string(m.dim)},
              {"pe", to_string(m.pe)},
              {"pe_scale", number_text(m.pe_scale)},
              {"mask", mask_name(m, t.kind)},
              {"norm", to_string(m.norm)},
              {"relevance", to_string(m.relevance)},
              {"rnn", to_string(m.cell)},
              {"lesson", "0"},
              {"guess", ""},
              {"train", "false"}};
  if (m.pe == PosEnc::learned) kv.emplace_back("max_len", std::to_string(m.max_len));
  if (m.mask.window >= 0) kv.emplace_back("window", std::to_string(m.mask.window));
  if (m.kind == ModelKind::window) kv.emplace_back("k", std::to_string(m.window));
  if (m.kind == ModelKind::cnn) kv.emplace_back("k", std::to_string(m.kernel));
  return kv;
}

// What the file's model has that the page's model of the same settings has not (the page fixes some options:
// F = 2·D, the baselines' hidden width 2·D, 2 CNN layers, a two-way RNN, ...). Only the options the model's
// kind uses count. Empty when the page's model is the file's.
std::vector<std::string> config_differences(const ModelConfig& f, const ModelConfig& p) {
  std::vector<std::string> out;
  auto num = [&](const char* name, double a, double b) {
    if (a != b) out.push_back(std::string(name) + " " + number_text(a) + " (the page: " + number_text(b) + ")");
  };
  auto text = [&](const char* name, const std::string& a, const std::string& b) {
    if (a != b) out.push_back(std::string(name) + " " + a + " (the page: " + b + ")");
  };
  text("input", to_string(f.input), to_string(p.input));
  num("vocabulary", f.vocab, p.vocab);
  num("input width", f.input_dim, p.input_dim);
  num("tags", f.tags, p.tags);
  num("dim", f.dim, p.dim);
  switch (f.kind) {
    case ModelKind::attention:
      num("layers", f.layers, p.layers);
      num("heads", f.heads, p.heads);
      num("feed-forward width (--ffn)", f.ffn, p.ffn);
      text("activation", to_string(f.activation), to_string(p.activation));
      text("pe", to_string(f.pe), to_string(p.pe));
      if (f.pe == PosEnc::sinusoidal) num("pe_scale", f.pe_scale, p.pe_scale);
      if (f.pe == PosEnc::learned) num("max_len", f.max_len, p.max_len);
      text("norm", to_string(f.norm), to_string(p.norm));
      text("relevance", to_string(f.relevance), to_string(p.relevance));
      num("causal", f.mask.causal, p.mask.causal);
      num("window mask", f.mask.window, p.mask.window);
      num("allowed-pairs mask", f.mask.allow_n, p.mask.allow_n);
      num("graph mask", f.graph_mask, p.graph_mask);
      num("attention biases", f.attn_bias, p.attn_bias);
      num("LayerNorm epsilon", f.ln_eps, p.ln_eps);
      break;
    case ModelKind::window:
      num("k", f.window, p.window);
      num("hidden width (--hidden)", f.hidden, p.hidden);
      break;
    case ModelKind::cnn:
      num("k", f.kernel, p.kernel);
      num("CNN layers (--cnn-layers)", f.cnn_layers, p.cnn_layers);
      num("hidden width (--hidden)", f.hidden, p.hidden);
      break;
    case ModelKind::rnn:
      text("rnn", to_string(f.cell), to_string(p.cell));
      num("hidden width (--hidden)", f.hidden, p.hidden);
      if (f.bidirectional != p.bidirectional)
        out.push_back(std::string(f.bidirectional ? "two-way" : "one-way") + " RNN (the page's reads " +
                      (p.bidirectional ? "both ways: --bidirectional" : "one way") + ")");
      break;
  }
  return out;
}

bool same_vocabulary(const Dataset& a, const Dataset& b) {
  return a.input == b.input && a.vocab == b.vocab && a.input_dim == b.input_dim && a.token_names == b.token_names &&
         a.tag_names == b.tag_names && a.class_means == b.class_means;
}

// The data set a loaded model goes with: the one its task settings make here, when that is the file's (same
// tokens, tags, class means). A pos model with another vocabulary (trained on another corpus, or on another
// version of the built-in one) keeps its own, which came with the file: the built-in corpus is read through it
// (words it does not know become their shape tokens, as typed words do), so the page can tag with the model,
// train it further and measure it. Tags of the built-in corpus that the model does not have are left out.
std::shared_ptr<const Dataset> data_for(const LoadedModel& lm, std::string* note, std::string* problem) {
  const Dataset& f = lm.data;
  std::shared_ptr<Dataset> made;
  try {
    made = make_dataset(f.task, "");
  } catch (const std::exception& e) {
    *problem = std::string("the page cannot make this model's data: ") + e.what();
    return nullptr;
  }
  if (lm.data_name.empty() && same_vocabulary(*made, f)) {
    TaskSettings ts;
    ts.task = to_string(f.task.kind);
    ts.data_seed = static_cast<int>(f.task.seed);
    const std::vector<std::string> diff = task_differences(f.task, to_task_config(ts));
    if (!diff.empty())
      *note = "its data settings came with the file (" + join(diff, ", ") +
              "); a change of task or seed returns to the page's own";
    return made;
  }
  if (f.task.kind != TaskKind::pos && f.task.kind != TaskKind::seg_zh) {
    *problem = std::string("the file's ") + to_string(f.task.kind) +
               " data (its tokens and tags) is not what this attnlab makes from the same settings: it was saved "
               "by another version";
    return nullptr;
  }
  auto own = std::make_shared<Dataset>(f);  // the file's vocabulary and tags; no sentences
  std::vector<int> tag_of(made->tag_names.size(), kIgnoreTag);
  std::vector<std::string> unknown_tags;
  for (std::size_t i = 0; i < made->tag_names.size(); ++i) {
    const auto it = std::find(f.tag_names.begin(), f.tag_names.end(), made->tag_names[i]);
    if (it != f.tag_names.end()) tag_of[i] = static_cast<int>(it - f.tag_names.begin());
    else unknown_tags.push_back(made->tag_names[i]);
  }
  if (unknown_tags.size() == made->tag_names.size()) {
    *problem = "the model's tags (" + join(f.tag_names, ", ") + ") are none of the built-in corpus's (" +
               join(made->tag_names, ", ") + ")";
    return nullptr;
  }
  auto read = [&](const std::vector<Sequence>& from, std::vector<Sequence>* to) {
    for (const Sequence& s : from) {
      Sequence t = sequence_from_words(*own, s.words);
      for (std::size_t i = 0; i < s.tags.size(); ++i)
        t.tags[i] = s.tags[i] == kIgnoreTag ? kIgnoreTag : tag_of[static_cast<std::size_t>(s.tags[i])];
      to->push_back(std::move(t));
    }
  };
  read(made->train, &own->train);
  read(made->dev, &own->dev);
  read(made->test, &own->test);
  *note = "trained on " +
          (lm.data_name.empty() ? std::string("another version of the built-in corpus") : lm.data_name) +
          ": its vocabulary came with the file; the page reads its own corpus through it";
  if (!unknown_tags.empty()) *note += " (without the tags the model does not have: " + join(unknown_tags, ", ") + ")";
  return own;
}

}  // namespace

std::vector<std::uint8_t> App::save_model_bytes() const {
  if (!runs.main.trainer || !runs.data) return {};
  return save_model(runs.main.trainer->model(), *runs.data, runs.data_name);
}

std::string App::model_file_name() const {
  return "attnlab-" + state.task + "-" + state.model + "-step" + std::to_string(runs.main.step()) + ".model";
}

std::string App::load_model_bytes(const std::uint8_t* bytes, std::size_t size, const std::string& name) {
  LoadedModel lm;
  try {
    lm = load_model(bytes, size);
  } catch (const std::exception& e) {
    return e.what();
  }
  const ModelConfig& fm = lm.model->config();
  const std::string cannot = "the page cannot show this model's settings: ";

  AppState next = state;
  const std::vector<std::string> problems = apply_pairs(next, settings_of(fm, lm.data.task));
  if (!problems.empty()) return cannot + join(problems, "; ");
  // A new task brings its own input: the lecture's sentence for pos, else an example (fill_default_input).
  if (next.task != state.task) next.input = next.task == "pos" ? AppState{}.input : "";

  std::string note, problem;
  std::shared_ptr<const Dataset> data = data_for(lm, &note, &problem);
  if (!data) return problem;
  ModelConfig pm;
  try {
    pm = Trainer::fit_to_data(model_config(next.model, next), *data);
  } catch (const std::exception& e) {
    return cannot + e.what();
  }
  const std::vector<std::string> diff = config_differences(fm, pm);
  if (!diff.empty()) return cannot + join(diff, ", ");

  Run run;
  build_run(run, data, pm, train_config(next));
  if (!run.trainer) return "the page cannot train this model: " + run.error;
  ParamStore<float>& to = run.trainer->model().params();
  const ParamStore<float>& from = lm.model->params();
  if (to.size() != from.size() || to.tensors().size() != from.tensors().size()) {
    return "the page's model of these settings has " + std::to_string(to.size()) + " parameters, the file's " +
           std::to_string(from.size());
  }
  for (std::size_t i = 0; i < to.tensors().size(); ++i) {
    const ParamInfo &a = to.tensors()[i], &b = from.tensors()[i];
    if (a.name != b.name || a.rows != b.rows || a.cols != b.cols)
      return "the page's model of these settings has " + a.name + " where the file has " + b.name;
  }
  std::copy(from.values(), from.values() + from.size(), to.values());
  run.source = name.empty() ? "a model file" : name;
  try {
    run.source_dev_acc = run.trainer->evaluate(data->dev, 200).accuracy;
  } catch (const std::exception& e) {
    return std::string("the loaded model cannot run on its dev set: ") + e.what();
  }

  // Everything is ready: from here on nothing fails.
  const AppState before = state;
  state = next;
  runs.data = data;
  runs.data_error.clear();
  runs.data_name = lm.data_name;
  runs.data_note = note;
  runs.main = std::move(run);
  built = state;  // (the way back: App::back_to_working)
  runs.baseline = Run{};
  runs.dev_eval_step = -1;
  if (runs.compare_active) ensure_baseline();
  fill_default_input();
  picks.history = -1;
  lesson_state_changed(*this, before, true);
  pending = state;
  refresh_view();
  if (on_state_changed) on_state_changed(state);
  return "";
}

std::string App::open_file(const std::string& name, const std::uint8_t* bytes, std::size_t size,
                           const std::string& error) {
  static const char kMagic[8] = {'A', 'T', 'N', 'L', 'M', 'O', 'D', 'L'};  // engine/io/model_io.h
  std::string problem;
  if (!error.empty()) {
    problem = error;
  } else if (bytes && size >= sizeof kMagic && std::memcmp(bytes, kMagic, sizeof kMagic) == 0) {
    const std::string why = load_model_bytes(bytes, size, name);
    if (!why.empty()) {
      problem = name + " was not loaded: " + why;
      notices.push_back({problem, "notice_not_loaded", {{"name", name}, {"problem", why}}});
      return problem;
    }
  } else {
    // anything else is read as your own data: CoNLL-U or word/TAG lines (a binary file is refused by its line)
    problem = load_data(std::string(bytes ? reinterpret_cast<const char*>(bytes) : "", bytes ? size : 0), name);
    if (problem.empty()) {
      const std::string sentences = std::to_string(runs.own->text.sentences.size());
      const std::string tags = std::to_string(runs.own->text.tag_names.size());
      notices.push_back({"Loaded " + name + " as your data: " + sentences + " sentences, " + tags + " tags (task own).",
                         "notice_loaded_data",
                         {{"name", name}, {"sentences", sentences}, {"tags", tags}}});
      return "";
    }
  }
  if (problem.empty()) {
    notices.push_back({"Loaded " + name + ": " + runs.main.what + " (training paused).",
                       "notice_loaded_model",
                       {{"name", name}, {"model", runs.main.what}}});
  } else {
    notices.push_back(problem);
  }
  return problem;
}

std::vector<std::uint8_t> App::torch_zip(const std::string& module) {
  if (!runs.main.trainer) throw std::runtime_error("there is no model to export: " + runs.main.error);
  Trainer& trainer = *runs.main.trainer;
  std::vector<ZipEntry> entries;
  for (ExportedFile& f : export_torch(trainer.model(), trainer.data(), module))
    entries.push_back({f.name, std::move(f.bytes)});
  return make_zip(entries);
}

}  // namespace attnlab
