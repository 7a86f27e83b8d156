// ops/: one header/source pair per operation, forward and backward side by side: linear (this file),
// embedding, layernorm, activation, ffn, residual, loss, unfold. Depends on core and kernels.
//
// Linear layer (fully connected): out = in·W + b, applied to every row (token) independently.
// The feature-input path (continuous vectors such as speech frames instead of token ids) is this same layer:
// x = features·W_in + b_in.
//
// N = rows (tokens, B·T), Din = input width, Dout = output width
#pragma once

namespace attnlab {

// out (N, Dout) = in (N, Din) · w (Din, Dout) + b (Dout);  b may be nullptr (no bias).
template <typename Real>
void linear_forward(Real* out, const Real* in, const Real* w, const Real* b, int N, int Din, int Dout);

// Gradients of the forward above, ACCUMULATED (+=) into din (N, Din), dw (Din, Dout), db (Dout).
// din or db may be nullptr when that gradient is not wanted (e.g. no bias, or the input is data).
// din_is_new: din holds no gradient yet, so it is written (=) instead of added to, and need not be zeroed first.
template <typename Real>
void linear_backward(Real* din, Real* dw, Real* db, const Real* dout, const Real* in, const Real* w, int N, int Din,
                     int Dout, bool din_is_new = false);

}  // namespace attnlab
