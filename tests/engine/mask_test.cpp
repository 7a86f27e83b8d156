// Masks: a disallowed key gets weight exactly 0, so nothing about it can reach that query; padding never
// leaks into real tokens, neither forward nor backward.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/attention/attention.h"
#include "engine/attention/mask.h"
#include "engine/core/rng.h"
#include "engine/models/attention_tagger.h"

namespace attnlab {
namespace {

TEST(Mask, EachKindAllowsWhatTheLectureSays) {
  MaskSpec full;
  EXPECT_TRUE(mask_allows(full, 0, 3, 4));
  EXPECT_TRUE(mask_allows(full, 3, 0, 4));
  MaskSpec causal;
  causal.causal = true;
  EXPECT_TRUE(mask_allows(causal, 2, 2, 4));
  EXPECT_TRUE(mask_allows(causal, 2, 0, 4));
  EXPECT_FALSE(mask_allows(causal, 2, 3, 4)) << "a causal query never sees the future";
  MaskSpec window;
  window.window = 1;
  EXPECT_TRUE(mask_allows(window, 2, 1, 5));
  EXPECT_TRUE(mask_allows(window, 2, 3, 5));
  EXPECT_FALSE(mask_allows(window, 2, 0, 5));
  EXPECT_FALSE(mask_allows(window, 2, 4, 5));
  MaskSpec allow;
  allow.allow_n = 2;
  allow.allow = {0, 1, 1, 0};
  EXPECT_FALSE(mask_allows(allow, 0, 0, 2));
  EXPECT_TRUE(mask_allows(allow, 0, 1, 2));
  // padding: length 3 of 4
  EXPECT_FALSE(mask_allows(full, 0, 3, 3)) << "a padded key is never seen";
  EXPECT_FALSE(mask_allows(full, 3, 0, 3)) << "a padded query sees nothing";
  // kinds combine: causal and window 1 → only the key itself and the one before
  MaskSpec both;
  both.causal = true;
  both.window = 1;
  EXPECT_TRUE(mask_allows(both, 3, 2, 5));
  EXPECT_FALSE(mask_allows(both, 3, 1, 5));
  EXPECT_FALSE(mask_allows(both, 3, 4, 5));
}

// In a sequence (no image, no allow matrix) the allowed keys of a query are one range, which the mask fills at
// once: the same as mask_allows pair by pair (exactly 1 or 0, as the softmax's full-row check reads), for full,
// causal and truncated attention, with padded sequences and a window wider than the sequence.
TEST(Mask, ASequencesRowsAreTheRangesMaskAllowsSays) {
  const int T = 9, B = 3;
  const std::vector<int> lengths = {T, 5, 1};
  for (int w : {-1, 0, 1, 3, 20}) {
    for (bool causal : {false, true}) {
      MaskSpec s;
      s.window = w, s.causal = causal;
      std::vector<std::uint8_t> allowed(static_cast<size_t>(B) * T * T, 7);
      build_attention_mask(allowed.data(), s, lengths.data(), B, T);
      for (int b = 0; b < B; ++b) {
        for (int i = 0; i < T; ++i) {
          for (int j = 0; j < T; ++j) {
            const std::uint8_t got = allowed[(static_cast<size_t>(b) * T + i) * T + j];
            ASSERT_EQ(got, mask_allows(s, i, j, lengths[b]) ? 1 : 0)
                << "w " << w << " causal " << causal << " b " << b << " " << i << "->" << j;
          }
        }
      }
    }
  }
}

// On an image (grid_w > 0) the window is a square: query (ri, ci) sees key (rj, cj) iff |ri − rj| <= w and
// |ci − cj| <= w; build_attention_mask says the same as mask_allows, pair by pair, also for images at most 2w
// wide (where the row range's ends wrap into the rows beyond), with causal and with padding.
TEST(Mask, TwoDimensionalWindowIsASquareOfPixels) {
  MaskSpec m;
  m.window = 1;
  m.grid_w = 4;  // a 4 × 3 image: pixel (r, c) is index 4r + c
  const int T = 12;
  EXPECT_TRUE(mask_allows(m, 5, 0, T)) << "(1,1) sees (0,0): one row up, one column left";
  EXPECT_TRUE(mask_allows(m, 5, 10, T)) << "(1,1) sees (2,2)";
  EXPECT_FALSE(mask_allows(m, 5, 3, T)) << "(1,1) does not see (0,3): two columns away";
  EXPECT_FALSE(mask_allows(m, 4, 3, T)) << "(1,0) does not see (0,3), its neighbour in raster order";
  EXPECT_FALSE(mask_allows(m, 3, 4, T)) << "(0,3) does not see (1,0), the next index";
  int seen = 0;
  for (int j = 0; j < T; ++j) seen += mask_allows(m, 5, j, T);
  EXPECT_EQ(seen, 9) << "an inner pixel sees its 3×3 neighbourhood";
  seen = 0;
  for (int j = 0; j < T; ++j) seen += mask_allows(m, 0, j, T);
  EXPECT_EQ(seen, 4) << "a corner pixel sees the 2×2 inside the image";
  for (int g : {1, 2, 3, 4, 5, 8}) {
    for (int w : {0, 1, 2, 3}) {
      for (bool causal : {false, true}) {
        MaskSpec s;
        s.window = w, s.grid_w = g, s.causal = causal;
        const int rows = 3, Tg = g * rows, B = 2;
        const std::vector<int> lengths = {Tg, Tg - g};  // the second image has its last row padded
        std::vector<std::uint8_t> allowed(static_cast<size_t>(B) * Tg * Tg);
        build_attention_mask(allowed.data(), s, lengths.data(), B, Tg);
        for (int b = 0; b < B; ++b) {
          for (int i = 0; i < Tg; ++i) {
            for (int j = 0; j < Tg; ++j) {
              const bool square = std::abs(i / g - j / g) <= w && std::abs(i % g - j % g) <= w;
              const bool want = square && (!causal || j <= i) && i < lengths[b] && j < lengths[b];
              ASSERT_EQ(mask_allows(s, i, j, lengths[b]), want) << "g " << g << " w " << w << " " << i << "->" << j;
              ASSERT_EQ(allowed[(static_cast<size_t>(b) * Tg + i) * Tg + j] != 0, want)
                  << "g " << g << " w " << w << " causal " << causal << " b " << b << " " << i << "->" << j;
            }
          }
        }
      }
    }
  }
}

TEST(Mask, ImageWidthMustDivideTheInput) {
  MaskSpec m;
  m.window = 1;
  m.grid_w = 12;
  EXPECT_EQ(mask_check(m, 144), "");
  const std::string message = mask_check(m, 100);
  EXPECT_NE(message.find("12 pixels wide"), std::string::npos) << message;
  EXPECT_NE(message.find("100 tokens"), std::string::npos) << message;
}

TEST(Mask, AllowMatrixMustCoverTheInput) {
  MaskSpec m;
  m.allow_n = 3;
  m.allow.assign(9, 1);
  EXPECT_EQ(mask_check(m, 3), "");
  EXPECT_NE(mask_check(m, 4).find("needs a row and a column for every token"), std::string::npos);
}

// One attention layer in float, B sequences of T tokens, with its own parameters.
struct Layer {
  int B, T, D = 8, H = 2;
  std::vector<float> wq, bq, wk, bk, wv, bv, wo, bo, x, out;
  std::vector<int> lengths;
  std::vector<std::uint8_t> allowed;
  AttentionCache<float> cache;
  AttentionSpec spec;
  Layer(int b, int t, const MaskSpec& mask, std::vector<int> lens, AttnNorm norm = AttnNorm::softmax)
      : B(b), T(t), lengths(std::move(lens)) {
    Rng rng(3);
    auto fill = [&](std::vector<float>& v, size_t n) {
      v.resize(n);
      for (float& e : v) e = static_cast<float>(rng.uniform(-1, 1));
    };
    for (auto* v : {&wq, &wk, &wv, &wo}) fill(*v, D * D);
    for (auto* v : {&bq, &bk, &bv, &bo}) fill(*v, D);
    fill(x, static_cast<size_t>(B) * T * D);
    out.resize(x.size());
    allowed.resize(static_cast<size_t>(B) * T * T);
    build_attention_mask(allowed.data(), mask, lengths.empty() ? nullptr : lengths.data(), B, T);
    spec.heads = H;
    spec.norm = norm;
    cache.resize(B, T, D, H, Relevance::dot);
  }
  AttentionParams<float> params() {
    AttentionParams<float> p;
    p.wq = wq.data(), p.bq = bq.data(), p.wk = wk.data(), p.bk = bk.data();
    p.wv = wv.data(), p.bv = bv.data(), p.wo = wo.data(), p.bo = bo.data();
    return p;
  }
  void forward() {
    attention_forward(out.data(), cache, x.data(), allowed.data(), lengths.empty() ? nullptr : lengths.data(), params(),
                      spec, B, T, D);
  }
  float weight(int b, int h, int i, int j) const { return cache.weights[attention_index(b, h, i, j, H, T)]; }
};

struct MaskCase {
  const char* name;
  MaskSpec mask;
  std::vector<int> lengths;
};

MaskSpec causal_mask() {
  MaskSpec m;
  m.causal = true;
  return m;
}
MaskSpec window_mask(int w) {
  MaskSpec m;
  m.window = w;
  return m;
}
MaskSpec graph_mask() {
  MaskSpec m;
  m.allow_n = 5;
  m.allow = {1, 1, 0, 0, 1,  //
             1, 1, 1, 0, 0,  //
             0, 1, 1, 1, 0,  //
             0, 0, 1, 1, 1,  //
             1, 0, 0, 1, 1};
  return m;
}

class DisallowedKeys : public ::testing::TestWithParam<MaskCase> {};

TEST_P(DisallowedKeys, GetWeightExactlyZeroAndCannotChangeTheQuerysOutput) {
  for (AttnNorm norm : {AttnNorm::softmax, AttnNorm::relu, AttnNorm::sigmoid}) {
    Layer base(2, 5, GetParam().mask, GetParam().lengths, norm);
    base.forward();
    int disallowed = 0;
    for (int b = 0; b < base.B; ++b) {
      for (int i = 0; i < base.T; ++i) {
        for (int j = 0; j < base.T; ++j) {
          if (base.allowed[(static_cast<size_t>(b) * base.T + i) * base.T + j]) continue;
          ++disallowed;
          for (int h = 0; h < base.H; ++h) EXPECT_EQ(base.weight(b, h, i, j), 0.0f);
          // change key j's input vector completely: query i's output must not move by a single bit
          Layer changed(2, 5, GetParam().mask, GetParam().lengths, norm);
          for (int d = 0; d < changed.D; ++d)
            changed.x[(static_cast<size_t>(b) * changed.T + j) * changed.D + d] += 7.5f;
          changed.forward();
          for (int d = 0; d < base.D; ++d) {
            const size_t at = (static_cast<size_t>(b) * base.T + i) * base.D + d;
            ASSERT_EQ(base.out[at], changed.out[at]) << "query " << i << " saw disallowed key " << j;
          }
        }
      }
    }
    EXPECT_GT(disallowed, 0);
  }
}

void PrintTo(const MaskCase& c, std::ostream* os) { *os << c.name; }

INSTANTIATE_TEST_SUITE_P(Mask, DisallowedKeys,
                         ::testing::Values(MaskCase{"causal", causal_mask(), {}},
                                           MaskCase{"window1", window_mask(1), {}}, MaskCase{"allow", graph_mask(), {}},
                                           MaskCase{"padding", MaskSpec{}, {5, 3}},
                                           MaskCase{"causal_window_padding",
                                                    [] {
                                                      MaskSpec m = window_mask(2);
                                                      m.causal = true;
                                                      return m;
                                                    }(),
                                                    {4, 5}}),
                         [](const ::testing::TestParamInfo<MaskCase>& i) { return std::string(i.param.name); });

TEST(Mask, AQueryWithNoAllowedKeyGetsZeroWeightsNotNaN) {
  MaskSpec m;
  m.allow_n = 3;
  m.allow = {1, 1, 0,  //
             0, 0, 0,  // query 1 may see nothing
             1, 1, 1};
  for (AttnNorm norm : {AttnNorm::softmax, AttnNorm::relu, AttnNorm::sigmoid}) {
    Layer layer(1, 3, m, {}, norm);
    layer.forward();
    for (int h = 0; h < layer.H; ++h) {
      for (int j = 0; j < 3; ++j) EXPECT_EQ(layer.weight(0, h, 1, j), 0.0f);
    }
    // its output is concat(0)·Wo + bo = bo: finite, and the same whatever the input
    for (int d = 0; d < layer.D; ++d) EXPECT_FLOAT_EQ(layer.out[1 * layer.D + d], layer.bo[d]);
  }
}

TEST(Mask, SoftmaxWeightsOfAllowedKeysSumToOne) {
  Layer layer(2, 5, graph_mask(), {5, 4});
  layer.forward();
  for (int b = 0; b < 2; ++b) {
    for (int h = 0; h < layer.H; ++h) {
      for (int i = 0; i < layer.lengths[b]; ++i) {
        float sum = 0;
        for (int j = 0; j < layer.T; ++j) sum += layer.weight(b, h, i, j);
        EXPECT_NEAR(sum, 1.0f, 1e-6f);
      }
    }
  }
}

TEST(Padding, PaddedQueryRowsAreZeroAndPassNoGradient) {
  Layer layer(2, 4, MaskSpec{}, {4, 2});
  layer.forward();
  for (int i = 2; i < 4; ++i) {
    for (int d = 0; d < layer.D; ++d) EXPECT_EQ(layer.out[(4 + i) * layer.D + d], 0.0f);
  }
  // backward with a gradient that is non-zero at the padded rows == backward with zeros there
  const int N = 8, D = layer.D;
  std::vector<float> dout(N * D, 0.5f), dout_clean = dout;
  for (int i = 2; i < 4; ++i) std::fill_n(dout_clean.begin() + (4 + i) * D, D, 0.0f);
  auto grads = [&](const std::vector<float>& g) {
    std::vector<float> dx(N * D, 0.0f), dw(4 * D * D + 4 * D, 0.0f);
    AttentionParams<float> gp;
    gp.wq = dw.data(), gp.wk = gp.wq + D * D, gp.wv = gp.wk + D * D, gp.wo = gp.wv + D * D;
    gp.bq = gp.wo + D * D, gp.bk = gp.bq + D, gp.bv = gp.bk + D, gp.bo = gp.bv + D;
    AttentionScratch<float> scratch;
    scratch.resize(2, 4, D, layer.H);
    attention_backward(dx.data(), gp, scratch, g.data(), layer.cache, layer.x.data(), layer.allowed.data(),
                       layer.lengths.data(), layer.params(), layer.spec, 2, 4, D);
    dx.insert(dx.end(), dw.begin(), dw.end());
    return dx;
  };
  const std::vector<float> a = grads(dout), b = grads(dout_clean);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i], b[i]) << "element " << i;
  // and the padded input rows receive no gradient at all
  for (int i = 2; i < 4; ++i) {
    for (int d = 0; d < D; ++d) EXPECT_EQ(a[(4 + i) * D + d], 0.0f);
  }
}

