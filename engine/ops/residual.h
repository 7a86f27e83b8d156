// Residual (skip) connection: out = a + b, elementwise. In a block, x = x + F(x): the block only has to learn
// a correction F(x), and the gradient reaches earlier layers unchanged through the "+".
//
// n = number of elements (B·T·D)
#pragma once

namespace attnlab {

// out (n) = a (n) + b (n)
template <typename Real>
void residual_forward(Real* out, const Real* a, const Real* b, long n);

// forward was: out = a + b, so da += dout and db += dout. (A model whose a and b start with no gradient of their
// own may skip the copies: AttentionTagger hands dout to the branch b, then adds b's input gradient to dout in
// place, which makes it da.)
template <typename Real>
void residual_backward(Real* da, Real* db, const Real* dout, long n);

}  // namespace attnlab
