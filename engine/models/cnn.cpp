// B = sequences, T = tokens per sequence, N = B·T, D = embedding width, k = kernel, Hd = channels, C = tags,
// K = taps (k on a sequence, k·k on an image)
#include "engine/models/cnn.h"

#include <algorithm>
#include <cmath>

#include "engine/ops/activation.h"
#include "engine/ops/linear.h"
#include "engine/ops/unfold.h"

namespace attnlab {

template <typename Real>
CnnTagger<Real>::CnnTagger(const ModelConfig& config) : Base(config) {
  using R = typename Base::Init;
  const ModelConfig& c = config;
  const int K = window_taps(config.kernel, config.grid_w > 0), Hd = config.hidden;
  layers_.resize(config.cnn_layers);
  for (int l = 0; l < config.cnn_layers; ++l) {
    Layer& L = layers_[l];
    L.in = l == 0 ? c.dim : Hd;
    const double a = 1.0 / std::sqrt(static_cast<double>(K * L.in));  // as torch.nn.Conv1d / Conv2d
    const std::string p = "conv" + std::to_string(l) + ".";
    this->add_param(p + "w", K * L.in, Hd, R::uniform, a, &L.w, &L.dw);
    this->add_param(p + "b", 1, Hd, R::uniform, a, &L.b, &L.db);
  }
  const double a = 1.0 / std::sqrt(static_cast<double>(Hd));
  this->add_param("head.w", Hd, c.tags, R::uniform, a, &head_w, &dhead_w);
  this->add_param("head.b", 1, c.tags, R::uniform, a, &head_b, &dhead_b);
  this->finish_parameters();
}

template <typename Real>
void CnnTagger<Real>::forward_layers(const Batch<Real>&) {
  const int B = this->in_.B, T = this->in_.T, N = B * T;
  const int k = this->cfg_.kernel, K = window_taps(k, this->cfg_.grid_w > 0);
  const int Hd = this->cfg_.hidden, C = this->cfg_.tags;
  const int* len = this->in_.lengths.data();
  const Real* x = this->x_.data();
  for (Layer& L : layers_) {
    L.u.resize(static_cast<std::size_t>(N) * K * L.in);
    L.pre.resize(static_cast<std::size_t>(N) * Hd);
    L.out.resize(L.pre.size());
    unfold_window_forward(L.u.data(), x, len, B, T, L.in, k, this->cfg_.grid_w, this->cfg_.grid_h);  // u = unfold(x)
    linear_forward(L.pre.data(), L.u.data(), L.w, L.b, N, K * L.in, Hd);                             // pre = u·W + b
    activation_forward(L.out.data(), L.pre.data(), static_cast<long>(N) * Hd, Activation::relu);
    x = L.out.data();
  }
  linear_forward(this->logits_.data(), x, head_w, head_b, N, Hd, C);  // logits = x_L·W_head + b_head
}

template <typename Real>
const Real* CnnTagger<Real>::backward_layers() {
  const int B = this->in_.B, T = this->in_.T, N = B * T;
  const int k = this->cfg_.kernel, K = window_taps(k, this->cfg_.grid_w > 0);
  const int Hd = this->cfg_.hidden, C = this->cfg_.tags;
  const int* len = this->in_.lengths.data();
  // logits = x_L·W_head + b_head
  dout_.assign(static_cast<std::size_t>(N) * Hd, Real(0));
  linear_backward(dout_.data(), dhead_w, dhead_b, this->dlogits_.data(), layers_.back().out.data(), head_w, N, Hd, C);
  for (int l = static_cast<int>(layers_.size()) - 1; l >= 0; --l) {
    Layer& L = layers_[l];
    // forward was: out = ReLU(pre)
    dpre_.assign(L.pre.size(), Real(0));
    activation_backward(dpre_.data(), dout_.data(), L.pre.data(), static_cast<long>(N) * Hd, Activation::relu);
    // forward was: pre = u·W + b
    du_.assign(L.u.size(), Real(0));
    linear_backward(du_.data(), L.dw, L.db, dpre_.data(), L.u.data(), L.w, N, K * L.in, Hd);
    // forward was: u = unfold(x), x = the previous layer's out (or the input vectors)
    din_.assign(static_cast<std::size_t>(N) * L.in, Real(0));
    unfold_window_backward(din_.data(), du_.data(), len, B, T, L.in, k, this->cfg_.grid_w, this->cfg_.grid_h);
    dout_.swap(din_);
  }
  return dout_.data();
}

template class CnnTagger<float>;
template class CnnTagger<double>;

}  // namespace attnlab
