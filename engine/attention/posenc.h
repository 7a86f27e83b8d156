// Positional encodings: how self-attention, which by itself has no notion of order, learns where a token is.
//
// B = sequences, T = tokens (positions), D = model width, H = heads
//
// Four choices, as in the lecture:
//   none        attention sees a bag of tokens: permuting the input permutes the output, nothing else.
//   sinusoidal  a fixed vector per position, added to the token vectors (below).
//   learned     a trainable table of max_len rows, added the same way. It has no row for position max_len,
//               so an input longer than the table is an error (learned_pe_check), never a read past the end.
//   alibi       relative: nothing is added to the tokens; instead every attention score gets a penalty that
//               grows with the distance between query and key (see alibi_slope).
//
// Images (a grid of gh rows × gw columns, pixel p = (r, c) = (p / gw, p % gw), as ViT and DETR do it):
//   sinusoidal  PE(r, c) = concat(PE_{D/2}(r), PE_{D/2}(c)): the first D/2 dimensions are the 1-D table of the
//               pixel's row (of width D/2), the last D/2 that of its column; D must be even
//               (sinusoidal_encoding_2d, grid_pe_check)
//   learned     a row table R (gh, D) and a column table C (gw, D), both trained: PE(r, c) = R[r] + C[c]
//               (grid_table_forward); gh + gw vectors instead of gh·gw
//   alibi       the distance is the city-block one, |ri − rj| + |ci − cj| (alibi_distance)
#pragma once

#include <string>
#include <vector>
#include "engine/core/names.h"

#include "engine/core/tensor.h"

