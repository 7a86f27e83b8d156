// N = tokens, D = model width
#include "engine/ops/embedding.h"

namespace attnlab {

template <typename Real>
void embedding_forward(Real* out, const int* ids, const Real* table, int N, int D) {
  for (int n = 0; n < N; ++n) {
    const Real* row = table + static_cast<long>(ids[n]) * D;
    Real* y = out + static_cast<long>(n) * D;
    for (int i = 0; i < D; ++i) y[i] = row[i];
  }
}

template <typename Real>
void embedding_backward(Real* dtable, const Real* dout, const int* ids, int N, int D) {
  for (int n = 0; n < N; ++n) {
    Real* drow = dtable + static_cast<long>(ids[n]) * D;
    const Real* dy = dout + static_cast<long>(n) * D;
    for (int i = 0; i < D; ++i) drow[i] += dy[i];
  }
}

template void embedding_forward<float>(float*, const int*, const float*, int, int);
template void embedding_forward<double>(double*, const int*, const double*, int, int);
template void embedding_backward<float>(float*, const float*, const int*, int, int);
template void embedding_backward<double>(double*, const double*, const int*, int, int);

}  // namespace attnlab
