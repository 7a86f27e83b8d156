// B = sequences, T = tokens (positions), D = model width, H = heads
#include "engine/attention/posenc.h"

#include <cmath>
#include <cstdlib>

namespace attnlab {

template <typename Real>
void sinusoidal_encoding(Real* pe, int T, int D, double s) {
  for (int p = 0; p < T; ++p) {
    for (int j = 0; j < D; ++j) {
      const int two_i = j - (j % 2);  // the pair (2i, 2i+1) shares one frequency
      const double freq = std::pow(10000.0, -static_cast<double>(two_i) / D);
      const double angle = p * freq;
      pe[static_cast<long>(p) * D + j] = static_cast<Real>(s * ((j % 2 == 0) ? std::sin(angle) : std::cos(angle)));
    }
  }
}

void sinusoidal_encoding(MatMap pe, double s) {
  sinusoidal_encoding(pe.data(), static_cast<int>(pe.rows()), static_cast<int>(pe.cols()), s);
}

Mat sinusoidal_encoding(int T, int D, double s) {
  Mat pe(T, D);
  sinusoidal_encoding(MatMap(pe.data(), T, D), s);
  return pe;
}

template <typename Real>
void positional_add_forward(Real* out, const Real* in, const Real* pe, int B, int T, int D) {
  const long TD = static_cast<long>(T) * D;
  for (int b = 0; b < B; ++b) {
    for (long i = 0; i < TD; ++i) out[b * TD + i] = in[b * TD + i] + pe[i];
  }
}

template <typename Real>
void positional_add_backward(Real* din, Real* dpe, const Real* dout, int B, int T, int D) {
  const long TD = static_cast<long>(T) * D;
  for (int b = 0; b < B; ++b) {
    for (long i = 0; i < TD; ++i) {
      if (din != nullptr) din[b * TD + i] += dout[b * TD + i];
      if (dpe != nullptr) dpe[i] += dout[b * TD + i];
    }
  }
}

std::string learned_pe_check(int T, int max_len) {
  if (T <= max_len) return "";
  return "the input has " + std::to_string(T) + " tokens, but the learned positional encoding only has rows for " +
         std::to_string(max_len) + " positions (max_len = " + std::to_string(max_len) +
         "): there is no learned vector for position " + std::to_string(max_len) +
         " and beyond. Use a shorter input, a larger max_len, or sinusoidal or ALiBi encoding, which work for any "
         "length";
}

double alibi_slope(int h, int H) {
  int P = 1;  // the largest power of two <= H
  while (P * 2 <= H) P *= 2;
  if (h < P) return std::pow(2.0, -8.0 * (h + 1) / P);
  // H not a power of two: every other slope of 2P (2^(−8(2k+1)/2P)), which fall between the ones above.
  const int k = h - P;
  return std::pow(2.0, -8.0 * (2 * k + 1) / (2 * P));
}

std::vector<double> alibi_slopes(int H) {
  std::vector<double> m;
  for (int h = 0; h < H; ++h) m.push_back(alibi_slope(h, H));
  return m;
}

template <typename Real>
void alibi_bias(Real* bias, double slope, int T) {
  for (int i = 0; i < T; ++i) {
    for (int j = 0; j < T; ++j) bias[static_cast<long>(i) * T + j] = static_cast<Real>(-slope * std::abs(i - j));
  }
}

template void sinusoidal_encoding<float>(float*, int, int, double);
template void sinusoidal_encoding<double>(double*, int, int, double);
template void positional_add_forward<float>(float*, const float*, const float*, int, int, int);
template void positional_add_forward<double>(double*, const double*, const double*, int, int, int);
template void positional_add_backward<float>(float*, float*, const float*, int, int, int);
template void positional_add_backward<double>(double*, double*, const double*, int, int, int);
template void alibi_bias<float>(float*, double, int);
template void alibi_bias<double>(double*, double, int);

}  // namespace attnlab
