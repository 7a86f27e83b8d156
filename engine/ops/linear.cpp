// N = rows (tokens), Din = input width, Dout = output width
#include "engine/ops/linear.h"

#include <algorithm>

#include "engine/core/tensor.h"
#include "engine/kernels/matmul.h"

namespace attnlab {

template <typename Real>
void linear_forward(Real* out, const Real* in, const Real* w, const Real* b, int N, int Din, int Dout, TokenRows rows) {
  rows.each_run(N, [&](long r0, long n) {
    const int m = static_cast<int>(n);
    matmul(view(out + r0 * Dout, m, Dout), cview(in + r0 * Din, m, Din), cview(w, Din, Dout));  // Y = X·W
    if (b != nullptr) {                                                                         //   + b on every row
      for (long r = r0; r < r0 + n; ++r) {
        Real* y = out + r * Dout;
        for (int j = 0; j < Dout; ++j) y[j] += b[j];
      }
    }
  });
}

template <typename Real>
void linear_backward(Real* din, Real* dw, Real* db, const Real* dout, const Real* in, const Real* w, int N, int Din,
                     int Dout, bool din_is_new, TokenRows rows) {
  // forward was: Y = X·W + b   (X (N, Din), W (Din, Dout), Y (N, Dout))
  // so           dX = dY·Wᵀ,  dW = Xᵀ·dY,  db = Σ_rows dY  (b was added to every row)
  if (din != nullptr) {
    long next = 0;  // the first row not yet written
    rows.each_run(N, [&](long r0, long n) {
      if (din_is_new) std::fill(din + next * Din, din + r0 * Din, Real(0));  // padding: no gradient
      const int m = static_cast<int>(n);
      matmul_bt(view(din + r0 * Din, m, Din), cview(dout + r0 * Dout, m, Dout), cview(w, Din, Dout),
                /*accumulate=*/!din_is_new);
      next = r0 + n;
    });
    if (din_is_new) std::fill(din + next * Din, din + static_cast<long>(N) * Din, Real(0));
  }
  // dW and db sum over the tokens' rows (the padding rows of dY are 0: they would add nothing), a run at a time
  rows.each_run(N, [&](long r0, long n) {
    const int m = static_cast<int>(n);
    matmul_at(view(dw, Din, Dout), cview(in + r0 * Din, m, Din), cview(dout + r0 * Dout, m, Dout),
              /*accumulate=*/true);
    if (db != nullptr) {
      for (long r = r0; r < r0 + n; ++r) {
        const Real* dy = dout + r * Dout;
        for (int j = 0; j < Dout; ++j) db[j] += dy[j];
      }
    }
  });
}

template void linear_forward<float>(float*, const float*, const float*, const float*, int, int, int, TokenRows);
template void linear_forward<double>(double*, const double*, const double*, const double*, int, int, int, TokenRows);
template void linear_backward<float>(float*, float*, float*, const float*, const float*, const float*, int, int, int,
                                     bool, TokenRows);
template void linear_backward<double>(double*, double*, double*, const double*, const double*, const double*, int, int,
                                      int, bool, TokenRows);

}  // namespace attnlab
