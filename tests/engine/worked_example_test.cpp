// The lecture's worked example, small enough to check with pen and paper: 3 tokens, D = 2, one head.
//
//   input (one token per row)   Wq          Wk          Wv
//   a¹ = (1, 0)                 [1 1]       [1 0]       [1 0]
//   a² = (0, 1)                 [0 1]       [0 1]       [0 2]
//   a³ = (1, 1)
//
//   qⁱ = aⁱ·Wq:  q¹ = (1, 1)   q² = (0, 1)   q³ = (1, 2)
//   kⁱ = aⁱ·Wk:  k¹ = (1, 0)   k² = (0, 1)   k³ = (1, 1)
//   vⁱ = aⁱ·Wv:  v¹ = (1, 0)   v² = (0, 2)   v³ = (1, 2)
//
// Query 1:
//   α₁,ᵢ = q¹·kⁱ / √2:   α₁,₁ = (1·1 + 1·0)/√2 = 0.707106781
//                        α₁,₂ = (1·0 + 1·1)/√2 = 0.707106781
//                        α₁,₃ = (1·1 + 1·1)/√2 = 1.414213562
//   exp:                 e^0.707106781 = 2.028114982 (twice),  e^1.414213562 = 4.113250379
//                        sum = 2.028114982 + 2.028114982 + 4.113250379 = 8.169480342
//   α'₁,ᵢ = softmax:     2.028114982 / 8.169480342 = 0.248255078 (twice),  4.113250379 / 8.169480342 = 0.503489843
//   b¹ = Σᵢ α'₁,ᵢ vⁱ  = 0.248255078·(1, 0) + 0.248255078·(0, 2) + 0.503489843·(1, 2)
//                     = (0.248255078 + 0.503489843,  0.496510157 + 1.006979687)
//                     = (0.751744922, 1.503489843)
// Query 2: α₂,ᵢ = (0, 1, 1)/√2 = (0, 0.707106781, 0.707106781);  exp = (1, 2.028114982, 2.028114982),
//   sum = 5.056229963;  α'₂ = (0.197775815, 0.401112093, 0.401112093)
//   b² = 0.197775815·(1, 0) + 0.401112093·(0, 2) + 0.401112093·(1, 2)
//      = (0.197775815 + 0.401112093,  0.802224186 + 0.802224186) = (0.598887907, 1.604448371)
// Query 3: α₃,ᵢ = (1, 2, 3)/√2 = (0.707106781, 1.414213562, 2.121320344);
//   exp = (2.028114982, 4.113250379, 8.342144716), sum = 14.483510077;
//   α'₃ = (0.140029245, 0.283995410, 0.575975345);  b³ = (0.716004590, 1.719941510)
// With Wo = identity and no biases, the layer's output rows are b¹, b², b³.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "engine/attention/attention.h"
#include "engine/attention/mask.h"

namespace attnlab {
namespace {

template <typename Real>
struct WorkedExample {
  std::vector<Real> x = {1, 0, 0, 1, 1, 1};
  std::vector<Real> wq = {1, 1, 0, 1}, wk = {1, 0, 0, 1}, wv = {1, 0, 0, 2}, wo = {1, 0, 0, 1};
  std::vector<Real> out = std::vector<Real>(6);
  std::vector<std::uint8_t> allowed = std::vector<std::uint8_t>(9);
  AttentionCache<Real> cache;
  WorkedExample() {
    build_attention_mask(allowed.data(), MaskSpec{}, nullptr, 1, 3);
    cache.resize(1, 3, 2, 1, Relevance::dot);
    AttentionParams<Real> p;
    p.wq = wq.data(), p.wk = wk.data(), p.wv = wv.data(), p.wo = wo.data();
    AttentionSpec spec;  // one head, softmax, dot product
    attention_forward(out.data(), cache, x.data(), allowed.data(), nullptr, p, spec, 1, 3, 2);
  }
};

template <typename Real>
void check_worked_example(double tol) {
  WorkedExample<Real> ex;
  // q, k, v
  const double q[] = {1, 1, 0, 1, 1, 2}, k[] = {1, 0, 0, 1, 1, 1}, v[] = {1, 0, 0, 2, 1, 2};
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(ex.cache.q[i], q[i]);
    EXPECT_EQ(ex.cache.k[i], k[i]);
    EXPECT_EQ(ex.cache.v[i], v[i]);
  }
  // α (scaled scores), α' (softmax), b (output), row by row as in the comment at the top
  const double alpha[3][3] = {{0.707106781, 0.707106781, 1.414213562},
                              {0.000000000, 0.707106781, 0.707106781},
                              {0.707106781, 1.414213562, 2.121320344}};
  const double weight[3][3] = {{0.248255078, 0.248255078, 0.503489843},
                               {0.197775815, 0.401112093, 0.401112093},
                               {0.140029245, 0.283995410, 0.575975345}};
  const double b[3][2] = {{0.751744922, 1.503489843}, {0.598887907, 1.604448371}, {0.716004590, 1.719941510}};
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      EXPECT_NEAR(ex.cache.scores[i * 3 + j], alpha[i][j], tol) << "alpha " << i + 1 << "," << j + 1;
      EXPECT_NEAR(ex.cache.weights[i * 3 + j], weight[i][j], tol) << "alpha' " << i + 1 << "," << j + 1;
    }
    EXPECT_NEAR(ex.out[i * 2 + 0], b[i][0], tol) << "b" << i + 1;
    EXPECT_NEAR(ex.out[i * 2 + 1], b[i][1], tol) << "b" << i + 1;
  }
}

TEST(WorkedExample, ThreeTokensOneHeadDoublePrecision) { check_worked_example<double>(1e-9); }
TEST(WorkedExample, ThreeTokensOneHeadFloat) { check_worked_example<float>(1e-6); }

}  // namespace
}  // namespace attnlab
