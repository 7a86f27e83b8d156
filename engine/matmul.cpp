// M, K, N = sizes of the product out (M, N) = a (M, K) · b (K, N)
#include "engine/matmul.h"

#include <algorithm>
#include <cassert>

namespace attnlab {
namespace {

// Eigen's matrix product packs blocks of its operands into scratch buffers. Buffers up to 128 KiB live on the
// stack; larger ones are heap-allocated on every call. Splitting every product into tiles of at most
// kTile × kTile keeps each buffer at most kTile² scalars (64 KiB for float, 32 KiB for double): a training
// step then never touches the heap, and the tiles are still large enough for Eigen's fast kernels.
template <typename Real>
constexpr Eigen::Index kTile = sizeof(Real) == 4 ? 128 : 64;

// out (M, N) (+)= a (M, K) · b (K, N), where a and b may be transposed views.
template <typename Real, typename A, typename B>
void tiled_product(View<Real> out, const A& a, const B& b, bool accumulate) {
  assert(a.cols() == b.rows() && out.rows() == a.rows() && out.cols() == b.cols());
  if (!accumulate) out.setZero();
  const Eigen::Index M = out.rows(), N = out.cols(), K = a.cols(), t = kTile<Real>;
  for (Eigen::Index i = 0; i < M; i += t) {
    const Eigen::Index mi = std::min(t, M - i);
    for (Eigen::Index k = 0; k < K; k += t) {
      const Eigen::Index kk = std::min(t, K - k);
      for (Eigen::Index j = 0; j < N; j += t) {
        const Eigen::Index nj = std::min(t, N - j);
        out.block(i, j, mi, nj).noalias() += a.block(i, k, mi, kk) * b.block(k, j, kk, nj);
      }
    }
  }
}

}  // namespace

template <typename Real>
void matmul(View<Real> out, CView<Real> a, CView<Real> b, bool accumulate) {
  tiled_product(out, a, b, accumulate);
}

template <typename Real>
void matmul_bt(View<Real> out, CView<Real> a, CView<Real> b, bool accumulate) {
  tiled_product(out, a, b.transpose(), accumulate);
}

template <typename Real>
void matmul_at(View<Real> out, CView<Real> a, CView<Real> b, bool accumulate) {
  tiled_product(out, a.transpose(), b, accumulate);
}

template void matmul<float>(View<float>, CView<float>, CView<float>, bool);
template void matmul<double>(View<double>, CView<double>, CView<double>, bool);
template void matmul_bt<float>(View<float>, CView<float>, CView<float>, bool);
template void matmul_bt<double>(View<double>, CView<double>, CView<double>, bool);
template void matmul_at<float>(View<float>, CView<float>, CView<float>, bool);
template void matmul_at<double>(View<double>, CView<double>, CView<double>, bool);

}  // namespace attnlab
