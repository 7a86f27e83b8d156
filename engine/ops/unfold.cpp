// B = sequences, T = tokens per sequence, D = vector width, k = window (odd), r = (k−1)/2
#include "engine/ops/unfold.h"

#include <algorithm>

namespace attnlab {

template <typename Real>
void unfold_forward(Real* out, const Real* in, const int* lengths, int B, int T, int D, int k) {
  const int r = (k - 1) / 2;
  const long row = static_cast<long>(k) * D;
  for (int b = 0; b < B; ++b) {
    const int len = lengths != nullptr ? lengths[b] : T;
    for (int t = 0; t < T; ++t) {
      Real* y = out + (static_cast<long>(b) * T + t) * row;
      for (int o = 0; o < k; ++o) {
        const int s = t + o - r;  // source position of window slot o
        Real* dst = y + static_cast<long>(o) * D;
        if (t < len && s >= 0 && s < len) {
          const Real* src = in + (static_cast<long>(b) * T + s) * D;
          std::copy(src, src + D, dst);
        } else {
          std::fill(dst, dst + D, Real(0));
        }
      }
    }
  }
}

template <typename Real>
void unfold_backward(Real* din, const Real* dout, const int* lengths, int B, int T, int D, int k) {
  const int r = (k - 1) / 2;
  const long row = static_cast<long>(k) * D;
  for (int b = 0; b < B; ++b) {
    const int len = lengths != nullptr ? lengths[b] : T;
    for (int t = 0; t < len; ++t) {
      const Real* dy = dout + (static_cast<long>(b) * T + t) * row;
      for (int o = 0; o < k; ++o) {
        const int s = t + o - r;
        if (s < 0 || s >= len) continue;  // that slot was a zero vector: no input to differentiate
        Real* dx = din + (static_cast<long>(b) * T + s) * D;
        const Real* g = dy + static_cast<long>(o) * D;
        for (int d = 0; d < D; ++d) dx[d] += g[d];
      }
    }
  }
}

template void unfold_forward<float>(float*, const float*, const int*, int, int, int, int);
template void unfold_forward<double>(double*, const double*, const int*, int, int, int, int);
template void unfold_backward<float>(float*, const float*, const int*, int, int, int, int);
template void unfold_backward<double>(double*, const double*, const int*, int, int, int, int);

}  // namespace attnlab
