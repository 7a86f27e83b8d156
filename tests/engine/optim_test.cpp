// Optimizers and gradient clipping against hand-worked steps.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "engine/core/rng.h"
#include "engine/models/model.h"
#include "engine/train/optim.h"

namespace attnlab {
namespace {

TEST(Adam, FirstStepsByHand) {
  // t = 1: m = 0.1·g, v = 0.001·g²;  m̂ = m/0.1 = g,  v̂ = v/0.001 = g²;  step = lr·g/(|g| + eps) ≈ lr·sign(g)
  Adam<double> adam(2, AdamConfig{0.1, 0.9, 0.999, 1e-8});
  std::vector<double> p = {1.0, -2.0}, g = {0.5, -3.0};
  adam.step(p.data(), g.data());
  EXPECT_NEAR(p[0], 1.0 - 0.1 * 0.5 / (0.5 + 1e-8), 1e-15);
  EXPECT_NEAR(p[1], -2.0 + 0.1 * 3.0 / (3.0 + 1e-8), 1e-15);
  EXPECT_EQ(adam.steps(), 1);
  // t = 2 with g = (0.5, 1.0):
  //   m = 0.9·(0.05, −0.3) + 0.1·(0.5, 1.0) = (0.095, −0.17);       m̂ = m / (1 − 0.81) = m / 0.19
  //   v = 0.999·(0.00025, 0.009) + 0.001·(0.25, 1.0) = (0.00049975, 0.009991); v̂ = v / (1 − 0.998001)
  g = {0.5, 1.0};
  const double p0 = p[0], p1 = p[1];
  adam.step(p.data(), g.data());
  const double bc2 = 1 - 0.999 * 0.999;
  EXPECT_NEAR(p[0], p0 - 0.1 * (0.095 / 0.19) / (std::sqrt(0.00049975 / bc2) + 1e-8), 1e-12);
  EXPECT_NEAR(p[1], p1 - 0.1 * (-0.17 / 0.19) / (std::sqrt(0.009991 / bc2) + 1e-8), 1e-12);
  EXPECT_NEAR(adam.m[0], 0.095, 1e-15);
  EXPECT_NEAR(adam.v[1], 0.009991, 1e-15);
  adam.reset();
  EXPECT_EQ(adam.steps(), 0);
  EXPECT_EQ(adam.m[1], 0.0);
}

TEST(Adam, MinimizesAQuadratic) {
  Adam<float> adam(1, AdamConfig{0.05, 0.9, 0.999, 1e-8});
  float x = 3.0f;
  for (int i = 0; i < 500; ++i) {
    const float g = 2.0f * (x - 1.0f);  // d/dx (x − 1)²
    adam.step(&x, &g);
  }
  EXPECT_NEAR(x, 1.0f, 1e-2f);
}

TEST(Sgd, PlainAndMomentum) {
  Sgd<double> sgd(1, 0.1);
  double p = 1.0;
  const double g = 2.0;
  sgd.step(&p, &g);
  EXPECT_DOUBLE_EQ(p, 0.8);  // p − lr·g
  Sgd<double> mom(1, 0.1, 0.9);
  p = 1.0;
  mom.step(&p, &g);  // u = 2,           p = 1 − 0.2 = 0.8
  mom.step(&p, &g);  // u = 0.9·2 + 2 = 3.8, p = 0.8 − 0.38 = 0.42
  EXPECT_NEAR(p, 0.42, 1e-15);
}

TEST(Clip, ScalesTheWholeGradientToMaxNorm) {
  std::vector<float> g = {3.0f, 4.0f};  // norm 5
  EXPECT_FLOAT_EQ(grad_norm(g.data(), 2), 5.0f);
  EXPECT_FLOAT_EQ(clip_grad_norm(g.data(), 2, 1.0f), 5.0f);  // returns the norm before clipping
  EXPECT_FLOAT_EQ(g[0], 0.6f);
  EXPECT_FLOAT_EQ(g[1], 0.8f);
  EXPECT_FLOAT_EQ(clip_grad_norm(g.data(), 2, 10.0f), 1.0f);  // below the limit: unchanged
  EXPECT_FLOAT_EQ(g[0], 0.6f);
}

// The embedding table's gradient is row-sparse (params.h): zero_grad, the norm and clipping visit the rows a batch
// wrote, and must give exactly what a pass over the whole buffer gives.
TEST(RowSparseGradient, TheNormAndClippingAreThoseOfTheWholeBuffer) {
  for (const ModelKind kind : {ModelKind::attention, ModelKind::cnn, ModelKind::rnn}) {
    ModelConfig c;
    c.kind = kind, c.vocab = 300, c.tags = 5, c.dim = 12, c.heads = 2, c.layers = 1, c.ffn = 16, c.max_len = 9;
    c.hidden = 8;
    std::unique_ptr<SeqModel<float>> model = make_model<float>(c);
    ParamStore<float>& store = model->params();
    const std::size_t n = store.size();
    const ParamInfo& table = store.tensors()[static_cast<std::size_t>(store.find("tok_emb"))];
    Rng rng(7);
    for (int round = 0; round < 3; ++round) {  // each batch other words: the last batch's rows must be cleared
      std::vector<int> ids(3 * 9), tags(ids.size());
      for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<int>(rng.below(300)), tags[i] = ids[i] % 5;
      Batch<float> batch;
      batch.B = 3, batch.T = 9, batch.tokens = ids.data(), batch.tags = tags.data();
      ASSERT_TRUE(model->forward(batch));
      model->zero_grad();
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(store.grads()[i], 0.0f) << "entry " << i << ", round " << round;
      model->backward();
      // every non-zero entry lies in a span; the table's spans are rows of this batch's words
      std::vector<char> covered(n, 0);
      for (const auto& s : store.grad_spans()) std::fill(covered.begin() + s.begin, covered.begin() + s.end, 1);
      std::size_t table_rows = 0;
      for (std::size_t i = 0; i < n; ++i) {
        ASSERT_TRUE(store.grads()[i] == 0.0f || covered[i]) << "non-zero gradient " << i << " outside the spans";
        if (i >= table.offset && i < table.offset + table.size() && covered[i]) ++table_rows;
      }
      table_rows /= static_cast<std::size_t>(c.dim);
      EXPECT_LE(table_rows, ids.size());
      EXPECT_GT(table_rows, 0u);
      // the same bits as the pass over the whole buffer, norm and clipped gradient
      const std::vector<float> before(store.grads(), store.grads() + n);
      const float dense = grad_norm(store.grads(), n);
      EXPECT_EQ(grad_norm(store), dense);
      std::vector<float> clipped = before;
      const float max_norm = dense / 3;
      EXPECT_EQ(clip_grad_norm(clipped.data(), n, max_norm), dense);
      EXPECT_EQ(clip_grad_norm(store, max_norm), dense);
      for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(store.grads()[i], clipped[i]) << "entry " << i;
    }
    // a copy's gradient may be non-zero anywhere: its spans hold the whole table until its next zero_grad
    std::unique_ptr<SeqModel<float>> copy = model->clone();
    std::size_t spanned = 0;
    for (const auto& s : copy->params().grad_spans()) spanned += s.end - s.begin;
    EXPECT_EQ(spanned, n);
    copy->zero_grad();
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(copy->params().grads()[i], 0.0f) << "copy, entry " << i;
  }
}

TEST(RowSparseGradient, ARowOutsideTheTableMakesEveryRowCount) {
  ParamStore<float> store;
  store.add("table", 4, 2);
  store.add("bias", 1, 3);
  store.set_row_sparse(0);
  store.allocate();
  const int rows[] = {3, 0, 3};
  store.note_rows(rows, 3);
  ASSERT_EQ(store.grad_spans().size(), 2u);  // rows 0 and 3; row 3 and the bias are adjacent: one span
  EXPECT_EQ(store.grad_spans()[0].begin, 0u);
  EXPECT_EQ(store.grad_spans()[0].end, 2u);
  EXPECT_EQ(store.grad_spans()[1].begin, 6u);
  EXPECT_EQ(store.grad_spans()[1].end, 11u);
  const int bad[] = {4};
  store.note_rows(bad, 1);
  ASSERT_EQ(store.grad_spans().size(), 1u);
  EXPECT_EQ(store.grad_spans()[0].end, 11u);
  std::fill(store.grads(), store.grads() + store.size(), 1.0f);
  store.zero_grad();
  for (std::size_t i = 0; i < store.size(); ++i) EXPECT_EQ(store.grads()[i], 0.0f);
  ASSERT_EQ(store.grad_spans().size(), 1u);  // no row noted: the bias alone
  EXPECT_EQ(store.grad_spans()[0].begin, 8u);
}

}  // namespace
}  // namespace attnlab
