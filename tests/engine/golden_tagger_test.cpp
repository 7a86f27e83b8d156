// The whole tagger against PyTorch: golden fixtures tests/golden/tagger_<name>.json, made in float64 with
// autograd and torch.optim.Adam by tests/golden/make_tagger_golden.py (see tests/golden/README.md).
//
// Each fixture holds a configuration, one padded batch, every parameter under the engine's name and shape,
// and what torch computed from exactly those numbers: the logits at the real positions, the loss, every
// parameter's gradient (and d loss / d features in features mode), the loss before and after each of 5 Adam
// steps on the same batch, and how far each tensor moved in those 5 steps (‖p5 − p0‖).
//
// AttentionTagger<double> must agree to rtol 1e-9 and AttentionTagger<float> to rtol 1e-4. An element is compared relative to
// max(|want|, floor · the largest |want| of its tensor), floor = 1e-2 (double) or 0.25 (float), so entries
// that are tiny through cancellation are held to the accuracy of their tensor instead of to digits they cannot
// have (measured: double ~5e-14, float ~4e-6 of the tensor's largest value). Tensors whose gradient is 0 in
// exact arithmetic (the fixture lists them: the key bias bk under softmax, which adds the same number to every
// score of a row) are compared against the largest gradient of the whole model, and their movement under
// Adam (driven by rounding noise in both torch and the engine) is not compared.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/models/attention_tagger.h"
#include "engine/train/optim.h"

namespace attnlab {
namespace {

using nlohmann::json;

// Every fixture file tests/golden/tagger_*.json, by name (GoldenTagger.EveryFixtureFileIsListed checks).
const char* const kFixtures[] = {"sinusoidal_softmax", "learned_gelu",      "nope_causal",
                                 "alibi_window_h4",    "sigmoid_nobias_l1", "features_l3"};

std::string golden_dir() { return std::string(ATTNLAB_SOURCE_DIR) + "/tests/golden"; }
std::string fixture_path(const std::string& name) { return golden_dir() + "/tagger_" + name + ".json"; }

json read_fixture(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str());  // throws with the position on malformed JSON
}

// ------------------------------------------------------------------------------------- fixture → engine

template <typename Enum>
Enum parse_enum(const json& j, const char* key) {
  Enum e{};
  const std::string name = j.at(key).get<std::string>();
  if (!from_string(name, &e)) throw std::runtime_error(std::string("config.") + key + ": unknown value " + name);
  return e;
}

ModelConfig config_from(const json& j) {
  static const std::set<std::string> known = {"input",    "vocab", "input_dim",  "tags",    "dim",       "heads",
                                              "layers",   "ffn",   "activation", "max_len", "max_batch", "pe",
                                              "pe_scale", "norm",  "relevance",  "mask",    "attn_bias", "ln_eps"};
  for (auto it = j.begin(); it != j.end(); ++it) {  // a setting this test would silently ignore is an error
    if (known.count(it.key()) == 0) throw std::runtime_error("config: unknown key " + it.key());
  }
  for (auto it = j.at("mask").begin(); it != j.at("mask").end(); ++it) {
    if (it.key() != "causal" && it.key() != "window") throw std::runtime_error("config.mask: unknown key " + it.key());
  }
  ModelConfig c;
  c.input = parse_enum<InputMode>(j, "input");
  c.vocab = j.at("vocab").get<int>();
  c.input_dim = j.at("input_dim").get<int>();
  c.tags = j.at("tags").get<int>();
  c.dim = j.at("dim").get<int>();
  c.heads = j.at("heads").get<int>();
  c.layers = j.at("layers").get<int>();
  c.ffn = j.at("ffn").get<int>();
  c.activation = parse_enum<Activation>(j, "activation");
  c.max_len = j.at("max_len").get<int>();
  c.max_batch = j.at("max_batch").get<int>();
  c.pe = parse_enum<PosEnc>(j, "pe");
  c.pe_scale = j.at("pe_scale").get<float>();  // the sinusoidal table's amplitude s (a float, as in ModelConfig)
  c.norm = parse_enum<AttnNorm>(j, "norm");
  c.relevance = parse_enum<Relevance>(j, "relevance");
  c.mask.causal = j.at("mask").at("causal").get<bool>();
  c.mask.window = j.at("mask").at("window").get<int>();
  c.attn_bias = j.at("attn_bias").get<bool>();
  c.ln_eps = j.at("ln_eps").get<float>();  // a float in ModelConfig; the generator uses the same (double)1e-5f
  return c;
}

// Copies the fixture's parameters into the store by name. Returns "" or every problem found: a tensor the
// engine has and the fixture lacks, a shape or length mismatch, a fixture tensor the engine does not have.
template <typename Real>
std::string load_params(const json& params, ParamStore<Real>& store) {
  std::string problems;
  for (std::size_t i = 0; i < store.tensors().size(); ++i) {
    const ParamInfo& info = store.tensors()[i];
    const std::string shape = "(" + std::to_string(info.rows) + ", " + std::to_string(info.cols) + ")";
    if (!params.contains(info.name)) {
      problems += "missing in the fixture: " + info.name + " " + shape + "\n";
      continue;
    }
    const json& p = params.at(info.name);
    const std::vector<int> want_shape = p.at("shape").get<std::vector<int>>();
    const std::vector<double> values = p.at("values").get<std::vector<double>>();
    if (want_shape != std::vector<int>{info.rows, info.cols} || values.size() != info.size()) {
      problems += "shape of " + info.name + ": engine " + shape + ", fixture " + p.at("shape").dump() + " with " +
                  std::to_string(values.size()) + " values\n";
      continue;
    }
    View<Real> v = store.value(i);
    for (int r = 0; r < info.rows; ++r) {
      for (int c = 0; c < info.cols; ++c) v(r, c) = static_cast<Real>(values[static_cast<size_t>(r) * info.cols + c]);
    }
  }
  for (auto it = params.begin(); it != params.end(); ++it) {
    if (store.find(it.key()) < 0) problems += "not a parameter of the engine: " + it.key() + "\n";
  }
  return problems;
}

// ------------------------------------------------------------------------------------------ comparison

// The largest error of one kind of quantity, and where it was.
struct Worst {
  double err = 0;
  std::string where = "-";
  void add(double e, const std::string& w) {
    if (!(e <= err)) {  // NaN sticks
      err = e;
      where = w;
    }
  }
};

// |got − want| / max(|want|, floor); NaN if got is not finite.
double rel_err(double got, double want, double floor) {
  if (!std::isfinite(got)) return std::nan("");
  return std::abs(got - want) / std::max({std::abs(want), floor, 1e-300});
}

double max_abs(const std::vector<double>& v) {
  double m = 0;
  for (double x : v) m = std::max(m, std::abs(x));
  return m;
}

// Compares a tensor element by element; reports the first 3 elements out of tolerance and how many there are.
template <typename Real>
void compare_tensor(Worst& worst, const std::string& name, const Real* got, const std::vector<double>& want,
                    double floor, double rtol) {
  int bad = 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    const double e = rel_err(static_cast<double>(got[i]), want[i], floor);
    worst.add(e, name + "[" + std::to_string(i) + "]");
    if (!(e <= rtol) && ++bad <= 3) {
      ADD_FAILURE() << name << "[" << i << "]: engine " << static_cast<double>(got[i]) << ", torch " << want[i]
                    << ", error " << e << " > " << rtol;
    }
  }
  if (bad > 3) ADD_FAILURE() << name << ": " << bad << " of " << want.size() << " elements out of tolerance";
}

