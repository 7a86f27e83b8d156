// attnlab speed: milliseconds per training step as the sequence length T grows, for any model.
// The RNN must walk its T steps one after the other; attention does all T positions in a few matrix
// products (whose size grows as T²).
//
//   attnlab speed --model rnn --lens 16,64,256      attnlab speed --model attention --lens 16,64,256 --json
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/cli/train_options.h"

namespace attnlab::cli {

namespace {

struct SpeedCmd {
  ModelOptions model;
  std::string lens = "16,64,256";
  int batch = 8, steps = 5, vocab = 64, tags = 17;
  bool json = false;
};

void run(const SpeedCmd& o) {
  ModelConfig mc = to_model_config(o.model, TaskKind::seen);
  if (o.batch < 1 || o.steps < 1 || o.vocab < 1 || o.tags < 1)
    throw Error("--batch, --steps, --vocab, --tags must be >= 1");
  mc.vocab = o.vocab;
  mc.tags = o.tags;
  std::vector<int> lens;
  std::stringstream ss(o.lens);
  std::string item;
  while (std::getline(ss, item, ',')) {
    try {
      size_t used = 0;
      const int T = std::stoi(item, &used);
      if (used != item.size() || T < 1) throw std::invalid_argument(item);
      lens.push_back(T);
    } catch (const std::exception&) {
      throw Error("--lens must be a comma-separated list of lengths >= 1, e.g. 16,64,256");
    }
  }
  if (lens.empty()) throw Error("--lens is empty");
  nlohmann::json rows = nlohmann::json::array();
  const bool attention = mc.kind == ModelKind::attention;
  if (!o.json) {
    std::printf("%s, batch %d\n%8s %12s", describe(mc).c_str(), o.batch, "T", "ms/step");
    std::printf(attention ? " %14s %8s\n" : "\n", "scores/step", "of T²");
  }
  for (int T : lens) {
    double ms = 0;
    ScoreWork work;
    try {
      ms = measure_step_ms(mc, o.batch, T, o.steps, static_cast<std::uint32_t>(o.model.seed), &work);
    } catch (const std::exception& e) {
      throw Error(e.what());
    }
    const double share = work.dense > 0 ? 100.0 * static_cast<double>(work.computed) / work.dense : 0.0;
    if (o.json) {
      nlohmann::json row = {{"T", T}, {"ms_per_step", ms}};
      if (attention) row["scores_per_step"] = work.computed, row["dense_scores_per_step"] = work.dense;
      rows.push_back(row);
    } else if (attention) {
      std::printf("%8d %12.3f %14ld %7.1f%%\n", T, ms, work.computed, share);
    } else {
      std::printf("%8d %12.3f\n", T, ms);
    }
  }
  if (o.json)
    std::printf("%s\n",
                nlohmann::json({{"model", describe(mc)}, {"batch", o.batch}, {"results", rows}}).dump().c_str());
}

void setup_speed(CLI::App& root) {
  static SpeedCmd o;
  auto* cmd = root.add_subcommand("speed",
                                  "Milliseconds per training step (forward + backward + Adam) of a model "
                                  "on random tokens, for several sequence lengths T");
  add_model_options(cmd, o.model);
  cmd->add_option("--lens", o.lens, "Sequence lengths, comma-separated")->capture_default_str();
  cmd->add_option("--batch", o.batch, "Sequences per step")->capture_default_str();
  cmd->add_option("--steps", o.steps, "Timed steps per length (after one warm-up step)")->capture_default_str();
  cmd->add_option("--vocab", o.vocab, "Token vocabulary")->capture_default_str();
  cmd->add_option("--tags", o.tags, "Number of tags")->capture_default_str();
  cmd->add_flag("--json", o.json, "Print the timings as JSON");
  cmd->callback([] { run(o); });
}

}  // namespace

ATTNLAB_COMMAND(setup_speed)

}  // namespace attnlab::cli
