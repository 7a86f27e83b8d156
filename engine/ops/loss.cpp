// N = tokens, C = tags
#include "engine/ops/loss.h"

#include <cmath>

#include "engine/kernels/kernels.h"

namespace attnlab {

template <typename Real>
Real cross_entropy_forward(Real* probs, const Real* logits, const int* targets, int N, int C) {
  Real total = 0;
  int count = 0;
  for (int n = 0; n < N; ++n) {
    const Real* z = logits + static_cast<long>(n) * C;
    Real* p = probs + static_cast<long>(n) * C;
    Real zmax = z[0];
    for (int c = 1; c < C; ++c) zmax = z[c] > zmax ? z[c] : zmax;
    Real sum = 0;
    for (int c = 0; c < C; ++c) sum += std::exp(z[c] - zmax);
    for (int c = 0; c < C; ++c) p[c] = std::exp(z[c] - zmax) / sum;
    if (targets[n] == kIgnoreTag) continue;
    // −ln p[y] = −(z[y] − zmax − ln Σ exp(z − zmax)), computed from the logits so it never takes ln(0)
    total += std::log(sum) - (z[targets[n]] - zmax);
    ++count;
  }
  return count > 0 ? total / Real(count) : Real(0);
}

template <typename Real>
void cross_entropy_backward(Real* dlogits, const Real* probs, const int* targets, int N, int C, Real dloss) {
  // forward was: loss = (1/count) Σ_n −ln softmax(z_n)[y_n]
  // so           dz_n = (p_n − onehot(y_n)) / count   for every counted token n
  int count = 0;
  for (int n = 0; n < N; ++n) count += targets[n] != kIgnoreTag ? 1 : 0;
  if (count == 0) return;
  const Real g = dloss / Real(count);
  for (int n = 0; n < N; ++n) {
    if (targets[n] == kIgnoreTag) continue;
    const Real* p = probs + static_cast<long>(n) * C;
    Real* dz = dlogits + static_cast<long>(n) * C;
    for (int c = 0; c < C; ++c) dz[c] += g * (p[c] - (c == targets[n] ? Real(1) : Real(0)));
  }
}

// float: the same, with the softmax of each row (and the ln Σ exp(z − zmax) it computes) from kernels.h
template <>
float cross_entropy_forward<float>(float* probs, const float* logits, const int* targets, int N, int C) {
  float total = 0;
  int count = 0;
  for (int n = 0; n < N; ++n) {
    const float* z = logits + static_cast<long>(n) * C;
    float log_sum = 0;
    kernels::softmax_rows(probs + static_cast<long>(n) * C, &log_sum, z, nullptr, 1, C);
    if (targets[n] == kIgnoreTag) continue;
    float zmax = z[0];
    for (int c = 1; c < C; ++c) zmax = z[c] > zmax ? z[c] : zmax;
    total += log_sum - (z[targets[n]] - zmax);  // as above: −ln p[y], never ln(0)
    ++count;
  }
  return count > 0 ? total / static_cast<float>(count) : 0.0f;
}

template double cross_entropy_forward<double>(double*, const double*, const int*, int, int);
template void cross_entropy_backward<float>(float*, const float*, const int*, int, int, float);
template void cross_entropy_backward<double>(double*, const double*, const int*, int, int, double);

}  // namespace attnlab
