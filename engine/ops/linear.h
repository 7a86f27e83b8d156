// ops/: one header/source pair per operation, forward and backward side by side: linear (this file),
// embedding, layernorm, activation, ffn, residual, loss, unfold. Depends on core and kernels.
//
// Linear layer (fully connected): out = in·W + b, applied to every row (token) independently.
// The feature-input path (continuous vectors such as speech frames instead of token ids) is this same layer:
// x = features·W_in + b_in.
//
// N = rows (tokens, B·T), Din = input width, Dout = output width
#pragma once

#include "engine/core/batch.h"

namespace attnlab {

// out (N, Dout) = in (N, Din) · w (Din, Dout) + b (Dout);  b may be nullptr (no bias).
// rows: the token rows of a padded batch (batch.h); only those are computed, the padding rows of out are left as
// they were. (Default: every row.)
template <typename Real>
void linear_forward(Real* out, const Real* in, const Real* w, const Real* b, int N, int Din, int Dout,
                    TokenRows rows = {});

// Gradients of the forward above, ACCUMULATED (+=) into din (N, Din), dw (Din, Dout), db (Dout).
// din or db may be nullptr when that gradient is not wanted (e.g. no bias, or the input is data).
// din_is_new: din holds no gradient yet, so it is written (=) instead of added to, and need not be zeroed first.
// rows: as in the forward; dw and db sum over the token rows only (the padding rows of dout and in are not read;
// in a model they are 0 in dout, no loss reaching them, so the sums are those over every row); din gets 0 on the
// padding rows (din_is_new), or nothing.
template <typename Real>
void linear_backward(Real* din, Real* dw, Real* db, const Real* dout, const Real* in, const Real* w, int N, int Din,
                     int Dout, bool din_is_new = false, TokenRows rows = {});

}  // namespace attnlab
