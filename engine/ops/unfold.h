// Window unfold ("im2col" for sequences): each position gets the concatenation of the k vectors around it,
//   out[b, t] = concat(in[b, t−r], ..., in[b, t], ..., in[b, t+r])       r = (k−1)/2, k odd
// with zero vectors where t+o falls outside the sequence's real tokens [0, len_b). Padded positions
// (t ≥ len_b) get all zeros. A fully connected layer on out is then a 1-D convolution of kernel k
// (cnn.h), and one on a single unfold is the lecture's window FC (window_fc.h).
//
// B = sequences, T = tokens per sequence, N = B·T, D = vector width, k = window (odd)
#pragma once

namespace attnlab {

// out (N, k·D), overwritten; in (N, D); lengths (B), nullptr = all T.
template <typename Real>
void unfold_forward(Real* out, const Real* in, const int* lengths, int B, int T, int D, int k);

// forward was: out[b, t, o·D + d] = in[b, t + o − r, d]   (a copy)
// so           din[b, t + o − r, d] += dout[b, t, o·D + d]   for every window slot o that was inside.
template <typename Real>
void unfold_backward(Real* din, const Real* dout, const int* lengths, int B, int T, int D, int k);

}  // namespace attnlab
