// T = tokens, Dh = head width, ld = row stride of the (T, Dh) head blocks
#include "engine/attention/additive.h"

#include <algorithm>
#include <cmath>

#include "engine/core/tensor.h"
#include "engine/kernels/matmul.h"

namespace attnlab {

template <typename Real>
void additive_project(Real* pq, Real* pk, const Real* q, const Real* k, const Real* uq, const Real* uk, int T, int Dh,
                      int ld) {
  matmul(view(pq, T, Dh, ld), cview(q, T, Dh, ld), cview(uq, Dh, Dh));  // pq = q·W'q  (T, Dh)
  matmul(view(pk, T, Dh, ld), cview(k, T, Dh, ld), cview(uk, Dh, Dh));  // pk = k·W'k  (T, Dh)
}

template <typename Real>
void additive_scores(Real* s, int lds, const Real* pq, const Real* pk, const Real* w, int Tq, int Tk, int Dh, int ld) {
  for (int i = 0; i < Tq; ++i) {
    const Real* pqi = pq + static_cast<long>(i) * ld;
    for (int j = 0; j < Tk; ++j) {
      const Real* pkj = pk + static_cast<long>(j) * ld;
      Real a = 0;  // α(i, j) = Σ_d w_d · tanh(pq_i,d + pk_j,d)
      for (int d = 0; d < Dh; ++d) a += w[d] * std::tanh(pqi[d] + pkj[d]);
      s[static_cast<long>(i) * lds + j] = a;
    }
  }
}

template <typename Real>
void additive_scores_forward(Real* s, Real* pq, Real* pk, const Real* q, const Real* k, const Real* uq, const Real* uk,
                             const Real* w, int T, int Dh, int ld) {
  additive_project(pq, pk, q, k, uq, uk, T, Dh, ld);
  additive_scores(s, T, pq, pk, w, T, T, Dh, ld);
}

template <typename Real>
void additive_scores_backward(Real* dq, Real* dk, Real* duq, Real* duk, Real* dw, Real* scratch, const Real* ds,
                              const Real* pq, const Real* pk, const Real* q, const Real* k, const Real* uq,
                              const Real* uk, const Real* w, int T, int Dh, int ld) {
  Real* dpq = scratch;                              // (T, Dh) gradient at pq
  Real* dpk = scratch + static_cast<long>(T) * Dh;  // (T, Dh) gradient at pk
  std::fill(scratch, scratch + 2L * T * Dh, Real(0));
  // forward was: e = tanh(pq_i + pk_j) (Dh);  α(i, j) = w·e
  // so           dw += dα · e,   and with tanh' = 1 − tanh²:   dz = dα · w ∘ (1 − e∘e)
  //              dpq_i += dz,  dpk_j += dz   (pq_i is shared by all keys j, pk_j by all queries i)
  for (int i = 0; i < T; ++i) {
    const Real* pqi = pq + static_cast<long>(i) * ld;
    for (int j = 0; j < T; ++j) {
      const Real da = ds[static_cast<long>(i) * T + j];
      if (da == 0) continue;
      const Real* pkj = pk + static_cast<long>(j) * ld;
      for (int d = 0; d < Dh; ++d) {
        const Real e = std::tanh(pqi[d] + pkj[d]);  // recomputed: cheaper than caching T·T·Dh values
        dw[d] += da * e;
        const Real dz = da * w[d] * (Real(1) - e * e);
        dpq[static_cast<long>(i) * Dh + d] += dz;
        dpk[static_cast<long>(j) * Dh + d] += dz;
      }
    }
  }
  // forward was: pq = q·W'q   so   dq += dpq·W'qᵀ,  dW'q += qᵀ·dpq   (the same for k)
  matmul_bt(view(dq, T, Dh, ld), cview(dpq, T, Dh), cview(uq, Dh, Dh), true);
  matmul_at(view(duq, Dh, Dh), cview(q, T, Dh, ld), cview(dpq, T, Dh), true);
  matmul_bt(view(dk, T, Dh, ld), cview(dpk, T, Dh), cview(uk, Dh, Dh), true);
  matmul_at(view(duk, Dh, Dh), cview(k, T, Dh, ld), cview(dpk, T, Dh), true);
}

template void additive_project<float>(float*, float*, const float*, const float*, const float*, const float*, int, int,
                                      int);
template void additive_project<double>(double*, double*, const double*, const double*, const double*, const double*,
                                       int, int, int);
template void additive_scores<float>(float*, int, const float*, const float*, const float*, int, int, int, int);
template void additive_scores<double>(double*, int, const double*, const double*, const double*, int, int, int, int);
template void additive_scores_forward<float>(float*, float*, float*, const float*, const float*, const float*,
                                             const float*, const float*, int, int, int);
template void additive_scores_forward<double>(double*, double*, double*, const double*, const double*, const double*,
                                              const double*, const double*, int, int, int);
template void additive_scores_backward<float>(float*, float*, float*, float*, float*, float*, const float*,
                                              const float*, const float*, const float*, const float*, const float*,
                                              const float*, const float*, int, int, int);
template void additive_scores_backward<double>(double*, double*, double*, double*, double*, double*, const double*,
                                               const double*, const double*, const double*, const double*,
                                               const double*, const double*, const double*, int, int, int);

}  // namespace attnlab
