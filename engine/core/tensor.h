// core/: what every layer uses: tensor views (this file), the flat parameter store (params.h), the seeded RNG
// (rng.h), the batch every model reads (batch.h) and the enum name tables (names.h). Depends on Eigen and the
// standard library only.
//
// Attention Lab engine: the matrix types every operation uses.
//
// Convention (as in the lecture's matrix form): one token per ROW. The input of a layer is I (T, D): row t is
// the vector a^t of token t. So Q = I·Wq is (T, D) and the score matrix A = Q·Kᵀ is (T, T) with
// row = query, column = key. Matrices are row-major so that a row (one token) is contiguous in memory.
//
// Every operation is written once for a scalar type `Real` and compiled for float (training, the app) and
// double (the finite-difference gradient checks). The operations take plain pointers plus sizes, like
// llm.c; inside, `view(...)` / `cview(...)` wrap a pointer as an Eigen matrix so the math reads as math.
#pragma once

#include <Eigen/Core>

#include <cstddef>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace attnlab {

using Mat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowVec = Eigen::Matrix<float, 1, Eigen::Dynamic>;
using MatMap = Eigen::Map<Mat>;
using ConstMatMap = Eigen::Map<const Mat>;
using RowVecMap = Eigen::Map<RowVec>;
using ConstRowVecMap = Eigen::Map<const RowVec>;

// The same for any scalar type.
template <typename Real>
using MatT = Eigen::Matrix<Real, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// A (rows, cols) block of a row-major buffer whose rows are `ld` elements apart. One head's columns of Q,
// Qₕ = Q[:, h·Dh : (h+1)·Dh], is such a block: rows = T, cols = Dh, ld = D.
template <typename Real>
using View = Eigen::Map<MatT<Real>, Eigen::Unaligned, Eigen::OuterStride<>>;
template <typename Real>
using CView = Eigen::Map<const MatT<Real>, Eigen::Unaligned, Eigen::OuterStride<>>;

template <typename Real>
inline View<Real> view(Real* p, int rows, int cols, int ld = -1) {
  return View<Real>(p, rows, cols, Eigen::OuterStride<>(ld < 0 ? cols : ld));
}
template <typename Real>
inline CView<Real> cview(const Real* p, int rows, int cols, int ld = -1) {
  return CView<Real>(p, rows, cols, Eigen::OuterStride<>(ld < 0 ? cols : ld));
}

// Memory for the engine's matrices: a std::vector whose data starts on a 64-byte boundary. Vectorized code
// (Eigen's, the compiler's) takes a different path, and so may round differently, depending on how a
// buffer is aligned; with every buffer aligned the same way, two models built from the same seed compute
// the same numbers bit for bit, whatever addresses the allocator hands out.
template <typename T>
struct AlignedAllocator {
  using value_type = T;
  static constexpr std::size_t kAlign = 64;
  AlignedAllocator() = default;
  template <typename U>
  AlignedAllocator(const AlignedAllocator<U>&) {}  // NOLINT: rebinding must be implicit
  T* allocate(std::size_t n) { return static_cast<T*>(::operator new(n * sizeof(T), std::align_val_t(kAlign))); }
  void deallocate(T* p, std::size_t) { ::operator delete(p, std::align_val_t(kAlign)); }
  template <typename U>
  bool operator==(const AlignedAllocator<U>&) const {
    return true;
  }
  template <typename U>
  bool operator!=(const AlignedAllocator<U>&) const {
    return false;
  }
};
template <typename Real>
using Buffer = std::vector<Real, AlignedAllocator<Real>>;

// Memory a forward or backward pass writes before it reads it: activations, caches, scratch. They are sized
// for each batch (resize), and batches of real sentences change shape at almost every step: a Buffer zeroes
// every element it grows by, a pass over memory that nothing reads (3% of `attnlab train --task pos`, in
// training and in the evaluation batches, which are larger). A Workspace zeroes its memory once, when it allocates
// it; an element that comes back into use keeps what was last there. So every element holds 0 or a number a
// pass wrote: what a Buffer that shrank and grew again within its size already held, which the code that reads
// one (attention.cpp's key spans) was written for.
template <typename T>
struct WorkspaceAllocator : AlignedAllocator<T> {
  static_assert(std::is_trivially_default_constructible_v<T> && std::is_trivially_destructible_v<T>,
                "a workspace holds numbers");
  template <typename U>
  struct rebind {
    using other = WorkspaceAllocator<U>;
  };
  WorkspaceAllocator() = default;
  template <typename U>
  WorkspaceAllocator(const WorkspaceAllocator<U>&) {}  // NOLINT: rebinding must be implicit
  T* allocate(std::size_t n) {
    T* p = AlignedAllocator<T>::allocate(n);
    std::memset(static_cast<void*>(p), 0, n * sizeof(T));
    return p;
  }
  template <typename U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;  // default-initialized: the element keeps its bytes
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};
template <typename T>
using Workspace = std::vector<T, WorkspaceAllocator<T>>;

}  // namespace attnlab
