// kernels/: the hot loops (this file; kernels_wasm.cpp and kernels.cpp are the SIMD128 and portable twins)
// and the matrix products built on them (matmul.h). Depends on core only.
//
// Kernels: the few float loops where a training step spends its time, written to be fast.
//
// The operations (matmul.h, attention.h, layernorm.h, loss.h, ...) say WHAT is computed and read like the
// lecture. For float, the engine's training type, they hand their innermost loops to these functions, which
// only say HOW to compute it quickly:
//   gemm                    C = α·A·B (+ C): every matrix product of the engine (matmul, matmul_bt, matmul_at)
//   softmax_rows            w = softmax(s) row by row, over the allowed entries (attention weights, tag probs)
//   softmax_backward_rows   ds += w ∘ (dw − rowsum(w ∘ dw))
//   layernorm_forward_rows / layernorm_backward_rows
//   adam_update             one Adam step over a flat parameter buffer (optim.h)
//
// Every kernel is written twice, with the same arithmetic in the same order (natively the compiler may
// still fuse a·b + c into one FMA instruction, which rounds once instead of twice):
//   kernels::portable   plain C++. The native build runs these: compiled with -march=native, the compiler
//                       turns their fixed-size inner loops into AVX2 / AVX-512 code by itself.
//   kernels::simd       WebAssembly SIMD128 intrinsics (<wasm_simd128.h>), 4 floats per instruction; only in
//                       the WebAssembly build, which runs these. (Eigen has no WebAssembly packet math, and
//                       compilers vectorize reductions such as a row sum only when told the order may change.)
// The plain functions kernels::gemm, ... pick the one this build runs. In the WebAssembly build, where
// neither twin fuses a·b + c into one rounding, the two give the same bits; tests/engine/kernels_test.cpp
// checks that, and checks both against a double-precision reference. (The relaxed-SIMD variant of the
// WebAssembly kernels fuses the products' multiply-adds: kernels_wasm.cpp says how close it stays.)
//
// Sums along a row are kept in partial sums, one per vector lane, and combined at the end of the row; the
// order is fixed (kernels_common.h), so a run is reproducible bit for bit.
//
// M, N, K = sizes of the product C (M, N) = A (M, K) · B (K, N); rows, n = rows and width of a row block
// D = LayerNorm width
#pragma once

#include <cstdint>
#include <type_traits>

#include "engine/kernels/extents.h"

