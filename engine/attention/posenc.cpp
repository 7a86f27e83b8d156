// B = sequences, T = tokens (positions), D = model width, H = heads
#include "engine/attention/posenc.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

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

template <typename Real>
void sinusoidal_encoding_2d(Real* pe, int gh, int gw, int D, double s) {
  const int half = D / 2;
  std::vector<Real> rows(static_cast<size_t>(gh) * half), cols(static_cast<size_t>(gw) * half);
  sinusoidal_encoding(rows.data(), gh, half, s);  // PE_{D/2}(r)
  sinusoidal_encoding(cols.data(), gw, half, s);  // PE_{D/2}(c)
  for (int r = 0; r < gh; ++r) {
    for (int c = 0; c < gw; ++c) {
      Real* y = pe + (static_cast<long>(r) * gw + c) * D;
      std::copy(rows.begin() + static_cast<long>(r) * half, rows.begin() + static_cast<long>(r + 1) * half, y);
      std::copy(cols.begin() + static_cast<long>(c) * half, cols.begin() + static_cast<long>(c + 1) * half, y + half);
    }
  }
}

std::string grid_pe_check(int D, int grid_h, int grid_w) {
  if (grid_h < 1 || grid_w < 1) {
    return "an image needs at least one row and one column (got " + std::to_string(grid_h) + " x " +
           std::to_string(grid_w) + ")";
  }
  if (D % 2 != 0) {
    return "the 2-D sinusoidal encoding gives half of the model width to the row and half to the column, so D "
           "must be even (got D = " +
           std::to_string(D) + ")";
  }
  return "";
}

template <typename Real>
void grid_table_forward(Real* table, const Real* row, const Real* col, int gh, int gw, int D) {
  for (int r = 0; r < gh; ++r) {
    for (int c = 0; c < gw; ++c) {
      Real* y = table + (static_cast<long>(r) * gw + c) * D;
      const Real* R = row + static_cast<long>(r) * D;
      const Real* C = col + static_cast<long>(c) * D;
      for (int d = 0; d < D; ++d) y[d] = R[d] + C[d];  // PE(r, c) = R[r] + C[c]
    }
  }
}

template <typename Real>
void grid_table_backward(Real* drow, Real* dcol, const Real* dtable, int gh, int gw, int D) {
  for (int r = 0; r < gh; ++r) {
    for (int c = 0; c < gw; ++c) {
      const Real* g = dtable + (static_cast<long>(r) * gw + c) * D;
      Real* dR = drow + static_cast<long>(r) * D;
      Real* dC = dcol + static_cast<long>(c) * D;
      for (int d = 0; d < D; ++d) dR[d] += g[d], dC[d] += g[d];
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
void alibi_bias(Real* bias, double slope, int T, int grid_w) {
  for (int i = 0; i < T; ++i) {
    for (int j = 0; j < T; ++j) {
      bias[static_cast<long>(i) * T + j] = static_cast<Real>(-slope * alibi_distance(i, j, grid_w));
    }
  }
}

template void sinusoidal_encoding<float>(float*, int, int, double);
template void sinusoidal_encoding<double>(double*, int, int, double);
template void positional_add_forward<float>(float*, const float*, const float*, int, int, int);
template void positional_add_forward<double>(double*, const double*, const double*, int, int, int);
template void positional_add_backward<float>(float*, float*, const float*, int, int, int);
template void positional_add_backward<double>(double*, double*, const double*, int, int, int);
template void alibi_bias<float>(float*, double, int, int);
template void alibi_bias<double>(double*, double, int, int);
template void sinusoidal_encoding_2d<float>(float*, int, int, int, double);
template void sinusoidal_encoding_2d<double>(double*, int, int, int, double);
template void grid_table_forward<float>(float*, const float*, const float*, int, int, int);
template void grid_table_forward<double>(double*, const double*, const double*, int, int, int);
template void grid_table_backward<float>(float*, float*, const float*, int, int, int);
template void grid_table_backward<double>(double*, double*, const double*, int, int, int);

}  // namespace attnlab
