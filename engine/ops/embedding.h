// Token embedding: the input I has one row per token, row t = E[id_t], a learned vector per vocabulary entry.
// (For continuous inputs, e.g. speech frames, the input path is a linear projection instead: see linear.h.)
//
// N = tokens (B·T), V = vocabulary size, D = model width
#pragma once

namespace attnlab {

// out (N, D): out[n] = table[ids[n]];  ids (N) in [0, V); table (V, D).
template <typename Real>
void embedding_forward(Real* out, const int* ids, const Real* table, int N, int D);

// forward was: out[n] = table[ids[n]] (a lookup), so the gradient of row ids[n] of the table receives
// dout[n]. A token that occurs twice receives both rows, hence += (a scatter-add).
template <typename Real>
void embedding_backward(Real* dtable, const Real* dout, const int* ids, int N, int D);

}  // namespace attnlab
