// settings/: the settings a student or a teacher names (a flag of the command line, a key of a link, a
// control of the app) and THE one mapping from them to the engine's configurations. The CLI and the app
// both fill these structs and call the same functions, so a setting means the same thing everywhere:
//
//   TaskSettings  --to_task_config-->   TaskConfig   --make_dataset-->  Dataset     (data/tasks.h)
//   ModelSettings --to_model_config-->  ModelConfig                                 (models/model.h)
//   TrainSettings --to_train_config-->  TrainConfig                                 (train/trainer.h)
//
// Names: every enum-valued setting is spelled by its enum's name table (core/names.h); the ranges of the
// numeric settings live in one table here (setting_ranges), which the app's state, its sliders and the
// command-line flags all read.
//
// Depends on: train, models, data (and what they depend on). A bad setting throws SettingsError with one
// line for the student that names the setting.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/names.h"
#include "engine/data/tasks.h"
#include "engine/models/model.h"
#include "engine/train/trainer.h"

namespace attnlab {

struct SettingsError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Which keys each query may see (attention/mask.h builds the mask from the mapped MaskSpec).
enum class MaskKind { full, causal, window, graph };
inline constexpr EnumName<MaskKind> kMaskKindNames[] = {
    {MaskKind::full, "full", "every query sees every key (on the graph task: the edges are ignored)"},
    {MaskKind::causal, "causal", "query i sees keys j <= i: only the past"},
    {MaskKind::window, "window", "truncated attention: query i sees keys with |i - j| <= w"},
    {MaskKind::graph, "graph", "the graph task: a node sees its neighbours only (attention along the edges)"},
};
constexpr NameTable<MaskKind> names_of(MaskKind) { return NameTable<MaskKind>(kMaskKindNames); }

// ------------------------------------------------------------------------------------------------ ranges

// A numeric setting: its key (links, the JavaScript API, the app's state), its command-line flags, and the
// values it may take. Integers are whole numbers in [lo, hi]; `odd` ones must be odd as well.
struct SettingRange {
  const char* key;    // "layers"
  const char* flags;  // "--layers" (comma-separated when one key has several flags, e.g. "--window,--kernel")
  double lo, hi;
  bool integer;
  bool odd;
  const char* help;
};
const std::vector<SettingRange>& setting_ranges();
// The range of a key; throws std::out_of_range for a key that has none.
const SettingRange& setting_range(const std::string& key);
// "" when v is allowed, else "<key>: <v> is out of range (lo to hi)" (or "... must be odd").
std::string check_setting(const SettingRange& range, double v, const std::string& text);

// ------------------------------------------------------------------------------------------------ task

struct TaskSettings {
  std::string task = "pos";
  std::string data;  // pos: "" or "brown" (the Brown Corpus, data/brown.h), a Brown directory or pack, or a CoNLL-U
                     // file; own: the file of tagged sentences
  int data_seed = 1;
  std::string lengths;  // "MIN:MAX" for synthetic tasks ("" = the task's default)
  int vocab = 0;        // 0 = the task's default
  int train_size = 0;   // 0 = default
  int classes = 0;
  int cap = 0;
  double noise = -1;   // < 0 = default
  int image_size = 0;  // image: side S of the S×S images (0 = the task's default, 12)
};

TaskKind parse_task(const std::string& name);
std::pair<int, int> parse_lengths(const std::string& text);  // "8:16" → (8, 16)
TaskConfig to_task_config(const TaskSettings& s);
// The task's data: synthetic from its seed, or pos from data_file ("" or "brown" = the Brown Corpus, data/brown.h;
// a Brown directory or pack; else a CoNLL-U file). *data_name gets data_file ("" for synthetic tasks). Throws
// CorpusPending (BrownMissing) when the Brown Corpus is needed and not there (the page has not fetched it yet, or not enough of it).
// own: data_file is required (own_data_missing() otherwise), read by read_own_data.
std::shared_ptr<Dataset> make_dataset(const TaskConfig& task, const std::string& data_file,
                                      std::string* data_name = nullptr);
const char* own_data_missing();
// Reads and parses an own-data file (data/tagged_text.h), its size checked before it is read. Throws
// SettingsError "FILE: line 12: problem" (or "cannot read FILE: reason").
TaggedText read_own_data(const std::string& path);

// ------------------------------------------------------------------------------------------------ model

struct ModelSettings {
  std::string model = "attention";
  int layers = 2, heads = 4, dim = 64;
  int ffn = 0;           // 0 = 2·dim
  std::string pe;        // "" = the task's default (sinusoidal; graph: none)
  double pe_scale = -1;  // s, the amplitude of the sinusoidal table (< 0 = the task's default: 8 for pos, else 1)
  std::string mask;      // "" = the task's default (full, or window when window_mask is given; graph: graph)
  int window_mask = -1;  // w of mask window (< 0: not given)
  std::string norm = "softmax", relevance = "dot", activation = "relu";
  int max_len = 0;  // rows of a learned PE table (0 = the data's longest sequence)
  int window = 3;   // window FC: k tokens (odd)
  int hidden = 64;  // baselines: hidden width
  int kernel = 3;   // CNN: kernel width (odd)
  int cnn_layers = 2;
  std::string rnn = "gru";
  bool bidirectional = false;
  int seed = 1;  // parameters (and, with TrainSettings, the batch order)
};

// What a task brings when a setting is not given: graph nodes have no order (pe none) and attention runs
// along the edges (mask graph); every other task: sinusoidal, full.
const char* task_default_pe(TaskKind task);
const char* task_default_mask(TaskKind task);
// The amplitude s of the sinusoidal table (attention/posenc.h): 8 for the word tasks (pos, own, seg_zh: word
// vectors), 1 for every other task (the paper's table). pos adds it to word vectors that start as N(0, 1): with
// s = 1 the two "saw"s of "I saw a saw" look alike and the tagger flips between readings as it trains (issue 10;
// the page's defaults over 30 seeds: 2 seeds right at every check from step 500 to 3000 with s = 1, 29 with
// s = 8; docs/students.md, "Positional encoding: the amplitude s"). The synthetic tasks keep 1: count, which must
// find equal tokens wherever they are, drops from 99.9% to 62% dev accuracy (1500 steps) at s = 8, and seen and
// sort learn more slowly.
double task_default_pe_scale(TaskKind task);

// The one mapping. The configuration is checked as far as it can be without the data (vocab and tags come
// from the data: Trainer::fit_to_data).
ModelConfig to_model_config(const ModelSettings& s, TaskKind task);

// ------------------------------------------------------------------------------------------------ train

// Steps and the dev evaluations' spacing have task defaults (TrainSettings: steps -1, eval_every 0): pos, 1.16 M words of the Brown
// Corpus, trains 10000 steps and evaluates its 121,000 dev words every 500 (docs/data.md: 97.35 % test accuracy
// in about 4 minutes here); every other task 2000 steps, every 100.
int task_default_steps(TaskKind task);
int task_default_eval_every(TaskKind task);

struct TrainSettings {
  int steps = -1, batch = 32, warmup = 100, eval_every = 0, eval_max = 0;  // steps -1, eval_every 0: the task's
  double lr = 3e-3, clip = 1.0, target_acc = 0, word_dropout = 1.0;
  bool constant_lr = false;
};

TrainConfig to_train_config(const TrainSettings& s, int seed, TaskKind task);

}  // namespace attnlab
