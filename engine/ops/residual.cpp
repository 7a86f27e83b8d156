// n = number of elements
#include "engine/ops/residual.h"

namespace attnlab {

template <typename Real>
void residual_forward(Real* out, const Real* a, const Real* b, long n) {
  for (long i = 0; i < n; ++i) out[i] = a[i] + b[i];
}

template <typename Real>
void residual_backward(Real* da, Real* db, const Real* dout, long n) {
  // forward was: out = a + b   (∂out/∂a = ∂out/∂b = 1)
  for (long i = 0; i < n; ++i) {
    da[i] += dout[i];
    db[i] += dout[i];
  }
}

template void residual_forward<float>(float*, const float*, const float*, long);
template void residual_forward<double>(double*, const double*, const double*, long);
template void residual_backward<float>(float*, float*, const float*, long);
template void residual_backward<double>(double*, double*, const double*, long);

}  // namespace attnlab
