// The input layer every model starts with (model.h): the lecture's "vectors in".
//
//   tokens mode:    x = E[ids]                 one learned vector per word: the word embeddings   (N, D)
//   features mode:  x = features·W_in + b_in   continuous vectors (speech frames, node features)   (N, D)
//
// It also keeps the batch it was given, padded: token ids (padded → 0), tags (padded → −1), lengths.
//
// B = sequences, T = tokens per sequence (padded), N = B·T, V = vocabulary, Din = feature width, D = width
#pragma once

#include <vector>

#include "engine/core/batch.h"
#include "engine/core/tensor.h"

namespace attnlab {

template <typename Real>
struct InputLayer {
  // What it reads and writes (set once by the model).
  InputMode mode = InputMode::tokens;
  int input_dim = 0;  // Din (features mode)
  int dim = 0;        // D
  // Parameters and their gradients (pointers into the model's ParamStore).
  Real *emb = nullptr, *demb = nullptr;    // (V, D) tokens mode
  Real *in_w = nullptr, *din_w = nullptr;  // (Din, D) features mode
  Real *in_b = nullptr, *din_b = nullptr;  // (D)
  // The batch of the last load().
  int B = 0, T = 0;
  std::vector<int> ids;      // (N) token ids, padded → 0
  std::vector<int> tags;     // (N) targets, padded → −1
  std::vector<int> lengths;  // (B)
  Buffer<Real> features;     // (N, Din) features mode
  Buffer<Real> dfeatures;    // (N, Din) features mode: d loss / d features after backward

  void reserve(int B, int T);           // workspace for the largest batch, so a step allocates nothing
  void load(const Batch<Real>& batch);  // copies ids or features, tags, lengths
  void forward(Real* x) const;          // x (N, D), overwritten
  void backward(const Real* dx);        // dx (N, D) → gradients of E, or of W_in, b_in and features
  const Real* input_grad() const { return mode == InputMode::features ? dfeatures.data() : nullptr; }
};

}  // namespace attnlab
