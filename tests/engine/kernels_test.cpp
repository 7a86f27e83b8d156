// The fast kernels (engine/kernels/kernels.h) against plain double-precision loops, and the two twins against each
// other: in the WebAssembly build kernels::simd (wasm_simd128.h) must give exactly the bits of
// kernels::portable; natively kernels::portable is what runs and is checked against the references.
// The relaxed-SIMD variant (kernels_name() "wasm-relaxed-simd", the test binary attnlab_relaxed_tests, run by
// Node with --experimental-wasm-relaxed-simd) fuses the products' multiply-adds: its gemm is held to the same
// tolerance of the double-precision loop, 1e-6·(1 + √K) relative, instead of the portable twin's bits.
// Then the float operations built on them (matmul, attention, LayerNorm, cross-entropy) against the same
// operations in double, which the gradient checks cover.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "engine/attention/attention.h"
#include "engine/attention/mask.h"
#include "engine/core/rng.h"
#include "engine/kernels/kernels.h"
#include "engine/kernels/matmul.h"
#include "engine/models/attention_tagger.h"
#include "engine/ops/layernorm.h"
#include "engine/ops/loss.h"
#include "engine/train/cost.h"
#include "engine/train/optim.h"

namespace attnlab {
namespace {

std::vector<float> randoms(size_t n, std::uint32_t seed, double scale = 1.0) {
  Rng r(seed);
  std::vector<float> v(n);
  for (float& x : v) x = static_cast<float>(scale * r.uniform(-1, 1));
  return v;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
}

// ------------------------------------------------------------------------------------------- gemm

struct GemmCase {
  int M, N, K;
  bool ta, tb;  // a stored (K, M) and read transposed; b stored (N, K) and read transposed
  int pad;      // extra columns in every buffer's rows (a block of a wider matrix)
  float alpha;
  bool accumulate;
};

std::string name(const GemmCase& g) {
  return std::to_string(g.M) + "x" + std::to_string(g.N) + "x" + std::to_string(g.K) + (g.ta ? " aT" : "") +
         (g.tb ? " bT" : "") + " pad " + std::to_string(g.pad) + " alpha " + std::to_string(g.alpha) +
         (g.accumulate ? " +=" : "");
}

// c (M, N), row stride ldc, from either twin; also the double-precision reference.
struct GemmRun {
  int lda, ldb, ldc;
  std::vector<float> a, b, c0;
  kernels::Strided A, B;
  explicit GemmRun(const GemmCase& g, std::uint32_t seed) {
    lda = (g.ta ? g.M : g.K) + g.pad;
    ldb = (g.tb ? g.K : g.N) + g.pad;
    ldc = g.N + g.pad;
    a = randoms(static_cast<size_t>(g.ta ? g.K : g.M) * lda, seed);
    b = randoms(static_cast<size_t>(g.tb ? g.N : g.K) * ldb, seed + 1);
    c0 = randoms(static_cast<size_t>(g.M) * ldc, seed + 2);
    A = g.ta ? kernels::Strided{a.data(), 1, lda} : kernels::Strided{a.data(), lda, 1};
    B = g.tb ? kernels::Strided{b.data(), 1, ldb} : kernels::Strided{b.data(), ldb, 1};
  }
  double ref(const GemmCase& g, int i, int j) const {
    double s = 0;
    for (int k = 0; k < g.K; ++k) {
      s += static_cast<double>(A.p[static_cast<long>(i) * A.rs + static_cast<long>(k) * A.cs]) *
           B.p[static_cast<long>(k) * B.rs + static_cast<long>(j) * B.cs];
    }
    return g.alpha * s + (g.accumulate ? c0[static_cast<size_t>(i) * ldc + j] : 0.0);
  }
};

const GemmCase kGemmCases[] = {
    {1, 1, 1, false, false, 0, 1.0f, false},
    {3, 5, 2, false, false, 3, 1.0f, true},
    {32, 32, 16, false, true, 48, 0.25f, false},  // attention scores, one head: S = Q·Kᵀ/√Dh
    {32, 16, 32, false, false, 48, 1.0f, false},  // Oₕ = A'·Vₕ in a (T, D) buffer
    {32, 16, 32, true, false, 48, 0.25f, true},   // dKₕ += dSᵀ·Qₕ/√Dh
    {17, 33, 70, false, false, 0, 1.0f, false},   // every edge: rows, a partial panel, odd depth
    {70, 17, 64, false, true, 5, -0.5f, true},
    {64, 17, 300, true, false, 2, 1.0f, true},  // depth across block edges (kKC = 128): dW = Xᵀ·dY
    {9, 130, 257, true, true, 1, 1.0f, false},
    {100, 64, 0, false, false, 0, 1.0f, false},  // an empty sum: c = 0
    {100, 64, 0, false, false, 0, 1.0f, true},   // ... or c unchanged
    {32, 4, 32, false, false, 28, 1.0f, true},   // narrow panels: a head of Dh = 4 (Oₕ += ...)
    {40, 8, 40, true, false, 40, 0.5f, true},    // Dh = 8, T = 40: dKₕ += dSᵀ·Qₕ/√Dh
    {40, 40, 8, false, true, 3, 0.25f, false},   // scores over T = 40 keys: panels of 16 + 16 + 8
    {13, 61, 19, false, false, 2, 1.0f, false},  // 16·3 + 8 + 5 (a partial 8-wide panel), rows not a tile multiple
    {7, 125, 33, true, true, 0, -1.0f, true},    // 64 + 16·3 + 8 + 5 across two column blocks
    {9, 3, 5, false, true, 1, 1.0f, true},       // a partial 4-wide panel only
};

// The relaxed-SIMD build's kernels (fused multiply-add in gemm)?
bool relaxed_simd() { return std::string(kernels_name()) == "wasm-relaxed-simd"; }

TEST(Kernels, GemmMatchesADoublePrecisionLoopInEveryForm) {
  std::uint32_t seed = 1;
  for (const GemmCase& g : kGemmCases) {
    GemmRun r(g, seed += 10);
    std::vector<float> c = r.c0;
    kernels::gemm(c.data(), r.ldc, r.A, r.B, g.M, g.N, g.K, g.alpha, g.accumulate);
    double worst = 0;
    for (int i = 0; i < g.M; ++i) {
      for (int j = 0; j < g.N; ++j) {
        const double want = r.ref(g, i, j);
        worst = std::max(worst, std::abs(c[static_cast<size_t>(i) * r.ldc + j] - want) / (1.0 + std::abs(want)));
      }
      for (int j = g.N; j < r.ldc; ++j) {  // the padding beside the block is never written
        ASSERT_EQ(c[static_cast<size_t>(i) * r.ldc + j], r.c0[static_cast<size_t>(i) * r.ldc + j]) << name(g);
      }
    }
    EXPECT_LT(worst, 1e-6 * (1 + std::sqrt(static_cast<double>(g.K)))) << name(g);
  }
}

TEST(Kernels, GemmTwinsAgree) {
  std::uint32_t seed = 3;
  for (const GemmCase& g : kGemmCases) {
    GemmRun r(g, seed += 10);
    std::vector<float> fast = r.c0, plain = r.c0;
    kernels::gemm(fast.data(), r.ldc, r.A, r.B, g.M, g.N, g.K, g.alpha, g.accumulate);
    kernels::portable::gemm(plain.data(), r.ldc, r.A, r.B, g.M, g.N, g.K, g.alpha, g.accumulate);
#if defined(__wasm_simd128__)
    if (relaxed_simd()) {  // fused: not the same bits, but as close to the double loop as the plain twin
      double worst_fast = 0, worst_plain = 0;
      for (int i = 0; i < g.M; ++i) {
        for (int j = 0; j < g.N; ++j) {
          const double want = r.ref(g, i, j), scale = 1.0 + std::abs(want);
          worst_fast = std::max(worst_fast, std::abs(fast[static_cast<size_t>(i) * r.ldc + j] - want) / scale);
          worst_plain = std::max(worst_plain, std::abs(plain[static_cast<size_t>(i) * r.ldc + j] - want) / scale);
        }
      }
      EXPECT_LT(worst_fast, 1e-6 * (1 + std::sqrt(static_cast<double>(g.K)))) << name(g);
      EXPECT_LE(worst_fast, 2 * worst_plain + 1e-7) << name(g) << ": fused products should not be less accurate";
    } else {
      EXPECT_TRUE(same_bits(fast, plain)) << name(g) << ": SIMD128 and portable twins differ";
    }
#else
    EXPECT_TRUE(same_bits(fast, plain)) << name(g) << ": natively the portable twin is the kernel";
#endif
  }
#if defined(__wasm_simd128__)
  EXPECT_TRUE(std::string(kernels_name()) == "wasm-simd128" || relaxed_simd()) << kernels_name();
#else
  EXPECT_STREQ(kernels_name(), "portable");
#endif
}

// The relaxed build really fuses: a·b + c with a·b just below 1 and c = −1 keeps the low bits of a·b that a
// separate multiplication rounds away. (Relaxed SIMD lets an engine without FMA hardware compute it unfused;
// V8 on x86-64 with FMA3 fuses.)
TEST(Kernels, RelaxedSimdGemmFusesMultiplyAdd) {
  if (!relaxed_simd()) GTEST_SKIP() << "kernels: " << kernels_name() << " (the plain build has no fused multiply-add)";
  const float a = 1.0f + 3 * 1.1920929e-7f, b = 1.0f - 5 * 1.1920929e-7f;
  // c (1, 1) = (−1)·1 + a·b as a product over K = 2, summed in that order: [−1, a]·[1, b]ᵀ
  const float av[2] = {-1.0f, a}, bv[2] = {1.0f, b};
  float c = 0;
  kernels::gemm(&c, 1, {av, 2, 1}, {bv, 1, 1}, 1, 1, 2, 1.0f, false);
  const double exact = static_cast<double>(a) * b - 1.0;
  const float unfused = a * b - 1.0f;
  EXPECT_NEAR(c, exact, 1e-13) << "unfused would give " << unfused;  // (unfused: 15·2⁻⁴⁶ = 2.1e-13 off)
}

// ------------------------------------------------------------------------------------------- softmax

// Rows of several widths (vector bodies and tails), masks with gaps, a row with nothing allowed, a full row; with
// more rows than kernels::softmax_rows takes in one block, those special rows recur every 8 rows, so blocks mix
// them.
struct SoftmaxData {
  int rows, n;
  std::vector<float> s;
  std::vector<std::uint8_t> allowed;
  SoftmaxData(int width, std::uint32_t seed, int row_count = 7) : rows(row_count), n(width) {
    s = randoms(static_cast<size_t>(rows) * n, seed, 6.0);
    Rng r(seed + 1);
    allowed.resize(s.size());
    for (auto& a : allowed) a = r.uniform() < 0.7 ? 1 : 0;
    if (n == 0) return;  // (rows of nothing: every row is empty)
    for (int i = 0; i < rows; ++i) {
      const size_t o = static_cast<size_t>(i) * n;
      if (i % 8 == 2) std::fill_n(allowed.begin() + o, n, 0);  // sees nothing
      if (i % 8 == 3) std::fill_n(allowed.begin() + o, n, 1);  // sees everything
      if (i % 8 == 4) s[o] = 80.0f;                            // one huge score (no overflow)
      if (i % 8 == 5) s[o] = -200.0f;                          // one hopeless score (weight about 0)
    }
  }
};

// (width, rows): short rows in several blocks of rows, and rows so wide that a block holds only a few of them
const std::pair<int, int> kManyRows[] = {{32, 37}, {5, 40}, {130, 33}, {300, 9}, {2049, 3}};

TEST(Kernels, SoftmaxMatchesDoublePrecision) {
  std::vector<std::pair<int, int>> shapes = {{1, 7}, {3, 7}, {4, 7}, {5, 7}, {16, 7}, {17, 7}, {32, 7}, {37, 7}};
  shapes.insert(shapes.end(), std::begin(kManyRows), std::end(kManyRows));
  for (const auto& shape : shapes) {
    const int n = shape.first, rows = shape.second;  // (a structured binding cannot be captured before C++20)
    for (bool masked : {false, true}) {
      SoftmaxData d(n, 100 + n, rows);
      const std::uint8_t* allowed = masked ? d.allowed.data() : nullptr;
      std::vector<float> w(d.s.size(), -1.0f), log_sum(d.rows);
      kernels::softmax_rows(w.data(), log_sum.data(), d.s.data(), allowed, d.rows, n);
      for (int r = 0; r < d.rows; ++r) {
        const auto ok = [&](int j) { return allowed == nullptr || allowed[r * n + j] != 0; };
        double mx = -1e300, sum = 0;
        for (int j = 0; j < n; ++j) mx = ok(j) ? std::max(mx, static_cast<double>(d.s[r * n + j])) : mx;
        for (int j = 0; j < n; ++j) sum += ok(j) ? std::exp(d.s[r * n + j] - mx) : 0.0;
        for (int j = 0; j < n; ++j) {
          const double want = ok(j) ? std::exp(d.s[r * n + j] - mx) / sum : 0.0;
          const float got = w[static_cast<size_t>(r) * n + j];
          if (!ok(j)) {
            EXPECT_EQ(got, 0.0f) << "a disallowed entry gets exactly 0";
          } else {
            EXPECT_NEAR(got, want, 1e-6 * (1 + want)) << "n " << n << " row " << r << " col " << j;
          }
        }
        if (sum > 0) {
          EXPECT_NEAR(log_sum[r], std::log(sum), 1e-6) << "n " << n << " row " << r;
        } else {
          EXPECT_EQ(log_sum[r], 0.0f);
        }
      }
    }
  }
}

TEST(Kernels, SoftmaxBackwardMatchesDoublePrecision) {
  for (int n : {1, 5, 16, 32, 37}) {
    SoftmaxData d(n, 7 + n);
    std::vector<float> w(d.s.size());
    kernels::softmax_rows(w.data(), nullptr, d.s.data(), d.allowed.data(), d.rows, n);
    const std::vector<float> dw = randoms(w.size(), 55 + n), ds0 = randoms(w.size(), 66 + n);
    std::vector<float> ds = ds0;
    kernels::softmax_backward_rows(ds.data(), dw.data(), w.data(), d.rows, n);
    for (int r = 0; r < d.rows; ++r) {
      double dot = 0;
      for (int j = 0; j < n; ++j) dot += static_cast<double>(w[r * n + j]) * dw[r * n + j];
      for (int j = 0; j < n; ++j) {
        const size_t i = static_cast<size_t>(r) * n + j;
        EXPECT_NEAR(ds[i], ds0[i] + w[i] * (dw[i] - dot), 1e-6) << "n " << n << " row " << r;
      }
    }
  }
}

TEST(Kernels, SoftmaxTwinsAgree) {
  std::vector<std::pair<int, int>> shapes = {{0, 7},  {1, 7},  {3, 7},  {4, 7}, {7, 7},
                                             {16, 7}, {17, 7}, {32, 7}, {37, 7}};
  shapes.insert(shapes.end(), std::begin(kManyRows), std::end(kManyRows));
  for (const auto& shape : shapes) {
    const int n = shape.first, rows = shape.second;  // (a structured binding cannot be captured before C++20)
    for (bool masked : {false, true}) {
      SoftmaxData d(n, 300 + n, rows);
      const std::uint8_t* allowed = masked ? d.allowed.data() : nullptr;
      std::vector<float> w1(d.s.size()), w2(d.s.size()), l1(d.rows), l2(d.rows);
      kernels::softmax_rows(w1.data(), l1.data(), d.s.data(), allowed, d.rows, n);
      kernels::portable::softmax_rows(w2.data(), l2.data(), d.s.data(), allowed, d.rows, n);
      EXPECT_TRUE(same_bits(w1, w2) && same_bits(l1, l2)) << "n " << n << " rows " << rows << (masked ? " masked" : "");
      // rows go in blocks: one row at a time gives the same bits
      std::vector<float> w3(d.s.size()), l3(d.rows);
      for (int r = 0; r < d.rows; ++r) {
        const size_t o = static_cast<size_t>(r) * n;
        kernels::softmax_rows(w3.data() + o, l3.data() + r, d.s.data() + o, allowed ? allowed + o : nullptr, 1, n);
      }
      EXPECT_TRUE(same_bits(w1, w3) && same_bits(l1, l3)) << "row by row, n " << n << " rows " << rows;
      const std::vector<float> dw = randoms(w1.size(), 77 + n);
      std::vector<float> ds1 = randoms(w1.size(), 88 + n), ds2 = ds1;
      kernels::softmax_backward_rows(ds1.data(), dw.data(), w1.data(), d.rows, n);
      kernels::portable::softmax_backward_rows(ds2.data(), dw.data(), w1.data(), d.rows, n);
      EXPECT_TRUE(same_bits(ds1, ds2)) << "backward, n " << n;
    }
  }
}

TEST(Kernels, ExpIsAccurateOverItsRange) {
  double worst = 0;
  for (double x = -87.0; x <= 88.0; x += 0.0137) {
    const double want = std::exp(static_cast<double>(static_cast<float>(x)));
    worst = std::max(worst, std::abs(kernels::portable::exp_approx(static_cast<float>(x)) - want) / want);
  }
  EXPECT_LT(worst, 3e-7);
  EXPECT_EQ(kernels::portable::exp_approx(0.0f), 1.0f);
  EXPECT_GT(kernels::portable::exp_approx(-1000.0f), 0.0f);  // clamped, never a NaN or a negative
  EXPECT_LT(kernels::portable::exp_approx(-1000.0f), 2e-38f);
}

// ------------------------------------------------------------------------------------------- layernorm

TEST(Kernels, LayerNormMatchesTheDoubleOperationAndTheTwinsAgree) {
  for (int D : {1, 3, 4, 16, 17, 64, 70}) {
    const int N = 9;
    const std::vector<float> x = randoms(static_cast<size_t>(N) * D, D, 3.0), g = randoms(D, D + 1),
                             bta = randoms(D, D + 2), dy = randoms(static_cast<size_t>(N) * D, D + 3);
    std::vector<float> y(x.size()), mean(N), rstd(N), dx = randoms(x.size(), D + 4), dg = randoms(D, D + 5),
                                                      db = randoms(D, D + 6);
    const std::vector<float> dx0 = dx, dg0 = dg, db0 = db;
    kernels::layernorm_forward_rows(y.data(), mean.data(), rstd.data(), x.data(), g.data(), bta.data(), N, D, 1e-5f);
    kernels::layernorm_backward_rows(dx.data(), dg.data(), db.data(), dy.data(), x.data(), g.data(), mean.data(),
                                     rstd.data(), N, D);
    // the lecture's loops (layernorm.cpp) in double
    auto d = [](const std::vector<float>& v) { return std::vector<double>(v.begin(), v.end()); };
    std::vector<double> xd = d(x), gd = d(g), bd = d(bta), dyd = d(dy), yd(x.size()), md(N), rd(N), dxd = d(dx0),
                        dgd = d(dg0), dbd = d(db0);
    layernorm_forward(yd.data(), md.data(), rd.data(), xd.data(), gd.data(), bd.data(), N, D, 1e-5);
    layernorm_backward(dxd.data(), dgd.data(), dbd.data(), dyd.data(), xd.data(), gd.data(), md.data(), rd.data(), N,
                       D);
    for (size_t i = 0; i < y.size(); ++i) {
      EXPECT_NEAR(y[i], yd[i], 2e-5 * (1 + std::abs(yd[i]))) << "D " << D;
      EXPECT_NEAR(dx[i], dxd[i], 1e-4 * (1 + std::abs(dxd[i]))) << "D " << D;
    }
    for (int i = 0; i < D; ++i) {
      EXPECT_NEAR(dg[i], dgd[i], 1e-5 * (1 + std::abs(dgd[i]))) << "D " << D;
      EXPECT_NEAR(db[i], dbd[i], 1e-5 * (1 + std::abs(dbd[i]))) << "D " << D;
    }
    // the portable twin, the same bits
    std::vector<float> y2(x.size()), mean2(N), rstd2(N), dx2 = dx0, dg2 = dg0, db2 = db0;
    kernels::portable::layernorm_forward_rows(y2.data(), mean2.data(), rstd2.data(), x.data(), g.data(), bta.data(), N,
                                              D, 1e-5f);
    kernels::portable::layernorm_backward_rows(dx2.data(), dg2.data(), db2.data(), dy.data(), x.data(), g.data(),
                                               mean2.data(), rstd2.data(), N, D);
    EXPECT_TRUE(same_bits(y, y2) && same_bits(mean, mean2) && same_bits(rstd, rstd2)) << "forward, D " << D;
    EXPECT_TRUE(same_bits(dx, dx2) && same_bits(dg, dg2) && same_bits(db, db2)) << "backward, D " << D;
  }
}

// ------------------------------------------------------------------------------------------- Adam

// Three Adam steps (Adam<float>, which runs the kernel) against Adam<double> (Eigen arrays, optim.cpp), and the
// twins against each other, on lengths around the vector width and the portable twin's 1024-float chunks.
TEST(Kernels, AdamMatchesDoublePrecisionAndTheTwinsAgree) {
  for (long n : {0L, 1L, 3L, 4L, 5L, 31L, 1023L, 1024L, 1025L, 2051L}) {
    const AdamConfig config{0.01, 0.9, 0.999, 1e-8};
    Adam<float> fast(static_cast<std::size_t>(n), config);
    Adam<double> slow(static_cast<std::size_t>(n), config);
    std::vector<float> p = randoms(static_cast<size_t>(n), 11 + static_cast<std::uint32_t>(n), 2.0);
    std::vector<double> pd(p.begin(), p.end());
    for (int t = 0; t < 3; ++t) {
      // gradients of every size, some exactly 0 (a word not in the batch)
      std::vector<float> g = randoms(static_cast<size_t>(n), 40 + static_cast<std::uint32_t>(n + t), t == 1 ? 1e-3 : 5);
      for (long i = 0; i < n; i += 7) g[static_cast<size_t>(i)] = 0.0f;
      const std::vector<double> gd(g.begin(), g.end());
      fast.step(p.data(), g.data());
      slow.step(pd.data(), gd.data());
      for (long i = 0; i < n; ++i) {
        const size_t k = static_cast<size_t>(i);
        ASSERT_NEAR(p[k], pd[k], 1e-6 * (1 + std::abs(pd[k]))) << "n " << n << " step " << t << " i " << i;
        // (1 − β2 rounded to float is 1.3e-5 below 0.001: v carries that)
        ASSERT_NEAR(fast.v[k], slow.v[k], 2e-5 * slow.v[k] + 1e-30) << "n " << n << " step " << t << " i " << i;
      }
    }
    // the same step by the two twins from the same state: the same bits. The buffers are aligned as the engine's
    // are (Buffer): natively Eigen works an unaligned head one float at a time, which the compiler may fuse into
    // multiply-adds differently from the vector body, so the same numbers at another alignment may round apart.
    Buffer<float> p1(p.begin(), p.end()), m1 = fast.m, v1 = fast.v;
    Buffer<float> p2 = p1, m2 = m1, v2 = v1;
    const std::vector<float> g = randoms(static_cast<size_t>(n), 99);
    kernels::adam_update(p1.data(), m1.data(), v1.data(), g.data(), n, 0.9f, 0.999f, 0.01f, 1.0005f, 1e-8f);
    kernels::portable::adam_update(p2.data(), m2.data(), v2.data(), g.data(), n, 0.9f, 0.999f, 0.01f, 1.0005f, 1e-8f);
    auto vec = [](const Buffer<float>& b) { return std::vector<float>(b.begin(), b.end()); };
    EXPECT_TRUE(same_bits(vec(p1), vec(p2)) && same_bits(vec(m1), vec(m2)) && same_bits(vec(v1), vec(v2))) << "n " << n;
  }
}

// ------------------------------------------------------------------------------------------- float ops

// matmul / matmul_bt / matmul_at on float (the kernel) against double (Eigen) on strided blocks.
TEST(FloatOps, MatmulFormsMatchDouble) {
  const int M = 37, K = 19, N = 21, ld = 40;
  const std::vector<float> a = randoms(static_cast<size_t>(M) * ld, 1), b = randoms(static_cast<size_t>(M) * ld, 2);
  const std::vector<double> ad(a.begin(), a.end()), bd(b.begin(), b.end());
  std::vector<float> out(static_cast<size_t>(M) * ld, 0.0f);
  std::vector<double> outd(out.size(), 0.0);
  matmul(view(out.data(), M, N, ld), cview(a.data(), M, K, ld), cview(b.data(), K, N, ld), false, 0.5f);
  matmul(view(outd.data(), M, N, ld), cview(ad.data(), M, K, ld), cview(bd.data(), K, N, ld), false, 0.5);
  matmul_bt(view(out.data(), M, N, ld), cview(a.data(), M, K, ld), cview(b.data(), N, K, ld), true);
  matmul_bt(view(outd.data(), M, N, ld), cview(ad.data(), M, K, ld), cview(bd.data(), N, K, ld), true);
  matmul_at(view(out.data(), M, N, ld), cview(a.data(), K, M, ld), cview(b.data(), K, N, ld), true, -2.0f);
  matmul_at(view(outd.data(), M, N, ld), cview(ad.data(), K, M, ld), cview(bd.data(), K, N, ld), true, -2.0);
  for (size_t i = 0; i < out.size(); ++i) EXPECT_NEAR(out[i], outd[i], 1e-5) << i;
}

// Multi-head attention, forward and backward, float against double: with padding and a causal mask, and
// without any mask (the fast path of the softmax kernel).
TEST(FloatOps, AttentionMatchesDouble) {
  const int B = 3, T = 11, D = 12, H = 3;
  for (bool causal : {false, true}) {
    MaskSpec mask;
    mask.causal = causal;
    const std::vector<int> lengths = causal ? std::vector<int>{11, 6, 1} : std::vector<int>{11, 11, 11};
    std::vector<std::uint8_t> allowed(static_cast<size_t>(B) * T * T);
    build_attention_mask(allowed.data(), mask, lengths.data(), B, T);
    AttentionSpec spec;
    spec.heads = H;
    const std::vector<float> x = randoms(static_cast<size_t>(B) * T * D, 5), w = randoms(8 * D * D, 6, 0.5),
                             dout = randoms(static_cast<size_t>(B) * T * D, 7);
    auto run = [&](auto zero) {
      using Real = decltype(zero);
      std::vector<Real> xr(x.begin(), x.end()), wr(w.begin(), w.end()), dr(dout.begin(), dout.end());
      std::vector<Real> out(xr.size()), din(xr.size(), Real(0)), grads(wr.size(), Real(0));
      AttentionParams<Real> p, g;
      Real* pw[] = {&wr[0], &wr[D * D], &wr[2 * D * D], &wr[3 * D * D]};
      Real* gw[] = {&grads[0], &grads[D * D], &grads[2 * D * D], &grads[3 * D * D]};
      p.wq = pw[0], p.wk = pw[1], p.wv = pw[2], p.wo = pw[3];
      p.bq = &wr[4 * D * D], p.bk = &wr[4 * D * D + D], p.bv = &wr[4 * D * D + 2 * D], p.bo = &wr[4 * D * D + 3 * D];
      g.wq = gw[0], g.wk = gw[1], g.wv = gw[2], g.wo = gw[3];
      g.bq = &grads[4 * D * D], g.bk = &grads[4 * D * D + D], g.bv = &grads[4 * D * D + 2 * D];
      g.bo = &grads[4 * D * D + 3 * D];
      AttentionCache<Real> cache;
      AttentionScratch<Real> scratch;
      cache.resize(B, T, D, H, spec.relevance);
      scratch.resize(B, T, D, H);
      attention_forward(out.data(), cache, xr.data(), allowed.data(), lengths.data(), p, spec, B, T, D);
      attention_backward(din.data(), g, scratch, dr.data(), cache, xr.data(), allowed.data(), lengths.data(), p, spec,
                         B, T, D);
      std::vector<double> all(out.begin(), out.end());
      all.insert(all.end(), din.begin(), din.end());
      all.insert(all.end(), grads.begin(), grads.end());
      all.insert(all.end(), cache.weights.begin(), cache.weights.end());
      return all;
    };
    const std::vector<double> f = run(0.0f), d = run(0.0);
    ASSERT_EQ(f.size(), d.size());
    for (size_t i = 0; i < f.size(); ++i) {
      EXPECT_NEAR(f[i], d[i], 2e-5 * (1 + std::abs(d[i]))) << (causal ? "causal " : "full ") << i;
    }
  }
}

TEST(FloatOps, CrossEntropyMatchesDouble) {
  const int N = 9, C = 17;
  const std::vector<float> z = randoms(static_cast<size_t>(N) * C, 9, 8.0);
  std::vector<int> tags = {0, 16, 3, -1, 5, 5, 9, 1, 2};
  std::vector<float> p(z.size());
  std::vector<double> zd(z.begin(), z.end()), pd(z.size());
  const float loss = cross_entropy_forward(p.data(), z.data(), tags.data(), N, C);
  const double lossd = cross_entropy_forward(pd.data(), zd.data(), tags.data(), N, C);
  EXPECT_NEAR(loss, lossd, 1e-5 * (1 + lossd));
  for (size_t i = 0; i < p.size(); ++i) EXPECT_NEAR(p[i], pd[i], 1e-6 * (1 + pd[i])) << i;
}

// ------------------------------------------------------------------------------------------- bench

TEST(BenchFlops, MatmulFlopsAsBenchAnchors) {
  // bench-anchors/flops.py: 153.2 M matmul FLOPs per forward pass, 459.7 M per training step
  EXPECT_EQ(forward_matmul_flops(bench_tagger_config(), 32, 32), 153223168.0);
  EXPECT_EQ(3 * forward_matmul_flops(bench_tagger_config(), 32, 32), 459669504.0);
}

// Under AddressSanitizer the kernels' own loops run unchecked (engine/kernels/extents.h), so each call checks its
// operands whole: a product told one row more than its A has, a softmax one row more than its scores, a
// LayerNorm a wider γ than it has, each stops the program naming the kernel and the operand.
TEST(KernelExtents, AnOperandPastItsBufferIsReportedByName) {
#if defined(ATTNLAB_CHECK_EXTENTS)
  const int M = 5, N = 7, K = 3;
  std::vector<float> a = randoms(M * K, 1), b = randoms(K * N, 2), c(M * N);
  kernels::gemm(c.data(), N, {a.data(), K, 1}, {b.data(), N, 1}, M, N, K, 1.0f, false);  // the right sizes: fine
  EXPECT_DEATH(kernels::gemm(c.data(), N, {a.data(), K, 1}, {b.data(), N, 1}, M + 1, N, K, 1.0f, false),
               "kernels::gemm: a .*reaches memory it may not use");
  EXPECT_DEATH(kernels::gemm(c.data(), N, {a.data(), 1, M + 1}, {b.data(), N, 1}, M, N, K, 1.0f, false),
               "kernels::gemm: a ");  // A read by columns, its stride one too large
  std::vector<float> s = randoms(3 * 4, 3), w(3 * 4);
  kernels::softmax_rows(w.data(), nullptr, s.data(), nullptr, 3, 4);
  EXPECT_DEATH(kernels::softmax_rows(w.data(), nullptr, s.data(), nullptr, 4, 4), "kernels::softmax_rows: s ");
  std::vector<float> x = randoms(2 * 8, 4), y(2 * 8), mean(2), rstd(2), gamma(8, 1.0f), beta(7, 0.0f);
  EXPECT_DEATH(kernels::layernorm_forward_rows(y.data(), mean.data(), rstd.data(), x.data(), gamma.data(), beta.data(),
                                               2, 8, 1e-5f),
               "kernels::layernorm_forward_rows: beta ");
#else
  GTEST_SKIP() << "only under AddressSanitizer (the asan build): elsewhere the kernels check nothing";
#endif
}

}  // namespace
}  // namespace attnlab