template <typename Real>
const char* type_name() {
  return sizeof(Real) == sizeof(double) ? "double" : "float";
}

// ---------------------------------------------------------------------------------------------- the test

template <typename Real>
void check_fixture(const std::string& name, double rtol, double floor_factor) {
  json fx;
  ASSERT_NO_THROW(fx = read_fixture(fixture_path(name))) << fixture_path(name);
  ModelConfig cfg;
  ASSERT_NO_THROW(cfg = config_from(fx.at("config"))) << name;
  AttentionTagger<Real> model(cfg);
  const std::string problems = load_params(fx.at("params"), model.params());
  ASSERT_EQ(problems, "") << name << ": the fixture's parameters do not fit the engine's tagger:\n" << problems;

  // the batch
  const json& jb = fx.at("batch");
  const int B = jb.at("B").get<int>(), T = jb.at("T").get<int>(), N = B * T;
  const std::vector<int> lengths = jb.at("lengths").get<std::vector<int>>();
  const std::vector<int> tags = jb.at("tags").get<std::vector<int>>();
  std::vector<int> tokens;
  std::vector<Real> features;
  ASSERT_EQ(lengths.size(), static_cast<size_t>(B));
  ASSERT_EQ(tags.size(), static_cast<size_t>(N));
  Batch<Real> batch;
  batch.B = B;
  batch.T = T;
  batch.tags = tags.data();
  batch.lengths = lengths.data();
  if (cfg.input == InputMode::tokens) {
    tokens = jb.at("tokens").get<std::vector<int>>();
    ASSERT_EQ(tokens.size(), static_cast<size_t>(N));
    batch.tokens = tokens.data();
  } else {
    for (double f : jb.at("features").get<std::vector<double>>()) features.push_back(static_cast<Real>(f));
    ASSERT_EQ(features.size(), static_cast<size_t>(N) * cfg.input_dim);
    batch.features = features.data();
  }

  // forward: logits at the real positions, loss
  const json& ex = fx.at("expected");
  std::string error;
  ASSERT_TRUE(model.forward(batch, &error)) << error;
  Worst w_logits, w_loss, w_grads, w_adam, w_delta;
  const json& jl = ex.at("logits");
  ASSERT_EQ(jl.size(), static_cast<size_t>(N));
  double logit_scale = 0;
  for (const json& row : jl) {
    if (!row.is_null()) logit_scale = std::max(logit_scale, max_abs(row.get<std::vector<double>>()));
  }
  for (int n = 0; n < N; ++n) {
    const int b = n / T, t = n % T;
    ASSERT_EQ(jl[static_cast<size_t>(n)].is_null(), t >= lengths[static_cast<size_t>(b)]) << "logits row " << n;
    if (t >= lengths[static_cast<size_t>(b)]) continue;  // padded position: nothing to compare
    const std::vector<double> want = jl[static_cast<size_t>(n)].get<std::vector<double>>();
    ASSERT_EQ(want.size(), static_cast<size_t>(cfg.tags));
    const Real* got = model.logits().data() + static_cast<long>(n) * cfg.tags;
    compare_tensor(w_logits, "logits row " + std::to_string(n), got, want, floor_factor * logit_scale, rtol);
  }
  {
    const double e = rel_err(static_cast<double>(model.loss()), ex.at("loss").get<double>(), 0);
    w_loss.add(e, "loss");
    EXPECT_LE(e, rtol) << "loss: engine " << model.loss() << ", torch " << ex.at("loss").get<double>();
  }

  // backward: every parameter's gradient (and the features' in features mode)
  model.zero_grad();
  model.backward();
  const json& jg = ex.at("grads");
  const json& ja = fx.at("adam");
  const std::vector<std::string> zero = ja.at("zero_gradient").get<std::vector<std::string>>();
  const auto is_zero = [&](const std::string& n) { return std::find(zero.begin(), zero.end(), n) != zero.end(); };
  double grad_scale = 0;  // the largest gradient of the model
  for (auto it = jg.begin(); it != jg.end(); ++it) {
    grad_scale = std::max(grad_scale, max_abs(it->get<std::vector<double>>()));
  }
  ASSERT_EQ(jg.size(), model.params().tensors().size()) << "the fixture must give every parameter's gradient";
  for (std::size_t i = 0; i < model.params().tensors().size(); ++i) {
    const ParamInfo& info = model.params().tensors()[i];
    ASSERT_TRUE(jg.contains(info.name)) << "no expected gradient for " << info.name;
    const std::vector<double> want = jg.at(info.name).get<std::vector<double>>();
    ASSERT_EQ(want.size(), info.size()) << info.name;
    const double floor = floor_factor * (is_zero(info.name) ? grad_scale : max_abs(want));
    compare_tensor(w_grads, "grad " + info.name, model.params().grads() + info.offset, want, floor, rtol);
  }
  if (cfg.input == InputMode::features) {
    const std::vector<double> want = ex.at("grad_features").get<std::vector<double>>();
    ASSERT_EQ(want.size(), static_cast<size_t>(N) * cfg.input_dim);
    ASSERT_NE(model.input_grad(), nullptr);
    compare_tensor(w_grads, "grad features", model.input_grad(), want, floor_factor * max_abs(want), rtol);
  } else {
    EXPECT_FALSE(ex.contains("grad_features"));
  }

  // 5 Adam steps on the same batch: the loss after each, and how far every tensor moved
  AdamConfig ac;
  ac.lr = ja.at("lr").get<double>();
  ac.beta1 = ja.at("beta1").get<double>();
  ac.beta2 = ja.at("beta2").get<double>();
  ac.eps = ja.at("eps").get<double>();
  const std::vector<double> losses = ja.at("losses").get<std::vector<double>>();
  ASSERT_GE(losses.size(), 2u);
  Adam<Real> adam(model.num_parameters(), ac);
  const std::vector<Real> p0(model.params().values(), model.params().values() + model.num_parameters());
  for (std::size_t step = 1; step < losses.size(); ++step) {
    adam.step(model.params().values(), model.params().grads());
    ASSERT_TRUE(model.forward(batch, &error)) << error;
    const double e = rel_err(static_cast<double>(model.loss()), losses[step], 0);
    w_adam.add(e, "loss after step " + std::to_string(step));
    EXPECT_LE(e, rtol) << "loss after Adam step " << step << ": engine " << model.loss() << ", torch " << losses[step];
    model.zero_grad();
    model.backward();
  }
  const json& jd = ja.at("delta_norms");
  for (std::size_t i = 0; i < model.params().tensors().size(); ++i) {
    const ParamInfo& info = model.params().tensors()[i];
    if (is_zero(info.name)) {
      EXPECT_FALSE(jd.contains(info.name)) << info.name;
      continue;
    }
    ASSERT_TRUE(jd.contains(info.name)) << "no expected movement for " << info.name;
    double sq = 0;
    for (std::size_t k = info.offset; k < info.offset + info.size(); ++k) {
      const double d = static_cast<double>(model.params().values()[k]) - static_cast<double>(p0[k]);
      sq += d * d;
    }
    const double want = jd.at(info.name).get<double>();
    const double e = rel_err(std::sqrt(sq), want, 0);
    w_delta.add(e, info.name);
    EXPECT_LE(e, rtol) << "|p5 - p0| of " << info.name << ": engine " << std::sqrt(sq) << ", torch " << want;
  }

  std::printf(
      "[golden tagger] %-19s %-6s max error: logits %.1e (%s), loss %.1e, grads %.1e (%s), "
      "Adam losses %.1e (%s), |p5-p0| %.1e (%s)\n",
      name.c_str(), type_name<Real>(), w_logits.err, w_logits.where.c_str(), w_loss.err, w_grads.err,
      w_grads.where.c_str(), w_adam.err, w_adam.where.c_str(), w_delta.err, w_delta.where.c_str());
}

