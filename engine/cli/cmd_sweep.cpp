// attnlab sweep: self-attention vs a baseline (the CNN) as the training set grows (engine/train/sweep.h).
//
//   attnlab sweep --task image --sizes 50,200,1000,5000 --steps 500 [--json]
//   attnlab sweep --task pos --sizes 500,2000,10000,all --steps 2000      (the Brown Corpus: sentences)
//
// One line per (size, model) as each run finishes, then the two curves and the verdict; with --json one JSON
// object per run and a final one with both curves, the chance level and the verdict.
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/cli/train_options.h"
#include "engine/train/sweep.h"

namespace attnlab::cli {

namespace {

// What `make results` can afford (scripts/results.sh): on one core, attention L2 H4 D32 takes about 75 ms a
// step on the 12x12 images at batch 32 and the CNN about 20, so 4 sizes x 500 steps of both are about 3 minutes.
// 500 steps of 32 images are 16 epochs of 1000 images, 3.2 of 5000 (and 320 of 50: those runs overfit).
// A corpus (pos) takes 2000 steps of 32 sentences: 128 epochs of 500 sentences, 1.4 of the Brown Corpus's whole
// training split; about 3 minutes for 4 sizes at D32.
constexpr int kDefaultSteps = 500;
constexpr int kDefaultCorpusSteps = 2000;

struct SweepCmd {
  TaskOptions task;
  ModelOptions model;  // the attention model's settings (and the seed)
  TrainOptions train;
  std::string sizes = "50,200,1000,5000";
  std::string baseline = "cnn";
  bool json = false;
  bool quiet = false;
};

std::vector<int> parse_sizes(const std::string& text, bool corpus) {
  std::vector<int> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (item == "all") {
      if (!corpus)
        throw Error(
            "--sizes: 'all' is the whole training split of a corpus (pos, seg_zh); a generated "
            "task needs numbers");
      out.push_back(kSweepMaxSize);  // the whole training split
      continue;
    }
    std::size_t used = 0;
    int v = 0;
    try {
      v = std::stoi(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != item.size() || v < 1)
      throw Error("--sizes '" + text + "': give whole numbers >= 1 separated by commas, e.g. 50,200,1000,5000" +
                  (corpus ? " (or all)" : ""));
    out.push_back(v);
  }
  if (out.empty()) throw Error("--sizes: give at least one training-set size");
  return out;
}

nlohmann::json point_json(const SweepPoint& p, const Sweep& s) {
  return {{"size", p.size},
          {"model", p.model == kSweepAttention ? "attention" : "baseline"},
          {"what", s.model_name(p.model)},
          {"dev_acc", std::isfinite(p.dev_acc) ? nlohmann::json(p.dev_acc) : nlohmann::json(nullptr)},
          {"train_acc", p.train_acc},
          {"majority_acc", p.chance},
          {"steps", p.steps},
          {"epochs", p.epochs},
          {"ms_per_step", p.ms_per_step},
          {"stop", p.stop}};
}

void run(SweepCmd o, bool steps_given) {
  SweepConfig cfg;
  cfg.task = to_task_config(o.task);
  const bool corpus = is_word_task(cfg.task.kind);
  if (o.task.train_size != 0) throw Error("--train-size: the sweep sets the training-set size itself (--sizes)");
  if (corpus && !steps_given) o.train.steps = kDefaultCorpusSteps;
  cfg.sizes = parse_sizes(o.sizes, corpus);
  if (o.model.model != "attention")
    throw Error("--model: the sweep trains self-attention against --baseline (got --model " + o.model.model + ")");
  cfg.attention = to_model_config(o.model, cfg.task.kind);
  ModelOptions base = o.model;
  base.model = o.baseline;
  cfg.baseline = to_model_config(base, cfg.task.kind);
  cfg.train = to_train_config(o.train, o.model.seed, cfg.task.kind);
  {
    const std::string problem = check_sweep_config(cfg);
    if (!problem.empty()) throw Error(problem);
  }
  std::unique_ptr<Sweep> sweep;
  try {
    if (corpus) cfg.data = make_dataset(cfg.task, o.task.data);  // the corpus: its own split, its seed's order
    sweep = std::make_unique<Sweep>(cfg);
  } catch (const std::exception& e) {
    throw Error(e.what());
  }
  const int steps = cfg.train.steps, batch = cfg.train.batch;
  const std::string items = sweep_items(sweep->data());
  const std::vector<int>& sizes = sweep->config().sizes;  // as run: a corpus's "all" is its training split
  std::string sizes_text;
  for (int n : sizes) sizes_text += (sizes_text.empty() ? "" : ",") + std::to_string(n);
  const std::string base_name = o.baseline == "cnn" ? "CNN" : o.baseline;
  if (!o.json && !o.quiet) {
    std::printf("sweep on %s: %s vs %s, training sets of %s %s, the same dev set (%zu), seed %d\n",
                to_string(cfg.task.kind), sweep->model_name(0).c_str(), sweep->model_name(1).c_str(),
                sizes_text.c_str(), items.c_str(), sweep->data().dev.size(), o.model.seed);
    std::printf(
        "the same budget for every size: %d steps of %d %s (%d %s seen per run: %.1f epochs of %d, %.1f of %d)\n",
        steps, batch, items.c_str(), steps * batch, items.c_str(),
        static_cast<double>(steps) * std::min(batch, sizes.front()) / sizes.front(), sizes.front(),
        static_cast<double>(steps) * batch / sizes.back(), sizes.back());
  }
  std::size_t printed = 0;
  while (!sweep->done()) {
    sweep->step(50);
    for (; printed < sweep->points().size(); ++printed) {
      const SweepPoint& p = sweep->points()[printed];
      if (o.json) {
        std::printf("%s\n", point_json(p, *sweep).dump().c_str());
      } else if (!o.quiet) {
        std::printf("  %5d %s  %-10s dev %6.2f%%  train %6.2f%%  chance %5.2f%%  %6.1f epochs  %6.2f ms/step%s\n",
                    p.size, items.c_str(), p.model == kSweepAttention ? "attention" : base_name.c_str(), pct(p.dev_acc),
                    pct(p.train_acc), pct(p.chance), p.epochs, p.ms_per_step,
                    p.stop == "steps" ? "" : ("  (" + p.stop + ")").c_str());
      }
      std::fflush(stdout);
    }
  }
  if (!sweep->error().empty()) throw Error(sweep->error());
  const SweepVerdict v = sweep_verdict(sweep->points());
  const std::string sentence = verdict_sentence(v, base_name, items);
  if (o.json) {
    nlohmann::json curves = {{"sizes", sizes},
                             {"attention", nlohmann::json::array()},
                             {"baseline", nlohmann::json::array()},
                             {"majority_acc", nlohmann::json::array()}};
    for (const SweepPoint& p : sweep->points()) {
      const nlohmann::json acc = std::isfinite(p.dev_acc) ? nlohmann::json(p.dev_acc) : nlohmann::json(nullptr);
      curves[p.model == kSweepAttention ? "attention" : "baseline"].push_back(acc);
      if (p.model == kSweepAttention) curves["majority_acc"].push_back(p.chance);
    }
    nlohmann::json j = {{"task", to_string(cfg.task.kind)},
                        {"attention", sweep->model_name(0)},
                        {"baseline", sweep->model_name(1)},
                        {"steps", steps},
                        {"batch", batch},
                        {"seed", o.model.seed},
                        {"dev", sweep->data().dev.size()},
                        {"curves", curves},
                        {"verdict", to_string(v.kind)},
                        {"sentence", sentence}};
    std::printf("%s\n", j.dump().c_str());
  } else if (!o.quiet) {
    std::printf("dev accuracy by training-set size (%s):\n", items.c_str());
    std::printf("  %-10s", "size");
    for (int n : sizes) std::printf(" %8d", n);
    std::printf("\n");
    const char* names[3] = {"attention", base_name.c_str(), "chance"};
    for (int row = 0; row < 3; ++row) {
      std::printf("  %-10s", names[row]);
      for (const SweepPoint& p : sweep->points()) {
        if (row < 2 && p.model == row) std::printf(" %7.2f%%", pct(p.dev_acc));
        if (row == 2 && p.model == kSweepAttention) std::printf(" %7.2f%%", pct(p.chance));
      }
      std::printf("\n");
    }
    std::printf("verdict: %s\n", sentence.c_str());
  }
}

void setup_sweep(CLI::App& root) {
  static SweepCmd o;
  o.train.steps = kDefaultSteps;
  o.model.dim = 32;  // the page's width, and half the cost of D64
  auto* cmd = root.add_subcommand(
      "sweep",
      "Self-attention vs the CNN as the training set grows: both trained on the first N training sequences for "
      "each N of --sizes, with the same seed and the same steps for every N, on the same dev set; prints a line "
      "per run, both curves (dev accuracy per size, and the chance level) and the verdict (where the lead "
      "changes, if it does). On pos (the Brown Corpus) the sizes are sentences drawn by --data-seed, 'all' is the "
      "whole training split, each size has the vocabulary of its own sentences, and the default is 2000 steps. "
      "--json: one object per run, then one with the curves.");
  add_task_options(cmd, o.task);
  add_model_options(cmd, o.model);
  add_train_options(cmd, o.train);
  cmd->add_option("--sizes", o.sizes, "Training-set sizes, ascending, comma-separated (pos: 'all' = the whole split)")
      ->capture_default_str();
  cmd->add_option("--baseline", o.baseline, "The model attention is compared with: cnn | window | rnn")
      ->capture_default_str();
  cmd->add_flag("--json", o.json, "One JSON object per finished run, then one with both curves and the verdict");
  cmd->add_flag("--quiet", o.quiet, "Print nothing but errors");
  cmd->callback([cmd] { run(o, cmd->count("--steps") > 0); });
}

}  // namespace

ATTNLAB_COMMAND(setup_sweep)

}  // namespace attnlab::cli
