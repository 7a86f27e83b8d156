// Options shared by `attnlab train`, `eval`, `tag` and `speed`: the task, the model, the training settings.
// Every bad value becomes an attnlab::cli::Error with a one-line message.
#pragma once

#include <memory>
#include <string>

#include "engine/cli/command.h"
#include "engine/data/segmentation.h"
#include "engine/io/model_io.h"
#include "engine/settings/settings.h"

namespace attnlab::cli {

// The options bind to the settings structs of engine/settings/settings.h, which also turn them into the
// engine's configurations (the same mapping the app uses).
using TaskOptions = TaskSettings;
using ModelOptions = ModelSettings;
using TrainOptions = TrainSettings;

void add_task_options(CLI::App* cmd, TaskOptions& o);
void add_model_options(CLI::App* cmd, ModelOptions& o);
void add_train_options(CLI::App* cmd, TrainOptions& o);

// The sequences `eval` and the results use: for pos, the CoNLL-U sentences (a file, or the stored task's
// test split of the built-in corpus) mapped with the model's own vocabulary.
std::vector<Sequence> remap_with_vocab(const std::vector<Sequence>& seqs, const Dataset& model_data);

// A typed input as a sequence of the data's task, for `tag` and `train --probe-sentence`: pos splits a
// sentence into words (unknown words become their shape tokens); seen, count, reverse, sort take token names
// separated by spaces or commas. *shown gets the words or tokens as given. Throws Error (one line) for an
// empty input, a token the task does not have, or a task of feature vectors.
Sequence sequence_from_text(const Dataset& data, const std::string& text, std::vector<std::string>* shown);

bool stdout_is_terminal();

// An accuracy or a share (0..1) as the percentage the tables print.
inline double pct(double x) { return 100.0 * x; }

}  // namespace attnlab::cli
