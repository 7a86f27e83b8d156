// attnlab bench: how fast is the engine? Times the reference configuration bench-tagger
// (bench-anchors/README.md: V 512, C 17, B 32, T 32, D 64, H 4, L 2, F 128 ReLU, pre-LayerNorm blocks,
// sinusoidal PE, softmax, no mask, Adam 1e-3) on one thread, exactly as the PyTorch and TensorFlow.js
// references do, so their numbers and ours can be put side by side (scripts/bench.sh):
//   - a training step = forward + backward + Adam update, on one fixed batch;
//   - a forward pass = the logits (and the loss) of that batch;
//   - the batch comes from mulberry32(1234) as in benchspec.py: id = u32 % V, tag = (next u32) % C;
//   - each figure is the median over --repeats timed runs of the mean over --steps (or --fwd-iters) calls.
// GFLOP/s counts matrix-product FLOPs only, as flops.py does (a product (m, k)·(k, n) = 2·m·n·k FLOPs;
// backward = 2 × forward), so 459.7 M per bench-tagger training step.
//
//   attnlab bench            attnlab bench --json            attnlab bench --seq 128 --batch 8
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#endif

#include "engine/cli/command.h"
#include "engine/core/rng.h"
#include "engine/kernels/kernels.h"
#include "engine/models/attention_tagger.h"
#include "engine/train/cost.h"
#include "engine/train/optim.h"

