// Sinusoidal positional encoding against hand-worked values.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

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

// On an image (ViT, DETR): pixel (r, c) gets the 1-D table of width D/2 at its row, then the same at its
// column: every row of the 2-D table is two pieces of the 1-D one.
TEST(Sinusoidal2d, EachPixelsRowIsTheRowsAndTheColumnsOneDimensionalVectors) {
  const int gh = 3, gw = 5, D = 8;
  const double s = 2.5;
  Mat pe(gh * gw, D);
  sinusoidal_encoding_2d(pe.data(), gh, gw, D, s);
  const Mat rows = sinusoidal_encoding(gh, D / 2, s), cols = sinusoidal_encoding(gw, D / 2, s);
  for (int r = 0; r < gh; ++r) {
    for (int c = 0; c < gw; ++c) {
      for (int j = 0; j < D / 2; ++j) {
        EXPECT_EQ(pe(r * gw + c, j), rows(r, j)) << "pixel (" << r << ", " << c << ") dim " << j;
        EXPECT_EQ(pe(r * gw + c, D / 2 + j), cols(c, j)) << "pixel (" << r << ", " << c << ") dim " << D / 2 + j;
      }
    }
  }
  // hand-worked: pixel (1, 2), D = 8: row part sin(1), cos(1), sin(0.01), cos(0.01); column part at 2
  EXPECT_NEAR(pe(1 * gw + 2, 0), s * std::sin(1.0), 1e-6);
  EXPECT_NEAR(pe(1 * gw + 2, 3), s * std::cos(0.01), 1e-6);
  EXPECT_NEAR(pe(1 * gw + 2, 4), s * std::sin(2.0), 1e-6);
  EXPECT_NEAR(pe(1 * gw + 2, 6), s * std::sin(0.02), 1e-6);
  // D must be even: half for the row, half for the column
  EXPECT_EQ(grid_pe_check(8, 3, 5), "");
  EXPECT_NE(grid_pe_check(7, 3, 5).find("D must be even"), std::string::npos) << grid_pe_check(7, 3, 5);
}

TEST(Learned2d, TheTableIsTheRowVectorPlusTheColumnVector) {
  const int gh = 2, gw = 3, D = 2;
  const std::vector<float> R = {1, 2, 10, 20}, C = {100, 200, 300, 400, 500, 600};
  std::vector<float> table(gh * gw * D);
  grid_table_forward(table.data(), R.data(), C.data(), gh, gw, D);
  EXPECT_EQ(table[(1 * gw + 2) * D + 0], 10 + 500);  // (r, c) = (1, 2)
  EXPECT_EQ(table[(1 * gw + 2) * D + 1], 20 + 600);
  EXPECT_EQ(table[(0 * gw + 1) * D + 0], 1 + 300);
  // backward: a row's gradient sums its gw pixels, a column's its gh pixels
  std::vector<float> dtable(table.size(), 1.0f), dR(R.size(), 0.0f), dC(C.size(), 0.0f);
  grid_table_backward(dR.data(), dC.data(), dtable.data(), gh, gw, D);
  for (float g : dR) EXPECT_EQ(g, gw);
  for (float g : dC) EXPECT_EQ(g, gh);
}

TEST(ALiBi2d, DistanceIsCityBlockOnAGrid) {
  EXPECT_EQ(alibi_distance(3, 7, 0), 4) << "a sequence: |i - j|";
  // a grid 4 wide: 3 = (0, 3), 4 = (1, 0): next in raster order, but 3 columns apart
  EXPECT_EQ(alibi_distance(3, 4, 4), 4);
  EXPECT_EQ(alibi_distance(1, 5, 4), 1) << "the pixel below";
  EXPECT_EQ(alibi_distance(0, 10, 4), 4) << "(0, 0) to (2, 2)";
  std::vector<float> bias(16 * 16);
  alibi_bias(bias.data(), 0.5, 16, 4);
  EXPECT_EQ(bias[0 * 16 + 10], -2.0f);
  EXPECT_EQ(bias[10 * 16 + 0], -2.0f);
}

}  // namespace
}  // namespace attnlab
