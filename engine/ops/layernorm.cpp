// N = rows (tokens), D = model width
#include "engine/ops/layernorm.h"

#include <cmath>

#include "engine/kernels/kernels.h"

namespace attnlab {

template <typename Real>
void layernorm_forward(Real* out, Real* mean, Real* rstd, const Real* in, const Real* gamma, const Real* beta, int N,
                       int D, Real eps) {
  for (int n = 0; n < N; ++n) {
    const Real* x = in + static_cast<long>(n) * D;
    Real* y = out + static_cast<long>(n) * D;
    Real mu = 0;
    for (int i = 0; i < D; ++i) mu += x[i];
    mu /= D;
    Real var = 0;  // biased variance (divide by D), as PyTorch's LayerNorm
    for (int i = 0; i < D; ++i) var += (x[i] - mu) * (x[i] - mu);
    var /= D;
    const Real r = Real(1) / std::sqrt(var + eps);
    for (int i = 0; i < D; ++i) y[i] = (x[i] - mu) * r * gamma[i] + beta[i];
    mean[n] = mu;
    rstd[n] = r;
  }
}

template <typename Real>
void layernorm_backward(Real* din, Real* dgamma, Real* dbeta, const Real* dout, const Real* in, const Real* gamma,
                        const Real* mean, const Real* rstd, int N, int D) {
  // forward was: x̂ = (x − μ)·r with r = 1/sqrt(σ² + eps);  y = x̂ ∘ γ + β
  // so           dβ += dy,  dγ += dy ∘ x̂,  and with g = dy ∘ γ (the gradient arriving at x̂):
  //              dx = r · (g − mean(g) − x̂ · mean(g ∘ x̂))
  // (μ and σ² depend on every element of the row, which is where the two mean terms come from.)
  for (int n = 0; n < N; ++n) {
    const Real* x = in + static_cast<long>(n) * D;
    const Real* dy = dout + static_cast<long>(n) * D;
    Real* dx = din + static_cast<long>(n) * D;
    const Real mu = mean[n], r = rstd[n];
    Real g_mean = 0, gx_mean = 0;
    for (int i = 0; i < D; ++i) {
      const Real xhat = (x[i] - mu) * r;
      const Real g = dy[i] * gamma[i];
      g_mean += g;
      gx_mean += g * xhat;
      dbeta[i] += dy[i];
      dgamma[i] += dy[i] * xhat;
    }
    g_mean /= D;
    gx_mean /= D;
    for (int i = 0; i < D; ++i) {
      const Real xhat = (x[i] - mu) * r;
      dx[i] += r * (dy[i] * gamma[i] - g_mean - xhat * gx_mean);
    }
  }
}

// float: the same computation, with each row's sums in vector lanes (kernels.h)
template <>
void layernorm_forward<float>(float* out, float* mean, float* rstd, const float* in, const float* gamma,
                              const float* beta, int N, int D, float eps) {
  kernels::layernorm_forward_rows(out, mean, rstd, in, gamma, beta, N, D, eps);
}

template <>
void layernorm_backward<float>(float* din, float* dgamma, float* dbeta, const float* dout, const float* in,
                               const float* gamma, const float* mean, const float* rstd, int N, int D) {
  kernels::layernorm_backward_rows(din, dgamma, dbeta, dout, in, gamma, mean, rstd, N, D);
}

template void layernorm_forward<double>(double*, double*, double*, const double*, const double*, const double*, int,
                                        int, double);
template void layernorm_backward<double>(double*, double*, double*, const double*, const double*, const double*,
                                         const double*, const double*, int, int);

}  // namespace attnlab