class GoldenTaggerFixture : public ::testing::TestWithParam<const char*> {};

TEST_P(GoldenTaggerFixture, DoubleMatchesTorch) { check_fixture<double>(GetParam(), 1e-9, 1e-2); }
TEST_P(GoldenTaggerFixture, FloatMatchesTorch) { check_fixture<float>(GetParam(), 1e-4, 0.25); }

INSTANTIATE_TEST_SUITE_P(Golden, GoldenTaggerFixture, ::testing::ValuesIn(kFixtures),
                         [](const ::testing::TestParamInfo<const char*>& p) { return std::string(p.param); });

// A fixture added to tests/golden without being listed above would never run.
TEST(GoldenTagger, EveryFixtureFileIsListed) {
  std::set<std::string> on_disk, listed(std::begin(kFixtures), std::end(kFixtures));
  for (const auto& entry : std::filesystem::directory_iterator(golden_dir())) {
    const std::string file = entry.path().filename().string();
    const std::string prefix = "tagger_", suffix = ".json";
    if (file.size() > prefix.size() + suffix.size() && file.compare(0, prefix.size(), prefix) == 0 &&
        file.compare(file.size() - suffix.size(), suffix.size(), suffix) == 0) {
      on_disk.insert(file.substr(prefix.size(), file.size() - prefix.size() - suffix.size()));
    }
  }
  EXPECT_EQ(on_disk, listed);
}

