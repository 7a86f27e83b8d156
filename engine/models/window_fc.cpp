// B = sequences, T = tokens per sequence, N = B·T, D = embedding width, k = window, Hd = hidden, C = tags
#include "engine/models/window_fc.h"

#include <algorithm>
#include <cmath>

#include "engine/ops/activation.h"
#include "engine/ops/linear.h"
#include "engine/ops/unfold.h"

namespace attnlab {

template <typename Real>
WindowTagger<Real>::WindowTagger(const ModelConfig& config) : Base(config) {
  using R = ParamRegistry<Real>;
  const TaggerConfig& c = config.tagger;
  const int kD = config.window * c.dim, Hd = config.hidden;
  R reg;
  this->in_.declare(reg, c);
  const double a1 = 1.0 / std::sqrt(static_cast<double>(kD)), a2 = 1.0 / std::sqrt(static_cast<double>(Hd));
  reg.add("fc1.w", kD, Hd, R::uniform, a1, &w1, &dw1);
  reg.add("fc1.b", 1, Hd, R::uniform, a1, &b1, &db1);
  reg.add("head.w", Hd, c.tags, R::uniform, a2, &w2, &dw2);
  reg.add("head.b", 1, c.tags, R::uniform, a2, &b2, &db2);
  reg.finish(this->store_, c.seed);
}

template <typename Real>
bool WindowTagger<Real>::forward(const ModelBatch<Real>& batch, std::string* error) {
  if (!this->begin_forward(batch, error)) return false;
  const int B = this->in_.B, T = this->in_.T, N = B * T;
  const int D = this->cfg_.tagger.dim, k = this->cfg_.window, Hd = this->cfg_.hidden, C = this->cfg_.tagger.tags;
  u_.resize(static_cast<std::size_t>(N) * k * D);
  pre_.resize(static_cast<std::size_t>(N) * Hd);
  hid_.resize(pre_.size());
  unfold_forward(u_.data(), this->x_.data(), this->in_.lengths.data(), B, T, D, k);  // u = unfold_k(x)
  linear_forward(pre_.data(), u_.data(), w1, b1, N, k * D, Hd);                      // pre = u·W1 + b1
  activation_forward(hid_.data(), pre_.data(), static_cast<long>(N) * Hd, Activation::relu);
  linear_forward(this->logits_.data(), hid_.data(), w2, b2, N, Hd, C);  // logits = hid·W2 + b2
  this->finish_forward();
  return true;
}

template <typename Real>
void WindowTagger<Real>::backward() {
  if (!this->have_forward_) return;
  const int B = this->in_.B, T = this->in_.T, N = B * T;
  const int D = this->cfg_.tagger.dim, k = this->cfg_.window, Hd = this->cfg_.hidden, C = this->cfg_.tagger.tags;
  auto zero = [](std::vector<Real>& v, std::size_t n) { v.assign(n, Real(0)); };
  this->begin_backward();
  // logits = hid·W2 + b2
  zero(dhid_, hid_.size());
  linear_backward(dhid_.data(), dw2, db2, this->dlogits_.data(), hid_.data(), w2, N, Hd, C);
  // hid = ReLU(pre)
  zero(dpre_, pre_.size());
  activation_backward(dpre_.data(), dhid_.data(), pre_.data(), static_cast<long>(N) * Hd, Activation::relu);
  // pre = u·W1 + b1
  zero(du_, u_.size());
  linear_backward(du_.data(), dw1, db1, dpre_.data(), u_.data(), w1, N, k * D, Hd);
  // u = unfold_k(x)
  std::fill(this->dx_.begin(), this->dx_.end(), Real(0));
  unfold_backward(this->dx_.data(), du_.data(), this->in_.lengths.data(), B, T, D, k);
  this->in_.backward(this->dx_.data(), this->cfg_.tagger);
}

template class WindowTagger<float>;
template class WindowTagger<double>;

}  // namespace attnlab
