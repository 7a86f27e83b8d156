// Attention computes only what the mask allows (attention.h: query blocks and their key spans). These tests
// check the result against the lecture's formula written out pair by pair, on sequences long enough for
// several blocks, for every mask kind and normalization, in double and in float (the kernels); and that the
// work really shrinks: truncated attention computes O(T·w) scores, not T².
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/attention/attention.h"
#include "engine/attention/mask.h"
#include "engine/attention/posenc.h"
#include "engine/core/rng.h"

namespace attnlab {
namespace {

struct BlockCase {
  std::string name;
  MaskSpec mask;
  AttnNorm norm = AttnNorm::softmax;
  bool alibi = false;
  bool graph = false;  // a random per-sequence allow matrix (each sentence its own graph)
};

std::vector<BlockCase> cases() {
  std::vector<BlockCase> c;
  auto add = [&](const std::string& name, bool causal, int window, AttnNorm norm = AttnNorm::softmax,
                 bool alibi = false, bool graph = false) {
    BlockCase k;
    k.name = name;
    k.mask.causal = causal;
    k.mask.window = window;
    k.norm = norm;
    k.alibi = alibi;
    k.graph = graph;
    c.push_back(k);
  };
  add("full", false, -1);
  add("causal", true, -1);
  add("window0", false, 0);
  add("window3", false, 3);
  add("window20", false, 20);
  add("causal_window2", true, 2);
  add("window3_relu", false, 3, AttnNorm::relu);
  add("window5_sigmoid_alibi", false, 5, AttnNorm::sigmoid, true);
  add("full_alibi", false, -1, AttnNorm::softmax, true);
  add("graph", false, -1, AttnNorm::softmax, false, true);  // ~15% of the pairs: computed pair by pair
  add("graph_relu_alibi", false, -1, AttnNorm::relu, true, true);
  add("causal_graph", true, -1, AttnNorm::sigmoid, false, true);
  // images: a 2-D window (rows of grid_w pixels; T = 53 ends in a partial row, which the mask allows)
  auto grid = [&](const std::string& name, int grid_w, int window, AttnNorm norm = AttnNorm::softmax) {
    add(name, false, window, norm);
    c.back().mask.grid_w = grid_w;
  };
  grid("grid7_window1", 7, 1);
  grid("grid4_window2_relu", 4, 2, AttnNorm::relu);
  grid("grid12_window2_sigmoid", 12, 2, AttnNorm::sigmoid);
  return c;
}

// The layer's parameters and input, drawn once (in double; the float run rounds the same numbers).
struct Data {
  int B = 3, T = 53, D = 8, H = 2;
  std::vector<int> lengths = {53, 40, 7};
  std::vector<double> x, wq, bq, wk, bk, wv, bv, wo, bo;
  std::vector<std::uint8_t> graph;  // (B, T, T)
  Data() {
    Rng rng(5);
    auto fill = [&](std::vector<double>& v, size_t n, double s) {
      v.resize(n);
      for (double& e : v) e = s * (2 * rng.uniform() - 1);
    };
    fill(x, static_cast<size_t>(B) * T * D, 1.0);
    for (auto* w : {&wq, &wk, &wv, &wo}) fill(*w, static_cast<size_t>(D) * D, 0.7);
    for (auto* b : {&bq, &bk, &bv, &bo}) fill(*b, static_cast<size_t>(D), 0.3);
    graph.resize(static_cast<size_t>(B) * T * T);
    for (auto& e : graph) e = rng.uniform() < 0.15 ? 1 : 0;
  }
};

// The formula, one (query, key) pair at a time: out, weights A' (B, H, T, T) and scores S (B, H, T, T).
void reference(std::vector<double>& out, std::vector<double>& A, std::vector<double>& S, const Data& d,
               const std::vector<std::uint8_t>& allowed, const BlockCase& c) {
  const int B = d.B, T = d.T, D = d.D, H = d.H, Dh = D / H, N = B * T;
  auto proj = [&](const std::vector<double>& w, const std::vector<double>& bias) {
    std::vector<double> y(static_cast<size_t>(N) * D);
    for (int n = 0; n < N; ++n)
      for (int o = 0; o < D; ++o) {
        double s = bias[o];
        for (int i = 0; i < D; ++i) s += d.x[n * D + i] * w[i * D + o];
        y[n * D + o] = s;
      }
    return y;
  };
  const std::vector<double> q = proj(d.wq, d.bq), k = proj(d.wk, d.bk), v = proj(d.wv, d.bv);
  std::vector<double> O(static_cast<size_t>(N) * D, 0.0);
  A.assign(static_cast<size_t>(B) * H * T * T, 0.0);
  S.assign(A.size(), 0.0);
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < H; ++h)
      for (int i = 0; i < T; ++i) {
        const long row = attention_index(b, h, i, 0, H, T);
        const std::uint8_t* ok = allowed.data() + (static_cast<long>(b) * T + i) * T;
        int n = 0;
        double smax = -1e300;
        for (int j = 0; j < T; ++j) {
          if (!ok[j]) continue;
          double s = 0;
          for (int e = 0; e < Dh; ++e) s += q[(b * T + i) * D + h * Dh + e] * k[(b * T + j) * D + h * Dh + e];
          s /= std::sqrt(static_cast<double>(Dh));
          if (c.alibi) s -= alibi_slope(h, H) * std::abs(i - j);
          S[row + j] = s;
          smax = std::max(smax, s);
          ++n;
        }
        if (n == 0) continue;
        double sum = 0;
        for (int j = 0; j < T; ++j) {
          if (!ok[j]) continue;
          const double s = S[row + j];
          double w = 0;
          if (c.norm == AttnNorm::softmax) w = std::exp(s - smax), sum += w;
          if (c.norm == AttnNorm::relu) w = std::max(s, 0.0) / n;
          if (c.norm == AttnNorm::sigmoid) w = 1 / (1 + std::exp(-(s - std::log(static_cast<double>(n)))));
          A[row + j] = w;
        }
        if (c.norm == AttnNorm::softmax)
          for (int j = 0; j < T; ++j) A[row + j] /= sum;
        for (int j = 0; j < T; ++j)
          for (int e = 0; e < Dh; ++e) O[(b * T + i) * D + h * Dh + e] += A[row + j] * v[(b * T + j) * D + h * Dh + e];
      }
  out.assign(static_cast<size_t>(N) * D, 0.0);
  for (int b = 0; b < B; ++b)
    for (int i = 0; i < d.lengths[b]; ++i)
      for (int o = 0; o < D; ++o) {
        double s = d.bo[o];
        for (int e = 0; e < D; ++e) s += O[(b * T + i) * D + e] * d.wo[e * D + o];
        out[(b * T + i) * D + o] = s;
      }
}

template <typename Real>
void check_case(const BlockCase& c, double tol) {
  const Data d;
  const int B = d.B, T = d.T, D = d.D, H = d.H;
  std::vector<std::uint8_t> allowed(static_cast<size_t>(B) * T * T);
  build_attention_mask(allowed.data(), c.mask, d.lengths.data(), B, T, c.graph ? d.graph.data() : nullptr);
  std::vector<double> ref_out, ref_A, ref_S;
  reference(ref_out, ref_A, ref_S, d, allowed, c);

  auto cast = [](const std::vector<double>& v) { return std::vector<Real>(v.begin(), v.end()); };
  std::vector<Real> x = cast(d.x), wq = cast(d.wq), bq = cast(d.bq), wk = cast(d.wk), bk = cast(d.bk), wv = cast(d.wv),
                    bv = cast(d.bv), wo = cast(d.wo), bo = cast(d.bo);
  AttentionParams<Real> p;
  p.wq = wq.data(), p.bq = bq.data(), p.wk = wk.data(), p.bk = bk.data();
  p.wv = wv.data(), p.bv = bv.data(), p.wo = wo.data(), p.bo = bo.data();
  AttentionSpec spec;
  spec.heads = H, spec.norm = c.norm, spec.alibi = c.alibi;
  AttentionCache<Real> cache;
  cache.resize(B, T, D, H, Relevance::dot);
  std::vector<Real> out(static_cast<size_t>(B) * T * D);
  // First an unmasked call that fills every score and weight: none of them may survive the masked call.
  std::vector<std::uint8_t> everything(allowed.size(), 1);
  attention_forward(out.data(), cache, x.data(), everything.data(), nullptr, p, spec, B, T, D);
  attention_forward(out.data(), cache, x.data(), allowed.data(), d.lengths.data(), p, spec, B, T, D);

  for (size_t n = 0; n < out.size(); ++n) ASSERT_NEAR(out[n], ref_out[n], tol) << c.name << " out " << n;
  for (size_t n = 0; n < ref_A.size(); ++n) {
    const size_t key = n % T, query = (n / T) % T, b = n / (static_cast<size_t>(H) * T * T);
    if (!allowed[(b * T + query) * T + key]) {
      ASSERT_EQ(cache.weights[n], Real(0)) << c.name << ": a masked pair's weight is exactly 0";
      ASSERT_EQ(cache.scores[n], Real(0)) << c.name << ": a masked pair's score is stored as 0";
    } else {
      ASSERT_NEAR(cache.weights[n], ref_A[n], tol) << c.name << " weight " << n;
      ASSERT_NEAR(cache.scores[n], ref_S[n], tol * 10) << c.name << " score " << n;
    }
  }

  // The lecture's version (self_attention, attention.cpp) gives the same numbers as this reference; and the
  // fast path run on the cache it filled still gives them (no stale score survives the switch).
  AttentionCache<Real> lecture;
  lecture.resize(B, T, D, H, Relevance::dot);
  std::vector<Real> out2(out.size());
  self_attention(out2.data(), lecture, x.data(), allowed.data(), d.lengths.data(), p, spec, B, T, D);
  for (size_t n = 0; n < out2.size(); ++n) ASSERT_NEAR(out2[n], ref_out[n], tol) << c.name << " lecture out " << n;
  for (size_t n = 0; n < ref_A.size(); ++n) {
    const size_t key = n % T, query = (n / T) % T, b = n / (static_cast<size_t>(H) * T * T);
    const bool ok = allowed[(b * T + query) * T + key] != 0;
    ASSERT_NEAR(lecture.weights[n], ok ? ref_A[n] : 0.0, tol) << c.name << " lecture weight " << n;
    ASSERT_NEAR(lecture.scores[n], ok ? ref_S[n] : 0.0, tol * 10) << c.name << " lecture score " << n;
  }
  self_attention(out2.data(), cache, x.data(), everything.data(), nullptr, p, spec, B, T, D);
  attention_forward(out.data(), cache, x.data(), allowed.data(), d.lengths.data(), p, spec, B, T, D);
  for (size_t n = 0; n < ref_A.size(); ++n) {
    const size_t key = n % T, query = (n / T) % T, b = n / (static_cast<size_t>(H) * T * T);
    if (!allowed[(b * T + query) * T + key]) {
      ASSERT_EQ(cache.weights[n], Real(0)) << c.name << " after the lecture";
    }
  }
  for (size_t n = 0; n < out.size(); ++n) ASSERT_NEAR(out[n], ref_out[n], tol) << c.name << " after the lecture";

  // A batch of another shape (one sequence fewer) over the numbers a whole unmasked batch left: none survives.
  if (B > 1) {
    attention_forward(out.data(), cache, x.data(), everything.data(), nullptr, p, spec, B, T, D);
    attention_forward(out.data(), cache, x.data(), allowed.data(), d.lengths.data(), p, spec, B - 1, T, D);
    for (size_t n = 0; n < static_cast<size_t>(B - 1) * H * T * T; ++n) {
      const size_t key = n % T, query = (n / T) % T, b = n / (static_cast<size_t>(H) * T * T);
      if (!allowed[(b * T + query) * T + key]) {
        ASSERT_EQ(cache.weights[n], Real(0)) << c.name << ": B − 1 after B, weight " << n;
        ASSERT_EQ(cache.scores[n], Real(0)) << c.name << ": B − 1 after B, score " << n;
      } else {
        ASSERT_NEAR(cache.weights[n], ref_A[n], tol) << c.name << ": B − 1 after B, weight " << n;
      }
    }
  }
}

TEST(AttentionBlocks, EqualTheFormulaPairByPairInDouble) {
  for (const BlockCase& c : cases()) check_case<double>(c, 1e-12);
}

TEST(AttentionBlocks, EqualTheFormulaPairByPairInFloat) {
  for (const BlockCase& c : cases()) check_case<float>(c, 2e-5);
}

// Σ over query blocks of (queries in the block) × (keys from the first to the last that any of them sees),
// worked out by hand for one sequence of `len` real tokens out of T.
long expected_pairs(int T, int len, bool causal, int window) {
  long pairs = 0;
  for (int i0 = 0; i0 < T; i0 += kQueryBlock) {
    const int i1 = std::min(T, i0 + kQueryBlock);
    const int last_query = std::min(i1, len) - 1;  // the block's last real query
    if (last_query < i0) continue;                 // a block of padding computes nothing
    int k0 = 0, k1 = len;
    if (window >= 0) k0 = std::max(0, i0 - window), k1 = std::min(len, last_query + window + 1);
    if (causal) k1 = std::min(k1, last_query + 1);
    pairs += static_cast<long>(i1 - i0) * (k1 - k0);
  }
  return pairs;
}

TEST(AttentionBlocks, TruncatedAttentionComputesFarFewerScores) {
  const int D = 8, H = 2;
  AttentionSpec spec;
  spec.heads = H;
  for (int T : {64, 256}) {
    Rng rng(3);
    std::vector<float> x(static_cast<size_t>(T) * D), w(static_cast<size_t>(D) * D), out(x.size());
    for (float& e : x) e = static_cast<float>(rng.uniform());
    for (float& e : w) e = static_cast<float>(rng.uniform() - 0.5);
    AttentionParams<float> p;
    p.wq = p.wk = p.wv = p.wo = w.data();
    AttentionCache<float> cache;
    cache.resize(1, T, D, H, Relevance::dot);
    std::vector<std::uint8_t> allowed(static_cast<size_t>(T) * T);
    auto pairs = [&](bool causal, int window, int len) {
      MaskSpec m;
      m.causal = causal, m.window = window;
      build_attention_mask(allowed.data(), m, &len, 1, T);
      attention_forward(out.data(), cache, x.data(), allowed.data(), &len, p, spec, 1, T, D);
      const ScoreWork work = attention_score_work(cache);
      EXPECT_EQ(work.dense, static_cast<long>(H) * T * T);
      const long n = work.computed;
      EXPECT_EQ(n, H * expected_pairs(T, len, causal, window)) << "T " << T << " causal " << causal << " w " << window;
      return n;
    };
    const long full = pairs(false, -1, T);
    EXPECT_EQ(full, static_cast<long>(H) * T * T) << "full attention: every pair, once";
    const long truncated = pairs(false, 3, T);
    EXPECT_LE(truncated, static_cast<long>(H) * T * (kQueryBlock + 2 * 3)) << "a window costs O(T·w)";
    EXPECT_LT(truncated * 2, full) << "T " << T;
    if (T == 256) {
      EXPECT_LT(truncated * 10, full) << "the longer the sequence, the bigger the saving";
    }
    EXPECT_LT(pairs(true, -1, T) * 10, full * 7) << "causal: about half";
    EXPECT_LT(pairs(false, -1, T / 4) * 8, full) << "padding costs nothing";
    // a graph (each node linked to its two neighbours in a shuffled order): only the edges are computed
    std::vector<int> order(T);
    for (int i = 0; i < T; ++i) order[i] = i;
    for (int i = T - 1; i > 0; --i) std::swap(order[i], order[rng.below(static_cast<std::uint32_t>(i + 1))]);
    MaskSpec g;
    g.allow_n = T;
    g.allow.assign(static_cast<size_t>(T) * T, 0);
    for (int n = 0; n < T; ++n) {
      const int a = order[n], b = order[(n + 1) % T];
      g.allow[static_cast<size_t>(a) * T + b] = g.allow[static_cast<size_t>(b) * T + a] = 1;
    }
    build_attention_mask(allowed.data(), g, nullptr, 1, T);
    attention_forward(out.data(), cache, x.data(), allowed.data(), nullptr, p, spec, 1, T, D);
    EXPECT_EQ(attention_score_work(cache).computed, static_cast<long>(H) * 2 * T) << "H · edges (2 per node)";
  }
}

// On an image the window is a (2w+1)×(2w+1) square (mask.h): the scores computed per head grow with
// T·(2w+1)², not T². T = 144 (12×12, the image task's default) and 256 (16×16, the largest), w = 1 and 2.
// A block of 16 queries (a row and a bit of a gw-pixel image) spans 16 + 2·(w·gw + w) keys, of which each query
// may see (2w+1)²: w = 1 allows under a quarter of the span, so its blocks go pair by pair (exactly the allowed
// pairs); w = 2 allows 37 % (12×12) or 30 % (16×16), and its blocks are matrix products over the span, at most
// 3.4× the allowed pairs. (Pair by pair at w = 2 would compute 3× fewer scores but was slower: 98-104 ms per
// step against 85 for D32 L2 H2 on the image task, native.)
TEST(AttentionBlocks, TwoDimensionalWindowsComputeOrderTk2Scores) {
  const int D = 8, H = 2;
  AttentionSpec spec;
  spec.heads = H;
  for (int side : {12, 16}) {
    const int T = side * side;
    Rng rng(4);
    std::vector<float> x(static_cast<size_t>(T) * D), w(static_cast<size_t>(D) * D), out(x.size());
    for (float& e : x) e = static_cast<float>(rng.uniform());
    for (float& e : w) e = static_cast<float>(rng.uniform() - 0.5);
    AttentionParams<float> p;
    p.wq = p.wk = p.wv = p.wo = w.data();
    AttentionCache<float> cache;
    cache.resize(1, T, D, H, Relevance::dot);
    std::vector<std::uint8_t> allowed(static_cast<size_t>(T) * T);
    for (int window : {1, 2}) {
      MaskSpec m;
      m.window = window, m.grid_w = side;
      build_attention_mask(allowed.data(), m, nullptr, 1, T);
      long pairs = 0;  // what the mask allows: (2w+1)² per pixel, less at the image's borders
      for (std::uint8_t a : allowed) pairs += a;
      attention_forward(out.data(), cache, x.data(), allowed.data(), nullptr, p, spec, 1, T, D);
      const ScoreWork work = attention_score_work(cache);
      const long k2 = (2L * window + 1) * (2 * window + 1);
      const std::string what = std::to_string(side) + "x" + std::to_string(side) + " w " + std::to_string(window);
      EXPECT_GE(work.computed, H * pairs) << what << ": every allowed pair is computed";
      if (window == 1) {
        EXPECT_EQ(work.computed, H * pairs) << what << ": pair by pair, only the allowed pairs";
        EXPECT_LT(work.computed * 10, work.dense) << what << ": far below T²";
      }
      EXPECT_LE(work.computed, 4 * H * T * k2) << what << ": O(T·k²) per head";
      EXPECT_LT(work.computed * 2, work.dense) << what << ": below T²";
      if (side == 16) {
        EXPECT_LT(work.computed * 3, work.dense) << what << ": the larger the image, the bigger the saving";
      }
    }
  }
}

}  // namespace
}  // namespace attnlab
