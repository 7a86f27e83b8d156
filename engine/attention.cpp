// B = sequences, T = tokens per sequence, N = B·T, D = model width, H = heads, Dh = D/H
#include "engine/attention.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "engine/additive.h"
#include "engine/linear.h"
#include "engine/matmul.h"
#include "engine/posenc.h"
#include "engine/tensor.h"

namespace attnlab {

const char* to_string(Relevance r) { return r == Relevance::additive ? "additive" : "dot"; }

bool from_string(const std::string& name, Relevance* out) {
  if (name == "dot") *out = Relevance::dot;
  else if (name == "additive") *out = Relevance::additive;
  else return false;
  return true;
}

template <typename Real>
void AttentionCache<Real>::resize(int B, int T, int D, int H, Relevance relevance) {
  const size_t ND = static_cast<size_t>(B) * T * D;
  const size_t BHTT = static_cast<size_t>(B) * H * T * T;
  q.resize(ND);
  k.resize(ND);
  v.resize(ND);
  scores.resize(BHTT);
  weights.resize(BHTT);
  o.resize(ND);
  const bool additive = relevance == Relevance::additive;
  pq.resize(additive ? ND : 0);
  pk.resize(additive ? ND : 0);
}

template <typename Real>
void AttentionScratch<Real>::resize(int B, int T, int D, int H) {
  const size_t ND = static_cast<size_t>(B) * T * D;
  dout.resize(ND);
  dO.resize(ND);
  dq.resize(ND);
  dk.resize(ND);
  dv.resize(ND);
  dw.resize(static_cast<size_t>(T) * T);
  ds.resize(static_cast<size_t>(T) * T);
  dp.resize(2 * static_cast<size_t>(T) * (D / std::max(H, 1)));
}

template <typename Real>
void attention_forward(Real* out, AttentionCache<Real>& cache, const Real* in, const std::uint8_t* allowed,
                       const int* lengths, const AttentionParams<Real>& params, const AttentionSpec& spec, int B,
                       int T, int D) {
  const int H = spec.heads, Dh = D / H, N = B * T;
  const Real scale = Real(1) / std::sqrt(static_cast<Real>(Dh));
  // Q = I·Wq + bq,  K = I·Wk + bk,  V = I·Wv + bv
  linear_forward(cache.q.data(), in, params.wq, params.bq, N, D, D);
  linear_forward(cache.k.data(), in, params.wk, params.bk, N, D, D);
  linear_forward(cache.v.data(), in, params.wv, params.bv, N, D, D);
  for (int b = 0; b < B; ++b) {
    const long row0 = static_cast<long>(b) * T * D;  // first element of sequence b in an (N, D) matrix
    const std::uint8_t* allowed_b = allowed + static_cast<long>(b) * T * T;
    for (int h = 0; h < H; ++h) {
      const long head0 = row0 + static_cast<long>(h) * Dh;  // Qₕ = columns h·Dh .. h·Dh+Dh−1, row stride D
      const Real* Qh = cache.q.data() + head0;
      const Real* Kh = cache.k.data() + head0;
      const Real* Vh = cache.v.data() + head0;
      Real* S = cache.scores.data() + attention_index(b, h, 0, 0, H, T);   // (T, T)
      Real* A = cache.weights.data() + attention_index(b, h, 0, 0, H, T);  // (T, T)
      if (spec.relevance == Relevance::dot) {
        matmul_bt(view(S, T, T), cview(Qh, T, Dh, D), cview(Kh, T, Dh, D), false, scale);  // Sₕ = Qₕ·Kₕᵀ / √Dh
      } else {
        const long u0 = static_cast<long>(h) * Dh * Dh;
        additive_scores_forward(S, cache.pq.data() + head0, cache.pk.data() + head0, Qh, Kh, params.add_wq + u0,
                                params.add_wk + u0, params.add_w + static_cast<long>(h) * Dh, T, Dh, D);
      }
      if (spec.alibi) {  // Sₕ(i, j) += −mₕ·|i − j|
        const Real m = static_cast<Real>(alibi_slope(h, H));
        for (int i = 0; i < T; ++i) {
          for (int j = 0; j < T; ++j) S[i * T + j] -= m * static_cast<Real>(std::abs(i - j));
        }
      }
      // A'ₕ = norm(Sₕ), row by row over the allowed keys
      attention_norm_forward_rows(A, S, allowed_b, T, T, spec.norm);
      matmul(view(cache.o.data() + head0, T, Dh, D), cview(A, T, T), cview(Vh, T, Dh, D));  // Oₕ = A'ₕ·Vₕ
    }
  }
  // out = concat(O₁ .. O_H)·Wo + bo
  linear_forward(out, cache.o.data(), params.wo, params.bo, N, D, D);
  // padded queries produce nothing (not even bo)
  for (int b = 0; b < B; ++b) {
    const int len = lengths != nullptr ? lengths[b] : T;
    for (int i = len; i < T; ++i) std::fill_n(out + (static_cast<long>(b) * T + i) * D, D, Real(0));
  }
}

template <typename Real>
void attention_backward(Real* din, const AttentionParams<Real>& grads, AttentionScratch<Real>& scratch,
                        const Real* dout, const AttentionCache<Real>& cache, const Real* in,
                        const std::uint8_t* allowed, const int* lengths, const AttentionParams<Real>& params,
                        const AttentionSpec& spec, int B, int T, int D) {
  const int H = spec.heads, Dh = D / H, N = B * T;
  const long ND = static_cast<long>(N) * D;
  const Real scale = Real(1) / std::sqrt(static_cast<Real>(Dh));
  // Padded query rows were set to 0 whatever the parameters, so the gradient arriving there goes nowhere.
  Real* dY = scratch.dout.data();
  std::copy(dout, dout + ND, dY);
  for (int b = 0; b < B; ++b) {
    const int len = lengths != nullptr ? lengths[b] : T;
    for (int i = len; i < T; ++i) std::fill_n(dY + (static_cast<long>(b) * T + i) * D, D, Real(0));
  }
  // forward was: out = O·Wo + bo   →  dO = dout·Woᵀ, dWo += Oᵀ·dout, dbo += Σ dout
  Real* dO = scratch.dO.data();
  matmul_bt(view(dO, N, D), cview(dY, N, D), cview(params.wo, D, D));  // (dO is scratch: written, not added to)
  linear_backward<Real>(nullptr, grads.wo, grads.bo, dY, cache.o.data(), params.wo, N, D, D);

  // dQ, dK, dV are scratch too: each head's block of dV (and of dQ, dK with dot relevance) is written once
  // below; additive relevance adds its part to dQ and dK, so they start at 0 there.
  Real* dQ = scratch.dq.data();
  Real* dK = scratch.dk.data();
  Real* dV = scratch.dv.data();
  const bool dot = spec.relevance == Relevance::dot;
  if (!dot) {
    std::fill_n(dQ, ND, Real(0));
    std::fill_n(dK, ND, Real(0));
  }
  Real* dA = scratch.dw.data();  // (T, T)
  Real* dS = scratch.ds.data();  // (T, T)
  for (int b = 0; b < B; ++b) {
    const long row0 = static_cast<long>(b) * T * D;
    const std::uint8_t* allowed_b = allowed + static_cast<long>(b) * T * T;
    for (int h = 0; h < H; ++h) {
      const long head0 = row0 + static_cast<long>(h) * Dh;
      const Real* Qh = cache.q.data() + head0;
      const Real* Kh = cache.k.data() + head0;
      const Real* Vh = cache.v.data() + head0;
      const Real* S = cache.scores.data() + attention_index(b, h, 0, 0, H, T);
      const Real* A = cache.weights.data() + attention_index(b, h, 0, 0, H, T);
      // forward was: Oₕ = A'ₕ·Vₕ   →  dA'ₕ = dOₕ·Vₕᵀ,  dVₕ = A'ₕᵀ·dOₕ
      matmul_bt(view(dA, T, T), cview(dO + head0, T, Dh, D), cview(Vh, T, Dh, D));
      matmul_at(view(dV + head0, T, Dh, D), cview(A, T, T), cview(dO + head0, T, Dh, D));
      // forward was: A'ₕ = norm(Sₕ), row by row   →  dSₕ (see attention_norm.cpp for each norm)
      std::fill_n(dS, static_cast<long>(T) * T, Real(0));
      attention_norm_backward_rows(dS, dA, A, S, allowed_b, T, T, spec.norm);
      // forward was: Sₕ += −mₕ·|i − j| (ALiBi): a constant, the gradient passes through unchanged.
      if (dot) {
        // forward was: Sₕ = Qₕ·Kₕᵀ/√Dh   →  dQₕ = dSₕ·Kₕ/√Dh,  dKₕ = dSₕᵀ·Qₕ/√Dh
        matmul(view(dQ + head0, T, Dh, D), cview(dS, T, T), cview(Kh, T, Dh, D), false, scale);
        matmul_at(view(dK + head0, T, Dh, D), cview(dS, T, T), cview(Qh, T, Dh, D), false, scale);
      } else {
        const long u0 = static_cast<long>(h) * Dh * Dh;
        const long w0 = static_cast<long>(h) * Dh;
        additive_scores_backward(dQ + head0, dK + head0, grads.add_wq + u0, grads.add_wk + u0, grads.add_w + w0,
                                 scratch.dp.data(), dS, cache.pq.data() + head0, cache.pk.data() + head0, Qh, Kh,
                                 params.add_wq + u0, params.add_wk + u0, params.add_w + w0, T, Dh, D);
      }
    }
  }
  // forward was: Q = I·Wq + bq (and K, V the same)  →  dI += dQ·Wqᵀ + dK·Wkᵀ + dV·Wvᵀ, dWq += Iᵀ·dQ, dbq += Σ dQ
  linear_backward(din, grads.wq, grads.bq, dQ, in, params.wq, N, D, D);
  linear_backward(din, grads.wk, grads.bk, dK, in, params.wk, N, D, D);
  linear_backward(din, grads.wv, grads.bv, dV, in, params.wv, N, D, D);
}

template struct AttentionCache<float>;
template struct AttentionCache<double>;
template struct AttentionScratch<float>;
template struct AttentionScratch<double>;
template void attention_forward<float>(float*, AttentionCache<float>&, const float*, const std::uint8_t*,
                                       const int*, const AttentionParams<float>&, const AttentionSpec&, int, int,
                                       int);
template void attention_forward<double>(double*, AttentionCache<double>&, const double*, const std::uint8_t*,
                                        const int*, const AttentionParams<double>&, const AttentionSpec&, int, int,
                                        int);
template void attention_backward<float>(float*, const AttentionParams<float>&, AttentionScratch<float>&,
                                        const float*, const AttentionCache<float>&, const float*,
                                        const std::uint8_t*, const int*, const AttentionParams<float>&,
                                        const AttentionSpec&, int, int, int);
template void attention_backward<double>(double*, const AttentionParams<double>&, AttentionScratch<double>&,
                                         const double*, const AttentionCache<double>&, const double*,
                                         const std::uint8_t*, const int*, const AttentionParams<double>&,
                                         const AttentionSpec&, int, int, int);

}  // namespace attnlab
