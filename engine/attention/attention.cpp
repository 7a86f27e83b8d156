// Self-attention as the lecture writes it (attention.h). This is the version to read; the fast path that
// training uses (attention_blocks.cpp) computes the same numbers and is tested against this one.
//
// B = sequences, T = tokens per sequence, N = B·T, D = model width, H = heads, Dh = D/H
#include "engine/attention/attention.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "engine/attention/additive.h"
#include "engine/attention/posenc.h"
#include "engine/ops/linear.h"

namespace attnlab {

template <typename Real>
void self_attention(Real* out, AttentionCache<Real>& cache, const Real* in, const std::uint8_t* allowed,
                    const int* lengths, const AttentionParams<Real>& p, const AttentionSpec& spec, int B, int T,
                    int D) {
  const int H = spec.heads, Dh = D / H, N = B * T;
  // Q = I·Wq,  K = I·Wk,  V = I·Wv        (row t: the query qᵗ, key kᵗ and value vᵗ of token t)
  linear_forward(cache.q.data(), in, p.wq, p.bq, N, D, D);
  linear_forward(cache.k.data(), in, p.wk, p.bk, N, D, D);
  linear_forward(cache.v.data(), in, p.wv, p.bv, N, D, D);
  for (int b = 0; b < B; ++b) {
    for (int h = 0; h < H; ++h) {
      // head h works on its own Dh columns: Qₕ, Kₕ, Vₕ (T, Dh) of sequence b
      const long at = static_cast<long>(b) * T * D + static_cast<long>(h) * Dh;
      const CView<Real> Q = cview(cache.q.data() + at, T, Dh, D);
      const CView<Real> K = cview(cache.k.data() + at, T, Dh, D);
      const CView<Real> V = cview(cache.v.data() + at, T, Dh, D);
      View<Real> A = view(cache.scores.data() + attention_index(b, h, 0, 0, H, T), T, T);    // scores A
      View<Real> Ap = view(cache.weights.data() + attention_index(b, h, 0, 0, H, T), T, T);  // weights A'
      const std::uint8_t* may_see = allowed + static_cast<long>(b) * T * T;                  // (T, T) row = query
      if (spec.relevance == Relevance::additive) {  // q·W'q and k·W'k, once per token
        additive_project(cache.pq.data() + at, cache.pk.data() + at, Q.data(), K.data(),
                         p.add_wq + static_cast<long>(h) * Dh * Dh, p.add_wk + static_cast<long>(h) * Dh * Dh, T, Dh,
                         D);
      }
      // A = Q·Kᵀ/√d: α(i, j), how relevant key j is to query i, for every key the query may see
      for (int i = 0; i < T; ++i) {
        for (int j = 0; j < T; ++j) {
          if (!may_see[static_cast<long>(i) * T + j]) {
            A(i, j) = 0;  // never looked at
          } else if (spec.relevance == Relevance::dot) {
            A(i, j) = Q.row(i).dot(K.row(j)) / std::sqrt(static_cast<Real>(Dh));  // α = qⁱ·kʲ/√d
          } else {  // α = wᵀ·tanh(qⁱ·W'q + kʲ·W'k)
            additive_scores(&A(i, j), 1, cache.pq.data() + at + static_cast<long>(i) * D,
                            cache.pk.data() + at + static_cast<long>(j) * D, p.add_w + static_cast<long>(h) * Dh, 1, 1,
                            Dh, D);
          }
          if (spec.alibi && may_see[static_cast<long>(i) * T + j]) {  // α −= mₕ·|i − j|: farther keys count less
            A(i, j) -= static_cast<Real>(alibi_slope(h, H)) * static_cast<Real>(alibi_distance(i, j, spec.grid_w));
          }
        }
      }
      // A' = softmax(A) (or ReLU, sigmoid), row by row over the keys each query may see
      attention_norm_forward_rows(Ap.data(), A.data(), may_see, T, T, spec.norm);
      // O = A'·V: query i's output is bⁱ = Σⱼ α'(i, j)·vʲ
      view(cache.o.data() + at, T, Dh, D).noalias() = Ap * V;
    }
  }
  // out = concat(O₁ .. O_H)·Wo
  linear_forward(out, cache.o.data(), p.wo, p.bo, N, D, D);
  for (int b = 0; b < B; ++b) {  // padded queries produce nothing (not even bo)
    for (int i = lengths != nullptr ? lengths[b] : T; i < T; ++i) {
      std::fill_n(out + (static_cast<long>(b) * T + i) * D, D, Real(0));
    }
  }
  cache.last_B = cache.last_T = cache.last_H = 0;  // every score was written: attention_forward starts afresh
}

template void self_attention<float>(float*, AttentionCache<float>&, const float*, const std::uint8_t*, const int*,
                                    const AttentionParams<float>&, const AttentionSpec&, int, int, int);
template void self_attention<double>(double*, AttentionCache<double>&, const double*, const std::uint8_t*, const int*,
                                     const AttentionParams<double>&, const AttentionSpec&, int, int, int);

}  // namespace attnlab
