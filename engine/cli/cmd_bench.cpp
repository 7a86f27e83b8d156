// attnlab bench: how fast is the engine? Times the reference configuration bench-tagger
// (bench-anchors/README.md: V 512, C 17, B 32, T 32, D 64, H 4, L 2, F 128 ReLU, pre-LayerNorm blocks,
// sinusoidal PE, softmax, no mask, Adam 1e-3) on one thread, exactly as the PyTorch, TensorFlow.js and jax-js
// references do, so their numbers and ours can be put side by side (scripts/bench.sh):
//   - a training step = forward + backward + Adam update, on one fixed batch;
//   - a forward pass = the logits (and the loss) of that batch;
//   - the batch comes from mulberry32(1234) as in benchspec.py: id = u32 % V, tag = (next u32) % C;
//   - each figure is the median over --repeats timed runs of the mean over --steps (or --fwd-iters) calls.
// GFLOP/s counts matrix-product FLOPs only, as flops.py does (a product (m, k)·(k, n) = 2·m·n·k FLOPs;
// backward = 2 × forward), so 459.7 M per bench-tagger training step.
//
// --sweep times the same model on a grid of shapes (kSweep below: D 32-128, H 1-8, T 8-128, B 1-64, L 1-4,
// F 2-4×D, odd sizes among them), each with as many steps as fit in about --budget-ms per timed repeat;
// scripts/bench.sh runs the same grid in the reference frameworks (BENCH_D, BENCH_H, ... from --list).
//
//   attnlab bench            attnlab bench --json            attnlab bench --t 128 --batch 8
//   attnlab bench --sweep    attnlab bench --sweep --json    attnlab bench --sweep --list --json
#include <algorithm>
#include <chrono>
#include <cmath>
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
#include "engine/kernels/matmul.h"
#include "engine/models/attention_tagger.h"
#include "engine/train/cost.h"
#include "engine/train/optim.h"

