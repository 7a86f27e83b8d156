// Optimizers: one step over a flat parameter buffer, given the flat gradient buffer of the same layout
// (params.h). They never live inside backward: backward only computes gradients.
//
// n = number of parameters
#pragma once

#include <cstddef>
#include <vector>

#include "engine/core/params.h"
#include "engine/core/tensor.h"

namespace attnlab {

struct AdamConfig {
  double lr = 1e-3;
  double beta1 = 0.9;    // decay of the mean of the gradients m
  double beta2 = 0.999;  // decay of the mean of the squared gradients v
  double eps = 1e-8;
};

// Adam (Kingma & Ba 2015), as torch.optim.Adam:
//   m = β1·m + (1 − β1)·g          v = β2·v + (1 − β2)·g²
//   m̂ = m / (1 − β1^t)             v̂ = v / (1 − β2^t)          (t = step number, from 1)
//   p = p − lr · m̂ / (sqrt(v̂) + eps)
template <typename Real>
class Adam {
 public:
  Adam(std::size_t n, const AdamConfig& config = {});
  void step(Real* params, const Real* grads);  // params (n) updated in place, grads (n)
  void reset();                                // m = v = 0, t = 0
  long steps() const { return t_; }
  void set_steps(long t) { t_ = t; }  // resuming a saved state: the step number t of the moments m, v
  AdamConfig config;
  Buffer<Real> m;  // (n) first moment, laid out like the parameters
  Buffer<Real> v;  // (n) second moment

 private:
  long t_ = 0;
};

// Stochastic gradient descent with optional momentum (as torch.optim.SGD):
//   u = momentum·u + g;   p = p − lr·u       (momentum 0: p = p − lr·g)
template <typename Real>
class Sgd {
 public:
  Sgd(std::size_t n, double lr, double momentum = 0.0);
  void step(Real* params, const Real* grads);
  double lr, momentum;
  Buffer<Real> velocity;  // (n) u, laid out like the parameters
};

// The global L2 norm sqrt(Σ g²) of a gradient buffer (n).
template <typename Real>
Real grad_norm(const Real* grads, std::size_t n);

// Gradient-norm clipping: if the global norm exceeds max_norm, scale all gradients by max_norm / norm, so
// one bad batch cannot throw the parameters far. Returns the norm before clipping.
template <typename Real>
Real clip_grad_norm(Real* grads, std::size_t n, Real max_norm);

// The same two over a model's gradients, visiting only the parts that may be non-zero
// (ParamStore::grad_spans): the same numbers, without a pass over the embedding table's untouched rows.
template <typename Real>
Real grad_norm(ParamStore<Real>& params);
template <typename Real>
Real clip_grad_norm(ParamStore<Real>& params, Real max_norm);

}  // namespace attnlab
