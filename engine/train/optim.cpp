// n = number of parameters
#include "engine/train/optim.h"

#include <algorithm>
#include <cmath>

#include "engine/kernels/kernels.h"

namespace attnlab {

template <typename Real>
Adam<Real>::Adam(std::size_t n, const AdamConfig& c) : config(c), m(n, Real(0)), v(n, Real(0)) {}

template <typename Real>
void Adam<Real>::reset() {
  std::fill(m.begin(), m.end(), Real(0));
  std::fill(v.begin(), v.end(), Real(0));
  t_ = 0;
}

template <typename Real>
void Adam<Real>::step(Real* params, const Real* grads) {
  ++t_;
  const Real b1 = static_cast<Real>(config.beta1), b2 = static_cast<Real>(config.beta2);
  const Real lr = static_cast<Real>(config.lr), eps = static_cast<Real>(config.eps);
  const Real bc1 = static_cast<Real>(1.0 - std::pow(config.beta1, static_cast<double>(t_)));  // 1 − β1^t
  const Real bc2 = static_cast<Real>(1.0 - std::pow(config.beta2, static_cast<double>(t_)));  // 1 − β2^t
  // p = p − lr · m̂ / (sqrt(v̂) + eps) with m̂ = m / (1 − β1^t), v̂ = v / (1 − β2^t), written as PyTorch does:
  // p −= (lr / bc1) · m / (sqrt(v) / sqrt(bc2) + eps), so each parameter costs one square root and one division.
  const Real step_size = lr / bc1, inv_sqrt_bc2 = Real(1) / std::sqrt(bc2);
  kernels::adam_update(params, m.data(), v.data(), grads, static_cast<long>(m.size()), b1, b2, step_size, inv_sqrt_bc2,
                       eps);  // (float: SIMD128 in the browser; kernels.h)
}

template <typename Real>
Sgd<Real>::Sgd(std::size_t n, double lr_, double momentum_) : lr(lr_), momentum(momentum_), velocity(n, Real(0)) {}

template <typename Real>
void Sgd<Real>::step(Real* params, const Real* grads) {
  const Real mu = static_cast<Real>(momentum), r = static_cast<Real>(lr);
  const std::size_t n = velocity.size();
  for (std::size_t i = 0; i < n; ++i) {
    velocity[i] = mu * velocity[i] + grads[i];
    params[i] -= r * velocity[i];
  }
}

template <typename Real>
Real grad_norm(const Real* grads, std::size_t n) {
  double sum = 0;  // accumulate in double: a float sum of 100k squares loses digits
  for (std::size_t i = 0; i < n; ++i) sum += static_cast<double>(grads[i]) * grads[i];
  return static_cast<Real>(std::sqrt(sum));
}

template <typename Real>
Real clip_grad_norm(Real* grads, std::size_t n, Real max_norm) {
  const Real norm = grad_norm(grads, n);
  if (norm > max_norm && norm > 0) {
    const Real s = max_norm / norm;
    for (std::size_t i = 0; i < n; ++i) grads[i] *= s;
  }
  return norm;
}

template <typename Real>
Real grad_norm(ParamStore<Real>& params) {
  double sum = 0;  // in the buffer's order, as grad_norm(grads, n): the skipped entries are exact zeros
  const Real* g = params.grads();
  for (const auto& s : params.grad_spans()) {
    for (std::size_t i = s.begin; i < s.end; ++i) sum += static_cast<double>(g[i]) * g[i];
  }
  return static_cast<Real>(std::sqrt(sum));
}

template <typename Real>
Real clip_grad_norm(ParamStore<Real>& params, Real max_norm) {
  const Real norm = grad_norm(params);
  if (norm > max_norm && norm > 0) {
    const Real s = max_norm / norm;
    Real* g = params.grads();
    for (const auto& span : params.grad_spans()) {
      for (std::size_t i = span.begin; i < span.end; ++i) g[i] *= s;
    }
  }
  return norm;
}

template class Adam<float>;
template class Adam<double>;
template class Sgd<float>;
template class Sgd<double>;
template float grad_norm<float>(const float*, std::size_t);
template double grad_norm<double>(const double*, std::size_t);
template float clip_grad_norm<float>(float*, std::size_t, float);
template double clip_grad_norm<double>(double*, std::size_t, double);
template float grad_norm<float>(ParamStore<float>&);
template double grad_norm<double>(ParamStore<double>&);
template float clip_grad_norm<float>(ParamStore<float>&, float);
template double clip_grad_norm<double>(ParamStore<double>&, double);

}  // namespace attnlab
