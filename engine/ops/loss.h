// Softmax cross-entropy over tags: the tagger's loss. For each token n with a tag y_n:
//   p_n = softmax(logits_n)   (C)          loss_n = −ln p_n[y_n]
//   loss = mean of loss_n over the tokens whose tag is not kIgnoreTag (padding).
//
// N = tokens (B·T), C = tags
#pragma once

#include "engine/core/batch.h"

namespace attnlab {


// Returns the mean loss (0 when every token is ignored). Caches probs (N, C) = softmax(logits) for the
// backward pass. logits (N, C); targets (N) in [0, C) or kIgnoreTag.
template <typename Real>
Real cross_entropy_forward(Real* probs, const Real* logits, const int* targets, int N, int C);
template <>  // float: the softmax of each row in kernels.h
float cross_entropy_forward<float>(float* probs, const float* logits, const int* targets, int N, int C);

// dlogits (N, C) += dloss · (p_n − onehot(y_n)) / count for counted tokens (count = tokens not ignored);
// ignored tokens get no gradient.
template <typename Real>
void cross_entropy_backward(Real* dlogits, const Real* probs, const int* targets, int N, int C, Real dloss = 1);

}  // namespace attnlab
