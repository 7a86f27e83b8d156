// A small random number generator of our own, so that a run is reproducible from its seed: same seed, same
// build, same numbers, bit for bit. (std::normal_distribution and friends are implemented differently by
// each standard library, so they are not used anywhere in the engine.)
//
// mulberry32 (a 32-bit state, one add + a few xor-shift-multiplies per number) is the generator the
// bench-tagger data uses in Python and JavaScript (bench-anchors/benchspec.py), so the engine can reproduce
// those token streams exactly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace attnlab {

class Rng {
 public:
  explicit Rng(std::uint32_t seed) : state_(seed) {}

  // The next 32 random bits (mulberry32).
  std::uint32_t next_u32();
  // Uniform in [0, 1) with 53 random bits (two draws).
  double uniform();
  // Uniform in [lo, hi).
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
  // Standard normal N(0, 1) by the Box-Muller transform: z = sqrt(-2 ln u1) · cos(2π u2).
  double normal();
  // An integer in [0, n), n > 0.
  std::uint32_t below(std::uint32_t n) { return next_u32() % n; }
  // Fisher-Yates: every order of v equally likely, one draw per element from the last down to the second.
  template <typename T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(static_cast<std::uint32_t>(i))]);
  }
  // The whole state: Rng(r.state()) continues exactly where r is (a trainer's saved state keeps it).
  std::uint32_t state() const { return state_; }

 private:
  std::uint32_t state_;  // advances by 0x6D2B79F5 per draw
};

}  // namespace attnlab
