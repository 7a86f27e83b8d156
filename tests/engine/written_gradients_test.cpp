// The backward passes add each gradient to what is there (+=), which needs the buffer zeroed first. Where a
// gradient is the first to arrive, the model asks for it written instead (din_is_new), and skips the zeroing:
// the same numbers, bit for bit, for every operation that offers it (linear, activation, feed-forward,
// attention). The gradients themselves are checked against central differences in gradcheck_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "engine/attention/attention.h"
#include "engine/attention/mask.h"
#include "engine/core/rng.h"
#include "engine/ops/activation.h"
#include "engine/ops/ffn.h"
#include "engine/ops/linear.h"

namespace attnlab {
namespace {

std::vector<float> randoms(size_t n, std::uint32_t seed) {
  Rng r(seed);
  std::vector<float> v(n);
  for (float& x : v) x = static_cast<float>(r.uniform(-1, 1));
  return v;
}

// Runs `backward(din, is_new)` twice: into a zeroed buffer, adding; and into a buffer of garbage, writing.
template <typename F>
void expect_written_equals_added(size_t n, const F& backward, const char* what) {
  std::vector<float> added(n, 0.0f), written = randoms(n, 99);  // (garbage: writing must not read it)
  backward(added.data(), false);
  backward(written.data(), true);
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(written[i], added[i]) << what << " element " << i;
}

TEST(WrittenGradients, LinearActivationAndFeedForwardEqualZeroedThenAdded) {
  const int N = 13, Din = 7, Dout = 19;
  const std::vector<float> x = randoms(N * Din, 1), w = randoms(Din * Dout, 2), dy = randoms(N * Dout, 3);
  std::vector<float> dw(Din * Dout), db(Dout);
  expect_written_equals_added(
      x.size(),
      [&](float* din, bool is_new) {
        linear_backward(din, dw.data(), db.data(), dy.data(), x.data(), w.data(), N, Din, Dout, is_new);
      },
      "linear");
  for (Activation act : {Activation::relu, Activation::gelu}) {
    const std::vector<float> pre = randoms(N * Dout, 4);
    expect_written_equals_added(
        pre.size(),
        [&](float* din, bool is_new) { activation_backward(din, dy.data(), pre.data(), N * Dout, act, is_new); },
        act == Activation::relu ? "relu" : "gelu");
  }
  const int D = Din, F = Dout;
  const std::vector<float> w1 = randoms(D * F, 5), b1 = randoms(F, 6), w2 = randoms(F * D, 7), b2 = randoms(D, 8);
  std::vector<float> out(N * D), pre(N * F), hid(N * F), scratch(2 * N * F), g(D * F + F + F * D + D);
  ffn_forward(out.data(), pre.data(), hid.data(), x.data(), w1.data(), b1.data(), w2.data(), b2.data(), N, D, F,
              Activation::relu);
  const std::vector<float> dout = randoms(N * D, 9);
  std::vector<float> grads_added, grads_written;
  expect_written_equals_added(
      x.size(),
      [&](float* din, bool is_new) {
        std::fill(g.begin(), g.end(), 0.0f);
        std::fill(scratch.begin(), scratch.end(), 7.0f);  // (the scratch is working memory: never read first)
        float* dw1 = g.data();
        ffn_backward(din, dw1, dw1 + D * F, dw1 + D * F + F, dw1 + D * F + F + F * D, scratch.data(), dout.data(),
                     x.data(), pre.data(), hid.data(), w1.data(), w2.data(), N, D, F, Activation::relu, is_new);
        (is_new ? grads_written : grads_added) = g;
      },
      "feed-forward");
  EXPECT_EQ(grads_written, grads_added) << "the weights' gradients do not depend on how din is given";
}

TEST(WrittenGradients, AttentionEqualsZeroedThenAdded) {
  const int B = 2, T = 37, D = 12, H = 3;  // T: more than one query block
  const std::vector<float> x = randoms(static_cast<size_t>(B) * T * D, 11);
  std::vector<std::vector<float>> w;
  for (std::uint32_t s = 0; s < 8; ++s) w.push_back(randoms(s % 2 == 0 ? D * D : D, 20 + s));
  AttentionParams<float> p;
  p.wq = w[0].data(), p.bq = w[1].data(), p.wk = w[2].data(), p.bk = w[3].data();
  p.wv = w[4].data(), p.bv = w[5].data(), p.wo = w[6].data(), p.bo = w[7].data();
  const std::vector<int> lengths = {T, 21};
  for (bool causal : {false, true}) {
    MaskSpec mask;
    mask.causal = causal;
    std::vector<std::uint8_t> allowed(static_cast<size_t>(B) * T * T);
    build_attention_mask(allowed.data(), mask, lengths.data(), B, T, nullptr);
    AttentionSpec spec;
    spec.heads = H;
    AttentionCache<float> cache;
    cache.resize(B, T, D, H, Relevance::dot);
    AttentionScratch<float> scratch;
    scratch.resize(B, T, D, H);
    std::vector<float> out(x.size()), g(4 * D * D + 4 * D);
    attention_forward(out.data(), cache, x.data(), allowed.data(), lengths.data(), p, spec, B, T, D);
    const std::vector<float> dout = randoms(out.size(), 12);
    AttentionParams<float> grads;
    grads.wq = g.data(), grads.wk = grads.wq + D * D, grads.wv = grads.wk + D * D, grads.wo = grads.wv + D * D;
    grads.bq = grads.wo + D * D, grads.bk = grads.bq + D, grads.bv = grads.bk + D, grads.bo = grads.bv + D;
    expect_written_equals_added(
        x.size(),
        [&](float* din, bool is_new) {
          std::fill(g.begin(), g.end(), 0.0f);
          attention_backward(din, grads, scratch, dout.data(), cache, x.data(), allowed.data(), lengths.data(), p, spec,
                             B, T, D, is_new);
        },
        causal ? "causal attention" : "attention");
  }
}

// A linear layer over the token rows of a padded batch (TokenRows, batch.h) computes exactly what the layer gives
// each sequence's rows alone, and never reads a padding row: here they hold NaN, in the input and in the output's
// old contents. Its gradients are those of the rows alone; din is 0 on the padding (written) or left (added).
TEST(TokenRows, ALinearLayerComputesTheTokensRowsAloneAndNeverReadsThePadding) {
  const int B = 4, T = 7, Din = 5, Dout = 6, N = B * T;
  const std::vector<int> lengths = {7, 3, 0, 5};  // a full one (joins the next run), a short one, an empty one
  const TokenRows rows{lengths.data(), B, T};
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> in = randoms(static_cast<size_t>(N) * Din, 1), w = randoms(static_cast<size_t>(Din) * Dout, 2),
                     b = randoms(Dout, 3), dout = randoms(static_cast<size_t>(N) * Dout, 4);
  auto padding = [&](int n) { return n % T >= lengths[static_cast<size_t>(n / T)]; };
  for (int n = 0; n < N; ++n) {
    if (!padding(n)) continue;
    for (int k = 0; k < Din; ++k) in[static_cast<size_t>(n) * Din + k] = nan;
    for (int j = 0; j < Dout; ++j) dout[static_cast<size_t>(n) * Dout + j] = 0.0f;  // no loss reaches the padding
  }
  std::vector<float> out(static_cast<size_t>(N) * Dout, nan);
  linear_forward(out.data(), in.data(), w.data(), b.data(), N, Din, Dout, rows);
  std::vector<float> dw(w.size(), 0.0f), db(b.size(), 0.0f), din(in.size(), nan);
  linear_backward(din.data(), dw.data(), db.data(), dout.data(), in.data(), w.data(), N, Din, Dout, true, rows);
  // the reference: every sequence's rows alone, as a batch of their own
  std::vector<float> dw_ref(w.size(), 0.0f), db_ref(b.size(), 0.0f);
  for (int s = 0; s < B; ++s) {
    const int len = lengths[static_cast<size_t>(s)];
    if (len == 0) continue;
    const size_t r0 = static_cast<size_t>(s) * T;
    std::vector<float> o(static_cast<size_t>(len) * Dout), d(static_cast<size_t>(len) * Din);
    linear_forward(o.data(), in.data() + r0 * Din, w.data(), b.data(), len, Din, Dout);
    linear_backward(d.data(), dw_ref.data(), db_ref.data(), dout.data() + r0 * Dout, in.data() + r0 * Din, w.data(),
                    len, Din, Dout, true);
    for (size_t i = 0; i < o.size(); ++i) ASSERT_EQ(out[r0 * Dout + i], o[i]) << "sequence " << s << " out " << i;
    for (size_t i = 0; i < d.size(); ++i) ASSERT_EQ(din[r0 * Din + i], d[i]) << "sequence " << s << " din " << i;
  }
  for (int n = 0; n < N; ++n) {
    for (int j = 0; j < Dout && padding(n); ++j) EXPECT_TRUE(std::isnan(out[static_cast<size_t>(n) * Dout + j]));
    for (int k = 0; k < Din && padding(n); ++k) ASSERT_EQ(din[static_cast<size_t>(n) * Din + k], 0.0f) << "row " << n;
  }
  for (size_t i = 0; i < dw.size(); ++i) ASSERT_NEAR(dw[i], dw_ref[i], 1e-5f) << "dw " << i;
  for (size_t i = 0; i < db.size(); ++i) ASSERT_NEAR(db[i], db_ref[i], 1e-5f) << "db " << i;
  // adding (din_is_new = false) leaves the padding rows as they were
  std::vector<float> din_add(in.size(), 0.0f), dw2(w.size(), 0.0f);
  linear_backward<float>(din_add.data(), dw2.data(), nullptr, dout.data(), in.data(), w.data(), N, Din, Dout, false,
                         rows);
  for (size_t i = 0; i < din.size(); ++i) ASSERT_EQ(din_add[i], din[i]) << "din added " << i;
}

}  // namespace
}  // namespace attnlab
