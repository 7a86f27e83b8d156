#include "engine/core/rng.h"

#include <cmath>

namespace attnlab {

std::uint32_t Rng::next_u32() {
  state_ += 0x6D2B79F5u;
  std::uint32_t t = state_;
  t = (t ^ (t >> 15)) * (t | 1u);
  t = (t + ((t ^ (t >> 7)) * (t | 61u))) ^ t;
  return t ^ (t >> 14);
}

double Rng::uniform() {
  const std::uint64_t hi = next_u32() >> 5;                                  // 27 bits
  const std::uint64_t lo = next_u32() >> 6;                                  // 26 bits
  return static_cast<double>((hi << 26) | lo) * (1.0 / 9007199254740992.0);  // / 2^53
}

double Rng::normal() {
  const double kTwoPi = 6.283185307179586476925286766559;
  const double u1 = 1.0 - uniform();  // in (0, 1]: ln(u1) is finite
  const double u2 = uniform();
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(kTwoPi * u2);
}

}  // namespace attnlab
