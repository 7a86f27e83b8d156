// N = tokens, C = tags
#include "engine/loss.h"

#include <cmath>

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

template float cross_entropy_forward<float>(float*, const float*, const int*, int, int);
template double cross_entropy_forward<double>(double*, const double*, const int*, int, int);
template void cross_entropy_backward<float>(float*, const float*, const int*, int, int, float);
template void cross_entropy_backward<double>(double*, const double*, const int*, int, int, double);

}  // namespace attnlab
