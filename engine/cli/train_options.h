// Options shared by `attnlab train`, `eval`, `tag` and `speed`: the task, the model, the training settings.
// Every bad value becomes an attnlab::cli::Error with a one-line message.
#pragma once

#include <memory>
#include <string>

#include "engine/cli/command.h"
#include "engine/models/model.h"
#include "engine/io/model_io.h"
#include "engine/data/tasks.h"
#include "engine/train/trainer.h"

namespace attnlab::cli {

struct TaskOptions {
  std::string task = "pos";
  std::string data;  // CoNLL-U file for pos ("" = the built-in corpus)
  int data_seed = 1;
  std::string lengths;  // "MIN:MAX" for synthetic tasks ("" = the task's default)
  int vocab = 0;        // 0 = the task's default
  int train_size = 0;   // 0 = default
  int classes = 0;
  int cap = 0;
  double noise = -1;
};

struct ModelOptions {
  std::string model = "attention";
  int layers = 2, heads = 4, dim = 64, ffn = 0;  // ffn 0 = 2·dim
  std::string pe = "";                           // "" = sinusoidal (graph task: none)
  std::string mask = "";                         // full | causal | window ("" = full, or window with --window-mask)
  int window_mask = -1;
  std::string norm = "softmax", relevance = "dot", activation = "relu";
  int max_len = 0;  // learned PE rows (0 = the data's longest sequence)
  int window = 3, hidden = 64, kernel = 3, cnn_layers = 2;
  std::string rnn = "gru";
  bool bidirectional = false;
  int seed = 1;
};

struct TrainOptions {
  int steps = 2000, batch = 32, warmup = 100, eval_every = 100, eval_max = 0;
  double lr = 3e-3, clip = 1.0, target_acc = 0, word_dropout = 0.1;
  bool constant_lr = false;
};

void add_task_options(CLI::App* cmd, TaskOptions& o);
void add_model_options(CLI::App* cmd, ModelOptions& o);
void add_train_options(CLI::App* cmd, TrainOptions& o);

// Throw Error with a message when something does not fit.
TaskKind parse_task(const std::string& name);
std::pair<int, int> parse_lengths(const std::string& text);  // "8:16" → (8, 16)
TaskConfig build_task(const TaskOptions& o);
std::shared_ptr<Dataset> build_dataset(const TaskConfig& task, const std::string& data_file, std::string* data_name);
ModelConfig build_model(const ModelOptions& o, TaskKind task);
TrainConfig build_train(const TrainOptions& o, int seed);

// The sequences `eval` and the results use: for pos, the CoNLL-U sentences (a file, or the stored task's
// test split of the built-in corpus) mapped with the model's own vocabulary.
std::vector<Sequence> remap_with_vocab(const std::vector<Sequence>& seqs, const Dataset& model_data);

bool stdout_is_terminal();

}  // namespace attnlab::cli
