// Positional encodings inside the tagger: none, sinusoidal, learned (with its length limit), ALiBi.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <vector>

#include "engine/attention/posenc.h"
#include "engine/core/rng.h"
#include "engine/models/attention_tagger.h"

namespace attnlab {
namespace {

ModelConfig small(PosEnc pe, int max_len) {
  ModelConfig c;
  c.vocab = 13, c.tags = 3, c.dim = 8, c.heads = 2, c.layers = 2, c.ffn = 16;
  c.max_len = max_len, c.max_batch = 1, c.pe = pe, c.seed = 3;
  return c;
}

std::vector<int> some_tokens(int T, int V) {
  std::vector<int> ids(T);
  for (int t = 0; t < T; ++t) ids[t] = (t * 5 + 3) % V;
  return ids;
}

TEST(LearnedPE, LongerInputThanTheTableIsAClearErrorNotACrash) {
  AttentionTagger<float> model(small(PosEnc::learned, 8));
  std::vector<int> ids = some_tokens(9, 13);
  Batch<float> batch;
  batch.B = 1, batch.T = 9, batch.tokens = ids.data();
  std::string error;
  EXPECT_FALSE(model.forward(batch, &error));
  EXPECT_NE(error.find("9 tokens"), std::string::npos) << error;
  EXPECT_NE(error.find("max_len = 8"), std::string::npos) << error;
  EXPECT_NE(error.find("sinusoidal or ALiBi"), std::string::npos) << error;
  EXPECT_EQ(model.check_batch(batch), error);
  model.backward();  // after a refused forward there is nothing to differentiate: a no-op, not a crash
  // the model is still fine for inputs that fit
  batch.T = 8;
  EXPECT_TRUE(model.forward(batch, &error));
  EXPECT_TRUE(std::isfinite(model.logits()(0, 0)));
}

TEST(LearnedPE, OnlyRowsOfPositionsSeenGetAGradient) {
  AttentionTagger<float> model(small(PosEnc::learned, 8));
  std::vector<int> ids = some_tokens(5, 13), tags = {0, 1, 2, 0, 1};
  Batch<float> batch;
  batch.B = 1, batch.T = 5, batch.tokens = ids.data(), batch.tags = tags.data();
  ASSERT_TRUE(model.forward(batch));
  model.zero_grad();
  model.backward();
  const int t = model.params().find("pos_emb");
  ASSERT_GE(t, 0);
  const MatT<float> g = model.params().grad(t);
  EXPECT_EQ(g.rows(), 8);
  EXPECT_GT(g.topRows(5).cwiseAbs().sum(), 0.0f);
  EXPECT_EQ(g.bottomRows(3).cwiseAbs().sum(), 0.0f);
  // the table in use is the parameter itself
  EXPECT_EQ(model.pe_table().data(), model.params().value(t).data());
}

TEST(Sinusoidal, TaggerTableIsTheHandMadeEncodingAndGrowsForLongerInputs) {
  AttentionTagger<float> model(small(PosEnc::sinusoidal, 8));
  const double s = model.config().pe_scale;
  EXPECT_EQ(model.pe_table().rows(), 8);
  EXPECT_TRUE(Mat(model.pe_table()).isApprox(sinusoidal_encoding(8, 8, s)));
  std::vector<int> ids = some_tokens(20, 13);
  Batch<float> batch;
  batch.B = 1, batch.T = 20, batch.tokens = ids.data();
  ASSERT_TRUE(model.forward(batch));
  EXPECT_EQ(model.pe_table().rows(), 20);
  EXPECT_TRUE(Mat(model.pe_table()).isApprox(sinusoidal_encoding(20, 8, s)));
}

TEST(Sinusoidal, TaggerTableHasTheConfiguredAmplitude) {
  ModelConfig c = small(PosEnc::sinusoidal, 8);
  c.pe_scale = 1;  // the paper's table, sin and cos alone
  AttentionTagger<float> one(c);
  c.pe_scale = 2.5f;
  AttentionTagger<float> scaled(c);
  EXPECT_TRUE(Mat(one.pe_table()).isApprox(sinusoidal_encoding(8, 8)));
  EXPECT_TRUE(Mat(scaled.pe_table()).isApprox(2.5f * Mat(one.pe_table())));
  for (float bad : {0.0f, -1.0f, std::nanf("")}) {
    c.pe_scale = bad;
    EXPECT_NE(check_model_config(c).find("pe_scale must be a positive number"), std::string::npos) << bad;
  }
}

TEST(NoPE, AttentionAloneIgnoresOrder) {
  // Without positional information, permuting the tokens permutes the outputs and changes nothing else.
  AttentionTagger<double> model(small(PosEnc::none, 8));
  std::vector<int> ids = {1, 4, 7, 2, 9}, perm = {3, 0, 4, 1, 2}, permuted(5);
  for (int t = 0; t < 5; ++t) permuted[t] = ids[perm[t]];
  Batch<double> batch;
  batch.B = 1, batch.T = 5, batch.tokens = ids.data();
  ASSERT_TRUE(model.forward(batch));
  const MatT<double> a = model.logits();
  batch.tokens = permuted.data();
  ASSERT_TRUE(model.forward(batch));
  for (int t = 0; t < 5; ++t) EXPECT_TRUE(model.logits().row(t).isApprox(a.row(perm[t]), 1e-12)) << t;
  EXPECT_EQ(model.pe_table().rows(), 0);
}

TEST(ALiBi, SlopesAreTheGeometricSequenceOfThePaper) {
  const std::vector<double> h4 = alibi_slopes(4);
  ASSERT_EQ(h4.size(), 4u);
  EXPECT_DOUBLE_EQ(h4[0], 1.0 / 4);
  EXPECT_DOUBLE_EQ(h4[1], 1.0 / 16);
  EXPECT_DOUBLE_EQ(h4[2], 1.0 / 64);
  EXPECT_DOUBLE_EQ(h4[3], 1.0 / 256);
  const std::vector<double> h8 = alibi_slopes(8);
  for (int h = 0; h < 8; ++h) EXPECT_DOUBLE_EQ(h8[h], std::pow(2.0, -(h + 1)));
  // H = 6 is not a power of two: the 4 slopes of H = 4, then every other slope of H = 8 (2^-1, 2^-3)
  const double h6[] = {-2, -4, -6, -8, -1, -3};
  for (int h = 0; h < 6; ++h) EXPECT_DOUBLE_EQ(alibi_slope(h, 6), std::pow(2.0, h6[h])) << h;
  EXPECT_DOUBLE_EQ(alibi_slope(0, 1), 1.0 / 256);
}

TEST(ALiBi, BiasIsSymmetricAndLinearInDistance) {
  std::vector<float> bias(6 * 6);
  alibi_bias(bias.data(), 0.25, 6);
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 6; ++j) {
      EXPECT_FLOAT_EQ(bias[i * 6 + j], -0.25f * std::abs(i - j));
      EXPECT_EQ(bias[i * 6 + j], bias[j * 6 + i]);
    }
  }
}

