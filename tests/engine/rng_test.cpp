// The engine's random numbers: mulberry32 bit for bit as in bench-anchors/benchspec.py (Python) and the
// JavaScript reference, so the engine can regenerate the bench-tagger data exactly.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "engine/core/rng.h"

namespace attnlab {
namespace {

TEST(Rng, Mulberry32MatchesTheReferenceImplementation) {
  // python3 -c "import benchspec as S; r = S.Mulberry32(42); print([r.next_u32() for _ in range(5)])"
  Rng r(42);
  const std::uint32_t want[] = {2581720956u, 1925393290u, 3661312704u, 2876485805u, 750819978u};
  for (std::uint32_t w : want) EXPECT_EQ(r.next_u32(), w);
  Rng z(0);
  EXPECT_EQ(z.next_u32(), 1144304738u);
  EXPECT_EQ(z.next_u32(), 1416247u);
  EXPECT_EQ(z.next_u32(), 958946056u);
}

TEST(Rng, RegeneratesTheBenchToyDataChecksum) {
  // benchspec.make_batches(42, 1, toy=True): ids = u32 % 512, tags = ids % 17, B·T = 1024 tokens;
  // checksum(ids, tags) = fold of h = h·31 + id·17 + tag (mod 2^32) = 2734137152
  Rng r(42);
  std::uint32_t h = 0;
  for (int n = 0; n < 32 * 32; ++n) {
    const std::uint32_t id = r.next_u32() % 512, tag = id % 17;
    if (n == 0) {
      EXPECT_EQ(id, 380u);
    }
    h = h * 31u + id * 17u + tag;
  }
  EXPECT_EQ(h, 2734137152u);
}

TEST(Rng, UniformAndNormalLookRight) {
  Rng r(7);
  double sum = 0, sum2 = 0, lo = 1, hi = 0;
  const int n = 20000;
  for (int i = 0; i < n; ++i) {
    const double u = r.uniform();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    lo = std::min(lo, u), hi = std::max(hi, u);
  }
  EXPECT_LT(lo, 0.001);
  EXPECT_GT(hi, 0.999);
  for (int i = 0; i < n; ++i) {
    const double z = r.normal();
    ASSERT_TRUE(std::isfinite(z));
    sum += z, sum2 += z * z;
  }
  EXPECT_NEAR(sum / n, 0.0, 0.03);
  EXPECT_NEAR(sum2 / n, 1.0, 0.05);
}

TEST(Rng, SameSeedSameStream) {
  Rng a(123), b(123), c(124);
  for (int i = 0; i < 100; ++i) {
    const double x = a.normal();
    EXPECT_EQ(x, b.normal());
    EXPECT_NE(x, c.normal());
  }
}

}  // namespace
}  // namespace attnlab
