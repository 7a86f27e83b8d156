// attention/: self-attention (this file: the lecture's formula in attention.cpp, the fast path in
// attention_blocks.cpp), how scores become weights (attention_norm.h), additive relevance (additive.h), masks
// (mask.h) and positional encodings (posenc.h). Depends on core, kernels and ops.
//
// Multi-head self-attention, as in the lecture, for a batch of B sequences of T tokens each.
//
// B = sequences, T = tokens per sequence, N = B·T rows, D = model width, H = heads, Dh = D/H head width
//
// The input I (N, D) holds the B sequences one after the other (sequence b = rows b·T .. b·T+T−1); row t is
// the vector aᵗ of token t (the lecture draws tokens as columns: the same numbers, transposed).
//   Q = I·Wq + bq,   K = I·Wk + bk,   V = I·Wv + bv                    (N, D) each; biases optional
// then for each sequence and each head h (its Dh columns Qₕ, Kₕ, Vₕ):
//   Aₕ  = Qₕ·Kₕᵀ / √Dh            scores A, (T, T): A(i, j) = α, the relevance of key j to query i
//                                  (relevance "dot"; "additive": α = wₕᵀ·tanh(qᵢ·W'q + kⱼ·W'k))
//                                  (+ the ALiBi bias −mₕ·|i − j| when that positional encoding is on;
//                                  on an image −mₕ·(|ri − rj| + |ci − cj|), posenc.h)
//   A'ₕ = norm(Aₕ)                 weights A' (α'), each row over the keys that query may see (attention_norm.h)
//   Oₕ  = A'ₕ·Vₕ                   (T, Dh): each query's output b = Σⱼ α'ⱼ vʲ, a weighted sum of the values
//   out = concat(O₁ .. O_H)·Wo + bo                                          (N, D)
// Only Wq, Wk, Wv and Wo (and the biases) are learned; everything else is computed from the input.
// Padded queries (row i ≥ lengths[b]) produce an all-zero output row and pass no gradient.
//
// Two implementations of the same formula:
//   self_attention      attention.cpp: the formula as written above, pair by pair over the allowed keys.
//                       Read this one.
//   attention_forward   attention_blocks.cpp: the fast path training uses, checked against self_attention
//   attention_backward  (tests/engine/attention_blocks_test.cpp). It computes only what the mask allows: the
//                       queries go in blocks of kQueryBlock rows, each block over its key span only (the keys
//                       from the first to the last one any of its queries may see). With a window mask
//                       (|i − j| ≤ w) a block of 16 queries looks at 16 + 2w keys, not T, so truncated attention
//                       costs O(T·w) instead of O(T²); a causal mask halves the work; padding costs nothing. A
//                       block whose span is mostly masked (fewer than 1/4 of its pairs allowed: a graph's edges)
//                       computes only the allowed pairs, one by one, so attention on a graph costs O(edges).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/attention/attention_norm.h"
#include "engine/core/names.h"
#include "engine/core/tensor.h"

