// Sinusoidal positional encoding against hand-worked values.
#include <gtest/gtest.h>

#include <cmath>

#include "engine/attention/posenc.h"

namespace attnlab {
namespace {

TEST(Sinusoidal, PositionZeroIsSinZeroCosZero) {
  const Mat pe = sinusoidal_encoding(4, 6);
  for (int j = 0; j < 6; ++j) EXPECT_FLOAT_EQ(pe(0, j), j % 2 == 0 ? 0.0f : 1.0f) << "dim " << j;
}

TEST(Sinusoidal, HandWorkedValues) {
  // D = 4: dims (0,1) use frequency 1, dims (2,3) use 10000^(-2/4) = 0.01.
  const Mat pe = sinusoidal_encoding(3, 4);
  EXPECT_NEAR(pe(1, 0), std::sin(1.0), 1e-6);
  EXPECT_NEAR(pe(1, 1), std::cos(1.0), 1e-6);
  EXPECT_NEAR(pe(2, 2), std::sin(0.02), 1e-6);
  EXPECT_NEAR(pe(2, 3), std::cos(0.02), 1e-6);
}

TEST(Sinusoidal, TheAmplitudeSScalesEveryValue) {
  // PE(p, 2i) = s·sin(p / 10000^(2i/D)), PE(p, 2i+1) = s·cos(p / 10000^(2i/D))
  const Mat one = sinusoidal_encoding(6, 4), eight = sinusoidal_encoding(6, 4, 8.0);
  EXPECT_TRUE(eight.isApprox(8.0f * one));
  EXPECT_NEAR(eight(1, 0), 8 * std::sin(1.0), 1e-5);
  EXPECT_NEAR(eight(0, 1), 8.0, 1e-6) << "cos(0) = 1 times s";
  EXPECT_LE(eight.cwiseAbs().maxCoeff(), 8.0f) << "the values lie in [-s, s]";
}

TEST(Sinusoidal, ExtendsToLongerSequencesWithoutChangingEarlierRows) {
  const Mat short_pe = sinusoidal_encoding(8, 16);
  const Mat long_pe = sinusoidal_encoding(64, 16);
  EXPECT_TRUE(long_pe.topRows(8).isApprox(short_pe)) << "PE(p) must not depend on the sequence length";
}

}  // namespace
}  // namespace attnlab
