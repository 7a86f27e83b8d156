// N = rows (tokens), Din = input width, Dout = output width
#include "engine/ops/linear.h"

#include "engine/core/tensor.h"
#include "engine/kernels/matmul.h"

namespace attnlab {

template <typename Real>
void linear_forward(Real* out, const Real* in, const Real* w, const Real* b, int N, int Din, int Dout) {
  matmul(view(out, N, Dout), cview(in, N, Din), cview(w, Din, Dout));  // Y = X·W
  if (b != nullptr) {                                                  //   + b on every row
    for (int n = 0; n < N; ++n) {
      Real* y = out + static_cast<long>(n) * Dout;
      for (int j = 0; j < Dout; ++j) y[j] += b[j];
    }
  }
}

template <typename Real>
void linear_backward(Real* din, Real* dw, Real* db, const Real* dout, const Real* in, const Real* w, int N, int Din,
                     int Dout, bool din_is_new) {
  // forward was: Y = X·W + b   (X (N, Din), W (Din, Dout), Y (N, Dout))
  // so           dX = dY·Wᵀ,  dW = Xᵀ·dY,  db = Σ_rows dY  (b was added to every row)
  CView<Real> dY = cview(dout, N, Dout);
  if (din != nullptr) matmul_bt(view(din, N, Din), dY, cview(w, Din, Dout), /*accumulate=*/!din_is_new);
  matmul_at(view(dw, Din, Dout), cview(in, N, Din), dY, /*accumulate=*/true);
  if (db != nullptr) {
    for (int n = 0; n < N; ++n) {
      const Real* dy = dout + static_cast<long>(n) * Dout;
      for (int j = 0; j < Dout; ++j) db[j] += dy[j];
    }
  }
}

template void linear_forward<float>(float*, const float*, const float*, const float*, int, int, int);
template void linear_forward<double>(double*, const double*, const double*, const double*, int, int, int);
template void linear_backward<float>(float*, float*, float*, const float*, const float*, const float*, int, int, int,
                                     bool);
template void linear_backward<double>(double*, double*, double*, const double*, const double*, const double*, int, int,
                                      int, bool);

}  // namespace attnlab
