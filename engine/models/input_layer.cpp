// B = sequences, T = tokens per sequence (padded), N = B·T, Din = feature width, D = width
#include "engine/models/input_layer.h"

#include <algorithm>

#include "engine/ops/embedding.h"
#include "engine/ops/linear.h"

namespace attnlab {

template <typename Real>
void InputLayer<Real>::reserve(int B_max, int T_max) {
  const std::size_t N = static_cast<std::size_t>(B_max) * T_max;
  ids.reserve(N);
  tags.reserve(N);
  lengths.reserve(B_max);
  if (mode == InputMode::features) {
    features.reserve(N * input_dim);
    dfeatures.reserve(N * input_dim);
  }
}

template <typename Real>
void InputLayer<Real>::load(const Batch<Real>& batch) {
  B = batch.B;
  T = batch.T;
  const std::size_t N = static_cast<std::size_t>(B) * T;
  ids.resize(N);
  tags.resize(N);
  lengths.resize(B);
  // padded positions get token 0 (never seen by a real query) and tag −1 (not in the loss)
  for (int b = 0; b < B; ++b) {
    lengths[b] = batch.lengths != nullptr ? batch.lengths[b] : T;
    for (int t = 0; t < T; ++t) {
      const long n = static_cast<long>(b) * T + t;
      const bool real = t < lengths[b];
      ids[n] = (real && batch.tokens != nullptr) ? batch.tokens[n] : 0;
      tags[n] = (real && batch.tags != nullptr) ? batch.tags[n] : kIgnoreTag;
    }
  }
  if (mode == InputMode::features) {
    features.resize(N * input_dim);
    dfeatures.resize(N * input_dim);
    std::copy(batch.features, batch.features + N * input_dim, features.begin());
  }
}

template <typename Real>
void InputLayer<Real>::forward(Real* x) const {
  const int N = B * T;
  if (mode == InputMode::tokens) {
    embedding_forward(x, ids.data(), emb, N, dim);  // x = E[ids]
  } else {
    linear_forward(x, features.data(), in_w, in_b, N, input_dim, dim);  // x = features·W_in + b_in
  }
}

template <typename Real>
void InputLayer<Real>::backward(const Real* dx) {
  const int N = B * T;
  if (mode == InputMode::tokens) {
    embedding_backward(demb, dx, ids.data(), N, dim);  // dE[ids[n]] += dx[n]
  } else {
    std::fill(dfeatures.begin(), dfeatures.end(), Real(0));
    linear_backward(dfeatures.data(), din_w, din_b, dx, features.data(), in_w, N, input_dim, dim);
  }
}

template struct InputLayer<float>;
template struct InputLayer<double>;

}  // namespace attnlab