namespace attnlab::cli {

namespace {

// B = sequences, T = tokens per sequence, D = width, H = heads, L = blocks, F = feed-forward width
struct Shape {
  const char* name;
  int batch, seq, dim, heads, layers, ffn;
};

// The sweep grid. bench-tagger first (the per-FLOP speeds are relative to it); then what stresses the kernels:
// narrow and wide heads (Dh = D/H from 4 to 64), odd widths (Dh 16 of D 80, Dh 32 of D 96, Dh 8 of D 48,
// T 40, 24, 56), short and long sequences, a batch of one, more blocks.
constexpr Shape kSweep[] = {
    {"bench-tagger", 32, 32, 64, 4, 2, 128},   //
    {"d32-h1", 32, 32, 32, 1, 1, 64},          // one head, Dh 32, one block, F 2×D
    {"d32-h8", 32, 32, 32, 8, 2, 128},         // Dh 4: the narrowest heads
    {"d80-h5-t40", 16, 40, 80, 5, 2, 320},     // odd: D 80, H 5, T 40, F 4×D
    {"d96-h3-t24", 32, 24, 96, 3, 2, 288},     // odd: Dh 32, T 24, F 3×D
    {"d48-h6-t16", 8, 16, 48, 6, 1, 96},       // odd: Dh 8, small everything
    {"t8-b64", 64, 8, 64, 4, 2, 128},          // the shortest sequences, the largest batch
    {"t128-b1", 1, 128, 64, 4, 2, 256},        // a batch of one long sequence
    {"d128-h8-t128", 8, 128, 128, 8, 4, 512},  // the largest: long sequences, four blocks, F 4×D
    {"d128-h2-b64", 64, 32, 128, 2, 1, 384},   // wide heads (Dh 64), F 3×D
    {"d64-l4-t64", 16, 64, 64, 4, 4, 256},     // four blocks, T 64
    {"d112-h7-t56", 8, 56, 112, 7, 3, 224},    // odd: D 112, H 7, T 56, L 3
};

struct BenchCmd {
  int vocab = 512, tags = 17, batch = 32, seq = 32, dim = 64, heads = 4, layers = 2, ffn = 128;
  int warmup = 10, steps = 20, fwd_iters = 50, repeats = 11;
  bool json = false, sweep = false, list = false, products = false;
  double budget_ms = 60;  // --sweep: the length of one timed repeat
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

// How many calls a timed repeat makes: fixed (> 0), or (0) as many as fit in budget_ms, from the time of one
// call measured during the warm-up.
struct Timing {
  int warmup, steps, fwd_iters, repeats;
  double budget_ms;
  double warm_ms = 0;  // the training warm-up lasts at least this long
};

struct Measured {
  std::vector<double> train_ms, train_cpu, fwd_ms, fwd_cpu, products_ms;
  int warmup = 0, steps = 0, fwd_iters = 0, product_iters = 0;
  size_t product_calls = 0;
  double product_flops = 0;  // what the recorded products computed: Σ 2·M·N·K (a mask may leave some out)
  float loss = 0;
  size_t parameters = 0;
  std::uint32_t checksum = 0;
  double fwd_flops = 0;
};

ModelConfig config_of(const Shape& s, int vocab, int tags) {
  ModelConfig c = bench_tagger_config();
  c.vocab = vocab, c.tags = tags, c.dim = s.dim, c.heads = s.heads, c.layers = s.layers, c.ffn = s.ffn;
  c.max_len = s.seq, c.max_batch = s.batch;
  return c;
}

// Calls f until at least `count` calls and `min_ms` have passed (at most 1000 calls); returns ms per call.
template <typename F>
double warm_up(const F& f, int count, double min_ms) {
  const double t0 = now_ms();
  int n = 0;
  do {
    f();
    ++n;
  } while ((n < count || now_ms() - t0 < min_ms) && n < 1000);
  return (now_ms() - t0) / n;
}

// ms per call of f: `repeats` timed runs of `calls` calls each, one figure per run
template <typename F>
std::vector<double> ms_per_call(const F& f, int repeats, int calls) {
  std::vector<double> ms;
  for (int r = 0; r < repeats; ++r) {
    const double t0 = now_ms();
    for (int i = 0; i < calls; ++i) f();
    ms.push_back((now_ms() - t0) / calls);
  }
  return ms;
}

int calls_in(double budget_ms, double ms_per_call) {
  return std::clamp(static_cast<int>(std::ceil(budget_ms / std::max(ms_per_call, 1e-3))), 1, 200);
}

// bench-tagger on shape s, with its one batch: benchspec.make_batches(TIMING_SEED = 1234, 1, toy = False)
struct Bench {
  std::vector<int> ids, tag_ids;
  std::uint32_t checksum = 0;  // of the data, as benchspec.py computes it
  Batch<float> batch;
  AttentionTagger<float> model;
  Adam<float> adam;  // lr 1e-3, β 0.9 / 0.999, eps 1e-8, as the references