// The whole tagger: whatever sits in the padded positions, the real tokens' logits, the loss and every
// gradient are bit for bit the same.
TEST(Padding, NeverLeaksThroughTheTagger) {
  for (InputMode mode : {InputMode::tokens, InputMode::features}) {
    ModelConfig cfg;
    cfg.input = mode;
    cfg.vocab = 11, cfg.input_dim = 3, cfg.tags = 4, cfg.dim = 8, cfg.heads = 2, cfg.layers = 2, cfg.ffn = 16;
    cfg.max_len = 6, cfg.max_batch = 2, cfg.pe = PosEnc::learned, cfg.seed = 9;
    const int B = 2, T = 6;
    std::vector<int> lengths = {6, 3};
    std::vector<int> tokens(B * T), tags(B * T);
    std::vector<float> features(B * T * 3);
    Rng rng(4);
    for (int n = 0; n < B * T; ++n)
      tokens[n] = static_cast<int>(rng.below(11)), tags[n] = static_cast<int>(rng.below(4));
    for (float& f : features) f = static_cast<float>(rng.uniform(-1, 1));
    auto run = [&](int pad_token, float pad_feature, int pad_tag) {
      std::vector<int> tk = tokens, tg = tags;
      std::vector<float> ft = features;
      for (int t = 3; t < T; ++t) {
        tk[T + t] = pad_token, tg[T + t] = pad_tag;
        for (int d = 0; d < 3; ++d) ft[(T + t) * 3 + d] = pad_feature;
      }
      AttentionTagger<float> model(cfg);
      Batch<float> batch;
      batch.B = B, batch.T = T, batch.tokens = tk.data(), batch.features = ft.data(), batch.tags = tg.data();
      batch.lengths = lengths.data();
      std::string error;
      EXPECT_TRUE(model.forward(batch, &error)) << error;
      model.zero_grad();
      model.backward();
      std::vector<float> result(model.params().grads(), model.params().grads() + model.num_parameters());
      result.push_back(model.loss());
      for (int n = 0; n < B * T; ++n) {
        if (n >= T + 3) continue;  // padded rows of sequence 1
        for (int c = 0; c < cfg.tags; ++c) result.push_back(model.logits()(n, c));
      }
      return result;
    };
    const std::vector<float> a = run(0, 0.0f, -1), b = run(10, 123.0f, 2);
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i], b[i]) << "mode " << to_string(mode) << " element " << i;
  }
}