namespace attnlab {

enum class PosEnc { none, sinusoidal, learned, alibi };
inline constexpr EnumName<PosEnc> kPosEncNames[] = {
    {PosEnc::none, "none", "no positions: attention sees a bag of tokens"},
    {PosEnc::sinusoidal, "sinusoidal", "hand-made: a fixed sin/cos vector per position, added to the input"},
    {PosEnc::learned, "learned", "a trainable vector per position, up to max_len positions"},
    {PosEnc::alibi, "alibi", "relative: each score gets a penalty that grows with the distance |i - j|"},
};
constexpr NameTable<PosEnc> names_of(PosEnc) { return NameTable<PosEnc>(kPosEncNames); }

// Hand-made sinusoidal encoding ("Attention Is All You Need"), added to the token vectors:
//   PE(p, 2i)   = s · sin(p / 10000^(2i/D))
//   PE(p, 2i+1) = s · cos(p / 10000^(2i/D))
// It is defined for every position p, so it extends to sequences longer than any seen in training.
//
// s is the amplitude (ModelConfig::pe_scale; s = 1 is the paper's table, values in [−1, 1]). The tagger adds
// the table to word vectors that start as N(0, 1) in every dimension (as torch.nn.Embedding): with s = 1 the
// position is the smaller part of the sum (RMS 1/√2 per dimension next to the word's 1), the two "saw"s of
// "I saw a saw" reach attention as nearly the same vector, and which one is the verb flips from one training
// step to the next. The pos task's s = 8 makes position the larger part, and the words are learned on top of
// it. The synthetic tasks keep s = 1: count, which looks for equal tokens anywhere, fails when position
// dominates (settings/settings.h: task_default_pe_scale; docs/students.md, "Positional encoding: the amplitude s").
// pe: output (T, D), overwritten.
void sinusoidal_encoding(MatMap pe, double s = 1.0);
Mat sinusoidal_encoding(int T, int D, double s = 1.0);
// The same, for any scalar type: pe (T, D), overwritten.
template <typename Real>
void sinusoidal_encoding(Real* pe, int T, int D, double s = 1.0);

// The 2-D table of a grid of gh × gw pixels: pe (gh·gw, D), overwritten; row p = pixel (p / gw, p % gw):
//   PE(r, c)[0 .. D/2)  = the 1-D table above, width D/2, at position r   s·sin(r / 10000^(2i/(D/2))), s·cos(...)
//   PE(r, c)[D/2 .. D)  = the same at position c
// D even (grid_pe_check).
template <typename Real>
void sinusoidal_encoding_2d(Real* pe, int gh, int gw, int D, double s = 1.0);

// "" when positions on a grid_h × grid_w grid can be encoded with width D by `pe`, else a message.
std::string grid_pe_check(int D, int grid_h, int grid_w);

// The learned 2-D table: table (gh·gw, D), overwritten, from a row table R (gh, D) and a column table C (gw, D):
//   table[r·gw + c] = R[r] + C[c]
template <typename Real>
void grid_table_forward(Real* table, const Real* row, const Real* col, int gh, int gw, int D);
// forward was: table[r·gw + c] = R[r] + C[c]
// so           dR[r] += Σ_c dtable[r·gw + c]   and   dC[c] += Σ_r dtable[r·gw + c]
template <typename Real>
void grid_table_backward(Real* drow, Real* dcol, const Real* dtable, int gh, int gw, int D);

// Add a position table to each of B sequences: out[b, t] = in[b, t] + pe[t]. out may equal in.
// out, in (B·T, D); pe (≥T, D), row t = position t (sinusoidal table or learned parameters).
template <typename Real>
void positional_add_forward(Real* out, const Real* in, const Real* pe, int B, int T, int D);

// forward was: out[b, t] = in[b, t] + pe[t]
// so           din[b, t] += dout[b, t]   and   dpe[t] += Σ_b dout[b, t]   (position t is shared by B sequences)
// din or dpe may be nullptr (the sinusoidal table is not trained).
template <typename Real>
void positional_add_backward(Real* din, Real* dpe, const Real* dout, int B, int T, int D);

// "" when a learned table of max_len rows can encode T positions, else a message for the student.
std::string learned_pe_check(int T, int max_len);

// ALiBi ("Attention with Linear Biases", Press et al. 2022). Head h adds to the score of query i, key j
//     bias(i, j) = −m_h · |i − j|
// before the normalization: the further a key, the lower its score, by a fixed amount per step.
// Why this relative scheme here:
//   - no parameters: nothing to learn, nothing to store, the same for every input;
//   - it extrapolates: the bias is defined for any distance, so a model trained on short inputs runs on
//     longer ones (a learned table simply has no row for them);
//   - it is easy to see: per head it is one T×T matrix, drawn next to the attention weights it shapes.
// It is symmetric (|i − j|, not i − j) because the tagger is bidirectional: a key 3 to the left and a key
// 3 to the right are equally far. The paper's causal version only ever sees keys to the left.
//
// Slopes: a geometric sequence, one per head, m_h = 2^(−8(h+1)/H) for H a power of two (H = 4: 1/4, 1/16,
// 1/64, 1/256), so some heads look locally and others almost uniformly. For other H the paper takes the
// slopes of the nearest smaller power of two P and fills up with every other slope of 2P.
//
// On an image (grid_w = gw > 0) the distance is the city-block (Manhattan) distance between the two pixels,
//     bias(i, j) = −m_h · (|ri − rj| + |ci − cj|)        ri = i / gw, ci = i % gw
// the number of steps between them along rows and columns; in raster order |i − j| would call the pixel
// below a neighbour gw steps away, and the last pixel of a row the neighbour of the first of the next.
std::vector<double> alibi_slopes(int H);
double alibi_slope(int h, int H);
// |i − j| in a sequence (grid_w = 0); |ri − rj| + |ci − cj| on a grid grid_w pixels wide.
inline int alibi_distance(int i, int j, int grid_w) {
  if (grid_w <= 0) return i > j ? i - j : j - i;
  const int dr = i / grid_w - j / grid_w, dc = i % grid_w - j % grid_w;
  return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
}
// The bias matrix of one head, for drawing: bias (T, T), bias(i, j) = −slope·alibi_distance(i, j, grid_w).
template <typename Real>
void alibi_bias(Real* bias, double slope, int T, int grid_w = 0);

}  // namespace attnlab