// The loader names what does not fit, instead of comparing against the wrong numbers.
TEST(GoldenTagger, LoaderRejectsMissingExtraAndMisshapenParameters) {
  const json fx = read_fixture(fixture_path(kFixtures[0]));
  AttentionTagger<double> model(config_from(fx.at("config")));
  EXPECT_EQ(load_params(fx.at("params"), model.params()), "");

  json missing = fx.at("params");
  missing.erase("block1.ffn.w2");
  EXPECT_NE(load_params(missing, model.params()).find("missing in the fixture: block1.ffn.w2 (16, 8)"),
            std::string::npos);

  json extra = fx.at("params");
  extra["block2.ffn.w2"] = extra.at("block1.ffn.w2");
  EXPECT_NE(load_params(extra, model.params()).find("not a parameter of the engine: block2.ffn.w2"), std::string::npos);

  json transposed = fx.at("params");
  transposed["head.w"]["shape"] = json::array({5, 8});
  EXPECT_NE(load_params(transposed, model.params()).find("shape of head.w: engine (8, 5), fixture [5,8]"),
            std::string::npos);

  json unknown = fx.at("config");
  unknown["dropout"] = 0.1;
  EXPECT_THROW(config_from(unknown), std::runtime_error);
}

}  // namespace
}  // namespace attnlab
