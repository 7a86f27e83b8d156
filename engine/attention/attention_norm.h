// Normalization of one query's attention scores into weights, A' = norm(A), over the keys it may see.
// With n = the number of allowed keys of this query:
//   softmax   A'_j = exp(A_j) / Σ_k exp(A_k)           weights are positive and sum to 1 (the default)
//   relu      A'_j = relu(A_j) / n                      keys with a negative score get exactly 0
//   sigmoid   A'_j = sigmoid(A_j − ln n)                each key on its own in (0, 1); the −ln n keeps the
//                                                       total near 1 at the start, whatever the length
// Disallowed keys get weight exactly 0; a query with no allowed key (n = 0) gets all-zero weights.
//
// Tk = number of keys (T)
#pragma once

#include <cstdint>
#include <string>

#include "engine/core/names.h"

namespace attnlab {

enum class AttnNorm { softmax, relu, sigmoid };
inline constexpr EnumName<AttnNorm> kAttnNormNames[] = {
    {AttnNorm::softmax, "softmax", "α' = exp(α) / Σ exp(α): each row sums to 1"},
    {AttnNorm::relu, "relu", "α' = max(0, α): rows need not sum to 1"},
    {AttnNorm::sigmoid, "sigmoid", "α' = 1 / (1 + exp(−α)): each weight on its own"},
};
constexpr NameTable<AttnNorm> names_of(AttnNorm) { return NameTable<AttnNorm>(kAttnNormNames); }

// One query row: w (Tk) = norm(s (Tk)) over the keys with allowed[j] != 0.
template <typename Real>
void attention_norm_forward(Real* w, const Real* s, const std::uint8_t* allowed, int Tk, AttnNorm norm);

// ds (Tk) += the gradient at the scores, given dw (Tk) at the weights, and the forward's w and s.
template <typename Real>
void attention_norm_backward(Real* ds, const Real* dw, const Real* w, const Real* s, const std::uint8_t* allowed,
                             int Tk, AttnNorm norm);

// The same for a block of `rows` query rows at once (one head: w, s, allowed, dw, ds are (rows, Tk)).
// float softmax runs the vectorized kernels of kernels.h.
template <typename Real>
void attention_norm_forward_rows(Real* w, const Real* s, const std::uint8_t* allowed, int rows, int Tk, AttnNorm norm);
template <typename Real>
void attention_norm_backward_rows(Real* ds, const Real* dw, const Real* w, const Real* s, const std::uint8_t* allowed,
                                  int rows, int Tk, AttnNorm norm);
template <>
void attention_norm_forward_rows<float>(float* w, const float* s, const std::uint8_t* allowed, int rows, int Tk,
                                        AttnNorm norm);
template <>
void attention_norm_backward_rows<float>(float* ds, const float* dw, const float* w, const float* s,
                                         const std::uint8_t* allowed, int rows, int Tk, AttnNorm norm);

}  // namespace attnlab
