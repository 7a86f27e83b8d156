// Feed-forward block, applied to every token on its own: out = act(x·W1 + b1)·W2 + b2.
// It widens each token vector from D to F, applies a nonlinearity, and projects back to D.
//
// N = rows (tokens, B·T), D = model width, F = hidden (feed-forward) width
#pragma once

#include "engine/core/batch.h"
#include "engine/ops/activation.h"

namespace attnlab {

// out (N, D); caches pre (N, F) = x·W1 + b1 and hid (N, F) = act(pre) for the backward pass.
// in (N, D); w1 (D, F), b1 (F), w2 (F, D), b2 (D). rows: the token rows of a padded batch (linear.h: the padding
// rows of pre and out are left as they were).
template <typename Real>
void ffn_forward(Real* out, Real* pre, Real* hid, const Real* in, const Real* w1, const Real* b1, const Real* w2,
                 const Real* b2, int N, int D, int F, Activation act, TokenRows rows = {});

// Gradients ACCUMULATED (+=) into din (N, D), dw1, db1, dw2, db2. scratch (2·N·F) is working memory.
// din_is_new: din holds no gradient yet, so it is written (=), and need not be zeroed first.
template <typename Real>
void ffn_backward(Real* din, Real* dw1, Real* db1, Real* dw2, Real* db2, Real* scratch, const Real* dout,
                  const Real* in, const Real* pre, const Real* hid, const Real* w1, const Real* w2, int N, int D, int F,
                  Activation act, bool din_is_new = false, TokenRows rows = {});

}  // namespace attnlab