namespace attnlab {

const char* kernels_name();  // "wasm-simd128", "wasm-relaxed-simd" (CMake: attnlab_use_relaxed_simd) or "portable"

namespace kernels {

// A strided matrix: element (i, j) is p[i·rs + j·cs]. A row-major block with row stride ld is {p, ld, 1};
// the same block read transposed is {p, 1, ld}.
struct Strided {
  const float* p;
  int rs, cs;
};

namespace portable {

// c (M, N) (row stride ldc) = α·a·b (accumulate = false), or c += α·a·b (accumulate = true).
// a is (M, K), b is (K, N); c must not overlap a or b.
void gemm(float* c, int ldc, Strided a, Strided b, int M, int N, int K, float alpha, bool accumulate);

// w (rows, n) = softmax of each row of s (rows, n) over the entries with allowed[i·n + j] != 0 (allowed may
// be nullptr: all entries). Disallowed entries get exactly 0; a row with no allowed entry gets all 0.
// log_sum (rows) may be nullptr, else receives ln Σ_j exp(s_j − max s) over the allowed entries, the log of
// the shifted denominator (0 for an empty row). w must not overlap s.
void softmax_rows(float* w, float* log_sum, const float* s, const std::uint8_t* allowed, int rows, int n);

// ds (rows, n) += w ∘ (dw − rowsum(w ∘ dw)): the backward pass of softmax_rows, given its output w. ds must not
// overlap dw or w.
void softmax_backward_rows(float* ds, const float* dw, const float* w, int rows, int n);

// LayerNorm of each row, as layernorm.h: out (rows, D), mean (rows), rstd (rows); gamma, beta (D).
void layernorm_forward_rows(float* out, float* mean, float* rstd, const float* in, const float* gamma,
                            const float* beta, int rows, int D, float eps);

// Its gradients, accumulated (+=) into din (rows, D), dgamma (D), dbeta (D); no two buffers may overlap.
void layernorm_backward_rows(float* din, float* dgamma, float* dbeta, const float* dout, const float* in,
                             const float* gamma, const float* mean, const float* rstd, int rows, int D);

// One Adam step over n parameters, element by element (optim.h says what it is):
//   m = b1·m + (1 − b1)·g;   v = b2·v + (1 − b2)·(g·g);   p = p − (step_size·m) / (sqrt(v)·inv_sqrt_bc2 + eps)
// in that order, each operation rounded once. p, m, v are updated in place; no two buffers may overlap.
// (Also in double, for Adam<double>: the portable loop in every build.)
void adam_update(float* p, float* m, float* v, const float* g, long n, float b1, float b2, float step_size,
                 float inv_sqrt_bc2, float eps);
void adam_update(double* p, double* m, double* v, const double* g, long n, double b1, double b2, double step_size,
                 double inv_sqrt_bc2, double eps);

// exp(x) by the polynomial both twins use (Cephes expf): relative error about 1e-7 for x in [−87.3, 88];
// x is clamped to that range first (below −87.3 the result is about 1.2e-38, the smallest normal float).
float exp_approx(float x);

}  // namespace portable

#if defined(__wasm_simd128__)
namespace simd {  // the same functions, the same contracts

void gemm(float* c, int ldc, Strided a, Strided b, int M, int N, int K, float alpha, bool accumulate);
void softmax_rows(float* w, float* log_sum, const float* s, const std::uint8_t* allowed, int rows, int n);
void softmax_backward_rows(float* ds, const float* dw, const float* w, int rows, int n);
void layernorm_forward_rows(float* out, float* mean, float* rstd, const float* in, const float* gamma,
                            const float* beta, int rows, int D, float eps);
void layernorm_backward_rows(float* din, float* dgamma, float* dbeta, const float* dout, const float* in,
                             const float* gamma, const float* mean, const float* rstd, int rows, int D);
void adam_update(float* p, float* m, float* v, const float* g, long n, float b1, float b2, float step_size,
                 float inv_sqrt_bc2, float eps);

}  // namespace simd
namespace active = simd;
#else
namespace active = portable;
#endif

// The twin this build runs (with the operands checked whole under AddressSanitizer: extents.h).
inline void gemm(float* c, int ldc, Strided a, Strided b, int M, int N, int K, float alpha, bool accumulate) {
  extents::matrix(a.p, M, K, a.rs, a.cs, "gemm", "a");
  extents::matrix(b.p, K, N, b.rs, b.cs, "gemm", "b");
  extents::matrix(c, M, N, ldc, 1, "gemm", "c");
  active::gemm(c, ldc, a, b, M, N, K, alpha, accumulate);
}
inline void softmax_rows(float* w, float* log_sum, const float* s, const std::uint8_t* allowed, int rows, int n) {
  const long all = static_cast<long>(rows) * n;
  extents::floats(s, all, "softmax_rows", "s");
  extents::floats(w, all, "softmax_rows", "w");
  if (allowed != nullptr) extents::bytes(allowed, all, "softmax_rows", "allowed");
  if (log_sum != nullptr) extents::floats(log_sum, rows, "softmax_rows", "log_sum");
  active::softmax_rows(w, log_sum, s, allowed, rows, n);
}
inline void softmax_backward_rows(float* ds, const float* dw, const float* w, int rows, int n) {
  const long all = static_cast<long>(rows) * n;
  extents::floats(ds, all, "softmax_backward_rows", "ds");
  extents::floats(dw, all, "softmax_backward_rows", "dw");
  extents::floats(w, all, "softmax_backward_rows", "w");
  active::softmax_backward_rows(ds, dw, w, rows, n);
}
inline void layernorm_forward_rows(float* out, float* mean, float* rstd, const float* in, const float* gamma,
                                   const float* beta, int rows, int D, float eps) {
  const long all = static_cast<long>(rows) * D;
  extents::floats(in, all, "layernorm_forward_rows", "in");
  extents::floats(out, all, "layernorm_forward_rows", "out");
  extents::floats(mean, rows, "layernorm_forward_rows", "mean");
  extents::floats(rstd, rows, "layernorm_forward_rows", "rstd");
  extents::floats(gamma, D, "layernorm_forward_rows", "gamma");
  extents::floats(beta, D, "layernorm_forward_rows", "beta");
  active::layernorm_forward_rows(out, mean, rstd, in, gamma, beta, rows, D, eps);
}
inline void layernorm_backward_rows(float* din, float* dgamma, float* dbeta, const float* dout, const float* in,
                                    const float* gamma, const float* mean, const float* rstd, int rows, int D) {
  const long all = static_cast<long>(rows) * D;
  extents::floats(din, all, "layernorm_backward_rows", "din");
  extents::floats(dout, all, "layernorm_backward_rows", "dout");
  extents::floats(in, all, "layernorm_backward_rows", "in");
  extents::floats(dgamma, D, "layernorm_backward_rows", "dgamma");
  extents::floats(dbeta, D, "layernorm_backward_rows", "dbeta");
  extents::floats(gamma, D, "layernorm_backward_rows", "gamma");
  extents::floats(mean, rows, "layernorm_backward_rows", "mean");
  extents::floats(rstd, rows, "layernorm_backward_rows", "rstd");
  active::layernorm_backward_rows(din, dgamma, dbeta, dout, in, gamma, mean, rstd, rows, D);
}

// (Real = double: the portable twin, the only one there is)
template <typename Real>
inline void adam_update(Real* p, Real* m, Real* v, const Real* g, long n, Real b1, Real b2, Real step_size,
                        Real inv_sqrt_bc2, Real eps) {
  extents::whole(p, n, sizeof(Real), "adam_update", "p");
  extents::whole(m, n, sizeof(Real), "adam_update", "m");
  extents::whole(v, n, sizeof(Real), "adam_update", "v");
  extents::whole(g, n, sizeof(Real), "adam_update", "g");
  if constexpr (std::is_same_v<Real, float>) {
    active::adam_update(p, m, v, g, n, b1, b2, step_size, inv_sqrt_bc2, eps);
  } else {
    portable::adam_update(p, m, v, g, n, b1, b2, step_size, inv_sqrt_bc2, eps);
  }
}

}  // namespace kernels
}  // namespace attnlab
