// B = sequences, T = tokens per sequence, D = vector width, k = window (odd), r = (k−1)/2, gh × gw = image
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

template <typename Real>
void unfold2d_forward(Real* out, const Real* in, int B, int gh, int gw, int D, int k) {
  const int r = (k - 1) / 2;
  const long T = static_cast<long>(gh) * gw, row = static_cast<long>(k) * k * D;
  for (int b = 0; b < B; ++b) {
    for (int y = 0; y < gh; ++y) {
      for (int x = 0; x < gw; ++x) {
        Real* dst = out + (b * T + static_cast<long>(y) * gw + x) * row;
        for (int dy = -r; dy <= r; ++dy) {
          for (int dx = -r; dx <= r; ++dx, dst += D) {  // slot ((dy + r)·k + dx + r)
            const int sy = y + dy, sx = x + dx;         // the source pixel
            if (sy < 0 || sy >= gh || sx < 0 || sx >= gw) {
              std::fill(dst, dst + D, Real(0));  // outside the image: zero padding
              continue;
            }
            const Real* src = in + (b * T + static_cast<long>(sy) * gw + sx) * D;
            std::copy(src, src + D, dst);
          }
        }
      }
    }
  }
}

template <typename Real>
void unfold2d_backward(Real* din, const Real* dout, int B, int gh, int gw, int D, int k) {
  const int r = (k - 1) / 2;
  const long T = static_cast<long>(gh) * gw, row = static_cast<long>(k) * k * D;
  for (int b = 0; b < B; ++b) {
    for (int y = 0; y < gh; ++y) {
      for (int x = 0; x < gw; ++x) {
        const Real* g = dout + (b * T + static_cast<long>(y) * gw + x) * row;
        for (int dy = -r; dy <= r; ++dy) {
          for (int dx = -r; dx <= r; ++dx, g += D) {
            const int sy = y + dy, sx = x + dx;
            if (sy < 0 || sy >= gh || sx < 0 || sx >= gw) continue;  // a zero slot: no input to differentiate
            Real* dsrc = din + (b * T + static_cast<long>(sy) * gw + sx) * D;
            for (int d = 0; d < D; ++d) dsrc[d] += g[d];
          }
        }
      }
    }
  }
}

template void unfold2d_forward<float>(float*, const float*, int, int, int, int, int);
template void unfold2d_forward<double>(double*, const double*, int, int, int, int, int);
template void unfold2d_backward<float>(float*, const float*, int, int, int, int, int);
template void unfold2d_backward<double>(double*, const double*, int, int, int, int, int);
template void unfold_forward<float>(float*, const float*, const int*, int, int, int, int);
template void unfold_forward<double>(double*, const double*, const int*, int, int, int, int);
template void unfold_backward<float>(float*, const float*, const int*, int, int, int, int);
template void unfold_backward<double>(double*, const double*, const int*, int, int, int, int);

}  // namespace attnlab
