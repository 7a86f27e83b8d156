// Layer normalization: each row (token vector) is shifted to mean 0 and scaled to variance 1, then scaled
// and shifted back by learned per-column parameters:   y = (x − μ) / sqrt(σ² + eps) ∘ γ + β
//
// N = rows (tokens, B·T), D = model width
#pragma once

namespace attnlab {

// out (N, D); caches mean (N) and rstd (N) = 1/sqrt(σ² + eps) for the backward pass.
// in (N, D); gamma (D), beta (D).
template <typename Real>
void layernorm_forward(Real* out, Real* mean, Real* rstd, const Real* in, const Real* gamma, const Real* beta, int N,
                       int D, Real eps);

// Gradients ACCUMULATED (+=) into din (N, D), dgamma (D), dbeta (D).
template <typename Real>
void layernorm_backward(Real* din, Real* dgamma, Real* dbeta, const Real* dout, const Real* in, const Real* gamma,
                        const Real* mean, const Real* rstd, int N, int D);

// float: the same loops, vectorized (kernels.h)
template <>
void layernorm_forward<float>(float* out, float* mean, float* rstd, const float* in, const float* gamma,
                              const float* beta, int N, int D, float eps);
template <>
void layernorm_backward<float>(float* din, float* dgamma, float* dbeta, const float* dout, const float* in,
                               const float* gamma, const float* mean, const float* rstd, int N, int D);

}  // namespace attnlab
