// Window unfold ("im2col" for sequences): each position gets the concatenation of the k vectors around it,
//   out[b, t] = concat(in[b, t−r], ..., in[b, t], ..., in[b, t+r])       r = (k−1)/2, k odd
// with zero vectors where t+o falls outside the sequence's real tokens [0, len_b). Padded positions
// (t ≥ len_b) get all zeros. A fully connected layer on out is then a 1-D convolution of kernel k
// (cnn.h), and one on a single unfold is the lecture's window FC (window_fc.h).
//
// On images ("im2col"): each pixel gets the concatenation of the k×k pixels around it, row by row,
//   out[b, (r, c)] = concat over dr = −r' .. r', then dc = −r' .. r' of in[b, (r + dr, c + dc)]   r' = (k−1)/2
// with zero vectors where (r + dr, c + dc) falls outside the gh × gw image (pixel (r, c) is row r·gw + c).
// A fully connected layer on it is a 2-D convolution of kernel k×k.
//
// B = sequences (images), T = tokens per sequence (gh·gw pixels), N = B·T, D = vector width, k = window (odd),
// gh × gw = image rows × columns
#pragma once

namespace attnlab {

// out (N, k·D), overwritten; in (N, D); lengths (B), nullptr = all T.
template <typename Real>
void unfold_forward(Real* out, const Real* in, const int* lengths, int B, int T, int D, int k);

// forward was: out[b, t, o·D + d] = in[b, t + o − r, d]   (a copy)
// so           din[b, t + o − r, d] += dout[b, t, o·D + d]   for every window slot o that was inside.
template <typename Real>
void unfold_backward(Real* din, const Real* dout, const int* lengths, int B, int T, int D, int k);

// out (N, k·k·D), overwritten; in (N, D): B images of gh × gw pixels.
template <typename Real>
void unfold2d_forward(Real* out, const Real* in, int B, int gh, int gw, int D, int k);

// forward was: out[b, (r, c), ((dr + r')·k + dc + r')·D + d] = in[b, (r + dr, c + dc), d]   (a copy)
// so           din[b, (r + dr, c + dc), d] += dout[b, (r, c), ...]   for every slot inside the image.
template <typename Real>
void unfold2d_backward(Real* din, const Real* dout, int B, int gh, int gw, int D, int k);

// The number of vectors a window of width k concatenates: k on a sequence, k·k on an image.
inline int window_taps(int k, bool image) { return image ? k * k : k; }

// The window of a sequence (grid_w = 0: unfold_forward) or of B images of grid_h × grid_w pixels
// (unfold2d_forward; T = grid_h·grid_w, no padding). out (N, window_taps(k)·D).
template <typename Real>
void unfold_window_forward(Real* out, const Real* in, const int* lengths, int B, int T, int D, int k, int grid_w,
                           int grid_h) {
  if (grid_w > 0) unfold2d_forward(out, in, B, grid_h, grid_w, D, k);
  else unfold_forward(out, in, lengths, B, T, D, k);
}
template <typename Real>
void unfold_window_backward(Real* din, const Real* dout, const int* lengths, int B, int T, int D, int k, int grid_w,
                            int grid_h) {
  if (grid_w > 0) unfold2d_backward(din, dout, B, grid_h, grid_w, D, k);
  else unfold_backward(din, dout, lengths, B, T, D, k);
}

}  // namespace attnlab