TEST(Mask, PerSequenceGraphsInATaggerBatch) {
  ModelConfig cfg;
  cfg.vocab = 11, cfg.tags = 4, cfg.dim = 8, cfg.heads = 2, cfg.layers = 2, cfg.ffn = 16, cfg.max_len = 4;
  cfg.max_batch = 2;
  AttentionTagger<float> model(cfg);
  std::vector<int> ids = {1, 2, 3, 4, 5, 6, 7, 8};
  // sequence 0: a chain 0-1-2-3; sequence 1: a star around token 0
  std::vector<std::uint8_t> allow = {1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 1,  //
                                     1, 1, 1, 1, 1, 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1};
  Batch<float> batch;
  batch.B = 2, batch.T = 4, batch.tokens = ids.data(), batch.allow = allow.data();
  ASSERT_TRUE(model.forward(batch));
  for (int l = 0; l < 2; ++l) {
    for (int b = 0; b < 2; ++b) {
      for (int h = 0; h < 2; ++h) {
        const CView<float> w = model.attention_weights(l, b, h);
        for (int i = 0; i < 4; ++i) {
          for (int j = 0; j < 4; ++j) {
            const bool edge = allow[(b * 4 + i) * 4 + j] != 0;
            EXPECT_EQ(model.attention_mask(b)[i * 4 + j], edge ? 1 : 0);
            if (edge) {
              EXPECT_GT(w(i, j), 0.0f);
            } else {
              EXPECT_EQ(w(i, j), 0.0f);
            }
          }
        }
      }
    }
  }
}

TEST(Padding, SequencesInABatchDoNotSeeEachOther) {
  Layer both(2, 4, MaskSpec{}, {});
  both.forward();
  Layer changed(2, 4, MaskSpec{}, {});
  for (int n = 4 * changed.D; n < 8 * changed.D; ++n) changed.x[n] = -changed.x[n];  // change sequence 1 only
  changed.forward();
  for (int n = 0; n < 4 * both.D; ++n) ASSERT_EQ(both.out[n], changed.out[n]);
}

}  // namespace
}  // namespace attnlab
