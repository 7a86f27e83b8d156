// The three matrix products every operation uses, on strided blocks (one head's columns), against loops.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/core/rng.h"
#include "engine/kernels/matmul.h"

namespace attnlab {
namespace {

std::vector<double> randoms(int n, std::uint32_t seed) {
  Rng r(seed);
  std::vector<double> v(n);
  for (double& x : v) x = r.uniform(-1, 1);
  return v;
}

TEST(Matmul, AllThreeFormsOnStridedBlocksMatchPlainLoops) {
  // a: rows 3, cols 2 taken from a buffer of row stride 5 (columns 1..2); b likewise
  const int M = 3, K = 2, N = 4, lda = 5, ldb = 7, ldo = 6;
  const std::vector<double> A = randoms(M * lda, 1), B = randoms(K * ldb, 2), Bt = randoms(N * ldb, 3),
                            At = randoms(K * lda, 4);
  auto a = [&](int i, int k) { return A[i * lda + 1 + k]; };
  auto b = [&](int k, int j) { return B[k * ldb + 2 + j]; };
  auto bt = [&](int j, int k) { return Bt[j * ldb + k]; };  // (N, K)
  auto at = [&](int k, int i) { return At[k * lda + i]; };  // (K, M)
  std::vector<double> out(M * ldo, 5.0);
  matmul(view(out.data(), M, N, ldo), cview(A.data() + 1, M, K, lda), cview(B.data() + 2, K, N, ldb));
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int k = 0; k < K; ++k) s += a(i, k) * b(k, j);
      EXPECT_NEAR(out[i * ldo + j], s, 1e-15);
    }
    EXPECT_EQ(out[i * ldo + N], 5.0) << "a block write must not touch the columns beside it";
  }
  matmul_bt(view(out.data(), M, N, ldo), cview(A.data() + 1, M, K, lda), cview(Bt.data(), N, K, ldb), true);
  matmul_at(view(out.data(), M, N, ldo), cview(At.data(), K, M, lda), cview(B.data() + 2, K, N, ldb), true);
  for (int i = 0; i < M; ++i) {
    for (int j = 0; j < N; ++j) {
      double s = 0;
      for (int k = 0; k < K; ++k) s += a(i, k) * b(k, j) + a(i, k) * bt(j, k) + at(k, i) * b(k, j);
      EXPECT_NEAR(out[i * ldo + j], s, 1e-14) << "accumulate = true adds to what is there";
    }
  }
}

TEST(Matmul, ProductsLargerThanOneTileMatchADoublePrecisionReference) {
  // float products run kernels.h in blocks (depth 256, 64 x 64 of C, micro-tiles of 8 or 2 rows x 16): sizes
  // across every edge; depth 300 crosses a depth block
  const int M = 300, K = 130, N = 129;
  const std::vector<double> A = randoms(M * K, 5), B = randoms(K * N, 6);
  std::vector<float> a(A.begin(), A.end()), b(B.begin(), B.end()), out(M * N), out_bt(M * N), out_at(K * K);
  std::vector<float> bt(N * K);  // bᵀ stored (N, K)
  for (int k = 0; k < K; ++k) {
    for (int j = 0; j < N; ++j) bt[j * K + k] = b[k * N + j];
  }
  matmul(view(out.data(), M, N), cview(a.data(), M, K), cview(b.data(), K, N));
  matmul_bt(view(out_bt.data(), M, N), cview(a.data(), M, K), cview(bt.data(), N, K));
  matmul_at(view(out_at.data(), K, K), cview(a.data(), M, K), cview(a.data(), M, K));  // aᵀa, depth M = 300
  for (int i = 0; i < M; i += 7) {
    for (int j = 0; j < N; j += 5) {
      double s = 0;
      for (int k = 0; k < K; ++k) s += static_cast<double>(a[i * K + k]) * b[k * N + j];
      EXPECT_NEAR(out[i * N + j], s, 1e-4);
      EXPECT_NEAR(out_bt[i * N + j], s, 1e-4);
    }
  }
  for (int i = 0; i < K; i += 3) {
    for (int j = 0; j < K; j += 11) {
      double s = 0;
      for (int m = 0; m < M; ++m) s += static_cast<double>(a[m * K + i]) * a[m * K + j];
      EXPECT_NEAR(out_at[i * K + j], s, 1e-4);
    }
  }
}

// attnlab bench times a training step's products alone by recording them and making them again
TEST(Matmul, RecordedProductsAreMadeAgainExactlyAsRecorded) {
  const int M = 5, K = 3, N = 4;
  std::vector<float> a(M * K), b(K * N), bt(N * K), out(M * N, 0.0f), acc(M * N, 1.0f);
  for (int i = 0; i < M * K; ++i) a[i] = 0.25f * static_cast<float>(i % 7) - 0.5f;
  for (int i = 0; i < K * N; ++i) b[i] = bt[i] = 0.125f * static_cast<float>(i % 5) - 0.25f;
  std::vector<ProductCall> log;
  record_products(&log);
  matmul(view(out.data(), M, N), cview(a.data(), M, K), cview(b.data(), K, N), false, 2.0f);
  matmul_bt(view(acc.data(), M, N), cview(a.data(), M, K), cview(bt.data(), N, K), true);
  record_products(nullptr);
  matmul(view(out.data(), M, N), cview(a.data(), M, K), cview(b.data(), K, N));  // not recorded
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log[0].out, out.data());
  EXPECT_EQ(log[0].M, M);
  EXPECT_EQ(log[0].N, N);
  EXPECT_EQ(log[0].K, K);
  EXPECT_EQ(log[0].scale, 2.0f);
  EXPECT_FALSE(log[0].accumulate);
  EXPECT_TRUE(log[1].accumulate);
  EXPECT_EQ(log[1].b.rs, 1) << "bᵀ is read transposed";
  const std::vector<float> second = acc;
  std::fill(out.begin(), out.end(), 9.0f);
  replay_products(log);
  std::vector<float> want(M * N);
  matmul(view(want.data(), M, N), cview(a.data(), M, K), cview(b.data(), K, N), false, 2.0f);
  EXPECT_EQ(out, want) << "a recorded product writes what it wrote";
  for (int i = 0; i < M * N; ++i) EXPECT_FLOAT_EQ(acc[i], second[i] + (second[i] - 1.0f)) << "and adds what it added";
}

}  // namespace
}  // namespace attnlab
