// Matrix products: every matrix product of the engine goes through these three functions, so a faster kernel
// (WebAssembly SIMD, a blocked loop) can replace them in one place.
//
// M, K, N = sizes of the product: out (M, N) = a (M, K) · b (K, N)
// Each argument is a View: a row-major block with its own row stride, so one head's columns of Q or K can be
// used in place. `accumulate` = false overwrites out, true adds to it (out += ...), as backward passes need.
// `scale` multiplies the product (out = scale · a·b), e.g. the 1/√Dh of attention scores.
//
// float (training, the app) runs the engine's own kernel (kernels.h: WebAssembly SIMD128 in the browser,
// code the compiler vectorizes natively); double (the gradient checks) runs Eigen's product.
#pragma once

#include <vector>

#include "engine/core/tensor.h"
#include "engine/kernels/kernels.h"

namespace attnlab {

// out (M, N) = a (M, K) · b (K, N)
template <typename Real>
void matmul(View<Real> out, CView<Real> a, CView<Real> b, bool accumulate = false, Real scale = 1);

// out (M, N) = a (M, K) · bᵀ, with b stored as (N, K)          e.g. scores A = Q·Kᵀ
template <typename Real>
void matmul_bt(View<Real> out, CView<Real> a, CView<Real> b, bool accumulate = false, Real scale = 1);

// out (M, N) = aᵀ · b, with a stored as (K, M) and b as (K, N)   e.g. weight gradient dW = Iᵀ·dY
template <typename Real>
void matmul_at(View<Real> out, CView<Real> a, CView<Real> b, bool accumulate = false, Real scale = 1);

// float: the engine's kernel (kernels.h)
template <>
void matmul<float>(View<float> out, CView<float> a, CView<float> b, bool accumulate, float scale);
template <>
void matmul_bt<float>(View<float> out, CView<float> a, CView<float> b, bool accumulate, float scale);
template <>
void matmul_at<float>(View<float> out, CView<float> a, CView<float> b, bool accumulate, float scale);

// The float products a computation makes, recorded as they are made, so that `attnlab bench` can time them
// again alone, back to back on the same buffers: the time of the products of a training step, and so the
// share of its time spent outside them (cmd_bench.cpp).
struct ProductCall {
  float* out;
  int ldo;
  kernels::Strided a, b;
  int M, N, K;
  float scale;
  bool accumulate;
};
// Records every float product from now on into *log (on this thread), or stops recording (nullptr).
void record_products(std::vector<ProductCall>* log);
// Makes the recorded products again, in their order (writing where they wrote).
void replay_products(const std::vector<ProductCall>& log);

}  // namespace attnlab
