// Tk = number of keys
#include "engine/attention/attention_norm.h"

#include <cmath>

#include "engine/kernels/kernels.h"

namespace attnlab {

template <typename Real>
void attention_norm_forward(Real* w, const Real* s, const std::uint8_t* allowed, int Tk, AttnNorm norm) {
  int n = 0;  // allowed keys
  Real smax = 0;
  for (int j = 0; j < Tk; ++j) {
    w[j] = 0;  // disallowed keys keep exactly 0
    if (!allowed[j]) continue;
    smax = (n == 0 || s[j] > smax) ? s[j] : smax;
    ++n;
  }
  if (n == 0) return;  // no key to look at: all-zero weights, no 0/0
  switch (norm) {
    case AttnNorm::softmax: {
      // exp(s − max) / Σ exp(s − max): the same value as exp(s)/Σ exp(s), without overflow
      Real sum = 0;
      for (int j = 0; j < Tk; ++j) {
        if (!allowed[j]) continue;
        w[j] = std::exp(s[j] - smax);
        sum += w[j];
      }
      for (int j = 0; j < Tk; ++j) w[j] /= sum;
      break;
    }
    case AttnNorm::relu:
      for (int j = 0; j < Tk; ++j) {
        if (allowed[j]) w[j] = (s[j] > 0 ? s[j] : Real(0)) / Real(n);
      }
      break;
    case AttnNorm::sigmoid: {
      const Real log_n = std::log(Real(n));
      for (int j = 0; j < Tk; ++j) {
        if (allowed[j]) w[j] = Real(1) / (Real(1) + std::exp(-(s[j] - log_n)));
      }
      break;
    }
  }
}

template <typename Real>
void attention_norm_backward(Real* ds, const Real* dw, const Real* w, const Real* s, const std::uint8_t* allowed,
                             int Tk, AttnNorm norm) {
  int n = 0;
  for (int j = 0; j < Tk; ++j) n += allowed[j] ? 1 : 0;
  if (n == 0) return;  // the weights were constant 0: no gradient
  switch (norm) {
    case AttnNorm::softmax: {
      // forward was: w = softmax(s)   (∂w_j/∂s_k = w_j (δ_jk − w_k))
      // so           ds_k = w_k (dw_k − Σ_j w_j dw_j)
      Real dot = 0;
      for (int j = 0; j < Tk; ++j) dot += allowed[j] ? w[j] * dw[j] : Real(0);
      for (int k = 0; k < Tk; ++k) {
        if (allowed[k]) ds[k] += w[k] * (dw[k] - dot);
      }
      break;
    }
    case AttnNorm::relu:
      // forward was: w = relu(s) / n   so   ds = dw / n where s > 0, else 0
      for (int k = 0; k < Tk; ++k) {
        if (allowed[k] && s[k] > 0) ds[k] += dw[k] / Real(n);
      }
      break;
    case AttnNorm::sigmoid:
      // forward was: w = σ(s − ln n)   (σ' = σ (1 − σ))   so   ds = dw · w (1 − w)
      for (int k = 0; k < Tk; ++k) {
        if (allowed[k]) ds[k] += dw[k] * w[k] * (Real(1) - w[k]);
      }
      break;
  }
}

template <typename Real>
void attention_norm_forward_rows(Real* w, const Real* s, const std::uint8_t* allowed, int rows, int Tk, AttnNorm norm) {
  for (int i = 0; i < rows; ++i) {
    const long o = static_cast<long>(i) * Tk;
    attention_norm_forward(w + o, s + o, allowed + o, Tk, norm);
  }
}

template <typename Real>
void attention_norm_backward_rows(Real* ds, const Real* dw, const Real* w, const Real* s, const std::uint8_t* allowed,
                                  int rows, int Tk, AttnNorm norm) {
  for (int i = 0; i < rows; ++i) {
    const long o = static_cast<long>(i) * Tk;
    attention_norm_backward(ds + o, dw + o, w + o, s + o, allowed + o, Tk, norm);
  }
}

// float softmax, the common case: the same formulas, all rows at once in kernels.h. (The backward kernel
// adds w_k·(dw_k − Σ w·dw) for every key: a disallowed key has w_k = 0 and so receives 0, as above.)
template <>
void attention_norm_forward_rows<float>(float* w, const float* s, const std::uint8_t* allowed, int rows, int Tk,
                                        AttnNorm norm) {
  if (norm == AttnNorm::softmax) {
    kernels::softmax_rows(w, nullptr, s, allowed, rows, Tk);
    return;
  }
  for (int i = 0; i < rows; ++i) {
    const long o = static_cast<long>(i) * Tk;
    attention_norm_forward(w + o, s + o, allowed + o, Tk, norm);
  }
}

template <>
void attention_norm_backward_rows<float>(float* ds, const float* dw, const float* w, const float* s,
                                         const std::uint8_t* allowed, int rows, int Tk, AttnNorm norm) {
  if (norm == AttnNorm::softmax) {
    kernels::softmax_backward_rows(ds, dw, w, rows, Tk);
    return;
  }
  for (int i = 0; i < rows; ++i) {
    const long o = static_cast<long>(i) * Tk;
    attention_norm_backward(ds + o, dw + o, w + o, s + o, allowed + o, Tk, norm);
  }
}

template void attention_norm_forward<float>(float*, const float*, const std::uint8_t*, int, AttnNorm);
template void attention_norm_forward<double>(double*, const double*, const std::uint8_t*, int, AttnNorm);
template void attention_norm_backward<float>(float*, const float*, const float*, const float*, const std::uint8_t*, int,
                                             AttnNorm);
template void attention_norm_backward<double>(double*, const double*, const double*, const double*, const std::uint8_t*,
                                              int, AttnNorm);
template void attention_norm_forward_rows<double>(double*, const double*, const std::uint8_t*, int, int, AttnNorm);
template void attention_norm_backward_rows<double>(double*, const double*, const double*, const double*,
                                                   const std::uint8_t*, int, int, AttnNorm);

}  // namespace attnlab
