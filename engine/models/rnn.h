// Recurrent taggers (the lecture's RNN baseline): a state h_t carried from token to token.
//
// B = sequences, T = tokens per sequence, N = B·T, D = input width, Hd = state width, C = tags
// Matrices of N rows hold the B sequences one after the other (row b·T + t). One time step t of all B
// sequences is the strided (B, Hd) block of rows b·T + t: the B sequences advance together, but the T
// steps run one after the other. That sequential loop is the RNN's cost; attention has none.
//
// Elman:  h_t = tanh(x_t·Wx + bx + h_{t−1}·Wh)
// GRU (as torch.nn.GRU; gates r, z and candidate n, columns [r | z | n] of the (·, 3·Hd) matrices):
//   gx = x_t·Wx + bx,  gh = h_{t−1}·Wh + bh
//   r = σ(gx_r + gh_r)          reset gate: how much of the old state the candidate may read
//   z = σ(gx_z + gh_z)          update gate: how much of the old state to keep
//   n = tanh(gx_n + r ∘ gh_n)   candidate state
//   h_t = (1 − z) ∘ n + z ∘ h_{t−1}
// h_{−1} = 0. reverse = true runs right to left (t = len−1 .. 0, with h_len = 0). A bidirectional tagger
// runs both and concatenates the two states. Padded positions (t ≥ len_b) are set to h = 0 and pass no
// gradient.
#pragma once

#include "engine/models/model.h"

namespace attnlab {

// h (N, Hd), overwritten. xw (N, Hd) = x·Wx + bx for every position (one big product, outside the loop);
// wh (Hd, Hd); lengths (B).
template <typename Real>
void elman_forward(Real* h, const Real* xw, const Real* wh, const int* lengths, int B, int T, int Hd, bool reverse);

// dh (N, Hd): in: d loss / d h_t from above; it is also working memory (the gradient through the
// recurrence is added into it). Gradients ACCUMULATED into dxw (N, Hd) and dwh (Hd, Hd).
template <typename Real>
void elman_backward(Real* dxw, Real* dwh, Real* dh, const Real* h, const Real* wh, const int* lengths, int B, int T,
                    int Hd, bool reverse);

// h, r, z, n (N, Hd) and gh (N, 3·Hd), overwritten (kept for the backward pass).
// gx (N, 3·Hd) = x·Wx + bx for every position; wh (Hd, 3·Hd), bh (3·Hd).
template <typename Real>
void gru_forward(Real* h, Real* gh, Real* r, Real* z, Real* n, const Real* gx, const Real* wh, const Real* bh,
                 const int* lengths, int B, int T, int Hd, bool reverse);

// dh (N, Hd) as in elman_backward. Gradients ACCUMULATED into dgx (N, 3·Hd), dwh (Hd, 3·Hd), dbh (3·Hd).
// scratch (B·3·Hd) is working memory.
template <typename Real>
void gru_backward(Real* dgx, Real* dwh, Real* dbh, Real* dh, Real* scratch, const Real* h, const Real* gh,
                  const Real* r, const Real* z, const Real* n, const Real* wh, const int* lengths, int B, int T, int Hd,
                  bool reverse);

// The tagger: x = E[ids] (or features·W_in + b_in); per direction: gx = x·Wx + bx, the recurrence;
// s = [h_fwd | h_bwd] (N, dirs·Hd); logits = s·W_head + b_head (N, C).
template <typename Real>
class RnnTagger : public SeqModel<Real> {
 public:
  explicit RnnTagger(const ModelConfig& config);
  void forward_layers(const Batch<Real>& batch) override;
  const Real* backward_layers() override;

 private:
  using Base = SeqModel<Real>;
  struct Direction {
    bool reverse = false;
    Real *wx = nullptr, *bx = nullptr, *wh = nullptr, *bh = nullptr;      // (D, G), (G), (Hd, G), (G) G = Hd or 3Hd
    Real *dwx = nullptr, *dbx = nullptr, *dwh = nullptr, *dbh = nullptr;  // gradients (bh: GRU only)
    std::vector<Real> gx, gh;      // (N, G) input part, (N, G) recurrent part (GRU)
    std::vector<Real> h, r, z, n;  // (N, Hd) states; GRU gates
    std::vector<Real> dh, dgx;     // (N, Hd), (N, G)
  };
  int gates() const { return this->cfg_.cell == RnnCell::gru ? 3 : 1; }
  std::vector<Direction> dirs_;               // 1 or 2
  Real *head_w = nullptr, *head_b = nullptr;  // (dirs·Hd, C), (C)
  Real *dhead_w = nullptr, *dhead_b = nullptr;
  std::vector<Real> s_, ds_;   // (N, dirs·Hd)
  std::vector<Real> scratch_;  // (B·3·Hd)
  std::vector<Real> dx_;       // (N, D) d loss / d x
};

}  // namespace attnlab
