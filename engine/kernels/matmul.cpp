// M, K, N = sizes of the product out (M, N) = a (M, K) · b (K, N)
#include "engine/kernels/matmul.h"

#include <algorithm>
#include <cassert>

#include "engine/kernels/kernels.h"

namespace attnlab {
namespace {

// ---------------------------------------------------------------------------------------------- double
// Eigen's matrix product packs blocks of its operands into scratch buffers. Buffers up to 128 KiB live on the
// stack; larger ones are heap-allocated on every call. Splitting every product into tiles of at most
// kTile × kTile keeps each buffer at most kTile² scalars (32 KiB for double): a training step then never
// touches the heap, and the tiles are still large enough for Eigen's fast kernels.
constexpr Eigen::Index kTile = 64;

// out (M, N) (+)= scale · a (M, K) · b (K, N), where a and b may be transposed views.
template <typename Real, typename A, typename B>
void tiled_product(View<Real> out, const A& a, const B& b, bool accumulate, Real scale) {
  assert(a.cols() == b.rows() && out.rows() == a.rows() && out.cols() == b.cols());
  if (!accumulate) out.setZero();
  const Eigen::Index M = out.rows(), N = out.cols(), K = a.cols(), t = kTile;
  for (Eigen::Index i = 0; i < M; i += t) {
    const Eigen::Index mi = std::min(t, M - i);
    for (Eigen::Index k = 0; k < K; k += t) {
      const Eigen::Index kk = std::min(t, K - k);
      for (Eigen::Index j = 0; j < N; j += t) {
        const Eigen::Index nj = std::min(t, N - j);
        if (scale == Real(1)) {
          out.block(i, j, mi, nj).noalias() += a.block(i, k, mi, kk) * b.block(k, j, kk, nj);
        } else {
          out.block(i, j, mi, nj).noalias() += scale * (a.block(i, k, mi, kk) * b.block(k, j, kk, nj));
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------- float
// A View as the kernel's strided matrix: element (i, k) at p[i·rs + k·cs]. Read transposed, rows and columns
// swap their strides: nothing is copied.
thread_local std::vector<ProductCall>* t_product_log = nullptr;  // record_products

// out (M, N) (+)= scale · a·b by the engine's kernel: every float product ends here.
void product(float* out, int ldo, kernels::Strided a, kernels::Strided b, int M, int N, int K, float scale,
             bool accumulate) {
  if (t_product_log != nullptr) t_product_log->push_back({out, ldo, a, b, M, N, K, scale, accumulate});
  kernels::gemm(out, ldo, a, b, M, N, K, scale, accumulate);
}

kernels::Strided as_is(const CView<float>& m) { return {m.data(), static_cast<int>(m.outerStride()), 1}; }
kernels::Strided transposed(const CView<float>& m) { return {m.data(), 1, static_cast<int>(m.outerStride())}; }

}  // namespace

template <typename Real>
void matmul(View<Real> out, CView<Real> a, CView<Real> b, bool accumulate, Real scale) {
  tiled_product(out, a, b, accumulate, scale);
}

template <typename Real>
void matmul_bt(View<Real> out, CView<Real> a, CView<Real> b, bool accumulate, Real scale) {
  tiled_product(out, a, b.transpose(), accumulate, scale);
}

template <typename Real>
void matmul_at(View<Real> out, CView<Real> a, CView<Real> b, bool accumulate, Real scale) {
  tiled_product(out, a.transpose(), b, accumulate, scale);
}

template <>
void matmul<float>(View<float> out, CView<float> a, CView<float> b, bool accumulate, float scale) {
  assert(a.cols() == b.rows() && out.rows() == a.rows() && out.cols() == b.cols());
  product(out.data(), static_cast<int>(out.outerStride()), as_is(a), as_is(b), static_cast<int>(out.rows()),
          static_cast<int>(out.cols()), static_cast<int>(a.cols()), scale, accumulate);
}

template <>
void matmul_bt<float>(View<float> out, CView<float> a, CView<float> b, bool accumulate, float scale) {
  assert(a.cols() == b.cols() && out.rows() == a.rows() && out.cols() == b.rows());
  product(out.data(), static_cast<int>(out.outerStride()), as_is(a), transposed(b), static_cast<int>(out.rows()),
          static_cast<int>(out.cols()), static_cast<int>(a.cols()), scale, accumulate);
}

template <>
void matmul_at<float>(View<float> out, CView<float> a, CView<float> b, bool accumulate, float scale) {
  assert(a.rows() == b.rows() && out.rows() == a.cols() && out.cols() == b.cols());
  product(out.data(), static_cast<int>(out.outerStride()), transposed(a), as_is(b), static_cast<int>(out.rows()),
          static_cast<int>(out.cols()), static_cast<int>(a.rows()), scale, accumulate);
}

void record_products(std::vector<ProductCall>* log) { t_product_log = log; }

void replay_products(const std::vector<ProductCall>& log) {
  for (const ProductCall& p : log) kernels::gemm(p.out, p.ldo, p.a, p.b, p.M, p.N, p.K, p.scale, p.accumulate);
}

template void matmul<double>(View<double>, CView<double>, CView<double>, bool, double);
template void matmul_bt<double>(View<double>, CView<double>, CView<double>, bool, double);
template void matmul_at<double>(View<double>, CView<double>, CView<double>, bool, double);

}  // namespace attnlab