  Bench(const Shape& s, int vocab, int tags)
      : ids(static_cast<size_t>(s.batch) * s.seq),
        tag_ids(ids.size()),
        model(checked(config_of(s, vocab, tags))),
        adam(model.num_parameters()) {
    Rng rng(1234);
    for (size_t n = 0; n < ids.size(); ++n) {
      ids[n] = static_cast<int>(rng.next_u32() % static_cast<std::uint32_t>(vocab));
      tag_ids[n] = static_cast<int>(rng.next_u32() % static_cast<std::uint32_t>(tags));
      checksum = checksum * 31u + static_cast<std::uint32_t>(ids[n]) * 17u + static_cast<std::uint32_t>(tag_ids[n]);
    }
    batch.B = s.batch, batch.T = s.seq, batch.tokens = ids.data(), batch.tags = tag_ids.data();
  }
  static ModelConfig checked(const ModelConfig& c) {
    const std::string problem = check_model_config(c);
    if (!problem.empty()) throw Error(problem);
    return c;
  }
  // a training step = forward + backward + Adam update
  void train_step() {
    model.forward(batch);
    model.zero_grad();
    model.backward();
    adam.step(model.params().values(), model.params().grads());
  }
  // the products of one training step (matmul.h)
  std::vector<ProductCall> step_products() {
    std::vector<ProductCall> log;
    record_products(&log);
    train_step();
    record_products(nullptr);
    return log;
  }
};

Measured measure(const Shape& s, int vocab, int tags, const Timing& t) {
  Bench bench(s, vocab, tags);
  Measured m;
  m.checksum = bench.checksum;
  m.parameters = bench.model.num_parameters();
  const ModelConfig& c = bench.model.config();
  auto train_step = [&] { bench.train_step(); };
  auto forward = [&] { bench.model.forward(bench.batch); };

  const bool adapt = t.steps <= 0;
  const double step_ms = warm_up(train_step, t.warmup, std::max(adapt ? 2 * t.budget_ms : 0, t.warm_ms));
  m.steps = adapt ? calls_in(t.budget_ms, step_ms) : t.steps;
  m.warmup = t.warmup;
  for (int r = 0; r < t.repeats; ++r) {
    const double t0 = now_ms(), c0 = cpu_ms();
    for (int i = 0; i < m.steps; ++i) train_step();
    m.train_ms.push_back((now_ms() - t0) / m.steps);
    m.train_cpu.push_back((cpu_ms() - c0) / m.steps);
  }
  m.loss = bench.model.loss();
  const double fwd_ms = warm_up(forward, t.warmup, adapt ? t.budget_ms : 0);
  m.fwd_iters = t.fwd_iters <= 0 ? calls_in(t.budget_ms, fwd_ms) : t.fwd_iters;
  for (int r = 0; r < t.repeats; ++r) {
    const double t0 = now_ms(), c0 = cpu_ms();
    for (int i = 0; i < m.fwd_iters; ++i) forward();
    m.fwd_ms.push_back((now_ms() - t0) / m.fwd_iters);
    m.fwd_cpu.push_back((cpu_ms() - c0) / m.fwd_iters);
  }
  m.fwd_flops = forward_matmul_flops(c, s.batch, s.seq);

  // The products alone: the products of one training step, recorded as it makes them (matmul.h), then made again
  // back to back, on the same buffers, with nothing between them. Last, because they write into the model's
  // activations and gradients (sums that grow, never shrink, so no slow denormal numbers).
  const std::vector<ProductCall> log = bench.step_products();
  m.product_calls = log.size();
  for (const ProductCall& p : log) m.product_flops += 2.0 * p.M * p.N * p.K;
  auto products = [&] { replay_products(log); };
  const double products_ms = warm_up(products, t.warmup, adapt ? t.budget_ms : 0);
  m.product_iters = adapt ? calls_in(t.budget_ms, products_ms) : t.steps;
  m.products_ms = ms_per_call(products, t.repeats, m.product_iters);
  return m;
}

nlohmann::json config_json(const Shape& s, int vocab, int tags) {
  return {{"vocab", vocab}, {"tags", tags},     {"batch", s.batch},   {"seq", s.seq},
          {"dim", s.dim},   {"heads", s.heads}, {"layers", s.layers}, {"ffn", s.ffn}};
}

nlohmann::json result_json(const Shape& s, int vocab, int tags, const Measured& m) {
  const double tm = median(m.train_ms), fm = median(m.fwd_ms), pm = median(m.products_ms);
  const double train_flops = 3 * m.fwd_flops;
  return {
      {"shape", s.name},
      {"config", config_json(s, vocab, tags)},
      {"kernels", kernels_name()},
      {"parameters", m.parameters},
      {"checksum", m.checksum},
      {"train_ms_per_step", tm},
      {"train_ms_min", *std::min_element(m.train_ms.begin(), m.train_ms.end())},
      {"train_ms_max", *std::max_element(m.train_ms.begin(), m.train_ms.end())},
      {"forward_ms", fm},
      {"forward_ms_min", *std::min_element(m.fwd_ms.begin(), m.fwd_ms.end())},
      {"train_cpu_ms_per_step", median(m.train_cpu)},
      {"forward_cpu_ms", median(m.fwd_cpu)},
      {"train_gflops", train_flops / tm / 1e6},
      {"products_ms_per_step", pm},
      {"products_gflops", train_flops / pm / 1e6},
      {"outside_products_share", std::max(0.0, 1 - pm / tm)},
      {"product_calls", m.product_calls},
      {"product_flops_made", m.product_flops},
      {"forward_gflops", m.fwd_flops / fm / 1e6},
      {"train_matmul_flops", train_flops},
      {"forward_matmul_flops", m.fwd_flops},
      {"loss", m.loss},
      {"warmup", m.warmup},
      {"steps", m.steps},
      {"fwd_iters", m.fwd_iters},
      {"product_iters", m.product_iters},
      {"repeats", static_cast<int>(m.train_ms.size())},
  };
}

void check(const BenchCmd& o) {
  if (o.vocab < 1 || o.tags < 1 || o.batch < 1 || o.seq < 1 || o.dim < 1 || o.heads < 1 || o.layers < 0 || o.ffn < 1) {
    throw Error("--vocab, --tags, --batch, --t, --d, --heads, --ff must be >= 1 and --layers >= 0");
  }
  if (o.steps < 1 || o.fwd_iters < 1 || o.repeats < 1 || o.warmup < 0) {
    throw Error("--steps, --fwd-iters, --repeats must be >= 1 and --warmup >= 0");
  }
  if (!(o.budget_ms > 0)) throw Error("--budget-ms must be > 0");
}

// --products: the products of one training step, grouped by their shape and layout, each group timed alone
// (made again back to back): where the products' time goes, and how near each kind comes to the kernel's best.
void run_products(const BenchCmd& o) {
  const Shape s{"tagger", o.batch, o.seq, o.dim, o.heads, o.layers, o.ffn};
  Bench bench(s, o.vocab, o.tags);
  for (int i = 0; i < 3; ++i) bench.train_step();
  const std::vector<ProductCall> log = bench.step_products();
  // a group: the same M, N, K, accumulation and layout (is A, is B read transposed?)
  struct Group {
    int M, N, K;
    bool at, bt, accumulate;
    std::vector<ProductCall> calls;
  };
  std::vector<Group> groups;
  for (const ProductCall& p : log) {
    const bool at = p.a.rs == 1 && p.K > 1, bt = p.b.rs == 1 && p.N > 1;
    auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& x) {
      return x.M == p.M && x.N == p.N && x.K == p.K && x.at == at && x.bt == bt && x.accumulate == p.accumulate;
    });
    if (g == groups.end()) g = groups.insert(groups.end(), Group{p.M, p.N, p.K, at, bt, p.accumulate, {}});
    g->calls.push_back(p);
  }
  std::printf(
      "the products of one training step, %zu calls in %zu kinds (B=%d T=%d D=%d H=%d L=%d F=%d); each kind\n"
      "made again alone, back to back (median of %d repeats of about %.0f ms):\n",
      log.size(), groups.size(), s.batch, s.seq, s.dim, s.heads, s.layers, s.ffn, o.repeats, o.budget_ms);
  std::printf("%6s %6s %6s %-9s %6s %10s %9s %8s\n", "M", "N", "K", "layout", "calls", "MFLOP", "ms", "GFLOP/s");
  double total_ms = 0, total_flops = 0;
  for (const Group& g : groups) {
    auto run = [&] { replay_products(g.calls); };
    const double per = warm_up(run, 3, o.budget_ms / 4);
    const double ms = median(ms_per_call(run, o.repeats, calls_in(o.budget_ms, per))),
                 flops = 2.0 * g.M * g.N * g.K * static_cast<double>(g.calls.size());
    total_ms += ms, total_flops += flops;
    const std::string layout = std::string(g.at ? "Aᵀ" : "A") + "·" + (g.bt ? "Bᵀ" : "B") + (g.accumulate ? " +=" : "");
    std::printf("%6d %6d %6d %-11s %6zu %10.2f %9.3f %8.1f\n", g.M, g.N, g.K, layout.c_str(), g.calls.size(),
                flops / 1e6, ms, flops / ms / 1e6);
  }
  std::printf("all kinds: %.3f ms, %.1f GFLOP/s (%.2f GFLOP made)\n", total_ms, total_flops / total_ms / 1e6,
              total_flops / 1e9);
}

void run_one(const BenchCmd& o) {
  const Shape s{"tagger", o.batch, o.seq, o.dim, o.heads, o.layers, o.ffn};
  const Measured m = measure(s, o.vocab, o.tags, {o.warmup, o.steps, o.fwd_iters, o.repeats, o.budget_ms});
  const Shape& ref = kSweep[0];
  const BenchCmd defaults;
  const bool is_reference = o.vocab == defaults.vocab && o.tags == defaults.tags && o.batch == ref.batch &&
                            o.seq == ref.seq && o.dim == ref.dim && o.heads == ref.heads && o.layers == ref.layers &&
                            o.ffn == ref.ffn;
  nlohmann::json j = result_json(is_reference ? ref : s, o.vocab, o.tags, m);
  if (o.json) {
    std::printf("%s\n", j.dump().c_str());
    return;
  }
  std::printf("%s: V=%d C=%d B=%d T=%d D=%d H=%d L=%d F=%d, %zu parameters, 1 thread, kernels: %s\n",
              is_reference ? "bench-tagger" : "tagger", o.vocab, o.tags, o.batch, o.seq, o.dim, o.heads, o.layers,
              o.ffn, m.parameters, kernels_name());
  std::printf("data checksum %u (mulberry32 seed 1234), loss after %d steps %.4f\n", m.checksum,
              o.warmup + o.repeats * o.steps, m.loss);
  std::printf("train step (forward + backward + Adam): %8.3f ms  (min %.3f)  %6.1f GFLOP/s  [%.1f M FLOPs]\n",
              j["train_ms_per_step"].get<double>(), j["train_ms_min"].get<double>(), j["train_gflops"].get<double>(),
              j["train_matmul_flops"].get<double>() / 1e6);
  std::printf("forward pass:                           %8.3f ms  (min %.3f)  %6.1f GFLOP/s  [%.1f M FLOPs]\n",
              j["forward_ms"].get<double>(), j["forward_ms_min"].get<double>(), j["forward_gflops"].get<double>(),
              m.fwd_flops / 1e6);
  std::printf(
      "its products alone (%zu, made again back to back): %.3f ms  %6.1f GFLOP/s; outside them: %.0f%% of the "
      "step\n",
      m.product_calls, j["products_ms_per_step"].get<double>(), j["products_gflops"].get<double>(),
      100 * j["outside_products_share"].get<double>());
  std::printf("processor time (median): train step %.3f ms, forward %.3f ms\n",
              j["train_cpu_ms_per_step"].get<double>(), j["forward_cpu_ms"].get<double>());
}

// --sweep: every shape of kSweep, one JSON line each (--json) or one table row each; --list: the shapes only.
void run_sweep(const BenchCmd& o) {
  if (o.list) {
    for (const Shape& s : kSweep) {
      const double fwd = forward_matmul_flops(config_of(s, o.vocab, o.tags), s.batch, s.seq);
      nlohmann::json j = {{"shape", s.name},
                          {"config", config_json(s, o.vocab, o.tags)},
                          {"forward_matmul_flops", fwd},
                          {"train_matmul_flops", 3 * fwd}};
      if (o.json) {
        std::printf("%s\n", j.dump().c_str());
      } else {
        std::printf("%-14s B=%-3d T=%-4d D=%-4d H=%d L=%d F=%-4d  %8.1f M FLOPs per training step\n", s.name, s.batch,
                    s.seq, s.dim, s.heads, s.layers, s.ffn, 3 * fwd / 1e6);
      }
    }
    return;
  }
  // (each figure: the median of --repeats repeats of about --budget-ms; 5 repeats unless asked for more)
  const BenchCmd defaults;
  const int repeats = o.repeats == defaults.repeats ? 5 : o.repeats;
  const Timing t{std::min(o.warmup, 3), 0, 0, repeats, o.budget_ms};
  if (!o.json) {
    std::printf("bench --sweep: the bench-tagger model on %zu shapes, V=%d C=%d, 1 thread, kernels: %s\n",
                std::size(kSweep), o.vocab, o.tags, kernels_name());
    std::printf("%-14s %4s %4s %4s %2s %2s %4s %14s %11s %9s %13s %12s %8s\n", "shape", "B", "T", "D", "H", "L", "F",
                "train ms/step", "forward ms", "GFLOP/s", "vs bench-tagger", "products ms", "outside");
  }
  double reference_gflops = 0;
  for (const Shape& s : kSweep) {
    // The first shape warms up for a second: under Node, V8 compiles the hot functions again, optimized, in the
    // background, and the first shape's timed repeats were otherwise partly run before that (bench-tagger in
    // WebAssembly measured 26 ms a step first in the sweep, 19 alone).
    Timing ts = t;
    if (&s == &kSweep[0]) ts.warm_ms = 1000;
    const Measured m = measure(s, o.vocab, o.tags, ts);
    const nlohmann::json j = result_json(s, o.vocab, o.tags, m);
    const double gflops = j["train_gflops"].get<double>();
    if (&s == &kSweep[0]) reference_gflops = gflops;
    if (o.json) {
      std::printf("%s\n", j.dump().c_str());
    } else {
      std::printf("%-14s %4d %4d %4d %2d %2d %4d %14.3f %11.3f %9.1f %12.0f%% %12.3f %7.0f%%\n", s.name, s.batch, s.seq,
                  s.dim, s.heads, s.layers, s.ffn, j["train_ms_per_step"].get<double>(), j["forward_ms"].get<double>(),
                  gflops, 100 * gflops / reference_gflops, j["products_ms_per_step"].get<double>(),
                  100 * j["outside_products_share"].get<double>());
    }
    std::fflush(stdout);
  }
  if (!o.json) {
    std::printf(
        "(GFLOP/s: matrix-product FLOPs of a training step per second, as flops.py counts them; the last\n"
        " column but two: this shape's GFLOP/s as a share of bench-tagger's; products ms: the step's products made\n"
        " again alone, back to back; outside: the share of the step's time spent outside them)\n");
  }
}

void setup_bench(CLI::App& root) {
  static BenchCmd o;
  auto* cmd = root.add_subcommand("bench",
                                  "Time the reference model bench-tagger (or --sweep: a grid of shapes): median ms "
                                  "per training step (forward + backward + Adam) and per forward pass, one thread");
  cmd->add_option("--vocab", o.vocab, "Vocabulary V")->capture_default_str();
  cmd->add_option("--tags", o.tags, "Tags C")->capture_default_str();
  cmd->add_option("--batch", o.batch, "Sequences per batch B")->capture_default_str();
  cmd->add_option("--t,--seq", o.seq, "Tokens per sequence T")->capture_default_str();
  cmd->add_option("--d,--dim", o.dim, "Model width D")->capture_default_str();
  cmd->add_option("--heads", o.heads, "Heads H (must divide D)")->capture_default_str();
  cmd->add_option("--layers", o.layers, "Blocks L")->capture_default_str();
  cmd->add_option("--ff,--ffn", o.ffn, "Feed-forward width F")->capture_default_str();
  cmd->add_option("--warmup", o.warmup, "Untimed steps (and forward passes) first")->capture_default_str();
  cmd->add_option("--steps", o.steps, "Training steps per timed repeat")->capture_default_str();
  cmd->add_option("--fwd-iters", o.fwd_iters, "Forward passes per timed repeat")->capture_default_str();
  cmd->add_option("--repeats", o.repeats, "Timed repeats (the median is reported; --sweep: 5 unless given)")
      ->capture_default_str();
  cmd->add_flag("--sweep", o.sweep,
                "Time every shape of the sweep grid (D 32-128, H 1-8, T 8-128, B 1-64, L 1-4, F 2-4xD); "
                "steps per repeat adapt to --budget-ms");
  cmd->add_option("--budget-ms", o.budget_ms, "--sweep: about how long one timed repeat runs")->capture_default_str();
  cmd->add_flag("--list", o.list, "--sweep: print the grid's shapes (and FLOPs) without timing them");
  cmd->add_flag("--json", o.json, "Print one JSON object (--sweep: one per shape, a line each)");
  cmd->add_flag("--products", o.products,
                "Time the products of one training step by kind (M, N, K, layout), each kind alone: where the "
                "products' time goes");
  cmd->callback([] {
    check(o);
    if (o.list && !o.sweep) throw Error("--list goes with --sweep");
    if (o.products && (o.sweep || o.json)) throw Error("--products goes without --sweep and --json");
    if (o.products) {
      run_products(o);
    } else if (o.sweep) {
      run_sweep(o);
    } else {
      run_one(o);
    }
  });
}

}  // namespace

ATTNLAB_COMMAND(setup_bench)

}  // namespace attnlab::cli
