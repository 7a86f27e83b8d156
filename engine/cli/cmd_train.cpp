// attnlab train: train a tagger on a task, print progress, optionally save the model.
//
//   attnlab train --task pos --model attention --layers 2 --heads 4 --dim 64 --pe sinusoidal --mask full
//                 --norm softmax --steps 2000 --seed 1 [--save FILE] [--json]
//   attnlab train --task pos --probe-sentence "I saw a saw" --json    the sentence's tags on every report line
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "engine/cli/train_options.h"

namespace attnlab::cli {

namespace {

struct TrainCmd {
  TaskOptions task;
  ModelOptions model;
  TrainOptions train;
  std::string save;
  std::vector<std::string> probes;  // sentences (or token lists) tagged at every report line
  bool json = false;
  bool quiet = false;
};

// A --probe-sentence: the input as the task reads it, and the tags the model gives it now.
struct Probe {
  std::string text;
  Sequence seq;
  std::vector<std::string> tags;
};

void tag_probes(Trainer& trainer, std::vector<Probe>& probes) {
  const Dataset& d = trainer.data();
  for (Probe& p : probes) {
    AttentionMaps maps;
    std::vector<int> pred;
    const std::string error = run_sequence(trainer.model(), d, p.seq, &maps, &pred);
    if (!error.empty()) throw Error("--probe-sentence \"" + p.text + "\": " + error);
    p.tags.clear();
    for (int t : pred) p.tags.push_back(d.tag_names[static_cast<std::size_t>(t)]);
  }
}

nlohmann::json probes_json(const std::vector<Probe>& probes) {
  nlohmann::json out = nlohmann::json::array();
  for (const Probe& p : probes) out.push_back({{"text", p.text}, {"tags", p.tags}});
  return out;
}

std::string probes_text(const std::vector<Probe>& probes) {
  std::string out;
  for (const Probe& p : probes) {
    out += "  \"" + p.text + "\":";
    for (const std::string& t : p.tags) out += " " + t;
  }
  return out;
}

void print_bar(const Metrics& m, int steps, bool final_line) {
  const int width = 24;
  const int filled = steps > 0 ? static_cast<int>(width * std::min(1.0, double(m.step) / steps)) : width;
  std::printf("\r[");
  for (int i = 0; i < width; ++i) std::printf(i < filled ? "#" : ".");
  std::printf("] %ld/%d  loss %.4f  train %.1f%%  dev %.1f%%  %.2f ms/step%s", m.step, steps, m.loss, pct(m.train_acc),
              pct(m.dev_acc), m.ms_per_step, final_line ? "\n" : "   ");
  std::fflush(stdout);
}

void run(const TrainCmd& o) {
  const TaskConfig task = to_task_config(o.task);
  ModelConfig mc = to_model_config(o.model, task.kind);
  const TrainConfig tc = to_train_config(o.train, o.model.seed, task.kind);
  std::string data_name;
  std::shared_ptr<Dataset> data = make_dataset(task, o.task.data, &data_name);
  std::unique_ptr<Trainer> trainer;
  try {
    trainer = std::make_unique<Trainer>(data, mc, tc);
  } catch (const std::exception& e) {
    throw Error(e.what());
  }
  std::vector<Probe> probes;
  for (const std::string& text : o.probes) {
    Probe p;
    p.text = text;
    std::vector<std::string> shown;
    try {
      p.seq = sequence_from_text(*data, text, &shown);
    } catch (const Error& e) {
      throw Error("--probe-sentence \"" + text + "\": " + e.what());
    }
    probes.push_back(std::move(p));
  }
  const bool bar = !o.json && !o.quiet && stdout_is_terminal();
  if (!o.json && !o.quiet) {
    std::printf("task %s: %zu train / %zu dev / %zu test sequences, %d tags%s; model %s, %zu parameters\n",
                to_string(task.kind), data->train.size(), data->dev.size(), data->test.size(), data->tags(),
                data->input == InputMode::tokens ? (", vocabulary " + std::to_string(data->vocab)).c_str() : "",
                describe(trainer->model_config()).c_str(), trainer->model().num_parameters());
  }
  // The chance level a student compares dev_acc with: always answering the training split's most frequent
  // tag scores this share of the dev tokens (every JSON line with dev_acc carries it).
  int majority_tag = -1;
  const double majority_acc = majority_share(*data, data->dev, &majority_tag);
  const std::string majority_name = majority_tag >= 0 ? data->tag_names[static_cast<std::size_t>(majority_tag)] : "";
  std::size_t printed = 0;
  while (!trainer->done()) {
    trainer->step(tc.eval_every);
    if (!probes.empty() && !trainer->diverged()) tag_probes(*trainer, probes);
    const auto& hist = trainer->history();
    for (; printed < hist.size(); ++printed) {
      const Metrics& m = hist[printed];
      // the probes were tagged by the model as it is now, after the latest line's step
      const bool now = m.step == trainer->steps_done() && !trainer->diverged();
      if (o.json) {
        nlohmann::json j = {{"step", m.step},
                            {"loss", m.loss},
                            {"train_acc", m.train_acc},
                            {"dev_acc", m.dev_acc},
                            {"dev_loss", m.dev_loss},
                            {"lr", m.lr},
                            {"grad_norm", m.grad_norm},
                            {"ms_per_step", m.ms_per_step},
                            {"majority_acc", majority_acc}};
        if (!probes.empty() && now) j["probe"] = probes_json(probes);
        std::printf("%s\n", j.dump().c_str());
      } else if (bar) {
        print_bar(m, tc.steps, false);
      } else if (!o.quiet) {
        std::printf("step %ld  loss %.4f  train %.2f%%  dev %.2f%%  %.3f ms/step%s\n", m.step, m.loss, pct(m.train_acc),
                    pct(m.dev_acc), m.ms_per_step, now ? probes_text(probes).c_str() : "");
      }
    }
    std::fflush(stdout);
  }
  if (trainer->diverged()) {
    if (bar) std::printf("\n");
    if (o.json) {
      nlohmann::json j = {{"step", trainer->metrics().step}, {"stop", trainer->stop_reason()}, {"diverged", true}};
      std::printf("%s\n", j.dump().c_str());
    }
    throw Error("training " + trainer->stop_reason(), 3);
  }
  if (trainer->stop_reason().rfind("error", 0) == 0) throw Error(trainer->stop_reason());
  EvalResult test;
  const bool has_test = !data->test.empty();  // own data has a train and a dev split only
  try {
    if (has_test) test = trainer->evaluate(data->test);
  } catch (const std::exception& e) {
    throw Error(std::string("test set: ") + e.what());
  }
  const Metrics& m = trainer->metrics();
  if (bar) print_bar(m, tc.steps, true);
  if (o.json) {
    nlohmann::json j = {{"step", m.step},
                        {"loss", m.loss},
                        {"train_acc", m.train_acc},
                        {"dev_acc", m.dev_acc},
                        {"majority_acc", majority_acc},
                        {"test_acc", has_test ? nlohmann::json(test.accuracy) : nlohmann::json(nullptr)},
                        {"ms_per_step", m.ms_per_step},
                        {"scores_per_step", m.scores_per_step},
                        {"dense_scores_per_step", m.dense_scores_per_step},
                        {"stop", trainer->stop_reason()},
                        {"task", to_string(task.kind)},
                        {"model", describe(trainer->model_config())},
                        {"params", trainer->model().num_parameters()}};
    if (!probes.empty()) j["probe"] = probes_json(probes);
    if (task.kind == TaskKind::own) {  // the chance level (majority_acc) under its own-data names, with its tag
      j["chance"] = majority_acc;
      j["chance_tag"] = majority_name;
      j["tags"] = data->tag_names;
    }
    std::printf("%s\n", j.dump().c_str());
  } else if (!o.quiet) {
    char test_text[48] = "";
    if (has_test) std::snprintf(test_text, sizeof test_text, ", test %.2f%%", pct(test.accuracy));
    std::printf("done after %ld steps (%s): dev %.2f%%%s, %.3f ms/step\n", m.step,
                trainer->stop_reason() == "target" ? "target accuracy reached" : "all steps", pct(m.dev_acc), test_text,
                m.ms_per_step);
    if (task.kind == TaskKind::own) {
      std::printf("chance level: always answering the most frequent tag, %s, scores %.2f%% on dev\n",
                  majority_tag >= 0 ? majority_name.c_str() : "?", pct(majority_acc));
    }
    if (bar && !probes.empty()) std::printf("%s\n", probes_text(probes).substr(2).c_str());  // lines had them
    if (m.dense_scores_per_step > 0) {
      std::printf("attention computed %.0f (query, key) scores per step, %.0f%% of the %.0f of every pair\n",
                  m.scores_per_step, 100 * m.scores_per_step / m.dense_scores_per_step, m.dense_scores_per_step);
    }
  }
  if (!o.save.empty()) {
    try {
      save_model_file(o.save, save_model(trainer->model(), *data, data_name));
    } catch (const std::exception& e) {
      throw Error(e.what());
    }
    if (!o.json && !o.quiet) std::printf("saved %s\n", o.save.c_str());
  }
}

void setup_train(CLI::App& root) {
  static TrainCmd o;
  auto* cmd = root.add_subcommand(
      "train",
      "Train a tagger (self-attention or a baseline) on a task; mini-batches, Adam with warm-up and cosine decay, "
      "seeded. Prints a progress bar on a terminal, a line per evaluation otherwise, or JSON lines with --json "
      "(the last one has step, loss, train_acc, dev_acc, test_acc, ms_per_step, and for attention "
      "scores_per_step: the (query, key) scores computed per step, vs dense_scores_per_step for every pair; every "
      "line with dev_acc has majority_acc, the dev accuracy of always answering the most frequent training tag).");
  add_task_options(cmd, o.task);
  add_model_options(cmd, o.model);
  add_train_options(cmd, o.train);
  cmd->add_option("--save", o.save, "Write the trained model to FILE (read by tag, eval and the app)");
  cmd->add_option("--probe-sentence", o.probes,
                  "Tag this sentence (pos; tokens for seen/count/reverse/sort) at every report line, to watch "
                  "the tagger make up its mind: \"probe\": [{\"text\", \"tags\"}] with --json (repeatable)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_flag("--json", o.json, "One JSON object per report line");
  cmd->add_flag("--quiet", o.quiet, "Print nothing but errors");
  cmd->callback([] { run(o); });
}

}  // namespace

ATTNLAB_COMMAND(setup_train)

}  // namespace attnlab::cli