namespace attnlab::cli {

namespace {

struct BenchCmd {
  int vocab = 512, tags = 17, batch = 32, seq = 32, dim = 64, heads = 4, layers = 2, ffn = 128;
  int warmup = 10, steps = 20, fwd_iters = 50, repeats = 11;
  bool json = false;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

double now_ms() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double, std::milli>(clock::now().time_since_epoch()).count();
}

// Processor time used by this process: on a busy machine it leaves out the time other programs had the core.
// (Under Node it also counts V8's own threads, compiling and collecting garbage, so it can exceed the wall time.)
double cpu_ms() {
#if defined(__EMSCRIPTEN__)
  // (Emscripten's std::clock counts wall time: ask Node)
  return EM_ASM_DOUBLE(
      {
        const u = process.cpuUsage();
        return (u.user + u.system) / 1000;
      },
      0);
#else
  return 1e3 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
#endif
}

void run(const BenchCmd& o) {
  if (o.vocab < 1 || o.tags < 1 || o.batch < 1 || o.seq < 1 || o.dim < 1 || o.heads < 1 || o.layers < 0 || o.ffn < 1) {
    throw Error("--vocab, --tags, --batch, --seq, --dim, --heads, --ffn must be >= 1 and --layers >= 0");
  }
  if (o.steps < 1 || o.fwd_iters < 1 || o.repeats < 1 || o.warmup < 0) {
    throw Error("--steps, --fwd-iters, --repeats must be >= 1 and --warmup >= 0");
  }
  ModelConfig c = bench_tagger_config();
  c.vocab = o.vocab, c.tags = o.tags, c.dim = o.dim, c.heads = o.heads, c.layers = o.layers, c.ffn = o.ffn;
  c.max_len = o.seq, c.max_batch = o.batch;
  const std::string problem = check_model_config(c);
  if (!problem.empty()) throw Error(problem);

  // the data: benchspec.make_batches(TIMING_SEED = 1234, 1, toy = False), and its checksum
  const int N = o.batch * o.seq;
  std::vector<int> ids(N), tags(N);
  Rng rng(1234);
  std::uint32_t checksum = 0;
  for (int n = 0; n < N; ++n) {
    ids[n] = static_cast<int>(rng.next_u32() % static_cast<std::uint32_t>(o.vocab));
    tags[n] = static_cast<int>(rng.next_u32() % static_cast<std::uint32_t>(o.tags));
    checksum = checksum * 31u + static_cast<std::uint32_t>(ids[n]) * 17u + static_cast<std::uint32_t>(tags[n]);
  }
  Batch<float> batch;
  batch.B = o.batch, batch.T = o.seq, batch.tokens = ids.data(), batch.tags = tags.data();

  AttentionTagger<float> model(c);
  Adam<float> adam(model.num_parameters());  // lr 1e-3, β 0.9 / 0.999, eps 1e-8, as the references
  auto train_step = [&] {
    model.forward(batch);
    model.zero_grad();
    model.backward();
    adam.step(model.params().values(), model.params().grads());
  };
  for (int i = 0; i < o.warmup; ++i) train_step();
  std::vector<double> train_ms, train_cpu;
  for (int r = 0; r < o.repeats; ++r) {
    const double t0 = now_ms(), c0 = cpu_ms();
    for (int i = 0; i < o.steps; ++i) train_step();
    train_ms.push_back((now_ms() - t0) / o.steps);
    train_cpu.push_back((cpu_ms() - c0) / o.steps);
  }
  const float loss = model.loss();
  for (int i = 0; i < o.warmup; ++i) model.forward(batch);
  std::vector<double> fwd_ms, fwd_cpu;
  for (int r = 0; r < o.repeats; ++r) {
    const double t0 = now_ms(), c0 = cpu_ms();
    for (int i = 0; i < o.fwd_iters; ++i) model.forward(batch);
    fwd_ms.push_back((now_ms() - t0) / o.fwd_iters);
    fwd_cpu.push_back((cpu_ms() - c0) / o.fwd_iters);
  }

  const double fwd_flops = forward_matmul_flops(c, o.batch, o.seq), train_flops = 3 * fwd_flops;
  const double tm = median(train_ms), fm = median(fwd_ms);
  const double train_gflops = train_flops / tm / 1e6, fwd_gflops = fwd_flops / fm / 1e6;
  if (o.json) {
    nlohmann::json j = {
        {"config",
         {{"vocab", o.vocab},
          {"tags", o.tags},
          {"batch", o.batch},
          {"seq", o.seq},
          {"dim", o.dim},
          {"heads", o.heads},
          {"layers", o.layers},
          {"ffn", o.ffn}}},
        {"kernels", kernels_name()},
        {"parameters", model.num_parameters()},
        {"checksum", checksum},
        {"train_ms_per_step", tm},
        {"train_ms_min", *std::min_element(train_ms.begin(), train_ms.end())},
        {"train_ms_max", *std::max_element(train_ms.begin(), train_ms.end())},
        {"forward_ms", fm},
        {"forward_ms_min", *std::min_element(fwd_ms.begin(), fwd_ms.end())},
        {"train_cpu_ms_per_step", median(train_cpu)},
        {"forward_cpu_ms", median(fwd_cpu)},
        {"train_gflops", train_gflops},
        {"forward_gflops", fwd_gflops},
        {"train_matmul_flops", train_flops},
        {"forward_matmul_flops", fwd_flops},
        {"loss", loss},
        {"warmup", o.warmup},
        {"steps", o.steps},
        {"fwd_iters", o.fwd_iters},
        {"repeats", o.repeats},
    };
    std::printf("%s\n", j.dump().c_str());
    return;
  }
  const BenchCmd reference;
  const bool is_reference = o.vocab == reference.vocab && o.tags == reference.tags && o.batch == reference.batch &&
                            o.seq == reference.seq && o.dim == reference.dim && o.heads == reference.heads &&
                            o.layers == reference.layers && o.ffn == reference.ffn;
  std::printf("%s: V=%d C=%d B=%d T=%d D=%d H=%d L=%d F=%d, %zu parameters, 1 thread, kernels: %s\n",
              is_reference ? "bench-tagger" : "tagger", o.vocab, o.tags, o.batch, o.seq, o.dim, o.heads, o.layers,
              o.ffn, model.num_parameters(), kernels_name());
  std::printf("data checksum %u (mulberry32 seed 1234), loss after %d steps %.4f\n", checksum,
              o.warmup + o.repeats * o.steps, loss);
  std::printf("train step (forward + backward + Adam): %8.3f ms  (min %.3f)  %6.1f GFLOP/s  [%.1f M FLOPs]\n", tm,
              *std::min_element(train_ms.begin(), train_ms.end()), train_gflops, train_flops / 1e6);
  std::printf("forward pass:                           %8.3f ms  (min %.3f)  %6.1f GFLOP/s  [%.1f M FLOPs]\n", fm,
              *std::min_element(fwd_ms.begin(), fwd_ms.end()), fwd_gflops, fwd_flops / 1e6);
  std::printf("processor time (median): train step %.3f ms, forward %.3f ms\n", median(train_cpu), median(fwd_cpu));
}

void setup_bench(CLI::App& root) {
  static BenchCmd o;
  auto* cmd = root.add_subcommand("bench",
                                  "Time the reference model bench-tagger: median ms per training step "
                                  "(forward + backward + Adam) and per forward pass, one thread");
  cmd->add_option("--vocab", o.vocab, "Vocabulary V")->capture_default_str();
  cmd->add_option("--tags", o.tags, "Tags C")->capture_default_str();
  cmd->add_option("--batch", o.batch, "Sequences per batch B")->capture_default_str();
  cmd->add_option("--seq", o.seq, "Tokens per sequence T")->capture_default_str();
  cmd->add_option("--dim", o.dim, "Model width D")->capture_default_str();
  cmd->add_option("--heads", o.heads, "Heads H (must divide D)")->capture_default_str();
  cmd->add_option("--layers", o.layers, "Blocks L")->capture_default_str();
  cmd->add_option("--ffn", o.ffn, "Feed-forward width F")->capture_default_str();
  cmd->add_option("--warmup", o.warmup, "Untimed steps (and forward passes) first")->capture_default_str();
  cmd->add_option("--steps", o.steps, "Training steps per timed repeat")->capture_default_str();
  cmd->add_option("--fwd-iters", o.fwd_iters, "Forward passes per timed repeat")->capture_default_str();
  cmd->add_option("--repeats", o.repeats, "Timed repeats (the median is reported)")->capture_default_str();
  cmd->add_flag("--json", o.json, "Print one JSON object");
  cmd->callback([] { run(o); });
}

}  // namespace

ATTNLAB_COMMAND(setup_bench)

}  // namespace attnlab::cli
