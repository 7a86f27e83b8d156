// The convolutional tagger (the lecture's CNN baseline): layers of convolution + ReLU, 1-D over a sequence,
// 2-D over an image.
//
// B = sequences, T = tokens per sequence, N = B·T, D = embedding width, k = kernel, Hd = channels,
// L = layers, C = tags; K = k taps on a sequence, k·k on an image (ModelConfig::grid_w > 0)
//
//   x_0    = E[ids]  (or features·W_in + b_in)                                   (N, D)
//   for l = 0 .. L−1:
//     u_l    = unfold(x_l)          the k vectors around each position, or the    (N, K·C_l)   C_0 = D
//                                   k×k pixels around each pixel (ops/unfold.h)
//     pre_l  = u_l·W_l + b_l        a convolution is a shared FC layer on windows (N, Hd)
//     x_l+1  = ReLU(pre_l)                                                        (N, Hd)
//   logits = x_L·W_head + b_head                                                 (N, C)
//
// Each layer widens what a token sees by k−1 positions: receptive field 1 + L·(k−1), in each direction on an
// image (a square of that many pixels a side: L = 2, k = 3 sees 5×5). Zero padding at both ends of each
// sequence, all around an image ("same" convolution); padded positions are zero in every layer.
#pragma once

#include "engine/models/model.h"

namespace attnlab {

template <typename Real>
class CnnTagger : public SeqModel<Real> {
 public:
  explicit CnnTagger(const ModelConfig& config);
  void forward_layers(const Batch<Real>& batch) override;
  const Real* backward_layers() override;

 private:
  using Base = SeqModel<Real>;
  struct Layer {
    Real *w = nullptr, *b = nullptr;    // (K·C_l, Hd), (Hd)
    Real *dw = nullptr, *db = nullptr;  // gradients
    int in = 0;                         // C_l: input channels
    std::vector<Real> u, pre, out;      // (N, K·C_l), (N, Hd), (N, Hd)
  };
  std::vector<Layer> layers_;                 // (L)
  Real *head_w = nullptr, *head_b = nullptr;  // (Hd, C), (C)
  Real *dhead_w = nullptr, *dhead_b = nullptr;
  std::vector<Real> dout_, dpre_, du_, din_;  // backward scratch
};

}  // namespace attnlab
