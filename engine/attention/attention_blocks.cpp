// The fast path of self-attention: the same numbers as the lecture's formula (self_attention in
// attention.cpp, checked against it in tests/engine/attention_blocks_test.cpp), computing only what the mask
// allows. The queries go in blocks of kQueryBlock rows; each block computes its scores A, weights A' and A'·V
// over its key span only (the keys from the first to the last one any of its queries may see), as matrix
// products, or pair by pair when the span is mostly masked (a graph's edges).
//
// Sections: key spans (which keys a block of queries sees) · attention_forward · attention_backward
//
// B = sequences, T = tokens per sequence, N = B·T, D = model width, H = heads, Dh = D/H
#include "engine/attention/attention.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "engine/attention/additive.h"
#include "engine/attention/posenc.h"
#include "engine/core/tensor.h"
#include "engine/kernels/matmul.h"
#include "engine/ops/linear.h"

namespace attnlab {

template <typename Real>
void AttentionCache<Real>::resize(int B, int T, int D, int H, Relevance relevance) {
  const size_t ND = static_cast<size_t>(B) * T * D;
  const size_t BHTT = static_cast<size_t>(B) * H * T * T;
  q.resize(ND);
  k.resize(ND);
  v.resize(ND);
  kt.resize(relevance == Relevance::dot ? ND : 0);
  scores.resize(BHTT);
  weights.resize(BHTT);
  spans.resize(static_cast<size_t>(B) * ((T + kQueryBlock - 1) / kQueryBlock) * 3);  // kSpanInts
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
  vt.resize(ND);
  dAp.resize(static_cast<size_t>(T) * T);
  dA.resize(static_cast<size_t>(T) * T);
  dp.resize(2 * static_cast<size_t>(T) * (D / std::max(H, 1)));
}

namespace {

// The first j in [from, to) with row[j] != 0, else `to`; and the last one, else from − 1. Eight mask bytes
// at a time: a long sequence with a window mask is mostly zeros.
int first_allowed(const std::uint8_t* row, int from, int to) {
  int j = from;
  for (std::uint64_t w = 0; j + 8 <= to; j += 8) {
    std::memcpy(&w, row + j, 8);
    if (w != 0) break;
  }
  while (j < to && row[j] == 0) ++j;
  return j;
}
int last_allowed(const std::uint8_t* row, int from, int to) {
  int j = to;
  for (std::uint64_t w = 0; j - 8 >= from; j -= 8) {
    std::memcpy(&w, row + j - 8, 8);
    if (w != 0) break;
  }
  while (j > from && row[j - 1] == 0) --j;
  return j - 1;
}

// cache.spans holds three numbers per sequence and query block: the block's key span [k0, k1) and how many
// (query, key) pairs in it the mask allows.
constexpr int kSpanInts = 3;

// The key span of queries i0 .. i1−1 in a sequence's mask (T, T): from the first to one past the last key
// that any of them may see ({0, 0} when none may: a block of padding); and the allowed pairs in it.
void find_key_span(int* span, const std::uint8_t* allowed, int i0, int i1, int T) {
  int first = T, last = -1;
  for (int i = i0; i < i1; ++i) {
    const std::uint8_t* row = allowed + static_cast<long>(i) * T;
    first = first_allowed(row, 0, first);  // only keys outside the span so far can widen it
    last = std::max(last, last_allowed(row, last + 1, T));
  }
  if (last < first) first = 0, last = -1;
  int pairs = 0;
  for (int i = i0; i < i1; ++i) {
    const std::uint8_t* row = allowed + static_cast<long>(i) * T;
    for (int j = first; j <= last; ++j) pairs += row[j] != 0;
  }
  span[0] = first, span[1] = last + 1, span[2] = pairs;
}

int queries_in_block(int c, int T) { return std::min(T, (c + 1) * kQueryBlock) - c * kQueryBlock; }

// A block whose span is mostly masked (fewer than a quarter of its pairs allowed, as with a graph's scattered
// edges) is computed pair by pair, only the allowed pairs; otherwise as matrix products over the whole span.
bool pair_by_pair(const int* span, int queries) {
  return 4L * span[2] < static_cast<long>(queries) * (span[1] - span[0]);
}

// The number of scores block c computes.
long block_scores(const int* span, int queries) {
  return pair_by_pair(span, queries) ? span[2] : static_cast<long>(queries) * (span[1] - span[0]);
}

// One past the last query block after c that is computed together with c: neighbours with the same key span,
// both as matrix products (full attention: one block of T queries).
int same_span_end(const int* span, int c, int blocks, int T) {
  const int* sc = span + kSpanInts * c;
  int e = c + 1;
  if (pair_by_pair(sc, queries_in_block(c, T))) return e;
  for (; e < blocks; ++e) {
    const int* se = span + kSpanInts * e;
    if (se[0] != sc[0] || se[1] != sc[1] || pair_by_pair(se, queries_in_block(e, T))) break;
  }
  return e;
}

// What the forward and backward passes compute for query block c of a sequence (spans from update_key_spans):
// queries [i0, i1), merged with the following blocks of the same span; keys [k0, k1); pair by pair or as
// matrix products (a pair-by-pair block is never merged); and the block after it.
struct BlockPlan {
  int i0, i1, k0, k1;
  bool sparse;
  int next;
};
BlockPlan plan_block(const int* span, int c, int blocks, int T) {
  const int* sc = span + kSpanInts * c;
  const int e = same_span_end(span, c, blocks, T);
  return {c * kQueryBlock, std::min(T, e * kQueryBlock), sc[0], sc[1], pair_by_pair(sc, queries_in_block(c, T)), e};
}

// Σ_d a[d]·b[d] and y += α·x, for the pair-by-pair blocks.
template <typename Real>
Real dot_n(const Real* a, const Real* b, int n) {
  Real sum = 0;
  for (int d = 0; d < n; ++d) sum += a[d] * b[d];
  return sum;
}
template <typename Real>
void axpy_n(Real* y, Real alpha, const Real* x, int n) {
  for (int d = 0; d < n; ++d) y[d] += alpha * x[d];
}

// Zeroes a[from, to) where it lies outside [k0, k1).
template <typename Real>
void zero_outside(Real* a, int from, int to, int k0, int k1) {
  if (from < std::min(to, k0)) std::fill(a + from, a + std::min(to, k0), Real(0));
  if (std::max(from, k1) < to) std::fill(a + std::max(from, k1), a + to, Real(0));
}

// xt (B, D, T) = each sequence's rows x (T, D) transposed, in tiles of 16 × 16. A head's Kₕᵀ (or Vₕᵀ) is then
// Dh whole rows of xt, which the product Aₕ = Qₕ·Kₕᵀ reads in place; read from K itself, every product had to
// gather Kₕ's columns into a panel first, once per head and sequence (a step of D96 H6 T48 B16 L3: the score
// products ran at 28% of the FMA peak, the others at 50 to 80%). The same numbers: a panel read in place or
// gathered is summed in the same order.
template <typename Real>
void transpose_sequences(Real* xt, const Real* x, int B, int T, int D) {
  constexpr int kTile = 16;
  for (int b = 0; b < B; ++b) {
    const Real* xb = x + static_cast<long>(b) * T * D;
    Real* tb = xt + static_cast<long>(b) * D * T;
    for (int t0 = 0; t0 < T; t0 += kTile) {
      const int t1 = std::min(T, t0 + kTile);
      for (int d0 = 0; d0 < D; d0 += kTile) {
        const int d1 = std::min(D, d0 + kTile);
        for (int d = d0; d < d1; ++d) {
          for (int t = t0; t < t1; ++t) tb[static_cast<long>(d) * T + t] = xb[static_cast<long>(t) * D + d];
        }
      }
    }
  }
}

// Sets cache.spans from the mask (B, T, T). Scores and weights outside the key spans are 0 and never touched
// by the forward pass. They are already 0 outside the spans of the previous call (still in cache.spans), so
// only what that call used and this one does not is cleared: O(T·w) per step, not O(T²). After a new shape
// (a batch of other lengths: most steps on real sentences) any entry may hold an old number, so every row is
// cleared outside its new span: O(T·(T − w)), the padding, not O(T²).
template <typename Real>
void update_key_spans(AttentionCache<Real>& cache, const std::uint8_t* allowed, int B, int T, int H) {
  const int blocks = (T + kQueryBlock - 1) / kQueryBlock;
  if (cache.last_B != B || cache.last_T != T || cache.last_H != H) {
    for (long s = 0; s < static_cast<long>(B) * blocks; ++s) {  // as if the last call had used every key
      int* span = cache.spans.data() + s * kSpanInts;
      span[0] = 0, span[1] = T, span[2] = 0;
    }
    cache.last_B = B, cache.last_T = T, cache.last_H = H;
  }
  for (int b = 0; b < B; ++b) {
    const std::uint8_t* allowed_b = allowed + static_cast<long>(b) * T * T;
    for (int c = 0, i0 = 0; c < blocks; ++c, i0 += kQueryBlock) {
      const int i1 = std::min(T, i0 + kQueryBlock);
      int* span = cache.spans.data() + (static_cast<long>(b) * blocks + c) * kSpanInts;
      int now[kSpanInts];
      find_key_span(now, allowed_b, i0, i1, T);
      for (int h = 0; h < H; ++h) {
        for (int i = i0; i < i1; ++i) {
          const long r = attention_index(b, h, i, 0, H, T);
          zero_outside(cache.scores.data() + r, span[0], span[1], now[0], now[1]);
          zero_outside(cache.weights.data() + r, span[0], span[1], now[0], now[1]);
        }
      }
      std::copy(now, now + kSpanInts, span);
    }
  }
}

}  // namespace

template <typename Real>
ScoreWork attention_score_work(const AttentionCache<Real>& cache) {
  const int B = cache.last_B, T = cache.last_T, H = cache.last_H;
  const int blocks = (T + kQueryBlock - 1) / kQueryBlock;
  ScoreWork work;
  for (int b = 0; b < B; ++b) {
    for (int c = 0; c < blocks; ++c) {
      const int* span = cache.spans.data() + (static_cast<long>(b) * blocks + c) * kSpanInts;
      work.computed += H * block_scores(span, queries_in_block(c, T));
    }
  }
  work.dense = static_cast<long>(H) * B * T * T;
  return work;
}

template <typename Real>
void attention_forward(Real* out, AttentionCache<Real>& cache, const Real* in, const std::uint8_t* allowed,
                       const int* lengths, const AttentionParams<Real>& params, const AttentionSpec& spec, int B, int T,
                       int D) {
  const int H = spec.heads, Dh = D / H, N = B * T;
  const int blocks = (T + kQueryBlock - 1) / kQueryBlock;
  const Real scale = Real(1) / std::sqrt(static_cast<Real>(Dh));
  // Q = I·Wq + bq,  K = I·Wk + bk,  V = I·Wv + bv, for the tokens (a padded key is never looked at; a padded
  // query's output is 0 below)
  const TokenRows rows{lengths, B, T};
  linear_forward(cache.q.data(), in, params.wq, params.bq, N, D, D, rows);
  linear_forward(cache.k.data(), in, params.wk, params.bk, N, D, D, rows);
  linear_forward(cache.v.data(), in, params.wv, params.bv, N, D, D, rows);
  if (spec.relevance == Relevance::dot) transpose_sequences(cache.kt.data(), cache.k.data(), B, T, D);
  // which keys each block of queries can see (the rest is never computed)
  update_key_spans(cache, allowed, B, T, H);
  for (int b = 0; b < B; ++b) {
    const long row0 = static_cast<long>(b) * T * D;  // first element of sequence b in an (N, D) matrix
    const std::uint8_t* allowed_b = allowed + static_cast<long>(b) * T * T;
    const int* span = cache.spans.data() + static_cast<long>(b) * blocks * kSpanInts;
    for (int h = 0; h < H; ++h) {
      const long head0 = row0 + static_cast<long>(h) * Dh;  // Qₕ = columns h·Dh .. h·Dh+Dh−1, row stride D
      const Real* Qh = cache.q.data() + head0;
      const Real* Kh = cache.k.data() + head0;
      const Real* Vh = cache.v.data() + head0;
      const Real* Kth = spec.relevance == Relevance::dot  // (Dh, T)
                            ? cache.kt.data() + (static_cast<long>(b) * D + static_cast<long>(h) * Dh) * T
                            : nullptr;
      Real* Oh = cache.o.data() + head0;
      Real* A = cache.scores.data() + attention_index(b, h, 0, 0, H, T);    // (T, T) scores A
      Real* Ap = cache.weights.data() + attention_index(b, h, 0, 0, H, T);  // (T, T) weights A'
      const long u0 = static_cast<long>(h) * Dh * Dh;
      if (spec.relevance == Relevance::additive) {  // pq = q·W'q, pk = k·W'k for every token, once
        additive_project(cache.pq.data() + head0, cache.pk.data() + head0, Qh, Kh, params.add_wq + u0,
                         params.add_wk + u0, T, Dh, D);
      }
      const Real m = spec.alibi ? static_cast<Real>(alibi_slope(h, H)) : Real(0);
      for (int c = 0; c < blocks;) {
        // queries i0 .. i1−1 look at keys k0 .. k1−1 (everything else is masked for all of them)
        const BlockPlan blk = plan_block(span, c, blocks, T);
        long allowed_pairs = 0;  // in the merged blocks' spans
        for (; c < blk.next; ++c) allowed_pairs += span[kSpanInts * c + 2];
        const int i0 = blk.i0, i1 = blk.i1, k0 = blk.k0, k1 = blk.k1, nq = i1 - i0, nk = k1 - k0;
        const bool sparse = blk.sparse, every_pair = allowed_pairs == static_cast<long>(nq) * nk;
        if (nk == 0) {  // no query of the block sees anything (padding): Oₕ rows = 0
          for (int i = i0; i < i1; ++i) std::fill_n(Oh + static_cast<long>(i) * D, Dh, Real(0));
          continue;
        }
        Real* Ab = A + static_cast<long>(i0) * T + k0;  // the block's (nq, nk) scores, row stride T
        Real* Apb = Ap + static_cast<long>(i0) * T + k0;
        if (sparse) {  // only the allowed pairs: αᵢⱼ = qᵢ·kⱼ/√Dh (or the additive score)
          for (int i = i0; i < i1; ++i) {
            for (int j = k0; j < k1; ++j) {
              Real& aij = A[static_cast<long>(i) * T + j];
              if (!allowed_b[static_cast<long>(i) * T + j]) {
                aij = 0;
              } else if (spec.relevance == Relevance::dot) {
                aij = scale * dot_n(Qh + static_cast<long>(i) * D, Kh + static_cast<long>(j) * D, Dh);
              } else {
                additive_scores(&aij, 1, cache.pq.data() + head0 + static_cast<long>(i) * D,
                                cache.pk.data() + head0 + static_cast<long>(j) * D,
                                params.add_w + static_cast<long>(h) * Dh, 1, 1, Dh, D);
              }
            }
          }
        } else if (spec.relevance == Relevance::dot) {
          // Aₕ = Qₕ·Kₕᵀ / √Dh
          matmul(view(Ab, nq, nk, T), cview(Qh + i0 * D, nq, Dh, D), cview(Kth + k0, Dh, nk, T), false, scale);
        } else {
          // Aₕ(i, j) = wₕᵀ·tanh(qᵢ·W'q + kⱼ·W'k)
          additive_scores(Ab, T, cache.pq.data() + head0 + i0 * D, cache.pk.data() + head0 + k0 * D,
                          params.add_w + static_cast<long>(h) * Dh, nq, nk, Dh, D);
        }
        if (spec.alibi) {  // Aₕ(i, j) += −mₕ·|i − j|  (on an image: −mₕ·(|ri − rj| + |ci − cj|))
          for (int i = i0; i < i1; ++i) {
            Real* Ai = A + static_cast<long>(i) * T;
            for (int j = k0; j < k1; ++j) Ai[j] -= m * static_cast<Real>(alibi_distance(i, j, spec.grid_w));
          }
        }
        // A'ₕ = norm(Aₕ), row by row over the allowed keys (all rows in one call when they span every key: the
        // block's rows are then contiguous)
        if (nk == T) {
          attention_norm_forward_rows(Apb, Ab, allowed_b + static_cast<long>(i0) * T, nq, T, spec.norm);
        } else {
          for (int i = i0; i < i1; ++i) {
            const long r = static_cast<long>(i) * T + k0;
            attention_norm_forward_rows(Ap + r, A + r, allowed_b + r, 1, nk, spec.norm);
          }
        }
        for (int i = i0; i < i1 && !every_pair; ++i) {  // the masked scores are shown as 0
          Real* Ai = A + static_cast<long>(i) * T;
          const std::uint8_t* allowed_i = allowed_b + static_cast<long>(i) * T;
          for (int j = k0; j < k1; ++j) Ai[j] = allowed_i[j] ? Ai[j] : Real(0);
        }
        // Oₕ = A'ₕ·Vₕ
        if (sparse) {
          for (int i = i0; i < i1; ++i) {
            Real* Oi = Oh + static_cast<long>(i) * D;
            std::fill_n(Oi, Dh, Real(0));
            for (int j = k0; j < k1; ++j) {
              const Real a = Ap[static_cast<long>(i) * T + j];
              if (a != 0) axpy_n(Oi, a, Vh + static_cast<long>(j) * D, Dh);
            }
          }
        } else {
          matmul(view(Oh + i0 * D, nq, Dh, D), cview(Apb, nq, nk, T), cview(Vh + k0 * D, nk, Dh, D));
        }
      }
    }
  }
  // out = concat(O₁ .. O_H)·Wo + bo
  linear_forward(out, cache.o.data(), params.wo, params.bo, N, D, D, rows);
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
                        const AttentionSpec& spec, int B, int T, int D, bool din_is_new) {
  const int H = spec.heads, Dh = D / H, N = B * T;
  const int blocks = (T + kQueryBlock - 1) / kQueryBlock;
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

  transpose_sequences(scratch.vt.data(), cache.v.data(), B, T, D);  // Vᵀ: Vₕᵀ read in place by dA'ₕ = dOₕ·Vₕᵀ
  // dQ, dK, dV are scratch too. Key spans of neighbouring query blocks overlap, so the blocks ADD to them.
  Real* dQ = scratch.dq.data();
  Real* dK = scratch.dk.data();
  Real* dV = scratch.dv.data();
  std::fill_n(dQ, ND, Real(0));
  std::fill_n(dK, ND, Real(0));
  std::fill_n(dV, ND, Real(0));
  const bool dot = spec.relevance == Relevance::dot;
  Real* dAp = scratch.dAp.data();  // (T, T) gradient at the weights A', only the key spans used
  Real* dA = scratch.dA.data();    // (T, T) gradient at the scores A, only the key spans used
  for (int b = 0; b < B; ++b) {
    const long row0 = static_cast<long>(b) * T * D;
    const std::uint8_t* allowed_b = allowed + static_cast<long>(b) * T * T;
    const int* span = cache.spans.data() + static_cast<long>(b) * blocks * kSpanInts;
    for (int h = 0; h < H; ++h) {
      const long head0 = row0 + static_cast<long>(h) * Dh;
      const Real* Qh = cache.q.data() + head0;
      const Real* Kh = cache.k.data() + head0;
      const Real* Vh = cache.v.data() + head0;
      const Real* dOh = dO + head0;
      const Real* Vth = scratch.vt.data() + (static_cast<long>(b) * D + static_cast<long>(h) * Dh) * T;  // (Dh, T)
      const Real* A = cache.scores.data() + attention_index(b, h, 0, 0, H, T);
      const Real* Ap = cache.weights.data() + attention_index(b, h, 0, 0, H, T);
      if (!dot) std::fill_n(dA, static_cast<long>(T) * T, Real(0));  // additive reads all of dA below
      for (int c = 0; c < blocks;) {
        const BlockPlan blk = plan_block(span, c, blocks, T);  // the same blocks as the forward pass
        c = blk.next;
        const int i0 = blk.i0, i1 = blk.i1, k0 = blk.k0, k1 = blk.k1, nq = i1 - i0, nk = k1 - k0;
        const bool sparse = blk.sparse;
        if (nk == 0) continue;                           // the block saw nothing: its weights were constant 0
        const long at = static_cast<long>(i0) * T + k0;  // the block's (nq, nk) corner, row stride T
        // forward was: Oₕ = A'ₕ·Vₕ   →  dA'ₕ = dOₕ·Vₕᵀ,  dVₕ += A'ₕᵀ·dOₕ
        if (sparse) {
          for (int i = i0; i < i1; ++i) {
            const Real* dOi = dOh + static_cast<long>(i) * D;
            for (int j = k0; j < k1; ++j) {
              const long r = static_cast<long>(i) * T + j;
              if (!allowed_b[r]) {
                dAp[r] = 0;
                continue;
              }
              dAp[r] = dot_n(dOi, Vh + static_cast<long>(j) * D, Dh);
              axpy_n(dV + head0 + static_cast<long>(j) * D, Ap[r], dOi, Dh);
            }
          }
        } else {
          matmul(view(dAp + at, nq, nk, T), cview(dOh + i0 * D, nq, Dh, D), cview(Vth + k0, Dh, nk, T));
          matmul_at(view(dV + head0 + k0 * D, nk, Dh, D), cview(Ap + at, nq, nk, T), cview(dOh + i0 * D, nq, Dh, D),
                    true);
        }
        // forward was: A'ₕ = norm(Aₕ), row by row   →  dAₕ (see attention_norm.cpp for each norm)
        if (nk == T) {  // (the block's rows are contiguous: one call)
          std::fill_n(dA + at, static_cast<long>(nq) * T, Real(0));
          attention_norm_backward_rows(dA + at, dAp + at, Ap + at, A + at, allowed_b + at, nq, T, spec.norm);
        } else {
          for (int i = i0; i < i1; ++i) {
            const long r = static_cast<long>(i) * T + k0;
            std::fill_n(dA + r, nk, Real(0));
            attention_norm_backward_rows(dA + r, dAp + r, Ap + r, A + r, allowed_b + r, 1, nk, spec.norm);
          }
        }
        // forward was: Aₕ += −mₕ·|i − j| (ALiBi): a constant, the gradient passes through unchanged.
        if (dot && sparse) {
          // forward was: αᵢⱼ = qᵢ·kⱼ/√Dh   →  dqᵢ += dαᵢⱼ·kⱼ/√Dh,  dkⱼ += dαᵢⱼ·qᵢ/√Dh
          for (int i = i0; i < i1; ++i) {
            for (int j = k0; j < k1; ++j) {
              const long r = static_cast<long>(i) * T + j;
              if (!allowed_b[r]) continue;
              const Real g = dA[r] * scale;
              axpy_n(dQ + head0 + static_cast<long>(i) * D, g, Kh + static_cast<long>(j) * D, Dh);
              axpy_n(dK + head0 + static_cast<long>(j) * D, g, Qh + static_cast<long>(i) * D, Dh);
            }
          }
        } else if (dot) {
          // forward was: Aₕ = Qₕ·Kₕᵀ/√Dh   →  dQₕ += dAₕ·Kₕ/√Dh,  dKₕ += dAₕᵀ·Qₕ/√Dh
          matmul(view(dQ + head0 + i0 * D, nq, Dh, D), cview(dA + at, nq, nk, T), cview(Kh + k0 * D, nk, Dh, D), true,
                 scale);
          matmul_at(view(dK + head0 + k0 * D, nk, Dh, D), cview(dA + at, nq, nk, T), cview(Qh + i0 * D, nq, Dh, D),
                    true, scale);
        }
      }
      if (!dot) {  // additive: every pair with a gradient at once (pairs with dA = 0 are skipped)
        const long u0 = static_cast<long>(h) * Dh * Dh;
        const long w0 = static_cast<long>(h) * Dh;
        additive_scores_backward(dQ + head0, dK + head0, grads.add_wq + u0, grads.add_wk + u0, grads.add_w + w0,
                                 scratch.dp.data(), dA, cache.pq.data() + head0, cache.pk.data() + head0, Qh, Kh,
                                 params.add_wq + u0, params.add_wk + u0, params.add_w + w0, T, Dh, D);
      }
    }
  }
  // forward was: Q = I·Wq + bq (and K, V the same)  →  dI += dQ·Wqᵀ + dK·Wkᵀ + dV·Wvᵀ, dWq += Iᵀ·dQ, dbq += Σ dQ
  // (dQ, dK, dV are 0 on the padding rows: only the tokens' rows of dI are computed)
  const TokenRows rows{lengths, B, T};
  linear_backward(din, grads.wq, grads.bq, dQ, in, params.wq, N, D, D, din_is_new, rows);  // (the first may write din)
  linear_backward(din, grads.wk, grads.bk, dK, in, params.wk, N, D, D, false, rows);
  linear_backward(din, grads.wv, grads.bv, dV, in, params.wv, N, D, D, false, rows);
}

template struct AttentionCache<float>;
template struct AttentionCache<double>;
template struct AttentionScratch<float>;
template struct AttentionScratch<double>;
template ScoreWork attention_score_work<float>(const AttentionCache<float>&);
template ScoreWork attention_score_work<double>(const AttentionCache<double>&);
template void attention_forward<float>(float*, AttentionCache<float>&, const float*, const std::uint8_t*, const int*,
                                       const AttentionParams<float>&, const AttentionSpec&, int, int, int);
template void attention_forward<double>(double*, AttentionCache<double>&, const double*, const std::uint8_t*,
                                        const int*, const AttentionParams<double>&, const AttentionSpec&, int, int,
                                        int);
template void attention_backward<float>(float*, const AttentionParams<float>&, AttentionScratch<float>&, const float*,
                                        const AttentionCache<float>&, const float*, const std::uint8_t*, const int*,
                                        const AttentionParams<float>&, const AttentionSpec&, int, int, int, bool);
template void attention_backward<double>(double*, const AttentionParams<double>&, AttentionScratch<double>&,
                                         const double*, const AttentionCache<double>&, const double*,
                                         const std::uint8_t*, const int*, const AttentionParams<double>&,
                                         const AttentionSpec&, int, int, int, bool);

}  // namespace attnlab