namespace attnlab {

enum class Relevance { dot, additive };
inline constexpr EnumName<Relevance> kRelevanceNames[] = {
    {Relevance::dot, "dot", "α = q·k / √d (dot-product)"},
    {Relevance::additive, "additive", "α = wᵀ·tanh(q·W'q + k·W'k)"},
};
constexpr NameTable<Relevance> names_of(Relevance) { return NameTable<Relevance>(kRelevanceNames); }

struct AttentionSpec {
  int heads = 1;                         // H, must divide D
  AttnNorm norm = AttnNorm::softmax;     // how scores become weights
  Relevance relevance = Relevance::dot;  // how a (query, key) pair is scored
  bool alibi = false;                    // add the ALiBi distance bias −mₕ·|i − j| to the scores (posenc.h)
  int grid_w = 0;                        // > 0: an image grid_w pixels wide, ALiBi's distance is |Δrow| + |Δcolumn|
};

// Pointers to the layer's parameters (or, with the same layout, to their gradients). nullptr = absent.
template <typename Real>
struct AttentionParams {
  Real* wq = nullptr;      // (D, D)   q = x·Wq
  Real* bq = nullptr;      // (D)      optional
  Real* wk = nullptr;      // (D, D)
  Real* bk = nullptr;      // (D)      optional
  Real* wv = nullptr;      // (D, D)
  Real* bv = nullptr;      // (D)      optional
  Real* wo = nullptr;      // (D, D)   out = concat(O)·Wo
  Real* bo = nullptr;      // (D)      optional
  Real* add_wq = nullptr;  // (H, Dh, Dh) W'q of each head, additive relevance only
  Real* add_wk = nullptr;  // (H, Dh, Dh) W'k of each head, additive relevance only
  Real* add_w = nullptr;   // (H, Dh)     w of each head, additive relevance only
};

// What the forward pass keeps: for the backward pass, and for the UI to show.
template <typename Real>
struct AttentionCache {
  Workspace<Real> q, k, v;  // (N, D)
  Workspace<Real> scores;   // (B, H, T, T) A = Q·Kᵀ/√Dh, with the ALiBi bias, before normalization.
                            //              A pair the mask forbids is not used: its score is stored as 0.
  Workspace<Real> weights;  // (B, H, T, T) A' = norm(A); row = query, column = key; masked pairs exactly 0
  Workspace<int> spans;     // (B, ⌈T / kQueryBlock⌉, 3) each query block's key span [first, last + 1) and how
                            //                          many of its pairs the mask allows
  int last_B = 0, last_T = 0, last_H = 0;  // the shape of the forward that left these numbers (see attention.cpp)
  Workspace<Real> kt;                      // (B, D, T) each sequence's K transposed (dot relevance): Kₕᵀ is rows
                                           //   h·Dh .. h·Dh+Dh−1, which the score product reads in place
  Workspace<Real> o;                       // (N, D) concat(O₁ .. O_H), the input of the output projection
  Workspace<Real> pq, pk;                  // (N, D) q·W'q and k·W'k per head (additive relevance only)
  // Sizes the buffers for B sequences of T tokens. Reuses memory when it is already large enough.
  void resize(int B, int T, int D, int H, Relevance relevance);
};

// Working memory of the backward pass (can be shared by all layers).
template <typename Real>
struct AttentionScratch {
  Workspace<Real> dout;        // (N, D) incoming gradient with padded rows zeroed
  Workspace<Real> dO;          // (N, D) gradient at concat(O)
  Workspace<Real> dq, dk, dv;  // (N, D)
  Workspace<Real> vt;          // (B, D, T) each sequence's V transposed, for dA'ₕ = dOₕ·Vₕᵀ
  Workspace<Real> dAp, dA;     // (T, T) gradient at one head's weights A' and scores A (only key spans used)
  Workspace<Real> dp;          // (2·T·Dh) additive relevance
  void resize(int B, int T, int D, int H);
};

// Queries per block (see the top of this file): small enough that a block's key span stays close to what a
// window mask allows, large enough to fill the matrix-product kernel's tiles.
constexpr int kQueryBlock = 16;

// The index of weight A'(b, h)(i, j) in cache.weights / cache.scores is ((b·H + h)·T + i)·T + j.
inline long attention_index(int b, int h, int i, int j, int H, int T) {
  return ((static_cast<long>(b) * H + h) * T + i) * T + j;
}

// The attention work of a forward pass: how many (query, key) scores it computed, over its sequences and
// heads (and, summed by a model, its layers), and how many a dense T×T computation per head would have.
// Full attention: computed = dense = H·B·T²; a window w: computed ≈ H·B·T·(kQueryBlock + 2w); a sparse
// graph: H·(its edges).
struct ScoreWork {
  long computed = 0;
  long dense = 0;
};
// The work the last attention_forward that filled this cache did.
template <typename Real>
ScoreWork attention_score_work(const AttentionCache<Real>& cache);

// The lecture's formula, as written at the top of this file. out (N, D), overwritten; cache filled (must be
// resize()d for B, T): q, k, v, scores A, weights A', o (not the key spans: the next attention_forward
// starts afresh). in (N, D) = I; allowed (B, T, T) from build_attention_mask (mask.h); lengths (B) or
// nullptr = all T.
template <typename Real>
void self_attention(Real* out, AttentionCache<Real>& cache, const Real* in, const std::uint8_t* allowed,
                    const int* lengths, const AttentionParams<Real>& params, const AttentionSpec& spec, int B, int T,
                    int D);

// The fast path: the same numbers as self_attention, computing only what the mask allows.
// out (N, D), overwritten; cache filled (must be resize()d for B, T). in (N, D) = I.
// allowed (B, T, T) from build_attention_mask (mask.h); lengths (B) or nullptr = all T.
template <typename Real>
void attention_forward(Real* out, AttentionCache<Real>& cache, const Real* in, const std::uint8_t* allowed,
                       const int* lengths, const AttentionParams<Real>& params, const AttentionSpec& spec, int B, int T,
                       int D);

// Gradients ACCUMULATED (+=) into din (N, D) (nullptr: not wanted) and every non-null pointer of grads.
// din_is_new: din holds no gradient yet, so it is written (=), and need not be zeroed first.
template <typename Real>
void attention_backward(Real* din, const AttentionParams<Real>& grads, AttentionScratch<Real>& scratch,
                        const Real* dout, const AttentionCache<Real>& cache, const Real* in,
                        const std::uint8_t* allowed, const int* lengths, const AttentionParams<Real>& params,
                        const AttentionSpec& spec, int B, int T, int D, bool din_is_new = false);

}  // namespace attnlab
