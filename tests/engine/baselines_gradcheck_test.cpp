// Finite-difference gradient checks of every tagging model behind the common interface (model.h): the
// window FC, the CNN, the Elman and GRU RNNs (one- and two-directional) and the attention adapter (also on
// batches of graphs, one adjacency matrix per graph). One harness (gradcheck.h) serves all because every
// model keeps its parameters in one flat ParamStore: nudge each parameter by ±h, compare
// (L(θ+h) − L(θ−h)) / 2h with the analytic gradient.
// Batches have sequences of different lengths, so padding is checked too. Double precision throughout.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "engine/core/rng.h"
#include "engine/models/attention_tagger.h"
#include "engine/models/model.h"
#include "tests/engine/gradcheck.h"

namespace attnlab {
namespace {

struct ModelCase {
  std::string name;
  ModelConfig config;
  bool graph = false;  // give the batch one allow matrix per sequence
};

std::ostream& operator<<(std::ostream& os, const ModelCase& c) { return os << c.name; }

ModelConfig small(ModelKind kind, InputMode input) {
  ModelConfig m;
  m.kind = kind;
  ModelConfig& c = m;
  c.input = input;
  c.vocab = 7;
  c.input_dim = 3;
  c.tags = 3;
  c.dim = 4;
  c.heads = 2;
  c.layers = 1;
  c.ffn = 6;
  c.max_len = 6;
  c.max_batch = 3;
  c.seed = 5;
  m.hidden = 5;
  return m;
}

// An image model: 3 rows of 4 pixels (as Trainer::fit_to_data sets it from the image task).
void image(ModelConfig& m) {
  m.grid_w = 4, m.grid_h = 3, m.mask.grid_w = 4;
  m.max_len = 12;
}

ModelCase make_case(const std::string& name, ModelKind kind, InputMode input, void (*edit)(ModelConfig&) = nullptr,
                    bool graph = false) {
  ModelCase c{name, small(kind, input), graph};
  if (edit != nullptr) edit(c.config);
  return c;
}

// A batch of 3 sequences with lengths 5, 3, 1 (T = 5), random tokens/features/tags, optional graphs; for a
// model of images (grid_w > 0), 3 whole images of grid_h × grid_w pixels.
struct TestBatch {
  std::vector<int> tokens, tags, lengths{5, 3, 1};
  std::vector<double> features;
  std::vector<std::uint8_t> allow;
  Batch<double> batch;
  TestBatch(const ModelConfig& m, bool graph, std::uint32_t seed) {
    const int B = 3, T = m.grid_w > 0 ? m.grid_w * m.grid_h : 5;
    if (m.grid_w > 0) lengths.assign(B, T);
    Rng rng(seed);
    tokens.resize(B * T);
    tags.resize(B * T);
    features.resize(B * T * m.input_dim);
    for (int n = 0; n < B * T; ++n) {
      tokens[n] = static_cast<int>(rng.below(m.vocab));
      tags[n] = static_cast<int>(rng.below(m.tags));
    }
    for (double& f : features) f = rng.uniform(-1, 1);
    batch.B = B;
    batch.T = T;
    batch.tokens = tokens.data();
    batch.features = features.data();
    batch.tags = tags.data();
    batch.lengths = lengths.data();
    if (graph) {
      allow.assign(B * T * T, 0);
      for (int b = 0; b < B; ++b) {
        for (int i = 0; i < lengths[b]; ++i) {
          for (int j = 0; j < lengths[b]; ++j) allow[(b * T + i) * T + j] = (i != j && rng.below(2) == 0) ? 1 : 0;
        }
      }
      batch.allow = allow.data();
    }
  }
};

class ModelGradCheck : public ::testing::TestWithParam<ModelCase> {};

TEST_P(ModelGradCheck, MatchesCentralDifferences) {
  const ModelCase& c = GetParam();
  gradcheck::ModelProblem p;
  p.model = make_model<double>(c.config);
  TestBatch tb(c.config, c.graph, 11);
  p.batch = tb.batch;
  gradcheck::Tolerance tol;
  tol.min_checked = 21;
  gradcheck::run_gradcheck(p, tol, c.name);
}

INSTANTIATE_TEST_SUITE_P(
    Models, ModelGradCheck,
    ::testing::Values(
        make_case("window_k3_tokens", ModelKind::window, InputMode::tokens),
        make_case("window_k5_features", ModelKind::window, InputMode::features, [](ModelConfig& m) { m.window = 5; }),
        make_case("window_k1_tokens", ModelKind::window, InputMode::tokens, [](ModelConfig& m) { m.window = 1; }),
        make_case("cnn_k3_l2_tokens", ModelKind::cnn, InputMode::tokens),
        make_case("cnn_k5_l1_features", ModelKind::cnn, InputMode::features,
                  [](ModelConfig& m) { m.kernel = 5, m.cnn_layers = 1; }),
        make_case("cnn_k3_l3_tokens", ModelKind::cnn, InputMode::tokens, [](ModelConfig& m) { m.cnn_layers = 3; }),
        make_case("elman_uni_tokens", ModelKind::rnn, InputMode::tokens,
                  [](ModelConfig& m) { m.cell = RnnCell::elman; }),
        make_case("elman_bi_features", ModelKind::rnn, InputMode::features,
                  [](ModelConfig& m) { m.cell = RnnCell::elman, m.bidirectional = true; }),
        make_case("gru_uni_tokens", ModelKind::rnn, InputMode::tokens),
        make_case("gru_bi_tokens", ModelKind::rnn, InputMode::tokens, [](ModelConfig& m) { m.bidirectional = true; }),
        make_case("gru_bi_features", ModelKind::rnn, InputMode::features,
                  [](ModelConfig& m) { m.bidirectional = true; }),
        make_case("attention_tokens", ModelKind::attention, InputMode::tokens),
        make_case(
            "attention_graph", ModelKind::attention, InputMode::features, [](ModelConfig& m) { m.pe = PosEnc::none; },
            /*graph=*/true),
        // images of 3 rows × 4 columns: the 2-D window FC and CNN (k×k kernels), attention with the 2-D
        // positional encodings (learned: the row and column tables) and the 2-D window mask
        make_case("window_3x3_image", ModelKind::window, InputMode::features, image),
        make_case("cnn_3x3_l2_image", ModelKind::cnn, InputMode::features, image),
        make_case("cnn_5x5_l1_image", ModelKind::cnn, InputMode::features,
                  [](ModelConfig& m) { image(m), m.kernel = 5, m.cnn_layers = 1; }),
        make_case("attention_learned_2d_image", ModelKind::attention, InputMode::features,
                  [](ModelConfig& m) { image(m), m.pe = PosEnc::learned; }),
        make_case("attention_sinusoidal_2d_window1_image", ModelKind::attention, InputMode::features,
                  [](ModelConfig& m) { image(m), m.mask.window = 1; }),
        make_case("attention_alibi_2d_image", ModelKind::attention, InputMode::features,
                  [](ModelConfig& m) { image(m), m.pe = PosEnc::alibi; })),
    [](const ::testing::TestParamInfo<ModelCase>& p) { return p.param.name; });

// A batch of graphs (one adjacency matrix per graph) gives the same logits and loss as the graphs one by one.
TEST(AttentionModel, GraphBatchEqualsGraphsOneByOne) {
  ModelConfig m = small(ModelKind::attention, InputMode::features);
  m.pe = PosEnc::none;
  m.layers = 2;
  auto model = make_model<double>(m);
  TestBatch tb(m, /*graph=*/true, 3);
  std::string error;
  ASSERT_TRUE(model->forward(tb.batch, &error)) << error;
  const MatT<double> all = model->logits();
  const int T = tb.batch.T, Din = m.input_dim;
  double loss_sum = 0;
  int tagged = 0;
  for (int b = 0; b < tb.batch.B; ++b) {
    const int len = tb.lengths[b];
    std::vector<std::uint8_t> allow(len * len);
    for (int i = 0; i < len; ++i) {
      for (int j = 0; j < len; ++j) allow[i * len + j] = tb.allow[(b * T + i) * T + j];
    }
    Batch<double> one;
    one.B = 1;
    one.T = len;
    one.features = tb.features.data() + static_cast<long>(b) * T * Din;
    one.tags = tb.tags.data() + b * T;
    one.allow = allow.data();
    ASSERT_TRUE(model->forward(one, &error)) << error;
    for (int i = 0; i < len; ++i) {
      for (int c = 0; c < m.tags; ++c) EXPECT_NEAR(model->logits()(i, c), all(b * T + i, c), 1e-12);
    }
    loss_sum += model->loss() * len;
    tagged += len;
  }
  ASSERT_TRUE(model->forward(tb.batch, &error));
  EXPECT_NEAR(model->loss(), loss_sum / tagged, 1e-12);
  // attention never crosses from one graph into another (nor into padding), and follows the edges only
  for (int b = 0; b < tb.batch.B; ++b) {
    const CView<double> w = model->attention_weights(0, b, 0);
    ASSERT_EQ(w.rows(), T);
    for (int i = 0; i < T; ++i) {
      double row_sum = 0;
      for (int j = 0; j < T; ++j) {
        const bool edge = i < tb.lengths[b] && j < tb.lengths[b] && tb.allow[(b * T + i) * T + j] != 0;
        if (!edge) {
          EXPECT_EQ(w(i, j), 0.0) << "graph " << b << " node " << i << " -> " << j;
        }
        row_sum += w(i, j);
      }
      bool any_edge = false;
      for (int j = 0; j < tb.lengths[b] && i < tb.lengths[b]; ++j) any_edge |= tb.allow[(b * T + i) * T + j] != 0;
      EXPECT_NEAR(row_sum, any_edge ? 1.0 : 0.0, 1e-12);
    }
  }
}

// Positions inside each graph are its own (0 .. len − 1): with a positional encoding a graph's logits do not
// depend on which other graphs share its batch.
TEST(AttentionModel, GraphPositionsAreLocalToEachGraph) {
  ModelConfig m = small(ModelKind::attention, InputMode::features);
  m.pe = PosEnc::sinusoidal;
  auto model = make_model<double>(m);
  TestBatch tb(m, /*graph=*/true, 3);
  std::string error;
  ASSERT_TRUE(model->forward(tb.batch, &error)) << error;
  const MatT<double> all = model->logits();
  const int T = tb.batch.T, Din = m.input_dim, b = 1, len = tb.lengths[b];
  Batch<double> one;
  one.B = 1, one.T = T, one.lengths = &tb.lengths[b];
  one.features = tb.features.data() + static_cast<long>(b) * T * Din;
  one.tags = tb.tags.data() + b * T;
  one.allow = tb.allow.data() + static_cast<long>(b) * T * T;
  ASSERT_TRUE(model->forward(one, &error)) << error;
  for (int i = 0; i < len; ++i) {
    for (int c = 0; c < m.tags; ++c) EXPECT_NEAR(model->logits()(i, c), all(b * T + i, c), 1e-12);
  }
}

// Padding: what a model says about the real tokens does not depend on the padding after them.
TEST(Baselines, PaddingDoesNotLeakIntoRealPositions) {
  for (ModelKind kind : {ModelKind::window, ModelKind::cnn, ModelKind::rnn}) {
    for (bool bi : {false, true}) {
      ModelConfig m = small(kind, InputMode::tokens);
      m.bidirectional = bi;
      auto model = make_model<double>(m);
      TestBatch tb(m, false, 7);
      std::string error;
      ASSERT_TRUE(model->forward(tb.batch, &error)) << error;
      const MatT<double> before = model->logits();
      for (int b = 0; b < 3; ++b) {
        for (int t = tb.lengths[b]; t < 5; ++t) tb.tokens[b * 5 + t] = (tb.tokens[b * 5 + t] + 3) % 7;
      }
      ASSERT_TRUE(model->forward(tb.batch, &error)) << error;
      for (int b = 0; b < 3; ++b) {
        for (int t = 0; t < tb.lengths[b]; ++t) {
          for (int c = 0; c < 3; ++c) EXPECT_EQ(model->logits()(b * 5 + t, c), before(b * 5 + t, c)) << describe(m);
        }
      }
    }
  }
}

TEST(ModelConfig, BadSettingsAreExplained) {
  ModelConfig m = small(ModelKind::window, InputMode::tokens);
  m.window = 4;
  EXPECT_NE(check_model_config(m).find("odd"), std::string::npos);
  m = small(ModelKind::cnn, InputMode::tokens);
  m.cnn_layers = 0;
  EXPECT_NE(check_model_config(m).find("at least 1 layer"), std::string::npos);
  m = small(ModelKind::attention, InputMode::tokens);
  m.heads = 3;
  EXPECT_NE(check_model_config(m).find("must divide"), std::string::npos);
  EXPECT_THROW(make_model<float>(m), std::invalid_argument);
  // a weight whose rows would not fit in an int (k x k pixels x D, 4 x Hd gate columns): refused, not overflowed
  m = small(ModelKind::cnn, InputMode::tokens);
  m.grid_w = m.grid_h = 4, m.kernel = 46341;  // 46341² > 2³¹
  EXPECT_NE(check_model_config(m).find("too large"), std::string::npos) << check_model_config(m);
  m = small(ModelKind::window, InputMode::tokens);
  m.window = 1 << 27 | 1, m.dim = 16;
  EXPECT_NE(check_model_config(m).find("too large"), std::string::npos) << check_model_config(m);
  m.grid_w = m.grid_h = 4, m.window = 2147483647, m.hidden = 1 << 30;  // (k² · width does not fit in 64 bits)
  EXPECT_NE(check_model_config(m).find("too large"), std::string::npos) << check_model_config(m);
  m = small(ModelKind::rnn, InputMode::tokens);
  m.hidden = 1 << 29;
  EXPECT_NE(check_model_config(m).find("too wide"), std::string::npos) << check_model_config(m);
  m = small(ModelKind::attention, InputMode::tokens);
  m.grid_w = 8, m.grid_h = 536871167;  // 8 x that passes 2³¹
  EXPECT_NE(check_model_config(m).find("too large"), std::string::npos) << check_model_config(m);
  // a parameter limit is checked as the tensors are registered (the first one over it names itself)
  m = small(ModelKind::cnn, InputMode::tokens);
  m.cnn_layers = 100000, m.max_parameters = 1000;
  try {
    make_model<float>(m);
    ADD_FAILURE() << "a model over its parameter limit was built";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("more than the 1000 parameters allowed"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace attnlab
