// Additive relevance: the lecture's other way to compute the score α of query q and key k, instead of the
// dot product q·k/√Dh:
//     α(q, k) = wᵀ · tanh(q·W'q + k·W'k)
// q and k are projected by their own matrices W'q, W'k (Dh, Dh), added, squashed by tanh, and a vector w
// (Dh) reads a single number off the result: a tiny one-hidden-layer network per (query, key) pair.
// (Bahdanau et al. 2015 used it for translation.) These parameters are per head, on top of Wq and Wk.
//
// One sequence and one head at a time: T = tokens, Dh = head width; ld = row stride of q, k, pq, pk
// (they are one head's columns of (T, D) matrices, so ld = D).
#pragma once

namespace attnlab {

// The two steps of the forward pass, for computing only some (query, key) pairs (masked attention):
// pq = q·W'q and pk = k·W'k (T, Dh, stride ld), for every token; q, k (T, Dh); uq = W'q, uk = W'k (Dh, Dh).
template <typename Real>
void additive_project(Real* pq, Real* pk, const Real* q, const Real* k, const Real* uq, const Real* uk, int T, int Dh,
                      int ld);
// s (Tq, Tk, row stride lds), s(i, j) = wᵀ·tanh(pq_i + pk_j), overwritten; pq = the first query's row and
// pk = the first key's row of the projections above (stride ld); w (Dh).
template <typename Real>
void additive_scores(Real* s, int lds, const Real* pq, const Real* pk, const Real* w, int Tq, int Tk, int Dh, int ld);

// Both steps for every pair: s (T, T), s(i, j) = α(q_i, k_j), overwritten. Caches pq = q·W'q and pk = k·W'k
// (T, Dh) for the backward. q, k (T, Dh); uq = W'q, uk = W'k (Dh, Dh); w (Dh).
template <typename Real>
void additive_scores_forward(Real* s, Real* pq, Real* pk, const Real* q, const Real* k, const Real* uq, const Real* uk,
                             const Real* w, int T, int Dh, int ld);

// Gradients ACCUMULATED (+=) into dq, dk (T, Dh, stride ld), duq, duk (Dh, Dh), dw (Dh), given ds (T, T).
// Pairs with ds(i, j) = 0 (e.g. masked keys) are skipped. scratch (2·T·Dh) is working memory.
template <typename Real>
void additive_scores_backward(Real* dq, Real* dk, Real* duq, Real* duk, Real* dw, Real* scratch, const Real* ds,
                              const Real* pq, const Real* pk, const Real* q, const Real* k, const Real* uq,
                              const Real* uk, const Real* w, int T, int Dh, int ld);

}  // namespace attnlab
