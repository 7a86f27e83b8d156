// n = number of elements
#include "engine/ops/activation.h"

#include <cmath>

namespace attnlab {

template <typename Real>
void activation_forward(Real* out, const Real* in, long n, Activation act) {
  const Real kInvSqrt2 = Real(0.70710678118654752440);
  if (act == Activation::relu) {
    for (long i = 0; i < n; ++i) out[i] = in[i] > 0 ? in[i] : Real(0);
  } else {
    for (long i = 0; i < n; ++i) out[i] = Real(0.5) * in[i] * (Real(1) + std::erf(in[i] * kInvSqrt2));
  }
}

template <typename Real>
void activation_backward(Real* din, const Real* dout, const Real* in, long n, Activation act, bool din_is_new) {
  const Real kInvSqrt2 = Real(0.70710678118654752440);
  const Real kInvSqrt2Pi = Real(0.39894228040143267794);  // 1/sqrt(2π)
  if (act == Activation::relu) {
    // forward was: y = max(0, x), so dx = dy where x > 0, else 0 (we take the derivative at 0 to be 0).
    for (long i = 0; i < n; ++i) {
      const Real g = dout[i];  // (read whatever the sign: the loop then vectorizes)
      din[i] = (din_is_new ? Real(0) : din[i]) + (in[i] > 0 ? g : Real(0));
    }
  } else {
    // forward was: y = x·Φ(x), so dy/dx = Φ(x) + x·φ(x), φ(x) = exp(−x²/2)/sqrt(2π) the normal density.
    for (long i = 0; i < n; ++i) {
      const Real x = in[i];
      const Real cdf = Real(0.5) * (Real(1) + std::erf(x * kInvSqrt2));
      const Real pdf = kInvSqrt2Pi * std::exp(Real(-0.5) * x * x);
      din[i] = (din_is_new ? Real(0) : din[i]) + dout[i] * (cdf + x * pdf);
    }
  }
}

template void activation_forward<float>(float*, const float*, long, Activation);
template void activation_forward<double>(double*, const double*, long, Activation);
template void activation_backward<float>(float*, const float*, const float*, long, Activation, bool);
template void activation_backward<double>(double*, const double*, const double*, long, Activation, bool);

}  // namespace attnlab