TEST(ALiBi, ExtrapolatesToInputsLongerThanMaxLen) {
  // max_len = 8, input of 24 tokens: a learned table would refuse; ALiBi simply has a bias for every
  // distance. Same seed → same parameters as the model without PE (ALiBi has none), so the scores differ
  // by exactly the bias −m_h·|i − j|, at every distance up to 23.
  AttentionTagger<double> alibi(small(PosEnc::alibi, 8));
  AttentionTagger<double> plain(small(PosEnc::none, 8));
  ASSERT_EQ(alibi.num_parameters(), plain.num_parameters());
  std::vector<int> ids = some_tokens(24, 13), tags(24, 1);
  Batch<double> batch;
  batch.B = 1, batch.T = 24, batch.tokens = ids.data(), batch.tags = tags.data();
  std::string error;
  ASSERT_TRUE(alibi.forward(batch, &error)) << error;
  ASSERT_TRUE(plain.forward(batch, &error)) << error;
  EXPECT_TRUE(std::isfinite(alibi.loss()));
  const std::vector<double> m = alibi.alibi_slopes();
  ASSERT_EQ(m.size(), 2u);
  for (int h = 0; h < 2; ++h) {
    const MatT<double> diff = alibi.attention_scores(0, 0, h) - plain.attention_scores(0, 0, h);
    for (int i = 0; i < 24; ++i) {
      for (int j = 0; j < 24; ++j) EXPECT_NEAR(diff(i, j), -m[h] * std::abs(i - j), 1e-12);
    }
    for (int i = 0; i < 24; ++i) EXPECT_NEAR(alibi.attention_weights(0, 0, h).row(i).sum(), 1.0, 1e-12);
  }
  // and training-length inputs still work after the long one
  batch.T = 8;
  EXPECT_TRUE(alibi.forward(batch, &error)) << error;
}

}  // namespace
}  // namespace attnlab
