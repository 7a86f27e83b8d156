// B = sequences, T = tokens per sequence, N = B·T, D = embedding width, k = window, Hd = hidden, C = tags,
// K = taps (k on a sequence, k·k on an image)
#include "engine/models/window_fc.h"

#include <algorithm>
#include <cmath>

#include "engine/ops/activation.h"
#include "engine/ops/linear.h"
#include "engine/ops/unfold.h"

namespace attnlab {

template <typename Real>
WindowTagger<Real>::WindowTagger(const ModelConfig& config) : Base(config) {
  using R = typename Base::Init;
  const ModelConfig& c = config;
  const int kD = window_taps(config.window, c.grid_w > 0) * c.dim, Hd = config.hidden;
  const double a1 = 1.0 / std::sqrt(static_cast<double>(kD)), a2 = 1.0 / std::sqrt(static_cast<double>(Hd));
  this->add_param("fc1.w", kD, Hd, R::uniform, a1, &w1, &dw1);
  this->add_param("fc1.b", 1, Hd, R::uniform, a1, &b1, &db1);
  this->add_param("head.w", Hd, c.tags, R::uniform, a2, &w2, &dw2);
  this->add_param("head.b", 1, c.tags, R::uniform, a2, &b2, &db2);
  this->finish_parameters();
}

template <typename Real>
void WindowTagger<Real>::forward_layers(const Batch<Real>&) {
  const int B = this->in_.B, T = this->in_.T, N = B * T;
  const ModelConfig& c = this->cfg_;
  const int D = c.dim, k = c.window, K = window_taps(k, c.grid_w > 0), Hd = c.hidden, C = c.tags;
  u_.resize(static_cast<std::size_t>(N) * K * D);
  pre_.resize(static_cast<std::size_t>(N) * Hd);
  hid_.resize(pre_.size());
  // u = unfold(x)
  unfold_window_forward(u_.data(), this->x_.data(), this->in_.lengths.data(), B, T, D, k, c.grid_w, c.grid_h);
  linear_forward(pre_.data(), u_.data(), w1, b1, N, K * D, Hd);  // pre = u·W1 + b1
  activation_forward(hid_.data(), pre_.data(), static_cast<long>(N) * Hd, Activation::relu);
  linear_forward(this->logits_.data(), hid_.data(), w2, b2, N, Hd, C);  // logits = hid·W2 + b2
}

template <typename Real>
const Real* WindowTagger<Real>::backward_layers() {
  const int B = this->in_.B, T = this->in_.T, N = B * T;
  const ModelConfig& c = this->cfg_;
  const int D = c.dim, k = c.window, K = window_taps(k, c.grid_w > 0), Hd = c.hidden, C = c.tags;
  auto zero = [](std::vector<Real>& v, std::size_t n) { v.assign(n, Real(0)); };
  // logits = hid·W2 + b2
  zero(dhid_, hid_.size());
  linear_backward(dhid_.data(), dw2, db2, this->dlogits_.data(), hid_.data(), w2, N, Hd, C);
  // hid = ReLU(pre)
  zero(dpre_, pre_.size());
  activation_backward(dpre_.data(), dhid_.data(), pre_.data(), static_cast<long>(N) * Hd, Activation::relu);
  // pre = u·W1 + b1
  zero(du_, u_.size());
  linear_backward(du_.data(), dw1, db1, dpre_.data(), u_.data(), w1, N, K * D, Hd);
  // u = unfold(x)
  dx_.assign(static_cast<std::size_t>(N) * D, Real(0));
  unfold_window_backward(dx_.data(), du_.data(), this->in_.lengths.data(), B, T, D, k, c.grid_w, c.grid_h);
  return dx_.data();
}

template class WindowTagger<float>;
template class WindowTagger<double>;

}  // namespace attnlab
