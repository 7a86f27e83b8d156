// Optimizers and gradient clipping against hand-worked steps.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

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

}  // namespace
}  // namespace attnlab
