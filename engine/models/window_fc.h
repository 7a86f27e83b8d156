// The lecture's window FC tagger: a fully connected network that sees a fixed window of k tokens (on an
// image: the k×k pixels around a pixel).
//
// B = sequences, T = tokens per sequence, N = B·T, D = embedding width, k = window, Hd = hidden width,
// C = tags; K = k taps on a sequence, k·k on an image (ModelConfig::grid_w > 0)
//
//   x      = E[ids]  (or features·W_in + b_in)                                   (N, D)
//   u      = unfold(x): concat of the k vectors around each position, or of the  (N, K·D)  (ops/unfold.h)
//            k×k pixels around each pixel (zero outside the image)
//   pre    = u·W1 + b1                                                           (N, Hd)
//   hid    = ReLU(pre)                                                           (N, Hd)
//   logits = hid·W2 + b2                                                         (N, C)
//
// Whatever it learns, a token's tag can only depend on its k-window: it cannot know whether a token was
// seen 10 positions earlier (nor a pixel whether the key swatch in the far corner has its colour). (A CNN
// with one layer is the same network; cnn.h stacks more.)
#pragma once

#include "engine/models/model.h"

namespace attnlab {

template <typename Real>
class WindowTagger : public SeqModel<Real> {
 public:
  explicit WindowTagger(const ModelConfig& config);
  void forward_layers(const Batch<Real>& batch) override;
  const Real* backward_layers() override;

 private:
  using Base = SeqModel<Real>;
  Real *w1 = nullptr, *b1 = nullptr, *w2 = nullptr, *b2 = nullptr;      // (K·D, Hd), (Hd), (Hd, C), (C)
  Real *dw1 = nullptr, *db1 = nullptr, *dw2 = nullptr, *db2 = nullptr;  // their gradients
  std::vector<Real> u_, pre_, hid_;                                     // (N, K·D), (N, Hd), (N, Hd)
  std::vector<Real> du_, dhid_, dpre_;                                  // same shapes
  std::vector<Real> dx_;                                                // (N, D) d loss / d x
};

}  // namespace attnlab
