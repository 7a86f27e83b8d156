// N = rows (tokens), D = model width, F = hidden width
#include "engine/ops/ffn.h"

#include "engine/ops/linear.h"

namespace attnlab {

template <typename Real>
void ffn_forward(Real* out, Real* pre, Real* hid, const Real* in, const Real* w1, const Real* b1, const Real* w2,
                 const Real* b2, int N, int D, int F, Activation act, TokenRows rows) {
  linear_forward(pre, in, w1, b1, N, D, F, rows);               // pre = x·W1 + b1   (N, F)
  activation_forward(hid, pre, static_cast<long>(N) * F, act);  // hid = act(pre)    (N, F)
  linear_forward(out, hid, w2, b2, N, F, D, rows);              // out = hid·W2 + b2 (N, D)
}

template <typename Real>
void ffn_backward(Real* din, Real* dw1, Real* db1, Real* dw2, Real* db2, Real* scratch, const Real* dout,
                  const Real* in, const Real* pre, const Real* hid, const Real* w1, const Real* w2, int N, int D, int F,
                  Activation act, bool din_is_new, TokenRows rows) {
  const long NF = static_cast<long>(N) * F;
  Real* dhid = scratch;       // (N, F) gradient arriving at hid
  Real* dpre = scratch + NF;  // (N, F) gradient arriving at pre
  // (dhid and dpre start empty: they are written, not added to, so the scratch needs no zeroing)
  // forward was: out = hid·W2 + b2   →  dhid = dout·W2ᵀ, dW2 += hidᵀ·dout, db2 += Σ dout
  linear_backward(dhid, dw2, db2, dout, hid, w2, N, F, D, /*din_is_new=*/true, rows);
  // forward was: hid = act(pre)      →  dpre = dhid ∘ act'(pre)
  activation_backward(dpre, dhid, pre, NF, act, /*din_is_new=*/true);
  // forward was: pre = x·W1 + b1     →  dx += dpre·W1ᵀ, dW1 += xᵀ·dpre, db1 += Σ dpre
  linear_backward(din, dw1, db1, dpre, in, w1, N, D, F, din_is_new, rows);
}

template void ffn_forward<float>(float*, float*, float*, const float*, const float*, const float*, const float*,
                                 const float*, int, int, int, Activation, TokenRows);
template void ffn_forward<double>(double*, double*, double*, const double*, const double*, const double*, const double*,
                                  const double*, int, int, int, Activation, TokenRows);
template void ffn_backward<float>(float*, float*, float*, float*, float*, float*, const float*, const float*,
                                  const float*, const float*, const float*, const float*, int, int, int, Activation,
                                  bool, TokenRows);
template void ffn_backward<double>(double*, double*, double*, double*, double*, double*, const double*, const double*,
                                   const double*, const double*, const double*, const double*, int, int, int,
                                   Activation, bool, TokenRows);

}  // namespace attnlab
